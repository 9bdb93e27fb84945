"""Retro Music: songs from tagged MP3s, playlists and the queue in its databases, export; the tasks' checks."""

from __future__ import annotations

import pytest

from pytest_mobileagent.android.media import Tags, mp3_with_tags, read_tags
from pytest_mobileagent.sim import SimDevice
from suites.androidworld.tasks_retro import (
    PLAYBACK_DB,
    PLAYLIST_DB,
    RetroCreatePlaylist,
    RetroPlayingQueue,
    RetroPlaylistDuration,
    RetroSavePlaylist,
    as_files,
)
from tests.screen import elements, find, tap

SONGS = {"Copper Sky": ("Ana", 200_000), "Low Tide": ("Hiro", 185_000), "Marigold": ("Esme", 241_000)}


def params(targets: list[str], name: str = "Road Trip 7") -> dict[str, object]:
    return {"songs": SONGS, **as_files(SONGS, targets), "playlist_name": name}


def texts(d: SimDevice) -> list[str]:
    return [e.text for e in elements(d) if e.text]


def add_song(d: SimDevice, playlist_id: int, title: str, ms: int = 200_000) -> None:
    d.sqlite(PLAYLIST_DB, "INSERT INTO SongEntity (playlist_creator_id, id, title, track_number, year, duration, "
             "data, date_modified, album_id, album_name, artist_id, artist_name) VALUES (?, ?, ?, 0, 0, ?, '', 0, "
             "1, 'Music', 1, 'x')", (playlist_id, abs(hash(title)) % 10**9, title, ms))


def new_playlist(d: SimDevice, name: str) -> int:
    d.sqlite(PLAYLIST_DB, "INSERT INTO PlaylistEntity (playlist_name) VALUES (?)", (name,))
    return d.sqlite(PLAYLIST_DB, "SELECT MAX(playlist_id) FROM PlaylistEntity")[0][0]


def test_id3_tags_round_trip() -> None:
    tags = Tags("Low Tide", "Hiro", "Music", 185_000)
    assert read_tags(mp3_with_tags(tags)) == tags
    assert read_tags(b"\xff\xfb\x90\x64", "fallback").title == "fallback"


def test_songs_list_shows_tags_and_selection_adds_in_picked_order(d: SimDevice) -> None:
    RetroCreatePlaylist(params(["Marigold", "Copper Sky"])).setup(d)
    d.start_app("code.name.monkey.retromusic")
    assert "Ana • 3:20" in texts(d)
    d.long_press(*find(d, text="Marigold").center)
    tap(d, text="Copper Sky")
    assert "2 selected" in texts(d)
    tap(d, desc="Add to playlist")
    tap(d, text="New playlist")
    d.input_text("Road Trip 7")
    tap(d, text="Create")
    rows = d.sqlite(PLAYLIST_DB, "SELECT p.playlist_name, s.title, s.duration, s.data FROM SongEntity s JOIN "
                    "PlaylistEntity p ON p.playlist_id = s.playlist_creator_id WHERE p.playlist_name = 'Road Trip 7' "
                    "ORDER BY s.song_key")
    assert rows == [("Road Trip 7", "Marigold", 241_000, "/storage/emulated/0/Music/Marigold.mp3"),
                    ("Road Trip 7", "Copper Sky", 200_000, "/storage/emulated/0/Music/Copper Sky.mp3")]


def test_song_menu_queue_and_export(d: SimDevice) -> None:
    RetroCreatePlaylist(params([])).setup(d)
    d.start_app("code.name.monkey.retromusic")
    for title in ("Low Tide", "Copper Sky"):
        row = find(d, text=title)
        menu = next(e for e in elements(d) if e.content_description == "More options" and
                row.bounds[1] <= e.center[1] <= row.bounds[3] + 80)
        d.tap(*menu.center)
        tap(d, text="Add to playing queue")
    assert d.sqlite(PLAYBACK_DB, "SELECT title FROM playing_queue") == [("Low Tide",), ("Copper Sky",)]
    tap(d, text="Playlists")
    assert "Old Favourites" in texts(d)
    tap(d, desc="More options")
    tap(d, text="Save as file")
    m3u = d.read_file("/sdcard/Download/Old Favourites.m3u").decode()
    assert m3u.splitlines()[:3] == ["#EXTM3U", "#EXTINF:200,Echo Valley", "/storage/emulated/0/Music/Echo Valley.mp3"]


@pytest.mark.parametrize("mistake", [None, "order", "extra", "kept changed", "wrong name"])
def test_create_playlist_check(d: SimDevice, mistake: str | None) -> None:
    task = RetroCreatePlaylist(params(["Low Tide", "Copper Sky"]))
    task.setup(d)
    pid = new_playlist(d, "Road Trip 8" if mistake == "wrong name" else "Road Trip 7")
    for title in (["Copper Sky", "Low Tide"] if mistake == "order" else ["Low Tide", "Copper Sky"]):
        add_song(d, pid, title)
    if mistake == "extra":
        add_song(d, pid, "Marigold")
    if mistake == "kept changed":
        add_song(d, 1, "Marigold")
    assert task.check(d) == (1.0 if mistake is None else 0.0)


def test_queue_check_wants_the_exact_order(d: SimDevice) -> None:
    task = RetroPlayingQueue(params(["Low Tide", "Copper Sky"]))
    task.setup(d)
    for title in ("Copper Sky", "Low Tide"):
        d.sqlite(PLAYBACK_DB, "INSERT INTO playing_queue VALUES (1, ?, 0, 0, 1, '', 0, 1, 'a', 1, 'b', NULL, NULL)",
                 (title,))
    assert task.check(d) == 0.0
    d.sqlite(PLAYBACK_DB, "DELETE FROM playing_queue WHERE title = 'Copper Sky'")
    d.sqlite(PLAYBACK_DB, "INSERT INTO playing_queue VALUES (1, 'Copper Sky', 0, 0, 1, '', 0, 1, 'a', 1, 'b', NULL, "
             "NULL)")
    assert task.check(d) == 1.0


def test_save_playlist_gives_half_credit_without_the_export(d: SimDevice) -> None:
    task = RetroSavePlaylist(params(["Low Tide"]))
    task.setup(d)
    pid = new_playlist(d, "Road Trip 7")
    add_song(d, pid, "Low Tide")
    assert task.check(d) == 0.5
    d.write_file("/sdcard/Download/Road Trip 7.m3u", b"#EXTM3U\n/storage/emulated/0/Music/Low Tide.mp3\n")
    assert task.check(d) == 1.0


@pytest.mark.parametrize("lengths,expected", [([1500, 1350], 1.0), ([1500, 1100], 0.0), ([1500, 1200], 1.0),
                                              ([1500, 1600], 0.0)])
def test_duration_check_bounds(d: SimDevice, lengths: list[int], expected: float) -> None:
    songs = {"Copper Sky": ("Ana", lengths[0] * 1000), "Low Tide": ("Hiro", lengths[1] * 1000)}
    task = RetroPlaylistDuration({"songs": songs, "playlist_name": "Road Trip 7"})
    task.setup(d)
    pid = new_playlist(d, "Road Trip 7")
    for title, (_, ms) in songs.items():
        add_song(d, pid, title, ms)
    assert task.check(d) == expected
