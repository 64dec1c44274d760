"""Agent Brown, the director: checks the request, briefs Bayko, reviews every attempt.

One Brown per comic: he holds that comic's evaluator (which counts attempts)
and his memory of that session, never anything about another user.

His review has two layers. First the spec's `SimpleEvaluator`, whose decision
is turned into the studio's `Verdict` in one place (`verdict_from_spec`). Then
what an editor checks beyond the spec (`services/review/editor_checks.py`):
before the last attempt, a missing concept or a bad caption turns an approval
into a refinement naming the panel; at the last attempt he approves, says what
could not be drawn, and has Bayko put the offline storyteller's panels in place
of captions that still fail.
"""

from __future__ import annotations

import asyncio
import logging
import math
import string
from pathlib import Path
from typing import Any

from PIL import Image
from pydantic import BaseModel, Field

from services.art.cost_bounds import THINGS_PER_COMIC, THINGS_PER_PANEL
from services.follow_up import FollowUp
from services.memory import world_facts
from services.memory.agent_memory import AgentMemory
from services.memory.condenser import ask_what_is_wrong, comment_context, within_limit
from services.memory.domain_memories import DomainMemory, DomainMemoryStore, StoredMemory
from services.review.editor_checks import (
    EditorReport,
    at_comic_bound,
    merge_notes,
    nothing_read,
    review_beyond_spec,
)
from services.review.simple_evaluator import (
    SimpleEvaluator,
    as_spec_output,
    missing_prompt_words,
    prompt_match_ratio,
    spec_words,
)
from services.review.verdict_words import (
    missing_sentences,
    nothing_read_reason,
    outcome_sentence,
    panels_said,
    reason_sentence,
    refine_reason,
    said_list,
    sentence,
    stalled_reason,
)
from services.revision.applying import redraw_said
from services.schemas import (
    AgentMessage,
    Approval,
    Attempt,
    ComicSession,
    ComicVersion,
    Comment,
    Decision,
    FinalOutcome,
    GenerationRequest,
    GenerationResult,
    InvalidRequest,
    MessageContext,
    PanelNote,
    RefinementRequest,
    Rejection,
    RevisionRequest,
    ScenePlan,
    Storyboard,
    StoryboardRequest,
    SubstitutionRequest,
    Verdict,
    new_id,
    parse_request,
)
from services.storage.exporters import forget_exports
from services.storage.session_store import SessionStore
from services.story.caption_rules import caption_notes
from services.story.elements import seed_for_prompt
from services.story.language import function_words
from services.story.storyteller import Storyteller

NAME = "brown"
MISSING_WORDS_IN_FEEDBACK = 12
LEFT_OUT_NAMED = 12  # things named in the notice; the panels' records list them all
logger = logging.getLogger(__name__)


class AgentBrown:
    def __init__(self, data_dir: Path, store: SessionStore) -> None:
        self.data_dir = data_dir
        self.store = store
        self.evaluator = SimpleEvaluator()
        self.session: ComicSession | None = None
        self.folder: Path | None = None
        self.memory: AgentMemory | None = None
        self.reading: ScenePlan | None = None  # Bayko's reading of the prompt, from his first result

    async def open_session(self, raw_request: StoryboardRequest | dict[str, Any], domain_memories: list[str],
                           out_dir: Path | None = None) -> ComicSession:
        """Validate the request (raises InvalidRequest), then open and log the session."""
        request = parse_request(raw_request)
        if request.seed is None:
            request = request.model_copy(update={"seed": seed_for_prompt(request.prompt)})
        session_id = new_id("comic")
        self.folder = self.store.create_folder(session_id, out_dir)
        self.session = ComicSession(session_id=session_id, request=request, domain_memories=domain_memories)
        self.evaluator.reset()
        self.memory = AgentMemory(session_id, NAME, self.data_dir)
        logger.info("Brown: received request %s: %s", session_id, request.prompt)
        self.memory.log("user", request.prompt)  # the spec's line: the request as the user wrote it
        self._log(f"New comic request ({request.panels} panels, {request.style}, seed {request.seed}).")
        self.store.save(self.session, self.folder)
        return self.session

    async def brief(self) -> AgentMessage:
        """The first generation request to Bayko."""
        session = self._session()
        self._say("Created generation request for Bayko")  # the spec's line
        facts = " ".join(sentence(memory) for memory in session.domain_memories)  # each memory is a sentence already
        note = f" Keep to the story world: {facts}" if session.domain_memories else ""
        self._log(f"Briefed Bayko: draw {session.request.panels} panels, subtitles kept apart from the art.{note}")
        return AgentMessage.wrap(NAME, "bayko", GenerationRequest(request=session.request),
                                 self._context(iteration=1))

    async def review(self, result: AgentMessage) -> tuple[Verdict, AgentMessage]:
        """Judge Bayko's attempt; answer with approval, rejection, a refinement or a substitution request."""
        session = self._session()
        outcome = _generation_result(result)
        attempt, storyboard = outcome.attempt, outcome.storyboard
        self.reading = outcome.reading or self.reading
        logger.info("Brown reviewing Bayko's output (attempt %d)", attempt.attempt)
        spec_output = as_spec_output([panel.description for panel in attempt.panels])
        evaluation = self.evaluator.evaluate(spec_output, session.request.prompt)
        self._say(f"Evaluation: {evaluation['decision']} - {evaluation['reason']}")  # the spec's line
        verdict = verdict_from_spec(evaluation, prompt_match_ratio(spec_output, session.request.prompt))
        report = review_beyond_spec(session.request.prompt, attempt.panels, self.reading, storyboard.cast)
        if verdict.decision is not Decision.REJECT and nothing_read(session.request.prompt, self.reading, report,
                                                                    verdict.match_ratio):
            # No redraw can match a story Brown cannot read: he says so, and the comic is not approved.
            verdict = verdict.model_copy(update={"decision": Decision.REJECT, "final": True,
                                                 "reason": nothing_read_reason()})
        previous = session.attempts[-1].verdict if session.attempts else None
        stuck = no_progress(previous, verdict, report, attempt)
        last = self.evaluator.attempt_count >= self.evaluator.MAX_ATTEMPTS or stuck is not None
        if stuck is not None and verdict.decision is Decision.REFINE:
            verdict = stalled(verdict, attempt.attempt, stuck)
        verdict = beyond_spec(verdict, session.request.prompt, attempt, report, last)
        unchanged = unchanged_panels(session.attempts[-1] if session.attempts else None, attempt)
        if unchanged:  # a refinement that changed nothing is no revision: Brown says so
            self._notice(sentence(f"Bayko could not change {panels_said(unchanged)}, which Brown asked for"))
        session.attempts.append(attempt.model_copy(update={"verdict": verdict}))
        session.title, session.cast = storyboard.title, storyboard.cast
        # "Brown remembered" cites only the memories that changed this comic, and the record says where.
        session.memory_effects = world_facts.effects(session.domain_memories, storyboard.cast, storyboard.panels,
                                                     session.request.prompt)
        session.domain_memories = world_facts.cited(session.domain_memories, session.memory_effects)
        for note in [*attempt_notices(storyboard, attempt), *left_out_notices(report), *final_notices(verdict, attempt.attempt)]:
            self._notice(note)
        said = {Decision.APPROVE: "Brown approved", Decision.REJECT: "Brown rejected",
                Decision.REFINE: "Brown requesting refinement"}[verdict.decision]
        logger.info("%s: %s", said, verdict.reason)
        self._log(f"{outcome_sentence(verdict, attempt.attempt)} {reason_sentence(verdict)}"
                  + (f" I asked Bayko: {verdict.feedback}" if verdict.feedback else ""))
        self.store.save(session, self._folder())
        return verdict, self._answer(verdict, storyboard, attempt.attempt)

    async def accept_substitution(self, result: AgentMessage) -> tuple[Attempt, list[str]]:
        """Record the last attempt with the offline storyteller's panels in place; the notices say so."""
        session = self._session()
        outcome = _generation_result(result)
        last = session.attempts[-1]
        verdict = last.verdict
        assert verdict is not None, "a substitution follows a verdict"
        still = {note.index for note in caption_notes(session.request.prompt,
                                                      [p.subtitle for p in outcome.attempt.panels])}
        replaced = [i for i in verdict.replaced_panels if i not in still]
        kept = [i for i in verdict.replaced_panels if i in still]
        attempt = outcome.attempt.model_copy(update={"verdict": verdict})
        session.attempts[-1] = attempt
        notices = attempt_notices(outcome.storyboard, outcome.attempt)
        if replaced:
            notices.append(f"Brown replaced {panels_said(replaced)} with the offline storyteller's: the captions "
                           f"still failed his checks after {last.attempt} attempts.")
        if kept:
            notices.append(f"The captions of {panels_said(kept)} still fail Brown's checks; the offline "
                           f"storyteller's did too.")
        for note in notices:
            self._notice(note)
        self.store.save(session, self._folder())
        return attempt, notices

    def _answer(self, verdict: Verdict, storyboard: Storyboard, iteration: int) -> AgentMessage:
        request = self._session().request
        if verdict.decision is Decision.REFINE:
            return AgentMessage.wrap(NAME, "bayko",
                                     RefinementRequest(request=request, storyboard=storyboard, verdict=verdict,
                                                       reading=self.reading),
                                     self._context(iteration=iteration + 1, feedback=verdict.feedback))
        if verdict.replaced_panels:
            notes = [note for note in verdict.panel_notes if note.index in verdict.replaced_panels]
            return AgentMessage.wrap(NAME, "bayko",
                                     SubstitutionRequest(request=request, storyboard=storyboard, panels=notes,
                                                         reading=self.reading),
                                     self._context(iteration=iteration, feedback=verdict.feedback))
        payload = Approval(verdict=verdict) if verdict.decision is Decision.APPROVE else Rejection(verdict=verdict)
        return AgentMessage.wrap(NAME, "bayko", payload, self._context(iteration=iteration, feedback=verdict.reason))

    async def finish(self, final_images: list[Image.Image]) -> ComicSession:
        """Record the outcome; the exports are the studio's to write (all now, or each when first downloaded)."""
        session, folder = self._session(), self._folder()
        last = session.attempts[-1]
        assert last.verdict is not None, "every attempt is reviewed before the comic finishes"
        session.final = FinalOutcome(decision=last.verdict.decision, attempt=last.attempt)
        session.reading = self.reading
        session.versions = [first_version(session)]
        self._log(f"Final: {session.final.decision.value} after {last.attempt} attempt(s).")
        self.store.save(session, folder)
        self.store.record_size(session.session_id)  # the panels and manifest, for the disk budget
        return session

    # --- follow-ups: the next version of a finished comic -------------------------------------------------

    def resume(self, session: ComicSession, folder: Path) -> None:
        """Take up a finished comic again, for a follow-up turn of the same conversation."""
        if session.final is None:
            raise InvalidRequest("session: this comic is not finished yet; ask again when it is.")
        if not session.versions:  # made before comics had versions
            session.versions = [first_version(session)]
        self.session, self.folder, self.reading = session, folder, session.reading
        self.memory = AgentMemory(session.session_id, NAME, self.data_dir)

    def shown(self) -> ComicVersion:
        session = self._session()
        return next(v for v in session.versions if v.number == session.shown)

    async def ask_back(self, follow_up: FollowUp) -> None:
        """Nothing understood: the instruction and Brown's question go into the conversation; nothing changes."""
        self._session_memory().log("user", follow_up.instruction)
        self._log(f"Asked back: {follow_up.question}")

    def ask_for_version(self, follow_up: FollowUp, reading: ScenePlan) -> AgentMessage:
        """The revision request to Bayko: the version shown, the changes, the number of the next version."""
        session, version = self._session(), self.shown()
        self._session_memory().log("user", follow_up.instruction)
        shown = session.final_attempt
        assert shown is not None, "a finished comic shows an attempt"
        number = len(session.versions) + 1
        kinds = ", ".join(dict.fromkeys(change.kind.replace("_", " ") for change in follow_up.changes))
        self._log(f"Asked Bayko for version {number} ({kinds}).")
        board = Storyboard(title=session.title, setting=reading.setting, mood=reading.mood, cast=version.cast,
                           panels=shown.panels)
        order = RevisionRequest(request=session.request, storyboard=board, reading=reading, facts=version.facts,
                                follow_up=follow_up, version=number)
        iteration = max(a.attempt for a in session.attempts) + 1
        return AgentMessage.wrap(NAME, "bayko", order, self._context(iteration=iteration))

    async def review_version(self, result: AgentMessage) -> Verdict:
        """The same checks as every attempt; the version is final (the person directed it, so no loop), and the
        person's own captions are never replaced."""
        session = self._session()
        outcome = _generation_result(result)
        attempt = outcome.attempt
        spec_output = as_spec_output([panel.description for panel in attempt.panels])
        evaluation = SimpleEvaluator().evaluate(spec_output, session.request.prompt)
        self._say(f"Evaluation: {evaluation['decision']} - {evaluation['reason']}")
        verdict = verdict_from_spec(evaluation, prompt_match_ratio(spec_output, session.request.prompt))
        report = review_beyond_spec(session.request.prompt, attempt.panels, outcome.reading, outcome.storyboard.cast)
        if verdict.decision is Decision.REFINE:
            verdict = stalled(verdict, attempt.attempt, "the version is drawn as the person asked")
        verdict = beyond_spec(verdict.model_copy(update={"final": True}), session.request.prompt, attempt, report,
                              last=True)
        verdict = verdict.model_copy(update={"replaced_panels": [], "feedback": None})
        self._log(f"Version review: {reason_sentence(verdict)}")
        return verdict

    def reply(self, result: AgentMessage) -> str:
        """What Brown understood and asked of Bayko, in one line: 'Night it is: I asked Bayko to redraw all four
        panels.'"""
        outcome = _generation_result(result)
        redrawn = [p.index for p in outcome.attempt.panels if p.changed]
        asked = redraw_said(redrawn, len(outcome.attempt.panels)) if redrawn else "No picture needed drawing anew"
        if redrawn and len(outcome.done) == 1 and ":" not in outcome.done[0]:  # one change, said in one breath
            line = f"{outcome.done[0]}: {asked}."
        else:  # several changes, or one that names its panel ('Panel 2: Pepper laughs'): a sentence each
            line = " ".join(sentence(done) for done in [*outcome.done, asked])
        self._log(f"Reply: {line}")
        return line

    async def finish_version(self, result: AgentMessage, verdict: Verdict, images: list[Image.Image],
                             instruction: str, reply: str) -> ComicSession:
        """Keep the new version and show it (the old version's exports are dropped); a follow-up that raced another
        is refused."""
        session, folder = self._session(), self._folder()
        outcome = _generation_result(result)
        known = len(session.versions)
        request = outcome.request or session.request  # a follow-up may change the style, layout or panel count
        version = ComicVersion(number=known + 1, attempt=outcome.attempt.attempt, instruction=instruction, reply=reply,
                               changed=[p.index for p in outcome.attempt.panels if p.changed], style=request.style,
                               layout=request.layout, cast=outcome.storyboard.cast, facts=outcome.facts)
        attempt = outcome.attempt.model_copy(update={"verdict": verdict})
        session.attempts.append(attempt)
        session.versions.append(version)
        session.reading = outcome.reading or session.reading
        self.session = session = showing(session, version, attempt)
        self._log(f"Version {version.number}: {verdict.decision.value} ({reply})")
        self.store.save(session, folder, expect_versions=known)
        await asyncio.to_thread(forget_exports, folder)  # they showed the old version; written again when asked for
        self.store.record_size(session.session_id)  # the new version's panels, for the disk budget
        return session

    def note(self, text: str) -> None:
        """A line of Brown's own in his memory of the comic (what he read in a follow-up, say)."""
        self._log(text)

    def _session_memory(self) -> AgentMemory:
        assert self.memory is not None
        return self.memory

    def _say(self, text: str) -> None:
        """One line to the console (logging) and to Brown's memory."""
        logger.info("Brown: %s", text)
        self._log(text)

    def _notice(self, note: str) -> None:
        session = self._session()
        if note not in session.notices:
            session.notices.append(note)
            self._log(f"Notice: {note}")

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


def first_version(session: ComicSession) -> ComicVersion:
    """Version 1: what the loop made."""
    assert session.final is not None, "a comic has a first version once it is finished"
    return ComicVersion(number=1, attempt=session.final.attempt, style=session.request.style,
                        layout=session.request.layout, cast=session.cast, created_at=session.created_at)


def showing(session: ComicSession, version: ComicVersion, attempt: Attempt) -> ComicSession:
    """The record with `version` shown: its outcome, style, layout, panel count and cast (the page and the
    exports read these)."""
    assert attempt.verdict is not None, "every version was reviewed"
    request = session.request.model_copy(update={"style": version.style, "layout": version.layout,
                                                 "panels": len(attempt.panels)})
    return session.model_copy(update={"shown": version.number, "request": request, "cast": version.cast,
                                      "final": FinalOutcome(decision=attempt.verdict.decision,
                                                            attempt=attempt.attempt)})


def _generation_result(message: AgentMessage) -> GenerationResult:
    if not isinstance(message.payload, GenerationResult):
        raise TypeError(f"Brown reviews a generation result, not a {message.payload.message_type.value}")
    return message.payload


def verdict_from_spec(evaluation: dict, match_ratio: float) -> Verdict:
    """The one place where the spec's `{"decision", "reason", "final"}` becomes the studio's `Verdict`."""
    decision = Decision(evaluation["decision"])
    return Verdict(decision=decision, reason=str(evaluation["reason"]), final=bool(evaluation["final"]),
                   match_ratio=match_ratio, spec_decision=decision)


def beyond_spec(verdict: Verdict, prompt: str, attempt: Attempt, report: EditorReport, last: bool) -> Verdict:
    """Brown's editor on top of the spec's verdict; a rejection stays a rejection.

    Before the last attempt an approval with problems becomes a refinement; a refinement
    carries the problems too. At the last attempt the approval stands, and failing captions
    are marked for the offline storyteller's panels.
    """
    descriptions = [panel.description for panel in attempt.panels]
    verdict = verdict.model_copy(update={"concepts_found": report.concepts_found,
                                         "concepts_missing": report.concepts_missing,
                                         "events_found": report.events.found, "events_missing": report.events.missing})
    if verdict.decision is Decision.REJECT:
        return verdict
    if verdict.decision is Decision.REFINE:
        missing = missing_prompt_words(as_spec_output(descriptions), prompt)
        # at the cost bound a word's thing could only replace one drawn (and the events it is in): not asked
        at_fault = [] if at_comic_bound(attempt.panels) else panels_at_fault(prompt, descriptions, missing)
        notes = merge_notes([*at_fault, *report.notes])
        verdict = verdict.model_copy(update={"missing_words": missing, "panel_notes": notes})
        return verdict.model_copy(update={"feedback": refinement_feedback(verdict)})
    if not last and not report.clean:
        verdict = verdict.model_copy(update={
            "decision": Decision.REFINE, "final": False, "panel_notes": report.notes,
            "reason": refine_reason(report.notes)})
        return verdict.model_copy(update={"feedback": refinement_feedback(verdict)})
    if last and report.caption_notes:
        return verdict.model_copy(update={"panel_notes": report.caption_notes,
                                          "replaced_panels": [note.index for note in report.caption_notes]})
    return verdict


def unchanged_panels(previous: Attempt | None, attempt: Attempt) -> list[int]:
    """The panels Brown asked to change that came back exactly as they were."""
    asked = previous.verdict.panel_notes if previous is not None and previous.verdict is not None else []
    return sorted({n.index for n in asked if n.index < len(attempt.panels) and not attempt.panels[n.index].changed})


def no_progress(previous: Verdict | None, verdict: Verdict, report: EditorReport, attempt: Attempt) -> str | None:
    """Why another attempt would be no better, or None: no panel changed, or the comic is at its cost bound
    (things left out) and a revision could only swap what is drawn: the first attempt already shows every event
    and nothing is missing but what the bound leaves out, or the revision showed no more of the prompt (its
    words, things and events) than before, or showed less of it in one of them."""
    bounded = at_comic_bound(attempt.panels) or any(p.not_drawn for p in attempt.panels)
    if previous is None:
        if bounded and report.clean:
            return ("the prompt names more than one comic can draw, and every event and all the things it can "
                    "hold are drawn, so a revision could only swap them")
        return None
    if not any(p.changed for p in attempt.panels):
        return "Bayko could change nothing more of what Brown asked, so another attempt would be this one again"
    if bounded and not _better(previous, verdict, report):
        return "the comic is at its cost bound and the revision showed no more of the prompt, so another would not"
    return None


def _better(previous: Verdict, verdict: Verdict, report: EditorReport) -> bool:
    """The revision shows more of the prompt in one way (words, things, events) and less in none."""
    before = (previous.match_ratio, -len(previous.concepts_missing), -len(previous.events_missing))
    now = (verdict.match_ratio, -len(report.concepts_missing), -len(report.events.missing))
    return now != before and all(n >= b for n, b in zip(now, before))


def stalled(verdict: Verdict, attempt: int, why: str) -> Verdict:
    """A refinement Bayko could not act on ends the loop: approved as it stands, and Brown says why."""
    return verdict.model_copy(update={"decision": Decision.APPROVE, "final": True, "feedback": None,
                                      "panel_notes": [], "reason": stalled_reason(attempt, why)})


def final_notices(verdict: Verdict, attempt: int = SimpleEvaluator.MAX_ATTEMPTS) -> list[str]:
    """What the page says about a final approval that could not show everything asked for."""
    if not (verdict.final and verdict.decision is Decision.APPROVE):
        return []
    if not (verdict.events_missing or verdict.concepts_missing):
        return []
    if verdict.events_missing:  # the headline's words, so the page says it one way
        return [outcome_sentence(verdict, attempt), *missing_sentences(verdict)[1:]]
    return missing_sentences(verdict)


def left_out_notices(report: EditorReport) -> list[str]:
    """What the cost bound kept out of the pictures, said once (each panel's `not_drawn` lists all of it)."""
    left = report.concepts_left_out
    if not left:
        return []
    more = len(left) - LEFT_OUT_NAMED
    named = said_list([*left[:LEFT_OUT_NAMED], f"{more} other thing{'s' if more != 1 else ''}"] if more > 0
                      else left)
    return [f"Not drawn: {named}, as a comic shows at most {THINGS_PER_PANEL} things a panel and "
            f"{THINGS_PER_COMIC} in all."]


def attempt_notices(storyboard: Storyboard, attempt: Attempt) -> list[str]:
    """What fell back while this attempt was made: the storyteller's notices and each redrawn panel's."""
    panels = [f"Panel {p.index + 1}: {p.notice}" for p in attempt.panels if p.changed and p.notice]
    return [sentence(notice) for notice in [*storyboard.notices, *panels]]  # each a sentence, whoever wrote it


PUNCTUATION = string.punctuation + "“”‘’«»„…¿¡"


def panels_at_fault(prompt: str, descriptions: list[str], missing: list[str]) -> list[PanelNote]:
    """The panels that show least of the prompt (at most half of them), each with the words to add."""
    if not descriptions:
        return []
    wanted = spec_words(prompt)
    coverage = [len(wanted & spec_words(text)) for text in descriptions]
    ranked = sorted(range(len(descriptions)), key=lambda i: (coverage[i], i))
    faulty = sorted(ranked[:max(1, math.ceil(len(descriptions) / 2))])
    notes = []
    content = list(dict.fromkeys(w for w in (word.strip(PUNCTUATION) for word in missing) if w and not small_word(w)))
    for position, index in enumerate(faulty):
        words = content[position::len(faulty)]  # "add keks, teilen", not "add um, keks,, sie"
        reason = ("shows none of the prompt's words" if coverage[index] == 0
                  else f"shows only {coverage[index]} of the prompt's {len(wanted)} words")
        notes.append(PanelNote(index=index, reason=reason, missing_words=words))
    return notes


def small_word(word: str) -> bool:
    """An article, preposition, pronoun or connective of any of the four languages: nothing to draw."""
    return any(word.lower() in function_words(lang) for lang in ("en", "fr", "de", "es"))


def refinement_feedback(verdict: Verdict) -> str:
    """What Bayko reads: each panel to change, why, and what to add."""
    parts = []
    for note in verdict.panel_notes:
        words = ", ".join(note.missing_words[:MISSING_WORDS_IN_FEEDBACK])
        more = len(note.missing_words) - MISSING_WORDS_IN_FEEDBACK
        parts.append(f"panel {note.index + 1} {note.reason}" + (f"; add {words}" if words else "")
                     + (f" and {more} more" if more > 0 else ""))
    return "Please change: " + "; ".join(parts) + "." if parts else "Show more of what the prompt asks for."


class CommentLesson(BaseModel):
    """What Brown took from one comment, and what he answers (a question when it says something is wrong
    without saying what)."""

    memories: list[StoredMemory] = Field(default_factory=list)
    reply: str = ""


async def learn_from_comment(storyteller: Storyteller, store: DomainMemoryStore, session: ComicSession,
                             comment: Comment, memory: AgentMemory, memory_cap: int | None = None) -> CommentLesson:
    """Brown reads a comment on one of his comics, in the comic's context; a correction becomes `new` memories,
    at most `memory_cap` from one comic (when given), so one comic's spam cannot flood the curator."""
    accepted = store.relevant_texts(f"{session.request.prompt} {comment.text}")
    context = comment_context(session, comment.comment_id, accepted)
    history = await memory.acontext(accepted)  # his conversation on this comic (this comment last) and the facts
    if not await storyteller.classify_comment(comment.text, context, history=history):
        await memory.aadd_message("assistant", f"Comment {comment.comment_id} corrects nothing in the story world.")
        return CommentLesson()
    condensed_memories = await storyteller.condense_memories(comment.text, context, history=history)
    outcomes = [store.add(DomainMemory(issue_id=session.session_id, comment_id=comment.comment_id,
                                       memory=condensed.text, user_id=comment.user_id),
                          incomplete=not condensed.complete, cap=memory_cap)
                for condensed in within_limit(condensed_memories)]
    stored = [outcome for outcome in outcomes if outcome is not None]
    capped = len(stored) < len(outcomes)
    reply = (f"Thanks, noted: this comic has already taught me {memory_cap} memories, so no more memories are "
             "taken from this comic." if capped else "")
    if capped:
        await memory.aadd_message("assistant", f"Comment {comment.comment_id}: {reply}")
    if not stored and not capped:
        reply = ask_what_is_wrong([member.name for member in session.cast])
        await memory.aadd_message("assistant", f"Comment {comment.comment_id} says something is wrong but not what. "
                                               f"Asked: {reply}")
        return CommentLesson(reply=reply)
    if stored:
        learned = "; ".join(f"{s.record.memory} ({s.record.status.value})" for s in stored)
        await memory.aadd_message("assistant", f"Learned from comment {comment.comment_id}: {learned}")
    return CommentLesson(memories=stored, reply=reply)
