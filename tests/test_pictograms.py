"""OpenMoji pictograms render (not blank) at any size, with an outline, cached and deterministic."""

from __future__ import annotations

import pytest
from PIL import Image, ImageFilter

from services.art.pictograms import _glyph, _max_filter, paste, pictogram


@pytest.mark.parametrize("size", [12, 48, 300, 900])
@pytest.mark.parametrize("code", ["1F40B", "1F438", "2603", "E205", "1F9D1-200D-1F373"])
def test_pictograms_are_not_blank(code: str, size: int) -> None:
    img = pictogram(code, size)
    assert img.mode == "RGBA"
    assert max(img.size) >= size  # the glyph plus its outline
    alpha = img.getchannel("A")
    covered = sum(alpha.histogram()[129:])
    assert covered > 0.15 * img.width * img.height
    colours = img.convert("RGB").getcolors(maxcolors=1 << 20) or []
    assert len(colours) > 3  # coloured, not a black silhouette


def test_cached_once_per_size_and_flip_mirrors() -> None:
    assert pictogram("1F40B", 200) is pictogram("1F40B", 200)
    left, right = pictogram("1F40B", 200), pictogram("1F40B", 200, flip=True)
    assert left.tobytes() != right.tobytes()
    assert left.transpose(Image.Transpose.FLIP_LEFT_RIGHT).tobytes() == right.tobytes()


def test_paste_draws_inside_its_box() -> None:
    target = Image.new("RGB", (400, 400), (200, 220, 240))
    box = paste(target, "1F40B", 200, 380, 200)
    assert box[3] == 380
    inside = target.crop(box)
    assert len(inside.getcolors(maxcolors=1 << 20) or []) > 10
    assert target.getpixel((5, 5)) == (200, 220, 240)


@pytest.mark.parametrize("radius", [1, 2, 5, 7])
@pytest.mark.parametrize("code", ["1F40B", "1F9D1-200D-1F373"])
def test_the_outline_grows_as_the_rank_filter_did_pixel_for_pixel(code: str, radius: int) -> None:
    glyph = _glyph(code).getchannel("A")
    mask = Image.new("L", (glyph.width + 2 * radius, glyph.height + 2 * radius), 0)
    mask.paste(glyph, (radius, radius))
    for shape in (mask, glyph):  # with a margin, and touching the edge
        assert _max_filter(shape, radius).tobytes() == shape.filter(ImageFilter.MaxFilter(2 * radius + 1)).tobytes()
