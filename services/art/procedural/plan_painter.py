"""Draw a panel from its scene plan (`PanelScene`): the procedural art where it has the thing, pictograms elsewhere.

The plan names a place, landmarks, time, weather, a shot, actors (cast members with an action, a
mood and what they hold), props (with where they go) and comic effects. A place with a procedural
painter is painted; any other place gets a neutral backdrop with its landmark pictogram, never an
unrelated setting. A creature the procedural cast cannot draw stands in as its pictogram, big and
facing the others and acting its pose (`pictogram_acting`). What happens (the scene's events) is drawn
by `event_painter`. Everything drawn is recorded as a
`DrawnItem`, so the record says what the picture shows and nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from services import vocabulary
from services.art import pictograms
from services.art.panel_renderer import PanelArtRequest
from services.art.procedural import crowd, floating, scenery_store
from services.art.procedural.backgrounds import view_for
from services.art.procedural.canvas import Canvas
from services.art.procedural.characters import Anchor
from services.art.procedural.palettes import Light, light_for
from services.art.procedural.scene import Actor, Scene, stable_int
from services.art.procedural.settings import NEUTRAL, paint_place, setting_for_place, setting_names, setting_nouns
from services.art.procedural.staging import Placement
from services.art.procedural.states import contents_drawn, paste_thing, size_factor
from services.art.procedural.water import Water
from services.config import word_lists
from services.language import lexicon
from services.schemas import CastMember, DrawnItem, PanelScene, SceneProp
from services.vocabulary import sizes

PROCEDURAL_KINDS = frozenset(lexicon.keys("characters"))
PROCEDURAL_HELD = ("umbrella", "brush", "book", "cup", "lantern", "sword", "telescope", "flower", "kite",
                   "ball", "gift", "cake", "guitar")
WEATHERS = ("rain", "snow", "fog", "wind")
TIMES = ("dawn", "day", "sunset", "night")
SHOTS = ("wide", "medium", "close-up")
BACKDROP_NAMES = ("backdrop", "neutral")
OBJECT_GLYPH_PLACES = frozenset(word_lists("art.plan_painter")["object_glyph_places"])
LIGHTNING = "26A1"
GROUND_PROP_HEIGHT = 330.0
# A time of day is the light and the sky, not a thing: a panel at that time never pastes its pictogram
# (a city at sunset) in the sky; the painted sky shows it, or (a close-up's burst hides the sky) nothing does.
TIMES_OF_DAY = {"sunset": "sunset", "sunrise": "dawn"}
# Places without a painter of their own that a painted place shows well enough (recorded as that place).
RELATED_SETTINGS = {"space station": "space", "classroom": "school", "street": "city", "island": "beach",
                    "jungle": "forest", "village": "city", "market": "city", "paris": "city"}  # a standing person in a wide shot, in panel units


@dataclass(frozen=True)
class PlannedActor:
    actor: Actor
    member: CastMember
    code: str | None  # None: the procedural cast draws it


@dataclass
class Plan:
    """The plan resolved against what can be drawn."""

    scene: Scene
    actors: list[PlannedActor]
    painter: str | None
    place: str
    place_code: str | None
    landmarks: list[tuple[str, str]]
    weather_noun: str | None
    storm: bool
    set_down: list[SceneProp]  # planned in a hand, too big for one: drawn on the ground
    named_by: tuple[str, str] | None = None  # (place, its landmark): the landmark is what names the place
    place_entry: str | None = None  # the plan's place noun, drawn as its pictogram when it has no painter
    painted_landmarks: tuple[str, ...] = ()  # landmarks the painted place shows itself (a rooftop's city)
    crowd: int = 0  # cast members beyond the front row, drawn in the background crowd
    goods: tuple[str, str] | None = None  # what a shop sells, stocked on its shelves: (noun, pictogram code)


def resolve(request: PanelArtRequest) -> Plan:
    """Turn the plan's nouns into procedural keys and pictogram codes."""
    plan = request.scene
    assert plan is not None
    place = plan.setting.strip().lower()
    entry = vocabulary.entry(place) or vocabulary.lookup(place)
    names = setting_names()
    painter = next((k for k in _setting_keys(place, entry.kind if entry else None) if k in names), None)
    place_noun = entry.noun if entry else place
    if painter and entry and entry.landmark:
        # A place named by its landmark (Paris) is painted as a kind of place (a street): the record says
        # so, and the landmark's pictogram names the place.
        place_noun = (setting_nouns(painter) or [painter])[0]
    related = False
    if painter is None and place_noun in RELATED_SETTINGS and RELATED_SETTINGS[place_noun] in names:
        painter = RELATED_SETTINGS[place_noun]  # the nearest painted place; the record names it, not the plan
        place_noun, related = painter, True
    if painter is None and (said := setting_for_place(place)) != NEUTRAL and said in names:
        painter, place_noun = said, (setting_nouns(said) or [said])[0]  # a storyteller's "hospital room"
    indoor = bool(painter and lexicon.entry("settings", painter).get("indoor", False)) if painter in \
        lexicon.keys("settings") else painter in ("elevator", "subway", "space station", "space_station", "classroom")
    landmarks: list[tuple[str, str]] = []
    shown = set(setting_nouns(painter)) if painter else set()
    painted: list[str] = []  # a landmark the painted place already shows (the city below a rooftop) is not pasted
    for noun in [*plan.landmarks, *([entry.landmark] if entry and entry.landmark else [])]:
        found = vocabulary.entry(noun) or vocabulary.lookup(noun)
        if found and found.noun in shown and not related:
            painted += [found.noun] if found.noun not in painted else []
            continue
        if found and found.role == "setting" and indoor:
            continue  # another place is not seen from inside this one (a supermarket pasted in the bus)
        if found and found.role == "setting" and not found.code and found.landmark:
            found = vocabulary.entry(found.landmark) or found  # "a garden in Tokyo": the Tokyo Tower behind it
        if found and found.code and all(n != found.noun for n, _ in landmarks) and not (
                found.role == "setting" and found.noun in OBJECT_GLYPH_PLACES):  # no giant books over a library roof
            landmarks.append((found.noun, found.code))
    if "sea" in shown and place_noun != "sea" and "sea" not in painted and not related:
        painted.append("sea")  # "ein Schiffswrack im Meer", "un phare au bord de la mer": the sea is painted with it
    # Without its own painter, the place shows as its pictogram (a desert island behind the beach); never the
    # building stuck on the wall of the room painted for it (a school in the classroom).
    place_code = entry.code if entry and (related or not painter) and not landmarks and not (painter and indoor) \
        and not (painter and entry.noun in OBJECT_GLYPH_PLACES) else None  # a garden painted as a park: no giant tulip
    weather_entry = vocabulary.entry(plan.weather) or vocabulary.lookup(plan.weather) if plan.weather else None
    weather = weather_entry.kind if weather_entry and weather_entry.kind in WEATHERS else "clear"
    storm = bool(weather_entry and weather_entry.noun == "storm")
    time = plan.time if plan.time in TIMES else "day"
    shot = plan.shot if plan.shot in SHOTS else "medium"
    by_name = {m.name: m for m in request.cast}
    actors: list[PlannedActor] = []
    ground_props: list[SceneProp] = []
    crowd_extra = 0
    for planned in plan.actors:
        if len(actors) == crowd.FRONT_ROW:
            crowd_extra += 1
            continue
        member = by_name.get(planned.name) or CastMember(name=planned.name, kind=planned.name)
        kind_entry = vocabulary.entry(member.kind) or vocabulary.lookup(member.kind)
        procedural = member.kind if member.kind in PROCEDURAL_KINDS else (
            kind_entry.kind if kind_entry and kind_entry.kind in PROCEDURAL_KINDS else None)
        code = None if procedural else (kind_entry.code if kind_entry else None)
        if procedural is None and code is None:
            continue  # nothing can draw it: leave it out rather than draw someone else
        holds = (planned.holds or "").strip().lower()
        if not holds and procedural in ("person", "child", "elder") and member.role:
            role_entry = vocabulary.entry(member.role) or vocabulary.lookup(member.role)
            holds = role_entry.holds or "" if role_entry else ""  # a violinist carries a violin
        if holds and not sizes.can_hold(holds):  # a bicycle stands beside its rider
            ground_props.append(SceneProp(what=holds, where="ground"))
            holds = ""
        actor = Actor(name=member.name, kind=procedural or "person", action=planned.action or "standing",
                      mood=planned.mood or "calm", props=(holds,) if holds else ())
        actors.append(PlannedActor(actor, member, code))
    interaction = "facing" if len(actors) >= 2 else "none"
    if len(actors) >= 2 and all(a.actor.action == "hugging" for a in actors[:2]):
        interaction = "hug"
    scene = Scene(setting=painter or "backdrop", indoor=indoor, time=time, weather=weather, shot=shot,
                  mood=actors[0].actor.mood if actors else "calm", action=actors[0].actor.action if actors else "standing",
                  props=tuple(p.what for p in plan.props), actors=tuple(a.actor for a in actors),
                  interaction=interaction)
    weather_noun = (weather_entry.noun if weather_entry else plan.weather) if weather != "clear" else None
    named_by = (entry.noun, entry.landmark) if entry and entry.landmark else None
    goods = landmarks.pop(0) if painter == "shop" and landmarks else None  # a hat shop's hats, on its shelves
    return Plan(scene, actors, painter, place_noun, place_code, landmarks, weather_noun, storm,
                ground_props, named_by, entry.noun if entry else None, (*painted, *goods[:1]) if goods else tuple(painted),
                crowd_extra, goods)


def _setting_keys(place: str, kind: str | None) -> list[str]:
    keys = [k for k in (place, kind) if k]  # a place with its own painter ('sea': the deck) before its kind's
    return [*keys, *(k.replace(" ", "_") for k in keys), *(k.replace(" ", "") for k in keys)]


def background(request: PanelArtRequest, plan: Plan, ink: tuple[int, int, int], weight: float,
               recolour: Callable | None) -> tuple[Canvas, Water | None]:
    """The painted place, or a neutral backdrop (the art's own when it has one), and its open water."""
    s = plan.scene
    layout = stable_int("layout", request.seed, s.setting) % 100_003
    pan = (stable_int("pan", request.seed, request.panel_index) % 9 - 4) * 18
    names = setting_names()
    key = plan.painter or next((n for n in BACKDROP_NAMES if n in names), None)
    if key is not None:
        painted = paint_place(key, s.time, s.weather, s.shot, request.size, layout, pan, ink, weight, recolour,
                              request.scene.place_state if request.scene else None)
        if key == "shop":
            scenery_store.stock(painted[0], view_for(s.shot, float(pan)), plan.goods[1] if plan.goods else None,
                                random.Random(layout))
        return painted
    c = Canvas(request.size, ink=ink, weight=weight, recolour=recolour)
    light = light_for(s.time, s.weather)
    horizon = view_for(s.shot, 0).horizon
    c.gradient(0, 0, 1000, horizon, light.sky_top, light.sky_bottom)
    c.gradient(0, horizon, 1000, 1000, light((196, 208, 170), depth=0.4), light((150, 172, 118)))
    c.line([(0, horizon), (1000, horizon)], ink, 2.0, ink=True)
    return c, None


def draw_landmarks(c: Canvas, plan: Plan, places: list[Placement], drawn: list[DrawnItem]) -> None:
    """The place's landmarks (or its own pictogram) in the background, away from the cast."""
    items = list(plan.landmarks)
    if plan.place_code and plan.place_entry:
        items.append((plan.place_entry, plan.place_code))
    if not items:
        return
    horizon = view_for(plan.scene.shot, 0).horizon
    centre = sum(p.x for p in places) / len(places) if places else 500.0
    side = 1 if centre < 500 else -1
    size = {"wide": 380, "medium": 330, "close-up": 260}[plan.scene.shot]
    for i, (noun, code) in enumerate(items[:2]):
        x = 500 + side * (300 - i * 180)
        pictograms.paste(c.img, code, x * c.u, (horizon + 30) * c.u, round(size * c.u * (1 - 0.2 * i)),
                         ink=c.ink, shadow=False)
        role = "setting" if noun == plan.place_entry else "prop"
        drawn.append(DrawnItem(what=noun, role=role, source="pictogram", code=code))
        if plan.named_by and plan.named_by[1] == noun:
            # The landmark names the place ("paris" is the Eiffel Tower on a street or a backdrop).
            drawn.append(DrawnItem(what=plan.named_by[0], role="setting", source="pictogram", code=code))


def place_props(c: Canvas, plan: PanelScene, anchors: list[Anchor], held: set[str], rng: random.Random,
                drawn: list[DrawnItem], extra: list[SceneProp] | None = None, indoor: bool = False,
                sky: tuple[str, ...] = (), light: Light | None = None) -> None:
    """Props not in a hand (nor already afloat, see `floating`): on the ground beside the cast, in the sky,
    or far off in the background. What the painted sky shows (`sky`: the sun, the moon, a sunset) is not
    pasted again (a sky that cannot show it, on Mars or indoors, gets the pictogram). A water thing
    with no painted water to float on gets a patch of water of its own."""
    horizon = view_for(plan.shot, 0).horizon
    taken = [a.feet[0] for a in anchors]
    for prop in [*(extra or []), *plan.props]:
        noun = prop.what.strip().lower()
        if noun in held:
            continue
        found = vocabulary.entry(noun) or vocabulary.lookup(noun)
        if found is None or found.code is None or found.noun in held:
            continue
        if prop.where == "sky" and found.noun in sky:
            drawn.append(DrawnItem(what=found.noun, role="prop", source="procedural"))  # the painted sky shows it
            continue
        where = "ground" if indoor and prop.where == "sky" else prop.where  # no sky indoors
        afloat = where == "water"
        if afloat:  # no open water to float on: a boat far off, a duck beside the cast
            where = "background" if sizes.height_of(found.noun) >= 0.75 else "ground"
        if where == "ground" and not indoor and sizes.height_of(found.noun) >= sizes.BUILDING_HEIGHT:
            where = "background"  # a castle beside the cast is a toy: buildings stand off in the distance
        if where == "sky":
            x, bottom, size = rng.uniform(160, 840), rng.uniform(200, 300), 150.0
        elif where == "background":
            x, bottom, size = rng.choice((180.0, 820.0)), horizon + 20, 170.0
        else:
            x = _free_x(taken, rng)
            taken.append(x)
            ground = max((a.feet[1] for a in anchors), default=880.0)
            scale = {"wide": 1.0, "medium": 1.5, "close-up": 1.9}.get(plan.shot, 1.0)
            height = sizes.height_of(found.noun)
            if height >= sizes.BUILDING_HEIGHT:  # only indoors (outdoors it is far off): a picture of one
                height = sizes.DEFAULT_HEIGHT
            size = min(GROUND_PROP_HEIGHT * scale * height * size_factor(prop.state), 560.0)
            bottom = max(min(ground + 10, 975.0), horizon + 40)  # on the ground, below a climber's feet
        half = pictograms.pictogram(found.code, pictograms.quantized(round(size * c.u)), c.ink).width / c.u / 2
        if where == "ground" and anchors:
            x, size, half = _beside_the_cast(x, size, half, anchors)
        x = min(max(x, half + 12), 988 - half)  # the whole thing in the frame
        if where in ("sky", "background"):  # far off, yet drawn over the cast: never over a face
            clear = _clear_of_heads(x, bottom, size, half, anchors)
            if clear is None:
                continue
            x = clear
        if afloat:
            floating.on_a_patch(c, found.code, x, bottom, size, light or light_for(plan.time, plan.weather))
        else:
            paste_thing(c, found.code, x, bottom, size, prop.state, shadow=where not in ("sky", "background"))
            drawn += contents_drawn(prop.state)
        drawn.append(DrawnItem(what=found.noun, role="prop", source="pictogram", code=found.code))


def _beside_the_cast(x: float, size: float, half: float, anchors: list[Anchor]) -> tuple[float, float, float]:
    """Where a ground thing goes beside the cast, not over it: the free stretch of ground nearest `x`
    between the characters (each keeps a margin by its own size) or the frame; the widest one, the
    thing made smaller to fit, when none has room. Returns (x, size, half width)."""
    spans = sorted((a.feet[0] - 40 - a.head_r * 1.6, a.feet[0] + 40 + a.head_r * 1.6) for a in anchors)
    gaps, left = [], 12.0
    for lo, hi in spans:
        if lo > left:
            gaps.append((left, lo))
        left = max(left, hi)
    if left < 988:
        gaps.append((left, 988.0))
    fitting = [g for g in gaps if g[1] - g[0] >= 2 * half]
    if fitting:
        lo, hi = min(fitting, key=lambda g: 0 if g[0] <= x <= g[1] else min(abs(x - g[0]), abs(x - g[1])))
        return min(max(x, lo + half), hi - half), size, half
    if not gaps:
        return x, size, half
    lo, hi = max(gaps, key=lambda g: g[1] - g[0])
    room = max((hi - lo) / 2, 40.0)
    return (lo + hi) / 2, size * room / half, room


def _clear_of_heads(x: float, bottom: float, size: float, half: float, anchors: list[Anchor]) -> float | None:
    """Where along the panel a thing of this size at this height covers no head: `x` if it does not, else the
    clear spot nearest it, else None (left out rather than drawn over a face)."""
    heads = [(a.head[0] - a.head_r, a.head[1] - a.head_r, a.head[0] + a.head_r, a.head[1] + a.head_r)
             for a in anchors]

    def clear(at: float) -> bool:
        return not any(at - half < h[2] and h[0] < at + half and bottom - size < h[3] and h[1] < bottom
                       for h in heads)
    spots = [x, *sorted((half + 12 + i * (976 - 2 * half) / 8 for i in range(9)), key=lambda s: abs(s - x))]
    return next((s for s in spots if clear(s)), None)


def _free_x(taken: list[float], rng: random.Random) -> float:
    spots = [120.0, 880.0, 300.0, 700.0, 500.0]
    rng.shuffle(spots)
    return max(spots, key=lambda x: min((abs(x - t) for t in taken), default=1000.0))


def storm_flash(c: Canvas, rng: random.Random) -> None:
    """A storm's lightning bolt in the sky (the rain itself is the procedural weather)."""
    x = rng.uniform(150, 850)
    pictograms.paste(c.img, LIGHTNING, x * c.u, 300 * c.u, round(150 * c.u), ink=c.ink, shadow=False)
