"""Resource bounds of the web studio: a full queue refuses politely, uploads are capped, the studio keeps serving."""

from __future__ import annotations

import concurrent.futures
import time
from pathlib import Path

import httpx
import pytest
from gradio_client import Client
from PIL import Image

from agents.studio import open_studio
from services.art.panel_renderer import PanelArtRequest, PanelRenderer
from services.settings import SettingsError
from services.web.limits import CONCURRENCY_ENV, QUEUE_SIZE_ENV, limits_from_env
from services.web.ui import SAMPLE_SCENE, build_ui, launch_options

FLOOD = 8
SLOW_SECONDS = 0.5


class SlowRenderer(PanelRenderer):
    """Takes its time over every panel (style samples excepted), so requests pile up behind one another."""

    name = "slow"

    def render(self, request: PanelArtRequest) -> Image.Image:
        if request.description != SAMPLE_SCENE:
            time.sleep(SLOW_SECONDS)
        return Image.new("RGB", (request.size, request.size), (40 * request.panel_index % 255, 120, 160))


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def small_studio(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A separate app with room for two waiting requests and one comic at a time."""
    monkeypatch.setenv(QUEUE_SIZE_ENV, "2")
    monkeypatch.setenv(CONCURRENCY_ENV, "1")
    studio = open_studio(tmp_path / "data", renderer=SlowRenderer())
    demo = build_ui(studio)
    port = _free_port()
    demo.launch(prevent_thread_lock=True, quiet=True, **launch_options(studio, "127.0.0.1", port))
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        demo.close()


def test_limits_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(QUEUE_SIZE_ENV, raising=False)
    monkeypatch.delenv(CONCURRENCY_ENV, raising=False)
    assert (limits_from_env().queue_size, limits_from_env().generate_concurrency) == (64, 4)
    monkeypatch.setenv(QUEUE_SIZE_ENV, "10")
    monkeypatch.setenv(CONCURRENCY_ENV, "2")
    assert (limits_from_env().queue_size, limits_from_env().generate_concurrency) == (10, 2)
    monkeypatch.setenv(QUEUE_SIZE_ENV, "lots")  # refused, not replaced by the default (services.settings)
    with pytest.raises(SettingsError, match=r"^COMIC_QUEUE_SIZE: must be a whole number from 1 to 10000 \(got 'lots'\)\.$"):
        limits_from_env()
    monkeypatch.setenv(QUEUE_SIZE_ENV, "10")
    monkeypatch.setenv(CONCURRENCY_ENV, "500")  # refused, not clamped to 16
    with pytest.raises(SettingsError, match=r"^COMIC_GENERATE_CONCURRENCY: must be a whole number from 1 to 16 "):
        limits_from_env()


def test_a_full_queue_refuses_politely_and_the_studio_keeps_serving(small_studio: str) -> None:
    clients = [Client(small_studio, analytics_enabled=False, verbose=False) for _ in range(FLOOD)]
    jobs = [c.submit(f"Robot {n} paints the moon", "classic", 2, n, f"flood-{n}", api_name="/generate")
            for n, c in enumerate(clients)]
    done, refused = [], []
    for job in jobs:
        try:
            done.append(job.result(timeout=120))
        except Exception as error:  # the client raises QueueError (or AppError) for a refused job
            refused.append(error)
    assert refused and done, (len(done), len(refused))
    assert all("queue is full" in str(error).lower() for error in refused), [str(e) for e in refused]
    assert all("Traceback" not in str(error) for error in refused)
    for panels, _, summary in done:
        assert len(panels) == 2 and summary["decision"] == "approve"

    after = Client(small_studio, analytics_enabled=False, verbose=False)
    panels, _, summary = after.predict("A penguin waves hello", "classic", 1, 5, "later", api_name="/generate")
    assert len(panels) == 1 and summary["session_id"]


def test_the_queue_full_answer_is_http_503_with_a_sentence(small_studio: str) -> None:
    caller = Client(small_studio, analytics_enabled=False, verbose=False)
    fn_index = next(i for i, d in enumerate(caller.config["dependencies"]) if d.get("api_name") == "generate")
    body = {"data": ["A slow comic", "classic", 2, 1, "raw", "grid_2x2"], "fn_index": fn_index}
    with concurrent.futures.ThreadPoolExecutor(FLOOD) as pool:
        answers = list(pool.map(lambda n: httpx.post(small_studio + "gradio_api/queue/join", timeout=30,
                                                     json={**body, "session_hash": f"raw{n}"}), range(FLOOD)))
    codes = [a.status_code for a in answers]
    assert 503 in codes and 200 in codes and 500 not in codes, codes
    refusal = next(a for a in answers if a.status_code == 503).json()
    assert refusal["detail"].startswith("Queue is full.")


def test_uploads_above_the_limit_are_refused(small_studio: str) -> None:
    big = b"[" + b" " * (6 * 1024 * 1024) + b"]"
    answer = httpx.post(small_studio + "gradio_api/upload", files={"files": ("memories.json", big)}, timeout=60)
    assert answer.status_code == 413, answer.text[:200]
    small = httpx.post(small_studio + "gradio_api/upload", files={"files": ("memories.json", b"[]")}, timeout=60)
    assert small.status_code == 200


def test_comment_limits_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from services.web.limits import COMIC_COMMENTS_ENV, COMMENTS_ENV, MEMORIES_PER_COMIC_ENV

    for name in (COMMENTS_ENV, COMIC_COMMENTS_ENV, MEMORIES_PER_COMIC_ENV):
        monkeypatch.delenv(name, raising=False)
    read = lambda: (lambda lim: (lim.comments_per_minute, lim.comic_comments_per_minute,  # noqa: E731
                                 lim.memories_per_comic))(limits_from_env())
    assert read() == (10, 5, 30)
    monkeypatch.setenv(COMMENTS_ENV, "4")
    monkeypatch.setenv(COMIC_COMMENTS_ENV, "3")
    monkeypatch.setenv(MEMORIES_PER_COMIC_ENV, "12")
    assert read() == (4, 3, 12)
    monkeypatch.setenv(COMIC_COMMENTS_ENV, "0")  # refused, not clamped to 1
    with pytest.raises(SettingsError, match=r"^COMIC_COMMENTS_PER_COMIC_PER_MINUTE: .* \(got '0'\)\.$"):
        read()
    monkeypatch.setenv(COMIC_COMMENTS_ENV, "3")
    monkeypatch.setenv(MEMORIES_PER_COMIC_ENV, "many")  # refused, not replaced by the default
    with pytest.raises(SettingsError, match=r"^COMIC_MEMORIES_PER_COMIC: must be a whole number from 1 to 1000000 "):
        read()
