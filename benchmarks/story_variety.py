"""The caption-variety figure: share of caption lines (and of their skeletons, names out) in three or more of 40 comics.

    python benchmarks/story_variety.py [--panels 4] [--seed 1] [--prompts tests/data/story_prompts.json]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from services.story.variety import caption_variety  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description="Count caption lines repeated across comics.")
    parser.add_argument("--panels", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--prompts", default=str(ROOT / "tests" / "data" / "story_prompts.json"))
    parser.add_argument("--show-generic", action="store_true", help="print the generic lines")
    args = parser.parse_args()
    prompts = json.loads(Path(args.prompts).read_text(encoding="utf-8"))["prompts"]
    figure = caption_variety(prompts, args.panels, args.seed)
    print(f"{figure.comics} comics, {figure.lines} caption lines, {figure.distinct_lines} distinct")
    print(f"lines in 3+ comics: {figure.lines_in_three_or_more} ({figure.share_in_three_or_more:.1%}); "
          f"most comics for one line: {figure.most_comics_for_one_line}")
    for line in figure.most_repeated:
        print("  ", line)
    print(f"lines whose skeleton (names out) is in 3+ comics: {figure.skeletons_in_three_or_more} "
          f"({figure.share_of_skeletons_in_three_or_more:.1%})")
    for line in figure.most_repeated_skeletons:
        print("  ", line)
    print(f"generic lines (no cast name, prompt noun or the panel's action): {figure.generic_lines} of {figure.lines}")
    print(f"  and with a speaker's name before a colon not counting as naming: {figure.generic_but_speaker}")
    print(f"sentences (names out) in 2+ comics: {len(figure.stock_sentences)}")
    if args.show_generic:
        for line in figure.generic_examples:
            print("  ", line)
        for line in figure.stock_sentences:
            print("  ", line)


if __name__ == "__main__":
    main()
