"""The landmarks drawn because OpenMoji has none: each renders, fills its box, stands on the ground and is its own."""

from __future__ import annotations

from itertools import combinations

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from services.art.drawn_glyphs import DRAWINGS, drawn_glyph, is_drawn
from services.art.landmark_glyphs import LANDMARK_DRAWINGS

CODES = [f"F00{n:02X}" for n in range(0x10, 0x1B)]  # Big Ben … the windmill
SIDE = 120


def _uncropped(code: str, side: int = SIDE) -> Image.Image:
    """The drawing on its whole grid, where drawn_glyph would crop it: where it stands is kept."""
    img = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    DRAWINGS[code](ImageDraw.Draw(img), lambda v: v * side / 72)
    return img


def test_the_eleven_landmarks_are_registered_with_the_drawings() -> None:
    assert sorted(LANDMARK_DRAWINGS) == CODES
    assert all(is_drawn(code) and DRAWINGS[code] is LANDMARK_DRAWINGS[code] for code in CODES)


@pytest.mark.parametrize("code", CODES)
def test_a_landmark_renders_in_colour_and_covers_its_box(code: str) -> None:
    img = drawn_glyph(code, SIDE)
    assert img.mode == "RGBA" and img.getchannel("A").getbbox() is not None
    assert max(img.size) > SIDE * 0.8, "the landmark fills the grid"
    alpha = img.getchannel("A")
    covered = 1 - alpha.histogram()[0] / (img.width * img.height)
    assert covered > 0.25, f"{code} covers only {covered:.0%} of its box"
    colours = {c for _, c in img.getcolors(1 << 16) or [] if c[3] > 0}
    assert len(colours) >= 4, "flat colours inside the line, not a silhouette"


@pytest.mark.parametrize("code", CODES)
def test_a_landmark_stands_on_the_ground_at_the_bottom_of_the_grid(code: str) -> None:
    alpha = _uncropped(code).getchannel("A")
    box = alpha.getbbox()
    assert box is not None and box[3] >= SIDE * 66 / 72, "its base reaches the bottom rows"
    base = alpha.crop((0, round(SIDE * 66 / 72), SIDE, SIDE)).getbbox()
    assert base is not None and base[2] - base[0] > SIDE * 0.5, "it stands on a broad base, not on a point"


def test_the_landmarks_differ_from_one_another() -> None:
    thumbs = {}
    for code in CODES:
        on_white = Image.new("RGBA", (SIDE, SIDE), (255, 255, 255, 255))
        on_white.alpha_composite(_uncropped(code))
        thumbs[code] = on_white.convert("L").resize((36, 36))
    for a, b in combinations(CODES, 2):
        mean = ImageStat.Stat(ImageChops.difference(thumbs[a], thumbs[b])).mean[0]
        assert mean > 15, f"{a} and {b} look alike"
