"""Kinds of places: the table, their names in every language, and reading them in a query."""
