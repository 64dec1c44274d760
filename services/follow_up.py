"""The changes a follow-up turn on a finished comic can ask for, as typed data (part of the shared language).

Brown reads a person's words ("make it night", "panel 2: the dog laughs") into
these; Bayko applies them to the comic's current version. They travel in the
agents' messages and are kept in the session record, so the same change means
the same thing on every path (offline reader, a model, the per-panel buttons).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from services.reading import PlannedThing, StoryEvent

PanelIndexes = list[Annotated[int, Field(ge=0, le=15)]]


class SetTime(BaseModel):
    kind: Literal["time"] = "time"
    time: str = Field(description="day, night, sunset or dawn")
    panels: PanelIndexes = Field(default_factory=list, description="0-based; empty: every panel.")


class SetWeather(BaseModel):
    kind: Literal["weather"] = "weather"
    weather: str = Field(description="clear, rain, snow, storm, fog or wind")
    panels: PanelIndexes = Field(default_factory=list)


class SetPlace(BaseModel):
    kind: Literal["place"] = "place"
    setting: str = Field(description="A setting noun the art draws: 'beach', 'paris', 'forest'.")
    landmarks: list[str] = Field(default_factory=list)
    phrase: str = Field("", description="The place in the captions' language: 'the beach', 'la plage'.")
    in_place: str = Field("", description="'at the beach', 'à la plage'.")


class ChangeLook(BaseModel):
    """A colour or something worn, said as the fact the character sheet reads: 'Miso is orange'."""

    kind: Literal["look"] = "look"
    name: str
    fact: str


class ChangeKind(BaseModel):
    kind: Literal["kind"] = "kind"
    name: str
    new_kind: str = Field(description="A plain English noun: 'cat', 'robot'.")
    noun: str = Field("", description="The new kind in the captions' language: 'chat'.")


class Rename(BaseModel):
    kind: Literal["rename"] = "rename"
    name: str
    new_name: str = Field(min_length=1, max_length=40)


class AddCharacter(BaseModel):
    kind: Literal["add_character"] = "add_character"
    character_kind: str = Field(description="A plain English noun: 'dog', 'person'.")
    noun: str = Field("", description="The prompt's word for it, in the captions' language.")


class RemoveCharacter(BaseModel):
    kind: Literal["remove_character"] = "remove_character"
    name: str


class AddThing(BaseModel):
    kind: Literal["add_thing"] = "add_thing"
    what: str


class RemoveThing(BaseModel):
    kind: Literal["remove_thing"] = "remove_thing"
    what: str


class PanelEvents(BaseModel):
    """What happens in one panel, read from the person's words ("panel 3: the cat laughs")."""

    kind: Literal["panel_events"] = "panel_events"
    panel: int = Field(ge=0)
    events: list[StoryEvent] = Field(min_length=1, max_length=3)
    things: list[PlannedThing] = Field(default_factory=list, description="Things the events bring that the comic "
                                                                         "did not have ('a sandwich').")


class Redraw(BaseModel):
    """The same panels, another take (other poses and placing)."""

    kind: Literal["redraw"] = "redraw"
    panels: PanelIndexes = Field(default_factory=list)


class SetCaption(BaseModel):
    kind: Literal["caption"] = "caption"
    panel: int = Field(ge=0)
    text: str


class SetStyle(BaseModel):
    kind: Literal["style"] = "style"
    style: str


class SetLayout(BaseModel):
    kind: Literal["layout"] = "layout"
    layout: str


class AddPanels(BaseModel):
    """New panels at the end ("and then they go home"): one per event, or one at the new place."""

    kind: Literal["add_panels"] = "add_panels"
    events: list[StoryEvent] = Field(default_factory=list, max_length=4)
    things: list[PlannedThing] = Field(default_factory=list)
    place: SetPlace | None = None


Change = Annotated[SetTime | SetWeather | SetPlace | ChangeLook | ChangeKind | Rename | AddCharacter
                   | RemoveCharacter | AddThing | RemoveThing | PanelEvents | Redraw | SetCaption | SetStyle
                   | SetLayout | AddPanels, Field(discriminator="kind")]


class FollowUp(BaseModel):
    """What Brown understood in one follow-up: the changes, or nothing and his question."""

    instruction: str
    changes: list[Change] = Field(default_factory=list)
    question: str = Field("", description="When nothing was understood: what Brown asks back.")

    @property
    def understood(self) -> bool:
        return bool(self.changes)
