"""The studio's HTML, built from events, sessions and transcripts by pure functions.

Kept apart from Gradio so every escape can be unit-tested: any string a person
typed (prompt, comment, memory) or the storyteller wrote goes through `esc`
before it reaches the page, so it is shown as text and never run.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from urllib.parse import quote

from services.memory.agent_memory import ChatLine
from services.review.simple_evaluator import SimpleEvaluator
from services.schemas import Attempt, ComicSession, Decision, StoryboardRequest, Verdict
from services.storage.session_store import SessionSummary

MAX_ATTEMPTS = SimpleEvaluator.MAX_ATTEMPTS
MISSING_WORDS_SHOWN = 6
DECISION_WORDS = {
    Decision.APPROVE: ("Approved", "approve"),
    Decision.REFINE: ("Try again", "refine"),
    Decision.REJECT: ("Rejected", "reject"),
}
# Speakers as each agent's transcript names them: a "user" line is what came in, "assistant" what the agent said.
SPEAKERS = {
    "brown": {"user": "To Brown", "assistant": "Brown", "system": "Studio"},
    "bayko": {"user": "Brown → Bayko", "assistant": "Bayko", "system": "Studio"},
}
# Beyond HTML: gr.HTML renders through a template engine, so braces, dollars and backticks become entities too.
_TEMPLATE_CHARS = str.maketrans({"{": "&#123;", "}": "&#125;", "$": "&#36;", "`": "&#96;"})


def esc(text: object) -> str:
    """Text for an HTML page: markup, quotes and template syntax all shown literally."""
    return html.escape(str(text if text is not None else ""), quote=True).translate(_TEMPLATE_CHARS)


def file_url(path: Path | str) -> str:
    """The URL Gradio serves an allowed file at; relative, so it also works behind a proxy path."""
    return "gradio_api/file=" + quote(str(Path(path).resolve()), safe="/")


def short(text: str, limit: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def friendly_time(iso: str | datetime) -> str:
    """'2025-11-29 21:43 UTC' from a stored timestamp; the raw text when it does not parse."""
    try:
        moment = iso if isinstance(iso, datetime) else datetime.fromisoformat(str(iso))
    except ValueError:
        return str(iso)
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def percent(ratio: float) -> str:
    return f"{max(0.0, min(1.0, ratio)):.0%}"


def message_html(text: str, kind: str = "info") -> str:
    """One line for the page: a notice, a confirmation or an error ('info', 'ok', 'error')."""
    icon = {"ok": "✓", "error": "!", "info": "i"}.get(kind, "i")
    return (f'<div class="bb-message bb-{esc(kind)}" role="{"alert" if kind == "error" else "status"}">'
            f'<span class="bb-message-icon" aria-hidden="true">{icon}</span><span>{esc(text)}</span></div>')


def style_cards_html(styles: dict[str, dict[str, str]], samples: dict[str, Path], selected: str) -> str:
    """What each style looks like: a row of small sample panels (or swatches), then the chosen style's blurb."""
    cards = []
    for name, info in styles.items():
        chosen = " bb-chosen" if name == selected else ""
        label = esc(info.get("label", name))
        sample = samples.get(name)
        art = (f'<img src="{esc(file_url(sample))}" alt="{label} sample panel" loading="lazy">'
               if sample else f'<div class="bb-style-swatch bb-swatch-{esc(name)}" aria-hidden="true"></div>')
        cards.append(f'<div class="bb-style-card{chosen}" data-style="{esc(name)}" title="{esc(info.get("blurb", ""))}">'
                     f'{art}<span>{label}</span></div>')
    chosen_info = styles.get(selected, {})
    blurb = (f'<p class="bb-style-blurb"><b>{esc(chosen_info.get("label", selected))}:</b> '
             f'{esc(chosen_info.get("blurb", ""))}</p>')
    return f'<div class="bb-style-cards">{"".join(cards)}</div>{blurb}'


def progress_html(step: str, attempt: int | None = None, done: bool = False) -> str:
    """Where the loop is: brief, draw, review; the current attempt out of three."""
    steps = ["Brief", "Draw", "Review", "Done"]
    current = steps.index(step) if step in steps else 0
    items = []
    for number, name in enumerate(steps):
        state = "done" if number < current or done else ("now" if number == current else "todo")
        items.append(f'<li class="bb-step bb-step-{state}">{esc(name)}</li>')
    counter = f'<span class="bb-attempt-counter">attempt {attempt} of {MAX_ATTEMPTS}</span>' if attempt else ""
    return f'<div class="bb-progress" aria-live="polite"><ol>{"".join(items)}</ol>{counter}</div>'


def remembered_html(memories: Sequence[str], compact: bool = False) -> str:
    """The accepted domain memories a comic used ("Brown remembered: …"); nothing when it used none."""
    if not memories:
        return ""
    items = "".join(f'<li><q>{esc(m)}</q></li>' for m in memories)
    kind = " bb-remembered-compact" if compact else ""
    return (f'<div class="bb-remembered{kind}"><span class="bb-remembered-label">Brown remembered:</span>'
            f'<ul class="bb-memories">{items}</ul></div>')


def notices_html(notices: Sequence[str]) -> str:
    """Backends that fell back while making the comic: one calm line each; nothing when none did."""
    unique = list(dict.fromkeys(n for n in notices if n))
    if not unique:
        return ""
    items = "".join(f"<li>{esc(n)}</li>" for n in unique)
    return (f'<div class="bb-notices" role="note"><span class="bb-notices-icon" aria-hidden="true">i</span>'
            f'<ul>{items}</ul></div>')


def verdict_card_html(attempt: int, verdict: Verdict) -> str:
    """Brown's verdict on one attempt: the decision, why, how well it matches, what to fix."""
    word, kind = DECISION_WORDS.get(verdict.decision, (verdict.decision.value, "refine"))
    ratio = max(0.0, min(1.0, verdict.match_ratio))
    notes = panel_notes_html(verdict)
    feedback = notes or (f'<p class="bb-feedback"><b>For Bayko:</b> {esc(verdict.feedback)}</p>'
                         if verdict.feedback else "")
    return (f'<div class="bb-verdict bb-verdict-{kind}" data-decision="{esc(verdict.decision.value)}">'
            f'<div class="bb-verdict-head"><span class="bb-badge bb-badge-{kind}">{esc(word)}</span>'
            f'<span class="bb-verdict-decision">{esc(verdict.decision.value)}</span>'
            f'<span class="bb-verdict-attempt">attempt {attempt} of {MAX_ATTEMPTS}</span></div>'
            f'<p class="bb-reason">{esc(verdict.reason)}</p>'
            f'<div class="bb-match"><span>match</span><div class="bb-meter" role="meter" aria-valuemin="0" '
            f'aria-valuemax="100" aria-valuenow="{ratio * 100:.0f}"><div style="width:{ratio * 100:.0f}%"></div></div>'
            f'<b class="bb-match-ratio">{percent(ratio)}</b></div>{concepts_html(verdict)}{feedback}</div>')


def concepts_html(verdict: Verdict) -> str:
    """The prompt's things Brown found drawn, and those he did not (nothing when no panel recorded what it drew)."""
    if not verdict.concepts_found and not verdict.concepts_missing:
        return ""
    found = "".join(f'<li class="bb-concept-found">{esc(what)}</li>' for what in verdict.concepts_found)
    missing = "".join(f'<li class="bb-concept-missing">{esc(what)}</li>' for what in verdict.concepts_missing)
    return (f'<div class="bb-concepts" data-concepts-found="{len(verdict.concepts_found)}" '
            f'data-concepts-missing="{len(verdict.concepts_missing)}">'
            + (f'<span>Drawn:</span><ul>{found}</ul>' if found else "")
            + (f'<span>Not drawn:</span><ul>{missing}</ul>' if missing else "") + '</div>')


def panel_notes_html(verdict: Verdict, shown_words: int = MISSING_WORDS_SHOWN) -> str:
    """Brown's note on each panel at fault: its number, why, and (a few of) the words it should show."""
    if not verdict.panel_notes:
        return ""
    items = []
    for note in sorted(verdict.panel_notes, key=lambda n: n.index):
        words = note.missing_words[:shown_words]
        more = len(note.missing_words) - len(words)
        missing = (f'<span class="bb-missing">add {esc(", ".join(words))}{f" +{more} more" if more > 0 else ""}'
                   f'</span>' if words else "")
        items.append(f'<li data-panel="{note.index + 1}"><b>Panel {note.index + 1}</b> {esc(note.reason)}'
                     f'{"; " if missing else ""}{missing}</li>')
    return f'<div class="bb-panel-notes"><b>For Bayko, panel by panel:</b><ul>{"".join(items)}</ul></div>'


def _bubble(speaker: str, body: str) -> str:
    who = speaker.lower()
    return (f'<div class="bb-line bb-from-{esc(who)}"><div class="bb-avatar" aria-hidden="true">{esc(speaker[0])}</div>'
            f'<div class="bb-bubble"><div class="bb-speaker">{esc(speaker)}</div>{body}</div></div>')


def conversation_html(request: StoryboardRequest | None, attempts: Sequence[Attempt],
                      memories: Sequence[str] = (), finished: bool = False) -> str:
    """Brown and Bayko's exchange so far, as a short chat: brief, each attempt, each verdict."""
    if request is None:
        return '<div class="bb-chat bb-chat-empty">Brown and Bayko\'s conversation will show up here.</div>'
    lines = [_bubble("Brown", f'<p>Bayko, a {request.panels}-panel {esc(request.style.replace("_", " "))} comic, '
                              f'please: <q class="bb-prompt">{esc(request.prompt)}</q></p>')]
    if memories:
        lines.append(_bubble("Brown", remembered_html(memories)))
    for attempt in attempts:
        count = len(attempt.panels)
        changed = [p.index + 1 for p in attempt.panels if p.changed]
        said = (f"{count} panel{'s' if count != 1 else ''}" if attempt.attempt == 1 or len(changed) == count
                else f"I redrew panel{'s' if len(changed) != 1 else ''} {', '.join(map(str, changed)) or 'none'} "
                     f"and kept the rest")
        lines.append(_bubble("Bayko", f"<p>Here is attempt {attempt.attempt} of {MAX_ATTEMPTS}: {esc(said)}.</p>"))
        if attempt.verdict is not None:
            lines.append(_bubble("Brown", verdict_card_html(attempt.attempt, attempt.verdict)))
        elif not finished:
            lines.append(_bubble("Brown", '<p class="bb-typing">reviewing<span>.</span><span>.</span>'
                                          '<span>.</span></p>'))
    return f'<div class="bb-chat">{"".join(lines)}</div>'


def session_label(summary: SessionSummary) -> str:
    """One line in the list of past comics: prompt, time, final decision (plain text, shown as text)."""
    decision = summary.decision or "unfinished"
    return f"{short(summary.prompt, 60)} · {friendly_time(summary.created_at)} · {decision}"


def session_detail_html(session: ComicSession) -> str:
    """The header of one past comic: what was asked, how it ended, and readers' comments."""
    final = session.final
    outcome = (f"{final.decision.value} on attempt {final.attempt} of {MAX_ATTEMPTS}" if final else "unfinished")
    request = session.request
    comments = "".join(f'<li><span class="bb-comment-text">{esc(c.text)}</span>'
                       f'<span class="bb-muted"> · {esc(friendly_time(c.created_at))}</span></li>'
                       for c in session.comments)
    comment_block = (f'<h4>Your comments</h4><ul class="bb-comments">{comments}</ul>' if comments
                     else '<p class="bb-muted">No comments yet.</p>')
    return (f'<div class="bb-session"><h3>{esc(session.title or short(request.prompt, 90))}</h3>'
            f'<p class="bb-session-prompt"><q>{esc(request.prompt)}</q></p>'
            f'<p class="bb-muted">{esc(friendly_time(session.created_at))} · {request.panels} panels · '
            f'{esc(request.style)} · {esc(request.layout.replace("_", " "))} · seed {esc(request.seed)} · '
            f'<b>{esc(outcome)}</b></p>{notices_html(session.notices)}'
            f'{remembered_html(session.domain_memories)}{comment_block}</div>')


def chat_messages(lines: Iterable[ChatLine], agent: str) -> list[dict[str, str]]:
    """A transcript for gr.Chatbot: each line says who speaks; the text is escaped so markup shows literally."""
    names = SPEAKERS.get(agent, {})
    messages = []
    for line in lines:
        role = "assistant" if line.role == "assistant" else "user"
        speaker = names.get(line.role, line.role)
        messages.append({"role": role, "content": f"**{esc(speaker)}**\n\n{esc(line.content)}"})
    return messages
