"""AndroidArena's Weather tasks (``weather.yaml``, all 14) and the constrained tasks 1-3 ("Do NOT use the Weather APP").

The app is The Weather Channel (:mod:`pytest_mobileagent.android.weather`), the one AndroidArena's phone ran.
Every information request is an answer task: setup seeds a drawn forecast for the device's location (and the
cities a search finds) and a drawn temperature unit, and the check reads the values the answer states against the
seeded ones: the numbers it states (times of day apart) must be exactly the expected values, none missing and none
extra, temperatures all in Celsius or all in Fahrenheit. The forecast is what The Weather Company's servers send a
real phone, so these tasks run on the simulator only (``sim_app_state``). The unit and alert tasks read the app's
preferences file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import weather
from pytest_mobileagent.android.weather import CELSIUS, FAHRENHEIT, Forecast, Weather
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import ANSWER_ONLY
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators import weather as checks
from suites.androidarena.common import ArenaTask

CONDITIONS = ("Sunny", "Partly cloudy", "Cloudy", "Light rain", "Thunderstorms", "Clear", "Fog")
DIRECTIONS = {"N": "north", "NE": "northeast", "E": "east", "SE": "southeast", "S": "south", "SW": "southwest",
              "W": "west", "NW": "northwest"}
#: Cities a search finds besides the device's location (their forecasts are the default ones).
CITIES = ("London", "Paris", "Tokyo", "New York")


def clock(minutes: int) -> str:
    """``7:12 AM`` for 432."""
    h, m = divmod(minutes, 60)
    return f"{h % 12 or 12}:{m:02d} {'AM' if h < 12 else 'PM'}"


def conditions() -> st.SearchStrategy[dict[str, Any]]:
    """The drawn weather of the device's location and the unit the app shows."""
    return st.fixed_dictionaries({
        "temp": st.integers(-5, 35), "condition": st.sampled_from(CONDITIONS), "wind": st.integers(3, 45),
        "wind_dir": st.sampled_from(sorted(DIRECTIONS)), "rain": st.integers(0, 20).map(lambda n: n * 5),
        "humidity": st.integers(20, 95), "uv": st.integers(0, 11), "sunrise": st.integers(330, 465),
        "sunset": st.integers(1020, 1230), "unit": st.sampled_from((CELSIUS, FAHRENHEIT)),
    })


class _Weather(ArenaTask):
    """Seeds a drawn forecast for the device's location (Mountain View) and the temperature unit."""

    __abstract__ = True
    apps = ("weather",)
    packages = frozenset({weather.PACKAGE})
    requires = frozenset({"sim_app_state"})
    optimal_steps = 2

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return conditions()

    def here(self) -> Weather:
        p = self.params
        return weather.make_place(weather.DEFAULT.current, p["condition"], p["temp"], p["wind"], p["wind_dir"],
                                  p["rain"], p["humidity"], p["uv"], clock(p["sunrise"]), clock(p["sunset"]))

    def setup(self, device: Device) -> None:
        others = [w for w in weather.DEFAULT.places if w.city != weather.DEFAULT.current]
        checks.seed_forecast(device, Forecast(weather.DEFAULT.current, [self.here(), *others]))
        checks.set_preferences(device, unit=self.params["unit"])

    def degrees(self, temp_c: int) -> str:
        return f"{weather.to_unit(temp_c, self.params['unit'])}°"

    def open_weather(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Weather")


class _Question(_Weather):
    """An information request: the agent answers, the check reads the answer."""

    __abstract__ = True
    answer_required = True
    tolerates = ANSWER_ONLY
    #: The oracle scrolls the home page until this text is on screen before answering.
    section = ""

    def place(self) -> Weather:
        return self.here()

    def answer(self) -> str:
        raise NotImplementedError

    def answered(self, answer: str) -> bool:
        raise NotImplementedError

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if answer and not checks.garbled(answer) and self.answered(answer) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_weather(ui)
        if self.section:
            yield from ui.scroll_to(text=self.section)
        yield ui.answer(self.answer())


class WeatherCurrent(_Question):
    """The answer states the current temperature (and no other number) and the condition."""

    template = "Get the current weather for my current location."

    def answer(self) -> str:
        return f"{self.degrees(self.place().temp_c)}, {self.place().condition}"

    def answered(self, answer: str) -> bool:
        p = self.place()
        return checks.states_temperatures(answer, [p.temp_c]) and checks.states_condition(answer, p.condition)


class WeatherThreeDays(_Question):
    """"The next 3 days" is ambiguous: the answer states the high and low of each of three days, either today and
    the next two or the three days after today (six temperatures, no other number)."""

    template = "Check the weather forecast for the next 3 days."
    section = "Daily forecast"
    tolerates = {**ANSWER_ONLY, "answer:append": "the check reads the six temperatures; the day names between them "
                 "are free words, so a stray letter after the last one changes no temperature"}

    def answer(self) -> str:
        return ", ".join(f"{self.degrees(d.high_c)} / {self.degrees(d.low_c)} on {d.label}"
                         for d in self.place().days[1:4])

    def answered(self, answer: str) -> bool:
        days = self.place().days
        return any(checks.states_temperatures(answer, [t for d in span for t in (d.high_c, d.low_c)])
                   for span in (days[0:3], days[1:4]))


class WeatherWind(_Question):
    """The answer states the wind speed in km/h (the only number) and its direction (``NW`` or "northwest")."""

    template = "View the wind speed and direction for the current weather."
    section = "Wind"

    def answer(self) -> str:
        return f"{self.place().wind_kmh} km/h, {self.place().wind_dir}"

    def answered(self, answer: str) -> bool:
        p = self.place()
        word = DIRECTIONS[p.wind_dir]
        named = re.search(rf"\b({p.wind_dir}|{word}|{word.replace('h', 'h-', 1)})\b", answer, re.IGNORECASE)
        return checks.same_values(checks.stated_numbers(answer), [p.wind_kmh]) and named is not None


class _OneValue(_Question):
    """The answer states one value (and no other number)."""

    __abstract__ = True
    unit_suffix = "%"

    def value(self) -> int:
        raise NotImplementedError

    def answer(self) -> str:
        return f"{self.value()}{self.unit_suffix}"

    def answered(self, answer: str) -> bool:
        return checks.same_values(checks.stated_numbers(answer), [self.value()])


class WeatherRainChance(_OneValue):
    """The chance of rain now (the Precipitation card)."""

    template = "Check the chance of rain for the current weather."
    section = "Precipitation"

    def value(self) -> int:
        return self.place().rain


class WeatherHumidity(_OneValue):
    """The humidity now (the Humidity card)."""

    template = "View the humidity level for the current weather."
    section = "Humidity"

    def value(self) -> int:
        return self.place().humidity


class WeatherUvIndex(_OneValue):
    """The UV index now (the UV index card)."""

    template = "Check the UV index for the current weather."
    section = "UV index"
    unit_suffix = ""

    def value(self) -> int:
        return self.place().uv


class WeatherSunriseSunset(_Question):
    """The answer states today's sunrise and sunset times (and no other number)."""

    template = "Find out the sunrise and sunset times for my current location."
    section = "Sunrise & sunset"

    def answer(self) -> str:
        return f"Sunrise {self.place().sunrise}, sunset {self.place().sunset}"

    def answered(self, answer: str) -> bool:
        p = self.place()
        want = [checks.stated_times(p.sunrise)[0], checks.stated_times(p.sunset)[0]]
        return checks.same_values(checks.stated_times(answer), want) and not checks.stated_numbers(answer)


class WeatherHourly(_Question):
    """The answer states the temperature of each of the next three hours (the hourly rows after "Now"), no other
    number; the hours it names as times of day, if it names any, are those three, and a part of the answer (between
    commas) that gives one time and one temperature pairs them as the forecast does ("7° at 4 PM")."""

    template = "Get a detailed hourly forecast for the next 3 hours."
    section = "Daily forecast"

    def answer(self) -> str:
        return ", ".join(f"{self.degrees(h.temp_c)} at {h.label}" for h in self.place().hours[:3])

    def answered(self, answer: str) -> bool:
        hours = self.place().hours[:3]
        stated = checks.stated_numbers(answer)
        units = [u for u in (CELSIUS, FAHRENHEIT)
                 if checks.same_values(stated, [weather.to_unit(h.temp_c, u) for h in hours])]
        if not units:
            return False
        at = {checks.stated_times(h.label)[0]: h.temp_c for h in hours}
        times = checks.stated_times(answer)
        if times and not checks.same_values(times, list(at)):
            return False
        for part in re.split(r"[,;]", answer):
            when, temps = checks.stated_times(part), checks.stated_numbers(part)
            if len(when) == 1 and len(temps) == 1 and all(temps[0] != weather.to_unit(at[when[0]], u) for u in units):
                return False
        return True


class WeatherSearchCity(_Question):
    """Search a city and answer its current temperature and condition (as :class:`WeatherCurrent`); the city is
    drawn among the cities the search finds, "London" being the published one."""

    template = 'Get the weather for "{city}" by searching for it.'
    published = ({"city": "London"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.tuples(conditions(), st.sampled_from(CITIES)).map(lambda t: {**t[0], "city": t[1]})

    def place(self) -> Weather:
        found = weather.DEFAULT.place(self.params["city"])
        assert found is not None
        return found

    answer = WeatherCurrent.answer
    answered = WeatherCurrent.answered

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_weather(ui)
        yield ui.click(desc="Search for a location")
        yield ui.type(self.params["city"], rid="search")
        yield ui.click(text=self.params["city"], rid="android:id/title")
        yield ui.answer(self.answer())


class WeatherRadar(_Weather):
    """Reaching a page: the check reads the screen at the end, the radar page of the device's location (the
    radar map named for it)."""

    template = "View the weather radar for my current location."
    optimal_steps = 3

    def check(self, device: Device, answer: str | None = None) -> float:
        _, activity = device.current_activity()
        shown = f'content-desc="Precipitation radar map of {checks.read_forecast(device).current}"'
        return 1.0 if activity == weather.RADAR_ACTIVITY and shown in device.hierarchy() else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_weather(ui)
        yield from ui.reach(text="Radar")
        yield ui.complete()


class _Preference(ArenaTask):
    """A setting of the app, read from its preferences file; setup sets the opposite."""

    __abstract__ = True
    apps = ("weather",)
    packages = frozenset({weather.PACKAGE})
    optimal_steps = 5

    def open_settings(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Weather")
        yield ui.click(desc="More options")
        yield ui.click(text="Settings")


class _Unit(_Preference):
    """The temperature unit (``temperature_unit`` in the app's preferences)."""

    __abstract__ = True
    start, goal_unit = CELSIUS, FAHRENHEIT

    def setup(self, device: Device) -> None:
        checks.set_preferences(device, unit=self.start)

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if checks.temperature_unit(device) == self.goal_unit else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_settings(ui)
        yield ui.click(text="Temperature")
        yield ui.click(text=weather.UNIT_LABELS[self.goal_unit])
        yield ui.complete()


class WeatherCelsiusToFahrenheit(_Unit):
    template = "Switch from Celsius to Fahrenheit units in the Weather APP."


class WeatherFahrenheitToCelsius(_Unit):
    template = "Switch from Fahrenheit to Celsius units in the Weather APP."
    start, goal_unit = FAHRENHEIT, CELSIUS


class _Alerts(_Preference):
    """Significant-weather alerts (``significant_weather_notifications`` in the app's preferences)."""

    __abstract__ = True
    turn_on = True

    def setup(self, device: Device) -> None:
        checks.set_preferences(device, alerts=not self.turn_on)

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if checks.alerts_on(device) == self.turn_on else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_settings(ui)
        yield ui.click(text=weather.ALERTS_TITLE)
        yield ui.complete()


class WeatherAlertsOn(_Alerts):
    template = "Turn on significant weather forecast alerts for severe weather conditions."


class WeatherAlertsOff(_Alerts):
    template = "Turn off significant weather forecast alerts for severe weather conditions."
    turn_on = False


# -- constrained: "Do NOT use the Weather APP." (constrain.yaml 1-3) ------------------------------------------------

NO_WEATHER_APP = "Do NOT use the Weather APP."


class _GoogleWeather:
    """The oracle asks the Google app instead (its weather result shows the same forecast, in Celsius)."""

    type = "constrained"
    constraint = NO_WEATHER_APP
    constraints = {"apps": [weather.PACKAGE]}
    params: dict[str, Any]

    def query(self) -> str:
        return "weather"

    def search(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Google")
        yield ui.click(rid="googleapp_hint_text")
        yield ui.type(self.query(), rid="googleapp_search_box")
        yield ui.enter()


class ConstrainedWeatherCurrent(_GoogleWeather, WeatherCurrent):
    """As :class:`WeatherCurrent` without the Weather app."""

    template = "Find the current weather forecast."

    def degrees(self, temp_c: int) -> str:
        return f"{temp_c}°"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.search(ui)
        yield ui.answer(self.answer())


class ConstrainedWeatherThreeDays(_GoogleWeather, WeatherThreeDays):
    """As :class:`WeatherThreeDays` without the Weather app."""

    degrees = ConstrainedWeatherCurrent.degrees
    oracle = ConstrainedWeatherCurrent.oracle


class ConstrainedWeatherSearchCity(_GoogleWeather, WeatherSearchCity):
    """As :class:`WeatherSearchCity` (the city's current temperature and condition) without the Weather app."""

    template = 'Get the weather in "{city}"'
    degrees = ConstrainedWeatherCurrent.degrees
    oracle = ConstrainedWeatherCurrent.oracle

    def query(self) -> str:
        return f"weather in {self.params['city']}"
