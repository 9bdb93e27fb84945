"""Google Clock (``com.google.android.deskclock``, AOSP DeskClock's lineage): where it keeps its state and the
values it stores.

State lives in device-protected storage: ``alarms.db`` (``alarm_templates`` and ``alarm_instances``, database
version 9 of AOSP ``ClockDatabaseHelper``) and the default shared preferences, with the keys of AOSP
``StopwatchDAO``, ``TimerDAO`` and ``TabDAO``.
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import UNCONFIRMED, Source, Unconfirmed, entries, framework, key
from pytest_mobileagent.android.theme import LauncherIcon, arena_drawer

PACKAGE = "com.google.android.deskclock"
ACTIVITY = "com.android.deskclock.DeskClock"
DATA_DE = f"/data/user_de/0/{PACKAGE}"
ALARMS_DB = f"{DATA_DE}/databases/alarms.db"
PREFS = f"{DATA_DE}/shared_prefs/{PACKAGE}_preferences.xml"
DB_VERSION = 9
#: The log tag of the app's alarm events.
TAG = "AlarmClock"

SCHEMA = (
    "CREATE TABLE android_metadata (locale TEXT)",
    "CREATE TABLE alarm_templates (_id INTEGER PRIMARY KEY, hour INTEGER NOT NULL, minutes INTEGER NOT NULL, "
    "daysofweek INTEGER NOT NULL, enabled INTEGER NOT NULL, vibrate INTEGER NOT NULL, label TEXT NOT NULL, "
    "ringtone TEXT, delete_after_use INTEGER NOT NULL DEFAULT 0, workflow_label TEXT, workflow_data TEXT)",
    "CREATE TABLE alarm_instances (_id INTEGER PRIMARY KEY,year INTEGER NOT NULL, month INTEGER NOT NULL, "
    "day INTEGER NOT NULL, hour INTEGER NOT NULL, minutes INTEGER NOT NULL, vibrate INTEGER NOT NULL, "
    "label TEXT NOT NULL, ringtone TEXT, alarm_state INTEGER NOT NULL, "
    "alarm_id INTEGER REFERENCES alarm_templates (_id) ON DELETE CASCADE)",
)

#: ``daysofweek`` bits (``Weekdays``): Monday is bit 0.
DAY_BITS = {"Monday": 1, "Tuesday": 2, "Wednesday": 4, "Thursday": 8, "Friday": 16, "Saturday": 32, "Sunday": 64}
WEEKDAYS, WEEKEND, EVERY_DAY = 31, 96, 127
#: First-run alarms (AOSP ClockDatabaseHelper): 8:30 Mon-Fri and 9:00 Sat-Sun, both off.
DEFAULT_ALARMS = ((8, 30, WEEKDAYS), (9, 0, WEEKEND))
DEFAULT_RINGTONE = "content://settings/system/alarm_alert"
#: ``alarm_instances.alarm_state``: SILENT far ahead, LOW_NOTIFICATION within two hours.
SILENT_STATE, LOW_NOTIFICATION_STATE = 0, 1

#: ``AlarmClock.ACTION_SET_ALARM`` and its extras (what Mobile-Bench's alarm API sends), handled by DeskClock's
#: ``HandleApiCalls``: with an hour it enables a matching alarm (same time, label if given, no repeat days) or
#: creates one, schedules it and, unless ``SKIP_UI``, shows it on the Alarm tab; without one it opens the alarm
#: creation UI; an hour or minute out of range does nothing.
ACTION_SET_ALARM = "android.intent.action.SET_ALARM"
EXTRA_HOUR, EXTRA_MINUTES = "android.intent.extra.alarm.HOUR", "android.intent.extra.alarm.MINUTES"
EXTRA_MESSAGE, EXTRA_SKIP_UI = "android.intent.extra.alarm.MESSAGE", "android.intent.extra.alarm.SKIP_UI"

#: Tabs in navigation order; ``selected_tab`` stores the index (AOSP ``UiDataModel.Tab`` ordinal).
TABS = ("Alarm", "Clock", "Timer", "Stopwatch")
#: ``sw_state`` values (``Stopwatch.State``) and the stopwatch's keys (``StopwatchDAO``).
SW_RESET, SW_RUNNING, SW_PAUSED = 0, 1, 2
SW_KEYS = ("sw_state", "sw_start_time", "sw_wall_clock_time", "sw_accum_time")
#: Per-timer keys (``<prefix>_<id>``) of AOSP ``TimerDAO``, and ``timer_state`` values (``Timer.State``).
TIMER_KEYS = ("timer_state", "timer_setup_timet", "timer_original_timet", "timer_start_time",
              "timer_wall_clock_time", "timer_time_left", "timer_label", "delete_after_use")
TIMER_RUNNING, TIMER_PAUSED, TIMER_EXPIRED, TIMER_RESET = 1, 2, 3, 4
#: ``AlarmClock.ACTION_SET_TIMER`` and its extras: the length in seconds, and whether to start it without showing
#: the app.
ACTION_SET_TIMER = "android.intent.action.SET_TIMER"
EXTRA_LENGTH, EXTRA_SKIP_UI = "android.intent.extra.alarm.LENGTH", "android.intent.extra.alarm.SKIP_UI"
#: World-clock cities (AOSP ``cities.xml`` ids, names and time zones), a selection of the app's list (Beijing's
#: id is a guess).
CITIES = (("C215", "Austin", "America/Chicago"), ("C32", "Beijing", "Asia/Shanghai"),
          ("C164", "Berlin", "Europe/Berlin"),
          ("C40", "Chicago", "America/Chicago"), ("C111", "Dubai", "Asia/Dubai"),
          ("C178", "London", "Europe/London"), ("C67", "Los Angeles", "America/Los_Angeles"),
          ("C78", "New York", "America/New_York"), ("C186", "Paris", "Europe/Paris"),
          ("C133", "Seoul", "Asia/Seoul"), ("C154", "Sydney", "Australia/Sydney"),
          ("C139", "Tokyo", "Asia/Tokyo"), ("C94", "Toronto", "America/Toronto"))


def city_id(name: str) -> str:
    """The ``cities.xml`` id of a world-clock city of :data:`CITIES`."""
    return next(cid for cid, city, _ in CITIES if city == name)


APP_VERSION = "Google Clock as AndroidArena's phone ran it, December 2023 (its trajectory; no version number)"
_ARENA = Source("AndroidArenaAgent/AndroidArena",
                "trajectory/GPT4-Add_a_new_city_Beijing_to_World_Clock_in_Google_Clock.html",
                note="the observations of steps 1-5 (a real phone's screens)")
_CRAB = Source("camel-ai/crab", "crab-benchmark-v0/dataset/android_subtasks.py", note="check_city_clock")
_LOS = "LineageOS/android_packages_apps_DeskClock"


def _los(path: str) -> Source:
    return Source(_LOS, path, note="AOSP DeskClock, which Google Clock descends from")


def _los_icon(path: str, note: str) -> Source:
    return Source(_LOS, path, note=f"AOSP DeskClock: {note}")


EVIDENCE = {
    key("activity", ACTIVITY): Source("google-research/android_world", "android_world/env/adb_utils.py",
                                      note="'clock': com.android.deskclock.DeskClock"),
    **entries("id", ("tab_menu_alarm", "tab_menu_clock", "tab_menu_timer", "tab_menu_stopwatch", "cities", "fab",
                     "selectable_area", "open_search_view_root", "open_search_view_edit_text",
                     "open_search_view_clear_button", "search_results_view"), _ARENA),
    key("id", "city_name"): _CRAB,
    key("id", "digital_clock"): Source("camel-ai/crab", "crab-benchmark-v0/dataset/handmade_tasks.py"),
    **{key("id", i): _los(path) for i, path in (
        ("alarms_empty_view", "res/layout/alarm_clock.xml"), ("arrow", "res/layout/alarm_time_collapsed.xml"),
        ("onoff", "res/layout/alarm_time_collapsed.xml"), ("days_of_week", "res/layout/alarm_time_collapsed.xml"),
        ("label", "res/layout/alarm_time_collapsed.xml"), ("repeat_days", "res/layout/alarm_time_expanded.xml"),
        ("delete", "res/layout/alarm_time_expanded.xml"), ("edit_label", "res/layout/alarm_time_expanded.xml"),
        ("vibrate_onoff", "res/layout/alarm_time_expanded.xml"), ("city_time", "res/layout/city_list_item.xml"),
        ("hours_ahead", "res/layout/world_clock_city_container.xml"), ("content", "res/layout/desk_clock.xml"),
        ("fragment_container", "res/layout/desk_clock.xml"), ("fab_container", "res/layout/desk_clock.xml"),
        ("left_button", "res/layout/desk_clock.xml"), ("right_button", "res/layout/desk_clock.xml"),
        ("date", "res/layout-night/digital_widget_preview.xml"), ("close", "res/layout/timer_item.xml"),
        ("reset", "res/layout/timer_item.xml"), ("timer_label", "res/layout/timer_item.xml"),
        ("timer_setup", "res/layout/timer_fragment.xml"), ("timer_setup_time", "res/layout/timer_setup_time.xml"),
        ("lap_number", "res/layout/lap_view.xml"), ("lap_time", "res/layout/lap_view.xml"),
        ("lap_total", "res/layout/lap_view.xml"), ("laps_list", "res/layout-land/stopwatch_fragment.xml"),
        ("stopwatch_time_wrapper", "res/layout-land/stopwatch_fragment.xml"),
        ("stopwatch_time_text", "res/layout/stopwatch_time.xml"),
        ("stopwatch_hundredths_text", "res/layout/stopwatch_time.xml"))},
    **{key("id", f"day_button_{i}"): _los("res/layout/days_of_week.xml") for i in range(7)},
    **{key("id", f"timer_setup_digit_{d}"): _los("res/layout/timer_setup_digits.xml")
       for d in ("0", "00", "1", "2", "3", "4", "5", "6", "7", "8", "9")},
    key("id", "timer_setup_delete"): _los("res/layout/timer_setup_digits.xml"),
    **entries("id", ("navigation_bar_item_icon_container", "navigation_bar_item_icon_view",
                     "navigation_bar_item_small_label_view"),
              Unconfirmed("Material Components' navigation bar item ids of later releases; the stored library "
                          "version names them icon/smallLabel")),
    **entries("id", ("alarm_card", "alarm_recycler_view", "label_input_field", "main_clock_frame", "tabs",
                     "timer_add_minute", "timer_item", "timer_recycler_view", "timer_text"),
              Unconfirmed("not in AOSP DeskClock's layouts (alarms_recycler_view, add_one_min, timer_time_text "
                          "there); Google Clock's own names are not public")),
    **entries("desc", ("Alarm", "Clock", "Timer", "Stopwatch", "Add city", "Back", "Clear text"), _ARENA),
    key("text", "Search for a city"): _ARENA,
    **entries("desc", ("Add alarm", "Add timer", "Collapse alarm", "Delete", "Lap", "Pause", "Reset", "Start",
                       "Add 1 minute", "No Alarms"), UNCONFIRMED),
    **entries("text", ("No Alarms", "Time's up", "+1:00", "AM", "PM", "OK", "Cancel", "Delete"), UNCONFIRMED),
    **framework("content", "parentPanel", "alertTitle", "buttonPanel", "button1", "button2", "timePicker", "hour",
                "minute", "amPm", "divider", "numberpicker_input"),
    # icons: Google Clock's drawables are not public; AOSP DeskClock's, which it descends from, by their Material name
    key("icon", "navigation_bar_item_icon_view"): _los_icon("res/drawable/ic_tab_alarm_static.xml",
                                                            "the tabs' ic_tab_alarm/_clock/_timer/_stopwatch_static: "
                                                            "alarm, schedule, hourglass_empty, timer (a stopwatch); "
                                                            "outlined when not selected (Material 3)"),
    **entries("icon", ("Add alarm", "Add timer"), _los_icon("res/drawable/ic_add_rounded.xml", "add")),
    key("icon", "Add city"): Unconfirmed("the Clock tab's FAB: a globe (public), as AOSP DeskClock's ic_public"),
    **entries("icon", ("Expand alarm", "Collapse alarm"),
              _los_icon("res/drawable/ic_caret_down.xml", "ic_caret_down / ic_caret_up (expand_more, expand_less)")),
    **entries("icon", ("Start", "Pause"), _los_icon("res/drawable/ic_play_pause.xml",
                                                    "play_arrow / pause (ic_pause_24dp)")),
    key("icon", "Reset"): _los_icon("res/drawable/ic_reset.xml", "a circular arrow (restart_alt)"),
    key("icon", "Lap"): Unconfirmed("the stopwatch's lap button: a flag (flag)"),
    key("icon", "timer_setup_delete"): _los_icon("res/drawable/ic_backspace.xml", "backspace"),
    key("icon", "Delete"): _los_icon("res/drawable/ic_close.xml", "a timer's delete cross (close); the timer "
                                     "setup's delete key: ic_backspace"),
    key("icon", "Back"): Unconfirmed("the city search's up arrow (arrow_back)"),
    key("icon", "Clear text"): _los_icon("res/drawable/ic_close.xml", "close"),
}

#: The launcher icon on AndroidArena's phone: a clock face with blue hands in a blue ring.
LAUNCHER_ICON = LauncherIcon("#6490E4", "schedule", foreground="#FFFFFF",
                             source=arena_drawer("a clock face with blue hands in a blue ring"))
