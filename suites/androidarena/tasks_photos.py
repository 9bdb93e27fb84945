"""AndroidArena's Google Photos tasks (``photos.yaml``).

The photos are files in ``DCIM/Camera`` (seeded a day apart: "the first photo" is the newest, the first of the
grid). Deleting one is judged on the device's folders (Photos moves it to MediaStore's trash, so it is gone from
its folder, as on a device). Albums, animations and face grouping live in the Google account: those checks read
the simulator's account store and declare ``sim_app_state``. The information request is judged on the page shown.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import photos
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.observe.elements import ui_elements
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators.photos import photos_account, seed_photos, seed_photos_account
from suites.androidarena.common import ArenaTask

#: The camera's photos, oldest first.
SHOTS = ("IMG_20231010_081500.jpg", "IMG_20231011_173012.jpg", "IMG_20231012_094455.jpg", "IMG_20231013_201733.jpg")
ALBUMS = ("animals", "travel", "family", "food")


def names(paths: list[str]) -> list[str]:
    """The file names of photo paths (the app stores them as it sees them, under ``/storage/emulated/0``)."""
    return [posixpath.basename(p) for p in paths]


class _Photos(ArenaTask):
    __abstract__ = True
    apps = ("photos",)
    requires = frozenset({"sim_app_state"})

    def setup(self, device: Device) -> None:
        seed_photos(device, SHOTS)
        seed_photos_account(device, **self.account())

    def account(self) -> dict[str, Any]:
        """The account state the task starts from."""
        return {}

    @property
    def first(self) -> str:
        return f"/sdcard/DCIM/Camera/{SHOTS[-1]}"

    def describe_state(self, device: Device) -> str:
        return f"account={photos_account(device)}"


class PhotosGroupFaces(_Photos):
    """The check reads the account's "Face grouping" setting (Photos settings > Group similar faces): it is on."""

    template = "Group similar faces together in my photos using the facial recognition feature."

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if photos_account(device)["face_grouping"] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Photos")
        yield ui.click(desc="Account and settings")
        yield ui.click(text="Photos settings")
        yield ui.click(text="Group similar faces")
        yield ui.click(rid="face_grouping_switch")
        yield ui.complete()


class PhotosCreateAlbum(_Photos):
    """The check reads the account's albums: a new album of that name holds the first photo (the newest) only; the
    seeded album is kept."""

    template = 'Create an album named "{album}" for the first photo.'
    published = ({"album": "animals"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"album": st.sampled_from(ALBUMS)})

    def account(self) -> dict[str, Any]:
        return {"albums": [{"name": "Screenshots", "photos": []}]}

    def check(self, device: Device, answer: str | None = None) -> float:
        albums = {a["name"]: names(a["photos"]) for a in photos_account(device)["albums"]}
        return 1.0 if albums == {"Screenshots": [], self.params["album"]: [SHOTS[-1]]} else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Photos")
        yield ui.click(rid="photo_cell", n=0)
        yield ui.click(desc="More options")
        yield ui.click(text="Add to album")
        yield ui.click(text="New album")
        yield ui.type(self.params["album"], rid="album_title")
        yield ui.click(text="Create")
        yield ui.complete()


class PhotosDeleteAlbum(_Photos):
    """The check reads the account's albums: the album is gone, the other is kept (and the photos stay)."""

    template = 'Delete the album named "{album}" in Photos.'
    published = ({"album": "animals"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"album": st.sampled_from(ALBUMS)})

    def account(self) -> dict[str, Any]:
        return {"albums": [{"name": "Screenshots", "photos": []},
                           {"name": self.params["album"], "photos": [self.first]}]}

    def check(self, device: Device, answer: str | None = None) -> float:
        names = [a["name"] for a in photos_account(device)["albums"]]
        return 1.0 if names == ["Screenshots"] and device.exists(self.first) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Photos")
        yield ui.click(text="Library")
        yield from ui.reach(text=self.params["album"])
        yield ui.click(desc="More options")
        yield ui.click(text="Delete album")
        yield ui.click(text="Delete")
        yield ui.complete()


class PhotosCreateAnimation(_Photos):
    """"A quick video ... using the animation feature" is Photos' Animation (Library > Utilities). The check reads
    the account's creations: one animation made of the first two photos of the grid (the two newest)."""

    template = "Create a quick video from first two photos using the animation feature."

    def check(self, device: Device, answer: str | None = None) -> float:
        want = sorted(SHOTS[-2:])
        made = [sorted(names(c["photos"])) for c in photos_account(device)["creations"] if c["kind"] == "animation"]
        return 1.0 if made == [want] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Photos")
        yield ui.click(text="Library")
        yield ui.click(text="Utilities")
        yield ui.click(text="Animation")
        yield ui.click(rid="photo_cell", n=0)
        yield ui.click(rid="photo_cell", n=1)
        yield ui.click(text="Create")
        yield ui.complete()


class PhotosDeleteFirstPhoto(_Photos):
    """The check reads the camera folder (as on a device): the first photo of the grid (the newest) is gone from
    it (in the trash), the others are there."""

    template = "Delete the first photo from my Google Photos."
    requires = frozenset()

    def setup(self, device: Device) -> None:
        seed_photos(device, SHOTS)

    def check(self, device: Device, answer: str | None = None) -> float:
        kept = all(device.exists(f"/sdcard/DCIM/Camera/{n}") for n in SHOTS[:-1])
        return 1.0 if kept and not device.exists(self.first) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Photos")
        yield ui.click(rid="photo_cell", n=0)
        yield ui.click(desc="Delete")
        yield ui.click(text="Move to trash")
        yield ui.complete()


class PhotosViewAccountInfo(_Photos):
    """An information page: the check reads the screen at the end, which must be Photos' account page (the
    account's storage use and the way to Photos settings shown). ``goal_in_state`` is None."""

    template = "View my Google Photos information, including storage usage and account settings."
    requires = frozenset()

    def setup(self, device: Device) -> None:
        seed_photos(device, SHOTS)

    def check(self, device: Device, answer: str | None = None) -> float:
        shown = {(e.package, e.text) for e in ui_elements(device.hierarchy())}
        want = {(photos.PACKAGE, "Account storage"), (photos.PACKAGE, photos.STORAGE_USED),
                (photos.PACKAGE, "Photos settings")}
        return 1.0 if want <= shown else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Photos")
        yield ui.click(desc="Account and settings")
        yield ui.complete()
