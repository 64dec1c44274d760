"""The tools a pose needs to read as its action: a hammer to build, a rod to fish, a pan to cook.

A pose names its tool (`Pose.tool`); the tool is drawn in the character's body space from the
front hand, like a held prop (before the front arm, so the hand closes over it), and flips and
tilts with the pose. Tools that lead somewhere tell the painter where through `marks`, in panel
units: the rod's tip (where the line hangs from), the pan (where the food sizzles), the paper,
the shovel's blade. A tool stays outside the face, like every held thing.
"""

from __future__ import annotations

from collections.abc import Callable

from services.art.procedural.figure import Body
from services.art.procedural.palettes import RGB, lighten, shade
from services.art.procedural.props import book, guitar

Point = tuple[float, float]
Marks = dict[str, Point]
WOOD: RGB = (160, 108, 66)
STEEL: RGB = (150, 156, 170)
IRON: RGB = (60, 62, 72)
PAPER: RGB = (252, 250, 240)
ROPE: RGB = (190, 150, 90)
PAINT: RGB = (230, 60, 90)

# The noun each tool is, so a scene's "fishing rod" or "book" is drawn by the tool, once.
TOOL_NOUNS: dict[str, tuple[str, ...]] = {
    "rod": ("fishing rod", "rod", "fishing pole"), "hammer": ("hammer", "mallet"), "shovel": ("shovel", "spade"),
    "pan": ("pan", "frying pan", "wok"), "pencil": ("pencil", "pen", "quill"), "book": ("book",),
    "guitar": ("guitar",), "rope": ("rope",), "finger": (), "brush": ("brush", "paintbrush", "paint brush"),
    "can": ("watering can",), "camera": ("camera", "phone", "smartphone"),
}


def hammer(b: Body, hand: Point, col: RGB, marks: Marks) -> None:
    """Raised to strike: the handle up from the fist, the head across its top."""
    x, y = hand
    b.stroke([(x - 2, y + 6), (x + 4, y - 26)], 3.4, WOOD)
    b.shape([(x - 6, y - 30), (x + 14, y - 26), (x + 13, y - 20), (x - 7, y - 24)], STEEL)
    marks["strike"] = b.pt(x + 12, y - 23)


def pan(b: Body, hand: Point, col: RGB, marks: Marks) -> None:
    """A frying pan held out by its handle."""
    x, y = hand
    b.stroke([(x - 2, y), (x + 14, y - 2)], 3.0, IRON)
    b.oval(x + 28, y - 2, 15, 4.5, IRON, shaded=False)
    b.oval(x + 28, y - 3.5, 12, 2.6, shade(IRON, 0.3), ink=False, shaded=False)
    marks["pan"] = b.pt(x + 28, y - 6)


def paintbrush(b: Body, hand: Point, col: RGB, marks: Marks) -> None:
    """A long brush reaching forward to the canvas, its tip wet with bright paint."""
    x, y = hand
    b.stroke([(x - 5, y + 8), (x + 14, y - 14)], 3.0, WOOD)
    b.stroke([(x + 14, y - 14), (x + 17, y - 18)], 3.4, STEEL)
    b.shape([(x + 16, y - 19), (x + 20, y - 20), (x + 25, y - 28), (x + 18, y - 22)], PAINT)
    marks["brush"] = b.pt(x + 24, y - 27)


def pencil(b: Body, hand: Point, col: RGB, marks: Marks) -> None:
    """A sheet held up in front and a pencil writing on it."""
    x, y = hand
    b.shape([(x + 2, y - 16), (x + 20, y - 18), (x + 21, y + 4), (x + 3, y + 6)], PAPER)
    for k in range(3):
        b.stroke([(x + 6, y - 11 + k * 5), (x + 17, y - 12 + k * 5)], 0.9, (150, 160, 190))
    b.stroke([(x - 2, y + 4), (x + 9, y - 8)], 2.4, (250, 200, 60))
    b.stroke([(x + 9, y - 8), (x + 11, y - 10)], 1.6)
    marks["paper"] = b.pt(x + 12, y - 6)


def rod(b: Body, hand: Point, col: RGB, marks: Marks) -> None:
    """A fishing rod angled up and out over the water; the line is drawn from its tip by the painter."""
    x, y = hand
    tip = (x + 58, y - 58)
    b.stroke([(x - 8, y + 8), tip], 2.2, WOOD)
    b.oval(x + 4, y - 3, 3.2, 3.2, IRON, shaded=False)
    marks["tip"] = b.pt(*tip)


def shovel(b: Body, hand: Point, col: RGB, marks: Marks) -> None:
    """A shovel driven into the ground in front, its blade in a little heap of earth."""
    x, y = hand
    blade = (x + 14, -6.0)
    b.stroke([(x - 10, y - 22), blade], 4.2, WOOD)
    b.stroke([(x - 14, y - 22), (x - 6, y - 22)], 4.2, WOOD)  # the grip
    b.shape([(blade[0] - 8, blade[1] - 5), (blade[0] + 7, blade[1] - 8), (blade[0] + 10, blade[1] + 7),
             (blade[0] - 5, blade[1] + 10)], STEEL)
    b.shape([(blade[0] - 16, 2), (blade[0] - 4, -8), (blade[0] + 14, -6), (blade[0] + 22, 2)], (150, 105, 70))
    marks["blade"] = b.pt(*blade)


def rope(b: Body, hand: Point, col: RGB, marks: Marks) -> None:
    """A climbing rope hanging from above the panel through the hands."""
    x, y = hand
    b.stroke([(x - 3, y - 400), (x - 3, 12)], 3.6, ROPE)
    for k in range(12):
        yy = y - 100 + k * 12
        b.stroke([(x - 5, yy), (x - 1, yy + 4)], 1.0, shade(ROPE, 0.3))


def finger(b: Body, hand: Point, col: RGB, marks: Marks) -> None:
    """The index finger pointing on from the hand (teaching, showing the way)."""
    x, y = hand
    b.stroke([(x, y), (x + 9, y - 3)], 3.2, lighten(col, 0.0))


GREEN_CAN: RGB = (84, 156, 110)
WATER_DROP: RGB = (90, 170, 235)


def watering_can(b: Body, hand: Point, col: RGB, marks: Marks) -> None:
    """A watering can held by its handle and tipped forward, drops falling from its rose."""
    x, y = hand
    b.stroke([(x - 5, y + 4), (x - 3, y - 4), (x + 7, y - 4), (x + 9, y + 4)], 2.2, shade(GREEN_CAN, 0.2))
    b.shape([(x - 7, y + 3), (x + 13, y + 3), (x + 15, y + 19), (x - 5, y + 19)], GREEN_CAN)
    b.stroke([(x + 13, y + 10), (x + 29, y + 20)], 2.8, GREEN_CAN)
    b.oval(x + 30, y + 21, 3.4, 3.4, shade(GREEN_CAN, 0.15), shaded=False)
    for dx, dy in ((-2, 8), (3, 13), (-1, 19), (4, 25)):
        b.oval(x + 31 + dx, y + 22 + dy, 1.4, 2.2, WATER_DROP, shaded=False)
    marks["spout"] = b.pt(x + 31, y + 24)


def camera(b: Body, hand: Point, col: RGB, marks: Marks) -> None:
    """A camera held up and out, its lens to what is photographed, the flash on top."""
    x, y = hand
    b.shape([(x - 3, y - 9), (x + 15, y - 9), (x + 15, y + 5), (x - 3, y + 5)], IRON)
    b.shape([(x + 1, y - 13), (x + 7, y - 13), (x + 7, y - 9), (x + 1, y - 9)], (250, 230, 120))
    b.oval(x + 16, y - 2, 4.2, 5.2, STEEL, shaded=False)
    b.oval(x + 16.5, y - 2, 2.2, 2.8, (40, 70, 120), ink=False, shaded=False)
    marks["camera"] = b.pt(x + 20, y - 2)


def open_book(b: Body, hand: Point, col: RGB, marks: Marks) -> None:
    book(b, hand[0], hand[1], col)


def held_guitar(b: Body, hand: Point, col: RGB, marks: Marks) -> None:
    guitar(b, hand[0], hand[1], col)
    marks["instrument"] = b.pt(hand[0] - 6, hand[1] + 6)


TOOLS: dict[str, Callable[[Body, Point, RGB, Marks], None]] = {
    "hammer": hammer, "pan": pan, "pencil": pencil, "rod": rod, "shovel": shovel, "rope": rope, "finger": finger,
    "book": open_book, "guitar": held_guitar, "brush": paintbrush, "can": watering_can,
    "camera": camera,
}


def tool_painter(name: str | None, colour: RGB, marks: Marks) -> Callable[[Body, Point], None] | None:
    """A held-prop painter (the same call as `props.held_painter`) drawing a pose's tool."""
    fn = TOOLS.get(name or "")
    if fn is None:
        return None

    def paint(b: Body, hand: Point) -> None:
        fn(b, hand, colour, marks)
        marks.setdefault("tool", b.pt(*hand))
    return paint


def is_tool(noun: str, tool: str | None) -> bool:
    """Whether a scene's noun is the tool the pose draws anyway (a reader's book, an angler's rod)."""
    return tool is not None and noun in TOOL_NOUNS.get(tool, ())
