"""Readers' text shown through Markdown (the Chatbot transcripts) as plain text: no images, links or markup.

`views` escapes HTML; Markdown is a second language in the same box: a comment
`![t](http://host/pixel.png)` would make the owner's browser fetch the picture,
and a bare `http://…` or `www.…` becomes a link. Every ASCII punctuation mark
Markdown gives a meaning to is backslash-escaped, so it shows as itself.
"""

from __future__ import annotations

import re

from services.memory.agent_memory import ChatLine

# Not & < > " ' ` { } $: `views.esc` turns those into HTML entities, which a backslash in front would break.
MARKDOWN_SIGNS = re.compile(r"([\\*_\[\]()#+\-.!|~:@=%^])")


def markdown_literal(text: str) -> str:
    """`text` escaped so that Markdown shows every character as typed (and builds no image or link)."""
    return MARKDOWN_SIGNS.sub(r"\\\1", text)


def literal_lines(lines: list[ChatLine]) -> list[ChatLine]:
    return [line.model_copy(update={"content": markdown_literal(line.content)}) for line in lines]
