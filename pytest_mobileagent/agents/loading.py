"""Resolve ``--agent NAME``: built-ins, entry points, ``module:Class``, or a plugin hook."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any

from pytest_mobileagent.agents.builtin import BUILTIN

ENTRY_POINT_GROUP = "pytest_mobileagent.agents"


class UnknownAgent(LookupError):
    """No agent of that name; the message lists the available ones."""


def entry_point_agents() -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def available_agents() -> list[str]:
    return sorted(set(BUILTIN) | set(entry_point_agents()))


def agent_factory(name: str) -> Callable[[], Any]:
    """The class or factory for ``name``."""
    if name in BUILTIN:
        return BUILTIN[name]
    eps = entry_point_agents()
    if name in eps:
        return eps[name].load()
    if ":" in name:
        module, _, attr = name.partition(":")
        try:
            obj: Any = importlib.import_module(module)
            for part in attr.split("."):
                obj = getattr(obj, part)
        except (ImportError, AttributeError) as e:
            raise UnknownAgent(f"cannot load agent {name!r}: {e}") from None
        return obj
    raise UnknownAgent(f"unknown agent {name!r}; available agents: {', '.join(available_agents())} "
                       "(or give module:Class)")


def uses_model(name: str) -> bool:
    """Whether ``--agent name`` talks to a model endpoint (its class declares ``uses_model = True``), so the
    run checks the endpoint and key once before any item and reports the model it used."""
    try:
        return bool(getattr(agent_factory(name), "uses_model", False))
    except UnknownAgent:
        return False


def make_agent(name: str, client: Callable[[], Any] | None = None) -> Any:
    """A new agent instance; it must have ``reset`` and ``step``. A model agent (``uses_model``) is built with
    the model client ``client()`` makes (the run's: :meth:`~pytest_mobileagent.llm.client.LLMClient.from_settings`)."""
    factory = agent_factory(name)
    if getattr(factory, "uses_model", False):
        if client is None:
            raise UnknownAgent(f"agent {name!r} needs a model client")
        agent = factory(client())
    else:
        agent = factory()
    missing = [m for m in ("reset", "step") if not callable(getattr(agent, m, None))]
    if missing:
        raise UnknownAgent(f"agent {name!r} does not implement {', '.join(missing)}")
    return agent
