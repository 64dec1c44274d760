"""Where the studio keeps its files (from `services.settings`, read once per call) and finds its assets."""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path

from services.settings import settings

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"
DATA_DIR_ENV = "COMIC_DATA_DIR"
DEFAULT_DATA_DIR = "./data"
SPACE_ENV = "SPACE_ID"
SPACE_PERSISTENT_STORAGE = Path("/data")  # where a Hugging Face Space mounts its persistent storage, when it has some
SPACE_DATA_FOLDER = "bayko-brown"


@cache
def asset_data(name: str) -> dict:
    """The JSON data of one asset file (`assets/<name>`), read once per process."""
    return json.loads((ASSETS_DIR / name).read_text(encoding="utf-8"))


def word_lists(reader: str) -> dict:
    """The word lists one module reads (`assets/word_lists.json`, under its name: 'story.captions')."""
    return asset_data("word_lists.json")[reader]


def default_data_dir() -> Path:
    """`./data`; on a Space with persistent storage `/data/bayko-brown`, since the app's folder is wiped on restart."""
    storage = SPACE_PERSISTENT_STORAGE
    if settings().space_id and storage.is_dir() and os.access(storage, os.W_OK):
        return storage / SPACE_DATA_FOLDER
    return Path(DEFAULT_DATA_DIR)


def data_dir() -> Path:
    """The one data directory (`COMIC_DATA_DIR`, else `default_data_dir()`), created if missing."""
    path = Path(settings().data_dir or default_data_dir()).expanduser().resolve()
    path.mkdir(parents=True, exist_ok=True)
    return path

STRICT_REVIEW_ENV = "COMIC_STRICT_REVIEW"


def strict_review() -> bool:
    """`COMIC_STRICT_REVIEW=1`: Bayko leaves dialogue words in descriptions and Brown rejects them, as the spec says.

    Off by default: Bayko takes such words out himself and says so on the page.
    """
    return settings().strict_review
