"""AndroidArena's Google Maps tasks (``google-maps.yaml``, all 14) and constrained task 4 ("Do NOT use the Google
Maps APP").

"Get directions", "Show me..." and "Find the nearest..." ask for something to be shown: the check reads the
screen at the end (the route with its start, end and travel mode; the place sheet; the Street View page), with
the layers the map shows read from the app's preferences. "Nearest" is judged against the seeded distances
(drawn per instance), so those tasks and "Save" (saved places live on Google's servers) run on the simulator
only (``sim_app_state``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import maps
from pytest_mobileagent.android.maps import Place
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators import maps as checks
from suites.androidarena.common import ArenaTask

SVC = "Microsoft SVC Building"
#: Places a drawn instance goes to (the published one first).
#: Why a search typed one letter short passes: Maps matches part of a name, and finds the same place.
SAME_RESULT = "Maps matches part of a name or kind: the query one letter short finds the same place"
#: Why pressing enter after typing the search may be skipped.
SUGGESTED = ("the search page lists the matching places as suggestions while typing (typed_suggest_container, as "
             "AndroidArena's recorded Maps shows them): tapping the place there opens it as the results list does")
DESTINATIONS = (SVC, "Los Altos Gardens", "Hotel Zico", "El Camino Hospital", "Cascal")


class _Maps(ArenaTask):
    __abstract__ = True
    apps = ("maps",)
    packages = frozenset({maps.PACKAGE})
    optimal_steps = 5

    def setup(self, device: Device) -> None:
        checks.seed_places(device, maps.PLACES)
        checks.set_layers(device)

    def open_place(self, ui: UI, name: str) -> Iterator[Action]:
        yield ui.open_app("Maps")
        yield ui.tolerate(ui.type(name, desc=maps.SEARCH_HINT), SAME_RESULT, "text:drop")
        yield ui.tolerate(ui.enter(), SUGGESTED, "skip")
        yield ui.click(text=name, rid="title")


class _ToPlace(_Maps):
    """A task about one place, drawn among a few (the published one is instance 0)."""

    __abstract__ = True
    published = ({"place": SVC},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"place": st.sampled_from(DESTINATIONS)})


class _Route(_ToPlace):
    """The route from the device's location to the place is on screen, in the travel mode ``mode``."""

    __abstract__ = True
    mode: ClassVar[str] = "drive"

    def check(self, device: Device, answer: str | None = None) -> float:
        want = checks.Route(maps.YOUR_LOCATION, self.params["place"], self.mode)
        return 1.0 if checks.route_on_screen(device) == want else 0.0

    def route(self, ui: UI) -> Iterator[Action]:
        yield from self.open_place(ui, self.params["place"])
        yield ui.click(text="Directions")
        if self.mode != "drive":
            yield ui.click(contains=maps.MODES[self.mode][0])

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.route(ui)
        yield ui.complete()


class MapsDirections(_Route):
    """Directions are shown by car, Maps' default mode."""

    template = 'Get directions from my current location to "{place}".'


class MapsTrafficOnRoute(_Route):
    """Traffic conditions on a route: the driving route is on screen and the traffic layer is on."""

    template = 'Show me the traffic conditions on my route to "{place}".'

    def check(self, device: Device, answer: str | None = None) -> float:
        return super().check(device) if checks.layers(device)["traffic"] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.route(ui)
        yield ui.click(desc="Layers")
        yield ui.click(text="Traffic")
        yield ui.complete()


class MapsWalkingRoute(_Route):
    """The walking route is on screen (Maps shows the best one first)."""

    template = 'Find the best route for walking to "{place}".'
    mode = "walk"


class MapsTransitRoute(_Route):
    """The public transport route is on screen."""

    template = 'Show me the public transportation options to "{place}".'
    mode = "transit"


class MapsSatellite(_Maps):
    """The map type in the app's preferences is Satellite."""

    template = "Switch to satellite view."
    optimal_steps = 3

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if checks.layers(device)["map_type"] == "Satellite" else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Maps")
        yield ui.click(desc="Layers")
        yield ui.click(text="Satellite")
        yield ui.complete()


class MapsStreetView(_ToPlace):
    """The Street View page of the place is on screen."""

    template = 'Show me the Street View of "{place}".'

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if checks.street_view_on_screen(device) == self.params["place"] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_place(ui, self.params["place"])
        yield ui.click(rid="street_view_thumbnail")
        yield ui.complete()


class MapsSavePlace(_ToPlace):
    """"For quick access" is Maps' saved places: the place is added to them (a place saved before stays)."""

    template = 'Save the address "{place}" for quick access.'
    published = ({"place": "Los Altos Gardens"},)
    requires = frozenset({"sim_app_state"})
    before = ["Golden Gate Park"]

    def setup(self, device: Device) -> None:
        super().setup(device)
        checks.seed_places(device, maps.PLACES, self.before)

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if sorted(checks.saved_places(device)) == sorted([*self.before, self.params["place"]]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_place(ui, self.params["place"])
        yield ui.click(text="Save")
        yield ui.complete()


class MapsDistance(_Maps):
    """The distance between two places: the route from the first to the second is on screen (it shows the
    length), in any travel mode."""

    template = 'Show me the distance from "{origin}" to "{place}".'
    published = ({"origin": "Los Altos Gardens", "place": SVC},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.lists(st.sampled_from(DESTINATIONS), min_size=2, max_size=2, unique=True).map(
            lambda two: {"origin": two[0], "place": two[1]})

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        return st.just(dict(row))

    def check(self, device: Device, answer: str | None = None) -> float:
        route = checks.route_on_screen(device)
        return 1.0 if route is not None and route[:2] == (self.params["origin"], self.params["place"]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_place(ui, self.params["place"])
        yield ui.click(text="Directions")
        yield ui.tolerate(ui.type(self.params["origin"], rid="directions_startpoint_textbox"),
                          SAME_RESULT, "text:drop")
        yield ui.enter()
        yield ui.complete()


class _Nearest(_Maps):
    """The place sheet of the nearest place of a kind is on screen. The seeded places of that kind are at drawn
    distances, and the search lists them by relevance, not distance."""

    __abstract__ = True
    requires = frozenset({"sim_app_state"})
    query: ClassVar[str] = ""
    category: ClassVar[str] = ""

    @classmethod
    def candidates(cls) -> list[Place]:
        return [p for p in maps.PLACES if p.category == cls.category]

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        n = len(cls.candidates())
        return st.lists(st.sampled_from((0.6, 1.1, 1.8, 2.4, 3.5, 4.7, 6.2)), min_size=n, max_size=n,
                        unique=True).map(lambda d: {"distances": d})

    def places(self) -> list[Place]:
        moved = {p.name: p._replace(**dict(zip(("x", "y"), maps.at(d, 40 + 95 * i))))
                 for i, (p, d) in enumerate(zip(self.candidates(), self.params["distances"]))}
        return [moved.get(p.name, p) for p in maps.PLACES]

    def nearest(self) -> str:
        return min((p for p in self.places() if p.category == self.category and p.open_now),
                   key=lambda p: p.distance()).name

    def setup(self, device: Device) -> None:
        super().setup(device)
        checks.seed_places(device, self.places())

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if checks.place_on_screen(device) == self.nearest() else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Maps")
        yield ui.tolerate(ui.type(self.query, desc=maps.SEARCH_HINT), SAME_RESULT, "text:drop")
        yield ui.tolerate(ui.enter(), SUGGESTED, "skip")
        yield from ui.reach(text=self.nearest(), rid="title")
        yield ui.complete()


class MapsNearestGasStation(_Nearest):
    template = "Find the nearest gas station."
    query, category = "gas station", "Gas station"


class MapsNearestOpenRestaurant(_Nearest):
    """"Available now": the nearest restaurant open now; a closed one is seeded nearer than all of them."""

    template = "Find the nearest restaurant available now."
    query, category = "restaurant", "Restaurant"
    CLOSED = Place("Castro Street Diner", "Restaurant", "150 Castro St, Mountain View, CA 94041", "4.2",
                   *maps.at(0.4, 75), open_now=False)

    def places(self) -> list[Place]:
        return [*super().places(), self.CLOSED]


class MapsNearestAtm(_Nearest):
    template = "Find the nearest ATM."
    query, category = "ATM", "ATM"


class MapsNearestParking(_Nearest):
    template = "Find the nearest parking lot."
    query, category = "parking lot", "Parking lot"


class MapsNearestHospital(_Nearest):
    template = "Find the nearest hospital."
    query, category = "hospital", "Hospital"


class MapsNearestHotel(_Nearest):
    template = "Find the nearest hotel."
    query, category = "hotel", "Hotel"


# -- constrained: "Do NOT use the Google Maps APP." (constrain.yaml 4) ----------------------------------------------


class ConstrainedMapsFindLocation(_ToPlace):
    """"Find the location" without Maps: the place's address is on screen at the end, in whatever app shows it
    (the oracle searches the Google app, which shows the place's card)."""

    template = 'Find the location of "{place}".'
    type = "constrained"
    constraint = "Do NOT use the Google Maps APP."
    constraints = {"apps": [maps.PACKAGE]}
    requires = frozenset({"sim_app_state"})
    optimal_steps = 4

    def check(self, device: Device, answer: str | None = None) -> float:
        address = next(p.address for p in maps.PLACES if p.name == self.params["place"])
        return 1.0 if f'text="{address}"' in device.hierarchy() else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Google")
        yield ui.tolerate(ui.click(rid="googleapp_hint_text"),
                          "typing into the search box taps the search bar first, which opens the search page", "skip")
        yield ui.type(self.params["place"], rid="googleapp_search_box")
        yield ui.enter()
        yield ui.complete()
