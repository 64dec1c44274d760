"""Comic pages: each subtitle in a caption band outside the art, in four layouts."""

from __future__ import annotations

import pytest
from PIL import Image

from services.art.comic_page import GUTTER, LAYOUTS, compose_pages, page_groups, stack_pages


def panels(count: int) -> list[Image.Image]:
    return [Image.new("RGB", (768, 768), (200 - 20 * i, 20 * i, 90)) for i in range(count)]


def test_panels_are_pasted_with_captions_below() -> None:
    [page] = compose_pages(panels(4), ["One", "Two", "Three", "Four"], "grid_2x2")
    cell = LAYOUTS["grid_2x2"].cell
    assert page.width == 2 * cell + 3 * GUTTER
    art = page.crop((GUTTER, GUTTER, GUTTER + cell, GUTTER + cell))
    assert art.getcolors() == [(cell * cell, (200, 0, 90))]
    band = page.crop((GUTTER, GUTTER + cell, GUTTER + cell, GUTTER + cell + 32))
    assert len(band.getcolors(1 << 16)) > 2


@pytest.mark.parametrize(("layout", "count", "pages"), [
    ("grid_2x2", 4, [[0, 1, 2, 3]]), ("grid_2x2", 6, [[0, 1, 2, 3], [4, 5]]),
    ("grid_3x2", 6, [[0, 1, 2, 3, 4, 5]]), ("grid_3x2", 8, [[0, 1, 2, 3, 4, 5], [6, 7]]),
    ("strip", 5, [[0, 1, 2, 3, 4]]), ("vertical", 8, [list(range(8))]),
])
def test_layouts_put_panels_on_pages(layout: str, count: int, pages: list[list[int]]) -> None:
    assert page_groups(count, layout) == pages


def test_layout_shapes() -> None:
    strip = compose_pages(panels(4), ["a"] * 4, "strip")[0]
    vertical = compose_pages(panels(4), ["a"] * 4, "vertical")[0]
    grid = compose_pages(panels(6), ["a"] * 6, "grid_3x2")[0]
    assert strip.width > 3 * strip.height
    assert vertical.height > 3 * vertical.width
    assert grid.width == 3 * LAYOUTS["grid_3x2"].cell + 4 * GUTTER


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_every_panel_count_has_pages_in_every_layout(layout: str) -> None:
    for count in range(1, 9):
        pages = compose_pages(panels(count), ["caption"] * count, layout)
        assert sum(len(g) for g in page_groups(count, layout)) == count
        assert stack_pages(pages).height == sum(p.height for p in pages)
