"""The loop between Brown and Bayko, with scripted storytellers and a recording renderer."""

from __future__ import annotations

import asyncio
import json
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

    async def plan(self, request: StoryboardRequest, seed: int, memories: list[str]) -> Storyboard:
        return self._board(self.drafts[0])

    async def revise(self, request, seed, memories, previous, verdict) -> Storyboard:  # type: ignore[no-untyped-def]
        self.verdicts.append(verdict)
        return self._board(self.drafts[min(len(self.verdicts), len(self.drafts) - 1)])


def run(studio, request: dict) -> list:  # type: ignore[no-untyped-def]
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


def test_a_speech_bubble_ends_in_a_reject(data_dir: Path, recording_renderer) -> None:
    teller = ScriptedStoryteller([["A robot with a speech bubble on Mars.", "The sunset."]])
    events = run(open_studio(data_dir, teller, recording_renderer), {"prompt": PROMPT, "panels": 2})
    verdicts = [e.verdict for e in events if isinstance(e, VerdictGiven)]
    assert len(verdicts) == 1 and verdicts[0].decision is Decision.REJECT
    assert events[-1].session.final.decision is Decision.REJECT


def test_a_run_never_exceeds_three_attempts(data_dir: Path, recording_renderer) -> None:
    teller = ScriptedStoryteller([["A cat sleeps.", "A dog barks."]])
    events = run(open_studio(data_dir, teller, recording_renderer), {"prompt": PROMPT, "panels": 2})
    attempts = [e for e in events if isinstance(e, AttemptDrawn)]
    assert len(attempts) == 3
    assert events[-1].session.final.decision is Decision.APPROVE
    assert "Maximum" in events[-2].verdict.reason


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
                                  "layout": "grid_2x2"}
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
    assert PROMPT in brown[0] and any("REFINE" in line for line in brown) and any("APPROVE" in line for line in brown)
    assert any("attempt 2" in line for line in bayko) and sum(line.startswith("Attempt") for line in bayko) == 2


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


def test_a_revision_redraws_only_the_panels_brown_named(data_dir: Path, recording_renderer) -> None:
    prompt = " ".join(f"keeper{n} lamp{n}" for n in range(60))  # far more words than four panels show
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
