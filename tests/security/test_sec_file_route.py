"""The file route serves comic images, exports and style samples, and nothing else.

Break reproduced: with `allowed_paths=[data_dir]` a GET of `<data>/studio.db` (or its `-wal`,
or either memory store) answered 200 with every prompt, key, transcript and comment. Every
database file, its `-wal`/`-shm`/`-journal` and the browser-state secret are asked for by every
path the server lets a visitor learn (`/config`, image URLs), with `../` tricks, URL encodings,
doubled slashes and relative forms, on both file routes: each answer is a 403 or 404.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import quote, unquote

import httpx
import pytest

from services.web import served
from services.web.identity import BROWSER_SECRET_FILE
from services.web.sample_comic import SAMPLE_DIR

SECRET_FILES = [f"{db}{suffix}" for db in served.DATABASES for suffix in served.SQLITE_COMPANIONS] + [BROWSER_SECRET_FILE]
ROUTES = ("gradio_api/file=", "file=")


def learned_folders(target) -> list[Path]:
    """Every folder a visitor can learn from the page config and the comic's own URLs."""
    config = httpx.get(target.url + "config", timeout=30).text
    paths = {unquote(m) for m in re.findall(r"file=([^\"'\s)\\]+)", config)}
    folder = target.studio.sessions.folder(target.alice_comic["session_id"])
    paths |= {str(folder / "comic.png")}
    paths |= {str(Path(p) / "x") for p in served.allowed_paths(target.data_dir)}  # worst case: the layout guessed
    folders: set[Path] = set()
    for path in paths:
        for parent in Path(path).parents:
            folders.add(parent)
    return sorted(f for f in folders if str(f).startswith(str(target.data_dir)) or f == target.data_dir.parent)


def disguises(file: Path, folders: list[Path]) -> list[str]:
    """The ways to name `file`: plainly, through each learned folder with ../, encoded, doubled, relative."""
    plain = str(file)
    forms = {plain, "/" + plain, plain.replace("/", "//"), str(file.parent) + "/./" + file.name,
             quote(plain, safe=""), plain.replace("/", "%2F"), plain.replace(".", "%2e"),
             quote(quote(plain, safe=""), safe=""), os.path.relpath(file, Path.cwd())}
    for folder in folders:
        up = "../" * len(folder.relative_to(file.parent).parts) if folder.is_relative_to(file.parent) else None
        if up is None:
            continue
        forms |= {f"{folder}/{up}{file.name}", f"{folder}/{up.replace('../', '%2e%2e%2f')}{file.name}",
                  f"{folder}/{up.replace('../', '..%2f')}{file.name}", f"{folder}/{up.replace('/', '%5c')}{file.name}"}
    return sorted(forms)


def test_no_database_file_or_secret_is_served_by_any_path(target, attack) -> None:
    folders = learned_folders(target)
    assert target.data_dir / "style_samples" in folders  # guessed: the config no longer shows it
    present = [target.data_dir / name for name in SECRET_FILES if (target.data_dir / name).exists()]
    assert {p.name for p in present} >= {"studio.db", "agent_memory.db", "domain_memories.db", BROWSER_SECRET_FILE}
    assert any(p.name.endswith("-wal") for p in present)  # the stores are live: their journals are there too
    broke = []
    with httpx.Client(timeout=30) as http:
        for file in [target.data_dir / name for name in SECRET_FILES]:
            for form in disguises(file, folders):
                for route in ROUTES:
                    answer = http.get(target.url + route + form)
                    held = answer.status_code in (403, 404) and b"SQLite format 3" not in answer.content
                    attack.record(f"GET {route}{form}", held)
                    if not held:
                        broke.append((route + form, answer.status_code))
    assert broke == []


def test_what_a_page_shows_is_still_served(target, attack) -> None:
    folder = target.studio.sessions.folder(target.alice_comic["session_id"])
    sample = sorted((target.data_dir / served.STYLE_SAMPLES).glob("*.png"))[0]
    for path in (folder / "comic.png", folder / "comic.zip", sample):
        answer = httpx.get(target.url + "gradio_api/file=" + quote(str(path), safe="/"), timeout=30)
        assert answer.status_code == 200 and len(answer.content) > 100, path


def test_a_session_id_alone_does_not_reach_a_comics_files(target, attack) -> None:
    """Memory records carry the comic's id (`issue_id`); its folder's name has a random part besides."""
    session_id = target.alice_comic["session_id"]
    folder = target.studio.sessions.folder(session_id)
    assert folder.name != session_id and folder.name.startswith(session_id + "-") and len(folder.name) >= len(session_id) + 25
    for name in ("manifest.json", "comic.png", "comic.zip"):
        guess = target.data_dir / "sessions" / session_id / name
        answer = httpx.get(target.url + "gradio_api/file=" + str(guess), timeout=30)
        attack.record(f"GET sessions/<session_id>/{name}", answer.status_code in (403, 404))
        assert answer.status_code in (403, 404)


def test_config_shows_no_database_or_key(target, attack) -> None:
    """Nor the server's browser-state secret (Gradio serves BrowserState's key: it gets one derived from the
    secret) nor any absolute path of this machine (the style samples are inline thumbnails)."""
    secret = (target.data_dir / BROWSER_SECRET_FILE).read_text()
    for route in ("config", ""):
        page = httpx.get(target.url + route, timeout=30).text
        for needle in ("studio.db", "agent_memory.db", "domain_memories.db", BROWSER_SECRET_FILE, "alice-own-key",
                       target.browser_secret, str(target.studio.sessions.folder(target.alice_comic["session_id"])),
                       secret, str(target.data_dir), str(target.data_dir.parent)):
            attack.record(f"/{route} shows {needle[:20]}", needle not in page)
            assert needle not in page, (route, needle[:40])


@pytest.mark.parametrize("allowed", ["allowed_paths"])
def test_the_data_directory_itself_is_never_allowed(target, allowed: str) -> None:
    from services.web.ui import launch_options

    options = launch_options(target.studio, "127.0.0.1", 1)
    assert str(target.data_dir) not in options[allowed]
    # the data directory's own served folders, and the shipped sample comic's (pictures and its record only)
    assert all(Path(p).parent == target.data_dir or Path(p) == SAMPLE_DIR for p in options[allowed])
    assert {f.suffix for f in SAMPLE_DIR.iterdir()} <= {".png", ".json"}
    assert {Path(p).name for p in options["blocked_paths"]} >= set(SECRET_FILES)
