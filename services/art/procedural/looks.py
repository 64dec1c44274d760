"""What each character looks like, decided once from the comic seed and the name.

A reader follows a character by its colours and its accessories, so the look
depends only on (seed, name, kind): the same in every panel and every attempt,
and different for another name. A colour word in the name ("Brown", "Red")
wins over chance, because readers expect Brown the dog to be brown.

When the comic has a character sheet (`CastMember.look`, decided once by
`services.story.character_sheet`), its colours and features win over the seed:
colours are [main, accent, second, third] where main is the body, fur or paint
(the clothes for people), accent the accessories, second the clothes of an
animal or the hair of a person, third the skin of a person.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from services.art.procedural.palettes import RGB, hex_rgb
from services.art.procedural.scene import stable_int

SKIN = ((255, 219, 186), (241, 194, 150), (224, 172, 125), (198, 134, 92), (141, 85, 54), (250, 208, 180))
HAIR = ((40, 30, 30), (90, 56, 36), (160, 100, 50), (230, 190, 90), (200, 70, 40), (60, 60, 80), (20, 20, 24))
CLOTHES = ((220, 60, 60), (50, 110, 200), (250, 190, 40), (60, 160, 100), (150, 80, 180), (240, 130, 40),
           (40, 170, 190), (240, 110, 150), (70, 80, 110))
PANTS = ((50, 60, 90), (90, 70, 60), (60, 60, 66), (40, 90, 150), (120, 110, 90))
ACCENTS = ((225, 40, 50), (225, 40, 50), (250, 200, 40), (40, 120, 220), (240, 110, 160), (60, 170, 90))

FUR: dict[str, tuple[RGB, ...]] = {
    "cat": ((240, 150, 60), (150, 150, 160), (60, 60, 70), (245, 240, 230), (200, 170, 130), (110, 90, 80)),
    "dog": ((170, 110, 60), (220, 180, 120), (245, 240, 230), (80, 60, 50), (200, 140, 70), (230, 210, 170)),
    "fox": ((240, 120, 40), (230, 100, 30), (250, 150, 60)),
    "rabbit": ((245, 245, 245), (200, 190, 180), (160, 120, 90), (230, 210, 200)),
    "bear": ((140, 90, 55), (110, 70, 45), (120, 84, 60), (180, 120, 70)),  # a panda and a polar bear are pictograms
    "robot": ((180, 190, 205), (120, 200, 210), (240, 200, 80), (120, 150, 220), (230, 120, 90)),
    "alien": ((120, 220, 110), (160, 120, 230), (90, 210, 200), (230, 140, 200)),
    "ghost": ((246, 248, 255), (230, 240, 255), (240, 235, 255)),
    "bird": ((70, 150, 230), (230, 70, 60), (250, 210, 50), (90, 190, 100), (250, 250, 250)),
    "dragon": ((90, 180, 100), (150, 90, 200), (220, 80, 60), (60, 160, 190)),
    "penguin": ((40, 44, 60), (30, 40, 70)),
    "fish": ((250, 140, 40), (250, 200, 40), (70, 150, 230), (240, 90, 120)),
}

COLOUR_WORDS: dict[str, RGB] = {
    "brown": (150, 95, 55), "red": (215, 60, 50), "blue": (60, 120, 220), "green": (80, 170, 90),
    "white": (246, 246, 246), "black": (55, 55, 62), "gray": (150, 150, 160), "grey": (150, 150, 160),
    "golden": (240, 190, 70), "gold": (240, 190, 70), "pink": (245, 150, 180), "orange": (240, 130, 40),
    "yellow": (250, 210, 60), "purple": (150, 90, 200), "ginger": (230, 120, 50), "silver": (190, 195, 210),
    "snow": (246, 246, 246), "coco": (120, 80, 50), "cocoa": (120, 80, 50), "rusty": (190, 90, 50),
}

ACCESSORIES: dict[str, tuple[str, ...]] = {
    "person": ("scarf", "hat", "bow", "glasses", "cape", "tie", "backpack", "none"),
    "child": ("cap", "bow", "scarf", "backpack", "none"),
    "elder": ("glasses", "hat", "scarf"),
    "robot": ("antenna",),
    "alien": ("antenna",),
    "ghost": ("bow", "hat", "none"),
    "bird": ("scarf", "bow", "hat", "none"),
    "fish": ("bow", "none"),
}
ANIMAL_ACCESSORIES = ("scarf", "collar", "bow", "hat", "none")
HUMAN_KINDS = ("person", "child", "elder")
# Everything the renderer can draw on a character; a sheet may name any of these.
FEATURES = ("scarf", "hat", "cap", "bow", "glasses", "cape", "collar", "crown", "backpack", "tie", "helmet", "knight_helmet",
            "space_helmet", "pointy_hat", "chef_hat", "cane", "spots", "stripes", "antenna", "clown", "straw")

HAIRSTYLES = ("short", "long", "bun", "spiky", "ponytail", "bob")
KIND_SCALE = {"person": 1.0, "child": 0.78, "elder": 0.95, "cat": 0.82, "dog": 0.86, "robot": 1.05, "bird": 0.72,
              "dragon": 1.08, "ghost": 0.95, "fox": 0.85, "fish": 0.8, "penguin": 0.82, "rabbit": 0.82, "bear": 1.05,
              "alien": 0.9}


@dataclass(frozen=True)
class Look:
    """Everything that makes one character recognisable."""

    kind: str
    main: RGB  # skin or fur or body
    clothes: RGB
    pants: RGB
    hair: RGB
    accent: RGB  # accessory colour (the one colour noir keeps)
    accessory: str
    hairstyle: str
    variant: int  # small per-kind choice: spotted dog, owl tufts...
    scale: float
    features: tuple[str, ...] = ()  # every accessory drawn (the first is `accessory`)

    def has(self, feature: str) -> bool:
        return feature in self.features


def look_for(seed: int, name: str, kind: str, sheet: object | None = None) -> Look:
    """The look of `name` in the comic seeded by `seed`; pure and deterministic.

    `sheet` is the character's `CharacterLook` from the comic's character sheet: its colours and
    features replace the seeded ones, so the character is the same in every panel and attempt.
    """
    rng = random.Random(stable_int("look", seed, name.strip().lower(), kind))
    main = rng.choice(FUR.get(kind, SKIN))
    for word in name.lower().replace("-", " ").split():
        if word in COLOUR_WORDS and kind not in ("person", "child", "elder", "penguin"):
            main = COLOUR_WORDS[word]
    clothes = rng.choice(CLOTHES)
    hair = rng.choice(HAIR) if kind != "elder" else rng.choice(((220, 220, 225), (190, 190, 195), (240, 240, 240)))
    accessory = rng.choice(ACCESSORIES.get(kind, ANIMAL_ACCESSORIES))
    pants, accent, hairstyle = rng.choice(PANTS), rng.choice(ACCENTS), rng.choice(HAIRSTYLES)
    variant, scale = rng.randrange(4), KIND_SCALE.get(kind, 1.0) * rng.uniform(0.95, 1.05)
    features: tuple[str, ...] = () if accessory == "none" else (accessory,)
    if kind == "elder":
        features = (*features, "cane")
    colours = [hex_rgb(c) for c in getattr(sheet, "colours", None) or () if _is_hex(c)]
    if sheet is not None:
        features = tuple(f for f in dict.fromkeys(getattr(sheet, "features", ()) or ()) if f in FEATURES)
    if colours:
        human = kind in HUMAN_KINDS
        if human:
            clothes = colours[0]
            hair = colours[2] if len(colours) > 2 else hair
            main = colours[3] if len(colours) > 3 else main
        else:
            main = colours[0]
            clothes = colours[2] if len(colours) > 2 else clothes
        accent = colours[1] if len(colours) > 1 else accent
    return Look(kind=kind, main=main, clothes=clothes, pants=pants, hair=hair, accent=accent,
                accessory=features[0] if features else "none", hairstyle=hairstyle, variant=variant, scale=scale,
                features=features)


def rgb_hex(c: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*tuple(c[:3]))


def _is_hex(value: object) -> bool:
    text = str(value)
    return len(text) == 7 and text.startswith("#") and all(ch in "0123456789abcdefABCDEF" for ch in text[1:])
