"""Deterministic parameter draws from hypothesis strategies.

Each item's parameters come from ``sha256(f"{suite_seed}_{task}_{index}")``
(AndroidWorld's instance-seed scheme), so collection is identical on every
xdist worker and across runs with the same hypothesis version.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

DEFAULT_SEED = 30


def instance_seed(suite_seed: int | str, task: str, index: int) -> int:
    """The seed of one task instance: ``sha256("{suite_seed}_{task}_{index}") mod 2**32``."""
    digest = hashlib.sha256(f"{suite_seed}_{task}_{index}".encode()).hexdigest()
    return int(digest, 16) % 2**32


@contextmanager
def _without_local_constants() -> Iterator[None]:
    """Hypothesis seeds some draws with literals it collects from every local module loaded so far, so a
    draw would change whenever any module of the project, a suite or a user's conftest gains, loses or moves a
    constant. Draws must depend on the seed alone: switch that source off while drawing."""
    try:
        from hypothesis.internal.conjecture import providers
    except ImportError:  # pragma: no cover - a hypothesis without the feature
        yield
        return
    original = getattr(providers, "_get_local_constants", None)
    if original is None:  # pragma: no cover
        yield
        return
    cache = getattr(getattr(providers, "CONSTANTS_CACHE", None), "cache", {})
    providers._get_local_constants = providers.Constants  # an empty set of constants
    cache.clear()  # constants chosen earlier (by other hypothesis runs in this process) must not leak in
    try:
        yield
    finally:
        providers._get_local_constants = original
        cache.clear()


def draw(strategy: st.SearchStrategy[Any], seed_value: int) -> Any:
    """One value of ``strategy``, determined by ``seed_value`` alone.

    Hypothesis always tries the simplest value first, so the draw is the
    second generated example (or the only one, for single-valued strategies).
    """
    values: list[Any] = []

    @seed(seed_value)
    @settings(max_examples=2, database=None, phases=[Phase.generate], deadline=None,
              suppress_health_check=list(HealthCheck), derandomize=False)
    @given(strategy)
    def collect(value: Any) -> None:
        values.append(value)

    with _without_local_constants():
        collect()
    if not values:
        raise ValueError("the parameter strategy produced no value")
    return values[min(1, len(values) - 1)]
