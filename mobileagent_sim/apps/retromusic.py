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
    Frame,
    Image,
    ImageButton,
    ListItem,
    Row,
    Scroll,
    SeekBar,
    Space,
    Tabs,
    Text,
    Toolbar,
    View,
    toggle_selection,
)
from pytest_mobileagent.android.media import Tags, embedded_picture, media_id, read_tags
from pytest_mobileagent.android.retromusic import DEFAULT_COVER, DEFAULT_COVER_NIGHT, MAIN_ACTIVITY, PACKAGE
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
TABS = ("For you", "Songs", "Albums", "Artists", "Playlists")
TAB_ICONS = ("home", "audiotrack", "album", "person", "queue_music")  # bottom_navigation_main.xml's drawables
#: menu_player.xml's items in the overflow (the player's other actions, not simulated beyond their menu)
PLAYER_MENU = ("Playback Speed", "Drive mode", "Go to album", "Go to artist", "Go to genre", "Add to playlist",
               "Save playing queue", "Share", "Set as ringtone", "Clear playing queue", "Details", "Go to Lyrics",
               "Equalizer", "Delete from device")


def clock(ms: int) -> str:
    seconds = ms // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


def padded_clock(ms: int) -> str:
    """MusicUtil.getReadableDurationString as the player's times show it: minutes and seconds, two digits each."""
    seconds = ms // 1000
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def cover(app: App, path: str, rid: str, size: float) -> View:
    """A song's cover as RetroGlideExtension.songCoverOptions loads it: the picture embedded in its file
    (AudioFileCover), cut to the view (centerCrop), else the default_audio_art drawable (a music note on grey)."""
    fs = app.system.fs
    data = fs.read(path) if fs.exists(path) else b""
    if embedded_picture(data):
        return View(cls="android.widget.ImageView", id=rid, icon=path, style="bitmap", scale_type="center_crop",
                    width=size, height=size)
    background = DEFAULT_COVER_NIGHT if app.system.night_mode else DEFAULT_COVER
    return Image(icon="music_note", id=rid, width=size, height=size, background=background)


def song_item(app: App, path: str, tags: Tags, on_click: Any, on_long_click: Any, selected: bool,
              menu: View) -> View:
    """A row of item_list.xml: the cover in imageTextContainer, title and text (artist • length), the menu."""
    texts = Column(Text(tags.title, id="title", style="item-title", height=28),
                   Text(f"{tags.artist or '<unknown>'} • {clock(tags.duration_ms)}", id="text",
                        style="item-summary", height=24), weight=1, padding=0)
    art = Frame(cover(app, path, "image", 48), id="imageTextContainer", cls="androidx.cardview.widget.CardView",
                width=56, padding=4)
    return Row(art, texts, menu, clickable=True, focusable=True, on_click=on_click, long_clickable=True,
               on_long_click=on_long_click, selected=selected, height=72, padding=8)


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
        return [title for title, _, _, _ in self.queue_rows()]

    def queue_rows(self) -> list[tuple[str, str, int, str]]:
        """(title, artist, duration in ms, path) of the playing queue, in order."""
        with self.db(PLAYBACK_DB) as db:
            # STRING columns have NUMERIC affinity: a title such as "1999" comes back a number
            return [(str(t), str(a), int(ms or 0), str(p))
                    for t, a, ms, p in db.execute("SELECT title, artist, duration, _data FROM playing_queue")]


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
        self.expanded = False  # the sliding panel pulled up: the now-playing screen
        self.current = 0  # the queue position playing
        self.playing = False
        self.position = 0  # ms into the current song when playback last started or paused
        self.resumed_at: float | None = None  # the clock when playback last started
        self.repeat = 0  # MusicService.repeatMode: off, all, the current song
        self.shuffle = False
        self.library().restore_queue()

    def library(self) -> Library:
        return Library(self.app)

    def tags_of(self, path: str) -> Tags:
        return read_tags(self.system.fs.read(path), posixpath.basename(path).rsplit(".", 1)[0])

    def build(self) -> View:
        queue = self.library().queue_rows()
        if self.expanded and queue:
            return self.build_player(queue)
        if self.playlist is not None:
            return self.build_playlist()
        content = self.build_songs() if self.tab == "Songs" else self.build_playlists() \
            if self.tab == "Playlists" else Text("Nothing here yet", id="empty", weight=1)
        mini = self.build_mini_player(queue) if queue else None
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
            Tabs(TABS, TABS.index(self.tab), self.select_tab, id="navigationView", icons=TAB_ICONS),
        )

    # -- the player ------------------------------------------------------------------------

    def now(self) -> float:
        return self.system.clock.now.timestamp()

    def song_position(self, duration: int) -> int:
        """Where playback is in the current song, in ms: it runs on with the clock while playing."""
        running = (self.now() - self.resumed_at) * 1000 if self.playing and self.resumed_at is not None else 0
        return int(min(duration, self.position + running))

    def current_song(self, queue: list[tuple[str, str, int, str]]) -> tuple[str, str, int, str]:
        return queue[min(self.current, len(queue) - 1)]

    def build_mini_player(self, queue: list[tuple[str, str, int, str]]) -> View:
        """fragment_mini_player.xml: the cover, "title • artist", previous, play/pause, next; a tap expands it."""
        title, artist, _, path = self.current_song(queue)
        return Row(Frame(cover(self.app, path, "image", 40), id="imageTextContainer", width=48, padding=4),
                   Text(f"{title} • {artist}", id="miniPlayerTitle", weight=1),
                   ImageButton("", self.previous, icon="skip_previous", id="actionPrevious"),
                   ImageButton("", self.play_pause, icon="pause" if self.playing else "play_arrow",
                               id="miniPlayerPlayPauseButton"),
                   ImageButton("", self.next, icon="skip_next", id="actionNext"),
                   id="miniPlayerFragment", height=56, clickable=True, focusable=True, on_click=self.expand)

    def build_player(self, queue: list[tuple[str, str, int, str]]) -> View:
        """The Normal now-playing screen (fragment_player.xml): the cover over half the screen, the playback
        controls (fragment_player_playback_controls.xml: times and slider, title, artist, repeat, previous,
        play/pause, next, shuffle) and the player's toolbar at the bottom (menu_player.xml)."""
        title, artist, duration, path = self.current_song(queue)
        at = self.song_position(duration)
        width = self.system.width * 160 / self.system.density
        controls = Column(
            Row(Text(padded_clock(at), id="songCurrentProgress", style="caption", width=56),
                SeekBar(at, self.seek, max_progress=max(1, duration), id="progressSlider", weight=1),
                Text(padded_clock(duration), id="songTotalTime", style="caption", width=56), height=48),
            Text(title, id="title", style="player-title", height=40, gravity="center"),
            Text(artist or "<unknown>", id="text", style="player-text", height=32, gravity="center"),
            Space(16),
            Row(View(weight=1),
                ImageButton("", self.cycle_repeat, icon="repeat_one" if self.repeat == 2 else "repeat",
                            id="repeatButton"),
                View(weight=1), ImageButton("", self.previous, icon="skip_previous", id="previousButton"),
                View(weight=1),
                View(cls="android.widget.ImageButton", id="playPauseButton", icon="pause" if self.playing else
                     "play_arrow", style="fab", width=64, height=64, clickable=True, focusable=True,
                     on_click=self.play_pause),
                View(weight=1), ImageButton("", self.next, icon="skip_next", id="nextButton"),
                View(weight=1), ImageButton("", self.toggle_shuffle, icon="shuffle", id="shuffleButton"),
                View(weight=1), height=72),
            id="playbackControlsFragment", weight=1, padding=16)
        toolbar = Row(ImageButton("Navigate up", self.collapse, icon="expand_more"), View(weight=1),
                      ImageButton("Sleep timer", None, icon="bedtime", id="action_sleep_timer"),
                      ImageButton("Lyrics", None, icon="lyrics", id="action_toggle_lyrics"),
                      ImageButton("Favorites", None, icon="favorite:outlined", id="action_toggle_favorite"),
                      ImageButton("Now playing queue", None, icon="queue_music", id="now_playing"),
                      ImageButton("More options", lambda: self.open_menu("player"), icon="more_vert"),
                      id="playerToolbar", cls="android.view.ViewGroup", height=56)
        return Column(Frame(cover(self.app, path, "player_image", width - 32), id="playerAlbumCoverFragment",
                            padding=16, height=width),
                      controls, toolbar, id="colorGradientBackground")

    def expand(self) -> None:
        self.expanded = True

    def collapse(self) -> None:
        self.expanded = False

    def play_pause(self) -> None:
        queue = self.library().queue_rows()
        if not queue:
            return
        self.position = self.song_position(self.current_song(queue)[2])
        self.playing = not self.playing
        self.resumed_at = self.now() if self.playing else None

    def seek(self, value: float) -> None:
        self.position = int(value)
        self.resumed_at = self.now() if self.playing else None

    def skip(self, step: int) -> None:
        queue = self.library().queue_rows()
        if queue:
            self.current = (min(self.current, len(queue) - 1) + step) % len(queue)
            self.position, self.resumed_at = 0, self.now() if self.playing else None

    def next(self) -> None:
        self.skip(1)

    def previous(self) -> None:
        self.skip(-1)

    def cycle_repeat(self) -> None:
        self.repeat = (self.repeat + 1) % 3

    def toggle_shuffle(self) -> None:
        self.shuffle = not self.shuffle

    def select_tab(self, index: int) -> None:
        self.tab = TABS[index]
        self.playlist = None
        self.view_state.clear()

    def build_songs(self) -> View:
        rows = [song_item(self.app, path, tags, lambda p=path, t=tags: self.song_tapped(p, t),
                          lambda p=path: self.toggle(p), path in self.selected,
                          ImageButton("More options", lambda p=path: self.song_menu(p), icon="more_vert", id="menu"))
                for path, tags in self.library().songs()]
        return Scroll(*rows, id="recycler_view", weight=1) if rows else \
            Text("No songs found", id="empty", weight=1)

    def song_tapped(self, path: str, tags: Tags) -> None:
        """Play the song; while selecting, a tap picks or unpicks it instead."""
        if self.selected:
            self.toggle(path)
        else:
            self.library().enqueue(path, tags)
            self.current = len(self.library().queue_rows()) - 1
            self.playing, self.position, self.resumed_at = True, 0, self.now()

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
        if self.expanded:  # back collapses the panel
            self.expanded = False
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
        if name == "player":  # menu_player.xml's items not shown as icons
            return [(label, self.close_menu) for label in PLAYER_MENU]
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
