"""Brown in plain words: every verdict, note and headline he shows is a sentence a person would write."""

from __future__ import annotations

import asyncio
import html
import json
import re
from pathlib import Path

from agents.studio import open_studio
from services.review.editor_checks import merge_notes
from services.review.simple_evaluator import (
    REASON_APPROVED,
    REASON_DIALOGUE,
    REASON_INCOHERENT,
    REASON_NEEDS_WORK,
    reason_max_attempts,
)
from services.review.verdict_words import (
    clause_said,
    final_note_sentence,
    outcome_sentence,
    panel_sentence,
    reason_sentence,
    redraw_sentence,
    refine_reason,
    said_list,
    sentence,
    stalled_reason,
)
from services.schemas import ComicFinished, Decision, PanelNote, Verdict
from services.story.caption_rules import caption_notes
from services.story.storyteller import OfflineStoryteller
from services.web import comic_views, views

ROOT = Path(__file__).resolve().parent.parent
# What debug output looks like: a list joined with commas, a count of the rest, an empty list said as 'none',
# a name said twice, two stops, a trailing comma.
FRAGMENTS = [re.compile(p) for p in (r", says,", r"\+\d+ more", r"panels? none", r"(?<!\.)\.\.(?!\.)", r",\s*$",
                                     r"\b([A-Za-z]+) \1\b")]
ENDS = (".", "!", "?", "…", ".”", "!”", "?”", ".)", "…”")


def verdict(decision: Decision = Decision.APPROVE, reason: str = REASON_APPROVED, **fields) -> Verdict:
    return Verdict(decision=decision, reason=reason, final=decision is not Decision.REFINE,
                   match_ratio=fields.pop("match_ratio", 0.5), **fields)


def fragments(text: str) -> list[str]:
    """What in `text` reads like debug output rather than a sentence."""
    found = [p.pattern for p in FRAGMENTS if p.search(text)]
    if not text.strip().endswith(ENDS):
        found.append("no final punctuation")
    return found


def test_the_fragment_check_catches_what_the_new_user_saw() -> None:
    seen = ["Panel 1: add panel, says, dog!", "add a, b +3 more.", "I redrew panels none and kept the rest.",
            "Rusty Rusty is silver, not orange.", "Rusty is silver, not grey..", "Not drawn: a, b,",
            "Output matches prompt and quality is acceptable, but not yet: panel 1: no dog drawn"]
    assert all(fragments(text) for text in seen)
    assert not fragments("Panel 2 should show that the dog catches the pizza; it doesn't yet.")


def test_sentences_start_with_a_capital_and_end_with_one_stop() -> None:
    assert sentence("not grey..") == "Not grey."
    assert sentence("  it works ,") == "It works."
    assert sentence("Really?") == "Really?" and sentence('He said “go.”') == 'He said “go.”'
    assert said_list(["a"]) == "a" and said_list(["a", "b", "c"]) == "a, b and c"
    assert said_list(["a", "b"], "or") == "a or b"


def test_each_kind_of_panel_note_becomes_plain_words() -> None:
    assert clause_said("the dog catches the pizza: neither drawn nor told") == \
        "should show that the dog catches the pizza; it doesn't yet"
    assert clause_said("the dog catches the pizza: not drawn") == \
        "tells in its caption that the dog catches the pizza, but the picture doesn't show it"
    assert clause_said("the dog catches the pizza: not told in a caption") == \
        "shows that the dog catches the pizza, but its caption doesn't say so"
    assert "too early" in clause_said("the dog eats the pizza comes too early: it must follow the event before it")
    assert clause_said('no fish (the prompt\'s "whale") drawn') == "has no fish drawn yet (the story's “whale”)"
    assert clause_said("shows only 2 of the prompt's 9 words") == "shows only 2 of the story's 9 words"
    assert clause_said("something new") == "something new"  # a clause no rule knows is said as written


def test_a_panel_note_is_one_or_two_sentences_never_a_joined_list() -> None:
    note = PanelNote(index=1, reason="the dog catches the pizza: neither drawn nor told")
    assert panel_sentence(note) == "Panel 2 should show that the dog catches the pizza; it doesn't yet."
    words = PanelNote(index=0, reason="shows none of the prompt's words", missing_words=[f"w{n}" for n in range(9)])
    said = panel_sentence(words)
    assert said == ("Panel 1 shows nothing the story names yet. It should show “w0”, “w1”, “w2”, “w3”, “w4”, “w5” "
                    "and 3 other words from the story.")
    thing = PanelNote(index=2, reason="no umbrella drawn", missing_words=["umbrella"])
    assert panel_sentence(thing) == "Panel 3 has no umbrella drawn yet."  # the word is said once
    bare = PanelNote(index=3, reason="", missing_words=["kite"])
    assert panel_sentence(bare) == "Panel 4 should show “kite”."


def test_caption_notes_from_the_real_check_read_as_sentences() -> None:
    captions = ["The cat naps the cat naps in the sun.", "The cat naps the cat naps in the sun."]
    notes = merge_notes(caption_notes("A cat naps in the sun all day long", captions))
    said = [panel_sentence(note) for note in notes]
    assert said and all(not fragments(s) for s in said), said
    assert any("is the same as panel 1's" in s for s in said)


def test_the_specs_reasons_are_said_for_a_person() -> None:
    assert "subtitles" in reason_sentence(verdict(Decision.REJECT, REASON_DIALOGUE))
    assert reason_sentence(verdict(Decision.REJECT, REASON_INCOHERENT)) == \
        "The panels don't follow one another as one story."
    assert reason_sentence(verdict(Decision.REFINE, REASON_NEEDS_WORK, match_ratio=0.0)) == \
        "The panels show none of the story's words yet, so Bayko draws it again."
    assert "15%" in reason_sentence(verdict(Decision.REFINE, REASON_NEEDS_WORK, match_ratio=0.15))
    assert reason_sentence(verdict(events_found=["the cat naps"])) == \
        "Everything the story asks for is drawn, and the events happen in order."
    last = reason_sentence(verdict(reason=reason_max_attempts(3), concepts_missing=["whale", "boat"]))
    assert last == "This is the last of 3 attempts, so Brown takes it as it stands. The pictures have no whale or boat."
    for decision, text in ((Decision.APPROVE, REASON_APPROVED), (Decision.REFINE, REASON_NEEDS_WORK),
                           (Decision.APPROVE, reason_max_attempts(3)), (Decision.REJECT, REASON_DIALOGUE),
                           (Decision.REJECT, REASON_INCOHERENT)):
        assert text not in reason_sentence(verdict(decision, text)), text  # never the spec's internal words


def test_the_outcome_says_what_happened() -> None:
    assert outcome_sentence(verdict(), 1) == "Approved on attempt 1 of 3."
    lacking = verdict(events_missing=["the dog catches the pizza", "the cat sleeps (out of order)"])
    assert outcome_sentence(lacking, 3) == ("Approved at the attempt limit — still missing: the dog catches the pizza; "
                                            "the cat sleeps (out of order).")
    assert "in the right order" in reason_sentence(lacking)
    rejected = outcome_sentence(verdict(Decision.REJECT, REASON_DIALOGUE), 1)
    assert rejected.startswith("Rejected on attempt 1 of 3: the pictures would carry dialogue")
    assert outcome_sentence(verdict(concepts_missing=["kite"]), 2) == \
        "Approved on attempt 2 of 3, though the pictures have no kite."
    assert final_note_sentence(None, 1) == "Unfinished: Brown never gave a final verdict."
    assert final_note_sentence(Decision.REJECT, 1, verdict(Decision.REJECT, REASON_INCOHERENT)).startswith(
        "Rejected by Brown on attempt 1 of 3: the panels don't follow one another as one story.")


def test_brown_and_bayko_say_what_changed() -> None:
    assert redraw_sentence(1, 4, []) == "Here is attempt 1 of 3: 4 panels."
    assert redraw_sentence(2, 4, []) == "Here is attempt 2 of 3: I could not change any panel, so it is the same as " \
                                        "the one before."
    assert redraw_sentence(2, 4, [3, 1]) == "Here is attempt 2 of 3: I redrew panels 1 and 3 and kept the rest."
    assert refine_reason([PanelNote(index=1, reason="x"), PanelNote(index=0, reason="y")]) == \
        "Nearly there, but panels 1 and 2 still need work before Brown approves."
    assert stalled_reason(2, "nothing more could change") == "Approved at attempt 2: nothing more could change."


def _corpus() -> list[str]:
    """Example prompts, a sample of the test data's (four languages), prompts Brown sends back, and gibberish."""
    examples = json.loads((ROOT / "assets/example_prompts.json").read_text())["prompts"]
    stories = json.loads((ROOT / "tests/data/story_prompts.json").read_text())["prompts"]
    events = [item["prompt"] for item in json.loads((ROOT / "tests/data/story_events.json").read_text())["prompts"]]
    revised = ["Two astronauts are stuck in a broken elevator on the space station",
               "A penguin and a polar bear race across the ice", "Le loup souffle sur la maison des trois cochons"]
    return [*examples[:3], *stories[1::10], *events[::160], *revised, "asdkj qwpoe zzxq", "hello"]


def _shown(session_html: str) -> list[str]:
    """The paragraphs and list items of Brown's conversation, as text (the things drawn, listed, are no sentences;
    the story quoted back is the person's)."""
    texts = []
    for match in re.finditer(r'<(p|li)(?P<attrs>[^>]*)>(?P<body>.*?)</\1>', session_html, re.S):
        if "bb-concept-" in match["attrs"] or "bb-prompt" in match["body"]:
            continue
        texts.append(html.unescape(re.sub(r"<[^>]+>", "", match["body"])))
    return texts


def test_nothing_brown_shows_for_a_corpus_of_prompts_reads_like_debug_output(data_dir: Path) -> None:
    # Words only: the downloads (PDF, CBZ, zip) are written on demand, as the web server does, never here.
    studio = open_studio(data_dir, OfflineStoryteller(), exports="on_demand")

    async def make(prompt: str) -> ComicFinished:
        events = [event async for event in studio.generate({"prompt": prompt, "panels": 4})]
        assert isinstance(events[-1], ComicFinished)
        return events[-1]

    bad: list[tuple[str, str, list[str]]] = []
    decisions = {}
    for prompt in _corpus():
        session = asyncio.run(make(prompt)).session
        final = session.final_attempt or session.attempts[-1]
        assert session.final is not None
        decisions[prompt] = session.final.decision
        shown = [*_shown(views.conversation_html(session.request, session.attempts, session.domain_memories,
                                                 finished=True)),
                 comic_views.final_note(session.final.decision, final.attempt, final.verdict), *session.notices]
        for attempt in session.attempts:
            assert attempt.verdict is not None
            shown += [reason_sentence(attempt.verdict), *map(panel_sentence, attempt.verdict.panel_notes)]
        bad += [(prompt, text, found) for text in shown if (found := fragments(text))]
    assert not bad, bad[:10]
    assert decisions["asdkj qwpoe zzxq"] is Decision.REJECT and decisions["hello"] is Decision.REJECT
    assert decisions["A cat and a dog race to the beach at sunset"] is Decision.APPROVE
