"""OpenTracks (``de.dennisguse.opentracks``): recorded activities in its ``tracks`` table."""

from __future__ import annotations

PACKAGE = "de.dennisguse.opentracks"
MAIN_ACTIVITY = "de.dennisguse.opentracks.TrackListActivity"
DB_NAME = "database.db"
DB_PATH = f"/data/data/{PACKAGE}/databases/{DB_NAME}"


__all__ = ["DB_NAME", "DB_PATH", "MAIN_ACTIVITY", "PACKAGE"]
