"""A contact sheet of every action of the vocabulary, to see at a glance which ones read as a reader expects.

    python benchmarks/action_sheet.py [--out assets/screenshots/actions.png] [--columns 10] [--tile 220]

Each action's 'during' panel is staged the way `tests/test_every_action.py` stages it (a one-event plan,
the story planner's own `beat_scenes` over a three-panel comic, the middle panel) and drawn by the offline
renderer; the sheet tiles them with the action's name, and its object, under each. The test checks the
geometry; this sheet is for the eye, which catches what no box check does (a star tied to a string).
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PIL import Image, ImageDraw, ImageFont  # noqa: E402

from services.art.panel_renderer import PanelArtRequest  # noqa: E402
from services.art.procedural.renderer import ProceduralRenderer  # noqa: E402
from services.config import ASSETS_DIR  # noqa: E402
from services.reading import PlannedCharacter, PlannedThing, ScenePlan, StoryEvent  # noqa: E402
from services.schemas import PanelScene  # noqa: E402
from services.story.actions import action_names, vocabulary  # noqa: E402
from services.story.beat_scenes import beat_scenes  # noqa: E402
from services.story.beats import plan_beats  # noqa: E402
from services.story.panel_scenes import cover_named  # noqa: E402
from services.story.scene_plan import NIGHT_THINGS, natural_place  # noqa: E402

# --- the scenes: kept the same as tests/test_every_action.py's (tests do not import benchmarks) ---------------

SIZE = 384  # drawn at the tests' size, then shrunk to a tile: the same composition the tests check
SEED = 4
CAST = {c.name: c for c in (
    PlannedCharacter(name="Ada", kind="person", noun="woman"), PlannedCharacter(name="Tom", kind="child", noun="boy"),
    PlannedCharacter(name="Mia", kind="cat", noun="cat"), PlannedCharacter(name="Frosty", kind="snowman", noun="snowman"),
    PlannedCharacter(name="Grumble", kind="monster", noun="monster"),
    PlannedCharacter(name="Webster", kind="spider", noun="spider"),
    PlannedCharacter(name="Ribbit", kind="frog", noun="frog"))}
ACTOR, RECIPIENT = "Ada", "Tom"


@dataclass(frozen=True)
class Case:
    object: str | None = None
    recipient: str | None = None
    actor: str = ACTOR
    setting: str = "park"


CASES: dict[str, Case] = {
    "eat": Case("sandwich"), "drink": Case("juice"), "chase": Case("Mia"), "ride": Case("bicycle"),
    "climb": Case("tree"), "carry": Case("box"), "lift": Case("rock"), "push": Case("car"), "pull": Case("cart"),
    "throw": Case("ball"), "catch": Case("ball"), "drop": Case("cup"), "give": Case("gift"), "steal": Case("purse"),
    "take": Case("apple"), "hide": Case("bone"), "find": Case("treasure"), "lose": Case("key"),
    "search": Case("key"), "build": Case("house"), "paint": Case("painting"), "cook": Case("egg", setting="kitchen"),
    "read": Case("book"), "write": Case("letter"), "teach": Case("book"), "learn": Case("book"),
    "fish": Case("fish", setting="pond"), "plant": Case("flower"), "share": Case("cake"), "fear": Case("Webster"),
    "fix": Case("bicycle"), "open": Case("door"), "break": Case("vase"), "transform": Case("Ribbit"),
    "melt": Case(actor="Frosty"), "wish": Case("star"), "forget": Case("umbrella"), "watch": Case("fireworks"),
    "escape": Case("Grumble"), "explore": Case("castle"), "dig": Case("hole"), "clean": Case("car"),
    "deliver": Case("package"), "win": Case("trophy"), "blow_away": Case("hat", actor="wind"),
    "stop": Case(actor="rain"), "wait": Case("bus"), "swim": Case(setting="beach"), "race": Case("Tom"),
}


def case_for(name: str) -> Case:
    act = vocabulary().actions[name]
    case = CASES.get(name, Case())
    obj = case.object or (act.objects[0] if act.objects else None)
    recipient = case.recipient or (RECIPIENT if "recipient" in act.roles else None)
    return Case(obj, recipient, case.actor, case.setting)


def during_scene(name: str) -> tuple[ScenePlan, PanelScene]:
    """The action's 'during' panel, staged as the storyboard writer stages a three-panel comic of it."""
    case = case_for(name)
    names = [n for n in dict.fromkeys((case.actor, case.recipient, case.object)) if n in CAST] or [ACTOR]
    things = [] if case.object is None or case.object in CAST else [
        PlannedThing(what=case.object, words=[case.object], where=natural_place(case.object, True))]
    event = StoryEvent(action=name, actors=[case.actor], object=case.object, recipient=case.recipient, words=name)
    plan = ScenePlan(prompt_language="en", language="en", cast=[CAST[n] for n in names], things=things,
                     setting=case.setting, setting_phrase=f"the {case.setting}", in_place=f"in the {case.setting}",
                     time="night" if case.object in NIGHT_THINGS else "day", events=[event])
    rng = random.Random(f"every action: {name}")
    scenes = beat_scenes(plan, plan_beats(1, 3), rng, case.setting)
    cover_named(plan, scenes, rng)
    return plan, scenes[1]


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
