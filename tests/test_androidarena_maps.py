"""Google Maps' places store, routes, layers, saved places and Street View, and the Google app's place card."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import maps
from pytest_mobileagent.android.ui_tree import ui_elements
from pytest_mobileagent.validators import maps as checks


@pytest.fixture
def device() -> Iterator[SimDevice]:
    d = SimDevice(serial="sim-maps")
    yield d
    d.close()


def tap(device: SimDevice, **sel: str) -> None:
    el = next(e for e in ui_elements(device.hierarchy())
              if all(getattr(e, {"rid": "resource_name", "desc": "content_description"}.get(k, k)) == v
                     for k, v in sel.items()))
    device.tap(*el.center)


def search(device: SimDevice, query: str) -> None:
    device.start_app(maps.PACKAGE)
    tap(device, desc=maps.SEARCH_HINT)
    device.input_text(query)
    device.press("enter")


def test_a_route_from_a_typed_start_in_each_mode(device: SimDevice) -> None:
    search(device, "Microsoft SVC Building")
    tap(device, text="Microsoft SVC Building", rid="title")
    tap(device, text="Directions")
    assert checks.route_on_screen(device) == checks.Route(maps.YOUR_LOCATION, "Microsoft SVC Building", "drive")
    xml = device.hierarchy()
    assert 'content-desc="Start location, Your location"' in xml
    assert 'content-desc="Destination, Microsoft SVC Building"' in xml
    assert 'content-desc="Driving mode: 5 min"' in xml and 'text="3.4 km"' in xml
    tap(device, desc="Walking mode: 41 min")
    assert checks.route_on_screen(device).mode == "walk"  # type: ignore[union-attr]
    tap(device, rid="directions_startpoint_textbox")  # opens the search page: its own field takes the typing
    device.input_text("Los Altos Gardens")
    assert checks.route_on_screen(device) is None  # no route while the start is being typed
    assert 'resource-id="com.google.android.apps.maps:id/search_omnibox_edit_text"' in device.hierarchy()
    device.press("enter")
    assert checks.route_on_screen(device) == checks.Route("Los Altos Gardens", "Microsoft SVC Building", "walk")


def test_search_here_opens_the_search_page_whose_field_takes_the_typing(device: SimDevice) -> None:
    device.start_app(maps.PACKAGE)
    box = next(e for e in ui_elements(device.hierarchy()) if e.resource_name == "search_omnibox_text_box")
    assert (box.class_name, box.content_description) == ("android.widget.EditText", "Search here")
    tap(device, desc="Search here")
    device.input_text("Hotel Zico")
    typed = next(e for e in ui_elements(device.hierarchy()) if e.resource_name == "search_omnibox_edit_text")
    assert typed.text == "Hotel Zico"
    tap(device, text="Hotel Zico", class_name="android.widget.TextView")  # a suggestion opens the place sheet
    assert checks.place_on_screen(device) == "Hotel Zico"
    assert 'content-desc="Directions to Hotel Zico, 1 Hotel Zico Way"' in device.hierarchy()


def test_layers_saved_places_and_street_view_persist_where_checks_read_them(device: SimDevice) -> None:
    device.start_app(maps.PACKAGE)
    tap(device, desc="Layers")
    tap(device, text="Satellite")
    tap(device, text="Traffic")
    assert checks.layers(device) == {"map_type": "Satellite", "traffic": True}
    assert 'content-desc="Google Map, Satellite layer, Traffic layer"' in device.hierarchy()
    device.press("back")
    search(device, "Los Altos Gardens")
    tap(device, text="Los Altos Gardens", rid="title")
    tap(device, text="Save")
    assert checks.saved_places(device) == ["Los Altos Gardens"]
    tap(device, rid="street_view_thumbnail")
    assert checks.street_view_on_screen(device) == "Los Altos Gardens"


def test_search_results_list_distance_and_opening_hours(device: SimDevice) -> None:
    closed = maps.Place("Diner", "Restaurant", "1 Main St", "4.0", *maps.at(0.5, 10), open_now=False)
    checks.seed_places(device, [*maps.PLACES, closed])
    search(device, "restaurant")
    assert 'text="0.5 km · Closed"' in device.hierarchy()


def test_the_google_app_shows_a_named_place_and_its_address(device: SimDevice) -> None:
    device.start_app("com.google.android.googlequicksearchbox")
    tap(device, rid="googleapp_hint_text")
    device.input_text("Microsoft SVC Building")
    device.press("enter")
    assert 'text="1065 La Avenida St, Mountain View, CA 94043"' in device.hierarchy()
