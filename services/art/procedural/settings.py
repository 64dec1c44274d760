"""The settings: each place's painter, and the painted background of a panel (cached, copied per panel).

The painters live in `scenery_outdoor.py` and `scenery_indoor.py`, built from the
shared shapes in `backgrounds.py`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from PIL import Image

from services.art.procedural import scenery_indoor, scenery_outdoor
from services.art.procedural.backgrounds import View, view_for
from services.art.procedural.canvas import Canvas
from services.art.procedural.effects import fog
from services.art.procedural.palettes import RGB, Light, light_for

Painter = Callable[[Canvas, View, Light, random.Random], None]


def _painters() -> dict[str, Painter]:
    return {**scenery_outdoor.PAINTERS, **scenery_indoor.PAINTERS}


@lru_cache(maxsize=12)
def _cached_background(setting: str, time: str, weather: str, shot: str, size: int, layout: int, pan: int,
                       ink: RGB, weight: float, recolour: Callable[[RGB], RGB] | None) -> Image.Image:
    c = Canvas(size, ink=ink, weight=weight, recolour=recolour)
    light = light_for(time, weather)
    painter = _painters().get(setting) or _painters()["park"]
    view = view_for(shot, float(pan))
    painter(c, view, light, random.Random(layout))
    if weather == "snow" and setting not in NO_SNOW_COVER:
        _snow_cover(c, view, light, random.Random(layout + 1))
    if weather == "fog":  # fog sits between the trees, not over the faces
        return fog(c.img, light)
    return c.img


NO_SNOW_COVER = ("underwater", "space", "mars", "snowfield", "school", "kitchen", "home", "office", "cafe",
                 "library", "lab")


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
