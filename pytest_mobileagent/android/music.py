"""AOSP Music (``com.android.music``, "Play Music" on old images): artists, albums and songs of the device's music.

``MusicBrowserActivity`` is the launcher entry; it hands over to the last-used tab's activity
(``ArtistAlbumBrowserActivity``, ``AlbumBrowserActivity``, ``TrackBrowserActivity``), each with the tab bar of
``res/layout/buttonbar.xml`` (``artisttab``, ``albumtab``, ``songtab``, ``playlisttab``). Songs are the
``.mp3`` files under ``/sdcard/Music`` with their ID3 tags (what MediaStore would index).
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import Source
from pytest_mobileagent.android.theme import LauncherIcon

PACKAGE = "com.android.music"
MAIN_ACTIVITY = f"{PACKAGE}.MusicBrowserActivity"
ARTISTS_ACTIVITY = f"{PACKAGE}.ArtistAlbumBrowserActivity"
ALBUMS_ACTIVITY = f"{PACKAGE}.AlbumBrowserActivity"
TRACKS_ACTIVITY = f"{PACKAGE}.TrackBrowserActivity"
MUSIC_DIR = "/sdcard/Music"

__all__ = ["ALBUMS_ACTIVITY", "ARTISTS_ACTIVITY", "MAIN_ACTIVITY", "MUSIC_DIR", "PACKAGE", "TRACKS_ACTIVITY"]

#: A legacy icon (drawable app_music.png): a blue loudspeaker cone in a grey rim, on the launchers' white.
LAUNCHER_ICON = LauncherIcon("#FFFFFF", "speaker", foreground="#3F6ED6", source=Source(
    "aosp-mirror/platform_packages_apps_music", "kotlin/res/drawable-hdpi/app_music.png",
    note="the app's only launcher artwork in AOSP's Music"))
