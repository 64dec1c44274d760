"""The article a caption gives a character or a thing, read from the prompt (services/story/language.py)."""

from __future__ import annotations

import pytest

from services.story.language import definite_phrase
from services.story.scene_plan import build_plan


@pytest.mark.parametrize(("prompt", "word", "language", "kept", "plain"), [
    ("Un petit dragon perd son chapeau", "chapeau", "fr", "son chapeau", "le chapeau"),
    ("Une sorcière perd sa baguette", "baguette", "fr", "sa baguette", "la baguette"),
    ("Ein Junge verliert seinen Ball", "Ball", "de", "seinen Ball", "der Ball"),
    ("Ein Junge verliert sein Boot", "Boot", "de", "sein Boot", "das Boot"),
])
def test_a_possessive_is_kept_for_people_and_made_an_article_for_things(prompt: str, word: str, language: str,
                                                                       kept: str, plain: str) -> None:
    """A thing's caption may be spoken by its owner: "j'ai perdu son chapeau" was once in the dragon's mouth."""
    assert definite_phrase(prompt, word, language, word) == kept
    assert definite_phrase(prompt, word, language, word, keep_possessive=False) == plain


def test_a_singular_article_keeps_a_noun_that_looks_plural_singular() -> None:
    """'Ein Junge' is 'der Junge' (its -e is no plural), 'un niño' 'el niño'."""
    assert [m.phrase for m in build_plan("Ein Junge verliert seinen Ball", 3).cast] == ["der Junge"]
    assert definite_phrase("Ein Junge spielt", "Junge", "de", "boy") == "der Junge"


def test_die_before_a_noun_that_is_not_feminine_is_several() -> None:
    """'die Schüler' are pupils (der Schüler, plural alike); 'die Mutter' is one mother."""
    assert len(build_plan("Die Schüler rennen in den Hof", 3).cast) > 1
    assert len(build_plan("Die Mutter backt einen Kuchen", 3).cast) == 1


@pytest.mark.parametrize(("prompt", "word", "language", "phrase"), [
    ("Un oso busca miel", "miel", "es", "la miel"), ("Un pirata mira mapa", "mapa", "es", "el mapa"),
    ("Il entre en forêt", "forêt", "fr", "la forêt"), ("Il dessine arbre", "arbre", "fr", "l'arbre"),
    ("Elle rêve de musée", "musée", "fr", "le musée"), ("Mama liest", "Mama", "de", "die Mama"),
])
def test_a_noun_without_its_article_takes_its_own_gender(prompt: str, word: str, language: str, phrase: str) -> None:
    """'busca miel' is 'la miel' though it ends in -l; a person's gender gives hers ('Mama liest': die Mama)."""
    gender = "female" if word == "Mama" else ""
    assert definite_phrase(prompt, word, language, word, gender=gender) == phrase


def test_a_contraction_says_one_whatever_the_ending() -> None:
    """'bis zum Fluss': the river, not 'die Fluss' (its -s looked like a plural)."""
    assert definite_phrase("Die Bienen jagen ihn bis zum Fluss", "Fluss", "de", "river") == "der Fluss"
