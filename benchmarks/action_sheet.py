"""A contact sheet of every action of the vocabulary, to see at a glance which ones read as a reader expects.

    python benchmarks/action_sheet.py [--out assets/screenshots/actions.png] [--columns 10] [--tile 220]

Each action's 'during' panel is staged the way `tests/test_every_action.py` stages it (a one-event plan,
the story planner's own `beat_scenes` over a three-panel comic, the middle panel) and drawn by the offline
renderer; the sheet tiles them with the action's name, and its object, under each. The test checks the
geometry; this sheet is for the eye, which catches what no box check does (a star tied to a string).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PIL import Image, ImageDraw, ImageFont  # noqa: E402

from services.art.panel_renderer import PanelArtRequest  # noqa: E402
from services.art.procedural.renderer import ProceduralRenderer  # noqa: E402
from services.config import ASSETS_DIR  # noqa: E402
from services.story.action_samples import during_scene  # noqa: E402
from services.vocabulary.actions import action_names  # noqa: E402

SIZE = 384  # drawn at the tests' size, then shrunk to a tile: the same composition the tests check
SEED = 4

# --- the sheet ----------------------------------------------------------------------------------------------------

LABEL = 40  # room under each tile for its two lines


def tile_for(name: str, tile: int, fonts: tuple[ImageFont.FreeTypeFont, ImageFont.FreeTypeFont]) -> Image.Image:
    plan, scene = during_scene(name)
    request = PanelArtRequest(description="A panel.", style="classic", seed=SEED, panel_index=1, panel_count=3,
                              cast=tuple(m.as_cast() for m in plan.cast), scene=scene, size=SIZE)
    image, _ = ProceduralRenderer().draw(request)
    out = Image.new("RGB", (tile, tile + LABEL), "white")
    out.paste(image.resize((tile, tile), Image.Resampling.LANCZOS), (0, 0))
    draw = ImageDraw.Draw(out)
    draw.text((4, tile + 2), name, fill=(20, 20, 20), font=fonts[0])
    event = scene.events[0]
    who = event.actor + (f" · {event.object}" if event.object else "") + (f" at {event.object_at}" if
                                                                          event.object_at else "")
    who += f" → {event.recipient}" if event.recipient else ""
    draw.text((4, tile + 22), who[:40], fill=(110, 110, 110), font=fonts[1])
    return out


def make_sheet(out: Path, columns: int, tile: int) -> None:
    fonts = (ImageFont.truetype(str(ASSETS_DIR / "fonts" / "DejaVuSans-Bold.ttf"), 15),
             ImageFont.truetype(str(ASSETS_DIR / "fonts" / "DejaVuSans.ttf"), 12))
    names = action_names()
    gap = 6
    rows = (len(names) + columns - 1) // columns
    sheet = Image.new("RGB", (columns * (tile + gap) + gap, rows * (tile + LABEL + gap) + gap), "white")
    for i, name in enumerate(names):
        x, y = gap + (i % columns) * (tile + gap), gap + (i // columns) * (tile + LABEL + gap)
        sheet.paste(tile_for(name, tile, fonts), (x, y))
    out.parent.mkdir(parents=True, exist_ok=True)
    # A flat-colour comic keeps its look in 256 colours, and the sheet stays small enough to keep in the repo.
    sheet.convert("P", palette=Image.Palette.ADAPTIVE, colors=256).save(out, optimize=True)
    print(f"wrote {out} ({len(names)} actions, {out.stat().st_size // 1024} KB)")


def main() -> None:
    parser = argparse.ArgumentParser(description="Draw every action's 'during' panel on one contact sheet.")
    parser.add_argument("--out", default=str(ROOT / "assets" / "screenshots" / "actions.png"))
    parser.add_argument("--columns", type=int, default=10)
    parser.add_argument("--tile", type=int, default=220)
    args = parser.parse_args()
    make_sheet(Path(args.out), args.columns, args.tile)


if __name__ == "__main__":
    main()
