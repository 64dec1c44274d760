"""The reader's checks on captions, shared by the storyteller that writes them and Brown who reviews them.

A caption fails when it repeats a phrase of its own, runs past the caption limit,
copies the prompt (six or more consecutive prompt words) or repeats another
panel's caption. They live with the story so that the writer can pick lines that
pass; the editor (`services.review.editor_checks`) applies the same rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from services.language.repetition import repeated_phrase, words
from services.schemas import PanelNote

CAPTION_MAX_CHARS = 160
PROMPT_COPY_WORDS = 6


def caption_notes(prompt: str, captions: Sequence[str]) -> list[PanelNote]:
    """One note per caption that fails the reader's checks, naming every problem it has."""
    prompt_runs = _ngrams(words(prompt), PROMPT_COPY_WORDS)
    seen: dict[tuple[str, ...], int] = {}
    notes = []
    for index, caption in enumerate(captions):
        caption_words = words(caption)
        problems = []
        phrase = repeated_phrase(caption_words)
        if phrase:
            problems.append(f"its caption repeats \"{phrase}\"")
        if len(caption) > CAPTION_MAX_CHARS:
            problems.append(f"its caption runs {len(caption)} characters (limit {CAPTION_MAX_CHARS})")
        copied = next((run for run in _ngrams(caption_words, PROMPT_COPY_WORDS) if run in prompt_runs), None)
        if copied:
            problems.append(f"its caption copies the prompt (\"{' '.join(copied)} …\")")
        key = tuple(caption_words)
        if key and key in seen:
            problems.append(f"its caption repeats panel {seen[key] + 1}'s")
        seen.setdefault(key, index)
        if problems:
            notes.append(PanelNote(index=index, reason="; ".join(problems)))
    return notes


def _ngrams(sequence: Sequence[str], size: int) -> list[tuple[str, ...]]:
    return [tuple(sequence[i:i + size]) for i in range(len(sequence) - size + 1)]
