"""The sample comic a newcomer sees on the stage before making their own.

It is prebuilt, not made at start-up: a comic made at start-up would be a session in
the data directory (an owner to reserve, a row every listing must skip, a candidate
for the disk budget to prune, one per process) and would cost every server a few
seconds before its first page. The files under `assets/sample_comic/` are read-only,
the same for everyone, and served from their own allowed folder (`served.py`).

`python -m services.web.sample_comic` remakes them through the real studio (offline
storyteller and renderer, a temporary data directory) from the first example prompt.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from services.config import ASSETS_DIR
from services.schemas import DEFAULT_LAYOUT, DEFAULT_STYLE, Attempt, ComicFinished, StoryboardRequest
from services.web.comic_views import comic_html, empty_comic_html
from services.web.templates import render, safe

SAMPLE_DIR = ASSETS_DIR / "sample_comic"
SAMPLE_FILE = "sample.json"
HEADING = "A sample comic — type your own story to make yours"
SAMPLE_SEED = 7
PALETTE_COLOURS = 128  # a palette PNG: a quarter of the full-colour size, no visible banding in flat comic art


class SampleComic(BaseModel):
    """What the stage shows: the prompt it was made from, its title, its layout and the approved panels."""

    model_config = ConfigDict(extra="forbid")

    prompt: str = Field(min_length=1)
    title: str = ""
    layout: str = DEFAULT_LAYOUT
    attempt: Attempt


@lru_cache(maxsize=1)
def load_sample(folder: Path = SAMPLE_DIR) -> SampleComic:
    """The shipped sample, read once per process (it never changes while the server runs)."""
    return SampleComic.model_validate_json((folder / SAMPLE_FILE).read_text(encoding="utf-8"))


def sample_stage_html(folder: Path = SAMPLE_DIR) -> str:
    """The stage's HTML until the person makes a comic: a label saying it is a sample, the prompt it was made
    from, then the comic without the owner's tools (nobody owns it: nothing to redraw, publish or comment on).
    Never raises: a missing or broken sample leaves the usual empty stage."""
    try:
        sample = load_sample(folder)
    except (OSError, ValueError):
        return empty_comic_html()
    page = comic_html(sample.attempt, folder, title=sample.title, state="sample", layout=sample.layout, tools=False)
    return render("stage/sample.html", heading=HEADING, prompt=sample.prompt, page=safe(page))


# --- remaking the files -------------------------------------------------------------------------------

def first_example_prompt() -> str:
    return str(json.loads((ASSETS_DIR / "example_prompts.json").read_text(encoding="utf-8"))["prompts"][0])


async def _make(prompt: str, data_dir: Path) -> ComicFinished:
    from agents.studio import open_studio
    from services.art.procedural.renderer import ProceduralRenderer
    from services.story.storyteller import OfflineStoryteller

    studio = open_studio(data_dir, storyteller=OfflineStoryteller(), renderer=ProceduralRenderer())
    request = StoryboardRequest(prompt=prompt, style=DEFAULT_STYLE, panels=4, seed=SAMPLE_SEED, layout=DEFAULT_LAYOUT)
    async for event in studio.generate(request):
        if isinstance(event, ComicFinished):
            return event
    raise RuntimeError("the studio did not finish the sample comic")


def build_sample(folder: Path = SAMPLE_DIR, prompt: str | None = None) -> SampleComic:
    """Make the sample through the studio and write its panels (as palette PNGs) and `sample.json` to `folder`.
    Written to a temporary folder first, then swapped in, so a failed run leaves the old sample whole."""
    from PIL import Image

    prompt = prompt or first_example_prompt()
    with tempfile.TemporaryDirectory() as work:
        finished = asyncio.run(_make(prompt, Path(work) / "data"))
        session = finished.session
        attempt = session.final_attempt or session.attempts[-1]
        staged = Path(work) / "sample"
        staged.mkdir()
        panels = []
        for panel in attempt.panels:
            name = f"panel_{panel.index + 1}.png"
            if panel.image:
                with Image.open(Path(finished.session_dir) / panel.image) as art:
                    art.convert("RGB").quantize(PALETTE_COLOURS).save(staged / name, optimize=True)
            panels.append(panel.model_copy(update={"image": name if panel.image else None}))
        sample = SampleComic(prompt=prompt, title=session.title or "", layout=session.request.layout,
                             attempt=Attempt(attempt=attempt.attempt, panels=panels))
        (staged / SAMPLE_FILE).write_text(sample.model_dump_json(indent=1), encoding="utf-8")
        fresh, old = folder.with_name(f".{folder.name}.new"), folder.with_name(f".{folder.name}.old")
        for leftover in (fresh, old):
            shutil.rmtree(leftover, ignore_errors=True)
        shutil.copytree(staged, fresh)
        if folder.exists():
            folder.rename(old)
        fresh.rename(folder)
        shutil.rmtree(old, ignore_errors=True)
    load_sample.cache_clear()
    return sample


if __name__ == "__main__":
    made = build_sample()
    size = sum(f.stat().st_size for f in SAMPLE_DIR.iterdir())
    print(f"{SAMPLE_DIR}: {made.title!r}, {len(made.attempt.panels)} panels, {size // 1024} KB")
