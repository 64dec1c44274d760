"""Everything a finished comic is exported as, written into its session folder.

`comic.png` (every page, top to bottom), `comic.pdf` (one page per layout
page), `comic.cbz` (page images plus a `ComicInfo.xml`, for comic readers),
`subtitles.vtt` and `subtitles.srt` (one cue per panel, in order), and
`comic.zip` with all of them and `manifest.json`. Each file is written
atomically, so a crash never leaves half a file behind.

A studio writes them all when a comic finishes (`complete`, the CLI: its session
folder is documented as whole), or each the first time someone asks for it
(`on_demand`, the web server: a comic nobody downloads keeps only its panels and
manifest). Either way the files in a folder are always those of the version the
manifest shows: every write and every `forget_exports` (when another version is
shown) holds the folder's lock and reads the manifest under it, so a download
racing a follow-up never leaves the old version's file behind for the new one.
"""

from __future__ import annotations

import fcntl
import io
import os
import zipfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Literal, NamedTuple
from xml.etree import ElementTree

from PIL import Image

from services.art.comic_page import compose_pages, stack_pages
from services.schemas import ComicSession, Panel
from services.storage.session_store import MANIFEST, PNG_COMPRESS_LEVEL, load_panel_images, write_atomically
from services.storage.subtitles import to_srt, to_vtt

EXPORTS = ("comic.png", "comic.pdf", "comic.cbz", "subtitles.vtt", "subtitles.srt", "comic.zip")
BUNDLE = "comic.zip"
PAGE_FILES = ("comic.png", "comic.pdf", "comic.cbz")  # drawn from the composed pages
PDF_RESOLUTION = 150.0
ExportMode = Literal["complete", "on_demand"]
EXPORT_MODES: tuple[ExportMode, ...] = ("complete", "on_demand")


def png_bytes(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()


def comic_info_xml(session: ComicSession, page_count: int) -> bytes:
    """The ComicInfo.xml that comic readers look for inside a CBZ."""
    root = ElementTree.Element("ComicInfo")
    panels = session.final_attempt.panels if session.final_attempt else []
    fields = {
        "Title": session.title or session.request.prompt[:200], "Series": "Bayko & Brown",
        "Summary": " ".join(panel.subtitle for panel in panels)[:2000], "Writer": "Bayko", "Editor": "Brown",
        "Year": str(session.created_at.year), "Month": str(session.created_at.month),
        "PageCount": str(page_count), "LanguageISO": session.reading.language if session.reading else "en", "Manga": "No",
        "Notes": "Pictograms: OpenMoji (openmoji.org), CC BY-SA 4.0.",
    }
    for tag, text in fields.items():
        ElementTree.SubElement(root, tag).text = text
    pages = ElementTree.SubElement(root, "Pages")
    for number in range(page_count):
        ElementTree.SubElement(pages, "Page", Image=str(number), Type="FrontCover" if number == 0 else "Story")
    return ElementTree.tostring(root, encoding="utf-8", xml_declaration=True)


@contextmanager
def exports_lock(folder: Path) -> Iterator[None]:
    """The folder's own lock (flock on its directory: no extra file, and it holds across processes and threads)."""
    handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)  # closing releases the lock


def write_exports(folder: Path, session: ComicSession, panels: Sequence[Panel], images: Sequence[Image.Image]) -> None:
    """Write every export of the final attempt (the manifest must already be in `folder`)."""
    with exports_lock(folder):
        _Writer(folder, session, panels, images).write(EXPORTS)


def write_all_exports(folder: Path) -> None:
    """Every export of the version the manifest shows, from its stored panels (a `complete` studio's comics)."""
    with exports_lock(folder):
        _Writer(folder, _shown_session(folder)).write(EXPORTS)


class Export(NamedTuple):
    data: bytes
    written: bool  # this call wrote it: the caller records the comic's new size (`SessionStore.record_size`)


def ensure_exports(folder: Path, names: Iterable[str]) -> bool:
    """Each of `names` in `folder`, written now from the manifest and the stored panels unless it already is (then
    kept); True when anything was written. Two requests at once: the second waits for the first's files and reuses
    them. Raises `ValueError` for a name that is not an export (no other name ever reaches the filesystem)."""
    wanted = [_checked(name) for name in names]
    with exports_lock(folder):
        return _ensure(folder, wanted)


def export_bytes(folder: Path, name: str) -> Export:
    """The export's bytes, ensured and read under the folder's lock: a follow-up that forgets the file just after
    cannot pull it away from a response half sent."""
    path = folder / _checked(name)
    with exports_lock(folder):
        written = _ensure(folder, [name])
        return Export(path.read_bytes(), written)


def _checked(name: str) -> str:
    if name not in EXPORTS:
        raise ValueError(f"name: not an export of a comic ({str(name)[:40]!r}).")
    return name


def _ensure(folder: Path, names: Sequence[str]) -> bool:
    missing = [name for name in names if not (folder / name).is_file()]
    if not missing:
        return False
    # Read under the lock: whatever version a follow-up saved last.
    _Writer(folder, _shown_session(folder)).write(missing)
    return True


def forget_exports(folder: Path) -> None:
    """Delete the exports of the version shown before (call after the manifest shows another one)."""
    with exports_lock(folder):
        for name in EXPORTS:
            (folder / name).unlink(missing_ok=True)


def _shown_session(folder: Path) -> ComicSession:
    return ComicSession.model_validate_json((folder / MANIFEST).read_text(encoding="utf-8"))


def _shown_panels(session: ComicSession) -> list[Panel]:
    attempt = session.final_attempt or (session.attempts[-1] if session.attempts else None)
    if attempt is None:
        raise ValueError("session: this comic has no drawn attempt to export yet.")
    return list(attempt.panels)


class _Writer:
    """Writes a comic's exports, each drawn from what the others already needed: the pages are composed once
    (the page PNG, the PDF and the CBZ all start from them) and each page encoded to PNG once (the page PNG and
    the CBZ share the bytes), however many files one call asks for."""

    def __init__(self, folder: Path, session: ComicSession, panels: Sequence[Panel] | None = None,
                 images: Sequence[Image.Image] | None = None) -> None:
        self.folder, self.session = folder, session
        self.panels = list(panels) if panels is not None else _shown_panels(session)
        self.images = list(images) if images is not None else None
        self._pages: list[Image.Image] | None = None
        self._page_pngs: list[bytes] | None = None

    def write(self, names: Iterable[str]) -> None:
        """Each of `names` (the bundle brings the files it holds), overwriting what is there."""
        wanted = set(names)
        if BUNDLE in wanted:
            wanted |= {name for name in EXPORTS if not (self.folder / name).is_file()}
        ordered = [name for name in EXPORTS if name in wanted]  # the bundle last: it holds the others
        # zlib and libjpeg release the GIL: the PDF is written while the PNG pages are encoded. Saving sets the
        # image's encoder settings, so the PDF gets its own copies: one Image saved from two threads at once mixes
        # the JPEG and PNG settings (a TypeError deep in Pillow under load).
        pdf = None
        with ThreadPoolExecutor(max_workers=1) as helper:
            if "comic.pdf" in ordered:
                pdf_pages = [page.copy() for page in self.pages()]
                pdf = helper.submit(self._save, "comic.pdf", partial(_write_pdf, pages=pdf_pages, session=self.session))
            for name in ordered:
                if name not in ("comic.pdf", BUNDLE):
                    self._write_one(name)
            if pdf is not None:
                pdf.result()
        if BUNDLE in ordered:  # last, once the PDF it holds is written
            self._write_one(BUNDLE)

    def pages(self) -> list[Image.Image]:
        if self._pages is None:
            images = self.images if self.images is not None else load_panel_images(self.folder, self.panels)
            self._pages = compose_pages(images, [p.subtitle for p in self.panels], self.session.request.layout)
        return self._pages

    def page_pngs(self) -> list[bytes]:
        if self._page_pngs is None:
            self._page_pngs = [png_bytes(page) for page in self.pages()]
        return self._page_pngs

    def _write_one(self, name: str) -> None:
        if name == "subtitles.vtt":
            self._save(name, partial(_write_text, text=to_vtt(self.panels)))
        elif name == "subtitles.srt":
            self._save(name, partial(_write_text, text=to_srt(self.panels)))
        elif name == "comic.png":
            pages = self.pages()
            data = self.page_pngs()[0] if len(pages) == 1 else png_bytes(stack_pages(pages))
            self._save(name, lambda tmp: tmp.write_bytes(data))
        elif name == "comic.cbz":
            info = comic_info_xml(self.session, len(self.pages()))
            self._save(name, lambda tmp: _write_cbz(tmp, self.page_pngs(), info))
        elif name == BUNDLE:
            self._save(name, lambda tmp: _write_bundle(tmp, self.folder))

    def _save(self, name: str, write: Callable[[Path], object]) -> None:
        write_atomically(self.folder / name, write, durable=False)


def _write_pdf(path: Path, pages: Sequence[Image.Image], session: ComicSession) -> None:
    pages[0].save(path, format="PDF", save_all=True, append_images=list(pages[1:]), resolution=PDF_RESOLUTION,
                  title=session.title or "Bayko & Brown comic", author="Bayko & Brown",
                  subject="Pictograms: OpenMoji (openmoji.org), CC BY-SA 4.0", keywords="comic, OpenMoji, CC BY-SA 4.0")


def _write_cbz(path: Path, page_pngs: Sequence[bytes], comic_info: bytes) -> None:
    # PNGs are already compressed: storing them keeps the CBZ fast to write and to open.
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED) as archive:
        for number, data in enumerate(page_pngs, start=1):
            archive.writestr(f"page_{number:03d}.png", data)
        archive.writestr("ComicInfo.xml", comic_info)


def _write_bundle(path: Path, folder: Path) -> None:
    # Its files are compressed already (PNG, PDF, CBZ) or tiny: storing them keeps the bundle quick to write.
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED) as archive:
        for name in (*EXPORTS[:-1], MANIFEST):
            archive.write(folder / name, arcname=name)


def _write_text(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
