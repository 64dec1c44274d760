"""A 4-panel comic whose scene plan needs pictograms (a whale, a frog, a firefly…), in process.

The glyphs are rendered once per size and cached, so after the first comic a pictogram costs a paste.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from agents.studio import open_studio
from benchmarks.concept_coverage import ConceptSceneStoryteller
from benchmarks.timing import Row, row
from services.schemas import ComicFinished

PROMPTS = ("An old lighthouse keeper befriends a lost whale during a storm",
           "A detective frog investigates who stole the pond's moon reflection",
           "A snowman and a firefly share a cookie", "Un chien perdu retrouve sa famille à Paris")


def pictogram_rows(data_dir: Path, runs: int) -> list[Row]:
    studio = open_studio(data_dir, storyteller=ConceptSceneStoryteller())

    def make(prompt: str, seed: int) -> float:
        async def run() -> ComicFinished:
            return [e async for e in studio.generate({"prompt": prompt, "panels": 4, "seed": seed})][-1]
        start = time.perf_counter()
        asyncio.run(run())
        return time.perf_counter() - start

    first = [make(prompt, 0) for prompt in PROMPTS]  # each prompt's glyphs drawn for the first time
    loops = [make(PROMPTS[seed % len(PROMPTS)], seed) for seed in range(1, runs + 1)]
    return [row("4-panel comic with pictogram scenes, in process", loops),
            row("  the same, first comic of each prompt (glyphs not yet cached)", first)]
