"""Shared fixtures: every test gets its own data directory and, when it needs one, its own studio."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")
os.environ.setdefault("NO_PROXY", "127.0.0.1,localhost")

from services.panel_renderer import PanelArtRequest, PanelRenderer  # noqa: E402


class RecordingRenderer(PanelRenderer):
    """A fast renderer that remembers every request it was given."""

    name = "recording"

    def __init__(self) -> None:
        self.requests: list[PanelArtRequest] = []

    def render(self, request: PanelArtRequest) -> Image.Image:
        self.requests.append(request)
        shade = (request.panel_index * 37 + len(request.description)) % 255
        return Image.new("RGB", (request.size, request.size), (shade, 90, 140))


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "data"
    path.mkdir()
    monkeypatch.setenv("COMIC_DATA_DIR", str(path))
    return path


@pytest.fixture
def recording_renderer() -> RecordingRenderer:
    return RecordingRenderer()
