"""Google Clock's alarms, stopwatch, timers and pages on a device: seeding them and checking them.

State is read where the real app keeps it (:mod:`pytest_mobileagent.android.deskclock`). Seeding helpers
force-stop the app first: a live process would write its in-memory preferences back.

The screen checks follow AndroidWorld's ``task_evals/single/clock.py``, whose
clock tasks are judged on what the stopwatch and timer pages show.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pytest_mobileagent.android.deskclock import (
    ACTION_SET_TIMER,
    ALARMS_DB,
    EXTRA_LENGTH,
    EXTRA_SKIP_UI,
    PACKAGE,
    PREFS,
    SW_KEYS,
    SW_RESET,
    SW_RUNNING,
    TABS,
    TIMER_PAUSED,
    TIMER_RESET,
)
from pytest_mobileagent.android.shared_prefs import Long
from pytest_mobileagent.android.ui_tree import UIElement, ui_elements
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.validators.shared_prefs import read_prefs, update_prefs
from pytest_mobileagent.validators.state import insert_rows, shown, table_rows


@dataclass(frozen=True)
class AlarmRow:
    """An ``alarm_templates`` row."""

    id: int
    hour: int
    minutes: int
    days: int
    enabled: bool
    label: str = ""


# -- alarms ---------------------------------------------------------------------------


def alarms(device: Device) -> list[AlarmRow]:
    """Every alarm, by time."""
    rows = table_rows(device, ALARMS_DB, "alarm_templates", "_id, hour, minutes, daysofweek, enabled, label")
    return sorted((AlarmRow(r[0], r[1], r[2], r[3], bool(r[4]), r[5] or "") for r in rows),
                  key=lambda a: (a.hour, a.minutes, a.id))


def alarms_at(device: Device, hour: int, minutes: int) -> list[AlarmRow]:
    return [a for a in alarms(device) if (a.hour, a.minutes) == (hour, minutes)]


def seed_alarms(device: Device, rows: list[AlarmRow]) -> None:
    """Replace every alarm by ``rows`` (with their ids), as if the user had set them up."""
    device.stop_app(PACKAGE)
    device.sqlite(ALARMS_DB, "DELETE FROM alarm_instances")
    device.sqlite(ALARMS_DB, "DELETE FROM alarm_templates")
    insert_rows(device, ALARMS_DB, "alarm_templates", [
        {"_id": a.id, "hour": a.hour, "minutes": a.minutes, "daysofweek": a.days, "enabled": int(a.enabled),
         "vibrate": 1, "label": a.label, "ringtone": None, "delete_after_use": 0} for a in rows])


def unchanged(device: Device, seeded: list[AlarmRow]) -> bool:
    """Every seeded alarm is still there exactly as it was seeded."""
    now = {a.id: a for a in alarms(device)}
    return all(now.get(a.id) == a for a in seeded)


# -- preferences: tab, stopwatch, timers ------------------------------------------------------


def select_tab(device: Device, tab: str) -> None:
    """The tab the app opens on next (``selected_tab``)."""
    device.stop_app(PACKAGE)
    update_prefs(device, PREFS, {"selected_tab": TABS.index(tab)})


def selected_tab(device: Device) -> str:
    """The tab the app opens on (``selected_tab``). Unset, the simulated Google Clock opens on Alarm; AOSP
    DeskClock's ``TabDAO.getSelectedTab`` would answer ``CLOCKS``, and Google Clock's default is not published."""
    index = read_prefs(device, PREFS).get("selected_tab", 0)
    return TABS[index] if isinstance(index, int) and 0 <= index < len(TABS) else TABS[0]


def stopwatch(device: Device) -> dict[str, Any]:
    """``state`` (0 reset, 1 running, 2 paused), ``accumulated`` ms and ``laps``."""
    prefs = read_prefs(device, PREFS)
    return {"state": prefs.get("sw_state", SW_RESET), "accumulated": prefs.get("sw_accum_time", 0),
            "laps": prefs.get("sw_lap_num", 0)}


def seed_stopwatch(device: Device, state: int, accumulated_ms: int = 0, laps: int = 0) -> None:
    """Put the stopwatch in ``state``; a running one counts from ``elapsedRealtime() == 0``."""
    device.stop_app(PACKAGE)
    old = read_prefs(device, PREFS)
    stale = tuple(k for k in old if k == "sw_lap_num" or k.startswith("sw_lap_time_"))
    if state == SW_RESET:
        update_prefs(device, PREFS, remove=SW_KEYS + stale)
        return
    unused = Long(-(2**63))
    put: dict[str, Any] = {"sw_state": state, "sw_accum_time": Long(accumulated_ms),
                           "sw_start_time": Long(0) if state == SW_RUNNING else unused,
                           "sw_wall_clock_time": unused}
    if laps:
        put["sw_lap_num"] = laps
        put.update({f"sw_lap_time_{n}": Long(accumulated_ms * n // (laps + 1)) for n in range(1, laps + 1)})
    update_prefs(device, PREFS, put, remove=stale)


def clear_timers(device: Device) -> None:
    device.stop_app(PACKAGE)
    prefs = read_prefs(device, PREFS)
    update_prefs(device, PREFS, remove=tuple(k for k in prefs if k.startswith(("timer_", "timers_list",
                                                                                   "delete_after_use_"))))


def timers(device: Device) -> list[dict[str, Any]]:
    """Every timer (``TimerDAO``), by id: ``id``, ``state`` (1 running, 2 paused, 3 expired, 4 reset), ``length``
    and ``left`` ms (what was left when it last stopped or started)."""
    prefs = read_prefs(device, PREFS)
    return [{"id": int(t), "state": prefs.get(f"timer_state_{t}", TIMER_RESET),
             "length": prefs.get(f"timer_setup_timet_{t}", 0), "left": prefs.get(f"timer_time_left_{t}", 0)}
            for t in sorted(prefs.get("timers_list", set()), key=int)]


def start_timer(device: Device, seconds: int) -> None:
    """A running timer of ``seconds``, started the way a device allows (``ACTION_SET_TIMER``, no UI): a running
    timer counts from ``elapsedRealtime()``, which a seeder cannot read."""
    device.shell(f"am start -a {ACTION_SET_TIMER} --ei {EXTRA_LENGTH} {seconds} --ez {EXTRA_SKIP_UI} true")


def seed_paused_timer(device: Device, tid: int, length_ms: int, left_ms: int) -> None:
    """A paused timer (``TimerDAO`` keys) with ``left_ms`` to go."""
    device.stop_app(PACKAGE)
    unused = Long(-(2**63))
    ids = set(read_prefs(device, PREFS).get("timers_list", set())) | {str(tid)}
    update_prefs(device, PREFS, {
        "timers_list": ids, "next_timer_id": tid + 1, f"timer_state_{tid}": TIMER_PAUSED,
        f"timer_setup_timet_{tid}": Long(length_ms), f"timer_original_timet_{tid}": Long(length_ms),
        f"timer_start_time_{tid}": unused, f"timer_wall_clock_time_{tid}": unused,
        f"timer_time_left_{tid}": Long(left_ms), f"timer_label_{tid}": "", f"delete_after_use_{tid}": False})


def selected_cities(device: Device) -> list[str]:
    """The world clock's city ids (``CityDAO``: ``number_of_cities``, ``city_id_<i>``)."""
    prefs = read_prefs(device, PREFS)
    return [prefs[f"city_id_{i}"] for i in range(prefs.get("number_of_cities", 0)) if f"city_id_{i}" in prefs]


def seed_cities(device: Device, ids: list[str]) -> None:
    """Replace the world clock's cities by ``ids``."""
    device.stop_app(PACKAGE)
    old = tuple(f"city_id_{i}" for i in range(len(selected_cities(device))))
    update_prefs(device, PREFS, {"number_of_cities": len(ids), **{f"city_id_{i}": c for i, c in enumerate(ids)}},
                 remove=old)


# -- the screen (AndroidWorld's clock checks) -------------------------------------------------


def clock_in_front(device: Device) -> bool:
    package, activity = device.current_activity()
    return package == PACKAGE and "DeskClock" in activity


def screen(device: Device) -> list[UIElement]:
    return ui_elements(device.hierarchy())


def shown_page(device: Device) -> str | None:
    """The selected tab of the navigation bar, if the clock is in front."""
    if not clock_in_front(device):
        return None
    tabs = {label: tab for tab, label in shown(device, PACKAGE, *TABS).items()}
    for el in screen(device):
        if el.selected and el.content_description in tabs:
            return tabs[el.content_description]
    return None


def stopwatch_running_on_screen(device: Device) -> bool:
    """AndroidWorld ``_is_stopwatch_running``: "Pause" and "Lap" are shown."""
    descs = {el.content_description for el in screen(device)} if clock_in_front(device) else set()
    return set(shown(device, PACKAGE, "Pause", "Lap").values()) <= descs


def stopwatch_paused_on_screen(device: Device) -> bool:
    """AndroidWorld ``_is_stopwatch_paused`` ("Start" shown, "Stopwatch" twice), on the stopwatch page.

    Stricter than AndroidWorld in one way: a paused stopwatch also shows "Reset",
    which tells it from one that was reset to zero instead.
    """
    if shown_page(device) != "Stopwatch":
        return False
    els = screen(device)
    descs = {el.content_description for el in els}
    names = shown(device, PACKAGE, "Start", "Reset", "Stopwatch")
    named = sum(1 for el in els if names["Stopwatch"] in (el.text, el.content_description))
    return {names["Start"], names["Reset"]} <= descs and named == 2


def timer_on_screen(device: Device, hours: int, minutes: int, seconds: int) -> bool:
    """AndroidWorld ``_is_timer_set``: the timer setup shows ``HHh MMm SSs`` (or says it)."""
    if not clock_in_front(device):
        return False
    text = f"{hours:02d}h {minutes:02d}m {seconds:02d}s"
    desc = f"{hours} hours, {minutes} minutes, {seconds} seconds"
    return any(el.text == text or el.content_description == desc for el in screen(device))
