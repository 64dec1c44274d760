"""Readers' text is cleaned (NFKC, no control or format characters) and compared with look-alikes read as Latin."""

from __future__ import annotations

import unicodedata

import pytest

from services.memory.claims import contradicts, normalise
from services.memory.text_normal import clean_text, comparable

HIDDEN = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u202a", "\u202b", "\u202c", "\u202d",
          "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c", "\x07", "\ud800"]


@pytest.mark.parametrize("hidden", HIDDEN)
def test_invisible_and_direction_characters_are_taken_out(hidden: str) -> None:
    assert clean_text(f"Bro{hidden}wn is a dog") == "Brown is a dog"


def test_nfkc_folds_compatibility_forms_and_keeps_spaces_and_real_letters() -> None:
    assert clean_text("\uff22rown \ufb01sh\u00a0x²") == "Brown fish x2"
    assert clean_text("line one\nline two\tend") == "line one\nline two\tend"
    for text in ("Кот — это собака", "Ο σκύλος", "ليلى قطة", "狗", "Café naïve"):
        assert clean_text(text) == unicodedata.normalize("NFKC", text)


def test_cleaning_twice_changes_nothing() -> None:
    text = "Bro\u200bwn\u202e is \uff41 e\u0301 dog\ufeff"
    assert clean_text(clean_text(text)) == clean_text(text)


def test_look_alikes_compare_as_latin_but_are_not_rewritten_by_cleaning() -> None:
    spoofed = "Br\u043ewn is a c\u0430t"  # Cyrillic о and а
    assert comparable(spoofed) == "Brown is a cat"
    assert clean_text(spoofed) == spoofed  # stored and shown with the letters the reader typed
    assert comparable("\u0392\u039f\u0392") == "BOB"  # Greek capitals keep their case


def test_look_alikes_are_duplicates_and_contradictions() -> None:
    assert normalise("Br\u043ewn is a dog.") == normalise("brown is a DOG") == normalise("Bro\u200bwn is a dog")
    assert contradicts("Br\u043ewn is a cat", "Brown is a dog")
    assert contradicts("Brown is a c\u0430t", "Brown is a dog")
    assert not contradicts("Br\u043ewn is a dog", "Brown is a dog")
