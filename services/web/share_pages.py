"""The public pages, served by the studio's own server: `/share/<token>` (one published comic) and `/gallery`.

Anyone may read them, with no key. Every route (the page, its images, its
downloads) looks the publication up again on every request, so the moment an
owner unpublishes, each of them answers exactly like a token that never
existed: the same 404 and the same page. Files are read from the comic's folder
by name, never through Gradio's file route, so the folder's random part (the
owner's capability there) never appears on a public page.

Links are relative to the page (`../gallery`), so the pages work behind a proxy
path; only the Open Graph URLs are absolute, as link previews need.
"""

from __future__ import annotations

import io
import logging
import zipfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import Route

from agents.studio import Studio
from services.schemas import ComicSession
from services.storage.publications import PAGE_MAX, Publication
from services.web.comic_files import attachment, exported
from services.web.share_views import BUNDLE, PUBLIC_FILES, gallery_card, share_view, shown_attempt

log = logging.getLogger(__name__)
TEMPLATES_DIR = Path(__file__).resolve().parents[2] / "assets" / "templates" / "public"
GALLERY_PER_PAGE = 12
METHODS = ["GET", "HEAD"]
# Nothing public is cached: after unpublishing, a browser or proxy must ask again (and get the 404).
HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
           "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; "
                                      "base-uri 'none'; form-action 'none'; frame-ancestors 'self'"}

Endpoint = Callable[[Request], Awaitable[Response]]


def templates() -> Environment:
    """Jinja2 with autoescape on for every template and string: a title with `<script>` is shown as text."""
    return Environment(loader=FileSystemLoader(TEMPLATES_DIR), autoescape=select_autoescape(
        enabled_extensions=("html", "xml"), default_for_string=True, default=True), auto_reload=False)


def share_routes(studio: Studio) -> list[Route]:
    """The public routes, for `launch(app_kwargs={"routes": ...})`; GET and HEAD only."""
    env = templates()

    def missing(request: Request) -> Response:
        """One answer for every kind of "not here": unknown, unpublished, malformed, a file that is not offered."""
        return HTMLResponse(env.get_template("missing.html").render(**_links(request)), status_code=404,
                            headers=HEADERS)

    def published(request: Request) -> tuple[Publication, ComicSession, Path] | None:
        publication = studio.publication(request.path_params.get("token"))
        if publication is None:
            return None
        try:
            session = studio.load_session(publication.session_id)
            return publication, session, studio.sessions.folder(publication.session_id)
        except Exception:  # unpublished or deleted between the two reads, or an unreadable record: not here
            log.warning("published comic %s could not be read", publication.session_id, exc_info=True)
            return None

    async def share_page(request: Request) -> Response:
        found = await run_in_threadpool(published, request)
        if found is None:
            return missing(request)
        publication, session, folder = found
        transcripts = None
        if publication.include_transcripts:
            try:
                transcripts = await studio.conversation(publication.session_id)
            except Exception:  # the comic still shows without its conversation
                log.warning("transcripts of %s could not be read", publication.session_id, exc_info=True)
        # Every public file can be written on request (`download`): offered when the comic has a version to show.
        available = [name for name, _ in PUBLIC_FILES] if shown_attempt(session) else []
        comic = share_view(session, publication, available, transcripts)
        root = _root_url(request, publication.share_path)
        page = env.get_template("share.html").render(
            comic=comic, page_url=f"{root}{publication.share_path}",
            image_url=f"{root}{publication.share_path}/page.png" if comic.page_image else "", **_links(request))
        return HTMLResponse(page, headers=HEADERS)

    def page_image(request: Request) -> Response:
        found = published(request)
        page = exported(studio, found[0].session_id, found[2], "comic.png") if found is not None else None
        if page is None:
            return missing(request)
        return Response(page, media_type="image/png", headers=HEADERS)

    def panel_image(request: Request) -> Response:
        found = published(request)
        number = _number(request.path_params.get("number", ""))
        if found is None or number is None:
            return missing(request)
        _, session, folder = found
        attempt = shown_attempt(session)
        drawn = [p for p in (attempt.panels if attempt else []) if p.image]
        if not 1 <= number <= len(drawn):
            return missing(request)
        path = (folder / str(drawn[number - 1].image)).resolve()
        if not path.is_relative_to(folder.resolve()) or not path.is_file():
            return missing(request)
        return FileResponse(path, media_type="image/png", headers=HEADERS)

    def download(request: Request) -> Response:
        found = published(request)
        name = str(request.path_params.get("name", ""))
        if found is None or (name not in dict(PUBLIC_FILES) and name != BUNDLE):
            return missing(request)
        publication, session, folder = found
        data = (_bundle(studio, publication.session_id, folder) if name == BUNDLE
                else exported(studio, publication.session_id, folder, name))
        if data is None:
            return missing(request)
        return attachment(data, session.title or publication.title, name, HEADERS)

    def gallery(request: Request) -> Response:
        page = _number(request.query_params.get("page", "1")) or 1
        cards = [gallery_card(p) for p in studio.gallery(page, GALLERY_PER_PAGE + 1)]
        following = page + 1 if len(cards) > GALLERY_PER_PAGE else None
        body = env.get_template("gallery.html").render(
            cards=cards[:GALLERY_PER_PAGE], page=page, previous=page - 1 if page > 1 else None,
            following=following, **_links(request))
        return HTMLResponse(body, headers=HEADERS)

    def nothing(request: Request) -> Response:
        return missing(request)

    def threaded(endpoint: Callable[[Request], Response]) -> Endpoint:
        async def run(request: Request) -> Response:
            return await run_in_threadpool(endpoint, request)  # SQLite and file reads stay off the event loop
        return run

    return [
        Route("/gallery", threaded(gallery), methods=METHODS),
        Route("/share/{token}", share_page, methods=METHODS),
        Route("/share/{token}/page.png", threaded(page_image), methods=METHODS),
        Route("/share/{token}/panels/{number}.png", threaded(panel_image), methods=METHODS),
        Route("/share/{token}/download/{name}", threaded(download), methods=METHODS),
        # Everything else under /share answers like an unknown token (not Gradio's JSON 404).
        Route("/share", threaded(nothing), methods=METHODS),
        Route("/share/{rest:path}", threaded(nothing), methods=METHODS),
    ]


def _links(request: Request) -> dict[str, str]:
    """The studio and the gallery, relative to this page (so a proxy's path prefix is kept). Counted on the path as
    sent (`%2F` is no folder to a browser resolving `../`), so every 404 under /share/<x> is the same page."""
    raw = request.scope.get("raw_path") or str(request.scope.get("path", "/")).encode("utf-8")
    depth = bytes(raw).count(b"/") - 1
    up = "../" * depth if depth > 0 else "./"
    return {"home": up, "gallery": f"{up}gallery" if depth > 0 else "gallery"}


def _root_url(request: Request, route_path: str) -> str:
    """The public address of the studio, as Gradio works it out (a proxy's forwarded host and scheme)."""
    try:
        from gradio.route_utils import get_root_url

        return get_root_url(request=request, route_path=route_path,
                            root_path=request.scope.get("root_path") or None)
    except Exception:  # a malformed forwarded host: the address the request came to
        return str(request.base_url).rstrip("/")


def _number(text: Any) -> int | None:
    """A page or panel number: 1-4 digits, nothing else."""
    text = str(text)
    if not (text.isascii() and text.isdigit() and len(text) <= 5):
        return None
    number = int(text)
    return number if 1 <= number <= PAGE_MAX else None


def _bundle(studio: Studio, session_id: str, folder: Path) -> bytes | None:
    """The public files in one zip, made on request: the stored `comic.zip` also holds the private manifest."""
    files = [(name, exported(studio, session_id, folder, name)) for name, _ in PUBLIC_FILES]
    if any(data is None for _, data in files):
        return None
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as archive:  # PNG, PDF, CBZ: compressed already
        for name, data in files:
            archive.writestr(name, data or b"")
    return buffer.getvalue()
