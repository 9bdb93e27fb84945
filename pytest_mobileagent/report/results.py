"""The results store: one JSON line per finished episode, appended and flushed at once.

Several xdist workers append to the same file; each line is written with one
``write`` under an exclusive ``flock`` so lines never interleave.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

from pytest_mobileagent.records import EpisodeRecord, record_episode
from pytest_mobileagent.redaction import redacted_line

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


def episode_key(record: EpisodeRecord) -> str:
    """An episode of an agent across runs, for resume and merge: ``suite/Task[instance]@agent``."""
    return f"{record_episode(record)}@{record.get('agent')}"


class ResultsFile:
    """``reports/<run-id>/results.jsonl``."""

    def __init__(self, path: Path):
        self.path = path

    def append(self, record: EpisodeRecord) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        line = (redacted_line(record) + "\n").encode()
        fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
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

    def entries(self) -> Iterator[tuple[int, EpisodeRecord]]:
        """Each record with the byte offset of its line (for copying the line as it is)."""
        if not self.path.exists():
            return
        with self.path.open("rb") as f:
            offset = 0
            for line in f:
                start, offset = offset, offset + len(line)
                if not line.strip():
                    continue
                try:
                    yield start, json.loads(line)
                except json.JSONDecodeError:
                    continue  # a line cut by a crash: that episode is simply re-run on resume

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
