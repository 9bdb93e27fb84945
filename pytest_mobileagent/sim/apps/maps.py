"""Google Maps (``com.google.android.apps.maps``): a map, the "Search here" omnibox and place results.

The omnibox is an edit field over the map (``search_omnibox_text_box``); Enter searches the places of the store
(:data:`~pytest_mobileagent.android.maps.STORE`, by default :data:`~pytest_mobileagent.android.maps.PLACES`) by name
or category and lists the results with their distance and whether they are open (a street address typed from its
start finds the place there too); a result opens its place sheet (name, category, rating, address, Directions,
Start, Save, Street View). Directions show the route from the device's location (or a place typed in the start
field) by car, transit or on foot, with its length and duration. The Layers button sets the map type (default,
satellite, terrain) and the traffic layer, kept in the app's preferences
(:data:`~pytest_mobileagent.android.maps.PREFS`). There are no tiles: the map is a view whose description names its
layers.
"""

from __future__ import annotations

from typing import Any

from pytest_mobileagent.android import maps as m
from pytest_mobileagent.android.maps import MAIN_ACTIVITY, PACKAGE, PLACES, SEARCH_HINT, Place
from pytest_mobileagent.android.shared_prefs import Prefs, format_prefs, parse_prefs
from pytest_mobileagent.sim.app import Activity, App
from pytest_mobileagent.sim.views import (
    Button,
    CheckBox,
    Column,
    Dialog,
    EditText,
    ImageButton,
    RadioGroup,
    Row,
    Scroll,
    Tabs,
    Text,
    View,
)

TABS = ("Explore", "Go", "Saved", "Contribute", "Updates")


def matches(place: Place, query: str) -> bool:
    q = query.strip().lower()
    return bool(q) and (q in place.name.lower() or q in place.category.lower()
                        or place.address.lower().startswith(q))  # a street address typed from its start


def store(app: App) -> tuple[list[Place], list[str]]:
    """The places and the saved places' names."""
    fs = app.system.fs
    return m.loads(fs.read(m.STORE)) if fs.exists(m.STORE) else (list(PLACES), [])


def prefs(app: App) -> Prefs:
    fs = app.system.fs
    return parse_prefs(fs.read(m.PREFS)) if fs.exists(m.PREFS) else {}


def km(value: float) -> str:
    return f"{value:.1f} km"


class Maps(Activity):
    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.query = ""  # the submitted search
        self.place: int | None = None
        self.tab = 0
        self.street_view = False
        #: The route on screen: start (-1: the device's location) and end place indexes, and the travel mode.
        self.route: dict[str, Any] | None = None

    def submit(self) -> None:
        self.query = self.fields.get("search", "")
        self.place = None
        self.system.clear_focus(self)

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.route is not None and "route_from" in self.fields:
            self.fields.pop("route_from")
            return True
        if self.route is not None:
            self.route = None
            return True
        if self.street_view:
            self.street_view = False
            return True
        if self.place is not None:
            self.place = None
            return True
        if self.query:
            self.query = ""
            self.fields["search"] = ""
            return True
        return False

    def build(self) -> View:
        box = Row(
            EditText("search_omnibox_text_box", self.fields.get("search", ""),
                     lambda v: self.fields.__setitem__("search", v), hint=SEARCH_HINT, on_submit=self.submit,
                     weight=1, height=48),
            ImageButton("Voice search", None, icon="mic", id="search_omnibox_voice_search_button"),
            ImageButton("Account and settings", None, icon="account", id="og_apd_ring_view"),
            id="search_omnibox_container", height=64, style="searchbar",
        )
        places, saved = store(self.app)
        if self.route is not None:
            return self.build_route(places)
        if self.place is not None and self.street_view:
            return self.build_street_view(places[self.place])
        if self.place is not None:
            body = self.build_place(places[self.place], places[self.place].name in saved)
        elif self.query:
            found = [(i, p) for i, p in enumerate(places) if matches(p, self.query)]
            rows = [Row(Column(Text(p.name, id="title", style="item-title", height=28),
                               Text(f"{p.rating} · {p.category} · {p.address}", id="subtitle",
                                    style="item-summary", height=24),
                               Text(f"{km(p.distance())} · {'Open now' if p.open_now else 'Closed'}",
                                    id="distance", style="item-summary", height=24), weight=1),
                        clickable=True, focusable=True, on_click=lambda i=i: self.open_place(i), height=96,
                        padding=8) for i, p in found]
            body = Scroll(*rows, id="search_list_layout", weight=1) if rows else Text(
                f"No results for {self.query}", id="no_results", weight=1)
        elif self.tab == TABS.index("Saved"):
            body = Scroll(*[Text(name, id="saved_place", height=48) for name in saved], id="saved_list",
                          weight=1)
        else:
            body = self.map_view()
        return Column(box, body, Tabs(TABS, self.tab, self.select_tab, id="bottom_navigation_bar", height=64))

    def map_view(self) -> View:
        p = prefs(self.app)
        layers = [t for t in (p.get(m.MAP_TYPE_KEY, "Default"),) if t != "Default"]
        layers += ["Traffic"] if p.get(m.TRAFFIC_KEY) else []
        desc = "Google Map" + "".join(f", {layer} layer" for layer in layers)
        return Column(View(cls="android.view.View", desc=desc, id="mainmap_container", weight=1),
                      Row(View(weight=1), ImageButton("Layers", lambda: setattr(self, "dialog", "layers"),
                                                      icon="layers", id="layers_fab"), height=56),
                      weight=1)

    def build_dialog(self, name: str) -> View:
        p = prefs(self.app)
        return Dialog("Map type", RadioGroup(m.MAP_TYPES, p.get(m.MAP_TYPE_KEY, "Default"),
                                             lambda t: self.set_pref(m.MAP_TYPE_KEY, t), id="map_type"),
                      Text("Map details", style="caption", height=32),
                      CheckBox("Traffic", bool(p.get(m.TRAFFIC_KEY)),
                               lambda: self.set_pref(m.TRAFFIC_KEY, not p.get(m.TRAFFIC_KEY)), id="traffic"),
                      buttons=[Button("Close", lambda: setattr(self, "dialog", None), id="close_button")])

    def set_pref(self, key: str, value: Any) -> None:
        self.app.system.fs.write(m.PREFS, format_prefs({**prefs(self.app), key: value}))

    def build_route(self, places: list[Place]) -> View:
        r = self.route or {}
        start = places[r["from"]] if r["from"] >= 0 else None
        end = places[r["to"]]
        length = end.distance(start)
        modes = Row(*[ImageButton(desc, lambda k=k: self.route.__setitem__("mode", k), icon=k,  # type: ignore[union-attr]
                                  id=f"{k}_mode", selected=r["mode"] == k, weight=1)
                      for k, (desc, _) in m.MODES.items()], height=56)
        shown = start.name if start else m.YOUR_LOCATION
        start_field = EditText("directions_startpoint_textbox", self.fields.get("route_from", shown),
                               lambda v: self.edit_start(v, shown), hint="Choose start location",
                               on_submit=lambda: self.set_start(places), height=48)
        if "route_from" in self.fields:  # the start is being edited: suggestions, no route until one is chosen
            typed = self.fields["route_from"]
            rows = [Text(p.name, id="suggestion", height=48) for p in places if matches(p, typed)]
            return Column(Row(ImageButton("Navigate up", self.on_back, icon="arrow_back"), start_field, height=64),
                          Scroll(*rows, id="suggestions", weight=1) if rows else View(weight=1))
        return Column(
            Row(ImageButton("Navigate up", self.on_back, icon="arrow_back"),
                Column(start_field, Text(end.name, id="directions_endpoint_textbox", height=48), weight=1),
                height=112),
            modes,
            Text(f"{m.minutes(length, r['mode'])} min ({km(length)})", id="route_summary", height=40),
            self.map_view(),
        )

    def edit_start(self, value: str, shown: str) -> None:
        """Typing into the start field starts a fresh search, as the real field does (its text is not kept)."""
        if "route_from" not in self.fields and value.startswith(shown):
            value = value[len(shown):]
        self.fields["route_from"] = value

    def set_start(self, places: list[Place]) -> None:
        typed = self.fields.get("route_from", "").strip()
        found = [i for i, p in enumerate(places) if typed and matches(p, typed)]
        if self.route is not None and found:
            self.route["from"] = found[0]
            self.fields.pop("route_from", None)
        self.system.clear_focus(self)

    def build_street_view(self, place: Place) -> View:
        return Column(Row(ImageButton("Navigate up", self.on_back, icon="arrow_back"),
                          Text(place.name, id="street_view_title", style="title", weight=1), height=64),
                      View(cls="android.view.View", desc=f"Street View imagery of {place.name}", id="street_view",
                           weight=1),
                      Text(place.address, id="street_view_address", height=40))

    def open_place(self, index: int) -> None:
        self.place = index

    def select_tab(self, index: int) -> None:
        self.tab = index
        self.place, self.route, self.street_view = None, None, False

    def build_place(self, place: Place, saved: bool) -> View:
        return Column(
            Text(place.name, id="title", style="headline"),
            Text(f"{place.rating} · {place.category} · {km(place.distance())}", id="subtitle", height=32),
            Text(place.address, id="address", height=32),
            Row(Button("Directions", self.directions, id="placepage_directions_button", weight=1),
                Button("Start", None, id="placepage_start_button", weight=1),
                Button("Saved" if saved else "Save", self.toggle_saved, id="placepage_save_button", weight=1)),
            ImageButton("Street View", lambda: setattr(self, "street_view", True), icon="streetview",
                        id="placepage_street_view", height=96),
            id="placepage", weight=1,
        )

    def directions(self) -> None:
        self.route = {"from": -1, "to": self.place, "mode": "drive"}
        self.fields.pop("route_from", None)

    def toggle_saved(self) -> None:
        places, saved = store(self.app)
        name = places[self.place or 0].name
        saved = [n for n in saved if n != name] if name in saved else [*saved, name]
        self.app.system.fs.write(m.STORE, m.dumps(places, saved).encode())


class MapsApp(App):
    """Google Maps; :meth:`install` writes the default places store."""

    package = PACKAGE
    label = "Maps"
    icon = "maps"
    activities = (Maps,)
    uid = 10131

    def install(self) -> None:
        self.system.fs.write(m.STORE, m.dumps(PLACES, []).encode())


__all__ = ["Maps", "MapsApp", "matches", "store"]
