"""The shape of a story, chosen from what the prompt's verbs say, and the beats it walks.

"befriends" is a friendship, "builds" a making story, "is afraid of" fear to courage,
"argue about" a quarrel and make-up, "steals" a mystery, "catches a boot" a surprise
catch, "watch fireworks" or "celebrate a birthday" a spectacle. Each shape has a setup,
a turn and an ending; longer comics add beats between. The verbs are read in English,
French, German and Spanish.
"""

from __future__ import annotations

import random
import re

# Checked in this order: the more specific a shape, the earlier it is tried; the earliest match in the
# prompt wins among shapes found, so "a frog investigates who stole the moon" is a mystery. Two shapes
# step back whatever their place (see `_rank`): a spectacle, and friends who are only called friends.
SHAPE_VERBS: dict[str, str] = {
    "stuck_escape": r"stuck|trapped|locked (?:in|out)|escapes?|escaping|break(?:s)? out|coincée?s?|enfermée?s?|"
                    r"s'échapp\w*|steckt\w* fest|gefangen|eingesperrt|entkomm\w*|atrapad[oa]s?|encerrad[oa]s?|escapa\w*",
    "mystery": r"investigat\w*|mystery|mysterious|stole|steals?|stolen|theft|thief|clue\w*|solves?|who took|"
               r"enquête\w*|vol[ée]?|volé\w*|mystère|ermittel\w*|gestohlen|stiehlt|rätsel\w*|investiga\w*|robó|roba|robaron|robado|"
               r"misterio\w*",
    "quarrel": r"argu\w*|quarrel\w*|bicker\w*|disagree\w*|fight about|fights over|squabbl\w*|se disputent|dispute\w*|"
               r"streit\w*|zank\w*|discut\w*|pelean?",
    "rivals": r"rivals?|rivalry|compete against|enem(?:y|ies)|nemesis|rivaux|rivale?s?|konkurr\w*|gegner\w*",
    "contest": r"contest|competition|race[sd]?|racing|tournament|championship|compete\w*|wins?|winning|winner|prize|"
               r"concours|course|compétition|wettbewerb|wettrennen|turnier|concurso|carrera|competencia",
    "chase": r"chas\w+|pursu\w+|runs? after|flees?|fleeing|hunts?|poursui\w+|jagt|verfolg\w*|persigue\w*|"
             r"perseguid\w*",
    "fear": r"afraid|scared|fears?|frightened|terrified|shy|nervous|timid|stage fright|peur|timide|effrayée?|"
            r"angst|ängstlich|schüchtern|fürchtet|miedo|tímid[oa]|asustad[oa]",
    "lost_found": r"lost|loses?|missing|search\w* for|looks? for|retrouv\w*|perdu\w*|cherche\w*|"
                  r"verlor\w*|verirrt|sucht|perdid[oa]s?|pierde\w*|busca\w*|perd\b|perdent",
    "discovery": r"finds?|found|discover\w*|digs? up|unwraps?|opens? (?:a|an|the|his|her|their) (?:box|gift|present|door|"
                 r"chest|letter|parcel|egg)|stumbles? (?:up)?on|trouve\w*|découvr\w*|"
                 r"findet|entdeck\w*|encuentra\w*|descubr\w*",
    "transformation": r"turns? into|becomes?(?!\s+(?:best\s+|good\s+)?friends)|transform\w*|blooms?|blossom\w*|grows?|hatch\w*|melts?|changes? into|"
                      r"devient(?!\s+ami)|se transforme|fleurit|éclôt|verwandel\w*|wird zu|blüht|wächst|se convierte|"
                      r"florece|crece|convierte",
    "teaching": r"teach\w*|learns?|learning|lessons?|taught|practi[cs]es?|apprend\w*|enseign\w*|lern\w*|lehr\w*|"
                r"brings? bei|aprend\w*|enseñ\w*",
    "making": r"builds?|building|makes?|making|opens? (?:a|an) \w*\s?(?:shop|bakery|cafe|café|restaurant|store)|bakes?|baking|cooks?|cooking|paints?|painting|invents?|crafts?|"
              r"knits?|sews?|plants?|construi\w*|fabriqu\w*|prépar\w*|cuisin\w*|peint|baut|bauen|backt|backen|kocht|kochen|"
              r"malt|malen|construy\w*|hornea\w*|cocina\w*|pinta\w*",
    "rescue": r"rescu\w*|saves?|saving|helps?|helping|protects?|puts? out|putting out|extinguish\w*|sauve\w*|aide\w*|"
              r"éteint|rettet|hilft|löscht|rescata\w*|salva\w*|ayuda\w*|apaga\w*",
    "friendship": r"(?:becom(?:e|es|ing)|became|mak(?:e|es|ing)|made) (?:best |good )?friends|devien(?:t|nent) (?:les meilleur(?:e|)s )?ami\w*|"
                  r"befriends?|friends?|friendship|meets?|meeting|adopts?|together|ami(?:e|s|es)?|rencontr\w*|"
                  r"freund\w*|trifft|amig[oa]s?|amistad|conoce",
    "surprise_catch": r"catch\w*|caught|fish(?:es|ing)\b|pêche\w*|attrap\w*|fängt|angelt|pesca\w*|atrapa\w*",
    # Watching a show or celebrating: after the story verbs, so "at the wedding a dog steals the cake" is a
    # mystery and "a frog watches a fox steal a pie" too (see `_rank`).
    "spectacle": r"(?<!\ba )(?<!\bthe )(?<!\bhis )(?<!\bher )(?<!\bmy )(?<!\bpocket )(?<!\bkeep )(?<!\bkeeps )(?<!\bkept )"
                 r"watch(?:es|ed|ing)?(?!\s+(?:over|out)\b)|look(?:s|ed|ing)? up at|look(?:s|ed|ing)? at|"
                 r"gaz(?:e|es|ed|ing)|stargaz\w*|admir(?:e|es|ed|ing)|celebrat\w*|festivals?|fireworks?|parades?|"
                 r"(?:part(?:y|ies)|weddings?|birthdays?|christmas|halloween)(?!\s+(?:cake|card|present|gift|hat|"
                 r"candle|dress|ring|tree|balloon|cookie|stocking|sweater|jumper|costume|mask)s?\b)|"
                 r"concerts?|circus|carnivals?|new year|shooting stars?|meteor showers?|northern lights|eclipse|"
                 r"(?:a|an|the|their|his|her) (?:\w+ )?show(?!\s+(?:a|an|the|his|her|their|him|them|us|me|how|off)\b)|"
                 r"regard(?:e|es|ent|er|ait|aient|ant)|contempl\w*|admir(?:ent|er|ait)|célèbr\w*|célébr\w*|"
                 r"fêt(?:e|es|ent|er)|feux? d'artifice|défilés?|mariages?|noces?|anniversaires?|spectacles?|"
                 r"carnaval|cirque|noël|étoiles? filantes?|"
                 r"schau(?:t|en)|zuschau\w*|guck(?:t|en)|beobacht\w*|bewunder\w*|bestaun\w*|feier\w*|"
                 r"feuerwerk\w*|parade|festzug|hochzeit\w*|geburtstag\w*|konzert\w*|karneval|fasching|zirkus|"
                 r"weihnacht\w*|silvester|sternschnupp\w*|(?:ein|das|dem|zum|beim) fest|"
                 r"(?-i:mira(?:n|r|ndo|ba|ban)?)|observa\w*|contempla\w*|admira\w*|celebra\w*|fiestas?|"
                 r"fuegos artificiales|desfiles?|bodas?|cumpleaños|conciertos?|espectáculos?|circo|navidad|"
                 r"estrellas? fugaz(?:es)?",
    "journey": r"travel\w*|journey\w*|explor\w*|voyage\w*|trip|sails?|sailing|flies to|goes to|visits?|adventure|"
               r"climbs?|voyag\w*|explor\w*|reist|reise|wander\w*|erkund\w*|viaj\w*|explora\w*|aventura|"
               r"grimp(?:e|ent|er)|escalad\w*|klett(?:ert|ern)|besteig\w*|erklimm\w*|"
               r"escala(?:n|r)?|trepa(?:n|r)?|sube|suben|subir",
}
DEFAULT_SHAPES = ("day_out", "journey", "friendship")
ALL_SHAPES = (*SHAPE_VERBS, "day_out")
# "Two friends", "des amis": friends the cast is called, not a friendship the story tells, so any other shape
# named wins; "become friends", "befriends", "meets" tell one and keep their place.
FRIENDS_BY_NAME = re.compile(r"friends?|together|ami(?:e|s|es)?|freund\w*|amig[oa]s?", re.IGNORECASE)

ARCS: dict[int, tuple[str, ...]] = {
    1: ("turn",),
    2: ("setup", "end"),
    3: ("setup", "turn", "end"),
    4: ("setup", "rise", "turn", "end"),
    5: ("setup", "rise", "rise2", "turn", "end"),
    6: ("setup", "rise", "rise2", "low", "turn", "end"),
    7: ("setup", "rise", "rise2", "low", "turn", "climax", "end"),
    8: ("setup", "rise", "calm", "rise2", "low", "turn", "climax", "end"),
}
_COMPILED = {shape: re.compile(rf"(?<![\w'])(?:{pattern})(?![\w])", re.IGNORECASE)
             for shape, pattern in SHAPE_VERBS.items()}


def shapes_named(prompt: str) -> list[str]:
    """Every shape the prompt's words call for: story verbs in the order the prompt says them, then the
    shapes that step back (`_rank`)."""
    matches = {shape: pattern.search(prompt) for shape, pattern in _COMPILED.items()}
    named = {shape: match for shape, match in matches.items() if match}
    found = [(_rank(shape, named), match.start(), list(SHAPE_VERBS).index(shape), shape)
             for shape, match in named.items()]
    return [shape for *_, shape in sorted(found)]


def _rank(shape: str, named: dict[str, re.Match[str]]) -> int:
    """0 for a story verb; a spectacle (1) is where a story happens unless another verb tells one there; a
    journey to a spectacle (2) is about the spectacle; friends only called so (3) come last."""
    if shape == "spectacle":
        return 1
    if shape == "journey" and "spectacle" in named:
        return 2
    if shape == "friendship" and all(FRIENDS_BY_NAME.fullmatch(m.group(0))
                                     for m in _COMPILED["friendship"].finditer(named[shape].string)):
        return 3
    return 0


def choose_shape(prompt: str, rng: random.Random) -> str:
    """The story shape: the first the prompt's verbs name; a seeded everyday shape when none does."""
    named = shapes_named(prompt)
    if named:
        return named[0]
    return rng.choice(DEFAULT_SHAPES)


def arc(panels: int) -> tuple[str, ...]:
    return ARCS[max(1, min(8, panels))]
