"""Tests of mapsnb_sandbox/languages/."""
