"""Typed matching of what an agent typed or answered against what a task expects.

Text is compared exactly after :func:`normalize` (case and runs of whitespace): a title, a code, a name or
a message that differs by one character is a different value, and agents type text verbatim. Phone numbers
compare by their digits. Numbers compare as numbers (exactly, or within a tolerance the task names), dates
and times exactly. AndroidWorld accepts strings at a difflib ratio of 0.9, which lets "SAVE21" pass for
"SAVE20" and "1-on-2 with Manager" for "1-on-1 with Manager"; this module is stricter on purpose.

A multi-item answer is split on commas and matched one to one (a bipartite matching): each expected item
is used once, so "swimming, swimming" does not answer "swimming, kayaking".
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence
from typing import Any

DATE_FORMAT = "%B %d %Y"
TIME_FORMATS = ("%H:%M", "%I:%M%p", "%I%p")
MATCH_TYPES = ("STRING_MATCH", "NUMBER_MATCH", "DATE_MATCH", "TIME_MATCH")
_PHONE = re.compile(r"^\+?\(?[0-9][0-9 ().-]{5,}[0-9]$")


def normalize(text: Any) -> str:
    """``text`` case-folded, stripped, with each run of whitespace one space."""
    return " ".join(str(text).split()).casefold()


def phone_digits(text: Any) -> str | None:
    """The digits of a phone number written with spaces, dashes, dots or brackets; None if it is not one."""
    value = str(text).strip()
    return re.sub(r"[^0-9+]", "", value) if _PHONE.match(value) else None


#: What may follow a number's last digit with no space between and still leave it that number: ordinal suffixes.
ORDINALS = ("st", "nd", "rd", "th")


def letter_glued(text: str, units: Sequence[str] = ()) -> bool:
    """Whether a letter is glued to a number in ``text`` (``555-0199x``, ``2412x``, ``Oct 10x``, ``55%x``): the
    value misspelt, not the value. An ordinal suffix (``10th``) and the given ``units`` (``km``, ``C``) may follow
    a number, a ``%`` or ``°`` sign may stand between."""
    allowed = "|".join(re.escape(u) for u in (*ORDINALS, *units))
    return re.search(rf"\d[%°]?(?!(?:{allowed})(?![A-Za-z]))[A-Za-z]", text, re.IGNORECASE) is not None


def text_matches(given: Any, expected: Any) -> bool:
    """Whether ``given`` is ``expected``: the same digits for phone numbers, else the same normalized text."""
    if given is None or expected is None:
        return False
    want_phone = phone_digits(expected)
    if want_phone is not None:
        return phone_digits(given) == want_phone
    return normalize(given) == normalize(expected)


def parse_date(text: str) -> dt.date:
    return dt.datetime.strptime(text.strip(), DATE_FORMAT).date()


def parse_time(text: str) -> dt.time:
    """``15:30``, ``3:30pm`` or ``3pm``."""
    for fmt in TIME_FORMATS:
        try:
            t = dt.datetime.strptime(text.strip().upper(), fmt)
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


def one_to_one(given: Sequence[Any], expected: Sequence[Any], same: Callable[[Any, Any], bool]) -> bool:
    """Whether ``given`` and ``expected`` pair up perfectly under ``same``, each item used once
    (Kuhn's augmenting paths; answers have a handful of items)."""
    if len(given) != len(expected):
        return False
    partner: dict[int, int] = {}  # expected index -> given index

    def place(g: int, seen: set[int]) -> bool:
        for e in range(len(expected)):
            if e not in seen and same(given[g], expected[e]):
                seen.add(e)
                if e not in partner or place(partner[e], seen):
                    partner[e] = g
                    return True
        return False

    return all(place(g, set()) for g in range(len(given)))


def answer_matches(answer: str | None, expected: Sequence[Any], match_types: Sequence[str],
                   tolerance: float | None = None) -> bool:
    """Whether ``answer`` gives exactly the ``expected`` values, in any order, each once."""
    if not answer:
        return False
    try:
        given = [cast(p.strip(), match_types) for p in answer.split(",")]
    except ValueError:
        return False  # an answer in the wrong format is a wrong answer
    same: Callable[[Any, Any], bool] = lambda x, y: x == y  # noqa: E731
    if "STRING_MATCH" in match_types:
        same = text_matches
    elif "NUMBER_MATCH" in match_types and tolerance is not None:
        same = lambda x, y: abs(x - y) < tolerance  # noqa: E731
    return one_to_one(given, expected, same)
