"""The typed messages between Brown and Bayko: a discriminated union on `message_type`, validated where made."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter, ValidationError

from services.schemas import (
    AgentMessage,
    Approval,
    Attempt,
    Decision,
    GenerationRequest,
    GenerationResult,
    MessageContext,
    MessagePayload,
    MessageType,
    Panel,
    RefinementRequest,
    Storyboard,
    StoryboardRequest,
    Verdict,
)

CONTEXT = MessageContext(session_id="comic_1", iteration=1)
REQUEST = StoryboardRequest(prompt="A robot paints the sunset on Mars", panels=1)
BOARD = Storyboard(title="t", setting="mars", mood="calm", cast=[],
                   panels=[Panel(index=0, description="A robot.", subtitle="Hi.")])
VERDICT = Verdict(decision=Decision.REFINE, reason="r", final=False, match_ratio=0.1)


def test_wrap_takes_the_type_from_the_payload() -> None:
    message = AgentMessage.wrap("brown", "bayko", GenerationRequest(request=REQUEST), CONTEXT)
    assert message.message_type is MessageType.GENERATION_REQUEST
    assert message.message_id.startswith("msg_") and message.timestamp.tzinfo is not None
    assert set(AgentMessage.model_fields) == {"message_id", "timestamp", "sender", "recipient", "message_type",
                                             "payload", "context"}


def test_an_envelope_that_disagrees_with_its_payload_is_refused() -> None:
    with pytest.raises(ValidationError, match="message_type approval does not match a generation_request payload"):
        AgentMessage(sender="brown", recipient="bayko", message_type=MessageType.APPROVAL,
                     payload=GenerationRequest(request=REQUEST), context=CONTEXT)


def test_a_payload_is_validated_once_where_it_is_made() -> None:
    with pytest.raises(ValidationError):
        RefinementRequest(request=REQUEST, storyboard=BOARD, verdict={"decision": "maybe"})
    payload = RefinementRequest(request=REQUEST, storyboard=BOARD, verdict=VERDICT)
    message = AgentMessage.wrap("brown", "bayko", payload, CONTEXT)
    assert message.payload is payload  # carried as made, not re-validated into a copy


@pytest.mark.parametrize("payload", [
    GenerationRequest(request=REQUEST),
    RefinementRequest(request=REQUEST, storyboard=BOARD, verdict=VERDICT),
    GenerationResult(attempt=Attempt(attempt=1, panels=BOARD.panels), storyboard=BOARD),
    Approval(verdict=VERDICT.model_copy(update={"decision": Decision.APPROVE, "final": True})),
])
def test_json_comes_back_as_the_same_kind(payload: MessagePayload) -> None:
    message = AgentMessage.wrap("bayko", "brown", payload, CONTEXT)
    again = AgentMessage.model_validate_json(message.model_dump_json())
    assert type(again.payload) is type(payload) and again == message


def test_an_unknown_kind_names_the_field() -> None:
    with pytest.raises(ValidationError, match="message_type"):
        TypeAdapter(MessagePayload).validate_python({"message_type": "gossip"})
