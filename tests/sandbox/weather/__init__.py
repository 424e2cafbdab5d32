"""Tests of mapsnb_sandbox/weather/."""
