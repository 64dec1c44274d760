"""How often the same caption line, or the same line with other names, comes back across comics.

A reader who makes forty comics should not meet the same line in many of them: this counts,
over a set of prompts, the share of caption lines that appear in three or more comics, and the
share whose skeleton (the line with the comic's character names taken out) does.
"""

from __future__ import annotations

import re
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
    skeletons_in_three_or_more: int = 0
    share_of_skeletons_in_three_or_more: float = 0.0
    most_repeated_skeletons: list[str] = []


def skeleton(caption: str, names: list[str]) -> str:
    """The caption with the comic's character names taken out: what is left is the line's shape."""
    text = caption
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"\b{re.escape(name)}\b", "_", text)
    return text


def caption_variety(prompts: list[str], panels: int = 4, seed: int = 1) -> CaptionVariety:
    """Each prompt's offline storyboard with this seed; a line counts once per comic."""
    comics_of: dict[str, set[int]] = defaultdict(set)
    skeletons_of: dict[str, set[int]] = defaultdict(set)
    lines_skeletons: list[str] = []
    total = 0
    for number, prompt in enumerate(prompts):
        board = write_storyboard(prompt, panels, seed, [])
        names = [part for member in board.cast for part in {member.name, *member.name.split()}]
        for panel in board.panels:
            comics_of[panel.subtitle].add(number)
            shape = skeleton(panel.subtitle, names)
            skeletons_of[shape].add(number)
            lines_skeletons.append(shape)
            total += 1
    spread = {line: len(comics) for line, comics in comics_of.items()}
    repeated = [line for line, count in spread.items() if count >= 3]
    lines_in_three = sum(1 for comics in comics_of.values() for _ in comics if len(comics) >= 3)
    worst = sorted(spread, key=lambda line: -spread[line])[:5]
    shared = sum(1 for shape in lines_skeletons if len(skeletons_of[shape]) >= 3)
    worst_shapes = sorted(skeletons_of, key=lambda shape: -len(skeletons_of[shape]))[:5]
    return CaptionVariety(comics=len(prompts), lines=total, distinct_lines=len(spread),
                          lines_in_three_or_more=lines_in_three,
                          share_in_three_or_more=lines_in_three / total if total else 0.0,
                          most_comics_for_one_line=max(spread.values(), default=0),
                          most_repeated=[f"{spread[line]}x {line}" for line in worst if spread[line] > 1] or
                          [line for line in repeated],
                          skeletons_in_three_or_more=shared, share_of_skeletons_in_three_or_more=shared / total if total else 0.0,
                          most_repeated_skeletons=[f"{len(skeletons_of[s])}x {s}" for s in worst_shapes
                                                   if len(skeletons_of[s]) > 1])
