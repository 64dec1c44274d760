"""The comic page puts each subtitle in a caption band outside the art."""

from __future__ import annotations

from PIL import Image

from services.comic_page import GUTTER, compose_page


def test_panels_are_pasted_untouched_with_captions_below() -> None:
    panels = [Image.new("RGB", (768, 768), colour) for colour in [(200, 0, 0), (0, 200, 0), (0, 0, 200), (9, 9, 9)]]
    page = compose_page(panels, ["One", "Two", "Three", "Four"])
    assert page.width == 2 * 768 + 3 * GUTTER
    art = page.crop((GUTTER, GUTTER, GUTTER + 768, GUTTER + 768))
    assert art.getcolors() == [(768 * 768, (200, 0, 0))]
    band = page.crop((GUTTER, GUTTER + 768, GUTTER + 768, GUTTER + 800))
    assert len(band.getcolors(1 << 16)) > 2


def test_every_panel_count_has_a_layout() -> None:
    for count in range(1, 9):
        page = compose_page([Image.new("RGB", (768, 768))] * count, ["caption"] * count)
        assert page.width > 0 and page.height > 0
