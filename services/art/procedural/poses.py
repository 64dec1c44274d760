"""Every pose of the action vocabulary, as where the hands, feet and face go.

A pose is data in body coordinates (feet at the origin, the head's centre at (0, -70) with a
radius of 24, x pointing the way the character faces); `figure.Body` maps it onto the panel,
tilting and lifting the whole body. One table serves every kind drawn on the shared skeleton
(people, robots, aliens, furry animals) and the odd bodies borrow its hands and face.

Two rules keep faces readable (`tests/test_poses.py`): the front hand stays outside the head
(a raised hand goes beside the face, x >= about 30), and the front arm's elbow bends away from
the eyes and the mouth. A pose that needs its hand at the mouth (eating) holds it just in front
of the lips; the object itself is drawn there.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

Point = tuple[float, float]


@dataclass(frozen=True)
class Pose:
    """Where hands and feet go, in body coordinates (x forward), how the body sits, and the face it makes.

    The front arm is drawn under the head, and its hand stays well clear of the head circle (the
    elbow bends away from it): a raised hand waves or points beside the face, never across it.
    """

    hand_back: Point = (-15, -27)
    hand_front: Point = (15, -27)
    foot_back: Point = (-7, 0)
    foot_front: Point = (7, 0)
    knee_back: Point | None = None
    knee_front: Point | None = None
    lift: float = 0.0  # units above the ground
    tilt: float = 0.0  # degrees, positive leans forward
    look_up: bool = False
    seated: bool = False
    airborne: bool = False
    eyes: str | None = None  # the face's eyes whatever the mood: "shut" (asleep), "squeeze" (laughing)
    mouth: str | None = None  # "open" (singing), "talk", "chew", "wide" (laughing), "yawn", "pucker", "wail"
    stool: bool = True  # a seated pose sits on a stool; a rider sits on what it rides instead
    lying: bool = False  # the body lies along the ground (tilt 90): a pillow, no shadow of a stance
    crouch: bool = False  # low and bent: sneaking, hiding, cowering
    tool: str | None = None  # what the pose's hand holds when the scene gives it nothing: a hammer, a rod
    back: bool = False  # seen from behind (over the shoulder): the back of the head, no face


# Lying down: the body turned a quarter forward, lowered so the head rests on the ground.
_LYING = Pose(tilt=90.0, lift=-16.0, lying=True)
_CROUCH = Pose(lift=-9.0, crouch=True, knee_back=(-16.0, -10.0), knee_front=(14.0, -12.0), foot_back=(-10.0, -9.0),
               foot_front=(8.0, -9.0))

POSES: dict[str, Pose] = {
    "standing": Pose(),
    "walking": Pose(hand_back=(-18, -31), hand_front=(15, -29), foot_back=(-12, 0), foot_front=(12, -1), tilt=3),
    "running": Pose(hand_back=(-20, -40), hand_front=(22, -46), foot_back=(-22, -8), foot_front=(18, -1),
                    knee_back=(-12, -14), knee_front=(14, -13), tilt=14, lift=4),
    "holding": Pose(hand_front=(17, -37)),
    "painting": Pose(hand_back=(-13, -36), hand_front=(30, -50), tool="brush"),
    "photographing": Pose(hand_back=(20, -50), hand_front=(34, -62), tool="camera"),
    "watering": Pose(hand_back=(-14, -30), hand_front=(28, -46), tilt=6, tool="can"),
    "flying": Pose(hand_back=(14, -66), hand_front=(34, -82), foot_back=(-6, 2), foot_front=(4, 0), tilt=62,
                   lift=30, airborne=True),
    "sitting": Pose(hand_back=(-10, -24), hand_front=(12, -25), foot_back=(12, 0), foot_front=(16, 0),
                    knee_back=(10, -13), knee_front=(14, -13), lift=-6, seated=True),
    "falling": Pose(hand_back=(-22, -66), hand_front=(36, -74), foot_back=(-14, 4), foot_front=(16, -8),
                    tilt=-130, lift=38, airborne=True, mouth="open"),
    "hugging": Pose(hand_back=(20, -36), hand_front=(24, -40), tilt=6),
    "jumping": Pose(hand_back=(-22, -72), hand_front=(32, -90), foot_back=(-10, -4), foot_front=(10, -6),
                    knee_back=(-14, -12), knee_front=(14, -12), lift=22, airborne=True),
    "swimming": Pose(hand_back=(-2, -84), hand_front=(34, -90), foot_back=(-14, 2), foot_front=(-2, -6),
                     knee_back=(-10, -10), knee_front=(0, -14), tilt=72, lift=26, airborne=True),
    "looking": Pose(hand_front=(38, -84), look_up=True),  # pointing at what they see, never shading the face
    "waving": Pose(hand_front=(40, -92)),
    # --- the action vocabulary ------------------------------------------------------------------
    "eating": Pose(hand_back=(-14, -30), hand_front=(34, -60), mouth="chew"),
    "drinking": Pose(hand_back=(-14, -30), hand_front=(33, -65), mouth="chew", look_up=True, tilt=-6),
    "singing": Pose(hand_back=(-28, -50), hand_front=(38, -56), mouth="open", look_up=True, tilt=-5),
    "playing_music": Pose(hand_back=(30, -50), hand_front=(12, -30), mouth="open", tool="guitar"),
    "dancing": Pose(hand_back=(-30, -22), hand_front=(34, -94), foot_back=(-10, 0), foot_front=(16, -14),
                    knee_front=(18, -20), tilt=-8, lift=3, mouth="open"),
    "climbing": Pose(hand_back=(22, -100), hand_front=(33, -106), foot_back=(-4, 0), foot_front=(12, -20),
                     knee_front=(18, -24), look_up=True, lift=24, airborne=True, tool="rope"),
    "riding": Pose(hand_back=(26, -40), hand_front=(32, -38), foot_back=(4, 0), foot_front=(10, 0),
                   knee_back=(12, -10), knee_front=(16, -10), tilt=8, seated=True, stool=False),
    "carrying": Pose(hand_back=(20, -36), hand_front=(26, -34), tilt=-4),
    "lifting": Pose(hand_back=(-26, -102), hand_front=(32, -104), foot_back=(-14, 0), foot_front=(14, 0),
                    knee_back=(-14, -10), knee_front=(14, -10), lift=-2, mouth="wail"),
    "pushing": Pose(hand_back=(30, -48), hand_front=(38, -44), foot_back=(-26, 0), foot_front=(8, 0),
                    knee_back=(-14, -10), tilt=20),
    "pulling": Pose(hand_back=(26, -38), hand_front=(34, -40), foot_back=(-16, 0), foot_front=(22, 0),
                    knee_front=(14, -10), tilt=-18),
    "throwing": Pose(hand_back=(-30, -40), hand_front=(40, -86), foot_back=(-18, 0), foot_front=(16, 0), tilt=8),
    "catching": Pose(hand_back=(26, -100), hand_front=(36, -94), look_up=True, mouth="open"),
    "reaching": Pose(hand_back=(-18, -36), hand_front=(46, -72), foot_back=(-12, -3), foot_front=(10, 0), tilt=8),
    "giving": Pose(hand_back=(-14, -30), hand_front=(42, -46), tilt=4),
    "sneaking": replace(_CROUCH, hand_back=(-22, -46), hand_front=(32, -50), tilt=16),
    "hiding": replace(_CROUCH, hand_back=(18, -44), hand_front=(30, -46)),
    "building": Pose(hand_back=(26, -30), hand_front=(34, -62), tilt=6, tool="hammer"),
    "cooking": Pose(hand_back=(-14, -30), hand_front=(34, -38), tool="pan"),
    "reading": Pose(hand_back=(22, -40), hand_front=(26, -38), tool="book"),
    "writing": Pose(hand_back=(20, -36), hand_front=(24, -32), tilt=6, tool="pencil"),
    "pointing": Pose(hand_back=(-14, -30), hand_front=(46, -66), tool="finger"),
    "fishing": Pose(hand_back=(22, -36), hand_front=(28, -42), tool="rod"),
    "digging": Pose(hand_back=(12, -56), hand_front=(28, -34), foot_back=(-10, 0), foot_front=(14, 0),
                    knee_front=(14, -10), tilt=14, tool="shovel"),
    "sleeping": replace(_LYING, hand_back=(-10, -26), hand_front=(14, -28), eyes="shut", mouth="open"),
    "stretching": Pose(hand_back=(-26, -104), hand_front=(32, -106), eyes="shut", mouth="yawn", tilt=-6),
    "crying": Pose(hand_back=(-16, -28), hand_front=(16, -30), eyes="squeeze", mouth="wail"),
    "laughing": Pose(hand_back=(-6, -30), hand_front=(20, -28), eyes="squeeze", mouth="wide", tilt=-10),
    "kissing": Pose(hand_back=(-20, -32), hand_front=(18, -34), mouth="pucker", tilt=10),
    "fighting": Pose(hand_back=(28, -52), hand_front=(36, -60), foot_back=(-18, 0), foot_front=(16, 0),
                     knee_front=(12, -10), tilt=10),
    "cowering": replace(_CROUCH, hand_back=(24, -76), hand_front=(33, -62), tilt=-12, mouth="wail"),
    "wishing": Pose(hand_back=(20, -44), hand_front=(22, -46), look_up=True, eyes="shut"),
    "carried": Pose(hand_back=(14, -80), hand_front=(30, -88), airborne=True, tilt=90, mouth="open", lying=True),
    "lying": replace(_LYING, hand_back=(-4, -44), hand_front=(18, -30)),
    "kicking": Pose(hand_back=(-26, -46), hand_front=(20, -36), foot_back=(-6, 0), foot_front=(34, -26),
                    knee_front=(20, -20), tilt=-10),
    "talking": Pose(hand_back=(-14, -30), hand_front=(34, -46), mouth="talk"),
    "thinking": Pose(hand_back=(12, -32), hand_front=(20, -42), look_up=True),
    # both hands up either side of the head, tossing what is juggled up between them, eyes on it
    "juggling": Pose(hand_back=(-24, -96), hand_front=(34, -98), look_up=True, mouth="open"),
    # the jolt of a sneeze: thrown forward, eyes screwed shut, arms flung out (the puff is at the nose)
    "sneezing": Pose(hand_back=(-26, -46), hand_front=(32, -50), foot_back=(-10, 0), foot_front=(9, 0), tilt=14,
                     eyes="squeeze", mouth="open"),
}

# A pose whose load goes elsewhere than its default: carrying overhead, lifting in the arms.
PLACED: dict[tuple[str, str], Pose] = {
    ("carrying", "overhead"): replace(POSES["lifting"], mouth=None, tilt=0.0),
    ("lifting", "arms"): replace(POSES["carrying"], mouth="wail", knee_back=(-14, -10), knee_front=(14, -10),
                                 foot_back=(-14, 0), foot_front=(14, 0), lift=-2),
    ("holding", "overhead"): replace(POSES["lifting"], mouth=None),
}
STRIDES = ("walking", "running", "swimming")
# How someone who is not acting stands, talks, looks or waves: the phase (the panel and the comic's seed) picks one,
# so another seed (or the next panel) does not paste the same stance. Every stance keeps the face clear.
STANCES: dict[str, tuple[Pose, ...]] = {
    "standing": (POSES["standing"],
                 Pose(hand_back=(-21, -31), hand_front=(21, -31)),  # hands on the hips
                 Pose(hand_back=(-17, -25), hand_front=(18, -29), foot_back=(-11, 0), foot_front=(9, 0), tilt=-3),
                 Pose(hand_back=(-30, -44), hand_front=(32, -44))),  # a shrug
    "looking": (POSES["looking"],
                Pose(hand_back=(-20, -34), hand_front=(44, -98), look_up=True),
                Pose(hand_back=(-14, -30), hand_front=(21, -31), tilt=8, look_up=True)),  # leaning in to see
    "waving": (POSES["waving"],
               Pose(hand_back=(-34, -90), hand_front=(40, -92))),  # both arms
    "talking": (POSES["talking"],
                Pose(hand_back=(-30, -46), hand_front=(36, -48), mouth="talk"),  # open arms
                Pose(hand_back=(-16, -28), hand_front=(12, -36), mouth="talk")),  # a hand on the chest
}


def pose_for(action: str, phase: int, object_at: str | None = None) -> Pose:
    """The pose of an action; `phase` swaps the stride so a walk is not frozen in one frame and picks the
    stance of someone standing, looking, waving or talking, and where the action's object is may change it
    (a load carried overhead raises both hands)."""
    pose = PLACED.get((action, object_at or ""), POSES.get(action, POSES["standing"]))
    if action in STANCES and (action, object_at or "") not in PLACED:
        stances = STANCES[action]
        pose = stances[phase % len(stances)]
    if phase % 2 and action in STRIDES:
        pose = replace(pose, hand_back=(pose.hand_front[0] - 36, pose.hand_front[1]),
                       hand_front=(pose.hand_back[0] + 36, pose.hand_back[1]))
    return pose
