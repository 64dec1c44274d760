"""A pictogram that is only a head stands on a body drawn in its own colour."""

from __future__ import annotations

from PIL import Image

from services.art import pictogram_bodies, pictograms

UNICORN, LION, FROG, HAMSTER, MOOSE, WOLF, WHALE = "1F984", "1F981", "1F438", "1F439", "1FACE", "1F43A", "1F40B"


def _runs(row: list[int]) -> int:
    """How many separate opaque stretches a row of alpha values has."""
    return sum(1 for i, a in enumerate(row) if a > 128 and (i == 0 or row[i - 1] <= 128))


def _bottom_row(img: Image.Image, up: float) -> list[int]:
    alpha = img.getchannel("A")
    y = round(img.height * (1 - up))
    return [alpha.getpixel((x, y)) for x in range(img.width)]


def test_walkers_stand_on_legs_under_a_body() -> None:
    for code in (UNICORN, LION, MOOSE, WOLF):
        img = pictograms.pictogram(code, 240)
        assert img.width > img.height, f"{code}: a body as long as a walker's, not a head"
        assert _runs(_bottom_row(img, 0.12)) >= 2, f"{code}: legs reach the ground apart"


def test_sitters_sit_on_a_round_body_facing_out() -> None:
    for code in (FROG, HAMSTER):
        img = pictograms.pictogram(code, 240)
        assert img.height > img.width, f"{code}: a body under the head"
        assert _runs(_bottom_row(img, 0.05)) == 2, f"{code}: two feet"


def test_the_body_takes_the_heads_colour() -> None:
    r, g, b = pictogram_bodies.body_colour(pictograms.pictogram(LION, 120))
    assert r > g > b, "a lion's body is tawny"
    img = pictograms.pictogram(FROG, 240).convert("RGB")
    belly_side = img.getpixel((round(img.width * 0.2), round(img.height * 0.7)))
    assert belly_side[1] > belly_side[0] and belly_side[1] > belly_side[2], "a green frog has a green body"


def test_a_whole_animal_is_left_as_the_font_draws_it() -> None:
    head = Image.new("RGBA", (10, 10), (200, 100, 50, 255))
    assert pictogram_bodies.with_body(WHALE, head) is head
    assert pictogram_bodies.with_body(UNICORN, head) is not head
