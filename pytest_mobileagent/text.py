"""Text is text: any string an agent or a model returns can be written as UTF-8.

A Python ``str`` may hold what no UTF-8 file can: lone surrogates (``json.loads('"\\ud83d"')``, a model's reply cut
mid-pair) and the ``surrogateescape`` code points that stand for invalid bytes (``os.fsdecode`` of a bad file name).
:func:`encodable` replaces each with U+FFFD (a surrogate *pair* becomes the character it encodes), so that every
writer (results, traces, reports, the terminal) can encode what it is given. Everything else, NUL, control
characters and line separators included, is kept: escaping those is each format's business.
"""

from __future__ import annotations

import json
import re
from typing import Any

REPLACEMENT = "\ufffd"
#: A JSON escape of a surrogate code point: only JSON text holding one can decode to a lone surrogate.
_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
_ESCAPED_SURROGATE_BYTES = re.compile(rb"\\u[dD][89a-fA-F]")


def is_encodable(text: str) -> bool:
    """Whether UTF-8 holds ``text`` as it is: no surrogate code point (a lone half of a UTF-16 pair)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def encodable(text: str) -> str:
    """``text`` with every surrogate code point that is not half of a pair replaced by U+FFFD, pairs joined."""
    if is_encodable(text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def encodable_value(value: Any) -> Any:
    """``value`` with :func:`encodable` applied to every string in it, dict keys included (dicts, lists and tuples
    are rebuilt, other values returned as they are)."""
    if isinstance(value, str):
        return encodable(value)
    if isinstance(value, dict):
        return {encodable_value(k): encodable_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [encodable_value(v) for v in value]
    if isinstance(value, tuple):
        return tuple(encodable_value(v) for v in value)
    return value


def loads(data: str | bytes) -> Any:
    """``json.loads(data)`` with every string in it :func:`encodable`: a file someone else wrote may escape a lone
    surrogate (``"\\ud83d"``), which ``json`` decodes as it is. Walks the value only when ``data`` holds such an
    escape."""
    value = json.loads(data)
    escaped = _ESCAPED_SURROGATE_BYTES if isinstance(data, bytes | bytearray) else _ESCAPED_SURROGATE
    return encodable_value(value) if escaped.search(data) else value  # type: ignore[arg-type]


#: Characters that ``json.dumps(..., ensure_ascii=False)`` leaves raw but ``str.splitlines`` (and JavaScript before
#: ES2019) takes for line breaks.
_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def one_line(json_text: str) -> str:
    """JSON text with U+0085, U+2028 and U+2029 written as escapes, so that a JSON line stays one line for every
    line reader. Only for JSON text (where those characters can only occur inside strings)."""
    return json_text.translate(_LINE_BREAKS)


__all__ = ["REPLACEMENT", "encodable", "encodable_value", "is_encodable", "loads", "one_line"]
