"""The offline panel renderer: a description in, a comic panel out, Pillow only.

It reads nothing but the request (the description, style, seed, panel
position and cast), so text can never reach the picture, and it draws no text
at all. Every choice comes from `random.Random` seeded with a SHA-256 of the
request, so the same request gives the same pixels in any process.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import replace

from PIL import Image, ImageDraw

from services.art.panel_renderer import PanelArtRequest, PanelRenderer, RenderedPanel
from services.art.procedural import crowd, effects, event_painter, floating, plan_painter, states
from services.art.procedural.backgrounds import view_for
from services.art.procedural.canvas import Canvas
from services.art.procedural.cast import draw_character
from services.art.procedural.characters import Anchor
from services.art.procedural.creatures import BODIES
from services.art.procedural.figure import POSES, Body, pose_for
from services.art.procedural.looks import Look, look_for
from services.art.procedural.palettes import Light, light_for, mix
from services.art.procedural.props import HELD as HELD_OR_GROUND
from services.art.procedural.props import choose_held, easel, ground_prop, held_painter
from services.art.procedural.scene_reader import Actor, Scene, read_scene, stable_int
from services.art.procedural.settings import UNDER_WATER, paint_background, sky_shows
from services.art.procedural.staging import Placement, stage
from services.art.procedural.styles import Style, style_for
from services.schemas import DrawnItem

FLOATING_PROPS = ("heart", "star")
WATERY = UNDER_WATER
GHOST_OPACITY = 0.72  # a ghost is see-through: the scenery shows through it


def _seen_from_behind(request: PanelArtRequest, plan: plan_painter.Plan, looks: list[Look]) -> int | None:
    """Who an over-the-shoulder shot looks past: the one finder of the panel, when the procedural cast draws it
    (a pictogram has no back to show; the shot is then a plain medium one)."""
    assert request.scene is not None
    if request.scene.shot != "over-the-shoulder" or len(plan.actors) != 1 or plan.actors[0].code is not None \
            or looks[0].kind in BODIES:
        return None
    name = plan.actors[0].member.name
    return 0 if any(e.actor == name and e.object_at == "front" and e.object for e in request.scene.events) else None


def _mirrored(request: PanelArtRequest) -> bool:
    """Does this comic stage its cast the other way round (chosen once per comic, by its seed)?"""
    return stable_int("mirror", request.seed) % 2 == 1


def _phase(request: PanelArtRequest) -> int:
    """Which stride and which stance (`poses.STANCES`): the panel's, shifted by the comic's seed."""
    return request.panel_index + stable_int("stance", request.seed) % 12 + _take(request)


def _take(request: PanelArtRequest) -> int:
    """A redraw's shift: another take is other choices of the same comic (0 for the first take, so a first
    drawing is the same as before takes existed)."""
    return stable_int("take", request.seed, request.panel_index, request.take) if request.take else 0


def _is_turn(request: PanelArtRequest) -> bool:
    """The third beat of four (setup, event, turn, payoff) gets the dramatic treatment."""
    return request.panel_count >= 3 and request.panel_index == request.panel_count - 2


def _action(scene: Scene, actor: Actor) -> str:
    """Under water, whoever would stand or walk swims instead (a fish always does)."""
    if scene.setting in WATERY and actor.action in ("standing", "walking", "running") and actor.kind != "fish":
        return "swimming"
    return actor.action


class ProceduralRenderer(PanelRenderer):
    """Draws panels from shapes: fast, deterministic and offline."""

    name = "procedural"

    def render(self, request: PanelArtRequest) -> Image.Image:
        return self.draw(request)[0]

    def render_all(self, requests: Sequence[PanelArtRequest]) -> Iterator[RenderedPanel]:
        for request in requests:
            image, drawn = self.draw(request)
            yield RenderedPanel(image=image, drawn_by=self.name, drawn=drawn)

    def draw(self, request: PanelArtRequest) -> tuple[Image.Image, list[DrawnItem]]:
        """The panel and the record of what it shows: from the scene plan when there is one, else the description."""
        if request.scene is not None:
            return self._draw_plan(request)
        scene = read_scene(request.description, tuple(request.cast), request.seed, request.panel_index)
        style = style_for(request.style)
        # The style is not in the seed: the same comic keeps its composition in every style.
        rng = random.Random(stable_int("panel", request.description, request.seed, request.panel_index,
                                       request.panel_count, [(m.name, m.kind) for m in request.cast], request.size)
                            + _take(request))
        light = light_for(scene.time, scene.weather)
        layout = stable_int("layout", request.seed, scene.setting) % 100_003
        pan = (stable_int("pan", request.seed, request.panel_index) % 9 - 4) * 18
        c = paint_background(scene.setting, scene.time, scene.weather, scene.shot, request.size, layout, pan,
                             style.ink, style.line_weight, style.recolour)
        looks = [self._look(request, scene, a) for a in scene.actors]
        places = stage(scene, looks, rng, mirrored=_mirrored(request))
        self._backdrop(c, scene, places, request, style, rng)
        anchors = self._cast(c, scene, looks, places, light, request, rng)
        self._devices(c, scene, anchors, places, rng)
        self._weather(c, scene, light, rng)
        img = c.finish()
        img = style.post(img)
        self._border(img, style)
        return img, _described(scene)

    def _draw_plan(self, request: PanelArtRequest) -> tuple[Image.Image, list[DrawnItem]]:
        """Draw the planned picture: procedural where the art has the thing, pictograms for the rest."""
        assert request.scene is not None
        plan = plan_painter.resolve(request)
        scene = plan.scene
        style = style_for(request.style)
        rng = random.Random(stable_int("plan", request.scene.model_dump_json(), request.seed, request.panel_index,
                                       request.panel_count, [(m.name, m.kind) for m in request.cast], request.size)
                            + _take(request))
        light = light_for(scene.time, scene.weather)
        c, water = plan_painter.background(request, plan, style.ink, style.line_weight, style.recolour)
        drawn: list[DrawnItem] = []
        if plan.painter:
            drawn.append(DrawnItem(what=plan.place, role="setting", source="procedural"))
            drawn += [DrawnItem(what=noun, role="setting", source="procedural") for noun in plan.painted_landmarks]
        state_noun = states.place_noun(request.scene.place_state)  # painted with the place: a frozen pond's ice
        if state_noun:
            drawn.append(DrawnItem(what=state_noun, role="setting", source="procedural"))
        looks = [self._look(request, scene, a) for a in scene.actors]
        places = stage(scene, looks, rng, mirrored=_mirrored(request))
        plan_painter.draw_landmarks(c, plan, places, drawn)
        self._backdrop(c, scene, places, request, style, rng)
        if plan.crowd or states.crowded(request.scene.place_state):  # behind the cast: nobody covers a face
            crowd.paint(c, view_for(scene.shot, 0).horizon, random.Random(stable_int("crowd", request.seed,
                        request.panel_index)), plan.crowd)
            drawn.append(DrawnItem(what="crowd", role="setting", source="procedural"))
        sky = sky_shows(plan.painter or "", scene.time, scene.weather)
        # a sunset sky is the sunset, whichever panel the plan named it in (a dramatic backdrop lets it show)
        drawn += [DrawnItem(what=n, role="setting", source="procedural") for n in sky if n in plan_painter.TIMES_OF_DAY]
        afloat = floating.float_props(c, request.scene, places, looks, water, light, drawn)
        poses = [_action(scene, a) for a in scene.actors]
        # under water a chase, a race or an escape is swum at full speed: the swimmer is posed for it (a walk is not)
        walks = {e.actor for e in request.scene.events if e.action == "walk"}  # a wreck explored is swum, a walk not
        posed = [(pose == a.action or pose == "swimming" and (a.action == "running" or a.action == "walking"
                                                              and a.name not in walks)) and pose in POSES
                 for pose, a in zip(poses, scene.actors)]
        painted = event_painter.paint(c, request.scene, plan, looks, places, poses, posed, _phase(request), light,
                                      water, rng, drawn, behind=_seen_from_behind(request, plan, looks))
        plan_painter.place_props(c, request.scene, painted.anchors, painted.held | afloat, rng, drawn,
                                 plan.set_down + painted.set_down, scene.indoor, sky, light=light)
        if not scene.indoor and scene.weather != "clear":
            self._weather(c, scene, light, rng)
            if plan.storm:
                plan_painter.storm_flash(c, rng)
            drawn.append(DrawnItem(what=plan.weather_noun or scene.weather, role="weather", source="procedural"))
        img = style.post(c.finish())
        self._border(img, style)
        return img, _unique(drawn)

    @staticmethod
    def _look(request: PanelArtRequest, scene: Scene, actor: Actor) -> Look:
        """The character sheet's look when the comic has one, else the seeded look (same name, same look)."""
        sheet = next((m.look for m in request.cast if m.name == actor.name and m.kind == actor.kind), None)
        look = look_for(request.seed, actor.name, actor.kind, sheet)
        if actor.kind == "fish" and scene.setting not in WATERY:
            look = replace(look, features=(*look.features, "bowl"))  # a fish out of water lives in a bowl
        return look

    # --- stages ----------------------------------------------------------------
    def _backdrop(self, c: Canvas, scene: Scene, places: list[Placement], request: PanelArtRequest, style: Style,
                  rng: random.Random) -> None:
        """A close-up's dramatic backdrop (spotlight, burst, focus lines), laid over the place so it still reads."""
        if not places:
            return
        moods = {a.mood for a in scene.actors}
        cx = sum(p.x for p in places) / len(places)
        head_y = 470.0 if scene.shot == "close-up" else places[0].ground - 70 * places[0].scale
        close = scene.shot == "close-up"  # wider shots keep the plain place
        if close and moods & {"scared", "sad"} and (_is_turn(request) or "scared" in moods):
            effects.spotlight(c, cx, min(places[0].ground, 960), (28, 26, 44), (255, 244, 200))
        elif close and moods & {"surprised", "angry"}:
            warm = "angry" in moods
            effects.radial_burst(c, cx, head_y, (250, 220, 80) if not warm else (250, 120, 60),
                                 (255, 246, 190) if not warm else (255, 200, 120))
        if style.name == "manga" and (scene.shot == "close-up" or _is_turn(request)):
            effects.focus_lines(c, cx, head_y, rng)

    def _cast(self, c: Canvas, scene: Scene, looks: list[Look], places: list[Placement], light: Light,
              request: PanelArtRequest, rng: random.Random) -> list[Anchor]:
        anchors: list[Anchor] = []
        order = list(range(len(places)))
        for i in order:
            actor, look, place = scene.actors[i], looks[i], places[i]
            pose = pose_for(_action(scene, actor), _phase(request) + i)
            s = place.scale
            if scene.shot == "wide" and pose.airborne:
                place = Placement(place.x, place.ground - 60, place.scale, place.facing)
            unowned = not any(a.props for a in scene.actors)
            props = actor.props or (scene.props if i == 0 and unowned else ())
            if "easel" in props:
                ex = place.x + place.facing * 58 * s * look.scale
                palette = (mix(look.clothes, (255, 255, 255), 0.2), look.accent, (90, 160, 90))
                easel(Body(c, ex, place.ground, s * look.scale * 1.05, -place.facing), light, palette)
            held_name = choose_held(tuple(p for p in props if p != "easel"), actor.action)
            for name in props:
                if name not in (held_name, "easel") and name not in FLOATING_PROPS:
                    gx = place.x - place.facing * 34 * s * look.scale
                    ground_prop(Body(c, gx, place.ground, s * look.scale, place.facing), name, look.accent)
                    break
            held = held_painter(held_name, look.accent if held_name != "brush" else (60, 120, 220))
            before = c.img.copy() if look.kind == "ghost" else None
            anchors.append(draw_character(c, look, pose, actor.mood, place.x, place.ground, s, place.facing,
                                          light, held))
            if before is not None:
                self._see_through(c, before, anchors[-1])
        return anchors

    @staticmethod
    def _see_through(c: Canvas, before: Image.Image, a: Anchor) -> None:
        """Blend the freshly drawn ghost with what was behind it (only inside its box, to stay fast)."""
        u = c.u
        r = a.head_r * 2.6
        box = (max(0, int((a.head[0] - r) * u)), max(0, int((a.head[1] - r) * u)),
               min(c.W, int((a.head[0] + r) * u)), min(c.W, int((a.feet[1] + a.head_r) * u)))
        if box[2] <= box[0] or box[3] <= box[1]:
            return
        c.img.paste(Image.blend(before.crop(box), c.img.crop(box), GHOST_OPACITY), box[:2])

    def _devices(self, c: Canvas, scene: Scene, anchors: list[Anchor], places: list[Placement],
                 rng: random.Random) -> None:
        for actor, a in zip(scene.actors, anchors):
            if _action(scene, actor) == "swimming" or (scene.setting in WATERY and rng.random() < 0.6):
                effects.bubbles(c, a, rng)
            if actor.action == "running":
                effects.speed_lines(c, a, rng)
            elif actor.action == "falling":
                effects.speed_lines(c, a, rng, vertical=True)
            elif actor.action == "waving":
                effects.motion_arcs(c, a.hand[0], a.hand[1], a.head_r * 0.55, a.facing)
            elif actor.action == "jumping":
                effects.motion_arcs(c, a.feet[0], a.feet[1] - a.head_r * 0.4, a.head_r * 0.9, a.facing, up=False)
            elif actor.action == "flying":
                effects.speed_lines(c, a, rng)
            mood = actor.mood
            if mood == "scared":
                effects.sweat(c, a)
            elif mood == "angry":
                effects.anger_mark(c, a)
            elif mood == "happy":
                effects.sparkles(c, a, rng)
            elif mood == "surprised":
                effects.emphasis(c, a)
            elif mood == "determined":
                effects.sweat(c, a) if rng.random() < 0.3 else None
        loving = scene.interaction == "hug" or "heart" in scene.props
        if loving and anchors:
            top = min(a.head[1] - a.head_r * 1.3 for a in anchors)
            x = sum(a.head[0] for a in anchors) / len(anchors)
            effects.hearts(c, x, top, max(26.0, anchors[0].head_r * 0.5), rng)
        if "star" in scene.props and anchors and not any("star" in a.props for a in scene.actors):
            effects.sparkles(c, anchors[0], rng, 6)

    def _weather(self, c: Canvas, scene: Scene, light: Light, rng: random.Random) -> None:
        if scene.indoor or scene.setting in WATERY:
            return
        if scene.weather == "rain":
            effects.rain(c, rng, light)
        elif scene.weather == "snow":
            effects.snow(c, rng)
        elif scene.weather == "wind":
            effects.wind(c, rng)

    def _border(self, img: Image.Image, style: Style) -> None:
        width = max(4, round(img.width / 64))
        ImageDraw.Draw(img).rectangle((0, 0, img.width - 1, img.height - 1), outline=style.border, width=width)


def _described(scene: Scene) -> list[DrawnItem]:
    """What a panel read from its description shows: all procedural."""
    drawn = [DrawnItem(what=scene.setting, role="setting", source="procedural")]
    drawn += [DrawnItem(what=a.kind if not a.extra or a.kind != "person" else a.name, role="cast",
                        source="procedural") for a in scene.actors]
    drawn += [DrawnItem(what=p, role="prop", source="procedural") for a in scene.actors for p in a.props
              if p in HELD_OR_GROUND]
    if not scene.indoor and scene.weather in ("rain", "snow", "wind") or scene.weather == "fog":
        drawn.append(DrawnItem(what=scene.weather, role="weather", source="procedural"))
    return _unique(drawn)


def _unique(items: list[DrawnItem]) -> list[DrawnItem]:
    """Each thing once; an action once for each actor and object (the robot's dance and the owl's are two)."""
    seen: set[tuple[str, str, str | None, str | None]] = set()
    out = []
    for item in items:
        key = (item.what, item.role, item.by, item.object) if item.role == "action" else (item.what, item.role, None,
                                                                                             None)
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out
