"""Agent Bayko, the artist: writes the storyboard and draws the panels.

One Bayko per comic. He answers Brown's generation and refinement requests
with a generation result, and keeps his side of the conversation in his own
memory. Speech and narration go into subtitles; a description only says what
the picture shows, and the renderer is never given a subtitle.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PIL import Image

from services.art.panel_renderer import PanelArtRequest, PanelRenderer
from services.memory.agent_memory import AgentMemory
from services.schemas import AgentMessage, Attempt, MessageType, Panel, Storyboard, StoryboardRequest, Verdict
from services.storage.session_store import save_png
from services.story.character_sheet import decide_looks
from services.story.storyteller import Storyteller

NAME = "bayko"


class AgentBayko:
    def __init__(self, session_id: str, session_folder: Path, data_dir: Path,
                 storyteller: Storyteller, renderer: PanelRenderer) -> None:
        self.session_id = session_id
        self.session_folder = session_folder
        self.storyteller = storyteller
        self.renderer = renderer
        self.memory = AgentMemory(session_id, NAME, data_dir)
        self.drawn: dict[int, list[Image.Image]] = {}
        self.attempts: dict[int, Attempt] = {}

    async def process_generation_request(self, message: AgentMessage) -> AgentMessage:
        """Write (or revise) the storyboard, draw it, and report back to Brown."""
        self.memory.log("user", _describe_incoming(message))
        request = StoryboardRequest.model_validate(message.payload["request"])
        memories = message.context.domain_memories
        if message.message_type is MessageType.REFINEMENT_REQUEST:
            previous = Storyboard.model_validate(message.payload["storyboard"])
            verdict = Verdict.model_validate(message.payload["verdict"])
            storyboard = await self.storyteller.revise(request, request.seed or 0, memories, previous, verdict)
        else:
            storyboard = await self.storyteller.plan(request, request.seed or 0, memories)
        # The character sheet: decided once, then every panel and every attempt draws the same characters.
        storyboard = storyboard.model_copy(update={"cast": decide_looks(storyboard.cast, request.prompt, memories,
                                                                        request.seed or 0)})
        attempt = await asyncio.to_thread(self._draw, storyboard, request, message.context.iteration)
        self.memory.log("assistant", _describe_attempt(attempt))
        return AgentMessage(
            sender=NAME, recipient=message.sender, message_type=MessageType.GENERATION_RESULT,
            payload={"attempt": attempt.model_dump(mode="json"), "storyboard": storyboard.model_dump(mode="json")},
            context=message.context,
        )

    def images_of(self, attempt: int) -> list[Image.Image]:
        """The panels drawn for one attempt, as images (the comic page is made from them)."""
        return self.drawn[attempt]

    def _draw(self, storyboard: Storyboard, request: StoryboardRequest, iteration: int) -> Attempt:
        """Draw the panels whose description changed since the last attempt; keep the others as they were."""
        before = self.attempts.get(iteration - 1)
        kept = {p.index: k for p in storyboard.panels if (k := _unchanged(before, p)) is not None}
        fresh = [p for p in storyboard.panels if p.index not in kept]
        arts = [PanelArtRequest(description=p.description, style=request.style, seed=request.seed or 0,
                                panel_index=p.index, panel_count=len(storyboard.panels), cast=tuple(storyboard.cast),
                                scene=p.scene)
                for p in fresh]
        drawn: dict[int, tuple[Panel, Image.Image]] = {}
        # PNG encoding (zlib) releases the GIL, so panel N is saved while panel N+1 is drawn.
        with ThreadPoolExecutor(max_workers=1) as encoder:
            saves = []
            for panel, rendered in zip(fresh, self.renderer.render_all(arts)):
                image = rendered.image.convert("RGB")
                relative = f"attempt_{iteration}/panel_{panel.index + 1}.png"
                saves.append(encoder.submit(save_png, image, self.session_folder / relative))
                drawn[panel.index] = (panel.model_copy(update={
                    "image": relative, "version": _kept_version(before, panel.index) + 1, "changed": True,
                    "drawn_by": rendered.drawn_by, "notice": rendered.notice, "drawn": rendered.drawn}), image)
            for save in saves:
                save.result()
        for index, previous in kept.items():
            subtitle = storyboard.panels[index].subtitle
            drawn[index] = (previous.model_copy(update={"subtitle": subtitle, "changed": False}),
                            self.drawn[iteration - 1][index])
        ordered = [drawn[p.index] for p in storyboard.panels]
        self.drawn[iteration] = [image for _, image in ordered]
        self.attempts[iteration] = Attempt(attempt=iteration, panels=[panel for panel, _ in ordered])
        return self.attempts[iteration]


def _unchanged(before: Attempt | None, panel: Panel) -> Panel | None:
    """The previous version of a panel, if its picture would be the same."""
    if before is None or panel.index >= len(before.panels):
        return None
    previous = before.panels[panel.index]
    return previous if previous.description == panel.description and previous.scene == panel.scene else None


def _kept_version(before: Attempt | None, index: int) -> int:
    return before.panels[index].version if before is not None and index < len(before.panels) else 0


def _describe_incoming(message: AgentMessage) -> str:
    if message.message_type is MessageType.REFINEMENT_REQUEST:
        return f"Brown asks for attempt {message.context.iteration}: {message.context.previous_feedback}"
    request = message.payload["request"]
    memories = message.context.domain_memories
    brief = f"Brown asks for a {request['panels']}-panel {request['style']} comic: {request['prompt']}"
    return brief + (f" (story world: {'; '.join(memories)})" if memories else "")


def _describe_attempt(attempt: Attempt) -> str:
    redrawn = [str(p.index + 1) for p in attempt.panels if p.changed]
    lines = [f"Attempt {attempt.attempt}: {len(attempt.panels)} panels, drawn anew: {', '.join(redrawn) or 'none'}."]
    lines += [f"Panel {p.index + 1}: {p.description} | Subtitle: {p.subtitle}" for p in attempt.panels]
    return "\n".join(lines)
