"""The action vocabulary: the closed set of things that can happen in a comic, read from `assets/actions.json`.

Each action has its verbs in English, French, German and Spanish (dictionary forms and phrases,
"fall in love", "put … out", where "…" lets a few words stand between), the roles it takes, how
each role looks while it happens (a pose and where the object is), the comic devices it brings,
the state it leaves, and its three beats (before, during, after) with caption lines for each in
every language. The reader maps a prompt's verbs to these actions, the beats unfold them into
panels, the renderer draws their poses, and Brown checks that they happened.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from services.config import ASSETS_DIR
from services.reading import StoryEvent
from services.vocabulary import lookup as vocabulary_entry

LANGUAGES = ("en", "fr", "de", "es")
# Poses the renderer draws (services/art/procedural/figure.py).
POSES = (
    "standing", "walking", "running", "holding", "painting", "flying", "sitting", "falling", "hugging", "jumping",
    "swimming", "looking", "waving", "eating", "drinking", "singing", "playing_music", "dancing", "climbing",
    "riding", "carrying", "lifting", "pushing", "pulling", "throwing", "catching", "reaching", "giving",
    "sneaking", "hiding", "building", "cooking", "reading", "writing", "pointing", "fishing", "digging",
    "sleeping", "stretching", "crying", "laughing", "kissing", "fighting", "cowering", "wishing", "carried",
    "lying", "kicking", "talking", "thinking", "watering", "photographing", "sneezing", "juggling",
)
# Where the object of an action is while it happens, relative to the actor (and the recipient).
OBJECT_PLACES = (
    "hand", "mouth", "overhead", "arms", "out", "falling", "flying", "thrown", "arriving", "ground", "left_behind",
    "hidden", "sky", "hooked", "under", "front", "ahead", "water", "gone", "inside", "between", "beside",
    "received", "buried",
)
# Comic devices (never text): drawn by services/art/procedural/effects.py.
DEVICES = (
    "notes", "hearts", "crumbs", "splash", "zzz", "speed lines", "motion arcs", "sweat drops", "stars", "tears",
    "puff", "dust", "steam", "impact", "shine", "emphasis", "anger mark", "bubbles", "sparkles", "spotlight", "paint",
)
# Poses that go somewhere: an action drawn in one of them can lead to a place ("carry him to the beach");
# one that stays put cannot ("watch the fireworks over the city" happens in the city).
MOVING_POSES = frozenset({"walking", "running", "flying", "swimming", "riding", "climbing", "carrying", "jumping",
                          "falling", "sneaking", "pushing", "pulling", "lifting", "carried"})
Step = Literal["before", "during", "after"]
STEPS: tuple[Step, ...] = ("before", "during", "after")
Role = Literal["actor", "object", "recipient"]
Mood = Literal["calm", "happy", "sad", "scared", "angry", "surprised", "determined"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Look(_Strict):
    """How the roles look at one beat of an action."""

    actor: str = Field("standing", description="The actor's pose, one of POSES.")
    actor_mood: Mood = "calm"
    object_at: str | None = Field(None, description="Where the object is, one of OBJECT_PLACES.")
    recipient: str | None = Field(None, description="The recipient's pose (or the object's, when it is a "
                                                    "character: the snowman is 'carried').")
    recipient_mood: Mood | None = None
    devices: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _known(self) -> Look:
        for pose in (self.actor, self.recipient):
            if pose is not None and pose not in POSES:
                raise ValueError(f"unknown pose {pose!r}")
        if self.object_at is not None and self.object_at not in OBJECT_PLACES:
            raise ValueError(f"unknown object place {self.object_at!r}")
        unknown = [d for d in self.devices if d not in DEVICES]
        if unknown:
            raise ValueError(f"unknown devices {unknown}")
        return self


class Telling(_Strict):
    """How an action is told when certain actors do it, to certain objects or to anyone at all: the rain washes
    the rainbow away, a shop is opened for business, not pried open, and the knight wakes the dragon up."""

    actors: tuple[str, ...] = ()
    objects: tuple[str, ...] = ()
    with_object: bool = Field(False, description="Told so whenever something is named to do it to ('wakes him').")
    by_things: bool = Field(False, description="Told so when a thing does it ('the vase breaks'), not a character.")
    with_result: bool = Field(False, description="Told so when the object is made into something ('turns the "
                                                 "pumpkin into a carriage'), with a {result} slot.")
    alone: bool = Field(False, description="Told so when nothing at all is named to do it to ('the boy gets "
                                           "lost': he is what is lost).")
    said_as: tuple[str, ...] = Field((), description="Told so when the prompt's own verb begins so, in any "
                                                     "language ('whistl', 'siffl'): whistling is singing, told as "
                                                     "whistling.")
    clause: dict[str, str]
    lines: dict[Step, dict[str, tuple[str, ...]]]
    looks: dict[Step, Look] | None = Field(None, description="How each role looks then, if not as the action says.")

    def fits(self, actor: str, thing: str | None, result: bool = False, said: bool = False, words: str = "") -> bool:
        if self.said_as:
            return any(re.search(rf"\b{re.escape(stem)}", words, re.IGNORECASE) for stem in self.said_as)
        if self.with_result or result:
            return self.with_result and result
        if self.alone:
            return thing is None and not said
        if self.by_things:  # a thing acting is called by its noun, a character by a name that is never one
            return thing is None and vocabulary_entry(actor) is not None
        return actor in self.actors or thing is not None and thing in self.objects \
            or self.with_object and (thing is not None or said)  # "stops the traffic": said, not drawn


class Action(_Strict):
    """One thing that can happen."""

    name: str
    verbs: dict[str, tuple[str, ...]] = Field(description="Per language: dictionary forms and phrases.")
    roles: tuple[Role, ...] = ("actor",)
    beats: tuple[str, str, str] = Field(description="The beats' names: before, during, after ('notice', 'bite', "
                                                    "'full').")
    looks: dict[Step, Look]
    leaves: str | None = Field(None, description="The state the object (or the actor) is left in: 'eaten'.")
    clause: dict[str, str] = Field(description="Per language, the plain clause: '{actor} {eats|eat} {object}'.")
    alone: dict[str, str] = Field(default_factory=dict, description="Per language, the clause when nothing is "
                                                                    "named to do it to: '{actor} {hides|hide}'.")
    lines: dict[Step, dict[str, tuple[str, ...]]] = Field(description="Per beat, per language, caption lines.")
    exclaims: dict[str, tuple[str, ...]] = Field(default_factory=dict, description="Short exclamations per language.")
    with_object: str | None = Field(None, description="The action this one becomes when it has an object "
                                                      "('fly' with a kite is 'fly_kite').")
    with_its_objects: tuple[str, ...] = Field((), description="Actions this one becomes when one of their own "
                                              "objects is named ('spielt Akkordeon': music).")
    object_said_only: bool = Field(False, description="Done to something only when it is said right after the "
                                                      "verb ('waits for the bus'), never to where it is done ('waits "
                                                      "on the bridge').")
    tellings: tuple[Telling, ...] = Field((), description="Other clauses and lines for some actors ('the waves "
                                                          "wash the sandcastle away').")
    objects: tuple[str, ...] = Field((), description="Its usual objects, for telling it from another action of "
                                                     "the same verb ('voler' a kite or a fish).")
    actors: tuple[str, ...] = Field((), description="Its usual actors ('wind' blows things away).")
    for_actors: dict[str, tuple[str, ...]] = Field(default_factory=dict, description="The action the same words "
                                                   "name when one of these actors does it ('a drummer plays': music).")
    to_someone: str | None = Field(None, description="The action the same words name when they take a thing to "
                                                     "someone ('bringt Oma ein Paket': deliver).")
    by_characters: str | None = Field(None, description="The action the same words name when a character does "
                                                        "it ('ants carry the sandwich away': carry).")
    place: str | None = Field(None, description="Where it is usually done, when the prompt names no place "
                                                 "('cooks an omelette': the kitchen); a setting of the lexicon.")
    mutual: bool = Field(False, description="Two or more who do it together do it to each other ('two robots "
                                            "fall in love', 'the twins argue'); others do it side by side ('two "
                                            "cats sing').")
    reaction: bool = Field(False, description="Done in answer to what someone did to its actor: 'sings to the "
                                              "queen and she laughs' is the queen laughing.")
    lets_go: bool = Field(False, description="Its actor lets the object go: a give or a delivery after it with "
                                             "no one named brings it back to them.")
    sudden: bool = Field(False, description="What it makes is there while it happens, in a puff (the frog is a "
                                            "prince at once); else only once it is over (a tree grows slowly).")
    journey: bool = Field(False, description="It takes its actor, or what it carries, somewhere: a place after 'à', "
                                             "'at', 'dans' or 'en' is where it ends, not only where it happens.")
    ongoing: bool = Field(False, description="It goes on for a while: a 'when' clause after it happens while it "
                                             "does ('is sleeping when a mouse steals'), not before it.")
    pursued: bool = Field(False, description="Its actor is whom a chase or a catch after it goes after ('a cat "
                                             "steals a fish, then the fishmonger chases it': the cat).")
    place_object: bool = Field(False, description="A place can be what it is done to ('explores the forest', "
                                                  "'climbs the mountain'), not only where it happens.")
    not_objects: tuple[str, ...] = Field((), description="Nouns its own phrases say that are never what it is done "
                                         "to ('the oven catches fire': the fire is the burning, the oven burns).")
    shown_as: dict[str, tuple[str, ...]] = Field(default_factory=dict, description="A thing that draws what "
                                                 "nothing else draws when it is this action's object, by the "
                                                 "words said for it ('reads a story': a book).")
    where: dict[str, str] = Field(default_factory=dict, description="Per language, where it is done when the "
                                  "prompt does not say ('under a pile of leaves'): the lines' {where}.")
    where_prepositions: dict[str, tuple[str, ...]] = Field(default_factory=dict, description="Per language, the "
                                                    "prepositions that say where in the prompt ('in a tree').")
    becomes: bool = Field(False, description="Its actor becomes its object ('the frog turns into a prince'): one "
                                             "is drawn before it, the other after, never both standing there.")
    where_before: bool = Field(False, description="Where the prompt says it is done is where the trouble was "
                                                  "before it ('rescues a kitten from a tree'): drawn from the start.")
    lies_on: bool = Field(False, description="Its actor lies on the thing the prompt says it is done on ('falls "
                                             "asleep on a bench'): drawn under them.")
    obstacle: bool = Field(False, description="Its object is only what the prompt says it goes over, off or from "
                                              "('trips over a skateboard'), never what the event before took.")
    things_can: bool = Field(False, description="A thing can do it ('the floor breaks', 'the ball flies'): a noun "
                                                "the vocabulary does not know doing it is no one.")
    leaves_from: bool = Field(False, description="Its object is where it leaves ('escapes from the tower'), never "
                                                 "the place it goes to ('runs away into the forest').")
    onto: bool = Field(False, description="Its object is who or what it comes down on, whatever preposition or "
                                          "owner stands before it ('lands on the bear's head': the bear).")
    with_pictured: bool = Field(False, description="Who or what is with its actor is what it is done to ('takes a "
                                                   "selfie with a bear': the bear is in the photo).")
    onlooker: bool = Field(False, description="With nothing named, it is done to whoever acted in the event before "
                                              "('the snowman melts while the children watch': the snowman).")
    carrying: str | None = Field(None, description="The action it is when its actor takes a thing along ('flies "
                                                   "away with it', 'runs off with the cake'): that action, with the "
                                                   "thing as its object, held.")

    @property
    def object_optional(self) -> bool:
        """Done to something only when the clause says so right after the verb ('wakes him', 'melts it'), never
        to what a preposition brings in ('melts in the sunshine') or what the event before took."""
        return self.object_said_only or any(t.with_object for t in self.tellings)

    @property
    def moves(self) -> bool:
        """Does it go somewhere (its actor's pose while it happens is a moving one)?"""
        return self.looks["during"].actor in MOVING_POSES

    @model_validator(mode="after")
    def _complete(self) -> Action:
        for language in LANGUAGES:
            if not self.verbs.get(language):
                raise ValueError(f"{self.name}: no {language} verbs")
            if language not in self.clause or (self.alone and language not in self.alone):
                raise ValueError(f"{self.name}: no {language} clause")
            for step in STEPS:
                if not self.lines.get(step, {}).get(language):
                    raise ValueError(f"{self.name}: no {language} lines for its {step} beat")
        if set(self.looks) != set(STEPS):
            raise ValueError(f"{self.name}: a look for each of {STEPS}")
        for telling in self.tellings:
            if any(language not in telling.clause or any(not telling.lines.get(step, {}).get(language)
                                                         for step in STEPS) for language in LANGUAGES):
                raise ValueError(f"{self.name}: a telling for {telling.actors} without every clause and line")
            if telling.looks is not None and set(telling.looks) != set(STEPS):
                raise ValueError(f"{self.name}: a telling's looks need each of {STEPS}")
        return self

    def told_by(self, actor: str, thing: str | None = None, result: bool = False, said: bool = False,
                words: str = "") -> Action:
        """The action with the clause and lines its actor or its object tells it with ('the rain washes it away'),
        or what it makes of the object ('turns the pumpkin into a carriage'); `said`: the prompt names an object
        nothing draws ('loses the match'); `words`: the prompt's own words for the event ('learns to whistle')."""
        telling = next((t for t in self.tellings if t.fits(actor, thing, result, said, words)), None)
        if telling is None:
            return self
        return self.model_copy(update={"clause": telling.clause, "lines": telling.lines,
                                       "looks": telling.looks or self.looks})


class StateLines(_Strict):
    """What a state left by an action looks like in the last panel, and the lines that tell it."""

    lines: dict[str, tuple[str, ...]]
    reactions: dict[str, tuple[str, ...]] = Field(default_factory=dict,
                                                  description="A character's reaction, per language.")
    somewhere: bool = Field(False, description="It tells that the thing got somewhere or to someone ('has "
                                               "arrived', 'thank you for bringing it'): only said when the event "
                                               "names where it goes or to whom.")


class Connective(_Strict):
    """A word joining two events, and how a caption says the turn it names."""

    kind: Literal["and", "but", "so", "until", "then", "when", "because", "while", "after", "before"]
    words: dict[str, tuple[str, ...]]
    lead: dict[str, tuple[str, ...]] = Field(default_factory=dict, description="Per language, how a caption "
                                                                                "opens on this turn: 'But', 'Mais'.")
    reverses: bool = Field(False, description="The clause it opens happened first ('because', 'after').")


class FoodCreatures(_Strict):
    """Creatures that are food when one of `actions` is done to them and they never act ('steals a fish')."""

    creatures: list[str]
    actions: list[str]


class MadeThings(_Strict):
    """'makes pancakes', 'fait un dessin', 'hace un muñeco de nieve': a verb that only says something is made names
    the action its object is made by (cooked, painted, built)."""

    verbs: dict[str, tuple[str, ...]]
    actions: dict[str, tuple[str, ...]] = Field(description="Per action, the plain English nouns made by it.")

    def action_for(self, noun: str) -> str | None:
        return next((name for name, made in self.actions.items() if noun in made), None)


class ActionVocabulary(_Strict):
    actions: dict[str, Action]
    states: dict[str, StateLines]
    connectives: dict[str, Connective]
    food_creatures: FoodCreatures
    made_things: MadeThings

    @model_validator(mode="after")
    def _states_known(self) -> ActionVocabulary:
        for action in self.actions.values():
            if action.leaves is not None and action.leaves not in self.states:
                raise ValueError(f"{action.name}: unknown state {action.leaves!r}")
            for other in (action.with_object, action.by_characters, action.to_someone, action.carrying):
                if other is not None and other not in self.actions:
                    raise ValueError(f"{action.name}: unknown action {other!r}")
        if unknown := set(self.made_things.actions) - set(self.actions):
            raise ValueError(f"made things: unknown actions {sorted(unknown)}")
        return self


@lru_cache(maxsize=1)
def vocabulary() -> ActionVocabulary:
    raw = json.loads((ASSETS_DIR / "actions.json").read_text(encoding="utf-8"))
    actions = {name: {"name": name, **entry} for name, entry in raw["actions"].items()}
    return ActionVocabulary.model_validate({"actions": actions, "states": raw["states"],
                                            "connectives": raw["connectives"], "food_creatures": raw["food_creatures"],
                                            "made_things": raw["made_things"]})


def action(name: str) -> Action:
    return vocabulary().actions[name]


def told_as(event: StoryEvent) -> Action:
    """The event's action with the words its actor tells it in ('the rain washes it away')."""
    return action(event.action).told_by(event.actors[0] if event.actors else "", event.object, bool(event.result),
                                        bool(event.object_words), event.words)


def action_names() -> tuple[str, ...]:
    return tuple(vocabulary().actions)
