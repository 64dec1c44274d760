"""A panel's events read against what can be drawn: who acts (a cast member or a thing), on what, for whom.

`SceneEvent` names its actor, object and recipient by name or noun; here they become the plan's
actor indices and drawable `Thing`s (a pictogram, or a procedural prop), with the place of the
object checked against the vocabulary's OBJECT_PLACES. An event whose actor cannot be drawn is
kept out: it can only be recorded when it is drawn. An object named twice (by two events, or by
an event and a prop or a held thing) is drawn once, by the first event that names it.
"""

from __future__ import annotations

from dataclasses import dataclass

from services import vocabulary
from services.art.procedural.object_places import Thing
from services.art.procedural.props import HELD
from services.art.procedural.states import place_noun
from services.schemas import PanelScene, SceneEvent
from services.vocabulary import sizes
from services.vocabulary.actions import OBJECT_PLACES

# Places that show the same moment of one object: a second event naming it there needs no second drawing.
SAME_MOMENT = ({"thrown", "arriving", "flying"}, {"out", "hand", "between"}, {"overhead", "arms"})


@dataclass(frozen=True)
class Happening:
    """One event resolved: indices into the plan's actors, or a thing that acts."""

    event: SceneEvent
    actor: int | None  # the plan actor who acts, None when a thing acts
    thing_actor: Thing | None  # the thing that acts ('wind')
    object: Thing | None  # the thing acted on or with
    object_actor: int | None  # the cast member acted on (the one carried, chased, hugged)
    recipient: int | None
    at: str | None  # where the object is, one of OBJECT_PLACES
    draws_object: bool = True  # False: an earlier event already draws this object
    place_object: str | None = None  # the object is the panel's place ("travels to Paris"), painted behind

    @property
    def other(self) -> int | None:
        """Whom the action is done to: the recipient, else the cast member who is its object."""
        return self.recipient if self.recipient is not None else self.object_actor


def thing(noun: str, state: str | None = None) -> Thing | None:
    """A noun as something the art can draw: its pictogram, else a procedural prop; None when neither."""
    key = noun.strip().lower()
    if not key:
        return None
    entry = vocabulary.entry(key) or vocabulary.lookup(key)
    code = entry.code if entry else None
    name = entry.noun if entry else key
    if code is None and key not in HELD:
        return None
    return Thing(noun=name, code=code, procedural=code is None, state=state, height=sizes.height_of(name))


def resolve(scene: PanelScene, names: list[str], kinds: list[tuple[str, ...]] | None = None) -> list[Happening]:
    """The scene's events against the drawn actors (`names`: the plan actors' names, in order; `kinds`: what
    else each is called, its kind and role, so "the cat" in an event is the cast's cat, not a second one)."""
    index: dict[str, int] = {}
    for i, words in enumerate(kinds or []):
        for word in words:
            if word:
                index.setdefault(word.strip().lower(), i)
    for i, n in enumerate(names):
        index[n.strip().lower()] = i
    states = {**{w.strip().lower(): s for w, s in scene.thing_states.items()},
              **{p.what.strip().lower(): p.state for p in scene.props if p.state}}
    out: list[Happening] = []
    seen: dict[str, str] = {}  # object noun -> the place it is drawn at
    for event in scene.events:
        actor = index.get(event.actor.strip().lower())
        thing_actor = None if actor is not None else thing(event.actor, states.get(event.actor.strip().lower()))
        if actor is None and thing_actor is None:
            continue
        recipient = index.get((event.recipient or "").strip().lower())
        obj_name = (event.object or "").strip().lower()
        object_actor = index.get(obj_name) if obj_name else None
        place = {scene.setting.strip().lower(), *(m.strip().lower() for m in scene.landmarks),
                 *filter(None, [place_noun(scene.place_state)])}  # a frozen pond's ice, a flooded cabin's flood
        if obj_name in place:  # the place itself is the object: the setting paints it
            out.append(Happening(event, actor, thing_actor, None, None, recipient, None, place_object=obj_name))
            continue
        obj = thing(obj_name, states.get(obj_name)) if obj_name and object_actor is None else None
        if obj is None and object_actor is None and event.was and event.step == "during":
            # no drawing of a carriage: the pumpkin in the puff, never a pumpkin left standing after it
            obj = thing(event.was, states.get(event.was.strip().lower()))
        if obj_name and object_actor is None and obj is None:
            continue  # its object cannot be drawn: neither can the event
        at = event.object_at if event.object_at in OBJECT_PLACES else None
        if obj is not None and at is None:
            at = "hand"
        draws = True
        if obj is not None:
            if obj.noun in seen:
                first = seen[obj.noun]
                if first != at and not any({first, at} <= group for group in SAME_MOMENT):
                    continue  # drawn once, at the first event's place: this one is not shown
                draws = False
            else:
                seen[obj.noun] = at or "hand"
        out.append(Happening(event, actor, thing_actor, obj, object_actor, recipient, at, draws))
    return out


def objects_of(happenings: list[Happening]) -> set[str]:
    """The nouns the events draw (props and held things naming them are not drawn again)."""
    names: set[str] = set()
    for h in happenings:
        if h.object is not None:
            names.add(h.object.noun)
            names.add(h.event.object.strip().lower() if h.event.object else h.object.noun)
    return names


def place_of(happenings: list[Happening], actor: int) -> str | None:
    """Where the first event of an actor puts its object (a load overhead changes the carrier's pose)."""
    return next((h.at for h in happenings if h.actor == actor and h.at), None)
