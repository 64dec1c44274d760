"""A caption's words and the phrase it says twice: one rule for the writer who chooses a line and the reader
(Brown's editor checks) who faults one ("Das ist der Pinguin Tux. Und das ist der Schnee." repeats "das ist der").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

REPEATED_PHRASE_WORDS = 3
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")


def words(text: str) -> list[str]:
    """Lower-case words, any script, punctuation dropped."""
    return _WORD.findall(text.lower())


def repeated_phrase(caption_words: Sequence[str]) -> str | None:
    """The first phrase of three words or more that comes back later in the same caption, as long as it goes."""
    first_seen: dict[tuple[str, ...], int] = {}
    for start in range(len(caption_words) - REPEATED_PHRASE_WORDS + 1):
        run = tuple(caption_words[start:start + REPEATED_PHRASE_WORDS])
        earlier = first_seen.get(run)
        if earlier is not None and start >= earlier + REPEATED_PHRASE_WORDS:
            size = REPEATED_PHRASE_WORDS
            while (earlier + size < start and start + size < len(caption_words)
                   and caption_words[earlier + size] == caption_words[start + size]):
                size += 1
            return " ".join(caption_words[start:start + size])
        first_seen.setdefault(run, start)
    return None
