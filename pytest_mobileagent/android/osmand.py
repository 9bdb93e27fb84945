"""OsmAnd (``net.osmand``): map markers in ``map_markers_db``."""

from __future__ import annotations

PACKAGE = "net.osmand"
MAIN_ACTIVITY = "net.osmand.plus.activities.MapActivity"
MARKERS_DB_NAME = "map_markers_db"
MARKERS_DB_PATH = f"/data/data/{PACKAGE}/databases/{MARKERS_DB_NAME}"


__all__ = ["MAIN_ACTIVITY", "MARKERS_DB_NAME", "MARKERS_DB_PATH", "PACKAGE"]
