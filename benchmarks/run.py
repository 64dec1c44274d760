"""Every speed figure of the studio in one table, measured side by side in one run.

    python benchmarks/run.py [--runs N] [--only panel,comic,follow_up,http,memories,history,growth,budget,comics]
                             [--database postgresql://…]

Each figure is the median (and p95) of repeated runs on this machine; ratios are
taken between figures measured in the same run. Targets are in the README. With
`--database`, the memory, conversation and comic figures are measured again on
that PostgreSQL (in a schema of their own, dropped after) and printed beside
SQLite's.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_budget import budget_rows  # noqa: E402
from benchmarks.bench_comic import comic_rows, memory_growth_row, panel_rows, web_comic_rows  # noqa: E402
from benchmarks.bench_comic_history import history_rows as comic_history_rows  # noqa: E402
from benchmarks.bench_follow_up import follow_up_rows  # noqa: E402
from benchmarks.bench_http import http_rows  # noqa: E402
from benchmarks.bench_memories import history_row, memory_rows, story_world_rows  # noqa: E402
from benchmarks.bench_pictograms import pictogram_rows  # noqa: E402
from benchmarks.timing import print_table  # noqa: E402

PARTS = ("panel", "comic", "follow_up", "pictograms", "http", "memories", "history", "growth", "budget", "comics")


def main() -> None:
    parser = argparse.ArgumentParser(description="Measure the studio's speed.")
    parser.add_argument("--runs", type=int, default=15, help="repetitions per figure (default 15)")
    parser.add_argument("--database", help="a postgresql:// URL: measure the stores on it too")
    parser.add_argument("--only", default=",".join(PARTS), help=f"comma-separated parts: {', '.join(PARTS)}")
    args = parser.parse_args()
    parts = {p.strip() for p in args.only.split(",")}
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        if "panel" in parts:
            rows += panel_rows(args.runs)
        if "comic" in parts:
            rows += comic_rows(data / "comic", args.runs) + web_comic_rows(data / "web_comic", args.runs)
        if "follow_up" in parts:
            rows += follow_up_rows(data / "follow_up", args.runs)
        if "pictograms" in parts:
            rows += pictogram_rows(data / "pictograms", args.runs)
        if "http" in parts:
            rows += http_rows(data / "http", args.runs)
        if "memories" in parts:
            rows += memory_rows(runs=args.runs) + story_world_rows(runs=args.runs)
        if "history" in parts:
            rows.append(history_row())
        if "growth" in parts:
            rows.append(memory_growth_row(data / "growth"))
        if "budget" in parts:
            rows += budget_rows(data / "budget", args.runs)
        if "comics" in parts:  # the "Your comics" list of a browser with 500 comics
            rows += comic_history_rows(data / "comics", max(args.runs, 20))
    if args.database:
        from benchmarks.bench_databases import postgresql_rows

        rows += postgresql_rows(args.database, args.runs)
    print_table(rows)


if __name__ == "__main__":
    main()
