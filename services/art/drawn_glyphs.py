"""Pictograms the OpenMoji font lacks, drawn here in its style: flat colours inside a dark line.

A treasure chest has no emoji (the nearest ones are a gem, a toolbox and a briefcase), yet a story
finds, opens and fills one; nor has the dark a child is afraid of, drawn as comics draw it: a shadow
with two glowing eyes; nor has the igloo a story builds, nor the mole that digs it up; its one bird is a green
songbird, not the seagull of every beach story, its pumpkin is carved, and its one seat is a chair, its one shelf a stack of books, its one castle stone, and it has no seahorse no fairy-tale coach, no walrus and no pearl. Each drawing has a code point of Plane 15's
Private Use Area, which OpenMoji leaves free, so the vocabulary, the states (a chest full of socks)
and the drawn records treat it as any other pictogram. Drawn on OpenMoji's 72-unit grid and scaled to the size asked.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from services.art.landmark_glyphs import LANDMARK_DRAWINGS

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


GULL_WHITE = (250, 250, 250, 255)
GULL_GREY = (160, 170, 182, 255)
BEAK = (252, 200, 40, 255)
GULL_LEGS = (240, 140, 60, 255)


def _seagull(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """A seagull facing left: white head and body, a grey wing with a black tip, a yellow beak with its red
    spot, orange legs. OpenMoji's one bird is a small green songbird, which no reader takes for a gull."""
    w = max(1, round(u(2)))
    for x in (30, 40):  # legs and webbed feet
        d.line((u(x), u(52), u(x), u(63)), fill=GULL_LEGS, width=w)
        d.polygon([(u(x - 9), u(67)), (u(x), u(60)), (u(x + 4), u(67))], fill=GULL_LEGS, outline=LINE, width=w)
    d.polygon([(u(54), u(34)), (u(70), u(30)), (u(68), u(44)), (u(54), u(44))], fill=GULL_WHITE, outline=LINE,
              width=w)  # the tail
    d.ellipse((u(14), u(28), u(60), u(54)), fill=GULL_WHITE, outline=LINE, width=w)
    d.polygon([(u(24), u(34)), (u(52), u(28)), (u(66), u(32)), (u(50), u(44)), (u(28), u(44))], fill=GULL_GREY,
              outline=LINE, width=w)  # the folded wing
    d.polygon([(u(56), u(30)), (u(66), u(32)), (u(56), u(39))], fill=LINE)  # its black tip
    d.ellipse((u(9), u(14), u(31), u(36)), fill=GULL_WHITE, outline=LINE, width=w)
    d.polygon([(u(14), u(20)), (u(0), u(25)), (u(1), u(29)), (u(14), u(31))], fill=BEAK, outline=LINE, width=w)
    d.ellipse((u(5), u(26), u(8), u(29)), fill=(220, 50, 40, 255))
    d.ellipse((u(16), u(20), u(20), u(24)), fill=LINE)


PUMPKIN = (242, 132, 30, 255)
PUMPKIN_SHADE = (214, 100, 20, 255)
STEM = (92, 128, 52, 255)


def _pumpkin(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """A plain pumpkin, ribbed, with its green stem and a leaf: OpenMoji has only the carved jack-o'-lantern,
    which a story that grows a pumpkin for the fair does not mean."""
    w = max(1, round(u(2)))
    d.ellipse((u(4), u(22), u(40), u(64)), fill=PUMPKIN_SHADE, outline=LINE, width=w)
    d.ellipse((u(32), u(22), u(68), u(64)), fill=PUMPKIN_SHADE, outline=LINE, width=w)
    d.ellipse((u(18), u(20), u(54), u(66)), fill=PUMPKIN, outline=LINE, width=w)
    d.arc((u(26), u(22), u(46), u(64)), 100, 260, fill=PUMPKIN_SHADE, width=w)  # a rib of the middle lobe
    d.polygon([(u(33), u(22)), (u(31), u(9)), (u(38), u(7)), (u(39), u(22))], fill=STEM, outline=LINE, width=w)
    d.chord((u(38), u(6), u(58), u(20)), 160, 340, fill=STEM, outline=LINE, width=w)  # the leaf


IRON = (70, 74, 82, 255)


def _bench(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """A park bench, wooden slats on iron legs: the font's one seat is a kitchen chair, and a mail carrier
    dozing in the park sleeps on a bench, not on a chair."""
    w = max(1, round(u(2)))
    for x in (10, 58):  # the iron legs and the uprights that hold the back
        d.rectangle((u(x), u(16), u(x + 5), u(64)), fill=IRON, outline=LINE, width=w)
    for top in (16, 27):  # two slats of the back
        d.rounded_rectangle((u(4), u(top), u(68), u(top + 8)), radius=u(2), fill=WOOD, outline=LINE, width=w)
    d.rounded_rectangle((u(2), u(40), u(70), u(48)), radius=u(2), fill=WOOD_DARK, outline=LINE, width=w)  # seat


SEAHORSE = (250, 176, 48, 255)
SEAHORSE_BELLY = (255, 222, 130, 255)
SEAHORSE_FIN = (252, 130, 60, 255)


def _seahorse(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """A seahorse facing left, upright: a horse's head on a long snout, a crest, a ridged belly, a small fin
    on its back and the tail curled under it. OpenMoji has none, and an unknown creature is drawn as a person."""
    w = max(1, round(u(2)))
    tail = [(u(42), u(52)), (u(46), u(62)), (u(42), u(69)), (u(34), u(69)), (u(30), u(63)), (u(34), u(58)),
            (u(38), u(61))]  # curled under it, as it holds on to seaweed
    d.line(tail, fill=LINE, width=round(u(8)), joint="curve")
    d.line(tail, fill=SEAHORSE, width=max(1, round(u(4))), joint="curve")
    d.polygon([(u(50), u(30)), (u(62), u(32)), (u(60), u(42)), (u(50), u(42))], fill=SEAHORSE_FIN, outline=LINE,
              width=w)  # the back fin
    body = [(u(30), u(20)), (u(44), u(16)), (u(52), u(26)), (u(52), u(42)), (u(46), u(54)), (u(40), u(60)),
            (u(34), u(54)), (u(30), u(44)), (u(34), u(32))]
    d.polygon(body, fill=SEAHORSE, outline=LINE, width=w)
    d.chord((u(26), u(26), u(44), u(58)), 90, 270, fill=SEAHORSE_BELLY, outline=LINE, width=w)
    for y in (34, 40, 46, 52):  # the ridges across the belly
        d.line((u(30), u(y), u(36), u(y)), fill=LINE, width=w)
    d.polygon([(u(28), u(13)), (u(10), u(17)), (u(10), u(22)), (u(28), u(21))], fill=SEAHORSE, outline=LINE,
              width=w)  # the long snout, a little down
    d.rectangle((u(6), u(16), u(11), u(23)), fill=SEAHORSE, outline=LINE, width=w)
    d.ellipse((u(24), u(4), u(46), u(24)), fill=SEAHORSE, outline=LINE, width=w)
    for x, y in ((36, 5), (43, 8), (50, 16)):  # the crest, down its back
        d.polygon([(u(x - 3), u(y + 1)), (u(x + 2), u(y - 5)), (u(x + 4), u(y + 3))], fill=SEAHORSE_FIN, outline=LINE,
                  width=w)
    d.ellipse((u(30), u(10), u(35), u(15)), fill=LINE)


JARS = ((226, 80, 80, 255), (70, 130, 220, 255), (250, 200, 60, 255), (90, 180, 110, 255))


def _shelf(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """A wooden shelf unit with jars and boxes on its boards: the font's one shelf is a stack of books, and a
    cat climbing the shelf of a bakery climbs no books."""
    w = max(1, round(u(2)))
    for x in (8, 60):  # the uprights
        d.rectangle((u(x), u(4), u(x + 5), u(70)), fill=WOOD_DARK, outline=LINE, width=w)
    for k, y in enumerate((24, 46, 66)):  # three boards, each with its row of jars and boxes
        d.rectangle((u(4), u(y), u(68), u(y + 4)), fill=WOOD, outline=LINE, width=w)
        for j, x in enumerate((16, 30, 44)):
            col = JARS[(k + j) % len(JARS)]
            if (k + j) % 2:
                d.rectangle((u(x), u(y - 13), u(x + 10), u(y)), fill=col, outline=LINE, width=w)
            else:
                d.rounded_rectangle((u(x), u(y - 12), u(x + 9), u(y)), radius=u(2), fill=col, outline=LINE, width=w)
                d.rectangle((u(x - 1), u(y - 15), u(x + 10), u(y - 12)), fill=WOOD_DARK, outline=LINE, width=w)


SAND = (238, 204, 140, 255)
SAND_SHADE = (212, 172, 104, 255)
FLAG = (226, 62, 62, 255)


def _sandcastle(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """A sandcastle: sand-coloured towers with crenellations on a mound, a shell window, a little red flag. The
    font's one castle is a grey stone palace, which a wave washing away a child's sandcastle does not wash."""
    w = max(1, round(u(2)))
    d.chord((u(2), u(54), u(70), u(78)), 180, 360, fill=SAND_SHADE, outline=LINE, width=w)  # the mound
    d.line((u(52), u(10), u(52), u(26)), fill=LINE, width=w)  # the flag on the tall tower
    d.polygon([(u(52), u(10)), (u(64), u(14)), (u(52), u(18))], fill=FLAG, outline=LINE, width=w)
    for x0, x1, top in ((8, 26, 36), (44, 60, 26), (24, 48, 42)):  # two towers, the keep in front
        d.rectangle((u(x0), u(top), u(x1), u(66)), fill=SAND, outline=LINE, width=w)
        step = (x1 - x0) / 3
        for k in range(0, 3, 2):  # the crenellations
            d.rectangle((u(x0 + k * step), u(top - 5), u(x0 + (k + 1) * step), u(top)), fill=SAND, outline=LINE,
                        width=w)
    d.chord((u(31), u(50), u(41), u(66)), 180, 360, fill=SAND_SHADE, outline=LINE, width=w)  # the door
    d.rectangle((u(31), u(58), u(41), u(66)), fill=SAND_SHADE)
    for x, y in ((14, 46), (50, 36)):  # windows poked with a finger
        d.ellipse((u(x), u(y), u(x + 5), u(y + 5)), fill=SAND_SHADE, outline=LINE, width=w)


WALRUS = (176, 120, 84, 255)
WALRUS_SHADE = (142, 92, 62, 255)
TUSK = (250, 246, 230, 255)


def _walrus(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """A walrus facing left, propped on its front flippers: a heavy brown body, a whiskered muzzle and two long
    white tusks. OpenMoji has only the grey seal, which a walrus was drawn as."""
    w = max(1, round(u(2)))
    d.polygon([(u(58), u(58)), (u(70), u(50)), (u(70), u(66)), (u(56), u(68))], fill=WALRUS_SHADE, outline=LINE,
              width=w)  # the tail flippers
    d.chord((u(14), u(24), u(66), u(72)), 180, 360, fill=WALRUS, outline=LINE, width=w)  # the heavy body
    d.rectangle((u(15), u(47), u(65), u(68)), fill=WALRUS)
    d.line((u(14), u(48), u(14), u(68), u(66), u(68)), fill=LINE, width=w)
    d.ellipse((u(6), u(14), u(36), u(44)), fill=WALRUS, outline=LINE, width=w)  # the head
    d.polygon([(u(24), u(52)), (u(34), u(52)), (u(30), u(69)), (u(16), u(69))], fill=WALRUS_SHADE, outline=LINE,
              width=w)  # a front flipper it leans on
    for x in (9, 19):  # the tusks, long and white, down from the muzzle
        d.polygon([(u(x), u(34)), (u(x + 8), u(34)), (u(x + 5), u(60)), (u(x + 2), u(60))], fill=TUSK,
                  outline=LINE, width=w)
    d.ellipse((u(4), u(26), u(26), u(40)), fill=(214, 170, 130, 255), outline=LINE, width=w)  # the muzzle
    for y in (30, 34):  # whiskers
        d.line((u(2), u(y), u(10), u(y + 1)), fill=LINE, width=w)
    d.ellipse((u(18), u(20), u(23), u(25)), fill=LINE)  # the eye


PEARL = (244, 238, 228, 255)
PEARL_SHADE = (206, 196, 214, 255)


def _pearl(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """A pearl in an open shell: a lustrous white ball with a pink-violet sheen and a highlight. OpenMoji has only
    the closed oyster."""
    w = max(1, round(u(2)))
    d.chord((u(6), u(30), u(66), u(70)), 0, 180, fill=(232, 190, 176, 255), outline=LINE, width=w)  # the shell
    for x in (18, 28, 36, 44, 54):  # its ribs
        d.line((u(36), u(50), u(x), u(68)), fill=(200, 150, 140, 255), width=w)
    d.ellipse((u(18), u(16), u(54), u(52)), fill=PEARL_SHADE, outline=LINE, width=w)
    d.ellipse((u(21), u(18), u(50), u(47)), fill=PEARL)
    d.ellipse((u(26), u(22), u(34), u(30)), fill=(255, 255, 255, 255))  # the highlight


COACH = (250, 206, 64, 255)
COACH_SHADE = (214, 160, 30, 255)
GLASS = (178, 222, 246, 255)


def _carriage(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """A fairy-tale coach: a round golden body (a pumpkin's shape), a window, a crown on top, four spoked
    wheels. The font has no carriage but a railway car, which the fairy godmother's pumpkin never becomes."""
    w = max(1, round(u(2)))
    for cx in (16, 56):  # the wheels behind the body
        d.ellipse((u(cx - 12), u(46), u(cx + 12), u(70)), fill=COACH_SHADE, outline=LINE, width=w)
        for dx, dy in ((12, 0), (0, 12), (9, 9), (9, -9)):
            d.line((u(cx - dx), u(58 - dy), u(cx + dx), u(58 + dy)), fill=LINE, width=w)
        d.ellipse((u(cx - 3), u(55), u(cx + 3), u(61)), fill=GOLD, outline=LINE, width=w)
    d.ellipse((u(10), u(14), u(62), u(60)), fill=COACH, outline=LINE, width=w)  # the round body
    d.arc((u(22), u(14), u(50), u(60)), 100, 260, fill=COACH_SHADE, width=w)  # its ribs
    d.arc((u(22), u(14), u(50), u(60)), 280, 80, fill=COACH_SHADE, width=w)
    d.ellipse((u(26), u(24), u(46), u(44)), fill=GLASS, outline=LINE, width=w)  # the window
    d.line((u(36), u(24), u(36), u(44)), fill=LINE, width=w)
    d.polygon([(u(28), u(15)), (u(29), u(5)), (u(33), u(10)), (u(36), u(3)), (u(39), u(10)), (u(43), u(5)),
               (u(44), u(15))], fill=GOLD, outline=LINE, width=w)  # the crown on its roof


DRAWINGS: dict[str, Callable[[ImageDraw.ImageDraw, Pen], None]] = {"F0001": _chest, "F0002": _darkness,
                                                                   "F0003": _igloo, "F0004": _mole,
                                                                   "F0005": _seagull, "F0006": _pumpkin,
                                                                   "F0007": _bench, "F0008": _seahorse,
                                                                   "F0009": _shelf, "F000A": _sandcastle,
                                                                   "F000B": _carriage, "F000C": _walrus,
                                                                   "F000D": _pearl, **LANDMARK_DRAWINGS}


def is_drawn(code: str) -> bool:
    return code in DRAWINGS


def drawn_glyph(code: str, font_size: int) -> Image.Image:
    """The drawing at about the size the font would render a glyph at `font_size`, cropped to what it covers."""
    side = font_size
    img = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    DRAWINGS[code](ImageDraw.Draw(img), lambda v: v * side / 72)
    box = img.getchannel("A").getbbox()
    return img.crop(box) if box else img
