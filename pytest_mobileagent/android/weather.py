"""Google's Weather app (``com.google.android.apps.weather``): package, activities, preferences and the forecast.

Why this app: AndroidArena's phone (a Pixel emulator with Google's apps) had a "Weather APP" whose settings
switch between Celsius and Fahrenheit and turn "significant weather forecast" alerts on and off; Google's own
weather is that app. It lived inside the Google app until Pixel Weather became a standalone package,
``com.google.android.apps.weather`` (the package Pixel Weather is published under); a separate package is also
what constrained tasks need ("Do NOT use the Weather APP" must forbid a package the Google app is not).

Confirmed: the package name. Plausible guesses (no public UI-automation code was found for it): the activity
names, the resource ids, the preferences file and its keys, and the forecast cache file. The real app keeps its
units and alert choices on the device (read here from a SharedPreferences file, which needs root on a phone)
and fetches the forecast from Google's servers: the forecast the simulator shows comes from
:data:`FORECAST`, a JSON file tasks seed, so checks against forecast values run on the simulator only
(``sim_app_state``).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

PACKAGE = "com.google.android.apps.weather"
MAIN_ACTIVITY = "com.google.android.apps.weather.home.HomeActivity"
SEARCH_ACTIVITY = "com.google.android.apps.weather.search.LocationSearchActivity"
RADAR_ACTIVITY = "com.google.android.apps.weather.radar.RadarActivity"
SETTINGS_ACTIVITY = "com.google.android.apps.weather.settings.SettingsActivity"

#: The app's default preferences file and its keys.
PREFS = f"/data/data/{PACKAGE}/shared_prefs/{PACKAGE}_preferences.xml"
UNIT_KEY = "temperature_unit"
CELSIUS, FAHRENHEIT = "CELSIUS", "FAHRENHEIT"
ALERTS_KEY = "significant_weather_notifications"
#: The forecast the app shows (the simulator's stand-in for Google's weather service).
FORECAST = f"/data/data/{PACKAGE}/files/forecast.json"

#: Labels the app shows.
UNIT_LABELS = {CELSIUS: "Celsius (°C)", FAHRENHEIT: "Fahrenheit (°F)"}
ALERTS_TITLE = "Significant weather forecasts"
ALERTS_SUMMARY = "Alerts for severe weather conditions"
SEARCH_HINT = "Search for a city"


@dataclass
class Hour:
    label: str  # "4 PM"
    temp_c: int
    rain: int  # chance of precipitation, %


@dataclass
class Day:
    label: str  # "Today", "Mon"
    condition: str
    high_c: int
    low_c: int


@dataclass
class Weather:
    """One place's conditions and forecast."""

    city: str
    condition: str
    temp_c: int
    wind_kmh: int
    wind_dir: str  # "NW"
    rain: int  # chance of precipitation now, %
    humidity: int  # %
    uv: int
    sunrise: str  # "6:42 AM"
    sunset: str
    hours: list[Hour] = field(default_factory=list)
    days: list[Day] = field(default_factory=list)

    @classmethod
    def from_dict(cls, d: dict) -> Weather:
        return cls(**{**d, "hours": [Hour(**h) for h in d.get("hours", [])],
                      "days": [Day(**x) for x in d.get("days", [])]})


@dataclass
class Forecast:
    """The forecast store: the device's current location and every place the app knows."""

    current: str
    places: list[Weather]

    def place(self, city: str) -> Weather | None:
        return next((w for w in self.places if w.city.casefold() == city.strip().casefold()), None)

    def dumps(self) -> str:
        return json.dumps({"current": self.current, "places": [asdict(w) for w in self.places]}, indent=1)

    @classmethod
    def loads(cls, text: str | bytes) -> Forecast:
        d = json.loads(text)
        return cls(d["current"], [Weather.from_dict(w) for w in d["places"]])


def to_unit(temp_c: int, unit: str) -> int:
    """A Celsius temperature in ``unit``, rounded as the app shows it."""
    return temp_c if unit == CELSIUS else round(temp_c * 9 / 5 + 32)


def make_place(city: str, condition: str, temp: int, wind: int, wind_dir: str, rain: int, humidity: int, uv: int,
               sunrise: str, sunset: str) -> Weather:
    """A place's weather, with an hourly forecast (from 4 PM) and a five-day forecast (from today) around it."""
    hours = [Hour(h, temp - i, min(100, rain + 5 * i)) for i, h in enumerate(("4 PM", "5 PM", "6 PM", "7 PM",
                                                                               "8 PM", "9 PM"))]
    days = [Day(label, cond, temp + d, temp - 8 + d) for d, (label, cond) in enumerate(
        (("Today", condition), ("Mon", "Sunny"), ("Tue", "Cloudy"), ("Wed", "Showers"), ("Thu", "Sunny")))]
    return Weather(city, condition, temp, wind, wind_dir, rain, humidity, uv, sunrise, sunset, hours, days)


#: The forecast of a fresh device (the device's clock reads Sunday 15:34).
DEFAULT = Forecast("Mountain View", [
    make_place("Mountain View", "Partly cloudy", 22, 14, "NW", 10, 58, 5, "7:12 AM", "6:33 PM"),
    make_place("London", "Light rain", 12, 19, "SW", 80, 87, 1, "7:21 AM", "6:01 PM"),
    make_place("Paris", "Cloudy", 14, 11, "W", 30, 76, 2, "8:18 AM", "7:01 PM"),
    make_place("Tokyo", "Clear", 19, 8, "N", 0, 55, 4, "5:46 AM", "5:09 PM"),
    make_place("New York", "Sunny", 16, 16, "E", 0, 49, 4, "7:09 AM", "6:13 PM"),
])

__all__ = ["ALERTS_KEY", "ALERTS_SUMMARY", "ALERTS_TITLE", "CELSIUS", "DEFAULT", "FAHRENHEIT", "FORECAST",
           "MAIN_ACTIVITY", "PACKAGE", "PREFS", "RADAR_ACTIVITY", "SEARCH_ACTIVITY", "SEARCH_HINT",
           "SETTINGS_ACTIVITY", "UNIT_KEY", "UNIT_LABELS", "Day", "Forecast", "Hour", "Weather", "make_place",
           "to_unit"]
