"""The comic's HTML: panels in their page layout, notices, every attempt with what changed, and the downloads.

Pure functions like `views`; the HTML comes from assets/templates/studio/comic/, whose every value is
escaped (`templates.render`). A panel a fallback renderer drew carries a small mark whose tooltip
says why; in the attempts view each panel of a revision says whether Bayko
redrew it or kept it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from services.review.verdict_words import final_note_sentence
from services.schemas import DEFAULT_LAYOUT, LAYOUT_NAMES, Attempt, ComicVersion, Decision, Panel, Verdict
from services.storage.session_store import MANIFEST
from services.web.comic_files import download_href
from services.web.download_names import download_name
from services.web.templates import render, safe
from services.web.views import MAX_ATTEMPTS, decision_said, file_url, notices_html, percent, remembered_html, short

LAYOUTS = {"grid_2x2": "⊞ 2×2 grid", "grid_3x2": "▦ 3×2 grid", "strip": "▭ Strip", "vertical": "▯ Vertical"}
LAYOUT_CHOICES = [(LAYOUTS.get(name, name), name) for name in LAYOUT_NAMES]
# What each export is, in the order the download bar offers them; the bundle comes first, on its own.
BUNDLE = "comic.zip"
SINGLE_FILES = (("comic.png", "PNG page", "png"), ("comic.pdf", "PDF", "pdf"), ("comic.cbz", "CBZ", "cbz"),
                ("subtitles.vtt", "VTT", "vtt"), ("subtitles.srt", "SRT", "srt"),
                ("manifest.json", "manifest", "json"))


def _layout(layout: str | None) -> str:
    return layout if layout in LAYOUT_NAMES else DEFAULT_LAYOUT


def panels_html(panels: Sequence[Panel], folder: Path, css_class: str = "bb-comic", layout: str | None = None,
                show_changes: bool = False, tools: bool = False) -> str:
    """Panels as images, each with its subtitle under it as selectable text (never drawn into the art); with
    `tools`, the buttons that redraw a panel or edit its caption (revision/panel_tools.html); in a revision
    (`show_changes`) each panel is marked redrawn or kept."""
    figures = [{"panel": panel, "number": panel.index + 1,
                "src": file_url(folder / panel.image) if panel.image else None,
                "state": ("kept" if not panel.changed else "redrawn") if show_changes else "drawn"}
               for panel in panels]
    return render("comic/panels.html", figures=figures, css_class=css_class, count=max(1, min(8, len(panels))),
                  layout=_layout(layout) if layout is not None else None, show_changes=show_changes, tools=tools)


def comic_html(attempt: Attempt, folder: Path, title: str = "", note: str = "", state: str = "draft",
               memories: Sequence[str] = (), layout: str | None = None, notices: Sequence[str] = (),
               tools: bool | None = None) -> str:
    """The comic as the reader sees it: a title, an optional note, notices, what Brown remembered, the panels.

    `state` is draft or final; `layout` is one of `LAYOUT_NAMES` (how the panels sit on the page). A final comic
    is one its owner can change, so it has the panel tools unless `tools` says otherwise.
    """
    chosen = _layout(layout)
    panels = panels_html(attempt.panels, folder, layout=chosen, tools=state == "final" if tools is None else tools)
    return render("comic/page.html", state=state, attempt=attempt.attempt, layout=chosen, title=title, note=note,
                  notices=safe(notices_html(notices)), remembered=safe(remembered_html(memories, compact=True)),
                  panels=safe(panels))


def final_note(decision: Decision | None, attempt: int, verdict: Verdict | None = None) -> str:
    """One line under the title saying how the comic ended; with the final `verdict`, a rejection says why in
    words ('Rejected by Brown on attempt 1 of 3: Brown could not find a character…')."""
    return final_note_sentence(decision, attempt, verdict)


def empty_comic_html() -> str:
    return render("comic/empty.html")


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
    made_by = {v.attempt: v for v in versions if v.instruction is not None}
    blocks = []
    for attempt in sorted(attempts, key=lambda a: a.attempt, reverse=True):
        verdict = attempt.verdict
        version = made_by.get(attempt.attempt)
        summary = (f"Version {version.number}: {short(version.instruction or '', 60)}" if version
                   else f"Attempt {attempt.attempt} of {MAX_ATTEMPTS}")
        if verdict is not None:
            summary += f" · {decision_said(verdict.decision)} · {percent(verdict.match_ratio)} match"
        strip = panels_html(attempt.panels, folder, "bb-strip", show_changes=attempt.attempt > 1)
        blocks.append({"number": attempt.attempt, "summary": summary, "changes": change_summary(attempt),
                       "final": attempt.attempt == final_attempt, "strip": safe(strip),
                       "opened": attempt.attempt == final_attempt or final_attempt is None})
    return render("comic/attempts.html", blocks=blocks)


def downloads_html(folder: Path | None, version: int | None = None, title: str | None = None) -> str:
    """One bar: the whole bundle as the main link, then each file as a small chip; nothing before a comic exists.

    Every file is offered whether written yet or not: the studio's download route (`comic_files`) writes each the
    first time it is asked for. The files are rewritten when another version is shown: `version` goes in the
    links, so a browser that kept an earlier version's file fetches the one shown now. Each file is offered under
    a name made from the comic's `title` ('smolder-on-the-mountain.pdf'), not as one more 'comic.pdf'."""
    if folder is None or not (folder / MANIFEST).exists():
        return ""
    stamp = f"?v={version}" if version is not None else ""

    def link(name: str, label: str, key: str) -> dict[str, str]:
        return {"key": key, "href": download_href(folder, name) + stamp, "name": download_name(title, name),
                "label": label}

    files = [link(name, label, key) for name, label, key in SINGLE_FILES]
    return render("comic/downloads.html", bundle=link(BUNDLE, "⬇ Download everything (.zip)", "zip"), files=files)
