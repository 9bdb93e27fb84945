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
from typing import TYPE_CHECKING, Any

from pytest_mobileagent.deadline import waiting_on_model
from pytest_mobileagent.device.base import InfrastructureError
from pytest_mobileagent.redaction import redact

if TYPE_CHECKING:
    from pytest_mobileagent.settings import Settings

#: A hung endpoint costs at most (retries + 1) x timeout + backoff = 3 x 18 + 1.5 s, under a minute per item.
DEFAULT_TIMEOUT_S = 18.0
DEFAULT_RETRIES = 2


class EndpointError(InfrastructureError):
    """The model endpoint kept failing (rate limits, server errors, timeouts) past the retries."""

    hint = ("check the endpoint (--ma-llm-base-url), the model (--ma-llm-model) and the key (MA_LLM_API_KEY), "
            "then finish the run with --ma-resume <run-id>")


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


KEY_VARIABLES = ("MA_LLM_API_KEY", "OPENAI_API_KEY")


def api_key() -> str:
    return next((os.environ[v] for v in KEY_VARIABLES if os.environ.get(v)), "not-needed")


class EndpointUnusable(Exception):
    """The preflight found the endpoint, the key or the model unusable; the message says what to set."""


def _openai() -> Any:
    """The ``openai`` package, an optional dependency (``pip install 'pytest-mobileagent[llm]'``)."""
    try:
        import openai
    except ImportError:
        raise EndpointUnusable("the model agents need the openai package: pip install 'pytest-mobileagent[llm]'") \
            from None
    return openai


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
        openai = _openai()
        self._client = openai.OpenAI(api_key=api_key(), base_url=self.base_url, timeout=self.timeout,
                                     max_retries=0)

    @classmethod
    def from_settings(cls, settings: Settings, model: str = "") -> LLMClient:
        """The client the options describe (``model`` overrides ``--ma-llm-model``, e.g. for the judge)."""
        return cls(model=model or settings.llm_model, base_url=settings.llm_base_url or None,
                   temperature=settings.llm_temperature, seed=settings.llm_seed, timeout=settings.llm_timeout,
                   retries=settings.llm_retries, prices=settings.llm_prices or (0.0, 0.0))

    def preflight(self, models: Sequence[str] = (), timeout: float = 20.0) -> None:
        """Check once, cheaply, that the endpoint answers, takes the key and serves ``models`` (default: this
        client's): list its models, or where it lists none, ask for a one-token completion.

        Raises :class:`EndpointUnusable` naming the option or variable to set."""
        openai = _openai()
        where = redact(self.base_url or "OpenAI's API")
        if api_key() == "not-needed" and not self.base_url:
            raise EndpointUnusable(f"no API key for {where}: set MA_LLM_API_KEY (or OPENAI_API_KEY), or point "
                                   "--ma-llm-base-url at an endpoint that needs none")
        wanted = list(models) or [self.model]
        client = self._client.with_options(timeout=min(timeout, self.timeout), max_retries=0)
        try:
            try:
                served = {m.id for m in client.models.list()}
            except openai.NotFoundError:  # no model listing: a one-token completion per model instead
                for model in wanted:
                    client.chat.completions.create(model=model, max_tokens=1,
                                                   messages=[{"role": "user", "content": "ping"}])
                return
        except openai.AuthenticationError:
            raise EndpointUnusable(f"{where} refused the API key (HTTP 401): set MA_LLM_API_KEY (or "
                                   "OPENAI_API_KEY) to a valid key") from None
        except openai.PermissionDeniedError:
            raise EndpointUnusable(f"{where} denied access (HTTP 403): check the key in MA_LLM_API_KEY") from None
        except openai.NotFoundError:
            raise EndpointUnusable(f"{where} does not serve the model {', '.join(wanted)}: set --ma-llm-model "
                                   "to a model it serves") from None
        except (openai.APIConnectionError, openai.APITimeoutError) as e:
            raise EndpointUnusable(f"cannot reach the model endpoint {where} ({type(e).__name__}): set "
                                   "--ma-llm-base-url to a running OpenAI-compatible server") from None
        except openai.APIStatusError as e:
            raise EndpointUnusable(f"{where} answered HTTP {e.status_code} to the preflight request") from None
        missing = [m for m in wanted if m not in served]
        if missing:
            shown = ", ".join(sorted(served)[:12]) + (" ..." if len(served) > 12 else "")
            raise EndpointUnusable(f"{where} does not serve the model {', '.join(missing)} (it serves: "
                                   f"{shown or 'none'}): set --ma-llm-model (or --ma-llm-judge-model)")

    def chat(self, messages: Sequence[dict[str, Any]]) -> Reply:
        """One completion; retried on transient errors; :class:`EndpointError` when they persist."""
        openai = _openai()
        usage = Usage()
        kwargs: dict[str, Any] = {"model": self.model, "messages": list(messages), "temperature": self.temperature}
        if self.seed is not None:
            kwargs["seed"] = self.seed
        entry: dict[str, Any] = {"request": redacted(kwargs), "attempts": []}
        self.log.append(entry)
        for attempt in range(self.retries + 1):
            started = time.perf_counter()
            try:
                with waiting_on_model():  # a limit passing now is the endpoint's, not the agent's
                    response = self._client.chat.completions.create(**kwargs)
            except (openai.RateLimitError, openai.InternalServerError, openai.APITimeoutError,
                    openai.APIConnectionError, openai.APIResponseValidationError, json.JSONDecodeError) as e:
                # a body cut off or not JSON (HTTP 200 included) is the endpoint's fault, never the agent's
                seconds = round(time.perf_counter() - started, 3)
                entry["attempts"].append({"error": type(e).__name__, "seconds": seconds})
                if attempt == self.retries:
                    raise EndpointError(f"{redact(self.base_url or 'OpenAI')}: {type(e).__name__} after "
                                        f"{attempt + 1} attempt(s)") from None
                usage.retries += 1
                time.sleep(self.backoff_s * 2 ** attempt)
                continue
            except openai.APIStatusError as e:  # 4xx other than 429: retrying will not help
                raise EndpointError(f"{redact(self.base_url or 'OpenAI')}: HTTP {e.status_code}") from None
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


__all__ = ["EndpointError", "EndpointUnusable", "LLMClient", "Reply", "Usage", "api_key", "image_part"]
