"""The subtitle track: one cue per panel, kept apart from the art."""

from __future__ import annotations

from collections.abc import Sequence

from services.schemas import Panel

MIN_CUE_SECONDS = 2.5
CHARACTERS_PER_SECOND = 15


def cue_times(panels: Sequence[Panel]) -> list[tuple[float, float]]:
    """Start and end of each panel's cue, long enough to read at a relaxed pace."""
    times, start = [], 0.0
    for panel in panels:
        duration = max(MIN_CUE_SECONDS, len(panel.subtitle) / CHARACTERS_PER_SECOND)
        times.append((start, start + duration))
        start += duration
    return times


def _timestamp(seconds: float, separator: str) -> str:
    millis = round(seconds * 1000)
    hours, rest = divmod(millis, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    return f"{hours:02d}:{minutes:02d}:{rest // 1000:02d}{separator}{rest % 1000:03d}"


def _cue_text(text: str) -> str:
    # A blank line or "-->" would end or break a cue.
    return " ".join(text.replace("-->", "→").split())


def to_vtt(panels: Sequence[Panel]) -> str:
    lines = ["WEBVTT", ""]
    for panel, (start, end) in zip(panels, cue_times(panels)):
        lines += [f"panel-{panel.index + 1}", f"{_timestamp(start, '.')} --> {_timestamp(end, '.')}",
                  _cue_text(panel.subtitle), ""]
    return "\n".join(lines)


def to_srt(panels: Sequence[Panel]) -> str:
    blocks = [f"{number}\n{_timestamp(start, ',')} --> {_timestamp(end, ',')}\n{_cue_text(panel.subtitle)}\n"
              for number, (panel, (start, end)) in enumerate(zip(panels, cue_times(panels)), start=1)]
    return "\n".join(blocks)
