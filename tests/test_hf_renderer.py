"""The Hugging Face image backend against a real text-to-image HTTP server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import io
import json
import time
from pathlib import Path

import pytest
from fake_servers import FakeServer, Reply
from PIL import Image

from agents.studio import open_studio
from services.art.hf_renderer import HFImageRenderer, HFSettings
from services.art.panel_renderer import PanelArtRequest
from services.art.procedural.renderer import ProceduralRenderer
from services.backends import renderer_from_env


def png(colour: tuple[int, int, int], size: int = 256) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (size, size), colour).save(buffer, "PNG")
    return buffer.getvalue()


def renderer(url: str, timeout: float = 3.0) -> HFImageRenderer:
    return HFImageRenderer(HFSettings(base_url=f"{url}/models/test", token="hf_test", timeout=timeout),
                           fallback=ProceduralRenderer())


def art(index: int = 0, style: str = "noir") -> PanelArtRequest:
    from services.schemas import CastMember, PanelScene, SceneActor

    return PanelArtRequest(description=f"Wide shot. A fox in the snow, panel {index}.", style=style, seed=42,
                           panel_index=index, panel_count=4, cast=(CastMember(name="Fen", kind="fox"),),
                           scene=PanelScene(setting="forest", weather="snow", shot="wide",
                                            actors=[SceneActor(name="Fen")]))


def test_panels_come_from_the_server_with_style_negative_prompt_and_the_comic_seed() -> None:
    server = FakeServer(respond=lambda r: Reply(body=png((10, 200, 30)), content_type="image/png")).start()
    try:
        drawn = list(renderer(server.url).render_all([art(i) for i in range(4)]))
    finally:
        server.stop()
    assert [d.drawn_by for d in drawn] == ["hf:" + HFSettings().model] * 4 and all(d.notice is None for d in drawn)
    assert all(d.image.size == (768, 768) and d.image.getpixel((5, 5)) == (10, 200, 30) for d in drawn)
    body = server.requests[0]["json"]
    assert "fox in the snow" in body["inputs"] and "film noir" in body["inputs"]
    assert "speech bubbles" in body["parameters"]["negative_prompt"] and body["parameters"]["seed"] == 42
    assert {r["json"]["parameters"]["seed"] for r in server.requests} == {42}


@pytest.mark.parametrize(("reply", "reason"), [
    (Reply(status=500, body=b'{"error": "boom"}'), "HTTP 500"),
    (Reply(status=200, body=b"not an image", content_type="image/png"), ""),
    (Reply(body=png((1, 2, 3), size=8), content_type="image/png"), "too small"),
    (Reply(delay=5.0, body=png((1, 2, 3)), content_type="image/png"), ""),
])
def test_a_failed_panel_is_drawn_procedurally_and_says_so(reply: Reply, reason: str) -> None:
    server = FakeServer(respond=lambda r: reply).start()
    try:
        started = time.monotonic()
        [drawn] = list(renderer(server.url, timeout=1.0).render_all([art()]))
        elapsed = time.monotonic() - started
    finally:
        server.stop()
    assert drawn.drawn_by == "procedural" and "drawn by the procedural renderer" in drawn.notice
    assert reason in drawn.notice
    assert drawn.image.tobytes() == ProceduralRenderer().render(art()).tobytes()
    if reply.delay:  # gave up at the 1 s timeout, not after the stalled reply
        assert elapsed < reply.delay, elapsed


def test_a_comic_marks_the_fallback_panels_in_the_manifest(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"n": 0}

    def every_other(request: dict) -> Reply:
        calls["n"] += 1
        if "panel" in request["json"]["inputs"] and calls["n"] % 2 == 0:
            return Reply(status=503, body=b"{}")
        return Reply(body=png((200, 100, 20)), content_type="image/png")

    server = FakeServer(respond=every_other).start()
    monkeypatch.setenv("COMIC_IMAGE_BACKEND", "hf")
    monkeypatch.setenv("COMIC_IMAGE_BASE_URL", f"{server.url}/models/test")
    monkeypatch.setenv("COMIC_IMAGE_CONCURRENCY", "1")
    try:
        studio = open_studio(data_dir)
        assert isinstance(studio.renderer, HFImageRenderer)

        async def run() -> list:
            return [e async for e in studio.generate({"prompt": "A fox naps in the snowy forest", "panels": 4})]

        events = asyncio.run(run())
    finally:
        server.stop()
    session = events[-1].session
    assert session.final is not None
    manifest = json.loads((Path(events[-1].session_dir) / "manifest.json").read_text())
    panels = manifest["attempts"][0]["panels"]
    assert {p["drawn_by"] for p in panels} == {"procedural", "hf:" + HFSettings().model}
    assert all(("HTTP 503" in p["notice"]) == (p["drawn_by"] == "procedural") for p in panels if p["notice"])
    assert any("HTTP 503" in n for n in session.notices)


def test_offline_is_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COMIC_IMAGE_BACKEND", raising=False)
    assert isinstance(renderer_from_env(), ProceduralRenderer)


def test_model_panels_record_the_planned_scene_and_fallbacks_record_what_they_drew() -> None:
    from services.schemas import CastMember, PanelScene, SceneActor, SceneProp

    scene = PanelScene(setting="subway", weather="rain", actors=[SceneActor(name="Ada", holds="violin")],
                       props=[SceneProp(what="cookie")])
    request = PanelArtRequest(description="A violinist on the subway.", style="classic", seed=1, panel_index=0,
                              panel_count=4, cast=(CastMember(name="Ada", kind="person", role="violinist"),),
                              scene=scene, size=128)
    server = FakeServer(respond=lambda r: Reply(body=png((10, 200, 30), 128), content_type="image/png")).start()
    try:
        [drawn] = list(renderer(server.url).render_all([request]))
    finally:
        server.stop()
    assert {(d.what, d.role, d.source) for d in drawn.drawn} == {
        ("subway", "setting", "image_model"), ("violinist", "cast", "image_model"),
        ("violin", "prop", "image_model"), ("cookie", "prop", "image_model"), ("rain", "weather", "image_model")}
    failing = FakeServer(respond=lambda r: Reply(status=500, body=b"{}")).start()
    try:
        [fallen] = list(renderer(failing.url, timeout=1.0).render_all([request]))
    finally:
        failing.stop()
    assert fallen.drawn_by == "procedural" and fallen.notice
    assert {d.source for d in fallen.drawn} <= {"procedural", "pictogram"}
    assert {"violinist", "violin", "cookie"} <= {d.what for d in fallen.drawn}
