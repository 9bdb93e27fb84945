"""Deterministic, unbiased parameter draws from hypothesis strategies.

Each item's parameters come from ``sha256(f"{suite_seed}_{task}_{index}")``
(AndroidWorld's instance-seed scheme). The value is drawn from the task's
strategy with :class:`SeededProvider`, a hypothesis backend that makes every
choice uniformly from a ``random.Random`` seeded by the instance seed: no test
engine runs, nothing favours the "simplest" value, and every value of a
``sampled_from``, ``booleans`` or bounded ``integers`` is as likely as the
others. Draws are a pure function of (suite seed, task, index, strategy), so
every xdist worker collects the same items. A hypothesis upgrade that changes
how a strategy spends its choices can change draws: lock files
(``--ma-freeze-params``) keep a run's parameters across upgrades.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.control import BuildContext
from hypothesis.errors import StopTest
from hypothesis.internal.conjecture.data import ConjectureData
from hypothesis.internal.conjecture.providers import PrimitiveProvider
from hypothesis.internal.intervalsets import IntervalSet
from hypothesis.strategies._internal.lazy import unwrap_strategies

DEFAULT_SEED = 30
#: An open-ended collection (``max_size`` unset) is drawn at most this much longer than its ``min_size``.
OPEN_ENDED_EXTRA = 10
#: An open-ended number range is drawn within this distance of its one bound (or of 0).
OPEN_ENDED_SPAN = 2**16
#: Draws a strategy's filters may reject before the task is declared undrawable.
ATTEMPTS = 100


def instance_seed(suite_seed: int | str, task: str, index: int) -> int:
    """The seed of one task instance: ``sha256("{suite_seed}_{task}_{index}") mod 2**32``."""
    digest = hashlib.sha256(f"{suite_seed}_{task}_{index}".encode()).hexdigest()
    return int(digest, 16) % 2**32


def _bounds(low: float | None, high: float | None) -> tuple[float, float]:
    if low is None or math.isinf(low):
        low = (high - OPEN_ENDED_SPAN) if high is not None and not math.isinf(high) else -OPEN_ENDED_SPAN
    if high is None or math.isinf(high):
        high = low + 2 * OPEN_ENDED_SPAN if low < -OPEN_ENDED_SPAN else max(low, 0) + OPEN_ENDED_SPAN
    return low, high


class SeededProvider(PrimitiveProvider):
    """A hypothesis backend whose every choice is uniform over what the strategy allows.

    Unlike hypothesis's own provider it ignores the hints that make boundary, "nasty" and
    literal-harvested values likelier (integer ``weights``, constant pools): a parameter
    draw should follow the declared set, not a bug-hunting distribution. Booleans keep the
    probability the strategy asks for, since collections use it for their length.
    """

    lifetime: ClassVar[Any] = "test_case"

    def __init__(self, conjecturedata: ConjectureData | None, /, rng: random.Random) -> None:
        super().__init__(conjecturedata)
        self._rng = rng

    def draw_boolean(self, p: float = 0.5) -> bool:
        return p >= 1 or (p > 0 and self._rng.random() < p)

    def draw_integer(self, min_value: int | None = None, max_value: int | None = None, *,
                     weights: dict[int, float] | None = None, shrink_towards: int = 0) -> int:
        low, high = _bounds(min_value, max_value)
        return self._rng.randint(int(low), int(high))

    def draw_float(self, *, min_value: float = -math.inf, max_value: float = math.inf, allow_nan: bool = True,
                   smallest_nonzero_magnitude: float = 0.0) -> float:
        low, high = _bounds(min_value, max_value)
        value = self._rng.uniform(low, high)
        if value and abs(value) < smallest_nonzero_magnitude:
            value = math.copysign(smallest_nonzero_magnitude, value)
        return min(max(value, low), high)

    def _size(self, min_size: int, max_size: int) -> int:
        return self._rng.randint(min_size, min(max_size, min_size + OPEN_ENDED_EXTRA))

    def draw_string(self, intervals: IntervalSet, *, min_size: int = 0, max_size: int = 2**63) -> str:
        if not len(intervals):
            return ""
        return "".join(chr(intervals[self._rng.randrange(len(intervals))])
                       for _ in range(self._size(min_size, max_size)))

    def draw_bytes(self, min_size: int = 0, max_size: int = 2**63) -> bytes:
        return self._rng.randbytes(self._size(min_size, max_size))


def draw(strategy: st.SearchStrategy[Any], seed_value: int) -> Any:
    """One value of ``strategy``, determined by ``seed_value`` alone, every allowed choice equally likely.

    A draw that the strategy's filters reject is retried with a source derived from the same
    seed; :class:`ValueError` after :data:`ATTEMPTS` rejections.
    """
    value, attempts = draw_counted(strategy, seed_value)
    if attempts is None:
        raise ValueError(f"the parameter strategy rejected {ATTEMPTS} draws (filters too strict?)")
    return value


def draw_counted(strategy: st.SearchStrategy[Any], seed_value: int) -> tuple[Any, int | None]:
    """:func:`draw`'s value and how many attempts it took (1 when no filter rejected the first; None, with no
    value, when all :data:`ATTEMPTS` were rejected)."""
    for attempt in range(ATTEMPTS):
        rng = random.Random(seed_value if attempt == 0 else f"{seed_value}/{attempt}")
        data = ConjectureData(random=rng, provider=SeededProvider, provider_kw={"rng": rng})
        try:
            with BuildContext(data, is_final=True, wrapped_test=draw):
                return data.draw(strategy), attempt + 1
        except StopTest:
            continue
    return None, None


def _pinned_leaf(leaf: st.SearchStrategy[Any], value: Any) -> st.SearchStrategy[Any]:
    """``leaf`` drawing ``value`` only: ``just`` where ``leaf`` is a plain ``sampled_from`` or ``integers`` holding
    it, a rejection of every draw where it does not hold it, else a filter on this one value."""
    from hypothesis.strategies._internal.numbers import IntegersStrategy
    from hypothesis.strategies._internal.strategies import SampledFromStrategy

    inner = unwrap_strategies(leaf)
    if isinstance(inner, SampledFromStrategy) and not inner._transformations:
        return st.just(value) if value in inner.elements else st.nothing()
    if isinstance(inner, IntegersStrategy) and isinstance(value, int):
        low, high = inner.start, inner.end
        inside = (low is None or value >= low) and (high is None or value <= high)
        return st.just(value) if inside else st.nothing()
    return leaf.filter(lambda drawn: drawn == value)


def pinned(strategy: st.SearchStrategy[dict[str, Any]], row: Mapping[str, Any]
           ) -> st.SearchStrategy[dict[str, Any]] | None:
    """``strategy`` with ``row``'s values, where it is a plain ``st.fixed_dictionaries`` holding every key of ``row``:
    its values are drawn independently, so pinning some keys leaves the others as a filter on the whole would, and
    no draw is rejected but for a value the key cannot take. None for any other strategy."""
    from hypothesis.strategies._internal.collections import FixedDictStrategy

    inner = unwrap_strategies(strategy)
    if not isinstance(inner, FixedDictStrategy) or not set(row) <= set(inner.mapping):
        return None
    mapping = {k: _pinned_leaf(v, row[k]) if k in row else v for k, v in inner.mapping.items()}
    return st.fixed_dictionaries(mapping, optional=inner.optional or None)
