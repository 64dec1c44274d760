"""Speed of the offline comic, measured side by side in one run.

    python benchmarks/run.py [--runs N]

Prints one table: the whole in-process loop (memory, review, files) against its
floor (rendering and PNG-encoding the same panels alone), and the CLI from a
cold Python process. Every figure is a median (and p95) of repeated runs, so a
noisy machine moves them less.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agents.studio import open_studio  # noqa: E402
from services.panel_renderer import PanelArtRequest  # noqa: E402
from services.schemas import ComicFinished  # noqa: E402

PROMPT = "A robot learns to paint sunsets on Mars"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def comic_once(data_dir: Path, seed: int) -> tuple[float, ComicFinished]:
    studio = open_studio(data_dir)

    async def run() -> ComicFinished:
        events = [event async for event in studio.generate({"prompt": PROMPT, "panels": 4, "seed": seed})]
        return events[-1]

    start = time.perf_counter()
    finished = asyncio.run(run())
    return time.perf_counter() - start, finished


def floor_once(data_dir: Path, finished: ComicFinished) -> float:
    """Render and PNG-encode the final panels of a comic, nothing else."""
    studio = open_studio(data_dir)
    session = finished.session
    attempt = session.attempts[-1]
    start = time.perf_counter()
    for panel in attempt.panels:
        image = studio.renderer.render(PanelArtRequest(
            description=panel.description, style=session.request.style, seed=session.request.seed or 0,
            panel_index=panel.index, panel_count=len(attempt.panels), cast=tuple(session.cast)))
        image.save(io.BytesIO(), format="PNG", compress_level=1)
    return time.perf_counter() - start


def cold_loop_once(data_dir: Path, seed: int) -> float:
    """The loop alone, but as its first run in a new process (caches cold), as in the CLI."""
    code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); from benchmarks.run import comic_once; "
            f"from pathlib import Path; print(comic_once(Path({str(data_dir)!r}), {seed})[0])")
    return float(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout)


def cli_once(data_dir: Path, seed: int) -> float:
    env = {**os.environ, "COMIC_DATA_DIR": str(data_dir)}
    start = time.perf_counter()
    subprocess.run([sys.executable, str(ROOT / "app.py"), "generate", "--prompt", PROMPT, "--seed", str(seed)],
                   check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp)
        comic_once(data_dir, 0)  # warm-up: imports and first-use caches
        loops, floors = [], []
        for seed in range(1, runs + 1):
            elapsed, finished = comic_once(data_dir, seed)
            loops.append(elapsed)
            floors.append(floor_once(data_dir, finished))
        cold_runs = range(1, max(3, runs // 3) + 1)
        colds = [cold_loop_once(data_dir, seed) for seed in cold_runs]
        clis = [cli_once(data_dir, seed) for seed in cold_runs]
    rows = [("4-panel comic, in process (loop)", loops), ("render + encode floor", floors),
            ("the loop, first run in a new process", colds), ("python app.py generate (cold process)", clis)]
    print(f"{'measure':42} {'median':>9} {'p95':>9}  runs")
    for name, values in rows:
        print(f"{name:42} {statistics.median(values) * 1000:7.0f}ms {percentile(values, 0.95) * 1000:7.0f}ms  {len(values)}")
    print(f"{'loop / floor (median of per-run ratios)':42} {statistics.median(l / f for l, f in zip(loops, floors)):8.2f}x")


if __name__ == "__main__":
    main()
