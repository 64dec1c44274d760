"""Follow-up turns through the running app and in process: the next version of a comic, only what changes redrawn."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from pathlib import Path

import pytest
from fake_servers import Reply, chat_completion
from gradio_client import Client
from gradio_client.exceptions import AppError
from PIL import Image, ImageStat

from agents.follow_up import caption_change, redraw_change
from agents.studio import Studio, open_studio
from services.schemas import BrownReplied, ComicFinished, ComicSession, InvalidRequest

PROMPT = "A dog and a cat play in the park"
KEY = "follow-up-tester-7f3a9c"
CAPTION = "Best. Day. Ever. (says the park bench)"


def _hash(path: str | Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _brightness(path: str | Path) -> float:
    with Image.open(path) as image:
        return float(ImageStat.Stat(image.convert("L")).mean[0])


@pytest.fixture(scope="module")
def app(studio_server) -> tuple[Client, object]:
    return Client(studio_server.url, analytics_enabled=False, verbose=False), studio_server


def test_three_follow_ups_through_the_app(app) -> None:
    client, server = app
    studio: Studio = server.studio  # type: ignore[attr-defined]
    first, _, made = client.predict(PROMPT, "classic", 4, 7, KEY, api_name="/generate")
    session_id = made["session_id"]
    dog = next(m.name for m in studio.load_session(session_id).cast if m.kind == "dog")

    night, _, v2 = client.predict(session_id, "make it night", KEY, api_name="/revise")
    assert v2["understood"] and v2["version"] == 2 and "Night" in v2["reply"]
    assert [_hash(p) for p in night] != [_hash(p) for p in first] and all(
        a != b for a, b in zip(map(_hash, night), map(_hash, first)))  # every panel redrawn
    assert all(_brightness(n) < _brightness(d) - 10 for n, d in zip(night, first))  # the pictures are darker

    laughs, _, v3 = client.predict(session_id, "panel 2: the dog laughs", KEY, api_name="/revise")
    assert v3["version"] == 3 and v3["versions"][-1]["changed"] == [1]
    assert [_hash(p) == _hash(q) for p, q in zip(laughs, night)] == [True, False, True, True]

    captioned, _, v4 = client.predict(session_id, f"caption 3: {CAPTION}", KEY, api_name="/revise")
    assert v4["subtitles"][2] == CAPTION and v4["versions"][-1]["changed"] == []
    assert [_hash(p) for p in captioned] == [_hash(p) for p in laughs]  # a caption is not drawn: nothing redrawn

    session = studio.load_session(session_id)
    assert [v.instruction for v in session.versions] == [None, "make it night", "panel 2: the dog laughs",
                                                         f"caption 3: {CAPTION}"]
    shown = session.final_attempt
    assert shown is not None
    assert all(p.scene and p.scene.time == "night" for p in shown.panels)
    second = shown.panels[1].scene
    assert second is not None
    assert any(a.name == dog and a.action == "laughing" for a in second.actors)
    assert any(e.action == "laugh" and e.actor == dog for e in second.events)
    assert any(item.role == "action" and item.what == "laugh" for item in shown.panels[1].drawn)
    brown = [line.content for line in asyncio.run(studio.conversation(session_id))["brown"]]
    asked = [i for i, line in enumerate(brown) if line in ("make it night", "panel 2: the dog laughs",
                                                            f"caption 3: {CAPTION}")]
    assert len(asked) == 3 and asked == sorted(asked) and brown.index(PROMPT) < asked[0]
    assert any(line.startswith("Reply: Night it is") for line in brown[asked[0]:asked[1]])


def test_bad_follow_ups_through_the_app_change_nothing(app) -> None:
    client, server = app
    _, _, made = client.predict(PROMPT, "classic", 2, 3, KEY, api_name="/generate")
    session_id = made["session_id"]
    before = (server.studio.sessions.folder(session_id) / "manifest.json").read_text()
    for session, text, said in [("comic_nope", "make it night", "no comic with id"),
                                (session_id, "", "instruction: must not be empty"),
                                (session_id, "x" * 2001, "at most 2000 characters (got 2001)")]:
        with pytest.raises(AppError, match=re.escape(said)):
            client.predict(session, text, KEY, api_name="/revise")
    with pytest.raises(AppError, match="no comic with id"):  # someone else's comic answers like a missing one
        client.predict(session_id, "make it night", "someone-else-entirely", api_name="/revise")
    _, _, asked = client.predict(session_id, "blah blah", KEY, api_name="/revise")
    assert not asked["understood"] and "did not catch" in asked["reply"] and asked["version"] == 1
    assert json.loads((server.studio.sessions.folder(session_id) / "manifest.json").read_text())["versions"] == \
        json.loads(before)["versions"]


# --- in process --------------------------------------------------------------------------------------

async def _comic(studio: Studio, prompt: str = PROMPT, panels: int = 4) -> ComicSession:
    async for event in studio.generate({"prompt": prompt, "panels": panels, "seed": 7}):
        if isinstance(event, ComicFinished):
            return event.session
    raise AssertionError("no comic")


async def _turn(studio: Studio, session_id: str, instruction: str, changes=None) -> tuple[ComicSession | None, str]:
    finished, reply = None, ""
    async for event in studio.revise(session_id, instruction, changes=changes):
        if isinstance(event, BrownReplied):
            reply = event.reply
        if isinstance(event, ComicFinished):
            finished = event.session
    return finished, reply


def test_the_panel_buttons_redraw_one_panel_and_set_a_caption(data_dir: Path) -> None:
    studio = open_studio(data_dir)

    async def run() -> None:
        session = await _comic(studio)
        images = [p.image for p in session.final_attempt.panels]  # type: ignore[union-attr]
        redrawn, reply = await _turn(studio, session.session_id, *redraw_change(3))
        assert redrawn is not None and "redraw panel 3" in reply
        panels = redrawn.final_attempt.panels  # type: ignore[union-attr]
        assert [p.image == i for p, i in zip(panels, images)] == [True, True, False, True]
        assert panels[2].take == 1 and panels[2].scene == session.final_attempt.panels[2].scene  # type: ignore[union-attr]
        captioned, _ = await _turn(studio, session.session_id, *caption_change(1, "  <b>Hi</b> there  "))
        assert captioned is not None and captioned.final_attempt.panels[0].subtitle == "<b>Hi</b> there"  # type: ignore[union-attr]

    asyncio.run(run())
    for bad in [(0, "x"), (9, "x"), ("two", "x"), (1, ""), (1, "x" * 161)]:
        with pytest.raises(InvalidRequest):
            caption_change(*bad)


def test_going_back_to_a_version_rewrites_the_exports(data_dir: Path) -> None:
    studio = open_studio(data_dir)

    async def run() -> None:
        session = await _comic(studio, panels=2)
        folder = studio.sessions.folder(session.session_id)
        first = _hash(folder / "comic.png")
        await _turn(studio, session.session_id, "make it night")
        assert _hash(folder / "comic.png") != first
        back = await studio.show_version(session.session_id, 1)
        assert back.shown == 1 and back.final is not None and back.final.attempt == session.final.attempt  # type: ignore[union-attr]
        assert _hash(folder / "comic.png") == first
        with pytest.raises(InvalidRequest, match="version: this comic has versions 1 to 2"):
            await studio.show_version(session.session_id, 5)
        again, _ = await _turn(studio, session.session_id, "add a bird")
        assert again is not None and [v.number for v in again.versions] == [1, 2, 3] and again.shown == 3
        assert any(m.kind == "bird" for m in again.cast)
        assert all(p.scene and p.scene.time == "day" for p in again.final_attempt.panels)  # type: ignore[union-attr]

    asyncio.run(run())


def test_a_follow_up_that_raced_another_is_refused(data_dir: Path) -> None:
    studio = open_studio(data_dir)

    async def run() -> list[object]:
        session = await _comic(studio, panels=2)
        return await asyncio.gather(_turn(studio, session.session_id, "make it night"),
                                    _turn(studio, session.session_id, "make it rain"), return_exceptions=True)

    outcomes = asyncio.run(run())
    refused = [o for o in outcomes if isinstance(o, InvalidRequest)]
    kept = [o for o in outcomes if isinstance(o, tuple)]
    assert len(refused) <= 1 and len(kept) >= 1
    assert all("changed while Brown worked on it" in str(o) for o in refused)


def test_a_memory_reaches_the_character_the_seed_named(data_dir: Path) -> None:
    """'Miso is orange' learned on a comic whose prompt only says 'a cat' shapes that cat the next time."""
    studio = open_studio(data_dir)
    prompt = "A grey cat naps on a sofa"

    async def run() -> tuple[ComicSession, ComicSession]:
        first = await _comic(studio, prompt, panels=2)
        cat = next(m for m in first.cast if m.kind == "cat")
        outcome = await studio.add_comment(first.session_id, f"No, {cat.name} is orange, not grey.")
        assert outcome.memories, "the comment is a correction"
        for stored in outcome.memories:
            studio.curate(stored.record.memory_id, "accepted")
        return first, await _comic(studio, prompt, panels=2)

    first, again = asyncio.run(run())
    cat = next(m for m in again.cast if m.kind == "cat")
    assert cat.name == next(m.name for m in first.cast if m.kind == "cat")
    assert any(cat.name in memory and "orange" in memory for memory in again.domain_memories)  # Brown remembered
    assert any(effect.character == cat.name and effect.attribute == "colour" for effect in again.memory_effects)
    before = next(m for m in first.cast if m.kind == "cat").look
    assert cat.look is not None and before is not None and cat.look.colours[0] != before.colours[0]


# --- with a model: Brown's follow-up call reads his conversation so far -----------------------------

def _scripted_director(request: dict) -> Reply:
    """A model that rewrites follow-ups into commands; 'the same' is resolved from the conversation it is given."""
    messages = request["json"]["messages"]
    asked = messages[-1]["content"].split("DATA: what the person asks")[1]
    if "giggle" in asked:
        commands = ["make it night", "panel 2: the dog laughs"]
    elif "same" in asked and any("panel 2: the dog laughs" in str(m["content"]) for m in messages[:-1]):
        commands = ["panel 3: the dog laughs"]
    else:
        return chat_completion(json.dumps({"commands": [], "question": "Which panel do you mean?"}))
    return chat_completion(json.dumps({"commands": commands, "question": ""}))


def test_with_a_model_the_second_turn_carries_the_first(data_dir: Path) -> None:
    from fake_servers import FakeServer

    from services.story.llm_client import LLMSettings
    from services.story.llm_storyteller import LLMStoryteller

    session = asyncio.run(_comic(open_studio(data_dir)))
    fake = FakeServer(respond=_scripted_director).start()
    try:
        model = LLMStoryteller(LLMSettings(model="fake-model", base_url=f"{fake.url}/v1", api_key="k", timeout=5))
        studio = open_studio(data_dir, storyteller=model)
        first, reply = asyncio.run(_turn(studio, session.session_id,
                                         "it should be dark, and the pup should giggle in the second picture"))
        second, again = asyncio.run(_turn(studio, session.session_id, "now the same in the next one"))
        third, question = asyncio.run(_turn(studio, session.session_id, "hmm"))
    finally:
        fake.stop()
    assert first is not None and reply.startswith("Night it is. Panel 2: ")
    assert second is not None and again.startswith("Panel 3: ") and second.versions[-1].changed == [2]
    assert third is None and question == "Which panel do you mean?"
    calls = [r["json"]["messages"] for r in fake.requests]
    assert all(c[0]["role"] == "system" for c in calls)
    earlier = [m["content"] for m in calls[1][1:-1]]  # the second call's history: Brown's memory of the comic
    assert PROMPT in earlier and "it should be dark, and the pup should giggle in the second picture" in earlier
    assert any(line.startswith("Reply: Night it is") for line in earlier)
    assert "Panel 2 caption:" in calls[1][-1]["content"]  # the comic as it is now, with its captions


def test_an_unreachable_model_leaves_brown_reading_the_words_himself(data_dir: Path) -> None:
    import socket

    from services.story.llm_client import LLMSettings
    from services.story.llm_storyteller import LLMStoryteller

    session = asyncio.run(_comic(open_studio(data_dir), panels=2))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{probe.getsockname()[1]}"
    model = LLMStoryteller(LLMSettings(model="m", base_url=f"{closed}/v1", api_key="k", timeout=1))
    finished, reply = asyncio.run(_turn(open_studio(data_dir, storyteller=model), session.session_id, "make it night"))
    assert finished is not None and reply.startswith("Night it is")
