"""Answer checks for information-retrieval tasks, with AndroidWorld's tolerances.

The agent's answer is split on commas; each part is cast to the expected type
(string, number, date ``%B %d %Y``, time ``%H:%M``, or date and time) and must
match one expected value: strings fuzzily (difflib ratio >= 0.9, ignoring
case), numbers exactly or within a tolerance, dates and times exactly. The
number of parts must equal the number of expected values.
"""

from __future__ import annotations

import datetime as dt
import difflib
from collections.abc import Callable, Sequence
from typing import Any

DATE_FORMAT = "%B %d %Y"
TIME_FORMATS = ("%H:%M", "%I:%M%p", "%I%p")
FUZZY_THRESHOLD = 0.9
MATCH_TYPES = ("STRING_MATCH", "NUMBER_MATCH", "DATE_MATCH", "TIME_MATCH")


def fuzzy_match(a: Any, b: Any, threshold: float = FUZZY_THRESHOLD) -> bool:
    """Case-insensitive similarity of two strings at or above ``threshold``."""
    if a is None or b is None:
        return False
    return difflib.SequenceMatcher(None, str(a).lower(), str(b).lower()).ratio() >= threshold


def parse_date(text: str) -> dt.date:
    return dt.datetime.strptime(text.strip(), DATE_FORMAT).date()


def parse_time(text: str) -> dt.time:
    """``15:30``, ``3:30pm`` or ``3pm``."""
    for fmt in TIME_FORMATS:
        try:
            t = dt.datetime.strptime(text.strip().upper(), fmt.replace("%p", "%p"))
            return dt.time(t.hour, t.minute)
        except ValueError:
            continue
    raise ValueError(f"time {text!r} matches none of {TIME_FORMATS}")


def cast(value: str, match_types: Sequence[str]) -> Any:
    """Cast one answer part (or expected value) to the type its match types call for."""
    kinds = tuple(match_types)
    if kinds in ((), ("STRING_MATCH",)):
        return str(value).strip()
    if kinds == ("NUMBER_MATCH",):
        return float(str(value).strip())
    if kinds == ("DATE_MATCH",):
        return parse_date(str(value))
    if kinds == ("TIME_MATCH",):
        return parse_time(str(value))
    if sorted(kinds) == ["DATE_MATCH", "TIME_MATCH"]:
        return dt.datetime.strptime(str(value).strip(), DATE_FORMAT + " %H:%M")
    raise ValueError(f"unsupported match types {kinds}")


def format_answer(values: Sequence[Any]) -> str:
    """How a correct answer is written: values joined by commas, in the formats :func:`cast` reads."""
    def one(v: Any) -> str:
        if isinstance(v, dt.datetime):
            return v.strftime(DATE_FORMAT + " %H:%M")
        if isinstance(v, dt.date):
            return v.strftime(DATE_FORMAT)
        if isinstance(v, dt.time):
            return v.strftime("%H:%M")
        if isinstance(v, float) and v.is_integer():
            return str(int(v))
        return str(v)

    return ", ".join(one(v) for v in values)


def answer_matches(answer: str | None, expected: Sequence[Any], match_types: Sequence[str],
                   tolerance: float | None = None) -> bool:
    """Whether ``answer`` gives exactly the ``expected`` values (in any order)."""
    if not answer:
        return False
    parts = [p.strip() for p in answer.split(",")]
    try:
        given = [cast(p, match_types) for p in parts]
    except ValueError:
        return False  # an answer in the wrong format is a wrong answer
    same: Callable[[Any, Any], bool] = lambda x, y: x == y  # noqa: E731
    if "STRING_MATCH" in match_types:
        same = fuzzy_match
    elif "NUMBER_MATCH" in match_types and tolerance is not None:
        same = lambda x, y: abs(x - y) < tolerance  # noqa: E731
    if len(given) != len(expected):
        return False
    return all(any(same(g, e) for e in expected) for g in given)
