"""Property-based fuzzing of what a person or a program can send: requests, comments and curation.

Whatever comes in, the answer is a valid result or an `InvalidRequest` with one
sentence naming a field, and a refused input changes nothing stored.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agents.studio import open_studio
from services.schemas import InvalidRequest, parse_request

FIELDS = ("prompt", "style", "panels", "seed", "user_id", "layout")
ANYTHING = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=3000),
                     st.binary(max_size=50), st.lists(st.integers(), max_size=3), st.dictionaries(st.text(), st.text()))
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def one_sentence_about_a_field(error: InvalidRequest) -> bool:
    text = str(error)
    return text.endswith(".") and "\n" not in text and text.split(":")[0].replace(".", "").replace("_", "").isalnum()


@FUZZ
@given(st.dictionaries(st.sampled_from(FIELDS + ("extra",)), ANYTHING, max_size=7))
def test_any_request_is_parsed_or_refused_with_one_sentence(data: dict) -> None:
    try:
        request = parse_request(data)
    except InvalidRequest as error:
        assert one_sentence_about_a_field(error)
    else:
        assert 1 <= len(request.prompt) <= 2000 and 1 <= request.panels <= 8


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory):
    from conftest import RecordingRenderer

    studio = open_studio(tmp_path_factory.mktemp("fuzz"), renderer=RecordingRenderer())

    async def first() -> str:
        return [e async for e in studio.generate({"prompt": "Brown the dog naps", "panels": 1})][-1].session.session_id

    return studio, asyncio.run(first())


@FUZZ
@given(session_id=st.one_of(st.text(max_size=80), st.just("")), text=st.text(max_size=2500),
       user=st.one_of(st.none(), st.text(max_size=100)))
def test_any_comment_is_stored_or_refused(studio, session_id: str, text: str, user: str | None) -> None:
    studio, first_session = studio
    target = first_session if len(session_id) % 2 else session_id
    before = len(studio.load_session(first_session).comments)
    try:
        outcome = asyncio.run(studio.add_comment(target, text, user))
    except InvalidRequest as error:
        assert one_sentence_about_a_field(error)
        assert len(studio.load_session(first_session).comments) == before
    else:
        assert outcome.comment.text == outcome.comment.text.strip() and "\x00" not in outcome.comment.text
        assert all(m.record.status.value == "new" or m.duplicate for m in outcome.memories)


@FUZZ
@given(memory_id=st.text(max_size=80), status=st.one_of(st.text(max_size=20), st.sampled_from(
    ["accepted", "rejected", "needs_review", "new", "ACCEPTED "])), text=st.text(max_size=600))
def test_any_curation_is_applied_or_refused(studio, memory_id: str, status: str, text: str) -> None:
    studio, _ = studio
    known = studio.list_memories()
    target = known[0].memory_id if known and len(memory_id) % 2 else memory_id
    before = {m.memory_id: (m.status, m.memory) for m in studio.list_memories()}
    for action in (lambda: studio.curate(target, status), lambda: studio.edit_memory(target, text)):
        try:
            record = action()
        except InvalidRequest as error:
            assert one_sentence_about_a_field(error)
            assert {m.memory_id: (m.status, m.memory) for m in studio.list_memories()} == before
        else:
            assert record.memory_id == target
            before = {m.memory_id: (m.status, m.memory) for m in studio.list_memories()}


def test_the_fuzzed_studio_still_makes_comics(studio) -> None:
    studio, _ = studio
    async def run() -> list:
        return [e async for e in studio.generate({"prompt": "After the storm, a calm sea", "panels": 2})]
    assert asyncio.run(run())[-1].session.final is not None
    assert Path(studio.data_dir).is_dir()
