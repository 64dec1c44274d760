"""Panels drawn in worker processes, so a server making several comics at once uses every core.

One Python process draws on one core at a time (the procedural renderer is Python
under the GIL), however many comics its threads make together. With
`COMIC_RENDER_PROCESSES` set, the web studio hands each panel to a small pool of
processes, each holding its own copy of the renderer: a comic's panels are drawn
side by side, and
while they are drawn the server's own process is free for the queue, the review,
the memories and the PNG encoding. The pictures are the same pixels (the renderer
seeds everything from the request).

On a two-core machine the server already keeps both cores busy (zlib, Pillow's
resampling and SQLite run outside the GIL, and the clients take the rest): 16
clients made 3.8 comics/s without the pool and 3.7 with two workers, so the pool is
off by default (`COMIC_RENDER_PROCESSES`) and meant for machines with more cores
than one process can use.

The pool starts with the server (`warm`), its workers spawned, never forked: a
fork of a process running threads may copy a lock held by one of them. When a worker dies
(killed, out of memory) the panel is drawn in the server's own process instead, a
warning says so in the log, and the next comic gets a new pool; when the server
dies, its workers notice within a second and end. The CLI draws in
its own process: for one comic, starting processes costs more than it saves.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from PIL import Image

from services.art.panel_renderer import PanelArtRequest, PanelRenderer, RenderedPanel

log = logging.getLogger(__name__)
_WORKER_RENDERER: PanelRenderer | None = None
WATCH_SECONDS = 0.5


def _start_worker(make: Callable[[], PanelRenderer], server: int) -> None:
    global _WORKER_RENDERER
    _WORKER_RENDERER = make()
    threading.Thread(target=_exit_with, args=(server,), name="server-watch", daemon=True).start()


def _exit_with(server: int) -> None:
    """A worker whose server is gone (killed, stopped without closing the pool) ends too, instead of lingering."""
    while os.getppid() == server:
        time.sleep(WATCH_SECONDS)
    os._exit(0)


def _draw_in_worker(request: PanelArtRequest) -> RenderedPanel:
    assert _WORKER_RENDERER is not None, "the pool's initializer made the renderer"
    return next(iter(_WORKER_RENDERER.render_all([request])))


def _ready() -> bool:
    return _WORKER_RENDERER is not None


class PooledRenderer(PanelRenderer):
    """`make()`'s renderer, run in `processes` worker processes; `local` (the same kind) draws when the pool fails."""

    def __init__(self, make: Callable[[], PanelRenderer], processes: int) -> None:
        self.make, self.processes = make, processes
        self.local = make()
        self.name = self.local.name
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def render(self, request: PanelArtRequest) -> Image.Image:
        return next(self.render_all([request])).image

    def render_all(self, requests: Sequence[PanelArtRequest]) -> Iterator[RenderedPanel]:
        """Every panel sent at once (the pool draws them side by side), yielded in order as each is ready."""
        pool = self._current_pool()
        try:
            futures: list[Future[RenderedPanel] | None] = [pool.submit(_draw_in_worker, r) for r in requests]
        except (BrokenProcessPool, RuntimeError, OSError):
            self._lost("could not hand panels to the render pool", pool)
            futures = [None] * len(requests)
        for request, future in zip(requests, futures):
            yield self._result(request, future, pool)

    def warm(self) -> None:
        """Start the workers now (each imports the renderer once), so the first comic does not wait for them."""
        pool = self._current_pool()
        try:
            for future in [pool.submit(_ready) for _ in range(self.processes)]:
                future.result()
        except (BrokenProcessPool, RuntimeError, OSError):
            self._lost("the render pool did not start", pool)

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)

    def _result(self, request: PanelArtRequest, future: Future[RenderedPanel] | None,
                pool: ProcessPoolExecutor) -> RenderedPanel:
        if future is not None:
            try:
                return future.result()
            except BrokenProcessPool:
                self._lost("a render worker died", pool)
        return next(iter(self.local.render_all([request])))

    def _current_pool(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=_start_worker, initargs=(self.make, os.getpid()))
            return self._pool

    def _lost(self, what: str, pool: ProcessPoolExecutor) -> None:
        """Drop a broken pool (once, and never a newer one): this comic's panels are drawn here, the next comic
        gets a new pool."""
        with self._lock:
            if self._pool is not pool:
                return  # dropped already, for another panel of the same pool
            self._pool = None
        log.warning("%s; drawing in the server's own process until a new pool starts", what, exc_info=True)
        pool.shutdown(wait=False, cancel_futures=True)
