"""Juggling and sneezing: read in four languages and any tense, told in the captions, and drawn so they read.

A clown who juggles shows both hands up with what is juggled in the air above them and the dashed loop it
travels; a sneezer jolts forward, eyes screwed shut, a puff bursting from the nose out where it faces. Sneezing
on someone is its own telling: they are what it is done to, cowering in front, and the captions name them.
"""

from __future__ import annotations

from typing import Any

import pytest

from services.art.procedural import devices
from services.story.action_samples import during_scene
from services.story.scene_plan import build_plan
from services.story.storyboard_writer import write_storyboard
from services.story.verbs import told
from services.vocabulary.actions import action
from tests.panel_spies import draw_spied
from tests.test_events import read
from tests.test_every_action import request_for


@pytest.mark.parametrize(("prompt", "events"), [
    ("A clown juggles three balls", [("juggle", "clown", "ball", None, None)]),
    ("The clown was juggling apples at the fair", [("juggle", "clown", "apple", None, None)]),
    ("A clown juggled.", [("juggle", "clown", None, None, None)]),
    ("Un clown jongle avec des balles", [("juggle", "clown", "ball", None, None)]),
    ("Le clown a jonglé avec trois pommes", [("juggle", "clown", "apple", None, None)]),
    ("Der Clown jongliert mit drei Bällen", [("juggle", "clown", "ball", None, None)]),
    ("Der Clown jongliert im Zirkus mit Äpfeln", [("juggle", "clown", "apple", None, None)]),
    ("Un payaso hace malabares con tres pelotas", [("juggle", "clown", "ball", None, None)]),
    ("El payaso hizo malabares con manzanas", [("juggle", "clown", "apple", None, None)]),
    # oranges, which no pictogram is called, are juggled as the orange fruit OpenMoji draws (a tangerine)
    ("A clown juggles three oranges", [("juggle", "clown", "tangerine", None, None)]),
    ("The clown is juggling when a monkey steals an apple",
     [("juggle", "clown", None, None, None), ("steal", "monkey", "apple", None, "while")]),
])
def test_juggling_is_read_in_four_languages(prompt: str, events: list[tuple]) -> None:
    assert read(prompt) == events


@pytest.mark.parametrize(("prompt", "events"), [
    ("The elephant sneezes on the juggler", [("sneeze", "elephant", "juggler", None, None)]),
    ("The baby sneezed.", [("sneeze", "baby", None, None, None)]),
    ("Le chat éternue, puis il dort", [("sneeze", "cat", None, None, None), ("sleep", "cat", None, None, "then")]),
    ("Le bébé éléphant éternue sur le jongleur", [("sneeze", "elephant", "juggler", None, None)]),
    ("Der Hund niest den Clown an", [("sneeze", "dog", "clown", None, None)]),
    ("Die Katze nieste.", [("sneeze", "cat", None, None, None)]),
    ("El dragón estornuda sobre el pastel", [("sneeze", "dragon", "cake", None, None)]),
    ("El gato estornudó", [("sneeze", "cat", None, None, None)]),
    # what sneezing sets off is its own event: the skeleton collapses, it is not what is sneezed on
    ("A curious boy sneezes and the skeleton collapses",
     [("sneeze", "boy", None, None, None), ("fall", "skeleton", None, None, "and")]),
    ("Ein Junge niest, und das Skelett bricht zusammen",
     [("sneeze", "boy", None, None, None), ("fall", "skeleton", None, None, "and")]),
    # sneezing fire on something burns it, as breathing fire on it does
    ("A dragon sneezes fire on a birthday cake", [("burn", "dragon", "cake", None, None)]),
])
def test_sneezing_is_read_in_four_languages(prompt: str, events: list[tuple]) -> None:
    assert read(prompt) == events


@pytest.mark.parametrize("prompt", [
    "A clown juggles three balls at the fair.",
    "Un clown jongle avec des balles à la fête foraine.",
    "Ein Clown jongliert auf dem Jahrmarkt mit Bällen.",
    "Un payaso hace malabares con pelotas en la feria.",
    "A baby elephant drinks all the lemonade, then sneezes on the juggler.",
    "Un bébé éléphant boit toute la limonade, puis éternue sur le jongleur.",
    "Ein kleiner Elefant trinkt die ganze Limonade und niest dann den Jongleur an.",
    "Un elefante se bebe toda la limonada y luego estornuda sobre el malabarista.",
    "A curious boy sneezes in the museum.",
])
@pytest.mark.parametrize("seed", [1, 5, 9])
def test_a_caption_tells_it_where_a_panel_shows_it(prompt: str, seed: int) -> None:
    """The panel whose scene has the actor juggling or sneezing says so, with whom or what, in the prompt's
    language; no line is said twice."""
    plan = build_plan(prompt, seed)
    board = write_storyboard(prompt, 4, seed, [], plan)
    event = next(e for e in plan.events if e.action in ("juggle", "sneeze"))
    shown = [p for p in board.panels if any(e.action == event.action and e.step == "during" for e in p.scene.events)]
    assert shown, [p.scene.events for p in board.panels]
    assert any(told(event, plan, p.subtitle) for p in shown), [p.subtitle for p in board.panels]
    subtitles = [p.subtitle for p in board.panels]
    assert len(set(subtitles)) == len(subtitles), subtitles


def test_sneezing_on_someone_is_told_with_them() -> None:
    assert action("sneeze").told_by("Ada", "juggler").clause["en"] == "{actor} {sneezes|sneeze} on {object}"
    assert action("sneeze").told_by("Ada").clause["en"] == "{actor} {sneezes|sneeze}"


def test_a_juggler_holds_both_hands_up_under_the_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    plan, scene = during_scene("juggle")
    _, record, members = draw_spied(request_for(plan, scene), monkeypatch)
    fig = members[scene.events[0].actor].figure
    assert fig.pose == "juggling"
    assert fig.anchor.hand_back is not None
    assert max(fig.hand[1], fig.anchor.hand_back[1]) < fig.head[1], "both hands up"
    assert (fig.hand[0] - fig.head[0]) * (fig.anchor.hand_back[0] - fig.head[0]) < 0, "one hand either side"
    assert {"motion arcs"} <= {x.what for x in record if x.role == "effect"}


def test_a_sneeze_bursts_from_the_nose_where_the_sneezer_faces(monkeypatch: pytest.MonkeyPatch) -> None:
    puffs: list[tuple[float, float]] = []
    real = devices.puff

    def spy(c: Any, x: float, y: float, *args: Any) -> None:
        puffs.append((x, y))
        real(c, x, y, *args)
    monkeypatch.setattr(devices, "puff", spy)
    plan, scene = during_scene("sneeze")
    _, record, members = draw_spied(request_for(plan, scene), monkeypatch)
    fig = members[scene.events[0].actor].figure
    assert fig.pose == "sneezing" and len(puffs) == 1, puffs
    (x, y), (mx, my) = puffs[0], fig.mouth
    assert (x - mx) * fig.facing > fig.r * 0.5, "out in front of the face"
    assert abs(y - my) < fig.r, "at the nose's height"
    assert "puff" in {x.what for x in record if x.role == "effect"}
