"""The running app over HTTP: cold start, one comic through gradio_client, and many clients at once."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

from benchmarks.timing import Row, row, timed

ROOT = Path(__file__).resolve().parent.parent
PROMPT = "A lighthouse keeper befriends a whale"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_up(url: str, limit: float = 60.0) -> float:
    start = time.perf_counter()
    while time.perf_counter() - start < limit:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return time.perf_counter() - start
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"{url} did not answer within {limit} s")


@contextmanager
def running_app(data_dir: Path) -> Iterator[tuple[str, float]]:
    """`python app.py` on a free loopback port; yields its URL and how long it took to answer."""
    port = free_port()
    env = {**os.environ, "COMIC_DATA_DIR": str(data_dir), "GRADIO_SERVER_NAME": "127.0.0.1",
           "GRADIO_SERVER_PORT": str(port), "NO_PROXY": "127.0.0.1,localhost", "GRADIO_ANALYTICS_ENABLED": "False"}
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, str(ROOT / "app.py")], env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}/"
        wait_until_up(url)
        yield url, time.perf_counter() - start
    finally:
        process.terminate()
        process.wait(timeout=20)


def client(url: str):  # type: ignore[no-untyped-def]
    from gradio_client import Client

    return Client(url, analytics_enabled=False, verbose=False)


def generate(api, seed: int) -> None:  # type: ignore[no-untyped-def]
    """The files answer: the panels and every download, written for it and downloaded by the client."""
    api.predict(PROMPT, "classic", 4, seed, "bench", api_name="/generate")


def generate_comic(api, seed: int) -> None:  # type: ignore[no-untyped-def]
    """The JSON answer (the MCP tool's): the comic with links; an export is written when first fetched."""
    api.predict(PROMPT, "classic", 4, seed, "bench", "auto", api_name="/generate_comic")


class PlainHttp:
    """A program with no Gradio library: Gradio's REST calls (`POST /gradio_api/call/<name>`, then the event's
    stream until it completes), as `curl` would make them."""

    def __init__(self, url: str) -> None:
        import httpx

        self.url, self.http = url, httpx.Client(timeout=60)

    def predict(self, *data: object, api_name: str) -> str:
        name = api_name.strip("/")
        event = self.http.post(f"{self.url}gradio_api/call/{name}", json={"data": list(data)}).json()["event_id"]
        with self.http.stream("GET", f"{self.url}gradio_api/call/{name}/{event}") as answer:
            said = ""
            for line in answer.iter_lines():
                if said == "event: complete" and line.startswith("data:"):
                    return line[5:]
                if said == "event: error":
                    raise RuntimeError(line)
                said = line
        raise RuntimeError("the stream ended without an answer")


def http_rows(data_dir: Path, runs: int = 15, clients: int = 16, comics_each: int = 3) -> list[Row]:
    cold = []
    for attempt in range(3):
        with running_app(data_dir / f"cold{attempt}") as (_, seconds):
            cold.append(seconds)
    rows = [row("python app.py to a page that answers (cold start)", cold)]
    with running_app(data_dir / "http") as (url, _):
        for name, call, opened in (("/generate, every file downloaded", generate, client),
                                   ("/generate_comic, links", generate_comic, client),
                                   ("/generate_comic, plain HTTP", generate_comic, PlainHttp)):
            api = opened(url)
            call(api, 0)
            single = [timed(lambda seed=seed: call(api, seed)) for seed in range(1, runs + 1)]
            rows += [row(f"4-panel comic over HTTP ({name})", single),
                     _many(url, call, opened, clients, comics_each, name)]
        plain, library = PlainHttp(url), client(url)
        for name, api in (("plain HTTP", plain), ("gradio_client", library)):  # what any answer costs
            rows.append(row(f"  /list_sessions, one row read ({name})",
                            [timed(lambda: api.predict("bench", 5, api_name="/list_sessions")) for _ in range(runs)]))
    return rows


def _many(url: str, call, opened, clients: int, comics_each: int, name: str) -> Row:  # type: ignore[no-untyped-def]
    """`clients` threads, each its own client, each making `comics_each` comics: throughput and errors."""
    errors: list[str] = []

    def user(number: int) -> int:
        own = opened(url)
        done = 0
        for n in range(comics_each):
            try:
                call(own, 1000 * number + n)
                done += 1
            except Exception as error:  # counted, not raised: the figure is how many fail
                errors.append(f"{type(error).__name__}: {error}")
        return done

    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=clients) as pool:
        finished = sum(pool.map(user, range(clients)))
    elapsed = time.perf_counter() - start
    return Row(f"{clients} concurrent clients x {comics_each} comics ({name})", runs=clients * comics_each,
               note=f"{finished / elapsed:.2f} comics/s, {len(errors)} errors, {elapsed:.1f} s in all")
