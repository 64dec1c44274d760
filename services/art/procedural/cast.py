"""Draw any character of the cast: the shared skeleton (`characters.py`) or an odd body (`creatures.py`).

The dispatch lives here so that the odd bodies can reuse the skeleton's parts
without the two modules importing each other.
"""

from __future__ import annotations

from collections.abc import Callable

from services.art.procedural.canvas import Canvas
from services.art.procedural.characters import Anchor, Point, draw_humanoid, paint_for
from services.art.procedural.creatures import BODIES
from services.art.procedural.figure import Body, Pose
from services.art.procedural.looks import Look
from services.art.procedural.palettes import Light


def draw_character(c: Canvas, look: Look, pose: Pose, mood: str, x: float, ground: float, scale: float,
                   facing: int, light: Light, held: Callable[[Body, Point], None] | None = None) -> Anchor:
    """Draw one character standing at (x, ground) and return its anchor points."""
    b = body_for(c, look, pose, x, ground, scale, facing)
    p = paint_for(look, light)
    special = BODIES.get(look.kind)
    if special is not None:
        return special(b, look, p, pose, mood, held)
    return draw_humanoid(b, look, p, pose, mood, light, held)


def body_for(c: Canvas, look: Look, pose: Pose, x: float, ground: float, scale: float, facing: int) -> Body:
    """The body space a character is drawn in (so a pillow or a blanket can be laid where its head will be)."""
    s = scale * look.scale
    return Body(c, x, ground - pose.lift * s, s, facing, pose.tilt)
