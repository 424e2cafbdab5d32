"""The emulator's six tools: their answers, summaries, and weather, air and pollen models."""
