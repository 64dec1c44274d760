"""A contact sheet of comics made through the offline studio, to read as a reader would.

    python benchmarks/contact_sheet.py [--prompts tests/data/contact_prompts.json] [--seed 11]
                                       [--out assets/screenshots/contact_sheet.png] [--text]

Each prompt becomes a 4-panel comic (the studio exactly as it is, offline); the sheet shows each comic's
page (`comic.png`, captions in bands under the art) under its prompt and Brown's final verdict. `--text`
also prints every caption and verdict, for reading the story without the pictures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PIL import Image, ImageDraw, ImageFont  # noqa: E402

from agents.studio import open_studio  # noqa: E402
from services.config import ASSETS_DIR  # noqa: E402
from services.schemas import ComicFinished  # noqa: E402

COLUMNS = 3
TILE = 620
HEADER = 92  # three lines of prompt and the verdict


def make_sheet(prompts: list[str], seed: int, out: Path, text: bool) -> None:
    font = ImageFont.truetype(str(ASSETS_DIR / "fonts" / "DejaVuSans.ttf"), 17)
    tiles = []
    with tempfile.TemporaryDirectory() as tmp:
        studio = open_studio(Path(tmp))
        for prompt in prompts:
            finished = asyncio.run(_make(studio, prompt, seed))
            session = finished.session
            assert session.final is not None
            verdict = session.attempts[-1].verdict
            headline = f"{session.final.decision.value} at attempt {session.final.attempt}"
            if verdict is not None and verdict.events_missing:
                headline += f"; missing: {'; '.join(verdict.events_missing)}"
            if text:
                print(f"## {prompt}\n   {headline}")
                for panel in session.attempts[-1].panels:
                    print(f"   [{panel.index + 1}] {panel.subtitle}")
            page = Image.open(Path(finished.session_dir) / "comic.png").convert("RGB")
            page.thumbnail((TILE, TILE))
            tile = Image.new("RGB", (TILE, TILE + HEADER), "white")
            draw = ImageDraw.Draw(tile)
            draw.text((8, 6), _wrap(prompt, 62), fill=(20, 20, 20), font=font)
            draw.text((8, HEADER - 24), headline[:70], fill=(90, 90, 90), font=font)
            tile.paste(page, ((TILE - page.width) // 2, HEADER))
            tiles.append(tile)
    rows = (len(tiles) + COLUMNS - 1) // COLUMNS
    sheet = Image.new("RGB", (COLUMNS * TILE, rows * (TILE + HEADER)), "white")
    for i, tile in enumerate(tiles):
        sheet.paste(tile, ((i % COLUMNS) * TILE, (i // COLUMNS) * (TILE + HEADER)))
    sheet.quantize(colors=256).save(out, optimize=True)  # a flat-colour comic keeps its look in 256 colours
    print(f"wrote {out} ({len(tiles)} comics)")


async def _make(studio, prompt: str, seed: int) -> ComicFinished:  # type: ignore[no-untyped-def]
    events = [e async for e in studio.generate({"prompt": prompt, "panels": 4, "seed": seed})]
    last = events[-1]
    assert isinstance(last, ComicFinished)
    return last


def _wrap(text: str, width: int) -> str:
    if len(text) <= width:
        return text
    cut = text.rfind(" ", 0, width)
    return text[:cut] + "\n" + _wrap(text[cut + 1:], width)


def main() -> None:
    parser = argparse.ArgumentParser(description="Make a contact sheet of comics.")
    parser.add_argument("--prompts", default=str(ROOT / "tests" / "data" / "contact_prompts.json"))
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--out", default=str(ROOT / "assets" / "screenshots" / "contact_sheet.png"))
    parser.add_argument("--text", action="store_true", help="print the captions and verdicts too")
    args = parser.parse_args()
    prompts = json.loads(Path(args.prompts).read_text(encoding="utf-8"))["prompts"]
    make_sheet(prompts, args.seed, Path(args.out), args.text)


if __name__ == "__main__":
    main()
