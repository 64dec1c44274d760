"""The loop between Brown and Bayko, with scripted storytellers and a recording renderer."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

import pytest

from agents.studio import open_studio
from services.schemas import (
    AttemptDrawn,
    ComicFinished,
    Decision,
    Panel,
    SessionStarted,
    Storyboard,
    StoryboardRequest,
    Verdict,
    VerdictGiven,
)
from services.story.storyteller import OfflineStoryteller

PROMPT = "A robot paints the sunset on Mars"


class ScriptedStoryteller(OfflineStoryteller):
    """Returns the drafts it was given, one per attempt, and records Brown's verdicts."""

    name = "scripted"

    def __init__(self, drafts: list[list[str]]) -> None:
        self.drafts = drafts
        self.verdicts: list[Verdict] = []

    def _board(self, descriptions: list[str]) -> Storyboard:
        panels = [Panel(index=i, description=d, subtitle=f"Line {i}: secret subtitle {i}") for i, d in enumerate(descriptions)]
        return Storyboard(title="t", setting="mars", mood="happy", cast=[], panels=panels)

    def read(self, request, seed, memories):
        """These scripts test the spec's rules and the concept and caption checks: a reading without events
        (the event checks are tested with stories that tell events)."""
        return super().read(request, seed, memories).model_copy(update={"events": []})

    async def plan(self, request: StoryboardRequest, seed: int, memories: list[str], reading=None, *,
                   history=None) -> Storyboard:
        return self._board(self.drafts[0])

    async def revise(self, request, seed, memories, previous, verdict, reading=None, *, history=None) -> Storyboard:
        self.verdicts.append(verdict)
        return self._board(self.drafts[min(len(self.verdicts), len(self.drafts) - 1)])


def run(studio, request: dict) -> list:
    async def collect() -> list:
        return [event async for event in studio.generate(request)]
    return asyncio.run(collect())


def test_a_draft_that_misses_the_prompt_is_refined_then_approved(data_dir: Path, recording_renderer) -> None:
    teller = ScriptedStoryteller([["A cat sleeps.", "A dog barks."], ["A robot paints.", "The sunset on Mars."]])
    events = run(open_studio(data_dir, teller, recording_renderer), {"prompt": PROMPT, "panels": 2})
    verdicts = [e.verdict for e in events if isinstance(e, VerdictGiven)]
    assert [v.decision for v in verdicts] == [Decision.REFINE, Decision.APPROVE]
    assert "robot" in verdicts[0].feedback and "mars" in verdicts[0].feedback
    assert teller.verdicts[0].decision is Decision.REFINE
    finished = events[-1]
    assert isinstance(finished, ComicFinished)
    assert finished.session.final.decision is Decision.APPROVE and finished.session.final.attempt == 2


def test_events_come_in_order(data_dir: Path, recording_renderer) -> None:
    teller = ScriptedStoryteller([["A cat sleeps.", "A dog barks."], ["A robot paints the sunset on Mars.", "x"]])
    events = run(open_studio(data_dir, teller, recording_renderer), {"prompt": PROMPT, "panels": 2})
    kinds = [type(e) for e in events]
    assert kinds == [SessionStarted, AttemptDrawn, VerdictGiven, AttemptDrawn, VerdictGiven, ComicFinished]
    assert [e.attempt.attempt for e in events if isinstance(e, AttemptDrawn)] == [1, 2]


def test_a_speech_bubble_is_taken_out_by_bayko_who_says_so(data_dir: Path, recording_renderer) -> None:
    teller = ScriptedStoryteller([["A robot paints on Mars.", "The robot with a speech bubble at sunset."]])
    studio = open_studio(data_dir, teller, recording_renderer, strict_review=False)
    events = run(studio, {"prompt": PROMPT, "panels": 2})
    drawn = [e for e in events if isinstance(e, AttemptDrawn)][0]
    said = "Bayko took 'speech bubble' out of panel 2"
    assert [n for n in drawn.notices if n.startswith("Bayko took")] == [
        f"{said}: words are not drawn in a picture."]
    assert "speech" not in drawn.attempt.panels[1].description.lower()
    assert all("speech" not in r.description.lower() for r in recording_renderer.requests)
    session = events[-1].session
    assert session.final.decision is Decision.APPROVE and any(n.startswith(said) for n in session.notices)
    bayko = [line.content for line in asyncio.run(studio.conversation(session.session_id))["bayko"]]
    assert any(line.startswith(said) for line in bayko)


def test_in_strict_review_a_speech_bubble_is_rejected_as_the_spec_says(data_dir: Path, recording_renderer) -> None:
    teller = ScriptedStoryteller([["A robot paints on Mars.", "The robot with a speech bubble at sunset."]])
    events = run(open_studio(data_dir, teller, recording_renderer, strict_review=True), {"prompt": PROMPT, "panels": 2})
    verdicts = [e.verdict for e in events if isinstance(e, VerdictGiven)]
    assert len(verdicts) == 1 and verdicts[0].decision is Decision.REJECT and verdicts[0].final
    assert verdicts[0].reason == "Images contain dialogue text - use subtitles instead"
    assert events[-1].session.final.decision is Decision.REJECT
    assert "speech bubble" in events[1].attempt.panels[1].description


def test_strict_review_comes_from_the_environment(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMIC_STRICT_REVIEW", "1")
    assert open_studio(data_dir).strict_review is True
    monkeypatch.delenv("COMIC_STRICT_REVIEW")
    assert open_studio(data_dir).strict_review is False


def test_a_revision_that_changes_nothing_is_the_last(data_dir: Path, recording_renderer) -> None:
    """The same panels again would be reviewed the same: Brown ends the loop and says why."""
    teller = ScriptedStoryteller([["A cat sleeps.", "A dog barks."]])
    events = run(open_studio(data_dir, teller, recording_renderer), {"prompt": PROMPT, "panels": 2})
    assert len([e for e in events if isinstance(e, AttemptDrawn)]) == 2
    assert events[-1].session.final.decision is Decision.APPROVE
    assert events[-2].verdict.reason.startswith("Approved at attempt 2: Bayko could change nothing more")


LONG_PROMPT = "A robot paints the sunset on Mars while two moons rise over the red dunes and a lonely rover hums"


def test_a_run_never_exceeds_three_attempts(data_dir: Path, recording_renderer) -> None:
    """Each revision shows one more of the prompt's words and still too few: the third attempt is the last."""
    teller = ScriptedStoryteller([["A cat sleeps.", "A dog barks."], ["A robot sleeps.", "A dog barks."],
                                  ["A robot sleeps.", "A dog paints."], ["A robot paints.", "The sunset."]])
    events = run(open_studio(data_dir, teller, recording_renderer), {"prompt": LONG_PROMPT, "panels": 2})
    attempts = [e for e in events if isinstance(e, AttemptDrawn)]
    assert len(attempts) == 3
    assert events[-1].session.final.decision is Decision.APPROVE
    assert events[-2].verdict.reason == "Max attempts (3) reached - accepting current quality"


def test_the_renderer_never_receives_a_subtitle(data_dir: Path, recording_renderer) -> None:
    teller = ScriptedStoryteller([["A cat sleeps.", "A dog barks."], ["A robot paints the sunset on Mars.", "x"]])
    run(open_studio(data_dir, teller, recording_renderer), {"prompt": PROMPT, "panels": 2})
    assert len(recording_renderer.requests) == 4
    for request in recording_renderer.requests:
        assert "secret subtitle" not in request.model_dump_json()
        assert "subtitle" not in type(request).model_fields


def test_the_session_is_saved_with_every_attempt(data_dir: Path, recording_renderer) -> None:
    teller = ScriptedStoryteller([["A cat sleeps.", "A dog barks."], ["A robot paints the sunset on Mars.", "x"]])
    events = run(open_studio(data_dir, teller, recording_renderer), {"prompt": PROMPT, "panels": 2, "seed": 7})
    folder = Path(events[-1].session_dir)
    assert folder.parent == data_dir / "sessions"
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["request"] == {"prompt": PROMPT, "style": "classic", "panels": 2, "seed": 7, "user_id": None,
                                  "layout": "grid_2x2", "owned": True, "language": "auto"}
    assert [a["attempt"] for a in manifest["attempts"]] == [1, 2]
    assert manifest["final"] == {"decision": "approve", "attempt": 2}
    for attempt in manifest["attempts"]:
        assert set(attempt["verdict"]) >= {"decision", "reason", "final", "match_ratio"}
        for panel in attempt["panels"]:
            assert set(panel) >= {"index", "description", "subtitle", "image"}
            assert (folder / panel["image"]).is_file()
    assert (folder / "comic.png").is_file() and (folder / "subtitles.vtt").is_file()
    assert manifest["domain_memories"] == []


def test_both_agents_log_their_side(data_dir: Path, recording_renderer) -> None:
    teller = ScriptedStoryteller([["A cat sleeps.", "A dog barks."], ["A robot paints the sunset on Mars.", "x"]])
    studio = open_studio(data_dir, teller, recording_renderer)
    session_id = run(studio, {"prompt": PROMPT, "panels": 2})[0].session_id
    transcripts = asyncio.run(studio.conversation(session_id))
    brown = [line.content for line in transcripts["brown"]]
    bayko = [line.content for line in transcripts["bayko"]]
    # The spec's lines, word for word, each followed by the studio's richer ones.
    assert brown[0] == PROMPT and [line.role for line in transcripts["brown"]][0] == "user"
    assert "Created generation request for Bayko" in brown
    assert "Evaluation: refine - Output needs improvement to better match prompt" in brown
    assert "Evaluation: approve - Output matches prompt and quality is acceptable" in brown
    assert bayko.count(f"Received generation request: {PROMPT}") == 2
    assert bayko.count("Generated 2 panels successfully") == 2
    assert any(line.startswith("Sent back for another try on attempt 1 of 3.") for line in brown)
    assert any(line.startswith("Approved on attempt 2 of 3.") for line in brown)
    assert any("attempt 2" in line for line in bayko) and sum(line.startswith("Attempt") for line in bayko) == 2


def test_the_spec_lines_reach_the_log(data_dir: Path, recording_renderer, caplog: pytest.LogCaptureFixture) -> None:
    teller = ScriptedStoryteller([["A cat sleeps.", "A dog barks."], ["A robot paints the sunset on Mars.", "x"]])
    with caplog.at_level(logging.INFO):
        run(open_studio(data_dir, teller, recording_renderer), {"prompt": PROMPT, "panels": 2})
    lines = [(r.name, r.getMessage()) for r in caplog.records]
    assert ("agents.brown", "Brown: Created generation request for Bayko") in lines
    assert ("agents.bayko", f"Bayko: Received generation request: {PROMPT}") in lines
    assert ("agents.bayko", "Bayko: Generated 2 panels successfully") in lines
    assert ("agents.brown", "Brown: Evaluation: refine - Output needs improvement to better match prompt") in lines
    assert ("agents.brown", "Brown approved: Output matches prompt and quality is acceptable") in lines
    assert ("services.review.simple_evaluator", "Brown evaluating attempt 2/3") in lines


def test_a_bad_request_writes_nothing(data_dir: Path, recording_renderer) -> None:
    from services.schemas import InvalidRequest

    studio = open_studio(data_dir, ScriptedStoryteller([["x"]]), recording_renderer)
    with pytest.raises(InvalidRequest, match="panels"):
        run(studio, {"prompt": PROMPT, "panels": 9})
    assert list((data_dir / "sessions").iterdir()) == []


def test_accepted_domain_memories_reach_bayko(data_dir: Path, recording_renderer) -> None:
    from services.memory.domain_memories import DomainMemory, MemoryStatus

    studio = open_studio(data_dir, ScriptedStoryteller([["A robot paints the sunset on Mars."]]), recording_renderer)
    accepted = studio.memories.add(DomainMemory(issue_id="s", comment_id="c",
                                                memory="The robot on Mars is called Bolt")).record
    studio.memories.set_status(accepted.memory_id, MemoryStatus.ACCEPTED)
    studio.memories.add(DomainMemory(issue_id="s", comment_id="c", memory="The robot hates rain"))
    events = run(studio, {"prompt": PROMPT, "panels": 1})
    assert events[0].domain_memories == ["The robot on Mars is called Bolt"]
    # This scripted storyboard has no cast, so the memory changed nothing and the comic does not cite it.
    assert events[-1].session.domain_memories == [] and events[-1].session.memory_effects == []


def test_a_revision_redraws_only_the_panels_brown_named(data_dir: Path, recording_renderer,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # Far more words than four panels show; the plurals name things the revision can add to a panel
    # (descriptions that do not repeat the prompt's own words, so the first draft misses the plurals).
    monkeypatch.setattr("services.story.scene_description.prompt_word", lambda *args, **kwargs: "")
    prompt = " ".join(f"keeper{n} lamp{n}" for n in range(60)) + " umbrellas kites lanterns guitars books cups"
    studio = open_studio(data_dir, renderer=recording_renderer)
    events = run(studio, {"prompt": prompt, "panels": 4})
    first, second = [e.attempt for e in events if isinstance(e, AttemptDrawn)][:2]
    notes = [e.verdict for e in events if isinstance(e, VerdictGiven)][0].panel_notes
    named = {note.index for note in notes}
    assert 0 < len(named) <= 2 and all(note.reason and note.missing_words for note in notes)
    assert {p.index for p in second.panels if p.changed} == named
    for before, after in zip(first.panels, second.panels):
        if after.index in named:
            assert (after.version, after.image) == (2, f"attempt_2/panel_{after.index + 1}.png")
            assert after.description != before.description
        else:
            assert (after.version, after.image, after.description) == (1, before.image, before.description)
    drawn_in_second = [r.panel_index for r in recording_renderer.requests[4:4 + len(named)]]
    assert sorted(drawn_in_second) == sorted(named)
    manifest = json.loads((Path(events[-1].session_dir) / "manifest.json").read_text())
    versions = {(p["index"], p["version"]) for a in manifest["attempts"] for p in a["panels"]}
    assert versions >= {(i, 1) for i in range(4)} | {(i, 2) for i in named}


def test_a_small_models_dialogue_never_reaches_the_pictures_and_its_looping_captions_are_replaced(
        data_dir: Path, recording_renderer, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a 135M model wrote, measured: dialogue in the pictures and a caption that loops, at every attempt.

    The pictures come from the scene plan, so the model's dialogue never reaches them; its looping caption
    is sent back, then replaced by the offline storyteller's."""
    from fake_servers import FakeServer, chat_completion

    looping = ", ".join(["The story is over"] * 6)
    story = json.dumps({"title": "Bolt", "events": [{"actor": "robot", "action": "paint", "object": "sunset",
                                                     "recipient": None}],
                        "panels": [{"events": [0], "step": step, "caption": looping if n == 1 else
                                    f"The robot paints the sunset with a speech bubble, stroke {n}."}
                                   for n, step in enumerate(("before", "during", "after"))]})
    board = json.dumps({"title": "Bolt", "panels": [
        {"description": f"Bolt the robot paints the sunset on Mars with a speech bubble, panel {n}.",
         "subtitle": looping if n == 1 else f"Stroke {n}."} for n in range(3)]})

    def answer(request: dict):
        name = request["json"]["response_format"]["json_schema"]["name"]
        return chat_completion(board if name.startswith("Storyboard") else story)
    server = FakeServer(respond=answer).start()
    try:
        monkeypatch.setenv("COMIC_LLM", "openai")
        monkeypatch.setenv("OPENAI_BASE_URL", f"{server.url}/v1")
        monkeypatch.setenv("COMIC_LLM_MODEL", "fake-model")
        events = run(open_studio(data_dir, renderer=recording_renderer), {"prompt": PROMPT, "panels": 3})
    finally:
        server.stop()
    verdicts = [e.verdict for e in events if isinstance(e, VerdictGiven)]
    assert [v.decision for v in verdicts] == [Decision.REFINE, Decision.REFINE, Decision.APPROVE]
    assert all(v.spec_decision is Decision.APPROVE for v in verdicts[:2])  # the spec alone would have approved
    assert verdicts[0].feedback == 'Please change: panel 2 its caption repeats "the story is over".'
    session = events[-1].session
    assert any(n.startswith("Brown replaced panel 2 with the offline storyteller's") for n in session.notices)
    final = session.attempts[-1]
    assert looping not in [p.subtitle for p in final.panels] and verdicts[-1].replaced_panels == [1]
    assert all("speech" not in p.description for p in final.panels)


@pytest.mark.parametrize("prompt", [
    "Une sorcière perd son chapeau dans la forêt", "Ein Pinguin fährt Fahrrad in der Wüste",
    "Un gato astronauta arregla un cohete", "Two beavers build a bridge across a roaring river before the flood",
    "Un chat pirate cherche un trésor dans la jungle",
])
def test_a_non_english_or_plural_prompt_is_approved_before_the_last_attempt(data_dir: Path, prompt: str) -> None:
    """The spec's evaluator counts the prompt's own words: descriptions name drawn things by them too."""
    finished = run(open_studio(data_dir), {"prompt": prompt, "panels": 4, "seed": 11})[-1]
    assert len(finished.session.attempts) < 3, [a.verdict for a in finished.session.attempts]


@pytest.mark.parametrize("prompt", ["Un petit robot répare une horloge, puis il danse avec la chouette",
                                    "Le vent emporte le chapeau de Paul, alors il le poursuit dans la rue.",
                                    "Un hérisson timide rencontre un renard dans la forêt, et ils deviennent amis"])
def test_a_comic_that_tells_a_french_prompt_is_approved_at_once(tmp_path: Path, prompt: str) -> None:
    """The spec counts the prompt's own words in the descriptions: they name what is drawn and done in the
    prompt's words too ('is building (said répare in the prompt)'), so a French story that is all there is not
    sent back twice for 'un, la, et'."""
    events = run(open_studio(tmp_path / "data"), {"prompt": prompt, "panels": 4, "seed": 7})
    finished = events[-1]
    assert isinstance(finished, ComicFinished)
    first = finished.session.attempts[0].verdict
    assert first is not None and first.decision is Decision.APPROVE, first.reason


class HistorySpy(OfflineStoryteller):
    """The offline storyteller, noting the history Bayko hands it; `passes` says whether it hands it on."""

    def __init__(self, passes: bool) -> None:
        self.passes = passes
        self.histories: list[list] = []

    async def plan(self, request, seed, memories, reading=None, *, history=None) -> Storyboard:
        self.histories.append(history)
        return await super().plan(request, seed, memories, reading, history=history if self.passes else None)

    async def revise(self, request, seed, memories, previous, verdict, reading=None, *, history=None) -> Storyboard:
        self.histories.append(history)
        return await super().revise(request, seed, memories, previous, verdict, reading,
                                    history=history if self.passes else None)


def test_the_offline_path_gets_the_history_and_ignores_it(tmp_path: Path, recording_renderer) -> None:
    """Bayko hands every storyteller his memory's context; the offline one draws the same comic with or without."""
    request = {"prompt": "A chef drops a pizza and a dog eats it", "panels": 4, "seed": 3}
    given, withheld = HistorySpy(passes=True), HistorySpy(passes=False)
    with_history = run(open_studio(tmp_path / "a", given, recording_renderer), request)[-1].session
    without = run(open_studio(tmp_path / "b", withheld, recording_renderer), request)[-1].session
    assert [[(p.description, p.subtitle) for p in a.panels] for a in with_history.attempts] == [
        [(p.description, p.subtitle) for p in a.panels] for a in without.attempts]
    first = given.histories[0]
    assert first[-1].content == "Brown asks for a 4-panel classic comic of that prompt"  # the request just received
