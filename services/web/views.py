"""The studio's HTML, built from events, sessions and transcripts by pure functions.

Kept apart from Gradio so every escape can be unit-tested: any string a person
typed (prompt, comment, memory) or the storyteller wrote reaches the page through
a template of assets/templates/studio (`templates.render`, which escapes every
value), so it is shown as text and never run. No view here builds HTML itself.
"""

from __future__ import annotations

import base64
import io
import re
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from urllib.parse import quote

from services.memory.agent_memory import ChatLine
from services.review.simple_evaluator import SimpleEvaluator
from services.review.verdict_words import outcome_sentence, panel_sentence, reason_sentence, redraw_sentence
from services.schemas import (
    COMMENT_MAX_CHARS,
    PROMPT_MAX_CHARS,
    SEED_MAX,
    Attempt,
    ComicSession,
    Decision,
    StoryboardRequest,
    Verdict,
)
from services.storage.session_store import HistoryEntry
from services.web.templates import escape_text, render, safe

MAX_ATTEMPTS = SimpleEvaluator.MAX_ATTEMPTS
MISSING_WORDS_SHOWN = 6
DECISION_WORDS = {
    Decision.APPROVE: ("Approved", "approve"),
    Decision.REFINE: ("Try again", "refine"),
    Decision.REJECT: ("Rejected", "reject"),
}
# A decision inside a line of text (an attempt's summary, a past comic, a kept version): a reader's word, not the
# enum's ("approve"); a refinement is an attempt Brown sent back to Bayko.
DECISION_SAID = {Decision.APPROVE: "approved", Decision.REFINE: "sent back", Decision.REJECT: "rejected"}
# Speakers as each agent's transcript names them: a "user" line is what came in, "assistant" what the agent said.
# What comes in to Brown is the person's: their story, their follow-up turns ("make it night"), their comments.
SPEAKERS = {
    "brown": {"user": "You", "assistant": "Brown", "system": "Studio"},
    "bayko": {"user": "Brown", "assistant": "Bayko", "system": "Studio"},
}
PROMPT_SHOWN = 180  # Brown quotes the story back, not a whole pasted page
STOPS = (".", "!", "?", "…")  # a quoted story that ends its own sentence gets no second stop
KEYS_HINT = '<p class="bb-keys-hint">or press <kbd>Ctrl</kbd>+<kbd>Enter</kbd> (<kbd>⌘</kbd>+<kbd>Enter</kbd> on a Mac)</p>'
FEEDBACK_HINT = "Correct Brown, e.g. No — Miso is orange, not white."
# Plain words for bad input, by the field the validator names (the API keeps its "field: limit." sentences).
FIELD_WORDS = {
    "panels": "Pick between 1 and 8 panels.",
    "seed": f"The seed is a whole number from 0 to {SEED_MAX:,}; leave it empty for a surprise.",
    "style": "Pick one of the styles shown.",
    "layout": "Pick one of the page layouts shown.",
}
_COMMENT_LINE = re.compile(r"^Comment from (?P<who>\S+) \((?P<id>comment_\w+)\): (?P<text>.*)$", re.S)
_LEARNED_LINE = re.compile(r"^Learned from comment comment_\w+: ", re.S)
# Internal ids a transcript may mention, and the words shown instead.
_IDS = ((re.compile(r"\b[Cc]omment comment_\w+"), "The reader's comment"), (re.compile(r"\bcomment_\w+"), "the comment"),
        (re.compile(r"\b(?:web|guest)-[0-9a-f]{6,}\b"), "a reader"))
# Follow-up turns as the agents log them (agents/brown.py, agents/bayko.py): Brown's answer to the person, his
# question when he did not understand, the version he kept; Brown's order to Bayko for the next version.
_REPLY_LINE = re.compile(r"^(?P<kind>Reply|Asked back): (?P<text>.*)$", re.S)
_VERSION_KEPT = re.compile(r"^Version (?P<number>\d+): (?P<decision>\w+) \(.*\)$", re.S)
_VERSION_ASKED = re.compile(r"^Received revision request for version (?P<number>\d+): (?P<text>.*)$", re.S)
_PANEL_LINE = re.compile(r"^Panel (?P<number>\d+): (?P<description>.*?)(?: \| Subtitle: (?P<subtitle>.*))?$", re.S)


def esc(text: object) -> str:
    """Text for an HTML page: markup, quotes and template syntax all shown literally (the templates' own rule)."""
    return str(escape_text(text))


def decision_said(decision: Decision | str) -> str:
    """The reader's word for a decision, also from a transcript's text ('approve' → 'approved'); a word that names
    no decision is shown as it is."""
    try:
        return DECISION_SAID[Decision(decision)]
    except ValueError:
        return str(decision)


def file_url(path: Path | str) -> str:
    """The URL Gradio serves an allowed file at; relative, so it also works behind a proxy path."""
    return "gradio_api/file=" + quote(str(Path(path).resolve()), safe="/")


def short(text: str, limit: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def friendly_time(iso: str | datetime, seconds: bool = False) -> str:
    """'2025-11-29 21:43 UTC' (with seconds when asked) from a stored timestamp; the raw text when it does not
    parse."""
    try:
        moment = iso if isinstance(iso, datetime) else datetime.fromisoformat(str(iso))
    except ValueError:
        return str(iso)
    return moment.strftime("%Y-%m-%d %H:%M:%S UTC" if seconds else "%Y-%m-%d %H:%M UTC")


def percent(ratio: float) -> str:
    return f"{max(0.0, min(1.0, ratio)):.0%}"


def message_html(text: str, kind: str = "info") -> str:
    """One line for the page: a notice, a confirmation or an error ('info', 'ok', 'error')."""
    icon = {"ok": "✓", "error": "!", "info": "i"}.get(kind, "i")
    return render("views/message.html", kind=kind, role="alert" if kind == "error" else "status", icon=icon, text=text)


def counter_html(length: int) -> str:
    """The prompt's character counter as the page first shows it (the page script keeps it current)."""
    return render("views/counter.html", length=length, limit=PROMPT_MAX_CHARS)


def style_note_html(styles: dict[str, dict[str, str]], selected: str) -> str:
    """One line under the style picker: what the chosen style looks like."""
    info = styles.get(selected, {})
    return render("views/style_note.html", label=info.get("label", selected), blurb=info.get("blurb", ""))


def style_thumbnails_css(names: Sequence[str], samples: dict[str, Path]) -> str:
    """A `<style>` for the page head: each style's choice in the picker shows its sample panel (or a swatch)."""
    uris = [thumbnail_uri(sample) if (sample := samples.get(name)) else None for name in names]
    return render("views/style_thumbnails.css.html", samples=uris)


THUMBNAIL = 96  # pixels: a style's swatch in the picker


def thumbnail_uri(path: Path) -> str:
    """A small copy of a sample panel as a data URI: the page names no file path of this machine."""
    from PIL import Image

    with Image.open(path) as image:
        image.thumbnail((THUMBNAIL, THUMBNAIL))
        out = io.BytesIO()
        image.convert("RGB").save(out, format="PNG", optimize=True)
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode("ascii")


def plain_error(text: str, prompt_length: int = 0) -> tuple[str, str]:
    """(field, sentence) for a refused request: what to do, in plain words, for the field the validator named."""
    field, _, detail = text.partition(":")
    field = field.strip()
    if field == "prompt":
        if "empty" in detail:
            return field, "Write a story first — a sentence is enough."
        if "at most" in detail:
            over = max(prompt_length - PROMPT_MAX_CHARS, 1)
            return field, (f"Your story is {prompt_length:,} characters; Brown reads at most {PROMPT_MAX_CHARS:,}. "
                           f"Shorten it by {over:,} and press Generate again.")
        return field, "Write your story as plain text."
    if field == "comment":
        if "empty" in detail:
            return field, "Write what Brown got wrong first — one sentence is enough."
        return field, f"Your comment is too long: Brown reads at most {COMMENT_MAX_CHARS:,} characters."
    return field, FIELD_WORDS.get(field, text)


def progress_html(step: str, attempt: int | None = None, done: bool = False) -> str:
    """Where the loop is: brief, draw, review; the current attempt out of three. Nothing once it is done: the
    director's headline then says how it ended."""
    if done:
        return ""
    steps = ["Brief", "Draw", "Review", "Done"]
    current = steps.index(step) if step in steps else 0
    states = [("done" if number < current else ("now" if number == current else "todo"), name)
              for number, name in enumerate(steps)]
    return render("views/progress.html", steps=states, marks={"done": "✓ ", "now": "● ", "todo": ""},
                  attempt=attempt, max_attempts=MAX_ATTEMPTS)


def remembered_html(memories: Sequence[str], compact: bool = False) -> str:
    """The accepted domain memories a comic used ("Brown remembered: …"); nothing when it used none."""
    if not memories:
        return ""
    return render("views/remembered.html", memories=memories, compact=compact)


def notices_html(notices: Sequence[str]) -> str:
    """Backends that fell back while making the comic: one calm line each; nothing when none did."""
    unique = list(dict.fromkeys(n for n in notices if n))
    if not unique:
        return ""
    return render("views/notices.html", notices=unique)


def verdict_card_html(attempt: int, verdict: Verdict) -> str:
    """Brown's verdict on one attempt: the decision, why, how well it matches, what to fix."""
    word, kind = DECISION_WORDS.get(verdict.decision, (verdict.decision.value, "refine"))
    ratio = max(0.0, min(1.0, verdict.match_ratio))
    return render("views/verdict.html", kind=kind, decision=verdict.decision.value, word=word, attempt=attempt,
                  max_attempts=MAX_ATTEMPTS, reason=reason_sentence(verdict), meter=f"{ratio * 100:.0f}",
                  ratio=percent(ratio), concepts=safe(concepts_html(verdict)),
                  notes=safe(panel_notes_html(verdict)), feedback=verdict.feedback)


def concepts_html(verdict: Verdict) -> str:
    """The prompt's events Brown saw happen and those he did not, then its things drawn and not drawn
    (nothing when no panel recorded what it drew)."""
    if not (verdict.concepts_found or verdict.concepts_missing or verdict.events_found or verdict.events_missing):
        return ""
    groups = [("Happened:", "found", verdict.events_found), ("Did not happen:", "missing", verdict.events_missing),
              ("Drawn:", "found", verdict.concepts_found), ("Not drawn:", "missing", verdict.concepts_missing)]
    return render("views/concepts.html", groups=groups, found=len(verdict.concepts_found),
                  missing=len(verdict.concepts_missing), events_missing=len(verdict.events_missing))


def panel_notes_html(verdict: Verdict, shown_words: int = MISSING_WORDS_SHOWN) -> str:
    """Brown's note on each panel at fault, in sentences: what it should show and does not yet, and (a few of) the
    words it lacks (`verdict_words.panel_sentence`)."""
    if not verdict.panel_notes:
        return ""
    notes = [{"number": note.index + 1, "sentence": panel_sentence(note, shown_words)}
             for note in sorted(verdict.panel_notes, key=lambda n: n.index)]
    return render("views/panel_notes.html", notes=notes)


AVATARS = {"brown": "Br", "bayko": "Ba"}  # the two agents share a first letter: two letters tell them apart


def bubble(speaker: str, body: str) -> str:
    """One line of a conversation: who said it (an avatar of their own, named for screen readers), then what they
    said (`body`: HTML a view or template already escaped). Brown and Bayko each have their initials and colour
    (`assets/brown_words.css`)."""
    who = speaker.lower()
    return render("views/bubble.html", who=who, speaker=speaker, mark=AVATARS.get(who, speaker[:1]), body=safe(body))


def outcome_line(attempts: Sequence[Attempt], finished: bool = False) -> str:
    """The director's headline: where the loop is, or how it ended ("Approved on attempt 2 of 3")."""
    final = next((a for a in reversed(attempts) if a.verdict is not None and a.verdict.final), None)
    last = attempts[-1] if attempts else None
    values = {"sentence": None, "kind": "", "finished": finished, "max_attempts": MAX_ATTEMPTS,
              "last": last.attempt if last else None, "reviewing": last is not None and last.verdict is None,
              "next_attempt": last.attempt + 1 if last else None}
    if final is not None and final.verdict is not None:
        _, kind = DECISION_WORDS.get(final.verdict.decision, (final.verdict.decision.value, "refine"))
        lacking = final.verdict.events_missing or final.verdict.concepts_missing
        if final.verdict.decision is Decision.APPROVE and lacking:  # not a plain success: it says what is missing
            kind = "refine"
        values.update(sentence=outcome_sentence(final.verdict, final.attempt), kind=kind)
    return render("views/outcome.html", **values)


def conversation_html(request: StoryboardRequest | None, attempts: Sequence[Attempt],
                      memories: Sequence[str] = (), finished: bool = False, turns: str = "") -> str:
    """Brown directing: a headline (where it is, or how it ended), then every step so far, kept in order; `turns`
    is the HTML of the follow-up turns that came after (`revision_views.turns_html`)."""
    if request is None:
        return render("views/conversation.html", empty=True)
    prompt = short(request.prompt, PROMPT_SHOWN)
    lines = [bubble("Brown", render("views/director_said.html", kind="brief", panels=request.panels,
                                    style=request.style.replace("_", " "), prompt=prompt,
                                    stopped=prompt.endswith(STOPS)))]
    if memories:
        lines.append(bubble("Brown", remembered_html(memories)))
    for attempt in attempts:
        changed = [p.index + 1 for p in attempt.panels if p.changed]
        said = redraw_sentence(attempt.attempt, len(attempt.panels), changed)
        lines.append(bubble("Bayko", render("views/director_said.html", kind="said", text=said)))
        if attempt.verdict is not None:
            lines.append(bubble("Brown", verdict_card_html(attempt.attempt, attempt.verdict)))
        elif not finished:
            lines.append(bubble("Brown", render("views/director_said.html", kind="reviewing")))
    return render("views/conversation.html", empty=False, outcome=safe(outcome_line(attempts, finished)),
                  lines=safe("".join(lines)), turns=safe(turns))


def history_html(entries: Sequence[HistoryEntry], selected: str | None = None) -> str:
    """This browser's comics as a list to pick from: a thumbnail, the title, style, panel count, time, outcome (all
    as the index holds them: listing reads no comic's record)."""
    shown = [{"session_id": entry.session_id, "pressed": "true" if entry.session_id == selected else "false",
              "thumbnail": file_url(entry.thumbnail) if entry.thumbnail else None,
              "title": short(entry.title or short(entry.prompt, 70), 80),
              "prompt": short(entry.prompt, 70), "style": style_name(entry.style),
              "panels": entry.panels, "time": friendly_time(entry.created_at, seconds=True),
              "outcome": decision_said(entry.decision) if entry.decision else "unfinished"}
             for entry in entries]
    return render("views/history.html", entries=shown)


def style_name(style: str) -> str:
    return style.replace("_", " ").capitalize()


def session_detail_html(session: ComicSession) -> str:
    """The header of one past comic: its title (once), what was asked, how it ended, and readers' comments."""
    final = session.final
    outcome = (f"{DECISION_WORDS.get(final.decision, (final.decision.value, ''))[0]} on attempt {final.attempt} of "
               f"{MAX_ATTEMPTS}" if final else "unfinished")
    shown = next((v for v in session.versions if v.number == session.shown and v.instruction), None)
    if final and shown is not None:  # a follow-up's version, not a fourth attempt of the loop
        outcome = (f"Version {shown.number} of {len(session.versions)} ({short(shown.instruction or '', 60)}), "
                   f"{DECISION_WORDS.get(final.decision, (final.decision.value, ''))[0].lower()} by Brown")
    request = session.request
    title = session.title or short(request.prompt, 90)
    asked = short(request.prompt, 400) if " ".join(request.prompt.split()) != title else ""
    return render("views/session_detail.html", title=title, asked=asked, time=friendly_time(session.created_at),
                  panels=request.panels, style=style_name(request.style), layout=request.layout.replace("_", " "),
                  seed=request.seed, outcome=outcome, notices=safe(notices_html(session.notices)),
                  remembered=safe(remembered_html(session.domain_memories)),
                  comments=[{"text": c.text, "time": friendly_time(c.created_at)} for c in session.comments])


def _said(line: ChatLine, agent: str) -> tuple[str, str]:
    """(who, HTML body) for one transcript line, in words: comments by their reader, Bayko's panels one by one."""
    speaker = SPEAKERS.get(agent, {}).get(line.role, line.role.capitalize())
    text = line.content
    comment = _COMMENT_LINE.match(text)
    if comment:
        return "Reader", render("views/said.html", kind="text", text=comment["text"])
    answer = _REPLY_LINE.match(text) if line.role == "assistant" else None
    if answer:  # what Brown said back to the person, as he said it
        kind = "reply" if answer["kind"] == "Reply" else "question"
        return speaker, render("views/said.html", kind=kind, text=answer["text"])
    asked = _VERSION_ASKED.match(text) if agent == "bayko" else None
    if asked:
        return speaker, render("views/said.html", kind="asked", number=asked["number"], text=asked["text"])
    text = _LEARNED_LINE.sub("Learned from the reader's comment: ", text)
    for pattern, words in _IDS:
        text = pattern.sub(words, text)
    paragraphs = text.split("\n")
    panels = [_PANEL_LINE.match(part) for part in paragraphs]
    if any(panels):  # Bayko's storyboard: its other lines first, then the panels as a list
        said = [part for part, panel in zip(paragraphs, panels, strict=True) if panel is None and part.strip()]
        listed = [{"number": panel["number"], "description": panel["description"], "subtitle": panel["subtitle"]}
                  for panel in panels if panel is not None]
        return speaker, render("views/said.html", kind="panels", paragraphs=said, panels=listed)
    return speaker, render("views/said.html", kind="text", text=text)


def _version_marker(line: ChatLine, agent: str) -> str:
    """A line between turns where a version begins (Bayko's side) or is kept (Brown's); '' for any other line."""
    if agent == "brown" and line.role == "assistant":
        kept = _VERSION_KEPT.match(line.content)
        if kept:
            return render("views/version_marker.html", number=kept["number"],
                          decision=decision_said(kept["decision"]))
    if agent == "bayko" and line.role == "user":
        asked = _VERSION_ASKED.match(line.content)
        if asked:
            return render("views/version_marker.html", number=asked["number"], decision=None,
                          bubble=safe(bubble(*_said(line, agent))))
    return ""


def transcript_html(lines: Sequence[ChatLine], agent: str) -> str:
    """One agent's whole transcript as a readable conversation: names, not ids; one bubble per message."""
    title = {"brown": "What Brown heard and said", "bayko": "What Bayko was asked and drew"}.get(agent, agent)
    bubbles = "".join(_version_marker(line, agent) or bubble(*_said(line, agent)) for line in lines)
    return render("views/transcript.html", title=title, bubbles=safe(bubbles))
