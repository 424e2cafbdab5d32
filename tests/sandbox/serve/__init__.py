"""Tests of mapsnb_sandbox/serve/."""
