"""A schema-less reader for protobuf text format (``.textproto``).

Benchmarks ship task files in text format without their ``.proto`` schemas
(AndroidWorld's information-retrieval tasks, B-MoCA's AndroidEnv ``Task``
files), so messages are read as dicts: scalar fields map to values, message
fields to dicts, and a field that appears more than once to a list. Use
:func:`repeated` to read a field that is repeated in the schema whether it
appeared once or many times; ``loads(text, lines=True)`` also keeps where each
message starts, for errors that point at a line (:func:`line_of`).
"""

from __future__ import annotations

import re
from typing import Any

_TOKEN = re.compile(
    r"""
    (?P<space>\s+|\#[^\n]*)
  | (?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
  | (?P<number>[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?[fF]?)
  | (?P<ident>[A-Za-z_][A-Za-z0-9_.]*)
  | (?P<punct>[{}<>:\[\],;])
    """,
    re.VERBOSE,
)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "'": "'", "\\": "\\", "a": "\a", "b": "\b", "f": "\f",
            "v": "\v", "?": "?"}


class TextprotoError(ValueError):
    """The text is not valid protobuf text format; the message gives the line."""


def _unescape(body: str) -> str:
    out = bytearray()
    i = 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out += c.encode("utf-8")
            i += 1
            continue
        nxt = body[i + 1]
        if nxt in _ESCAPES:
            out += _ESCAPES[nxt].encode()
            i += 2
        elif nxt in "01234567":
            m = re.match(r"[0-7]{1,3}", body[i + 1:])
            assert m
            out.append(int(m.group(0), 8))
            i += 1 + len(m.group(0))
        elif nxt == "x":
            m = re.match(r"[0-9A-Fa-f]{1,2}", body[i + 2:])
            if not m:
                raise TextprotoError(f"bad \\x escape in {body!r}")
            out.append(int(m.group(0), 16))
            i += 2 + len(m.group(0))
        else:  # like protobuf's own reader, keep unknown escapes (regexes such as "\\[") literally
            out += ("\\" + nxt).encode("utf-8")
            i += 2
    return out.decode("utf-8", errors="replace")


#: The key under which ``loads(text, lines=True)`` keeps a message's first line.
LINE_KEY = "__line__"


class _Parser:
    def __init__(self, text: str):
        self.tokens: list[tuple[str, str, int]] = []
        pos, line = 0, 1
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            if not m:
                raise TextprotoError(f"line {line}: unexpected character {text[pos]!r}")
            kind = m.lastgroup or ""
            if kind != "space":
                self.tokens.append((kind, m.group(0), line))
            line += m.group(0).count("\n")
            pos = m.end()
        self.i = 0

    def peek(self) -> tuple[str, str, int] | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> tuple[str, str, int]:
        tok = self.peek()
        if tok is None:
            raise TextprotoError("unexpected end of input")
        self.i += 1
        return tok

    def message(self, close: str | None, line: int = 1) -> dict[str, Any]:
        fields: dict[str, Any] = {LINE_KEY: line}
        while True:
            tok = self.peek()
            if tok is None:
                if close is not None:
                    raise TextprotoError(f"missing {close!r} at end of input")
                return fields
            if tok[1] == close:
                self.take()
                return fields
            if tok[1] in ",;":
                self.take()
                continue
            kind, name, line = self.take()
            if kind != "ident":
                raise TextprotoError(f"line {line}: expected a field name, got {name!r}")
            value = self.value(line)
            if name in fields:
                if not isinstance(fields[name], list) or not fields.get(f"__list__{name}"):
                    fields[name] = [fields[name]]
                    fields[f"__list__{name}"] = True
                if isinstance(value, list) and not isinstance(value, _Repeated):
                    fields[name].extend(value)
                else:
                    fields[name].append(value)
            else:
                fields[name] = value

    def value(self, line: int) -> Any:
        tok = self.peek()
        if tok is None:
            raise TextprotoError(f"line {line}: field without a value")
        if tok[1] == ":":
            self.take()
            tok = self.peek()
            if tok is None:
                raise TextprotoError(f"line {line}: field without a value")
        if tok[1] in "{<":
            self.take()
            return self.message("}" if tok[1] == "{" else ">", tok[2])
        if tok[1] == "[":
            self.take()
            items: list[Any] = []
            while True:
                if self.peek() and self.peek()[1] == "]":  # type: ignore[index]
                    self.take()
                    return items
                items.append(self.value(line))
                if self.peek() and self.peek()[1] == ",":  # type: ignore[index]
                    self.take()
        return self.scalar()

    def scalar(self) -> Any:
        kind, text, line = self.take()
        if kind == "string":
            parts = [_unescape(text[1:-1])]
            while self.peek() and self.peek()[0] == "string":  # adjacent strings concatenate
                parts.append(_unescape(self.take()[1][1:-1]))
            return "".join(parts)
        if kind == "number":
            t = text.rstrip("fF")
            return float(t) if any(c in t for c in ".eE") else int(t)
        if kind == "ident":
            return {"true": True, "True": True, "false": False, "False": False}.get(text, text)
        raise TextprotoError(f"line {line}: unexpected {text!r}")


class _Repeated(list):
    pass


def _clean(value: Any, lines: bool) -> Any:
    if isinstance(value, dict):
        return {k: _clean(v, lines) for k, v in value.items()
                if not k.startswith("__list__") and (lines or k != LINE_KEY)}
    if isinstance(value, list):
        return [_clean(v, lines) for v in value]
    return value


def loads(text: str, lines: bool = False) -> dict[str, Any]:
    """Parse a text-format message into a dict; with ``lines``, each message dict also holds the line its
    opening brace is on (the top level: line 1) under :data:`LINE_KEY`."""
    return _clean(_Parser(text).message(None), lines)


def line_of(message: Any) -> int | None:
    """The line a message read with ``loads(text, lines=True)`` starts on, or None."""
    return message.get(LINE_KEY) if isinstance(message, dict) else None


def field_names(message: dict[str, Any]) -> list[str]:
    """A message's field names (without :data:`LINE_KEY`)."""
    return [k for k in message if k != LINE_KEY]


def repeated(message: dict[str, Any], name: str) -> list[Any]:
    """A repeated field as a list, whether it occurred zero, one or many times."""
    value = message.get(name)
    if value is None:
        return []
    return value if isinstance(value, list) else [value]
