"""Serving the emulator over MCP: the in-process endpoint and httpx transport, the SDK server."""
