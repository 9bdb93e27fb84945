"""AOSP Music (``com.android.music``): the device's songs by artist, album and title.

``MusicBrowserActivity`` starts the tab the user was on last (artists at first; the real app keeps it in its
preferences, the simulated one in memory) and finishes, as AOSP Music does; each tab is its own activity
with the tab bar (``artisttab``,
``albumtab``, ``songtab``, ``playlisttab``) on top. Songs are the ``.mp3`` files under ``/sdcard/Music``, read
by their ID3 tags ("<unknown>" where a tag is missing, as the app shows). Not simulated: playback, playlists'
contents, the now-playing screen.
"""

from __future__ import annotations

import posixpath
from typing import Any

from mobileagent_sim.app import Activity, App
from mobileagent_sim.views import Column, ListItem, Row, Scroll, Text, View
from pytest_mobileagent.android import media
from pytest_mobileagent.android.music import (
    ALBUMS_ACTIVITY,
    ARTISTS_ACTIVITY,
    MAIN_ACTIVITY,
    MUSIC_DIR,
    PACKAGE,
    TRACKS_ACTIVITY,
)

UNKNOWN = "<unknown>"
TABS = (("Artists", "artisttab"), ("Albums", "albumtab"), ("Songs", "songtab"), ("Playlists", "playlisttab"))


def songs(app: App) -> list[media.Tags]:
    """The songs on the device, by title."""
    fs = app.system.fs
    if not fs.isdir(MUSIC_DIR):
        return []
    found = [media.read_tags(fs.read(p), posixpath.splitext(posixpath.basename(p))[0])
             for p in fs.walk_files(MUSIC_DIR) if p.lower().endswith(".mp3")]
    return sorted(found, key=lambda t: t.title.lower())


class MusicBrowserActivity(Activity):
    """The launcher entry: hands over to the last tab and goes away."""

    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.handed_over = False

    def on_resume(self) -> None:
        if self.handed_over:
            return
        self.handed_over = True
        self.start(TAB_ACTIVITIES[self.app.active_tab])  # type: ignore[attr-defined]
        self.finish()

    def build(self) -> View:
        return Column()


class _TabActivity(Activity):
    tab = 0

    def on_resume(self) -> None:
        self.app.active_tab = self.tab  # type: ignore[attr-defined]

    def tab_bar(self) -> View:
        return Row(*[View(cls="android.widget.TextView", text=title, id=rid, clickable=True, focusable=True,
                          selected=i == self.tab, weight=1, height=48, style="tab-selected" if i == self.tab else "tab",
                          on_click=lambda i=i: self.switch(i)) for i, (title, rid) in enumerate(TABS)],
                   id="buttonbar", height=56)

    def switch(self, index: int) -> None:
        if index == self.tab or index >= len(TAB_ACTIVITIES):
            return
        self.start(TAB_ACTIVITIES[index])
        self.finish()

    def build(self) -> View:
        rows = self.rows()
        body = Scroll(*rows, id="android:id/list", weight=1) if rows else Text("No music found.", id="sd_message",
                                                                              weight=1)
        return Column(self.tab_bar(), body)

    def rows(self) -> list[View]:
        raise NotImplementedError


class ArtistAlbumBrowserActivity(_TabActivity):
    name = ARTISTS_ACTIVITY
    tab = 0

    def rows(self) -> list[View]:
        by_artist: dict[str, set[str]] = {}
        counts: dict[str, int] = {}
        for s in songs(self.app):
            artist = s.artist or UNKNOWN
            by_artist.setdefault(artist, set()).add(s.album or UNKNOWN)
            counts[artist] = counts.get(artist, 0) + 1
        return [ListItem(a, f"{len(by_artist[a])} album{'s' * (len(by_artist[a]) != 1)}, "
                            f"{counts[a]} song{'s' * (counts[a] != 1)}", None, title_id="line1", summary_id="line2",
                         icon="person") for a in sorted(by_artist, key=str.lower)]


class AlbumBrowserActivity(_TabActivity):
    name = ALBUMS_ACTIVITY
    tab = 1

    def rows(self) -> list[View]:
        albums: dict[str, str] = {}
        for s in songs(self.app):
            albums.setdefault(s.album or UNKNOWN, s.artist or UNKNOWN)
        return [ListItem(a, albums[a], None, title_id="line1", summary_id="line2", icon="album")
                for a in sorted(albums, key=str.lower)]


class TrackBrowserActivity(_TabActivity):
    name = TRACKS_ACTIVITY
    tab = 2

    def rows(self) -> list[View]:
        def length(ms: int) -> str:
            return f"{ms // 60000}:{ms // 1000 % 60:02d}"

        return [ListItem(s.title, s.artist or UNKNOWN, None, title_id="line1", summary_id="line2", icon="music_note",
                         widget=Text(length(s.duration_ms), id="duration", width=56)) for s in songs(self.app)]


TAB_ACTIVITIES: tuple[type[Activity], ...] = (ArtistAlbumBrowserActivity, AlbumBrowserActivity, TrackBrowserActivity)


class MusicApp(App):
    package = PACKAGE
    label = "Music"
    icon = "music_note"
    activities = (MusicBrowserActivity, ArtistAlbumBrowserActivity, AlbumBrowserActivity, TrackBrowserActivity)
    uid = 10120

    def __init__(self, system: Any):
        super().__init__(system)
        #: The tab the browser opens on (the app's ``activetab`` preference).
        self.active_tab = 0


__all__ = ["MusicApp", "MusicBrowserActivity", "songs"]
