"""One cast member drawn in its pose, with what its hands hold: the pose's tool, the event's object, its prop.

A procedural character's hands take, in order: the event's object when the event puts it in the
hand or holds it out, the pose's tool (a hammer to build; a reader's book and a player's guitar
give way to the object the scene names), and the thing it holds. What does not fit in the hand
is set down beside it. A pictogram creature cannot close a hand: its prop and tool are pasted at
the front of its glyph and its event's object is placed around it by `object_places`. Either way
the result is a `Figure`, the same questions for the objects and devices drawn around it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from PIL import Image

from services import vocabulary
from services.art.procedural import figures, implements, object_places, pictogram_acting
from services.art.procedural.canvas import Canvas
from services.art.procedural.cast import draw_character
from services.art.procedural.characters import Anchor
from services.art.procedural.figure import Body, pose_for
from services.art.procedural.figures import Figure
from services.art.procedural.looks import Look
from services.art.procedural.object_places import HAND_SHARE, Thing
from services.art.procedural.palettes import Light
from services.art.procedural.plan_painter import PROCEDURAL_HELD
from services.art.procedural.props import held_painter
from services.art.procedural.staging import Placement
from services.art.procedural.states import contents_drawn, paste_thing, size_factor
from services.art.procedural.water import Water
from services.schemas import CastMember, DrawnItem, SceneProp

Painter = Callable[[Body, tuple[float, float]], None]
GIVES_WAY = ("book", "guitar", "finger")
AT_THE_TOOL = ("pan", "pencil")  # tools whose object is drawn at them, not in the hand  # tools an object in the hand replaces (the book read, the violin played)
HAND_SIZE = 34.0  # a thing in the hand, body units
GHOST_OPACITY = 0.72  # a ghost is see-through: the scenery shows through it


@dataclass
class Member:
    """A drawn cast member: where it is (`figure`), how the record names it, what its hand holds."""

    index: int
    figure: Figure
    what: str
    source: str
    hand_object: bool = False  # the event's object was drawn in its hand
    hand_procedural: bool = False  # ... by the art's own painter (a procedural book, not a pictogram)
    records: list[DrawnItem] = field(default_factory=list)
    set_down: list[SceneProp] = field(default_factory=list)


@dataclass(frozen=True)
class Casting:
    """Who to draw and how: the cast member, its look, its place, its pose and what is in its hands."""

    index: int
    member: CastMember
    code: str | None  # its pictogram when the procedural cast cannot draw it
    look: Look
    place: Placement
    pose: str
    mood: str
    phase: int
    at: str | None = None  # where its event puts the object (a load overhead raises both hands)
    hand: Thing | None = None  # the event's object in its hand
    holds: str | None = None  # the thing the scene gives it to hold
    skip_tool: bool = False  # something else (a tree to climb) stands in for the pose's tool
    dry: bool = False  # the place has no sea around the cast: a sea creature gets a pool of its own
    holds_state: str | None = None  # how that thing is ('full of honey'): drawn so in the hand
    from_behind: bool = False  # the over-the-shoulder shot's foreground figure


SWIM_DEPTH = 40.0  # body units the swimming pose's ground lies below the waterline: the body at the surface


def draw(c: Canvas, k: Casting, light: Light, water: Water | None) -> Member:
    """Draw one cast member; its figure, its records (cast and held prop) and what it had to set down."""
    marks: dict[str, tuple[float, float]] = {}
    pose = pose_for(k.pose, k.phase, k.at)
    if k.from_behind:
        pose = replace(pose, back=True)
    tool = None if k.skip_tool else pose.tool
    hand, holds = k.hand, k.holds
    tool_is_object = hand is not None and implements.is_tool(hand.noun, tool)
    if tool_is_object:
        hand = None  # the tool is the object (a reader's book): drawn once, by the tool
    if hand is not None and tool in GIVES_WAY:
        tool = None
    if hand is not None and tool in AT_THE_TOOL:
        hand = None  # the egg goes in the pan, the letter under the pencil (`event_painter` puts it there)
    set_down: list[SceneProp] = []
    held_entry = (vocabulary.entry(holds) or vocabulary.lookup(holds)) if holds else None
    holds_is_tool = bool(holds and implements.is_tool(holds, tool))
    if holds and not holds_is_tool and (hand is not None or (tool and tool not in GIVES_WAY)):
        set_down.append(SceneProp(what=holds, where="ground"))  # busy hands: it stands beside them
        holds, held_entry = None, None
    if holds and (held_entry is None or held_entry.code is None) and holds not in PROCEDURAL_HELD:
        holds = None  # nothing can draw it in a hand: it is not drawn there (nor recorded)
    # a held thing in a state (a jar full of honey, a frozen fish) is its pictogram in that state
    in_its_state = bool(holds and not holds_is_tool and k.holds_state and held_entry is not None and held_entry.code)
    if k.code is not None:
        member = _pictogram(c, k, light, water, tool, marks, holds, held_entry)
    else:
        painters: list[Painter] = []
        tool_paint = implements.tool_painter(tool if (tool not in GIVES_WAY or holds is None or holds_is_tool)
                                             else None, k.look.accent, marks)
        if tool_paint is not None:
            painters.append(tool_paint)
        if hand is not None:
            painters.append(_in_hand(hand, marks, k.look.accent))
        elif in_its_state:
            assert held_entry is not None
            painters.append(_in_hand(Thing(noun=held_entry.noun, code=held_entry.code, state=k.holds_state), marks,
                                     k.look.accent))
        elif holds and not holds_is_tool:
            painters.append(_holds(holds, held_entry.code if held_entry else None, k.look.accent))
        before = c.img.copy() if k.look.kind == "ghost" else None
        anchor = draw_character(c, k.look, pose, k.mood, k.place.x, _swum_at(k, water), k.place.scale,
                                k.place.facing, light, _together(painters) if painters else None)
        if before is not None:
            _see_through(c, before, anchor)
        what = k.member.role or k.member.kind
        by_tool = tool_is_object and "tool" in marks
        member = Member(k.index, figures.procedural(anchor, marks, k.pose), what, "procedural",
                        hand_object="held" in marks or by_tool,
                        hand_procedural=by_tool or bool(hand and hand.noun in PROCEDURAL_HELD and not hand.state))
        member.records.append(DrawnItem(what=what, role="cast", source="procedural"))
        if k.member.role and k.member.kind not in ("person", "child", "elder", k.member.role):
            member.records.append(DrawnItem(what=k.member.kind, role="cast", source="procedural"))
    if holds:
        source = "procedural" if (k.code is None and holds in PROCEDURAL_HELD) or holds_is_tool else "pictogram"
        noun = held_entry.noun if held_entry else holds
        member.records.append(DrawnItem(what=noun, role="prop", source=source,
                                        code=held_entry.code if held_entry and source == "pictogram" else None))
        if in_its_state and k.code is None:
            member.records += contents_drawn(k.holds_state)
    member.set_down = set_down
    return member


def _swum_at(k: Casting, water: Water | None) -> float:
    """The ground a drawn swimmer's pose stands on: its body at the water nearest its spot (a girl swimming in
    the pond was drawn flat over it, up in the sky of a close-up), else its own ground."""
    if k.pose != "swimming" or water is None:
        return k.place.ground
    near = water.surface_near(k.place.x, k.place.ground, reach=700)
    if near is None or abs(near[0] - k.place.x) > 120:
        return k.place.ground
    return near[1] + SWIM_DEPTH * k.place.scale * k.look.scale


def _see_through(c: Canvas, before: Image.Image, a: Anchor) -> None:
    """Blend the freshly drawn ghost with what was behind it (only inside its box, to stay fast)."""
    u = c.u
    r = a.head_r * 2.6
    box = (max(0, int((a.head[0] - r) * u)), max(0, int((a.head[1] - r) * u)),
           min(c.W, int((a.head[0] + r) * u)), min(c.W, int((a.feet[1] + a.head_r) * u)))
    if box[2] > box[0] and box[3] > box[1]:
        c.img.paste(Image.blend(before.crop(box), c.img.crop(box), GHOST_OPACITY), box[:2])


def _pictogram(c: Canvas, k: Casting, light: Light, water: Water | None, tool: str | None,
               marks: dict[str, tuple[float, float]], holds: str | None, held_entry: object | None) -> Member:
    assert k.code is not None
    anchor, box = pictogram_acting.draw_actor(c, k.code, k.member.kind, k.pose, k.place, k.look.scale, k.phase,
                                              water, light, k.dry)
    # what it holds is hand-sized beside it, however small the creature (a parrot's coin, a mouse's key)
    grip = object_places.grip(figures.pictogram(anchor, box, k.pose))
    front = Body(c, grip[0], grip[1],
                 min(k.place.scale * 0.8, HAND_SHARE * (box[3] - box[1]) / pictogram_acting.HELD_SIZE), k.place.facing)
    paint = implements.tool_painter(tool, k.look.accent, marks)
    if paint is not None:
        paint(front, (0.0, 0.0))
    code = getattr(held_entry, "code", None)
    if holds and code:
        pictogram_acting.held_pictogram(code)(front, (0.0, 0.0))
    member = Member(k.index, figures.pictogram(anchor, box, k.pose), k.member.kind, "pictogram")
    member.figure.marks.update(marks)
    member.records.append(DrawnItem(what=k.member.kind, role="cast", source="pictogram", code=k.code))
    return member


def _together(painters: list[Painter]) -> Painter:
    def paint(b: Body, hand: tuple[float, float]) -> None:
        for p in painters:
            p(b, hand)
    return paint


def _in_hand(thing: Thing, marks: dict[str, tuple[float, float]], accent: tuple[int, int, int]) -> Painter:
    """The event's object in the front hand: the procedural prop when the art has one, else its pictogram
    (in its state: a frozen fish is frozen in the hand too)."""
    if thing.noun in PROCEDURAL_HELD and thing.state is None:
        inner = held_painter(thing.noun, accent)
        if inner is not None:
            def procedural(b: Body, hand: tuple[float, float]) -> None:
                inner(b, hand)
                marks["held"] = b.pt(*hand)
            return procedural

    def pictogram(b: Body, hand: tuple[float, float]) -> None:
        x, y = b.pt(*hand)
        size = HAND_SIZE * b.s * size_factor(thing.state)
        if thing.code:
            paste_thing(b.c, thing.code, x, y + size * 0.45, size, thing.state, flip=b.dir > 0, shadow=False)
            marks["held"] = (x, y)
    return pictogram


def _holds(noun: str, code: str | None, accent: tuple[int, int, int]) -> Painter:
    if noun in PROCEDURAL_HELD:
        painter = held_painter(noun, accent if noun != "brush" else (60, 120, 220))
        if painter is not None:
            return painter
    assert code is not None
    return pictogram_acting.held_pictogram(code)
