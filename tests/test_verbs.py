"""Which words are verbs: mirrors services/story/verbs.py."""

from __future__ import annotations

import pytest

from services.language.lemmas import tokens
from services.story.verbs import find_verbs


def _actions(text: str) -> list[str]:
    return [match.action for match in find_verbs(tokens(text, "en"), "en")]


@pytest.mark.parametrize(("text", "actions"), [
    ("A mechanic wipes his greasy hands on his overalls.", ["clean"]),  # 'hands' was 'give'
    ("The twins wash their hands.", ["clean"]),
    ("His friends carry him to the beach.", ["carry"]),  # a noun between: the verb is still one
    ("A girl hands her brother a cake.", ["give"]),
    ("Mia watches her dance.", ["watch", "dance"]),  # 'her' may be whom, not whose
    ("A boy throws a frisbee and his puppy catches it.", ["throw", "catch"]),  # a noun that looks like an adjective
])
def test_a_word_someone_owns_is_a_thing_not_a_verb(text: str, actions: list[str]) -> None:
    assert _actions(text) == actions
