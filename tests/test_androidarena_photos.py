"""The simulated Google Photos: trashing a photo as MediaStore does, albums in the account store."""

from __future__ import annotations

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import photos
from pytest_mobileagent.validators.photos import photos_account, seed_photos
from tests.screen import find, tap


def test_trashed_photo_leaves_its_folder_and_the_grid(d: SimDevice) -> None:
    newest, older = seed_photos(d, ["a.jpg", "b.jpg"])
    d.start_app(photos.PACKAGE)
    tap(d, rid="photo_cell")
    tap(d, desc="Delete")
    tap(d, text="Move to trash")
    assert not d.exists(newest) and d.exists(older)
    assert any(n.startswith(photos.TRASHED_PREFIX) and n.endswith("-b.jpg") for n in d.list_dir("/sdcard/DCIM/Camera"))
    assert find(d, rid="photo_cell")  # the other photo is still in the grid


def test_new_album_holds_the_photo(d: SimDevice) -> None:
    seed_photos(d, ["a.jpg"])
    d.start_app(photos.PACKAGE)
    tap(d, rid="photo_cell")
    tap(d, desc="More options")
    tap(d, text="Add to album")
    tap(d, text="New album")
    d.input_text("pets")
    tap(d, text="Create")
    assert [(a["name"], len(a["photos"])) for a in photos_account(d)["albums"]] == [("pets", 1)]
