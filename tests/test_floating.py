"""Things afloat: cut at their waterline, floated on the painted water, never bigger than they are."""

from __future__ import annotations

from PIL import ImageChops

from services.art import pictograms
from services.art.procedural import floating
from services.art.procedural.looks import look_for
from services.art.procedural.palettes import INK, light_for
from services.art.procedural.settings import paint_place
from services.art.procedural.staging import Placement
from services.schemas import DrawnItem, PanelScene, SceneProp

BOAT, CANOE = "26F5", "1F6F6"


def test_the_waterline_cuts_off_openmojis_own_sea() -> None:
    assert floating.waterline(BOAT) < 0.8 and floating.waterline(CANOE) == floating.SUNK
    img = pictograms.pictogram(BOAT, 120).convert("RGBA")
    kept = img.crop((0, 0, img.width, round(img.height * floating.waterline(BOAT))))
    sea = sum(1 for px in (kept.get_flattened_data() if hasattr(kept, "get_flattened_data") else kept.getdata()) if px[3] > 128 and all(abs(a - b) < 40 for a, b in zip(px, floating.PICTO_SEA)))
    assert sea < 0.02 * kept.width * kept.height, "no pale block of pictogram sea on the river"


def test_float_props_draws_on_the_water_off_the_cast_and_records_it() -> None:
    c, water = paint_place("river", "day", "clear", "wide", 256, 3, 0, INK, 1.0)
    assert water is not None
    before = c.img.copy()
    scene = PanelScene(setting="river", shot="wide", props=[SceneProp(what="boat", where="water"),
                                                             SceneProp(what="kite", where="sky")])
    ada = Placement(x=420, ground=880, scale=3.3, facing=1)
    drawn: list[DrawnItem] = []
    done = floating.float_props(c, scene, [ada], [look_for(1, "Ada", "person")], water, light_for("day", "clear"), drawn)
    assert done == {"boat"} and [d.what for d in drawn] == ["boat"], "only water things float"
    box = ImageChops.difference(before, c.img).getbbox()
    assert box is not None
    u = c.W / 1000
    x0, y0, x1, y1 = (v / u for v in box)
    assert water.contains((x0 + x1) / 2, y1 - 8), "its hull is on the water"
    assert abs((x0 + x1) / 2 - ada.x) > 34 * ada.scale, "beside the cast, not behind them"


def test_nothing_floats_without_water() -> None:
    c, water = paint_place("park", "day", "clear", "wide", 128, 3, 0, INK, 1.0)
    drawn: list[DrawnItem] = []
    scene = PanelScene(setting="park", props=[SceneProp(what="boat", where="water")])
    assert water is None and floating.float_props(c, scene, [], [], water, light_for("day", "clear"), drawn) == set()
    assert drawn == []
