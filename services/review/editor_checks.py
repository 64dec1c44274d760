"""What Brown checks beyond the spec, as a real editor would: is what was asked drawn, and is what was written readable?

Three checks, all panel by panel so that the feedback names the panel to change:

- **Concepts drawn.** The prompt's things (`prompt_concepts`) against the panels' `drawn`
  records (what the renderer actually put in each picture). A concept no panel drew is
  missing. When no panel carries a record at all (a renderer that keeps none), there is
  nothing to compare and the check says so instead of calling everything missing.
- **Events happen.** The prompt's events (Bayko's reading) against each panel's `drawn`
  actions and captions, in order (`event_checks.py`).
- **Captions.** A caption that repeats a phrase of its own, runs past the caption limit,
  copies the prompt (six or more consecutive prompt words) or repeats another panel's
  caption.

Nothing here changes what `SimpleEvaluator` decides; Brown combines both in `agents/brown.py`.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from services.art.cost_bounds import THINGS_PER_COMIC
from services.language.repetition import words
from services.reading import ScenePlan
from services.review.event_checks import EventReport, check_events
from services.schemas import CastMember, Panel, PanelNote
from services.story.caption_rules import caption_notes
from services.story.concepts import Concept, prompt_concepts
from services.story.request_frame import story_part
from services.story.verbs import verb_words


class EditorReport(BaseModel):
    """What the editor's checks found in one attempt."""

    concepts_checked: bool = Field(description="False when no panel recorded what it drew.")
    concepts_found: list[str] = Field(default_factory=list)
    concepts_missing: list[str] = Field(default_factory=list)
    concept_notes: list[PanelNote] = Field(default_factory=list, description="Where each missing concept should go.")
    concepts_left_out: list[str] = Field(default_factory=list, description="Not drawn because the cost bound left "
                                         "them out (`Panel.not_drawn`): said, not asked for again.")
    caption_notes: list[PanelNote] = Field(default_factory=list, description="Captions to rewrite, one note a panel.")
    events: EventReport = Field(default_factory=lambda: EventReport(drawn_checked=False))

    @property
    def notes(self) -> list[PanelNote]:
        return merge_notes([*self.events.notes, *self.concept_notes, *self.caption_notes])

    @property
    def clean(self) -> bool:
        return not self.concept_notes and not self.caption_notes and not self.events.notes


def review_beyond_spec(prompt: str, panels: Sequence[Panel], reading: ScenePlan | None = None,
                       cast: Sequence[CastMember] = ()) -> EditorReport:
    """The three checks on one attempt."""
    verbs = _story_verbs(reading)
    concepts = [c for c in prompt_concepts(story_part(prompt))  # not the comic a prompt asks for
                if not (c.words and all(w.lower() in verbs for w in c.words))]
    checked = any(panel.drawn for panel in panels)
    full = checked and at_comic_bound(panels)
    left_out_names = {name.lower() for panel in panels for name in panel.not_drawn}
    found: list[Concept] = []
    missing: list[Concept] = []
    left_out: list[Concept] = []
    if checked:
        things_by_word = _things_by_word(reading)
        drawn = {item.what.lower().strip() for panel in panels for item in panel.drawn}
        for concept in concepts:
            if _drawn_anywhere(concept, drawn, _read_as(concept, things_by_word, reading)) \
                    or _part_of_the_place(concept, things_by_word, reading, drawn):
                found.append(concept)
            else:
                (left_out if full or _names(concept) & left_out_names else missing).append(concept)
    return EditorReport(concepts_checked=checked, concepts_found=[c.what for c in found],
                        concepts_missing=[c.what for c in missing], concepts_left_out=[c.what for c in left_out],
                        concept_notes=[_place_for(concept, panels) for concept in missing],
                        caption_notes=caption_notes(prompt, [panel.subtitle for panel in panels]),
                        events=check_events(reading, panels, cast, full))


def nothing_read(prompt: str, reading: ScenePlan | None, report: EditorReport, match_ratio: float) -> bool:
    """Brown found nothing in the story to check a drawing against: no word of it in the panels, no character,
    thing, place or event read from it, no thing the vocabulary knows ("asdkj qwpoe zzxq"). Without a reading
    (a storyteller that gives none) he cannot tell, so never."""
    if reading is None or match_ratio > 0 or reading.events or reading.things or reading.place_named:
        return False
    if any(member.words for member in reading.cast):  # a character the prompt named, not one the storyteller chose
        return False
    if report.concepts_found or report.concepts_missing or report.concepts_left_out:
        return False
    return not prompt_concepts(story_part(prompt))


def at_comic_bound(panels: Sequence[Panel]) -> bool:
    """The comic draws as many different things as one may (`THINGS_PER_COMIC`): what else the prompt names
    could only replace one of them, so it is left out, not asked for ("no boy drawn" in a list of 300 nouns)."""
    things = {item.what.lower() for panel in panels for item in panel.drawn if item.role in ("cast", "prop")}
    return len(things) >= THINGS_PER_COMIC


def concept_label(concept: Concept) -> str:
    """'whale', or 'fish (the prompt's "whale")' when the vocabulary names it differently."""
    said = concept.words[0].lower() if concept.words else concept.what
    return concept.what if said == concept.what else f"{concept.what} (the prompt's \"{said}\")"


def _names(concept: Concept) -> set[str]:
    return {concept.what.lower(), *(word.lower() for word in concept.words)}


def _read_as(concept: Concept, things_by_word: dict[str, set[str]], reading: ScenePlan | None) -> frozenset[str]:
    """What the comic's reading made of the concept's words: 'lässt seinen Drachen steigen' is a kite, and
    'an owl librarian' is the owl (drawn as its kind, with the librarian its role)."""
    said = {word.lower() for word in concept.words}
    things = {what for word in said for what in things_by_word.get(word, ())}
    members = {member.kind for member in (reading.cast if reading else ())
               if member.role and member.role.lower() in said and said & {w.lower() for w in member.words}}
    return frozenset(things | members)


def _part_of_the_place(concept: Concept, things_by_word: dict[str, set[str]], reading: ScenePlan | None,
                       drawn: set[str]) -> bool:
    """'au sommet de la tour Eiffel': the summit and the tower are words of the place the reading painted (the
    deck at the tower's top), not a mountain and a tower to paste in it. A word the reading also made a thing
    of is still looked for as that thing."""
    if reading is None or reading.setting not in drawn or not concept.words:
        return False
    place = reading.setting_phrase.lower()
    return all(w.lower() in place and w.lower() not in things_by_word for w in concept.words)


def _story_verbs(reading: ScenePlan | None) -> set[str]:
    """The words of the reading's events' verbs ('lit' in 'une tortue lit un journal', 'picks up'): no concept
    made of them is a thing to draw (no bed, no pick)."""
    if reading is None:
        return set()
    return {word.lower() for event in reading.events for verb in verb_words(event.words, reading.language)
            for word in verb}


def _things_by_word(reading: ScenePlan | None) -> dict[str, set[str]]:
    """The reading's things by each word that named them (built once a review: a long prompt names hundreds)."""
    found: dict[str, set[str]] = {}
    for thing in reading.things if reading else ():
        for word in thing.words:
            found.setdefault(word.lower(), set()).add(thing.what)
    return found


def _drawn_anywhere(concept: Concept, drawn: set[str], read_as: frozenset[str] = frozenset()) -> bool:
    """A place is drawn as its kind too: 'the coral reef' (the sea) is the underwater setting, no wave behind it."""
    painted = {concept.kind} if concept.role == "setting" and concept.kind else set()
    return bool((_names(concept) | read_as | painted) & drawn)


def _place_for(concept: Concept, panels: Sequence[Panel]) -> PanelNote:
    """The panel where a reader would look for a missing concept.

    A place belongs in the opening panel; anything else goes where the storyboard mentions
    it, else in the panel that shows least.
    """
    label = concept_label(concept)
    if concept.role == "setting" or not panels:
        index = panels[0].index if panels else 0
    else:
        names = _names(concept)
        mentioned = [p for p in panels if names & set(words(f"{p.description} {p.subtitle}"))]
        index = (mentioned[0] if mentioned else min(panels, key=lambda p: (len(p.drawn), p.index))).index
    word = concept.words[0].lower() if concept.words else concept.what
    return PanelNote(index=index, reason=f"no {label} drawn", missing_words=[word])


def merge_notes(notes: Sequence[PanelNote]) -> list[PanelNote]:
    """One note a panel, in panel order: reasons joined, words kept in order without repeats."""
    merged: dict[int, PanelNote] = {}
    for note in notes:
        if note.index not in merged:
            merged[note.index] = note.model_copy(deep=True)
            continue
        into = merged[note.index]
        into.reason = f"{into.reason}; {note.reason}" if note.reason else into.reason
        into.missing_words = list(dict.fromkeys([*into.missing_words, *note.missing_words]))
        into.events = list(dict.fromkeys([*into.events, *note.events]))
    return [merged[index] for index in sorted(merged)]

