"""A thing's state is drawn: frozen in ice, broken with a crack, giant, melted; a frozen place."""

from __future__ import annotations

from PIL import ImageChops

from services.art.procedural import devices, states
from services.art.procedural.canvas import Canvas

APPLE = "1F34E"


def _pasted(state: str | None) -> tuple[Canvas, tuple[float, float, float, float]]:
    c = Canvas(256)
    c.rect(0, 0, 1000, 1000, (120, 160, 100))
    return c, states.paste_thing(c, APPLE, 500, 800, 200, state, shadow=False)


def _count(c: Canvas, colour: tuple[int, int, int], tol: int = 16) -> int:
    return sum(n for n, col in c.img.getcolors(1 << 20) or [] if all(abs(a - b) <= tol for a, b in zip(col, colour)))


def test_the_words_of_a_state() -> None:
    assert [states.kind_of(s) for s in ("frozen solid", "broken", "a giant", "huge", "full of socks", "melting", None)] \
        == ["frozen", "broken", "giant", "giant", "full", "melted", None]
    assert states.size_factor("giant") > 1.5 and states.size_factor("tiny") < 1 and states.size_factor(None) == 1


def test_frozen_is_ice_blue_in_a_block_with_a_sheen() -> None:
    plain, _ = _pasted(None)
    frozen, box = _pasted("frozen")
    assert _count(frozen, states.ICE_EDGE, 24) > _count(plain, states.ICE_EDGE, 24) + 100, "the block's edge"
    assert _count(frozen, (255, 255, 255), 30) > _count(plain, (255, 255, 255), 30), "the sheen"
    red = (230, 40, 40)
    assert _count(frozen, red, 40) < _count(plain, red, 40) / 2, "the red apple is tinted with ice"


def test_broken_is_tilted_and_cracked() -> None:
    plain, a = _pasted(None)
    broken, b = _pasted("broken")
    assert (b[2] - b[0]) > (a[2] - a[0]) + 5, "tilted: its box grows"
    diff = ImageChops.difference(plain.img, broken.img).getbbox()
    assert diff is not None


def test_giant_things_are_bigger_where_the_art_places_them() -> None:
    from services.art.procedural.characters import Anchor
    from services.art.procedural.figures import Figure
    from services.art.procedural.object_places import Thing, size_at

    fig = Figure(Anchor((500, 500), 100, (550, 600), (500, 900), 4.0, 1), (400, 400, 600, 900))
    apple = Thing("apple", APPLE, height=0.22)
    assert size_at(Thing("apple", APPLE, state="giant", height=0.22), "ground", fig) > 1.5 * size_at(apple, "ground", fig)


def test_a_frozen_place_ices_its_water() -> None:
    from services.art.procedural.water import Water

    c = Canvas(128)
    c.rect(0, 0, 1000, 1000, (40, 120, 200))
    water = Water(spans=tuple((y, 100.0, 900.0) for y in range(600, 900, 20)), step=20)
    assert states.place(c, "frozen", 500, water)
    assert _count(c, states.mix(states.ICE, states.FROST, 0.35), 6) > 500
    assert not states.place(Canvas(64), "crowded", 500, None), "a state it cannot draw is left out"


def test_full_of_something_shows_it_heaped_over_the_top() -> None:
    assert states.contents("full of socks") == "socks" and states.contents("frozen") is None
    c = Canvas(256)
    c.rect(0, 0, 1000, 1000, (120, 160, 100))
    before = c.img.copy()
    box = states.paste_thing(c, "1F9FA", 500, 800, 240, "full of socks", shadow=False)  # a basket
    changed = ImageChops.difference(before, c.img).getbbox()
    assert changed is not None and changed[1] / c.u < box[1] - 5, "socks stick up above the basket"


def test_what_a_full_thing_holds_is_recorded_only_when_it_can_be_drawn() -> None:
    assert [(d.what, d.role) for d in states.contents_drawn("full of socks")] == [("socks", "prop")]
    assert states.contents_drawn("full of nothing-drawable") == [] and states.contents_drawn("frozen") == []
    assert states.contents_drawn(None) == []


def _filled_in(c: Canvas, box: tuple[float, float, float, float], ground: tuple[int, int, int] = (120, 160, 100)) -> int:
    """How many pixels in a box (panel units) are not the plain ground."""
    k = c.W / 1000
    crop = c.img.convert("RGB").crop(tuple(round(v * k) for v in box))  # type: ignore[arg-type]
    return sum(n for n, col in crop.getcolors(1 << 20) or [] if max(abs(a - b) for a, b in zip(col, ground)) > 20)


def test_eaten_has_a_bite_taken_over_crumbs() -> None:
    plain, (x0, y0, x1, y1) = _pasted(None)
    eaten, _ = _pasted("half-eaten")
    corner = (x0 + (x1 - x0) * 0.6, y0, x1, y0 + (y1 - y0) * 0.6)
    assert _filled_in(eaten, corner) < _filled_in(plain, corner) * 0.8, "a bite out of its top corner"
    below = (x0, y1 - (y1 - y0) * 0.25, x1 + (x1 - x0) * 0.4, y1 + (y1 - y0) * 0.3)
    assert _count(eaten, devices.CRUMB, 30) > _count(plain, devices.CRUMB, 30) + 20, "crumbs"
    assert _filled_in(eaten, below) > _filled_in(plain, below), "the crumbs fall below it"


def test_lost_flies_up_and_away_leaving_a_question_mark() -> None:
    plain, spot = _pasted(None)
    lost, now = _pasted("lost")
    assert now[3] < spot[1] + (spot[3] - spot[1]) * 0.5 and now[0] > spot[0], "up and away"
    assert _filled_in(lost, now) > 0, "drawn where it is now"
    red = (230, 40, 40)
    assert _count(lost, red, 60) > 0
    assert _filled_in(lost, spot) < _filled_in(plain, spot) * 0.7, "no longer where it was: a question mark is"


def test_wet_is_soaked_darker_and_drips_over_a_puddle() -> None:
    plain, box = _pasted(None)
    wet, _ = _pasted("soaked")
    assert _count(wet, states.PUDDLE, 12) > _count(plain, states.PUDDLE, 12) + 100, "a puddle"
    assert _count(wet, devices.TEARS, 12) > _count(plain, devices.TEARS, 12) + 10, "drops"
    red = (230, 40, 40)
    assert _count(wet, red, 40) < _count(plain, red, 40) / 2, "soaked darker and bluer"
