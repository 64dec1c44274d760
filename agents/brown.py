"""Agent Brown, the director: checks the request, briefs Bayko, reviews every attempt.

One Brown per comic: he holds that comic's evaluator (which counts attempts)
and his memory of that session, never anything about another user.
"""

from __future__ import annotations

import asyncio
import math
from pathlib import Path
from typing import Any

from PIL import Image
from pydantic import BaseModel, Field

from services.memory import world_facts
from services.memory.agent_memory import AgentMemory
from services.memory.condenser import ask_what_is_wrong, comment_context, within_limit
from services.memory.domain_memories import DomainMemory, DomainMemoryStore, StoredMemory
from services.review.simple_evaluator import SimpleEvaluator, words_of
from services.schemas import (
    AgentMessage,
    Attempt,
    ComicSession,
    Comment,
    Decision,
    FinalOutcome,
    MessageContext,
    MessageType,
    PanelNote,
    Storyboard,
    StoryboardRequest,
    Verdict,
    new_id,
    parse_request,
)
from services.storage.exporters import write_exports
from services.storage.session_store import SessionStore
from services.story.elements import seed_for_prompt
from services.story.storyteller import Storyteller

NAME = "brown"
MISSING_WORDS_IN_FEEDBACK = 12


class AgentBrown:
    def __init__(self, data_dir: Path, store: SessionStore) -> None:
        self.data_dir = data_dir
        self.store = store
        self.evaluator = SimpleEvaluator()
        self.session: ComicSession | None = None
        self.folder: Path | None = None
        self.memory: AgentMemory | None = None

    async def open_session(self, raw_request: StoryboardRequest | dict[str, Any], domain_memories: list[str],
                           out_dir: Path | None = None) -> ComicSession:
        """Validate the request (raises InvalidRequest), then open and log the session."""
        request = parse_request(raw_request)
        if request.seed is None:
            request = request.model_copy(update={"seed": seed_for_prompt(request.prompt)})
        session_id = new_id("comic")
        self.folder = self.store.create_folder(session_id, out_dir)
        self.session = ComicSession(session_id=session_id, request=request, domain_memories=domain_memories)
        self.memory = AgentMemory(session_id, NAME, self.data_dir)
        self.memory.log("user", f"New comic request ({request.panels} panels, {request.style}, "
                                               f"seed {request.seed}): {request.prompt}")
        self.store.save(self.session, self.folder)
        return self.session

    async def brief(self) -> AgentMessage:
        """The first generation_request to Bayko."""
        session = self._session()
        note = f" Keep to the story world: {'; '.join(session.domain_memories)}." if session.domain_memories else ""
        self._log(f"Briefed Bayko: draw {session.request.panels} panels, subtitles kept apart from the art.{note}")
        return AgentMessage(sender=NAME, recipient="bayko", message_type=MessageType.GENERATION_REQUEST,
                            payload={"request": session.request.model_dump(mode="json")},
                            context=self._context(iteration=1))

    async def review(self, result: AgentMessage) -> tuple[Verdict, AgentMessage]:
        """Judge Bayko's attempt; answer with approval, rejection or a refinement request."""
        session = self._session()
        attempt = Attempt.model_validate(result.payload["attempt"])
        descriptions = [panel.description for panel in attempt.panels]
        verdict = self.evaluator.evaluate(session.request.prompt, descriptions)
        if verdict.decision is Decision.REFINE:
            verdict.panel_notes = panels_at_fault(session.request.prompt, descriptions, verdict.missing_words)
            verdict.feedback = _refinement_feedback(verdict)
        session.attempts.append(attempt.model_copy(update={"verdict": verdict}))
        storyboard = Storyboard.model_validate(result.payload["storyboard"])
        session.title, session.cast = storyboard.title, storyboard.cast
        # "Brown remembered" cites only the memories that changed this comic, and the record says where.
        session.memory_effects = world_facts.effects(session.domain_memories, storyboard.cast, storyboard.panels)
        session.domain_memories = world_facts.cited(session.domain_memories, session.memory_effects)
        for note in attempt_notices(storyboard, attempt):
            session.notices.append(note)
            self._log(f"Notice: {note}")
        self._log(f"Attempt {attempt.attempt}: {verdict.decision.value.upper()} - {verdict.reason}"
                        + (f". Feedback: {verdict.feedback}" if verdict.feedback else ""))
        self.store.save(session, self._folder())
        return verdict, self._answer(verdict, result, attempt.attempt)

    def _answer(self, verdict: Verdict, result: AgentMessage, iteration: int) -> AgentMessage:
        if verdict.decision is Decision.REFINE:
            return AgentMessage(
                sender=NAME, recipient="bayko", message_type=MessageType.REFINEMENT_REQUEST,
                payload={"request": self._session().request.model_dump(mode="json"),
                         "storyboard": result.payload["storyboard"], "verdict": verdict.model_dump(mode="json")},
                context=self._context(iteration=iteration + 1, feedback=verdict.feedback),
            )
        kind = MessageType.APPROVAL if verdict.decision is Decision.APPROVE else MessageType.REJECTION
        return AgentMessage(sender=NAME, recipient="bayko", message_type=kind,
                            payload={"verdict": verdict.model_dump(mode="json")},
                            context=self._context(iteration=iteration, feedback=verdict.reason))

    async def finish(self, final_images: list[Image.Image]) -> ComicSession:
        """Record the outcome, then write the comic's exports from the last attempt's images."""
        session, folder = self._session(), self._folder()
        last = session.attempts[-1]
        assert last.verdict is not None, "every attempt is reviewed before the comic finishes"
        session.final = FinalOutcome(decision=last.verdict.decision, attempt=last.attempt)
        self._log(f"Final: {session.final.decision.value} after {last.attempt} attempt(s).")
        self.store.save(session, folder)
        await asyncio.to_thread(write_exports, folder, session, last.panels, final_images)
        return session

    def _log(self, text: str) -> None:
        assert self.memory is not None
        self.memory.log("assistant", text)

    def _context(self, iteration: int, feedback: str | None = None) -> MessageContext:
        session = self._session()
        return MessageContext(session_id=session.session_id, iteration=iteration, previous_feedback=feedback,
                              domain_memories=session.domain_memories)

    def _session(self) -> ComicSession:
        if self.session is None:
            raise RuntimeError("Brown has no open session")
        return self.session

    def _folder(self) -> Path:
        if self.folder is None:
            raise RuntimeError("Brown has no open session")
        return self.folder


def attempt_notices(storyboard: Storyboard, attempt: Attempt) -> list[str]:
    """What fell back while this attempt was made: the storyteller's notices and each redrawn panel's."""
    panels = [f"panel {p.index + 1}: {p.notice}" for p in attempt.panels if p.changed and p.notice]
    return [*storyboard.notices, *panels]


def panels_at_fault(prompt: str, descriptions: list[str], missing: list[str]) -> list[PanelNote]:
    """The panels that show least of the prompt (at most half of them), each with the words to add."""
    wanted = set(words_of(prompt))
    coverage = [len(wanted & set(words_of(text))) for text in descriptions]
    ranked = sorted(range(len(descriptions)), key=lambda i: (coverage[i], i))
    faulty = sorted(ranked[:max(1, math.ceil(len(descriptions) / 2))])
    notes = []
    for position, index in enumerate(faulty):
        words = missing[position::len(faulty)]
        reason = ("shows none of the prompt's words" if coverage[index] == 0
                  else f"shows only {coverage[index]} of the prompt's {len(wanted)} words")
        notes.append(PanelNote(index=index, reason=reason, missing_words=words))
    return notes


def _refinement_feedback(verdict: Verdict) -> str:
    parts = []
    for note in verdict.panel_notes:
        words = ", ".join(note.missing_words[:MISSING_WORDS_IN_FEEDBACK])
        more = len(note.missing_words) - MISSING_WORDS_IN_FEEDBACK
        parts.append(f"panel {note.index + 1} {note.reason}" + (f"; add {words}" if words else "")
                     + (f" and {more} more" if more > 0 else ""))
    return "Show more of what the prompt asks for: " + "; ".join(parts) + "."


class CommentLesson(BaseModel):
    """What Brown took from one comment, and what he answers (a question when it says something is wrong
    without saying what)."""

    memories: list[StoredMemory] = Field(default_factory=list)
    reply: str = ""


async def learn_from_comment(storyteller: Storyteller, store: DomainMemoryStore, session: ComicSession,
                             comment: Comment, memory: AgentMemory) -> CommentLesson:
    """Brown reads a comment on one of his comics, in the comic's context; a correction becomes `new` memories."""
    accepted = store.relevant_texts(f"{session.request.prompt} {comment.text}")
    context = comment_context(session, comment.comment_id, accepted)
    if not await storyteller.classify_comment(comment.text, context):
        await memory.aadd_message("assistant", f"Comment {comment.comment_id} corrects nothing in the story world.")
        return CommentLesson()
    stored = [store.add(DomainMemory(issue_id=session.session_id, comment_id=comment.comment_id,
                                     memory=condensed.text, user_id=comment.user_id), incomplete=not condensed.complete)
              for condensed in within_limit(await storyteller.condense_memories(comment.text, context))]
    if not stored:
        reply = ask_what_is_wrong([member.name for member in session.cast])
        await memory.aadd_message("assistant", f"Comment {comment.comment_id} says something is wrong but not what. "
                                               f"Asked: {reply}")
        return CommentLesson(reply=reply)
    learned = "; ".join(f"{s.record.memory} ({s.record.status.value})" for s in stored)
    await memory.aadd_message("assistant", f"Learned from comment {comment.comment_id}: {learned}")
    return CommentLesson(memories=stored)
