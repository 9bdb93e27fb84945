"""Audio Recorder (``com.dimowner.audiorecorder``): recordings as ``.m4a`` files in the app's external folder,
where AndroidWorld looks for them."""

from __future__ import annotations

PACKAGE = "com.dimowner.audiorecorder"
MAIN_ACTIVITY = "com.dimowner.audiorecorder.app.main.MainActivity"
RECORDS_DIR = f"/storage/emulated/0/Android/data/{PACKAGE}/files/Music/records"

__all__ = ["MAIN_ACTIVITY", "PACKAGE", "RECORDS_DIR"]
