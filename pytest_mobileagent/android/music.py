"""AOSP Music (``com.android.music``, "Play Music" on old images): artists, albums and songs of the device's music.

``MusicBrowserActivity`` is the launcher entry; it hands over to the last-used tab's activity
(``ArtistAlbumBrowserActivity``, ``AlbumBrowserActivity``, ``TrackBrowserActivity``), each with the tab bar of
``res/layout/buttonbar.xml`` (``artisttab``, ``albumtab``, ``songtab``, ``playlisttab``). Songs are the
``.mp3`` files under ``/sdcard/Music`` with their ID3 tags (what MediaStore would index).
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import Unconfirmed
from pytest_mobileagent.android.theme import LauncherIcon

PACKAGE = "com.android.music"
MAIN_ACTIVITY = f"{PACKAGE}.MusicBrowserActivity"
ARTISTS_ACTIVITY = f"{PACKAGE}.ArtistAlbumBrowserActivity"
ALBUMS_ACTIVITY = f"{PACKAGE}.AlbumBrowserActivity"
TRACKS_ACTIVITY = f"{PACKAGE}.TrackBrowserActivity"
MUSIC_DIR = "/sdcard/Music"

__all__ = ["ALBUMS_ACTIVITY", "ARTISTS_ACTIVITY", "MAIN_ACTIVITY", "MUSIC_DIR", "PACKAGE", "TRACKS_ACTIVITY"]

#: Closed-source (or Google-built) app: its icon as seen on Pixel phones, no public resource read.
LAUNCHER_ICON = LauncherIcon("#FF6D00", "music_note", foreground="#FFFFFF",
                             source=Unconfirmed("AOSP Music's icon, a music note"))
