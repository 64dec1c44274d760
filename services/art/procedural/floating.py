"""Things afloat: boats, rafts and ducks drawn on the painted water, sized by how far off they float.

A prop planned "in the water" floats on the place's open water (the `Water` its painter
returns): its hull on a row of water wide enough for it, smaller towards the horizon, off the
cast. It is drawn before the cast, so the characters stand in front of the river. The
pictogram is cut at its waterline (OpenMoji's boats bring their own light-blue sea, which
would sit on the river as a pale block) and the painted water laps at the cut. Without open
water `plan_painter.place_props` draws it in the background or beside the cast, as before.
"""

from __future__ import annotations

from functools import lru_cache

from services import vocabulary
from services.art import pictograms
from services.art.procedural.backgrounds import view_for
from services.art.procedural.canvas import Canvas
from services.art.procedural.looks import Look
from services.art.procedural.palettes import Light
from services.art.procedural.staging import SHOT_GROUND, SHOT_SCALE, Placement
from services.art.procedural.water import Water, water_colours
from services.schemas import DrawnItem, PanelScene
from services.vocabulary import sizes

PICTO_SEA = (146, 211, 245)  # OpenMoji's light blue, the sea its boats sit in
SUNK = 0.86  # without a sea of its own, a floating thing shows this much above the water
NEAR_SIZE = 0.6  # the biggest a floating thing gets, as a share of a person's height times its own height


@lru_cache(maxsize=64)
def waterline(code: str) -> float:
    """Where the pictogram meets the water, as a share of its height from the top.

    The first row mostly in OpenMoji's sea blue when the pictogram brings a sea, else `SUNK`."""
    img = pictograms.pictogram(code, 120).convert("RGBA")
    data, w = img.tobytes(), img.width
    for y in range(img.height // 5, img.height):
        row = [data[(y * w + x) * 4:(y * w + x) * 4 + 4] for x in range(w)]
        solid = [px for px in row if px[3] > 128]
        sea = [px for px in solid if all(abs(a - b) <= 40 for a, b in zip(px[:3], PICTO_SEA))]
        if len(solid) > w * 0.5 and len(sea) > 0.35 * len(solid):
            return max(0.25, (y - 2) / img.height)
    return SUNK


def float_props(c: Canvas, scene: PanelScene, places: list[Placement], looks: list[Look], water: Water | None,
                light: Light, drawn: list[DrawnItem]) -> set[str]:
    """Draw the scene's water props on the water; returns the nouns it drew (the rest are left to others)."""
    if water is None:
        return set()
    shot = scene.shot if scene.shot in SHOT_SCALE else "medium"
    horizon, feet = view_for(shot, 0).horizon, SHOT_GROUND[shot]
    person = 100 * SHOT_SCALE[shot]
    avoid = [(p.x - 34 * p.scale * k.scale, p.ground - 108 * p.scale * k.scale, p.x + 34 * p.scale * k.scale, p.ground)
             for p, k in zip(places, looks)]
    cast_x = sum(p.x for p in places) / len(places) if places else 500.0
    floated: set[str] = set()
    for prop in scene.props:
        if prop.where != "water":
            continue
        found = vocabulary.entry(prop.what.strip().lower()) or vocabulary.lookup(prop.what.strip().lower())
        if found is None or found.code is None or found.noun in floated:
            continue
        cut = waterline(found.code)
        full = pictograms.pictogram(found.code, 120)
        aspect = full.width / (full.height * cut)
        rel = min(sizes.height_of(found.noun), 1.25)

        def visible(y: float, rel: float = rel, cut: float = cut) -> float:
            """The height above the water at waterline `y`: a person's height there, times the thing's."""
            there = person * max(0.0, y - horizon) / (feet - horizon)
            return min(there * rel, person * rel * NEAR_SIZE) * cut

        spot = water.spot(aspect, visible, avoid, 1000 - cast_x)
        if spot is None:
            continue
        x, y, h = spot
        _paste_afloat(c, found.code, x, y, h / cut, cut, light)
        avoid.append((x - h * aspect / 2, y - h, x + h * aspect / 2, y))
        floated.add(found.noun)
        drawn.append(DrawnItem(what=found.noun, role="prop", source="pictogram", code=found.code))
    return floated


def _paste_afloat(c: Canvas, code: str, x: float, y: float, size: float, cut: float, light: Light,
                  flip: bool = False) -> None:
    """The pictogram down to its waterline at (x, y), and the water lapping at its hull."""
    img = pictograms.pictogram(code, pictograms.quantized(round(size * c.u)), c.ink, flip)
    keep = max(1, round(img.height * cut))
    part = img.crop((0, 0, img.width, keep))
    c.img.paste(part, (round(x * c.u - img.width / 2), round(y * c.u) - keep), part)
    w = img.width / c.u / 2
    ripple = water_colours(light).ripple
    c.line([(x - w * 1.05, y), (x + w * 1.05, y)], ripple, max(1.5, size / 60))
    for k in (1, 2):
        c.arc(x, y + k * size * 0.035, w * (1.1 + 0.2 * k), size * 0.03, 10, 170, ripple, max(1.0, size / 90))


def on_a_patch(c: Canvas, code: str, x: float, bottom: float, size: float, light: Light) -> None:
    """A floating thing where the place shows no water (a city, a close-up's burst): on a patch of water of
    its own, never in mid-air. OpenMoji's boats bring their own sea, which is patch enough."""
    cut = waterline(code)
    if cut < SUNK:
        pictograms.paste(c.img, code, x * c.u, bottom * c.u, round(size * c.u), ink=c.ink, shadow=False)
        return
    y = bottom - size * 0.1
    half = pictograms.pictogram(code, pictograms.quantized(round(size * c.u)), c.ink).width / c.u / 2
    colours = water_colours(light)
    c.ellipse(x, y, half * 1.45, size * 0.16, colours.near, 1.2)
    c.ellipse(x, y - size * 0.03, half * 1.2, size * 0.09, colours.far)
    _paste_afloat(c, code, x, y, size, cut, light)


def in_a_pool(c: Canvas, code: str, x: float, bottom: float, size: float, light: Light,
              flip: bool = False) -> tuple[float, float, float, float]:
    """A sea creature where the place has no water (a whale in the city): in a round pool of its own, cut at its
    waterline, the pool's rim on the ground; its box (x0, top, x1, waterline) in panel units."""
    cut = waterline(code) if waterline(code) >= SUNK else 0.62
    half = pictograms.pictogram(code, pictograms.quantized(round(size * c.u)), c.ink).width / c.u / 2
    x = min(max(x, half * 1.3 + 12), 988 - half * 1.3)
    y = min(bottom, 985.0) - size * 0.12
    colours = water_colours(light)
    c.ellipse(x, y, half * 1.35, size * 0.2, (150, 150, 160), 1.6)  # the rim
    c.ellipse(x, y, half * 1.2, size * 0.15, colours.near)
    c.ellipse(x, y - size * 0.03, half * 0.95, size * 0.08, colours.far)
    _paste_afloat(c, code, x, y, size, cut, light, flip)
    return x - half, y - size * cut, x + half, y


def swim(c: Canvas, code: str, x: float, lowest: float, size: float, water: Water, light: Light,
         flip: bool = False) -> tuple[float, float, float, float] | None:
    """A swimming creature drawn from its pictogram on the water nearest its spot, cut at its waterline;
    its box (x0, top, x1, waterline) in panel units, or None when no water is near (it is drawn as before)."""
    found = water.surface_near(x, lowest, below=size * 0.08)
    if found is None:
        return None
    x, y = found
    cut = waterline(code)
    half = pictograms.pictogram(code, pictograms.quantized(round(size * c.u)), c.ink).width / c.u / 2
    x = min(max(x, half + 12), 988 - half)
    _paste_afloat(c, code, x, y, size, cut, light, flip)
    return x - half, y - size * cut, x + half, y
