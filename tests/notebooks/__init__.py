"""Tests of notebooks."""
