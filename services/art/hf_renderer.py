"""Panels drawn by a Hugging Face text-to-image model, with the procedural renderer as the fallback.

`COMIC_IMAGE_BACKEND=hf` turns it on; `HF_TOKEN`, `COMIC_IMAGE_MODEL`,
`COMIC_IMAGE_PROVIDER` and `COMIC_IMAGE_BASE_URL` (a dedicated endpoint or a
local server) configure it. Each request is the panel description plus the
style's prompt, with a negative prompt against text, and the comic's seed.
Panels are requested a few at a time; a panel whose request fails is drawn by
the procedural renderer and says so.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache

from PIL import Image
from pydantic import BaseModel

from services.art.panel_renderer import PanelArtRequest, PanelRenderer, RenderedPanel
from services.config import ASSETS_DIR
from services.schemas import DrawnItem
from services.settings import DEFAULT_IMAGE_MODEL
from services.settings import settings as current_settings

DEFAULT_MODEL = DEFAULT_IMAGE_MODEL


class HFSettings(BaseModel):
    token: str | None = None
    model: str = DEFAULT_MODEL
    provider: str | None = None
    base_url: str | None = None
    timeout: float = 60.0
    concurrency: int = 4

    @classmethod
    def from_env(cls) -> HFSettings:
        current = current_settings()
        return cls(token=current.hf_token.get_secret_value() if current.hf_token is not None else None,
                   model=current.image_model, provider=current.image_provider, base_url=current.image_base_url,
                   timeout=current.image_timeout, concurrency=current.image_concurrency)


@lru_cache(maxsize=1)
def image_prompts() -> dict:
    return json.loads((ASSETS_DIR / "image_prompts.json").read_text(encoding="utf-8"))


def image_prompt(request: PanelArtRequest) -> str:
    style = image_prompts()["styles"].get(request.style, "")
    return f"{request.description} {style}".strip()


class HFImageRenderer(PanelRenderer):
    name = "hf"

    def __init__(self, settings: HFSettings, fallback: PanelRenderer) -> None:
        from huggingface_hub import InferenceClient

        self.settings = settings
        self.fallback = fallback
        if settings.base_url:
            self.client = InferenceClient(base_url=settings.base_url, token=settings.token, timeout=settings.timeout)
        else:
            # The provider names change with huggingface_hub releases: the hub checks the name, not us.
            self.client = InferenceClient(provider=settings.provider, token=settings.token,  # type: ignore[arg-type]
                                          timeout=settings.timeout)

    def warm(self) -> None:
        self.fallback.warm()

    def render(self, request: PanelArtRequest) -> Image.Image:
        return self.draw(request).image

    def render_all(self, requests: Sequence[PanelArtRequest]) -> Iterator[RenderedPanel]:
        with ThreadPoolExecutor(max_workers=self.settings.concurrency) as pool:
            yield from pool.map(self.draw, requests)

    def draw(self, request: PanelArtRequest) -> RenderedPanel:
        """One panel from the model, or from the fallback renderer with a notice saying why."""
        try:
            image = self.client.text_to_image(
                image_prompt(request), negative_prompt=image_prompts()["negative"], width=request.size,
                height=request.size, seed=(request.seed + request.take) % 2**32, model=None if self.settings.base_url else self.settings.model)
            image = _checked(image, request.size)
        except Exception as error:  # any failure of the network or the model: draw it ourselves
            reason = _describe(error)
            fallen = next(iter(self.fallback.render_all([request])))
            return fallen.model_copy(update={
                "notice": f"image backend failed ({reason}) - drawn by the {self.fallback.name} renderer"})
        return RenderedPanel(image=image, drawn_by=f"{self.name}:{self.settings.model}", drawn=_asked(request))


def _asked(request: PanelArtRequest) -> list[DrawnItem]:
    """What the model was asked to draw (from the scene plan): the model's picture is not read back."""
    scene = request.scene
    if scene is None:
        return []
    kinds = {m.name: m.role or m.kind for m in request.cast}
    items = [DrawnItem(what=scene.setting, role="setting", source="image_model")]
    items += [DrawnItem(what=kinds.get(a.name, a.name), role="cast", source="image_model") for a in scene.actors]
    items += [DrawnItem(what=a.holds, role="prop", source="image_model") for a in scene.actors if a.holds]
    items += [DrawnItem(what=p.what, role="prop", source="image_model") for p in scene.props]
    if scene.weather not in ("", "clear"):
        items.append(DrawnItem(what=scene.weather, role="weather", source="image_model"))
    return items


def _checked(image: object, size: int) -> Image.Image:
    if not isinstance(image, Image.Image):
        raise ValueError("the answer was not an image")
    image.load()
    if min(image.size) < 64:
        raise ValueError(f"the image was too small ({image.width}x{image.height})")
    image = image.convert("RGB")
    return image if image.size == (size, size) else image.resize((size, size))


def _describe(error: Exception) -> str:
    response = getattr(error, "response", None)
    status = getattr(response, "status_code", None)
    if status is not None:
        return f"HTTP {status}"
    text = str(error)
    return text[:80] if isinstance(error, ValueError) and text else type(error).__name__
