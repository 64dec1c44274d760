"""Everything a finished comic is exported as, written into its session folder.

`comic.png` (every page, top to bottom), `comic.pdf` (one page per layout
page), `comic.cbz` (page images plus a `ComicInfo.xml`, for comic readers),
`subtitles.vtt` and `subtitles.srt` (one cue per panel, in order), and
`comic.zip` with all of them and `manifest.json`. Each file is written
atomically, so a crash never leaves half a file behind.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from xml.etree import ElementTree

from PIL import Image

from services.art.comic_page import compose_pages, stack_pages
from services.schemas import ComicSession, Panel
from services.storage.session_store import MANIFEST, PNG_COMPRESS_LEVEL, write_atomically
from services.storage.subtitles import to_srt, to_vtt

EXPORTS = ("comic.png", "comic.pdf", "comic.cbz", "subtitles.vtt", "subtitles.srt", "comic.zip")
PDF_RESOLUTION = 150.0


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


def write_exports(folder: Path, session: ComicSession, panels: Sequence[Panel], images: Sequence[Image.Image]) -> None:
    """Write every export of the final attempt (the manifest must already be in `folder`)."""
    pages = compose_pages(images, [panel.subtitle for panel in panels], session.request.layout)
    # zlib and libjpeg release the GIL: the PDF is written while the PNG pages are encoded. Saving sets the
    # image's encoder settings, so the PDF gets its own copies: one Image saved from two threads at once mixes
    # the JPEG and PNG settings (a TypeError deep in Pillow under load).
    pdf_pages = [page.copy() for page in pages]
    with ThreadPoolExecutor(max_workers=1) as helper:
        pdf = helper.submit(partial(write_atomically, durable=False), folder / "comic.pdf", lambda tmp: pdf_pages[0].save(
            tmp, format="PDF", save_all=True, append_images=pdf_pages[1:], resolution=PDF_RESOLUTION,
            title=session.title or "Bayko & Brown comic", author="Bayko & Brown",
            subject="Pictograms: OpenMoji (openmoji.org), CC BY-SA 4.0", keywords="comic, OpenMoji, CC BY-SA 4.0"))
        page_pngs = [png_bytes(page) for page in pages]
        comic_png = page_pngs[0] if len(pages) == 1 else png_bytes(stack_pages(pages))
        write_atomically(folder / "comic.png", lambda tmp: tmp.write_bytes(comic_png), durable=False)
        pdf.result()
    texts = {"subtitles.vtt": to_vtt(panels), "subtitles.srt": to_srt(panels)}
    for name, text in texts.items():
        write_atomically(folder / name, partial(_write_text, text=text), durable=False)
    write_atomically(folder / "comic.cbz", lambda tmp: _write_cbz(tmp, page_pngs, comic_info_xml(session, len(pages))),
                     durable=False)
    write_atomically(folder / "comic.zip", lambda tmp: _write_bundle(tmp, folder), durable=False)


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
