"""VLC: videos discovered into its media library, playlists with positions; the tasks' checks."""

from __future__ import annotations

import pytest

from mobileagent_sim import SimDevice
from suites.androidworld.tasks_vlc import DB, VlcCreatePlaylist, VlcCreateTwoPlaylists
from tests.screen import elements, find, tap

FILES = ["clip_3.mp4", "scene_12_HD.mp4"]
NOISE = ["take_7.mp4", "moment_40_raw.mp4"]


def part(name: str, files: list[str], noise: list[str]) -> dict[str, object]:
    return {"playlist_name": name, "files": files, "noise_files": noise, "seconds": [30] * (len(files) + len(noise)),
            "names": ", ".join(files)}


def make(d: SimDevice, name: str, files: list[str]) -> None:
    d.sqlite(DB, "INSERT INTO Playlist (name, creation_date) VALUES (?, 0)", (name,))
    pid = d.sqlite(DB, "SELECT MAX(id_playlist) FROM Playlist")[0][0]
    for pos, f in enumerate(files):
        d.sqlite(DB, "INSERT INTO Media (type, duration, title, filename) VALUES (1, 30000, ?, ?)", (f, f))
        mid = d.sqlite(DB, "SELECT MAX(id_media) FROM Media")[0][0]
        d.sqlite(DB, "INSERT INTO PlaylistMediaRelation (media_id, playlist_id, position) VALUES (?, ?, ?)",
                 (mid, pid, pos))


def test_videos_are_discovered_with_durations_and_added_in_picked_order(d: SimDevice) -> None:
    VlcCreatePlaylist(part("Snow Day Favorites", FILES, NOISE)).setup(d)
    d.start_app("org.videolan.vlc")
    assert "0:30" in [e.text for e in elements(d)]
    assert d.sqlite(DB, "SELECT filename, duration FROM Media ORDER BY filename")[0] == ("clip_3.mp4", 30000)
    d.long_press(*find(d, text="scene_12_HD.mp4").center)
    tap(d, text="clip_3.mp4")
    tap(d, desc="Add to playlist")
    tap(d, text="Playlist name")  # the EditText inside the dialog_playlist_name TextInputLayout
    d.input_text("Snow Day Favorites")
    tap(d, text="Add")
    rows = d.sqlite(DB, "SELECT m.filename, r.position FROM PlaylistMediaRelation r JOIN Media m ON "
                    "m.id_media = r.media_id ORDER BY r.position")
    assert rows == [("scene_12_HD.mp4", 0), ("clip_3.mp4", 1)]
    tap(d, text="Playlists")
    assert "Snow Day Favorites" in [e.text for e in elements(d)]


@pytest.mark.parametrize("made,expected", [
    ({"Snow Day Favorites": FILES}, 1.0),
    ({"Snow Day Favorites": FILES[::-1]}, 0.0),
    ({"Snow Day Favorites": FILES + NOISE[:1]}, 0.0),
    ({"Snow Day Favorites": FILES, "Extra": NOISE}, 0.0),
    ({"Snow Day Favourites": FILES}, 0.0),
])
def test_playlist_check(d: SimDevice, made: dict[str, list[str]], expected: float) -> None:
    task = VlcCreatePlaylist(part("Snow Day Favorites", FILES, NOISE))
    task.setup(d)
    for name, files in made.items():
        make(d, name, files)
    assert task.check(d) == expected


def test_two_playlists_give_half_credit_each(d: SimDevice) -> None:
    first, second = part("A Best Of", FILES, NOISE), part("B Marathon", ["episode_1.mp4"], ["footage_9.mp4"])
    task = VlcCreateTwoPlaylists({f"{key}{i}": p[key] for i, p in enumerate((first, second), 1)
                                  for key in ("playlist_name", "files", "noise_files", "seconds")})
    task.setup(d)
    make(d, "A Best Of", FILES)
    assert task.check(d) == 0.5
    make(d, "B Marathon", ["episode_1.mp4"])
    assert task.check(d) == 1.0


def test_player_shows_frames_as_pixels_over_time(d: SimDevice) -> None:
    import io

    from PIL import Image

    from pytest_mobileagent.android.media import video_with_frames

    d.write_file("/sdcard/Download/clip_1.mp4", video_with_frames(["edna", "pineapple"], 8))
    d.start_app("org.videolan.vlc")
    tap(d, text="Browse")
    tap(d, text="Download")
    tap(d, text="clip_1.mp4")
    assert d.current_activity()[1] == "org.videolan.vlc.gui.video.VideoPlayerActivity"
    assert "edna" not in d.hierarchy()  # a frame is pixels, not text

    def frame() -> bytes:
        return Image.open(io.BytesIO(d.screenshot())).crop((0, 300, 1080, 1500)).tobytes()

    first = frame()
    d.shell("sleep 8")
    assert frame() != first


@pytest.mark.parametrize("written,expected", [("edna, pineapple", 1.0), ("Edna,Pineapple\n", 1.0),
                                              ("pineapple, edna", 0.0), ("edna", 0.0)])
def test_transcription_check(d: SimDevice, written: str, expected: float) -> None:
    from suites.androidworld.tasks_markor import MarkorTranscribeVideo

    task = MarkorTranscribeVideo({"messages": ["edna", "pineapple"], "video_name": "clip_1.mp4",
                                  "noise_videos": ["take_2.mp4"], "file_name": "clip_1_transcription.txt"})
    task.setup(d)
    d.write_file("/sdcard/Documents/Markor/clip_1_transcription.txt", written.encode())
    assert task.check(d) == expected
