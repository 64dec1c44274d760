"""The shape of a story, chosen from what the prompt's verbs say, and the beats it walks.

"befriends" is a friendship, "builds" a making story, "is afraid of" fear to courage,
"argue about" a quarrel and make-up, "steals" a mystery, "catches a boot" a surprise
catch. Each shape has a setup, a turn and an ending; longer comics add beats between.
The verbs are read in English, French, German and Spanish.
"""

from __future__ import annotations

import random
import re

# Checked in this order: the more specific a shape, the earlier it is tried; the earliest match in the
# prompt wins among shapes found, so "a frog investigates who stole the moon" is a mystery.
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
    "transformation": r"turns? into|becomes?|transform\w*|blooms?|blossom\w*|grows?|hatch\w*|melts?|changes? into|"
                      r"devient|se transforme|fleurit|éclôt|verwandel\w*|wird zu|blüht|wächst|se convierte|"
                      r"florece|crece|convierte",
    "teaching": r"teach\w*|learns?|learning|lessons?|taught|practi[cs]es?|apprend\w*|enseign\w*|lern\w*|lehr\w*|"
                r"brings? bei|aprend\w*|enseñ\w*",
    "making": r"builds?|building|makes?|making|opens? (?:a|an) \w*\s?(?:shop|bakery|cafe|café|restaurant|store)|bakes?|baking|cooks?|cooking|paints?|painting|invents?|crafts?|"
              r"knits?|sews?|plants?|construi\w*|fabriqu\w*|prépar\w*|cuisin\w*|peint|baut|bauen|backt|backen|kocht|kochen|"
              r"malt|malen|construy\w*|hornea\w*|cocina\w*|pinta\w*",
    "rescue": r"rescu\w*|saves?|saving|helps?|helping|protects?|puts? out|putting out|extinguish\w*|sauve\w*|aide\w*|"
              r"éteint|rettet|hilft|löscht|rescata\w*|salva\w*|ayuda\w*|apaga\w*",
    "friendship": r"befriends?|friends?|friendship|meets?|meeting|adopts?|together|ami(?:e|s|es)?|rencontr\w*|"
                  r"freund\w*|trifft|amig[oa]s?|amistad|conoce",
    "surprise_catch": r"catch\w*|caught|fish(?:es|ing)\b|pêche\w*|attrap\w*|fängt|angelt|pesca\w*|atrapa\w*",
    "journey": r"travel\w*|journey\w*|explor\w*|voyage\w*|trip|sails?|sailing|flies to|goes to|visits?|adventure|"
               r"climbs?|voyag\w*|explor\w*|reist|reise|wander\w*|erkund\w*|viaj\w*|explora\w*|aventura",
}
DEFAULT_SHAPES = ("day_out", "journey", "friendship")
ALL_SHAPES = (*SHAPE_VERBS, "day_out")

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
    """Every shape the prompt's words call for, in the order the prompt says them."""
    found = []
    for shape, pattern in _COMPILED.items():
        match = pattern.search(prompt)
        if match:
            found.append((match.start(), list(SHAPE_VERBS).index(shape), shape))
    return [shape for _, _, shape in sorted(found)]


def choose_shape(prompt: str, rng: random.Random) -> str:
    """The story shape: the first the prompt's verbs name; a seeded everyday shape when none does."""
    named = shapes_named(prompt)
    if named:
        return named[0]
    return rng.choice(DEFAULT_SHAPES)


def arc(panels: int) -> tuple[str, ...]:
    return ARCS[max(1, min(8, panels))]
