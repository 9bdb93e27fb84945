"""AndroidWorld's Audio Recorder tasks: record a clip and save it, optionally under a given name.

Recordings are ``.m4a`` files in the app's external folder, where AndroidWorld looks. Earlier
recordings seeded by setup must survive. AndroidWorld's names carry ``.m4a`` and the check then
looks for ``<name>.m4a`` (so ``x.m4a.m4a``); here names are drawn without the extension, and the
file must be ``<name>.m4a``. A recording counts when it lasts at least two seconds by its MP4 ``mvhd``
box (AndroidWorld counted any file, so starting and at once stopping passed).
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import mp4
from pytest_mobileagent.android.audio_recorder import RECORDS_DIR
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI

TOPICS = ("interview", "meeting", "lecture", "standup", "voice_note", "rehearsal", "podcast_intro", "call_notes",
          "brainstorm", "reading", "dictation", "field_recording")
#: A clip shorter than this is a slip of the finger, not a recording.
MIN_CLIP_SECONDS = 2.0
EARLIER = ("Record-1", "groceries", "song_idea", "lecture_week3", "reminder_dentist")


def recordings(device: Device) -> dict[str, int]:
    """Recording file name -> size in bytes."""
    if not device.exists(RECORDS_DIR):
        return {}
    return {n: len(device.read_file(posixpath.join(RECORDS_DIR, n))) for n in device.list_dir(RECORDS_DIR)}


def open_recorder(ui: UI) -> Iterator[Action]:
    """Open Audio Recorder; on its first run (as AndroidWorld's phone leaves it) the welcome page's "Get started"
    and the setup's "Apply" come before the recorder."""
    yield ui.open_app("Audio Recorder")
    if ui.exists(rid="btn_action"):
        yield ui.click(text="Get started")
        yield ui.click(text="Apply")


def earlier_recordings() -> st.SearchStrategy[list[str]]:
    return st.lists(st.sampled_from(EARLIER), max_size=3, unique=True)


class _AudioRecorderTask(Task):
    derives_params = True  # takes AndroidWorld's generate_random_params() dicts
    __abstract__ = True
    apps = ("audio recorder",)
    complexity = 2

    def setup(self, device: Device) -> None:
        for name in recordings(device):
            device.remove(posixpath.join(RECORDS_DIR, name))
        for name in self.params["earlier"]:
            device.write_file(posixpath.join(RECORDS_DIR, f"{name}.m4a"), mp4.recording(b"M4A ", 5))
        self.before = recordings(device)

    def new_recordings(self, device: Device) -> dict[str, int] | None:
        """Recordings added since setup that last at least :data:`MIN_CLIP_SECONDS` by their ``mvhd`` box, or
        None if an earlier one was lost or changed."""
        after = recordings(device)
        if any(after.get(n) != size for n, size in self.before.items()):
            return None
        new = [n for n in after if n not in self.before]
        return {n: after[n] for n in new
                if (mp4.duration(device.read_file(posixpath.join(RECORDS_DIR, n))) or 0) >= MIN_CLIP_SECONDS}

    def describe_state(self, device: Device) -> str:
        return f"recordings: {recordings(device)}"

    def record(self, ui: UI) -> Iterator[Action]:
        yield from open_recorder(ui)
        yield ui.click(rid="btn_record")
        yield ui.wait(2)
        yield ui.click(rid="btn_record_stop")


class AudioRecorderRecordAudio(_AudioRecorderTask):
    """One new, non-empty recording; earlier ones untouched."""

    template = "Record an audio clip using Audio Recorder app and save it."
    difficulty = "easy"
    tags = ("requires_setup",)
    optimal_steps = 6

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"earlier": earlier_recordings()})

    def check(self, device: Device, answer: str | None = None) -> float:
        new = self.new_recordings(device)
        return 1.0 if new is not None and len(new) == 1 else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.record(ui)
        yield ui.click(text="Save")
        yield ui.complete()


class AudioRecorderRecordAudioWithFileName(_AudioRecorderTask):
    """One new recording named ``<file_name>.m4a``."""

    template = 'Record an audio clip and save it with name "{file_name}" using Audio Recorder app.'
    difficulty = "easy"
    tags = ("data_entry", "complex_ui_understanding", "parameterized")
    optimal_steps = 10

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        name = st.tuples(st.sampled_from(TOPICS), st.integers(1, 99)).map(lambda t: f"{t[0]}_{t[1]:02d}")
        return st.fixed_dictionaries({"file_name": name, "earlier": earlier_recordings()})

    def check(self, device: Device, answer: str | None = None) -> float:
        new = self.new_recordings(device)
        return 1.0 if new is not None and list(new) == [f"{self.params['file_name']}.m4a"] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.record(ui)
        yield ui.type(self.params["file_name"], clear=True, rid="input_name")
        yield ui.click(text="Save")
        yield ui.complete()
