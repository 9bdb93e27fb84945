"""Camera, Audio Recorder and Simple Draw Pro: files made through their UIs, and their tasks' checks."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from PIL import Image

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import mp4
from suites.androidworld.tasks_audio_recorder import (
    RECORDS_DIR,
    AudioRecorderRecordAudio,
    AudioRecorderRecordAudioWithFileName,
)
from suites.androidworld.tasks_camera import CameraTakePhoto, CameraTakeVideo
from suites.androidworld.tasks_draw import SimpleDrawProCreateDrawing
from tests.screen import find, tap


def test_shutter_saves_a_jpeg_in_pictures_named_by_the_device_clock(d: SimDevice) -> None:
    d.start_app("com.android.camera2")
    assert d.current_activity() == ("com.android.camera2", "com.android.camera.CameraLauncher")
    tap(d, desc="Shutter")
    assert d.list_dir("/sdcard/Pictures") == ["IMG_20231015_153401.jpg"]
    assert Image.open(io.BytesIO(d.read_file("/sdcard/Pictures/IMG_20231015_153401.jpg"))).format == "JPEG"
    assert d.list_dir("/sdcard/Movies") == []


def test_video_mode_records_into_movies_between_two_shutter_presses(d: SimDevice) -> None:
    d.start_app("com.android.camera2")
    d.swipe(5, 1200, 700, 1200)
    tap(d, text="Video")
    tap(d, desc="Shutter")
    assert find(d, rid="recording_time").text == "00:00"
    d.shell("sleep 3")
    tap(d, desc="Shutter")
    [video] = d.list_dir("/sdcard/Movies")
    assert video.startswith("VID_20231015_") and video.endswith(".mp4")
    assert d.read_file(f"/sdcard/Movies/{video}")[4:8] == b"ftyp"


@pytest.mark.parametrize("made", [["IMG_1.jpg"], ["IMG_1.jpg", "IMG_2.jpg"], ["VID_1.mp4"], [], ["lost earlier"]])
def test_photo_check_wants_exactly_one_new_photo(d: SimDevice, made: list[str]) -> None:
    task = CameraTakePhoto({"earlier_photos": 1})
    task.setup(d)
    for name in made:
        if name == "lost earlier":
            d.remove(f"/sdcard/Pictures/{d.list_dir('/sdcard/Pictures')[0]}")
            d.write_file("/sdcard/Pictures/IMG_3.jpg", b"\xff\xd8new")
        else:
            d.write_file(f"/sdcard/{'Movies' if name.endswith('.mp4') else 'Pictures'}/{name}", b"\xff\xd8new")
    assert task.check(d) == (1.0 if made == ["IMG_1.jpg"] else 0.0)


@pytest.mark.parametrize("made,expected", [("/sdcard/Movies/clip.mp4", 1.0), ("/sdcard/Pictures/VID_1.mp4", 1.0),
                                           ("/sdcard/Pictures/IMG_1.jpg", 0.0)])
def test_video_check_counts_videos_in_either_folder(d: SimDevice, made: str, expected: float) -> None:
    task = CameraTakeVideo({"earlier_photos": 0})
    task.setup(d)
    d.write_file(made, b"\x00\x00\x00\x18ftypmp42")
    assert task.check(d) == expected


def open_recorder(d: SimDevice) -> None:
    """Start Audio Recorder past its first run's welcome page and setup."""
    d.start_app("com.dimowner.audiorecorder")
    if d.current_activity()[1].endswith("WelcomeActivity"):
        tap(d, text="Get started")
        tap(d, text="Apply")


def test_recorder_first_run_goes_through_welcome_and_setup_once(d: SimDevice) -> None:
    d.start_app("com.dimowner.audiorecorder")
    assert d.current_activity()[1] == "com.dimowner.audiorecorder.app.welcome.WelcomeActivity"
    tap(d, text="Get started")
    assert d.current_activity()[1] == "com.dimowner.audiorecorder.app.setup.SetupActivity"
    tap(d, text="Apply")
    assert d.current_activity()[1] == "com.dimowner.audiorecorder.app.main.MainActivity"
    d.shell("am force-stop com.dimowner.audiorecorder")
    d.start_app("com.dimowner.audiorecorder")
    assert d.current_activity()[1] == "com.dimowner.audiorecorder.app.main.MainActivity"
    # AndroidWorld's adb_utils starts the welcome activity by name: it is exported
    assert "Error" not in d.shell("am start -n com.dimowner.audiorecorder/.app.welcome.WelcomeActivity")
    assert find(d, rid="btn_action", text="Get started")


def test_recorder_asks_a_name_after_stop_and_saves_m4a(d: SimDevice) -> None:
    open_recorder(d)
    tap(d, rid="btn_record")
    d.shell("sleep 2")
    tap(d, rid="btn_record_stop")
    assert find(d, text="New name") and find(d, rid="input_name").text == "Record-1"
    tap(d, text="Save")
    assert d.list_dir(RECORDS_DIR) == ["Record-1.m4a"]
    assert len(d.read_file(f"{RECORDS_DIR}/Record-1.m4a")) > 16_000


@pytest.mark.parametrize("made", [["standup_07.m4a"], ["Record-2.m4a"], ["standup_07.m4a", "x.m4a"],
                                  ["standup_07.m4a", "-groceries.m4a"]])
def test_named_recording_check(d: SimDevice, made: list[str]) -> None:
    task = AudioRecorderRecordAudioWithFileName({"file_name": "standup_07", "earlier": ["groceries"]})
    task.setup(d)
    for name in made:
        if name.startswith("-"):
            d.remove(f"{RECORDS_DIR}/{name[1:]}")
        else:
            d.write_file(f"{RECORDS_DIR}/{name}", mp4.recording(b"M4A ", 3))
    assert task.check(d) == (1.0 if made == ["standup_07.m4a"] else 0.0)


def test_a_recording_counts_only_when_it_lasts(d: SimDevice) -> None:
    task = AudioRecorderRecordAudio({"earlier": []})
    task.setup(d)
    for data, counts in [(b"", False), (b"audio", False), (mp4.recording(b"M4A ", 1), False),
                         (mp4.recording(b"M4A ", 2), True)]:
        d.write_file(f"{RECORDS_DIR}/Record-1.m4a", data)
        assert task.check(d) == (1.0 if counts else 0.0), data[:16]


def test_recordings_made_in_the_app_carry_their_duration(d: SimDevice) -> None:
    open_recorder(d)
    tap(d, rid="btn_record")
    d.set_time(d.now() + dt.timedelta(seconds=4))
    tap(d, rid="btn_record_stop")
    tap(d, text="Save")
    [name] = d.list_dir(RECORDS_DIR)
    assert (mp4.duration(d.read_file(f"{RECORDS_DIR}/{name}")) or 0) >= 1


def test_draw_saves_the_chosen_format_in_the_chosen_folder(d: SimDevice) -> None:
    d.start_app("com.simplemobiletools.draw.pro")
    d.swipe(200, 900, 900, 900)
    tap(d, desc="Save")
    assert find(d, rid="folder_value").text == "Internal/Simple Draw"
    tap(d, rid="folder_value")
    assert find(d, rid="filepicker_breadcrumbs").text == "Internal"  # the folder does not exist yet
    tap(d, text="Download")
    tap(d, text="OK")
    assert find(d, rid="folder_value").text == "Internal/Download"
    tap(d, rid="save_image_radio_jpg")
    tap(d, text="OK")
    [saved] = d.list_dir("/sdcard/Download")
    assert saved.endswith(".jpg") and d.read_file(f"/sdcard/Download/{saved}")[:2] == b"\xff\xd8"


@pytest.mark.parametrize("mistake", [None, "wrong folder", "wrong format", "extra file", "noise removed",
                                     "blank canvas"])
def test_drawing_check(d: SimDevice, mistake: str | None) -> None:
    from mobileagent_sim.apps.draw import line, render

    task = SimpleDrawProCreateDrawing({"file_name": "sketch_calm_river.png", "pictures": ["sunset.jpg"]})
    task.setup(d)
    folder = "/sdcard/Download" if mistake == "wrong folder" else "/sdcard/Pictures"
    strokes = [] if mistake == "blank canvas" else [line((30, 240), (240, 240))]
    d.write_file(f"{folder}/sketch_calm_river.png", render(strokes, "jpg" if mistake == "wrong format" else "png"))
    if mistake == "extra file":
        d.write_file("/sdcard/Pictures/image_1.png", render([], "png"))
    if mistake == "noise removed":
        d.remove("/sdcard/Pictures/sunset.jpg")
    assert task.check(d) == (1.0 if mistake is None else 0.0)


def test_record_button_pauses_and_resumes_and_stop_appears_only_while_recording(d: SimDevice) -> None:
    open_recorder(d)
    assert find(d, rid="btn_record", desc="Recording: %s")  # its layout's description, unformatted
    with pytest.raises(AssertionError):
        find(d, rid="btn_record_stop")  # invisible until a recording runs
    tap(d, rid="btn_record")
    d.set_time(d.now() + dt.timedelta(seconds=3))
    tap(d, rid="btn_record")  # pause: the next 10 s are not recorded
    d.set_time(d.now() + dt.timedelta(seconds=10))
    tap(d, rid="btn_record")
    d.set_time(d.now() + dt.timedelta(seconds=2))
    tap(d, rid="btn_record_stop")
    tap(d, text="Save")
    [name] = d.list_dir(RECORDS_DIR)
    length = mp4.duration(d.read_file(f"{RECORDS_DIR}/{name}")) or 0
    assert 5 <= length < 15  # the 3 s and 2 s stretches (and the taps' own time), not the 10 s paused


def _bright_columns(d: SimDevice, rid: str) -> list[int]:
    """The x of each column of the view holding waveform lines (dark_white pixels)."""
    shot = Image.open(io.BytesIO(d.screenshot())).convert("RGB")
    x1, y1, x2, y2 = find(d, rid=rid).bounds
    mid = (y1 + y2) // 2
    return [x for x in range(x1, x2) if min(shot.getpixel((x, mid))) > 200 and shot.getpixel((x, mid))[2] > 150]


def test_recorder_draws_the_waveform_while_recording_and_plays_the_record_back(d: SimDevice) -> None:
    open_recorder(d)
    tap(d, rid="btn_record")
    d.set_time(d.now() + dt.timedelta(seconds=2))
    early = _bright_columns(d, "recording_view")
    d.set_time(d.now() + dt.timedelta(seconds=4))
    later = _bright_columns(d, "recording_view")
    width = find(d, rid="recording_view").bounds[2]
    assert early and max(later) <= width // 2 + 4  # the newest sound at the centre, older to its left
    assert len(later) > 2 * len(early)  # 25dp a second: the waveform grows with the recording
    tap(d, rid="btn_record_stop")
    tap(d, text="Save")
    record = _bright_columns(d, "record")
    assert record and min(record) >= width // 2 - 4  # the record from its start at the scrubber, rightwards
    tap(d, rid="btn_play")
    d.set_time(d.now() + dt.timedelta(seconds=3))
    assert find(d, rid="txt_progress").text == "00:03"
    assert min(_bright_columns(d, "record")) < width // 2 - 100  # played: the waveform moved left


def test_draw_paints_each_swipe_where_the_finger_went_in_the_brush_colour_and_width(d: SimDevice) -> None:
    d.start_app("com.simplemobiletools.draw.pro")
    d.swipe(200, 900, 900, 900)
    shot = Image.open(io.BytesIO(d.screenshot())).convert("RGB")
    assert shot.getpixel((550, 900)) == (0xF5, 0x7C, 0x00)  # color_primary, the first run's brush
    assert shot.getpixel((550, 700)) == (255, 255, 255) and shot.getpixel((150, 900)) == (255, 255, 255)
    thick = [y for y in range(850, 950) if shot.getpixel((550, y)) == (0xF5, 0x7C, 0x00)]
    assert abs(len(thick) - round(16 * 420 / 160)) <= 3  # 40% of full_brush_size (40dp) at 420 dpi
    tap(d, rid="color_picker")
    hexfield = find(d, rid="color_picker_new_hex")
    d.tap(*hexfield.center)
    for _ in hexfield.text:
        d.shell("input keyevent KEYCODE_DEL")
    d.shell("input text 1E88E5")
    tap(d, text="OK")
    d.swipe(540, 600, 540, 1500)
    shot = Image.open(io.BytesIO(d.screenshot())).convert("RGB")
    assert shot.getpixel((540, 1200)) == (0x1E, 0x88, 0xE5) and shot.getpixel((540, 900)) == (0x1E, 0x88, 0xE5)
    tap(d, desc="Undo")
    shot = Image.open(io.BytesIO(d.screenshot())).convert("RGB")
    assert shot.getpixel((540, 1200)) == (255, 255, 255) and shot.getpixel((550, 900)) == (0xF5, 0x7C, 0x00)
