"""The Weather Channel (``com.weather.Weather``): current conditions, forecast, radar and settings.

The launcher entry is a splash screen that hands over to the home page.

The home page shows one place (the device's current location unless a search picked another): the
temperature and condition, the hourly forecast, the daily forecast, then cards for wind, precipitation,
humidity, UV index and sunrise/sunset, and a radar card that opens the radar page. "Search" finds a city of
the forecast store (:data:`~pytest_mobileagent.android.weather.FORECAST`, a JSON file tasks seed); "More
options > Settings" sets the temperature unit and the significant-weather alerts, kept in the app's
SharedPreferences file (:data:`~pytest_mobileagent.android.weather.PREFS`).
"""

from __future__ import annotations

from typing import Any

from mobileagent_sim.app import Activity, App
from mobileagent_sim.views import (
    Button,
    Column,
    Dialog,
    ImageButton,
    ListItem,
    RadioGroup,
    Row,
    Scroll,
    Switch,
    Text,
    Toolbar,
    View,
)
from pytest_mobileagent.android import weather as w
from pytest_mobileagent.android.shared_prefs import Prefs, format_prefs, parse_prefs


def forecast(app: App) -> w.Forecast:
    """The forecast store (the default one when a task has not seeded any)."""
    fs = app.system.fs
    return w.Forecast.loads(fs.read(w.FORECAST)) if fs.exists(w.FORECAST) else w.DEFAULT


def prefs(app: App) -> Prefs:
    fs = app.system.fs
    return parse_prefs(fs.read(w.PREFS)) if fs.exists(w.PREFS) else {}


def edit_prefs(app: App, **put: Any) -> None:
    app.system.fs.write(w.PREFS, format_prefs({**prefs(app), **put}))


def unit(app: App) -> str:
    return w.FAHRENHEIT if prefs(app).get(w.UNIT_KEY) == w.FAHRENHEIT else w.CELSIUS


def degrees(app: App, temp_c: int) -> str:
    return f"{w.to_unit(temp_c, unit(app))}°"


class Splash(Activity):
    """The launcher entry: it starts the home page and finishes."""

    name = w.MAIN_ACTIVITY
    exported = True

    def on_resume(self) -> None:
        if not self.finished:
            self.start(Home)
            self.finish()

    def build(self) -> View:
        return View()


class Home(Activity):
    name = w.HOME_ACTIVITY
    exported = True

    def city(self) -> str:
        return self.intent.extras.get("city") or forecast(self.app).current

    def build(self) -> View:
        store = forecast(self.app)
        place = store.place(self.city())
        here = place is not None and place.city == store.current
        bar = Toolbar(place.city if place else self.city(), actions=[
            ImageButton("Search for a location", lambda: self.start(Search), icon="search", id="search_icon")],
            overflow=lambda: self.open_menu("more"))
        if place is None:
            return Column(bar, Text("No weather information for this location", id="empty", weight=1))
        return Column(bar, Scroll(*self.cards(place, here), id="home_scroll", weight=1))

    def cards(self, p: w.Weather, here: bool) -> list[View]:
        app = self.app
        unit_name = "Fahrenheit" if unit(app) == w.FAHRENHEIT else "Celsius"
        rows: list[View] = [
            Text("Your location" if here else p.city, id="location_label", style="caption", height=24),
            Text(degrees(app, p.temp_c), id="temperature", style="headline", height=72,
                 desc=f"{w.to_unit(p.temp_c, unit(app))} degrees {unit_name}"),
            Text(p.condition, id="current_condition", height=32),
            Text(f"High {degrees(app, p.days[0].high_c)} · Low {degrees(app, p.days[0].low_c)}" if p.days else "",
                 id="high_low", height=28),
            Text("Hourly forecast", style="item-title", height=32),
        ]
        rows += [Row(Text("Now" if i == 0 else h.label, weight=1), Text(degrees(app, h.temp_c), weight=1),
                     Text(f"{h.rain}%", weight=1), id="hourly_item", height=40, padding=8)
                 for i, h in enumerate([w.Hour("Now", p.temp_c, p.rain), *p.hours])]
        rows.append(Text("Daily forecast", style="item-title", height=32))
        rows += [Row(Text(d.label, weight=1), Text(d.condition, weight=2),
                     Text(f"{degrees(app, d.high_c)} / {degrees(app, d.low_c)}", weight=1),
                     id="daily_item", height=48, padding=8) for d in p.days]
        rows += [
            ListItem("Wind", f"{p.wind_kmh} km/h · {p.wind_dir}", id="wind_card", title_id="card_title",
                     summary_id="card_value"),
            ListItem("Precipitation", f"{p.rain}% chance of rain", id="precipitation_card", title_id="card_title",
                     summary_id="card_value"),
            ListItem("Humidity", f"{p.humidity}%", id="humidity_card", title_id="card_title",
                     summary_id="card_value"),
            ListItem("UV index", f"{p.uv}", id="uv_card", title_id="card_title", summary_id="card_value"),
            ListItem("Sunrise & sunset", f"Sunrise {p.sunrise} · Sunset {p.sunset}", id="sun_card",
                     title_id="card_title", summary_id="card_value"),
            ListItem("Radar", "Precipitation map", lambda: self.start(Radar, city=p.city), id="radar_card",
                     title_id="card_title", summary_id="card_value"),
        ]
        return rows

    def menu_items(self, name: str) -> list[tuple[str, Any]]:
        return [("Settings", lambda: (self.close_menu(), self.start(Settings))),
                ("Radar", lambda: (self.close_menu(), self.start(Radar, city=self.city())))]


class Search(Activity):
    name = w.SEARCH_ACTIVITY

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.query = ""

    def on_resume(self) -> None:
        self.request_focus("search")

    def submit(self) -> None:
        self.query = self.fields.get("search", "").strip()
        self.system.clear_focus(self)

    def pick(self, city: str) -> None:
        self.finish()
        self.start(Home, city=city)

    def build(self) -> View:
        typed = self.fields.get("search", "").strip().casefold()
        found = [p.city for p in forecast(self.app).places if typed and typed in p.city.casefold()]
        rows = [ListItem(city, "", lambda c=city: self.pick(c), id="search_result") for city in found]
        return Column(
            Row(ImageButton("Navigate up", self.finish, icon="arrow_back"),
                self.field("search", hint=w.SEARCH_HINT, on_submit=self.submit, weight=1, height=48),
                height=64, style="searchbar"),
            Scroll(*rows, id="search_results", weight=1) if rows else Text(
                f"No results for {self.query}" if self.query else "", id="no_results", weight=1))


class Radar(Activity):
    name = w.RADAR_ACTIVITY

    def build(self) -> View:
        city = self.intent.extras.get("city", "")
        return Column(Toolbar("Radar", self.finish),
                      View(cls="android.view.View", desc=f"Precipitation radar map of {city}", id="radar_map",
                           weight=1),
                      Text(f"{city} · Past 2 hours to next hour", id="radar_caption", height=40))


class Settings(Activity):
    name = w.SETTINGS_ACTIVITY

    def build(self) -> View:
        on = bool(prefs(self.app).get(w.ALERTS_KEY, False))
        toggle = lambda: edit_prefs(self.app, **{w.ALERTS_KEY: not on})  # noqa: E731
        return Column(
            Toolbar("Settings", self.finish),
            Text("Units", style="caption", height=32),
            ListItem("Temperature", w.UNIT_LABELS[unit(self.app)], lambda: setattr(self, "dialog", "unit"),
                     id="temperature_unit"),
            Text("Notifications", style="caption", height=32),
            ListItem(w.ALERTS_TITLE, w.ALERTS_SUMMARY, toggle, id="significant_weather",
                     widget=Switch(on, toggle)),
            View(weight=1),
        )

    def build_dialog(self, name: str) -> View:
        return Dialog("Temperature", RadioGroup(list(w.UNIT_LABELS.values()), w.UNIT_LABELS[unit(self.app)],
                                                self.choose, id="unit_choices"),
                      buttons=[Button("Cancel", lambda: setattr(self, "dialog", None), id="android:id/button2")])

    def choose(self, label: str) -> None:
        chosen = next(k for k, v in w.UNIT_LABELS.items() if v == label)
        edit_prefs(self.app, **{w.UNIT_KEY: chosen})
        self.dialog = None


class WeatherApp(App):
    package = w.PACKAGE
    label = w.LABEL
    icon = "weather"
    activities = (Splash, Home, Search, Radar, Settings)
    uid = 10187

    def install(self) -> None:
        self.system.fs.write(w.FORECAST, w.DEFAULT.dumps().encode())
        self.system.fs.write(w.PREFS, format_prefs({w.UNIT_KEY: w.CELSIUS, w.ALERTS_KEY: False}))


__all__ = ["Home", "Radar", "Search", "Settings", "Splash", "WeatherApp", "forecast"]
