"""Tests of mapsnb_sandbox/earth/."""
