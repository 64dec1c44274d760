"""The storyteller interface and the offline storyteller Bayko uses by default.

A storyteller writes a storyboard (a visual description and a subtitle per
panel) and revises it from Brown's feedback. The offline one needs no key and
no network: it reads the prompt into a scene plan (cast, things, place, time,
weather, story shape), stages each beat of the shape as a panel scene, writes
each description from its scene and each caption from the shape's templates
in the prompt's language, choosing variants with the comic's seed.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from services.memory.condenser import CommentContext, CondensedMemory, condense
from services.memory.correction_classifier import is_correction
from services.schemas import Storyboard, StoryboardRequest, Verdict
from services.story.storyboard_writer import add_missing, write_storyboard


class Storyteller(ABC):
    """Writes and revises storyboards. One instance may serve many comics: keep no per-comic state."""

    name: str = "storyteller"

    @abstractmethod
    async def plan(self, request: StoryboardRequest, seed: int, memories: list[str]) -> Storyboard:
        """The first storyboard for a request."""

    @abstractmethod
    async def revise(self, request: StoryboardRequest, seed: int, memories: list[str],
                     previous: Storyboard, verdict: Verdict) -> Storyboard:
        """A better storyboard, using Brown's verdict on the previous one."""

    @abstractmethod
    async def classify_comment(self, comment: str, context: CommentContext) -> bool:
        """Does a reader's comment correct the story world?"""

    @abstractmethod
    async def condense_memories(self, comment: str, context: CommentContext) -> list[CondensedMemory]:
        """The short, self-contained facts a correcting comment teaches."""


class OfflineStoryteller(Storyteller):
    """Deterministic storytelling from the prompt's own scene plan."""

    name = "offline"

    async def plan(self, request: StoryboardRequest, seed: int, memories: list[str]) -> Storyboard:
        return write_storyboard(request.prompt, request.panels, seed, memories)

    async def revise(self, request: StoryboardRequest, seed: int, memories: list[str],
                     previous: Storyboard, verdict: Verdict) -> Storyboard:
        # Only the panels that need a missing thing change; the others keep their description (and picture).
        return add_missing(request.prompt, seed, memories, previous, verdict)

    async def classify_comment(self, comment: str, context: CommentContext) -> bool:
        return is_correction(comment)

    async def condense_memories(self, comment: str, context: CommentContext) -> list[CondensedMemory]:
        return condense(comment, context)

