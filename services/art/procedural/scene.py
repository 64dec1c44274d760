"""The picture the painters stage: where, when, through which lens, and who is there doing what.

`plan_painter.resolve` turns a planned `PanelScene` into this `Scene`; staging, looks and the painters
read it. `stable_int` is the process-independent hash every seeded choice of the art starts from.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field


def stable_int(*parts: object) -> int:
    """A process-independent hash (Python's `hash()` is salted per process)."""
    digest = hashlib.sha256("\x1f".join(str(p) for p in parts).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class Actor:
    """One character in the panel: what it is doing, holding and feeling."""

    name: str
    kind: str
    action: str = "standing"
    mood: str = "neutral"
    props: tuple[str, ...] = ()
    extra: bool = False  # in the picture but not part of the comic's cast


@dataclass(frozen=True)
class Scene:
    setting: str
    indoor: bool
    time: str
    weather: str
    shot: str
    mood: str
    action: str
    props: tuple[str, ...]
    actors: tuple[Actor, ...] = field(default_factory=tuple)
    interaction: str = "none"  # none | facing | hug | chase
