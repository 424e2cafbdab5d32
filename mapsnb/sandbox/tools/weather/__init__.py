"""The emulator's ``lookup_weather``: its answer, the weather, air-quality and pollen models."""
