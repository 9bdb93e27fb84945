"""VLC (``org.videolan.vlc``): the media library ``vlc_media.db`` (videos, playlists)."""

from __future__ import annotations

PACKAGE = "org.videolan.vlc"
MAIN_ACTIVITY = "org.videolan.vlc.gui.MainActivity"
DB_NAME = "vlc_media.db"
DB_PATH = f"/data/data/{PACKAGE}/app_db/{DB_NAME}"


__all__ = ["DB_NAME", "DB_PATH", "MAIN_ACTIVITY", "PACKAGE"]
