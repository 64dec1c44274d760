"""Where a prompt's story starts when the prompt asks for a comic: 'my son wants a comic where a dragon bakes a cake'.

The frame names the comic, not something that happens in it: read as story, 'wants a comic' was a wish and the
comic its hero's prop ('Fais une BD où un chat vole un poisson': the comic stole the fish). A frame is the asking
words at the prompt's start ('make', 'my son wants', 'je voudrais', 'quiero'), at most a few words, a comic noun
('comic', 'BD', 'Geschichte', 'historieta') and a linking word ('where', 'about', 'où', 'in dem', 'donde'); the
words are data (`request_frame` in assets/grammar.json). 'A girl reads a story about dragons' has no frame: its
story starts before the noun.
"""

from __future__ import annotations

import re
from functools import lru_cache

from services.language.detection import detect_language
from services.language.grammar import grammar

BETWEEN = 3  # words that may stand between the asking words and the comic noun ('make me a short funny comic')
LANGUAGES = ("en", "fr", "de", "es")


def story_part(prompt: str) -> str:
    """The prompt from where its story starts; the whole prompt when it asks for nothing."""
    language = detect_language(prompt)
    for lang in ([language] if language in LANGUAGES else []) + [lang for lang in LANGUAGES if lang != language]:
        found = _frame(lang).match(prompt)
        if found and len(prompt[found.end():].split()) >= 2:
            return prompt[found.end():]
    return prompt


@lru_cache(maxsize=4)
def _frame(language: str) -> re.Pattern[str]:
    words = grammar()[language]["request_frame"]

    def either(phrases: list[str]) -> str:
        return "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in sorted(phrases, key=len, reverse=True))

    return re.compile(rf"\s*(?:{either(words['asking'])})\b(?:\W+\w+){{0,{BETWEEN}}}?\W+(?:{either(words['comic'])})"
                      rf"\s*,?\s+(?:{either(words['linking'])})\b\W*", re.IGNORECASE)
