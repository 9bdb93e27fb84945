"""The one cap on what writers store of a value an agent, a model or a device returned (typed text, an answer, a
model's reply, a UI text...): a string longer than :data:`FIELD_MAX` characters is stored cut, once, with its
original length said at its end::

    "aaaa…(65536 characters kept)…[truncated, 52428800 chars]"

so a 50 MB typed text is a 64 KiB field of a results line and of a trace, not 50 MB in each of their copies. The
terminal shows less of a value (:data:`SHOWN_MAX`). Every writer caps through :func:`cap` or :func:`cap_json`:
:meth:`~pytest_mobileagent.records.EpisodeResult.to_json` (the results line, the trace's episode, the reports), the
trace's model exchanges and step details, the failure message.
"""

from __future__ import annotations

import re
from typing import Any

#: The longest string a writer stores, in characters.
FIELD_MAX = 64 * 1024
#: The longest value the terminal (a failure message) shows, in characters.
SHOWN_MAX = 2000
_MARK = re.compile(r"…\[truncated, (\d+) chars\]\Z")


def cap(text: str, limit: int = FIELD_MAX) -> str:
    """``text``, or its first ``limit`` characters and the marker ``…[truncated, N chars]`` (N its length): a
    string already cut keeps its marker and its first length."""
    if len(text) <= limit:
        return text
    found = _MARK.search(text)
    size = int(found.group(1)) if found else len(text)
    return f"{text[:limit]}…[truncated, {size} chars]"


def cut_size(text: str) -> int | None:
    """The original length of a string :func:`cap` cut, or None for one it did not."""
    found = _MARK.search(text)
    return int(found.group(1)) if found else None


def cap_json(value: Any, limit: int = FIELD_MAX) -> Any:
    """A JSON-like ``value`` (dicts, lists, tuples, scalars) with every string in it capped (:func:`cap`); the same
    object where nothing needed it."""
    if isinstance(value, str):
        return cap(value, limit)
    if isinstance(value, dict):
        return {k: cap_json(v, limit) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [cap_json(v, limit) for v in value]
    return value


__all__ = ["FIELD_MAX", "SHOWN_MAX", "cap", "cap_json", "cut_size"]
