"""The picture of each beat: who is in the panel, in which pose, and where each thing is.

The action vocabulary says how each role looks at each step (`Look`): the eater's pose and the
sandwich at the mouth, the crumbs. Things keep where the last beat left them: a sandwich held
in the setup is left behind by "forget", and gone once "eat" is over. A place an event leads to
("carry him to the beach") is the setting from that event's result on. Every named character and
thing still appears somewhere (`panel_scenes.cover`), so nothing the prompt names is lost.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from services.config import word_lists
from services.reading import ScenePlan, StoryEvent, full_of
from services.schemas import PanelScene, SceneActor, SceneEvent, SceneProp
from services.story.beats import Beat, BeatPart
from services.story.thing_states import THING_STATES
from services.vocabulary.actions import STEPS, Look, told_as
from services.vocabulary.actions import action as vocabulary_action

MAX_ACTORS = 3
HELD = {"hand", "mouth", "overhead", "arms", "out"}
# Where a thing lies once a beat is over, by where it was during it.
AFTERWARDS = {"falling": "ground", "thrown": "ground", "arriving": "ground", "left_behind": "ground",
              "beside": "ground", "front": "ground", "ahead": "ground", "hidden": "ground", "between": "ground",
              "under": "ground", "inside": "ground", "hooked": "ground", "flying": "sky", "sky": "sky",
              "water": "water", "ground": "ground"}
_WORDS = word_lists("story.beat_scenes")
WEATHER_ACTORS: set[str] = set(_WORDS["weather_actors"])
# Things that are a state of the whole place once they happen: "water floods the cabin" floods it from then on,
# never a rain cloud pasted on its floor.
PLACE_STATES: dict[str, str] = _WORDS["place_states"]
# "drops his compass into the sea": what falls or is thrown there lands on the water, not on the deck.
INTO_WATER = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in _WORDS["into_water"]) + r")(?!\w)", re.IGNORECASE)
WATER_ACTORS: set[str] = set(_WORDS["water_actors"])
LOST_UPWARDS: set[str] = set(_WORDS["lost_upwards"])
REACTIONS: set[str] = set(_WORDS["reactions"])  # what an action leaves a face showing
SHOTS = {"setup": "wide", "before": "medium", "during": "medium", "after": "medium", "ending": "wide"}
FAR_OBJECTS = {"sky", "flying", "ahead", "thrown"}
LOOKS_AGAIN = ("medium", "close-up", "wide")
LYING_POSES = {"sleeping", "lying"}
TALL_POSES = LYING_POSES | {"climbing"}  # a climb shows how high up: a closer shot shows a trunk
DISCOVERIES = {"find"}


@dataclass
class ThingState:
    """Where a thing is between beats: held by someone, lying somewhere, or gone."""

    holder: str | None = None
    where: str = "ground"
    gone: bool = False
    state: str | None = None  # "broken": as the prompt says it is, or as an event left it
    left_in: str | None = None  # the place it was left lying in: not drawn once the story has moved on


@dataclass
class Staging:
    plan: ScenePlan
    things: dict[str, ThingState] = field(default_factory=dict)
    setting: str = ""
    weather: str = "clear"
    place_state: str | None = None
    whereabouts: dict[str, str] = field(default_factory=dict)  # cast name → the place they were last drawn in


CAN_HOLD = ("standing", "looking", "walking", "holding", "sitting", "running", "sneaking")  # with a thing in hand


def beat_scenes(plan: ScenePlan, beats: list[Beat], rng: random.Random, home: str) -> list[PanelScene]:
    """One scene per beat, in order; `home` is where the story starts when an event leads to the plan's place."""
    start = _starting_place(plan, home)
    staging = Staging(plan=plan, setting=start, weather=_starting_weather(plan), place_state=_as_said(plan, start))
    seen: dict[tuple, int] = {}
    for thing in plan.things:
        if thing.what in PLACE_STATES:
            continue
        staging.things[thing.what] = ThingState(where=thing.where if thing.where != "hand" else "ground",
                                                state=thing.drawn_state)
    for event in plan.events:  # "paints a rainbow", "grows into a tree": not there before it is made
        made = staging.things.get(event.object or "") if told_as(event).looks["before"].object_at == "gone" else None
        for state in (made, staging.things.get(event.result or "")):
            if state is not None:
                state.gone = True
    _first_holders(staging)
    scenes = []
    for number, beat in enumerate(beats):
        scene = _scene(staging, beat, number, len(beats), rng)
        key = tuple((p.event, p.step) for p in beat.parts)
        seen[key] = seen.get(key, -1) + 1
        if seen[key]:  # another look at the same moment: the camera moves
            now = LOOKS_AGAIN.index(scene.shot) if scene.shot in LOOKS_AGAIN else 0
            scene.shot = LOOKS_AGAIN[(now + seen[key]) % len(LOOKS_AGAIN)]
        scenes.append(scene)
    if plan.later_time and scenes:  # "dances until sunrise": the night is over in the last panel
        scenes[-1].time = plan.later_time
    return scenes


def _become(staging: Staging, event: StoryEvent) -> StoryEvent:
    """The pumpkin is a carriage now, the seed a tree: what it was is gone, what it became is shown in its place
    (done to, or doing what the event did)."""
    was = event.object or (event.actors[0] if event.actors else "")
    for name, gone in ((was, True), (event.result or "", False)):
        state = staging.things.get(name)
        if state is not None:
            state.gone = gone
    if event.object:
        return event.model_copy(update={"object": event.result})
    return event.model_copy(update={"actors": [event.result]})


def _made_by(event: StoryEvent, step: str) -> bool:
    """Is what the event makes there at this step: after it, or already while it happens when it is sudden."""
    return step == "after" or step == "during" and vocabulary_action(event.action).sudden


def _starting_weather(plan: ScenePlan) -> str:
    """'…, but the rain washes it away': a weather that comes to act is not in the sky before it does (one that
    stops, 'until the rain stops', was there from the start)."""
    acts = [e for e in plan.events if e.actors[:1] == [plan.weather] and plan.weather in WEATHER_ACTORS]
    return "clear" if acts and all(e.action != "stop" for e in acts) else plan.weather


def _starting_place(plan: ScenePlan, home: str) -> str:
    leads_here = any(e.place == plan.setting for e in plan.events)
    if leads_here:
        return home
    return plan.opens_at or plan.setting  # "lit un livre à l'hôpital, puis s'endort dans le métro": at the hospital


def _first_holders(staging: Staging) -> None:
    """A thing the first event about it has in hand before it happens starts in that actor's hand."""
    for event in staging.plan.events:
        state = staging.things.get(event.object or "")
        if state is None or state.holder is not None:
            continue
        before = told_as(event).looks["before"].object_at
        holder = _first_cast(staging.plan, event.actors)
        planned = next(t for t in staging.plan.things if t.what == event.object)
        if holder and (before in HELD or (before is None and planned.where == "hand")):
            state.holder = holder


def _scene(staging: Staging, beat: Beat, number: int, count: int, rng: random.Random) -> PanelScene:
    plan = staging.plan
    actors: dict[str, SceneActor] = {}
    events: list[SceneEvent] = []
    effects: list[str] = []
    weather = staging.weather
    involved: set[str] = set()
    here = next((plan.events[p.event].at for p in beat.parts if plan.events[p.event].at), None)
    if here is not None and beat.kind != "setup":  # the story opens where the prompt says it is
        _move_to(staging, here)  # "falls asleep on the subway": there from its first panel, and after it
    for part in beat.parts:
        event = plan.events[part.event]
        look = told_as(event).looks[part.step]
        was = None
        if event.result and _made_by(event, part.step):
            was, event = event.object, _become(staging, event)
        weather = _weather_for(event, part, weather)
        _pose_roles(plan, event, look, actors)
        events += _scene_events(plan, event, part, look, staging, was)
        effects += [d for d in look.devices if d not in effects]
        involved |= {n for n in (event.object, *event.actors) if n and n in staging.things}  # "the vase breaks"
        changed = staging.things.get(event.object or "") or (staging.things.get(event.actors[0])
                                                             if event.actors else None)
        if changed is not None and part.step != "before":  # breaking, and broken after
            changed.state = _left_as(event.action, changed.state)
        now = next((PLACE_STATES[n] for n in (event.object, *event.actors) if n in PLACE_STATES), None)
        if now and part.step != "before":
            staging.place_state = now
    if beat.kind in ("setup", "ending"):
        _add_onlookers(staging, beat, actors)
    for name in _not_made_yet(plan, beat) | _lost_for_now(plan, beat) | _not_this_form(plan, beat):
        actors.pop(name, None)
    hiding_places = [w for p in beat.parts if p.step != "before" or vocabulary_action(plan.events[p.event].action
                                                                                      ).where_before
                     for w in _where_named(plan, plan.events[p.event])]  # the tree a kitten is rescued from
    for name in hiding_places:  # "hides behind his horse": the horse is there to hide behind
        if plan.member(name) is not None and name not in actors and len(actors) < MAX_ACTORS:
            actors[name] = SceneActor(name=name, action="standing", mood="calm")
    if not actors:
        first = plan.cast[0]
        actors[first.name] = SceneActor(name=first.name, action="looking", mood="surprised")
    arriving = next((plan.events[p.event].place for p in beat.parts if p.step != "before"
                     and plan.events[p.event].place), None)
    if arriving:
        _move_to(staging, arriving)  # "travels to Paris", "carries him to the beach": shown getting there
    scene = PanelScene(setting=staging.setting, landmarks=list(plan.landmarks), time=plan.time, weather=weather,
                       shot=_shot(beat, events, number, count, rng), actors=list(actors.values())[:MAX_ACTORS],
                       effects=effects, events=events, place_state=staging.place_state,
                       thing_states={what: s.state for what, s in staging.things.items() if s.state})
    _show_things(staging, scene, involved)
    for what in hiding_places:  # "hides under the table": the table, by whoever hides there
        if plan.member(what) is None and what not in {p.what for p in scene.props} | involved | {
                e.object for e in events}:  # not the bench a sleeper lies on, drawn under them
            scene.props.append(SceneProp(what=what, where="ground"))
    staging.whereabouts.update({a.name: staging.setting for a in scene.actors})
    _after_beat(staging, beat)
    return scene


def _where_named(plan: ScenePlan, event: StoryEvent) -> list[str]:
    """The characters and things the prompt's words for where an event happens name ('behind his horse')."""
    said = {w.lower() for w in re.findall(r"[^\W\d_]+", event.where_words or "")}
    if not said:
        return []
    members = [m.name for m in plan.cast if said & {w.lower() for w in m.words}]
    things = [t.what for t in plan.things if any(set(w.lower().split()) <= said for w in t.words)  # "an oak tree"
              and t.what != event.object]
    return [*members, *things]


def _pose_roles(plan: ScenePlan, event: StoryEvent, look: Look, actors: dict[str, SceneActor]) -> None:
    for name in event.actors:
        if plan.member(name) is not None:
            actors[name] = SceneActor(name=name, action=look.actor, mood=look.actor_mood)
    for other in (event.recipient, event.object, *event.others):
        if other and plan.member(other) is not None and other not in event.actors:
            actors[other] = SceneActor(name=other, action=look.recipient or "looking",
                                       mood=look.recipient_mood or "surprised")


def _scene_events(plan: ScenePlan, event: StoryEvent, part: BeatPart, look: Look, staging: Staging,
                  was: str | None = None) -> list[SceneEvent]:
    """The event as each of its drawn actors does it; `was` is what its object was before the event changed it
    (recorded by its kind or noun, as the art records it)."""
    obj = event.object
    if was is not None and (member := plan.member(was)) is not None:
        was = member.kind
    object_at = look.object_at
    if obj and object_at is None:
        state = staging.things.get(obj)
        object_at = "hand" if state is not None and state.holder in event.actors else None
    object_at = _on_water(event, object_at)
    if event.action == "lose" and object_at == "left_behind" and obj in LOST_UPWARDS:
        object_at = "flying"  # a balloon one loses floats off into the sky, it does not wait on the ground
    if event.action == "lose" and object_at == "left_behind" and (lost := plan.member(obj or "")) is not None:
        obj, object_at = lost.kind, "gone"  # "perd son cheval": no horse to be seen, none standing beside him
    if obj is None and part.step != "before" and vocabulary_action(event.action).lies_on:  # "asleep on a bench"
        obj = next((w for w in _where_named(plan, event) if plan.member(w) is None), None)
        object_at = "under" if obj else None
    who = [n for n in event.actors if plan.member(n) is not None] or event.actors[:1]
    return [SceneEvent(action=event.action, actor=name, object=obj, recipient=event.recipient, step=part.step,
                       object_at=object_at if obj else None, was=was) for name in who]


def _weather_for(event: StoryEvent, part: BeatPart, weather: str) -> str:
    """A weather that acts is in the sky while it does ('the wind carries it away'); one that stops is gone."""
    actor = event.actors[0] if event.actors else ""
    if actor in WEATHER_ACTORS:
        if event.action == "stop" and part.step == "after":
            return "clear"
        return actor
    return weather


def _not_made_yet(plan: ScenePlan, beat: Beat) -> set[str]:
    """A character the story makes ('build a snowman', 'paints a friend') is not there before it is made: the
    setup shows the builders and their plan, not the snowman already standing."""
    here = _reached(beat)
    return {e.object for i, e in enumerate(plan.events) if e.object and plan.member(e.object) is not None
            and told_as(e).looks["before"].object_at == "gone" and here <= (i, 0)}


def _reached(beat: Beat) -> tuple[int, int]:
    """How far the story has got by this beat: its last event, and that event's step (0 before, 1 during, 2 after)."""
    return max((p.event, STEPS.index(p.step)) for p in beat.parts)


def _lost_for_now(plan: ScenePlan, beat: Beat) -> set[str]:
    """A character someone loses ('loses her baby in the market') is out of the picture from the moment they are
    lost until an event brings them back (found, rescued); looking for them does not."""
    here = _reached(beat)
    gone = set()
    for i, event in enumerate(plan.events):
        if event.action != "lose" or not event.object or plan.member(event.object) is None:
            continue
        back = next((j for j, later in enumerate(plan.events[i + 1:], start=i + 1) if later.action != "search"
                     and event.object in {later.object, later.recipient, *later.actors}), len(plan.events))
        if (i, 1) <= here < (back, 1):
            gone.add(event.object)
    return gone


def _not_this_form(plan: ScenePlan, beat: Beat) -> set[str]:
    """'The frog turns into a prince': the prince is not there before the change, the frog not after it."""
    here = _reached(beat)
    gone = set()
    for i, event in enumerate(plan.events):
        # "turns into a prince": the actor becomes the object; "turns the cat into a dragon": the object the result
        new, old = (event.result, [event.object]) if event.result else (event.object, event.actors)
        if not vocabulary_action(event.action).becomes or not new or plan.member(new) is None:
            continue
        if here < (i, 1):
            gone.add(new)
        elif here >= (i, 2):
            gone |= {name for name in old if name and plan.member(name) is not None}
    return gone


def _add_onlookers(staging: Staging, beat: Beat, actors: dict[str, SceneActor]) -> None:
    """The setup shows who the story is about; the ending, everyone the events touched who is still there,
    reacting (not the lumberjack left in the forest when the squirrel has carried its acorns home)."""
    plan = staging.plan
    event = plan.events[beat.parts[0].event]
    wanted = [m.name for m in plan.cast if m.name in {*event.actors, event.recipient, event.object, *event.others}]
    if beat.kind == "ending":
        wanted += [n for e in plan.events for n in (*e.actors, e.recipient, e.object) if n and plan.member(n)
                   and staging.whereabouts.get(n, staging.setting) == staging.setting]
    for name in dict.fromkeys(wanted):
        if name not in actors and len(actors) < MAX_ACTORS:
            actors[name] = SceneActor(name=name, action="looking" if beat.kind == "ending" else "standing",
                                      mood="surprised" if beat.kind == "ending" else "calm")


def _shot(beat: Beat, events: list[SceneEvent], number: int, count: int, rng: random.Random) -> str:
    if count == 1:
        return "wide"
    if beat.kind in ("setup", "ending"):
        return SHOTS[beat.kind]
    if any(e.object_at in FAR_OBJECTS for e in events) or len({e.actor for e in events}) > 2:
        return "wide"
    step = beat.parts[0].step
    if step == "during" and len(events) == 1 and events[0].action in DISCOVERIES and events[0].object \
            and events[0].object_at == "front":
        return "over-the-shoulder"  # what is found, seen past the finder's shoulder
    if any(vocabulary_action(e.action).looks[step].actor in TALL_POSES for e in events):
        return "wide"  # a sleeper lies as long as a standing one is tall: a closer shot cuts them off
    if step != "before" and events and all(vocabulary_action(e.action).leaves in REACTIONS for e in events):
        return "close-up"  # the reaction: a face that cries, laughs, falls in love
    if step == "during" and rng.random() < 0.25 and all(e.object_at in (None, "mouth", "hand") for e in events):
        return "close-up"
    return SHOTS[step]


def _show_things(staging: Staging, scene: PanelScene, involved: set[str]) -> None:
    """Things not part of this beat's events where they are now: in their holder's hand, on the ground,
    in the sky; a gone thing is not drawn."""
    names = {a.name for a in scene.actors}
    for what, state in staging.things.items():
        if what in involved or state.gone:
            continue
        if state.holder is not None:
            holder = next((a for a in scene.actors if a.name == state.holder), None)
            if holder is not None and holder.holds is None and holder.action in CAN_HOLD:  # the thief runs with it
                holder.holds = what
                if holder.action in ("standing", "looking"):
                    holder.action = "holding"
            continue
        if state.left_in not in (None, staging.setting):
            continue  # the felled tree stays in the forest
        if state.where in ("ground", "sky", "background", "water") and _belongs(staging, what, names):
            scene.props.append(SceneProp(what=what, where=state.where, state=state.state))


def _belongs(staging: Staging, what: str, names: set[str]) -> bool:
    """An event's thing lying about stays in view (a kite on the ground); other things are placed once
    by `panel_scenes.cover`."""
    return any(what in (e.object, e.result) for e in staging.plan.events)  # the kite flown, the tree grown


def _after_beat(staging: Staging, beat: Beat) -> None:
    plan = staging.plan
    for part in beat.parts:
        event = plan.events[part.event]
        look = told_as(event).looks[part.step]
        if event.result and _made_by(event, part.step):
            event = _become(staging, event)
        state = staging.things.get(event.object or "")
        if event.object and part.step != "before" and vocabulary_action(event.action).leaves in ("eaten", "drunk"):
            for held_in in staging.things.values():  # the ice creams eaten: the tray that held them is empty
                if held_in.state == full_of(event.object):
                    held_in.state = None
        at = _on_water(event, look.object_at)
        if state is not None and at is not None:
            holder = _first_cast(plan, event.actors)
            if at == "gone":
                state.gone, state.holder = True, None
            elif at in HELD and holder:
                state.holder, state.gone = holder, False
            elif at == "received" and event.recipient:
                state.holder, state.gone = event.recipient, False
            else:  # made (painted, built) or put somewhere: there from now on
                state.holder, state.where, state.gone = None, AFTERWARDS.get(at, "ground"), False
                state.left_in = staging.setting
        if event.place and part.step != "before":
            _move_to(staging, event.place)  # on the way in this panel, there in the next
            for name in event.actors:  # who went there, and what they carried along
                staging.whereabouts[name] = event.place
        if event.action == "stop" and event.actors and event.actors[0] in WEATHER_ACTORS and part.step != "before":
            staging.weather = "clear"


def _move_to(staging: Staging, place: str) -> None:
    """The story goes on somewhere else, as the prompt says that place is ('the frozen lake')."""
    if place != staging.setting:
        staging.setting, staging.place_state = place, _as_said(staging.plan, place)


def _as_said(plan: ScenePlan, place: str) -> str | None:
    """How the prompt says a place of the story is: the story's own place, or one it goes to."""
    return plan.places_as_said.get(place) or (plan.place_state if place == plan.setting else None)


def _on_water(event: StoryEvent, object_at: str | None) -> str | None:
    """The river or a wave carries the paper boat or the sandcastle off on the water, not up into the sky; what
    is dropped or thrown into the sea lands on it."""
    if object_at == "flying" and set(event.actors) & WATER_ACTORS:
        return "water"
    if object_at in ("falling", "thrown") and INTO_WATER.search(event.words):
        return "water"
    return object_at


def _left_as(action: str, state: str | None) -> str | None:
    """A thing's state after an action that changes it: broken after it breaks, whole again once fixed."""
    left = vocabulary_action(action).leaves
    if left in THING_STATES:
        return left
    return None if action == "fix" and state == "broken" else state


def _first_cast(plan: ScenePlan, names: list[str]) -> str | None:
    return next((n for n in names if plan.member(n) is not None), None)
