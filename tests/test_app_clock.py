"""Clock (Google Clock): screens driven through Device input, state in alarms.db and shared prefs, and its tasks."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from lxml import etree

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import deskclock
from pytest_mobileagent.android.shared_prefs import Long, format_prefs, parse_prefs
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.observe.elements import UIElement, ui_elements
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.validators import deskclock as clock
from pytest_mobileagent.validators.deskclock import AlarmRow
from pytest_mobileagent.validators.shared_prefs import read_prefs
from pytest_mobileagent.validators.state import logcat_matches
from suites.androidworld import tasks_clock as aw
from suites.bmoca import tasks_clock as bm

TASKS: list[type[Task]] = [aw.ClockStopWatchPausedVerify, aw.ClockStopWatchRunning, aw.ClockTimerEntry,
                           bm.ClockOpenApp, bm.ClockTurnOnAlarm, bm.ClockDeleteAlarm, bm.ClockGoToPage,
                           bm.ClockStartStopwatch, bm.ClockPauseStopwatch, bm.ClockResetStopwatch,
                           bm.ClockCreateAlarm, bm.ClockCreateRepeatingAlarm, bm.ClockDeleteAndCreateAlarm]
PROOF = settings(max_examples=10, deadline=None, database=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def clean() -> Iterator[SimDevice]:
    d = SimDevice(serial="sim-clock")
    d.snapshot_save("clean")
    yield d
    d.close()


@pytest.fixture
def d(clean: SimDevice) -> SimDevice:
    clean.snapshot_load("clean")
    clean.set_time(DEFAULT_TIME)
    return clean


# -- driving the screen -----------------------------------------------------------------------


def elements(d: SimDevice) -> list[UIElement]:
    return [e for e in ui_elements(d.hierarchy()) if e.package == deskclock.PACKAGE]


def find(d: SimDevice, n: int = 0, **match: Any) -> UIElement:
    found = [e for e in elements(d) if all(getattr(e, k) == v for k, v in match.items())]
    assert len(found) > n, f"no {match} in {[e.describe() for e in elements(d)]}"
    return found[n]


def tap(d: SimDevice, n: int = 0, **match: Any) -> None:
    d.tap(*find(d, n, **match).center)


def texts(d: SimDevice) -> list[str]:
    return [e.text for e in elements(d) if e.text]


def descs(d: SimDevice) -> set[str]:
    return {e.content_description for e in elements(d) if e.content_description}


def type_into(d: SimDevice, n: int, text: str) -> None:
    """Tap the n-th NumberPicker field, clear it and type, as an agent would."""
    field = find(d, n, resource_id="android:id/numberpicker_input")
    d.tap(*field.center)
    d.press("move_end")
    for _ in field.text:
        d.press("delete")
    d.input_text(text)


def alarm_rows(d: SimDevice) -> list[tuple[Any, ...]]:
    return d.sqlite(deskclock.ALARMS_DB, "SELECT hour, minutes, daysofweek, enabled FROM alarm_templates ORDER BY _id")


def prefs(d: SimDevice) -> dict[str, Any]:
    return read_prefs(d, deskclock.PREFS)


# -- screens -----------------------------------------------------------------------------------


def test_alarm_tab_lists_first_run_alarms_and_tabs(d: SimDevice) -> None:
    d.start_app(deskclock.PACKAGE)
    etree.fromstring(d.hierarchy().encode())
    assert d.current_activity() == (deskclock.PACKAGE, deskclock.ACTIVITY)
    for tab in deskclock.TABS:
        item = find(d, content_description=tab)
        assert item.resource_id == f"{deskclock.PACKAGE}:id/tab_menu_{tab.lower()}"
        assert item.selected == (tab == "Alarm")
        assert find(d, text=tab).resource_name == "navigation_bar_item_small_label_view"
    assert {"08:30 Alarm", "09:00 Alarm", "Add alarm"} <= descs(d)
    assert find(d, text="08:30").resource_id == f"{deskclock.PACKAGE}:id/digital_clock"
    assert find(d, text="Mon, Tue, Wed, Thu, Fri").resource_name == "days_of_week"
    assert [e.checked for e in elements(d) if e.resource_name == "onoff"] == [False, False]


def test_tab_switch_logs_event_and_survives_process_stop(d: SimDevice) -> None:
    d.start_app(deskclock.PACKAGE)
    tap(d, content_description="Timer")
    assert logcat_matches(d, r"^(.*?)Events: \[Timer\] \[Show Tab\] \[Tap\]", tag="AlarmClock")
    assert prefs(d)["selected_tab"] == 2
    d.stop_app(deskclock.PACKAGE)
    d.start_app(deskclock.PACKAGE)
    assert find(d, content_description="Timer").selected and "00h 00m 00s" in texts(d)


def test_database_has_google_clocks_schema(d: SimDevice) -> None:
    d.start_app(deskclock.PACKAGE)
    with sqlite3.connect(d.system.fs.host(deskclock.ALARMS_DB)) as db:
        tables = dict(db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'").fetchall())
        assert db.execute("PRAGMA user_version").fetchone() == (deskclock.DB_VERSION,)
    assert tables["alarm_templates"].startswith("CREATE TABLE alarm_templates (_id INTEGER PRIMARY KEY, hour INTEGER")
    assert "workflow_label TEXT, workflow_data TEXT" in tables["alarm_templates"]
    assert "alarm_state INTEGER NOT NULL" in tables["alarm_instances"]
    assert alarm_rows(d) == [(8, 30, 31, 0), (9, 0, 96, 0)]


def test_create_alarm_with_spinner_picker_24h(d: SimDevice) -> None:
    d.start_app(deskclock.PACKAGE)
    tap(d, content_description="Add alarm")
    assert [e.text for e in elements(d) if e.resource_name == "numberpicker_input"] == ["15", "34"]
    assert find(d, text="OK").resource_id == "android:id/button1"
    type_into(d, 0, "6")
    type_into(d, 1, "30")
    tap(d, text="OK")
    assert alarm_rows(d)[-1] == (6, 30, 0, 1)
    assert d.sqlite(deskclock.ALARMS_DB, "SELECT year, month, day, hour, minutes, alarm_id FROM alarm_instances") == [
        (2023, 9, 16, 6, 30, 3)]  # month is 0-based, as Calendar.MONTH
    assert logcat_matches(d, r"^(.*?)Created new alarm instance", tag="AlarmClock")
    assert logcat_matches(d, r"^(.*?)nextUserAlarmTime(.*?)06:30:00", tag="ConditionProviders.SCP")
    assert find(d, content_description="06:30 Alarm") and find(d, content_description="Monday")  # new alarm expanded


def test_create_alarm_12h_with_am_pm(d: SimDevice) -> None:
    d.settings_put("system", "time_12_24", "12")
    d.start_app(deskclock.PACKAGE)
    assert "8:30 AM" in texts(d)
    tap(d, content_description="Add alarm")
    assert [e.text for e in elements(d) if e.resource_name == "numberpicker_input"] == ["3", "34", "PM"]
    type_into(d, 0, "7")
    type_into(d, 1, "05")
    tap(d, text="AM", class_name="android.widget.Button")
    tap(d, text="OK")
    assert alarm_rows(d)[-1] == (7, 5, 0, 1)
    tap(d, content_description="Add alarm")
    tap(d, text="35")  # the next minute
    tap(d, text="4")  # the next hour
    tap(d, text="OK")
    assert alarm_rows(d)[-1] == (16, 35, 0, 1)


def test_picker_rejects_out_of_range_and_minutes_carry(d: SimDevice) -> None:
    d.start_app(deskclock.PACKAGE)
    tap(d, text="09:00")  # edit the 9:00 alarm's time
    type_into(d, 0, "25")  # rejected by the input filter: the field stays empty and the hour stays 9
    type_into(d, 1, "59")
    tap(d, text="01")  # a neighbour tap commits the typed 59 first; stepping past 59 carries into the hour
    tap(d, text="OK")
    assert alarm_rows(d)[1] == (10, 0, 96, 1)  # editing the time turns the alarm on


def test_toggle_repeat_label_and_delete_alarm(d: SimDevice) -> None:
    d.start_app(deskclock.PACKAGE)
    tap(d, resource_name="onoff", n=1)
    assert alarm_rows(d)[1] == (9, 0, 96, 1) and d.system.toast_text == (
        "Alarm set for 5 days, 17 hours, and 25 minutes from now.")
    tap(d, content_description="Expand alarm", n=1)
    tap(d, content_description="Monday")
    tap(d, text="Add label")
    d.input_text("Gym")
    tap(d, text="OK")
    assert d.sqlite(deskclock.ALARMS_DB, "SELECT daysofweek, label FROM alarm_templates WHERE _id = 2") == [(97, "Gym")]
    assert find(d, content_description="09:00 Gym")
    tap(d, resource_name="delete")
    assert alarm_rows(d) == [(8, 30, 31, 0)]
    assert d.sqlite(deskclock.ALARMS_DB, "SELECT COUNT(*) FROM alarm_instances") == [(0,)]
    assert logcat_matches(d, r"^(.*?)Removed alarm", tag="AlarmClock")


def test_timer_keypad_and_running_timer(d: SimDevice) -> None:
    d.start_app(deskclock.PACKAGE)
    tap(d, content_description="Timer")
    assert "Start" not in descs(d)
    for key in ("0", "1", "3", "9", "5"):
        tap(d, resource_name=f"timer_setup_digit_{key}")
    tap(d, content_description="Delete")
    display = find(d, resource_name="timer_setup_time")
    assert (display.text, display.content_description) == ("00h 01m 39s", "0 hours, 1 minute, 39 seconds")
    tap(d, content_description="Start")
    assert prefs(d)["timers_list"] == {"0"} and prefs(d)["timer_setup_timet_0"] == 99_000
    d.shell("sleep 30")
    assert "1:09" in texts(d) and "Pause" in descs(d)  # started at the tap, then 30 s passed


def test_stopwatch_runs_with_device_time_and_persists(d: SimDevice) -> None:
    d.start_app(deskclock.PACKAGE)
    tap(d, content_description="Stopwatch")
    assert descs(d) >= {"Start"} and not descs(d) & {"Reset", "Lap", "Pause"}
    tap(d, content_description="Start")
    d.shell("sleep 64")
    assert "1:04" in texts(d) and {"Pause", "Lap", "Reset"} <= descs(d)
    tap(d, content_description="Lap")
    assert "# 1" in texts(d) and prefs(d)["sw_lap_num"] == 1
    d.stop_app(deskclock.PACKAGE)  # a killed process keeps the stopwatch running
    d.shell("sleep 10")
    d.start_app(deskclock.PACKAGE)
    tap(d, content_description="Pause")
    assert prefs(d)["sw_state"] == deskclock.SW_PAUSED and prefs(d)["sw_accum_time"] == 76_000
    assert {"Start", "Reset"} <= descs(d) and "Lap" not in descs(d)
    tap(d, content_description="Reset")
    assert not {k for k in prefs(d) if k.startswith("sw_")} and "0" in texts(d)
    assert logcat_matches(d, r"^(.*?)Events: \[Stopwatch\] \[Reset\]", tag="AlarmClock")


def test_world_clock_cities(d: SimDevice) -> None:
    d.start_app(deskclock.PACKAGE)
    tap(d, content_description="Clock")
    assert find(d, resource_name="digital_clock").text == "15:34" and "Sun, Oct 15" in texts(d)
    tap(d, content_description="Add city")  # Google Clock's city search over the Clock tab
    assert d.current_activity()[1] == deskclock.ACTIVITY
    assert find(d, resource_name="open_search_view_edit_text").hint == "Search for a city"
    d.input_text("tok")
    assert [e.text for e in elements(d) if e.resource_name == "city_name"] == ["Tokyo"]
    tap(d, text="Tokyo")
    assert prefs(d)["number_of_cities"] == 1 and prefs(d)["city_id_0"] == "C139"
    assert {"Tokyo", "00:34", "9 hours ahead"} <= set(texts(d))  # the search closed on the choice
    assert 'resource-id="com.google.android.deskclock:id/selectable_area"' in d.hierarchy()


def test_shared_prefs_format_round_trips() -> None:
    data = (b"<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map>\n"
            b'    <int name="selected_tab" value="3" />\n    <long name="sw_accum_time" value="5000" />\n'
            b'    <boolean name="b" value="true" />\n    <string name="s">a &amp; b</string>\n'
            b'    <set name="timers_list">\n        <string>1</string>\n    </set>\n</map>\n')
    prefs = parse_prefs(data)
    assert prefs == {"selected_tab": 3, "sw_accum_time": 5000, "b": True, "s": "a & b", "timers_list": {"1"}}
    assert isinstance(prefs["sw_accum_time"], Long) and format_prefs(prefs) == data


# -- tasks: proofs ---------------------------------------------------------------------------------


def test_task_modules_are_collected_as_tasks() -> None:
    from pytest_mobileagent.tasks.registry import tasks_in

    assert tasks_in(aw) + tasks_in(bm) == TASKS


# -- tasks: checks on end states and near misses ------------------------------------------------------


def seeded_task(d: SimDevice, cls: type[Task], **params: Any) -> Task:
    task = cls(params)
    task.setup(d)
    return task


def test_create_alarm_check_near_misses(d: SimDevice) -> None:
    task = seeded_task(d, bm.ClockCreateAlarm, hour=13, minutes=30, time="13:30 pm", noise=[2], clock_24h=True)
    noise = bm.NOISE_ALARMS[2]
    for row, expected in [(AlarmRow(20, 13, 31, 0, True), 0.0), (AlarmRow(20, 1, 30, 0, True), 0.0),
                          (AlarmRow(20, 13, 30, 0, False), 0.0), (AlarmRow(20, 13, 30, 0, True), 1.0)]:
        clock.seed_alarms(d, [noise, row])
        assert task.check(d) == expected, row
    clock.seed_alarms(d, [AlarmRow(noise.id, 13, 30, noise.days, True)])  # an existing alarm moved, none created
    assert task.check(d) == 0.0


def test_repeating_alarm_check_wants_exact_days(d: SimDevice) -> None:
    task = seeded_task(d, bm.ClockCreateRepeatingAlarm, hour=10, minutes=30, time="10:30 am", repeat="weekday",
                       noise=[], clock_24h=False)
    for days, expected in [(30, 0.0), (127, 0.0), (96, 0.0), (31, 1.0)]:
        clock.seed_alarms(d, [AlarmRow(1, 10, 30, days, True)])
        assert task.check(d) == expected, days


def test_turn_on_and_delete_checks_ignore_the_wrong_alarm(d: SimDevice) -> None:
    params = {"noise": [1, 2], "clock_24h": True, "nine_am_days": 96}
    turn_on = seeded_task(d, bm.ClockTurnOnAlarm, **params)
    nine_pm, nine_thirty = bm.NOISE_ALARMS[1], bm.NOISE_ALARMS[2]
    nine = AlarmRow(bm.NINE_AM_ID, 9, 0, 96, False)
    on = AlarmRow(bm.NINE_AM_ID, 9, 0, 96, True)
    clock.seed_alarms(d, [AlarmRow(11, 21, 0, 0, True), nine_thirty, nine])
    assert turn_on.check(d) == 0.0
    clock.seed_alarms(d, [AlarmRow(11, 21, 0, 0, True), nine_thirty, on])
    assert turn_on.check(d) == 0.0  # the 9 PM alarm was switched on too
    clock.seed_alarms(d, [nine_pm, nine_thirty, on])
    assert turn_on.check(d) == 1.0
    delete = seeded_task(d, bm.ClockDeleteAlarm, nine_am_on=False, **params)
    clock.seed_alarms(d, [nine_thirty, nine])
    assert delete.check(d) == 0.0
    clock.seed_alarms(d, [nine_pm, nine_thirty])
    assert delete.check(d) == 1.0
    both = seeded_task(d, bm.ClockDeleteAndCreateAlarm, hour=10, minutes=30, time="10:30 am", **params)
    clock.seed_alarms(d, [nine_pm, nine_thirty, AlarmRow(1, 10, 30, 0, True)])
    assert both.check(d) == 1.0
    clock.seed_alarms(d, [nine_pm, nine_thirty, nine, AlarmRow(2, 10, 30, 0, True)])
    assert both.check(d) == 0.5


def test_stopwatch_checks_read_preferences(d: SimDevice) -> None:
    params = {"start_tab": "Clock", "clock_24h": True, "noise": [], "seconds": 30, "laps": 2, "running": True}
    pause = seeded_task(d, bm.ClockPauseStopwatch, **params)
    reset = seeded_task(d, bm.ClockResetStopwatch, **params)
    start = seeded_task(d, bm.ClockStartStopwatch, **params)
    clock.seed_stopwatch(d, deskclock.SW_PAUSED, 30_000, laps=2)
    assert (pause.check(d), reset.check(d), start.check(d)) == (1.0, 0.0, 0.0)
    clock.seed_stopwatch(d, deskclock.SW_RESET)
    assert (pause.check(d), reset.check(d), start.check(d)) == (0.0, 1.0, 0.0)
    clock.seed_stopwatch(d, deskclock.SW_RUNNING, 0)
    assert (pause.check(d), reset.check(d), start.check(d)) == (0.0, 0.0, 1.0)


def test_androidworld_screen_checks(d: SimDevice) -> None:
    paused = seeded_task(d, aw.ClockStopWatchPausedVerify, start_tab="Stopwatch", clock_24h=True, seconds=5)
    running = aw.ClockStopWatchRunning({})
    d.start_app(deskclock.PACKAGE)
    assert (paused.check(d), running.check(d)) == (0.0, 1.0)
    tap(d, content_description="Reset")  # reset, not paused: "Start" alone does not count
    assert paused.check(d) == 0.0
    tap(d, content_description="Start")
    tap(d, content_description="Pause")
    assert (paused.check(d), running.check(d)) == (1.0, 0.0)
    tap(d, content_description="Timer")  # Start shows on the timer page too, but it is not the stopwatch
    assert paused.check(d) == 0.0
    timer = seeded_task(d, aw.ClockTimerEntry, start_tab="Timer", clock_24h=True, hours=0, minutes=2, seconds=5)
    d.start_app(deskclock.PACKAGE)
    for key in ("2", "0", "6"):
        tap(d, resource_name=f"timer_setup_digit_{key}")
    assert timer.check(d) == 0.0  # off by one second
    tap(d, content_description="Delete")
    tap(d, resource_name="timer_setup_digit_5")
    assert timer.check(d) == 1.0
    tap(d, content_description="Start")  # "Do not start the timer"
    assert timer.check(d) == 0.0


def test_go_to_page_check_reads_the_shown_tab(d: SimDevice) -> None:
    task = seeded_task(d, bm.ClockGoToPage, page="timer", start_tab="Alarm", clock_24h=True, noise=[])
    d.start_app(deskclock.PACKAGE)
    assert task.check(d) == 0.0
    tap(d, content_description="Stopwatch")
    assert task.check(d) == 0.0
    tap(d, content_description="Timer")
    assert task.check(d) == 1.0
    d.press("home")
    assert task.check(d) == 0.0


def test_keypad_presses() -> None:
    assert aw.keypad_presses("000105") == ["1", "0", "5"]
    assert aw.keypad_presses("100000") == ["1", "00", "00", "0"]
    assert aw.keypad_presses("230059") == ["2", "3", "00", "5", "9"]


def test_pm_clear_restores_first_run_state(d: SimDevice) -> None:
    d.start_app(deskclock.PACKAGE)
    tap(d, content_description="Stopwatch")
    tap(d, content_description="Start")
    assert d.shell(f"pm clear {deskclock.PACKAGE}") == "Success\n"
    assert not d.exists(deskclock.PREFS) and alarm_rows(d) == [(8, 30, 31, 0), (9, 0, 96, 0)]


def set_alarm(d: SimDevice, *extras: str) -> str:
    return d.shell(" ".join(("am start -a", deskclock.ACTION_SET_ALARM, *extras)))


def test_set_alarm_intent_as_handle_api_calls(d: SimDevice) -> None:
    time = f"--ei {deskclock.EXTRA_HOUR} 7 --ei {deskclock.EXTRA_MINUTES} 15"
    set_alarm(d, time)
    assert [(a.hour, a.minutes, a.days, a.enabled) for a in clock.alarms_at(d, 7, 15)] == [(7, 15, 0, True)]
    assert d.current_activity() == (deskclock.PACKAGE, deskclock.ACTIVITY) and clock.selected_tab(d) == "Alarm"
    assert d.system.toast_text.startswith("Alarm set for")
    assert logcat_matches(d, r"Events: \[Alarm\] \[Create\] \[Intent\]", tag="AlarmClock")
    d.sqlite(deskclock.ALARMS_DB, "UPDATE alarm_templates SET enabled = 0 WHERE hour = 7")
    set_alarm(d, time, f"--ez {deskclock.EXTRA_SKIP_UI} true")  # the same alarm is turned back on, not added
    assert [a.enabled for a in clock.alarms_at(d, 7, 15)] == [True]
    set_alarm(d, time, f"--es {deskclock.EXTRA_MESSAGE} Gym")  # a label makes it another alarm
    assert sorted(a.label for a in clock.alarms_at(d, 7, 15)) == ["", "Gym"]
    before = clock.alarms(d)
    set_alarm(d, f"--ei {deskclock.EXTRA_HOUR} 24")
    set_alarm(d, f"--ei {deskclock.EXTRA_HOUR} 6 --ei {deskclock.EXTRA_MINUTES} 60")
    assert clock.alarms(d) == before  # out of range: nothing
    d.press("home")
    set_alarm(d)  # no time: the Clock's alarm creation
    assert d.current_activity() == (deskclock.PACKAGE, deskclock.ACTIVITY)
    assert any(e.resource_id.endswith("numberpicker_input") for e in ui_elements(d.hierarchy()))
