"""The LLM storyteller against a real OpenAI-compatible HTTP server on 127.0.0.1, and its fallbacks."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from pathlib import Path

import pytest
from fake_servers import FakeServer, Reply, chat_completion

from agents.studio import open_studio
from services.memory.condenser import CommentContext
from services.review.simple_evaluator import find_incoherence
from services.schemas import CastMember, ComicFinished, Decision, PanelNote, StoryboardRequest, Verdict
from services.story.llm_client import LLMSettings
from services.story.llm_storyteller import LLMStoryteller

PROMPT = "A robot learns to paint sunsets on Mars"


def story_json(panels: int, caption: str = "Bolt paints the sunset, stroke {n}.") -> str:
    """A model's first plan: the events and one beat per panel (the robot paints a sunset)."""
    steps = ["before", *["during"] * max(0, panels - 2), "after"][:panels] if panels > 1 else ["during"]
    return json.dumps({
        "title": "Bolt paints Mars",
        "events": [{"actor": "the robot", "action": "paint", "object": "sunset", "recipient": None}],
        "panels": [{"events": [0], "step": step, "caption": caption.format(n=n)} for n, step in enumerate(steps)],
    })


def storyboard_json(panels: int, description: str = "Wide shot. Bolt the robot paints a sunset on Mars, panel {n}.") -> str:
    """A model's revision: every panel's description and caption."""
    return json.dumps({"title": "Bolt paints Mars", "panels": [
        {"description": description.format(n=n), "subtitle": f"Bolt: Stroke {n}."} for n in range(panels)]})


def answer(request: dict, panels: int = 4) -> Reply:
    """A plan's schema gets a plan, a revision's a revised storyboard."""
    name = request["json"]["response_format"]["json_schema"]["name"]
    return chat_completion(story_json(panels) if name.startswith("Story") and "board" not in name
                           else storyboard_json(panels))


@pytest.fixture
def server():
    fake = FakeServer(respond=answer).start()
    yield fake
    fake.stop()


def teller(url: str, timeout: float = 5.0) -> LLMStoryteller:
    return LLMStoryteller(LLMSettings(model="fake-model", base_url=f"{url}/v1", api_key="k", timeout=timeout))


def plan(storyteller: LLMStoryteller, panels: int = 4):
    return asyncio.run(storyteller.plan(StoryboardRequest(prompt=PROMPT, panels=panels), 1, ["Bolt is a robot."]))


def test_the_story_comes_from_the_model_with_a_bounded_schema(server: FakeServer) -> None:
    board = plan(teller(server.url))
    assert [p.subtitle for p in board.panels] == [f"Bolt paints the sunset, stroke {n}." for n in range(4)]
    assert [m.kind for m in board.cast] == ["robot"] and board.notices == []
    [request] = server.requests
    assert request["path"] == "/v1/chat/completions"
    body = request["json"]
    schema = body["response_format"]["json_schema"]["schema"]
    assert body["response_format"]["type"] == "json_schema" and body["max_tokens"] > 0
    panels = schema["properties"]["panels"]
    assert panels["minItems"] == panels["maxItems"] == 4
    assert schema["$defs"]["BeatDraft"]["properties"]["caption"]["maxLength"]
    actions = schema["$defs"]["EventDraft"]["properties"]["action"]["enum"]
    assert "paint" in actions and "eat" in actions and len(actions) >= 50  # the vocabulary, as an enum
    user = body["messages"][-1]["content"]
    assert "DATA: story prompt" in user and PROMPT in user
    assert "events as Bayko read them: 0. the robot paints" in user
    # Without an agent's history the story world still comes in the memory block, and only there.
    system = body["messages"][0]
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert system["content"].startswith("You are Bayko") and "<story_world>\n- Bolt is a robot.\n</story_world>" in \
        system["content"]
    assert "Bolt is a robot" not in user


def test_the_models_events_are_staged_and_drawn_like_the_offline_ones(server: FakeServer) -> None:
    board = plan(teller(server.url))
    during = board.panels[1].scene
    assert during is not None and [(e.action, e.object, e.step) for e in during.events] == [
        ("paint", "sunset", "during")]
    assert during.actors[0].action == "painting"


def test_a_whole_comic_from_the_model(server: FakeServer, data_dir: Path, recording_renderer,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMIC_LLM", "openai")
    monkeypatch.setenv("OPENAI_BASE_URL", f"{server.url}/v1")
    monkeypatch.setenv("COMIC_LLM_MODEL", "fake-model")
    studio = open_studio(data_dir, renderer=recording_renderer)
    assert isinstance(studio.storyteller, LLMStoryteller)

    async def run() -> ComicFinished:
        return [e async for e in studio.generate({"prompt": PROMPT, "panels": 4})][-1]

    session = asyncio.run(run()).session
    assert session.final.decision is Decision.APPROVE and session.notices == []
    final = session.attempts[-1].panels[2]
    assert final.subtitle == "Bolt paints the sunset, stroke 2."  # the model writes the captions...
    assert final.scene is not None and "painting" in final.description  # ...the beats draw the picture
    assert all(p.scene is not None for p in session.attempts[-1].panels)


def closed_port() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{probe.getsockname()[1]}"


@pytest.mark.parametrize(("reply", "reason"), [
    (Reply(status=500, body=b'{"error": "boom"}'), "HTTP 500"),
    (Reply(status=401, body=b'{"error": "no key"}'), "HTTP 401"),
    (chat_completion("this is not json at all"), "not JSON"),
    (chat_completion('{"title": "x", "panels": [}'), "not valid JSON"),
    (chat_completion(story_json(3)), "did not fit the schema"),
    (chat_completion(story_json(4, "Same caption.")), "broke the content rules"),
    (Reply(delay=5.0, body=b"{}"), "within 1 s"),
])
def test_every_failure_falls_back_to_the_offline_storyteller_with_a_notice(reply: Reply, reason: str) -> None:
    fake = FakeServer(respond=lambda request: reply).start()
    try:
        started = time.monotonic()
        # a short timeout only where the timeout is what is tested: a loaded machine answers slowly
        board = plan(teller(fake.url, timeout=1.0 if reply.delay else 10.0))
        elapsed = time.monotonic() - started
    finally:
        fake.stop()
    assert len(board.panels) == 4 and all(p.description for p in board.panels)
    [notice] = board.notices
    assert notice.startswith("LLM unavailable: ") and reason in notice and "used the offline storyteller" in notice
    if reply.delay:  # gave up at the 1 s timeout, not after the stalled reply (how fast the rest is: benchmarks)
        assert elapsed < reply.delay, elapsed


def test_a_retry_the_deadline_cuts_short_reports_the_error_that_caused_it() -> None:
    """An HTTP 500, retried, and the retry cut by the deadline: the reason is the 500, not a silent 'no answer'
    (a busy CI machine once turned every slow 500 into one). The first answer comes at once and the retry's
    stalls past the deadline, so how busy the machine is does not decide which attempt the deadline cuts."""
    calls: list[dict] = []

    def respond(request: dict) -> Reply:
        calls.append(request)
        return Reply(status=500, body=b'{"error": "boom"}', delay=0.0 if len(calls) == 1 else 3.0)

    fake = FakeServer(respond=respond).start()
    try:
        board = plan(teller(fake.url, timeout=2.0))
    finally:
        fake.stop()
    assert len(calls) >= 2 and "HTTP 500" in board.notices[0], (len(calls), board.notices)


def test_a_refused_connection_falls_back_within_the_timeout() -> None:
    """A refused connection is retried only inside the call's deadline (llm_client.ask): the fallback costs the
    offline storyteller's time plus at most the 2 s timeout, measured against the offline storyteller in the same
    run (so a busy machine slows both), the client's first import paid before the clock starts."""
    from services.story.storyteller import OfflineStoryteller

    refused = teller(closed_port(), timeout=2.0)  # builds the client: its modules are imported here
    started = time.monotonic()
    asyncio.run(OfflineStoryteller().plan(StoryboardRequest(prompt=PROMPT, panels=4), 1, ["Bolt is a robot."]))
    offline = time.monotonic() - started
    started = time.monotonic()
    board = plan(refused)
    assert "LLM unavailable" in board.notices[0] and time.monotonic() - started < offline + 2.0 + 1.0


def test_the_notice_reaches_brown_log_and_the_session(data_dir: Path, recording_renderer) -> None:
    studio = open_studio(data_dir, storyteller=teller(closed_port(), timeout=1.0), renderer=recording_renderer)

    async def run() -> list:
        return [e async for e in studio.generate({"prompt": PROMPT, "panels": 2})]

    events = asyncio.run(run())
    assert any("LLM unavailable" in n for n in events[1].notices)
    session = events[-1].session
    assert session.final is not None and any("LLM unavailable" in n for n in session.notices)
    brown = asyncio.run(studio.conversation(session.session_id))["brown"]
    assert any(line.content.startswith("Notice: LLM unavailable") for line in brown)


def test_the_models_words_never_reach_the_picture() -> None:
    fake = FakeServer(respond=lambda r: chat_completion(story_json(2, "Bolt, talking in a speech bubble {n}."))).start()
    try:
        board = plan(teller(fake.url), panels=2)
    finally:
        fake.stop()
    # The pictures come from the beats; the model writes only the title, the events and the captions. (Dialogue
    # in a storyboard from elsewhere is taken out by Bayko, visibly: tests/test_comic_loop.py.)
    assert board.notices == [] and all(p.scene is not None for p in board.panels)
    assert not any("speech" in p.description or "talking" in p.description for p in board.panels)


def test_a_revision_keeps_the_panels_brown_did_not_name(server: FakeServer) -> None:
    storyteller = teller(server.url)
    request = StoryboardRequest(prompt=PROMPT, panels=4)
    previous = asyncio.run(storyteller.plan(request, 1, []))
    previous = previous.model_copy(update={"panels": [p.model_copy(update={"description": f"Old {p.index}."})
                                                       for p in previous.panels]})
    verdict = Verdict(decision=Decision.REFINE, reason="r", final=False, match_ratio=0.1,
                      feedback="panel 2: no umbrella drawn",
                      panel_notes=[PanelNote(index=1, reason="no umbrella drawn", missing_words=["umbrella"])])
    revised = asyncio.run(storyteller.revise(request, 1, [], previous, verdict))
    assert [p.description for p in revised.panels][::2] == ["Old 0.", "Old 2."] and revised.panels[3].description == "Old 3."
    assert "umbrella" in revised.panels[1].description and revised.panels[1].scene is not None
    assert [p.subtitle for p in revised.panels] == [previous.panels[0].subtitle, "Bolt: Stroke 1.",
                                                    previous.panels[2].subtitle, previous.panels[3].subtitle]
    assert server.requests[-1]["json"]["response_format"]["json_schema"]["name"] == "Storyboard4Panels"
    assert "panel 2: no umbrella drawn" in server.requests[-1]["json"]["messages"][-1]["content"]


def test_a_revision_that_is_no_story_is_asked_again_by_the_reviewer_s_rule(server: FakeServer) -> None:
    """The spec's rule 2 comes from services.backends (story never imports review); a revision whose pictures
    are all the same is re-asked once with the rule named, then the good answer is used."""
    answers = iter([storyboard_json(4, "Bolt stands."), storyboard_json(4)])
    fake = FakeServer(respond=lambda r: chat_completion(next(answers))).start()
    try:
        request = StoryboardRequest(prompt=PROMPT, panels=4)
        previous = asyncio.run(teller(server.url).plan(request, 1, []))
        verdict = Verdict(decision=Decision.REFINE, reason="r", final=False, match_ratio=0.1, feedback="panel 1",
                          panel_notes=[PanelNote(index=0, reason="caption")])
        checked = LLMStoryteller(LLMSettings(model="m", base_url=f"{fake.url}/v1", api_key="k", timeout=5),
                                 incoherence=find_incoherence)
        revised = asyncio.run(checked.revise(request, 1, [], previous, verdict))
        assert len(fake.requests) == 2 and revised.panels[0].subtitle == "Bolt: Stroke 0."
        assert "different picture" in fake.requests[1]["json"]["messages"][-1]["content"]
    finally:
        fake.stop()


def test_comment_tasks_use_the_model_and_fall_back() -> None:
    answers = iter([json.dumps({"is_correction": True, "reason": "names a kind"}),
                    json.dumps({"memories": ["Bolt is a robot, not a toaster.", " ".join(["word"] * 30)]})])
    fake = FakeServer(respond=lambda r: chat_completion(next(answers))).start()
    context = CommentContext(prompt=PROMPT, cast=[CastMember(name="Bolt", kind="robot")])
    try:
        storyteller = teller(fake.url)
        assert asyncio.run(storyteller.classify_comment("He's no toaster!", context)) is True
        memories = asyncio.run(storyteller.condense_memories("He's no toaster!", context))
    finally:
        fake.stop()
    assert [(m.text, m.complete) for m in memories] == [("Bolt is a robot, not a toaster.", True),
                                                        (" ".join(["word"] * 30), False)]
    offline = teller(closed_port(), timeout=1.0)
    assert asyncio.run(offline.classify_comment("Bolt is a dog, not a cat.", context)) is True
    assert [m.text for m in asyncio.run(offline.condense_memories("Bolt is a dog, not a cat.", context))] == [
        "Bolt is a dog, not a cat."]


# --- The memory is the context: each call reads the agent's conversation so far, and the story world ---

LOOPING = ", ".join(["The story is over"] * 6)  # a caption Brown sends back (tests/test_comic_loop.py)


def studio_answer(request: dict) -> Reply:
    """A first plan whose panel 2 caption loops (so attempt 1 is refined), a clean revision, comment tasks."""
    name = request["json"]["response_format"]["json_schema"]["name"]
    if name == "CommentJudgement":
        return chat_completion(json.dumps({"is_correction": True, "reason": "names a kind"}))
    if name == "MemoryDrafts":
        return chat_completion(json.dumps({"memories": ["Bolt is a robot, not a toaster."]}))
    if name.startswith("Storyboard"):
        return chat_completion(storyboard_json(3))
    return chat_completion(story_json(3, "Bolt paints the sunset, stroke {n}.").replace(
        "Bolt paints the sunset, stroke 1.", LOOPING))


def roles_and_texts(messages: list[dict]) -> list[tuple[str, str]]:
    return [(m["role"], m["content"]) for m in messages]


def test_each_call_reads_the_agents_conversation_and_the_story_world(data_dir: Path, recording_renderer,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from services.memory.domain_memories import DomainMemory, MemoryStatus
    from services.story.llm_client import system_prompt

    fake = FakeServer(respond=studio_answer).start()
    monkeypatch.setenv("COMIC_LLM", "openai")
    monkeypatch.setenv("OPENAI_BASE_URL", f"{fake.url}/v1")
    monkeypatch.setenv("COMIC_LLM_MODEL", "fake-model")
    try:
        studio = open_studio(data_dir, renderer=recording_renderer)
        fact = "The robot is green"  # it shapes the comic (the robot is drawn green), so Brown keeps sending it
        accepted = studio.memories.add(DomainMemory(issue_id="s", comment_id="c", memory=fact)).record
        studio.memories.set_status(accepted.memory_id, MemoryStatus.ACCEPTED)

        async def make() -> ComicFinished:
            return [e async for e in studio.generate({"prompt": PROMPT, "panels": 3})][-1]

        session = asyncio.run(make()).session
        comic_calls = list(fake.requests)
        asyncio.run(studio.add_comment(session.session_id, "He is not a toaster, he is a robot!"))
        conversation = asyncio.run(studio.conversation(session.session_id))
    finally:
        fake.stop()
    assert len(session.attempts) >= 2 and session.attempts[0].verdict.decision is Decision.REFINE
    plan_call, revise_call = (call["json"]["messages"] for call in comic_calls[:2])
    assert comic_calls[1]["json"]["response_format"]["json_schema"]["name"] == "Storyboard3Panels"
    block = f"<story_world>\n- {fact}\n</story_world>"
    for messages in (plan_call, revise_call):
        # One system message, in front: the system prompt first, then the memory block with the accepted fact.
        assert [m["role"] for m in messages].count("system") == 1 and messages[0]["role"] == "system"
        assert messages[0]["content"].startswith(system_prompt("bayko")) and block in messages[0]["content"]
        assert messages[0]["content"].startswith("You are Bayko, the artist")
        assert messages[-1]["role"] == "user" and fact not in messages[-1]["content"]  # not pasted in the prompt
    bayko = [(line.role, line.content) for line in conversation["bayko"]]
    # The first call: the request Bayko just received; the second: the whole first turn, as Bayko's memory has it.
    assert roles_and_texts(plan_call[1:-1]) == bayko[:2] and bayko[0] == (
        "user", f"Received generation request: {PROMPT}")
    history = roles_and_texts(revise_call[1:-1])
    assert history == bayko[:len(history)]
    said = [text for _, text in history]
    assert ("assistant", "Generated 3 panels successfully") in history
    first_attempt = next(text for text in said if text.startswith("Attempt 1: 3 panels"))
    assert LOOPING in first_attempt and "Panel 2: " in first_attempt  # Bayko's first attempt, line by line
    assert history[-1][0] == "user" and history[-1][1].startswith("Brown asks for attempt 2: Please change: panel 2")
    assert revise_call[-1]["content"].startswith("Brown, the director, asked for a better version")
    # Brown's comment tasks read his conversation on this comic, the comment last, and the same story world.
    comment_calls = [call["json"] for call in fake.requests[len(comic_calls):]]
    assert [c["response_format"]["json_schema"]["name"] for c in comment_calls] == ["CommentJudgement",
                                                                                     "MemoryDrafts"]
    brown = [(line.role, line.content) for line in conversation["brown"]]
    for call in comment_calls:
        messages = call["messages"]
        assert messages[0]["role"] == "system" and block in messages[0]["content"]
        assert messages[0]["content"].startswith("You are Brown, the director")  # his call, his part
        assert roles_and_texts(messages[1:-1]) == brown[:len(messages) - 2]
        assert messages[-2]["role"] == "user" and messages[-2]["content"].endswith(
            "He is not a toaster, he is a robot!")
        assert any(text.startswith("Final: ") for role, text in roles_and_texts(messages[1:-1]))
    assert "facts already accepted" in comment_calls[1]["messages"][-1]["content"]  # the rule names the block...
    assert fact not in comment_calls[1]["messages"][-1]["content"]  # ...whose facts are not repeated there


def test_the_system_message_is_one_and_in_front() -> None:
    """`Memory.aget` puts its blocks into the window's first system message, wherever a stored system line is."""
    from llama_index.core.base.llms.types import ChatMessage, MessageRole

    from services.story.llm_client import chat_messages

    history = [ChatMessage(role=MessageRole.USER, content="Draw a robot"),
               ChatMessage(role=MessageRole.SYSTEM, content="<memory>\n<story_world>\n- Bolt is a robot.\n"
                                                            "</story_world>\n</memory>\na stored system line"),
               ChatMessage(role=MessageRole.ASSISTANT, content="Attempt 1"),
               ChatMessage(role=MessageRole.DEVELOPER, content="a developer note")]
    messages = chat_messages("Instructions.", history, "The task.")
    assert [(m.role, m.content) for m in messages] == [
        (MessageRole.SYSTEM, "Instructions.\n\n<memory>\n<story_world>\n- Bolt is a robot.\n</story_world>\n"
                             "</memory>\na stored system line\n\na developer note"),
        (MessageRole.USER, "Draw a robot"), (MessageRole.ASSISTANT, "Attempt 1"), (MessageRole.USER, "The task.")]
    assert [(m.role, m.content) for m in chat_messages("Instructions.", [], "The task.")] == [
        (MessageRole.SYSTEM, "Instructions."), (MessageRole.USER, "The task.")]
