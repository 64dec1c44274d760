"""How big things are next to a person: what a hand can hold, what stands tall, what is tiny.

Shared by the scene builder (a bicycle is never put in a hand) and the renderer (a tree is taller
than a cookie). Relative heights: a standing person is 1.0.
"""

from __future__ import annotations

HANDHELD_MAX = 0.5  # taller than half a person: set down, never held

HEIGHTS: dict[str, float] = {
    **dict.fromkeys(("tree", "house", "lighthouse", "sandcastle", "tent", "rocket", "ship", "carriage", "train",
                     "bus", "satellite", "airplane", "helicopter", "fountain", "statue", "windmill", "ferry"), 1.25),
    **dict.fromkeys(("bicycle", "car", "boat", "piano", "bed", "door", "chair", "drum", "skateboard", "cart",
                     "tractor", "motorcycle", "taxi", "horse", "sunflower", "cactus", "snowman", "mirror",
                     "suitcase", "clock", "canoe", "raft", "motor boat", "speedboat"), 0.75),
    **dict.fromkeys(("cookie", "key", "ring", "letter", "egg", "acorn", "bone", "candle", "diamond", "apple",
                     "carrot", "cup", "coffee", "tea", "honey", "magnifying glass", "wand", "bell", "phone"), 0.22),
}
DEFAULT_HEIGHT = 0.4


def height_of(noun: str) -> float:
    """A thing's height relative to a standing person (0.4 when unknown)."""
    return HEIGHTS.get(noun, DEFAULT_HEIGHT)


def can_hold(noun: str) -> bool:
    return height_of(noun) <= HANDHELD_MAX


# What a hand takes first when a character could hold several things (a fishing rod before the boot it caught).
TOOLS = ("fishing rod", "umbrella", "wand", "sword", "brush", "violin", "guitar", "magnifying glass", "broom",
         "lantern", "telescope", "kite", "balloon", "book", "map", "flower", "cup", "camera", "phone", "shovel")


def hold_order(nouns: list[str]) -> list[str]:
    """The holdable nouns, tools first, then in the order given."""
    holdable = [n for n in nouns if can_hold(n)]
    return sorted(holdable, key=lambda n: TOOLS.index(n) if n in TOOLS else len(TOOLS))
