"""Domain-memory texts read as a person writes them: a name said once, one stop at the end (issue 22)."""

from __future__ import annotations

import pytest

from services.memory.condenser import CommentContext, CondensedMemory, condense, tidy_fact, within_limit
from services.schemas import CastMember

RUSTY = CommentContext(prompt="A robot named Rusty paints the sunset", cast=[CastMember(name="Rusty", kind="robot",
                                                                                        gender="male")])


@pytest.mark.parametrize(("comment", "fact"), [
    ("the robot Rusty is silver, not orange.", "Rusty is silver, not orange."),
    ("Rusty the robot is silver.", "Rusty is silver."),
    ("The robot called Rusty is silver, not orange.", "Rusty is silver, not orange."),
    ("The robot, Rusty, is silver.", "Rusty is silver."),
    ("No, the robot is silver, not grey..", "Rusty is silver, not grey."),
    ("He is silver, not grey...", "Rusty is silver, not grey."),
    ("Rusty Rusty is silver", "Rusty is silver."),
])
def test_a_name_beside_its_kind_is_said_once_and_a_fact_ends_with_one_stop(comment: str, fact: str) -> None:
    assert [m.text for m in condense(comment, RUSTY)] == [fact]


def test_a_phrase_that_names_someone_else_keeps_its_words() -> None:
    """'the robot' beside another name is not Rusty, and a place said twice ('Bora Bora') is no doubled name."""
    assert [m.text for m in condense("The robot is Rusty's friend Bolt.", RUSTY)] == ["The robot is Rusty's friend Bolt."]
    assert [m.text for m in condense("Rusty lives on Bora Bora.", RUSTY)] == ["Rusty lives on Bora Bora."]


def test_a_models_fact_is_tidied_before_it_is_stored() -> None:
    drafted = [CondensedMemory(text="Rusty is silver, not grey..", complete=True),
               CondensedMemory(text="  it rains upwards here  ", complete=True)]
    assert [m.text for m in within_limit(drafted)] == ["Rusty is silver, not grey.", "It rains upwards here."]
    assert tidy_fact("") == "" and tidy_fact("Done!") == "Done." and tidy_fact("Is Rusty silver?") == "Is Rusty silver?"
