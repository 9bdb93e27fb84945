"""AndroidWorld's Retro Music tasks: playlists, the playing queue, an exported playlist, a playlist by duration.

The parameters are AndroidWorld's (``generate_random_params()``): ``files`` (the songs the goal names, as
``<title>.mp3``, in order), ``noise_files`` (the other songs on the phone) and ``playlist_name``. The project's
extras derive from them: ``targets`` and ``names`` (the titles), and ``songs``, each song's artist and length (drawn,
seeded by the dict, where AndroidWorld's has none).

Setup writes the songs as tagged MP3 files into the Music folder (title, artist, length) and
leaves one unrelated playlist that must come through unchanged. Checks read ``playlist.db`` and
``music_playback_state.db`` as AndroidWorld does, and the exported ``.m3u`` file.
"""

from __future__ import annotations

import itertools
import posixpath
import random
import re
from collections.abc import Generator, Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android.media import Tags, mp3_with_tags
from pytest_mobileagent.android.retromusic import PLAYBACK_DB_PATH as PLAYBACK_DB
from pytest_mobileagent.android.retromusic import PLAYLIST_DB_PATH as PLAYLIST_DB
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task, params_key
from pytest_mobileagent.tasks.oracle import UI, OracleError
from pytest_mobileagent.validators.state import table_rows

MUSIC = "/sdcard/Music"
DOWNLOAD = "/sdcard/Download"
SONGS = ("Paper Lanterns", "Copper Sky", "Slow Orbit", "Harbor Lights", "Northbound", "Glass Garden",
         "Static Bloom", "Kite Season", "Marigold", "Low Tide", "Velvet Hour", "Cinder Road", "Afterglow Avenue",
         "Quiet Engines", "Salt and Cedar", "Neon Orchard", "Long Way Home", "Polaroid Summer", "Wild Clover",
         "Midnight Ferry", "Blue Parade", "Tin Roof Rain", "Open Water", "Echo Valley")
ARTISTS = ("Ana", "Bruno", "Chloe", "Dmitri", "Esme", "Farah", "Goran", "Hiro", "Ines", "Jonah")
THEMES = ("Morning Run", "Late Night Drive", "Sunday Chores", "Focus Mode", "Road Trip", "Dinner Party",
          "Rainy Day", "Gym Session", "Study Break", "Summer Evenings")
#: The playlist already on the phone, which no task may touch.
KEPT_PLAYLIST = ("Old Favourites", ("Echo Valley", "Open Water"))


def playlist_name() -> st.SearchStrategy[str]:
    return st.tuples(st.sampled_from(THEMES), st.integers(1, 999)).map(lambda t: f"{t[0]} {t[1]}")


@st.composite
def song_list(draw: Any, n_targets: tuple[int, int] = (2, 5), total: int = 12) -> dict[str, Any]:
    """Songs on the phone (title -> artist, length in ms) and the targets among them, in goal order."""
    titles = draw(st.lists(st.sampled_from([s for s in SONGS if s not in KEPT_PLAYLIST[1]]), min_size=total,
                           max_size=total, unique=True))
    songs = {t: (draw(st.sampled_from(ARTISTS)), draw(st.integers(150, 300)) * 1000) for t in titles}
    k = draw(st.integers(*n_targets))
    return {"songs": songs, "targets": titles[:k]}


def seed_music(device: Device, songs: dict[str, tuple[str, int]]) -> None:
    """Only these songs (plus the kept playlist's) in Music; no queue; only the kept playlist."""
    for name in device.list_dir(MUSIC) if device.exists(MUSIC) else []:
        device.remove(posixpath.join(MUSIC, name))
    everything = {**songs, **{t: ("Ines", 200_000) for t in KEPT_PLAYLIST[1]}}
    for title, (artist, ms) in everything.items():
        device.write_file(f"{MUSIC}/{title}.mp3", mp3_with_tags(Tags(title, artist, "Music", ms)))
    device.sqlite(PLAYLIST_DB, "DELETE FROM SongEntity")
    device.sqlite(PLAYLIST_DB, "DELETE FROM PlaylistEntity")
    device.sqlite(PLAYBACK_DB, "DELETE FROM playing_queue")
    device.sqlite(PLAYBACK_DB, "DELETE FROM original_playing_queue")
    device.sqlite(PLAYLIST_DB, "INSERT INTO PlaylistEntity (playlist_id, playlist_name) VALUES (1, ?)",
                  (KEPT_PLAYLIST[0],))
    for i, title in enumerate(KEPT_PLAYLIST[1]):
        device.sqlite(PLAYLIST_DB, "INSERT INTO SongEntity (playlist_creator_id, id, title, track_number, year, "
                      "duration, data, date_modified, album_id, album_name, artist_id, artist_name) VALUES "
                      "(1, ?, ?, 0, 0, 200000, ?, 0, 1, 'Music', 1, 'Ines')",
                      (100 + i, title, f"/storage/emulated/0/Music/{title}.mp3"))


def playlists(device: Device) -> dict[str, list[tuple[str, int]]]:
    """Playlist name -> [(song title, duration ms)] in playlist order."""
    found: dict[str, list[tuple[str, int]]] = {}
    for name, title, ms in device.sqlite(
            PLAYLIST_DB, "SELECT p.playlist_name, s.title, s.duration FROM PlaylistEntity p LEFT JOIN SongEntity s "
            "ON s.playlist_creator_id = p.playlist_id ORDER BY p.playlist_id, s.song_key"):
        found.setdefault(name, [])
        if title is not None:
            found[name].append((title, ms))
    return found


def others_kept(found: dict[str, list[tuple[str, int]]], name: str) -> bool:
    """Besides ``name``, exactly the playlist that was there, unchanged."""
    return ({k: [t for t, _ in v] for k, v in found.items() if k != name}
            == {KEPT_PLAYLIST[0]: list(KEPT_PLAYLIST[1])})


def playlist_is(device: Device, name: str, titles: list[str]) -> bool:
    found = playlists(device)
    return [t for t, _ in found.get(name, [])] == titles and others_kept(found, name)


def select_songs(ui: UI, titles: list[str]) -> Iterator[Action]:
    """Long-press the first song, then tap the others, in the given order (scrolling as needed)."""
    for i, title in enumerate(titles):
        yield from scroll_to_song(ui, title)
        yield ui.long_press(text=title) if i == 0 else ui.click(text=title)


def scroll_to_song(ui: UI, title: str) -> Iterator[Action]:
    """Scroll the song list (sorted by title) towards ``title``."""
    for _ in range(8):
        if ui.exists(text=title):
            return
        shown = [el.text for _, el in ui.find_all(rid="title") if el.text]
        yield ui.scroll("down" if shown and title.lower() > max(s.lower() for s in shown) else "up",
                        rid="recycler_view")
    if not ui.exists(text=title):
        raise OracleError(f"song {title!r} not found")


def create_playlist(ui: UI, name: str, titles: list[str]) -> Iterator[Action]:
    yield from select_songs(ui, titles)
    yield ui.click(desc="Add to playlist")
    yield ui.tolerate(ui.click(text="New playlist"),
                      "tapping where the name field will be lands on the New playlist row, which opens it", "skip")
    yield ui.type(name, rid="actionNewPlaylist")
    yield ui.click(text="Create")


def title_of(file: str) -> str:
    """``Copper Sky.mp3`` -> ``Copper Sky`` (AndroidWorld's ``f.split('.')[0]``)."""
    return file.split(".")[0]


def as_files(songs: dict[str, Any], targets: list[str]) -> dict[str, list[str]]:
    """AndroidWorld's ``files``/``noise_files`` for songs on the phone and the targets among them."""
    return {"files": [f"{t}.mp3" for t in targets], "noise_files": [f"{t}.mp3" for t in songs if t not in targets]}


class _RetroTask(Task):
    __abstract__ = True
    apps = ("retro music",)
    complexity = 2

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.tuples(song_list(), playlist_name()).map(
            lambda t: {**as_files(t[0]["songs"], t[0]["targets"]), "playlist_name": t[1], "songs": t[0]["songs"]})

    @classmethod
    def complete_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        """The titles from AndroidWorld's file names; each song's artist and length drawn where none is given."""
        targets = [title_of(f) for f in params.get("files", [])]
        songs = params.get("songs")
        if songs is None:
            rng = random.Random(params_key(params))
            titles = targets + [title_of(f) for f in params.get("noise_files", [])]
            songs = {t: (rng.choice(ARTISTS), rng.randint(150, 300) * 1000) for t in titles}
        return {**params, "songs": songs, "targets": targets, "names": ", ".join(targets)}

    def setup(self, device: Device) -> None:
        seed_music(device, self.params["songs"])

    def describe_state(self, device: Device) -> str:
        queue = [r[0] for r in table_rows(device, PLAYBACK_DB, "playing_queue", "title")]
        return f"playlists: {playlists(device)}; queue: {queue}"


class RetroCreatePlaylist(_RetroTask):
    """The named playlist holds exactly the songs, in order; the other playlist is unchanged."""

    template = 'Create a playlist in Retro Music titled "{playlist_name}" with the following songs, in order: {names}'
    difficulty = "medium"
    tags = ("data_entry", "repetition", "parameterized")
    optimal_steps = 12

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if playlist_is(device, self.params["playlist_name"], self.params["targets"]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Retro Music")
        yield from create_playlist(ui, self.params["playlist_name"], self.params["targets"])
        yield ui.complete()


class RetroPlayingQueue(_RetroTask):
    """The playing queue is exactly the songs, in order."""

    template = "Add the following songs, in order, {names} to my playing queue in Retro music."
    difficulty = "easy"
    tags = ("parameterized",)
    optimal_steps = 16

    def check(self, device: Device, answer: str | None = None) -> float:
        queue = [r[0] for r in table_rows(device, PLAYBACK_DB, "playing_queue", "title")]
        return 1.0 if queue == self.params["targets"] and others_kept(playlists(device), "") else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Retro Music")
        yield from select_songs(ui, self.params["targets"])
        yield ui.click(desc="Add to playing queue")
        yield ui.complete()


def exported(device: Device, name: str) -> list[str] | None:
    """Song titles of ``Download/<name>.m3u`` in order, or None if there is no such file."""
    path = f"{DOWNLOAD}/{name}.m3u"
    if not device.exists(path):
        return None
    lines = device.read_file(path).decode("utf-8", "replace").splitlines()
    return [posixpath.basename(line).rsplit(".", 1)[0] for line in lines if line and not line.startswith("#")]


class RetroSavePlaylist(_RetroTask):
    """Two halves, as in AndroidWorld: the playlist is right, and its export lists the songs in order."""

    template = ('Create a playlist in Retro Music titled "{playlist_name}" with the following songs, in order: '
                "{names}. Then export the playlist to the Downloads directory on the device.")
    difficulty = "hard"
    tags = ("search", "repetition", "parameterized")
    optimal_steps = 25

    def check(self, device: Device, answer: str | None = None) -> float:
        name, titles = self.params["playlist_name"], self.params["targets"]
        return (playlist_is(device, name, titles) + (exported(device, name) == titles)) / 2

    def oracle(self, ui: UI) -> Iterator[Action]:
        name = self.params["playlist_name"]
        yield ui.open_app("Retro Music")
        yield from create_playlist(ui, name, self.params["targets"])
        yield ui.click(text="Playlists")
        yield Action.click(index=menu_button_of(ui, name))
        yield ui.click(text="Save as file")
        yield ui.complete()


def menu_button_of(ui: UI, text: str) -> int:
    """The element index of the "More options" button on the row titled ``text``."""
    _, row = ui.element(text=text)
    buttons = [(i, el) for i, el in ui.find_all(desc="More options")
               if row.bounds[1] <= el.center[1] <= row.bounds[3] + 80]
    if not buttons:
        raise OracleError(f"no menu button on the row {text!r}")
    return buttons[0][0]


class RetroPlaylistDuration(_RetroTask):
    """A playlist of the given name lasting 45 to 50 minutes; no song twice, the other playlist unchanged."""

    template = ('Create a playlist in Retro Music titled "{playlist_name}" with a duration between 45 and 50 '
                "minutes using the provided songs.")
    difficulty = "medium"
    tags = ("math_counting", "complex_ui_understanding", "repetition", "parameterized")
    complexity = 3
    optimal_steps = 15

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            titles = d(st.lists(st.sampled_from([s for s in SONGS if s not in KEPT_PLAYLIST[1]]), min_size=12,
                                max_size=12, unique=True))
            # five or six songs make 47.5 minutes, so an answer exists; the rest are 2 to 6 minutes long
            k = d(st.integers(5, 6))
            cuts = sorted(d(st.lists(st.integers(1, 2849), min_size=k - 1, max_size=k - 1, unique=True)))
            parts = [b - a for a, b in zip([0, *cuts], [*cuts, 2850])]
            if min(parts) < 120:  # no one-minute jingles: even the parts out
                parts = [2850 // k] * (k - 1) + [2850 - 2850 // k * (k - 1)]
            lengths = [p * 1000 for p in parts] + [d(st.integers(120, 360)) * 1000 for _ in range(12 - k)]
            songs = {t: (d(st.sampled_from(ARTISTS)), ms) for t, ms in zip(titles, lengths)}
            return {**as_files(songs, titles[:k]), "songs": songs, "playlist_name": d(playlist_name())}
        return draw()

    def check(self, device: Device, answer: str | None = None) -> float:
        found = playlists(device)
        songs = found.get(self.params["playlist_name"], [])
        titles = [t for t, _ in songs]
        total = sum(ms for _, ms in songs)
        ok = (45 * 60_000 <= total <= 50 * 60_000 and len(set(titles)) == len(titles)
              and set(titles) <= set(self.params["songs"]) and others_kept(found, self.params["playlist_name"]))
        return 1.0 if ok else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Retro Music")
        lengths = yield from read_lengths(ui)
        # the songs of the playlist setup keeps are on the phone too, but not among the provided ones
        provided = {title: s for title, s in lengths.items() if title not in KEPT_PLAYLIST[1]}
        picked = sorted(fewest_songs_lasting(provided, 45 * 60, 50 * 60), key=str.lower)  # in list order
        yield from create_playlist(ui, self.params["playlist_name"], picked)
        yield ui.complete()


def shown_lengths(ui: UI) -> dict[str, int]:
    """The song rows on screen: title -> the length its second line shows (``artist • m:ss``), in seconds."""
    found: dict[str, int] = {}
    for _, title in ui.find_all(rid="title"):
        below = [el for _, el in ui.find_all(rid="text")
                 if el.bounds[0] == title.bounds[0] and 0 <= el.bounds[1] - title.bounds[3] <= 8]
        m = re.search(r"(\d+):(\d\d)$", below[0].text) if below else None
        if m:
            found[title.text] = int(m.group(1)) * 60 + int(m.group(2))
    return found


def read_lengths(ui: UI) -> Generator[Action, None, dict[str, int]]:
    """Scroll down the song list reading each song's length, until a scroll shows no song not seen yet."""
    lengths = shown_lengths(ui)
    for _ in range(20):
        yield ui.tolerate(ui.scroll("down", rid="recycler_view"),
                          "it only moves the song list to read the lengths; the songs are picked by name after", "skip")
        more = shown_lengths(ui)
        if set(more) <= set(lengths):
            break
        lengths.update(more)
    return lengths


def fewest_songs_lasting(lengths: dict[str, int], low: int, high: int) -> list[str]:
    """The fewest songs whose lengths (whole seconds, as shown: each may be up to a second longer) surely add up
    to ``low``..``high`` seconds."""
    for k in range(1, len(lengths) + 1):
        for combo in itertools.combinations(sorted(lengths), k):
            total = sum(lengths[t] for t in combo)
            if low <= total and total + k <= high:
                return list(combo)
    raise OracleError(f"no subset of the songs surely lasts {low} to {high} seconds: {lengths}")
