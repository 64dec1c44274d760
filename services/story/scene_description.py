"""A panel's description, written from its scene: what is drawn and where, in plain English.

The description never pastes the prompt: it is made of the scene's nouns, poses and
moods, and a final check breaks any run of six words it shares with the prompt. Where the
prompt's own word for a drawn thing or a shown action is not the English one, it is named
too ('a clock (called horloge in the prompt)', 'is building (said répare in the prompt)'),
so a reader of the prompt, and the spec's word count, find them.
The words are the shared lexicon's (shot, place, action, mood), so a renderer that
reads prose draws the same picture as one that reads the scene.
"""

from __future__ import annotations

import re
import string

from services.language.inflection import Phrase, fill, slots_of
from services.schemas import PanelScene, SceneEvent
from services.story.place_reading import english_place
from services.story.scene_plan import ScenePlan
from services.story.verbs import verb_words
from services.vocabulary.actions import action
from services.vocabulary.lemmas import candidates, fold

COPY_RUN = 6
SHOT_WORDS = {"wide": "Wide shot", "medium": "Medium shot", "close-up": "Close-up",
              "over-the-shoulder": "Over-the-shoulder shot"}
TIME_WORDS = {"day": "in daylight", "dawn": "at dawn", "sunset": "at sunset", "night": "at night"}
WEATHER_WORDS = {"clear": "", "rain": "in the rain", "snow": "in falling snow", "fog": "in fog", "wind": "in the wind",
                 "storm": "in a storm"}
MOOD_WORDS = {"happy": "smiling", "sad": "sad", "scared": "scared", "angry": "angry", "surprised": "surprised",
              "calm": "calm", "determined": "determined"}
WHERE_WORDS = {"ground": "on the ground", "sky": "in the sky", "background": "in the background",
               "table": "on a table", "water": "in the water"}
EFFECT_WORDS = {"hearts": "hearts float up", "speed lines": "speed lines streak past", "sweat drops": "sweat drops fly",
                "motion arcs": "motion arcs swirl", "stars": "little stars burst", "spotlight": "a spotlight falls",
                "rain streaks": "rain streaks slant down"}
# Poses said otherwise than their name: a picture shows someone gesturing, never "talking" (words are not drawn).
POSE_WORDS = {"talking": "gesturing", "playing_music": "playing", "carried": "carried along", "cowering": "cowering",
              "stretching": "stretching"}
# Where an event's object is, as a description says it (services/vocabulary/actions.py OBJECT_PLACES).
OBJECT_WORDS = {"mouth": "at the mouth", "hand": "in hand", "overhead": "held overhead", "arms": "in the arms",
                "out": "held out", "falling": "falling", "flying": "flying away", "thrown": "flying through the air",
                "arriving": "flying in", "ground": "on the ground", "left_behind": "left behind", "hidden": "hidden",
                "sky": "up in the sky", "hooked": "on the line", "under": "underneath", "front": "in front",
                "ahead": "just ahead", "water": "in the water", "gone": "gone", "inside": "inside",
                "between": "between them", "beside": "close by", "buried": "half buried in the earth"}
_STRIP = string.punctuation + "“”‘’«»„…"


def describe_scene(scene: PanelScene, plan: ScenePlan, prompt: str, variant: int = 0) -> str:
    """What the panel shows, in two to four short sentences; never six words in a row from the prompt."""
    text = _compose(scene, plan, variant)
    for attempt in range(1, 4):
        if copied_run(text, prompt) is None:
            return text
        text = _compose(scene, plan, variant + attempt)
    return _break_runs(text, prompt)


def _compose(scene: PanelScene, plan: ScenePlan, variant: int) -> str:
    place = _place(scene, plan)
    when = ", ".join(w for w in (TIME_WORDS.get(scene.time, f"at {scene.time}"),
                                 WEATHER_WORDS.get(scene.weather, f"in {scene.weather}")) if w)
    opening = f"{SHOT_WORDS.get(scene.shot, 'Medium shot')} {place}, {when}" if variant % 2 == 0 else \
        f"{SHOT_WORDS.get(scene.shot, 'Medium shot')}, {when}, {place}"
    sentences = [opening]
    actors = [_actor(a.name, a.action, a.mood, a.holds, plan, variant, _prompt_verb(scene, a.name, plan))
              + _doing(scene, a.name, plan) for a in scene.actors]
    if actors:
        sentences.append("; ".join(actors))
    sentences += [_thing_acting(event, plan) for event in scene.events
                  if event.step == "during" and event.actor not in {a.name for a in scene.actors}]
    props = [f"{a_or_an(p.what)}{_thing_word(p.what, plan)} {WHERE_WORDS.get(p.where, 'nearby')}" for p in scene.props]
    if props:
        sentences.append(_sentence_case(_join(props)))
    effects = [EFFECT_WORDS.get(e, e) for e in scene.effects]
    if effects:
        sentences.append(_sentence_case(_join(effects)))
    return ". ".join(sentences) + "."


def prompt_word(english: str, words: list[str], joiner: str = " ") -> str:
    """The prompt's own word for a drawn thing, where it is not the English noun: ' (called forêt in the prompt)',
    ' (one of the beavers the prompt names)'. The prompt's word stands alone between spaces, as a reader
    (and the spec's evaluator, which splits on whitespace) finds it."""
    if not words:
        return ""
    said = joiner.join(list(dict.fromkeys(w.strip(_STRIP) for w in words if w.strip(_STRIP)))[:3])
    if not said or fold(said) == fold(english):
        return ""
    if " " not in said and fold(english) in candidates(said, "en") and fold(said).endswith("s"):
        return f" (one of the {said} the prompt names)"
    return f" (called {said} in the prompt)"


def _thing_word(what: str | None, plan: ScenePlan) -> str:
    thing = next((t for t in plan.things if t.what == what), None)
    return prompt_word(thing.what, thing.words, " or ") if thing else ""


def _place(scene: PanelScene, plan: ScenePlan) -> str:
    proper = (plan.setting_phrase[:1].isupper() and plan.setting_phrase.lower() == scene.setting.lower()) or (
        scene.setting == "backdrop" and plan.setting == "backdrop" and bool(plan.place_words))  # "the laundromat"
    where = f"of {plan.setting_phrase if proper else english_place(scene.setting)[0]}"  # "of Paris", "of the pond"
    if not proper and scene.setting == plan.setting:
        where += prompt_word(scene.setting, plan.place_words)
    if scene.landmarks:
        where += f" with the {_join(scene.landmarks)} behind"
    return where


def _actor(name: str, action: str, mood: str, holds: str | None, plan: ScenePlan, variant: int,
           said: str = "") -> str:
    member = plan.member(name)
    label = member.label if member else name
    if member is not None:  # "Paul" is no other word for Paul
        label += prompt_word(member.noun or member.kind, [w for w in member.words if fold(w) not in fold(label)])
    feeling = MOOD_WORDS.get(mood, mood)
    pose = "holding on tight" if action == "holding" and holds is None else POSE_WORDS.get(action, action)
    if said and fold(said) not in (fold(pose), fold(action)):
        pose += f" (said {said} in the prompt)"
    held = f"{a_or_an(holds)}{_thing_word(holds, plan)}" if holds else ""
    hand = f" holding {held}" if holds else ""
    if pose == "holding":
        pose, hand = "standing", f", holding {held}"
    if variant % 2 == 0:
        return f"{label}, {feeling}, is {pose}{hand}"
    return f"A {feeling} {label} is {pose}{hand}" if not label[:1].isupper() else f"{label} is {pose}, {feeling}{hand}"


def _prompt_verb(scene: PanelScene, name: str, plan: ScenePlan) -> str:
    """The prompt's own verb for what this actor is doing in the panel ('répare', 'gräbt aus'), where the pose's
    English word is not it: a reader of a French prompt (and the spec's word count) finds the action by its word."""
    shown = next((e for e in scene.events if e.actor == name and e.step == "during"), None)
    return _verb_of(shown, name, plan) if shown is not None else ""


def _verb_of(shown: SceneEvent, name: str, plan: ScenePlan) -> str:
    told = next((e for e in plan.events if e.action == shown.action and name in e.actors
                 and e.object == shown.object), None)
    verbs = verb_words(told.words, plan.language) if told is not None else []
    return " ".join(verbs[0]) if verbs else ""


def _thing_acting(event: SceneEvent, plan: ScenePlan) -> str:
    """An event done by a thing, not a character: 'The wind blows a hat (called chapeau in the prompt) away'."""
    done = action(event.action)
    slots = {"actor": Phrase.plain(f"the {event.actor}")}
    if event.object:
        member = plan.member(event.object)
        slots["object"] = Phrase.plain(member.label if member else
                                       f"{a_or_an(event.object)}{_thing_word(event.object, plan)}")
    if event.recipient:
        member = plan.member(event.recipient)
        slots["recipient"] = Phrase.plain(member.label if member else event.recipient)
    template = done.clause["en"] if event.object else done.alone.get("en", done.clause["en"])
    if not slots_of(template) <= set(slots):
        return f"The {event.actor} is at work"
    text = fill(template, slots, False, "en")
    said = _verb_of(event, event.actor, plan)
    if not said or set(said.split()) <= set(text.split()):
        return text
    return fill(template, {**slots, "actor": Phrase.plain(f"the {event.actor} (said {said} in the prompt)")},
                False, "en")


def _doing(scene: PanelScene, name: str, plan: ScenePlan) -> str:
    """What the actor's event does to its object and for whom: ', with a sandwich at the mouth'."""
    event = next((e for e in scene.events if e.actor == name), None)
    if event is None:
        return ""
    text = ""
    recipient = plan.member(event.recipient) if event.recipient else None
    whom = recipient.label if recipient else event.recipient
    if event.object and event.object_at != "gone":
        member = plan.member(event.object)
        thing = member.label if member else f"{a_or_an(event.object)}{_thing_word(event.object, plan)}"
        where = f"now in the hands of {whom}" if event.object_at == "received" and whom else \
            OBJECT_WORDS.get(event.object_at or "hand", "nearby")
        text += f", with {thing} {where}"
    if whom and event.recipient != name:
        text += f", turned to {whom}"
    return text


MASS_NOUNS = frozenset(["gold", "water", "snow", "sand", "honey", "bread", "grass", "mud", "money", "milk", "tea",
                        "coffee", "soup", "rice", "cheese", "ice", "smoke", "lava", "paint", "jam", "candy",
                        "chocolate", "popcorn", "confetti", "treasure", "food", "hay", "seaweed", "silver"])


def a_or_an(noun: str | None) -> str:
    """'an umbrella', 'a violin', 'the moon' (one of a kind), 'some fireworks', 'some gold'."""
    noun = noun or ""
    if noun in {"moon", "sun", "sky", "sea", "eiffel tower"}:
        return f"the {noun}"
    last = noun.split()[-1] if noun else ""
    if last in MASS_NOUNS or (last.endswith("s") and not last.endswith(("ss", "us", "is"))):
        return f"some {noun}"
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _sentence_case(text: str) -> str:
    return text[:1].upper() + text[1:]


def words_of(text: str) -> list[str]:
    """Lower-case words without their punctuation, as a reader compares them."""
    return [w for w in (word.strip(_STRIP) for word in text.lower().split()) if w]


def copied_run(text: str, prompt: str, run: int = COPY_RUN) -> tuple[int, int] | None:
    """Where `text` holds `run` consecutive words of `prompt` (word indexes in `text`), or None."""
    source = words_of(prompt)
    runs = {tuple(source[i:i + run]) for i in range(len(source) - run + 1)}
    words = words_of(text)
    for i in range(len(words) - run + 1):
        if tuple(words[i:i + run]) in runs:
            return i, i + run
    return None


def _break_runs(text: str, prompt: str) -> str:
    """Last resort: put a word into each shared run until none is left."""
    for _ in range(20):
        found = copied_run(text, prompt)
        if found is None:
            return text
        tokens = text.split()
        position = _token_index(tokens, found[0] + COPY_RUN // 2)
        tokens.insert(position, "then")
        text = " ".join(tokens)
    return re.sub(r"\s+", " ", text)


def _token_index(tokens: list[str], word_index: int) -> int:
    """The token position of the n-th non-empty word (tokens that are only punctuation do not count)."""
    count = 0
    for position, token in enumerate(tokens):
        if token.strip(_STRIP):
            if count == word_index:
                return position
            count += 1
    return len(tokens)
