"""Tests of batch."""
