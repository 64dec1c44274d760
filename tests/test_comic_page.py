"""Comic pages: each subtitle in a caption band outside the art, in four layouts."""

from __future__ import annotations

import pytest
from PIL import Image

from services.art.comic_page import (
    CAPTION_FONT_MIN,
    GUTTER,
    LAYOUTS,
    caption_size,
    compose_pages,
    grid_shape,
    page_groups,
    stack_pages,
)


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


# The 2x2 grid's page is the reference for readable captions: shown at screen width, no other
# layout may shrink a caption below a fraction of it (an 8-panel strip was 4312 px wide).
GRID_WIDTH = 2 * LAYOUTS["grid_2x2"].cell + 3 * GUTTER


@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("count", range(1, 9))
def test_pages_stay_readable_for_every_count(layout: str, count: int) -> None:
    pages = compose_pages(panels(count), ["a caption long enough to wrap onto a second line of text"] * count, layout)
    cell = LAYOUTS[layout].cell
    assert caption_size(cell) >= caption_size(LAYOUTS["grid_2x2"].cell) == CAPTION_FONT_MIN
    for group, page in zip(page_groups(count, layout), pages):
        columns, rows = grid_shape(len(group), layout)
        assert columns <= 4 and rows <= 4 and columns * rows >= len(group) > (columns * rows) - max(columns, rows)
        assert page.width == columns * cell + (columns + 1) * GUTTER
        assert page.width <= 4 * cell + 5 * GUTTER
        # The caption keeps at least half its 2x2 size when the page is scaled to the grid's width.
        assert caption_size(cell) * GRID_WIDTH / page.width >= CAPTION_FONT_MIN / 2
        assert page.height >= rows * cell


@pytest.mark.parametrize(("layout", "count", "shape"), [
    ("strip", 4, (4, 1)), ("strip", 5, (3, 2)), ("strip", 8, (4, 2)), ("strip", 7, (4, 2)),
    ("vertical", 4, (1, 4)), ("vertical", 5, (2, 3)), ("vertical", 8, (2, 4)),
    ("grid_2x2", 3, (2, 2)), ("grid_3x2", 6, (3, 2)), ("grid_3x2", 2, (2, 1)),
])
def test_long_strips_and_scrolls_wrap_at_four(layout: str, count: int, shape: tuple[int, int]) -> None:
    assert grid_shape(count, layout) == shape


def test_an_eight_panel_strip_is_two_rows_of_four() -> None:
    [page] = compose_pages(panels(8), ["caption"] * 8, "strip")
    cell = LAYOUTS["strip"].cell
    assert page.width == 4 * cell + 5 * GUTTER
    first_column = [page.getpixel((GUTTER + 5, y)) for y in range(page.height)]
    colour_of = [(200 - 20 * i, 20 * i, 90) for i in range(8)]
    # Panel 5 (index 4) starts row two, under panel 1, in reading order.
    assert colour_of[0] in first_column and colour_of[4] in first_column
    assert first_column.index(colour_of[4]) > first_column.index(colour_of[0]) + cell
    assert page.getpixel((GUTTER + 3 * (cell + GUTTER) + 5, GUTTER + 5)) == colour_of[3]
