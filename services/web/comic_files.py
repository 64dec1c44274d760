"""The studio's download route: `/comic/<folder>/<name>`, each export written the first time it is asked for.

The capability is the same as Gradio's file route gave before: the comic's served folder name
(`<session_id>-<24 hex>`, its random part known only to whoever was shown the comic). The URL's two parts never
reach the filesystem: the folder is looked up in the index by its session id and must carry the same random
part, and the name must be one of the known exports (or the manifest). Anything else (an unknown comic, a wrong
random part, a name not offered, a comic that cannot be exported) gets the same 404.
"""

from __future__ import annotations

import logging
import secrets
from pathlib import Path
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from services.storage.exporters import EXPORTS, export_bytes
from services.storage.session_store import MANIFEST, check_session_id
from services.web.download_names import download_name
from services.web.views import short

if TYPE_CHECKING:  # the studio's page imports this module for its links, without the agents behind it
    from agents.studio import Studio

log = logging.getLogger(__name__)
ROUTE_PREFIX = "comic"
METHODS = ["GET", "HEAD"]
OFFERED = (*EXPORTS, MANIFEST)
MEDIA_TYPES = {"png": "image/png", "pdf": "application/pdf", "cbz": "application/vnd.comicbook+zip",
               "vtt": "text/vtt; charset=utf-8", "srt": "application/x-subrip; charset=utf-8",
               "zip": "application/zip", "json": "application/json"}
# Links carry `?v=<version>`, so a cached file of another version is never reused; revalidate anyway.
HEADERS = {"Cache-Control": "private, no-cache", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
TITLE_CHARS = 90  # the title the studio shows when a comic has none of its own (its prompt, shortened)


def download_href(folder: Path, name: str) -> str:
    """The link to one of a comic's files, relative to the studio's page (so a proxy's path prefix is kept)."""
    return f"{ROUTE_PREFIX}/{folder.name}/{name}"


def exported(studio: Studio, session_id: str, folder: Path, name: str) -> bytes | None:
    """An export of the version shown, written now if nobody asked for it before (and then counted in the disk
    budget); None when it cannot be (deleted meanwhile, or a record that cannot be exported: logged)."""
    try:
        export = export_bytes(folder, name)
        if export.written:
            studio.sessions.record_size(session_id)
        return export.data
    except Exception:
        log.warning("could not export %s of %s", name, folder.name, exc_info=True)
        return None


def attachment(data: bytes, title: str, name: str, headers: dict[str, str]) -> Response:
    """A file to download, of its kind's media type, under the name made from the comic's title."""
    return Response(data, media_type=MEDIA_TYPES[name.rpartition(".")[2]], headers={
        **headers, "Content-Disposition": f'attachment; filename="{download_name(title, name)}"'})


def comic_file_routes(studio: Studio) -> list[Route]:
    """The download route, for `launch(app_kwargs={"routes": ...})`; GET and HEAD only."""

    def missing() -> Response:
        return PlainTextResponse("No such file.", status_code=404, headers=HEADERS)

    def serve(request: Request) -> Response:
        name = str(request.path_params.get("name", ""))
        folder = _served_folder(studio, str(request.path_params.get("folder", "")))
        if folder is None or name not in OFFERED:
            return missing()
        try:
            session = studio.load_session(folder_session_id(folder.name) or "")
            data = (folder / MANIFEST).read_bytes() if name == MANIFEST else exported(
                studio, session.session_id, folder, name)
        except Exception:  # deleted meanwhile: not here, and logged
            log.warning("could not serve %s of %s", name, folder.name, exc_info=True)
            return missing()
        if data is None:
            return missing()
        return attachment(data, session.title or short(session.request.prompt, TITLE_CHARS), name, HEADERS)

    async def endpoint(request: Request) -> Response:
        return await run_in_threadpool(serve, request)  # the index, the lock and the drawing stay off the event loop

    async def nothing(request: Request) -> Response:
        return missing()

    # Anything else under /comic answers like an unknown comic (not Gradio's JSON 404).
    return [Route(f"/{ROUTE_PREFIX}/{{folder}}/{{name}}", endpoint, methods=METHODS),
            Route(f"/{ROUTE_PREFIX}/{{rest:path}}", nothing, methods=METHODS)]


def folder_session_id(folder_name: str) -> str | None:
    """`<session_id>-<random>` → the session id, or None when the name has no such shape."""
    session_id, dash, secret = folder_name.rpartition("-")
    if not dash or not secret:
        return None
    try:
        return check_session_id(session_id)
    except Exception:  # not a session id at all
        return None


def _served_folder(studio: Studio, folder_name: str) -> Path | None:
    """The comic's folder when `folder_name` is exactly its served folder's name (random part and all)."""
    session_id = folder_session_id(folder_name)
    if session_id is None:
        return None
    try:
        folder = studio.sessions.folder(session_id)
    except Exception:  # unknown comic: the same 404
        return None
    # Only folders the server made (not a CLI `--out` folder), compared in constant time like any secret.
    if folder.parent != studio.sessions.sessions_dir or not secrets.compare_digest(folder.name.encode(), folder_name.encode()):
        return None
    return folder
