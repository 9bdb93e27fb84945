"""Retro Music: songs from tagged MP3s, playlists and the queue in its databases, export; the tasks' checks."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.agents.builtin import OracleAgent
from pytest_mobileagent.android.media import Tags, mp3_duration_ms, mp3_with_tags, read_tags
from pytest_mobileagent.android.retromusic import PACKAGE
from pytest_mobileagent.episode import new_result, run_episode
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


def test_id3_tags_round_trip_and_the_length_to_the_next_frame() -> None:
    tags = read_tags(mp3_with_tags(Tags("Low Tide", "Hiro", "Music", 185_000)))
    assert (tags.title, tags.artist, tags.album) == ("Low Tide", "Hiro", "Music")
    assert 185_000 <= tags.duration_ms < 185_000 + 27  # 1152 samples at 44.1 kHz: 26.1 ms a frame
    assert read_tags(b"\xff\xfb\x90\x64", "fallback").title == "fallback"


def ffmpeg_like_mp3(frames: int, title: str = "Copper Sky", artist: str = "Ana") -> bytes:
    """What ffmpeg writes for AndroidWorld's pydub (silence, 11025 Hz mono): ID3v2.4 tags with syncsafe frame
    sizes and UTF-8 text, then an MPEG-2.5 Layer III frame (32 kbit/s, 208 bytes) holding the Info tag that counts
    the audio frames, then the frames."""
    def text_frame(frame_id: str, value: str) -> bytes:
        body = b"\x03" + value.encode() + b"\x00"
        return frame_id.encode() + bytes([0, 0, 0, len(body)]) + b"\x00\x00" + body
    tags = text_frame("TIT2", title) + text_frame("TPE1", artist) + text_frame("TSSE", "Lavf59.27.100")
    header = b"\xff\xe3\x40\xc0"
    info = (header + b"\x00" * 9 + b"Info" + (3).to_bytes(4, "big") + frames.to_bytes(4, "big")
            + (208 * (frames + 1)).to_bytes(4, "big")).ljust(208, b"\x00")
    return b"ID3\x04\x00\x00" + bytes([0, 0, 0, len(tags)]) + tags + info + (header + b"\x00" * 204) * 3


def test_the_length_is_the_info_frames_count_as_androids_mp3_extractor_reads_it() -> None:
    tags = read_tags(ffmpeg_like_mp3(3514))
    # 3514 frames of 576 samples at 11025 Hz: 183.588571 s (what ffprobe prints for such a file), to the ms
    assert tags == Tags("Copper Sky", "Ana", "", 183_589)


def test_without_a_xing_frame_the_length_is_estimated_from_the_bit_rate() -> None:
    # MP3Extractor: 8000 * bytes from the first frame / kbit/s, in us; 100 frames of 417 bytes at 128 kbit/s
    # last 2.612 s, but Android (ignoring the frames' padding) says 2.606 s
    assert mp3_duration_ms(b"ID3\x03\x00\x00\x00\x00\x00\x00" + b"\xff\xfb\x90\x64" + b"\x00" * 413 +
                           (b"\xff\xfb\x90\x64" + b"\x00" * 413) * 99) == 2606
    assert mp3_duration_ms(b"no audio here") == -1


@pytest.mark.skipif(shutil.which("ffmpeg") is None or shutil.which("ffprobe") is None,
                    reason="ffmpeg and ffprobe write and measure the reference MP3s (Debian: apt-get install ffmpeg)")
@pytest.mark.parametrize("seconds,rate,layout", [(183.456, 11025, "mono"), (1, 44100, "stereo"),
                                                  (240, 22050, "mono")])
def test_lengths_agree_with_ffprobe_on_files_ffmpeg_writes(tmp_path: Path, seconds: float, rate: int,
                                                           layout: str) -> None:
    out = tmp_path / "song.mp3"
    subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", f"anullsrc=r={rate}:cl={layout}", "-t",
                    str(seconds), "-metadata", "title=Low Tide", "-c:a", "libmp3lame", str(out)], check=True)
    probed = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0",
                             str(out)], check=True, capture_output=True, text=True).stdout
    tags = read_tags(out.read_bytes())
    assert tags.title == "Low Tide"
    assert tags.duration_ms == round(float(probed) * 1000)


def test_starting_the_app_recreates_its_playback_state_database(d: SimDevice) -> None:
    """AndroidWorld empties the databases folder with the app stopped: MusicService, which an activity starting
    creates, opens music_playback_state.db again (tables, user_version), with nothing asked of the screen."""
    d.shell(f"am force-stop {PACKAGE}")
    d.shell(f"rm -r /data/data/{PACKAGE}/databases/*")
    d.shell("am broadcast -a android.intent.action.MEDIA_SCANNER_SCAN_FILE -d file:///storage/emulated/0/Music")
    assert not d.exists(PLAYBACK_DB)
    d.shell(f"am start -n {PACKAGE}/.activities.MainActivity")
    schema = d.shell(f"sqlite3 {PLAYBACK_DB} .schema")
    assert "CREATE TABLE playing_queue(_id INT NOT NULL,title STRING NOT NULL," in schema
    assert "CREATE TABLE original_playing_queue(" in schema
    assert d.shell(f"sqlite3 {PLAYBACK_DB} 'PRAGMA user_version'").strip() == "12"


def test_a_song_shows_and_queues_the_length_of_its_audio(d: SimDevice) -> None:
    RetroCreatePlaylist(params([])).setup(d)
    d.write_file("/sdcard/Music/Paper Lanterns.mp3", ffmpeg_like_mp3(3514, "Paper Lanterns"))
    d.start_app(PACKAGE)
    assert "Ana • 3:03" in texts(d)
    row = find(d, text="Paper Lanterns")
    d.tap(*next(e for e in elements(d) if e.content_description == "More options"
                and row.bounds[1] <= e.center[1] <= row.bounds[3] + 80).center)
    tap(d, text="Add to playing queue")
    assert d.sqlite(PLAYBACK_DB, "SELECT title, duration FROM playing_queue") == [("Paper Lanterns", 183_589)]


def test_duration_oracle_goes_by_the_lengths_the_app_shows(d: SimDevice) -> None:
    """The oracle reads the lengths off the song list: it succeeds although its own params claim other lengths
    (AndroidWorld's files carry lengths of AndroidWorld's drawing)."""
    songs = {f"{t}": ("Ana", ms) for t, ms in zip(("Afterglow Avenue", "Blue Parade", "Cinder Road", "Glass Garden",
                                                   "Kite Season", "Low Tide", "Marigold", "Northbound"),
                                                  (600_000, 700_000, 500_000, 800_000, 150_000, 170_000, 190_000,
                                                   900_000))}
    RetroPlaylistDuration({"songs": songs, "playlist_name": "Road Trip 7"}).setup(d)
    claimed = {t: (a, 200_000) for t, (a, _) in songs.items()}  # what the oracle's params say: all wrong
    task = RetroPlaylistDuration({"songs": claimed, "playlist_name": "Road Trip 7"})
    run_episode(d, task, OracleAgent(), new_result(task, "OracleAgent"))
    judge = RetroPlaylistDuration({"songs": songs, "playlist_name": "Road Trip 7"})
    assert judge.check(d) == 1.0


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
    assert rows == [("Road Trip 7", "Marigold", 241_006, "/storage/emulated/0/Music/Marigold.mp3"),  # whole frames
                    ("Road Trip 7", "Copper Sky", 200_020, "/storage/emulated/0/Music/Copper Sky.mp3")]


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


def test_media_store_records_each_songs_length_from_the_file(d: SimDevice) -> None:
    d.write_file("/sdcard/Music/Paper Lanterns.mp3", ffmpeg_like_mp3(3514, "Paper Lanterns"))
    d.write_file("/sdcard/Download/notes.txt", b"not media")
    out = d.shell("content query --uri content://media/external/file --projection _display_name:duration")
    assert "_display_name=Paper Lanterns.mp3, duration=183589" in out
    assert "_display_name=notes.txt, duration=NULL" in out


def _jpeg(color: tuple[int, int, int]) -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (300, 200), color).save(out, "JPEG")
    return out.getvalue()


def _screen(d: SimDevice):
    import io

    from PIL import Image

    return Image.open(io.BytesIO(d.screenshot())).convert("RGB")


def _centre(shot, bounds: tuple[int, int, int, int]) -> tuple[int, int, int]:
    return shot.getpixel(((bounds[0] + bounds[2]) // 2, (bounds[1] + bounds[3]) // 2 + 3))


def test_song_rows_show_embedded_art_or_the_default_cover(d: SimDevice) -> None:
    from pytest_mobileagent.android.media import embedded_picture

    song = mp3_with_tags(Tags("Heat Waves", "Glass Animals", "Dreamland", 238_000), _jpeg((200, 30, 30)))
    assert embedded_picture(song) is not None and read_tags(song).title == "Heat Waves"
    d.write_file("/sdcard/Music/Heat Waves.mp3", song)
    d.write_file("/sdcard/Music/Low Tide.mp3", mp3_with_tags(Tags("Low Tide", "Ana", "Music", 170_000)))
    d.start_app(PACKAGE)
    shot = _screen(d)
    art = [e.bounds for e in elements(d) if e.resource_name == "image"]
    assert len(art) == 2 and all(abs((b[2] - b[0]) - (b[3] - b[1])) <= 2 for b in art)
    red = shot.getpixel((art[0][0] + 4, art[0][1] + 4))
    assert red[0] > 150 and red[1] < 80  # the embedded cover, filling its square
    assert shot.getpixel((art[1][0] + 4, art[1][1] + 4)) == (0xE2, 0xE2, 0xE2)  # default_audio_art's grey


def test_now_playing_screen_runs_with_the_clock_and_its_controls(d: SimDevice) -> None:
    import datetime as dt

    d.write_file("/sdcard/Music/Heat Waves.mp3",
                 mp3_with_tags(Tags("Heat Waves", "Glass Animals", "Dreamland", 238_000), _jpeg((30, 30, 200))))
    d.write_file("/sdcard/Music/Low Tide.mp3", mp3_with_tags(Tags("Low Tide", "Ana", "Music", 170_000)))
    d.start_app(PACKAGE)
    tap(d, text="Heat Waves")
    row = find(d, text="Low Tide")
    d.tap(*next(e for e in elements(d) if e.content_description == "More options"
                and row.bounds[1] <= e.center[1] <= row.bounds[3] + 80).center)
    tap(d, text="Add to playing queue")
    d.set_time(d.now() + dt.timedelta(seconds=65))
    tap(d, rid="miniPlayerTitle")
    assert find(d, rid="title").text == "Heat Waves" and find(d, rid="text").text == "Glass Animals"
    assert find(d, rid="songTotalTime").text == "03:58"
    minutes, seconds = find(d, rid="songCurrentProgress").text.split(":")
    assert 65 <= int(minutes) * 60 + int(seconds) <= 75  # the 65 s waited and the taps' own time
    cover = find(d, rid="player_image").bounds
    shot = _screen(d)
    assert cover[2] - cover[0] > shot.width * 0.8 and _centre(shot, cover)[2] > 150  # the large cover
    tap(d, rid="playPauseButton")  # pause: the clock no longer moves the position
    d.set_time(d.now() + dt.timedelta(seconds=30))
    tap(d, rid="nextButton")
    assert find(d, rid="title").text == "Low Tide" and find(d, rid="songCurrentProgress").text == "00:00"
    d.shell("input keyevent 4")  # back collapses the panel to the library
    assert find(d, text="Low Tide • Ana")


def test_embedded_picture_reads_apic_frames_of_either_encoding() -> None:
    from pytest_mobileagent.android.media import embedded_picture

    picture = _jpeg((10, 200, 10))
    utf16 = b"\x01image/jpeg\x00\x03" + "\ufeffcover".encode("utf-16-le") + b"\x00\x00" + picture
    frame = b"APIC" + len(utf16).to_bytes(4, "big") + b"\x00\x00" + utf16
    tagged = b"ID3\x03\x00\x00" + bytes((0, 0, len(frame) >> 7, len(frame) & 0x7F)) + frame
    assert embedded_picture(tagged) == picture
    assert embedded_picture(mp3_with_tags(Tags("x"), picture)) == picture
    assert embedded_picture(mp3_with_tags(Tags("x"))) is None and embedded_picture(b"not an mp3") is None
