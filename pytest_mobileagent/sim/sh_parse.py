"""Reading ``/system/bin/sh`` command lines for the simulated shell.

Android's ``/system/bin/sh`` is mksh (since Android 4.0). This module reads the
part of its grammar that ``adb shell`` users send: lists (``;``, ``&&``,
``||``, newline), pipelines (``a | b``, ``! a``), simple commands with
``NAME=value`` assignments and redirections (``>``, ``>>``, ``<``, ``2>&1``),
quoting, and ``$NAME``, ``${NAME}``, ``$?`` expansion. It only builds a tree;
:class:`pytest_mobileagent.sim.shell.Shell` runs it. Command substitution,
globbing and compound commands (``if``, ``for``, ``( )``) are not simulated and
are reported as syntax errors rather than run wrongly.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

#: How a piece of a word was quoted: "" bare, '"' double quotes (expanded, not split), "'" literal.
Part = tuple[str, str]
LITERAL, DOUBLE, BARE = "'", '"', ""

_OPERATORS = ("&&", "||", ">>", ">&", "<&", ">|", ";;", ";", "&", "|", ">", "<", "(", ")")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_ASSIGNMENT = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=")
_PARAMETER = re.compile(r"\$(?:\{([A-Za-z_][A-Za-z0-9_]*|[?#$0-9])\}|([A-Za-z_][A-Za-z0-9_]*)|([?#$0-9]))")
_IFS = re.compile(r"[ \t\n]+")


class ShellSyntaxError(ValueError):
    """A command line mksh would refuse to run (its text follows ``syntax error:``)."""


@dataclass(frozen=True)
class Word:
    """One shell word as written: its pieces with their quoting."""

    parts: tuple[Part, ...]

    @property
    def bare_text(self) -> str | None:
        """The word's text if no piece of it was quoted, else None."""
        return "".join(text for text, _ in self.parts) if all(q == BARE for _, q in self.parts) else None


@dataclass(frozen=True)
class Redirect:
    """``[fd]op target``: ``>`` ``>>`` ``>|`` ``<`` ``>&`` ``<&``."""

    fd: int
    op: str
    target: Word


@dataclass
class Command:
    """A simple command: leading assignments, then words, with redirections anywhere."""

    assignments: list[tuple[str, Word]] = field(default_factory=list)
    words: list[Word] = field(default_factory=list)
    redirects: list[Redirect] = field(default_factory=list)


@dataclass
class Pipeline:
    commands: list[Command]
    negated: bool = False


@dataclass
class AndOr:
    """``first && p || q ...``: the operators with the pipelines they guard."""

    first: Pipeline
    rest: list[tuple[str, Pipeline]] = field(default_factory=list)


@dataclass(frozen=True)
class _Token:
    kind: str  # "word", "op", or "io": the fd number written right before a redirection ("2" of "2>")
    text: str = ""
    word: Word | None = None


# -- lexing ------------------------------------------------------------------------------


class _Lexer:
    """Splits a line into words, operators and redirection fd numbers, keeping quoting."""

    def __init__(self, line: str):
        self.s, self.i = line, 0
        self.tokens: list[_Token] = []
        self.parts: list[Part] = []
        self.in_word = False

    def run(self) -> list[_Token]:
        while self.i < len(self.s):
            c = self.s[self.i]
            if c in " \t":
                self._end_word()
                self.i += 1
            elif c == "\n":
                self._end_word()
                self.tokens.append(_Token("op", "\n"))
                self.i += 1
            elif c == "#" and not self.in_word:
                end = self.s.find("\n", self.i)
                self.i = len(self.s) if end < 0 else end
            elif c == "'":
                end = self.s.find("'", self.i + 1)
                if end < 0:
                    raise ShellSyntaxError("no closing quote")
                self._add(self.s[self.i + 1:end], LITERAL)
                self.i = end + 1
            elif c == '"':
                self._double_quoted()
            elif c == "\\":
                self._backslash()
            elif c == "`" or self.s.startswith("$(", self.i):
                raise ShellSyntaxError("command substitution is not simulated")
            elif op := next((o for o in _OPERATORS if self.s.startswith(o, self.i)), None):
                self._operator(op)
            else:
                self._add(c, BARE)
                self.i += 1
        self._end_word()
        return self.tokens

    def _add(self, text: str, quoting: str) -> None:
        self.in_word = True
        if self.parts and self.parts[-1][1] == quoting and quoting != DOUBLE:
            self.parts[-1] = (self.parts[-1][0] + text, quoting)
        else:
            self.parts.append((text, quoting))

    def _end_word(self) -> None:
        if self.in_word:
            self.tokens.append(_Token("word", word=Word(tuple(self.parts))))
        self.parts, self.in_word = [], False

    def _backslash(self) -> None:
        nxt = self.s[self.i + 1:self.i + 2]
        if nxt != "\n":  # backslash-newline joins lines
            self._add(nxt, LITERAL)
        self.i += 2

    def _double_quoted(self) -> None:
        """``"..."``: ``$`` expands; backslash escapes only ``$ ` " \\`` and newline."""
        self.i += 1
        text = ""
        while True:
            if self.i >= len(self.s):
                raise ShellSyntaxError("no closing quote")
            c = self.s[self.i]
            if c == '"':
                break
            if c == "`" or self.s.startswith("$(", self.i):
                raise ShellSyntaxError("command substitution is not simulated")
            if c == "\\" and self.s[self.i + 1:self.i + 2] in ("$", "`", '"', "\\", "\n"):
                self._add(text, DOUBLE)
                text = ""
                if self.s[self.i + 1] != "\n":
                    self._add(self.s[self.i + 1], LITERAL)
                self.i += 2
                continue
            text += c
            self.i += 1
        self._add(text, DOUBLE)
        self.i += 1

    def _operator(self, op: str) -> None:
        digits = self.parts[0][0] if len(self.parts) == 1 and self.parts[0][1] == BARE else ""
        if op[0] in "<>" and digits.isdigit():  # "2>": the fd number, not an argument
            self.parts, self.in_word = [], False
            self.tokens.append(_Token("io", digits))
        else:
            self._end_word()
        self.tokens.append(_Token("op", op))
        self.i += len(op)


# -- parsing -----------------------------------------------------------------------------


class _Parser:
    """Builds the list of and-or lists from tokens."""

    def __init__(self, tokens: list[_Token]):
        self.tokens, self.i = tokens, 0

    def _peek(self) -> _Token | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def _is_op(self, *ops: str) -> bool:
        t = self._peek()
        return t is not None and t.kind == "op" and t.text in ops

    def _unexpected(self) -> ShellSyntaxError:
        t = self._peek()
        if t is None:
            return ShellSyntaxError("unexpected end of input")
        if t.text == "\n":
            return ShellSyntaxError("newline unexpected")
        shown = "".join(p for p, _ in t.word.parts) if t.word else t.text
        return ShellSyntaxError(f"'{shown}' unexpected")

    def _skip_newlines(self) -> None:
        while self._is_op("\n"):
            self.i += 1

    def script(self) -> list[AndOr]:
        lists: list[AndOr] = []
        self._skip_newlines()
        while self._peek() is not None:
            lists.append(self._and_or())
            if self._peek() is None:
                break
            if not self._is_op(";", "&", "\n"):  # "&" runs in the foreground: nothing here runs concurrently
                raise self._unexpected()
            self.i += 1
            self._skip_newlines()
        return lists

    def _and_or(self) -> AndOr:
        node = AndOr(self._pipeline())
        while self._is_op("&&", "||"):
            op = self.tokens[self.i].text
            self.i += 1
            self._skip_newlines()
            node.rest.append((op, self._pipeline()))
        return node

    def _pipeline(self) -> Pipeline:
        t = self._peek()
        negated = t is not None and t.word == Word((("!", BARE),))
        if negated:
            self.i += 1
        commands = [self._command()]
        while self._is_op("|"):
            self.i += 1
            self._skip_newlines()
            commands.append(self._command())
        return Pipeline(commands, negated)

    def _command(self) -> Command:
        cmd = Command()
        while (t := self._peek()) is not None:
            if t.word is not None:
                self._word(cmd, t.word)
                self.i += 1
            elif t.kind == "io" or (t.kind == "op" and t.text[0] in "<>"):
                cmd.redirects.append(self._redirect())
            else:
                break
        if not (cmd.words or cmd.assignments or cmd.redirects):
            raise self._unexpected()
        return cmd

    @staticmethod
    def _word(cmd: Command, word: Word) -> None:
        first = word.parts[0]
        m = _ASSIGNMENT.match(first[0]) if first[1] == BARE else None
        if m and not cmd.words:
            value = ((first[0][m.end():], BARE), *word.parts[1:])
            cmd.assignments.append((m.group(1), Word(value)))
        else:
            cmd.words.append(word)

    def _redirect(self) -> Redirect:
        fd = None
        if self.tokens[self.i].kind == "io":
            fd = int(self.tokens[self.i].text)
            self.i += 1
        op = self.tokens[self.i].text
        self.i += 1
        target = self._peek()
        if target is None or target.word is None:
            raise self._unexpected()
        self.i += 1
        return Redirect(fd if fd is not None else (0 if op[0] == "<" else 1), op, target.word)


def parse(line: str) -> list[AndOr]:
    """The and-or lists of a command line, in order; raises :class:`ShellSyntaxError`."""
    return _Parser(_Lexer(line).run()).script()


# -- expansion ---------------------------------------------------------------------------


def _substitute(text: str, lookup: Callable[[str], str]) -> list[tuple[str, bool]]:
    """``text`` with parameters replaced, as pieces marked True where they came from a parameter."""
    pieces: list[tuple[str, bool]] = []
    pos = 0
    for m in _PARAMETER.finditer(text):
        pieces += [(text[pos:m.start()], False), (lookup(next(g for g in m.groups() if g)), True)]
        pos = m.end()
    pieces.append((text[pos:], False))
    return pieces


def expand(word: Word, lookup: Callable[[str], str]) -> list[str]:
    """The fields a word becomes: parameters expanded, bare expansions split on blanks.

    ``""`` stays one empty field; a bare ``$UNSET`` disappears, as in any POSIX shell.
    """
    fields: list[str] = []
    current: str | None = None
    for text, quoting in word.parts:
        if quoting == LITERAL:
            current = (current or "") + text
            continue
        for piece, from_parameter in _substitute(text, lookup):
            if quoting == DOUBLE or not from_parameter:
                current = (current or "") + piece
                continue
            for k, chunk in enumerate(_IFS.split(piece)):
                if k and current is not None:
                    fields.append(current)
                    current = None
                if chunk:
                    current = (current or "") + chunk
        if quoting == DOUBLE and current is None:
            current = ""
    if current is not None:
        fields.append(current)
    return fields


def expand_text(word: Word, lookup: Callable[[str], str]) -> str:
    """A word expanded without field splitting (assignment values, redirection targets)."""
    return "".join(
        text if quoting == LITERAL else "".join(piece for piece, _ in _substitute(text, lookup))
        for text, quoting in word.parts)


def is_name(text: str) -> bool:
    """Whether ``text`` is a valid shell variable name."""
    return _NAME.fullmatch(text) is not None
