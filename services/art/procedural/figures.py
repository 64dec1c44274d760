"""A drawn character as the places around it: its mouth, hands, head, feet, box and tools.

Objects and comic devices are placed relative to whoever acts, and that may be a procedural
character (its `Anchor` knows its mouth and hands) or a pictogram creature (a box with a face
on the side it faces). `Figure` gives both the same questions (where is the mouth, the top of
the head, the raised hands), so the placing code never asks which kind it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from services.art.procedural.characters import Anchor

Point = tuple[float, float]
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Figure:
    """One drawn actor: its anchor, the box it covers (panel units), whether it is a pictogram, its tools' marks."""

    anchor: Anchor
    box: Box
    pictogram: bool = False
    marks: dict[str, Point] = field(default_factory=dict)
    pose: str = "standing"

    @property
    def facing(self) -> int:
        return self.anchor.facing

    @property
    def unit(self) -> float:
        """Panel units per body unit (a standing person is about 100 body units tall)."""
        return self.anchor.scale

    @property
    def r(self) -> float:
        return self.anchor.head_r

    @property
    def head(self) -> Point:
        return self.anchor.head

    @property
    def mouth(self) -> Point:
        return self.anchor.mouth_of()

    @property
    def hand(self) -> Point:
        return self.anchor.hand

    @property
    def hands(self) -> Point:
        """Between both hands (where a load is held), or the front hand when the back one is unknown."""
        back = self.anchor.hand_back
        if back is None:
            return self.hand
        return ((self.hand[0] + back[0]) / 2, (self.hand[1] + back[1]) / 2)

    @property
    def raised(self) -> float:
        """The height (y) of the highest hand."""
        back = self.anchor.hand_back
        return min(self.hand[1], back[1]) if back is not None else self.hand[1]

    @property
    def feet(self) -> Point:
        return self.anchor.feet

    @property
    def foot(self) -> Point:
        """The front foot: raised and forward when kicking, else at the feet."""
        if self.pose == "kicking" and not self.pictogram:
            return self.feet[0] + self.facing * 34 * self.unit, self.feet[1] - 26 * self.unit
        return self.feet

    @property
    def top(self) -> float:
        return self.box[1]

    @property
    def centre(self) -> Point:
        return ((self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2)

    @property
    def eyes(self) -> list[Point]:
        hx, hy = self.head
        f = self.facing * self.r
        return [(hx + f * 0.2 - f * 0.36, hy), (hx + f * 0.2 + f * 0.36, hy)]


def procedural(anchor: Anchor, marks: dict[str, Point] | None = None, pose: str = "standing") -> Figure:
    """A procedural character's figure: its box from the head, hands and feet it was drawn with."""
    r = anchor.head_r
    pts = [anchor.head, anchor.hand, anchor.feet, *([anchor.hand_back] if anchor.hand_back else [])]
    x0 = min(p[0] for p in pts) - r * 0.5
    x1 = max(p[0] for p in pts) + r * 0.5
    y0 = min([anchor.head[1] - r * 1.05, *(p[1] for p in pts)])
    y1 = max(anchor.feet[1], anchor.head[1] + r)
    return Figure(anchor, (min(x0, anchor.head[0] - r), y0, max(x1, anchor.head[0] + r), y1), False, marks or {},
                  pose)


def pictogram(anchor: Anchor, box: Box, pose: str = "standing") -> Figure:
    return Figure(anchor, box, True, {}, pose)
