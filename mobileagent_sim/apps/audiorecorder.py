"""Audio Recorder (``com.dimowner.audiorecorder``): recordings as ``.m4a`` files under the app's external folder.

The main screen of version 0.9.26 (versionCode 926, ``activity_main.xml`` of ``Dimowner/AudioRecorder``): the
record button (``btn_record``, described "Recording: %s" as its layout has it) starts a recording and then pauses
or resumes it; while recording, the stop button (``btn_record_stop``, no description) and the delete button
(``btn_record_delete``) appear and the import and share buttons go. Stopping asks for the name
(``dialog_rename.xml``: "New name", ``input_name`` prefilled ``Record-N``, "Don't ask again", Cancel keeps the
default name, Save); the file ``<name>.m4a`` lands in
``/storage/emulated/0/Android/data/com.dimowner.audiorecorder/files/Music/records``, where AndroidWorld looks for
recordings. The file's size grows with the recording's length.
"""

from __future__ import annotations

import hashlib
import posixpath
from collections.abc import Callable
from typing import Any

from mobileagent_sim.app import Activity, App
from mobileagent_sim.views import Button, CheckBox, Column, Dialog, Frame, ImageButton, Row, Text, View
from pytest_mobileagent.android import mp4
from pytest_mobileagent.android.audio_recorder import (
    DP_PER_SECOND,
    GRID_COLOR,
    GRID_STEP_S,
    KEY_FIRST_RUN,
    MAIN_ACTIVITY,
    PACKAGE,
    PREFS,
    RECORDS_DIR,
    SCRUBBER_COLOR,
    SETUP_ACTIVITY,
    WAVE_COLOR,
    WAVEFORM_DP,
    WELCOME_ACTIVITY,
    WINDOW_COLOR,
)
from pytest_mobileagent.android.shared_prefs import format_prefs, parse_prefs

WIDGETS = "com.dimowner.audiorecorder.app.widget"
Strokes = tuple[tuple[str, float, tuple[tuple[float, float], ...]], ...]


def amplitude(seed: int, index: int) -> float:
    """The microphone's level (0 to 1) in the ``index``-th 1/25 s of the recording begun at ``seed``: the simulated
    room's sound, the same for the same recording."""
    digest = hashlib.sha256(f"{seed}:{index}".encode()).digest()
    slow = 0.35 + 0.3 * digest[0] / 255  # a voice's syllables over a quieter floor
    return min(1.0, slow * (0.4 + 0.6 * digest[1] / 255))


def waveform(seed: int, samples: int, x_of: Callable[[int], float], width: float, elapsed_s: float) -> Strokes:
    """RecordingWaveformView / WaveformViewNew: the grid of seconds (every GRID_STEP_S), one 1dp line per sample
    (DP_PER_SECOND of them a second), each as tall as its level about the middle, and the yellow scrubber at the
    centre. ``x_of(i)`` places sample ``i``; the view is ``width`` dp wide and WAVEFORM_DP tall."""
    half_h, centre = WAVEFORM_DP / 2, width / 2
    grid = []
    first = -int(centre / DP_PER_SECOND / GRID_STEP_S) - 1
    for step in range(first, int((width / DP_PER_SECOND + elapsed_s) / GRID_STEP_S) + 2):
        x = centre + (step * GRID_STEP_S - elapsed_s) * DP_PER_SECOND
        if 0 <= x <= width:
            grid.append((GRID_COLOR, 0.5, ((x, 0.0), (x, WAVEFORM_DP))))
    lines = []
    for i in range(samples):
        x = x_of(i)
        if 0 <= x <= width:
            h = 1 + amplitude(seed, i) * (half_h - 8)
            lines.append((WAVE_COLOR, 1.0, ((x, half_h - h), (x, half_h + h))))
    return (*grid, *lines, (SCRUBBER_COLOR, 2.0, ((centre, 0.0), (centre, WAVEFORM_DP))))


def first_run(app: App) -> bool:
    """``PrefsImpl.isFirstRun``: no ``is_first_run`` key yet, or true."""
    fs = app.system.fs
    return bool((parse_prefs(fs.read(PREFS)) if fs.exists(PREFS) else {}).get(KEY_FIRST_RUN, True))


class WelcomeActivity(Activity):
    """``activity_welcome.xml``: the welcome page and "Get started", which opens the setup."""

    name = WELCOME_ACTIVITY
    exported = True

    def build(self) -> View:
        page = Column(Text("Audio Recorder", id="txt_title", style="headline", height=64),
                      Text("Welcome to a simple and fast application", id="txt_details", height=48), weight=1)
        return Column(View(id="pager", cls="androidx.viewpager2.widget.ViewPager2", children=[page], weight=1),
                      Button("Get started", self.get_started, id="btn_action"))

    def get_started(self) -> None:
        self.start(SetupActivity)
        self.finish()


class SetupActivity(Activity):
    """``activity_setup.xml``: the recording settings of the first run; "Apply" ends the first run."""

    name = SETUP_ACTIVITY

    def build(self) -> View:
        return Column(
            Row(Text("Setup", style="title", weight=1, height=56), id="toolbar", height=64, style="toolbar"),
            Text("Naming: Record-1.m4a", id="name_format", height=56), View(weight=1),  # the default naming
            Row(Button("Reset", None, id="btn_reset"), Button("Apply", self.apply, id="btn_apply"), height=72),
        )

    def apply(self) -> None:
        fs = self.system.fs
        prefs = parse_prefs(fs.read(PREFS)) if fs.exists(PREFS) else {}
        fs.write(PREFS, format_prefs({**prefs, KEY_FIRST_RUN: False}))
        self.start(MainActivity)
        self.finish()


class MainActivity(Activity):
    """The recorder: a timer, Record/Pause, Stop, and the name dialog after stopping."""

    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.started: float | None = None  # when the running stretch of the recording began
        self.recording = False
        self.before = 0  # seconds recorded before the last pause
        self.length = 0  # seconds of a stopped recording waiting for its name
        self.seed = 0  # when the recording began: its sound (amplitude)
        #: the last record saved, which the main screen shows (WaveformViewNew) and plays: (name, seconds, seed)
        self.last: tuple[str, int, int] | None = None
        self.played = 0.0  # seconds of the last record played before the last pause
        self.play_started: float | None = None  # the clock when its playback last started

    def on_resume(self) -> None:
        if first_run(self.app) and not self.finished:  # MainPresenter: the first run shows the welcome page
            self.start(WelcomeActivity)
            self.finish()

    def elapsed(self) -> int:
        running = self.system.clock.now.timestamp() - self.started if self.started is not None else 0
        return self.before + int(running)

    def width_dp(self) -> float:
        return self.system.width * 160 / self.system.density

    def playback(self) -> float:
        """Seconds into the last record's playback (it stops at the end)."""
        if self.last is None:
            return 0.0
        running = self.system.clock.now.timestamp() - self.play_started if self.play_started is not None else 0
        return min(float(self.last[1]), self.played + running)

    def wave(self) -> View:
        """The waveform panel: RecordingWaveformView while recording (the newest sound at the centre, older to its
        left), else WaveformViewNew with the last record from its playback position rightwards, and btn_play."""
        width = self.width_dp()
        if self.recording:
            elapsed = self.system.clock.now.timestamp() - self.started if self.started is not None else 0
            seconds = self.before + elapsed
            count = int(seconds * DP_PER_SECOND)
            strokes = waveform(self.seed, count, lambda i: width / 2 - (count - 1 - i), width, seconds)
            return View(id="recording_view", cls=f"{WIDGETS}.RecordingWaveformView", style="canvas",
                        strokes=strokes, height=WAVEFORM_DP)
        if self.last is None:
            return View(id="record", cls=f"{WIDGETS}.WaveformViewNew", height=WAVEFORM_DP)
        _, length, seed = self.last
        at = self.playback()
        strokes = waveform(seed, int(length * DP_PER_SECOND), lambda i: width / 2 + i - at * DP_PER_SECOND, width, at)
        playing = self.play_started is not None and at < length
        return Frame(View(id="record", cls=f"{WIDGETS}.WaveformViewNew", style="canvas", strokes=strokes),
                     Column(View(weight=1), Row(View(weight=1),  # btn_play: 64dp, layout_gravity bottom|center
                                                ImageButton("", self.play, icon="pause" if playing else "play_arrow",
                                                            id="btn_play", width=64, height=64),
                                                View(weight=1), height=64)),
                     height=WAVEFORM_DP)

    def play(self) -> None:
        """btn_play: play the last record from where it stopped (from the start once it played to its end)."""
        now = self.system.clock.now.timestamp()
        if self.play_started is not None and self.playback() < (self.last[1] if self.last else 0):
            self.played, self.play_started = self.playback(), None  # pause
            return
        if self.last is not None and self.playback() >= self.last[1]:
            self.played = 0.0
        self.play_started = now

    def build(self) -> View:
        rec = self.recording
        seconds = self.elapsed() if rec else int(self.playback())
        name = "Recording\u2026" if rec else self.last[0] if self.last else ""
        return Column(
            Row(None if rec else ImageButton("", None, icon="import", id="btn_import"),
                Text("Audio Recorder", style="title", weight=1, height=56),
                None if rec else ImageButton("", None, icon="share", id="btn_share"),
                id="toolbar", height=64, style="toolbar"),
            Column(View(weight=1), self.wave(), View(weight=1), weight=1, background=WINDOW_COLOR),
            Text(f"{seconds // 60:02d}:{seconds % 60:02d}", id="txt_progress", style="headline", height=64),
            Text(name, id="txt_name", height=32),
            Row(ImageButton("Settings", None, icon="settings", id="btn_settings"), View(weight=1),
                ImageButton("Delete", self.discard, icon="delete", id="btn_record_delete") if rec else None,
                ImageButton("Recording: %s", self.record, icon="pause" if self.started is not None else "mic",
                            id="btn_record", width=72, height=72),
                ImageButton("", self.stop, icon="stop", id="btn_record_stop") if rec else None,
                View(weight=1), ImageButton("", None, icon="list", id="btn_records_list"), height=120),
        )

    def record(self) -> None:
        """Start a recording, or pause / resume the one running."""
        now = self.system.clock.now.timestamp()
        if not self.recording:
            self.recording, self.before, self.started, self.seed = True, 0, now, int(now * 1000)
            self.play_started, self.played = None, 0.0
            self.log("AudioRecorder", "startRecording")
        elif self.started is not None:
            self.before, self.started = self.elapsed(), None
        else:
            self.started = now

    def discard(self) -> None:
        self.recording, self.started, self.before = False, None, 0

    def stop(self) -> None:
        if not self.recording:
            return
        self.length = self.elapsed()
        self.discard()
        self.fields = {"input_name": self.next_default_name()}
        self.dialog = "name"
        self.request_focus("input_name")

    def next_default_name(self) -> str:
        fs = self.system.fs
        n = 1
        while fs.exists(posixpath.join(RECORDS_DIR, f"Record-{n}.m4a")):
            n += 1
        return f"Record-{n}"

    def build_dialog(self, name: str) -> View:
        # dialog_rename.xml in an AlertDialog without title or buttons of its own
        return Dialog("", Text("New name", id="dialog_title", style="dialog-title"), self.field("input_name"),
                      CheckBox("Don't ask again", False, None, id="check_box"),
                      Row(View(weight=1), Button("Cancel", self.save_default, id="dialog_negative_btn"),
                          Button("Save", self.save, id="dialog_positive_btn"), height=56))

    def on_back(self) -> bool:
        if self.dialog == "name":
            self.save_default()
            return True
        return super().on_back()

    def save_default(self) -> None:
        """Dismissing the dialog keeps the recording under its default name."""
        self.fields["input_name"] = self.next_default_name()
        self.save()

    def save(self) -> None:
        name = self.fields.get("input_name", "").strip() or self.next_default_name()
        if "/" in name:
            self.toast("Invalid name")
            return
        path = posixpath.join(RECORDS_DIR, f"{name}.m4a")
        self.system.fs.write(path, mp4.recording(b"M4A ", self.length))
        self.log("AudioRecorder", f"Record saved: {path}")
        self.last, self.played, self.play_started = (name, self.length, self.seed), 0.0, None
        self.dialog = None


class AudioRecorderApp(App):
    package = PACKAGE
    label = "Audio Recorder"
    icon = "mic"
    activities = (MainActivity, WelcomeActivity, SetupActivity)
    uid = 10061

    def install(self) -> None:
        self.system.fs.mkdirs(RECORDS_DIR)


__all__ = ["RECORDS_DIR", "AudioRecorderApp", "MainActivity"]
