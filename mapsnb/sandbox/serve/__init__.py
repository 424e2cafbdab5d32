"""Serving the emulator over MCP: the in-process endpoint, the live-style tool schemas, the SDK server."""
