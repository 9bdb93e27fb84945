"""AndroidArena's Camera tasks (``camera.yaml``): AOSP Camera2, judged on its files and its settings.

Photos and videos are files in ``Pictures`` and ``Movies``; every setting is a Camera2 ``SettingsManager``
preference in the app's private files (:mod:`pytest_mobileagent.android.camera`), read as on a rooted device. Setup
leaves each setting a task changes at another value (drawn), and earlier shots in the folder.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import camera
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators import camera as cam
from suites.androidarena.common import ArenaTask

ON_OFF = {"on": "1", "off": "0"}


def pixels(size: str) -> int:
    """The pixel count of a ``WxH`` picture size."""
    w, h = (int(v) for v in size.split("x"))
    return w * h


def open_mode_list(ui: UI) -> Iterator[Action]:
    """The camera in front, its mode list open (a swipe in from the left edge of the preview)."""
    yield ui.open_app("Camera")
    _, preview = ui.element(rid="preview_content")
    x1, y1, x2, y2 = preview.bounds
    yield ui.swipe(x1 + 5, (y1 + y2) // 2, x1 + (x2 - x1) * 7 // 10, (y1 + y2) // 2)


def open_camera_settings(ui: UI) -> Iterator[Action]:
    yield from open_mode_list(ui)
    yield ui.click(desc="Settings")


class _Camera(ArenaTask):
    __abstract__ = True
    apps = ("camera",)

    def describe_state(self, device: Device) -> str:
        keys = (camera.KEY_FLASH_MODE, camera.KEY_RECORD_LOCATION, camera.KEY_EXPOSURE_COMPENSATION,
                camera.KEY_COUNTDOWN, camera.KEY_PICTURE_SIZE_BACK, camera.KEY_VIDEO_QUALITY_BACK,
                camera.KEY_VIDEO_QUALITY_FRONT)
        return f"settings={ {k: cam.setting(device, k) for k in keys} } files={sorted(cam.shots(device))}"


# -- shots ---------------------------------------------------------------------------------------------------------


class _Shot(_Camera):
    __abstract__ = True

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"earlier": st.integers(0, 3)})

    def setup(self, device: Device) -> None:
        for path in cam.shots(device):
            device.remove(path)
        for i in range(self.params["earlier"]):
            device.write_file(f"{camera.PHOTOS_DIR}/IMG_20231014_1{i}0000.jpg", b"\xff\xd8\xff\xe0earlier")
        self.before = cam.shots(device)

    def new(self, device: Device, prefix: str) -> list[str]:
        after = cam.shots(device)
        if not self.before <= after:
            return []
        return [p for p in after - self.before if p.rsplit("/", 1)[-1].startswith(prefix)]


class CameraTakePicture(_Shot):
    """One new photo in ``Pictures`` (no more), the earlier ones kept."""

    template = "Take a picture."

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if len(self.new(device, "IMG_")) == 1 and not self.new(device, "VID_") else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Camera")
        yield ui.click(desc="Shutter")
        yield ui.complete()


class CameraStartRecording(_Shot):
    """A recording is under way at the end (the camera in front with its recording timer: Camera2 finishes the
    file at the stop), or one was made (a new video)."""

    template = "Start recording a video."

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if cam.recording(device) or self.new(device, "VID_") else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_mode_list(ui)
        yield ui.click(text="Video")
        yield ui.click(desc="Shutter")
        yield ui.complete()


# -- settings ------------------------------------------------------------------------------------------------------


class _Setting(_Camera):
    """One setting (``key``) must end at the value the instruction names (``want``); setup leaves it elsewhere."""

    __abstract__ = True
    key = ""
    #: Parameter -> the values the instruction can name.
    choices: dict[str, tuple[str, ...]] = {}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        (name, values), = cls.choices.items()
        return st.sampled_from(values).flatmap(lambda v: st.fixed_dictionaries({
            name: st.just(v), "start": st.sampled_from([o for o in cls.values() if o != cls.value_of(v)])}))

    @classmethod
    def values(cls) -> tuple[str, ...]:
        """Every value the setting can take."""
        raise NotImplementedError

    @classmethod
    def value_of(cls, named: str) -> str:
        """The stored value for what the instruction names."""
        return named

    def want(self) -> str:
        (name, _), = self.choices.items()
        return self.value_of(self.params[name])

    def setup(self, device: Device) -> None:
        cam.seed_settings(device, {self.key: self.params["start"]})

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if cam.setting(device, self.key) == self.want() else 0.0


class CameraFlashMode(_Setting):
    """The back camera's flash mode (``pref_camera_flashmode_key``, the camera's own scope)."""

    template = "Set the flash mode to {state} for the Camera."
    published = ({"state": "off"}, {"state": "on"})
    key = camera.KEY_FLASH_MODE
    choices = {"state": ("off", "on", "auto")}

    @classmethod
    def values(cls) -> tuple[str, ...]:
        return tuple(camera.FLASH_MODES)

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Camera")
        yield ui.click(desc="Options")
        while not ui.exists(desc=camera.FLASH_MODES[self.want()]):
            yield ui.click(rid="flash_toggle_button")
        yield ui.complete()


class CameraCountdown(_Setting):
    """The countdown before a shot (``pref_camera_countdown_duration_key``), set with the viewfinder's toggle."""

    template = "Change the timer to {seconds} seconds for the Camera."
    published = ({"seconds": "10"}, {"seconds": "3"})
    key = camera.KEY_COUNTDOWN
    choices = {"seconds": ("10", "3")}

    @classmethod
    def values(cls) -> tuple[str, ...]:
        return tuple(camera.COUNTDOWNS)

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Camera")
        yield ui.click(desc="Options")
        while not ui.exists(desc=camera.COUNTDOWNS[self.want()]):
            yield ui.click(rid="countdown_toggle_button")
        yield ui.complete()


class _Switch(_Setting):
    __abstract__ = True
    choices = {"state": ("on", "off")}
    published = ({"state": "on"}, {"state": "off"})
    #: The titles of the settings rows leading to the switch.
    path: tuple[str, ...] = ()

    @classmethod
    def values(cls) -> tuple[str, ...]:
        return ("1", "0")

    @classmethod
    def value_of(cls, named: str) -> str:
        return ON_OFF[named]

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_camera_settings(ui)
        for title in self.path:
            yield from ui.reach(text=title)
        yield ui.complete()


class CameraSaveLocation(_Switch):
    """Tagging shots with the location (``pref_camera_recordlocation_key``)."""

    template = "Turn {state} save location function for the Camera."
    key = camera.KEY_RECORD_LOCATION
    path = ("Save location",)


class CameraManualExposure(_Switch):
    """Manual exposure compensation (``pref_camera_exposure_compensation_key``, Settings > Advanced)."""

    template = "Turn {state} the manual exposure compensation for the Camera."
    key = camera.KEY_EXPOSURE_COMPENSATION
    path = ("Advanced", "Manual exposure")


class CameraMegapixels(_Setting):
    """The back camera's picture size (``pref_camera_picturesize_back_key``) is its largest or smallest, in
    megapixels: the camera the app opens on (AndroidArena's "migapixels" is kept as published)."""

    template = "Set the migapixels to {extreme} for the Camera."
    published = ({"extreme": "maximum"}, {"extreme": "minimum"})
    key = camera.KEY_PICTURE_SIZE_BACK
    choices = {"extreme": ("maximum", "minimum")}

    @classmethod
    def values(cls) -> tuple[str, ...]:
        return camera.PICTURE_SIZES

    @classmethod
    def value_of(cls, named: str) -> str:
        return (max if named == "maximum" else min)(camera.PICTURE_SIZES, key=pixels)

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_camera_settings(ui)
        yield from ui.reach(text="Resolution & quality")
        yield from ui.reach(text="Back camera photo")
        yield ui.click(text=camera.megapixels(self.want()))
        yield ui.complete()


class CameraVideoResolution(_Setting):
    """A camera's video quality (``pref_video_quality_back_key`` or ``..._front_key``) is the named one: the
    instruction does not say which camera, so either counts; setup leaves both elsewhere."""

    template = 'Set the resolution to "{name}" for the Camera.'
    published = ({"name": "HD 720p"}, {"name": "QVGA"})
    key = camera.KEY_VIDEO_QUALITY_BACK
    choices = {"name": tuple(camera.VIDEO_QUALITIES.values())}

    @classmethod
    def values(cls) -> tuple[str, ...]:
        return tuple(camera.VIDEO_QUALITIES)

    @classmethod
    def value_of(cls, named: str) -> str:
        return next(k for k, v in camera.VIDEO_QUALITIES.items() if v == named)

    def setup(self, device: Device) -> None:
        cam.seed_settings(device, {camera.KEY_VIDEO_QUALITY_BACK: self.params["start"],
                                   camera.KEY_VIDEO_QUALITY_FRONT: self.params["start"]})

    def check(self, device: Device, answer: str | None = None) -> float:
        keys = (camera.KEY_VIDEO_QUALITY_BACK, camera.KEY_VIDEO_QUALITY_FRONT)
        return 1.0 if any(cam.setting(device, k) == self.want() for k in keys) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_camera_settings(ui)
        yield from ui.reach(text="Resolution & quality")
        yield from ui.reach(text="Back camera video")
        yield ui.click(text=self.params["name"])
        yield ui.complete()
