"""The comic page: the final panels in a grid, each subtitle in a caption band under its panel.

Captions are drawn here, on the page, outside the panel art; the panels
themselves never contain text.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from services.lexicon import ASSETS_DIR

COLUMNS = {1: 1, 2: 2, 3: 3, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4}
GUTTER = 24
CAPTION_PADDING = 14
PAPER = (250, 246, 236)
INK = (24, 22, 28)
CAPTION_FILL = (255, 253, 246)


@lru_cache(maxsize=4)
def caption_font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(ASSETS_DIR / "fonts" / "DejaVuSans.ttf"), size)


def cell_size(panel_count: int) -> int:
    return 768 if COLUMNS[panel_count] <= 2 else 512


def compose_page(panels: Sequence[Image.Image], subtitles: Sequence[str]) -> Image.Image:
    """Lay out panels row by row with a caption band under each one."""
    count = len(panels)
    columns, cell = COLUMNS[count], cell_size(count)
    font = caption_font(max(18, cell // 28))
    line_height = font.size + 8
    chars_per_line = max(20, int((cell - 2 * CAPTION_PADDING) / (font.size * 0.55)))
    wrapped = [textwrap.wrap(text, chars_per_line)[:6] or [""] for text in subtitles]
    rows = [list(range(start, min(start + columns, count))) for start in range(0, count, columns)]
    band_heights = [max(len(wrapped[i]) for i in row) * line_height + 2 * CAPTION_PADDING for row in rows]
    width = columns * cell + (columns + 1) * GUTTER
    height = sum(cell + band + GUTTER for band in band_heights) + GUTTER
    page = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(page)
    top = GUTTER
    for row, band in zip(rows, band_heights):
        for column, index in enumerate(row):
            left = GUTTER + column * (cell + GUTTER)
            art = panels[index] if panels[index].size == (cell, cell) else panels[index].resize((cell, cell))
            page.paste(art, (left, top))
            box = (left, top + cell, left + cell - 1, top + cell + band)
            draw.rectangle(box, fill=CAPTION_FILL, outline=INK, width=3)
            for line_number, line in enumerate(wrapped[index]):
                draw.text((left + CAPTION_PADDING, top + cell + CAPTION_PADDING + line_number * line_height),
                          line, font=font, fill=INK)
        top += cell + band + GUTTER
    return page
