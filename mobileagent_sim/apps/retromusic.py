"""Retro Music (``code.name.monkey.retromusic``): songs from ``/sdcard/Music``, playlists and the playing queue.

Songs are the MP3 files of the Music folder, read through their ID3 tags as MediaStore would.
Playlists live in the app's Room database ``playlist.db`` (``PlaylistEntity`` and ``SongEntity``, one
``SongEntity`` row per song of a playlist, in ``song_key`` order), the queue in
``music_playback_state.db`` (``playing_queue``), as AndroidWorld reads them. Screens: the library with
its bottom navigation (Songs, Playlists), each song's menu (Play next, Add to playing queue, Add to
playlist...), the add-to-playlist dialog with "New playlist", and each playlist's menu with
"Save as file", which writes ``/sdcard/Download/<name>.m3u``.
"""

from __future__ import annotations

import contextlib
import posixpath
import sqlite3
from collections.abc import Iterator
from typing import Any

from mobileagent_sim.app import Activity, App
from mobileagent_sim.views import (
    ActionModeBar,
    Button,
    Column,
    Dialog,
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
from pytest_mobileagent.android.media import Tags, media_id, read_tags
from pytest_mobileagent.android.retromusic import MAIN_ACTIVITY, PACKAGE
from pytest_mobileagent.android.retromusic import PLAYBACK_DB_NAME as PLAYBACK_DB
from pytest_mobileagent.android.retromusic import PLAYLIST_DB_NAME as PLAYLIST_DB

MUSIC = "/storage/emulated/0/Music"
EXPORT_DIR = "/storage/emulated/0/Download"
PLAYLIST_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS `PlaylistEntity` (`playlist_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
    "`playlist_name` TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS `SongEntity` (`song_key` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
    "`playlist_creator_id` INTEGER NOT NULL, `id` INTEGER NOT NULL, `title` TEXT NOT NULL, `track_number` INTEGER "
    "NOT NULL, `year` INTEGER NOT NULL, `duration` INTEGER NOT NULL, `data` TEXT NOT NULL, `date_modified` INTEGER "
    "NOT NULL, `album_id` INTEGER NOT NULL, `album_name` TEXT NOT NULL, `artist_id` INTEGER NOT NULL, `artist_name` "
    "TEXT NOT NULL, `composer` TEXT, `album_artist` TEXT)",
    "CREATE UNIQUE INDEX IF NOT EXISTS `index_SongEntity_playlist_creator_id_id` ON `SongEntity` "
    "(`playlist_creator_id`, `id`)",
)
QUEUE_COLUMNS = ("_id", "title", "track", "year", "duration", "_data", "date_modified", "album_id", "album",
                 "artist_id", "artist", "composer", "album_artist")
#: MusicPlaybackQueueStore's tables as its SQLiteOpenHelper (version 12) creates them, column types and all
#: (app/src/main/java/code/name/monkey/retromusic/providers/MusicPlaybackQueueStore.java, createTable).
PLAYBACK_VERSION = 12
PLAYBACK_SCHEMA = tuple(
    f"CREATE TABLE IF NOT EXISTS {table}(_id INT NOT NULL,title STRING NOT NULL,track INT NOT NULL,year INT NOT "
    "NULL,duration LONG NOT NULL,_data STRING NOT NULL,date_modified LONG NOT NULL,album_id INT NOT NULL,album "
    "STRING NOT NULL,artist_id INT NOT NULL,artist STRING NOT NULL,composer STRING,album_artist STRING);"
    for table in ("playing_queue", "original_playing_queue"))
TABS = ("Home", "Songs", "Albums", "Artists", "Playlists")


def clock(ms: int) -> str:
    seconds = ms // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


class Library:
    """What the player knows: songs from the Music folder, playlists and the queue from its databases."""

    def __init__(self, app: App):
        self.app = app
        self.fs = app.system.fs

    @contextlib.contextmanager
    def db(self, name: str) -> Iterator[sqlite3.Connection]:
        """The database as the app's Room (playlists) or SQLiteOpenHelper (playback state) opens it: a file
        removed behind its back (AndroidWorld clears the databases folder and pushes back only the playlists)
        comes back with its tables, empty."""
        with self.app.db(name) as db:
            if name == PLAYLIST_DB:
                for statement in PLAYLIST_SCHEMA:
                    db.execute(statement)
            elif db.execute("PRAGMA user_version").fetchone()[0] == 0:  # SQLiteOpenHelper's onCreate
                db.execute("CREATE TABLE IF NOT EXISTS android_metadata (locale TEXT)")
                db.execute("INSERT INTO android_metadata VALUES ('en_US')")
                for statement in PLAYBACK_SCHEMA:
                    db.execute(statement)
                db.execute(f"PRAGMA user_version = {PLAYBACK_VERSION}")
            yield db

    def songs(self) -> list[tuple[str, Tags]]:
        """(path, tags) of every MP3 in the Music folder, by title."""
        if not self.fs.isdir(MUSIC):
            return []
        found = [(posixpath.join(MUSIC, n), read_tags(self.fs.read(posixpath.join(MUSIC, n)), n.rsplit(".", 1)[0]))
                 for n in self.fs.listdir(MUSIC) if n.lower().endswith(".mp3")]
        return sorted(found, key=lambda s: (s[1].title.lower(), s[0]))

    def song_row(self, path: str, tags: Tags) -> dict[str, Any]:
        stat = self.fs.stat(path)
        album_id = media_id(posixpath.dirname(path))
        return {"id": media_id(path), "title": tags.title, "track_number": 0, "year": 0,
                "duration": tags.duration_ms, "data": path, "date_modified": int(stat.st_mtime) if stat else 0,
                "album_id": album_id, "album_name": tags.album or "Music", "artist_id": media_id(tags.artist),
                "artist_name": tags.artist or "<unknown>", "composer": None, "album_artist": None}

    def playlists(self) -> list[tuple[int, str, int]]:
        """(id, name, number of songs), by name."""
        with self.db(PLAYLIST_DB) as db:
            return db.execute("SELECT p.playlist_id, p.playlist_name, COUNT(s.song_key) FROM PlaylistEntity p "
                              "LEFT JOIN SongEntity s ON s.playlist_creator_id = p.playlist_id "
                              "GROUP BY p.playlist_id ORDER BY p.playlist_name").fetchall()

    def create_playlist(self, name: str) -> int:
        with self.db(PLAYLIST_DB) as db:
            return int(db.execute("INSERT INTO PlaylistEntity (playlist_name) VALUES (?)", (name,)).lastrowid or 0)

    def add_to_playlist(self, playlist_id: int, path: str, tags: Tags) -> bool:
        """Append a song; False if it is already in the playlist (the unique index)."""
        row = {"playlist_creator_id": playlist_id, **self.song_row(path, tags)}
        with self.db(PLAYLIST_DB) as db:
            cur = db.execute(f"INSERT OR IGNORE INTO SongEntity ({', '.join(row)}) VALUES "
                             f"({', '.join('?' * len(row))})", tuple(row.values()))
            return cur.rowcount == 1

    def playlist_songs(self, playlist_id: int) -> list[tuple[str, str]]:
        """(title, path) in playlist order."""
        with self.db(PLAYLIST_DB) as db:
            return db.execute("SELECT title, data FROM SongEntity WHERE playlist_creator_id = ? ORDER BY song_key",
                              (playlist_id,)).fetchall()

    def enqueue(self, path: str, tags: Tags, next_up: bool = False) -> None:
        r = self.song_row(path, tags)
        values = (r["id"], r["title"], 0, 0, r["duration"], path, r["date_modified"], r["album_id"],
                  r["album_name"], r["artist_id"], r["artist_name"], None, None)
        with self.db(PLAYBACK_DB) as db:
            queue = db.execute(f"SELECT {', '.join(QUEUE_COLUMNS)} FROM playing_queue").fetchall()
            queue.insert(1 if next_up and queue else len(queue), values)
            for table in ("playing_queue", "original_playing_queue"):
                db.execute(f"DELETE FROM {table}")
                db.executemany(f"INSERT INTO {table} VALUES ({', '.join('?' * len(QUEUE_COLUMNS))})", queue)

    def restore_queue(self) -> list[str]:
        """What MusicService does when it is created: its onCreate's restoreState reads the saved queues through
        MusicPlaybackQueueStore, whose SQLiteOpenHelper creates ``music_playback_state.db`` and its tables where
        the file is missing. The service is created when an activity starts: AbsMusicServiceActivity.onCreate
        binds it (MusicPlayerRemote.bindToService); the Application's onCreate does not open the database."""
        return self.queue()

    def queue(self) -> list[str]:
        with self.db(PLAYBACK_DB) as db:
            # STRING columns have NUMERIC affinity: a title such as "1999" comes back a number
            return [str(r[0]) for r in db.execute("SELECT title FROM playing_queue").fetchall()]


class MainActivity(Activity):
    """The library: bottom navigation, song and playlist lists with their menus and dialogs."""

    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.tab = "Songs"
        self.song: str | None = None  # the path a song menu or the add-to-playlist dialog is about
        self.playlist: int | None = None  # the playlist opened
        self.menu_playlist: int | None = None  # the playlist a playlist menu is about
        self.selected: list[str] = []  # songs picked by long press, in the order picked
        self.library().restore_queue()

    def library(self) -> Library:
        return Library(self.app)

    def tags_of(self, path: str) -> Tags:
        return read_tags(self.system.fs.read(path), posixpath.basename(path).rsplit(".", 1)[0])

    def build(self) -> View:
        if self.playlist is not None:
            return self.build_playlist()
        content = self.build_songs() if self.tab == "Songs" else self.build_playlists() \
            if self.tab == "Playlists" else Text("Nothing here yet", id="empty", weight=1)
        queue = self.library().queue()
        mini = Row(Text(queue[0], id="miniPlayerTitle", weight=1), id="miniPlayerFragment", height=56) \
            if queue else None
        if self.selected:
            bar = ActionModeBar(len(self.selected), [
                ImageButton("Add to playlist", self.ask_playlist, icon="playlist_add", id="action_add_to_playlist"),
                ImageButton("Add to playing queue", self.queue_song, icon="queue",
                            id="action_add_to_current_playing"),
            ], self.clear_selection, overflow=lambda: self.open_menu("selection"), done_id="cab_close")
        else:
            bar = Toolbar("Retro Music", actions=[ImageButton("Search", None, icon="search", id="action_search")])
        return Column(
            bar,
            content, mini,
            Tabs(TABS, TABS.index(self.tab), self.select_tab, id="navigationView"),
        )

    def select_tab(self, index: int) -> None:
        self.tab = TABS[index]
        self.playlist = None
        self.view_state.clear()

    def build_songs(self) -> View:
        rows = [ListItem(tags.title, f"{tags.artist or '<unknown>'} • {clock(tags.duration_ms)}",
                         lambda p=path, t=tags: self.song_tapped(p, t), title_id="title", summary_id="text",
                         on_long_click=lambda p=path: self.toggle(p), selected=path in self.selected,
                         widget=ImageButton("More options", lambda p=path: self.song_menu(p), icon="more_vert",
                                            id="menu"))
                for path, tags in self.library().songs()]
        return Scroll(*rows, id="recycler_view", weight=1) if rows else \
            Text("No songs found", id="empty", weight=1)

    def song_tapped(self, path: str, tags: Tags) -> None:
        """Play the song; while selecting, a tap picks or unpicks it instead."""
        if self.selected:
            self.toggle(path)
        else:
            self.library().enqueue(path, tags)

    def toggle(self, path: str) -> None:
        toggle_selection(self.selected, path)

    def clear_selection(self) -> None:
        self.selected = []

    def picked(self) -> list[str]:
        """The songs an action is about: the selection, or the song whose menu is open."""
        return list(self.selected) if self.selected else [self.song] if self.song else []

    def build_playlists(self) -> View:
        rows = [ListItem(name, f"{count} song" + ("" if count == 1 else "s"),
                         lambda i=pid: self.open_playlist(i), title_id="title", summary_id="text",
                         widget=ImageButton("More options", lambda i=pid: self.playlist_menu(i), icon="more_vert",
                                            id="menu"))
                for pid, name, count in self.library().playlists()]
        return Scroll(*rows, id="recycler_view", weight=1) if rows else \
            Text("No playlists", id="empty", weight=1)

    def build_playlist(self) -> View:
        name = next((n for i, n, _ in self.library().playlists() if i == self.playlist), "")
        songs = self.library().playlist_songs(self.playlist or 0)
        return Column(Toolbar(name, navigate_up=self.close_playlist),
                      Scroll(*[ListItem(t, "", None, title_id="title") for t, _ in songs], id="recycler_view",
                             weight=1))

    def open_playlist(self, playlist_id: int) -> None:
        self.playlist = playlist_id

    def close_playlist(self) -> None:
        self.playlist = None

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.selected:
            self.selected = []
            return True
        if self.playlist is not None:
            self.playlist = None
            return True
        return False

    # -- menus ---------------------------------------------------------------------------

    def song_menu(self, path: str) -> None:
        self.song, self.selected = path, []
        self.open_menu("song")

    def playlist_menu(self, playlist_id: int) -> None:
        self.menu_playlist = playlist_id
        self.open_menu("playlist")

    def menu_items(self, name: str):
        if name == "selection":
            return [("Play next", lambda: self.queue_song(True)), ("Share", self.close_menu)]
        if name == "song":
            return [("Play next", lambda: self.queue_song(True)), ("Add to playing queue", self.queue_song),
                    ("Add to playlist...", self.ask_playlist), ("Go to album", self.close_menu),
                    ("Go to artist", self.close_menu), ("Share", self.close_menu), ("Details", self.close_menu)]
        return [("Play", self.close_menu), ("Rename", self.close_menu),
                ("Save as file", self.save_playlist), ("Delete", self.delete_playlist)]

    def queue_song(self, next_up: bool = False) -> None:
        self.close_menu()
        songs = self.picked()
        for path in reversed(songs) if next_up else songs:
            self.library().enqueue(path, self.tags_of(path), next_up)
        self.selected, self.song = [], None
        self.toast(f"Added {len(songs)} song{'s' if len(songs) != 1 else ''} to the playing queue.")

    def ask_playlist(self) -> None:
        self.close_menu()
        self.dialog = "add_to_playlist"

    def save_playlist(self) -> None:
        self.close_menu()
        playlist_id = self.menu_playlist or 0
        name = next((n for i, n, _ in self.library().playlists() if i == playlist_id), "playlist")
        lines = ["#EXTM3U"]
        for title, path in self.library().playlist_songs(playlist_id):
            duration = self.tags_of(path).duration_ms // 1000 if self.system.fs.exists(path) else -1
            lines += [f"#EXTINF:{duration},{title}", path]
        target = posixpath.join(EXPORT_DIR, f"{name}.m3u")
        self.system.fs.write(target, ("\n".join(lines) + "\n").encode())
        self.toast(f"Saved playlist to {target}.")

    def delete_playlist(self) -> None:
        self.close_menu()
        playlist_id = self.menu_playlist or 0
        with self.app.db(PLAYLIST_DB) as db:
            db.execute("DELETE FROM SongEntity WHERE playlist_creator_id = ?", (playlist_id,))
            db.execute("DELETE FROM PlaylistEntity WHERE playlist_id = ?", (playlist_id,))

    # -- dialogs -------------------------------------------------------------------------

    def build_dialog(self, name: str) -> View:
        if name == "new_playlist":
            return Dialog("New playlist", self.field("actionNewPlaylist", hint="Playlist name"),
                          buttons=[Button("Cancel", self.cancel, id="android:id/button2"),
                                   Button("Create", self.create_playlist, id="android:id/button1")])
        items = [Text("New playlist", id="android:id/text1", clickable=True, focusable=True, height=48,
                      on_click=self.ask_new_playlist)]
        items += [Text(n, id="android:id/text1", clickable=True, focusable=True, height=48,
                       on_click=lambda i=pid: self.add_song_to(i)) for pid, n, _ in self.library().playlists()]
        return Dialog("Add to playlist", Column(*items, id="android:id/select_dialog_listview"),
                      buttons=[Button("Cancel", self.cancel, id="android:id/button2")])

    def cancel(self) -> None:
        self.dialog = None

    def ask_new_playlist(self) -> None:
        self.fields = {"actionNewPlaylist": ""}
        self.dialog = "new_playlist"
        self.request_focus("actionNewPlaylist")

    def create_playlist(self) -> None:
        name = self.fields.get("actionNewPlaylist", "").strip()
        if not name:
            return
        self.add_song_to(self.library().create_playlist(name))

    def add_song_to(self, playlist_id: int) -> None:
        self.dialog = None
        added = sum(self.library().add_to_playlist(playlist_id, p, self.tags_of(p)) for p in self.picked())
        self.selected, self.song = [], None
        self.toast(f"Added {added} song{'s' if added != 1 else ''} to the playlist.")


class RetroMusicApp(App):
    package = PACKAGE
    label = "Retro Music"
    icon = "music_note"
    activities = (MainActivity,)
    uid = 10064

    def install(self) -> None:
        """The databases of a first run (AndroidWorld's setup starts the app once after installing it)."""
        library = Library(self)
        library.playlists()
        library.restore_queue()


__all__ = ["EXPORT_DIR", "MUSIC", "PACKAGE", "MainActivity", "RetroMusicApp"]
