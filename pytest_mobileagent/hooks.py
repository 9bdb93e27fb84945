"""Hook specifications other plugins and conftest files can implement."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.hookspec(firstresult=True)
def pytest_mobileagent_make_agent(config: pytest.Config, name: str) -> Any:
    """Return an agent instance for ``--agent name``, or None to let the next implementation (or the
    built-in lookup: built-ins, entry points, ``module:Class``) decide."""


def pytest_mobileagent_episode_finished(config: pytest.Config, item: pytest.Item, result: dict[str, Any]) -> None:
    """An episode finished on this worker and was written to ``results.jsonl`` (``result`` is its JSON)."""


def pytest_mobileagent_summary(config: pytest.Config, metrics: dict[str, Any]) -> None:
    """The run's aggregated metrics, on the controller, before ``metrics.json`` is written; may add keys."""


def pytest_mobileagent_device_backends(config: pytest.Config) -> Any:
    """Return device backends (:class:`~pytest_mobileagent.device.backend.Backend` instances, one or a list) this
    run may open devices with, before the installed ones (entry-point group ``pytest_mobileagent.backends``): a
    spec goes to the first backend that claims it. Called once per process (controller and each worker)."""
