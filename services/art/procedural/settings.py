"""The settings: each place's painter, and the painted background of a panel (cached, copied per panel).

The painters live in the `scenery_*.py` modules (outdoor, indoor, nature, town,
transport), built from the shared shapes in `backgrounds.py`. A place with no
painter gets the `neutral` backdrop, never an unrelated place. `setting_nouns`
says in plain words what each backdrop shows, for the record of what was drawn.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from PIL import Image

from services.art.procedural import scenery_indoor, scenery_nature, scenery_outdoor, scenery_town, scenery_transport
from services.art.procedural.backgrounds import View, view_for
from services.art.procedural.canvas import Canvas
from services.art.procedural.effects import fog
from services.art.procedural.palettes import RGB, Light, light_for
from services.story import lexicon

Painter = Callable[[Canvas, View, Light, random.Random], None]


def _painters() -> dict[str, Painter]:
    return {**scenery_outdoor.PAINTERS, **scenery_nature.PAINTERS, **scenery_indoor.PAINTERS,
            **scenery_transport.PAINTERS, **scenery_town.PAINTERS}


@lru_cache(maxsize=12)
def _cached_background(setting: str, time: str, weather: str, shot: str, size: int, layout: int, pan: int,
                       ink: RGB, weight: float, recolour: Callable[[RGB], RGB] | None) -> Image.Image:
    c = Canvas(size, ink=ink, weight=weight, recolour=recolour)
    light = light_for(time, weather)
    painter = _painters().get(setting) or _painters()[NEUTRAL]
    view = view_for(shot, float(pan))
    painter(c, view, light, random.Random(layout))
    if weather == "snow" and setting not in NO_SNOW_COVER:
        _snow_cover(c, view, light, random.Random(layout + 1))
    if weather == "fog":  # fog sits between the trees, not over the faces
        return fog(c.img, light)
    return c.img


NEUTRAL = "neutral"

# What a reader sees in each backdrop, as plain English nouns, singular and lower-case like
# `DrawnItem.what`. The first names the place: the setting key in words ("space_station" ->
# "space station", "mountains" -> "mountain"), so a concept named after the key matches it.
SETTING_NOUNS: dict[str, tuple[str, ...]] = {
    # scenery_outdoor
    "city": ("city", "building", "road"), "forest": ("forest", "tree"), "beach": ("beach", "sea", "palm tree"),
    "underwater": ("underwater", "sea floor", "coral", "seaweed"), "space": ("space", "star", "planet"),
    "mars": ("mars", "crater"), "desert": ("desert", "dune", "cactus"), "mountains": ("mountain", "pine tree"),
    "snowfield": ("snowfield", "ice", "igloo"), "castle": ("castle", "tower"),
    "park": ("park", "tree", "bench", "fence"), "lighthouse": ("lighthouse", "sea", "boat"),
    # scenery_indoor
    "school": ("school", "classroom", "blackboard", "desk"), "kitchen": ("kitchen", "stove", "cupboard"),
    "home": ("home", "living room", "sofa", "window"), "office": ("office", "desk", "computer"),
    "cafe": ("cafe", "counter", "coffee machine"), "library": ("library", "bookshelf", "book"),
    "lab": ("lab", "laboratory", "flask", "machine"),
    # scenery_transport
    "elevator": ("elevator", "door", "button"), "subway": ("subway", "train", "seat", "window"),
    "station": ("station", "platform", "train"), "space_station": ("space station", "porthole", "earth"),
    # scenery_nature
    "pond": ("pond", "water", "lily pad", "reed"), "jungle": ("jungle", "vine", "leaf"),
    "island": ("island", "sea", "palm tree"), "farm": ("farm", "barn", "fence", "field"),
    # scenery_town
    "street": ("street", "shop", "lamp post", "crossing"), "fair": ("fair", "ferris wheel", "tent"), NEUTRAL: (),
}


def setting_for_place(place: str) -> str:
    """The painter for a place noun from a scene plan: a setting key as is, else the setting whose
    lexicon words name it ("metro", "lake", "Bauernhof"), else the neutral backdrop."""
    key = place.strip().lower().replace(" ", "_")
    if key in _painters():
        return key
    return lexicon.find_first("settings", place) or NEUTRAL


def setting_nouns(setting: str) -> list[str]:
    """The plain English nouns a reader sees in the backdrop of `setting`; the first names the place.

    An unknown setting is drawn as the neutral backdrop, which shows nothing nameable: `[]`."""
    return list(SETTING_NOUNS.get(setting if setting in _painters() else NEUTRAL, ()))


NO_SNOW_COVER = ("underwater", "space", "mars", "snowfield", "school", "kitchen", "home", "office", "cafe",
                 "library", "lab", "elevator", "subway", "station", "space_station")


def _snow_cover(c: Canvas, v: View, light: Light, rng: random.Random) -> None:
    """Snowy weather lays a white blanket on the ground (the place still shows through) and drifts on top."""
    top = int((v.horizon + 12) * c.u)
    box = (0, top, c.W, c.W)
    white = Image.new("RGB", (c.W, c.W - top), light((246, 249, 255), strength=0.6))
    c.img.paste(Image.blend(c.img.crop(box), white, 0.62), box[:2])
    for _ in range(7):
        x, y = rng.uniform(-50, 1050), v.horizon + rng.uniform(30, 380)
        w = rng.uniform(60, 160) * v.zoom
        c.ellipse(x, y, w, w * 0.16, light((252, 253, 255), strength=0.6), 1.2, outline=light((180, 195, 225), strength=0.6))


def paint_background(setting: str, time: str, weather: str, shot: str, size: int, layout: int, pan: int,
                     ink: RGB, weight: float, recolour: Callable[[RGB], RGB] | None = None) -> Canvas:
    """A fresh canvas with the background painted; the cached image is copied, never shared."""
    base = _cached_background(setting, time, weather, shot, size, layout, pan, ink, weight, recolour)
    return Canvas(size, ink=ink, weight=weight, image=base.copy(), recolour=recolour)


def setting_names() -> list[str]:
    return list(_painters())
