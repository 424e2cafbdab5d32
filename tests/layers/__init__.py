"""Tests of layers."""
