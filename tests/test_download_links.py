"""The studio's download bar offers each file under a name made from the comic's title, not as 'comic.*'."""

from __future__ import annotations

import re
from pathlib import Path

from services.schemas import Attempt, ComicSession, ComicVersion, Decision, FinalOutcome, Panel, StoryboardRequest
from services.web import comic_views, handlers, revision_handlers
from services.web.download_names import download_name

FILES = ("comic.zip", "comic.png", "comic.pdf", "comic.cbz", "subtitles.vtt", "subtitles.srt", "manifest.json")


def _folder(tmp_path: Path) -> Path:
    for name in FILES:
        (tmp_path / name).write_text("x")
    return tmp_path


def test_each_link_is_offered_under_the_titles_slug(tmp_path: Path) -> None:
    html = comic_views.downloads_html(_folder(tmp_path), 2, "Smolder on the Mountain!")
    offered = re.findall(r' download="([^"]*)"', html)
    assert offered == ["smolder-on-the-mountain.zip", "smolder-on-the-mountain.png", "smolder-on-the-mountain.pdf",
                       "smolder-on-the-mountain.cbz", "smolder-on-the-mountain-subtitles.vtt",
                       "smolder-on-the-mountain-subtitles.srt", "smolder-on-the-mountain-manifest.json"]
    assert offered == [download_name("Smolder on the Mountain!", name) for name in FILES]
    assert 'title="Download smolder-on-the-mountain.pdf"' in html
    assert "comic.pdf?v=2" in html  # the link still fetches the stored file, this version's


def test_a_title_with_markup_or_template_syntax_becomes_a_plain_name(tmp_path: Path) -> None:
    html = comic_views.downloads_html(_folder(tmp_path), title='<b>"${x}"</b> `{{7*7}}`')
    offered = re.findall(r' download="([^"]*)"', html)
    assert offered[0] == "b-x-b-7-7.zip" and all(re.fullmatch(r"[a-z0-9-]+\.[a-z]+", name) for name in offered)
    assert "<b>" not in html and "${" not in html and "{{" not in html


def test_without_a_title_the_files_are_named_comic(tmp_path: Path) -> None:
    html = comic_views.downloads_html(_folder(tmp_path))
    assert re.findall(r' download="([^"]*)"', html)[:2] == ["comic.zip", "comic.png"]
    assert 'download="comic-subtitles.vtt"' in html
    assert comic_views.downloads_html(None, title="x") == ""


def _session(title: str) -> ComicSession:
    attempt = Attempt(attempt=1, panels=[Panel(index=0, description="A cat.", subtitle="Hi.", image="p.png")])
    return ComicSession(session_id="c1", title=title, request=StoryboardRequest(prompt="A cat naps", panels=1),
                        attempts=[attempt], versions=[ComicVersion(number=1, attempt=1)], shown=1,
                        final=FinalOutcome(decision=Decision.APPROVE, attempt=1))


def test_the_finished_comic_and_a_shown_version_both_name_their_downloads_from_the_title(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    finished = handlers.finished_updates(_session("Miso's Nap"), folder)["downloads"]
    shown = revision_handlers.shown_updates(_session("Miso's Nap"), folder)["downloads"]
    for html in (finished, shown):
        assert 'download="miso-s-nap.pdf"' in html and 'download="comic.pdf"' not in html
    untitled = handlers.finished_updates(_session(""), folder)["downloads"]  # the title shown is the prompt's
    assert 'download="a-cat-naps.pdf"' in untitled
