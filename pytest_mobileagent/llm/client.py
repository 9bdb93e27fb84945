"""One client for OpenAI-compatible chat endpoints (OpenAI, vLLM, Ollama, LiteLLM...), through the ``openai`` package.

Options (ini keys ``ma_llm_*``): ``--ma-llm-model``, ``--ma-llm-base-url``, ``--ma-llm-temperature``,
``--ma-llm-seed``, ``--ma-llm-timeout`` (seconds per request attempt, all of it: connect, sending, every read of
the reply, :mod:`~pytest_mobileagent.llm.transport`), ``--ma-llm-retries``, ``--ma-llm-prices``
(``"input,output"`` dollars per million tokens). The key comes from ``MA_LLM_API_KEY`` or
``OPENAI_API_KEY`` and is never written anywhere.

The base URL's query (``?api-version=...``, a gateway's ``?token=...``) is sent with every request (the openai
client's ``default_query``), not glued into its path; user info (``user:password@``) in it is refused
(:func:`endpoint`, a usage error naming ``--ma-llm-base-url``): httpx would send it as HTTP Basic auth in place of
the key.

A reply body over :data:`~pytest_mobileagent.llm.transport.MAX_REPLY_BYTES` is not read further: from a 2xx
answer it is the model's output, unusable (:meth:`LLMClient.chat` returns an empty text, which the agents record
as an invalid-format step, and the log entry says ``reply_too_large``); from an error status it is the endpoint's
failure, retried as one.

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
from urllib.parse import parse_qsl, urlsplit, urlunsplit

from pytest_mobileagent.deadline import waiting_on_model
from pytest_mobileagent.device.base import InfrastructureError
from pytest_mobileagent.redaction import redact
from pytest_mobileagent.text import encodable, encodable_value

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


def endpoint(url: str) -> tuple[str, dict[str, str]]:
    """``url`` (``--ma-llm-base-url``) as the openai client takes it: the URL without query or fragment, and the
    query's parameters, which go with every request. ValueError for user info in it (``user:password@``)."""
    parts = urlsplit(url.strip())
    if "@" in parts.netloc:
        raise ValueError("user info (user:password@) in the endpoint URL would be sent as HTTP Basic auth, not as "
                         "the key: give the URL without it and the key in MA_LLM_API_KEY")
    return urlunsplit((parts.scheme, parts.netloc, parts.path, "", "")), dict(parse_qsl(parts.query,
                                                                                        keep_blank_values=True))


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
        from pytest_mobileagent.llm.transport import BoundedTransport

        base_url, query = endpoint(self.base_url) if self.base_url else (None, {})
        #: Where requests go, as messages name it (no query, no user info; redacted all the same).
        self.where = redact(base_url or "OpenAI's API")
        self._client = openai.OpenAI(api_key=api_key(), base_url=base_url, default_query=query or None,
                                     timeout=self.timeout, max_retries=0,
                                     http_client=openai.DefaultHttpxClient(transport=BoundedTransport()))

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
        where = self.where
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
        from pytest_mobileagent.llm.transport import too_large

        usage = Usage()
        # an agent's or a judge's prompt quotes what agents and models sent: the request is JSON in UTF-8
        kwargs: dict[str, Any] = {"model": self.model, "messages": encodable_value(list(messages)),
                                  "temperature": self.temperature}
        if self.seed is not None:
            kwargs["seed"] = self.seed
        entry: dict[str, Any] = {"request": redacted(kwargs), "attempts": []}
        self.log.append(entry)
        for attempt in range(self.retries + 1):
            started = time.perf_counter()
            try:
                with waiting_on_model():  # a limit passing now is the endpoint's, not the agent's
                    response = self._client.chat.completions.create(**kwargs)
            except openai.APIStatusError as e:
                if not isinstance(e, (openai.RateLimitError, openai.InternalServerError)):
                    raise EndpointError(f"{self.where}: HTTP {e.status_code}") from None  # retrying will not help
                failure: Exception = e
            except (openai.APIConnectionError, openai.APIResponseValidationError, json.JSONDecodeError) as e:
                # a timeout, a dropped connection, a body cut off or not JSON (HTTP 200 included) is the endpoint's
                # fault, never the agent's; a 2xx reply too long to read is the model's output, unusable
                cut = too_large(e)
                if cut is not None and 200 <= cut.status_code < 300:
                    entry["attempts"].append({"error": "ReplyTooLarge",
                                              "seconds": round(time.perf_counter() - started, 3)})
                    entry.update(reply_too_large={"max_bytes": cut.limit}, response="", usage=usage.to_dict())
                    return Reply("", usage)
                failure = e
            else:
                text = encodable((response.choices[0].message.content or "") if response.choices else "")
                if response.usage is not None:
                    usage.prompt_tokens = response.usage.prompt_tokens or 0
                    usage.completion_tokens = response.usage.completion_tokens or 0
                    usage.cost_usd = (usage.prompt_tokens * self.prices[0]
                                      + usage.completion_tokens * self.prices[1]) / 1e6
                entry["response"] = text
                entry["usage"] = usage.to_dict()
                return Reply(text, usage)
            entry["attempts"].append({"error": type(failure).__name__,
                                      "seconds": round(time.perf_counter() - started, 3)})
            if attempt == self.retries:
                raise EndpointError(f"{self.where}: {type(failure).__name__} after {attempt + 1} attempt(s)") \
                    from None
            usage.retries += 1
            time.sleep(self.backoff_s * 2 ** attempt)
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


__all__ = ["EndpointError", "EndpointUnusable", "LLMClient", "Reply", "Usage", "api_key", "endpoint", "image_part"]
