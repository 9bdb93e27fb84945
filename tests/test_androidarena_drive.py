"""The simulated Google Drive: its account store, a folder's removal taking its files along, the theme preference."""

from __future__ import annotations

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import drive
from pytest_mobileagent.android.drive import item
from pytest_mobileagent.catalog import resolve_app
from pytest_mobileagent.validators.drive import drive_items, find_item, seed_drive, theme
from tests.screen import tap


def test_removing_a_folder_trashes_what_it_holds(d: SimDevice) -> None:
    seed_drive(d, [item("test", kind="folder"), item("a.pdf", "test"), item("b.pdf")])
    d.start_app(drive.PACKAGE)
    tap(d, desc="More actions for test")
    tap(d, text="Remove")
    tap(d, text="Move to trash")
    assert [i["name"] for i in drive_items(d)] == ["b.pdf"]
    assert find_item(d, "a.pdf", "test") is None


def test_theme_is_a_preference(d: SimDevice) -> None:
    assert theme(d) == "system"
    d.start_app(drive.PACKAGE)
    tap(d, desc="Open navigation drawer")
    tap(d, text="Settings")
    tap(d, text="Theme")
    tap(d, text="Dark")
    assert theme(d) == "dark"
    assert b'name="theme">dark<' in d.read_file(drive.PREFS)


def test_drive_is_in_the_catalog() -> None:
    assert resolve_app("Google Drive") == (drive.PACKAGE, drive.MAIN_ACTIVITY)


def test_androidworld_starts_drive_by_its_startup_activity(d: SimDevice) -> None:
    """AndroidWorld's ``adb_utils`` launches ``.drive.startup.StartupActivity``: it hands over to the navigation
    screen, whose folder rows CRAB's evaluator finds by ``entry_label`` described "<name> Folder"."""
    seed_drive(d, [item("test", kind="folder"), item("a.pdf")])
    out = d.shell("am start -n com.google.android.apps.docs/.drive.startup.StartupActivity")
    assert "Error" not in out
    assert d.current_activity() == (drive.PACKAGE, drive.NAVIGATION_ACTIVITY)
    xml = d.hierarchy()
    assert 'text="test" resource-id="com.google.android.apps.docs:id/entry_label"' in xml
    assert 'content-desc="test Folder"' in xml
    d.press("back")
    assert d.current_activity()[0] != drive.PACKAGE  # the trampoline is gone from the task
