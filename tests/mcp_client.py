"""A real MCP client session (the `mcp` package) on a running studio, for the tests that call its tools."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any


def mcp_session(url: str, action: Callable[[Any], Awaitable[Any]]) -> Any:
    """Open an MCP session on the studio at `url` (ending in '/'), run `action` in it, close it."""
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    async def run() -> Any:
        async with streamable_http_client(url + "gradio_api/mcp/") as (read, write, _), \
                ClientSession(read, write) as session:
            await session.initialize()
            return await action(session)
    return asyncio.run(run())
