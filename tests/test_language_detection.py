"""Which language a prompt is in: simplemma's dictionaries, with Italian, Portuguese and Dutch told apart."""

from __future__ import annotations

import pytest

from services.language.detection import caption_language, detect_language
from services.language.lemmas import lemma, tokens


@pytest.mark.parametrize(("text", "language"), [
    ("A shy violinist plays on the subway", "en"),
    ("Zombies", "en"),
    ("Brown the dog and Mia the cat explore a haunted castle at night", "en"),
    ("Le renard et le hibou regardent la lune dans la forêt", "fr"),
    ("Un chat pirate cherche un trésor", "fr"),
    ("Ein Pinguin sucht seinen verlorenen Schal in der Stadt", "de"),
    ("Un gato astronauta arregla un cohete", "es"),
    ("Dos robots se enamoran en Marte", "es"),
    ("a baby giraf eats from the big tre", "en"),  # misspelt nouns; English's small words decide
    ("Il gatto mangia il pesce sul tetto", "other"),
    ("O gato come o peixe", "other"),
    ("De kat eet de vis", "other"),
    ("日本の猫が魚を食べる", "other"),
])
def test_detect_language(text: str, language: str) -> None:
    assert detect_language(text) == language


def test_captions_are_english_for_another_language() -> None:
    assert caption_language("Il gatto mangia il pesce sul tetto") == "en"
    assert caption_language("Un chien perdu retrouve sa famille") == "fr"


def test_words_are_split_from_their_elisions_and_lemmatized() -> None:
    words = tokens("L'alien la mange, puis s'endort.", "fr")
    assert [(t.lower, t.lemma) for t in words] == [("l'", "l'"), ("alien", "alien"), ("la", "le"),
                                                   ("mange", "manger"), ("puis", "puis"), ("s'", "s'"),
                                                   ("endort", "endormir")]
    assert words[1].start == 2 and words[1].end == 7
    assert lemma("caught", "en") == "catch" and lemma("isst", "de") == "essen" and lemma("llevan", "es") == "llevar"
