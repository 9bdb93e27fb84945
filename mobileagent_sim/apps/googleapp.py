"""The Google app (``com.google.android.googlequicksearchbox``): a search bar over the Discover feed.

The home screen's search bar is a facade; tapping it opens the search page with the edit field focused
and the keyboard up, as the real app does. Searching shows an offline results page (there is no network),
except for a weather search ("weather", "weather in London"), which shows the weather card of Google's
weather service: the forecast the Weather app shows (:func:`mobileagent_sim.apps.weather.forecast`),
a search naming a place Google Maps knows (:func:`mobileagent_sim.apps.maps.store`): its card, and
"time in <city>", which Search answers from the device's clock.
"""

from __future__ import annotations

import re
from typing import Any
from zoneinfo import ZoneInfo

from mobileagent_sim.app import Activity, App
from mobileagent_sim.apps.maps import store
from mobileagent_sim.apps.weather import forecast
from mobileagent_sim.views import Column, EditText, ImageButton, Row, Scroll, Text, View
from pytest_mobileagent.android.deskclock import CITIES
from pytest_mobileagent.android.google_app import FEED, MAIN_ACTIVITY, PACKAGE


class Search(Activity):
    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.searching = False
        self.query = ""

    def open_search(self) -> None:
        self.searching = True
        self.request_focus("googleapp_search_box")

    def submit(self) -> None:
        self.query = self.fields.get("googleapp_search_box", "").strip()
        self.system.clear_focus(self)

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.searching:
            self.searching = False
            self.query = ""
            self.fields["googleapp_search_box"] = ""
            return True
        return False

    def build(self) -> View:
        if self.searching:
            box = Row(ImageButton("Back", self.on_back, icon="arrow_back"),
                      EditText("googleapp_search_box", self.fields.get("googleapp_search_box", ""),
                               lambda v: self.fields.__setitem__("googleapp_search_box", v), hint="Search",
                               on_submit=self.submit, weight=1, height=48),
                      id="googleapp_srp_search_box", height=64, style="searchbar")
            result = self.time_card() or self.weather_card() or self.place_card() or (
                Text(f"No internet connection. Results for \"{self.query}\" will appear when you're online.",
                     id="googleapp_srp_offline") if self.query else None)
            return Column(box, result, View(weight=1))
        facade = Row(
            Text("Search", id="googleapp_hint_text", weight=1, height=48),
            ImageButton("Voice search", None, icon="mic", id="googleapp_search_widget_voice_btn"),
            ImageButton("Search by camera", None, icon="center_focus_weak", id="googleapp_search_widget_lens_btn"),
            id="googleapp_facade_search_box", clickable=True, focusable=True, on_click=self.open_search, height=64,
            style="searchbar",
        )
        cards = [Column(Text(headline, id="card_title", style="item-title"), Text(source, style="item-summary"),
                        padding=8, height=88) for source, headline in FEED]
        return Column(Text("Google", style="headline", height=64), facade,
                      Scroll(*cards, id="googleapp_discover_feed", weight=1))


    def weather_card(self) -> View | None:
        """The weather result of a query about the weather: the place it names, else the device's location."""
        if "weather" not in self.query.casefold():
            return None
        store = forecast(self.app)
        named = [p for p in store.places if p.city.casefold() in self.query.casefold()]
        place = named[0] if named else store.place(store.current)
        if place is None:
            return None
        days = [Row(Text(d.label, weight=1), Text(d.condition, weight=2), Text(f"{d.high_c}° / {d.low_c}°", weight=1),
                    id="weather_day", height=40) for d in place.days]
        return Column(Text(f"Weather · {place.city}", id="weather_location", style="item-title", height=32),
                      Text(f"{place.temp_c}°C", id="weather_temperature", style="headline", height=56),
                      Text(place.condition, id="weather_condition", height=28),
                      Text(f"Precipitation: {place.rain}% · Humidity: {place.humidity}% · "
                           f"Wind: {place.wind_kmh} km/h", id="weather_details", height=28),
                      *days, id="weather_card", padding=8)


    def place_card(self) -> View | None:
        """The place a query names (one of Google Maps' places), with its address."""
        q = self.query.casefold()
        place = next((p for p in store(self.app)[0] if re.search(rf"\b{re.escape(p.name.casefold())}\b", q)), None)
        if place is None:
            return None
        return Column(Text(place.name, id="place_title", style="item-title", height=32),
                      Text(f"{place.rating} · {place.category}", id="place_subtitle", height=28),
                      Text(place.address, id="place_address", height=28), id="place_card", padding=8)

    def time_card(self) -> View | None:
        """"time in <city>": the clock card Search answers with from the device's clock (a world-clock city)."""
        m = re.fullmatch(r"(?:what(?:'s| is) the )?(?:current )?time in (.+?)\??", self.query.strip(), re.IGNORECASE)
        zone = next((tz for _, name, tz in CITIES if m and name.lower() == m.group(1).strip().lower()), None)
        if zone is None:
            return None
        there = self.system.clock.now.astimezone(ZoneInfo(zone))
        return Column(Text(f"{there.hour % 12 or 12}:{there.minute:02d} {'AM' if there.hour < 12 else 'PM'}",
                           id="googleapp_time_card_time", style="display"),
                      Text(f"{there:%A, %B} {there.day}, {there.year} ({there.tzname()})", style="item-summary"),
                      Text(f"Time in {m.group(1).strip().title()}", style="item-summary"),  # type: ignore[union-attr]
                      id="googleapp_time_card", padding=16)


class GoogleApp(App):
    package = PACKAGE
    label = "Google"
    icon = "google"
    activities = (Search,)
    uid = 10098


__all__ = ["GoogleApp", "Search"]
