"""Google Maps on a device: seed its places, read its saved places and layers, and read the route, place sheet
or Street View page on screen. The places store is the simulator's (:data:`pytest_mobileagent.android.maps.STORE`);
the screen readers work on any device (the resource ids are in :mod:`pytest_mobileagent.android.maps`)."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from pytest_mobileagent.android import maps
from pytest_mobileagent.android.maps import Place
from pytest_mobileagent.android.ui_tree import ui_elements
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.validators.shared_prefs import read_prefs, update_prefs


class Route(NamedTuple):
    start: str
    end: str
    mode: str  # "drive", "transit", "walk" or "" when no mode is selected


def seed_places(device: Device, places: list[Place] | tuple[Place, ...], saved: list[str] | None = None) -> None:
    """Make ``places`` what Maps finds and ``saved`` its saved places (the app stopped)."""
    device.stop_app(maps.PACKAGE)
    device.write_file(maps.STORE, maps.dumps(places, list(saved or [])).encode())


def saved_places(device: Device) -> list[str]:
    return maps.loads(device.read_file(maps.STORE))[1] if device.exists(maps.STORE) else []


def layers(device: Device) -> dict[str, Any]:
    """The map type (``Default``, ``Satellite``, ``Terrain``) and whether the traffic layer is on."""
    prefs = read_prefs(device, maps.PREFS)
    return {"map_type": prefs.get(maps.MAP_TYPE_KEY, "Default"), "traffic": bool(prefs.get(maps.TRAFFIC_KEY))}


def set_layers(device: Device, map_type: str = "Default", traffic: bool = False) -> None:
    device.stop_app(maps.PACKAGE)
    update_prefs(device, maps.PREFS, {maps.MAP_TYPE_KEY: map_type, maps.TRAFFIC_KEY: traffic})


def _on_screen(device: Device) -> dict[str, Any]:
    """Maps' elements on screen by resource name (text, or description), and the selected travel mode."""
    if device.current_activity()[0] != maps.PACKAGE:
        return {}
    found: dict[str, Any] = {"mode": ""}
    modes = {desc: key for key, (desc, _) in maps.MODES.items()}
    for el in ui_elements(device.hierarchy()):
        found.setdefault(el.resource_name, el.text or el.content_description)
        mode = el.content_description.split(":")[0]  # "Walking mode: 35 min"
        if mode in modes and el.selected:
            found["mode"] = modes[mode]
        if m := re.fullmatch(maps.SAVE_DESC.format(name="(.+)"), el.content_description):
            found["place"] = m.group(1)
    return found


def route_on_screen(device: Device) -> Route | None:
    """The route Maps shows, if it shows one: read from the fields' descriptions ("Start location, <start>",
    "Destination, <end>")."""
    shown = _on_screen(device)
    if "directions_endpoint_textbox" not in shown:
        return None
    start = shown.get("directions_startpoint_textbox", "").removeprefix(maps.START_DESC)
    return Route(start, shown["directions_endpoint_textbox"].removeprefix(maps.END_DESC), shown["mode"])


def place_on_screen(device: Device) -> str | None:
    """The name on the place sheet Maps shows, if it shows one (its Save button says "Save <name> to lists")."""
    return _on_screen(device).get("place")


def street_view_on_screen(device: Device) -> str | None:
    """The place whose Street View Maps shows, if it shows one."""
    shown = _on_screen(device)
    return shown.get("street_view_title") if "street_view" in shown else None


__all__ = ["Route", "layers", "place_on_screen", "route_on_screen", "saved_places", "seed_places", "set_layers",
           "street_view_on_screen"]
