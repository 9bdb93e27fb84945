"""What AndroidArena's cross-app tasks 8-14 add to the apps: postal addresses on a contact's card, Maps finding a
street address, and the seeding the tasks rely on."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import maps, wallpaper
from pytest_mobileagent.android.ui_tree import ui_elements
from pytest_mobileagent.validators import contacts as book
from pytest_mobileagent.validators import maps as checks
from suites.androidarena.tasks_cross_app_b import CrossContactsRouteToJohnsCompany


@pytest.fixture
def device() -> Iterator[SimDevice]:
    d = SimDevice(serial="sim-cross-b")
    yield d
    d.close()


def tap(device: SimDevice, **sel: str) -> None:
    el = next(e for e in ui_elements(device.hierarchy())
              if all(getattr(e, {"rid": "resource_name"}.get(k, k)) == v for k, v in sel.items()))
    device.tap(*el.center)


def texts(device: SimDevice) -> list[str]:
    return [e.text for e in ui_elements(device.hierarchy()) if e.text]


def test_a_contacts_company_and_addresses_are_stored_and_shown_on_its_card(device: SimDevice) -> None:
    book.clear_contacts(device)
    raw = book.add_contact(device, "John", "Smith", "555-010-2000", email="john@example.com")
    book.add_company(device, raw, "Microsoft")
    book.add_address(device, raw, "1065 La Avenida St, Mountain View, CA 94043", "Work")
    book.add_address(device, raw, "221B Baker St, London", "Home")
    assert book.details(device, raw)["company"] == "Microsoft"
    device.start_app("com.google.android.contacts")
    tap(device, text="John Smith")
    shown = texts(device)
    i = shown.index("1065 La Avenida St, Mountain View, CA 94043")
    assert shown[i + 1] == "Work" and "Microsoft" in shown
    assert shown[shown.index("221B Baker St, London") + 1] == "Home"


def test_maps_finds_a_place_by_its_street_address_typed_from_its_start(device: SimDevice) -> None:
    device.start_app(maps.PACKAGE)
    tap(device, content_description=maps.SEARCH_HINT)
    device.input_text("1065 La Avenida St")
    device.press("enter")
    assert [e.text for e in ui_elements(device.hierarchy()) if e.resource_name == "title"] == ["Microsoft SVC Building"]
    tap(device, text="Microsoft SVC Building", rid="title")
    tap(device, text="Directions")
    assert checks.route_on_screen(device) == checks.Route(maps.YOUR_LOCATION, "Microsoft SVC Building", "drive")


def test_maps_does_not_match_the_middle_of_an_address(device: SimDevice) -> None:
    device.start_app(maps.PACKAGE)
    tap(device, content_description=maps.SEARCH_HINT)
    device.input_text("La Avenida")
    device.press("enter")
    assert not [e for e in ui_elements(device.hierarchy()) if e.resource_name == "title"]


@pytest.mark.parametrize("first", ["John", "Maria", "Omar", "Nina"])
def test_every_subjects_work_address_is_a_place_maps_knows(first: str) -> None:
    task = CrossContactsRouteToJohnsCompany({"first": first})
    assert task.destination()


def test_my_photos_lists_the_newest_picture_first_and_sets_it_on_the_lock_screen_alone(device: SimDevice) -> None:
    device.write_file("/sdcard/DCIM/Camera/IMG_20231014_100000.jpg", b"\xff\xd8older")
    device.set_time(dt.datetime(2023, 10, 15, 16, 0, tzinfo=dt.timezone.utc))
    device.write_file("/sdcard/Pictures/beach.png", b"\x89PNGnewer")
    device.write_file(wallpaper.WALLPAPER_FILE, b"home before")
    device.shell(f"am start -n {wallpaper.PICKER_PACKAGE}/{wallpaper.CUSTOMIZATION_ACTIVITY}")
    tap(device, text="Change wallpaper")
    tap(device, text=wallpaper.MY_PHOTOS)
    tiles = [e.content_description for e in ui_elements(device.hierarchy()) if e.resource_name == "tile"]
    assert tiles == ["beach.png", "IMG_20231014_100000.jpg"]
    device.tap(*next(e for e in ui_elements(device.hierarchy()) if e.content_description == "beach.png").center)
    tap(device, text=wallpaper.SET_WALLPAPER)
    tap(device, text=wallpaper.LOCK_SCREEN)
    assert device.read_file(wallpaper.LOCK_WALLPAPER_FILE) == b"\x89PNGnewer"
    assert device.read_file(wallpaper.WALLPAPER_FILE) == b"home before"
