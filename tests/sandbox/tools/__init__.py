"""Tests of mapsnb_sandbox/tools/."""
