"""AndroidWorld's Camera tasks: take one photo, take one video; checked on the files the shutter makes.

Camera2 saves photos in ``/sdcard/Pictures`` and videos in ``/sdcard/Movies`` (MediaStore's default folders; the
evidence is in :mod:`pytest_mobileagent.android.camera`), where AndroidWorld counts new files. The checks read both
and tell photos from videos by extension: unlike AndroidWorld, a photo does not count for "take one video", nor a
video for "take one photo".
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android.camera import MEDIA_DIRS, PHOTOS_DIR
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI

PHOTO_EXT = (".jpg", ".jpeg", ".png", ".heic")
VIDEO_EXT = (".mp4", ".3gp", ".webm", ".mkv")


def media(device: Device) -> set[str]:
    """Non-empty files in the camera's folders."""
    found = set()
    for folder in MEDIA_DIRS:
        if not device.exists(folder):
            continue
        for name in device.list_dir(folder):
            path = posixpath.join(folder, name)
            try:
                if device.read_file(path):
                    found.add(path)
            except (IsADirectoryError, NotADirectoryError, FileNotFoundError):
                continue
    return found


def split(paths: set[str]) -> tuple[set[str], set[str]]:
    """(photos, videos) among ``paths``."""
    photos = {p for p in paths if p.lower().endswith(PHOTO_EXT)}
    return photos, {p for p in paths if p.lower().endswith(VIDEO_EXT)}


class _CameraTask(Task):
    derives_params = True  # takes AndroidWorld's generate_random_params() dicts
    __abstract__ = True
    apps = ("camera",)
    complexity = 1
    #: (photos, videos) the goal asks for.
    wanted: tuple[int, int] = (0, 0)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        # earlier shots already on the phone, which must stay
        return st.fixed_dictionaries({"earlier_photos": st.integers(0, 3)})

    def setup(self, device: Device) -> None:
        for folder in MEDIA_DIRS:  # AndroidWorld clears the folders first
            if device.exists(folder):
                for name in device.list_dir(folder):
                    device.remove(posixpath.join(folder, name))
        for i in range(self.params["earlier_photos"]):
            device.write_file(f"{PHOTOS_DIR}/IMG_20231014_1{i}0000.jpg", b"\xff\xd8\xff\xe0earlier")
        self.before = media(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        after = media(device)
        photos, videos = split(after - self.before)
        kept = self.before <= after
        return 1.0 if kept and (len(photos), len(videos)) == self.wanted else 0.0

    def describe_state(self, device: Device) -> str:
        return f"new camera files: {sorted(media(device) - self.before)}"


class CameraTakePhoto(_CameraTask):
    """Exactly one new photo."""

    template = "Take one photo."
    difficulty = "easy"
    tags = ()
    optimal_steps = 2
    wanted = (1, 0)

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Camera")
        yield ui.click(desc="Shutter")
        yield ui.complete()


class CameraTakeVideo(_CameraTask):
    """Exactly one new video: switch to video mode in the mode list, start, stop."""

    template = "Take one video."
    difficulty = "medium"
    tags = ()
    optimal_steps = 3
    wanted = (0, 1)
    tolerates = {"skip:wait": "any new video counts, however short, as in AndroidWorld"}

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Camera")
        yield ui.swipe(5, 1200, 700, 1200)  # Camera2's mode list comes in from the left edge
        yield ui.click(text="Video")
        yield ui.click(desc="Shutter")
        yield ui.wait(2)
        yield ui.click(desc="Shutter")
        yield ui.complete()
