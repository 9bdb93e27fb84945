"""Tasks (``org.tasks``): to-dos in its Room database."""

from __future__ import annotations

PACKAGE = "org.tasks"
MAIN_ACTIVITY = "com.todoroo.astrid.activity.MainActivity"
DB_NAME = "database"
DB_PATH = f"/data/data/{PACKAGE}/databases/{DB_NAME}"


__all__ = ["DB_NAME", "DB_PATH", "MAIN_ACTIVITY", "PACKAGE"]
