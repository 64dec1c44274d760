"""Exports on demand: a web comic keeps its panels and manifest; each export is written the first time someone asks,
kept, counted in the disk budget, dropped when another version is shown; the CLI's studio still writes them all."""

from __future__ import annotations

import asyncio
import re
import threading
import zipfile
from collections.abc import AsyncIterator, Iterator
from io import BytesIO
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from agents.studio import Studio, open_studio
from services.schemas import ComicFinished, ComicSession, LoopEvent
from services.storage.exporters import EXPORTS, export_bytes, forget_exports
from services.storage.session_store import MANIFEST
from services.web import comic_views, handlers
from services.web.comic_files import comic_file_routes, download_href
from services.web.download_names import download_name
from services.web.share_pages import share_routes

PROMPT = "A fox and a hen bake bread in a windmill at dawn"
ONE_MB = 1_000_000
SIGNATURES = {"comic.png": b"\x89PNG\r\n\x1a\n", "comic.pdf": b"%PDF", "comic.cbz": b"PK", "comic.zip": b"PK",
              "subtitles.vtt": b"WEBVTT", "subtitles.srt": b"1\n"}


def _run(studio: Studio, events: AsyncIterator[LoopEvent]) -> ComicFinished:
    async def run() -> ComicFinished:
        async for event in events:
            if isinstance(event, ComicFinished):
                return event
        raise AssertionError("the comic never finished")

    return asyncio.run(run())


def _comic(studio: Studio, panels: int = 4) -> tuple[ComicSession, Path]:
    finished = _run(studio, studio.generate({"prompt": PROMPT, "panels": panels, "seed": 7}))
    return finished.session, Path(finished.session_dir)


def _bytes_on_disk(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


@pytest.fixture()
def web(tmp_path: Path) -> Studio:
    return open_studio(tmp_path / "data", exports="on_demand")


@pytest.fixture()
def client(web: Studio) -> Iterator[TestClient]:
    with TestClient(Starlette(routes=comic_file_routes(web))) as test_client:
        yield test_client


def test_a_web_comic_keeps_its_panels_and_manifest_only_and_at_most_1_mb(web: Studio) -> None:
    session, folder = _comic(web)
    names = {str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file()}
    panels = {str(panel.image) for attempt in session.attempts for panel in attempt.panels if panel.image}
    assert names == {MANIFEST, *panels} and not names & set(EXPORTS)
    size = _bytes_on_disk(folder)
    assert size <= ONE_MB, f"a 4-panel web comic stores {size} bytes"
    assert web.sessions.stored_bytes() == size  # the budget's record is the folder's bytes


def test_the_cli_studio_still_writes_every_export(tmp_path: Path) -> None:
    studio = open_studio(tmp_path / "data")  # the default: complete, as the CLI's session folder is documented
    session, folder = _comic(studio, panels=2)
    assert all((folder / name).is_file() for name in EXPORTS)
    with zipfile.ZipFile(folder / "comic.zip") as bundle:
        assert set(bundle.namelist()) == {*EXPORTS[:-1], MANIFEST}
    assert studio.sessions.stored_bytes() == _bytes_on_disk(folder)
    with pytest.raises(ValueError, match="exports"):
        open_studio(tmp_path / "other", exports="sometimes")  # type: ignore[arg-type]


def test_each_download_is_written_when_first_asked_then_reused_and_counted(web: Studio, client: TestClient) -> None:
    session, folder = _comic(web)
    for name in EXPORTS:
        before = web.sessions.stored_bytes()
        first = client.get(download_href(folder, name) + "?v=1")
        assert first.status_code == 200 and first.content.startswith(SIGNATURES[name]), name
        assert first.headers["content-disposition"] == f'attachment; filename="{download_name(session.title, name)}"'
        assert (folder / name).read_bytes() == first.content
        written = (folder / name).stat()
        assert web.sessions.stored_bytes() == before + len(first.content)  # this file, counted once
        assert web.sessions.stored_bytes() == _bytes_on_disk(folder)  # counted as soon as written
        again = client.get(download_href(folder, name))
        assert again.content == first.content and (folder / name).stat().st_mtime_ns == written.st_mtime_ns
    with zipfile.ZipFile(BytesIO(client.get(download_href(folder, "comic.zip")).content)) as bundle:
        assert set(bundle.namelist()) == {*EXPORTS[:-1], MANIFEST} and bundle.testzip() is None
    manifest = client.get(download_href(folder, MANIFEST))
    assert manifest.status_code == 200 and manifest.json()["session_id"] == session.session_id


def test_the_bundle_alone_writes_the_files_it_holds(web: Studio, client: TestClient) -> None:
    _, folder = _comic(web, panels=2)
    before = web.sessions.stored_bytes()
    answer = client.get(download_href(folder, "comic.zip"))
    assert answer.status_code == 200 and all((folder / name).is_file() for name in EXPORTS)
    assert web.sessions.stored_bytes() > before + len(answer.content)  # the bundle and every file in it


def test_unknown_names_folders_and_secrets_get_the_same_404(web: Studio, client: TestClient) -> None:
    session, folder = _comic(web, panels=2)
    session_id, _, secret = folder.name.rpartition("-")
    wrong_secret = f"{session_id}-{'0' * len(secret)}"
    asked = [f"comic/{folder.name}/panel_0.png", f"comic/{folder.name}/..%2Fstudio.db", f"comic/{folder.name}/x.pdf",
             f"comic/{wrong_secret}/comic.png", f"comic/{session_id}/comic.png", "comic/comic_nope-abc/comic.png",
             f"comic/{folder.name}%2F..%2F{folder.name}/comic.png", f"comic/{folder.name}/{MANIFEST}/x"]
    answers = [client.get(path) for path in asked]
    assert {answer.status_code for answer in answers} == {404}
    assert {answer.text for answer in answers} == {"No such file."}
    assert not any((folder / name).exists() for name in EXPORTS)  # nothing was written for a refused request


def test_after_a_follow_up_the_download_is_the_new_version(web: Studio, client: TestClient) -> None:
    session, folder = _comic(web, panels=2)
    old = client.get(download_href(folder, "subtitles.vtt") + "?v=1").text
    old_page = client.get(download_href(folder, "comic.png") + "?v=1").content
    finished = _run(web, web.revise(session.session_id, "caption 1: The moon rises over the windmill"))
    assert finished.session.shown == 2
    assert not any((folder / name).exists() for name in EXPORTS)  # the old version's files are gone
    new = client.get(download_href(folder, "subtitles.vtt") + "?v=2").text
    assert "The moon rises over the windmill" in new and "The moon rises" not in old
    assert client.get(download_href(folder, "comic.png") + "?v=2").content != old_page
    shown = asyncio.run(web.show_version(session.session_id, 1))
    assert shown.shown == 1 and not (folder / "subtitles.vtt").exists()
    assert client.get(download_href(folder, "subtitles.vtt") + "?v=1").text == old


def test_two_requests_at_once_get_one_whole_file(web: Studio) -> None:
    _, folder = _comic(web)
    results: dict[int, bytes] = {}
    start = threading.Barrier(4)

    def fetch(number: int) -> None:
        start.wait()
        results[number] = export_bytes(folder, "comic.zip" if number % 2 else "comic.pdf").data

    threads = [threading.Thread(target=fetch, args=(number,)) for number in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert results[0] == results[2] == (folder / "comic.pdf").read_bytes()
    assert results[0].startswith(b"%PDF") and results[0].rstrip().endswith(b"%%EOF")
    assert results[1] == results[3] == (folder / "comic.zip").read_bytes()
    with zipfile.ZipFile(BytesIO(results[1])) as bundle:
        assert bundle.testzip() is None and bundle.read("comic.pdf") == results[0]
    assert not [path for path in folder.iterdir() if path.name.endswith(".tmp")]  # no temporary file left behind


def test_forgetting_and_writing_again_leave_no_stale_file(web: Studio) -> None:
    _, folder = _comic(web, panels=2)
    first = export_bytes(folder, "subtitles.srt")
    assert first.written and not export_bytes(folder, "subtitles.srt").written
    forget_exports(folder)
    assert not (folder / "subtitles.srt").exists() and export_bytes(folder, "subtitles.srt").written
    with pytest.raises(ValueError, match="name"):
        export_bytes(folder, "../manifest.json")


def test_the_served_studio_links_its_downloads_through_its_own_route(studio_server) -> None:
    """The real app (`launch_options`): every link of the download bar answers its file, written on request."""
    studio = studio_server.studio
    finished = _run(studio, studio.generate({"prompt": PROMPT, "panels": 2, "seed": 11}))
    folder = Path(finished.session_dir)
    assert not any((folder / name).exists() for name in EXPORTS)
    html = comic_views.downloads_html(folder, finished.session.shown, finished.session.title)
    hrefs = re.findall(r'href="([^"]+)"', html)
    assert len(hrefs) == len(EXPORTS) + 1
    with httpx.Client(base_url=studio_server.url, timeout=60, trust_env=False) as http:
        for href in hrefs:
            answer = http.get(href.replace("&amp;", "&"))
            name = href.split("?")[0].rpartition("/")[2]
            assert answer.status_code == 200, href
            assert answer.content.startswith(SIGNATURES.get(name, b"{")), name
    assert all((folder / name).is_file() for name in EXPORTS)


def test_the_api_answers_with_every_download_written_and_counted(web: Studio) -> None:
    session, folder = asyncio.run(handlers.finished_comic(web, handlers.request_dict(PROMPT, None, 2, 5, "api-key-1")))
    _, downloads, _ = handlers.comic_result(session, folder, "api-key-1")
    assert [Path(path).name for path in downloads] == [*EXPORTS, MANIFEST]
    assert all(Path(path).is_file() for path in downloads)
    assert web.sessions.stored_bytes() == _bytes_on_disk(folder)


def test_the_share_page_writes_its_page_image_and_downloads_on_request(web: Studio) -> None:
    session, folder = _comic(web, panels=2)
    publication = web.publish(session.session_id)
    with TestClient(Starlette(routes=share_routes(web))) as public:
        page = public.get(publication.share_path)
        assert page.status_code == 200 and "page.png" in page.text and "download/comic.pdf" in page.text
        assert not any((folder / name).exists() for name in EXPORTS)  # the page itself writes nothing
        before = web.sessions.stored_bytes()
        assert public.get(f"{publication.share_path}/page.png").content.startswith(SIGNATURES["comic.png"])
        assert public.get(f"{publication.share_path}/download/comic.pdf").content.startswith(b"%PDF")
        assert web.sessions.stored_bytes() > before and web.sessions.stored_bytes() == _bytes_on_disk(folder)
        with zipfile.ZipFile(BytesIO(public.get(f"{publication.share_path}/download/comic.zip").content)) as bundle:
            assert MANIFEST not in bundle.namelist() and bundle.read("comic.pdf") == (folder / "comic.pdf").read_bytes()


def test_every_export_asked_at_once_composes_the_pages_once(web: Studio, monkeypatch: pytest.MonkeyPatch) -> None:
    """The API asks for all six: the page PNG, PDF and CBZ start from one composition, not one each."""
    from services.art import comic_page
    from services.storage import exporters

    calls = []

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        return comic_page.compose_pages(*args, **kwargs)

    _, folder = _comic(web)
    monkeypatch.setattr(exporters, "compose_pages", counted)
    assert exporters.ensure_exports(folder, EXPORTS) is True
    assert len(calls) == 1
    for name, signature in SIGNATURES.items():
        assert (folder / name).read_bytes().startswith(signature), name
    with zipfile.ZipFile(folder / "comic.zip") as bundle:
        assert set(bundle.namelist()) == {*EXPORTS[:-1], MANIFEST}
    with zipfile.ZipFile(folder / "comic.cbz") as cbz:  # the CBZ's page is the page PNG's own bytes
        assert cbz.read("page_001.png") == (folder / "comic.png").read_bytes()
