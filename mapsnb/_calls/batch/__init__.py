"""Batches: a DataFrame in, one call per row within quota and budget, a DataFrame out."""
