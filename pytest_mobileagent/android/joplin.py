"""Joplin (``net.cozic.joplin``): notebooks and notes in ``joplin.sqlite``."""

from __future__ import annotations

PACKAGE = "net.cozic.joplin"
MAIN_ACTIVITY = "net.cozic.joplin.MainActivity"
DB_NAME = "joplin.sqlite"
DB_PATH = f"/data/data/{PACKAGE}/databases/{DB_NAME}"


__all__ = ["DB_NAME", "DB_PATH", "MAIN_ACTIVITY", "PACKAGE"]
