"""The render pool: the same pixels and records as drawing in-process, the panels in order, and a dead worker
costs only the pool (the panel is drawn here, the next call gets a new pool)."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from services.art.panel_renderer import PanelArtRequest
from services.art.procedural.renderer import ProceduralRenderer
from services.art.render_pool import PooledRenderer
from services.schemas import StoryboardRequest
from services.story.storyteller import OfflineStoryteller

PROMPT = "A chef drops a pizza and a dog catches it"


def requests() -> list[PanelArtRequest]:
    """A real comic's four panel requests, each with its planned scene."""
    board = asyncio.run(OfflineStoryteller().plan(StoryboardRequest(prompt=PROMPT, panels=4, seed=5), 5, []))
    return [PanelArtRequest(description=p.description, style="classic", seed=5, panel_index=p.index,
                            panel_count=4, cast=board.cast, scene=p.scene, size=256) for p in board.panels]


def test_the_pool_draws_the_same_pixels_and_records_in_order_in_other_processes() -> None:
    pooled = PooledRenderer(ProceduralRenderer, 2)
    try:
        pooled.warm()
        workers = set(pooled._current_pool()._processes)  # the processes the pool started
        assert len(workers) == 2 and os.getpid() not in workers
        asked = requests()
        here = list(ProceduralRenderer().render_all(asked))
        there = list(pooled.render_all(asked))
        assert [p.image.tobytes() for p in there] == [p.image.tobytes() for p in here]
        assert [p.drawn for p in there] == [p.drawn for p in here] and all(p.drawn for p in there)
        assert pooled.name == "procedural" and {p.drawn_by for p in there} == {"procedural"}
        assert set(pooled._current_pool()._processes) == workers  # drawn there, no worker lost or added
    finally:
        pooled.close()


def test_a_killed_worker_costs_the_pool_not_the_panels(caplog: pytest.LogCaptureFixture) -> None:
    renderer = PooledRenderer(ProceduralRenderer, 1)
    try:
        renderer.warm()
        [worker] = list(renderer._current_pool()._processes)
        os.kill(worker, signal.SIGKILL)
        asked = requests()[:2]
        drawn = list(renderer.render_all(asked))  # drawn here, with a warning
        assert [p.image.tobytes() for p in drawn] == [p.image.tobytes() for p in ProceduralRenderer().render_all(asked)]
        assert "drawing in the server's own process" in caplog.text
        again = list(renderer.render_all(asked[:1]))  # a new pool
        assert again[0].image.tobytes() == drawn[0].image.tobytes()
        assert worker not in renderer._current_pool()._processes
    finally:
        renderer.close()


WORKERS_OF_A_KILLED_SERVER = """
import os, sys, time
from services.art.procedural.renderer import ProceduralRenderer
from services.art.render_pool import PooledRenderer
pool = PooledRenderer(ProceduralRenderer, 2)
pool.warm()
print(" ".join(str(pid) for pid in pool._current_pool()._processes), flush=True)
time.sleep(60)
"""


def test_the_workers_end_when_the_server_is_killed() -> None:
    """SIGKILL leaves no chance to close the pool: the workers see their server gone and end by themselves."""
    import subprocess
    import sys
    import time
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    server = subprocess.Popen([sys.executable, "-c", WORKERS_OF_A_KILLED_SERVER], cwd=root, stdout=subprocess.PIPE,
                              text=True)
    try:
        assert server.stdout is not None
        workers = [int(pid) for pid in server.stdout.readline().split()]
        assert len(workers) == 2 and all(_alive(pid) for pid in workers)
    finally:
        server.kill()
        server.wait()
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in workers)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie has ended (its parent is init, which reaps it)
        return stat.read().split(")")[1].split()[0] != "Z"
