"""The storyteller backed by a real LLM, falling back to the offline one on any failure.

Every task of the storyteller interface (plan, revise, classify a comment,
condense memories) asks the model for JSON in a bounded schema: strings have a
maximum length and the panel list has exactly the requested number of items,
so a constrained decoder cannot loop or miscount. The model writes the title and
the captions for the scene plan's cast; the pictures (each panel's scene and the
description written from it) come from the same plan as offline, so every named
thing is drawn and the renderer always has a scene. The same content rules as
offline apply afterwards: panels that are empty, identical or incoherent are
re-asked once; dialogue in a picture is never rewritten silently (Bayko takes it
out and says so, or Brown rejects it). When the model is unreachable, slow, or answers
nonsense, the offline storyteller does that task and the storyboard carries a
notice saying so.

Every call reads the agent's conversation so far (`history`, from
`AgentMemory.acontext`), whose system message carries the accepted story-world
facts in a LlamaIndex memory block: the prompts no longer repeat them. Called
without a history, the storyteller renders the same block from `memories` (or
the comment's accepted facts) itself, so the facts always reach the model the
same way.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from services.memory.condenser import MAX_MEMORY_TOKENS, CommentContext, CondensedMemory, count_tokens
from services.schemas import CastMember, Panel, ScenePlan, Storyboard, StoryboardRequest, Verdict
from services.story.llm_client import LLMSettings, LLMUnavailable, StructuredLLM, fill
from services.story.model_story import cast_brief, storyboard_from_story
from services.story.storyboard_writer import add_missing
from services.story.storyteller import FollowUpDraft, OfflineStoryteller, Storyteller
from services.vocabulary.actions import action_names

if TYPE_CHECKING:
    from llama_index.core.base.llms.types import ChatMessage

logger = logging.getLogger(__name__)
FALLBACK_NOTICE = "LLM unavailable: {reason} — used the offline storyteller"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PanelDraft(_Strict):
    description: str = Field(min_length=1, max_length=400)
    subtitle: str = Field(min_length=1, max_length=160)


def event_draft() -> type[BaseModel]:
    """One event: the action is an enum of the vocabulary's actions."""
    return create_model("EventDraft", __base__=_Strict,
                        actor=(str, Field(min_length=1, max_length=40)),
                        action=(Literal[action_names()], ...),
                        object=(str | None, Field(None, max_length=40)),
                        recipient=(str | None, Field(None, max_length=40)))


class BeatDraft(_Strict):
    events: list[Annotated[int, Field(ge=0, le=7)]] = Field(max_length=3)
    step: Literal["before", "during", "after"]
    caption: str = Field(min_length=1, max_length=160)


class CommentJudgement(_Strict):
    is_correction: bool
    reason: str = Field(max_length=200)


class MemoryDrafts(_Strict):
    memories: list[Annotated[str, Field(min_length=1, max_length=160)]] = Field(max_length=5)


def storyboard_schema(panels: int) -> type[BaseModel]:
    """A revision's storyboard with exactly `panels` panels: the count is in the schema, not only in the prompt."""
    return create_model(
        f"Storyboard{panels}Panels", __base__=_Strict,
        title=(str, Field(min_length=1, max_length=80)),
        panels=(list[PanelDraft], Field(min_length=panels, max_length=panels)),
    )


def story_schema(panels: int) -> type[BaseModel]:
    """The events and exactly `panels` beats of a first plan."""
    event = event_draft()
    return create_model(
        f"Story{panels}Panels", __base__=_Strict,
        title=(str, Field(min_length=1, max_length=80)),
        events=(list[event], Field(min_length=1, max_length=8)),  # type: ignore[valid-type]
        panels=(list[BeatDraft], Field(min_length=panels, max_length=panels)),
    )


class LLMStoryteller(Storyteller):
    name = "llm"

    def __init__(self, settings: LLMSettings, fallback: Storyteller | None = None,
                 incoherence: Callable[[Sequence[str]], str | None] | None = None) -> None:
        """`incoherence` is the reviewer's rule for panels that are not a story (the spec's rule 2, given by
        `services.backends`): a revision breaking it is re-asked once. Without it Brown still catches them."""
        self.client = StructuredLLM(settings)
        self.fallback = fallback or OfflineStoryteller()
        self.incoherence = incoherence or (lambda descriptions: None)

    async def plan(self, request: StoryboardRequest, seed: int, memories: list[str],
                   reading: ScenePlan | None = None, *, history: list[ChatMessage] | None = None) -> Storyboard:
        reading = reading or self.read(request, seed, memories)
        prompt = fill("plan", panels=request.panels, prompt=request.prompt, cast=cast_brief(reading))
        try:
            context = await _context(history, memories)
            return storyboard_from_story(await self._story(prompt, request.panels, context), request, seed, reading)
        except LLMUnavailable as error:
            return _with_notice(await self.fallback.plan(request, seed, memories, reading), error)

    async def revise(self, request: StoryboardRequest, seed: int, memories: list[str],
                     previous: Storyboard, verdict: Verdict, reading: ScenePlan | None = None, *,
                     history: list[ChatMessage] | None = None) -> Storyboard:
        current = {"title": previous.title, "panels": [{"panel": p.index + 1, "description": p.description,
                                                        "subtitle": p.subtitle} for p in previous.panels]}
        prompt = fill("revise", panels=request.panels, feedback=verdict.feedback or verdict.reason,
                      storyboard=json.dumps(current, ensure_ascii=False), prompt=request.prompt)
        prompt += "\n\n" + cast_brief(reading or self.read(request, seed, memories))
        try:
            revised = await self._storyboard(prompt, request.panels, await _context(history, memories))
        except LLMUnavailable as error:
            return _with_notice(await self.fallback.revise(request, seed, memories, previous, verdict, reading), error)
        # The pictures are mended from the plan (a missing thing added where Brown says); the model rewrites
        # the captions of the panels Brown named, and the others stay exactly as they were.
        mended = add_missing(request.prompt, seed, memories, previous, verdict, reading)
        named = {note.index for note in verdict.panel_notes} or {p.index for p in previous.panels}
        panels = [p.model_copy(update={"subtitle": revised.panels[p.index].subtitle}) if p.index in named else p
                  for p in mended.panels]
        return mended.model_copy(update={"panels": panels, "notices": revised.notices})

    async def rephrase_follow_up(self, instruction: str, comic: str, *,
                                 history: list[ChatMessage] | None = None) -> FollowUpDraft | None:
        prompt = fill("follow_up", comic=comic, instruction=instruction)
        try:
            return await self.client.ask(prompt, FollowUpDraft, history=await _context(history, []), agent="brown")
        except LLMUnavailable as error:
            logger.warning(FALLBACK_NOTICE.format(reason=error))
            return None

    async def classify_comment(self, comment: str, context: CommentContext, *,
                               history: list[ChatMessage] | None = None) -> bool:
        prompt = fill("classify", prompt=context.prompt, cast=_cast(context.cast), comment=comment)
        try:
            return (await self.client.ask(prompt, CommentJudgement, await _context(history, context.accepted),
                                          agent="brown")).is_correction
        except LLMUnavailable as error:
            logger.warning(FALLBACK_NOTICE.format(reason=error))
            return await self.fallback.classify_comment(comment, context)

    async def condense_memories(self, comment: str, context: CommentContext, *,
                                history: list[ChatMessage] | None = None) -> list[CondensedMemory]:
        conversation = context.conversation()  # its accepted facts come in the story-world block
        prompt = fill("condense", prompt=context.prompt, cast=_cast(context.cast), comment=comment,
                      captions=conversation["captions"], thread=conversation["thread"])
        try:
            drafts = (await self.client.ask(prompt, MemoryDrafts, await _context(history, context.accepted),
                                            agent="brown")).memories
        except LLMUnavailable as error:
            logger.warning(FALLBACK_NOTICE.format(reason=error))
            return await self.fallback.condense_memories(comment, context)
        texts = [" ".join(text.split()) for text in drafts if text.strip()]
        return [CondensedMemory(text=text, complete=count_tokens(text) <= MAX_MEMORY_TOKENS) for text in texts]

    async def _story(self, prompt: str, panels: int, history: list[ChatMessage]) -> dict:
        """Ask for the events and beats; re-ask once when its captions repeat (panels that are not a story)."""
        problem = ""
        for _ in range(2):
            story = (await self.client.ask(prompt + problem, story_schema(panels), history)).model_dump()
            captions = [p["caption"].strip().lower() for p in story["panels"]]
            if len(set(captions)) == len(captions):
                return story
            problem = ("\n\nYour last answer broke a rule: every panel must have its own caption and show another "
                       "moment of the same story. Answer again.")
        raise LLMUnavailable("the storyboard broke the content rules twice")

    async def _storyboard(self, prompt: str, panels: int, history: list[ChatMessage]) -> Storyboard:
        """Ask; re-ask once when the panels do not make a story (empty, identical, incoherent)."""
        schema = storyboard_schema(panels)
        problem = ""
        for _ in range(2):
            draft = await self.client.ask(prompt + problem, schema, history)
            board = _to_storyboard(draft)
            descriptions = [p.description for p in board.panels]
            if self.incoherence(descriptions) is None:
                return board
            problem = ("\n\nYour last answer broke a rule: every panel must show a different picture of the "
                       "same story. Answer again.")
        raise LLMUnavailable("the storyboard broke the content rules twice")


def _to_storyboard(draft: BaseModel) -> Storyboard:
    data = draft.model_dump()
    panels = [Panel(index=i, description=p["description"].strip(), subtitle=p["subtitle"].strip())
              for i, p in enumerate(data["panels"])]
    return Storyboard(title=data["title"].strip(), setting="", mood="", cast=[], panels=panels)


def _with_notice(board: Storyboard, error: LLMUnavailable) -> Storyboard:
    notice = FALLBACK_NOTICE.format(reason=error)
    logger.warning(notice)
    return board.model_copy(update={"notices": [*board.notices, notice]})


async def _context(history: list[ChatMessage] | None, story_world: list[str]) -> list[ChatMessage]:
    """The agent's context as given, or, without one, the story world alone in the same memory block."""
    if history is not None:
        return history
    from services.memory.agent_memory import story_world_context  # imported on use, like the client

    return await story_world_context(story_world)


def _cast(cast: list[CastMember]) -> str:
    return "\n".join(f"- {member.name} ({member.kind})" for member in cast) or "(unknown)"
