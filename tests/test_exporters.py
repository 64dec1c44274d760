"""Every export opens with an ordinary reader: Pillow, zipfile, a VTT and an SRT parse."""

from __future__ import annotations

import asyncio
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest
from PIL import Image

from agents.studio import open_studio
from services.art.comic_page import page_groups
from services.storage.exporters import EXPORTS


def make(data_dir: Path, renderer, panels: int, layout: str):
    studio = open_studio(data_dir, renderer=renderer)

    async def run():
        return [e async for e in studio.generate({"prompt": "A fox and a bear bake a cake in the kitchen",
                                                   "panels": panels, "layout": layout})][-1]
    finished = asyncio.run(run())
    return finished.session, Path(finished.session_dir)


def cues(text: str, separator: str) -> list[str]:
    pattern = rf"(\d\d:\d\d:\d\d{separator}\d\d\d) --> (\d\d:\d\d:\d\d{separator}\d\d\d)\n(.+)"
    return [match[2] for match in re.findall(pattern, text)]


@pytest.mark.parametrize(("panels", "layout"), [(4, "grid_2x2"), (6, "grid_2x2"), (8, "grid_3x2"), (3, "strip"),
                                                (5, "vertical")])
def test_every_export_opens_with_one_cue_and_one_page_image_per_panel(data_dir: Path, recording_renderer,
                                                                       panels: int, layout: str) -> None:
    session, folder = make(data_dir, recording_renderer, panels, layout)
    subtitles = [p.subtitle for p in session.final_attempt.panels]
    for name in EXPORTS:
        assert (folder / name).is_file()
    pages = len(page_groups(panels, layout))
    with Image.open(folder / "comic.png") as png:
        png.load()
    pdf = (folder / "comic.pdf").read_bytes()  # Pillow writes PDFs but cannot read them: read the structure
    assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")
    assert len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf)) == pages
    assert len(re.findall(rb"/Subtype\s*/Image", pdf)) == pages
    with zipfile.ZipFile(folder / "comic.cbz") as cbz:
        images = [n for n in cbz.namelist() if n.endswith(".png")]
        assert len(images) == pages
        for name in images:
            with Image.open(cbz.open(name)) as page:
                page.load()
        info = ElementTree.fromstring(cbz.read("ComicInfo.xml"))
        assert info.findtext("PageCount") == str(pages) and len(info.find("Pages")) == pages
    assert cues((folder / "subtitles.vtt").read_text(), r"\.") == subtitles
    srt = (folder / "subtitles.srt").read_text()
    assert cues(srt, ",") == subtitles
    assert re.findall(r"^(\d+)$", srt, re.MULTILINE) == [str(n) for n in range(1, panels + 1)]
    with zipfile.ZipFile(folder / "comic.zip") as bundle:
        assert set(bundle.namelist()) == {*EXPORTS[:-1], "manifest.json"}


def test_an_unknown_layout_is_refused(data_dir: Path, recording_renderer) -> None:
    from services.schemas import InvalidRequest

    with pytest.raises(InvalidRequest, match="layout: must be one of grid_2x2, grid_3x2, strip, vertical"):
        make(data_dir, recording_renderer, 2, "collage")


def test_no_page_is_saved_from_two_threads(data_dir: Path, recording_renderer, monkeypatch) -> None:
    # Pillow keeps a save's encoder settings on the Image: two threads saving one Image mix PNG and JPEG settings.
    import threading

    savers: dict[int, set[int]] = {}
    original = Image.Image.save

    def recording_save(self, *args, **kwargs):
        savers.setdefault(id(self), set()).add(threading.get_ident())
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Image.Image, "save", recording_save)
    make(data_dir, recording_renderer, 6, "grid_2x2")
    assert savers and all(len(threads) == 1 for threads in savers.values())
