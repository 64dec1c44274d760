"""The settings: each place's painter, and the painted background of a panel (cached, copied per panel).

The painters live in the `scenery_*.py` modules (outdoor, indoor, nature, town,
transport, river, sea, shops, places), built from the shared shapes in `backgrounds.py`. A place with no
painter gets the `neutral` backdrop, never an unrelated place. `setting_nouns`
says in plain words what each backdrop shows, for the record of what was drawn; a
painter that paints open water returns it (`Water`), so things can float on it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from PIL import Image

from services.art.procedural import (
    scenery_bedrooms,
    scenery_gym,
    scenery_halls,
    scenery_indoor,
    scenery_nature,
    scenery_outdoor,
    scenery_places,
    scenery_river,
    scenery_rooms,
    scenery_sea,
    scenery_shops,
    scenery_sites,
    scenery_store,
    scenery_tower,
    scenery_town,
    scenery_transport,
    scenery_vehicles,
    scenery_venues,
    states,
)
from services.art.procedural.backgrounds import View, view_for
from services.art.procedural.canvas import Canvas
from services.art.procedural.effects import fog
from services.art.procedural.palettes import RGB, Light, light_for
from services.art.procedural.water import Water
from services.language import lexicon

Painter = Callable[[Canvas, View, Light, random.Random], Water | None]


def _painters() -> dict[str, Painter]:
    return {**scenery_outdoor.PAINTERS, **scenery_nature.PAINTERS, **scenery_indoor.PAINTERS,
            **scenery_transport.PAINTERS, **scenery_town.PAINTERS, **scenery_river.PAINTERS,
            **scenery_sea.PAINTERS, **scenery_shops.PAINTERS, **scenery_places.PAINTERS,
            **scenery_vehicles.PAINTERS, **scenery_store.PAINTERS, **scenery_venues.PAINTERS,
            **scenery_rooms.PAINTERS, **scenery_tower.PAINTERS, **scenery_halls.PAINTERS,
            **scenery_sites.PAINTERS, **scenery_bedrooms.PAINTERS,
            **scenery_gym.PAINTERS}


@lru_cache(maxsize=12)
def _cached_background(setting: str, time: str, weather: str, shot: str, size: int, layout: int, pan: int,
                       ink: RGB, weight: float, recolour: Callable[[RGB], RGB] | None,
                       state: str | None = None) -> tuple[Image.Image, Water | None]:
    c = Canvas(size, ink=ink, weight=weight, recolour=recolour)
    light = light_for(time, weather)
    painter = _painters().get(setting) or _painters()[NEUTRAL]
    view = view_for(shot, float(pan))
    water = painter(c, view, light, random.Random(layout))
    if weather == "snow" and setting not in NO_SNOW_COVER:
        _snow_cover(c, view, light, random.Random(layout + 1), water)
    states.place(c, state, view.horizon, water)  # a frozen pond, painted once with its place
    if weather == "fog":  # fog sits between the trees, not over the faces
        return fog(c.img, light), water
    return c.img, water


NEUTRAL = "neutral"

# What a reader sees in each backdrop, as plain English nouns, singular and lower-case like
# `DrawnItem.what`. The first names the place: the setting key in words ("space_station" ->
# "space station", "mountains" -> "mountain"), so a concept named after the key matches it.
SETTING_NOUNS: dict[str, tuple[str, ...]] = {
    # scenery_outdoor
    "city": ("city", "building", "road", "street"), "forest": ("forest", "tree"), "beach": ("beach", "sea", "palm tree"),
    "underwater": ("underwater", "sea floor", "coral", "seaweed"), "space": ("space", "star", "planet"),
    "mars": ("mars", "crater"), "desert": ("desert", "dune", "cactus"), "mountains": ("mountain", "pine tree"),
    "snowfield": ("snowfield", "ice"), "igloo": ("igloo", "snowfield", "ice"), "castle": ("castle", "tower"),
    "park": ("park", "tree", "bench", "fence"), "lighthouse": ("lighthouse", "sea", "boat"),
    # scenery_indoor
    "school": ("school", "classroom", "blackboard", "desk"), "kitchen": ("kitchen", "stove", "cupboard", "table", "chair"),
    "home": ("home", "living room", "sofa", "window"), "office": ("office", "desk", "computer"),
    "cafe": ("cafe", "counter", "coffee machine"), "library": ("library", "bookshelf", "book"),
    "lab": ("lab", "laboratory", "flask", "machine"),
    # scenery_transport
    "elevator": ("elevator", "door", "button"), "subway": ("subway", "train", "seat", "window"),
    "station": ("station", "platform", "train"), "space_station": ("space station", "porthole", "earth"),
    # scenery_nature
    "pond": ("pond", "water", "lily pad", "reed"), "jungle": ("jungle", "vine", "leaf"),
    "river": ("river", "water", "riverbank", "reed", "tree"),
    "island": ("island", "sea", "palm tree"), "farm": ("farm", "barn", "fence", "field"),
    # scenery_town
    "sea": ("sea", "ship", "deck", "sail"),  # scenery_sea
    "street": ("street", "shop", "lamp post", "crossing"), "fair": ("fair", "ferris wheel", "tent"), NEUTRAL: (),
    # scenery_shops
    "flower_shop": ("flower shop", "flower", "bucket", "counter", "till", "window"),
    "bakery": ("bakery", "bread", "cake", "croissant", "oven", "counter", "till"),
    "ice_cream_cafe": ("ice cream cafe", "ice cream", "cone", "counter", "window"),
    "toy_shop": ("toy shop", "toy", "teddy bear", "ball", "robot", "rocket", "kite", "balloon", "rocking horse",
                 "shelf", "counter", "till"),
    "stage": ("stage", "curtain", "spotlight", "microphone", "loudspeaker"),
    # scenery_places
    "junkyard": ("junkyard", "scrap", "car", "tyre", "barrel", "crane", "fence"),
    "rooftop": ("rooftop", "roof", "chimney", "city", "building", "aerial"),
    "cave": ("cave", "rock", "stalactite", "crystal"),
    "cornfield": ("cornfield", "corn", "field", "barn"),
    "shipwreck": ("shipwreck", "ship", "sea floor", "seaweed", "anchor", "fish", "sea", "underwater"),
    "zoo": ("zoo", "enclosure", "fence", "tree"),
    "shop": ("shop", "shelf", "counter", "till", "window"),  # scenery_store
    # scenery_vehicles
    "submarine": ("submarine", "porthole", "pipe", "valve wheel", "gauge", "periscope", "lamp"),
    "bus": ("bus", "seat", "window", "pole", "strap", "stop button", "building"),
    # scenery_venues
    "pool": ("pool", "swimming pool", "water", "lane rope", "diving board", "ladder", "lifeguard chair", "parasol",
             "flag", "tree"),
    "hospital": ("hospital", "bed", "pillow", "blanket", "drip stand", "curtain", "red cross sign", "window", "monitor",
                 "bedside table", "balloon", "flower"),
    "museum": ("museum", "skeleton", "dinosaur", "painting", "column", "plinth", "display case", "vase", "rope",
               "skylight"),
    "tower_top": ("tower top", "tower", "railing", "girder", "city", "telescope"),  # scenery_tower
    # scenery_rooms
    "bathroom": ("bathroom", "bathtub", "shower", "curtain", "rubber duck", "washbasin", "mirror", "toilet", "towel",
                 "bath mat", "tile", "window", "lamp"),
    "garage": ("garage", "car", "lift", "tool", "wrench", "hammer", "screwdriver", "workbench", "vice", "toolbox",
               "tyre", "oil can", "roller door", "lamp"),
    # scenery_halls
    "church": ("church", "stained-glass window", "window", "column", "arch", "pew", "altar", "candle", "carpet",
               "flower"),
    "cinema": ("cinema", "screen", "seat", "popcorn", "exit sign", "door", "light"),
    "airport": ("airport", "airplane", "control tower", "departures board", "window", "chair", "luggage trolley",
                "suitcase"),
    # scenery_sites
    "stadium": ("stadium", "pitch", "goal", "net", "crowd", "floodlight", "flag"),
    "volcano": ("volcano", "lava", "smoke", "rock", "crater", "dead tree"),
    "bridge": ("bridge", "street", "fence", "tower", "cable", "sea", "city", "lamp post"),
    # scenery_bedrooms
    "bedroom": ("bedroom", "bed", "pillow", "duvet", "teddy bear", "bedside table", "lamp", "window", "curtain",
                "wardrobe", "toy box", "toy", "poster", "star", "rug", "alarm clock"),
    "attic": ("attic", "roof", "rafter", "beam", "round window", "trunk", "box", "rocking chair", "cobweb",
              "light bulb", "floorboard"),
    "basement": ("basement", "cellar", "stone wall", "staircase", "window", "pipe", "furnace", "shelf", "jar",
                 "paint can", "washing machine", "light bulb"),
    "gym": ("gym", "basketball hoop", "backboard", "court", "wall bar", "climbing rope", "gym mat", "vaulting box",
            "window", "light"),
}


def setting_for_place(place: str) -> str:
    """The painter for a place noun from a scene plan: a setting key as is, else the setting whose
    lexicon words name it ("metro", "lake", "Bauernhof"), else the neutral backdrop."""
    key = place.strip().lower().replace(" ", "_")
    if key in _painters():
        return key
    return lexicon.find_first("settings", place) or NEUTRAL


def setting_nouns(setting: str) -> list[str]:
    """The plain English nouns a reader sees in the backdrop of `setting`; the first names the place.

    An unknown setting is drawn as the neutral backdrop, which shows nothing nameable: `[]`."""
    return list(SETTING_NOUNS.get(setting if setting in _painters() else NEUTRAL, ()))


# No snow blanket: indoors (every place assets/lexicon.json says is indoor), and these outdoor places: space, Mars
# and under the sea, the snowfield and the igloo (snow already), lava, the sea far below a bridge, a tower's deck.
NO_SNOW_OUTDOORS = ("underwater", "space", "mars", "snowfield", "igloo", "shipwreck", "volcano", "bridge", "tower_top")
NO_SNOW_COVER = (*NO_SNOW_OUTDOORS, *(key for key in lexicon.keys("settings") if lexicon.is_indoor(key)))
# Places under the sea: whoever is there swims, bubbles rise, no weather falls.
UNDER_WATER = ("underwater", "shipwreck")


def _snow_cover(c: Canvas, v: View, light: Light, rng: random.Random, water: Water | None = None) -> None:
    """Snowy weather lays a white blanket on the ground (the place still shows through) and drifts on top;
    open water stays water (snow falls into it)."""
    top = int((v.horizon + 12) * c.u)
    box = (0, top, c.W, c.W)
    white = Image.new("RGB", (c.W, c.W - top), light((246, 249, 255), strength=0.6))
    blanket = Image.blend(c.img.crop(box), white, 0.62)
    if water is None:
        c.img.paste(blanket, box[:2])
    else:
        c.img.paste(blanket, box[:2], water.mask(c.W).point(lambda a: 255 - a).crop(box))
    for _ in range(7):
        x, y = rng.uniform(-50, 1050), v.horizon + rng.uniform(30, 380)
        w = rng.uniform(60, 160) * v.zoom
        if water is not None and any(water.contains(x + dx, y) for dx in (-w, 0, w)):
            continue
        c.ellipse(x, y, w, w * 0.16, light((252, 253, 255), strength=0.6), 1.2, outline=light((180, 195, 225), strength=0.6))


def paint_background(setting: str, time: str, weather: str, shot: str, size: int, layout: int, pan: int,
                     ink: RGB, weight: float, recolour: Callable[[RGB], RGB] | None = None) -> Canvas:
    """A fresh canvas with the background painted; the cached image is copied, never shared."""
    return paint_place(setting, time, weather, shot, size, layout, pan, ink, weight, recolour)[0]


def paint_place(setting: str, time: str, weather: str, shot: str, size: int, layout: int, pan: int,
                ink: RGB, weight: float, recolour: Callable[[RGB], RGB] | None = None,
                state: str | None = None) -> tuple[Canvas, Water | None]:
    """The painted background and the open water it shows (None: no water), to float things on; `state` is the
    place's (`states.place`: 'frozen' ices its water)."""
    base, water = _cached_background(setting, time, weather, shot, size, layout, pan, ink, weight, recolour,
                                     states.kind_of(state) or ("flooded" if "flood" in (state or "").lower() else None))
    return Canvas(size, ink=ink, weight=weight, image=base.copy(), recolour=recolour), water


# Outdoor places whose sky shows the time of day's sun or moon (`backgrounds.sky`); the others are
# indoors, under the sea, in space, or the neutral backdrop.
SKYLESS = ("underwater", "space", "mars", "shipwreck", NEUTRAL)
SKY_AT = {"day": ("sun",), "dawn": ("sunrise", "sun"), "sunset": ("sunset", "sun"), "night": ("moon",)}


def sky_shows(setting: str, time: str, weather: str) -> tuple[str, ...]:
    """What the painted sky of `setting` shows at `time` ("sunset", "sun", "moon"): the sky draws them,
    so no pictogram needs to. Nothing under a grey sky (rain, snow, fog hide the sun) or without a sky."""
    if setting not in _painters() or setting in SKYLESS or lexicon.is_indoor(setting) or weather in ("rain", "snow", "fog"):
        return ()
    return SKY_AT.get(time, ())


def setting_names() -> list[str]:
    return list(_painters())
