"""The cost of one web comic with 20 000 stored comics against none: the disk budget must not grow with them.

    python -m benchmarks.bench_budget [--runs N] [--stored N]

One comic is `open_studio(...).generate(...)` followed by what `keep_within_budget` does
(`enforce_budget` in a worker thread, never pruning the comic just made). The stored comics
are what the budget code sees of real ones: index rows (half nobody owns, oldest first) with
their recorded bytes, each with its own small folder under `sessions/`. Runs alternate
between the two data directories, each going first every other time, so the machine's noise
(and whatever the comic before left running) falls on both alike, and a third
studio draws each seed first, untimed: the process keeps caches of what it drew, so
otherwise whichever studio drew a seed second would win.

Two figures: under the budget (the check alone: one query and a few stats), and at the budget
(each stored comic recorded at a real comic's 3.3 MB, the budget set so every new comic
prunes the oldest unowned one).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import secrets
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agents.studio import Studio, open_studio  # noqa: E402
from benchmarks.timing import Row, row  # noqa: E402
from services.schemas import ComicFinished  # noqa: E402
from services.storage.disk_budget import MB, enforce_budget, used_bytes  # noqa: E402
from services.storage.session_store import MANIFEST, folder_bytes  # noqa: E402

PROMPT = "A robot learns to paint sunsets on Mars"
STORED = 20_000
REAL_COMIC_BYTES = 3_300_000  # what a 4-panel web comic stores today (issue 23)
UNDER_BUDGET_MB = 2_000  # the default COMIC_MAX_DATA_MB; the stored comics' recorded bytes stay well under it
TARGET = 1.1


def seed_comics(studio: Studio, count: int) -> None:
    """`count` stored comics, older than any new one: an index row and a folder with a small manifest each."""
    sessions = studio.sessions
    start = datetime(2026, 1, 1, tzinfo=UTC)
    rows = []
    for n in range(count):
        session_id = f"comic_seed{n:08d}"
        folder = sessions.sessions_dir / f"{session_id}-{secrets.token_hex(12)}"
        folder.mkdir()
        (folder / MANIFEST).write_text(json.dumps({"session_id": session_id, "prompt": f"Stored story {n}"}),
                                       encoding="utf-8")
        owner, owned = (None, 1) if n % 2 == 0 else (f"web-{n:016x}", 1)  # half nobody can come back for
        rows.append((session_id, (start + timedelta(seconds=n)).isoformat(), f"Stored story {n}", "classic",
                     "approve", owner, str(folder), owned, folder_bytes(folder)))
    with sessions.index.transaction() as db:
        db.executemany("INSERT INTO sessions (session_id, created_at, prompt, style, decision, user_id, folder, owned,"
                       " bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)


def one_comic(studio: Studio, seed: int, budget_mb: int) -> list[str]:
    """A comic, then the budget as `keep_within_budget` keeps it; the comics pruned."""
    async def run() -> list[str]:
        finished = [e async for e in studio.generate({"prompt": PROMPT, "panels": 4, "seed": seed})][-1]
        assert isinstance(finished, ComicFinished)
        return await asyncio.to_thread(enforce_budget, studio.sessions, budget_mb, finished.session.session_id)
    return asyncio.run(run())


def _alternate(studios: tuple[Studio, Studio, Studio], runs: int, first_seed: int,
               at_budget: bool = False) -> tuple[list[float], list[float], int]:
    """Interleaved timings of one comic in the empty and the full studio (the primer drew it first, untimed);
    the comics pruned in the full one."""
    primer, empty, full = studios
    times: tuple[list[float], list[float]] = ([], [])
    pruned = 0
    for n in range(runs):
        one_comic(primer, first_seed + n, UNDER_BUDGET_MB)
        order = ((0, empty), (1, full)) if n % 2 == 0 else ((1, full), (0, empty))  # neither always goes first
        for which, studio in order:
            budget = UNDER_BUDGET_MB
            if at_budget and studio is full:  # what is stored now fills the budget, so this comic prunes
                budget = max(1, used_bytes(studio.sessions) // MB)
            start = time.perf_counter()
            gone = one_comic(studio, first_seed + n, budget)
            times[which].append(time.perf_counter() - start)
            pruned += len(gone) if studio is full else 0
    return times[0], times[1], pruned


def budget_rows(data_dir: Path, runs: int = 15, stored: int = STORED) -> list[Row]:
    """A comic with `stored` comics in the data directory against one with none, under and at the budget."""
    studios = primer, empty, full = (open_studio(data_dir / "primer"), open_studio(data_dir / "empty"),
                                     open_studio(data_dir / "full"))
    started = time.perf_counter()
    seed_comics(full, stored)
    seeding = time.perf_counter() - started
    for studio in studios:  # warm-up: imports and first-use caches
        one_comic(studio, 0, UNDER_BUDGET_MB)
    none, many, _ = _alternate(studios, runs, first_seed=1)
    under = statistics.median(many) / statistics.median(none)
    with full.sessions.index.transaction() as db:  # the stored comics as big as real ones
        db.execute("UPDATE sessions SET bytes = ? WHERE session_id LIKE 'comic_seed%'", (REAL_COMIC_BYTES,))
    none_at, many_at, pruned = _alternate(studios, runs, first_seed=1000, at_budget=True)
    at = statistics.median(many_at) / statistics.median(none_at)
    return [
        row("comic + budget, empty data directory", none),
        row(f"comic + budget, {stored} stored comics, under the budget", many,
            f"{under:.2f}x the empty one (target <= {TARGET}x); seeded in {seeding:.0f} s"),
        row("comic + budget, empty data directory (second series)", none_at),
        row(f"comic + budget, {stored} stored comics, at the budget", many_at,
            f"{at:.2f}x the empty one; {pruned} comics pruned in {runs} runs"),
    ]


def main() -> None:
    from benchmarks.timing import print_table

    parser = argparse.ArgumentParser(description="A comic's cost with many stored comics against none.")
    parser.add_argument("--runs", type=int, default=15, help="comics per figure (default 15)")
    parser.add_argument("--stored", type=int, default=STORED, help=f"stored comics (default {STORED})")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        print_table(budget_rows(Path(tmp), args.runs, args.stored))


if __name__ == "__main__":
    main()
