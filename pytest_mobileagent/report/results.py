"""The results store: one JSON line per finished episode (:meth:`~pytest_mobileagent.records.EpisodeResult.to_json`,
described field by field in ``docs/results-format.md``), appended and flushed at once.

Several xdist workers append to the same file; each line is written with one
``write`` under an exclusive ``flock`` so lines never interleave. Every reader goes through :meth:`ResultsFile.read`,
which refuses a line of a newer format than this version's, naming the file, the line, its format and the reader.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, cast

from pytest_mobileagent.records import LINE_FIELDS, EpisodeRecord, damage, format_error, readable, record_episode
from pytest_mobileagent.redaction import redacted_line
from pytest_mobileagent.text import loads

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


def episode_key(record: EpisodeRecord) -> str:
    """An episode of an agent across runs, for resume and merge: ``suite/Task[instance]@agent``."""
    return f"{record_episode(record)}@{record.get('agent')}"


#: How deep a results line's values may nest: a record nests a few levels (steps, their actions, parameters); a line
#: nested deeper is damaged, refused before a reader (or a writer copying it) recurses into it.
MAX_DEPTH = 64


def _loads(line: bytes) -> EpisodeRecord | None:
    """A results line's record, or None for a line that is not a whole JSON object, or nests deeper than
    :data:`MAX_DEPTH`."""
    try:
        record = loads(line)  # strings encodable: a line written elsewhere may escape a lone surrogate
    except (ValueError, RecursionError):  # malformed JSON, UTF-8 cut in the middle of a character, too deep
        return None
    return record if isinstance(record, dict) and _shallow(record) else None


def _shallow(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether ``value``'s objects and arrays nest :data:`MAX_DEPTH` levels at most (walked without recursion)."""
    level: list[Any] = [value]
    for _ in range(limit):
        level = [v for c in level for v in (c.values() if isinstance(c, dict) else c) if isinstance(v, (dict, list))]
        if not level:
            return True
    return False


class FieldReader:
    """Reads only ``fields`` of results lines, for readers that need a few fields of many records (ma-merge):
    ``msgspec`` decodes those and skips the rest (the steps, the validator state) without building it, several
    times faster than ``json.loads`` of the whole line. A line it refuses is read with ``json`` as
    :meth:`ResultsFile.entries` reads it (whose record :func:`~pytest_mobileagent.records.damage` then refuses if
    it holds a ``NaN``); a line neither reads, or nested deeper than :data:`MAX_DEPTH`, is None."""

    def __init__(self, fields: Iterable[str]):
        import msgspec  # here: the plugin imports this module, and only merging needs msgspec

        self.fields = tuple(sorted(fields))
        unknown = sorted(set(self.fields) - LINE_FIELDS)
        if unknown:
            raise ValueError(f"{', '.join(unknown)}: not fields of a results line (records.line_fields())")
        self._decoder = msgspec.json.Decoder(
            msgspec.defstruct("Fields", [(name, Any, msgspec.UNSET) for name in self.fields]))
        self._unset, self._refused, self._asdict = msgspec.UNSET, msgspec.DecodeError, msgspec.structs.asdict

    def __call__(self, line: bytes) -> EpisodeRecord | None:
        try:
            decoded = self._decoder.decode(line)
        except (self._refused, RecursionError):
            record = _loads(line)
            return None if record is None else cast(EpisodeRecord, {
                k: v for k, v in record.items() if k in self.fields})
        record = cast(EpisodeRecord, {k: v for k, v in self._asdict(decoded).items() if v is not self._unset})
        return record if _shallow(record) else None


class ResultsFile:
    """``reports/<run-id>/results.jsonl``; ``reader`` names what reads it (``ma-merge``, ``--ma-resume``...) in the
    refusal of a line of a newer format."""

    def __init__(self, path: Path, reader: str = "pytest-mobileagent"):
        self.path = path
        self.reader = reader
        #: The lines :meth:`read` skipped, each a message naming the file, the line and why.
        self.skipped: list[str] = []

    def append(self, record: EpisodeRecord) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        line = (redacted_line(record) + "\n").encode()
        # never through a link left in a shared run folder (ELOOP instead)
        fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
            size = os.fstat(fd).st_size
            if size and os.pread(fd, 1, size - 1) != b"\n":
                line = b"\n" + line  # a line torn by a crash stays on its own (unparseable) line
            os.write(fd, line)
            os.fsync(fd)
        finally:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)

    def __iter__(self) -> Iterator[EpisodeRecord]:
        return (record for _, record in self.entries())

    def lines(self) -> Iterator[tuple[int, bytes]]:
        """Each non-blank line as it is (its newline included) with the byte offset where it starts, unread (what
        :meth:`read` checks is not checked)."""
        for _, start, line in self._numbered():
            yield start, line

    def _numbered(self) -> Iterator[tuple[int, int, bytes]]:
        if not self.path.exists():
            return
        with self.path.open("rb") as f:
            offset = 0
            for number, line in enumerate(f, 1):
                start, offset = offset, offset + len(line)
                if line.strip():
                    yield number, start, line

    def read(self, fields: Iterable[str] | None = None) -> Iterator[tuple[int, bytes, EpisodeRecord]]:
        """Each record with the byte offset where its line starts and the line as it is (for copying it): the
        whole record, or with ``fields`` only those (and ``format``; :class:`FieldReader`). A line that is not a
        whole JSON object (one cut by a crash), that nests deeper than :data:`MAX_DEPTH`, or whose fields read
        are damaged (:func:`~pytest_mobileagent.records.damage`: a NaN where a number belongs...) is skipped, and
        said in :attr:`skipped`: that episode is simply re-run on resume. A line of a newer format raises
        :class:`~pytest_mobileagent.records.RecordFormatError`; older ones are read as they are."""
        decode = _loads if fields is None else FieldReader({*fields, "format"})
        for number, start, line in self._numbered():
            record = decode(line)
            why = "it is not a whole JSON object (cut by a crash?), or nests too deep" if record is None else None
            if record is not None and readable(record):
                why = damage(record, fields)
            elif record is not None:
                raise format_error(record, f"{self.path}, line {number},", self.reader)
            if why is not None:
                self.skipped.append(f"{self.path}, line {number}, is damaged: {why}; skipped")
                continue
            yield start, line, record

    def entries(self) -> Iterator[tuple[int, EpisodeRecord]]:
        """Each whole record with the byte offset of its line (:meth:`read`)."""
        for start, _, record in self.read():
            yield start, record

    def finished(self) -> dict[str, EpisodeRecord]:
        """The last record of every episode, keyed by :func:`episode_key`."""
        done: dict[str, EpisodeRecord] = {}
        for r in self:
            key = episode_key(r)
            if r.get("outcome") == "error":
                done.pop(key, None)  # an infrastructure error: run it again
            else:
                done[key] = r
        return done
