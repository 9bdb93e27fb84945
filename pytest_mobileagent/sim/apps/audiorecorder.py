"""Audio Recorder (``com.dimowner.audiorecorder``): recordings as ``.m4a`` files under the app's external folder.

Record starts, Stop ends a recording and asks for its name (prefilled ``Record-N``); Save writes
``<name>.m4a`` to ``/storage/emulated/0/Android/data/com.dimowner.audiorecorder/files/Music/records``,
where AndroidWorld looks for recordings. The file's size grows with the recording's length.
"""

from __future__ import annotations

import posixpath
from typing import Any

from pytest_mobileagent.android import mp4
from pytest_mobileagent.android.audio_recorder import MAIN_ACTIVITY, PACKAGE, RECORDS_DIR
from pytest_mobileagent.sim.app import Activity, App
from pytest_mobileagent.sim.views import Button, Column, Dialog, ImageButton, Row, Text, View


class MainActivity(Activity):
    """The recorder: a timer, Record/Pause, Stop, and the name dialog after stopping."""

    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.started: float | None = None
        self.length = 0  # seconds of a stopped recording waiting for its name

    def elapsed(self) -> int:
        return int(self.system.clock.now.timestamp() - self.started) if self.started is not None else 0

    def build(self) -> View:
        seconds = self.elapsed() if self.started is not None else 0
        recording = self.started is not None
        return Column(
            Row(Text("Audio Recorder", style="title", weight=1, height=56),
                ImageButton("Settings", None, icon="settings", id="btn_settings"), height=64, style="toolbar"),
            View(id="recording_waveform", weight=1, style="preview"),
            Text(f"{seconds // 60:02d}:{seconds % 60:02d}", id="txt_progress", style="headline", height=64),
            Text("Recording…" if recording else "", id="txt_name", height=32),
            Row(ImageButton("Records list", None, icon="list", id="btn_records_list"),
                View(weight=1),
                ImageButton("Record", self.record, icon="mic", id="btn_record", width=72, height=72,
                            enabled=not recording),
                ImageButton("Stop recording", self.stop, icon="stop", id="btn_record_stop", enabled=recording),
                View(weight=1), height=120),
        )

    def record(self) -> None:
        self.started = self.system.clock.now.timestamp()
        self.log("AudioRecorder", "startRecording")

    def stop(self) -> None:
        if self.started is None:
            return
        self.length = self.elapsed()
        self.started = None
        self.fields = {"name": self.next_default_name()}
        self.dialog = "name"
        self.request_focus("name")

    def next_default_name(self) -> str:
        fs = self.system.fs
        n = 1
        while fs.exists(posixpath.join(RECORDS_DIR, f"Record-{n}.m4a")):
            n += 1
        return f"Record-{n}"

    def build_dialog(self, name: str) -> View:
        return Dialog("Record name", self.field("name", hint="Name"),
                      buttons=[Button("Cancel", self.save_default, id="android:id/button2"),
                               Button("Save", self.save, id="android:id/button1")])

    def on_back(self) -> bool:
        if self.dialog == "name":
            self.save_default()
            return True
        return super().on_back()

    def save_default(self) -> None:
        """Dismissing the dialog keeps the recording under its default name."""
        self.fields["name"] = self.next_default_name()
        self.save()

    def save(self) -> None:
        name = self.fields.get("name", "").strip() or self.next_default_name()
        if "/" in name:
            self.toast("Invalid name")
            return
        path = posixpath.join(RECORDS_DIR, f"{name}.m4a")
        self.system.fs.write(path, mp4.recording(b"M4A ", self.length))
        self.log("AudioRecorder", f"Record saved: {path}")
        self.dialog = None


class AudioRecorderApp(App):
    package = PACKAGE
    label = "Audio Recorder"
    icon = "mic"
    activities = (MainActivity,)
    uid = 10061

    def install(self) -> None:
        self.system.fs.mkdirs(RECORDS_DIR)


__all__ = ["RECORDS_DIR", "AudioRecorderApp", "MainActivity"]
