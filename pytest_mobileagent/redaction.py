"""One redaction for everything the plugin writes: results, model logs, reports, the terminal.

Secrets reach text in a few shapes: a password or key in a URL's user info (``http://user:KEY@host``), a key
or token in a query (``adb://host:5037/emulator-5554?token=...``, ``?api_key=``), an ``Authorization`` header or
a bearer token in a logged request, and the configured API key itself quoted in an error message.
:func:`redact` replaces each with ``***``. Known secret values (the model API key) are registered once with
:func:`register_secret` and replaced wherever they appear.
"""

from __future__ import annotations

import json
import re
from typing import Any

MASK = "***"
_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*://)[^/\s@'\"<>]+@")
_QUERY = re.compile(r"(?i)([?&;](?:token|console_token|key|api[_-]?key|access[_-]?token|password|passwd|secret|"
                    r"sig|signature|auth)=)[^&#\s'\"<>]+")
_HEADER = re.compile(r"(?i)\b(authorization[\"']?\s*[:=]\s*[\"']?(?:bearer|basic|token)?\s*)[^\s'\",}]+")
_BEARER = re.compile(r"(?i)\b(bearer\s+)[a-z0-9._~+/=\-]{8,}")
_KNOWN: set[str] = set()
#: Values shorter than this are not treated as secrets (too likely to occur by chance).
MIN_SECRET = 8


def register_secret(value: str | None) -> None:
    """Replace ``value`` wherever it appears from now on (e.g. the model API key)."""
    if value and len(value) >= MIN_SECRET and value not in ("not-needed",):
        _KNOWN.add(value)


def redact(text: str) -> str:
    """``text`` with credentials in URLs, secret query parameters, authorization headers, bearer tokens and
    registered secret values replaced by ``***``."""
    for value in sorted(_KNOWN, key=len, reverse=True):
        text = text.replace(value, MASK)
    text = _USERINFO.sub(lambda m: m.group(1) + MASK + "@", text)
    text = _QUERY.sub(lambda m: m.group(1) + MASK, text)
    text = _HEADER.sub(lambda m: m.group(1) + MASK, text)
    return _BEARER.sub(lambda m: m.group(1) + MASK, text)


def redact_json(value: Any) -> Any:
    """A JSON-serialisable ``value`` with every string in it redacted."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {k: redact_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [redact_json(v) for v in value]
    return value


def redacted_line(value: Any) -> str:
    """``value`` as one redacted JSON line (for the results and model-log writers)."""
    return redact(json.dumps(value, ensure_ascii=False, sort_keys=True, default=str))


__all__ = ["MASK", "redact", "redact_json", "redacted_line", "register_secret"]
