"""VLC (``org.videolan.vlc``): videos from ``/sdcard/VLCVideos`` and playlists in its media library database.

The media library is ``/data/data/org.videolan.vlc/app_db/vlc_media.db``; this keeps the tables and
columns AndroidWorld reads (``Media``, ``Playlist``, ``PlaylistMediaRelation`` with 0-based
``position``), a subset of the real medialibrary schema. Videos are discovered on each screen build,
as the library's discoverer would. Screens: Video / Audio / Browse / Playlists / More at the bottom;
long press selects videos (in the order picked) and "Add to playlist" opens the dialog with the
existing playlists and a "New playlist" field.
"""

from __future__ import annotations

import posixpath
from typing import Any

from mobileagent_sim.app import Activity, App
from mobileagent_sim.views import (
    ActionModeBar,
    Button,
    Column,
    Dialog,
    EditText,
    ImageButton,
    ListItem,
    Row,
    Scroll,
    Tabs,
    Text,
    Toolbar,
    View,
    toggle_selection,
)
from pytest_mobileagent.android.media import frames_of, mp4_duration_ms
from pytest_mobileagent.android.vlc import DB_PATH, MAIN_ACTIVITY, PACKAGE

STORAGE = "/storage/emulated/0"
VIDEOS = "/storage/emulated/0/VLCVideos"
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS Media (id_media INTEGER PRIMARY KEY AUTOINCREMENT, type INTEGER, subtype INTEGER, "
    "duration INTEGER DEFAULT -1, play_count UNSIGNED INTEGER, last_played_date UNSIGNED INTEGER, "
    "insertion_date UNSIGNED INTEGER, release_date UNSIGNED INTEGER, title TEXT COLLATE NOCASE, "
    "filename TEXT COLLATE NOCASE, is_favorite BOOLEAN NOT NULL DEFAULT 0, is_present BOOLEAN NOT NULL DEFAULT 1)",
    "CREATE TABLE IF NOT EXISTS Playlist (id_playlist INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT COLLATE NOCASE, "
    "creation_date UNSIGNED INT NOT NULL, artwork_mrl TEXT, nb_video UNSIGNED INT NOT NULL DEFAULT 0, "
    "nb_audio UNSIGNED INT NOT NULL DEFAULT 0, nb_unknown UNSIGNED INT NOT NULL DEFAULT 0)",
    "CREATE TABLE IF NOT EXISTS PlaylistMediaRelation (media_id INTEGER, playlist_id INTEGER, position INTEGER, "
    "FOREIGN KEY(media_id) REFERENCES Media(id_media) ON DELETE CASCADE, FOREIGN KEY(playlist_id) REFERENCES "
    "Playlist(id_playlist) ON DELETE CASCADE)",
)
TABS = ("Video", "Audio", "Browse", "Playlists", "More")
#: The bottom navigation's pictograms (menu/bottom_navigation.xml: the app's ic_menu_video, ic_menu_audio,
#: ic_menu_folder, ic_menu_playlist and ic_nav_more, drawn as the nearest Material Symbols).
TAB_ICONS = ("movie", "music_note", "folder", "queue_music", "more_horiz")
VIDEO_EXT = (".mp4", ".mkv", ".webm", ".avi", ".3gp")
#: Media.type of a video in the medialibrary.
TYPE_VIDEO = 1


class MediaLibrary:
    """``vlc_media.db``: media discovered in the videos folder, and playlists."""

    def __init__(self, app: App):
        self.app = app

    def db(self) -> Any:
        return self.app.system.fs.sqlite(DB_PATH)

    def discover(self) -> list[tuple[int, str, int]]:
        """Index the videos folder; (id, file name, duration ms) of present videos, by name."""
        fs = self.app.system.fs
        names = [n for n in (fs.listdir(VIDEOS) if fs.isdir(VIDEOS) else []) if n.lower().endswith(VIDEO_EXT)]
        now = int(self.app.system.clock.now.timestamp())
        with self.db() as db:
            known = {f: i for i, f in db.execute("SELECT id_media, filename FROM Media").fetchall()}
            for name in names:
                if name not in known:
                    duration = mp4_duration_ms(fs.read(posixpath.join(VIDEOS, name)))
                    db.execute("INSERT INTO Media (type, subtype, duration, play_count, insertion_date, title, "
                               "filename) VALUES (?, 0, ?, 0, ?, ?, ?)",
                               (TYPE_VIDEO, duration, now, name.rsplit(".", 1)[0], name))
            db.execute(f"UPDATE Media SET is_present = filename IN ({', '.join('?' * len(names))})", tuple(names))
            return db.execute("SELECT id_media, filename, duration FROM Media WHERE is_present = 1 AND type = ? "
                              "ORDER BY filename", (TYPE_VIDEO,)).fetchall()

    def playlists(self) -> list[tuple[int, str, int]]:
        with self.db() as db:
            return db.execute("SELECT p.id_playlist, p.name, COUNT(r.media_id) FROM Playlist p LEFT JOIN "
                              "PlaylistMediaRelation r ON r.playlist_id = p.id_playlist GROUP BY p.id_playlist "
                              "ORDER BY p.name").fetchall()

    def create(self, name: str) -> int:
        with self.db() as db:
            return int(db.execute("INSERT INTO Playlist (name, creation_date) VALUES (?, ?)",
                                  (name, int(self.app.system.clock.now.timestamp()))).lastrowid or 0)

    def append(self, playlist_id: int, media_ids: list[int]) -> None:
        with self.db() as db:
            (count,) = db.execute("SELECT COUNT(*) FROM PlaylistMediaRelation WHERE playlist_id = ?",
                                  (playlist_id,)).fetchone()
            db.executemany("INSERT INTO PlaylistMediaRelation (media_id, playlist_id, position) VALUES (?, ?, ?)",
                           [(m, playlist_id, count + i) for i, m in enumerate(media_ids)])
            db.execute("UPDATE Playlist SET nb_video = nb_video + ? WHERE id_playlist = ?", (len(media_ids),
                                                                                              playlist_id))

    def playlist_items(self, playlist_id: int) -> list[str]:
        with self.db() as db:
            return [r[0] for r in db.execute(
                "SELECT m.filename FROM PlaylistMediaRelation r JOIN Media m ON m.id_media = r.media_id "
                "WHERE r.playlist_id = ? ORDER BY r.position", (playlist_id,)).fetchall()]


def clock(ms: int) -> str:
    seconds = max(ms, 0) // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


class MainActivity(Activity):
    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.tab = "Video"
        self.selected: list[int] = []
        self.opened: int | None = None
        self.browsing: str | None = None

    def library(self) -> MediaLibrary:
        return MediaLibrary(self.app)

    def build(self) -> View:
        if self.opened is not None:
            name = next((n for i, n, _ in self.library().playlists() if i == self.opened), "")
            return Column(Toolbar(name, navigate_up=self.close_playlist, id="main_toolbar"),
                          Scroll(*[ListItem(f, "", None, id="item_container", title_id="audio_item_title")
                                   for f in self.library().playlist_items(self.opened)], id="audio_list", weight=1))
        if self.selected:
            bar = ActionModeBar(len(self.selected), [
                ImageButton("Play", None, icon="play_arrow", id="action_video_play"),
                ImageButton("Add to playlist", self.ask_playlist, icon="playlist_add",
                            id="action_mode_audio_add_playlist"),
            ], self.clear, done_id="action_mode_close_button", done_icon="arrow_back")
            bar.id = "action_mode_bar"  # AppCompat's ActionBarContextView (abc_screen_toolbar.xml)
        else:
            bar = Toolbar(self.tab if self.tab != "Video" else "Videos", id="main_toolbar",
                          actions=[ImageButton("Search…", None, icon="search", id="ml_menu_filter")])
        body = self.build_videos() if self.tab == "Video" else self.build_playlists() if self.tab == "Playlists" \
            else self.build_browse() if self.tab == "Browse" else Text("Nothing to show", id="empty_loading", weight=1)
        return Column(bar, body, Tabs(TABS, TABS.index(self.tab), self.select_tab, id="navigation", icons=TAB_ICONS))

    def select_tab(self, index: int) -> None:
        self.tab, self.selected = TABS[index], []
        self.view_state.clear()

    def build_videos(self) -> View:
        rows = [ListItem(name, clock(ms), lambda i=i: self.tapped(i), id="container", title_id="ml_item_title",
                         summary_id="ml_item_time", icon="movie", icon_id="ml_item_thumbnail",
                         on_long_click=lambda i=i: self.toggle(i), selected=i in self.selected)
                for i, name, ms in self.library().discover()]
        return Scroll(*rows, id="video_grid", weight=1) if rows else Text("No videos", id="empty_loading", weight=1)

    def build_browse(self) -> View:
        """Storage folders, then a folder's media files; tapping a video plays it."""
        fs = self.system.fs
        folder = self.browsing or STORAGE
        names = fs.listdir(folder) if fs.isdir(folder) else []
        rows = [] if folder == STORAGE else [ListItem("..", "", lambda: self.browse(posixpath.dirname(folder)),
                                                      id="browser_container", title_id="title", icon="folder",
                                                      icon_id="item_icon")]
        for name in names:
            path = posixpath.join(folder, name)
            if fs.isdir(path) and not name.startswith(("Android", ".")):
                rows.append(ListItem(name, "", lambda p=path: self.browse(p), id="browser_container",
                                     title_id="title", icon="folder", icon_id="item_icon"))
            elif name.lower().endswith(VIDEO_EXT):
                rows.append(ListItem(name, clock(mp4_duration_ms(fs.read(path))),
                                     lambda p=path: self.start(VideoPlayerActivity, path=p),
                                     id="browser_container", title_id="title", summary_id="text", icon="movie",
                                     icon_id="item_icon"))
        return Scroll(*rows, id="network_list", weight=1)

    def browse(self, folder: str) -> None:
        self.browsing = folder
        self.view_state.clear()

    def build_playlists(self) -> View:
        rows = [ListItem(n, f"{c} videos" if c != 1 else "1 video", lambda i=i: self.open_playlist(i),
                         title_id="title", summary_id="subtitle", icon="music_note", icon_id="media_cover")
                for i, n, c in self.library().playlists()]
        return Scroll(*rows, id="audio_list", weight=1) if rows else \
            Text("No playlists yet", id="empty_loading", weight=1)

    def tapped(self, media_id: int) -> None:
        if self.selected:
            self.toggle(media_id)
        else:
            self.toast("Playing")

    def toggle(self, media_id: int) -> None:
        toggle_selection(self.selected, media_id)

    def clear(self) -> None:
        self.selected = []

    def open_playlist(self, playlist_id: int) -> None:
        self.opened = playlist_id

    def close_playlist(self) -> None:
        self.opened = None

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.selected:
            self.selected = []
            return True
        if self.opened is not None:
            self.opened = None
            return True
        return False

    def ask_playlist(self) -> None:
        self.fields = {"dialog_playlist_name": ""}
        self.dialog = "add"

    def build_dialog(self, name: str) -> View:
        existing = [ListItem(n, f"{c} videos", lambda i=i: self.add_to(i), title_id="textView16",
                             summary_id="subtitle") for i, n, c in self.library().playlists()]
        return Dialog("", Text("Add to new playlist", id="textView9", style="title"),
                      Column(EditText("#playlist_name", self.fields.get("dialog_playlist_name", ""),
                                      lambda v: self.fields.__setitem__("dialog_playlist_name", v),
                                      hint="Playlist name"), id="dialog_playlist_name"),
                      Text("Add to existing playlist", id="textView8", style="title"),
                      Column(*existing, id="android:id/list") if existing else
                      Text("No playlist found.", id="android:id/empty"),
                      Button("Add", self.create, id="dialog_playlist_save"), id="design_bottom_sheet")

    def cancel(self) -> None:
        self.dialog = None

    def create(self) -> None:
        name = self.fields.get("dialog_playlist_name", "").strip()
        if name:
            self.add_to(self.library().create(name))

    def add_to(self, playlist_id: int) -> None:
        self.library().append(playlist_id, list(self.selected))
        self.log("VLC/MediaLibrary", f"appended {len(self.selected)} media to playlist {playlist_id}")
        self.selected, self.dialog = [], None


class VideoPlayerActivity(Activity):
    """Full-screen playback: the current frame (pixels only, as video is), the time, and Pause."""

    name = "org.videolan.vlc.gui.video.VideoPlayerActivity"

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.started = app.system.clock.now.timestamp()
        self.paused_at: float | None = None

    def elapsed(self) -> int:
        now = self.paused_at if self.paused_at is not None else self.system.clock.now.timestamp()
        return int(now - self.started)

    def build(self) -> View:
        data = self.system.fs.read(self.intent.extras["path"])
        frames, seconds = frames_of(data)
        t = self.elapsed()
        index = t // seconds if seconds else 0
        shown = frames[index] if index < len(frames) else ""
        total = mp4_duration_ms(data) // 1000
        return Column(
            View(cls="org.videolan.libvlc.util.VLCVideoLayout", id="video_layout", weight=1, style="videoframe",
                 icon=shown),
            Row(Text(f"{min(t, total) // 60:02d}:{min(t, total) % 60:02d}", id="player_overlay_time", width=80),
                View(weight=1),
                ImageButton("Play" if self.paused_at is not None else "Pause", self.toggle,
                            icon="play_arrow" if self.paused_at is not None else "pause", id="player_overlay_play"),
                height=64),
        )

    def toggle(self) -> None:
        if self.paused_at is None:
            self.paused_at = self.system.clock.now.timestamp()
        else:
            self.started += self.system.clock.now.timestamp() - self.paused_at
            self.paused_at = None


class VlcApp(App):
    package = PACKAGE
    label = "VLC"
    icon = "movie"
    activities = (MainActivity, VideoPlayerActivity)
    uid = 10065

    def install(self) -> None:
        self.system.fs.mkdirs(VIDEOS)
        with self.system.fs.sqlite(DB_PATH) as db:
            for statement in SCHEMA:
                db.execute(statement)


__all__ = ["DB_PATH", "VIDEOS", "MainActivity", "VideoPlayerActivity", "VlcApp"]
