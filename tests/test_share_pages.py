"""The public pages through a real server: a published comic's page, images and downloads; the gallery; 404s."""

from __future__ import annotations

import re
import zipfile
from io import BytesIO

import httpx
import pytest
from share_helpers import make_comic

from services.web.download_names import download_name

OWNER = "share-pages-owner-key-5b1d"


@pytest.fixture(scope="module")
def http(studio_server):
    with httpx.Client(base_url=studio_server.url, timeout=30, trust_env=False) as client:
        yield client


@pytest.fixture(scope="module")
def shared(studio_server):
    session_id = make_comic(studio_server.studio, "A fox paints a lighthouse at night", OWNER)
    return studio_server.studio.publish(session_id, OWNER)


def test_the_share_page_shows_the_comic_to_anyone(studio_server, http, shared) -> None:
    session = studio_server.studio.load_session(shared.session_id)
    answer = http.get(shared.share_path.lstrip("/"))
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
    page = answer.text
    assert f"<h1>{session.title}</h1>" in page.replace("&#39;", "'")
    panels = session.final_attempt.panels
    for n, panel in enumerate(panels, start=1):
        assert f'src="{shared.token}/panels/{n}.png"' in page
        assert f'alt="Panel {n}: ' in page
        caption = panel.subtitle.replace("'", "&#39;").replace('"', "&#34;")
        assert caption in page
    assert re.search(r'<p class="verdict">Brown&#39;s verdict: Approved on attempt \d of 3\.', page)
    assert 'href="../"' in page and "Make your own comic" in page and 'href="../gallery"' in page
    assert "gradio_api/file=" not in page and shared.session_id not in page and OWNER not in page


def test_open_graph_tags_use_the_public_address(http, shared) -> None:
    page = http.get(shared.share_path.lstrip("/"), headers={"x-forwarded-host": "comics.example",
                                                            "x-forwarded-proto": "https"}).text
    assert f'<meta property="og:image" content="https://comics.example{shared.share_path}/page.png">' in page
    assert '<meta property="og:type" content="article">' in page
    assert '<meta name="twitter:card" content="summary_large_image">' in page
    assert re.search(r'<meta property="og:title" content="[^"]+">', page)
    description = re.search(r'<meta property="og:description" content="([^"]+)">', page)
    assert description and len(description.group(1)) <= 220
    plain = http.get(shared.share_path.lstrip("/")).text
    assert f'content="{str(http.base_url).rstrip("/")}{shared.share_path}/page.png"' in plain


def test_images_and_downloads_are_served_named_after_the_title(studio_server, http, shared) -> None:
    base = shared.share_path.lstrip("/")
    page = http.get(f"{base}/page.png")
    assert page.status_code == 200 and page.headers["content-type"] == "image/png" and page.content[:4] == b"\x89PNG"
    assert http.get(f"{base}/panels/1.png").content[:4] == b"\x89PNG"
    title = studio_server.studio.load_session(shared.session_id).title
    for name, kind in (("comic.pdf", b"%PDF"), ("subtitles.vtt", b"WEBVTT"), ("comic.cbz", b"PK"),
                       ("comic.png", b"\x89PNG"), ("subtitles.srt", b"1")):
        answer = http.get(f"{base}/download/{name}")
        assert answer.status_code == 200 and answer.content.startswith(kind), name
        assert download_name(title, name) in answer.headers["content-disposition"]
        assert answer.headers["cache-control"] == "no-store"


def test_the_bundle_holds_the_public_files_and_never_the_manifest(http, shared) -> None:
    answer = http.get(f"{shared.share_path.lstrip('/')}/download/comic.zip")
    assert answer.status_code == 200 and "attachment" in answer.headers["content-disposition"]
    names = zipfile.ZipFile(BytesIO(answer.content)).namelist()
    assert set(names) == {"comic.png", "comic.pdf", "comic.cbz", "subtitles.vtt", "subtitles.srt"}


def test_head_works_and_other_methods_are_refused(http, shared) -> None:
    base = shared.share_path.lstrip("/")
    assert http.head(base).status_code == 200
    assert http.head(f"{base}/page.png").status_code == 200
    assert http.post(base).status_code == 405


@pytest.mark.parametrize("path", [
    "share/AAAAAAAAAAAAAAAAAAAAAA", "share/not-a-token", "share/" + "x" * 5000, "share/%3Cscript%3E",
    "share/{token}/panels/99.png", "share/{token}/panels/0.png", "share/{token}/panels/one.png",
    "share/{token}/download/manifest.json", "share/{token}/download/..%2Fmanifest.json",
    "share/{token}/download/studio.db", "share/{token}/attempt_1/panel_1.png", "share", "share/"])
def test_everything_that_is_not_offered_is_the_same_404(http, shared, path: str) -> None:
    reference = http.get("share/AAAAAAAAAAAAAAAAAAAAAA")
    answer = http.get(path.replace("{token}", shared.token))
    assert answer.status_code == 404 and "No comic here" in answer.text
    if path.count("/") == 1:
        assert answer.text == reference.text


def test_the_gallery_lists_published_comics_newest_first_and_pages(studio_server, http, shared) -> None:
    other = studio_server.studio.publish(make_comic(studio_server.studio, "A crab opens a bakery", OWNER, seed=4), OWNER)
    page = http.get("gallery").text
    assert page.index(f'href="share/{other.token}"') < page.index(f'href="share/{shared.token}"')
    assert f'src="share/{shared.token}/panels/1.png"' in page
    assert 'href="./"' in page and "Make your own comic" in page
    for bad in ("0", "-1", "x", "99999999999", "1e3"):
        assert http.get("gallery", params={"page": bad}).status_code == 200
    far = http.get("gallery", params={"page": "500"}).text
    assert "There are no comics on page 500" in far


def test_a_conversation_is_shown_only_when_the_owner_includes_it(studio_server, http) -> None:
    session_id = make_comic(studio_server.studio, "A bear learns to juggle", OWNER, seed=5)
    first = studio_server.studio.publish(session_id, OWNER)
    assert "How Bayko and Brown made it" not in http.get(first.share_path.lstrip("/")).text
    studio_server.studio.publish(session_id, OWNER, include_transcripts=True)
    page = http.get(first.share_path.lstrip("/")).text
    assert "How Bayko and Brown made it" in page and "Brown, the director" in page and "Bayko, the artist" in page
    studio_server.studio.unpublish(session_id, OWNER)


def test_the_api_publishes_lists_and_unpublishes_for_the_owner_only(studio_server, http) -> None:
    from gradio_client import Client
    from gradio_client.exceptions import AppError

    api = Client(studio_server.url, analytics_enabled=False, verbose=False)
    _, _, summary = api.predict("A goat flies a kite", "classic", 2, 8, OWNER, api_name="/generate")
    session_id = summary["session_id"]
    with pytest.raises(AppError, match=f"^session_id: no comic with id '{session_id}'.$"):
        api.predict(session_id, "someone-else-key", False, api_name="/publish")
    with pytest.raises(AppError, match="^include_conversation: must be true or false"):
        api.predict(session_id, OWNER, "maybe", api_name="/publish")
    published = api.predict(session_id, OWNER, False, api_name="/publish")
    assert set(published) == {"share_path", "token", "published_at"}
    assert published["share_path"] == f"/share/{published['token']}"
    assert http.get(published["share_path"].lstrip("/")).status_code == 200
    listed = api.predict(1, api_name="/gallery")
    assert listed[0] == {"title": summary["title"], "share_path": published["share_path"],
                         "published_at": published["published_at"]}
    with pytest.raises(AppError, match="^page: must be a whole number"):
        api.predict(0, api_name="/gallery")
    with pytest.raises(AppError, match=f"no comic with id '{session_id}'"):
        api.predict(session_id, "someone-else-key", api_name="/unpublish")
    assert http.get(published["share_path"].lstrip("/")).status_code == 200
    assert api.predict(session_id, OWNER, api_name="/unpublish") == {"unpublished": True}
    assert http.get(published["share_path"].lstrip("/")).status_code == 404
    assert published["share_path"] not in {p["share_path"] for p in api.predict(1, api_name="/gallery")}


def test_publish_unpublish_and_gallery_are_callable_by_name_but_not_public(studio_server) -> None:
    info = httpx.get(studio_server.url + "gradio_api/info", timeout=30, trust_env=False).json()
    every = httpx.get(studio_server.url + "gradio_api/info?all_endpoints=True", timeout=30, trust_env=False).json()
    names = {"/publish", "/unpublish", "/gallery"}
    assert names <= set(every["named_endpoints"]) and not names & set(info["named_endpoints"])
