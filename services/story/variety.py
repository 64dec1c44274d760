"""How often the same caption line comes back across different comics.

A reader who makes forty comics should not meet the same line in many of them:
this counts, over a set of prompts, the share of caption lines that appear in
three or more comics and the most comics any one line appears in.
"""

from __future__ import annotations

from collections import defaultdict

from pydantic import BaseModel

from services.story.storyboard_writer import write_storyboard


class CaptionVariety(BaseModel):
    comics: int
    lines: int
    distinct_lines: int
    lines_in_three_or_more: int
    share_in_three_or_more: float
    most_comics_for_one_line: int
    most_repeated: list[str]


def caption_variety(prompts: list[str], panels: int = 4, seed: int = 1) -> CaptionVariety:
    """Each prompt's offline storyboard with this seed; a line counts once per comic."""
    comics_of: dict[str, set[int]] = defaultdict(set)
    total = 0
    for number, prompt in enumerate(prompts):
        board = write_storyboard(prompt, panels, seed, [])
        for panel in board.panels:
            comics_of[panel.subtitle].add(number)
            total += 1
    spread = {line: len(comics) for line, comics in comics_of.items()}
    repeated = [line for line, count in spread.items() if count >= 3]
    lines_in_three = sum(1 for comics in comics_of.values() for _ in comics if len(comics) >= 3)
    worst = sorted(spread, key=lambda line: -spread[line])[:5]
    return CaptionVariety(comics=len(prompts), lines=total, distinct_lines=len(spread),
                          lines_in_three_or_more=lines_in_three,
                          share_in_three_or_more=lines_in_three / total if total else 0.0,
                          most_comics_for_one_line=max(spread.values(), default=0),
                          most_repeated=[f"{spread[line]}x {line}" for line in worst if spread[line] > 1] or
                          [line for line in repeated])
