"""AndroidWorld's VLC tasks: one or two playlists of videos, in order, in VLC's media library.

Setup empties ``/sdcard/VLCVideos`` and the library's playlists, then writes the task's videos and
as many noise videos. The check reads ``Playlist``/``PlaylistMediaRelation``/``Media`` as AndroidWorld
does: the named playlist holds exactly the files, in order. AndroidWorld's metadata template for the
two-playlist family repeats ``{files1}`` for the second playlist; its code (and this goal) uses the
second list.

The parameters are AndroidWorld's (``generate_random_params()``): ``files`` and ``noise_files`` (``files1``,
``files2``, ``noise_files1``, ``noise_files2`` for two playlists) and the playlists' names. The project's extras
derive from them: the goal's ``names`` lists, the playlists as ``parts``, and each video's length in ``seconds``
(drawn, seeded by the dict, where AndroidWorld's has none).
"""

from __future__ import annotations

import posixpath
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android.vlc import DB_PATH as DB
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task, params_key
from pytest_mobileagent.tasks.oracle import UI, OracleError

VIDEOS = "/sdcard/VLCVideos"
PREFIXES = ("clip", "footage", "scene", "recording", "highlight", "moment", "episode", "take")
SUFFIXES = ("", "HD", "4K", "raw", "export", "final")
THEMES = ("Hiking Trips", "Cooking Class", "Birthday Party", "Garden Timelapse", "Skate Park", "Concert Night",
          "Beach Week", "Science Fair", "Wedding Toasts", "Snow Day")
QUALIFIERS = ("Favorites", "Highlights", "Marathon", "Collection", "Best Of", "Essentials")


def file_name() -> st.SearchStrategy[str]:
    return st.tuples(st.sampled_from(PREFIXES), st.integers(1, 99), st.sampled_from(SUFFIXES)).map(
        lambda t: f"{t[0]}_{t[1]}" + (f"_{t[2]}" if t[2] else "") + ".mp4")


def playlist_name() -> st.SearchStrategy[str]:
    return st.tuples(st.sampled_from(THEMES), st.sampled_from(QUALIFIERS)).map(" ".join)


def video(seconds: int) -> bytes:
    payload = b"\x00" * (1024 * seconds)
    ftyp = (24).to_bytes(4, "big") + b"ftypmp42" + (0).to_bytes(4, "big") + b"isommp42"
    return ftyp + (8 + len(payload)).to_bytes(4, "big") + b"mdat" + payload


@st.composite
def playlist_params(draw: Any, taken: frozenset[str] = frozenset()) -> dict[str, Any]:
    n = draw(st.integers(2, 5))
    names = draw(st.lists(file_name().filter(lambda f: f not in taken), min_size=2 * n, max_size=2 * n,
                          unique=True))
    return {"playlist_name": draw(playlist_name()), "files": names[:n], "noise_files": names[n:],
            "seconds": draw(st.lists(st.integers(20, 180), min_size=2 * n, max_size=2 * n))}


def with_seconds(part: dict[str, Any]) -> dict[str, Any]:
    """A playlist's params with each video's length: drawn, seeded by the params, where none are given."""
    n = len(part.get("files", [])) + len(part.get("noise_files", []))
    if part.get("seconds") and len(part["seconds"]) == n:
        return part
    rng = random.Random(params_key(part))
    return {**part, "seconds": [rng.randint(20, 180) for _ in range(n)]}


def seed_videos(device: Device, parts: list[dict[str, Any]]) -> None:
    for name in device.list_dir(VIDEOS) if device.exists(VIDEOS) else []:
        device.remove(posixpath.join(VIDEOS, name))
    for table in ("PlaylistMediaRelation", "Playlist", "Media"):
        device.sqlite(DB, f"DELETE FROM {table}")
    for part in parts:
        for name, seconds in zip(part["files"] + part["noise_files"], part["seconds"]):
            device.write_file(f"{VIDEOS}/{name}", video(seconds))


def playlists(device: Device) -> dict[str, list[str]]:
    """Playlist name -> file names in position order (AndroidWorld's join)."""
    found: dict[str, list[str]] = {}
    for name, filename in device.sqlite(
            DB, "SELECT p.name, m.filename FROM Playlist p LEFT JOIN PlaylistMediaRelation r ON "
                "r.playlist_id = p.id_playlist LEFT JOIN Media m ON m.id_media = r.media_id ORDER BY p.name, "
                "r.position"):
        found.setdefault(name, [])
        if filename is not None:
            found[name].append(filename)
    return found


def create_playlist(ui: UI, name: str, files: list[str]) -> Iterator[Action]:
    """Select the files in order (long press, then taps), then add them to a new playlist."""
    for i, f in enumerate(files):
        for _ in range(8):
            if ui.exists(text=f):
                break
            shown = [el.text for _, el in ui.find_all(rid="ml_item_title") if el.text.endswith(".mp4")]
            yield ui.scroll("down" if shown and f.lower() > max(s.lower() for s in shown) else "up",
                            rid="video_grid")
        else:
            raise OracleError(f"video {f!r} not found")
        yield ui.long_press(text=f) if i == 0 else ui.click(text=f)
    yield ui.click(desc="Add to playlist")
    yield ui.type(name, hint="Playlist name")
    yield ui.click(text="Add", rid="dialog_playlist_save")


class VlcCreatePlaylist(Task):
    template = ('Create a playlist titled "{playlist_name}" with the following files in VLC (located in Internal '
                "Memory/VLCVideos), in order: {names}")
    apps = ("vlc",)
    difficulty = "medium"
    tags = ("data_edit", "repetition", "parameterized")
    complexity = 2
    optimal_steps = 14

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return playlist_params()

    @classmethod
    def complete_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        return {**with_seconds(params), "names": ", ".join(params.get("files", []))}

    def setup(self, device: Device) -> None:
        seed_videos(device, [self.params])

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if playlists(device) == {self.params["playlist_name"]: self.params["files"]} else 0.0

    def describe_state(self, device: Device) -> str:
        return f"playlists: {playlists(device)}"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("VLC")
        yield from create_playlist(ui, self.params["playlist_name"], self.params["files"])
        yield ui.complete()


class VlcCreateTwoPlaylists(Task):
    """Two playlists; half credit each, as in AndroidWorld."""

    template = ('Create a playlist titled "{playlist_name1}" with the following files in VLC (located in Internal '
                'Memory/VLCVideos), in order: {names1}. And then, create a playlist titled "{playlist_name2}" with '
                "the following files in VLC, in order: {names2}.")
    apps = ("vlc",)
    difficulty = "medium"
    tags = ("data_entry", "requires_setup", "parameterized")
    complexity = 3
    optimal_steps = 24

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            first = d(playlist_params())
            taken = frozenset(first["files"] + first["noise_files"])
            second = d(playlist_params(taken).filter(lambda p: p["playlist_name"] != first["playlist_name"]))
            return {f"{key}{i}": part[key] for i, part in enumerate((first, second), 1)
                    for key in ("playlist_name", "files", "noise_files", "seconds")}
        return draw()

    @classmethod
    def complete_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        parts = [with_seconds({key: params.get(f"{key}{i}", []) for key in ("playlist_name", "files", "noise_files",
                                                                           "seconds")})
                 for i in (1, 2)]
        return {**params, "parts": parts, "names1": ", ".join(parts[0]["files"]),
                "names2": ", ".join(parts[1]["files"])}

    def setup(self, device: Device) -> None:
        seed_videos(device, self.params["parts"])

    def check(self, device: Device, answer: str | None = None) -> float:
        found = playlists(device)
        names = {p["playlist_name"] for p in self.params["parts"]}
        if set(found) - names:
            return 0.0
        return sum(found.get(p["playlist_name"]) == p["files"] for p in self.params["parts"]) / 2

    def describe_state(self, device: Device) -> str:
        return f"playlists: {playlists(device)}"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("VLC")
        for part in self.params["parts"]:
            yield from create_playlist(ui, part["playlist_name"], part["files"])
        yield ui.complete()
