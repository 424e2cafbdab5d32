"""The emulator's six tools: answers and schemas, summaries; ``weather/``: ``lookup_weather``."""
