"""The panel renderer interface: a description in, a picture out.

A renderer is never given a subtitle: `PanelArtRequest` has no field for one,
so text cannot reach the art by accident.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence

from PIL import Image
from pydantic import BaseModel, ConfigDict, Field

from services.schemas import CastMember, DrawnItem, PanelScene

DEFAULT_PANEL_SIZE = 768


class PanelArtRequest(BaseModel):
    """Everything a renderer may know about one panel."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    description: str
    style: str
    seed: int = Field(description="The comic's seed: the same for every panel of a comic.")
    panel_index: int = Field(ge=0)
    panel_count: int = Field(ge=1)
    take: int = Field(0, ge=0, description="Another take of the same panel (a redraw): other poses and placing, "
                                           "the comic's own staging kept.")
    cast: tuple[CastMember, ...] = ()
    scene: PanelScene | None = Field(None, description="The planned picture: the procedural renderer draws only this "
                                     "(it refuses a request without one); an image model is prompted with the "
                                     "description.")
    size: int = Field(DEFAULT_PANEL_SIZE, ge=64, le=2048)


class RenderedPanel(BaseModel):
    """A drawn panel and who drew it; `notice` says why a fallback drew it instead."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    image: Image.Image
    drawn_by: str
    notice: str | None = None
    drawn: list[DrawnItem] = Field(default_factory=list, description="What the picture shows, as drawn.")


class PanelRenderer(ABC):
    """Draws one panel. Same request, same pixels."""

    name: str = "renderer"

    @abstractmethod
    def render(self, request: PanelArtRequest) -> Image.Image:
        """Return an RGB image of `request.size` × `request.size` pixels."""

    def warm(self) -> None:
        """Start ahead of the first panel what drawing needs (a render pool's processes); by default nothing."""
        return None

    def render_all(self, requests: Sequence[PanelArtRequest]) -> Iterator[RenderedPanel]:
        """Draw several panels, yielded in order as each is ready (a networked renderer draws them at once)."""
        for request in requests:
            yield RenderedPanel(image=self.render(request), drawn_by=self.name)
