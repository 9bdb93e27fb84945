"""The Weather Channel (``com.weather.Weather``): package, activities, preferences and the forecast.

Why this app: AndroidArena's Weather tasks ran on it. Its ``app_configs/weather.yaml`` names the "Weather" app
``com.weather.Weather``, its ``scripts/env_setup.py`` installs it from the Play Store ("install IBM Weather"), and
its evaluator's ``check_app`` maps "Weather" to that package; the alert its tasks switch, "significant weather
forecast", is one of The Weather Channel's alert types. No other benchmark the project runs uses a weather app of
Google's (Mobile-Bench's weather app is ``com.channel.weather.forecast``, which no suite task opens), so Google's
Weather (``com.google.android.apps.weather``), simulated before, is gone.

Confirmed (:data:`EVIDENCE`): the package and the launcher label "The Weather Channel" (AndroidArena's recorded app
drawer); AndroidArena itself calls it "Weather" (:data:`ARENA_NAME`). The launcher activity
``.app.SplashScreenActivity`` is the ``appActivity`` public Appium scripts of the app start, and ``temperature``,
``search_icon`` and ``search`` are ids they find, but no citable file was found for them: they are listed as
unconfirmed with that note. The other activities, ids, the preferences file and its keys are plausible guesses. The
real app keeps its units and alert choices on the device (read here from a SharedPreferences file, which needs
root on a phone) and fetches the forecast from The Weather Company's servers: the forecast the simulator shows
comes from :data:`FORECAST`, a JSON file tasks seed, so checks against forecast values run on the simulator only
(``sim_app_state``).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

from pytest_mobileagent.android.evidence import UNCONFIRMED, Source, Unconfirmed, entries, framework, icon_entries, key
from pytest_mobileagent.android.theme import LauncherIcon, arena_drawer

PACKAGE = "com.weather.Weather"
#: The launcher entry (a splash screen that hands over to :data:`HOME_ACTIVITY`).
MAIN_ACTIVITY = "com.weather.Weather.app.SplashScreenActivity"
HOME_ACTIVITY = "com.weather.Weather.app.MainActivity"
SEARCH_ACTIVITY = "com.weather.Weather.search.SearchActivity"
RADAR_ACTIVITY = "com.weather.Weather.map.RadarMapActivity"
SETTINGS_ACTIVITY = "com.weather.Weather.settings.SettingsActivity"
#: The launcher's label (AndroidArena's app drawer), and the name AndroidArena's observation gives the app ("The
#: current APP is Weather.", its app_configs' name).
LABEL = "The Weather Channel"
ARENA_NAME = "Weather"

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

APP_VERSION = "as AndroidArena's phone installed it from the Play Store, late 2023 (no version number recorded)"
_ARENA = "AndroidArenaAgent/AndroidArena"
_APPIUM = Unconfirmed("public Appium scripts of The Weather Channel name it; no citable file was found")
EVIDENCE = {
    key("activity", MAIN_ACTIVITY): _APPIUM,
    **entries("activity", (HOME_ACTIVITY, SEARCH_ACTIVITY, RADAR_ACTIVITY, SETTINGS_ACTIVITY), UNCONFIRMED),
    key("text", LABEL): Source(_ARENA, "trajectory/GPT4-Add_a_new_city_Beijing_to_World_Clock_in_Google_Clock.html",
                               note="the app drawer's 'The Weather Channel' icon"),
    key("text", ALERTS_TITLE): Unconfirmed("AndroidArena's weather.yaml task names the alert "
                                           "'significant weather forecast'; the row's exact title is a guess"),
    **entries("id", ("temperature", "search_icon", "search"), _APPIUM),
    **entries("id", ("location_label", "current_condition", "high_low", "hourly_item", "daily_item", "home_scroll",
                     "empty", "wind_card", "precipitation_card", "humidity_card", "uv_card", "sun_card",
                     "radar_card", "card_title", "card_value", "search_result", "search_results", "no_results",
                     "radar_map", "radar_caption", "temperature_unit", "significant_weather", "unit_choices",
                     "toolbar"), UNCONFIRMED),
    **entries("text", ("Settings", "Units", "Temperature", "Notifications", ALERTS_SUMMARY, *UNIT_LABELS.values(),
                       "Wind", "Precipitation", "Humidity", "UV index", "Sunrise & sunset", "Radar",
                       "Your location", SEARCH_HINT), UNCONFIRMED),
    **entries("desc", ("Search for a location", "More options", "Navigate up",
                       "Precipitation radar map of <city>"), UNCONFIRMED),
    **framework("content", "parentPanel", "alertTitle", "buttonPanel", "button2", "title", "summary",
                "switch_widget"),
    # The Weather Channel's own icons, not recorded in a public dump
    **icon_entries({
        "Search for a location": Unconfirmed("the top bar's magnifier"),
        "More options": Unconfirmed("three dots"),
        "Navigate up": Unconfirmed("the search page's back arrow"),
    }),
}

__all__ = [
    "ALERTS_KEY",
    "ALERTS_SUMMARY",
    "ALERTS_TITLE",
    "APP_VERSION",
    "CELSIUS",
    "DEFAULT",
    "EVIDENCE",
    "FAHRENHEIT",
    "FORECAST",
    "HOME_ACTIVITY",
    "LABEL",
    "MAIN_ACTIVITY",
    "PACKAGE",
    "PREFS",
    "RADAR_ACTIVITY",
    "SEARCH_ACTIVITY",
    "SEARCH_HINT",
    "SETTINGS_ACTIVITY",
    "UNIT_KEY",
    "UNIT_LABELS",
    "Day",
    "Forecast",
    "Hour",
    "Weather",
    "make_place",
    "to_unit",
]

#: The launcher icon on AndroidArena's phone: The Weather Channel in white on navy.
LAUNCHER_ICON = LauncherIcon("#00378F", "partly_cloudy_day", foreground="#FFFFFF",
                             source=arena_drawer("The Weather Channel in white on navy"))
