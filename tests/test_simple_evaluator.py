"""SimpleEvaluator held to the specification's own behaviour.

Every expected decision below was worked out by reading the spec's code (the seed's
`services/simple_evaluator.py`), not by running ours: rule 1 dialogue panel by panel, rule 2
coherence (one panel always coherent, exact-duplicate check, keywords in the space-joined
text), rule 3 the attempt cap, rule 4 `set(prompt.lower().split())` with a 0 ratio for a
prompt without words and `>= 0.2` to approve.
"""

from __future__ import annotations

import logging

import pytest

from services.review.simple_evaluator import SimpleEvaluator, prompt_match_ratio

DIALOGUE = {"decision": "reject", "reason": "Images contain dialogue text - use subtitles instead", "final": True}
INCOHERENT = {"decision": "reject", "reason": "Story panels don't follow logical sequence", "final": True}
APPROVE = {"decision": "approve", "reason": "Output matches prompt and quality is acceptable", "final": True}
REFINE = {"decision": "refine", "reason": "Output needs improvement to better match prompt", "final": False}
MAX_REACHED = {"decision": "approve", "reason": "Max attempts (3) reached - accepting current quality", "final": True}

PROMPT = "A robot paints the sunset on Mars"


def panels(*descriptions: str) -> dict:
    return {"panels": [{"description": d} for d in descriptions]}


# (case, bayko_output, prompt, expected on attempt 1)
SPEC_TABLE = [
    ("one panel that matches", panels("A robot paints the sunset on Mars"), PROMPT, APPROVE),
    ("one panel is always coherent, even 'random'", panels("A random robot"), "robot", APPROVE),
    ("one panel, empty description: coherent, then no words match", panels(""), PROMPT, REFINE),
    ("an empty description among two", panels("A robot on Mars.", "   "), PROMPT, INCOHERENT),
    ("a panel without a description key", {"panels": [{"description": "A robot"}, {}]}, PROMPT, INCOHERENT),
    ("identical panels", panels("A robot on Mars", "A robot on Mars"), PROMPT, INCOHERENT),
    ("identical only after lower-casing is not identical", panels("A robot on Mars", "a robot on mars"),
     "robot on mars", APPROVE),
    ("identical only after trimming is not identical", panels("A robot on Mars", "A robot on Mars "),
     "robot on mars", APPROVE),
    ("'no connection' split across panels", panels("The robot had no", "connection to Mars"), PROMPT, INCOHERENT),
    ("'doesn't make sense' split across panels", panels("A robot that doesn't", "make sense on Mars"), PROMPT,
     INCOHERENT),
    ("an incoherence word inside another word", panels("A robot walks randomly", "Mars at dusk"), PROMPT, INCOHERENT),
    ("an incoherence word in capitals", panels("An UNRELATED robot", "Mars at dusk"), PROMPT, INCOHERENT),
    ("dialogue is looked for before coherence", panels("A speech bubble", "A speech bubble"), PROMPT, DIALOGUE),
    ("dialogue inside another word", panels("A soothsaying robot", "Mars at dusk"), PROMPT, DIALOGUE),
    ("dialogue in capitals", panels("A robot gives a SPEECH", "Mars at dusk"), PROMPT, DIALOGUE),
    ("punctuation stays on the prompt's words", panels("A robot on mars", "The end of the day"), "Robot, Mars!",
     REFINE),
    ("punctuation stays on the descriptions' words", panels("Look: robot.", "Mars, then."), "robot mars", REFINE),
    ("an empty prompt scores 0", panels("A robot on Mars", "The sunset"), "", REFINE),
    ("a prompt of spaces scores 0", panels("A robot on Mars", "The sunset"), "   ", REFINE),
    ("no panels", {"panels": []}, PROMPT, REFINE),
    ("no panels key at all", {}, PROMPT, REFINE),
    ("exactly 20 % (1 of 5 words)", panels("one thing", "another thing"), "one two three four five", APPROVE),
    ("exactly 20 % (2 of 10 words)", panels("a b", "c d"), "a b e f g h i j k l", APPROVE),
    ("just under 20 % (1 of 6 words)", panels("one thing", "another thing"), "one two three four five six", REFINE),
    ("repeated prompt words count once (1 of 3 distinct)", panels("a cat", "the end"), "cat cat cat dog mouse",
     APPROVE),
]


@pytest.mark.parametrize(("case", "output", "prompt", "expected"), SPEC_TABLE, ids=[row[0] for row in SPEC_TABLE])
def test_the_spec_table_on_a_first_attempt(case: str, output: dict, prompt: str, expected: dict) -> None:
    assert SimpleEvaluator().evaluate(output, prompt) == expected


# (case, output on attempt 3, expected on attempt 3)
THIRD_ATTEMPT = [
    ("attempt 3 with dialogue is still rejected", panels("A robot with a speech bubble", "Mars"), DIALOGUE),
    ("attempt 3 with identical panels is still rejected", panels("Mars", "Mars"), INCOHERENT),
    ("attempt 3 that would need refining is approved", panels("A cat", "A dog"), MAX_REACHED),
    ("attempt 3 with no panels is approved", {"panels": []}, MAX_REACHED),
    ("attempt 3 that matches says 'max attempts' (rule 3 before rule 4)", panels(PROMPT, "The end"), MAX_REACHED),
]


@pytest.mark.parametrize(("case", "output", "expected"), THIRD_ATTEMPT, ids=[row[0] for row in THIRD_ATTEMPT])
def test_the_spec_table_on_the_third_attempt(case: str, output: dict, expected: dict) -> None:
    evaluator = SimpleEvaluator()
    assert evaluator.evaluate(panels("A cat", "A dog"), PROMPT) == REFINE
    assert evaluator.evaluate(panels("A cat", "A dog"), PROMPT) == REFINE
    assert evaluator.evaluate(output, PROMPT) == expected
    assert evaluator.attempt_count == 3


def test_attempts_are_counted_and_reset() -> None:
    evaluator = SimpleEvaluator()
    assert SimpleEvaluator.MAX_ATTEMPTS == 3 and evaluator.attempt_count == 0
    evaluator.evaluate(panels("A cat", "A dog"), PROMPT)
    evaluator.evaluate(panels("A cat", "A dog"), PROMPT)
    assert evaluator.attempt_count == 2
    evaluator.reset()
    assert evaluator.attempt_count == 0
    assert evaluator.evaluate(panels("A cat", "A dog"), PROMPT) == REFINE  # a fresh count: not forced to approve


def test_a_fourth_attempt_is_still_forced_to_approve() -> None:
    evaluator = SimpleEvaluator()
    for _ in range(3):
        evaluator.evaluate(panels("A cat", "A dog"), PROMPT)
    assert evaluator.evaluate(panels("A cat", "A dog"), PROMPT) == MAX_REACHED


def test_two_evaluators_count_apart() -> None:
    first, second = SimpleEvaluator(), SimpleEvaluator()
    first.evaluate(panels("A cat", "A dog"), PROMPT)
    first.evaluate(panels("A cat", "A dog"), PROMPT)
    assert second.evaluate(panels("A cat", "A dog"), PROMPT) == REFINE


def test_the_match_ratio_is_the_specs() -> None:
    assert prompt_match_ratio(panels("one thing"), "one two three four five") == pytest.approx(0.2)
    assert prompt_match_ratio(panels("Mars."), "mars") == 0.0
    assert prompt_match_ratio(panels("anything"), "") == 0.0


def test_the_spec_lines_are_logged(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="services.review.simple_evaluator"):
        SimpleEvaluator().evaluate(panels("A robot with a speech bubble", "Mars"), PROMPT)
        SimpleEvaluator().evaluate(panels("A robot paints", "Mars"), PROMPT)  # a, robot, paints, mars: 4 of 7
    messages = [record.getMessage() for record in caplog.records]
    assert messages[0] == "Brown evaluating attempt 1/3"
    assert messages[1] == "Found dialogue in image: a robot with a speech bubble"
    assert "Prompt match ratio: 0.57" in messages
