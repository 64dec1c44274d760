"""The pictograms drawn here because OpenMoji has none: they render like any other."""

from __future__ import annotations

from services import vocabulary
from services.art import pictograms
from services.art.drawn_glyphs import DRAWINGS, drawn_glyph, is_drawn
from services.art.procedural import states
from services.art.procedural.canvas import Canvas


def test_a_chest_is_a_chest_not_a_gem() -> None:
    chest = vocabulary.lookup("chest")
    assert chest is not None and chest.noun == "chest" and is_drawn(chest.code or "")
    assert [vocabulary.lookup(w).noun for w in ("coffre", "Truhe", "cofre", "treasure chest")] == ["chest"] * 4  # type: ignore[union-attr]
    assert vocabulary.lookup("treasure").noun == "treasure"  # type: ignore[union-attr]


UPRIGHT = {"F0008"}  # a seahorse stands taller than it is wide


def test_every_drawing_renders_at_every_size_wider_than_tall_and_in_colour() -> None:
    for code in DRAWINGS:
        for size in (16, 109, 512):
            img = drawn_glyph(code, size)
            assert img.getchannel("A").getbbox() is not None
        fitted = pictograms.pictogram(code, 200)
        colours = {c for _, c in fitted.convert("RGB").getcolors(1 << 20) or []}
        assert len(colours) > 4 and (fitted.width >= fitted.height * 0.9) != (code in UPRIGHT)


def test_a_chest_full_of_socks_shows_the_socks_above_it() -> None:
    c = Canvas(256)
    c.rect(0, 0, 1000, 1000, (120, 160, 100))
    box = states.paste_thing(c, "F0001", 500, 800, 240, "full of socks", shadow=False)
    assert box[3] - box[1] > 100
    assert [d.what for d in states.contents_drawn("full of socks")] == ["socks"]


def test_an_igloo_stands_only_where_the_story_is_at_one_or_builds_one() -> None:
    """The snowfield paints no igloo of its own (one built there would stand before it is built); the place
    'igloo' is the snowfield with its igloo, and an igloo built is the drawn igloo pictogram."""
    from services.art.procedural.settings import setting_nouns

    assert "igloo" not in setting_nouns("snowfield") and setting_nouns("igloo")[0] == "igloo"
    igloo = vocabulary.entry("igloo")
    assert igloo is not None and is_drawn(igloo.code or "")


def test_a_mole_is_a_mole_in_every_language_not_a_person() -> None:
    moles = [vocabulary.lookup(w, lang) for w, lang in (("mole", "en"), ("taupe", "fr"), ("Maulwurf", "de"),
                                                         ("topo", "es"))]
    assert {m.noun if m else None for m in moles} == {"mole"}
    assert moles[0] is not None and moles[0].role == "cast" and is_drawn(moles[0].code or "")


def test_a_seagull_is_a_white_gull_in_every_language_and_still_a_bird() -> None:
    gulls = [vocabulary.lookup(w, lang) for w, lang in (("seagull", "en"), ("gulls", "en"), ("mouette", "fr"),
                                                         ("Möwe", "de"), ("gaviota", "es"))]
    assert {g.noun if g else None for g in gulls} == {"seagull"}
    assert gulls[0] is not None and gulls[0].role == "cast" and is_drawn(gulls[0].code or "")
    assert vocabulary.lookup("sparrow").noun == "bird"  # type: ignore[union-attr]
    white = drawn_glyph("F0005", 120).convert("RGBA")
    pixels = [p for p in white.getdata() if p[3] > 200]
    assert sum(1 for r, g, b, _ in pixels if min(r, g, b) > 235) > len(pixels) * 0.25  # mostly white, not green


def test_a_pumpkin_is_a_plain_pumpkin_and_a_jack_o_lantern_is_carved() -> None:
    pumpkins = [vocabulary.lookup(w, lang) for w, lang in (("pumpkin", "en"), ("citrouille", "fr"),
                                                            ("Kürbis", "de"), ("calabaza", "es"))]
    assert {p.noun if p else None for p in pumpkins} == {"pumpkin"} and is_drawn(pumpkins[0].code or "")  # type: ignore[union-attr]
    carved = vocabulary.lookup("jack-o-lantern")
    assert carved is not None and carved.noun == "jack-o-lantern" and carved.code == "1F383"


def test_a_bench_is_a_park_bench_not_a_kitchen_chair() -> None:
    benches = [vocabulary.lookup(w, lang) for w, lang in (("bench", "en"), ("banc", "fr"), ("Parkbank", "de"),
                                                           ("banco del parque", "es"))]
    assert {b.noun if b else None for b in benches} == {"bench"} and is_drawn(benches[0].code or "")  # type: ignore[union-attr]
    bench = drawn_glyph("F0007", 144)
    assert bench.width > bench.height * 1.2  # long, to lie on


def test_a_seahorse_is_an_upright_sea_creature_in_every_language_not_a_person() -> None:
    """A shy seahorse finding a ring under the ocean was drawn as a girl in a purple dress."""
    horses = [vocabulary.lookup(w, lang) for w, lang in (("seahorse", "en"), ("hippocampe", "fr"),
                                                          ("Seepferdchen", "de"), ("caballito de mar", "es"))]
    assert {h.noun if h else None for h in horses} == {"seahorse"}
    assert horses[0] is not None and horses[0].role == "cast" and is_drawn(horses[0].code or "")
    from services.art.procedural.pictogram_acting import AQUATIC

    assert "seahorse" in AQUATIC


def test_a_shelf_is_a_wooden_shelf_in_every_language_and_a_bookcase_holds_books() -> None:
    """A cat climbing the shelf of a bakery ('grimpe sur une étagère') climbed a stack of books."""
    shelves = [vocabulary.lookup(w, lang) for w, lang in (("shelf", "en"), ("étagère", "fr"), ("Regal", "de"),
                                                           ("estante", "es"))]
    assert {s.noun if s else None for s in shelves} == {"shelf"}
    assert shelves[0] is not None and is_drawn(shelves[0].code or "")
    assert vocabulary.lookup("bookcase").noun == "bookshelf"  # type: ignore[union-attr]


def test_a_sandcastle_is_sand_not_a_stone_palace() -> None:
    castles = [vocabulary.lookup(w, lang) for w, lang in (("sandcastle", "en"), ("château de sable", "fr"),
                                                           ("Sandburg", "de"), ("castillo de arena", "es"))]
    assert {c.noun if c else None for c in castles} == {"sandcastle"}
    assert castles[0] is not None and is_drawn(castles[0].code or "")
    r, g, b = drawn_glyph(castles[0].code or "", 144).convert("RGB").getpixel((40, 100))
    assert r > g > b > 80, "sand-coloured"
    assert vocabulary.lookup("castle").code != castles[0].code  # type: ignore[union-attr]


def test_a_carriage_is_a_golden_coach_on_wheels_in_every_language() -> None:
    """'Turns a pumpkin into a golden carriage': the carriage had no pictogram, so nothing stood where the
    pumpkin was."""
    coaches = [vocabulary.lookup(w, lang) for w, lang in (("carriage", "en"), ("carrosse", "fr"), ("Kutsche", "de"),
                                                          ("carroza", "es"))]
    assert {c.noun if c else None for c in coaches} == {"carriage"}
    assert coaches[0] is not None and is_drawn(coaches[0].code or "")
    img = drawn_glyph(coaches[0].code or "", 144).convert("RGB")
    for x in (img.width // 4, img.width * 3 // 4):  # either side of the window
        r, g, b = img.getpixel((x, img.height * 2 // 5))
        assert r > 200 and g > 150 and b < 120, "a golden body"
    dark = sum(1 for y in range(img.height * 3 // 4, img.height) for x in range(img.width)
               if max(img.getpixel((x, y))) < 60)
    assert dark > 0.05 * img.width * img.height / 4, "spoked wheels at the bottom"


def test_a_walrus_is_brown_with_white_tusks_not_the_grey_seal() -> None:
    walruses = [vocabulary.lookup(w, lang) for w, lang in (("walrus", "en"), ("morse", "fr"), ("Walross", "de"),
                                                           ("morsa", "es"))]
    assert {c.noun if c else None for c in walruses} == {"walrus"}
    code = walruses[0].code if walruses[0] else ""
    assert is_drawn(code or "") and code != vocabulary.lookup("seal").code  # type: ignore[union-attr]
    img = drawn_glyph(code or "", 144).convert("RGB")
    colours = [img.getpixel((x, y)) for x in range(img.width) for y in range(img.height)]
    assert sum(1 for r, g, b in colours if r > g + 30 > b + 50) > 0.15 * len(colours), "a brown body"
    assert sum(1 for r, g, b in colours if min(r, g, b) > 225) > 0.003 * len(colours), "white tusks"


def test_a_pearl_is_a_white_ball_in_its_shell_in_every_language() -> None:
    """'A mermaid gives a pearl to a sailor': no pearl was known, so she gave him the ship."""
    pearls = [vocabulary.lookup(w, lang) for w, lang in (("pearl", "en"), ("perle", "fr"), ("Perle", "de"),
                                                         ("perla", "es"))]
    assert {p.noun if p else None for p in pearls} == {"pearl"}
    img = drawn_glyph(pearls[0].code or "", 144).convert("RGB")  # type: ignore[union-attr]
    r, g, b = img.getpixel((img.width // 2, img.height * 2 // 5))
    assert min(r, g, b) > 200, "a white pearl"
