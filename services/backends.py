"""Which storyteller and renderer the studio uses, chosen by environment variables.

Offline is the default and needs nothing. `COMIC_LLM=openai` (with
`OPENAI_BASE_URL`, `OPENAI_API_KEY`, `COMIC_LLM_MODEL`) puts a real model behind
the storyteller; `COMIC_IMAGE_BACKEND=hf` (with `HF_TOKEN`) draws panels with
Hugging Face inference. Each networked backend falls back to the offline one.
"""

from __future__ import annotations

from services.art.panel_renderer import PanelRenderer
from services.settings import settings
from services.story.storyteller import OfflineStoryteller, Storyteller


def storyteller_from_env() -> Storyteller:
    from services.story.llm_client import LLMSettings

    settings = LLMSettings.from_env()
    if settings is None:
        return OfflineStoryteller()
    from services.review.simple_evaluator import find_incoherence
    from services.story.llm_storyteller import LLMStoryteller

    return LLMStoryteller(settings, incoherence=find_incoherence)


def renderer_from_env(processes: int = 0) -> PanelRenderer:
    """The renderer; with `processes` the procedural one draws in that many worker processes (the web studio)."""
    from services.art.procedural.renderer import ProceduralRenderer
    from services.art.render_pool import PooledRenderer

    procedural: PanelRenderer = PooledRenderer(ProceduralRenderer, processes) if processes else ProceduralRenderer()
    if settings().image_backend != "hf":
        return procedural
    from services.art.hf_renderer import HFImageRenderer, HFSettings

    return HFImageRenderer(HFSettings.from_env(), fallback=procedural)
