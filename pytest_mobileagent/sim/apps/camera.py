"""Camera (AOSP Camera2, ``com.android.camera2``): photos and videos as files, made by the shutter.

A photo is a JPEG ``IMG_yyyyMMdd_HHmmss.jpg`` and a video an MP4 ``VID_yyyyMMdd_HHmmss.mp4``, both in
``/sdcard/DCIM/Camera`` with the device clock's time in the name. The mode list (Camera, Video) opens
with a swipe from the left edge, as in Camera2; in video mode the shutter starts and stops recording.
"""

from __future__ import annotations

import io
from typing import Any

from PIL import Image as PILImage

from pytest_mobileagent.android import mp4
from pytest_mobileagent.android.camera import CAMERA_ACTIVITY, CAMERA_DIR, MAIN_ACTIVITY, PACKAGE
from pytest_mobileagent.sim.app import Activity, App
from pytest_mobileagent.sim.views import Column, ImageButton, ListItem, Row, Text, View

MODES = ("Camera", "Video")


def jpeg_bytes(seed: int) -> bytes:
    """A small real JPEG (what the sensor saw is a flat colour that depends on when it was taken)."""
    out = io.BytesIO()
    PILImage.new("RGB", (64, 48), ((seed * 37) % 256, (seed * 91) % 256, (seed * 53) % 256)).save(out, "JPEG")
    return out.getvalue()


class CameraActivity(Activity):
    """The viewfinder: preview, shutter, mode list, and the recording timer in video mode."""

    name = CAMERA_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.mode = "Camera"
        self.mode_list = False
        self.recording_since: float | None = None

    def build(self) -> View:
        if self.mode_list:
            return Row(
                Column(*[ListItem(m, "", lambda m=m: self.set_mode(m), id="mode_list_item",
                                  icon="videocam" if m == "Video" else "photo_camera", selected=m == self.mode)
                         for m in MODES], id="mode_list", width=220, style="drawer"),
                View(weight=1, clickable=True, on_click=self.close_mode_list),
            )
        recording = self.recording_since is not None
        timer = None
        if recording:
            seconds = int(self.system.clock.now.timestamp() - self.recording_since)
            timer = Text(f"{seconds // 60:02d}:{seconds % 60:02d}", id="recording_time", height=32)
        return Column(
            timer,
            View(id="preview_content", desc="Camera preview", weight=1, style="preview"),
            Row(View(weight=1),
                ImageButton("Shutter", self.shutter, id="shutter_button", width=80, height=80,
                            icon="stop" if recording else ("videocam" if self.mode == "Video" else "shutter")),
                View(weight=1), id="bottom_bar", height=120),
        )

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
            path = f"{CAMERA_DIR}/IMG_{self.stamp()}.jpg"
            fs.write(path, jpeg_bytes(int(self.system.clock.now.timestamp())))
            self.log("CAM_PhotoModule", f"Photo saved: {path}")
        elif self.recording_since is None:
            self.recording_since = self.system.clock.now.timestamp()
            self.log("CAM_VideoModule", "Recording started")
        else:
            seconds = int(self.system.clock.now.timestamp() - self.recording_since)
            path = f"{CAMERA_DIR}/VID_{self.stamp()}.mp4"
            fs.write(path, mp4.recording(b"mp42", seconds))
            self.recording_since = None
            self.log("CAM_VideoModule", f"Video saved: {path} ({seconds}s)")


class CameraLauncher(CameraActivity):
    """The launcher's alias of :class:`CameraActivity`."""

    name = MAIN_ACTIVITY


class CameraApp(App):
    package = PACKAGE
    label = "Camera"
    icon = "photo_camera"
    activities = (CameraLauncher, CameraActivity)
    uid = 10060


__all__ = ["CAMERA_DIR", "CameraActivity", "CameraApp", "CameraLauncher"]
