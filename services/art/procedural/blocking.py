"""Blocking for interactions: who stands where, facing whom, when an event has a recipient.

`staging.stage` spreads the cast over the panel; an event that is done to someone moves the pair:
a hug or a kiss closes the gap to an embrace, a gift or a talk keeps an arm's length, a throw and
a catch stand apart across the panel, and in a chase both face the same way with the chased
running ahead. Someone carried is lifted over whoever carries them (placed by the event painter
once the carriers are drawn). Distances are in body units of the pair, so they hold in every shot.
"""

from __future__ import annotations

from dataclasses import replace

from services.art.procedural.event_plan import Happening
from services.art.procedural.staging import Placement

CLOSE_POSES = ("hugging", "kissing")
CLOSE_ACTIONS = ("hug", "kiss", "cuddle", "embrace")
APART_POSES = ("throwing", "catching", "kicking")
APART_PLACES = ("thrown", "arriving")
CHASE_ACTIONS = ("chase", "follow", "hunt", "run_after")
RACE_ACTIONS = ("race",)  # neck and neck: the same way, side by side
FLEE_ACTIONS = ("escape",)  # away from what is escaped, which is left behind
CARRY_PLACES = ("overhead", "arms")
# The space between two bodies' edges, in body units: an embrace touches (both faces seen), a throw spans the panel.
CLEARANCE = {"close": 0.0, "arm": 40.0, "point": 77.0, "apart": 162.0, "chase": 102.0, "race": 24.0,
             "flee": 102.0, "around": 96.0}  # around: the largest thing set in front of one (object_places)
POINTING = ("pointing", "talking", "singing", "playing_music", "cowering")  # a gesture's length, or a fright's
MARGIN = 24.0


def relation(h: Happening, poses: list[str]) -> str:
    """How far apart an event puts its actor and the one it is done to."""
    action = h.event.action.strip().lower()
    pose = poses[h.actor] if h.actor is not None else ""
    if action == "ride" and h.object_actor is not None and h.event.step == "during":
        return "ride"  # on a horse, a camel, a dragon: the rider on its back (getting on and off beside it)
    if h.object_actor is not None and h.at in CARRY_PLACES:
        return "carry"
    if h.other is not None and h.other < len(poses) and poses[h.other] == "carried":
        return "carry"  # the child rescued, in the rescuer's arms
    if action in CHASE_ACTIONS or (h.object_actor is not None and h.at == "ahead"):
        return "chase"
    if action in RACE_ACTIONS:
        return "race"
    if action in FLEE_ACTIONS or (h.object_actor is not None and h.at == "left_behind"):
        return "flee"
    if pose in CLOSE_POSES or action in CLOSE_ACTIONS:
        return "close"
    if pose in APART_POSES or h.at in APART_PLACES or action in ("throw", "catch", "kick"):
        return "apart"
    if pose in POINTING:
        return "point"
    return "arm"


def block(places: list[Placement], happenings: list[Happening], poses: list[str], halves: list[float],
          units: list[float]) -> tuple[list[Placement], dict[int, list[int]], dict[frozenset[int], float]]:
    """The placements moved for the events' pairs, who carries whom (carried index -> carriers), and the
    distance each pair wants between its centres (`fit` pulls the camera back when it does not fit).

    `halves` is each actor's half width and `units` its panel units per body unit."""
    out = list(places)
    moved: set[int] = set()
    carried: dict[int, list[int]] = {}
    spacing: dict[frozenset[int], float] = {}
    for a, o, kind in _pairs(happenings, poses):
        if a >= len(out) or o >= len(out):
            continue
        if kind == "carry":
            carried.setdefault(o, []).append(a)
            continue
        if kind == "ride":  # the rider is borne by whom it rides
            carried.setdefault(a, []).append(o)
            continue
        if a in moved and o in moved:
            continue
        moved |= {a, o}
        unit = (units[a] + units[o]) / 2
        gap = halves[a] + halves[o] + CLEARANCE[kind] * unit
        spacing[frozenset((a, o))] = gap
        pa, po = out[a], out[o]
        side = -1 if pa.x <= po.x else 1  # which side of the pair the actor stays on
        mid = (pa.x + po.x) / 2 if len(out) > 2 else 500.0
        xa, xo = mid + side * gap / 2, mid - side * gap / 2
        if kind in ("chase", "race", "flee"):  # both run the same way: the chased ahead, the one fleeing ahead
            d = side if kind == "flee" else -side
            out[a], out[o] = replace(pa, x=xa, facing=d), replace(po, x=xo, facing=d)
        else:
            out[a], out[o] = replace(pa, x=xa, facing=-side), replace(po, x=xo, facing=side)
    for o, carriers in carried.items():
        if len(carriers) >= 2:  # carriers side by side under the load
            a, b = carriers[:2]
            gap = halves[a] + halves[b] + 10 * (units[a] + units[b]) / 2
            spacing[frozenset((a, b))] = gap
            mid = (out[a].x + out[b].x) / 2
            out[a], out[b] = replace(out[a], x=mid - gap / 2), replace(out[b], x=mid + gap / 2)
        xs = [out[i].x for i in carriers]
        out[o] = replace(out[o], x=sum(xs) / len(xs), facing=out[carriers[0]].facing)
    return out, carried, spacing


def _pairs(happenings: list[Happening], poses: list[str]) -> list[tuple[int, int, str]]:
    """Each event done to someone (the actor, whom it is done to, how far apart), and two who work at one thing
    in front of them ('two penguins build an igloo'): either side of it, room for it between them."""
    pairs = [(h.actor, h.other, relation(h, poses)) for h in happenings
             if h.actor is not None and h.other is not None and h.actor != h.other]
    at_one_thing: dict[str, list[int]] = {}
    for h in happenings:
        if h.actor is not None and h.other is None and h.object is not None and h.at == "front":
            at_one_thing.setdefault(h.object.noun, []).append(h.actor)
    for workers in at_one_thing.values():
        workers = list(dict.fromkeys(workers))
        if len(workers) > 1:
            pairs.append((workers[0], workers[1], "around"))
    return pairs


def fit(places: list[Placement], halves: list[float],
        spacing: dict[frozenset[int], float]) -> tuple[list[Placement], float]:
    """Everyone in the frame without standing inside each other, each pair at the distance its event wants;
    when that is wider than the panel (a throw between two big pictogram creatures), the camera pulls back
    (everyone drawn smaller, by the factor returned)."""
    n = len(places)
    if n == 0:
        return places, 1.0
    order = sorted(range(n), key=lambda i: places[i].x)
    least = {frozenset((a, b)): spacing.get(frozenset((a, b)), halves[a] + halves[b])
             for a, b in zip(order, order[1:])}
    need = halves[order[0]] + halves[order[-1]] + sum(least.values())
    f = max(0.55, min(1.0, (1000 - 2 * MARGIN) / need))
    xs = {i: places[i].x for i in order}
    for a, b in zip(order, order[1:]):  # each one the least distance clear of its left neighbour
        d = least[frozenset((a, b))] * f
        xs[b] = max(xs[b], xs[a] + d) if frozenset((a, b)) not in spacing else xs[a] + d
    span = xs[order[-1]] - xs[order[0]]
    room = 1000 - 2 * MARGIN - (halves[order[0]] + halves[order[-1]]) * f
    if span > room > 0:  # even pulled back it is too wide: closer together, rather than out of the frame
        first = xs[order[0]]
        xs = {i: first + (x - first) * room / span for i, x in xs.items()}
    centre = sum(places[i].x for i in order) / n
    shift = centre - sum(xs.values()) / n  # keep the group where the staging put it...
    lo = MARGIN + halves[order[0]] * f - xs[order[0]]
    hi = 1000 - MARGIN - halves[order[-1]] * f - xs[order[-1]]
    shift = min(max(shift, lo), hi) if lo <= hi else (lo + hi) / 2  # ...but inside the frame
    out = [replace(p, x=xs[i] + shift, scale=p.scale * f) for i, p in enumerate(places)]
    return out, f
