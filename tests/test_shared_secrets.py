"""Replicas on one PostgreSQL agree on the browser-state secret without being given one: the database keeps it."""

from __future__ import annotations

import threading
from pathlib import Path

from services.web.identity import BROWSER_SECRET_FILE, browser_state_secret


def test_every_replica_reads_the_secret_the_first_one_made(postgres_url: str, tmp_path: Path) -> None:
    found: list[str] = []
    folders = [tmp_path / f"replica-{n}" for n in range(6)]
    threads = [threading.Thread(target=lambda folder=folder: found.append(browser_state_secret(folder)))
               for folder in folders]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(found) == 6 and len(set(found)) == 1 and len(found[0]) >= 40
    assert not any((folder / BROWSER_SECRET_FILE).exists() for folder in folders)  # nothing per replica on disk
