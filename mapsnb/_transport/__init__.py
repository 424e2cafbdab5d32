"""Transport: MCP streamable HTTP without I/O (messages, SSE, errors), access failures, time and size limits, the credential."""
