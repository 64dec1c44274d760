"""How big things are next to a person: what a hand can hold, what stands tall, what is tiny.

Shared by the scene builder (a bicycle is never put in a hand) and the renderer (a tree is taller
than a cookie). Relative heights: a standing person is 1.0.
"""

from __future__ import annotations

from services.config import asset_data

_SIZES = asset_data("sizes.json")
HANDHELD_MAX = 0.5  # taller than half a person: set down, never held
BUILDING_HEIGHT = 2.0  # a castle, a school, a tower: seen standing off in the distance, never beside the cast

# Nouns by height (assets/sizes.json, grouped by height): a later group wins for a noun listed twice.
HEIGHTS: dict[str, float] = {noun: float(height) for height, nouns in _SIZES["heights"].items() for noun in nouns}
DEFAULT_HEIGHT = 0.4


# A pictogram creature's height by kind (assets/sizes.json "creatures"): a person is 1.0, so is a kind not listed.
CREATURE_HEIGHTS: dict[str, float] = {kind: float(height) for height, kinds in _SIZES["creatures"].items()
                                      for kind in kinds}


def creature_height(kind: str) -> float:
    """How tall a creature of this kind stands next to a person (1.0): a mouse 0.6, a horse 1.25, a whale 1.6."""
    return CREATURE_HEIGHTS.get(kind, 1.0)


def height_of(noun: str) -> float:
    """A thing's height relative to a standing person (0.4 when unknown)."""
    return HEIGHTS.get(noun, DEFAULT_HEIGHT)


def can_hold(noun: str) -> bool:
    return height_of(noun) <= HANDHELD_MAX


# What a hand takes first when a character could hold several things (a fishing rod before the boot it caught).
TOOLS: tuple[str, ...] = tuple(_SIZES["tools"])


def hold_order(nouns: list[str]) -> list[str]:
    """The holdable nouns, tools first, then in the order given."""
    holdable = [n for n in nouns if can_hold(n)]
    return sorted(holdable, key=lambda n: TOOLS.index(n) if n in TOOLS else len(TOOLS))


# Side by side in one panel, the difference between two heights is cubed: a cat (0.8 drawn alone) stands about
# half a person tall beside one, a person about half a horse. Alone, each keeps its readable height above.
SIZE_CONTRAST = 3.0


# A size the prompt says ('a tiny elephant', 'a giant mouse'): its height beside others, and its look alone
# (less, so a giant one alone still fits its panel).
SAID_HEIGHT = {"giant": 2.2, "small": 0.4}
SAID_SCALE = {"giant": 1.4, "small": 0.55}


def figure_height(kind: str, role: str | None = None, size: str | None = None) -> float:
    """How tall a cast member is drawn alone, a person 1.0: by its role when that names a size ('kitten'),
    else by its kind; times the size the prompt says."""
    kind_height = CREATURE_HEIGHTS.get((role or "").strip().lower(), CREATURE_HEIGHTS.get(kind.strip().lower(), 1.0))
    return kind_height * SAID_HEIGHT.get(size or "", 1.0)


def beside_tallest(heights: list[float]) -> list[float]:
    """Each one's height in a panel as a share of the tallest one's (1.0 for it), the size classes told apart."""
    tallest = max(heights, default=1.0)
    return [(h / tallest) ** SIZE_CONTRAST for h in heights]
