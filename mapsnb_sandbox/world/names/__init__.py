"""Names in texts: what a text qualifies a town with, and where its grammar puts a town."""
