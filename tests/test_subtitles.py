"""The subtitle track is one cue per panel, in order."""

from __future__ import annotations

from services.schemas import Panel
from services.storage.subtitles import to_vtt


def test_one_cue_per_panel_in_order() -> None:
    panels = [Panel(index=i, description="d", subtitle=f"Line {i}") for i in range(3)]
    vtt = to_vtt(panels)
    assert vtt.startswith("WEBVTT\n\n")
    cues = vtt.strip().split("\n\n")[1:]
    assert [cue.splitlines()[-1] for cue in cues] == ["Line 0", "Line 1", "Line 2"]
    assert cues[0].splitlines()[1] == "00:00:00.000 --> 00:00:02.500"
    assert cues[1].splitlines()[1] == "00:00:02.500 --> 00:00:05.000"


def test_text_cannot_break_a_cue() -> None:
    vtt = to_vtt([Panel(index=0, description="d", subtitle="a\n\nb --> c")])
    assert vtt.strip().splitlines()[-1] == "a b → c"
