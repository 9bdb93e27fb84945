"""The simulated Weather app, its seeding and validators, the Google app's weather result, and AndroidArena's
"Do NOT use the Weather APP" constraint."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import weather
from pytest_mobileagent.episode import play
from pytest_mobileagent.mutations import Replay
from pytest_mobileagent.validators import weather as checks
from suites.androidarena.tasks_weather import (
    ConstrainedWeatherCurrent,
    WeatherCurrent,
    WeatherHourly,
    WeatherRainChance,
    WeatherUvIndex,
)


@pytest.fixture
def device() -> Iterator[SimDevice]:
    d = SimDevice(serial="sim-weather")
    yield d
    d.close()


def texts(device: SimDevice) -> str:
    return device.hierarchy()


def test_the_home_page_shows_the_seeded_forecast_in_the_preferred_unit(device: SimDevice) -> None:
    here = weather.make_place("Mountain View", "Fog", 10, 5, "S", 40, 90, 2, "6:01 AM", "7:02 PM")
    checks.seed_forecast(device, weather.Forecast("Mountain View", [here]))
    device.start_app(weather.PACKAGE)
    assert 'text="10°"' in texts(device) and 'text="Fog"' in texts(device)
    checks.set_preferences(device, unit=weather.FAHRENHEIT)
    device.start_app(weather.PACKAGE)
    assert 'text="50°"' in texts(device) and checks.temperature_unit(device) == weather.FAHRENHEIT
    assert checks.read_forecast(device).place("mountain view") == here


def test_a_fresh_device_has_the_default_forecast_celsius_and_no_alerts(device: SimDevice) -> None:
    assert checks.read_forecast(device) == weather.DEFAULT
    assert checks.temperature_unit(device) == weather.CELSIUS and not checks.alerts_on(device)


def test_answers_are_read_for_their_numbers_and_times() -> None:
    assert checks.stated_times("Sunrise 7:12 AM, sunset 6:33 pm") == [432, 1113]
    assert checks.stated_numbers("22° at 4 PM, 21° at 17:00") == [22.0, 21.0]
    assert checks.states_temperatures("72°F and sunny", [22]) and checks.states_temperatures("22 C", [22])
    assert not checks.states_temperatures("22°, 22°", [22])


CONDITIONS = {"temp": 22, "condition": "Sunny", "wind": 10, "wind_dir": "NW", "rain": 55, "humidity": 40, "uv": 2,
              "sunrise": 400, "sunset": 1100, "unit": weather.CELSIUS}


def test_a_condition_is_named_as_a_word_and_a_letter_glued_to_a_value_misspells_it() -> None:
    current = WeatherCurrent(CONDITIONS)
    assert current.check(None, "22°, Sunny") == 1.0 and current.check(None, "It is 72°F and sunny.") == 1.0
    assert current.check(None, "22°, Sunnyx") == 0.0  # another word, not the condition
    assert WeatherUvIndex(CONDITIONS).check(None, "UV index 2") == 1.0
    assert WeatherUvIndex(CONDITIONS).check(None, "2x") == 0.0
    assert WeatherRainChance(CONDITIONS).check(None, "55%x") == 0.0
    assert checks.garbled("55%x") and not checks.garbled("22°C, 10km/h at 7am")
    assert not checks.garbled("22°Celsius, 10kmph, 3mm in 2h") and checks.garbled("22°Cx")


def test_the_hourly_answer_names_the_hours_whose_temperatures_it_gives() -> None:
    task = WeatherHourly(CONDITIONS)  # 4 PM 22°, 5 PM 21°, 6 PM 20°
    assert task.check(None, task.answer()) == 1.0 and task.check(None, "22°, 21°, 20°") == 1.0
    assert task.check(None, "22° at 4 PM, 21° at 5 PM, 20° at 7 PM") == 0.0  # an hour not asked about
    assert task.check(None, "21° at 4 PM, 22° at 5 PM, 20° at 6 PM") == 0.0  # the right values on the wrong hours


def test_the_google_app_answers_a_weather_search_from_the_same_forecast(device: SimDevice) -> None:
    device.start_app("com.google.android.googlequicksearchbox")
    device.tap(*_center(device, "googleapp_hint_text"))
    device.input_text("weather in London")
    device.press("enter")
    xml = texts(device)
    assert 'text="Weather · London"' in xml and 'text="12°C"' in xml and 'text="Light rain"' in xml


def _center(device: SimDevice, rid: str) -> tuple[int, int]:
    from pytest_mobileagent.android.ui_tree import ui_elements
    el = next(e for e in ui_elements(device.hierarchy()) if e.resource_name == rid)
    return el.center


def test_opening_the_weather_app_fails_the_constrained_task_with_the_violation_named(device: SimDevice) -> None:
    params = {"temp": 22, "condition": "Sunny", "wind": 10, "wind_dir": "N", "rain": 0, "humidity": 50, "uv": 3,
              "sunrise": 400, "sunset": 1100, "unit": weather.CELSIUS}
    right = WeatherCurrent(params).answer()
    # opening the app is the first violation, acting in it the second
    actions = [Action.open_app("Weather"), Action("scroll", direction="down"), Action.answer(right)]
    assert play(device, WeatherCurrent(params), Replay(list(actions))).success == 1.0
    result = play(device, ConstrainedWeatherCurrent(params), Replay(list(actions)))
    assert result.success == 0.0
    assert result.constraint_violations == [f"step 0: app {weather.PACKAGE}", f"step 1: app {weather.PACKAGE}"]


def test_the_weather_app_is_the_weather_channel_androidarena_installed(device: SimDevice) -> None:
    """AndroidArena's ``app_configs/weather.yaml`` and ``scripts/env_setup.py``: ``com.weather.Weather``; Google's
    weather package is not on the phone. The splash screen, the launcher entry, hands over to the home page."""
    assert device.shell("pm list packages weather").split() == ["package:com.weather.Weather"]
    assert "Error" not in device.shell("am start -n com.weather.Weather/.app.SplashScreenActivity")
    assert device.current_activity() == (weather.PACKAGE, weather.HOME_ACTIVITY)
    assert 'resource-id="com.weather.Weather:id/temperature"' in device.hierarchy()
    device.press("back")
    assert device.current_activity()[0] != weather.PACKAGE
