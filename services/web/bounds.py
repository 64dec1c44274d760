"""An ASGI middleware in front of Gradio's app: request size, unknown endpoints, and how often one client draws.

- Every request body is capped (`Limits.max_body_bytes`, a few hundred kB; uploads get
  `limits.MAX_UPLOAD`): a longer `Content-Length` is refused before anything is read,
  and a body without one is counted as it streams in (413 either way).
- A queue call naming an `fn_index` the app does not have is a 404, not Gradio's bare 500.
- A call that leaves out trailing inputs gets each one's declared default (`gradio_client`
  fills them only for documented endpoints; the studio's by-name-only ones are not).
- Uploads are counted per client and against the disk budget, and an event's file input must
  be one of them (`uploads.UploadGuard`, given by `served`).
- Comic-making calls (the page's Generate, `/generate`, `generate_comic`, over the queue,
  the REST routes or MCP) are limited per client address to `Limits.generate_per_minute`
  (429 with one sentence; `rate_limits.RateLimiter`, re-exported here). Gradio's own MCP loopback call is
  not counted twice: the MCP request that caused it already was, and Gradio copies that request's headers
  into its call, so the MCP request is passed on with a header carrying this process's random token
  (`COUNTED_HEADER`); a call that brings the token back is that loopback call. A caller cannot forge it,
  and it no longer depends on the address (on a Space the copied X-Forwarded-For hid the loopback).
- A forwarded address is trusted only as configured (on a Space, `COMIC_PROXY_HOPS` from the right) and
  is never "this machine's own program": `X-Forwarded-For: 127.0.0.1` is counted like any address.

It is pure ASGI (not Starlette's `BaseHTTPMiddleware`), so Gradio's event streams pass
through untouched; only POST bodies are read, and then replayed to the app.
"""

from __future__ import annotations

import inspect
import json
import secrets
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from typing import Any, Protocol

from services.settings import settings
from services.web.rate_limits import RateLimiter

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

API_PREFIX = "/gradio_api"
GENERATE_GROUP = "generate"  # the concurrency_id shared by every comic-making event
GENERATE_NAMES = frozenset({"generate", "generate_comic"})  # MCP tool names
NAMED_ROUTES = ("/run/", "/api/", "/call/v2/", "/call/")
UPLOAD_ROUTE = API_PREFIX + "/upload"
QUEUE_ROUTES = (API_PREFIX + "/queue/join", API_PREFIX + "/run/predict")
MCP_ROUTE = API_PREFIX + "/mcp"
LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})
PROXY_HOPS_ENV = "COMIC_PROXY_HOPS"
COUNTED_HEADER = b"x-comic-counted"


class UploadRules(Protocol):
    """What `uploads.UploadGuard` answers (named here, not imported: uploads builds on this module's limiter)."""

    def rate_refusal(self, client: str, size: int) -> tuple[int, str] | None: ...
    async def budget_refusal(self, kept: set[str], size: int) -> tuple[int, str] | None: ...
    def file_refusal(self, data: Any) -> tuple[int, str] | None: ...


class BoundsMiddleware:
    def __init__(self, app: ASGIApp, max_body_bytes: int, max_upload_bytes: int, generate_per_minute: int,
                 count_loopback: bool = False, uploads: UploadRules | None = None) -> None:
        self.app, self.max_body, self.max_upload = app, max_body_bytes, max_upload_bytes
        self.limiter = RateLimiter(generate_per_minute, "generate")
        self.count_loopback, self.uploads = count_loopback, uploads
        self.counted_token = secrets.token_hex(16)  # marks an MCP request as counted (see the module docstring)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "POST":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        limit = self.max_upload if path.startswith(UPLOAD_ROUTE) else self.max_body
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            await _answer(send, 413, f"request: the body must be at most {limit // 1000} kB.")
            return
        if path.startswith(UPLOAD_ROUTE):  # multipart, possibly large: Gradio streams it; the cap above holds
            refusal = await self._upload(scope, headers, declared)
            if refusal is not None:
                await _answer(send, *refusal)
                return
            await self.app(scope, _counted(receive, limit), send)
            return
        body = await _read_body(receive, limit)
        if body is None:
            await _answer(send, 413, f"request: the body must be at most {limit // 1000} kB.")
            return
        data = _json(body)
        if data is None and body.strip() and _guarded(path):
            await _answer(send, 400, "request: the body must be JSON.")  # what no guard can read is not passed on
            return
        fn, refusal = self._endpoint(scope, path, data)
        if refusal is None and self.uploads is not None and _guarded(path):
            refusal = self.uploads.file_refusal(data)
        if refusal is None:
            refusal = self._rate(scope, path, headers, data, fn)
        if refusal is not None:
            await _answer(send, *refusal)
            return
        if fn is not None and isinstance(data, dict) and _fill_defaults(fn, data):
            body = json.dumps(data).encode("utf-8")
            scope = _with_header(scope, b"content-length", str(len(body)).encode())
        if path.startswith(MCP_ROUTE):  # Gradio copies this into its loopback call: that call is then not counted
            scope = _with_header(scope, COUNTED_HEADER, self.counted_token.encode())
        await self.app(scope, _replay(body, receive), send)

    def _endpoint(self, scope: Scope, path: str, data: Any) -> tuple[Any, tuple[int, str] | None]:
        """The event function a call names (by `fn_index` or by name), or a 404 for an index that does not exist."""
        blocks = _blocks(scope)
        if path in QUEUE_ROUTES and isinstance(data, dict) and data.get("fn_index") is not None:
            fn = _fn(blocks, data.get("fn_index"))
            return (None, (404, "fn_index: no such endpoint.")) if fn is None else (fn, None)
        name = _named(path)
        if name and name != "predict":
            return next((fn for fn in getattr(blocks, "fns", {}).values() if getattr(fn, "api_name", None) == name),
                        None), None
        return None, None

    async def _upload(self, scope: Scope, headers: dict[str, str], declared: str) -> tuple[int, str] | None:
        if self.uploads is None:
            return None
        if not declared.isdigit():  # browsers and gradio_client always say; a stream of unknown length is not taken
            return 411, "upload: the request must declare its length (Content-Length)."
        client, forwarded = _client(scope, headers)
        if not trusted_here(client, forwarded) or self.count_loopback:
            refusal = self.uploads.rate_refusal(client, int(declared))
            if refusal is not None:
                return refusal
        blocks = _blocks(scope)
        return await self.uploads.budget_refusal(getattr(blocks, "upload_file_set", set()), int(declared))

    def _rate(self, scope: Scope, path: str, headers: dict[str, str], data: Any, fn: Any) -> tuple[int, str] | None:
        if path.startswith(MCP_ROUTE):
            generating = _mcp_generates(data)
        else:
            generating = fn is not None and getattr(fn, "concurrency_id", None) == GENERATE_GROUP
        if not generating:
            return None
        if secrets.compare_digest(headers.get(COUNTED_HEADER.decode(), ""), self.counted_token):
            return None  # Gradio's own MCP loopback call: the MCP request that caused it was counted
        client, forwarded = _client(scope, headers)
        if trusted_here(client, forwarded) and not self.count_loopback:
            return None  # this machine's programs, trusted like the CLI (a forwarded claim is no such program)
        wait = self.limiter.wait_seconds(client)
        if wait > 0:
            count = self.limiter.per_minute
            return 429, (f"generate: at most {count} comic{'' if count == 1 else 's'} a minute from one address; "
                         f"try again in {max(1, round(wait))} seconds.")
        return None


def _named(path: str) -> str:
    for route in NAMED_ROUTES:
        if path.startswith(API_PREFIX + route):
            return path[len(API_PREFIX + route):].strip("/").split("/")[0]
    return ""


def _fill_defaults(fn: Any, data: dict[str, Any]) -> bool:
    """Append the declared default of each trailing input the call left out; True when something was added."""
    values, inputs = data.get("data"), getattr(fn, "inputs", None) or []
    if not isinstance(values, list) or len(values) >= len(inputs) or getattr(fn, "fn", None) is None:
        return False
    try:
        parameters = [p for p in inspect.signature(fn.fn).parameters.values()
                      if p.name != "request" and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        return False
    if len(parameters) != len(inputs):
        return False
    missing = parameters[len(values):]
    if any(p.default is inspect.Parameter.empty for p in missing):
        return False  # a required input is missing: Gradio's own error says which
    data["data"] = [*values, *(p.default for p in missing)]
    return True


def _client(scope: Scope, headers: dict[str, str]) -> tuple[str, bool]:
    client = scope.get("client")
    return caller_address(str(client[0]) if client else None, headers)


def caller_address(peer: str | None, headers: Mapping[str, str]) -> tuple[str, bool]:
    """The caller's address (`peer`, the socket's), and whether a proxy's X-Forwarded-For gave it. On a Space
    (behind Hugging Face's proxies) the entry `COMIC_PROXY_HOPS` (default 1) from the right: entries further left
    are the caller's own claim. Elsewhere no proxy is configured and the connection's address is the caller's.
    `headers` have lower-case names."""
    forwarded = [hop.strip() for hop in headers.get("x-forwarded-for", "").split(",") if hop.strip()]
    current = settings()
    if current.space_id and forwarded:
        return forwarded[-min(current.proxy_hops, len(forwarded))], True
    return (peer or "unknown"), False


def trusted_here(address: str, forwarded: bool) -> bool:
    """This machine's own programs (the CLI, a local script), never a forwarded claim to be one."""
    return address in LOOPBACK and not forwarded


def _with_header(scope: Scope, name: bytes, value: bytes) -> Scope:
    """The scope with one header set (any of that name the caller sent replaced)."""
    kept = [(k, v) for k, v in scope.get("headers", []) if k.lower() != name]
    return {**scope, "headers": [*kept, (name, value)]}


def _blocks(scope: Scope) -> Any:
    app = scope.get("app")
    getter = getattr(app, "get_blocks", None)
    try:
        return getter() if getter else None
    except Exception:  # the app is not serving Blocks yet
        return None


def _fn(blocks: Any, fn_index: Any) -> Any:
    fns = getattr(blocks, "fns", None)
    if not isinstance(fn_index, int) or isinstance(fn_index, bool) or fns is None:
        return None
    return fns.get(fn_index)


def _mcp_generates(data: Any) -> bool:
    calls = data if isinstance(data, list) else [data]
    return any(isinstance(call, dict) and call.get("method") == "tools/call"
               and isinstance(call.get("params"), dict) and call["params"].get("name") in GENERATE_NAMES
               for call in calls)


def _json(body: bytes) -> Any:
    """The body as the JSON Gradio reads it: past a byte-order mark and any leading whitespace (a space, CR-LF),
    so no guard is bypassed by a body that does not start with '{'. None when it is not JSON at all."""
    try:
        return json.loads(body.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError):
        return None


def _guarded(path: str) -> bool:
    """A route whose body is JSON that a guard reads: the queue, the named API routes, MCP."""
    return path in QUEUE_ROUTES or path.startswith(MCP_ROUTE) or bool(_named(path))


async def _read_body(receive: Receive, limit: int) -> bytes | None:
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return b"".join(chunks)
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body"):
            return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()
    return replay


def _counted(receive: Receive, limit: int) -> Receive:
    """Pass an upload through, failing it once more than `limit` bytes have arrived."""
    size = 0

    async def counted() -> Message:
        nonlocal size
        message = await receive()
        size += len(message.get("body", b""))
        if size > limit:  # the upload is cut off: Gradio sees the client go away and stores nothing
            return {"type": "http.disconnect"}
        return message
    return counted


async def _answer(send: Send, status: int, sentence: str) -> None:
    body = json.dumps({"detail": sentence, "error": sentence}).encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
