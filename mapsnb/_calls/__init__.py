"""Tool calls: arguments checked before sending, client options, the server's toolset, billing and budget, the clients and the doctor."""
