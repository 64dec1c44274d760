"""Sharing opens one comic to the public while it is published, and nothing else, ever.

Attacks: every route of an unpublished comic (page, page image, each panel, each download, the bundle, HEAD
too) must answer exactly like a token that never existed; the gallery must forget it; a stranger's publish and
unpublish (over the API, with keys close to the owner's) must answer like a missing comic and change nothing;
the session id in place of a token, a guessed folder on Gradio's file route and the old token after publishing
again must lead nowhere; markup in a title, captions and alt text must be shown as text (Open Graph tags too);
no owner key or id, comment, comment id or folder path may appear on a public page or in its bundle.
"""

from __future__ import annotations

import re
import zipfile
from io import BytesIO
from urllib.parse import quote

import httpx
import pytest
from gradio_client.exceptions import AppError
from share_helpers import make_comic

from services.web.identity import browser_owner

ALICE = "alice-own-key-7f3e9c1b2a6d4e8f"  # the key tests/security/conftest.py makes her comic with
ALICE_COMMENT = "No, Brown is a dog, not a cat."
BROWSER_COMMENT = "Lovely, thanks Bayko!"
UNKNOWN = "AAAAAAAAAAAAAAAAAAAAAA"
STRANGERS = ["", "bob-key-1234", "web-" + "0" * 32, "guest-abc", " " + ALICE[:-1], ALICE.upper()]
XSS = '<script>alert("owned")</script><img src=x onerror=alert(1)>'
FILES = ("page.png", "panels/1.png", "panels/2.png", "download/comic.zip", "download/comic.png",
         "download/comic.pdf", "download/comic.cbz", "download/subtitles.vtt", "download/subtitles.srt")


@pytest.fixture(scope="module")
def http(target):
    with httpx.Client(base_url=target.url, timeout=30, trust_env=False) as client:
        yield client


def paths(token: str) -> list[str]:
    return [f"share/{token}", *(f"share/{token}/{file}" for file in FILES)]


def test_an_unpublished_comic_is_unreachable_by_every_path(target, http, attack) -> None:
    session_id = make_comic(target.studio, "A seal paints the moon", ALICE, seed=11)
    token = target.studio.publish(session_id, ALICE).token
    before = {path: http.get(path) for path in paths(token)}
    assert all(answer.status_code == 200 for answer in before.values()), before
    target.studio.unpublish(session_id, ALICE)
    for path in paths(token):
        for method in ("GET", "HEAD"):
            answer = http.request(method, path)
            unknown = http.request(method, path.replace(token, UNKNOWN))
            held = (answer.status_code == unknown.status_code == 404 and answer.content == unknown.content
                    and answer.headers.get("content-type") == unknown.headers.get("content-type"))
            attack.record(f"{method} {path.replace(token, '<unpublished>')}", held)
            assert held, path
    listed = http.get("gallery").text
    held = token not in listed and token not in str(target.client().predict(1, api_name="/gallery"))
    attack.record("gallery after unpublishing", held)
    assert held


def test_publishing_again_never_revives_the_old_link(target, http, attack) -> None:
    session_id = make_comic(target.studio, "An owl opens a library", ALICE, seed=12)
    old = target.studio.publish(session_id, ALICE).token
    target.studio.unpublish(session_id, ALICE)
    new = target.studio.publish(session_id, ALICE).token
    held = new != old and all(http.get(path).status_code == 404 for path in paths(old))
    attack.record("the old token after publishing again", held)
    assert held and http.get(f"share/{new}").status_code == 200
    target.studio.unpublish(session_id, ALICE)


@pytest.mark.parametrize("stranger", STRANGERS)
def test_a_stranger_cannot_publish_or_unpublish_over_the_api(target, http, attack, stranger: str) -> None:
    api, session_id = target.client(), target.alice_comic["session_id"]
    missing = "comic_000000000000"
    for name, arguments in (("publish", (session_id, stranger, False)), ("unpublish", (session_id, stranger))):
        with pytest.raises(AppError) as raised:
            api.predict(*arguments, api_name=f"/{name}")
        with pytest.raises(AppError) as unknown:
            api.predict(missing, *arguments[1:], api_name=f"/{name}")
        held = (str(raised.value).replace(session_id, missing) == str(unknown.value)
                == f"session_id: no comic with id '{missing}'.")
        attack.record(f"API {name} of another's comic as {stranger!r}", held)
        assert held, str(raised.value)
    held = target.studio.publication_of(session_id) is None
    attack.record(f"nothing published after a stranger's try ({stranger!r})", held)
    assert held


def test_a_strangers_unpublish_leaves_a_shared_comic_shared(target, http, attack) -> None:
    session_id = make_comic(target.studio, "A mole digs to the sea", ALICE, seed=13)
    token = target.studio.publish(session_id, ALICE).token
    for stranger in STRANGERS:
        with pytest.raises(AppError):
            target.client().predict(session_id, stranger, api_name="/unpublish")
    held = http.get(f"share/{token}").status_code == 200
    attack.record("a stranger's unpublish", held)
    assert held
    target.studio.unpublish(session_id, ALICE)


def test_the_session_id_a_guessed_folder_and_odd_tokens_lead_nowhere(target, http, attack) -> None:
    session_id = target.alice_comic["session_id"]
    folder = target.studio.sessions.folder(session_id)
    reference = http.get(f"share/{UNKNOWN}")
    for path in (f"share/{session_id}", f"share/{session_id}/page.png", "share/" + "A" * 23, "share/" + "z" * 4000,
                 "share/%00" + "A" * 21, "share/..%2F..%2Fstudio.db", f"share/{UNKNOWN}%20", "share/%F0%9F%98%80"):
        answer = http.get(path)
        held = answer.status_code == 404 and (path.count("/") != 1 or answer.content == reference.content)
        attack.record(f"GET {path[:60]}", held)
        assert held, path
    guessed = folder.parent / session_id / "comic.png"  # the folder without its random part
    answer = http.get("gradio_api/file=" + quote(str(guessed), safe="/"))
    held = answer.status_code in (403, 404)
    attack.record("Gradio's file route with the folder guessed from the session id", held)
    assert held


def test_markup_in_the_title_captions_and_alt_text_is_shown_as_text(target, http, attack) -> None:
    session_id = make_comic(target.studio, "A pig sails a bathtub", ALICE, seed=14)
    session, folder = target.studio.load_session(session_id), target.studio.sessions.folder(session_id)
    final = session.final_attempt
    panels = [p.model_copy(update={"subtitle": XSS, "description": XSS}) for p in final.panels]
    attempts = [a.model_copy(update={"panels": panels}) if a.attempt == final.attempt else a for a in session.attempts]
    target.studio.sessions.save(session.model_copy(update={"title": XSS, "attempts": attempts}), folder)
    token = target.studio.publish(session_id, ALICE).token
    page = http.get(f"share/{token}", headers={"x-forwarded-host": 'evil.example"><script>alert(2)</script>'}).text
    gallery = http.get("gallery").text
    held = ("<script>alert" not in page and "<img src=x" not in page and "<script>alert" not in gallery
            and "&lt;script&gt;" in page and "&lt;script&gt;" in gallery)
    attack.record("markup in a title, captions and alt text", held)
    assert held
    tags = dict(re.findall(r'<meta (?:property|name)="((?:og|twitter):[a-z:]+)" content="([^"]*)">', page))
    held = ({"og:title", "og:description", "og:image", "og:type", "twitter:card"} <= set(tags)
            and tags["og:title"].startswith("&lt;script&gt;") and tags["og:type"] == "article"
            and tags["twitter:card"] == "summary_large_image" and tags["og:image"].endswith(f"/share/{token}/page.png"))
    attack.record("Open Graph tags present and escaped", held)
    assert held, tags
    title = re.search(r"<title>(.*?)</title>", page, re.S)
    assert title and title.group(1).startswith("&lt;script&gt;")
    target.studio.unpublish(session_id, ALICE)


@pytest.mark.parametrize("whose", ["alice", "browser"])
def test_no_key_owner_id_comment_or_folder_reaches_a_public_page(target, http, attack, whose: str) -> None:
    if whose == "alice":
        session_id, owner, comment = target.alice_comic["session_id"], ALICE, ALICE_COMMENT
        secrets = [ALICE]
    else:
        session_id, owner, comment = target.browser_comic, browser_owner(target.browser_secret), BROWSER_COMMENT
        secrets = [target.browser_secret, owner]
    session = target.studio.load_session(session_id)
    assert session.comments  # the comic has a comment to leak
    folder = target.studio.sessions.folder(session_id)
    token = target.studio.publish(session_id, owner, include_transcripts=True).token
    page = http.get(f"share/{token}").text
    assert "How Bayko and Brown made it" in page  # the conversation is there, without the comments
    bundle = zipfile.ZipFile(BytesIO(http.get(f"share/{token}/download/comic.zip").content))
    packed = b"".join(bundle.read(name) for name in bundle.namelist() if not name.endswith((".png", ".pdf", ".cbz")))
    gallery = http.get("gallery").text
    private = [*secrets, session.request.user_id or "", comment, *(c.comment_id for c in session.comments),
               folder.name, "gradio_api/file", session_id]
    for text in (page, gallery, packed.decode("utf-8", "replace")):
        leaked = [p for p in private if p and (p in text or p.replace("'", "&#39;") in text)]
        held = not leaked
        attack.record(f"{whose}'s comic: nothing private on its public page, gallery or bundle", held)
        assert held, leaked
    assert "manifest.json" not in bundle.namelist()
    target.studio.unpublish(session_id, owner)
