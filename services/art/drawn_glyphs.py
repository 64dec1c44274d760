"""Pictograms the OpenMoji font lacks, drawn here in its style: flat colours inside a dark line.

A treasure chest has no emoji (the nearest ones are a gem, a toolbox and a briefcase), yet a story
finds, opens and fills one; nor has the dark a child is afraid of, drawn as comics draw it: a shadow
with two glowing eyes; nor has the igloo a story builds, nor the mole that digs it up. Each drawing has a code point of Plane 15's
Private Use Area, which OpenMoji leaves free, so the vocabulary, the states (a chest full of socks)
and the drawn records treat it as any other pictogram. Drawn on OpenMoji's 72-unit grid and scaled to the size asked.
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


SHADOW = (38, 30, 62, 255)
SHADOW_EDGE = (70, 58, 110, 255)
GLOW = (255, 224, 70, 255)


def _darkness(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """The dark: a looming shadow, ragged at its foot, with two glowing eyes and a frown between them."""
    w = max(1, round(u(2)))
    body = [(u(x), u(y)) for x, y in ((8, 64), (6, 36), (12, 18), (24, 8), (36, 5), (48, 8), (60, 18), (66, 36),
                                      (64, 64), (57, 56), (50, 66), (43, 56), (36, 67), (29, 56), (22, 66),
                                      (15, 56))]
    d.polygon(body, fill=SHADOW, outline=LINE, width=w)
    d.line([(u(18), u(22)), (u(26), u(13)), (u(36), u(10))], fill=SHADOW_EDGE, width=w)  # a faint rim of light
    for x, k in ((26, 1), (46, -1)):  # glowing eyes, their inner corners lower: a glare
        d.polygon([(u(x - 8 * k), u(29)), (u(x + 8 * k), u(35)), (u(x + 6 * k), u(41)), (u(x - 6 * k), u(38))],
                  fill=GLOW, outline=LINE, width=w)
        d.ellipse((u(x - 2), u(34), u(x + 2), u(38)), fill=LINE)


SNOW = (240, 247, 255, 255)
SNOW_SHADE = (176, 204, 232, 255)
DOORWAY = (52, 66, 104, 255)


def _igloo(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """An igloo: a dome of snow blocks in staggered rows, a tunnel out front with its dark doorway."""
    w = max(1, round(u(2)))
    d.chord((u(4), u(14), u(60), u(106)), 180, 360, fill=SNOW, outline=LINE, width=w)
    for y, half in ((48, 27), (36, 23), (25, 15)):  # the rows of blocks, narrower towards the top
        d.line((u(32 - half), u(y), u(32 + half), u(y)), fill=SNOW_SHADE, width=w)
        row = (48 - y) // 12
        for k in range(-2, 3):
            x = 32 + k * half * 0.45 + (half * 0.22 if row % 2 else 0)
            if abs(x - 32) < half - 3:
                d.line((u(x), u(y), u(x), u(min(y + 12, 60))), fill=SNOW_SHADE, width=w)
    d.chord((u(44), u(36), u(70), u(84)), 180, 360, fill=SNOW, outline=LINE, width=w)
    d.chord((u(51), u(45), u(65), u(75)), 180, 360, fill=DOORWAY, outline=LINE, width=w)
    d.line((u(2), u(60), u(70), u(60)), fill=LINE, width=w)


MOLE_FUR = (74, 66, 78, 255)
MOLE_SHADE = (52, 46, 56, 255)
MOLE_PINK = (242, 156, 170, 255)


def _mole(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """A mole facing left, as OpenMoji's animals do: a round dark body, a long pink snout, tiny eyes and the
    broad pink digging paws a reader knows it by."""
    w = max(1, round(u(2)))
    d.polygon([(u(62), u(46)), (u(70), u(50)), (u(62), u(52))], fill=MOLE_PINK, outline=LINE, width=w)  # tail
    d.ellipse((u(14), u(22), u(66), u(62)), fill=MOLE_FUR, outline=LINE, width=w)
    d.ellipse((u(26), u(46), u(60), u(60)), fill=MOLE_SHADE)  # the belly in shadow
    d.polygon([(u(18), u(33)), (u(6), u(38)), (u(4), u(44)), (u(18), u(47))], fill=MOLE_PINK, outline=LINE, width=w)
    d.ellipse((u(1), u(39), u(7), u(46)), fill=MOLE_PINK, outline=LINE, width=w)  # the nose
    d.ellipse((u(21), u(33), u(24), u(36)), fill=LINE)  # an eye, almost hidden in the fur
    for x, y, big in ((12, 50, 16), (44, 56, 11)):  # the spade paws, claws forward
        d.ellipse((u(x), u(y), u(x + big), u(y + big * 0.7)), fill=MOLE_PINK, outline=LINE, width=w)
        for k in range(3):
            d.line((u(x + 2 + k * big / 4), u(y + big * 0.55), u(x - 2 + k * big / 4), u(y + big * 0.55 + 4)),
                   fill=LINE, width=w)


DRAWINGS: dict[str, Callable[[ImageDraw.ImageDraw, Pen], None]] = {"F0001": _chest, "F0002": _darkness,
                                                                   "F0003": _igloo, "F0004": _mole}


def is_drawn(code: str) -> bool:
    return code in DRAWINGS


def drawn_glyph(code: str, font_size: int) -> Image.Image:
    """The drawing at about the size the font would render a glyph at `font_size`, cropped to what it covers."""
    side = font_size
    img = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    DRAWINGS[code](ImageDraw.Draw(img), lambda v: v * side / 72)
    box = img.getchannel("A").getbbox()
    return img.crop(box) if box else img
