"""Tests of mapsnb_sandbox/world/."""
