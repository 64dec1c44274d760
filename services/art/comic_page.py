"""Comic pages: the final panels laid out with gutters, each subtitle in a caption band under its panel.

Captions are drawn here, on the page, outside the panel art; the panels
themselves never contain text. A layout decides how many columns and rows a
page holds: a 2×2 or 3×2 grid, a horizontal strip, or a vertical scroll. A
strip or a scroll of more than four panels wraps into rows (or columns) of at
most four, so the page never gets so long that its captions shrink out of
reading size when it is shown at screen width.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from services.config import ASSETS_DIR

GUTTER = 24
CAPTION_PADDING = 14
MAX_CAPTION_LINES = 6
CAPTION_FONT_MIN = 22  # the 2x2 grid's caption size: no layout prints smaller captions
MAX_RUN = 4  # panels in one row of a strip, or one column of a vertical scroll
PAPER = (250, 246, 236)
INK = (24, 22, 28)
CAPTION_FILL = (255, 253, 246)


@dataclass(frozen=True)
class Layout:
    columns: int  # at most this many side by side
    rows: int | None  # None: every panel on one page (wrapped by `grid_shape`)
    cell: int  # panel size on the page, in pixels


LAYOUTS = {
    "grid_2x2": Layout(columns=2, rows=2, cell=640),
    "grid_3x2": Layout(columns=3, rows=2, cell=512),
    "strip": Layout(columns=MAX_RUN, rows=None, cell=512),
    "vertical": Layout(columns=1, rows=None, cell=640),
}


def grid_shape(count: int, layout: str) -> tuple[int, int]:
    """(columns, rows) of a page holding `count` panels; reading order is row by row."""
    shape = LAYOUTS[layout]
    count = max(1, count)
    if layout == "strip":
        rows = math.ceil(count / MAX_RUN)
        columns = math.ceil(count / rows)
    elif layout == "vertical":
        columns = math.ceil(count / MAX_RUN)
        rows = math.ceil(count / columns)
    else:
        columns = min(shape.columns, count)
        rows = math.ceil(count / columns)
    return columns, rows


def caption_size(cell: int) -> int:
    return max(CAPTION_FONT_MIN, cell // 28)


@lru_cache(maxsize=4)
def caption_font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(ASSETS_DIR / "fonts" / "DejaVuSans.ttf"), size)


def page_groups(panel_count: int, layout: str) -> list[list[int]]:
    """Which panels go on which page."""
    shape = LAYOUTS[layout]
    per_page = panel_count if shape.rows is None else shape.columns * shape.rows
    return [list(range(start, min(start + per_page, panel_count))) for start in range(0, panel_count, per_page)]


def compose_pages(panels: Sequence[Image.Image], subtitles: Sequence[str], layout: str) -> list[Image.Image]:
    """One image per layout page."""
    return [_compose(panels, subtitles, group, layout) for group in page_groups(len(panels), layout)]


def stack_pages(pages: Sequence[Image.Image]) -> Image.Image:
    """Every page of a comic in one picture, top to bottom (`comic.png`)."""
    if len(pages) == 1:
        return pages[0]
    sheet = Image.new("RGB", (max(p.width for p in pages), sum(p.height for p in pages)), PAPER)
    top = 0
    for page in pages:
        sheet.paste(page, (0, top))
        top += page.height
    return sheet


def _compose(panels: Sequence[Image.Image], subtitles: Sequence[str], group: list[int], layout: str) -> Image.Image:
    shape = LAYOUTS[layout]
    columns, _ = grid_shape(len(group), layout)
    cell = shape.cell
    font = caption_font(caption_size(cell))
    line_height = int(font.size) + 8
    chars_per_line = max(20, int((cell - 2 * CAPTION_PADDING) / (font.size * 0.55)))
    wrapped = {i: textwrap.wrap(subtitles[i], chars_per_line)[:MAX_CAPTION_LINES] or [""] for i in group}
    rows = [group[start:start + columns] for start in range(0, len(group), columns)]
    bands = [max(len(wrapped[i]) for i in row) * line_height + 2 * CAPTION_PADDING for row in rows]
    width = columns * cell + (columns + 1) * GUTTER
    page = Image.new("RGB", (width, int(sum(cell + band + GUTTER for band in bands) + GUTTER)), PAPER)
    draw = ImageDraw.Draw(page)
    top = GUTTER
    for row, band in zip(rows, bands):
        for column, index in enumerate(row):
            left = GUTTER + column * (cell + GUTTER)
            art = panels[index] if panels[index].size == (cell, cell) else panels[index].resize((cell, cell))
            page.paste(art, (left, top))
            draw.rectangle((left, top + cell, left + cell - 1, top + cell + band), fill=CAPTION_FILL, outline=INK, width=3)
            for number, line in enumerate(wrapped[index]):
                draw.text((left + CAPTION_PADDING, top + cell + CAPTION_PADDING + number * line_height), line,
                          font=font, fill=INK)
        top += cell + band + GUTTER
    return page
