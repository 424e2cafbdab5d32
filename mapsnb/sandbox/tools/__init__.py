"""The emulator's six tools: answers and schemas, summaries, weather, air and pollen models."""
