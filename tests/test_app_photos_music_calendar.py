"""Google Photos, AOSP Music and AOSP Calendar: what they list, their pages, and the lines a cold start prints."""

from __future__ import annotations

import datetime as dt

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import aosp_calendar, drive, media, music, photos, settings_app
from tests.screen import elements, find, tap


def test_photos_grid_and_library_trash(d: SimDevice) -> None:
    d.write_file("/sdcard/DCIM/Camera/IMG_1.jpg", media.jpeg_with_text(["a"]))
    d.start_app(photos.PACKAGE)
    assert find(d, rid="photo_cell").content_description.startswith("Photo taken on ")
    tap(d, desc="Library")
    tap(d, text="Trash")
    assert d.current_activity() == (photos.PACKAGE, photos.TRASH_ACTIVITY)
    assert any("cmp=com.google.android.apps.photos/.trash.ui.TrashPhotosActivity" in line for line in d.logcat())


def test_photos_date_pictures_by_their_exif_not_their_file_time(d: SimDevice) -> None:
    """A camera writes DateTimeOriginal; ``adb push`` stamps the host's clock on the file: Photos orders and
    labels by the first."""
    old, new = (dt.datetime(2023, 10, day, 9, 30, tzinfo=dt.timezone.utc) for day in (1, 9))
    d.write_file("/sdcard/DCIM/Camera/new.jpg", media.jpeg_with_text(["new"], taken=new))
    d.write_file("/sdcard/DCIM/Camera/old.jpg", media.jpeg_with_text(["old"], taken=old))  # the newer file
    d.write_file("/sdcard/DCIM/Camera/plain.jpg", media.jpeg_with_text(["plain"]))  # no EXIF: its file time
    d.system.fs.set_mtime("/sdcard/DCIM/Camera/plain.jpg", dt.datetime(2023, 10, 5, tzinfo=dt.timezone.utc).timestamp())
    d.start_app(photos.PACKAGE)
    cells = [e.content_description for e in elements(d) if e.resource_name == "photo_cell"]
    assert cells == ["Photo taken on Oct 9, 2023 9:30:00 AM", "Photo taken on Oct 5, 2023 12:00:00 AM",
                     "Photo taken on Oct 1, 2023 9:30:00 AM"]


def test_photos_share_opens_the_share_sheet_and_drive_uploads_the_photo(d: SimDevice) -> None:
    d.write_file("/sdcard/DCIM/Camera/IMG_2.jpg", media.jpeg_with_text(["b"]))
    d.start_app(photos.PACKAGE)
    tap(d, rid="photo_cell")
    tap(d, desc="Share")
    find(d, text="Share")  # the share sheet's title, over the photo
    tap(d, text="Drive")
    d.start_app(drive.PACKAGE)
    find(d, text="IMG_2.jpg")


def test_music_tabs_list_the_tagged_songs(d: SimDevice) -> None:
    d.write_file("/sdcard/Music/a.mp3", media.mp3_with_tags(media.Tags("Blue Hour", "Nora Vale", "Tides")))
    d.start_app(music.PACKAGE)
    assert d.current_activity()[1] == music.ARTISTS_ACTIVITY  # the browser handed over and went away
    assert find(d, rid="line1").text == "Nora Vale"
    tap(d, rid="songtab")
    assert d.current_activity()[1] == music.TRACKS_ACTIVITY
    assert find(d, rid="line1").text == "Blue Hour"
    d.press("back")
    assert d.current_activity()[0] != music.PACKAGE


def test_calendar_reads_the_provider(d: SimDevice) -> None:
    start = int(d.now().timestamp() * 1000) + 3_600_000
    with d.system.fs.sqlite(aosp_calendar.DB_PATH) as db:  # what a ContentResolver insert leaves in calendar.db
        db.execute("INSERT INTO Events (calendar_id, title, dtstart, dtend) VALUES (1, 'Dentist', ?, ?)",
                   (start, start + 1_800_000))
    d.start_app(aosp_calendar.PACKAGE)
    tap(d, rid="top_button_date")  # the action bar's view pulldown
    tap(d, text="Agenda")
    tap(d, text="Dentist")
    assert d.current_activity()[1] == aosp_calendar.EVENT_INFO_ACTIVITY


def test_start_proc_names_the_activity_in_full_and_system_uids_as_numbers(d: SimDevice) -> None:
    d.shell("logcat -c")
    d.start_app(settings_app.PACKAGE)
    assert any(line.endswith("com.android.settings/1000 for pre-top-activity "
                             "{com.android.settings/com.android.settings.Settings}") for line in d.logcat())
