"""What Bayko reads in a prompt, once per comic: the cast, the things, the place and the events.

The reading (`ScenePlan`) travels with the agents' messages, so Bayko plans and revises from
it and Brown checks the comic against the same events without reading the prompt again. The
cast members it yields (`CastMember`) are the comic's characters, drawn the same in every
panel.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

HUMAN_KINDS = {"person", "child", "elder"}


class CharacterLook(BaseModel):
    """How a character looks, decided once per comic (the character sheet)."""

    colours: list[str] = Field(default_factory=list, description="'#rrggbb' colours, the main one first.")
    features: list[str] = Field(default_factory=list, description="Distinguishing features, e.g. 'scarf', 'glasses'.")


class CastMember(BaseModel):
    """One character of a comic: decided once, drawn the same in every panel and every attempt."""

    name: str
    kind: str = Field(description="What it is, a plain English noun: 'person', 'cat', 'whale', 'snowman'.")
    look: CharacterLook | None = None
    role: str | None = Field(None, description="The prompt's role word, in English: 'grandpa', 'chef', 'knight'.")
    gender: Literal["female", "male"] | None = Field(None, description="Only where the prompt says.")
    young: bool = Field(False, description="A young one of an animal kind ('her baby'): drawn smaller.")
    size: Literal["giant", "small"] | None = Field(None, description="As the prompt says it is ('a tiny "
                                                                     "elephant', 'une souris géante').")


class StoryEvent(BaseModel):
    """One thing the prompt says happens: who does which action of the vocabulary to what or whom."""

    action: str = Field(description="An action of the vocabulary (assets/actions.json): 'eat'.")
    actors: list[str] = Field(description="Cast names, or one thing's noun when a thing acts ('wind').")
    object: str | None = Field(None, description="A thing's noun or a cast name: what the action is done to.")
    recipient: str | None = Field(None, description="A cast name: whom it is done to or for.")
    place: str | None = Field(None, description="Where it leads, a setting noun ('beach' in 'carry him to the beach').")
    at: str | None = Field(None, description="Where it happens, a setting noun the clause names ('subway' in 'falls "
                                             "asleep on the subway'), when it says one.")
    object_words: str | None = Field(None, description="The prompt's words for an object nothing draws: "
                                                       "'the summer' in 'wants to see the summer'.")
    where_words: str | None = Field(None, description="The prompt's words for where an action that says so is "
                                                      "done: 'in a tree' in 'hides it in a tree'.")
    others: list[str] = Field(default_factory=list, description="The rest of a group the recipient, or an object "
                                                               "who is a character, stands for: 'scares the owls'.")
    result: str | None = Field(None, description="What the object is made into, a thing's noun or a cast name: "
                                                 "'carriage' in 'turns the pumpkin into a carriage'.")
    connective: str | None = Field(None, description="How it joins the event before: but, so, until, then…")
    words: str = Field("", description="The prompt's words for it: 'eats it'.")


class PlannedCharacter(BaseModel):
    name: str
    kind: str = Field(description="A plain English noun: person, child, elder, whale, frog…")
    role: str | None = None
    gender: str = ""
    noun: str = Field("", description="How a description introduces them: 'frog', 'violinist', 'girl'.")
    words: list[str] = Field(default_factory=list, description="The prompt's words for them.")
    concept: str | None = Field(None, description="The vocabulary's noun for a person ('lighthouse keeper', 'girl').")
    phrase: str = Field("", description="The prompt's word for them in the caption language, with its article: "
                                        "'le chat', 'der Bär'.")
    traits: list[str] = Field(default_factory=list, description="The prompt's adjectives for them: 'curious'.")
    young: bool = Field(False, description="A young one of an animal kind ('her baby', 'son petit').")
    size: Literal["giant", "small"] | None = Field(None, description="'a tiny elephant', 'une souris géante'.")

    @property
    def label(self) -> str:
        """'Fen the frog', 'Grandpa Ike', 'Ana the violinist'."""
        if not self.noun or self.noun in {"person", "hero"} or self.noun.lower() in self.name.lower():
            return self.name
        if self.role and self.role.lower() in self.name.lower() and self.kind in HUMAN_KINDS:
            return self.name
        if self.kind == "child" and self.noun in {"girl", "boy"}:
            return f"{self.name} the little {self.noun}"  # a child, not a grown-up "girl" or "boy"
        return f"{self.name} the {self.noun}"

    def as_cast(self) -> CastMember:
        gender = self.gender if self.gender in ("female", "male") else None
        # The role Brown checks against the drawn record is the vocabulary's noun when it has one.
        named = self.concept if self.concept and self.concept not in HUMAN_KINDS else None  # kind says "child"
        return CastMember(name=self.name, kind=self.kind, role=named or self.role, gender=gender, young=self.young,
                          size=self.size)


def full_of(contents: str) -> str:
    """The state of a thing that holds another ('full of socks'), as the picture's states read it."""
    return f"full of {contents}"


class PlannedThing(BaseModel):
    what: str
    words: list[str] = Field(default_factory=list)
    where: str = Field("hand", description="hand / ground / sky / background / water / inside (its holder)")
    phrase: str = Field("", description="The thing in the caption language, with its article: 'la baleine'.")
    state: str | None = Field(None, description="How it is, in English: 'frozen', 'broken', 'giant'.")
    contains: str | None = Field(None, description="What is in it: 'sock' for 'a chest full of socks'.")

    @property
    def drawn_state(self) -> str | None:
        """The state the picture shows: as the prompt says it is, or full of what it holds ('full of socks')."""
        return self.state or (full_of(self.contains) if self.contains else None)


class ScenePlan(BaseModel):
    """What the prompt asks to see, and the story shape it calls for."""

    prompt_language: str
    language: str = Field(description="The captions' language: en, fr, de or es.")
    cast: list[PlannedCharacter]
    things: list[PlannedThing]
    setting: str
    setting_phrase: str = Field(description="'the pond', 'Paris', 'le métro'.")
    in_place: str = Field(description="'at the pond', 'à Paris'.")
    landmarks: list[str] = Field(default_factory=list)
    time: str = "day"
    later_time: str | None = Field(None, description="The time the story lasts until ('until sunrise': 'dawn'), "
                                                     "drawn in its last panel.")
    weather: str = "clear"
    mood: str = "happy"
    action: str | None = Field(None, description="The pose the prompt's verb names ('walking', 'swimming').")
    shape: str = "day_out"
    place_named: bool = False
    place_words: list[str] = Field(default_factory=list, description="The prompt's words for the place ('forêt').")

    events: list[StoryEvent] = Field(default_factory=list, description="What happens, in story order.")
    place_state: str | None = Field(None, description="How the place is: 'frozen', 'crowded'.")
    places_as_said: dict[str, str] = Field(default_factory=dict, description="How the places the story goes to "
                                                                            "are: {'lake': 'frozen'}.")
    opens_at: str | None = Field(None, description="Where the first panel is, when the first event happens somewhere "
                                                   "said before the setting ('rides through Paris, then … at a bakery').")

    def member(self, name: str) -> PlannedCharacter | None:
        return next((c for c in self.cast if c.name == name), None)
