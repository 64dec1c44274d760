"""How many of the labelled concepts the final panels show: the share found in their `drawn` lists.

    python benchmarks/concept_coverage.py [--mode studio|scene|both] [--seed N]

Every prompt of tests/data/concept_prompts.json becomes a real 4-panel comic made through the
studio (open_studio on a temporary directory, offline backends). The figure is the share of the
labelled concepts that appear in the union of the final panels' `drawn` lists, reported for the
held-out prompts (written before any tuning) and the tuning prompts separately.

- `studio`: the studio exactly as it is (the storyteller's own plan, if it writes scenes).
- `scene`: the same studio, with the storyteller's first panel given a scene built from
  `prompt_concepts` (every concept of the prompt in one panel), the reference until the plot
  helper's scene plan is merged.
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

from agents.studio import open_studio  # noqa: E402
from services.reading import ScenePlan  # noqa: E402
from services.schemas import ComicFinished, Storyboard, StoryboardRequest, Verdict  # noqa: E402
from services.story.concepts import concept_scene, prompt_concepts  # noqa: E402
from services.story.storyteller import OfflineStoryteller  # noqa: E402

LABELS = ROOT / "tests" / "data" / "concept_prompts.json"


class ConceptSceneStoryteller(OfflineStoryteller):
    """The offline storyteller, with panel 1 drawn from a scene of every concept the prompt names."""

    async def plan(self, request: StoryboardRequest, seed: int, memories: list[str],
                   reading: ScenePlan | None = None, *, history: list | None = None) -> Storyboard:
        return _with_scene(await super().plan(request, seed, memories, reading), request.prompt)

    async def revise(self, request: StoryboardRequest, seed: int, memories: list[str], previous: Storyboard,
                     verdict: Verdict, reading: ScenePlan | None = None, *, history: list | None = None) -> Storyboard:
        return _with_scene(await super().revise(request, seed, memories, previous, verdict, reading), request.prompt)


def _with_scene(board: Storyboard, prompt: str) -> Storyboard:
    scene, cast = concept_scene(prompt_concepts(prompt))
    names = {m.name for m in board.cast}
    panels = [p.model_copy(update={"scene": scene}) if p.index == 0 else p for p in board.panels]
    return board.model_copy(update={"panels": panels, "cast": [*board.cast, *(m for m in cast if m.name not in names)]})


def labelled() -> list[dict]:
    return json.loads(LABELS.read_text(encoding="utf-8"))["prompts"]


def drawn_nouns(finished: ComicFinished) -> set[str]:
    final = finished.session.attempts[-1].panels
    return {item.what for panel in final for item in panel.drawn}


def coverage(mode: str, seed: int = 7) -> dict[str, tuple[int, int, list[str]]]:
    """split → (concepts drawn, concepts labelled, 'prompt: missing' lines)."""
    out: dict[str, tuple[int, int, list[str]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        studio = open_studio(Path(tmp), storyteller=ConceptSceneStoryteller() if mode == "scene" else
                             OfflineStoryteller())

        async def make(prompt: str) -> ComicFinished:
            events = [e async for e in studio.generate({"prompt": prompt, "panels": 4, "seed": seed})]
            last = events[-1]
            assert isinstance(last, ComicFinished)
            return last

        for item in labelled():
            drawn = drawn_nouns(asyncio.run(make(item["prompt"])))
            missing = [c for c in item["concepts"] if c not in drawn]
            found, total, notes = out.get(item["split"], (0, 0, []))
            notes = notes + ([f"{item['prompt']}: {', '.join(missing)}"] if missing else [])
            out[item["split"]] = (found + len(item["concepts"]) - len(missing), total + len(item["concepts"]), notes)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mode", default="both", choices=("studio", "scene", "both"))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--verbose", action="store_true", help="list what each prompt's comic lacks")
    args = parser.parse_args()
    for mode in ("studio", "scene") if args.mode == "both" else (args.mode,):
        for split, (found, total, notes) in sorted(coverage(mode, args.seed).items()):
            print(f"{mode:6} {split:8} {found}/{total} concepts drawn = {found / total:.1%}")
            if args.verbose:
                print("\n".join("    missing - " + n for n in notes))


if __name__ == "__main__":
    main()
