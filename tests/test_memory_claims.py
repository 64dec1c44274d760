"""What memories claim: duplicates and contradictions."""

from __future__ import annotations

from services.memory.claims import Claim, claims_of, contradicts, kind_claimed, normalise


def test_normalising_folds_case_spaces_and_punctuation() -> None:
    assert normalise("  Brown is a DOG,  not a cat!! ") == normalise("brown is a dog not a cat")


def test_claims_of_a_correction() -> None:
    assert claims_of("Brown is a dog, not a cat.") == [Claim("brown", "is", "dog", False), Claim("brown", "is", "cat", True)]
    assert claims_of("Mia never leaves the house.") == [Claim("mia", "does", "leaves the house", True)]
    assert claims_of("The castle has no doors.") == []


def test_contradictions() -> None:
    assert contradicts("Brown is a dog, not a cat.", "Brown is a cat.")
    assert contradicts("Brown is a dog.", "Brown is a cat.")
    assert contradicts("Bolt is red.", "Bolt is blue.")
    assert contradicts("Mia always leaves the house.", "Mia never leaves the house.")
    assert not contradicts("Brown is a dog.", "Brown is old.")
    assert not contradicts("Brown is a dog.", "Mia is a cat.")
    assert not contradicts("Brown is a dog.", "Brown is a dog.")


def test_kind_claims_name_who_someone_is() -> None:
    assert kind_claimed("Brown is a dog, not a cat.") == ("Brown", "dog", "dog")
    assert kind_claimed("Grandpa Ike is an old dog.") == ("Grandpa Ike", "dog", "dog")
    assert kind_claimed("Brown is not a cat.") is None
    assert kind_claimed("Brown is old.") is None
