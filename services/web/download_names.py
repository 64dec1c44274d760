"""A download's file name made from the comic's title, so a reader's downloads folder is not full of `comic.*`.

One rule for the studio's download links and the share page's Content-Disposition: lowercase ASCII words joined
by hyphens, at most 60 characters, never empty, never a path.
"""

from __future__ import annotations

import re
import unicodedata

_NOT_WORD = re.compile(r"[^a-z0-9]+")
MAX_STEM = 60
FALLBACK_STEM = "comic"


def title_stem(title: str | None) -> str:
    """'Smolder on the Mountain!' -> 'smolder-on-the-mountain'; accents folded; 'comic' when nothing is left."""
    folded = unicodedata.normalize("NFKD", title or "").encode("ascii", "ignore").decode("ascii").lower()
    stem = _NOT_WORD.sub("-", folded).strip("-")[:MAX_STEM].rstrip("-")
    return stem or FALLBACK_STEM


def download_name(title: str | None, file_name: str) -> str:
    """The name a stored file (`comic.pdf`, `subtitles.vtt`) is offered under: the title's stem and its extension.

    Subtitles and the manifest keep what they are in the name ('smolder-subtitles.vtt')."""
    stem = title_stem(title)
    base, _, extension = file_name.rpartition(".")
    kind = "" if base == "comic" else f"-{_NOT_WORD.sub('-', base.lower()).strip('-')}"
    return f"{stem}{kind}.{extension}" if extension else f"{stem}{kind}"
