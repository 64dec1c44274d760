"""Brown's review said in sentences a person would write, built from the structured verdict.

The review keeps its structure for Bayko (panel notes whose reasons he reads, the spec's
reasons in `Verdict.reason` for the API); everything the studio shows a person goes through
here, so no joined list of fragments ("add panel, says, dog") or internal word reaches the page.
The phrases are data (`assets/verdict_words.json`). Brown speaks English, whatever the
captions' language. Pure functions: they return text; the views escape it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from services.config import asset_data
from services.review.event_checks import OUT_OF_ORDER, approved_short
from services.review.simple_evaluator import (
    REASON_APPROVED,
    REASON_DIALOGUE,
    REASON_INCOHERENT,
    REASON_NEEDS_WORK,
    SimpleEvaluator,
    reason_max_attempts,
)
from services.schemas import Decision, PanelNote, Verdict

MAX_ATTEMPTS = SimpleEvaluator.MAX_ATTEMPTS
WORDS_NAMED = 6  # words a panel note names; the rest are counted
_ENDS = ".!?…"
FINAL_WORDS = {Decision.APPROVE: "Approved", Decision.REJECT: "Rejected", Decision.REFINE: "Left for refinement"}


@cache
def _data() -> dict:
    return asset_data("verdict_words.json")


@cache
def _clauses() -> list[tuple[re.Pattern[str], str]]:
    return [(re.compile(pattern), said) for pattern, said in _data()["clauses"]]


def _spec(key: str) -> str:
    return str(_data()["spec_reasons"][key])


def sentence(text: str) -> str:
    """One sentence: spaces tidied, a capital first, exactly one closing mark ('not grey..' never happens)."""
    text = " ".join(str(text).split()).rstrip(" ,;:")
    text = re.sub(r"\.{2,}$", ".", text)
    if not text:
        return ""
    text = text[:1].upper() + text[1:]
    closed = text[-1] in _ENDS or (text[-1] in "”»)\"" and text[-2:-1] in _ENDS)
    return text if closed else text + "."


def said_list(items: Sequence[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c' (with `last` as the final joining word)."""
    items = [str(item) for item in items if str(item).strip()]
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def panels_said(indexes: Sequence[int]) -> str:
    """'panel 2', 'panels 1 and 3' from 0-based indexes."""
    numbers = [str(i + 1) for i in sorted(set(indexes))]
    return f"panel{'s' if len(numbers) != 1 else ''} {said_list(numbers)}"


def clause_said(clause: str) -> str:
    """One clause of a panel note for a person: the first rule of `assets/verdict_words.json` it matches."""
    clause = clause.strip()
    for pattern, said in _clauses():
        match = pattern.match(clause)
        if match:
            return said.format(**match.groupdict())
    return clause


def _note_clauses(reason: str) -> list[str]:
    """The clauses `merge_notes` and `caption_notes` joined with '; ' (a quoted phrase keeps its own ';')."""
    parts: list[str] = []
    for part in reason.split("; "):
        if parts and parts[-1].count('"') % 2:  # inside a quotation: not a clause break
            parts[-1] += "; " + part
        else:
            parts.append(part)
    return [part for part in parts if part.strip()]


def panel_sentence(note: PanelNote, words_named: int = WORDS_NAMED) -> str:
    """'Panel 2 should show that the dog catches the pizza; it doesn't yet.' and, for words the panel lacks,
    'It should also show kite and beach.'"""
    number = note.index + 1
    clauses = [clause_said(clause) for clause in _note_clauses(note.reason)]
    sentences = []
    for position, clause in enumerate(clauses):
        if position == 0:
            sentences.append(sentence(f"Panel {number} {clause}" if not clause.startswith("its ")
                                      else f"In panel {number}, {clause}"))
        else:
            sentences.append(sentence(clause if clause.startswith("its ") else f"It also {clause}"))
    said = " ".join(clauses).lower()
    words = [w for w in dict.fromkeys(note.missing_words) if w.strip() and w.lower() not in said]
    if words:
        # quoted: they are the story's own words, in its language, not Brown's
        named, more = [f"“{w}”" for w in words[:words_named]], len(words) - words_named
        listed = said_list([*named, f"{more} other word{'s' if more != 1 else ''} from the story"] if more > 0
                           else named)
        verb = "It should show" if sentences else f"Panel {number} should show"
        sentences.append(sentence(f"{verb} {listed}"))
    return " ".join(sentences) or sentence(f"Panel {number} needs another try")


def events_missing_said(events: Sequence[str]) -> str:
    """'that the dog catches the pizza, or that the cat sleeps in the right order'."""
    said = [f"that {e.removesuffix(OUT_OF_ORDER)} in the right order" if e.endswith(OUT_OF_ORDER) else f"that {e}"
            for e in events]
    return said_list(said, "or")


def missing_sentences(verdict: Verdict) -> list[str]:
    """What an approval still lacks, one sentence each: events, then things."""
    out = []
    if verdict.events_missing:
        out.append(sentence(f"It doesn't yet show {events_missing_said(verdict.events_missing)}"))
    if verdict.concepts_missing:
        out.append(sentence(f"The pictures have no {said_list(verdict.concepts_missing, 'or')}"))
    return out


def _percent(ratio: float) -> str:
    return f"{max(0.0, min(1.0, ratio)):.0%}"


def reject_core(verdict: Verdict) -> str:
    """Why a rejection, as the end of 'Rejected: …' (no capital, no stop)."""
    if verdict.reason == REASON_DIALOGUE:
        return _spec("dialogue")
    if verdict.reason == REASON_INCOHERENT:
        return _spec("incoherent")
    return sentence(verdict.reason).rstrip(".")


def reason_sentence(verdict: Verdict) -> str:
    """Brown's one line on an attempt (the card's reason): the spec's reasons said for a person, Brown's own as
    he wrote them, and for an approval what it still lacks."""
    reason = verdict.reason
    if verdict.decision is Decision.REJECT:
        return sentence(reject_core(verdict))
    missing = missing_sentences(verdict) if verdict.decision is Decision.APPROVE else []
    if reason == REASON_NEEDS_WORK:
        key = "needs_work_none" if verdict.match_ratio <= 0 else "needs_work_some"
        return _spec(key).format(percent=_percent(verdict.match_ratio))
    if reason == REASON_APPROVED:
        if missing:
            head = _spec("enough_words").format(percent=_percent(verdict.match_ratio))
        elif verdict.events_found:
            head = _spec("all_drawn_in_order")
        elif verdict.concepts_found:
            head = _spec("all_drawn")
        else:
            head = _spec("enough_words").format(percent=_percent(verdict.match_ratio))
        return " ".join([head, *missing])
    if reason == reason_max_attempts(MAX_ATTEMPTS):
        return " ".join([_spec("last_attempt").format(max=MAX_ATTEMPTS), *missing])
    return " ".join([sentence(reason), *missing])


def outcome_sentence(verdict: Verdict, attempt: int) -> str:
    """The headline once Brown has decided: 'Approved on attempt 1 of 3.', 'Approved at the attempt limit — still
    missing: the dog catches the pizza.', 'Rejected on attempt 1 of 3: …'."""
    where = f"on attempt {attempt} of {MAX_ATTEMPTS}"
    if verdict.decision is Decision.REJECT:
        return sentence(f"Rejected {where}: {reject_core(verdict)}")
    if verdict.decision is Decision.REFINE:
        return sentence(f"Sent back for another try {where}")
    if verdict.events_missing:
        return sentence(f"{approved_short(attempt)} — still missing: {'; '.join(verdict.events_missing)}")
    if verdict.concepts_missing:
        return sentence(f"Approved {where}, though the pictures have no {said_list(verdict.concepts_missing, 'or')}")
    return sentence(f"Approved {where}")


def refine_reason(notes: Sequence[PanelNote]) -> str:
    """Why an attempt the spec would approve goes back to Bayko: which panels still need work."""
    indexes = [note.index for note in notes]
    verb = "needs" if len(set(indexes)) == 1 else "need"
    return sentence(f"Nearly there, but {panels_said(indexes)} still {verb} work before Brown approves")


def stalled_reason(attempt: int, why: str) -> str:
    """An approval because another attempt would be no better."""
    return sentence(f"Approved at attempt {attempt}: {why}")


def nothing_read_reason() -> str:
    """A story in which Brown found nothing to draw (gibberish, a lone unknown word)."""
    return str(_data()["nothing_read"])


def redraw_sentence(attempt: int, count: int, changed: Sequence[int]) -> str:
    """Bayko's line on an attempt: 'Here is attempt 2 of 3: I redrew panels 1 and 3 and kept the rest.'"""
    head = f"Here is attempt {attempt} of {MAX_ATTEMPTS}"
    if attempt == 1 or len(changed) == count:
        return sentence(f"{head}: {count} panel{'s' if count != 1 else ''}")
    if not changed:
        return sentence(f"{head}: I could not change any panel, so it is the same as the one before")
    numbers = said_list([str(n) for n in sorted(changed)])
    return sentence(f"{head}: I redrew panel{'s' if len(changed) != 1 else ''} {numbers} and kept the rest")


def final_note_sentence(decision: Decision | None, attempt: int, verdict: Verdict | None = None) -> str:
    """The line under a finished comic's title."""
    if decision is None:
        return "Unfinished: Brown never gave a final verdict."
    where = f"on attempt {attempt} of {MAX_ATTEMPTS}"
    if decision is Decision.REJECT and verdict is not None:
        said = sentence(f"Rejected by Brown {where}: {reject_core(verdict)}")
    else:
        said = sentence(f"{FINAL_WORDS[decision]} by Brown {where}")
    return f"{said} Select the subtitles to copy them."
