"""A follow-up turn in process: one panel redrawn on a 4-panel comic, against making the comic (issue 21)."""

from __future__ import annotations

import asyncio
import statistics
from pathlib import Path

from agents.studio import Studio, open_studio
from benchmarks.bench_comic import make_comic
from benchmarks.timing import Row, row, timed
from services.schemas import ComicFinished

PROMPT = "A dog and a cat play in the park"


def turn(studio: Studio, session_id: str, instruction: str) -> ComicFinished:
    async def run() -> ComicFinished:
        events = [e async for e in studio.revise(session_id, instruction)]
        assert isinstance(events[-1], ComicFinished), "the follow-up made a version"
        return events[-1]
    return asyncio.run(run())


def follow_up_rows(data_dir: Path, runs: int) -> list[Row]:
    studio = open_studio(data_dir)
    warm = make_comic(studio, 0, prompt=PROMPT)  # warm-up: imports and first-use caches
    turn(studio, warm.session.session_id, "panel 2: the dog laughs")
    comics, one_panel, captions, nights = [], [], [], []
    for seed in range(1, runs + 1):
        comics.append(timed(lambda s=seed: make_comic(studio, s, prompt=PROMPT)))
        session_id = make_comic(studio, seed, prompt=PROMPT).session.session_id
        one_panel.append(timed(lambda: turn(studio, session_id, "panel 2: the dog laughs")))
        captions.append(timed(lambda: turn(studio, session_id, "caption 3: What a day!")))
        nights.append(timed(lambda: turn(studio, session_id, "make it night")))
    ratio = statistics.median(one_panel) / statistics.median(comics)
    return [
        row("follow-up redrawing one panel of a 4-panel comic", one_panel,
            f"{ratio:.2f}x a new comic (target < 300 ms)"),
        row("  follow-up changing a caption (nothing redrawn)", captions),
        row("  follow-up redrawing all four panels ('make it night')", nights),
        row("  the same 4-panel comic made anew, for comparison", comics),
    ]
