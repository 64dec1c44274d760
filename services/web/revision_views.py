"""The HTML of follow-up turns: the tools under each panel, the version strip, and the turns in Brown's conversation.

Pure functions like `views`: every instruction, reply and caption a person or
the storyteller wrote reaches the page through a template of
assets/templates/studio/revision/, which escapes every value. The panel tools carry no text of
their own: the caption editor is built in the page from the caption's
`textContent` (`page_script.PANEL_TOOLS`), never from markup.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypedDict

from services.schemas import Attempt, ComicSession, ComicVersion
from services.web import views
from services.web.templates import render, safe
from services.web.views import bubble, short

INSTRUCTION_SHOWN = 60  # a version's instruction in the strip: enough to tell versions apart
REVISE_HINT = "e.g. make it night · panel 2: the dog laughs · add a cat · manga style"
REVISE_INFO = "Changes this comic now: Brown answers, Bayko redraws, and every version is kept."
FEEDBACK_INFO = ("Teaches Brown a fact about the story world for future comics, once a curator approves it. "
                 "It does not change this comic.")
# A refused change in plain words, by what the validator names (its "field: limit." sentences stay for the API).
_LENGTH = re.compile(r"got (\d+)")


class AskedBack(TypedDict):
    """A turn Brown did not understand: nothing changed, so it lives only in the conversation (and in the tab's
    state, to keep it in place there); `after` is how many versions the comic had then."""

    after: int
    instruction: str
    question: str


def panel_tools_html(number: int) -> str:
    """The buttons under one panel of the shown comic: another take, or a caption of the person's own."""
    return render("revision/panel_tools.html", number=number)


def version_label(version: ComicVersion) -> str:
    """What a version was for, in a few words: the person's instruction, or 'first comic'."""
    return short(version.instruction, INSTRUCTION_SHOWN) if version.instruction else "first comic"


def versions_html(session: ComicSession) -> str:
    """The versions of the comic on screen, the shown one pressed, with previous and next; nothing while there is
    only the first."""
    versions = sorted(session.versions, key=lambda v: v.number)
    if len(versions) < 2:
        return ""
    numbers = [v.number for v in versions]
    shown = session.shown if session.shown in numbers else numbers[-1]
    at = numbers.index(shown)
    items = [{"number": v.number, "pressed": v.number == shown, "label": version_label(v),
              "title": v.instruction or "The comic as Brown first approved it"} for v in versions]
    return render("revision/versions.html", versions=items, shown=shown,
                  previous=numbers[at - 1] if at > 0 else None,
                  following=numbers[at + 1] if at + 1 < len(numbers) else None)


def version_note(session: ComicSession, first_note: str) -> str:
    """The line under the comic's title: how the first version ended, or which change the shown one made."""
    count = len(session.versions)
    version = next((v for v in session.versions if v.number == session.shown), None)
    if version is None or count < 2:
        return first_note
    if version.instruction is None:
        return f"Version 1 of {count}. {first_note}"
    return f"Version {version.number} of {count}: “{short(version.instruction, 120)}”. Select the subtitles to copy them."


def _turn(instruction: str, answer: str, kind: str = "reply", version: int | None = None, shown: bool = False) -> str:
    """One follow-up turn: the person's instruction, then Brown's answer (a reply, his question, or 'working')."""
    asked = render("revision/said.html", side="you", text=instruction)
    said = render("revision/said.html", side="brown", text=answer, kind=kind, version=version, shown=shown)
    return render("revision/turn.html", kind=kind, version=version, asked=safe(bubble("You", asked)),
                  answered=safe(bubble("Brown", said)))


def turns_html(session: ComicSession | None, asked: Sequence[AskedBack] = (), pending: str | None = None,
               working: str = "Reading your change") -> str:
    """Every follow-up turn in order (versions and Brown's questions), then the one being worked on, if any."""
    entries: list[tuple[int, int, str]] = []
    if session is not None:
        for version in session.versions:
            if version.instruction is not None:
                entries.append((version.number, 0, _turn(version.instruction, version.reply or "Done.",
                                                         version=version.number,
                                                         shown=version.number == session.shown)))
    for order, question in enumerate(asked):
        entries.append((question["after"], 1 + order, _turn(question["instruction"], question["question"],
                                                            "question")))
    body = "".join(html for _, _, html in sorted(entries, key=lambda e: (e[0], e[1])))
    if pending is not None:
        body += _turn(pending, working, "working")
    if not body:
        return ""
    return render("revision/turns.html", turns=safe(body))


def first_attempts(session: ComicSession) -> list[Attempt]:
    """The attempts of the loop that made the first version (later attempts are follow-up versions)."""
    first = next((v.attempt for v in session.versions if v.number == 1), None)
    return [a for a in session.attempts if first is None or a.attempt <= first]


def conversation_html(session: ComicSession, asked: Sequence[AskedBack] = (), pending: str | None = None,
                      working: str = "Reading your change") -> str:
    """Brown directing the first version (as the loop ran), then each follow-up turn as the next lines of the same
    conversation."""
    first = next((v for v in session.versions if v.number == 1), None)
    attempts = first_attempts(session)
    request = session.request
    if first is not None and attempts:
        loop = next((a for a in attempts if a.attempt == first.attempt), attempts[-1])
        request = request.model_copy(update={"style": first.style, "layout": first.layout,
                                             "panels": len(loop.panels)})
    return views.conversation_html(request, attempts, session.domain_memories, finished=True,
                                   turns=turns_html(session, asked, pending, working))


def revise_error(text: str) -> str:
    """A refused change as one plain sentence: what to do, not the validator's field name."""
    field, _, detail = text.partition(":")
    field, detail = field.strip(), detail.strip()
    if " " in field or not detail:  # not a "field: limit." sentence: already plain
        return text
    got = _LENGTH.search(detail)
    if field == "instruction" and "empty" in detail:
        return "Say what to change first, for example “make it night” or “panel 2: the dog laughs”."
    if field == "instruction" and "at most" in detail and got:
        return f"Your change is {int(got[1]):,} characters; Brown reads at most {_limit(detail)}. Shorten it."
    if field == "caption" and "empty" in detail:
        return "A caption cannot be empty: write a few words, or press Cancel."
    if field == "caption" and "at most" in detail:
        return f"A caption holds at most {_limit(detail)}; this one has {int(got[1]) if got else 'more'}."
    return detail[:1].upper() + detail[1:]


def _limit(detail: str) -> str:
    found = re.search(r"at most (\d+) characters", detail)
    return f"{int(found[1]):,} characters" if found else "the limit"
