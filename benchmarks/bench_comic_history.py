"""The cost of the studio's "Your comics" list for a browser that has made 500 comics (issue 23).

    python -m benchmarks.bench_comic_history [--runs N] [--stored N]

One real comic is made (the default backends, four panels), then copied `stored - 1`
times through `SessionStore.save` under new ids and times (the record is the real one's,
so a manifest read costs what a real one does; the panel files are not copied: listing
never reads them). The figure is `page_handlers.history_list` for that browser, the call
the page makes on load and after every comic: the median of `runs` calls, plus how many
manifests one call read.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agents.studio import Studio, open_studio  # noqa: E402
from benchmarks.timing import Row, print_table, row, timed  # noqa: E402
from services.storage import session_store  # noqa: E402
from services.web import handlers, page_handlers  # noqa: E402
from services.web.identity import new_browser_secret  # noqa: E402

PROMPT = "A robot learns to paint sunsets on Mars"
STORED = 500
OLD_LENGTH = 50  # what the list showed before it was paged


def seed_comics(studio: Studio, secret: str, count: int) -> None:
    """`count` comics of the browser `secret`: one made for real, the rest copies of its record, each newer."""
    async def first() -> str:
        updates = [u async for u in handlers.generate_updates(studio, PROMPT, "classic", 4, "7", secret, "grid_2x2")]
        return next(u["session"] for u in updates if u.get("session"))
    made = studio.sessions.load(asyncio.run(first()))
    for n in range(1, count):
        session_id = f"comic_copy{n:08d}"
        copy = made.model_copy(update={"session_id": session_id, "created_at": made.created_at + timedelta(seconds=n)})
        studio.sessions.save(copy, studio.sessions.create_folder(session_id))


def manifests_read(action: Any) -> int:
    """How many manifests `action()` read."""
    original, count = session_store._read_manifest, [0]

    def counting(folder: Path) -> Any:
        count[0] += 1
        return original(folder)
    session_store._read_manifest = counting
    try:
        action()
    finally:
        session_store._read_manifest = original
    return count[0]


def history_rows(data: Path, runs: int = 20, stored: int = STORED) -> list[Row]:
    """The list as the page asks for it; where the list is paged, also grown to 50 comics (the old list's fixed
    length) by "Show older", so both lengths compare with the code before paging."""
    studio, secret = open_studio(data, exports="on_demand"), new_browser_secret()
    seed_comics(studio, secret, stored)
    asks: list[dict[str, Any]] = [{}]
    if hasattr(page_handlers, "HISTORY_PAGE"):
        asks.append({"count": OLD_LENGTH})
    rows = []
    for ask in asks:
        listed = page_handlers.history_list(studio, secret, **ask)["history"]
        entries = listed.count('class="bb-history-item"')
        read = manifests_read(lambda: page_handlers.history_list(studio, secret, **ask))
        samples = [timed(lambda: page_handlers.history_list(studio, secret, **ask)) for _ in range(runs)]
        rows.append(row(f"history list: {entries} of {stored} comics of one browser", samples,
                        f"{read} manifests read per call"))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description="Time the 'Your comics' list.")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--stored", type=int, default=STORED)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        print_table(history_rows(Path(tmp), args.runs, args.stored))


if __name__ == "__main__":
    main()
