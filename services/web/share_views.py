"""What a published comic shows the public: plain data for the share and gallery templates, nothing private.

Built from the comic's record on every request (nothing is copied when it is
published). What never reaches a template: the owner's id or key, comments,
the folder's path (its random part is the owner's capability on Gradio's file
route), and, unless the owner chose to include them, the transcripts. Even
then, the transcript lines about comments (which name the commenter) are left out.
Every string here is text: the templates escape it (`autoescape`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from pydantic import BaseModel

from services.memory.agent_memory import ChatLine
from services.review.verdict_words import outcome_sentence, reason_sentence
from services.schemas import Attempt, ComicSession, Decision
from services.storage.publications import Publication
from services.web.download_names import download_name

MAX_ATTEMPTS = 3
DESCRIPTION_MAX_CHARS = 200
# The files a reader may take, in the order offered. Not `manifest.json` (it holds the owner's id and the
# comments), and the bundle is built on request from these alone (the stored one holds the manifest).
PUBLIC_FILES = (("comic.png", "PNG page"), ("comic.pdf", "PDF"), ("comic.cbz", "CBZ"),
                ("subtitles.vtt", "VTT subtitles"), ("subtitles.srt", "SRT subtitles"))
BUNDLE = "comic.zip"
BUNDLE_LABEL = "Everything (.zip)"
COMMENT_LINES = ("Comment from ", "Learned from comment ", "Comment comment_")
AGENT_NAMES = {"brown": "Brown, the director", "bayko": "Bayko, the artist"}


class PanelView(BaseModel):
    number: int
    image: str  # relative to the share page's folder: `<token>/panels/<n>.png`
    alt: str
    caption: str


class DownloadView(BaseModel):
    href: str
    label: str
    filename: str


class ChatView(BaseModel):
    speaker: str
    text: str


class TranscriptView(BaseModel):
    agent: str
    lines: list[ChatView]


class ShareView(BaseModel):
    title: str
    description: str
    verdict: str
    published: str
    panels: list[PanelView]
    downloads: list[DownloadView]
    page_image: str  # relative, like the panels
    transcripts: list[TranscriptView]


class GalleryCard(BaseModel):
    title: str
    href: str  # relative to /gallery: `share/<token>`
    thumbnail: str
    alt: str
    published: str


def shown_attempt(session: ComicSession) -> Attempt | None:
    """The attempt the comic shows now (a follow-up's version moves it), as the studio's page picks it."""
    return session.final_attempt or (session.attempts[-1] if session.attempts else None)


def comic_title(session: ComicSession, publication: Publication) -> str:
    return session.title or publication.title


def verdict_sentence(session: ComicSession) -> str:
    """Brown's final word, in the studio's own sentences (`verdict_words`): the outcome, and for an approval what
    he found drawn or still missing."""
    attempt = shown_attempt(session)
    if session.final is None or attempt is None or attempt.verdict is None:
        return "Brown never gave a final verdict on this comic."
    verdict = attempt.verdict
    headline = outcome_sentence(verdict, min(session.final.attempt, MAX_ATTEMPTS))
    if verdict.decision is Decision.APPROVE:
        return f"Brown's verdict: {headline} {reason_sentence(verdict)}"
    return f"Brown's verdict: {headline}"


def share_view(session: ComicSession, publication: Publication, available: Iterable[str],
               transcripts: Mapping[str, Sequence[ChatLine]] | None = None) -> ShareView:
    """The share page's content; `available` names the stored files that exist (a file is offered only then)."""
    token, title = publication.token, comic_title(session, publication)
    attempt = shown_attempt(session)
    panels = [PanelView(number=n, image=f"{token}/panels/{n}.png", alt=f"Panel {n}: {panel.description}",
                        caption=panel.subtitle)
              for n, panel in enumerate(attempt.panels if attempt else [], start=1) if panel.image]
    present = set(available)
    downloads = [DownloadView(href=f"{token}/download/{name}", label=label, filename=download_name(title, name))
                 for name, label in PUBLIC_FILES if name in present]
    if downloads:
        downloads.insert(0, DownloadView(href=f"{token}/download/{BUNDLE}", label=BUNDLE_LABEL,
                                         filename=download_name(title, BUNDLE)))
    return ShareView(title=title, description=description(panels), verdict=verdict_sentence(session),
                     published=publication.published_at.strftime("%d %B %Y"), panels=panels, downloads=downloads,
                     page_image=f"{token}/page.png" if "comic.png" in present else "",
                     transcripts=public_transcripts(session, transcripts) if transcripts else [])


def description(panels: Sequence[PanelView]) -> str:
    """The first captions, for link previews (og:description)."""
    text = " ".join(" ".join(p.caption.split()) for p in panels[:3]).strip()
    if len(text) > DESCRIPTION_MAX_CHARS:
        text = text[:DESCRIPTION_MAX_CHARS - 1].rstrip() + "…"
    return text or "A comic drawn by Bayko and reviewed by Brown."


def public_transcripts(session: ComicSession, transcripts: Mapping[str, Sequence[ChatLine]]) -> list[TranscriptView]:
    """Brown's and Bayko's transcripts without anything about comments (they name who wrote them)."""
    private = [c.comment_id for c in session.comments]
    owner = session.request.user_id
    views = []
    for agent, lines in transcripts.items():
        kept = [ChatView(speaker=_speaker(agent, line.role), text=line.content) for line in lines
                if not _private_line(line.content, private, owner)]
        views.append(TranscriptView(agent=AGENT_NAMES.get(agent, agent.title()), lines=kept))
    return views


def _private_line(text: str, comment_ids: Sequence[str], owner: str | None) -> bool:
    return (text.startswith(COMMENT_LINES) or any(c in text for c in comment_ids)
            or bool(owner and owner in text))


def _speaker(agent: str, role: str) -> str:
    if role == "assistant":
        return agent.title()
    if agent == "bayko":
        return "Brown"  # what Bayko hears comes from Brown
    return "Request"


def gallery_card(publication: Publication) -> GalleryCard:
    return GalleryCard(title=publication.title, href=f"share/{publication.token}",
                       thumbnail=f"share/{publication.token}/panels/1.png",
                       alt=f"The first panel of {publication.title}",
                       published=publication.published_at.strftime("%d %B %Y"))
