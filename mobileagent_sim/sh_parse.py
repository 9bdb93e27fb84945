"""Reading ``/system/bin/sh`` command lines for the simulated shell.

Android's ``/system/bin/sh`` is mksh (since Android 4.0; Android 13 ships R59c, AOSP ``external/mksh``). This
module reads its grammar into a tree that :class:`mobileagent_sim.shell.Shell` runs: lists (``;``,
``&&``, ``||``, newline), pipelines, simple commands with assignments and redirections (here-documents and
mksh's here-strings included), the compound commands (``if``, ``for``, ``while``/``until``, ``case``,
``{ }``, ``( )``, functions, ``(( ))``), and words with their quoting and expansions (parameters with
mksh's ``${x:-y}`` family, ``$(...)`` and backticks, ``$((...))``, ``$'...'``). It also holds the pure parts of
expansion: mksh's 32-bit arithmetic and pattern matching.

Like mksh run with ``-c``, a script is read one top-level line at a time (mksh's ``shell()`` loop in
``main.c``): a syntax error on a later line stops the script after the earlier lines ran. Syntax errors carry
mksh's text (``syn.c`` ``syntaxerr``: ``syntax error: unexpected 'fi'``, ``syntax error: unmatched 'if'``,
``syntax error: unexpected EOF``; ``lex.c``: ``no closing quote``, ``here document 'EOF' unclosed``).
"""

from __future__ import annotations

import dataclasses
import fnmatch
import functools
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_ASSIGNMENT = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(\+?=)")
_SPECIAL_PARAMS = "@*#?$!-0123456789"
#: mksh's reserved words (``lex.c`` ``tokentab`` in ``syn.c``).
KEYWORDS = frozenset({"if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until",
                      "do", "done", "in", "function", "time", "{", "}", "!", "[[", "]]"})
_METACHARS = frozenset(" \t\n;&|<>()")
_OPERATORS = ("<<<", "<<-", "&&", "||", ";;", ";&", ";|", "|&", ">>", "<<", "<&", ">&", "<>", ">|",
              ";", "&", "|", "(", ")", "<", ">")


class ShellSyntaxError(ValueError):
    """A script mksh refuses to read; the text follows ``/system/bin/sh: `` (status 1, as mksh's)."""

    def __init__(self, message: str, status: int = 1):
        super().__init__(message)
        self.status = status


# -- the tree ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Lit:
    """Literal text; ``quoted`` text is neither split nor a pattern."""

    text: str
    quoted: bool


@dataclass(frozen=True)
class Param:
    """``$name`` or ``${name<op>arg}``; op "" plain, "len" for ``${#name}``, "bad" for what is not simulated."""

    name: str
    op: str = ""
    arg: Word | None = None
    quoted: bool = False
    #: The replacement of ``${x/pattern/replacement}``, the length of ``${x:offset:length}``.
    arg2: Word | None = None


@dataclass(frozen=True)
class CmdSub:
    """``$(...)`` or backticks: the script's output, trailing newlines removed."""

    body: tuple[Node, ...]
    quoted: bool


@dataclass(frozen=True)
class Arith:
    """``$((...))``: the expression text, expanded, then evaluated as mksh's arithmetic."""

    expr: Word
    quoted: bool


WordPart = Lit | Param | CmdSub | Arith


@dataclass(frozen=True)
class Word:
    """One shell word as written: its parts with their quoting."""

    parts: tuple[WordPart, ...]
    #: The word's only field when nothing in it expands (no parameter, substitution, pattern or tilde).
    literal: str | None = field(default=None, compare=False)
    #: Whether an unquoted ``{a,b}`` may be in it (mksh's braceexpand option is on).
    braces: bool = field(default=False, compare=False)

    @property
    def text(self) -> str:
        """The word as mksh prints it back in messages (``tree.c``): quoted parts inside double quotes."""
        out, inside = [], False
        for p in self.parts:
            if p.quoted != inside:
                out.append('"')
                inside = p.quoted
            if isinstance(p, Lit):
                out.append(p.text)
            elif isinstance(p, Param):
                out.append(p.name if p.op == "bad" else f"${p.name}" if not p.op else "${" + p.name + "...}")
            else:
                out.append("$(...)" if isinstance(p, CmdSub) else "$((...))")
        if inside:
            out.append('"')
        return "".join(out)

    @property
    def keyword(self) -> str | None:
        """The word's text when it is one unquoted literal (how reserved words are recognised)."""
        if len(self.parts) == 1 and isinstance(self.parts[0], Lit) and not self.parts[0].quoted:
            return self.parts[0].text
        return None


def make_word(parts: list[WordPart]) -> Word:
    """A word with its :attr:`Word.literal` worked out once, at parse time (the common word expands to itself)."""
    merged: list[WordPart] = []
    for p in parts:
        if merged and isinstance(p, Lit) and isinstance(merged[-1], Lit) and merged[-1].quoted == p.quoted:
            merged[-1] = Lit(merged[-1].text + p.text, p.quoted)
        else:
            merged.append(p)
    literal = None
    bare = "".join(p.text for p in merged if isinstance(p, Lit) and not p.quoted)
    braces = "{" in bare and "," in bare and "}" in bare
    if all(isinstance(p, Lit) for p in merged) and not braces:
        text = "".join(p.text for p in merged)  # type: ignore[union-attr]
        if not any(c in bare for c in "*?[") and not (merged and not merged[0].quoted  # type: ignore[union-attr]
                                                          and merged[0].text.startswith("~")):  # type: ignore
            literal = text
    return Word(tuple(merged), literal, braces)


@dataclass
class HereDoc:
    """A here-document's delimiter and, once the lines after the command are read, its body."""

    delimiter: str
    strip_tabs: bool
    quoted: bool
    body: Word | None = None


@dataclass(frozen=True)
class Redirect:
    """``[fd]op target``: ``>`` ``>>`` ``>|`` ``<`` ``<>`` ``>&`` ``<&`` ``<<`` ``<<-`` ``<<<``."""

    fd: int
    op: str
    target: Word
    heredoc: HereDoc | None = None


@dataclass(frozen=True)
class Simple:
    """A simple command: leading assignments, then words, with redirections anywhere."""

    assignments: tuple[tuple[str, str, Word], ...]  # (name, "=" or "+=", value)
    words: tuple[Word, ...]
    redirects: tuple[Redirect, ...]


@dataclass(frozen=True)
class Pipeline:
    commands: tuple[Node, ...]
    negated: bool = False


@dataclass(frozen=True)
class AndOr:
    """``first && p || q ...``: the operators with the pipelines they guard."""

    first: Pipeline
    rest: tuple[tuple[str, Pipeline], ...] = ()
    #: Ended by ``&``: run as a background job.
    background: bool = False


Body = tuple[AndOr, ...]


@dataclass(frozen=True)
class If:
    clauses: tuple[tuple[Body, Body], ...]
    otherwise: Body | None


@dataclass(frozen=True)
class For:
    name: str
    words: tuple[Word, ...] | None  # None: the positional parameters
    body: Body


@dataclass(frozen=True)
class Loop:
    """``while`` (or ``until``) COND; do BODY; done."""

    cond: Body
    body: Body
    until: bool


@dataclass(frozen=True)
class CaseItem:
    patterns: tuple[Word, ...]
    body: Body
    terminator: str  # ";;", ";&" (fall through) or ";|" (go on matching)


@dataclass(frozen=True)
class Case:
    word: Word
    items: tuple[CaseItem, ...]


@dataclass(frozen=True)
class Group:
    body: Body
    subshell: bool  # ( ) rather than { }


@dataclass(frozen=True)
class FuncDef:
    name: str
    body: Node


@dataclass(frozen=True)
class ArithCommand:
    """``(( expr ))``: status 0 when the expression is not zero."""

    expr: Word


@dataclass(frozen=True)
class CondCommand:
    """``[[ ... ]]``: its words, operators included, evaluated as ``test`` does with mksh's additions."""

    words: tuple[Word, ...]


@dataclass(frozen=True)
class Redirected:
    """A compound command with the redirections written after it."""

    command: Node
    redirects: tuple[Redirect, ...]


@dataclass(frozen=True)
class Line:
    """A top-level line of a script of several: the commands mksh read and ran together, and the line it had
    read to, which its messages name (``sh: FILE[LINE]: ...``)."""

    body: Body
    line: int


@dataclass(frozen=True)
class SyntaxFailure:
    """Where the script stops: mksh read the lines before and ran them, then found this error."""

    error: ShellSyntaxError
    line: int = 1


Node = (Simple | Pipeline | AndOr | If | For | Loop | Case | Group | FuncDef | ArithCommand | CondCommand | Redirected
        | Line)


# -- reading -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Tok:
    kind: str  # "word", "op", "io" (the fd digits before a redirection), "eof"
    text: str = ""
    word: Word | None = None


_EOF = _Tok("eof")


class _Parser:
    """A recursive-descent reader over the script text, lexing on demand (reserved words are context-bound)."""

    def __init__(self, src: str):
        self.s = src
        self.i = 0
        self._peeked: _Tok | None = None
        self._pending: list[HereDoc] = []
        #: Where the last newline token was read, and where the last top-level line ended.
        self.newline_at = self.ended_at = 0
        #: The constructs open around the reader, for mksh's ``unmatched 'if'``.
        self.nesting: list[str] = []

    def line(self, at: int | None = None) -> int:
        """The line the reader is on (or position ``at`` is on)."""
        return self.s.count("\n", 0, self.i if at is None else at) + 1

    # -- lexing ----------------------------------------------------------------------

    def _skip_blanks(self) -> None:
        s = self.s
        while self.i < len(s):
            c = s[self.i]
            if c in " \t":
                self.i += 1
            elif c == "\\" and s.startswith("\\\n", self.i):
                self.i += 2
            elif c == "#":
                end = s.find("\n", self.i)
                self.i = len(s) if end < 0 else end
            else:
                return

    def peek(self) -> _Tok:
        if self._peeked is None:
            self._peeked = self._lex()
        return self._peeked

    def take(self) -> _Tok:
        t = self.peek()
        self._peeked = None
        return t

    def _lex(self) -> _Tok:
        self._skip_blanks()
        s, i = self.s, self.i
        if i >= len(s):
            return _EOF
        c = s[i]
        if c == "\n":
            self.newline_at = i
            self.i += 1
            self._read_heredocs()
            return _Tok("op", "\n")
        if c.isdigit():
            j = i
            while j < len(s) and s[j].isdigit():
                j += 1
            if j < len(s) and s[j] in "<>":
                self.i = j
                return _Tok("io", s[i:j])
        for op in _OPERATORS:
            if s.startswith(op, i):
                self.i += len(op)
                return _Tok("op", op)
        word = self._word()
        return _Tok("word", word.keyword or "", word)

    def _word(self, stop: str = "") -> Word:
        """An unquoted word from here to the next metacharacter (or a character of ``stop``)."""
        parts: list[WordPart] = []
        s = self.s
        while self.i < len(s):
            c = s[self.i]
            if c in _METACHARS or c in stop:
                break
            self._word_char(c, parts, quoted=False)
        return make_word(parts)

    def _word_char(self, c: str, parts: list[WordPart], quoted: bool) -> None:
        """Read the construct starting with ``c`` in unquoted context (``quoted``: inside ``"${x:-...}"``)."""
        s = self.s
        if c == "'" and not quoted:
            end = s.find("'", self.i + 1)
            if end < 0:
                raise ShellSyntaxError("no closing quote")
            parts.append(Lit(s[self.i + 1:end], True))
            self.i = end + 1
        elif c == '"':
            self.i += 1
            self._double_quoted(parts)
        elif c == "\\":
            nxt = s[self.i + 1:self.i + 2]
            if nxt != "\n":
                parts.append(Lit(nxt, True))
            self.i += 2
        elif c == "$":
            parts.append(self._dollar(quoted))
        elif c == "`":
            parts.append(self._backtick(quoted))
        else:
            parts.append(Lit(c, quoted))
            self.i += 1

    def _double_quoted(self, parts: list[WordPart]) -> None:
        """``"..."`` (the opening quote read): ``$`` and backticks expand; backslash escapes ``$ ` " \\``."""
        s = self.s
        start = len(parts)
        while True:
            if self.i >= len(s):
                raise ShellSyntaxError("no closing quote")
            c = s[self.i]
            if c == '"':
                self.i += 1
                break
            if c == "\\" and s[self.i + 1:self.i + 2] in ("$", "`", '"', "\\", "\n"):
                if s[self.i + 1] != "\n":
                    parts.append(Lit(s[self.i + 1], True))
                self.i += 2
            elif c == "$":
                parts.append(self._dollar(True))
            elif c == "`":
                parts.append(self._backtick(True))
            else:
                parts.append(Lit(c, True))
                self.i += 1
        if len(parts) == start:
            parts.append(Lit("", True))  # "" is a word of its own

    def _dollar(self, quoted: bool) -> WordPart:
        s, i = self.s, self.i
        nxt = s[i + 1:i + 2]
        if s.startswith("$((", i):
            return self._arith(quoted)
        if nxt == "(":
            self.i += 2
            return CmdSub(self._nested_script("(", ")"), quoted)
        if nxt == "{":
            return self._braced(quoted)
        if nxt == "'" and not quoted:
            return self._ansi_c()
        if nxt and nxt in _SPECIAL_PARAMS:
            self.i += 2
            return Param(nxt, quoted=quoted)
        m = _NAME.match(s, i + 1)
        if m:
            self.i = m.end()
            return Param(m.group(), quoted=quoted)
        self.i += 1
        return Lit("$", quoted)

    def _nested_script(self, opener: str, closer: str) -> tuple[Node, ...]:
        """The commands of ``$( ... )`` up to its closing parenthesis."""
        saved = self._peeked
        self._peeked = None
        self.nesting.append(opener)
        body = self.body({closer}, allow_empty=True)
        t = self.take()
        if t.kind != "op" or t.text != closer:
            raise self._unexpected(t)
        self.nesting.pop()
        self._peeked = saved
        return body

    def _arith_text(self, start: int) -> str:
        """The text from ``start`` to the ``))`` that closes it (nested parentheses skipped); moves past it."""
        s = self.s
        depth, j = 0, start
        while j < len(s):
            if s[j] == "(":
                depth += 1
            elif s[j] == ")":
                if depth == 0:
                    break
                depth -= 1
            j += 1
        if not s.startswith("))", j):
            raise ShellSyntaxError("syntax error: unmatched '('")
        self.i = j + 2
        return s[start:j]

    def _arith(self, quoted: bool) -> Arith:
        """``$(( ... ))``: the text to the matching ``))``, read as a here-document's body is."""
        return Arith(expandable(self._arith_text(self.i + 3)), quoted)

    def _backtick(self, quoted: bool) -> CmdSub:
        """```...```: the text to the next unescaped backtick, with ``\\\\ \\` \\$`` unescaped, read again."""
        s = self.s
        j = self.i + 1
        text = []
        while True:
            if j >= len(s):
                raise ShellSyntaxError("no closing quote")
            c = s[j]
            if c == "`":
                break
            if c == "\\" and s[j + 1:j + 2] in ("\\", "`", "$") + (('"',) if quoted else ()):
                text.append(s[j + 1])
                j += 2
                continue
            text.append(c)
            j += 1
        self.i = j + 1
        return CmdSub(parse("".join(text)), quoted)

    def _ansi_c(self) -> Lit:
        """mksh's ``$'...'``: backslash escapes as in C."""
        s = self.s
        j = self.i + 2
        out = []
        escapes = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v", "e": "\x1b",
                   "E": "\x1b", "\\": "\\", "'": "'", '"': '"', "?": "?"}
        while True:
            if j >= len(s):
                raise ShellSyntaxError("no closing quote")
            c = s[j]
            if c == "'":
                break
            if c == "\\" and j + 1 < len(s):
                e = s[j + 1]
                if e in escapes:
                    out.append(escapes[e])
                    j += 2
                elif e == "x":
                    m = re.compile(r"[0-9A-Fa-f]{1,2}").match(s, j + 2)
                    out.append(chr(int(m.group(), 16)) if m else "\\x")
                    j = m.end() if m else j + 2
                elif e in "01234567":
                    m = re.compile(r"[0-7]{1,3}").match(s, j + 1)
                    out.append(chr(int(m.group(), 8)))  # type: ignore[union-attr]
                    j = m.end()  # type: ignore[union-attr]
                else:
                    out.append("\\" + e)
                    j += 2
                continue
            out.append(c)
            j += 1
        self.i = j + 1
        return Lit("".join(out), True)

    def _braced(self, quoted: bool) -> WordPart:
        """``${...}``: a name, then ``}`` or one of mksh's operators and its word."""
        s = self.s
        start = self.i
        j = self.i + 2
        length = s.startswith("#", j) and j + 1 < len(s) and s[j + 1] not in "}"
        if length:
            j += 1
        m = _NAME.match(s, j)
        if m:
            name, j = m.group(), m.end()
        elif j < len(s) and s[j] in _SPECIAL_PARAMS:
            m2 = re.compile(r"[0-9]+").match(s, j)
            name, j = (m2.group(), m2.end()) if m2 else (s[j], j + 1)
        else:
            return self._bad_substitution(start)
        if length:
            if s.startswith("}", j):
                self.i = j + 1
                return Param(name, "len", None, quoted)
            return self._bad_substitution(start)
        if s.startswith("}", j):
            self.i = j + 1
            return Param(name, "", None, quoted)
        op = next((o for o in (":-", ":=", ":+", ":?", "##", "%%", "-", "=", "+", "?", "#", "%", "//", "/#", "/%",
                               "/", ":") if s.startswith(o, j)), None)
        if op is None:
            return self._bad_substitution(start)
        self.i = j + len(op)
        if op[0] == "/":  # ${x/pattern/replacement}; the pattern is one even inside double quotes
            pattern = self._braced_arg("/}", False)
            replacement = None
            if s.startswith("/", self.i):
                self.i += 1
                replacement = self._braced_arg("}", quoted)
            self.i += 1
            return Param(name, op, pattern, quoted, replacement)
        if op == ":":  # ${x:offset[:length]}, both arithmetic
            offset = self._braced_arg(":}", True)
            length = None
            if s.startswith(":", self.i):
                self.i += 1
                length = self._braced_arg("}", True)
            self.i += 1
            return Param(name, ":sub", offset, quoted, length)
        arg = self._braced_arg("}", quoted and op[0] not in "#%")  # patterns are patterns inside "..." too
        self.i += 1
        return Param(name, op, arg, quoted)

    def _braced_arg(self, stops: str, quoted: bool) -> Word:
        """The word inside ``${name<op>...}`` up to one of ``stops`` (left unread)."""
        s = self.s
        parts: list[WordPart] = []
        while True:
            if self.i >= len(s):
                raise ShellSyntaxError("no closing quote")
            c = s[self.i]
            if c in stops:
                return make_word(parts)
            self._word_char(c, parts, quoted)

    def _bad_substitution(self, start: int) -> Param:
        """A ``${...}`` form mksh has and the simulator does not (``${x/a/b}``, ``${x:1:2}``, arrays...)."""
        s = self.s
        depth, j = 0, start + 2
        while j < len(s):
            if s[j] == "{":
                depth += 1
            elif s[j] == "}":
                if depth == 0:
                    break
                depth -= 1
            j += 1
        if j >= len(s):
            raise ShellSyntaxError("no closing quote")
        self.i = j + 1
        return Param(s[start:j + 1], "bad")

    def _read_heredocs(self) -> None:
        """After a newline: the bodies of the here-documents its line opened, in order."""
        for doc in self._pending:
            lines = []
            while True:
                if self.i >= len(self.s):
                    raise ShellSyntaxError(f"here document '{doc.delimiter}' unclosed")
                end = self.s.find("\n", self.i)
                line = self.s[self.i:] if end < 0 else self.s[self.i:end]
                self.i = len(self.s) if end < 0 else end + 1
                if doc.strip_tabs:
                    line = line.lstrip("\t")
                if line == doc.delimiter:
                    break
                lines.append(line + "\n")
            text = "".join(lines)
            doc.body = make_word([Lit(text, True)]) if doc.quoted else expandable(text, heredoc=True)
        self._pending = []

    # -- grammar ---------------------------------------------------------------------

    def _unexpected(self, t: _Tok) -> ShellSyntaxError:
        if t.kind == "eof":
            if self.nesting:
                return ShellSyntaxError(f"syntax error: unmatched '{self.nesting[-1]}'")
            return ShellSyntaxError("syntax error: unexpected EOF")
        if t.kind == "op":
            if t.text == "|&":
                return ShellSyntaxError("|&: co-processes are not simulated", 127)
            shown = "newline" if t.text == "\n" else t.text + " " if t.text[0] in "<>" else t.text
        elif t.kind == "io":  # a redirection, printed without its target: "2>& "
            shown = t.text + next((o for o in _OPERATORS if self.s.startswith(o, self.i)), "") + " "
        else:
            shown = t.word.text if t.word else t.text
        return ShellSyntaxError(f"syntax error: unexpected '{shown}'")

    def _is_keyword(self, t: _Tok, *names: str) -> bool:
        return t.kind == "word" and t.text in names

    def _is_op(self, t: _Tok, *ops: str) -> bool:
        return t.kind == "op" and t.text in ops

    def _skip_newlines(self) -> None:
        while self._is_op(self.peek(), "\n"):
            self.take()

    def _expect_keyword(self, name: str) -> None:
        t = self.take()
        if not self._is_keyword(t, name):
            raise self._unexpected(t)

    def top_line(self) -> Body | None:
        """The next top-level line's commands (None at the end of the script)."""
        self._skip_newlines()
        if self.peek().kind == "eof":
            if self._pending:
                raise ShellSyntaxError(f"here document '{self._pending[0].delimiter}' unclosed")
            return None
        items = []
        while True:
            items.append(self.and_or())
            t = self.peek()
            if self._is_op(t, ";", "&"):
                self._ended(items, self.take())
                t = self.peek()
                if t.kind == "eof" or self._is_op(t, "\n"):
                    break
                continue
            if t.kind == "eof" or self._is_op(t, "\n"):
                break
            raise self._unexpected(t)
        self.ended_at = len(self.s)
        if self._is_op(self.peek(), "\n"):
            self.take()
            self.ended_at = self.newline_at
        elif self._pending:
            raise ShellSyntaxError(f"here document '{self._pending[0].delimiter}' unclosed")
        return tuple(items)

    def body(self, stops: set[str], allow_empty: bool = False) -> Body:
        """A command list up to one of ``stops`` (reserved words or operators), newlines allowed."""
        items: list[AndOr] = []
        self._skip_newlines()
        while True:
            t = self.peek()
            if t.kind == "eof" or (t.kind == "word" and t.text in stops) or (t.kind == "op" and t.text in stops):
                break
            items.append(self.and_or())
            t = self.peek()
            if self._is_op(t, ";", "&", "\n"):
                self._ended(items, self.take())
                self._skip_newlines()
                continue
            break
        if not items and not allow_empty:
            raise self._unexpected(self.peek())
        return tuple(items)

    @staticmethod
    def _ended(items: list[AndOr], t: _Tok) -> None:
        """The list before ``&`` runs in the background."""
        if t.text == "&":
            items[-1] = dataclasses.replace(items[-1], background=True)

    def and_or(self) -> AndOr:
        first = self.pipeline()
        rest = []
        while self._is_op(self.peek(), "&&", "||"):
            op = self.take().text
            self._skip_newlines()
            rest.append((op, self.pipeline()))
        return AndOr(first, tuple(rest))

    def pipeline(self) -> Pipeline:
        negated = False
        while self._is_keyword(self.peek(), "!"):
            self.take()
            negated = not negated
        commands = [self.command()]
        while self._is_op(self.peek(), "|"):
            self.take()
            self._skip_newlines()
            commands.append(self.command())
        return Pipeline(tuple(commands), negated)

    def command(self) -> Node:
        t = self.peek()
        node: Node
        if t.kind == "word" and t.text in KEYWORDS:
            kw = t.text
            if kw in ("if", "for", "while", "until", "case", "{", "[[", "function"):
                self.take()
                node = getattr(self, "_" + {"{": "group", "[[": "cond"}.get(kw, kw))()
            elif kw == "!":  # "a | ! b | c": the negation takes the rest of the pipeline (syn.c BANG)
                self.take()
                inner = self.pipeline()
                return Pipeline(inner.commands, not inner.negated)
            elif kw in ("select", "time"):
                raise ShellSyntaxError(f"{kw}: not simulated", 127)
            else:
                raise self._unexpected(t)
        elif self._is_op(t, "("):
            self.take()
            if self.s.startswith("(", self.i):
                return self._arith_command()
            self.nesting.append("(")
            body = self.body({")"}, allow_empty=True)
            t = self.take()
            if not self._is_op(t, ")"):
                raise self._unexpected(t)
            self.nesting.pop()
            node = Group(body, subshell=True)
        else:
            return self._simple()
        redirects = self._redirects()
        return Redirected(node, redirects) if redirects else node

    def _redirects(self) -> tuple[Redirect, ...]:
        found = []
        while (t := self.peek()).kind == "io" or (t.kind == "op" and t.text[0] in "<>"):
            found.append(self._redirect())
        return tuple(found)

    def _simple(self) -> Node:
        assignments: list[tuple[str, str, Word]] = []
        words: list[Word] = []
        redirects: list[Redirect] = []
        while True:
            t = self.peek()
            if t.kind == "word":
                self.take()
                w = t.word
                assert w is not None
                first = w.parts[0] if w.parts else None
                m = (_ASSIGNMENT.match(first.text) if isinstance(first, Lit) and not first.quoted and not words
                     else None)
                if m:
                    assert isinstance(first, Lit)
                    rest = first.text[m.end():]
                    value = make_word(([Lit(rest, False)] if rest else []) + list(w.parts[1:]))
                    assignments.append((m.group(1), m.group(2), value))
                else:
                    words.append(w)
            elif t.kind == "io" or (t.kind == "op" and t.text[0] in "<>"):
                redirects.append(self._redirect())
            else:
                break
        if not (words or assignments or redirects):
            raise self._unexpected(self.peek())
        if len(words) == 1 and not assignments and not redirects and self._is_op(self.peek(), "("):
            name = words[0].keyword
            self.take()
            t = self.take()
            if name is None or not self._is_op(t, ")"):
                raise self._unexpected(t)
            return self._function_body(name)
        return Simple(tuple(assignments), tuple(words), tuple(redirects))

    def _function_body(self, name: str) -> FuncDef:
        self._skip_newlines()
        return FuncDef(name, self.command())

    def _redirect(self) -> Redirect:
        t = self.take()
        fd = None
        if t.kind == "io":
            fd = int(t.text)
            t = self.take()
        op = t.text
        target = self.take()
        if target.kind != "word" or target.word is None:
            raise self._unexpected(target)
        if fd is None:
            fd = 0 if op[0] == "<" else 1
        if op in ("<<", "<<-"):
            w = target.word
            delimiter = "".join(p.text for p in w.parts if isinstance(p, Lit))
            quoted = any(not isinstance(p, Lit) or p.quoted for p in w.parts)
            doc = HereDoc(delimiter, op == "<<-", quoted)
            self._pending.append(doc)
            return Redirect(fd, op, w, doc)
        return Redirect(fd, op, target.word)

    def _if(self) -> If:
        self.nesting.append("if")
        clauses = []
        otherwise = None
        while True:
            cond = self.body({"then"}, allow_empty=True)  # syn.c: only the then and else parts must have commands
            self._expect_keyword("then")
            clauses.append((cond, self.body({"elif", "else", "fi"})))
            t = self.take()
            if self._is_keyword(t, "elif"):
                continue
            if self._is_keyword(t, "else"):
                otherwise = self.body({"fi"})
                self._expect_keyword("fi")
            elif not self._is_keyword(t, "fi"):
                raise self._unexpected(t)
            break
        self.nesting.pop()
        return If(tuple(clauses), otherwise)

    def _do_done(self) -> Body:
        """``do ... done`` (or mksh's ``{ ... }``), which may be empty (``syn.c`` ``dogroup``)."""
        t = self.take()
        if not self._is_keyword(t, "do", "{"):
            raise self._unexpected(t)
        end = "done" if t.text == "do" else "}"
        body = self.body({end}, allow_empty=True)
        self._expect_keyword(end)
        return body

    def _for(self) -> For:
        t = self.take()
        if t.kind != "word" or not t.word:
            raise self._unexpected(t)
        if t.word.keyword is None or not is_name(t.word.keyword):
            raise ShellSyntaxError("for: bad identifier")
        name = t.word.keyword
        self.nesting.append("for")  # syn.c: after the name, so "for" alone is an unexpected EOF
        self._skip_newlines()
        words = None
        if self._is_keyword(self.peek(), "in"):
            self.take()
            words = []
            while self.peek().kind == "word":
                words.append(self.take().word)
            t = self.take()
            if not self._is_op(t, ";", "\n"):
                raise self._unexpected(t)
        elif self._is_op(self.peek(), ";"):
            self.take()
        self._skip_newlines()
        body = self._do_done()
        self.nesting.pop()
        return For(name, None if words is None else tuple(w for w in words if w), body)

    def _while(self, until: bool = False) -> Loop:
        self.nesting.append("until" if until else "while")
        cond = self.body({"do"}, allow_empty=True)
        body = self._do_done()
        self.nesting.pop()
        return Loop(cond, body, until)

    def _until(self) -> Loop:
        return self._while(until=True)

    def _case(self) -> Case:
        t = self.take()
        if t.kind != "word" or t.word is None:
            raise self._unexpected(t)
        word = t.word
        self.nesting.append("case")
        self._skip_newlines()
        self._expect_keyword("in")
        items = []
        self._skip_newlines()
        while not self._is_keyword(self.peek(), "esac"):
            if self._is_op(self.peek(), "("):
                self.take()
            patterns = []
            while True:
                t = self.take()
                if t.kind != "word" or t.word is None:
                    raise self._unexpected(t)
                patterns.append(t.word)
                t = self.take()
                if self._is_op(t, ")"):
                    break
                if not self._is_op(t, "|"):
                    raise self._unexpected(t)
            body = self.body({"esac", ";;", ";&", ";|"}, allow_empty=True)
            t = self.peek()
            terminator = ";;"
            if self._is_op(t, ";;", ";&", ";|"):
                terminator = self.take().text
                self._skip_newlines()
            elif not self._is_keyword(t, "esac"):
                raise self._unexpected(t)
            items.append(CaseItem(tuple(patterns), body, terminator))
        self.take()
        self.nesting.pop()
        return Case(word, tuple(items))

    def _group(self) -> Group:
        self.nesting.append("{")
        body = self.body({"}"}, allow_empty=True)
        self._expect_keyword("}")
        self.nesting.pop()
        return Group(body, subshell=False)

    def _function(self) -> FuncDef:
        t = self.take()
        name = t.word.keyword if t.kind == "word" and t.word else None
        if name is None:
            raise self._unexpected(t)
        if self._is_op(self.peek(), "("):
            self.take()
            t = self.take()
            if not self._is_op(t, ")"):
                raise self._unexpected(t)
        return self._function_body(name)

    def _arith_command(self) -> ArithCommand:
        """``(( expr ))`` (the first parenthesis taken)."""
        return ArithCommand(expandable(self._arith_text(self.i + 1)))

    def _cond(self) -> CondCommand:
        """``[[ ... ]]``: words to ``]]``, with ``&& || ( ) < > !`` taken as words."""
        self.nesting.append("[[")
        words: list[Word] = []
        while True:
            self._skip_blanks()
            if self.i >= len(self.s):
                raise self._unexpected(_EOF)
            op = next((o for o in ("&&", "||", "(", ")", "<", ">") if self.s.startswith(o, self.i)), None)
            if op:
                self.i += len(op)
                words.append(make_word([Lit(op, False)]))
                continue
            if self.s[self.i] in ";\n&|":
                raise self._unexpected(self._lex())
            w = self._word()
            if w.keyword == "]]":
                break
            words.append(w)
        self.nesting.pop()
        return CondCommand(tuple(words))


def expandable(text: str, heredoc: bool = False) -> Word:
    """Text read as a here-document's body (or ``$((...))``'s): ``$``, backticks and backslash work, quotes
    are plain characters."""
    p = _Parser(text)
    parts: list[WordPart] = []
    escapable = ("$", "`", "\\", "\n") if heredoc else ("$", "`", "\\", "\n", '"')
    while p.i < len(text):
        c = text[p.i]
        if c == "\\" and text[p.i + 1:p.i + 2] in escapable:
            if text[p.i + 1] != "\n":
                parts.append(Lit(text[p.i + 1], True))
            p.i += 2
        elif c == "$":
            parts.append(p._dollar(True))
        elif c == "`":
            parts.append(p._backtick(True))
        else:
            parts.append(Lit(c, True))
            p.i += 1
    return make_word(parts or [Lit("", True)])


@functools.lru_cache(maxsize=1024)
def parse(script: str) -> tuple[Node, ...]:
    """The script's top-level lines as and-or lists, in order, ending with a :class:`SyntaxFailure` where mksh
    would stop reading. Cached: the simulator sends the same lines over and over, and trees are immutable."""
    p = _Parser(script)
    nodes: list[Node] = []
    try:
        several = "\n" in script.strip("\n")
        while (line := p.top_line()) is not None:
            if several:  # a one-line script (what adb shell sends) needs no line numbers
                nodes.append(Line(line, p.line(p.ended_at)))  # type: ignore[arg-type]
            else:
                nodes.extend(line)
    except ShellSyntaxError as e:
        nodes.append(SyntaxFailure(e, p.line()))  # type: ignore[arg-type]
    except RecursionError:
        nodes.append(SyntaxFailure(ShellSyntaxError("expression recurses too deeply")))  # type: ignore[arg-type]
    return tuple(nodes)


def brace_expand(word: Word) -> list[tuple[WordPart, ...]]:
    """The words ``{a,b}`` makes of one (``a{b,c}d`` is ``abd acd``), nested braces included; a brace without a
    comma at its level stays as written, as in mksh (no ``{1..3}`` ranges)."""
    items: list[tuple[str, WordPart | str]] = []
    for p in word.parts:
        if isinstance(p, Lit) and not p.quoted:
            items.extend(("c", c) for c in p.text)
        else:
            items.append(("p", p))
    results = []
    for alternative in _braces(items):
        parts: list[WordPart] = []
        for kind, value in alternative:
            if kind == "c":
                assert isinstance(value, str)
                parts.append(Lit(value, False))
            else:
                assert not isinstance(value, str)
                parts.append(value)
        results.append(make_word(parts).parts)
    return results


def _braces(items: list[tuple[str, WordPart | str]]) -> list[list[tuple[str, WordPart | str]]]:
    for start, (kind, value) in enumerate(items):
        if kind != "c" or value != "{":
            continue
        depth, commas = 0, []
        for k in range(start + 1, len(items)):
            kind2, value2 = items[k]
            if kind2 != "c":
                continue
            if value2 == "{":
                depth += 1
            elif value2 == "}" and depth:
                depth -= 1
            elif value2 == "}":
                if not commas:
                    break
                bounds = [start, *commas, k]
                prefix, suffix = items[:start], items[k + 1:]
                out = []
                for a, b in itertools.pairwise(bounds):
                    for inner in _braces(items[a + 1:b]):
                        out.extend(_braces(prefix + inner + suffix))
                return out
            elif value2 == "," and depth == 0:
                commas.append(k)
    return [items]


def is_name(text: str) -> bool:
    """Whether ``text`` is a valid shell variable name."""
    return _NAME.fullmatch(text) is not None


# -- patterns ----------------------------------------------------------------------------


def pattern_text(segments: list[tuple[str, bool]]) -> str:
    """An fnmatch pattern from text pieces, the ``True`` ones active (quoted pieces match themselves)."""
    out = []
    for text, active in segments:
        if active:
            out.append(text)
        else:
            out.extend(f"[{c}]" if c in "*?[" else c for c in text)
    return "".join(out)


@functools.lru_cache(maxsize=512)
def _pattern_regex(pattern: str) -> re.Pattern[str]:
    return re.compile(fnmatch.translate(pattern), re.DOTALL)


def matches(pattern: str, text: str) -> bool:
    """Whether ``text`` matches a shell pattern (``*``, ``?``, ``[...]``, ``[!...]``), case-sensitively."""
    return _pattern_regex(pattern).match(text) is not None


def replace(value: str, pattern: str, replacement: str, op: str) -> str:
    """``${x/p/r}`` (the first longest match), ``${x//p/r}`` (every one), ``${x/#p/r}`` (at the start),
    ``${x/%p/r}`` (at the end)."""
    if not pattern:
        return value
    n = len(value)
    if op == "/#":
        end = next((j for j in range(n, -1, -1) if matches(pattern, value[:j])), None)
        return value if end is None else replacement + value[end:]
    if op == "/%":
        start = next((i for i in range(n + 1) if matches(pattern, value[i:])), None)
        return value if start is None else value[:start] + replacement
    out, i = [], 0
    while i < n:
        end = next((j for j in range(n, i, -1) if matches(pattern, value[i:j])), None)
        if end is None:
            out.append(value[i])
            i += 1
            continue
        out.append(replacement)
        i = end
        if op == "/":
            out.append(value[i:])
            break
    return "".join(out)


def has_magic(pattern: str) -> bool:
    return any(c in pattern for c in "*?[")


def trim(value: str, pattern: str, op: str) -> str:
    """``${x#p}`` ``${x##p}`` ``${x%p}`` ``${x%%p}``: ``value`` without its shortest/longest matching prefix or
    suffix."""
    n = len(value)
    if op[0] == "#":
        cuts = range(0, n + 1) if op == "#" else range(n, -1, -1)
        for k in cuts:
            if matches(pattern, value[:k]):
                return value[k:]
    else:
        cuts = range(n, -1, -1) if op == "%" else range(0, n + 1)
        for k in cuts:
            if matches(pattern, value[k:]):
                return value[:k]
    return value


# -- arithmetic --------------------------------------------------------------------------


class ArithError(ValueError):
    """An expression mksh cannot evaluate; the text follows ``/system/bin/sh: ``."""


_ARITH_TOKEN = re.compile(r"\s*(?:([0-9][0-9A-Za-z@_#]*)|([A-Za-z_][A-Za-z0-9_]*)|"
                          r"(<<=|>>=|\+\+|--|&&|\|\||<<|>>|<=|>=|==|!=|[-+*/%&|^]=|[-+*/%&|^!~<>=?:()]))")
_BINARY = {"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6, "<": 7, "<=": 7, ">": 7, ">=": 7,
           "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10}


def _int32(v: int) -> int:
    """mksh's arithmetic is 32-bit signed (``mksh_ari_t``), wrapping on overflow."""
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v & 0x80000000 else v


class _Arith:
    """mksh's ``expr.c``: C's operators on 32-bit integers; variables hold numbers or expressions."""

    def __init__(self, text: str, get: Callable[[str], str], set_: Callable[[str, str], None], depth: int = 0):
        self.text, self.get, self.set, self.depth = text, get, set_, depth
        self.tokens: list[tuple[str, str]] = []
        pos = 0
        while pos < len(text):
            m = _ARITH_TOKEN.match(text, pos)
            if not m or m.end() == pos:
                if text[pos:].strip() == "":
                    break
                self.tokens.append(("bad", text[pos:].strip()[0]))  # reported when the parser gets there
                break
            kind = "num" if m.group(1) else "name" if m.group(2) else "op"
            self.tokens.append((kind, m.group(m.lastindex or 0)))
            pos = m.end()
        self.k = 0

    def run(self) -> int:
        if not self.tokens:
            return 0
        v = self.assign(True)
        if self.k < len(self.tokens):
            raise ArithError(f"{self.text}: unexpected '{self.tokens[self.k][1]}'")
        return self._value(v)

    def _peek(self) -> str | None:
        return self.tokens[self.k][1] if self.k < len(self.tokens) and self.tokens[self.k][0] == "op" else None

    def _end(self) -> ArithError:
        return ArithError(f"{self.text}: unexpected 'end of expression'")

    def _value(self, v: int | str, live: bool = True) -> int:
        if isinstance(v, int):
            return v
        if not live:
            return 0
        raw = self.get(v).strip()
        if not raw:
            return 0
        if self.depth > 20:
            raise ArithError(f"{v}: expression recurses on parameter")
        return _Arith(raw, self.get, self.set, self.depth + 1).run()

    def assign(self, live: bool) -> int | str:
        left = self.ternary(live)
        op = self._peek()
        if op in ("=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "^=", "|="):
            if not isinstance(left, str):
                raise ArithError(f"{self.text}: left side of assignment is not a variable")
            self.k += 1
            right = self._value(self.assign(live), live)
            value = right if op == "=" else self._binary(op[:-1], self._value(left, live), right)
            if live:
                self.set(left, str(value))
            return value
        return left

    def ternary(self, live: bool) -> int | str:
        cond = self.binary(1, live)
        if self._peek() != "?":
            return cond
        self.k += 1
        truth = self._value(cond, live) != 0
        a = self._value(self.assign(live and truth), live and truth)
        if self._peek() != ":":
            raise self._end()
        self.k += 1
        b = self._value(self.assign(live and not truth), live and not truth)
        return a if truth else b

    def binary(self, level: int, live: bool) -> int | str:
        left = self.unary(live)
        while (op := self._peek()) in _BINARY and _BINARY[op] >= level:
            self.k += 1
            if op in ("&&", "||"):
                lv = self._value(left, live) != 0
                short = (not lv) if op == "&&" else lv
                right = self._value(self.binary(_BINARY[op] + 1, live and not short), live and not short)
                left = int(lv and right != 0) if op == "&&" else int(lv or right != 0)
                continue
            right = self._value(self.binary(_BINARY[op] + 1, live), live)
            left = self._binary(op, self._value(left, live), right, live)
        return left

    def _binary(self, op: str, a: int, b: int, live: bool = True) -> int:
        if op in ("/", "%"):
            if b == 0:
                if not live:
                    return 0
                raise ArithError(f"{self.text}: zero divisor")
            q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
            return _int32(q if op == "/" else a - q * b)
        result = {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b, "<<": lambda: a << (b & 31),
                  ">>": lambda: a >> (b & 31), "<": lambda: int(a < b), "<=": lambda: int(a <= b),
                  ">": lambda: int(a > b), ">=": lambda: int(a >= b), "==": lambda: int(a == b),
                  "!=": lambda: int(a != b), "&": lambda: a & b, "^": lambda: a ^ b, "|": lambda: a | b}[op]()
        return _int32(result)

    def unary(self, live: bool) -> int | str:
        op = self._peek()
        if op in ("+", "-", "!", "~"):
            self.k += 1
            v = self._value(self.unary(live), live)
            return _int32({"+": v, "-": -v, "!": int(v == 0), "~": ~v}[op])
        if op in ("++", "--"):
            self.k += 1
            name = self.primary(live)
            if not isinstance(name, str):
                raise ArithError(f"{self.text}: {op} requires lvalue")
            v = _int32(self._value(name, live) + (1 if op == "++" else -1))
            if live:
                self.set(name, str(v))
            return v
        v = self.primary(live)
        op = self._peek()
        if op in ("++", "--") and isinstance(v, str):
            self.k += 1
            old = self._value(v, live)
            if live:
                self.set(v, str(_int32(old + (1 if op == "++" else -1))))
            return old
        return v

    def primary(self, live: bool) -> int | str:
        if self.k >= len(self.tokens):
            raise self._end()
        kind, text = self.tokens[self.k]
        self.k += 1
        if kind == "num":
            return _int32(_number(text, self.text))
        if kind == "name":
            return text
        if text == "(":
            v = self._value(self.assign(live), live)
            if self._peek() != ")":
                raise self._end() if self.k >= len(self.tokens) else ArithError(
                    f"{self.text}: unexpected '{self.tokens[self.k][1]}'")
            self.k += 1
            return v
        raise ArithError(f"{self.text}: unexpected '{text}'")


def _number(text: str, expr: str) -> int:
    try:
        if "#" in text:
            base, digits = text.split("#", 1)
            return int(digits, int(base))
        return int(text, 16) if text[:2].lower() == "0x" else int(text, 10)
    except ValueError:
        raise ArithError(f"{expr}: bad number '{text}'") from None


def arith(text: str, get: Callable[[str], str], set_: Callable[[str, str], None]) -> int:
    """The value of an arithmetic expression, as mksh's ``$((...))`` computes it; raises :class:`ArithError`."""
    return _Arith(text, get, set_).run()
