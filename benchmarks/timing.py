"""Small helpers shared by the benchmarks: repeat, take medians, print one table."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Row:
    measure: str
    median: float | None = None  # seconds
    p95: float | None = None
    runs: int = 0
    note: str = ""
    unit: str = "time"  # "time", or a free unit shown as is in the note


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def row(measure: str, samples: list[float], note: str = "") -> Row:
    return Row(measure, statistics.median(samples), percentile(samples, 0.95), len(samples), note)


def repeat(measure: str, action: Callable[[], object], runs: int, note: str = "") -> Row:
    return row(measure, [timed(action) for _ in range(runs)], note)


def format_seconds(value: float | None) -> str:
    if value is None:
        return ""
    return f"{value * 1000:.2f} ms" if value < 0.01 else f"{value * 1000:.0f} ms" if value < 10 else f"{value:.1f} s"


def print_table(rows: list[Row]) -> None:
    print(f"| {'measure':58} | {'median':>10} | {'p95':>10} | runs | note")
    print(f"| {'-' * 58} | {'-' * 10} | {'-' * 10} | ---- | ----")
    for r in rows:
        print(f"| {r.measure:58} | {format_seconds(r.median):>10} | {format_seconds(r.p95):>10} | {r.runs:>4} | {r.note}")
