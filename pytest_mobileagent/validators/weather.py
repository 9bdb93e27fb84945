"""Google's Weather app on a device: seed its forecast, read and set its units and alerts, and read the values an
answer about the weather states.

The forecast store (:data:`~pytest_mobileagent.android.weather.FORECAST`) is the simulator's stand-in for
Google's weather service; the preferences are the app's own SharedPreferences file (root on a phone).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from pytest_mobileagent.android import weather
from pytest_mobileagent.android.weather import Forecast
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.validators.answers import letter_glued
from pytest_mobileagent.validators.shared_prefs import read_prefs, update_prefs

#: A time of day as people write it: ``7:12 AM``, ``7 pm``, ``19:12``.
TIME = re.compile(r"\b(\d{1,2})(?::(\d{2}))?\s*([AaPp])\.?\s?[Mm]\b\.?|\b(\d{1,2}):(\d{2})\b")
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
#: What a weather value may have glued after it: temperature, speed and time-of-day units (``29°C``, ``5km/h``,
#: ``7am``).
UNITS = ("celsius", "fahrenheit", "C", "F", "kmph", "kph", "kmh", "km", "mph", "mm", "m", "hrs", "hr", "h", "am", "pm",
         "a", "p")


def seed_forecast(device: Device, forecast: Forecast) -> None:
    """Make ``forecast`` what the Weather app shows (and the Google app's weather results)."""
    device.write_file(weather.FORECAST, forecast.dumps().encode())


def read_forecast(device: Device) -> Forecast:
    """The forecast the device shows (the default one when none was seeded)."""
    if not device.exists(weather.FORECAST):
        return weather.DEFAULT
    return Forecast.loads(device.read_file(weather.FORECAST))


def temperature_unit(device: Device) -> str:
    """``CELSIUS`` or ``FAHRENHEIT``, as the app's preferences say (Celsius when unset)."""
    return weather.FAHRENHEIT if read_prefs(device, weather.PREFS).get(weather.UNIT_KEY) == weather.FAHRENHEIT \
        else weather.CELSIUS


def alerts_on(device: Device) -> bool:
    """Whether significant-weather alerts are on."""
    return bool(read_prefs(device, weather.PREFS).get(weather.ALERTS_KEY, False))


def set_preferences(device: Device, unit: str | None = None, alerts: bool | None = None) -> None:
    """Set the temperature unit and/or the alerts, with the app stopped (it keeps its preferences in memory)."""
    put: dict[str, object] = {}
    if unit is not None:
        put[weather.UNIT_KEY] = unit
    if alerts is not None:
        put[weather.ALERTS_KEY] = alerts
    device.stop_app(weather.PACKAGE)
    update_prefs(device, weather.PREFS, put)


def stated_times(answer: str) -> list[int]:
    """The times of day ``answer`` states, as minutes since midnight."""
    out = []
    for h12, m12, ampm, h24, m24 in TIME.findall(answer):
        if ampm:
            h = int(h12) % 12 + (12 if ampm.lower() == "p" else 0)
            out.append(h * 60 + int(m12 or 0))
        else:
            out.append(int(h24) * 60 + int(m24))
    return out


def stated_numbers(answer: str) -> list[float]:
    """The numbers ``answer`` states besides times of day (temperatures, percentages, speeds)."""
    return [float(n) for n in NUMBER.findall(TIME.sub(" ", answer))]


def garbled(answer: str) -> bool:
    """Whether a letter is glued to one of ``answer``'s values (``2x``, ``55%x``): that value is misspelt."""
    return letter_glued(answer, UNITS)


def states_condition(answer: str, condition: str) -> bool:
    """Whether ``answer`` names ``condition`` as words of their own (``Sunny``, not ``Sunnyx``), in any case."""
    return re.search(rf"(?<!\w){re.escape(condition)}(?!\w)", answer, re.IGNORECASE) is not None


def same_values(stated: Sequence[float], expected: Sequence[float]) -> bool:
    """Whether ``stated`` are ``expected`` one for one, in any order (no value missing, none extra)."""
    return Counter(stated) == Counter(float(e) for e in expected)


def states_temperatures(answer: str, temps_c: Sequence[int], extra: Sequence[float] = ()) -> bool:
    """Whether ``answer``'s numbers are ``temps_c`` (all in Celsius or all in Fahrenheit) plus ``extra``."""
    stated = stated_numbers(answer)
    return any(same_values(stated, [*(weather.to_unit(t, u) for t in temps_c), *extra])
               for u in (weather.CELSIUS, weather.FAHRENHEIT))


__all__ = ["alerts_on", "garbled", "read_forecast", "same_values", "seed_forecast", "set_preferences",
           "stated_numbers", "stated_times", "states_condition", "states_temperatures", "temperature_unit"]
