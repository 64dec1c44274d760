"""Request validation: one clear sentence naming the field and the limit."""

from __future__ import annotations

import pytest

from services.schemas import STYLE_NAMES, InvalidRequest, parse_request


@pytest.mark.parametrize(("data", "message"), [
    ({"prompt": ""}, "prompt: must not be empty."),
    ({"prompt": " \n\t "}, "prompt: must not be empty."),
    ({"prompt": "x" * 2001}, "prompt: must be at most 2000 characters after trimming (got 2001)."),
    ({"prompt": "a", "panels": 0}, "panels: must be between 1 and 8 (got 0)."),
    ({"prompt": "a", "panels": 9}, "panels: must be between 1 and 8 (got 9)."),
    ({"prompt": "a", "panels": 10**9}, "panels: must be between 1 and 8 (got 1000000000)."),
    ({"prompt": "a", "panels": "two"}, "panels: must be a whole number (got 'two')."),
    ({"prompt": "a", "panels": 2.5}, "panels: must be a whole number (got '2.5')."),
    ({"prompt": "a", "seed": "x"}, "seed: must be a whole number (got 'x')."),
    ({"prompt": "a", "seed": -1}, "seed: must be between 0 and 4294967295 (got -1)."),
    ({"prompt": "a", "style": "cubism"}, f"style: must be one of {', '.join(STYLE_NAMES)} (got 'cubism')."),
    ({"prompt": "a", "colour": "red"}, "colour: is not a known field."),
    ({"prompt": 5}, "prompt: must be text."),
    ({"prompt": "a", "language": "it"}, "language: must be one of auto, en, fr, de, es (got 'it')."),
    ({"prompt": "a", "language": 3}, "language: must be one of auto, en, fr, de, es (got '3')."),
])
def test_bad_requests_get_one_sentence(data: dict, message: str) -> None:
    with pytest.raises(InvalidRequest) as error:
        parse_request(data)
    assert str(error.value) == message


def test_good_requests_are_normalised() -> None:
    request = parse_request({"prompt": "  A cat\x00 naps  ", "panels": "3", "style": "Pop Art", "seed": " 42 "})
    assert (request.prompt, request.panels, request.style, request.seed) == ("A cat naps", 3, "pop_art", 42)
    assert parse_request({"prompt": "x" * 2000 + "   "}).prompt == "x" * 2000
    assert parse_request({"prompt": "a", "seed": ""}).seed is None


@pytest.mark.parametrize(("given", "chosen"), [(None, "auto"), ("", "auto"), ("  ", "auto"), ("auto", "auto"),
                                               ("FR", "fr"), (" de ", "de"), ("es", "es"), ("en", "en")])
def test_the_caption_language_is_a_code_or_auto(given: object, chosen: str) -> None:
    assert parse_request({"prompt": "a cat", "language": given}).language == chosen


def test_a_request_without_a_language_follows_the_prompt() -> None:
    assert parse_request({"prompt": "a cat"}).language == "auto"
