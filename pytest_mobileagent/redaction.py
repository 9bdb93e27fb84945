"""One redaction for everything the plugin writes: results, model logs, traces, reports (JUnit, HTML, every file
in the Allure results folder), the terminal and pytest's log handlers (``--log-file``, live logs, captured logs).

Secrets reach text in a few shapes, each replaced by ``***``:

- a URL's user info (``http://user:KEY@host``): everything from ``//`` to the last ``@`` before the host, so a
  password holding ``@`` is masked whole;
- a value under a secret name (:data:`SECRET_NAMES`, :func:`is_secret_name`) in a query
  (``?token=...``, ``&X-Amz-Signature=...``), a header or log line (``x-api-key: ...``, ``Authorization: Bearer
  ...``), JSON or a Python repr (``"client_secret": "..."``, ``'refresh_token': '...'``, JSON inside a JSON string
  included) or ``name=value``; a scheme word (``Bearer``, ``Basic``...) is kept and what follows it masked;
- a bearer token anywhere (``Bearer <token>``);
- a known secret value (the model API key), registered once with :func:`register_secret` and replaced wherever it
  appears.

Values that cannot be secrets are left: ``true``, ``false``, ``null``, ``none`` and the empty string (UI trees
carry ``password="false"`` on every node).
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

from pytest_mobileagent.text import encodable, one_line

MASK = "***"

#: Names whose value is a secret, compared lower-case with ``-`` read as ``_``: OAuth's and the cloud providers'
#: parameters and headers. :func:`is_secret_name` also takes any name ending in one of :data:`SECRET_SUFFIXES`.
SECRET_NAMES = frozenset({
    "password", "passwd", "pwd", "pass", "secret", "token", "auth", "authorization", "proxy_authorization",
    "client_secret", "access_token", "refresh_token", "id_token", "auth_token", "session_token", "console_token",
    "api_key", "apikey", "x_api_key", "api_token", "x_auth_token", "private_key", "access_key", "secret_key",
    "x_amz_signature", "x_amz_credential", "x_amz_security_token", "x_goog_signature", "x_goog_credential",
    "subscription_key", "ocp_apim_subscription_key", "sig", "signature", "credential", "credentials", "key",
    "cookie", "set_cookie",
})
#: A name ending in one of these (``_`` or ``-`` before it) is a secret's: ``x_amz_security_token``, ``my_secret``.
SECRET_SUFFIXES = ("_token", "_secret", "_password", "_passwd", "_api_key", "_apikey", "_signature",
                   "_credential", "_subscription_key", "_access_key", "_secret_key", "_private_key")
#: Names too common to mask outside a URL query (``{"key": "enter"}``, ``auth`` in a sentence): there a Google
#: ``?key=``, an Azure SAS ``&sig=`` or ``?auth=`` is a secret, elsewhere the word is usually not.
QUERY_ONLY = frozenset({"key", "sig", "auth", "pass", "pwd"})
_NOT_SECRET = frozenset({"", "true", "false", "null", "none"})
_SCHEME = re.compile(r"(?i)^((?:bearer|basic|token|digest|apikey|sharedkey)\s+)")


def is_secret_name(name: str, in_query: bool = False) -> bool:
    """Whether a parameter, header or field called ``name`` holds a secret (``in_query``: in a URL's query)."""
    norm = name.strip().lower().replace("-", "_")
    if norm in QUERY_ONLY:
        return in_query
    return norm in SECRET_NAMES or norm.endswith(SECRET_SUFFIXES)


#: ``scheme://`` and everything up to the last ``@`` before a ``/``, a space or a quote: the user info.
_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*://)[^/\s'\"<>]+@")
#: ``name`` then ``=`` or ``:`` then a value: JSON-escaped quoted, quoted, or bare up to a delimiter.
_PAIR = re.compile(r"""(?ix)
    (?P<lead>^|[?&;\s"'{(,\[\\])
    (?P<name>[a-z][a-z0-9_.\-]*)
    (?P<sep>(?:\\?["'])?(?:\s*:\s*|=))(?!//)
    (?:\\"(?P<esc>(?:[^"\\]|\\[^"])*)\\"
      |"(?P<dq>(?:[^"\\\n]|\\.)*)"
      |'(?P<sq>[^'\n]*)'
      |(?P<bare>(?:(?:bearer|basic|token|digest)\s+)?[^\s&#?'"<>,;}\]\\]+))""")
_BEARER = re.compile(r"(?i)\b(bearer\s+)[a-z0-9._~+/=\-]{8,}")
_KNOWN: set[str] = set()
#: Values shorter than this are not treated as secrets (too likely to occur by chance).
MIN_SECRET = 8


def register_secret(value: str | None) -> None:
    """Replace ``value`` wherever it appears from now on (e.g. the model API key)."""
    if value and len(value) >= MIN_SECRET and value not in ("not-needed",):
        _KNOWN.add(value)


_QUOTES = (("esc", '\\"'), ("dq", '"'), ("sq", "'"), ("bare", ""))


def _pair(m: re.Match[str]) -> str:
    if not is_secret_name(m["name"], in_query=m["lead"] in ("?", "&", ";")):
        return m[0]
    group, quote = next((g, q) for g, q in _QUOTES if m[g] is not None)
    value = m[group]
    if value.strip().lower() in _NOT_SECRET:
        return m[0]
    scheme = _SCHEME.match(value)
    kept = scheme.group(1) if scheme else ""
    return f"{m['lead']}{m['name']}{m['sep']}{quote}{kept}{MASK}{quote}"


def redact(text: str) -> str:
    """``text`` with credentials in URLs, values under secret names (queries, headers, JSON, ``name=value``),
    bearer tokens and registered secret values replaced by ``***``; and what UTF-8 cannot hold (lone surrogates)
    by U+FFFD."""
    text = encodable(text)
    for value in sorted(_KNOWN, key=len, reverse=True):
        text = text.replace(value, MASK)
    text = _USERINFO.sub(lambda m: m.group(1) + MASK + "@", text)
    text = _PAIR.sub(_pair, text)
    return _BEARER.sub(lambda m: m.group(1) + MASK, text)


def redact_bytes(data: bytes) -> bytes:
    """``data`` redacted as text when it is UTF-8 (JSON, XML, logs), else with registered secrets replaced (images
    and other binary files keep their bytes)."""
    try:
        return redact(data.decode("utf-8")).encode("utf-8")
    except UnicodeDecodeError:
        for value in sorted(_KNOWN, key=len, reverse=True):
            data = data.replace(value.encode("utf-8"), MASK.encode())
        return data


def redact_json(value: Any) -> Any:
    """A JSON-serialisable ``value`` with every string in it redacted."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {encodable(k) if isinstance(k, str) else k: redact_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [redact_json(v) for v in value]
    return value


def redacted_line(value: Any) -> str:
    """``value`` as one redacted JSON line (for the results and model-log writers), one line for every reader."""
    return one_line(redact(json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)))


class RedactingFormatter(logging.Formatter):
    """A log formatter whose every formatted record (message, arguments, traceback) is redacted: wraps the
    formatter a handler had (pytest's ``--log-file``, live-log and captured-log handlers)."""

    def __init__(self, inner: logging.Formatter | None) -> None:
        super().__init__()
        self.inner = inner or logging.Formatter()

    def format(self, record: logging.LogRecord) -> str:
        return redact(self.inner.format(record))

    def __getattr__(self, name: str) -> Any:  # what pytest reads of its own formatters
        return getattr(self.inner, name)


def redact_handler(handler: logging.Handler) -> None:
    """Make everything ``handler`` writes pass through :func:`redact` (once; its formatter is wrapped)."""
    if not isinstance(handler.formatter, RedactingFormatter):
        handler.setFormatter(RedactingFormatter(handler.formatter))


__all__ = ["MASK", "QUERY_ONLY", "SECRET_NAMES", "SECRET_SUFFIXES", "RedactingFormatter", "is_secret_name",
           "redact", "redact_bytes", "redact_handler", "redact_json", "redacted_line", "register_secret"]
