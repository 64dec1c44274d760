"""Bayko's own edit of a description: the spec's dialogue and incoherence words out, each one reported."""

from __future__ import annotations

import pytest

from services.review.picture_words import tidy_description
from services.review.simple_evaluator import DIALOGUE_MARKERS, INCOHERENCE_MARKERS, contains_dialogue, find_incoherence


@pytest.mark.parametrize(("text", "tidied", "removed"), [
    ("A robot with a speech bubble on Mars.", "A robot on Mars.", ["speech bubble"]),
    ("Two friends talking in a random cafe.", "Two friends gesturing in a curious cafe.", ["talking", "random"]),
    ("A cat, with a speech bubble, sits.", "A cat, sits.", ["speech bubble"]),
    ("A soothsaying robot.", "A gesturing robot.", ["soothsaying"]),
    ("A quiet harbour at dawn.", "A quiet harbour at dawn.", []),
])
def test_words_come_out_and_are_named(text: str, tidied: str, removed: list[str]) -> None:
    result = tidy_description(text)
    assert (result.text, result.removed) == (tidied, removed)


@pytest.mark.parametrize("marker", [*DIALOGUE_MARKERS, *INCOHERENCE_MARKERS])
def test_no_spec_keyword_survives(marker: str) -> None:
    result = tidy_description(f"The robot, {marker.upper()}, then {marker} again by the sea")
    assert result.removed and not contains_dialogue([result.text])
    assert find_incoherence([result.text, "Another panel."]) is None


def test_a_description_of_nothing_but_words_still_describes_a_picture() -> None:
    assert tidy_description("Speech bubble.").text == "The scene, without words."
