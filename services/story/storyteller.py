"""The storyteller interface and the offline storyteller Bayko uses by default.

A storyteller writes a storyboard (a visual description and a subtitle per
panel) and revises it from Brown's feedback, both from Bayko's one reading of
the prompt (`read`: cast, things, place, time, weather and the events, in
order). The offline one needs no key and no network: it plans a beat per event
(a setup before, a result after), stages each beat as a panel scene, writes each
description from its scene and each caption from the actions' own lines in the
prompt's language, choosing variants with the comic's seed; a prompt that names
no event gets a stock story shape.

Every task takes the agent's conversation so far (`history`, from
`AgentMemory.acontext`: the memory's window, story-world facts in its system
message). A model reads it; the offline storyteller works from the typed
messages and ignores it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Annotated

from pydantic import BaseModel, ConfigDict, Field

from services.memory.condenser import CommentContext, CondensedMemory, condense
from services.memory.correction_classifier import is_correction
from services.schemas import ScenePlan, Storyboard, StoryboardRequest, Verdict
from services.story.scene_plan import build_plan
from services.story.storyboard_writer import add_missing, write_storyboard

if TYPE_CHECKING:
    from llama_index.core.base.llms.types import ChatMessage

class FollowUpDraft(BaseModel):
    """A person's follow-up, as commands the offline reader knows ("make it night", "panel 2: Miso laughs"), or
    the question to ask back when it asks for no change Brown can make."""

    model_config = ConfigDict(extra="forbid")

    commands: list[Annotated[str, Field(min_length=1, max_length=300)]] = Field(max_length=6)
    question: str = Field("", max_length=300)


class Storyteller(ABC):
    """Writes and revises storyboards. One instance may serve many comics: keep no per-comic state."""

    name: str = "storyteller"

    def read(self, request: StoryboardRequest, seed: int, memories: list[str]) -> ScenePlan:
        """The prompt read once for the whole comic: every attempt and Brown's checks use this reading."""
        return build_plan(request.prompt, seed, memories, request.language)

    @abstractmethod
    async def plan(self, request: StoryboardRequest, seed: int, memories: list[str],
                   reading: ScenePlan | None = None, *, history: list[ChatMessage] | None = None) -> Storyboard:
        """The first storyboard for a request."""

    @abstractmethod
    async def revise(self, request: StoryboardRequest, seed: int, memories: list[str],
                     previous: Storyboard, verdict: Verdict, reading: ScenePlan | None = None, *,
                     history: list[ChatMessage] | None = None) -> Storyboard:
        """A better storyboard, using Brown's verdict on the previous one."""

    async def rephrase_follow_up(self, instruction: str, comic: str, *,
                                 history: list[ChatMessage] | None = None) -> FollowUpDraft | None:
        """The follow-up as plain commands, read with the conversation so far; None when this storyteller has no
        model to ask (the offline reader then reads the person's own words)."""
        return None

    @abstractmethod
    async def classify_comment(self, comment: str, context: CommentContext, *,
                               history: list[ChatMessage] | None = None) -> bool:
        """Does a reader's comment correct the story world?"""

    @abstractmethod
    async def condense_memories(self, comment: str, context: CommentContext, *,
                                history: list[ChatMessage] | None = None) -> list[CondensedMemory]:
        """The short, self-contained facts a correcting comment teaches."""


class OfflineStoryteller(Storyteller):
    """Deterministic storytelling from the prompt's own scene plan."""

    name = "offline"

    async def plan(self, request: StoryboardRequest, seed: int, memories: list[str],
                   reading: ScenePlan | None = None, *, history: list[ChatMessage] | None = None) -> Storyboard:
        return write_storyboard(request.prompt, request.panels, seed, memories, reading)

    async def revise(self, request: StoryboardRequest, seed: int, memories: list[str],
                     previous: Storyboard, verdict: Verdict, reading: ScenePlan | None = None, *,
                     history: list[ChatMessage] | None = None) -> Storyboard:
        # Only the panels Brown names change; the others keep their description (and picture).
        return add_missing(request.prompt, seed, memories, previous, verdict, reading)

    async def classify_comment(self, comment: str, context: CommentContext, *,
                               history: list[ChatMessage] | None = None) -> bool:
        return is_correction(comment)

    async def condense_memories(self, comment: str, context: CommentContext, *,
                                history: list[ChatMessage] | None = None) -> list[CondensedMemory]:
        return condense(comment, context)

