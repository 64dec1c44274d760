"""Agent Bayko, the artist: writes the storyboard and draws the panels.

One Bayko per comic. He answers Brown's generation and refinement requests
with a generation result, and keeps his side of the conversation in his own
memory. Speech and narration go into subtitles; a description only says what
the picture shows, and the renderer is never given a subtitle. When a
storyboard's description asks for dialogue in the picture, Bayko takes those
words out himself and says so, in his memory and on the page; in strict review
(`COMIC_STRICT_REVIEW`) he leaves them for Brown to reject, as the spec says.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PIL import Image

from services.art import cost_bounds
from services.art.panel_renderer import PanelArtRequest, PanelRenderer
from services.memory.agent_memory import AgentMemory
from services.review.picture_words import tidy_description
from services.revision.applying import ComicDraft, apply_changes
from services.schemas import (
    AgentMessage,
    Attempt,
    GenerationRequest,
    GenerationResult,
    Panel,
    RefinementRequest,
    RevisionRequest,
    ScenePlan,
    Storyboard,
    StoryboardRequest,
    SubstitutionRequest,
)
from services.storage.session_store import load_panel_images, save_png
from services.story.character_sheet import decide_looks
from services.story.scene_description import describe_scene
from services.story.storyboard_writer import write_storyboard
from services.story.storyteller import OfflineStoryteller, Storyteller

NAME = "bayko"
logger = logging.getLogger(__name__)


class AgentBayko:
    def __init__(self, session_id: str, session_folder: Path, data_dir: Path,
                 storyteller: Storyteller, renderer: PanelRenderer, tidies_descriptions: bool = True,
                 reading: ScenePlan | None = None) -> None:
        """`reading`: the prompt as the loop already read it for this comic's story world, when no memory
        applies (the same reading Bayko would make), so the prompt is read once."""
        self.session_id = session_id
        self.session_folder = session_folder
        self.storyteller = storyteller
        self.renderer = renderer
        self.tidies_descriptions = tidies_descriptions
        self.memory = AgentMemory(session_id, NAME, data_dir)
        self.drawn: dict[int, list[Image.Image]] = {}
        self.attempts: dict[int, Attempt] = {}
        self.reading: ScenePlan | None = reading  # the prompt, read once for this comic
        self.drawing_seconds = 0.0  # spent drawing this comic, against cost_bounds.TIME_BUDGET_SECONDS

    async def process_generation_request(self, message: AgentMessage) -> AgentMessage:
        """Write (or revise) the storyboard, draw it, and report back to Brown."""
        order = message.payload
        if not isinstance(order, GenerationRequest | RefinementRequest):
            raise TypeError(f"Bayko cannot act on a {order.message_type.value} message")
        request, memories, iteration = order.request, message.context.domain_memories, message.context.iteration
        self._say("user", f"Received generation request: {request.prompt}")  # the spec's line
        self.memory.log("user", _describe_incoming(message, order))
        reading = self._reading(request, memories, order.reading if isinstance(order, RefinementRequest) else None)
        # What a model reads: Bayko's conversation so far (this request included) and the story world.
        history = await self.memory.acontext(memories)
        if isinstance(order, RefinementRequest):
            storyboard = await self.storyteller.revise(request, request.seed or 0, memories, order.storyboard,
                                                       order.verdict, reading, history=history)
        else:
            storyboard = await self.storyteller.plan(request, request.seed or 0, memories, reading, history=history)
        # The character sheet: decided once, then every panel and every attempt draws the same characters.
        storyboard = storyboard.model_copy(update={"cast": decide_looks(storyboard.cast, request.prompt, memories,
                                                                        request.seed or 0)})
        storyboard = self._bounded(storyboard, request, self.attempts.get(iteration - 1))
        if self.tidies_descriptions:
            storyboard = self._take_out_picture_words(storyboard)
        attempt = await asyncio.to_thread(self._draw, storyboard, request, iteration, self.attempts.get(iteration - 1))
        return self._report(message, attempt, storyboard)

    async def process_substitution_request(self, message: AgentMessage) -> AgentMessage:
        """After the last attempt: put the offline storyteller's panels in place of the ones Brown named."""
        order = message.payload
        if not isinstance(order, SubstitutionRequest):
            raise TypeError(f"Bayko cannot substitute panels from a {order.message_type.value} message")
        request, iteration = order.request, message.context.iteration
        self._say("user", f"Received substitution request for panels "
                          f"{', '.join(str(note.index + 1) for note in order.panels)}: {request.prompt}")
        memories = message.context.domain_memories
        offline = await OfflineStoryteller().plan(request, request.seed or 0, memories,
                                                  self._reading(request, memories, order.reading))
        panels = [panel.model_copy() for panel in order.storyboard.panels]
        for note in order.panels:
            if 0 <= note.index < min(len(panels), len(offline.panels)):
                replacement = offline.panels[note.index]
                panels[note.index] = panels[note.index].model_copy(update={
                    "description": replacement.description, "subtitle": replacement.subtitle,
                    "scene": replacement.scene})
        storyboard = order.storyboard.model_copy(update={"panels": panels})
        storyboard = self._bounded(storyboard, request, self.attempts.get(iteration))
        if self.tidies_descriptions:
            storyboard = self._take_out_picture_words(storyboard)
        attempt = await asyncio.to_thread(self._draw, storyboard, request, iteration, self.attempts.get(iteration))
        return self._report(message, attempt, storyboard)

    async def process_revision_request(self, message: AgentMessage) -> AgentMessage:
        """A follow-up: apply the person's changes to the version shown, redraw only the panels they change."""
        order = message.payload
        if not isinstance(order, RevisionRequest):
            raise TypeError(f"Bayko cannot make a version from a {order.message_type.value} message")
        self._say("user", f"Received revision request for version {order.version}: {order.follow_up.instruction}")
        board = order.storyboard
        before = Attempt(attempt=message.context.iteration - 1, panels=board.panels)
        self.attempts[before.attempt] = before
        self.drawn[before.attempt] = await asyncio.to_thread(load_panel_images, self.session_folder, board.panels)
        draft = ComicDraft(prompt=order.request.prompt, seed=order.request.seed or 0,
                           memories=message.context.domain_memories, reading=order.reading, cast=board.cast,
                           panels=board.panels, style=order.request.style, layout=order.request.layout,
                           facts=order.facts)
        applied = apply_changes(draft, order.follow_up.changes)
        self.reading = applied.draft.reading
        request = order.request.model_copy(update={"style": applied.draft.style, "layout": applied.draft.layout,
                                                   "panels": len(applied.draft.panels)})
        storyboard = board.model_copy(update={"cast": applied.draft.cast, "panels": applied.draft.panels,
                                              "notices": []})
        storyboard = self._bounded(storyboard, request, before)
        attempt = await asyncio.to_thread(self._draw, storyboard, request, message.context.iteration, before,
                                          set(applied.redraw), f"version_{order.version}_{uuid.uuid4().hex[:8]}")
        reply = self._report(message, attempt, storyboard)
        assert isinstance(reply.payload, GenerationResult)
        reply.payload.done, reply.payload.facts, reply.payload.request = applied.said, applied.draft.facts, request
        return reply

    def _reading(self, request: StoryboardRequest, memories: list[str], sent: ScenePlan | None) -> ScenePlan:
        """The one reading of the prompt: made at the first request, then the one the messages carry."""
        if self.reading is None:
            self.reading = sent or self.storyteller.read(request, request.seed or 0, memories)
        return self.reading

    def images_of(self, attempt: int) -> list[Image.Image]:
        """The panels drawn for one attempt, as images (the comic page is made from them)."""
        return self.drawn[attempt]

    def _report(self, message: AgentMessage, attempt: Attempt, storyboard: Storyboard) -> AgentMessage:
        self._say("assistant", f"Generated {len(attempt.panels)} panels successfully")  # the spec's line
        self.memory.log("assistant", _describe_attempt(attempt))
        result = GenerationResult(attempt=attempt, storyboard=storyboard, reading=self.reading)
        return AgentMessage.wrap(NAME, message.sender, result, message.context)

    def _say(self, role: str, line: str) -> None:
        """One line to the console (logging) and to Bayko's memory."""
        logger.info("Bayko: %s", line)
        self.memory.log(role, line)

    def _take_out_picture_words(self, storyboard: Storyboard) -> Storyboard:
        """Take dialogue and incoherence words out of the descriptions, saying which, panel by panel."""
        panels, notices = [], []
        for panel in storyboard.panels:
            tidied = tidy_description(panel.description)
            if tidied.removed:
                said = " and ".join(f"'{phrase}'" for phrase in tidied.removed)
                notices.append(f"Bayko took {said} out of panel {panel.index + 1}: words are not drawn in a picture")
                panel = panel.model_copy(update={"description": tidied.text})
            panels.append(panel)
        for notice in notices:
            self._say("assistant", notice)
        return storyboard.model_copy(update={"panels": panels, "notices": [*storyboard.notices, *notices]})

    def _bounded(self, storyboard: Storyboard, request: StoryboardRequest, before: Attempt | None) -> Storyboard:
        """The storyboard within the comic's cost bounds (`cost_bounds`): a panel whose plan names more than it
        may show keeps what fits, says only that in its description, and lists the rest (`not_drawn`). Past the
        drawing time budget no new thing is added, and Bayko says so."""
        adding = self.drawing_seconds < cost_bounds.TIME_BUDGET_SECONDS
        drawn_before = [name for p in (before.panels if before else []) for name in cost_bounds.things_of(p.scene)
                        if name not in p.not_drawn]
        panels = []
        for panel, bound in zip(storyboard.panels, cost_bounds.bound_scenes([p.scene for p in storyboard.panels],
                                                                            drawn_before, adding)):
            if bound is not None and bound.not_drawn and self.reading is not None:
                panel = panel.model_copy(update={"scene": bound.scene, "not_drawn": bound.not_drawn,
                                                 "description": describe_scene(bound.scene, self.reading,
                                                                               request.prompt, panel.index)})
            panels.append(panel)
        notices = list(storyboard.notices)
        if not adding:
            notices.append(f"Bayko stopped adding things after {self.drawing_seconds:.0f} seconds of drawing (the "
                           f"budget is {cost_bounds.TIME_BUDGET_SECONDS:.0f}): redrawn panels show only what the "
                           f"comic already drew")
            self._say("assistant", notices[-1])
        return storyboard.model_copy(update={"panels": panels, "notices": notices})

    def _arts(self, storyboard: Storyboard, fresh: list[Panel], request: StoryboardRequest) -> list[PanelArtRequest]:
        """What the renderer is asked for: each panel's own scene, or for one a storyteller left without (a scripted
        board, a model's story with no event read) the offline storyteller's scene for that panel of the same prompt,
        with that plan's cast for anyone the board's cast does not name. The renderer draws scenes, never prose."""
        cast, scenes = tuple(storyboard.cast), [p.scene for p in fresh]
        if any(scene is None for scene in scenes):
            offline = write_storyboard(request.prompt, len(storyboard.panels), request.seed or 0, [], plan=self.reading)
            named = {m.name for m in cast}
            cast += tuple(m for m in offline.cast if m.name not in named)
            scenes = [s if s is not None or p.index >= len(offline.panels) else offline.panels[p.index].scene
                      for p, s in zip(fresh, scenes)]
        return [PanelArtRequest(description=p.description, style=request.style, seed=request.seed or 0,
                                panel_index=p.index, panel_count=len(storyboard.panels), cast=cast, scene=scene,
                                take=p.take)
                for p, scene in zip(fresh, scenes)]

    def _draw(self, storyboard: Storyboard, request: StoryboardRequest, iteration: int,
              before: Attempt | None, redraw: set[int] | None = None, folder: str | None = None) -> Attempt:
        """Draw the panels whose picture changed since `before` (or those in `redraw`); keep the others' pictures.

        A follow-up names what to redraw: a kept panel then takes its new record (a caption, a name) with its old
        picture; it is saved under `folder`, a version's own."""
        started = time.perf_counter()
        if redraw is None:
            kept = {p.index: k for p in storyboard.panels if (k := _unchanged(before, p)) is not None}
        else:
            assert before is not None, "a follow-up redraws from the version before"
            kept = {p.index: _kept_record(p, before.panels[p.index]) for p in storyboard.panels
                    if p.index not in redraw and p.index < len(before.panels)}
        fresh = [p for p in storyboard.panels if p.index not in kept]
        arts = self._arts(storyboard, fresh, request)
        redraw_of_same_attempt = before is not None and before.attempt == iteration
        drawn: dict[int, tuple[Panel, Image.Image]] = {}
        # PNG encoding (zlib) releases the GIL, so panel N is saved while panel N+1 is drawn.
        with ThreadPoolExecutor(max_workers=1) as encoder:
            saves = []
            for panel, rendered in zip(fresh, self.renderer.render_all(arts)):
                image = rendered.image.convert("RGB")
                version = _kept_version(before, panel.index) + 1
                suffix = f"_v{version}" if redraw_of_same_attempt else ""
                relative = f"{folder or f'attempt_{iteration}'}/panel_{panel.index + 1}{suffix}.png"
                saves.append(encoder.submit(save_png, image, self.session_folder / relative))
                drawn[panel.index] = (panel.model_copy(update={
                    "image": relative, "version": version, "changed": True, "drawn_by": rendered.drawn_by,
                    "notice": rendered.notice, "drawn": list(rendered.drawn)}), image)
            for save in saves:
                save.result()
        self.drawing_seconds += time.perf_counter() - started
        for index, previous in kept.items():
            subtitle = storyboard.panels[index].subtitle
            assert before is not None, "only a panel of an earlier drawing is kept"
            drawn[index] = (previous.model_copy(update={"subtitle": subtitle, "changed": False}),
                            self.drawn[before.attempt][index])
        ordered = [drawn[p.index] for p in storyboard.panels]
        self.drawn[iteration] = [image for _, image in ordered]
        self.attempts[iteration] = Attempt(attempt=iteration, panels=[panel for panel, _ in ordered])
        return self.attempts[iteration]


def _unchanged(before: Attempt | None, panel: Panel) -> Panel | None:
    """The previous version of a panel, if its picture would be the same."""
    if before is None or panel.index >= len(before.panels):
        return None
    previous = before.panels[panel.index]
    same = previous.description == panel.description and previous.scene == panel.scene
    return previous if same else None


def _kept_record(panel: Panel, previous: Panel) -> Panel:
    """A panel a follow-up does not redraw: its new record (caption, names) with the picture it had."""
    return panel.model_copy(update={"image": previous.image, "version": previous.version, "drawn_by": previous.drawn_by,
                                    "notice": previous.notice, "drawn": previous.drawn, "take": previous.take})


def _kept_version(before: Attempt | None, index: int) -> int:
    return before.panels[index].version if before is not None and index < len(before.panels) else 0


def _describe_incoming(message: AgentMessage, order: GenerationRequest | RefinementRequest) -> str:
    if isinstance(order, RefinementRequest):
        return f"Brown asks for attempt {message.context.iteration}: {message.context.previous_feedback}"
    request, memories = order.request, message.context.domain_memories
    brief = f"Brown asks for a {request.panels}-panel {request.style} comic of that prompt"  # said just before
    return brief + (f" (story world: {'; '.join(memories)})" if memories else "")


def _describe_attempt(attempt: Attempt) -> str:
    redrawn = [str(p.index + 1) for p in attempt.panels if p.changed]
    lines = [f"Attempt {attempt.attempt}: {len(attempt.panels)} panels, drawn anew: {', '.join(redrawn) or 'none'}."]
    lines += [f"Panel {p.index + 1}: {p.description} | Subtitle: {p.subtitle}" for p in attempt.panels]
    return "\n".join(lines)
