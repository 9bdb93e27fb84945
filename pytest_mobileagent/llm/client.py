"""One client for OpenAI-compatible chat endpoints (OpenAI, vLLM, Ollama, LiteLLM...), through the ``openai`` package.

Options (ini keys ``ma_llm_*``): ``--ma-llm-model``, ``--ma-llm-base-url``, ``--ma-llm-temperature``,
``--ma-llm-seed``, ``--ma-llm-timeout`` (seconds per request), ``--ma-llm-retries``, ``--ma-llm-prices``
(``"input,output"`` dollars per million tokens). The key comes from ``MA_LLM_API_KEY`` or
``OPENAI_API_KEY`` and is never written anywhere.

Retries: a 429, a 5xx, a timeout or a dropped connection is retried with exponential backoff, at most
``retries`` times; after that the request raises :class:`EndpointError`, an infrastructure error (the
item becomes a pytest error, not an agent failure). Every request and response goes to the episode's
log (:attr:`LLMClient.log`), with images elided and the key redacted.
"""

from __future__ import annotations

import base64
import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import openai

from pytest_mobileagent.device.base import InfrastructureError

DEFAULT_TIMEOUT_S = 60.0
DEFAULT_RETRIES = 3


class EndpointError(InfrastructureError):
    """The model endpoint kept failing (rate limits, server errors, timeouts) past the retries."""


@dataclass
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    retries: int = 0

    def add(self, other: Usage) -> None:
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens
        self.cost_usd += other.cost_usd
        self.retries += other.retries

    def to_dict(self) -> dict[str, Any]:
        return {"prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
                "cost_usd": round(self.cost_usd, 6), "retries": self.retries}


@dataclass
class Reply:
    text: str
    usage: Usage


def api_key() -> str:
    return os.environ.get("MA_LLM_API_KEY") or os.environ.get("OPENAI_API_KEY") or "not-needed"


def image_part(png: bytes) -> dict[str, Any]:
    """An image message part (a PNG as a data URL), as vision models take it."""
    return {"type": "image_url", "image_url": {"url": "data:image/png;base64," + base64.b64encode(png).decode()}}


@dataclass
class LLMClient:
    model: str
    base_url: str | None = None
    temperature: float = 0.0
    seed: int | None = None
    timeout: float = DEFAULT_TIMEOUT_S
    retries: int = DEFAULT_RETRIES
    #: Dollars per million (input, output) tokens; (0, 0) when unknown.
    prices: tuple[float, float] = (0.0, 0.0)
    #: Requests and responses of the current episode (cleared by the agent at reset).
    log: list[dict[str, Any]] = field(default_factory=list)
    backoff_s: float = 0.5

    def __post_init__(self) -> None:
        self._client = openai.OpenAI(api_key=api_key(), base_url=self.base_url, timeout=self.timeout,
                                     max_retries=0)

    @classmethod
    def from_config(cls, config: Any) -> LLMClient:
        from pytest_mobileagent.plugin import option

        prices = option(config, "llm_prices")
        seed = option(config, "llm_seed")
        return cls(model=option(config, "llm_model"), base_url=option(config, "llm_base_url") or None,
                   temperature=float(option(config, "llm_temperature")),
                   seed=int(seed) if str(seed).strip() else None, timeout=float(option(config, "llm_timeout")),
                   retries=int(option(config, "llm_retries")),
                   prices=tuple(float(p) for p in prices.split(",")) if prices else (0.0, 0.0))  # type: ignore[arg-type]

    def chat(self, messages: Sequence[dict[str, Any]]) -> Reply:
        """One completion; retried on transient errors; :class:`EndpointError` when they persist."""
        usage = Usage()
        kwargs: dict[str, Any] = {"model": self.model, "messages": list(messages), "temperature": self.temperature}
        if self.seed is not None:
            kwargs["seed"] = self.seed
        entry: dict[str, Any] = {"request": redacted(kwargs), "attempts": []}
        self.log.append(entry)
        for attempt in range(self.retries + 1):
            started = time.perf_counter()
            try:
                response = self._client.chat.completions.create(**kwargs)
            except (openai.RateLimitError, openai.InternalServerError, openai.APITimeoutError,
                    openai.APIConnectionError) as e:
                seconds = round(time.perf_counter() - started, 3)
                entry["attempts"].append({"error": type(e).__name__, "seconds": seconds})
                if attempt == self.retries:
                    raise EndpointError(f"{self.base_url or 'OpenAI'}: {type(e).__name__} after "
                                        f"{attempt + 1} attempt(s)") from None
                usage.retries += 1
                time.sleep(self.backoff_s * 2 ** attempt)
                continue
            except openai.APIStatusError as e:  # 4xx other than 429: retrying will not help
                raise EndpointError(f"{self.base_url or 'OpenAI'}: HTTP {e.status_code}") from None
            text = (response.choices[0].message.content or "") if response.choices else ""
            if response.usage is not None:
                usage.prompt_tokens = response.usage.prompt_tokens or 0
                usage.completion_tokens = response.usage.completion_tokens or 0
                usage.cost_usd = (usage.prompt_tokens * self.prices[0] + usage.completion_tokens * self.prices[1]) / 1e6
            entry["response"] = text
            entry["usage"] = usage.to_dict()
            return Reply(text, usage)
        raise AssertionError("unreachable")


def redacted(payload: dict[str, Any]) -> dict[str, Any]:
    """A request as logged: images elided (they are in the trajectory) and nothing secret."""
    def part(p: Any) -> Any:
        if isinstance(p, dict) and p.get("type") == "image_url":
            return {"type": "image_url", "image_url": "<image>"}
        return p

    messages = [{**m, "content": [part(p) for p in m["content"]]} if isinstance(m.get("content"), list) else m
                for m in payload.get("messages", [])]
    text = json.dumps({**payload, "messages": messages})
    key = api_key()
    if key and key != "not-needed":
        text = text.replace(key, "<redacted>")
    return json.loads(text)


__all__ = ["EndpointError", "LLMClient", "Reply", "Usage", "api_key", "image_part"]
