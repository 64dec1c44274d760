"""From a scene plan to a storyboard, and from Brown's notes to the panels that need mending.

`write_storyboard` is the offline storyteller's whole first draft: plan, shape, one
scene per beat, a description written from each scene and a caption per beat.
`attach_scenes` gives another storyteller's storyboard (the LLM's) the same plan's
scenes and descriptions, so the renderer always has a scene. `add_missing` puts a
thing Brown says is missing ("no whale drawn") into the panel he names.
"""

from __future__ import annotations

import random
import re

from services.schemas import CastMember, Panel, PanelNote, PanelScene, SceneActor, Storyboard, Verdict
from services.story.beat_captions import at_place, caption_for, write_beat_captions
from services.story.beat_scenes import beat_scenes
from services.story.beats import Beat, BeatPart, plan_beats
from services.story.caption_rules import caption_notes
from services.story.captions import write_captions, write_title
from services.story.concepts import prompt_concepts
from services.story.elements import seeded_random
from services.story.language import NOTICE
from services.story.panel_scenes import cover_named, place_thing, plan_scenes
from services.story.place_reading import ROLE_PLACES
from services.story.roles import fresh_name
from services.story.scene_description import describe_scene
from services.story.scene_plan import PlannedCharacter, PlannedThing, ScenePlan, build_plan, natural_place
from services.story.story_phrases import story_lines
from services.story.story_shapes import arc
from services.story.verbs import told

MAX_ACTORS = 3
READABLE_TRIES = 4  # lines tried for a caption that fails a reader's check before the last one stands
CAPTION_NOTE = "its caption"  # how Brown's reader checks word a note on a caption (editor_checks.caption_notes)


def write_storyboard(prompt: str, panels: int, seed: int, memories: list[str],
                     plan: ScenePlan | None = None) -> Storyboard:
    """The offline first draft: the prompt's events as beats, or a stock arc when it names none."""
    plan = plan or build_plan(prompt, seed, memories)
    rng = seeded_random("story", prompt, seed)
    if plan.events:
        beats = plan_beats(len(plan.events), panels)
        scenes = beat_scenes(plan, beats, rng, home_for(plan))
        cover_named(plan, scenes, rng)
        captions = write_beat_captions(plan, beats, rng, [scene.setting for scene in scenes])
        for i, scene in enumerate(scenes):
            captions[i] = _readable(prompt, plan, beats, i, captions, scene.setting, rng)
    else:
        arc_beats = arc(panels)
        scenes = plan_scenes(plan, arc_beats, rng)
        captions = write_captions(plan, arc_beats, rng)
    board_panels = [Panel(index=i, scene=scene, subtitle=caption,
                          description=describe_scene(scene, plan, prompt, variant=i))
                    for i, (scene, caption) in enumerate(zip(scenes, captions))]
    return Storyboard(title=write_title(plan, rng), setting=plan.setting, mood=plan.mood,
                      cast=[c.as_cast() for c in plan.cast], panels=board_panels, notices=plan_notices(plan))


def home_for(plan: ScenePlan) -> str:
    """Where a story starts when an event leads to the prompt's place: the hero's role's place (a pirate sets
    off from the beach, not a park), else the hero's own kind of place."""
    lines = story_lines()
    role_place = ROLE_PLACES.get(plan.cast[0].role or "")
    if role_place and role_place != plan.setting:
        return role_place
    return lines["homes"].get(plan.cast[0].kind, lines["home"])


def plan_notices(plan: ScenePlan) -> list[str]:
    # English captions for a prompt in another language; a language the person chose needs no excuse.
    return [NOTICE] if plan.prompt_language not in ("en", "fr", "de", "es") and plan.language == "en" else []


def add_missing(prompt: str, seed: int, memories: list[str], previous: Storyboard, verdict: Verdict,
                plan: ScenePlan | None = None) -> Storyboard:
    """Mend the panels Brown names: show the event he says is missing, add the missing thing; every other
    panel stays exactly as it was. A panel that cannot be changed is said so in a notice."""
    plan = plan or build_plan(prompt, seed, memories)
    notes = verdict.panel_notes or _notes_for(verdict, previous)
    panels = [panel.model_copy(deep=True) for panel in previous.panels]
    cast = list(previous.cast)
    stuck: list[int] = []
    for note in notes:
        if not 0 <= note.index < len(panels):
            continue
        panel = panels[note.index]
        scene = panel.scene.model_copy(deep=True) if panel.scene else _bare_scene(plan)
        before = (scene.model_copy(deep=True), panel.subtitle)
        rng = seeded_random("revise", prompt, seed, note.index, len(previous.notices), panel.version)
        for number in note.events:
            if 0 <= number < len(plan.events):
                scene, panel.subtitle = show_event(plan, number, scene, panel.subtitle, rng, home_for(plan),
                                                   [p.subtitle for p in panels[:note.index]])
        for wanted in wanted_things(note, plan):
            add_to_scene(scene, wanted, plan, cast)
        if CAPTION_NOTE in note.reason and plan.events and panel.subtitle == before[1]:
            panel.subtitle = rewritten_caption(prompt, plan, note.index, len(panels), scene.setting, rng,
                                               [p.subtitle for p in panels])
        if (scene, panel.subtitle) == before:
            stuck.append(note.index)
            continue
        panel.scene = scene
        panel.description = describe_scene(scene, plan, prompt, variant=note.index)
    notices = [f"Bayko could not change panel {i + 1}: nothing he can draw shows more of what Brown asked"
               for i in stuck]
    kept = [n for n in previous.notices if not n.startswith("Bayko could not change")]  # this attempt's only
    return previous.model_copy(update={"panels": panels, "cast": cast, "notices": [*kept, *notices]})


def rewritten_caption(prompt: str, plan: ScenePlan, index: int, panels: int, setting: str, rng: random.Random,
                      captions: list[str]) -> str:
    """Another line for the same beat, none of the comic's `captions` (Brown found fault with the words only)."""
    beats = plan_beats(len(plan.events), panels)
    return _readable(prompt, plan, beats, index, captions, setting, rng, fresh=True)


def _readable(prompt: str, plan: ScenePlan, beats: list[Beat], index: int, captions: list[str], setting: str,
              rng: random.Random, fresh: bool = False) -> str:
    """The panel's caption, or (when it would fail the reader's checks Brown makes: a copied run of the
    prompt, a phrase said twice, too long) another line for its beat that passes; `fresh` wants a new line."""
    tells = [e for e in plan.events if told(e, plan, captions[index])]  # a mended line still tells what it told

    def passes(caption: str) -> bool:
        return not caption_notes(prompt, [caption]) and all(told(e, plan, caption) for e in tells)

    if not fresh and passes(captions[index]):
        return captions[index]
    tried, first = set(captions), ""
    for attempt in range(READABLE_TRIES):
        # every other try leaves out the prompt's own words for where ('under the big oak tree'): the picture
        # shows the place, and a line that says it in those words copies the prompt
        told_plan = plan if attempt % 2 == 0 else plan.model_copy(
            update={"events": [e.model_copy(update={"where_words": ""}) for e in plan.events]})
        caption = caption_for(at_place(told_plan, setting), beats[index], rng, tried, captions[:index])
        if passes(caption):
            return caption
        tried.add(caption)
        first = first or caption
    return first if fresh else captions[index]  # none passes: a new line when one was asked for, else the first


def show_event(plan: ScenePlan, number: int, scene: PanelScene, caption: str, rng: random.Random,
               home: str, earlier: list[str]) -> tuple[PanelScene, str]:
    """A panel redrawn to show one event happening, and a caption that tells it when the old one did not.
    The same picture again is no revision: the camera moves."""
    beat = Beat(kind="event", parts=[BeatPart(event=number, step="during")], first_of=[number])
    fresh = beat_scenes(plan, [beat], rng, home)[0]
    fresh = fresh.model_copy(update={"setting": scene.setting, "landmarks": scene.landmarks, "time": scene.time})
    if fresh.model_copy(update={"shot": scene.shot}) == scene:
        fresh.shot = "wide" if scene.shot != "wide" else "medium"
    if not told(plan.events[number], plan, caption):
        caption = caption_for(plan, beat, rng, {caption}, earlier)
    return fresh, caption


def wanted_things(note: PanelNote, plan: ScenePlan) -> list[str]:
    """The plain English nouns a note asks for: 'no whale drawn' -> ['whale']; a missing word -> its concept."""
    text = " ".join([*note.missing_words, note.reason])
    words = {w.lower() for w in re.findall(r"[^\W\d_]+", text)}
    found, known = [], set()
    for member in plan.cast:
        said = {member.kind, member.noun.lower(), member.name.lower(), *(w.lower() for w in member.words)}
        if words & said:
            found.append(member.concept or member.kind)
            known |= words & said
    for thing in plan.things:
        said = {thing.what, *(w.lower() for w in thing.words)}
        if words & said:
            found.append(thing.what)
            known |= words & said
    unread = [w for w in re.findall(r"[^\W\d_]+", text) if w.lower() not in known]  # what the reading did not
    return list(dict.fromkeys([*(c.what for c in prompt_concepts(" ".join(unread))), *found]))  # know: the vocabulary


FEEDBACK_PANEL = re.compile(r"panel\s+(\d+)\s*:?\s*([^;.]*)", re.IGNORECASE)


def _notes_for(verdict: Verdict, previous: Storyboard) -> list[PanelNote]:
    """Notes from the feedback's words ('panel 2: no whale drawn'); with no panel named, each missing word goes to
    the panel with the least in it (the story's quietest)."""
    from_feedback = [PanelNote(index=int(m.group(1)) - 1, reason=m.group(2).strip())
                     for m in FEEDBACK_PANEL.finditer(verdict.feedback or "")]
    if from_feedback:
        return from_feedback
    if not verdict.missing_words or not previous.panels:
        return []
    def load(panel: Panel) -> int:
        return len(panel.scene.actors) + len(panel.scene.props) if panel.scene else 0
    quiet = min(previous.panels, key=lambda p: (load(p), -p.index))
    return [PanelNote(index=quiet.index, reason=verdict.reason, missing_words=verdict.missing_words)]


def add_to_scene(scene: PanelScene, what: str, plan: ScenePlan, cast: list[CastMember]) -> bool:
    """Put `what` into a scene: a character of the plan or the vocabulary joins, a thing takes its place; False
    when it is there already."""
    if what == scene.setting or what in scene.landmarks or what == scene.weather:
        return False
    member = next((c for c in plan.cast if what in {c.kind, c.role, c.concept, c.noun}), None)
    if member is not None:
        if any(a.name == member.name for a in scene.actors):
            return False
        scene.actors = [*scene.actors[:MAX_ACTORS - 1], SceneActor(name=member.name, action="looking",
                                                                   mood="surprised")]
        if all(c.name != member.name for c in cast):
            cast.append(member.as_cast())
        return True
    if any(p.what == what for p in scene.props) or any(a.holds == what for a in scene.actors):
        return False
    concept = next((c for c in prompt_concepts(what)), None)
    if concept is not None and concept.role == "setting":
        scene.landmarks.append(what)
        return True
    if concept is not None and concept.role == "weather":
        scene.weather = what
        return True
    if concept is not None and concept.role == "cast":  # a creature the plan had no room for joins the cast
        newcomer = PlannedCharacter(name=fresh_name(what, None, "", plan.language, seeded_random("newcomer", what),
                                                    {c.name for c in cast}), kind=what, noun=what, words=[what])
        plan.cast.append(newcomer)
        cast.append(newcomer.as_cast())
        scene.actors = [*scene.actors[:MAX_ACTORS - 1], SceneActor(name=newcomer.name, action="looking",
                                                                   mood="surprised")]
        return True
    thing = next((t for t in plan.things if t.what == what), None) or PlannedThing(
        what=what, where=natural_place(what, first=False))
    place_thing(scene, thing, "default")
    return True


def _bare_scene(plan: ScenePlan) -> PanelScene:
    return PanelScene(setting=plan.setting, time=plan.time, weather=plan.weather,
                      actors=[SceneActor(name=plan.cast[0].name)], place_state=plan.place_state)
