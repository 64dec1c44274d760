"""The sample comic on the stage before a person's first comic: shipped, served, escaped, nobody's."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from urllib.parse import unquote

import httpx

from agents.studio import open_studio
from services.config import ASSETS_DIR
from services.web import served
from services.web.comic_views import empty_comic_html
from services.web.sample_comic import HEADING, SAMPLE_DIR, SAMPLE_FILE, build_sample, load_sample, sample_stage_html
from services.web.views import esc

SIZE_LIMIT = 300 * 1024


def first_example() -> str:
    return json.loads((ASSETS_DIR / "example_prompts.json").read_text(encoding="utf-8"))["prompts"][0]


def image_paths(html: str) -> list[Path]:
    return [Path(unquote(src.removeprefix("gradio_api/file="))) for src in re.findall(r'src="([^"]+)"', html)]


def test_the_shipped_sample_exists_with_every_panel_file_and_stays_small() -> None:
    sample = load_sample()
    assert sample.prompt == first_example()
    assert sample.title and len(sample.attempt.panels) == 4
    for panel in sample.attempt.panels:
        assert panel.image and (SAMPLE_DIR / panel.image).is_file()
        assert panel.subtitle.strip()
    assert sum(f.stat().st_size for f in SAMPLE_DIR.iterdir()) < SIZE_LIMIT


def test_the_stage_html_says_it_is_a_sample_with_its_prompt_and_served_images(tmp_path: Path) -> None:
    html = sample_stage_html()
    assert esc(HEADING) in html and esc(first_example()) in html
    assert 'data-state="sample"' in html and "bb-panel-tools" not in html  # nobody's: no redraw or caption tools
    images = image_paths(html)
    assert len(images) == 4 and all(path.is_file() for path in images)
    allowed = [Path(p) for p in served.allowed_paths(tmp_path / "data")]
    assert all(any(path.is_relative_to(folder) for folder in allowed) for path in images)
    # the folder served holds only the sample's pictures and record: no database, no secret
    assert {f.suffix for f in SAMPLE_DIR.iterdir()} <= {".png", ".json"}


def test_the_prompt_and_subtitles_are_escaped(tmp_path: Path) -> None:
    folder = tmp_path / "sample"
    shutil.copytree(SAMPLE_DIR, folder)
    record = json.loads((folder / SAMPLE_FILE).read_text(encoding="utf-8"))
    record["prompt"] = 'A cat <script>alert("x")</script> & a dog'
    record["attempt"]["panels"][0]["subtitle"] = "<img src=x onerror=alert(1)>"
    (folder / SAMPLE_FILE).write_text(json.dumps(record), encoding="utf-8")
    html = sample_stage_html(folder)
    assert "<script>" not in html and "<img src=x" not in html
    assert "&lt;script&gt;" in html and "&amp; a dog" in html


def test_a_missing_or_broken_sample_leaves_the_empty_stage(tmp_path: Path) -> None:
    assert sample_stage_html(tmp_path / "nowhere") == empty_comic_html()
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / SAMPLE_FILE).write_text("{not json", encoding="utf-8")
    assert sample_stage_html(broken) == empty_comic_html()


def test_the_sample_is_no_ones_comic(tmp_path: Path) -> None:
    studio = open_studio(tmp_path / "data")
    sample_stage_html()
    assert not SAMPLE_DIR.resolve().is_relative_to(studio.data_dir.resolve())
    assert studio.sessions.list(limit=500) == []  # every owner's listing, and the guests'
    assert studio.sessions.list(limit=500, user_id=None) == []
    assert not list((studio.data_dir / "sessions").glob("*"))


def test_the_build_command_remakes_it_through_the_studio(tmp_path: Path) -> None:
    folder = tmp_path / "sample_comic"
    made = build_sample(folder, prompt="A penguin gets lost in the snowy city")
    assert made.prompt == "A penguin gets lost in the snowy city"
    assert sorted(f.name for f in folder.iterdir()) == sorted([SAMPLE_FILE, *(f"panel_{i}.png" for i in range(1, 5))])
    assert sum(f.stat().st_size for f in folder.iterdir()) < SIZE_LIMIT
    assert load_sample(folder) == made
    again = build_sample(folder, prompt="A penguin gets lost in the snowy city")  # a second run replaces it whole
    assert again == made and not list(tmp_path.glob(".sample_comic.*"))


def test_the_running_studio_serves_the_sample_images(studio_server) -> None:
    sources = re.findall(r'src="([^"]+)"', sample_stage_html())
    assert len(sources) == 4
    for source, path in zip(sources, image_paths(sample_stage_html())):
        answer = httpx.get(studio_server.url + source, timeout=30)
        assert answer.status_code == 200 and answer.content == path.read_bytes()
