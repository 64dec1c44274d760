"""Does the comic tell the prompt's events? The share of labelled events told and drawn, and told in order.

    python benchmarks/story_events.py [--split held_out|tuning|both] [--seed N] [--panels N] [--show]

Every prompt of tests/data/story_events.json becomes a real comic made through the offline studio.
A labelled event counts as told and drawn when one final panel both
- has an action in its `drawn` record with the event's action, by the labelled actor (as the renderer
  records that character: its role or kind, or the thing's noun), with the labelled object (or the thing
  the action draws it as: a story read is a book, `shown_as` in assets/actions.json; or a holder drawn full
  of it: a jar of honey given), and
- has a caption that names the action's verb (read by lemma, in the prompt's language) and the actor or
  the object (a cast member's name, or the prompt's own word for the thing).
A prompt with two or more events tells them in order when the first such panel of each comes no earlier
than the one before. The labels never pass through the studio's own reading of the prompt: the
characters are matched on the comic's cast (names, kinds, roles), the things on the vocabulary's nouns.
The held-out prompts were written before any tuning; `--show` prints the misses of the tuning split only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agents.studio import open_studio  # noqa: E402
from services import vocabulary  # noqa: E402
from services.language.lemmas import tokens  # noqa: E402
from services.language.plurals import english_plural  # noqa: E402
from services.reading import full_of  # noqa: E402
from services.schemas import CastMember, ComicFinished, Panel  # noqa: E402
from services.story.roles import ROLE_WORDS, find_role_words  # noqa: E402
from services.story.verbs import tells  # noqa: E402
from services.vocabulary.actions import action  # noqa: E402

LABELS = ROOT / "tests" / "data" / "story_events.json"


@dataclass
class SplitFigure:
    events: int = 0
    shown: int = 0
    told: int = 0
    drawn: int = 0
    multi: int = 0
    in_order: int = 0
    misses: list[str] = field(default_factory=list)

    def line(self, name: str) -> str:
        def pct(a: int, b: int) -> str:
            return f"{a}/{b} ({a / b:.0%})" if b else "0/0"
        return (f"{name:9} told and drawn {pct(self.shown, self.events)}; told {pct(self.told, self.events)}; "
                f"drawn {pct(self.drawn, self.events)}; two or more events in order {pct(self.in_order, self.multi)}")


def labelled() -> list[dict]:
    return json.loads(LABELS.read_text(encoding="utf-8"))["prompts"]


def matching_members(label: str, cast: Sequence[CastMember]) -> list[CastMember]:
    """The comic's characters a label names: by name, kind or role, the vocabulary's or the role words' reading
    of the word ('sister' is a person, 'kitten' a cat), or of a word of it ('kangaroo postman', 'robot chef'); a
    character of a breed is of its kind (a dachshund is a dog, a black cat a cat)."""
    word = label.lower()
    for said in (word, *word.split()):
        entry = vocabulary.lookup(said, "en")
        role_word = ROLE_WORDS.get(said)
        nouns = {said, *((entry.noun, entry.kind) if entry else ())} - {None}
        if role_word is not None:
            nouns |= {role_word.role} if role_word.role else {role_word.kind}
        found = [m for m in cast if m.name.lower() == said or m.name.lower().split()[-1] == said
                 or m.kind in nouns or (m.role or "") in nouns or _kind_of(m.kind) in nouns  # a dachshund: dog
                 or m.kind.split()[-1] in nouns]  # a black cat is a cat
        if found:
            return found
    return []


def _kind_of(noun: str) -> str | None:
    entry = vocabulary.entry(noun)
    return entry.kind if entry else None


def drawn_names(label: str | None, cast: Sequence[CastMember], prompt: str = "") -> set[str]:
    """How the renderer records what a label names: a character's role or kind, a thing's noun (or its plural:
    several eggs are recorded as 'eggs'), or the noun of the prompt's phrase that holds the label's word
    ('mansion' in 'the haunted mansion': haunted house)."""
    if not label:
        return set()
    members = matching_members(label, cast)
    if members:  # a procedural figure is recorded by its role, a pictogram creature by its kind
        return {name for m in members for name in (m.role, m.kind) if name}
    entry = vocabulary.lookup(label.lower(), "en")
    phrases = {m.entry.noun for m in vocabulary.find(prompt) if len(m.text_of(prompt).split()) > 1
               and label.lower() in m.text_of(prompt).lower().split()}
    nouns = {label.lower(), label.lower().split()[-1], *((entry.noun,) if entry else ()), *phrases}
    return nouns | {english_plural(noun) for noun in nouns}  # several drawn are recorded so: 'eggs' for 'egg'


def caption_words(label: str | None, cast: Sequence[CastMember], prompt: str) -> set[str]:
    """The words a caption may use for what a label names: names, and the prompt's own word for a thing or for
    the role of several characters ('the grandmas journey on')."""
    if not label:
        return set()
    members = matching_members(label, cast)
    words = {w for m in members for w in m.name.lower().split()}
    nouns = drawn_names(label, cast)
    for mention in vocabulary.find(prompt):
        if mention.entry.noun in nouns or mention.entry.kind in nouns:
            words |= {w.lower() for w in mention.text_of(prompt).split()}
    if len(members) > 1:
        words |= {prompt[r.start:r.end].lower() for r in find_role_words(prompt)
                  if r.plural and r.role in {m.role for m in members}}
    return words | {label.lower()}


def shown_in(event: dict, panels: Sequence[Panel], cast: Sequence[CastMember], prompt: str,
             lang: str) -> tuple[list[int], list[int]]:
    """(panels whose caption tells the event, panels whose picture records it)."""
    by, obj = drawn_names(event["actor"], cast, prompt), drawn_names(event.get("object"), cast, prompt)
    if event.get("object"):  # "reads a story": the action draws the story as a book
        obj |= {thing for thing, said in action(event["action"]).shown_as.items() if event["object"].lower() in said}
    names = caption_words(event["actor"], cast, prompt) | caption_words(event.get("object"), cast, prompt)
    told, drawn = [], []
    for panel in panels:
        words = tokens(panel.subtitle, lang)
        if tells(words, lang, event["action"]) and names & ({t.lower for t in words} | {t.lemma for t in words}):
            told.append(panel.index)
        if any(i.role == "action" and i.what == event["action"] and i.by in by
               and (not obj or i.object in obj or _drawn_full_of(panel, i.object, obj)) for i in panel.drawn):
            drawn.append(panel.index)
    return told, drawn


def _drawn_full_of(panel: Panel, holder: str | None, wanted: set[str]) -> bool:
    """'gives him a jar of honey': the jar the action records was drawn full of the labelled honey."""
    inside = {i.what for i in panel.drawn if i.role == "prop"} & wanted
    states = panel.scene.thing_states if panel.scene else {}
    return any(states.get(holder or "") == full_of(thing) for thing in inside)


def measure(split: str, seed: int, panels: int) -> dict[str, SplitFigure]:
    figures: dict[str, SplitFigure] = {}
    with tempfile.TemporaryDirectory() as tmp:
        studio = open_studio(Path(tmp))

        async def make(prompt: str) -> ComicFinished:
            events = [e async for e in studio.generate({"prompt": prompt, "panels": panels, "seed": seed})]
            last = events[-1]
            assert isinstance(last, ComicFinished)
            return last

        for item in labelled():
            if split != "both" and item["split"] != split:
                continue
            finished = asyncio.run(make(item["prompt"]))
            final = finished.session.attempts[-1].panels
            cast = finished.session.cast
            figure = figures.setdefault(item["split"], SplitFigure())
            firsts: list[int | None] = []
            for event in item["events"]:
                told, drawn = shown_in(event, final, cast, item["prompt"], item["lang"])
                both = sorted(set(told) & set(drawn))
                figure.events += 1
                figure.told += bool(told)
                figure.drawn += bool(drawn)
                figure.shown += bool(both)
                firsts.append(both[0] if both else None)
                if not both:
                    figure.misses.append(f"{item['prompt']} :: {event['action']}({event['actor']}"
                                         f"{', ' + event['object'] if event.get('object') else ''}) told {told} "
                                         f"drawn {drawn} | " + " / ".join(p.subtitle for p in final))
            if len(item["events"]) > 1:
                figure.multi += 1
                figure.in_order += all(f is not None for f in firsts) and firsts == sorted(firsts)  # type: ignore
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description="Count the labelled events the comics tell and draw.")
    parser.add_argument("--split", default="both", help="held_out, tuning, tuning2, or both (every split)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--panels", type=int, default=4)
    parser.add_argument("--show", action="store_true", help="print the misses of every split but the held-out one")
    args = parser.parse_args()
    figures = measure(args.split, args.seed, args.panels)
    for name in sorted(figures, key=lambda n: (n != "held_out", n)):
        print(figures[name].line(name))
    if args.show:
        for name in figures:
            if name != "held_out":  # the held-out misses are never looked at
                for miss in figures[name].misses:
                    print("  -", miss)


if __name__ == "__main__":
    main()
