"""Broccoli (``com.flauschcode.broccoli``): recipes in its Room database."""

from __future__ import annotations

PACKAGE = "com.flauschcode.broccoli"
MAIN_ACTIVITY = "com.flauschcode.broccoli.MainActivity"
DB_NAME = "broccoli"
DB_PATH = f"/data/data/{PACKAGE}/databases/{DB_NAME}"


__all__ = ["DB_NAME", "DB_PATH", "MAIN_ACTIVITY", "PACKAGE"]
