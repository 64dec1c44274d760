"""The shared language of the studio: every piece of data that crosses a boundary.

The agents, the loop, the CLI, the UI and the session record all speak in these
pydantic models, so a field means the same thing everywhere.
"""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from services.config import ASSETS_DIR
from services.follow_up import FollowUp
from services.reading import CastMember, CharacterLook, ScenePlan

__all__ = ["CastMember", "CharacterLook", "ScenePlan"]  # re-exported: the reading's models are part of the shared language

PROMPT_MAX_CHARS = 2000
PANELS_MIN, PANELS_MAX = 1, 8
SEED_MAX = 2**32 - 1
USER_ID_MAX_CHARS = 64
COMMENT_MAX_CHARS = 2000


def style_names() -> list[str]:
    """The style presets, in display order (from `assets/styles.json`)."""
    return list(json.loads((ASSETS_DIR / "styles.json").read_text(encoding="utf-8")).keys())


STYLE_NAMES: tuple[str, ...] = tuple(style_names())
DEFAULT_STYLE = STYLE_NAMES[0]
LAYOUT_NAMES = ("grid_2x2", "grid_3x2", "strip", "vertical")
DEFAULT_LAYOUT = LAYOUT_NAMES[0]
# The captions' language: "auto" reads it from the prompt (services.language.detection), a code chooses it.
CaptionLanguage = Literal["auto", "en", "fr", "de", "es"]
CAPTION_LANGUAGES: tuple[str, ...] = ("auto", "en", "fr", "de", "es")


def utc_now() -> datetime:
    return datetime.now(UTC)


def new_id(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:12]}"


class StoryboardRequest(BaseModel):
    """What a person asks for: one comic."""

    model_config = ConfigDict(extra="forbid")

    prompt: str
    style: str = DEFAULT_STYLE
    panels: int = 4
    seed: int | None = None
    user_id: str | None = None
    layout: str = DEFAULT_LAYOUT
    owned: bool = Field(True, description="Someone can come back for it (a browser, a key the caller gave); False "
                        "for a one-off guest. Set when the comic is made, never read from the key's text.")
    language: CaptionLanguage = Field("auto", description="The captions' language; 'auto' follows the prompt's.")

    @field_validator("prompt", mode="before")
    @classmethod
    def _prompt_in_bounds(cls, value: Any) -> str:
        if not isinstance(value, str):
            raise ValueError("must be text")
        text = value.replace("\x00", "").strip()
        if not text:
            raise ValueError("must not be empty")
        if len(text) > PROMPT_MAX_CHARS:
            raise ValueError(f"must be at most {PROMPT_MAX_CHARS} characters after trimming (got {len(text)})")
        return text

    @field_validator("style", mode="before")
    @classmethod
    def _known_style(cls, value: Any) -> str:
        return _one_of(value, STYLE_NAMES, DEFAULT_STYLE)

    @field_validator("layout", mode="before")
    @classmethod
    def _known_layout(cls, value: Any) -> str:
        return _one_of(value, LAYOUT_NAMES, DEFAULT_LAYOUT)

    @field_validator("language", mode="before")
    @classmethod
    def _known_language(cls, value: Any) -> str:
        if value is None or (isinstance(value, str) and not value.strip()):
            return "auto"  # an older client, or an empty dropdown: today's behaviour
        return _one_of(value, CAPTION_LANGUAGES, "auto")

    @field_validator("panels", mode="before")
    @classmethod
    def _panels_in_bounds(cls, value: Any) -> int:
        number = _whole_number(value)
        if not PANELS_MIN <= number <= PANELS_MAX:
            raise ValueError(f"must be between {PANELS_MIN} and {PANELS_MAX} (got {number})")
        return number

    @field_validator("seed", mode="before")
    @classmethod
    def _seed_in_bounds(cls, value: Any) -> int | None:
        if value is None or (isinstance(value, str) and not value.strip()):
            return None
        number = _whole_number(value)
        if not 0 <= number <= SEED_MAX:
            raise ValueError(f"must be between 0 and {SEED_MAX} (got {number})")
        return number

    @field_validator("user_id", mode="before")
    @classmethod
    def _user_id_in_bounds(cls, value: Any) -> str | None:
        if value is None:
            return None
        text = str(value).strip()
        if len(text) > USER_ID_MAX_CHARS:
            raise ValueError(f"must be at most {USER_ID_MAX_CHARS} characters")
        return text or None


def _one_of(value: Any, names: tuple[str, ...], default: str) -> str:
    """A preset's name, forgiving case, spaces and dashes ("Pop Art" is pop_art)."""
    name = str(value).strip().lower().replace("-", "_").replace(" ", "_") if value is not None else default
    if name not in names:
        raise ValueError(f"must be one of {', '.join(names)} (got {str(value)[:40]!r})")
    return name


def _whole_number(value: Any) -> int:
    if isinstance(value, bool):
        raise ValueError("must be a whole number")
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit() and len(value.strip()) < 30:
        return int(value.strip())
    raise ValueError(f"must be a whole number (got {str(value)[:40]!r})")


class InvalidRequest(ValueError):
    """Bad input from a person or a program; the message is one sentence for them."""


def parse_request(data: StoryboardRequest | dict[str, Any]) -> StoryboardRequest:
    """Validate a request, raising `InvalidRequest` with a sentence naming the field and the limit."""
    if isinstance(data, StoryboardRequest):
        return data
    try:
        return StoryboardRequest.model_validate(data)
    except ValidationError as error:
        raise InvalidRequest(describe_validation_error(error)) from None


def describe_validation_error(error: ValidationError) -> str:
    """One sentence naming the first bad field and its limit, for people."""
    first = error.errors()[0]
    field = ".".join(str(part) for part in first.get("loc", ())) or "request"
    message = first.get("msg", "is invalid").removeprefix("Value error, ")
    if first.get("type") == "extra_forbidden":
        message = "is not a known field"
    return f"{field}: {message}."


DrawnRole = Literal["cast", "prop", "setting", "weather", "effect", "action"]


class SceneActor(BaseModel):
    """One cast member in one panel: who (by name), doing what, feeling what."""

    name: str = Field(description="A `CastMember.name` of the storyboard's cast.")
    action: str = Field("standing", description="A pose (services/vocabulary/actions.py POSES): 'walking', 'eating', …")
    mood: str = "calm"
    holds: str | None = Field(None, description="A prop in hand, a plain English noun.")


class SceneEvent(BaseModel):
    """Something that happens in one panel: who does which action of the vocabulary to what or whom.

    The actor's pose is on its `SceneActor`; the object is drawn where `object_at` says, relative to
    the actor (and the recipient), not also as a prop or a held thing."""

    action: str = Field(description="An action of the vocabulary (assets/actions.json): 'eat', 'sing', …")
    actor: str = Field(description="A `SceneActor.name`, or a thing's noun when a thing acts ('wind').")
    object: str | None = Field(None, description="A thing's plain English noun, or a `SceneActor.name`.")
    recipient: str | None = Field(None, description="A `SceneActor.name`: whom it is done to or for.")
    step: Literal["before", "during", "after"] = "during"
    object_at: str | None = Field(None, description="Where the object is (actions.py OBJECT_PLACES): 'mouth', …")
    was: str | None = Field(None, description="What the object was before this event made it what it is drawn as "
                                              "(the frog the prince was): the record names it as the object.")


class SceneProp(BaseModel):
    """A thing in the picture that is not a character."""

    what: str = Field(description="A plain English noun: 'violin', 'fishing rod', 'moon'.")
    where: Literal["ground", "sky", "background", "table", "water"] = "ground"
    state: str | None = Field(None, description="How it is: 'frozen', 'broken', 'giant', 'full of socks'.")


class PanelScene(BaseModel):
    """What one panel shows, planned from the prompt: the renderer draws this, never the prompt's words."""

    setting: str = Field(description="The place, a plain English noun: a procedural setting or any place noun.")
    landmarks: list[str] = Field(default_factory=list, description="Things that name the place: 'eiffel tower'.")
    time: str = "day"
    weather: str = "clear"
    shot: str = "medium"
    actors: list[SceneActor] = Field(default_factory=list)
    props: list[SceneProp] = Field(default_factory=list)
    effects: list[str] = Field(default_factory=list, description="Comic devices: 'hearts', 'speed lines', …")
    events: list[SceneEvent] = Field(default_factory=list, description="What happens in the panel, in order.")
    place_state: str | None = Field(None, description="How the place is: 'frozen', 'crowded', 'flooded'.")
    thing_states: dict[str, str] = Field(default_factory=dict, description="How this panel's things are, by noun "
                                         "(held and acted on too): {'vase': 'broken'}.")


class DrawnItem(BaseModel):
    """One thing actually drawn in a panel: the honest record Brown checks against the prompt."""

    what: str = Field(description="A plain English noun, singular and lower-case: 'whale', 'subway', 'rain'.")
    role: DrawnRole
    source: Literal["procedural", "pictogram", "image_model"]
    code: str | None = Field(None, description="The pictogram's code points ('1F40B'), when source is pictogram.")
    by: str | None = Field(None, description="For an action: the actor, as its cast item's `what` ('alien').")
    object: str | None = Field(None, description="For an action: the object, as its item's `what` ('sandwich').")


class Panel(BaseModel):
    index: int
    description: str
    subtitle: str
    scene: PanelScene | None = Field(None, description="The planned picture; None for a storyboard without a plan.")
    image: str | None = None
    version: int = Field(1, description="Drawn anew this many times; an unchanged panel keeps its version and image.")
    changed: bool = Field(True, description="Redrawn in this attempt (always true in the first).")
    drawn_by: str = Field("", description="The renderer that drew the picture.")
    notice: str | None = Field(None, description="Why a fallback renderer drew it, when one did.")
    drawn: list[DrawnItem] = Field(default_factory=list, description="What the picture shows, as drawn.")
    take: int = Field(0, ge=0, description="Which take of this panel: a redraw asks the renderer for the next one.")
    not_drawn: list[str] = Field(default_factory=list, description="Things the plan named that the cost bound "
                                 "left out (services/art/cost_bounds.py), as the scene names them.")


class Storyboard(BaseModel):
    """Bayko's written plan of one attempt, before it is drawn."""

    title: str
    setting: str
    mood: str
    cast: list[CastMember]
    panels: list[Panel]
    notices: list[str] = Field(default_factory=list, description="How it was made, when a backend fell back.")


class Decision(StrEnum):
    APPROVE = "approve"
    REJECT = "reject"
    REFINE = "refine"


class PanelNote(BaseModel):
    """Brown's note on one panel at fault, when he asks for a refinement."""

    index: int
    reason: str
    missing_words: list[str] = Field(default_factory=list)
    events: list[int] = Field(default_factory=list, description="The reading's events this panel must show "
                                                                "(indices into `ScenePlan.events`).")


class Verdict(BaseModel):
    decision: Decision
    reason: str
    final: bool
    match_ratio: float
    feedback: str | None = None
    missing_words: list[str] = Field(default_factory=list)
    panel_notes: list[PanelNote] = Field(default_factory=list)
    spec_decision: Decision | None = Field(None, description="SimpleEvaluator's own decision, before Brown's "
                                                             "checks beyond the spec (the same unless they changed it).")
    concepts_found: list[str] = Field(default_factory=list, description="The prompt's things seen in `drawn`.")
    concepts_missing: list[str] = Field(default_factory=list, description="The prompt's things no panel drew.")
    events_found: list[str] = Field(default_factory=list, description="The prompt's events shown and told, in words.")
    events_missing: list[str] = Field(default_factory=list, description="The prompt's events no panel shows and "
                                                                        "tells, or shows out of order, in words.")
    replaced_panels: list[int] = Field(default_factory=list, description="Panels (0-based) replaced by the "
                                                                         "offline storyteller's after the last attempt.")


class Attempt(BaseModel):
    attempt: int
    panels: list[Panel]
    verdict: Verdict | None = None


class MessageType(StrEnum):
    GENERATION_REQUEST = "generation_request"
    REFINEMENT_REQUEST = "refinement_request"
    SUBSTITUTION_REQUEST = "substitution_request"
    REVISION_REQUEST = "revision_request"
    GENERATION_RESULT = "generation_result"
    APPROVAL = "approval"
    REJECTION = "rejection"


class MessageContext(BaseModel):
    session_id: str
    iteration: int
    previous_feedback: str | None = None
    domain_memories: list[str] = Field(default_factory=list)


class GenerationRequest(BaseModel):
    """Brown to Bayko: write and draw the first attempt of this request."""

    message_type: Literal[MessageType.GENERATION_REQUEST] = MessageType.GENERATION_REQUEST
    request: StoryboardRequest


class RefinementRequest(BaseModel):
    """Brown to Bayko: revise the storyboard from this verdict; redraw only the panels that change."""

    message_type: Literal[MessageType.REFINEMENT_REQUEST] = MessageType.REFINEMENT_REQUEST
    request: StoryboardRequest
    storyboard: Storyboard
    verdict: Verdict
    reading: ScenePlan | None = Field(None, description="Bayko's reading of the prompt, sent back with the notes.")


class SubstitutionRequest(BaseModel):
    """Brown to Bayko, after the last attempt: put the offline storyteller's panels in place of these."""

    message_type: Literal[MessageType.SUBSTITUTION_REQUEST] = MessageType.SUBSTITUTION_REQUEST
    request: StoryboardRequest
    storyboard: Storyboard
    panels: list[PanelNote]
    reading: ScenePlan | None = None


class RevisionRequest(BaseModel):
    """Brown to Bayko: the next version of a finished comic, with the changes the person asked for."""

    message_type: Literal[MessageType.REVISION_REQUEST] = MessageType.REVISION_REQUEST
    request: StoryboardRequest
    storyboard: Storyboard = Field(description="The version shown now: its cast (with looks) and panels.")
    reading: ScenePlan
    facts: list[str] = Field(default_factory=list, description="What earlier follow-ups said about the cast.")
    follow_up: FollowUp
    version: int = Field(ge=2, description="The number of the version to make.")


class GenerationResult(BaseModel):
    """Bayko to Brown: the attempt as drawn, and the storyboard it was drawn from."""

    message_type: Literal[MessageType.GENERATION_RESULT] = MessageType.GENERATION_RESULT
    attempt: Attempt
    storyboard: Storyboard
    done: list[str] = Field(default_factory=list, description="For a follow-up: each change as made, in words.")
    request: StoryboardRequest | None = Field(None, description="For a follow-up: the request as the new version "
                                                                "is drawn (its style, layout and panel count).")
    facts: list[str] = Field(default_factory=list, description="For a follow-up: the cast facts now in force.")
    reading: ScenePlan | None = Field(None, description="What Bayko read in the prompt (cast, things, place, "
                                                        "events), once per comic: Brown checks the events.")


class _VerdictMessage(BaseModel):
    """Brown to Bayko, when the verdict asks for nothing more to be drawn: approval and rejection differ only in
    their tag. Each narrows `message_type` to its own literal; declared here, it stays the first field in the JSON."""

    message_type: MessageType
    verdict: Verdict


class Approval(_VerdictMessage):
    message_type: Literal[MessageType.APPROVAL] = MessageType.APPROVAL


class Rejection(_VerdictMessage):
    message_type: Literal[MessageType.REJECTION] = MessageType.REJECTION


MessagePayload = Annotated[GenerationRequest | RefinementRequest | SubstitutionRequest | RevisionRequest
                           | GenerationResult | Approval | Rejection, Field(discriminator="message_type")]


class AgentMessage(BaseModel):
    """The envelope of every message between Brown and Bayko; the payload says what kind it is.

    Build one with `AgentMessage.wrap`: the envelope's `message_type` is the payload's, checked once here.
    """

    message_id: str = Field(default_factory=lambda: new_id("msg"))
    timestamp: datetime = Field(default_factory=utc_now)
    sender: str
    recipient: str
    message_type: MessageType
    payload: MessagePayload
    context: MessageContext

    @model_validator(mode="after")
    def _type_matches_payload(self) -> AgentMessage:
        if self.message_type != self.payload.message_type:
            raise ValueError(f"message_type {self.message_type.value} does not match a "
                             f"{self.payload.message_type.value} payload")
        return self

    @classmethod
    def wrap(cls, sender: str, recipient: str, payload: MessagePayload, context: MessageContext) -> AgentMessage:
        return cls(sender=sender, recipient=recipient, message_type=payload.message_type, payload=payload,
                   context=context)


class FinalOutcome(BaseModel):
    decision: Decision
    attempt: int


class Comment(BaseModel):
    comment_id: str = Field(default_factory=lambda: new_id("comment"))
    user_id: str | None = None
    text: str
    created_at: datetime = Field(default_factory=utc_now)


class MemoryEffect(BaseModel):
    """What one accepted domain memory changed in a comic: which character (or place), how, and the panels."""

    memory: str
    character: str = Field(description="The character's name, or the place's for a weather or time rule.")
    attribute: str = Field(description="kind, name, colour, size, age or clothing; weather or time for a place")
    value: str
    panels: list[int] = Field(default_factory=list, description="0-based indices of the panels the character is in.")


class ComicVersion(BaseModel):
    """One version of a comic: the loop's first, then one per follow-up turn ("make it night")."""

    number: int = Field(ge=1)
    attempt: int = Field(description="The attempt whose panels this version shows.")
    instruction: str | None = Field(None, description="What the person asked for; None for the first version.")
    reply: str = Field("", description="What Brown understood and did, in his words.")
    changed: list[int] = Field(default_factory=list, description="0-based panels drawn anew for this version.")
    style: str = DEFAULT_STYLE
    layout: str = DEFAULT_LAYOUT
    cast: list[CastMember] = Field(default_factory=list)
    facts: list[str] = Field(default_factory=list, description="What follow-ups said about the cast, in force "
                                                               "from this version on: 'Miso is orange'.")
    created_at: datetime = Field(default_factory=utc_now)


class ComicSession(BaseModel):
    """The record of one comic: what was asked, every attempt, the outcome."""

    session_id: str
    created_at: datetime = Field(default_factory=utc_now)
    request: StoryboardRequest
    title: str = ""
    cast: list[CastMember] = Field(default_factory=list)
    attempts: list[Attempt] = Field(default_factory=list)
    final: FinalOutcome | None = None
    domain_memories: list[str] = Field(default_factory=list)
    memory_effects: list[MemoryEffect] = Field(default_factory=list, description="What each cited memory changed.")
    comments: list[Comment] = Field(default_factory=list)
    notices: list[str] = Field(default_factory=list)
    reading: ScenePlan | None = Field(None, description="Bayko's reading of the prompt, kept for follow-ups.")
    versions: list[ComicVersion] = Field(default_factory=list, description="The first version and one per "
                                                                           "follow-up, in order.")
    shown: int = Field(1, description="The version the page shows and the exports hold.")

    @property
    def final_attempt(self) -> Attempt | None:
        if self.final is None:
            return None
        return next((a for a in self.attempts if a.attempt == self.final.attempt), None)


class SessionStarted(BaseModel):
    kind: Literal["session_started"] = "session_started"
    session_id: str
    request: StoryboardRequest
    domain_memories: list[str]


class AttemptDrawn(BaseModel):
    kind: Literal["attempt_drawn"] = "attempt_drawn"
    session_id: str
    attempt: Attempt
    notices: list[str] = Field(default_factory=list, description="Backends that fell back while making it.")
    version: int | None = Field(None, description="For a follow-up: the version this drawing makes.")


class VerdictGiven(BaseModel):
    kind: Literal["verdict_given"] = "verdict_given"
    session_id: str
    attempt: int
    verdict: Verdict
    version: int | None = Field(None, description="For a follow-up: the version judged.")


class BrownReplied(BaseModel):
    """Brown's answer to a follow-up: what he understood and asked Bayko for, or his question."""

    kind: Literal["brown_replied"] = "brown_replied"
    session_id: str
    instruction: str
    reply: str
    understood: bool


class ComicFinished(BaseModel):
    kind: Literal["comic_finished"] = "comic_finished"
    session: ComicSession
    session_dir: str


LoopEvent = Annotated[SessionStarted | BrownReplied | AttemptDrawn | VerdictGiven | ComicFinished,
                      Field(discriminator="kind")]
