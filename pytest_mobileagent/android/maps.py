"""Google Maps (``com.google.android.apps.maps``): package, activity, resource ids, labels and seeded places.

The version followed (:data:`APP_VERSION`) is the one AndroidArena's phone ran in December 2023, whose screens its
published trajectory records (:data:`EVIDENCE` cites it and the other public sources per id, activity and label):
the omnibox is an EditText ``search_omnibox_text_box`` described "Search here" that opens a search page where
``search_omnibox_edit_text`` takes the typing (ARM's workload-automation and public Appium scripts do the same two
steps); the route's fields are described "Start location, <start>" and "Destination, <end>" (CRAB's evaluator reads
them so), the travel modes "Driving mode: 7 min"...; the place sheet's buttons are described "Directions to
<name>, <street>" and "Save <name> to lists". Unconfirmed (see ``ma-evidence -v maps``): the search results'
rows, the layers dialog, the Street View page, the saved list, the preferences file holding the map type and the
traffic layer (:data:`PREFS`), and the places store.

The real app asks Google's servers for places, distances and the user's saved places; the simulator keeps them
in :data:`STORE`, a JSON file tasks seed (``places``: name, category, address, rating, position in km east and
north of the device's location, open now; ``saved``: the names of the saved places), so checks that read it run
on the simulator only (``sim_app_state``).
"""

from __future__ import annotations

import json
import math
from typing import NamedTuple

from pytest_mobileagent.android.evidence import UNCONFIRMED, Source, entries, framework, icon_entries, key
from pytest_mobileagent.android.theme import AppTheme, LauncherIcon, Scheme, arena_drawer

PACKAGE = "com.google.android.apps.maps"
MAIN_ACTIVITY = "com.google.android.maps.MapsActivity"
SEARCH_HINT = "Search here"
#: The places store (see the module docstring) and the preferences file with the map's layers.
STORE = f"/data/data/{PACKAGE}/files/places.json"
PREFS = f"/data/data/{PACKAGE}/shared_prefs/settings_preference.xml"
MAP_TYPE_KEY, TRAFFIC_KEY = "map_type", "traffic_layer"
MAP_TYPES = ("Default", "Satellite", "Terrain")
#: Travel modes: the description of each mode's button and its average speed (km/h) for the route's duration.
MODES = {"drive": ("Driving mode", 40), "transit": ("Transit mode", 20), "walk": ("Walking mode", 5)}
YOUR_LOCATION = "Your location"
#: The descriptions of the route's fields (followed by the place) and of the place sheet's Save button.
START_DESC, END_DESC = "Start location, ", "Destination, "
SAVE_DESC = "Save {name} to lists"

APP_VERSION = "as on AndroidArena's phone, December 2023 (its trajectory; the version number is not recorded)"
_ARENA = Source("AndroidArenaAgent/AndroidArena",
                "trajectory/GPT4-Get_directions_from_my_current_location_to_Microsoft_SVC_Building.html",
                note="the observations of steps 1-5 (a real phone's screens)")


def _shot(steps: str, note: str) -> Source:
    """What the trajectory's screenshots (numbered from 0, the home screen) ``steps`` show."""
    return Source(_ARENA.repo, _ARENA.path, note=f"screenshot {steps}: {note}")


_WA = Source("ARM-software/workload-automation", "wa/workloads/googlemaps/uiauto/app/src/main/java/com/arm/wa/"
             "uiauto/UiAutomation.java", app_version="10.19.1", note="search(), runWorkload()")
_CRAB = Source("camel-ai/crab", "crab-benchmark-v0/dataset/android_subtasks.py",
               note="check_map_direction_page, check_contain_city")
_APPIUM = Source("Elizabeth-Ezirim7/Testify-Automation_School",
                 "Module4/4C_Python/appium_mobile/LocationStrategies/SendKeyAndClearKeys.py",
                 note='EditText described "Search here", then search_omnibox_edit_text')
_AW = Source("google-research/android_world", "android_world/env/adb_utils.py", note="_PATTERN_TO_ACTIVITY")
EVIDENCE = {
    key("activity", MAIN_ACTIVITY): _AW,
    **entries("id", ("search_omnibox_container", "search_omnibox_menu_button", "search_omnibox_text_clear",
                     "selected_account_disc", "layers_fab", "expandingscrollview_container",
                     "street_view_thumbnail", "directions_trip_cardlist", "directions_trip_card",
                     "typed_suggest_container", "explore_tab_strip_button", "transportation_tab_strip_button",
                     "saved_tab_strip_button", "contribute_tab_strip_button", "updates_tab_strip_button"), _ARENA),
    key("id", "search_omnibox_text_box"): _APPIUM,
    key("id", "search_omnibox_edit_text"): _WA,
    key("id", "mainmap_container"): _WA,
    **entries("id", ("directions_startpoint_textbox", "directions_endpoint_textbox"), _ARENA),
    **entries("desc", (SEARCH_HINT, "Voice search", "Account and settings.", "Navigate up", "Back", "Clear",
                       "Layers", "Swap start and destination", "Start", "Explore", "Go", "Saved", "Contribute",
                       "Updates", "Driving mode: <n> min", "Transit mode: <n> min", "Walking mode: <n> min",
                       "Directions to <name>, <street>", SAVE_DESC.format(name="<name>"),
                       "View Street view imagery for <name>"), _ARENA),
    **entries("desc", (START_DESC + "<start>", END_DESC + "<end>"), _CRAB),
    **entries("text", (SEARCH_HINT, "Directions", "Start", "Save", YOUR_LOCATION), _ARENA),
    **entries("id", ("title", "subtitle", "distance", "search_list_layout", "no_results", "saved_list",
                     "saved_place", "address", "map_type", "traffic", "close_button", "street_view",
                     "street_view_title", "street_view_address"), UNCONFIRMED),
    **entries("desc", ("Google Map, <layer> layer", "Street View imagery of <name>"), UNCONFIRMED),
    **entries("text", ("Map type", "Map details", "Traffic", "Close", *MAP_TYPES, "Saved", "Open now", "Closed",
                       "Choose start location", "No results for <query>"), UNCONFIRMED),
    **framework("content", "parentPanel", "alertTitle", "buttonPanel"),
    **icon_entries({
        "Voice search": _shot("1", "the omnibox's microphone"),
        "Account and settings.": _shot("1", "the signed-in account's picture (a photo), drawn as account_circle"),
        "Layers": _shot("1", "the outlined layers button on the map"),
        "Back": _shot("3", "the omnibox's back arrow over a place"),
        "Navigate up": _shot("2, 4", "the search page's and the directions page's back arrows"),
        "Clear": _shot("2, 3", "a circled cross while typing (step 2), a plain cross over a place (step 3)"),
        "Swap start and destination": _shot("4", "the up-and-down arrows right of the fields"),
        **dict.fromkeys((f"{desc}: <n> min" for desc, _ in MODES.values()),
                        _shot("4", "the travel modes: an outlined car, bus and walker, each before its minutes")),
        **dict.fromkeys(("Explore", "Go", "Saved", "Contribute", "Updates"),
                        _shot("1", "the bottom tabs: a pin (filled, selected), a car, a bookmark, a circled plus "
                                   "and a bell, outlined")),
    }),
}


class Place(NamedTuple):
    name: str
    category: str
    address: str
    rating: str
    #: Position in km east and north of the device's location.
    x: float = 60.0
    y: float = 0.0
    open_now: bool = True

    def distance(self, other: Place | None = None) -> float:
        """The route's length in km from ``other`` (the device's location when None), to one decimal."""
        ox, oy = (other.x, other.y) if other else (0.0, 0.0)
        return round(math.hypot(self.x - ox, self.y - oy), 1)


def at(distance: float, degrees: float) -> tuple[float, float]:
    """The position ``distance`` km from the device's location in the direction ``degrees``."""
    return (round(distance * math.cos(math.radians(degrees)), 3), round(distance * math.sin(math.radians(degrees)), 3))


def minutes(km: float, mode: str) -> int:
    """The route's duration in a travel ``mode``."""
    return max(1, round(km / MODES[mode][1] * 60) + (5 if mode == "transit" else 0))


def dumps(places: tuple[Place, ...] | list[Place], saved: list[str]) -> str:
    return json.dumps({"places": [p._asdict() for p in places], "saved": saved}, indent=1)


def loads(text: str | bytes) -> tuple[list[Place], list[str]]:
    d = json.loads(text)
    return [Place(**p) for p in d["places"]], list(d.get("saved", []))


#: Places the simulated map knows (there is no network): search matches their name or category.
PLACES: tuple[Place, ...] = (
    Place("Blue Bottle Coffee", "Coffee shop", "66 Mint St, San Francisco", "4.5"),
    Place("Philz Coffee", "Coffee shop", "201 Berry St, San Francisco", "4.6"),
    Place("Golden Gate Park", "Park", "San Francisco", "4.8"),
    Place("Ferry Building Marketplace", "Market", "1 Ferry Building, San Francisco", "4.7"),
    Place("San Francisco Public Library", "Library", "100 Larkin St, San Francisco", "4.4"),
    Place("Tartine Bakery", "Bakery", "600 Guerrero St, San Francisco", "4.5"),
    Place("Microsoft SVC Building", "Corporate office", "1065 La Avenida St, Mountain View, CA 94043", "4.3",
          *at(3.4, 20)),
    Place("Los Altos Gardens", "Apartment complex", "1000 Fremont Ave, Los Altos, CA 94024", "4.1", *at(5.2, 230)),
    Place("Shell", "Gas station", "2410 Charleston Rd, Mountain View, CA 94043", "4.0", *at(2.8, 10)),
    Place("Chevron", "Gas station", "1200 El Camino Real, Mountain View, CA 94040", "3.9", *at(1.6, 150)),
    Place("Valero", "Gas station", "795 E El Camino Real, Sunnyvale, CA 94087", "3.8", *at(4.1, 280)),
    Place("Ristorante Don Giovanni", "Restaurant", "235 Castro St, Mountain View, CA 94041", "4.4", *at(1.9, 60)),
    Place("Xanh Restaurant", "Restaurant", "110 Castro St, Mountain View, CA 94041", "4.3", *at(2.5, 100)),
    Place("Cascal", "Restaurant", "400 Castro St, Mountain View, CA 94041", "4.5", *at(3.3, 200)),
    Place("Bank of America ATM", "ATM", "444 Castro St, Mountain View, CA 94041", "3.7", *at(2.2, 40)),
    Place("Chase ATM", "ATM", "1905 W El Camino Real, Mountain View, CA 94040", "3.9", *at(1.4, 190)),
    Place("Wells Fargo ATM", "ATM", "2570 W El Camino Real, Mountain View, CA 94040", "3.6", *at(3.8, 300)),
    Place("Bryant Street Garage", "Parking lot", "140 Bryant St, Mountain View, CA 94041", "4.2", *at(2.0, 80)),
    Place("Civic Center Parking", "Parking lot", "500 Castro St, Mountain View, CA 94041", "4.0", *at(3.1, 120)),
    Place("Caltrain Station Parking", "Parking lot", "600 W Evelyn Ave, Mountain View, CA 94041", "3.8",
          *at(1.2, 250)),
    Place("El Camino Hospital", "Hospital", "2500 Grant Rd, Mountain View, CA 94040", "4.0", *at(2.6, 170)),
    Place("Kaiser Permanente Santa Clara", "Hospital", "700 Lawrence Expy, Santa Clara, CA 95051", "3.9",
          *at(6.3, 330)),
    Place("Hotel Zico", "Hotel", "1 Hotel Zico Way, Mountain View, CA 94043", "4.3", *at(2.9, 30)),
    Place("Hilton Garden Inn", "Hotel", "840 E El Camino Real, Mountain View, CA 94040", "4.1", *at(1.7, 140)),
    Place("Residence Inn", "Hotel", "1854 W El Camino Real, Mountain View, CA 94040", "4.0", *at(4.4, 260)),
)

__all__ = [
    "APP_VERSION",
    "END_DESC",
    "EVIDENCE",
    "MAIN_ACTIVITY",
    "MAP_TYPES",
    "MAP_TYPE_KEY",
    "MODES",
    "PACKAGE",
    "PLACES",
    "PREFS",
    "SAVE_DESC",
    "SEARCH_HINT",
    "START_DESC",
    "STORE",
    "TRAFFIC_KEY",
    "YOUR_LOCATION",
    "Place",
    "at",
    "dumps",
    "loads",
    "minutes",
]

#: Maps as AndroidArena's phone drew it in December 2023: light although the phone was in dark mode (its Clock and
#: Settings screenshots are dark), white search bar, sheet and app bar, the Directions chip #1A73E8 (measured
#: #1B74E8), the bottom navigation #F2F5FA, text #202124 and #5F6368 (Google's greys, near the measured ones).
_MAPS_LIGHT = Scheme(primary="#1A73E8", on_primary="#FFFFFF", app_bar="#FFFFFF", on_app_bar="#202124",
                     status_bar="#FFFFFF", background="#FFFFFF", surface="#FFFFFF", surface_variant="#F2F5FA",
                     on_surface="#202124", on_surface_variant="#5F6368", outline="#DADCE0", accent="#1A73E8",
                     on_accent="#FFFFFF", accent_container="#1A73E8", on_accent_container="#FFFFFF")
THEME = AppTheme(_MAPS_LIGHT, _MAPS_LIGHT, Source(
    _ARENA.repo, _ARENA.path, note="screenshots 2 and 4 (search bar, place sheet, Directions chip, bottom "
                                   "navigation) measured"), follows_night=False)

#: The launcher icon on AndroidArena's phone: the four-colour pin on white.
LAUNCHER_ICON = LauncherIcon("#FFFFFF", "location_on", foreground="#EA4335",
                             source=arena_drawer("the four-colour pin on white"))
