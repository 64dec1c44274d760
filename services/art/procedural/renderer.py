"""The offline panel renderer: a planned scene in, a comic panel out, Pillow only.

It reads nothing but the request (the scene plan, style, seed, panel
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
from services.art.procedural import crowd, effects, event_painter, floating, plan_painter, proportions, states
from services.art.procedural.backgrounds import view_for
from services.art.procedural.canvas import Canvas
from services.art.procedural.creatures import BODIES
from services.art.procedural.figure import POSES
from services.art.procedural.looks import Look, look_for
from services.art.procedural.palettes import Light, light_for
from services.art.procedural.scene import Actor, Scene, stable_int
from services.art.procedural.settings import UNDER_WATER, sky_shows
from services.art.procedural.staging import Placement, stage
from services.art.procedural.styles import Style, style_for
from services.schemas import DrawnItem
from services.vocabulary import sizes

WATERY = UNDER_WATER
YOUNG_SCALE = 0.6  # a young animal ("her baby") beside its grown kind


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
        """The panel and the record of what it shows, drawn from the request's scene plan.

        The art never reads prose: a caller with only a description plans its scene first (Bayko gives a panel a
        storyteller left without one the offline plan's scene for it)."""
        if request.scene is None:
            raise ValueError("scene: the procedural renderer draws a planned scene; this request has none.")
        return self._draw_plan(request)

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
        places = proportions.in_proportion(places, plan.actors, looks, scene.shot == "close-up")
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
        named = [m for m in request.cast if m.name == actor.name]
        # The sheet of the same name and kind; else of the same name alone, when one member has it: a seagull or
        # a robin is drawn as a bird, and is still the white gull or red-breasted robin its sheet says.
        sheet = next((m.look for m in named if m.kind == actor.kind), named[0].look if len(named) == 1 else None)
        look = look_for(request.seed, actor.name, actor.kind, sheet)
        if any(m.young for m in named):  # "her baby": the kangaroo's little one, not a second grown kangaroo
            look = replace(look, scale=look.scale * YOUNG_SCALE)
        said = next((m.size for m in named if m.size), None)
        if said is not None:  # "a tiny elephant", "a giant mouse"
            look = replace(look, scale=look.scale * sizes.SAID_SCALE[said])
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
