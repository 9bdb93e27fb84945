"""Files (DocumentsUI): browsing shared storage, deleting and moving files, and the Files tasks' checks."""

from __future__ import annotations

import pytest
from lxml import etree

from mobileagent_sim import SimDevice
from suites.androidworld.tasks_files import FilesDeleteFile, FilesMoveFile, content_of
from tests.screen import elements, find, tap

PKG = "com.google.android.documentsui"


def texts(d: SimDevice) -> list[str]:
    return [e.text for e in elements(d) if e.text]


def open_folder(d: SimDevice, folder: str) -> None:
    tap(d, desc="Show roots")
    tap(d, text="sdk_gphone_x86_64")
    while not any(e.text == folder for e in elements(d)):
        d.swipe(540, 1800, 540, 900)
    tap(d, text=folder)


def test_storage_root_lists_android_standard_folders_with_device_times(d: SimDevice) -> None:
    d.start_app(PKG)
    assert d.current_activity() == (PKG, "com.android.documentsui.files.FilesActivity")
    open_folder(d, "Alarms")
    d.press("back")
    shown = texts(d)
    assert shown[:3] == ["sdk_gphone_x86_64", "sdk_gphone_x86_64", "Alarms"]  # title, breadcrumb, first folder
    assert "Oct 15" in shown  # folder dates come from the device clock, not the host's
    etree.fromstring(d.hierarchy().encode())


def test_recent_lists_newest_files_and_drawer_hides_content(d: SimDevice) -> None:
    d.write_file("/sdcard/Documents/lease.pdf", b"%PDF-1.4")
    d.start_app(PKG)
    assert "Recent" in texts(d) and "lease.pdf" in texts(d)
    tap(d, desc="Show roots")
    assert "lease.pdf" not in texts(d) and {"Recent", "sdk_gphone_x86_64"} <= set(texts(d))
    d.press("back")
    assert "lease.pdf" in texts(d)


def test_long_press_delete_asks_then_removes_only_the_selection(d: SimDevice) -> None:
    d.write_file("/sdcard/Music/a.mp3", b"a" * 1500)
    d.write_file("/sdcard/Music/b.mp3", b"b")
    d.start_app(PKG)
    open_folder(d, "Music")
    assert "1.5 kB, Oct 15" in texts(d)
    d.long_press(*find(d, text="a.mp3").center)
    assert "1 selected" in texts(d)
    tap(d, desc="Delete")
    assert 'Delete "a.mp3"?' in texts(d)
    tap(d, text="Cancel")
    assert d.exists("/sdcard/Music/a.mp3")
    tap(d, desc="Delete")
    tap(d, text="OK")
    assert d.list_dir("/sdcard/Music") == ["b.mp3"]
    assert "1 selected" not in texts(d)


def test_selecting_two_counts_them_and_back_leaves_selection(d: SimDevice) -> None:
    d.write_file("/sdcard/Music/a.mp3", b"a")
    d.write_file("/sdcard/Music/b.mp3", b"b")
    d.start_app(PKG)
    open_folder(d, "Music")
    d.long_press(*find(d, text="a.mp3").center)
    tap(d, text="b.mp3")  # a tap adds to the selection while selecting
    assert "2 selected" in texts(d)
    tap(d, desc="Delete")
    assert "Delete 2 files?" in texts(d)
    d.press("back")
    d.press("back")
    assert "2 selected" not in texts(d) and d.list_dir("/sdcard/Music") == ["a.mp3", "b.mp3"]


def test_move_to_picker_moves_into_the_folder_it_shows(d: SimDevice) -> None:
    d.write_file("/sdcard/Download/song.mp3", b"ID3 data")
    d.start_app(PKG)
    open_folder(d, "Download")
    d.long_press(*find(d, text="song.mp3").center)
    tap(d, desc="More options")
    tap(d, text="Move to…")
    assert d.current_activity()[1] == "com.android.documentsui.picker.PickActivity"
    assert not find(d, text="Move").enabled  # nothing to do in the file's own folder
    open_folder(d, "Music")
    tap(d, text="Move")
    assert d.current_activity()[1] == "com.android.documentsui.files.FilesActivity"
    assert d.read_file("/sdcard/Music/song.mp3") == b"ID3 data"
    assert not d.exists("/sdcard/Download/song.mp3")


def test_copy_to_keeps_the_original(d: SimDevice) -> None:
    d.write_file("/sdcard/Pictures/cat.jpg", b"JFIF")
    d.start_app(PKG)
    open_folder(d, "Pictures")
    d.long_press(*find(d, text="cat.jpg").center)
    tap(d, desc="More options")
    tap(d, text="Copy to…")
    open_folder(d, "DCIM")
    tap(d, text="Copy")
    assert d.read_file("/sdcard/DCIM/cat.jpg") == d.read_file("/sdcard/Pictures/cat.jpg") == b"JFIF"


def test_rename_and_new_folder(d: SimDevice) -> None:
    d.write_file("/sdcard/Documents/draft.pdf", b"%PDF")
    d.start_app(PKG)
    open_folder(d, "Documents")
    d.long_press(*find(d, text="draft.pdf").center)
    tap(d, desc="More options")
    tap(d, text="Rename")
    assert find(d, rid="name").text == "draft.pdf"
    for _ in "draft.pdf":  # the name field opens focused on the old name
        d.press("KEYCODE_DEL")
    d.input_text("final.pdf")
    tap(d, text="OK")
    assert "final.pdf" in d.list_dir("/sdcard/Documents") and not d.exists("/sdcard/Documents/draft.pdf")
    d.press("back")  # leave selection mode
    tap(d, desc="More options")
    tap(d, text="New folder")
    d.input_text("Taxes")
    tap(d, text="OK")
    assert d.list_dir("/sdcard/Documents/Taxes") == []


# -- the tasks' checks -----------------------------------------------------------------------------


def delete_task(d: SimDevice) -> FilesDeleteFile:
    task = FilesDeleteFile({"file_name": "calm_river.mp3", "subfolder": "Music",
                            "noise": ["summer_mixtape.mp3", "acoustic_covers.mp3"],
                            "other_folder": "Alarms", "other_noise": ["soft_bells.mp3"]})
    task.setup(d)
    return task


def test_delete_check_passes_only_for_the_named_file(d: SimDevice) -> None:
    task = delete_task(d)
    assert task.check(d) == 0.0
    d.remove("/sdcard/Music/calm_river.mp3")
    assert task.check(d) == 1.0


@pytest.mark.parametrize("mistake", ["wrong file", "one more", "other folder", "new file"])
def test_delete_check_near_misses(d: SimDevice, mistake: str) -> None:
    task = delete_task(d)
    if mistake != "wrong file":
        d.remove("/sdcard/Music/calm_river.mp3")
    if mistake in ("wrong file", "one more"):
        d.remove("/sdcard/Music/summer_mixtape.mp3")
    if mistake == "other folder":
        d.remove("/sdcard/Alarms/soft_bells.mp3")
    if mistake == "new file":
        d.write_file("/sdcard/Music/calm_river (1).mp3", b"x")
    assert task.check(d) == 0.0


def move_task(d: SimDevice) -> FilesMoveFile:
    task = FilesMoveFile({"file_name": "lofi_study_beats.mp3", "source_folder": "Download",
                          "destination_folder": "Music", "noise": ["invoices_q3.zip"],
                          "destination_noise": ["piano_etude_no3.mp3"]})
    task.setup(d)
    return task


def test_move_check_passes_when_the_file_arrives_intact(d: SimDevice) -> None:
    task = move_task(d)
    assert task.check(d) == 0.0
    data = d.read_file("/sdcard/Download/lofi_study_beats.mp3")
    assert data == content_of("Download/lofi_study_beats.mp3")
    d.remove("/sdcard/Download/lofi_study_beats.mp3")
    d.write_file("/sdcard/Music/lofi_study_beats.mp3", data)
    assert task.check(d) == 1.0


@pytest.mark.parametrize("mistake", ["copied", "wrong folder", "content changed", "noise moved too"])
def test_move_check_near_misses(d: SimDevice, mistake: str) -> None:
    task = move_task(d)
    src = "/sdcard/Download/lofi_study_beats.mp3"
    data = d.read_file(src)
    if mistake != "copied":
        d.remove(src)
    target = f"/sdcard/{'Podcasts' if mistake == 'wrong folder' else 'Music'}/lofi_study_beats.mp3"
    d.write_file(target, data + b"!" if mistake == "content changed" else data)
    if mistake == "noise moved too":
        d.remove("/sdcard/Download/invoices_q3.zip")
        d.write_file("/sdcard/Music/invoices_q3.zip", content_of("Download/invoices_q3.zip"))
    assert task.check(d) == 0.0


def test_category_roots_list_by_type_and_log_the_directory_shown() -> None:
    from mobileagent_sim import SimDevice
    from tests.screen import elements, tap

    with SimDevice() as d:
        d.write_file("/sdcard/Music/song.mp3", b"ID3")
        d.write_file("/sdcard/Pictures/p.png", b"\x89PNG")
        d.start_app("com.google.android.documentsui")
        d.shell("logcat -c")
        tap(d, desc="Show roots")
        tap(d, text="Audio")
        names = [e.text for e in elements(d) if e.resource_name == "title"]
        assert "song.mp3" in names and "p.png" not in names
        assert any(line.endswith("D DirectoryFragment: Showing directory: "
                                 "content://com.android.providers.media.documents/document/audio_root")
                   for line in d.logcat())
        tap(d, desc="Show roots")
        tap(d, text="sdk_gphone_x86_64")
        assert any(line.endswith("content://com.android.externalstorage.documents/document/primary%3A")
                   for line in d.logcat())
