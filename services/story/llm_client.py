"""One structured call to an OpenAI-compatible model through LlamaIndex, bounded and checked.

The pydantic model's JSON schema goes into the request (`response_format` of
type `json_schema`, honoured by OpenAI, vLLM and llama.cpp's server), so even
a small local model with a constrained decoder returns the right shape. Every
call has a deadline (the timeout covers the retries too), a token limit and at
most two retries; whatever goes wrong becomes an `LLMUnavailable` whose
message says what, in a few words, for the notice the reader sees. After a few
failures in a row the model is skipped for a while (`CircuitBreaker`).

A call is a chat: the system prompt, then the agent's conversation so far (its
memory's context, `AgentMemory.acontext`), then the new prompt (`chat_messages`).
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Sequence
from functools import lru_cache
from string import Template
from typing import TYPE_CHECKING, TypeVar

from pydantic import BaseModel, ValidationError

from services.circuit_breaker import CircuitBreaker
from services.config import ASSETS_DIR
from services.settings import settings as current_settings

if TYPE_CHECKING:
    from llama_index.core.base.llms.types import ChatMessage

PROMPTS_DIR = ASSETS_DIR / "prompts"
Output = TypeVar("Output", bound=BaseModel)
RETRY_BACKOFF = 0.25  # seconds before the first retry; doubles each time


class LLMUnavailable(RuntimeError):
    """The model could not give a valid answer; the message is short and safe to show."""


class LLMSettings(BaseModel):
    """From `services.settings`: `COMIC_LLM=openai` turns the model on."""

    model: str
    base_url: str | None = None
    api_key: str = "not-needed"
    timeout: float = 30.0
    max_retries: int = 2
    max_tokens: int = 1500
    breaker_failures: int = 2  # failures in a row before the model is skipped (services/circuit_breaker.py)
    breaker_seconds: float = 60.0  # for how long

    @classmethod
    def from_env(cls) -> LLMSettings | None:
        current = current_settings()
        if current.llm != "openai":
            return None
        key = current.openai_api_key
        return cls(model=current.llm_model, base_url=current.openai_base_url,
                   api_key=key.get_secret_value() if key is not None else "not-needed",
                   timeout=current.llm_timeout, max_retries=current.llm_retries, max_tokens=current.llm_max_tokens,
                   breaker_failures=current.llm_failures, breaker_seconds=current.llm_skip_seconds)


@lru_cache(maxsize=16)
def prompt_template(name: str) -> Template:
    return Template((PROMPTS_DIR / f"{name}.txt").read_text(encoding="utf-8"))


def fill(name: str, **values: object) -> str:
    # Template substitutes only the $names of our own file: a reader's text is inserted as it is, never parsed.
    return prompt_template(name).safe_substitute({key: str(value) for key, value in values.items()})


class StructuredLLM:
    """Asks an OpenAI-compatible model for JSON in the shape of a pydantic model."""

    def __init__(self, settings: LLMSettings) -> None:
        from llama_index.llms.openai_like import OpenAILike

        self.settings = settings
        # reuse_client=False: one studio serves calls from several event loops; a client per call is safe.
        # Retries are ours (see `ask`), so that they fit inside the deadline and the last error is known.
        self.llm = OpenAILike(model=settings.model, api_base=settings.base_url, api_key=settings.api_key,
                              timeout=settings.timeout, max_retries=0,
                              max_tokens=settings.max_tokens, is_chat_model=True, reuse_client=False,
                              temperature=0.7)
        self.breaker = CircuitBreaker(settings.breaker_failures, settings.breaker_seconds)
        _load_client_modules()

    async def ask(self, prompt: str, schema: type[Output], history: Sequence[ChatMessage] | None = None,
                  agent: str = "bayko") -> Output:
        """One answer in the shape of `schema`, or `LLMUnavailable`; a model that keeps failing is skipped a while.

        `history` is the conversation so far (`AgentMemory.acontext`) of `agent`, whose part the model plays:
        the model reads it before the prompt.
        """
        refusal = self.breaker.refusal()
        if refusal is not None:
            raise LLMUnavailable(refusal)
        try:
            answer = await self._ask(chat_messages(system_prompt(agent), history or [], prompt), schema)
        except LLMUnavailable as error:
            self.breaker.failed(str(error))
            raise
        self.breaker.succeeded()
        return answer

    async def _ask(self, messages: list[ChatMessage], schema: type[Output]) -> Output:
        response_format = {"type": "json_schema", "json_schema": {
            "name": schema.__name__, "schema": schema.model_json_schema(), "strict": True}}
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.settings.timeout
        reason = "no answer"
        for attempt in range(self.settings.max_retries + 1):
            remaining = deadline - loop.time()
            if remaining <= 0:
                break
            try:
                response = await asyncio.wait_for(self.llm.achat(messages, response_format=response_format),
                                                  timeout=remaining)
                return parse(response.message.content or "", schema)
            except TimeoutError:  # a retry cut short by the deadline: the error that made us retry is the reason
                raise LLMUnavailable(reason if attempt else f"no answer within {self.settings.timeout:g} s") from None
            except LLMUnavailable:
                raise
            except Exception as error:  # the client raises many kinds; each becomes a short reason
                reason = _describe(error)
                if not _worth_retrying(error):
                    break
                await asyncio.sleep(min(RETRY_BACKOFF * 2**attempt, max(0.0, deadline - loop.time())))
        raise LLMUnavailable(reason)


AGENTS = {"bayko": ("Bayko, the artist", "Brown, the director"), "brown": ("Brown, the director", "Bayko, the artist")}


def system_prompt(agent: str) -> str:
    """The system prompt of the agent whose call it is: Bayko writes and draws, Brown reads comments and follow-ups."""
    you, partner = AGENTS[agent]
    return fill("system", you=you, partner=partner)


def chat_messages(system: str, history: Sequence[ChatMessage], prompt: str) -> list[ChatMessage]:
    """The system prompt in front, the conversation, the new prompt last: one system message, never more.

    `Memory.aget` puts memory blocks into a system message (`insert_method` SYSTEM: the first system message
    of the window, or a new one in front), and a stored system line may sit anywhere in the window. Many
    chat templates of local models refuse a system message that is not first, so every system (or
    developer) text joins ours in front, in order: our instructions, then the memory.
    """
    from llama_index.core.base.llms.types import ChatMessage, MessageRole

    instructions = (MessageRole.SYSTEM, MessageRole.DEVELOPER)
    extra = [m.content for m in history if m.role in instructions and m.content]
    conversation = [m for m in history if m.role not in instructions]
    return [ChatMessage(role=MessageRole.SYSTEM, content="\n\n".join([system, *extra])), *conversation,
            ChatMessage(role=MessageRole.USER, content=prompt)]


def _load_client_modules() -> None:
    """The OpenAI client imports its parts on first use (about a second): pay that at start-up, not in a call."""
    import openai

    openai.AsyncOpenAI(api_key="start-up", base_url="http://127.0.0.1:9").chat.completions.create  # noqa: B018


def parse(text: str, schema: type[Output]) -> Output:
    """The JSON object in a model's answer, validated; tolerant of code fences around it."""
    match = re.search(r"\{.*\}", text, re.DOTALL)
    if match is None:
        raise LLMUnavailable("the answer was not JSON")
    try:
        return schema.model_validate(json.loads(match.group(0)))
    except json.JSONDecodeError:
        raise LLMUnavailable("the answer was not valid JSON") from None
    except ValidationError as error:
        where = ".".join(str(part) for part in error.errors()[0]["loc"])
        raise LLMUnavailable(f"the answer did not fit the schema ({where})") from None


def _worth_retrying(error: Exception) -> bool:
    """Server trouble and lost connections may pass; a refused key or a bad request will not."""
    status = getattr(error, "status_code", None)
    return status is None or status == 429 or status >= 500


def _describe(error: Exception) -> str:
    status = getattr(error, "status_code", None)
    if status is not None:
        return f"HTTP {status}"
    name = type(error).__name__
    if "Timeout" in name:
        return "the request timed out"
    if "Connection" in name:
        return "could not connect"
    return name
