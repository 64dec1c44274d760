"""Attacks on a running studio: the file route, owners, MCP, bounds, processes, Spaces (see conftest)."""
