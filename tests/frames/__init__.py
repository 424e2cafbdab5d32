"""Tests of frames."""
