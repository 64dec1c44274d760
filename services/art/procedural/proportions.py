"""A panel's cast in proportion: a kitten beside a firefighter is kitten-sized, a person beside an elephant small.

Each kind is drawn alone at its readable height (`looks.KIND_SCALE` for the procedural cast, the size table
for pictogram creatures); side by side in one panel, the tallest keeps its size and each other one is scaled
to its size class's share of it (`sizes.beside_tallest`), whichever way either is drawn.
"""

from __future__ import annotations

from dataclasses import replace

from services.art.procedural.looks import Look
from services.art.procedural.pictogram_acting import PICTO_HEIGHT
from services.art.procedural.plan_painter import PlannedActor
from services.art.procedural.staging import Placement
from services.vocabulary import sizes

PERSON_HEIGHT = 100.0  # a procedural figure's height in body units at look scale 1
SMALLEST = 0.2  # never drawn smaller than this share of the tallest: a lizard beside a camel, a beetle beside a whale still reads
# A panel whose cast are all small (a cricket, a mouse) is seen from closer: its tallest is drawn at least this
# tall next to a person, or a cricket alone in a cornfield at night is a speck.
CLOSER_FOR_SMALL = 0.75


def natural_height(actor: PlannedActor, look: Look) -> float:
    """How tall an actor is drawn alone at placement scale 1, in panel units."""
    if actor.code is None:
        return PERSON_HEIGHT * look.scale
    return PICTO_HEIGHT * look.scale * sizes.creature_height(actor.member.kind)


def in_proportion(places: list[Placement], actors: list[PlannedActor], looks: list[Look],
                  close_up: bool) -> list[Placement]:
    """The placements with each actor's scale set to its size class beside the panel's tallest. In a close-up
    the smaller ones stand on the tallest one's ground (their heads lower), not lifted to its eye line."""
    heights = [sizes.figure_height(a.member.kind, a.member.role, a.member.size) for a in actors]
    if heights and max(heights) < CLOSER_FOR_SMALL:
        closer = CLOSER_FOR_SMALL / max(heights)
        places = [replace(p, scale=p.scale * closer) for p in places]
    if len(places) < 2:
        return places
    shares = sizes.beside_tallest(heights)
    tallest = max(range(len(actors)), key=lambda i: heights[i])
    reference = natural_height(actors[tallest], looks[tallest])
    out = []
    ground = places[tallest].ground
    for i, (place, actor, look) in enumerate(zip(places, actors, looks)):
        factor = min(1.0, max(shares[i], SMALLEST) * reference / natural_height(actor, look))
        if factor < 1.0:
            place = replace(place, scale=place.scale * factor, ground=ground if close_up else place.ground)
        out.append(place)
    return out
