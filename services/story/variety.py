"""How often the same caption line, or the same line with other names, comes back across comics.

A reader who makes forty comics should not meet the same line in many of them: this counts,
over a set of prompts, the share of caption lines that appear in three or more comics, and the
share whose skeleton (the line with the comic's character names taken out) does. It also
counts the generic lines: those that name none of this comic's cast, none of the prompt's
nouns and not the panel's action, so they could stand in any comic.
"""

from __future__ import annotations

import re
from collections import defaultdict

from pydantic import BaseModel

from services import vocabulary
from services.language.lemmas import tokens
from services.schemas import Panel, Storyboard
from services.story.language import caption_language
from services.story.storyboard_writer import write_storyboard
from services.story.verbs import tells


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
    generic_lines: int = 0
    generic_examples: list[str] = []
    generic_but_speaker: int = 0
    stock_sentences: list[str] = []


def skeleton(caption: str, names: list[str]) -> str:
    """The caption with the comic's character names taken out: what is left is the line's shape."""
    text = caption
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"\b{re.escape(name)}\b", "_", text)
    return text


def generic(panel: Panel, board: Storyboard, prompt: str, language: str, speaker: bool = True) -> bool:
    """Does the caption name none of the comic's cast (by name or the prompt's word), none of the prompt's nouns and
    not the panel's action? Such a line fits any comic. `speaker=False`: a speaker's name before a colon does not
    count ("Lena: Burp!... Excuse me." fits any comic with a Lena)."""
    text = panel.subtitle if speaker else re.sub(r"^[^:.!?]{1,40}:\s", "", panel.subtitle)
    words = tokens(text, language)
    said = {t.lower for t in words} | {t.lemma for t in words}
    names = {part.lower() for member in board.cast for part in member.name.split()}
    nouns = {w.lower() for m in vocabulary.find(prompt) for w in m.text_of(prompt).split() if len(w) > 2}
    nouns |= {lemma for m in vocabulary.find(prompt) for lemma in (m.entry.noun, m.entry.kind) if lemma}
    actions = {e.action for e in panel.scene.events} if panel.scene else set()
    return not (said & (names | nouns)) and not any(tells(words, language, a) for a in actions)


def caption_variety(prompts: list[str], panels: int = 4, seed: int = 1) -> CaptionVariety:
    """Each prompt's offline storyboard with this seed; a line counts once per comic."""
    comics_of: dict[str, set[int]] = defaultdict(set)
    skeletons_of: dict[str, set[int]] = defaultdict(set)
    lines_skeletons: list[str] = []
    total = 0
    generic_lines: list[str] = []
    but_speaker = 0
    sentence_comics: dict[str, set[int]] = defaultdict(set)
    for number, prompt in enumerate(prompts):
        board = write_storyboard(prompt, panels, seed, [])
        names = [part for member in board.cast for part in {member.name, *member.name.split()}]
        language = caption_language(prompt)
        for panel in board.panels:
            if generic(panel, board, prompt, language):
                generic_lines.append(f"{prompt} :: {panel.subtitle}")
            but_speaker += generic(panel, board, prompt, language, speaker=False)
            for sentence in re.split(r"(?<=[.!?])\s+", skeleton(panel.subtitle, names)):
                sentence_comics[sentence.strip()].add(number)
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
                                                   if len(skeletons_of[s]) > 1],
                          generic_lines=len(generic_lines), generic_examples=generic_lines,
                          generic_but_speaker=but_speaker,
                          stock_sentences=[f"{len(c)}x {t}" for t, c in sorted(sentence_comics.items(),
                                                                                 key=lambda kv: -len(kv[1]))
                                           if len(c) >= 2])
