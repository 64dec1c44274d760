"""Pictograms the OpenMoji font lacks, drawn here in its style: flat colours inside a dark line.

A treasure chest has no emoji (the nearest ones are a gem, a toolbox and a briefcase), yet a story
finds, opens and fills one. Each drawing has a code point of Plane 15's Private Use Area, which
OpenMoji leaves free, so the vocabulary, the states (a chest full of socks) and the drawn records
treat it as any other pictogram. Drawn on OpenMoji's 72-unit grid and scaled to the size asked.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

LINE = (0, 0, 0, 255)
WOOD = (166, 112, 60, 255)
WOOD_DARK = (128, 82, 42, 255)
GOLD = (241, 179, 28, 255)

Pen = Callable[[float], float]


def _chest(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """A wooden chest with a domed lid, two gold bands and a gold lock plate."""
    w = max(1, round(u(2)))
    d.rectangle((u(10), u(34), u(62), u(62)), fill=WOOD, outline=LINE, width=w)
    d.chord((u(10), u(14), u(62), u(54)), 180, 360, fill=WOOD_DARK, outline=LINE, width=w)
    d.line((u(10), u(34), u(62), u(34)), fill=LINE, width=w)
    for x in (20, 52):  # the bands over lid and body
        d.rectangle((u(x - 3), u(20), u(x + 3), u(62)), fill=GOLD, outline=LINE, width=w)
    d.rectangle((u(30), u(30), u(42), u(44)), fill=GOLD, outline=LINE, width=w)
    d.ellipse((u(34), u(34), u(38), u(38)), fill=LINE)
    d.line((u(36), u(37), u(36), u(41)), fill=LINE, width=w)


DRAWINGS: dict[str, Callable[[ImageDraw.ImageDraw, Pen], None]] = {"F0001": _chest}


def is_drawn(code: str) -> bool:
    return code in DRAWINGS


def drawn_glyph(code: str, font_size: int) -> Image.Image:
    """The drawing at about the size the font would render a glyph at `font_size`, cropped to what it covers."""
    side = font_size
    img = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    DRAWINGS[code](ImageDraw.Draw(img), lambda v: v * side / 72)
    box = img.getchannel("A").getbbox()
    return img.crop(box) if box else img
