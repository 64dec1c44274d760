"""The review rules, their order and the attempt cap, on hand-made descriptions."""

from __future__ import annotations

import pytest

from services.review.simple_evaluator import SimpleEvaluator, match_ratio
from services.schemas import Decision

PROMPT = "A robot paints the sunset on Mars"
GOOD = ["A robot paints the sunset on Mars.", "The robot smiles at Mars."]
MISSING = ["A cat sleeps.", "A dog barks loudly."]


@pytest.mark.parametrize("marker", ["speech bubble", "dialogue", "talking", "saying", "text in image", "Speech",
                                    "conversation"])
def test_dialogue_in_a_description_is_rejected(marker: str) -> None:
    verdict = SimpleEvaluator().evaluate(PROMPT, [GOOD[0], f"The robot with a {marker} over Mars."])
    assert verdict.decision is Decision.REJECT and verdict.final
    assert verdict.reason == "Images contain dialogue text - use subtitles instead"


@pytest.mark.parametrize("descriptions", [
    [GOOD[0], "   "],
    ["Same robot on Mars.", "same robot on mars.", "Same robot on Mars."],
    [GOOD[0], "An unrelated robot on Mars."],
    [GOOD[0], "It doesn't make sense, robot."],
    ["A random robot paints Mars."],
    [GOOD[0], "No connection to the robot."],
    [GOOD[0], "A contradictory sunset."],
])
def test_incoherent_stories_are_rejected(descriptions: list[str]) -> None:
    verdict = SimpleEvaluator().evaluate(PROMPT, descriptions)
    assert verdict.decision is Decision.REJECT and verdict.final
    assert verdict.reason.startswith("Incoherent story")


def test_a_single_panel_is_coherent() -> None:
    assert SimpleEvaluator().evaluate(PROMPT, [GOOD[0]]).decision is Decision.APPROVE


def test_dialogue_is_checked_before_coherence() -> None:
    verdict = SimpleEvaluator().evaluate(PROMPT, ["A speech bubble", "A speech bubble"])
    assert verdict.reason == "Images contain dialogue text - use subtitles instead"


def test_coherence_is_checked_before_the_attempt_cap() -> None:
    evaluator = SimpleEvaluator()
    evaluator.evaluate(PROMPT, MISSING)
    evaluator.evaluate(PROMPT, MISSING)
    assert evaluator.evaluate(PROMPT, ["", "x"]).decision is Decision.REJECT


def test_enough_prompt_words_approve() -> None:
    verdict = SimpleEvaluator().evaluate(PROMPT, GOOD)
    assert verdict.decision is Decision.APPROVE and verdict.final and verdict.match_ratio == 1.0


def test_too_few_prompt_words_refine_with_the_missing_words() -> None:
    verdict = SimpleEvaluator().evaluate(PROMPT, MISSING)
    assert verdict.decision is Decision.REFINE and not verdict.final
    assert verdict.match_ratio < 0.2
    assert {"robot", "mars", "sunset"} <= set(verdict.missing_words)


def test_the_threshold_is_twenty_percent() -> None:
    prompt = "one two three four five six seven eight nine ten"
    assert SimpleEvaluator().evaluate(prompt, ["one two"]).decision is Decision.APPROVE
    assert SimpleEvaluator().evaluate(prompt, ["one"]).decision is Decision.REFINE


def test_the_third_attempt_is_approved_whatever_it_matches() -> None:
    evaluator = SimpleEvaluator()
    decisions = [evaluator.evaluate(PROMPT, MISSING).decision for _ in range(3)]
    assert decisions == [Decision.REFINE, Decision.REFINE, Decision.APPROVE]
    assert SimpleEvaluator.MAX_ATTEMPTS == 3


def test_match_ratio_ignores_case_and_surrounding_punctuation() -> None:
    ratio, missing = match_ratio("Robot, MARS!", ["the robot on mars."])
    assert ratio == 1.0 and missing == []


def test_each_comic_has_its_own_count() -> None:
    first, second = SimpleEvaluator(), SimpleEvaluator()
    first.evaluate(PROMPT, MISSING)
    first.evaluate(PROMPT, MISSING)
    assert second.evaluate(PROMPT, MISSING).decision is Decision.REFINE
