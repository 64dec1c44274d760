"""The comic's HTML: panels in their page layout, notices, every attempt with what changed, and the downloads.

Pure functions like `views` (whose `esc` every typed or written string goes
through). A panel a fallback renderer drew carries a small mark whose tooltip
says why; in the attempts view each panel of a revision says whether Bayko
redrew it or kept it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from services.schemas import DEFAULT_LAYOUT, LAYOUT_NAMES, Attempt, ComicVersion, Decision, Panel
from services.web.revision_views import panel_tools_html
from services.web.views import MAX_ATTEMPTS, esc, file_url, notices_html, percent, remembered_html, short

LAYOUTS = {"grid_2x2": "⊞ 2×2 grid", "grid_3x2": "▦ 3×2 grid", "strip": "▭ Strip", "vertical": "▯ Vertical"}
LAYOUT_CHOICES = [(LAYOUTS.get(name, name), name) for name in LAYOUT_NAMES]
# What each export is, in the order the download bar offers them; the bundle comes first, on its own.
BUNDLE = "comic.zip"
SINGLE_FILES = (("comic.png", "PNG page", "png"), ("comic.pdf", "PDF", "pdf"), ("comic.cbz", "CBZ", "cbz"),
                ("subtitles.vtt", "VTT", "vtt"), ("subtitles.srt", "SRT", "srt"),
                ("manifest.json", "manifest", "json"))


def _layout(layout: str | None) -> str:
    return layout if layout in LAYOUT_NAMES else DEFAULT_LAYOUT


def _marks(panel: Panel, show_changes: bool) -> str:
    """Small badges over a panel: drawn by a fallback renderer; redrawn or kept in a revision."""
    marks = []
    if panel.notice:
        marks.append(f'<span class="bb-mark bb-mark-fallback" title="{esc(panel.notice)}">'
                     f'fallback art<span class="bb-sr"> ({esc(panel.notice)})</span></span>')
    if show_changes:
        if panel.changed:
            marks.append(f'<span class="bb-mark bb-mark-redrawn" title="Bayko redrew this panel (version '
                         f'{panel.version})">redrawn</span>')
        else:
            marks.append('<span class="bb-mark bb-mark-kept" title="Unchanged from the attempt before">kept</span>')
    return f'<div class="bb-marks">{"".join(marks)}</div>' if marks else ""


def panels_html(panels: Sequence[Panel], folder: Path, css_class: str = "bb-comic", layout: str | None = None,
                show_changes: bool = False, tools: bool = False) -> str:
    """Panels as images, each with its subtitle under it as selectable text (never drawn into the art); with
    `tools`, the buttons that redraw a panel or edit its caption (`revision_views.panel_tools_html`)."""
    figures = []
    for panel in panels:
        image = (f'<img class="bb-panel-art" src="{esc(file_url(folder / panel.image))}" '
                 f'alt="Panel {panel.index + 1}: {esc(panel.description)}">' if panel.image else "")
        state = ("kept" if not panel.changed else "redrawn") if show_changes else "drawn"
        fallback = ' data-fallback="true"' if panel.notice else ""
        figures.append(f'<figure class="bb-panel" data-panel="{panel.index + 1}" data-change="{state}"{fallback}>'
                       f'<div class="bb-panel-frame">{image}{_marks(panel, show_changes)}</div>'
                       f'<figcaption><span class="bb-panel-number">{panel.index + 1}</span>'
                       f'<span class="bb-subtitle">{esc(panel.subtitle)}</span></figcaption>'
                       f'{panel_tools_html(panel.index + 1) if tools else ""}</figure>')
    count = max(1, min(8, len(panels)))
    layout_class = f" bb-layout-{_layout(layout)}" if layout is not None else ""
    return f'<div class="{css_class} bb-panels-{count}{layout_class}">{"".join(figures)}</div>'


def comic_html(attempt: Attempt, folder: Path, title: str = "", note: str = "", state: str = "draft",
               memories: Sequence[str] = (), layout: str | None = None, notices: Sequence[str] = (),
               tools: bool | None = None) -> str:
    """The comic as the reader sees it: a title, an optional note, notices, what Brown remembered, the panels.

    `state` is draft or final; `layout` is one of `LAYOUT_NAMES` (how the panels sit on the page). A final comic
    is one its owner can change, so it has the panel tools unless `tools` says otherwise.
    """
    heading = f'<h2 class="bb-comic-title">{esc(title)}</h2>' if title else ""
    remark = f'<p class="bb-comic-note">{esc(note)}</p>' if note else ""
    chosen = _layout(layout)
    return (f'<div class="bb-comic-page" data-state="{esc(state)}" data-attempt="{attempt.attempt}" '
            f'data-layout="{chosen}">{heading}{remark}{notices_html(notices)}'
            f'{remembered_html(memories, compact=True)}'
            f'{panels_html(attempt.panels, folder, layout=chosen, tools=state == "final" if tools is None else tools)}'
            f'</div>')


def final_note(decision: Decision | None, attempt: int) -> str:
    """One line under the title saying how the comic ended."""
    if decision is None:
        return "Unfinished: Brown never gave a final verdict."
    said = {Decision.APPROVE: "Approved by Brown", Decision.REJECT: "Rejected by Brown",
            Decision.REFINE: "Left for refinement by Brown"}[decision]
    return f"{said} on attempt {attempt} of {MAX_ATTEMPTS}. Select the subtitles to copy them."


def empty_comic_html() -> str:
    return ('<div class="bb-empty"><div class="bb-empty-art" aria-hidden="true">✎</div>'
            '<p><b>Your comic appears here.</b></p>'
            '<p>Write a story (or pick an example), choose a style and press <b>Generate</b>. '
            'Bayko draws it, Brown reviews it, and you can tell Brown what he missed.</p></div>')


def change_summary(attempt: Attempt) -> str:
    """'redrew panels 2 and 3, kept 1 and 4' for a revision; '' for a first attempt or a full redraw."""
    redrawn = [p.index + 1 for p in attempt.panels if p.changed]
    kept = [p.index + 1 for p in attempt.panels if not p.changed]
    if attempt.attempt == 1 or not kept:
        return ""
    if not redrawn:
        return "kept every panel"
    return f"redrew {_panel_list(redrawn)}, kept {_numbers(kept)}"


def _numbers(numbers: Sequence[int]) -> str:
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _panel_list(numbers: Sequence[int]) -> str:
    return f"panel{'s' if len(numbers) != 1 else ''} {_numbers(numbers)}"


def attempts_html(attempts: Sequence[Attempt], folder: Path, final_attempt: int | None = None,
                  versions: Sequence[ComicVersion] = ()) -> str:
    """Every attempt, newest first, so drafts can be compared: in a revision, each panel says redrawn or kept.
    A drawing a follow-up made is named by its version ("Version 2: make it night"), not as a fourth attempt."""
    if not attempts:
        return '<p class="bb-muted">Each attempt Bayko draws is kept here.</p>'
    made_by = {v.attempt: v for v in versions if v.instruction is not None}
    blocks = []
    for attempt in sorted(attempts, key=lambda a: a.attempt, reverse=True):
        verdict = attempt.verdict
        version = made_by.get(attempt.attempt)
        summary = (f"Version {version.number}: {short(version.instruction or '', 60)}" if version
                   else f"Attempt {attempt.attempt} of {MAX_ATTEMPTS}")
        if verdict is not None:
            summary += f" · {verdict.decision.value} · {percent(verdict.match_ratio)} match"
        changes = change_summary(attempt)
        change = f'<span class="bb-change-summary">{esc(changes)}</span>' if changes else ""
        tag = '<span class="bb-final-tag">final</span>' if attempt.attempt == final_attempt else ""
        opened = " open" if attempt.attempt == final_attempt or final_attempt is None else ""
        strip = panels_html(attempt.panels, folder, "bb-strip", show_changes=attempt.attempt > 1)
        blocks.append(f'<details class="bb-attempt"{opened} data-attempt="{attempt.attempt}"><summary>{esc(summary)}'
                      f'{tag}{change}</summary>{strip}</details>')
    return f'<div class="bb-attempts">{"".join(blocks)}</div>'


def downloads_html(folder: Path | None, version: int | None = None) -> str:
    """One bar: the whole bundle as the main link, then each file as a small chip; nothing before a comic exists.

    The files are rewritten when another version is shown: `version` goes in the links, so a browser that kept
    an earlier version's file fetches the one shown now."""
    if folder is None or not (folder / BUNDLE).exists():
        return ""
    stamp = f"?v={version}" if version is not None else ""

    def link(name: str, label: str, key: str, css: str) -> str:
        return (f'<a class="{css}" id="download-{key}" href="{esc(file_url(folder / name) + stamp)}" download="{esc(name)}" '
                f'title="Download {esc(name)}">{esc(label)}</a>')

    chips = "".join(link(name, label, key, "bb-dl-chip") for name, label, key in SINGLE_FILES
                    if (folder / name).exists())
    return (f'<div class="bb-downloads">{link(BUNDLE, "⬇ Download everything (.zip)", "zip", "bb-dl-main")}'
            f'<span class="bb-dl-or">or one file:</span><span class="bb-dl-chips">{chips}</span></div>')
