"""Real HTTP servers on 127.0.0.1 that speak the protocols of the networked backends, for tests.

Each server runs in a thread, answers with whatever the test scripts, records
every request, and never reaches beyond the loopback interface.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

MAX_STALL_SECONDS = 5.0  # a stalling server still lets go, so no test can hang


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    content_type: str = "application/json"
    delay: float = 0.0


@dataclass
class FakeServer:
    """A scripted HTTP server: `respond` maps a recorded request to a Reply."""

    respond: Callable[[dict[str, Any]], Reply]
    requests: list[dict[str, Any]] = field(default_factory=list)

    def start(self) -> FakeServer:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                try:
                    payload = json.loads(raw or b"{}")
                except json.JSONDecodeError:
                    payload = {"raw": raw.decode("utf-8", "replace")}
                record = {"path": self.path, "json": payload, "headers": dict(self.headers)}
                server.requests.append(record)
                reply = server.respond(record)
                time.sleep(min(reply.delay, MAX_STALL_SECONDS))
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", reply.content_type)
                    self.send_header("Content-Length", str(len(reply.body)))
                    self.end_headers()
                    self.wfile.write(reply.body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up waiting, as it should

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def chat_completion(content: str, model: str = "fake-model") -> Reply:
    """An OpenAI chat-completions answer whose message is `content`."""
    body = {"id": "chatcmpl-test", "object": "chat.completion", "created": int(time.time()), "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20}}
    return Reply(body=json.dumps(body).encode())
