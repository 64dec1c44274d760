"""How a thing or a place is: frozen, broken, giant, melted, burning, full, empty, eaten, lost, wet, crowded.

The plan gives a thing's state (`SceneProp.state`: "frozen", "broken", "giant", "full of socks")
and the place's (`PanelScene.place_state`: "frozen", "flooded"). A frozen thing is tinted ice
blue inside a block of ice with a sheen; a broken one is tilted with a crack across it and a
shard at its foot; a giant one is drawn much bigger; a melted one sags over a puddle; a burning
one has flames; an eaten one has a bite taken out of it over crumbs; a lost one flies up and away
and a question mark stands where it was; a wet one is soaked darker, dripping over a puddle. A
crowded place gets a crowd in the background (`crowd.py`). A frozen place has ice on its water and frost on its ground. `paste_thing` is
the one way the art pastes a thing pictogram, so every state is drawn wherever the thing goes.
"""

from __future__ import annotations

import random
from functools import lru_cache

from PIL import Image, ImageDraw, ImageEnhance

from services import vocabulary
from services.art import pictograms
from services.art.procedural import devices
from services.art.procedural.canvas import Canvas
from services.art.procedural.devices import TEARS
from services.art.procedural.palettes import RGB, mix
from services.art.procedural.water import Water
from services.config import word_lists
from services.schemas import DrawnItem

_WORDS: dict[str, dict[str, list[str]]] = {k: v for k, v in word_lists("art.states").items() if k != "_about"}

ICE: RGB = (170, 222, 250)
ICE_EDGE: RGB = (110, 170, 220)
FROST: RGB = (232, 246, 255)
PUDDLE: RGB = (150, 200, 240)
FIRE = "1F525"
BIG = 1.8  # how much bigger a giant thing is drawn
WET: RGB = (70, 120, 190)
QUESTION = "2753"  # a lost thing's question mark, OpenMoji's red one (a shape, not a letter of a caption)


def _named(state: str | None, table: dict[str, list[str]]) -> str | None:
    text = (state or "").strip().lower()
    for name, words in table.items():
        if any(w in text.split() or text.startswith(w) for w in words):
            return name
    return None


def kind_of(state: str | None) -> str | None:
    """The drawable state a plan's words name ('frozen solid' is frozen, 'full of socks' is full: full of ice
    cream is not frozen)."""
    if contents(state or ""):
        return "full"
    return _named(state, _WORDS["thing"])


def crowded(state: str | None) -> bool:
    """Whether the place's state fills it with people ('crowded', 'busy'): a crowd in the background."""
    return _named(state, _WORDS["place"]) == "crowded"


def size_factor(state: str | None) -> float:
    kind = kind_of(state)
    return BIG if kind == "giant" else 0.6 if kind == "small" else 1.0


@lru_cache(maxsize=128)
def _styled(code: str, size: int, ink: RGB, flip: bool, kind: str | None, angle: float) -> Image.Image:
    img = pictograms.pictogram(code, size, ink, flip)
    if kind == "frozen":
        rgb = Image.blend(img.convert("RGB"), Image.new("RGB", img.size, ICE), 0.45)
        rgb = ImageEnhance.Brightness(rgb).enhance(1.08)
        img = Image.merge("RGBA", (*rgb.split(), img.getchannel("A")))
    elif kind == "melted":
        img = img.resize((round(img.width * 1.15), max(1, round(img.height * 0.7))), Image.Resampling.BILINEAR)
    elif kind == "eaten":  # a bite out of its top corner: three round tooth marks cut from its outline
        alpha = img.getchannel("A")
        d = ImageDraw.Draw(alpha)
        w, h = img.size
        for fx, fy in ((0.84, 0.3), (0.92, 0.52), (0.74, 0.14)):
            r = w * 0.15
            d.ellipse((w * fx - r, h * fy - r, w * fx + r, h * fy + r), fill=0)
        img = img.copy()
        img.putalpha(alpha)
    elif kind == "wet":  # darker and bluer, soaked through
        rgb = Image.blend(img.convert("RGB"), Image.new("RGB", img.size, WET), 0.3)
        img = Image.merge("RGBA", (*rgb.split(), img.getchannel("A")))
    if angle:
        img = img.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
    return img


def paste_thing(c: Canvas, code: str, cx: float, bottom: float, size: float, state: str | None = None,
                flip: bool = False, shadow: bool = True, angle: float = 0.0) -> tuple[float, float, float, float]:
    """Paste a thing's pictogram in its state, centred on `cx` with its base at `bottom` (panel units,
    `size` its longer side); returns its box in panel units."""
    kind = kind_of(state)
    u = c.u
    if kind == "lost":  # flying away, up and off, smaller, with a question mark where it was
        return _lost(c, code, cx, bottom, size, flip)
    tilt = angle + (-16.0 if kind == "broken" else 0.0)
    if kind == "full":
        box = paste_thing(c, code, cx, bottom, size, None, flip, shadow, angle)
        _filled(c, box, state or "")
        return box
    if kind is None and not tilt:
        px = pictograms.paste(c.img, code, cx * u, bottom * u, round(size * u), flip=flip, ink=c.ink, shadow=shadow)
        return px[0] / u, px[1] / u, px[2] / u, px[3] / u
    img = _styled(code, pictograms.quantized(round(size * u)), c.ink, flip, kind, round(tilt))
    if kind == "melted":
        c.ellipse(cx, bottom - size * 0.04, size * 0.62, size * 0.1, PUDDLE, 1.2)
    x0, y0 = round(cx * u - img.width / 2), round(bottom * u - img.height)
    if shadow:
        pictograms.drop_shadow(c.img, cx * u, bottom * u, img.width, img.height)
    c.img.paste(img, (x0, y0), img)
    box = (x0 / u, y0 / u, (x0 + img.width) / u, (y0 + img.height) / u)
    mark(c, box, kind)
    return box


def contents(state: str) -> str | None:
    """What a thing is full of ('full of socks' -> 'socks'), or None."""
    text = state.strip().lower()
    return text.split("full of", 1)[1].strip(" .") or None if "full of" in text else None


def _contents_entry(state: str | None) -> vocabulary.Entry | None:
    """The drawable thing a full thing is full of, or None."""
    noun = contents(state) if state else None
    entry = (vocabulary.entry(noun) or vocabulary.lookup(noun)) if noun else None
    return entry if entry is not None and entry.code else None


def contents_drawn(state: str | None) -> list[DrawnItem]:
    """The record of what `paste_thing` heaps over a full thing (the honey of 'a jar of honey'), when it can."""
    entry = _contents_entry(state)
    return [DrawnItem(what=entry.noun, role="prop", source="pictogram", code=entry.code)] if entry else []


def _filled(c: Canvas, box: tuple[float, float, float, float], state: str) -> None:
    """A thing full of something: three of them heaped up, spilling over its top."""
    entry = _contents_entry(state)
    if entry is None or entry.code is None:
        return
    x0, y0, x1, y1 = box
    s = max(14.0, (x1 - x0) * 0.5)  # big enough to read as what it holds
    for k, dx in enumerate((0.3, 0.7, 0.5)):
        pictograms.paste(c.img, entry.code, (x0 + (x1 - x0) * dx) * c.u, (y0 + s * (0.55 - 0.35 * (k == 2))) * c.u,
                         round(s * c.u), flip=k == 1, ink=c.ink, shadow=False)


def mark(c: Canvas, box: tuple[float, float, float, float], kind: str | None) -> None:
    """What a state adds over the thing: the ice block, the crack, the flames."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if kind == "frozen":
        _ice_block(c, x0 - w * 0.08, y0 - h * 0.06, x1 + w * 0.08, y1)
    elif kind == "broken":
        cx = (x0 + x1) / 2
        crack = [(cx - w * 0.05, y0 + h * 0.1), (cx + w * 0.08, y0 + h * 0.3), (cx - w * 0.06, y0 + h * 0.5),
                 (cx + w * 0.1, y0 + h * 0.7), (cx, y0 + h * 0.9)]
        c.line(crack, (250, 250, 250), max(3.0, w * 0.05))
        c.line(crack, c.ink, max(2.0, w * 0.03), ink=True)
        for k, dx in enumerate((0.3, 0.62)):
            sx, sy, s = x0 + w * dx + w * 0.45 * k, y1 - h * 0.02, w * 0.08
            c.poly([(sx - s, sy), (sx, sy - s * 1.2), (sx + s * 0.8, sy)], (200, 200, 205), 1.2)
    elif kind == "eaten":  # crumbs under the bite
        devices.crumbs(c, (x0 + x1) / 2 + w * 0.3, y1 - h * 0.3, max(12.0, w * 0.3), random.Random(round(x0 + y0)))
    elif kind == "wet":  # drops falling off it and a puddle under it
        c.ellipse((x0 + x1) / 2, y1, w * 0.6, max(4.0, h * 0.07), PUDDLE, 1.2)
        for k, fx in enumerate((0.25, 0.55, 0.8)):
            _drop(c, x0 + w * fx, y1 - h * (0.1 + 0.22 * (k % 2)), max(6.0, w * 0.09))
    elif kind == "burning":
        pictograms.paste(c.img, FIRE, (x0 + x1) / 2 * c.u, (y0 + h * 0.55) * c.u, round(h * 0.8 * c.u),
                         ink=c.ink, shadow=False)


def _drop(c: Canvas, x: float, y: float, s: float) -> None:
    """A water drop: a round bottom drawn to a point at the top."""
    c.poly([(x, y - s * 1.3), (x + s * 0.55, y - s * 0.2), (x + s * 0.5, y + s * 0.3), (x, y + s * 0.55),
            (x - s * 0.5, y + s * 0.3), (x - s * 0.55, y - s * 0.2)], TEARS, 1.2)


def _lost(c: Canvas, code: str, cx: float, bottom: float, size: float,
          flip: bool) -> tuple[float, float, float, float]:
    """A lost thing: drifting up and away (smaller, tilted, a dashed trail back to where it was) and a question
    mark on the spot it left; its box is where it is now."""
    s = size * 0.7
    x, y = cx + size * 0.55, bottom - size * 0.9
    img = _styled(code, pictograms.quantized(round(s * c.u)), c.ink, flip, None, 24)
    x0, y0 = round(x * c.u - img.width / 2), round(y * c.u - img.height)
    c.img.paste(img, (x0, y0), img)
    for k in range(4):  # the way it went
        t0, t1 = 0.12 + k * 0.22, 0.22 + k * 0.22
        c.line([(cx + (x - cx) * t0, bottom - size * 0.2 + (y - bottom) * t0),
                (cx + (x - cx) * t1, bottom - size * 0.2 + (y - bottom) * t1)], c.ink, max(2.0, size * 0.025), ink=True)
    pictograms.paste(c.img, QUESTION, cx * c.u, bottom * c.u, round(size * 0.55 * c.u), ink=c.ink, shadow=False)
    return x0 / c.u, y0 / c.u, (x0 + img.width) / c.u, (y0 + img.height) / c.u


@lru_cache(maxsize=32)
def _ice_layer(w: int, h: int) -> Image.Image:
    layer = Image.new("RGBA", (max(1, w), max(1, h)), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=max(2, w // 10), fill=(*ICE, 105), outline=(*ICE_EDGE, 230),
                        width=max(2, w // 40))
    for k, (a, b) in enumerate(((0.12, 0.45), (0.2, 0.3))):
        d.line([(w * a, h * 0.12 + k * h * 0.1), (w * b, h * 0.05 + k * h * 0.1 + h * 0.3)],
               fill=(255, 255, 255, 220), width=max(2, w // 28))
    return layer


def _ice_block(c: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    u = c.u
    layer = _ice_layer(round((x1 - x0) * u), round((y1 - y0) * u))
    c.img.paste(layer, (round(x0 * u), round(y0 * u)), layer)


# --- the place --------------------------------------------------------------------------------

def place(c: Canvas, state: str | None, horizon: float, water: Water | None) -> bool:
    """Draw the place's state over the painted place; True when it was drawn."""
    kind = kind_of(state)
    text = (state or "").lower()
    if kind == "frozen":
        _frozen(c, horizon, water)
        return True
    if "flood" in text:
        _flooded(c, horizon)
        return True
    return False


def place_noun(state: str | None) -> str | None:
    """What a drawn place state shows, for the record: the ice of a frozen place, the flood of a flooded one."""
    return "ice" if kind_of(state) == "frozen" else "flood" if "flood" in (state or "").lower() else None


@lru_cache(maxsize=8)
def _towards(colour: RGB, amount: float) -> list[int]:
    """A lookup table moving every channel `amount` of the way to `colour`: a blend with a flat colour, in one pass."""
    return [round(v + (colour[band] - v) * amount) for band in range(3) for v in range(256)]


def _frozen(c: Canvas, horizon: float, water: Water | None) -> None:
    """Winter over the place: a cold light on everything, frost and snow drifts on the ground, and the water
    iced over (white-blue, cracked, with a sheen) behind banks of snow."""
    u = c.u
    top = horizon + 36  # below the foot of the far trees and houses
    cut = round(top * u)
    sky_box, ground_box = (0, 0, c.W, cut), (0, cut, c.W, c.W)
    c.img.paste(c.img.crop(sky_box).point(_towards(FROST, 0.12)), sky_box[:2])  # the cold light of a winter day
    c.img.paste(c.img.crop(ground_box).point(_towards(FROST, 0.52)), ground_box[:2])  # and frost on the ground
    if water is not None and water.spans:
        rows: dict[float, list[tuple[float, float]]] = {}
        for y, x0, x1 in water.spans:
            rows.setdefault(y, []).append((x0, x1))
        ice = mix(ICE, FROST, 0.35)
        if all(len(spans) == 1 for spans in rows.values()):  # one stretch of water: its outline as one sheet
            ys = sorted(rows)
            left = [(rows[y][0][0], y) for y in ys] + [(rows[ys[-1]][0][0], ys[-1] + water.step)]
            right = [(rows[ys[-1]][0][1], ys[-1] + water.step)] + [(rows[y][0][1], y) for y in reversed(ys)]
            c.poly(left + right, ice)
        else:
            for y, x0, x1 in water.spans:
                c.rect(x0, y, x1, y + water.step, ice)
        first, last = water.spans[0][0], water.spans[-1][0] + water.step
        for k in range(6):  # cracks and a sheen across the ice
            y = first + (last - first) * (0.15 + 0.14 * k)
            for a, b in water.at(y)[:1]:
                crack = [(a + (b - a) * (0.15 + 0.1 * k), y), (a + (b - a) * (0.3 + 0.08 * k), y - 5),
                         (a + (b - a) * (0.38 + 0.08 * k), y + 4), (a + (b - a) * (0.5 + 0.06 * k), y - 2)]
                c.line(crack, ICE_EDGE, 2.0)
                c.line([(a + (b - a) * 0.62, y + 3), (a + (b - a) * 0.8, y - 3)], (255, 255, 255), 3.0)
        for y in (water.spans[0][0], water.spans[-1][0]):  # snow banked up at the ends of the ice
            for a, b in water.at(y)[:1]:
                for x in (a, b):
                    c.ellipse(x, y + water.step / 2, 60, 16, (252, 253, 255), 1.2, outline=ICE_EDGE)
        near = water.spans[-1][0] + water.step
        for a, b in water.at(water.spans[-1][0])[:1]:  # and along the near bank
            for k in range(5):
                c.ellipse(a + (b - a) * (0.1 + 0.2 * k), near + 6, 50, 12, (252, 253, 255), 1.2, outline=ICE_EDGE)
    for k in range(7):  # drifts on the frozen ground
        x = 70 + k * 145
        y = top + (1000 - top) * (0.35 + 0.13 * (k % 4))
        if water is not None and water.contains(x, y):
            continue
        c.ellipse(x, y, 70, 12, (250, 252, 255), 1.0, outline=ICE_EDGE)
        c.line([(x - 30, y - 2), (x + 10, y - 6)], (255, 255, 255), 2.4)


def _flooded(c: Canvas, horizon: float) -> None:
    y = horizon + (1000 - horizon) * 0.55
    c.rect(0, y, 1000, 1000, (90, 150, 200))
    for k in range(8):
        c.arc(60 + k * 125, y + 30 + (k % 3) * 40, 40, 6, 190, 350, (200, 230, 250), 2.0)
