"""Brown reads a follow-up ("make it night", "panel 2: the dog laughs") into typed changes, offline.

The words of each language are data (`assets/followup_words.json`); what a
clause says about time, weather, place, characters, things and events is read
by the same reader as the prompt (`build_plan`, `read_events`), with the comic's
own cast, so "the dog" in a follow-up is the comic's dog. A clause Brown cannot
read gives no change, and when nothing at all is understood he asks back.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from pydantic import BaseModel, Field

from services.config import asset_data
from services.follow_up import (
    AddCharacter,
    AddPanels,
    AddThing,
    Change,
    ChangeKind,
    ChangeLook,
    FollowUp,
    PanelEvents,
    Redraw,
    RemoveCharacter,
    RemoveThing,
    Rename,
    SetCaption,
    SetLayout,
    SetPlace,
    SetStyle,
    SetTime,
    SetWeather,
)
from services.reading import CastMember, PlannedCharacter, PlannedThing, ScenePlan, StoryEvent
from services.schemas import LAYOUT_NAMES, STYLE_NAMES
from services.story.character_sheet import COLOURS, FEATURE_WORDS
from services.story.concepts import prompt_concepts
from services.story.events import read_events
from services.story.scene_plan import build_plan, said_time, said_weather

LANGUAGES = ("en", "fr", "de", "es")
QUESTION = ("I did not catch what to change. You can say, for example: \"make it night\", \"panel 2: the dog "
            "laughs\", \"caption 3: your own words\", \"add a cat\", \"redraw panel 1\" or \"and then they go "
            "home\".")


class ComicContext(BaseModel):
    """What Brown knows of the comic when he reads a follow-up."""

    reading: ScenePlan
    cast: list[CastMember]
    panels: int
    seed: int
    captions: list[str] = Field(default_factory=list)

    def describe(self) -> str:
        """The comic as a model reads it before rewriting a follow-up: who, where, when, each panel's caption."""
        who = ", ".join(f"{m.name} ({m.kind})" for m in self.cast) or "nobody"
        lines = [f"Characters: {who}", f"Place: {self.reading.setting}; time: {self.reading.time}; "
                                       f"weather: {self.reading.weather}", f"Panels: {self.panels}"]
        lines += [f"Panel {i + 1} caption: {caption}" for i, caption in enumerate(self.captions)]
        return "\n".join(lines)


@lru_cache(maxsize=1)
def _words() -> dict:
    return asset_data("followup_words.json")


def _alternation(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def _any_language(key: str) -> list[str]:
    return [w for lang in LANGUAGES for w in _words()[key][lang]]


@cache
def _pattern(key: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w)(?:{_alternation(_any_language(key))})(?!\w)", re.IGNORECASE)


@lru_cache(maxsize=1)
def _panel_reference() -> re.Pattern[str]:
    panel = _alternation(_any_language("panel_words"))
    ordinal = _alternation([w for words in _words()["ordinals"].values() for w in words])
    number = r"\d{1,2}(?:st|nd|rd|th|e|er|ème|\.)?"
    return re.compile(rf"(?<!\w)(?:(?:the|la|le|das|die|den|dem|el)\s+)?(?:(?P<ord1>{ordinal}|{number})\s+(?:{panel})"
                      rf"|(?:{panel})(?:s|es|n)?\s*(?:n[°o]\.?\s*|nr\.?\s*|#)?(?P<num>{number}|{ordinal}))(?!\w)",
                      re.IGNORECASE)


@lru_cache(maxsize=1)
def _caption_line() -> re.Pattern[str]:
    caption = _alternation(_any_language("caption_words"))
    panel = _alternation(_any_language("panel_words"))
    of = r"(?:\s+(?:of|for|in|de|du|la|von|für|im|del)\s+(?:the\s+|la\s+|le\s+|das\s+|el\s+)?)?"
    return re.compile(rf"^\s*(?:(?:{caption}){of}\s*(?:(?:{panel})\s*)?(?P<a>\d{{1,2}})"
                      rf"|(?:{panel})\s*(?P<b>\d{{1,2}})\s*(?:'s\s+)?(?:{caption}))\s*[:=\-–—]\s*(?P<text>.+)$",
                      re.IGNORECASE | re.DOTALL)


def _caption(instruction: str, panels: int) -> SetCaption | None:
    """'caption 3: …', 'panel 3 caption: …', or any words before the first colon naming a caption and a panel
    ('first panel caption: …', 'Pon en la primera viñeta el texto: «…»')."""
    line = _caption_line().match(instruction)
    if line:
        return SetCaption(panel=int(line["a"] or line["b"]) - 1, text=_unquoted(line["text"]))
    head, colon, text = instruction.partition(":")
    if not colon or not text.strip() or not _pattern("caption_words").search(head):
        return None
    scope, _ = _scope(head, panels)
    return SetCaption(panel=scope[0], text=_unquoted(text)) if len(scope) == 1 else None


def _read_joined(clause: str, comic: ComicContext) -> list[Change]:
    """A clause, or its parts when it joins several requests ('make it night and add a bird', 'make the dog
    purple, put a hat on the cat'): the parts win when every one of them asks for something and together
    they ask for more than the whole read at once."""
    whole = read_clause(clause, comic)
    parts = [p for p in _JOINS.split(clause) if p.strip()]
    if len(parts) < 2:
        return whole
    read = [read_clause(part.strip(" ,"), comic) for part in parts]
    if all(read) and sum(len(r) for r in read) > len(whole):
        return [change for changes in read for change in changes]
    return whole


_JOINS = re.compile(r"\s*(?:,\s*(?:and|und|et|y)?|\s(?:and|und|et|y|then|puis|dann|luego)\s)\s*", re.IGNORECASE)


def _ordinal(word: str, panels: int) -> int | None:
    """A 0-based panel from '3', '3rd', 'third' or 'last'."""
    word = word.lower().rstrip(".")
    digits = re.match(r"\d+", word)
    if digits:
        return int(digits.group(0)) - 1
    for key, words in _words()["ordinals"].items():
        if word in words:
            return panels - 1 if key == "last" else int(key) - 1
    return None


def clauses(instruction: str) -> list[str]:
    """The instruction's requests: lines, sentences and parts between semicolons ("make it night; add a dog")."""
    parts = re.split(r"\s*(?:\n|;|(?<=[.!?])\s+(?=[A-ZÀ-Ý\"“«]))\s*", instruction.strip())
    return [p.strip().rstrip(".!") for p in parts if p.strip().rstrip(".!")]


def understand(instruction: str, comic: ComicContext) -> FollowUp:
    """The changes the instruction asks for; none, and Brown's question, when he cannot read it."""
    caption = _caption(instruction, comic.panels)
    if caption is not None:  # a caption is the person's own words: it is never split or read for other changes
        return _checked(instruction, [caption], comic)
    changes: list[Change] = []
    for clause in clauses(instruction):
        changes += _read_joined(clause, comic)
    if not changes and _events(instruction, comic)[0]:
        return FollowUp(instruction=instruction, question=(
            f"Which panel should show that? Say \"panel 2: {instruction.strip()[:60]}\", or start with \"and "
            f"then\" for a new panel at the end."))
    return _checked(instruction, changes, comic)


def understand_commands(instruction: str, commands: list[str], comic: ComicContext) -> FollowUp:
    """A model's rewriting of the instruction into plain commands, read as Brown reads a person's own."""
    changes: list[Change] = []
    for command in commands:
        changes += understand(command, comic).changes
    return _checked(instruction, changes, comic)


def _checked(instruction: str, changes: list[Change], comic: ComicContext) -> FollowUp:
    changes = list({change.model_dump_json(): change for change in changes}.values())  # said twice, done once
    for change in changes:
        for index in _panels_named(change):
            if not 0 <= index < comic.panels:
                return FollowUp(instruction=instruction, question=f"There is no panel {index + 1}: this comic has "
                                                                  f"{comic.panels}. Which panel do you mean?")
    if not changes:
        return FollowUp(instruction=instruction, question=QUESTION)
    return FollowUp(instruction=instruction, changes=changes)


def _panels_named(change: Change) -> list[int]:
    if isinstance(change, SetCaption | PanelEvents):
        return [change.panel]
    if isinstance(change, SetTime | SetWeather | Redraw):
        return list(change.panels)
    return []


def _unquoted(text: str) -> str:
    text = text.strip()
    pairs = {'"': '"', "“": "”", "«": "»", "'": "'", "„": "“"}
    if len(text) > 1 and pairs.get(text[0]) == text[-1]:
        text = text[1:-1].strip()
    return text


def read_clause(clause: str, comic: ComicContext) -> list[Change]:
    """The changes one clause asks for, the most specific reading first."""
    scope, rest = _scope(clause, comic.panels)
    if _pattern("redraw_words").search(rest):
        return [Redraw(panels=scope)]
    opener = _alternation([*_any_language("then_words"), *_any_language("new_panel_words")])
    then = re.match(rf"^\s*(?:{opener})(?!\w)[\s,]*(?P<rest>.*)$", rest, re.IGNORECASE)
    if then and not scope:
        added = _added_panels(then["rest"], comic)
        return [added] if added else []
    presets = _presets(rest)
    if presets:
        return presets
    if _pattern("remove_words").search(rest):
        return _removed(rest, comic)
    renamed = _renamed(rest, comic)
    if renamed:
        return [renamed]
    said = build_plan(rest, comic.seed, [])
    mentioned = _mentioned(rest, said, comic)
    newcomers = [c for c in said.cast if c.words and not _matches_member(c, comic)]
    changes: list[Change] = []
    look = _look(rest, mentioned)
    if look:
        changes += look
    elif _pattern("add_words").search(rest) and not mentioned and newcomers:
        return [AddCharacter(character_kind=c.kind, noun=c.words[0]) for c in newcomers]
    elif mentioned and newcomers and not _events(rest, comic, said)[0]:
        return [ChangeKind(name=mentioned[0].name, new_kind=newcomers[0].kind, noun=newcomers[0].words[0])]
    elif _pattern("add_words").search(rest) and said.things:
        return [AddThing(what=t.what) for t in said.things]
    time = said_time(rest)
    if time:
        changes.append(SetTime(time=time, panels=scope))
    weather = said_weather(rest, prompt_concepts(rest))
    if weather is None and _clear_words().search(rest):
        weather = "clear"
    if weather:
        changes.append(SetWeather(weather=weather, panels=scope))
    if said.place_named and not scope and said.setting != comic.reading.setting:
        changes.append(_place(said))
    events, things = _events(rest, comic, said)
    if events and scope:
        changes += [PanelEvents(panel=index, events=events[:3], things=things) for index in scope]
    return changes


def _scope(clause: str, panels: int) -> tuple[list[int], str]:
    """The panels a clause names ('panel 3: …', 'in the last panel …'), and the clause without them."""
    found = _panel_reference().search(clause)
    if found is None:
        return [], clause
    index = _ordinal(found["num"] or found["ord1"], panels)
    end = found.end()
    more = re.match(r"(?:\s*(?:,|and|und|et|y|&)\s*\d{1,2})+", clause[end:], re.IGNORECASE)
    indexes = [] if index is None else [index]
    if more and index is not None:
        indexes += [int(n) - 1 for n in re.findall(r"\d{1,2}", more.group(0))]
        end += more.end()
    rest = " ".join((clause[:found.start()] + " " + clause[end:]).split()).strip(" :,-–—")
    rest = re.sub(r"^(?:in|on|at|dans|sur|auf|in|en)\s+(?=\W|$)", "", rest, flags=re.IGNORECASE).strip(" :,")
    return indexes, rest


def _presets(text: str) -> list[Change]:
    changes: list[Change] = []
    for style, words in _words()["styles"].items():
        if style in STYLE_NAMES and re.search(rf"(?<!\w)(?:{_alternation(words)})(?!\w)", text, re.IGNORECASE):
            changes.append(SetStyle(style=style))
            break
    said = [(any(c.isdigit() for c in word), len(word), layout) for layout, words in _words()["layouts"].items() if layout in LAYOUT_NAMES
            for word in words if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, re.IGNORECASE)]
    if said:  # the most specific word wins: '3x2 grid' is the 3x2 grid, not any grid
        changes.append(SetLayout(layout=max(said)[2]))
    return changes


@lru_cache(maxsize=1)
def _clear_words() -> re.Pattern[str]:
    return re.compile(rf"(?<!\w)(?:{_alternation(_words()['clear_words'])})(?!\w)", re.IGNORECASE)


def _matches_member(character: PlannedCharacter, comic: ComicContext) -> bool:
    return any(_same_kind(character, member) for member in comic.reading.cast)


def _same_kind(said: PlannedCharacter, member: PlannedCharacter) -> bool:
    words = {w.lower() for w in said.words}
    return said.kind == member.kind or bool(words & {w.lower() for w in member.words}) or (
        said.concept is not None and said.concept == member.concept)


def _mentioned(text: str, said: ScenePlan, comic: ComicContext) -> list[PlannedCharacter]:
    """The comic's characters the words point at: by name, or by what they are ('the dog')."""
    found = [m for m in comic.reading.cast if re.search(rf"(?<!\w){re.escape(m.name)}(?!\w)", text, re.IGNORECASE)]
    for character in said.cast:
        if not character.words:
            continue
        member = next((m for m in comic.reading.cast if _same_kind(character, m)), None)
        if member is not None and member not in found:
            found.append(member)
    return found


def _events(text: str, comic: ComicContext, said: ScenePlan | None = None) -> tuple[list[StoryEvent], list[PlannedThing]]:
    """The events the words tell, with the comic's cast, and the things they bring that the comic lacks (`said`:
    the words' own reading, when the caller has made it already)."""
    said = said or build_plan(text, comic.seed, [])
    new = [t for t in said.things if all(t.what != mine.what for mine in comic.reading.things)]
    events = read_events(text, comic.reading.language, comic.reading.cast, [*comic.reading.things, *new],
                         comic.reading.setting, [])
    used = {e.object for e in events} | {e.result for e in events}
    return events, [t for t in new if t.what in used]


def _look(text: str, mentioned: list[PlannedCharacter]) -> list[Change]:
    """A colour or something worn for the character the words name: the fact the character sheet reads."""
    if not mentioned:
        return []
    member = mentioned[0]
    words = re.findall(r"[^\W\d_]+(?:[ -][^\W\d_]+)?", text.lower())
    tokens = re.findall(r"[^\W\d_]+", text.lower())
    colour = next((c for c in (_colour(t) for t in tokens) if c), None)
    feature = next((f for f in (_feature(w) for w in [*words, *tokens]) if f), None)
    if feature is not None:
        if _pattern("remove_words").search(text):
            return [ChangeLook(name=member.name, fact=f"{member.name} no longer wears a {feature}")]
        worn = f"{colour} {feature}" if colour else feature
        return [ChangeLook(name=member.name, fact=f"{member.name} wears a {worn}")]
    if colour is not None:
        return [ChangeLook(name=member.name, fact=f"{member.name} is {colour}")]
    return []


def _colour(word: str) -> str | None:
    if word in COLOURS:
        return word
    for lang in ("fr", "de", "es"):
        if word in _words()["colours"][lang]:
            return str(_words()["colours"][lang][word])
    return None


def _feature(word: str) -> str | None:
    for lang in ("fr", "de", "es"):  # first: Spanish "sombrero" is any hat, though English borrowed the word
        english = _words()["features"][lang].get(word)
        if english:
            return str(english)
    return word if word in FEATURE_WORDS else None


def _removed(text: str, comic: ComicContext) -> list[Change]:
    said = build_plan(text, comic.seed, [])
    mentioned = _mentioned(text, said, comic)
    look = _look(text, mentioned)
    if look:
        return look
    if mentioned:
        return [RemoveCharacter(name=m.name) for m in mentioned]
    names = {m.name.lower() for m in comic.reading.cast}
    return [RemoveThing(what=t.what) for t in said.things if t.what.lower() not in names]


def _renamed(text: str, comic: ComicContext) -> Rename | None:
    for pattern in _words()["rename_patterns"]:
        # Case counts (a name is written with a capital), except for the sentence's first letter.
        match = re.match(pattern, text.strip()[:1].lower() + text.strip()[1:])
        if match is None:
            continue
        who = match["who"]
        said = build_plan(who, comic.seed, [])
        mentioned = _mentioned(who, said, comic)
        if mentioned and match["name"].lower() != mentioned[0].name.lower():
            return Rename(name=mentioned[0].name, new_name=match["name"])
    return None


def _place(said: ScenePlan) -> SetPlace:
    return SetPlace(setting=said.setting, landmarks=said.landmarks, phrase=said.setting_phrase,
                    in_place=said.in_place)


def _added_panels(text: str, comic: ComicContext) -> AddPanels | None:
    said = build_plan(text, comic.seed, [])
    events, things = _events(text, comic, said)
    place = _place(said) if said.place_named else None
    if not events and place is None:
        return None
    return AddPanels(events=events[:4], things=things, place=place)
