"""Camera (AOSP Camera2, ``com.android.camera2``): photos and videos as files, made by the shutter; its settings.

A photo is a JPEG ``IMG_yyyyMMdd_HHmmss.jpg`` in ``/sdcard/Pictures`` and a video an MP4 ``VID_yyyyMMdd_HHmmss.mp4``
in ``/sdcard/Movies`` (MediaStore's default folders, where Android 13's Camera2 saves: see
:mod:`pytest_mobileagent.android.camera`), with the device clock's time in the name. The mode list (Camera, Video,
and the Settings gear) opens with a swipe from the left edge, as in Camera2; in video mode the shutter starts and stops
recording. The "Options" button shows the flash and countdown toggles (each tap cycles them) and, with manual
exposure on, the exposure button. Settings (``CameraSettingsActivity``): "Resolution & quality" (picture size and
video quality per camera, chosen in a list dialog), "Save location", "Advanced" ("Manual exposure"); every value
is a ``SettingsManager`` preference (:mod:`pytest_mobileagent.android.camera`).
"""

from __future__ import annotations

import io
from typing import Any

from PIL import Image as PILImage

from mobileagent_sim.app import Activity, App
from mobileagent_sim.views import (
    Button,
    Column,
    Dialog,
    ImageButton,
    ListItem,
    RadioGroup,
    Row,
    Scroll,
    Switch,
    Text,
    Toolbar,
    View,
)
from pytest_mobileagent.android import mp4
from pytest_mobileagent.android.camera import (
    CAMERA_ACTIVITY,
    COUNTDOWNS,
    DEFAULTS,
    FLASH_MODES,
    KEY_COUNTDOWN,
    KEY_EXPOSURE_COMPENSATION,
    KEY_FLASH_MODE,
    KEY_PICTURE_SIZE_BACK,
    KEY_PICTURE_SIZE_FRONT,
    KEY_RECORD_LOCATION,
    KEY_VIDEO_QUALITY_BACK,
    KEY_VIDEO_QUALITY_FRONT,
    MAIN_ACTIVITY,
    PACKAGE,
    PHOTOS_DIR,
    PICTURE_SIZES,
    SETTINGS_ACTIVITY,
    VIDEO_QUALITIES,
    VIDEOS_DIR,
    megapixels,
    prefs_file,
)
from pytest_mobileagent.android.shared_prefs import format_prefs, parse_prefs

MODES = ("Camera", "Video")


def jpeg_bytes(seed: int) -> bytes:
    """A small real JPEG (what the sensor saw is a flat colour that depends on when it was taken)."""
    out = io.BytesIO()
    PILImage.new("RGB", (64, 48), ((seed * 37) % 256, (seed * 91) % 256, (seed * 53) % 256)).save(out, "JPEG")
    return out.getvalue()


def get_setting(activity: Activity, key: str) -> str:
    """A ``SettingsManager`` value of the app (its default when unset)."""
    path = prefs_file(key)
    fs = activity.system.fs
    return str((parse_prefs(fs.read(path)) if fs.exists(path) else {}).get(key, DEFAULTS[key]))


def put_setting(activity: Activity, key: str, value: str) -> None:
    path = prefs_file(key)
    fs = activity.system.fs
    prefs = parse_prefs(fs.read(path)) if fs.exists(path) else {}
    prefs[key] = value
    fs.write(path, format_prefs(prefs))
    activity.log("CAM_SettingsManager", f"{key} = {value}")


def cycle(options: list[str], current: str) -> str:
    """The option after ``current`` (the first after the last)."""
    return options[(options.index(current) + 1) % len(options)] if current in options else options[0]


#: The countdown toggle's icon per duration (Camera2's ``ic_timer_off``, ``ic_timer_3s``, ``ic_timer_10s``).
COUNTDOWN_ICONS = {"0": "timer_off", "3": "timer_3", "10": "timer_10"}

class CameraActivity(Activity):
    """The viewfinder: preview, shutter, mode list, and the recording timer in video mode."""

    name = CAMERA_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.mode = "Camera"
        self.mode_list = False
        self.recording_since: float | None = None
        self.options = False

    def build(self) -> View:
        if self.mode_list:
            return Row(
                # a mode's row is a ModeSelectorItem without an id; its label is selector_text (AOSP mode_selector.xml)
                Column(*[ListItem(m, "", lambda m=m: self.set_mode(m), title_id="selector_text",
                                  icon="videocam" if m == "Video" else "photo_camera", selected=m == self.mode)
                         for m in MODES],
                       View(weight=1),
                       ImageButton("Settings", self.open_settings, icon="settings", id="settings_button"),
                       id="mode_list", width=220, style="drawer"),
                View(weight=1, clickable=True, on_click=self.close_mode_list),
            )
        recording = self.recording_since is not None
        timer = None
        if recording:
            seconds = int(self.system.clock.now.timestamp() - self.recording_since)
            timer = Text(f"{seconds // 60:02d}:{seconds % 60:02d}", id="recording_time", height=32)
        return Column(
            self.top_bar(),
            timer,
            View(id="preview_content", desc="Camera preview", weight=1, style="preview"),
            Row(View(weight=1),
                ImageButton("Shutter", self.shutter, id="shutter_button", width=80, height=80,
                            icon="stop" if recording else "fiber_manual_record" if self.mode == "Video" else "circle"),
                View(weight=1), id="bottom_bar", height=120),
        )

    def top_bar(self) -> View:
        """The mode options: hidden behind "Options" until tapped, as Camera2's three dots."""
        if not self.options:
            return Row(View(weight=1), ImageButton("Options", self.toggle_options, icon="more_vert",
                                                   id="mode_options_toggle"), id="mode_options_overlay", height=56)
        flash, countdown = get_setting(self, KEY_FLASH_MODE), get_setting(self, KEY_COUNTDOWN)
        exposure = get_setting(self, KEY_EXPOSURE_COMPENSATION) == "1"
        return Row(
            ImageButton(FLASH_MODES[flash], lambda: self.cycle_setting(KEY_FLASH_MODE, list(FLASH_MODES)),
                        icon=f"flash_{flash}", id="flash_toggle_button"),
            ImageButton(COUNTDOWNS[countdown], lambda: self.cycle_setting(KEY_COUNTDOWN, list(COUNTDOWNS)),
                        icon=COUNTDOWN_ICONS.get(countdown, "timer"), id="countdown_toggle_button"),
            ImageButton("Exposure compensation", None, icon="exposure", id="exposure_button") if exposure else None,
            View(weight=1),
            ImageButton("Options", self.toggle_options, icon="more_vert", id="mode_options_toggle"),
            id="mode_options_overlay", height=56)

    def toggle_options(self) -> None:
        self.options = not self.options

    def cycle_setting(self, key: str, options: list[str]) -> None:
        put_setting(self, key, cycle(options, get_setting(self, key)))

    def open_settings(self) -> None:
        self.mode_list = False
        self.start(CameraSettingsActivity)

    def on_swipe(self, direction: str) -> bool:
        if direction == "right" and self.recording_since is None:
            self.mode_list = True
            return True
        if direction == "left" and self.mode_list:
            self.mode_list = False
            return True
        return False

    def on_back(self) -> bool:
        if self.mode_list:
            self.mode_list = False
            return True
        return super().on_back()

    def close_mode_list(self) -> None:
        self.mode_list = False

    def set_mode(self, mode: str) -> None:
        self.mode = mode
        self.mode_list = False

    def stamp(self) -> str:
        return self.system.clock.now.strftime("%Y%m%d_%H%M%S")

    def shutter(self) -> None:
        fs = self.system.fs
        if self.mode == "Camera":
            path = f"{PHOTOS_DIR}/IMG_{self.stamp()}.jpg"
            fs.write(path, jpeg_bytes(int(self.system.clock.now.timestamp())))
            self.log("CAM_PhotoModule", f"Photo saved: {path}")
        elif self.recording_since is None:
            self.recording_since = self.system.clock.now.timestamp()
            self.log("CAM_VideoModule", "Recording started")
        else:
            seconds = int(self.system.clock.now.timestamp() - self.recording_since)
            path = f"{VIDEOS_DIR}/VID_{self.stamp()}.mp4"
            fs.write(path, mp4.recording(b"mp42", seconds))
            self.recording_since = None
            self.log("CAM_VideoModule", f"Video saved: {path} ({seconds}s)")


class CameraLauncher(CameraActivity):
    """The launcher's alias of :class:`CameraActivity`."""

    name = MAIN_ACTIVITY


#: The list settings: key -> (title, [(value, shown name)]).
LISTS = {
    KEY_PICTURE_SIZE_BACK: ("Back camera photo", [(v, megapixels(v)) for v in reversed(PICTURE_SIZES)]),
    KEY_PICTURE_SIZE_FRONT: ("Front camera photo", [(v, megapixels(v)) for v in ("1280x960", "640x480")]),
    KEY_VIDEO_QUALITY_BACK: ("Back camera video", list(VIDEO_QUALITIES.items())),
    KEY_VIDEO_QUALITY_FRONT: ("Front camera video", list(VIDEO_QUALITIES.items())),
}


class CameraSettingsActivity(Activity):
    """Camera2's settings: the main list, "Resolution & quality" and "Advanced" as pages, lists as dialogs."""

    name = SETTINGS_ACTIVITY

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.page = "main"
        self.choosing = ""

    def build(self) -> View:
        title = {"main": "Camera settings", "resolution": "Resolution & quality", "advanced": "Advanced"}[self.page]
        # FragmentActivity's framework ActionBar (AOSP Camera2 CameraSettingsActivity, getActionBar())
        return Column(Toolbar(title, navigate_up=self.up, id="android:id/action_bar"),
                      Scroll(*getattr(self, f"page_{self.page}")(), id="android:id/list", weight=1))

    def up(self) -> None:
        if self.page == "main":
            self.finish()
        else:
            self.page = "main"

    def on_back(self) -> bool:
        if super().on_back():
            self.choosing = ""
            return True
        if self.page != "main":
            self.page = "main"
            return True
        return False

    def switch(self, title: str, key: str, summary: str = "") -> View:
        on = get_setting(self, key) == "1"

        def flip() -> None:
            put_setting(self, key, "0" if on else "1")

        return ListItem(title, summary, on_click=flip, widget=Switch(on, flip))

    def page_main(self) -> list[View]:
        return [ListItem("Resolution & quality", on_click=lambda: self.go("resolution")),
                self.switch("Save location", KEY_RECORD_LOCATION, "Tag pictures and videos with their location"),
                ListItem("Advanced", on_click=lambda: self.go("advanced")),
                ListItem("Help & feedback")]

    def page_resolution(self) -> list[View]:
        rows = []
        for key, (title, options) in LISTS.items():
            value = get_setting(self, key)
            rows.append(ListItem(title, dict(options).get(value, value), on_click=lambda k=key: self.choose(k)))
        return rows

    def page_advanced(self) -> list[View]:
        return [self.switch("Manual exposure", KEY_EXPOSURE_COMPENSATION)]

    def go(self, page: str) -> None:
        self.page = page

    def choose(self, key: str) -> None:
        self.choosing = key
        self.dialog = "list"

    def build_dialog(self, name: str) -> View:
        title, options = LISTS[self.choosing]
        names = dict(options)
        return Dialog(title, RadioGroup([n for _, n in options], names.get(get_setting(self, self.choosing)),
                                        self.pick, id="android:id/select_dialog_listview"),
                      buttons=[Button("Cancel", self.close_dialog, id="android:id/button2")])

    def pick(self, shown: str) -> None:
        value = next(v for v, n in LISTS[self.choosing][1] if n == shown)
        put_setting(self, self.choosing, value)
        self.close_dialog()

    def close_dialog(self) -> None:
        self.dialog = None
        self.choosing = ""


class CameraApp(App):
    package = PACKAGE
    label = "Camera"
    icon = "photo_camera"
    activities = (CameraLauncher, CameraActivity, CameraSettingsActivity)
    uid = 10060


__all__ = ["CameraActivity", "CameraApp", "CameraLauncher", "CameraSettingsActivity"]
