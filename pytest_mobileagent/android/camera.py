"""Camera (AOSP Camera2, ``com.android.camera2``): photos and videos saved under ``DCIM/Camera``."""

from __future__ import annotations

PACKAGE = "com.android.camera2"
#: The launcher entry, and the activity it hands over to.
MAIN_ACTIVITY = "com.android.camera.CameraLauncher"
CAMERA_ACTIVITY = "com.android.camera.CameraActivity"
CAMERA_DIR = "/sdcard/DCIM/Camera"

__all__ = ["CAMERA_ACTIVITY", "CAMERA_DIR", "MAIN_ACTIVITY", "PACKAGE"]
