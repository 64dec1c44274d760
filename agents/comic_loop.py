"""The loop between Brown and Bayko: brief, draw, review, at most three attempts.

It exists once. The CLI prints its events, the UI streams them and the session
record stores them; every event is yielded in the order it happens.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents.bayko import AgentBayko
from agents.brown import AgentBrown, attempt_notices
from services.art.panel_renderer import PanelRenderer
from services.memory import world_facts
from services.memory.domain_memories import DomainMemoryStore
from services.schemas import (
    AgentMessage,
    AttemptDrawn,
    ComicFinished,
    GenerationResult,
    LoopEvent,
    ScenePlan,
    SessionStarted,
    StoryboardRequest,
    SubstitutionRequest,
    VerdictGiven,
    parse_request,
)
from services.storage.session_store import SessionStore
from services.story.elements import names_capitalised, seed_for_prompt
from services.story.storyteller import Storyteller


@dataclass(frozen=True)
class Workshop:
    """What every comic shares: where data lives, the stores and the backends.

    The `Studio` is a workshop with the front door's actions on top; it is declared here, not
    there, so that the loop needs no import of the studio (which imports the loop)."""

    data_dir: Path
    storyteller: Storyteller
    renderer: PanelRenderer
    sessions: SessionStore
    memories: DomainMemoryStore
    strict_review: bool = False  # True: Bayko leaves dialogue words in, and Brown rejects them as the spec says


async def make_comic(studio: Workshop, raw_request: StoryboardRequest | dict[str, Any],
                     out_dir: Path | None = None) -> AsyncIterator[LoopEvent]:
    """Run one comic from request to final verdict, yielding each step.

    Raises `InvalidRequest` before anything is written when the request is bad.
    """
    request = parse_request(raw_request)
    if request.seed is None:
        request = request.model_copy(update={"seed": seed_for_prompt(request.prompt)})
    request = request.model_copy(update={"prompt": names_capitalised(request.prompt)})  # "pablo juega…": Pablo
    brown = AgentBrown(studio.data_dir, studio.sessions)
    memories, reading = story_world(studio, request)
    session = await brown.open_session(request, memories, out_dir)
    folder, brown_memory = brown.folder, brown.memory
    assert folder is not None and brown_memory is not None, "an open session has a folder and a memory"
    yield SessionStarted(session_id=session.session_id, request=session.request, domain_memories=memories)
    bayko = AgentBayko(session.session_id, folder, studio.data_dir, studio.storyteller, studio.renderer,
                       tidies_descriptions=not studio.strict_review, reading=None if memories else reading)
    message = await brown.brief()
    while True:
        result = await bayko.process_generation_request(message)
        drawn = _result_of(result)
        yield AttemptDrawn(session_id=session.session_id, attempt=drawn.attempt,
                           notices=attempt_notices(drawn.storyboard, drawn.attempt))
        verdict, message = await brown.review(result)
        yield VerdictGiven(session_id=session.session_id, attempt=drawn.attempt.attempt, verdict=verdict)
        if verdict.final:
            break
    if isinstance(message.payload, SubstitutionRequest):
        # The last attempt's captions still failed Brown's checks: the offline storyteller's panels replace them.
        result = await bayko.process_substitution_request(message)
        replaced, notices = await brown.accept_substitution(result)
        yield AttemptDrawn(session_id=session.session_id, attempt=replaced, notices=notices)
    finished = await brown.finish(bayko.images_of(session.attempts[-1].attempt))
    # Both agents wrote their memories in the background while they worked: all stored before "done".
    await asyncio.gather(brown_memory.flush(), bayko.memory.flush())
    yield ComicFinished(session=finished, session_dir=str(folder))


def story_world(studio: Workshop, request: StoryboardRequest) -> tuple[list[str], ScenePlan]:
    """The accepted memories that apply to this comic: about what the prompt names, or about a character the
    comic's seed names ("Miso is orange" reaches the cat the seed calls Miso, though the prompt says "a cat");
    and the reading without memories that found those names."""
    reading = studio.storyteller.read(request, request.seed or 0, [])
    names = [member.name for member in reading.cast]
    found = studio.memories.relevant_texts(" ".join([request.prompt, *names]))
    return world_facts.applicable(found, request.prompt, names), reading


def _result_of(message: AgentMessage) -> GenerationResult:
    if not isinstance(message.payload, GenerationResult):
        raise TypeError(f"Bayko answers with a generation result, not a {message.payload.message_type.value}")
    return message.payload
