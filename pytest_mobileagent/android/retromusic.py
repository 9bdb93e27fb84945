"""Retro Music (``code.name.monkey.retromusic``): playlists and the playback state."""

from __future__ import annotations

PACKAGE = "code.name.monkey.retromusic"
MAIN_ACTIVITY = "code.name.monkey.retromusic.activities.MainActivity"
PLAYLIST_DB_NAME = "playlist.db"
PLAYLIST_DB_PATH = f"/data/data/{PACKAGE}/databases/{PLAYLIST_DB_NAME}"
PLAYBACK_DB_NAME = "music_playback_state.db"
PLAYBACK_DB_PATH = f"/data/data/{PACKAGE}/databases/{PLAYBACK_DB_NAME}"


__all__ = ["MAIN_ACTIVITY", "PACKAGE", "PLAYBACK_DB_NAME", "PLAYBACK_DB_PATH", "PLAYLIST_DB_NAME", "PLAYLIST_DB_PATH"]
