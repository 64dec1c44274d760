"""Bodies for the OpenMoji animals that are only a head.

OpenMoji draws a unicorn, a lion, a wolf, a moose, a frog and a hamster as faces. Pasted as a cast
member, a face is a bust floating over the ground, and it cannot walk, carry or dance. Each listed
in `assets/pictogram_bodies.json` gets a body drawn under its head in the head's own colour, in the
font's style (flat colours inside a dark line): four legs and a tail for the walkers (the head at
the left, the way the font's animals face), a round sitting body for the frog and the hamster.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from services.config import asset_data

RGB = tuple[int, int, int]
LINE = (0, 0, 0, 255)
_BODIES: dict[str, dict[str, str]] = asset_data("pictogram_bodies.json")["bodies"]


def with_body(code: str, head: Image.Image) -> Image.Image:
    """The head with its body drawn under it (the head as is when it needs none)."""
    spec = _BODIES.get(code)
    if spec is None:
        return head
    return _SHAPES[spec["body"]](head, body_colour(head), spec.get("tail", "none"))


def body_colour(head: Image.Image) -> RGB:
    """The head's main colour: its most common opaque colour that is not the dark outline."""
    rgba = head.convert("RGBA").resize((48, max(1, round(48 * head.height / head.width))))
    counts: dict[RGB, int] = {}
    data = rgba.tobytes()
    for r, g, b, a in (data[i:i + 4] for i in range(0, len(data), 4)):
        if a > 200 and r + g + b > 150:
            key = (r // 16 * 16 + 8, g // 16 * 16 + 8, b // 16 * 16 + 8)  # close shades count as one
            counts[key] = counts.get(key, 0) + 1
    return max(counts, key=lambda k: counts[k]) if counts else (150, 120, 90)


def _shade(col: RGB, k: float) -> RGB:
    return (round(col[0] * (1 - k)), round(col[1] * (1 - k)), round(col[2] * (1 - k)))


def _light(col: RGB, k: float) -> RGB:
    return (round(col[0] + (255 - col[0]) * k), round(col[1] + (255 - col[1]) * k), round(col[2] + (255 - col[2]) * k))


def _walker(leg_length: float) -> Callable[[Image.Image, RGB, str], Image.Image]:
    """Four legs under a barrel body, the head at the front (left) above the shoulders."""
    def draw(head: Image.Image, col: RGB, tail: str) -> Image.Image:
        w, h = head.size
        body_top, body_bottom = 0.62 * h, 0.62 * h + 0.5 * h
        W, H = round(1.9 * w + 0.34 * h), round(body_bottom + leg_length * h)  # room for the tail
        img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        pen = max(2, round(w / 30))
        leg_w = 0.14 * w
        far, near = _shade(col, 0.18), col

        def leg(x: float, fill: RGB) -> None:
            d.rounded_rectangle((x, body_top + 0.3 * h, x + leg_w, H - pen), radius=leg_w / 2, fill=fill,
                                outline=LINE, width=pen)
            d.rounded_rectangle((x - pen / 2, H - pen - 0.09 * h, x + leg_w + pen / 2, H - pen), radius=pen,
                                fill=_shade(col, 0.55), outline=LINE, width=pen)  # hoof or paw

        for x in (0.72 * w, 1.62 * w):  # the far legs, behind the body
            leg(x, far)
        _tail(d, tail, 1.88 * w, body_top + 0.12 * h, h, col, pen)
        d.ellipse((0.42 * w, body_top, 1.95 * w, body_bottom), fill=near, outline=LINE, width=pen)
        for x in (0.55 * w, 1.45 * w):
            leg(x, near)
        img.alpha_composite(head, (0, 0))
        return img
    return draw


def _tail(d: ImageDraw.ImageDraw, tail: str, x: float, y: float, h: float, col: RGB, pen: int) -> None:
    if tail == "hair":
        d.line([(x, y), (x + 0.16 * h, y + 0.25 * h), (x + 0.12 * h, y + 0.6 * h)], fill=LINE, width=round(0.13 * h))
        d.line([(x, y), (x + 0.16 * h, y + 0.25 * h), (x + 0.12 * h, y + 0.6 * h)], fill=_shade(col, 0.3),
               width=round(0.13 * h) - 2 * pen)
    elif tail == "tuft":
        d.line([(x, y + 0.05 * h), (x + 0.22 * h, y + 0.3 * h), (x + 0.2 * h, y + 0.5 * h)], fill=LINE, width=pen * 2)
        d.ellipse((x + 0.12 * h, y + 0.44 * h, x + 0.3 * h, y + 0.62 * h), fill=_shade(col, 0.45), outline=LINE,
                  width=pen)
    elif tail == "bushy":
        d.ellipse((x - 0.05 * h, y, x + 0.25 * h, y + 0.55 * h), fill=col, outline=LINE, width=pen)
        d.ellipse((x + 0.06 * h, y + 0.38 * h, x + 0.22 * h, y + 0.54 * h), fill=_light(col, 0.6))
    elif tail == "stub":
        d.ellipse((x - 0.02 * h, y, x + 0.14 * h, y + 0.14 * h), fill=_shade(col, 0.2), outline=LINE, width=pen)


def _squat(head: Image.Image, col: RGB, tail: str) -> Image.Image:
    """A round body sitting under the head, seen from the front: a light belly, two front paws, two feet."""
    w, h = head.size
    W, H = round(1.16 * w), round(1.5 * h)
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    pen = max(2, round(w / 30))
    cx = W / 2
    for side in (-1, 1):  # the feet, splayed
        d.ellipse((cx + side * 0.36 * w - 0.17 * w, H - 0.17 * h - pen, cx + side * 0.36 * w + 0.17 * w, H - pen),
                  fill=_shade(col, 0.15), outline=LINE, width=pen)
    d.ellipse((cx - 0.5 * w, 0.62 * h, cx + 0.5 * w, H - 0.08 * h), fill=col, outline=LINE, width=pen)
    d.ellipse((cx - 0.28 * w, 0.85 * h, cx + 0.28 * w, H - 0.16 * h), fill=_light(col, 0.55))
    for side in (-1, 1):  # the front paws on the belly
        d.ellipse((cx + side * 0.3 * w - 0.1 * w, 1.0 * h, cx + side * 0.3 * w + 0.1 * w, 1.2 * h),
                  fill=_shade(col, 0.08), outline=LINE, width=pen)
    img.alpha_composite(head, (round((W - w) / 2), 0))
    return img


_SHAPES: dict[str, Callable[[Image.Image, RGB, str], Image.Image]] = {
    "long_legs": _walker(0.75), "four_legs": _walker(0.42), "squat": _squat}
