"""Google Maps (``com.google.android.apps.maps``): a map, the "Search here" omnibox and place results.

The omnibox is an edit field over the map (``search_omnibox_text_box``); Enter searches the seeded
places (:data:`~pytest_mobileagent.android.maps.PLACES`) by name or category and lists the results;
a result opens its place sheet (name, category, rating, address, Directions). There are no tiles,
routes or navigation yet.
"""

from __future__ import annotations

from typing import Any

from pytest_mobileagent.android.maps import MAIN_ACTIVITY, PACKAGE, PLACES, SEARCH_HINT, Place
from pytest_mobileagent.sim.app import Activity, App
from pytest_mobileagent.sim.views import Button, Column, EditText, ImageButton, Row, Scroll, Tabs, Text, View

TABS = ("Explore", "Go", "Saved", "Contribute", "Updates")


def matches(place: Place, query: str) -> bool:
    q = query.strip().lower()
    return bool(q) and (q in place.name.lower() or q in place.category.lower())


class Maps(Activity):
    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.query = ""  # the submitted search
        self.place: int | None = None
        self.tab = 0

    def submit(self) -> None:
        self.query = self.fields.get("search", "")
        self.place = None
        self.system.clear_focus(self)

    def on_back(self) -> bool:
        if super().on_back():
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
        if self.place is not None:
            body = self.build_place(PLACES[self.place])
        elif self.query:
            found = [(i, p) for i, p in enumerate(PLACES) if matches(p, self.query)]
            rows = [Row(Column(Text(p.name, id="title", style="item-title", height=28),
                               Text(f"{p.rating} · {p.category} · {p.address}", id="subtitle",
                                    style="item-summary", height=24), weight=1),
                        clickable=True, focusable=True, on_click=lambda i=i: self.open_place(i), height=72,
                        padding=8) for i, p in found]
            body = Scroll(*rows, id="search_list_layout", weight=1) if rows else Text(
                f"No results for {self.query}", id="no_results", weight=1)
        else:
            body = View(cls="android.view.View", desc="Google Map", id="mainmap_container", weight=1)
        return Column(box, body, Tabs(TABS, self.tab, self.select_tab, id="bottom_navigation_bar", height=64))

    def open_place(self, index: int) -> None:
        self.place = index

    def select_tab(self, index: int) -> None:
        self.tab = index

    def build_place(self, place: Place) -> View:
        return Column(
            Text(place.name, id="title", style="headline"),
            Text(f"{place.rating} · {place.category}", id="subtitle", height=32),
            Text(place.address, id="address", height=32),
            Row(Button("Directions", None, id="placepage_directions_button", weight=1),
                Button("Start", None, id="placepage_start_button", weight=1),
                Button("Save", None, id="placepage_save_button", weight=1)),
            id="placepage", weight=1,
        )


class MapsApp(App):
    package = PACKAGE
    label = "Maps"
    icon = "maps"
    activities = (Maps,)
    uid = 10131


__all__ = ["Maps", "MapsApp", "matches"]
