"""The ``logcat -v threadtime`` line, as logcat prints it: ``MM-DD HH:MM:SS.mmm  PID  TID P TAG: MESSAGE``
(device-local time without a year; the tag runs to the first colon, a short one padded with spaces before it;
the message is the rest). AndroidEnv's ``logcat_thread.py`` splits lines into the same parts."""

from __future__ import annotations

import re
from typing import NamedTuple

#: The time a line starts with: month, day, hour, minute, second, millisecond.
TIME = re.compile(r"^(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)\.(\d{3})\s")
LINE = re.compile(r"^\d\d-\d\d\s+\d\d:\d\d:\d\d\.\d+\s+\d+\s+\d+\s+(?P<priority>[A-Z])\s+"
                  r"(?P<tag>[^:]*): (?P<message>.*)$")


class LogLine(NamedTuple):
    priority: str
    tag: str
    message: str


def parse_line(line: str) -> LogLine | None:
    """A line's priority letter, tag (without its padding) and message; None for a line of another shape (a
    ``--------- beginning of main`` divider)."""
    m = LINE.match(line)
    return LogLine(m["priority"], m["tag"].rstrip(), m["message"]) if m else None


__all__ = ["LINE", "TIME", "LogLine", "parse_line"]
