"""Tests of foundations."""
