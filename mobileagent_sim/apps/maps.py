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

from mobileagent_sim.app import Activity, App
from mobileagent_sim.views import (
    Button,
    CheckBox,
    Column,
    Dialog,
    EditText,
    Image,
    ImageButton,
    RadioGroup,
    Row,
    Scroll,
    Text,
    View,
)
from pytest_mobileagent.android import maps as m
from pytest_mobileagent.android.maps import MAIN_ACTIVITY, PACKAGE, PLACES, SEARCH_HINT, Place
from pytest_mobileagent.android.shared_prefs import Prefs, format_prefs, parse_prefs

TABS = ("Explore", "Go", "Saved", "Contribute", "Updates")
#: The entry name of each tab's ``<name>_tab_strip_button``.
TAB_IDS = {"Explore": "explore", "Go": "transportation", "Saved": "saved", "Contribute": "contribute",
           "Updates": "updates"}
#: Each tab's pictogram (outlined; the selected tab's filled), as AndroidArena's recorded screenshots show them.
TAB_ICONS = {"Explore": "location_on", "Go": "commute", "Saved": "bookmark", "Contribute": "add_circle",
             "Updates": "notifications"}
#: Each travel mode's pictogram on the directions page (the recorded screenshots: a car, a bus, a walker).
MODE_ICONS = {"drive": "directions_car", "transit": "directions_bus", "walk": "directions_walk"}


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


def button(desc: str, on_click: Any, id: str = "", icon: str = "", **kw: Any) -> View:
    """An icon button of class ``android.widget.Button`` (Maps' omnibox buttons are Buttons, not ImageButtons)."""
    return View(cls="android.widget.Button", desc=desc, id=id, icon=icon or desc.lower(), on_click=on_click,
                clickable=True, focusable=True, height=48, width=48, style="toolbar-item", **kw)


def box(id: str, shown: str, desc: str = "", on_click: Any = None, **kw: Any) -> View:
    """A field of class EditText that is not typed into: tapping it opens Maps' search page (the omnibox and the
    route's start field work so). Its text is in a TextView child, as on the real app."""
    return View(cls="android.widget.EditText", id=id, desc=desc, clickable=on_click is not None,
                focusable=on_click is not None, on_click=on_click, children=[Text(shown, height=kw.get("height", 48))],
                **kw)


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
        #: The search page over the screen: "omnibox" (a place) or "start" (the route's start), or "" when closed.
        self.searching = ""

    def open_search(self, purpose: str) -> None:
        """The search page: its own edit field (``search_omnibox_edit_text``) takes the typing, empty."""
        self.searching = purpose
        self.fields["typed"] = ""
        self.system.request_focus(self, "search_omnibox_edit_text")

    def submit(self) -> None:
        if self.searching == "start":
            self.set_start(store(self.app)[0])
            return
        self.query = self.fields.get("typed", "")
        self.place, self.searching = None, ""
        self.system.clear_focus(self)

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.searching:
            self.searching = ""
            self.system.clear_focus(self)
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
            return True
        return False

    def omnibox(self) -> View:
        """The search bar: "Search here" on the map, the place or query shown once chosen."""
        places, _ = store(self.app)
        if self.place is not None:
            p = places[self.place]
            shown = f"{p.name}, {p.address}"
        elif self.query:
            shown = self.query
        else:
            return Row(box("search_omnibox_text_box", SEARCH_HINT, SEARCH_HINT, lambda: self.open_search("omnibox"),
                           weight=1, height=48),
                       button("Voice search", None, icon="mic"),
                       ImageButton("Account and settings.", None, icon="account_circle", id="selected_account_disc"),
                       id="search_omnibox_container", height=64, style="searchbar")
        return Row(button("Back", self.on_back, id="search_omnibox_menu_button", icon="arrow_back"),
                   box("search_omnibox_text_box", shown, on_click=lambda: self.open_search("omnibox"), weight=1,
                       height=48),
                   button("Clear", self.clear_search, id="search_omnibox_text_clear", icon="close"),
                   id="search_omnibox_container", height=64, style="searchbar")

    def clear_search(self) -> None:
        self.query, self.place, self.street_view = "", None, False
        self.open_search("omnibox")

    def build(self) -> View:
        places, saved = store(self.app)
        if self.searching:
            return self.build_search(places)
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
        return Column(self.omnibox(), body, self.tab_strip())

    def tab_strip(self) -> View:
        """The bottom tabs: ``<name>_tab_strip_button`` each, described by its title ("Go" is transportation's)."""
        return Row(*[View(cls="android.widget.FrameLayout", id=f"{TAB_IDS[t]}_tab_strip_button", desc=t,
                          selected=i == self.tab, clickable=True, focusable=True, weight=1, height=64,
                          on_click=lambda i=i: self.select_tab(i),
                          children=[Image(icon=TAB_ICONS[t] + ("" if i == self.tab else ":outlined"), width=None,
                                          height=32),
                                    Text(t, style="tab-selected" if i == self.tab else "tab", height=32)])
                     for i, t in enumerate(TABS)], height=64)

    def build_search(self, places: list[Place]) -> View:
        """The search page: the typed text in ``search_omnibox_edit_text`` and the places it matches as
        suggestions (``typed_suggest_container``); for the route's start, "Your location" first."""
        typed = self.fields.get("typed", "")
        field = EditText("search_omnibox_edit_text", typed, lambda v: self.fields.__setitem__("typed", v),
                         hint=SEARCH_HINT if self.searching == "omnibox" else "Choose start location",
                         on_submit=self.submit, height=48)
        bar = Row(button("Navigate up", self.on_back, id="search_omnibox_menu_button", icon="arrow_back"),
                  View(cls="android.widget.EditText", id="search_omnibox_text_box", children=[field], weight=1,
                       height=48),
                  button("Clear", lambda: self.fields.__setitem__("typed", ""), id="search_omnibox_text_clear",
                         icon="cancel:outlined") if typed else None,
                  id="search_omnibox_container", height=64, style="searchbar")
        rows = []
        if self.searching == "start":
            rows.append(Row(Text(m.YOUR_LOCATION, height=48, weight=1), clickable=True, focusable=True,
                            on_click=lambda: self.choose_start(-1), height=56, padding=8))
        for i, p in enumerate(places):
            if typed and matches(p, typed):
                pick = (lambda i=i: self.choose_start(i)) if self.searching == "start" else (
                    lambda i=i: self.pick_suggestion(i))
                rows.append(Row(Column(Text(p.name, style="item-title", height=28),
                                       Text(p.address, style="item-summary", height=24), weight=1),
                                clickable=True, focusable=True, on_click=pick, height=64, padding=8))
        return Column(bar, Scroll(*rows, id="typed_suggest_container", weight=1))

    def pick_suggestion(self, index: int) -> None:
        self.query, self.searching = self.fields.get("typed", ""), ""
        self.system.clear_focus(self)
        self.open_place(index)

    def map_view(self) -> View:
        p = prefs(self.app)
        layers = [t for t in (p.get(m.MAP_TYPE_KEY, "Default"),) if t != "Default"]
        layers += ["Traffic"] if p.get(m.TRAFFIC_KEY) else []
        desc = "Google Map" + "".join(f", {layer} layer" for layer in layers)
        return Column(View(cls="android.view.View", desc=desc, id="mainmap_container", weight=1),
                      Row(View(weight=1), ImageButton("Layers", lambda: setattr(self, "dialog", "layers"),
                                                      icon="layers:outlined", id="layers_fab"), height=56),
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
        """The directions page: the start and destination fields (described "Start location, ..." and
        "Destination, ..."), the travel modes described with their durations ("Driving mode: 7 min"), the trip."""
        r = self.route or {}
        start = places[r["from"]] if r["from"] >= 0 else None
        end = places[r["to"]]
        length = end.distance(start)
        shown = start.name if start else m.YOUR_LOCATION
        modes = Row(*[View(cls="android.widget.LinearLayout", desc=f"{desc}: {m.minutes(length, k)} min",
                           clickable=True, focusable=True, selected=r["mode"] == k, weight=1, height=56,
                           orientation="horizontal", children=[
                               Image(icon=MODE_ICONS[k] + ":outlined", width=32, height=56),
                               Text(f"{m.minutes(length, k)} min", height=56, width=72)],
                           on_click=lambda k=k: self.route.__setitem__("mode", k))  # type: ignore[union-attr]
                      for k, (desc, _) in m.MODES.items()], cls="android.widget.HorizontalScrollView",
                    scrollable=True, height=56)
        fields = Column(box("directions_startpoint_textbox", shown, m.START_DESC + shown,
                            lambda: self.open_search("start")),
                        box("directions_endpoint_textbox", end.name, m.END_DESC + end.name), weight=1)
        trip = View(cls="android.view.ViewGroup", id="directions_trip_card", clickable=True, focusable=True,
                    orientation="horizontal", height=64, padding=8,
                    children=[Text(f"{m.minutes(length, r['mode'])} min", weight=1), Text(km(length), weight=1)])
        return Column(
            Row(ImageButton("Navigate up", self.on_back, icon="arrow_back"), fields,
                View(cls="android.widget.ImageView", desc="Swap start and destination", icon="swap",
                     width=48, height=48), height=112),
            modes,
            Scroll(trip, id="directions_trip_cardlist", height=80),
            self.map_view(),
        )

    def choose_start(self, index: int) -> None:
        if self.route is not None:
            self.route["from"] = index
        self.searching = ""
        self.system.clear_focus(self)

    def set_start(self, places: list[Place]) -> None:
        """Enter on the start's search page picks the first place the typed text finds."""
        typed = self.fields.get("typed", "").strip()
        found = [i for i, p in enumerate(places) if typed and matches(p, typed)]
        if found:
            self.choose_start(found[0])

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
        self.place, self.route, self.street_view, self.query = None, None, False, ""

    def build_place(self, place: Place, saved: bool) -> View:
        """The place sheet: its name, address and kind; "Directions" (described "Directions to <name>, <street>"),
        "Start", "Save" (described "Save <name> to lists"), and the Street View thumbnail."""
        street = place.address.split(",")[0]
        chip = dict(cls="android.widget.CompoundButton", clickable=True, focusable=True, checkable=True, weight=1,
                    height=48)
        return Column(
            View(cls="android.widget.ImageView", id="street_view_thumbnail", clickable=True, focusable=True,
                 desc=f"View Street view imagery for {place.name}", icon="streetview", height=96,
                 on_click=lambda: setattr(self, "street_view", True)),
            View(cls="android.widget.ScrollView", id="expandingscrollview_container", scrollable=True, weight=1,
                 children=[
                     Text(place.name, id="title", style="headline"),
                     Text(place.address, id="address", height=32),
                     Text(f"{place.rating} · {place.category} · {km(place.distance())}", height=32),
                     Row(View(cls="android.widget.Button", desc=f"Directions to {place.name}, {street}",
                              clickable=True, focusable=True, long_clickable=True, on_click=self.directions,
                              weight=1, height=48, children=[Text("Directions", height=48)]),
                         View(desc="Start", **chip, children=[Text("Start", height=48)]),  # type: ignore[arg-type]
                         View(desc=m.SAVE_DESC.format(name=place.name), checked=saved, on_click=self.toggle_saved,
                              **chip, children=[Text("Saved" if saved else "Save", height=48)])),  # type: ignore[arg-type]
                 ]),
            weight=1,
        )

    def directions(self) -> None:
        self.route = {"from": -1, "to": self.place, "mode": "drive"}

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
