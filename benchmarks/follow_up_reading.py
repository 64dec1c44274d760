"""How well Brown reads follow-ups: the changes he understands against labels written blind.

    python benchmarks/follow_up_reading.py [--show]

`tests/data/follow_ups.json` holds follow-ups on small comics, each labelled with the
changes it asks for (or none: Brown should ask back). The held-out split was never
tuned on; the tuning split may be. An item is right when the changes read are exactly
the changes labelled (compared by what they are, not by the seeded names).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from services.follow_up import Change  # noqa: E402
from services.revision.understanding import ComicContext, understand  # noqa: E402
from services.story.scene_plan import build_plan  # noqa: E402

DATA = ROOT / "tests" / "data" / "follow_ups.json"
SEED = 7


def comic(prompt: str, panels: int) -> ComicContext:
    plan = build_plan(prompt, SEED, [])
    return ComicContext(reading=plan, cast=[c.as_cast() for c in plan.cast], panels=panels, seed=SEED)


def _who(name: str, context: ComicContext) -> set[str]:
    """Every English word the comic's character with this name goes by: kind, noun, role."""
    member = context.reading.member(name)
    if member is None:
        return {name.lower()}
    return {w.lower() for w in (member.kind, member.noun, member.role, member.concept) if w}


def read_changes(change: Change, context: ComicContext) -> list[tuple[Any, ...]]:
    """A read change as comparable tuples; who is the set of words the character goes by."""
    data = change.model_dump()
    kind = data["kind"]
    if kind in ("time", "weather"):
        return [(kind, data[kind], tuple(sorted(data["panels"])))]
    if kind == "place":
        return [(kind, data["setting"])]
    if kind == "look":
        fact = data["fact"]
        who = frozenset(_who(data["name"], context))
        if " no longer wears " in fact:
            return [(kind, who, "takes_off", fact.split()[-1])]
        if " wears " in fact:
            return [(kind, who, "wears", fact.split()[-1])]
        return [(kind, who, "colour", fact.split()[-1])]
    if kind == "kind":
        return [(kind, frozenset(_who(data["name"], context)), data["new_kind"])]
    if kind == "rename":
        return [(kind, frozenset(_who(data["name"], context)), data["new_name"])]
    if kind == "add_character":
        return [(kind, data["character_kind"])]
    if kind == "remove_character":
        return [(kind, frozenset(_who(data["name"], context)))]
    if kind in ("add_thing", "remove_thing"):
        return [(kind, data["what"])]
    if kind == "panel_events":
        return [(kind, data["panel"], e["action"], frozenset().union(*(_who(a, context) for a in e["actors"])))
                for e in data["events"]]
    if kind == "redraw":
        return [(kind, tuple(sorted(data["panels"])))]
    if kind == "caption":
        return [(kind, data["panel"], data["text"])]
    if kind in ("style", "layout"):
        return [(kind, data[kind])]
    events = data["events"] or [{"action": None, "actors": []}]
    setting = data["place"]["setting"] if data["place"] else None
    return [(kind, e["action"], setting) for e in events]


def matches(read: tuple[Any, ...], label: dict[str, Any], panels: int) -> bool:
    kind = label["kind"]
    if read[0] != kind:
        return False
    every = tuple(sorted(p - 1 for p in label.get("panels", [])))
    if kind in ("time", "weather"):
        return read[1:] == (label[kind], every)
    if kind == "look":
        part = next(k for k in ("colour", "wears", "takes_off") if k in label)
        return label["who"].lower() in read[1] and read[2] == part and read[3] == label[part].lower()
    if kind in ("kind", "rename"):
        value = label["new_kind" if kind == "kind" else "new_name"]
        return label["who"].lower() in read[1] and read[2] == value
    if kind == "remove_character":
        return label["who"].lower() in read[1]
    if kind == "panel_events":
        return read[1] == label["panel"] - 1 and read[2] == label["action"] and label["who"].lower() in read[3]
    if kind == "redraw":
        return read[1] == (every if label.get("panels") else tuple(range(panels))) or (
            not label.get("panels") and read[1] == ())
    if kind == "caption":
        return read[1] == label["panel"] - 1 and read[2] == label["text"]
    if kind == "add_panels":
        return (label.get("action") in (None, read[1])) and (label.get("setting") in (None, read[2]))
    value = {"place": "setting", "add_character": "character_kind", "add_thing": "what", "remove_thing": "what",
             "style": "style", "layout": "layout"}[kind]
    return read[1] == label[value]


def right(item: dict[str, Any]) -> tuple[bool, list[tuple[Any, ...]]]:
    context = comic(item["prompt"], item["panels"])
    found = understand(item["instruction"], context)
    reads = [r for change in found.changes for r in read_changes(change, context)]
    labels = item["expected"]
    if not labels:
        return not found.understood, reads
    unmatched = list(reads)
    for label in labels:
        hit = next((r for r in unmatched if matches(r, label, item["panels"])), None)
        if hit is None:
            return False, reads
        unmatched.remove(hit)
    return not unmatched, reads


def main() -> None:
    parser = argparse.ArgumentParser(description="Brown's reading of follow-ups against blind labels.")
    parser.add_argument("--show", choices=["tuning"], help="print the tuning split's misses (never the held-out)")
    args = parser.parse_args()
    items = json.loads(DATA.read_text(encoding="utf-8"))["items"]
    for split in ("held_out", "tuning"):
        chosen = [i for i in items if i["split"] == split]
        outcomes = [(item, *right(item)) for item in chosen]
        hits = sum(ok for _, ok, _ in outcomes)
        by_language = Counter(item["language"] for item, ok, _ in outcomes if ok)
        languages = Counter(item["language"] for item in chosen)
        per_language = ", ".join(f"{lang} {by_language[lang]}/{n}" for lang, n in sorted(languages.items()))
        print(f"{split}: {hits}/{len(chosen)} follow-ups read right ({hits / max(1, len(chosen)):.0%}; {per_language})")
        if args.show == split:
            for item, ok, reads in outcomes:
                if not ok:
                    print(f"  {item['id']} [{item['language']}] {item['instruction']!r}\n"
                          f"      want {item['expected']}\n      read {reads}")


if __name__ == "__main__":
    main()
