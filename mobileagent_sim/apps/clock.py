"""Clock (Google Clock, ``com.google.android.deskclock``): alarms, world clock, timer and stopwatch.

The launcher activity ``com.android.deskclock.DeskClock`` has a bottom navigation
bar of tabs (Alarm, Clock, Timer, Stopwatch; no Bedtime); the Clock tab's
"Add city" button opens a city search over the tab (``open_search_view_*``, as AndroidArena's recorded Google
Clock of December 2023 shows: AOSP's ``worldclock.CitySelectionActivity`` checkbox list is not Google Clock's way
any more). Alarm times are set
in a spinner-mode TimePicker dialog (NumberPickers ``android:id/hour``,
``minute``, ``amPm`` per the ``time_12_24`` setting). State lives where the real app keeps
it, in device-protected storage (``/data/user_de/0/<package>``, as B-MoCA's
evaluator reads it):

- ``databases/alarms.db``: ``alarm_templates`` (one row per alarm; ``daysofweek``
  is a bitmask Mon=1 ... Sun=64; ``enabled`` 0/1) and ``alarm_instances`` (the
  next ring of each enabled alarm, ``month`` 0-based as ``Calendar.MONTH``).
  Schema as in the Google Clock database B-MoCA ships (``user_version`` 9).
- ``shared_prefs/<package>_preferences.xml``: the selected tab, the stopwatch
  (``sw_state`` 0 reset / 1 running / 2 paused, ``sw_accum_time``,
  ``sw_start_time`` in elapsed-realtime ms, laps), timers (``timers_list``,
  ``timer_state_<id>``...) and world-clock cities, with the keys of AOSP DeskClock's DAOs.

Running stopwatches and timers advance with the device clock, so what the screen
shows is derived, never stored. Tab switches log ``AlarmClock: Events: [Timer]
[Show Tab] [Tap]`` and alarm changes log AlarmStateManager lines plus system
server's ``ConditionProviders.SCP`` next-alarm evaluation, the lines B-MoCA's
success regexes match.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo

from mobileagent_sim.app import Activity, App, Intent
from mobileagent_sim.layout import Layout
from mobileagent_sim.views import (
    Button,
    CheckBox,
    Column,
    Dialog,
    EditText,
    Frame,
    Image,
    ImageButton,
    NumberPicker,
    Row,
    Scroll,
    Space,
    Switch,
    Text,
    View,
)
from pytest_mobileagent.android.deskclock import (
    ACTION_SET_ALARM,
    ACTION_SET_TIMER,
    ACTIVITY,
    ALARMS_DB,
    CITIES,
    DATA_DE,
    DB_VERSION,
    DEFAULT_ALARMS,
    DEFAULT_RINGTONE,
    EVERY_DAY,
    EXTRA_HOUR,
    EXTRA_LENGTH,
    EXTRA_MESSAGE,
    EXTRA_MINUTES,
    EXTRA_SKIP_UI,
    LOW_NOTIFICATION_STATE,
    PACKAGE,
    PREFS,
    SCHEMA,
    SILENT_STATE,
    SW_PAUSED,
    SW_RESET,
    SW_RUNNING,
    TABS,
    TAG,
    TIMER_KEYS,
    TIMER_PAUSED,
    TIMER_RESET,
    TIMER_RUNNING,
)
from pytest_mobileagent.android.shared_prefs import Long, Prefs, format_prefs, parse_prefs
from pytest_mobileagent.device.clock import DEFAULT_TIME

SYSTEM_PID = 1000
#: The bottom navigation's icons (DeskClock's ``ic_tab_*_static``: an alarm clock, a clock face, an hourglass and a
#: stopwatch), outlined while their tab is not the selected one (Material 3's navigation bar).
TAB_ICONS = {"Alarm": "alarm", "Clock": "schedule", "Timer": "hourglass_empty", "Stopwatch": "timer"}
#: Weekdays as the alarm row shows them (en-US starts on Sunday): name, letter, daysofweek bit.
WEEK = (("Sunday", "S", 64), ("Monday", "M", 1), ("Tuesday", "T", 2), ("Wednesday", "W", 4),
        ("Thursday", "T", 8), ("Friday", "F", 16), ("Saturday", "S", 32))

#: The simulated phone booted shortly before the default clock: elapsedRealtime() counts from here.
BOOT = DEFAULT_TIME - dt.timedelta(minutes=30)


@dataclass(frozen=True)
class Alarm:
    """One ``alarm_templates`` row."""

    id: int
    hour: int
    minutes: int
    days: int
    enabled: bool
    vibrate: bool
    label: str


# -- formatting ----------------------------------------------------------------


def plural(n: int, unit: str) -> str:
    return f"{n} {unit}" if n == 1 else f"{n} {unit}s"


def format_time(hour: int, minutes: int, h24: bool) -> str:
    """An alarm time as the list shows it: ``08:30`` (24-hour) or ``8:30 AM``."""
    if h24:
        return f"{hour:02d}:{minutes:02d}"
    return f"{hour % 12 or 12}:{minutes:02d} {'AM' if hour < 12 else 'PM'}"


def duration_text(ms: int) -> str:
    """``H:MM:SS``, ``M:SS`` or ``S`` (DeskClock's ``Utils.getTimeString``), ``-`` when negative."""
    sign = "-" if ms < 0 else ""
    total = abs(ms) // 1000
    h, m, s = total // 3600, total // 60 % 60, total % 60
    if h:
        return f"{sign}{h}:{m:02d}:{s:02d}"
    if m:
        return f"{sign}{m}:{s:02d}"
    return f"{sign}{s}"


def days_text(days: int) -> str:
    """``Mon, Tue, Wed, Thu, Fri``, ``Every day`` (Sunday-first order of en-US)."""
    if days == EVERY_DAY:
        return "Every day"
    return ", ".join(name[:3] for name, _, bit in WEEK if days & bit)


def next_ring(now: dt.datetime, hour: int, minutes: int, days: int) -> dt.datetime:
    """The first time after ``now`` the alarm rings (``Alarm.getNextAlarmTime``)."""
    when = now.replace(hour=hour, minute=minutes, second=0, microsecond=0)
    if when <= now:
        when += dt.timedelta(days=1)
    while days and not days & (1 << when.weekday()):
        when += dt.timedelta(days=1)
    return when


def alarm_set_text(delta: dt.timedelta) -> str:
    """The toast after enabling an alarm (AOSP ``AlarmUtils`` ``alarm_set`` strings)."""
    minutes_total = int(delta.total_seconds() // 60)
    days, hours, minutes = minutes_total // 1440, minutes_total // 60 % 24, minutes_total % 60
    parts = [plural(n, unit) for n, unit in ((days, "day"), (hours, "hour"), (minutes, "minute")) if n]
    if not parts:
        return "Alarm set for less than 1 minute from now."
    joined = parts[0] if len(parts) == 1 else (
        f"{parts[0]} and {parts[1]}" if len(parts) == 2 else f"{parts[0]}, {parts[1]}, and {parts[2]}")
    return f"Alarm set for {joined} from now."


def time_difference(city_time: dt.datetime, here: dt.datetime) -> str:
    """``9 hours ahead``, ``5 hours behind`` (``world_time_ahead``/``world_time_behind``), empty when equal."""
    offset = (city_time.utcoffset() or dt.timedelta()) - (here.utcoffset() or dt.timedelta())
    minutes = int(offset.total_seconds() // 60)
    if not minutes:
        return ""
    h, m = divmod(abs(minutes), 60)
    amount = f"{h} hr {m} min" if h and m else plural(h, "hour") if h else plural(m, "minute")
    return f"{amount} {'ahead' if minutes > 0 else 'behind'}"


def java_date(when: dt.datetime) -> str:
    """``java.util.Date.toString()`` plus millis, as system server's ``ts()`` prints times."""
    if when.timestamp() <= 0:
        return "Thu Jan 01 00:00:00 UTC 1970 (0)"
    return f"{when:%a %b %d %H:%M:%S} UTC {when.year} ({int(when.timestamp() * 1000)})"


# -- the app: data model ----------------------------------------------------------


class ClockApp(App):
    package = PACKAGE
    label = "Clock"
    icon = "alarm"
    uid = 10131
    #: The next alarm AlarmManager knows of (epoch ms, 0 for none): a change is broadcast.
    next_alarm_ms = 0

    def install(self) -> None:
        # Data lives in device-protected storage, which ``pm clear`` must wipe too (it removes only data_dir).
        self.system.fs.remove(DATA_DE)
        with self.system.fs.sqlite(ALARMS_DB) as db:
            for statement in SCHEMA:
                db.execute(statement)
            db.execute("INSERT INTO android_metadata VALUES ('en_US')")
            db.executemany("INSERT INTO alarm_templates (hour, minutes, daysofweek, enabled, vibrate, label, "
                           "ringtone, delete_after_use) VALUES (?, ?, ?, 0, 1, '', NULL, 0)", DEFAULT_ALARMS)
            db.execute(f"PRAGMA user_version = {DB_VERSION}")
        self.next_alarm_ms = 0

    def handle_intent(self, intent: Intent, mime_type: str = "") -> bool:
        """The ``AlarmClock`` intents DeskClock's ``HandleApiCalls`` serves: ``SET_TIMER`` and ``SET_ALARM``."""
        if intent.action == ACTION_SET_TIMER:
            return self._set_timer(intent)
        if intent.action == ACTION_SET_ALARM:
            return self._set_alarm(intent)
        return False

    def _set_timer(self, intent: Intent) -> bool:
        """``AlarmClock.ACTION_SET_TIMER`` with ``EXTRA_LENGTH`` (seconds) and ``EXTRA_SKIP_UI``: a running timer,
        started without showing the app (``HandleApiCalls``); without ``SKIP_UI`` the Timer tab shows it."""
        if not isinstance(intent.extras.get(EXTRA_LENGTH), int):
            return False
        self.add_timer(int(intent.extras[EXTRA_LENGTH]) * 1000)
        if not intent.extras.get(EXTRA_SKIP_UI):
            self.edit_prefs({"selected_tab": TABS.index("Timer")})
            self.system.launch(PACKAGE)
        return True

    # -- time ----------------------------------------------------------------------

    @property
    def now(self) -> dt.datetime:
        return self.system.clock.now

    def uptime_ms(self) -> int:
        """``SystemClock.elapsedRealtime()``."""
        return max(0, int((self.now - BOOT).total_seconds() * 1000))

    def is_24h(self) -> bool:
        return self.system.settings.get("system", "time_12_24") != "12"

    def log(self, message: str, level: str = "I") -> None:
        self.system.log(TAG, message, level=level, pid=self.system.pid_of(PACKAGE))

    def event(self, category: str, action: str, label: str = "DeskClock") -> None:
        """What Google Clock's event tracker prints, e.g. ``Events: [Stopwatch] [Start] [DeskClock]``."""
        self.log(f"Events: [{category}] [{action}] [{label}]", level="D")

    # -- shared preferences ----------------------------------------------------------

    def prefs(self) -> Prefs:
        fs = self.system.fs
        return parse_prefs(fs.read(PREFS)) if fs.exists(PREFS) else {}

    def edit_prefs(self, put: Prefs | None = None, remove: tuple[str, ...] = ()) -> None:
        prefs = self.prefs()
        for key in remove:
            prefs.pop(key, None)
        prefs.update(put or {})
        self.system.fs.write(PREFS, format_prefs(prefs))

    def selected_tab(self) -> str:
        index = self.prefs().get("selected_tab", 0)
        return TABS[index] if isinstance(index, int) and 0 <= index < len(TABS) else TABS[0]

    def selected_cities(self) -> list[str]:
        """City ids of the world clock (``CityDAO``: ``number_of_cities``, ``city_id_<i>``)."""
        prefs = self.prefs()
        return [prefs[f"city_id_{i}"] for i in range(prefs.get("number_of_cities", 0)) if f"city_id_{i}" in prefs]

    def set_selected_cities(self, ids: list[str]) -> None:
        old = tuple(f"city_id_{i}" for i in range(len(self.selected_cities())))
        self.edit_prefs({"number_of_cities": len(ids), **{f"city_id_{i}": c for i, c in enumerate(ids)}},
                        remove=old)

    # -- alarms --------------------------------------------------------------------

    def alarms(self) -> list[Alarm]:
        with self.system.fs.sqlite(ALARMS_DB) as db:
            rows = db.execute("SELECT _id, hour, minutes, daysofweek, enabled, vibrate, label FROM alarm_templates "
                              "ORDER BY hour, minutes, _id").fetchall()
        return [Alarm(r[0], r[1], r[2], r[3], bool(r[4]), bool(r[5]), r[6] or "") for r in rows]

    def alarm(self, alarm_id: int) -> Alarm | None:
        return next((a for a in self.alarms() if a.id == alarm_id), None)

    def add_alarm(self, hour: int, minutes: int, label: str = "", delete_after_use: bool = False,
                  via: str = "DeskClock") -> int:
        """A new alarm, on, scheduled; ``via`` is the Events label (``Intent`` for one made by an intent)."""
        with self.system.fs.sqlite(ALARMS_DB) as db:
            cur = db.execute("INSERT INTO alarm_templates (hour, minutes, daysofweek, enabled, vibrate, label, "
                             "ringtone, delete_after_use) VALUES (?, ?, 0, 1, 1, ?, ?, ?)",
                             (hour, minutes, label, DEFAULT_RINGTONE, int(delete_after_use)))
            alarm_id = int(cur.lastrowid or 0)
        self.log(f"Added alarm rowId = {alarm_id}", level="V")
        self.event("Alarm", "Create", via)
        self.schedule(alarm_id)
        return alarm_id

    def _set_alarm(self, intent: Intent) -> bool:
        """``HandleApiCalls.handleSetAlarm`` (see :data:`~pytest_mobileagent.android.deskclock.ACTION_SET_ALARM`)."""
        extras = intent.extras
        hour, minutes = extras.get(EXTRA_HOUR, -1), extras.get(EXTRA_MINUTES, 0)
        if not isinstance(hour, int) or not isinstance(minutes, int) or hour > 23 or not 0 <= minutes <= 59 \
                or (EXTRA_HOUR in extras and hour < 0):
            return True  # Voice.notifyFailure: nothing changes
        self.edit_prefs({"selected_tab": TABS.index("Alarm")})
        if hour < 0:  # no time: the alarm creation UI
            shown = self.system.start_activity(self, DeskClock, Intent(component=self.component(DeskClock)))
            if isinstance(shown, DeskClock):
                shown.new_alarm()
            return True
        label = str(extras.get(EXTRA_MESSAGE, ""))
        skip_ui = extras.get(EXTRA_SKIP_UI) is True
        match = next((a for a in self.alarms() if (a.hour, a.minutes, a.days) == (hour, minutes, 0)
                      and (EXTRA_MESSAGE not in extras or a.label == label)), None)
        if match is not None:
            self.update_alarm(match.id, enabled=1)
            self.event("Alarm", "Update", "Intent")
            alarm_id = match.id
        else:
            alarm_id = self.add_alarm(hour, minutes, label, delete_after_use=skip_ui, via="Intent")
        alarm = self.alarm(alarm_id)
        assert alarm is not None
        self.system.toast(alarm_set_text(next_ring(self.now, alarm.hour, alarm.minutes, alarm.days) - self.now))
        if not skip_ui:
            shown = self.system.start_activity(self, DeskClock, Intent(component=self.component(DeskClock)))
            if isinstance(shown, DeskClock):
                shown.expanded = alarm_id
                shown.view_state["scroll_to_expanded"] = True
        return True

    def update_alarm(self, alarm_id: int, **columns: Any) -> None:
        names = {"hour", "minutes", "daysofweek", "enabled", "vibrate", "label"}
        if not columns or not set(columns) <= names:
            raise ValueError(f"unknown alarm columns {sorted(set(columns) - names)}")
        sets = ", ".join(f"{name} = ?" for name in columns)
        with self.system.fs.sqlite(ALARMS_DB) as db:
            db.execute(f"UPDATE alarm_templates SET {sets} WHERE _id = ?", (*columns.values(), alarm_id))
        if {"hour", "minutes", "daysofweek", "enabled"} & set(columns):
            self.schedule(alarm_id)

    def delete_alarm(self, alarm_id: int) -> None:
        self.log(f"Deleting all instances of alarm: {alarm_id}")
        with self.system.fs.sqlite(ALARMS_DB) as db:
            db.execute("DELETE FROM alarm_instances WHERE alarm_id = ?", (alarm_id,))
            db.execute("DELETE FROM alarm_templates WHERE _id = ?", (alarm_id,))
        self.log(f"Removed alarm: {alarm_id}")
        self.event("Alarm", "Delete")
        self.update_next_alarm()

    def schedule(self, alarm_id: int) -> dt.datetime | None:
        """Replace the alarm's instance by its next ring if it is enabled (``AlarmStateManager``)."""
        alarm = self.alarm(alarm_id)
        with self.system.fs.sqlite(ALARMS_DB) as db:
            db.execute("DELETE FROM alarm_instances WHERE alarm_id = ?", (alarm_id,))
            if alarm is None or not alarm.enabled:
                when = None
            else:
                when = next_ring(self.now, alarm.hour, alarm.minutes, alarm.days)
                state = LOW_NOTIFICATION_STATE if when - self.now <= dt.timedelta(hours=2) else SILENT_STATE
                cur = db.execute(
                    "INSERT INTO alarm_instances (year, month, day, hour, minutes, vibrate, label, ringtone, "
                    "alarm_state, alarm_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (when.year, when.month - 1, when.day, when.hour, when.minute, int(alarm.vibrate), alarm.label,
                     DEFAULT_RINGTONE, state, alarm_id))
                instance_id = cur.lastrowid
        if when is not None:
            self.log(f"Created new alarm instance: {instance_id}")
            self.log(f"Registering instance: {instance_id}")
        self.update_next_alarm()
        return when

    def update_next_alarm(self) -> None:
        """AlarmManager's next alarm clock; a change makes the zen schedule provider re-evaluate."""
        with self.system.fs.sqlite(ALARMS_DB) as db:
            rows = db.execute("SELECT year, month, day, hour, minutes FROM alarm_instances").fetchall()
        times = [dt.datetime(y, m + 1, d, h, mi, tzinfo=dt.timezone.utc) for y, m, d, h, mi in rows]
        upcoming = min(times, default=None)
        ms = int(upcoming.timestamp() * 1000) if upcoming else 0
        if ms == self.next_alarm_ms:
            return
        self.next_alarm_ms = ms
        shown = java_date(upcoming) if upcoming else java_date(dt.datetime.fromtimestamp(0, dt.timezone.utc))
        self.system.log("ConditionProviders.SCP",
                        "evaluateSubscriptionLocked cal=ScheduleCalendar[mDays=[1, 2, 3, 4, 5, 6, 7], "
                        "mSchedule=ScheduleInfo{days=[1, 2, 3, 4, 5, 6, 7], startHour=22, startMinute=0, "
                        "endHour=7, endMinute=0, exitAtAlarm=true, nextAlarm=Thu Jan 01 00:00:00 UTC 1970 (0)}], "
                        f"now={java_date(self.now)}, nextUserAlarmTime={shown}", level="D", pid=SYSTEM_PID)

    def next_alarm(self) -> tuple[Alarm, dt.datetime] | None:
        rings = [(next_ring(self.now, a.hour, a.minutes, a.days), a) for a in self.alarms() if a.enabled]
        if not rings:
            return None
        when, alarm = min(rings, key=lambda r: (r[0], r[1].id))
        return alarm, when

    # -- stopwatch (StopwatchDAO keys) --------------------------------------------------

    def stopwatch(self) -> tuple[int, int]:
        """``(state, elapsed ms)``."""
        prefs = self.prefs()
        state = prefs.get("sw_state", SW_RESET)
        elapsed = prefs.get("sw_accum_time", 0)
        if state == SW_RUNNING:
            elapsed += self.uptime_ms() - prefs.get("sw_start_time", self.uptime_ms())
        return state, max(0, elapsed)

    def laps(self) -> list[int]:
        """Accumulated time at the end of each lap, oldest first."""
        prefs = self.prefs()
        return [prefs.get(f"sw_lap_time_{n}", 0) for n in range(1, prefs.get("sw_lap_num", 0) + 1)]

    def start_stopwatch(self) -> None:
        _, elapsed = self.stopwatch()
        self.edit_prefs({"sw_state": SW_RUNNING, "sw_start_time": Long(self.uptime_ms()),
                         "sw_wall_clock_time": Long(self.system.clock.millis()), "sw_accum_time": Long(elapsed)})
        self.event("Stopwatch", "Start")

    def pause_stopwatch(self) -> None:
        _, elapsed = self.stopwatch()
        self.edit_prefs({"sw_state": SW_PAUSED, "sw_start_time": Long(-(2**63)),
                         "sw_wall_clock_time": Long(-(2**63)), "sw_accum_time": Long(elapsed)})
        self.event("Stopwatch", "Pause")

    def reset_stopwatch(self) -> None:
        laps = tuple(f"sw_lap_time_{n}" for n in range(1, len(self.laps()) + 1))
        self.edit_prefs(remove=("sw_state", "sw_start_time", "sw_wall_clock_time", "sw_accum_time",
                                "sw_lap_num", *laps))
        self.event("Stopwatch", "Reset")

    def lap(self) -> None:
        _, elapsed = self.stopwatch()
        n = len(self.laps()) + 1
        self.edit_prefs({"sw_lap_num": n, f"sw_lap_time_{n}": Long(elapsed)})
        self.event("Stopwatch", "Lap")

    # -- timers (TimerDAO keys) ---------------------------------------------------------

    def timers(self) -> list[dict[str, Any]]:
        """Timers, newest first, each with its derived ``remaining`` ms."""
        prefs = self.prefs()
        out = []
        for tid in sorted((int(t) for t in prefs.get("timers_list", set())), reverse=True):
            state = prefs.get(f"timer_state_{tid}", TIMER_RESET)
            remaining = prefs.get(f"timer_time_left_{tid}", 0)
            if state == TIMER_RUNNING:
                remaining -= self.uptime_ms() - prefs.get(f"timer_start_time_{tid}", self.uptime_ms())
            out.append({"id": tid, "state": state, "remaining": remaining,
                        "length": prefs.get(f"timer_setup_timet_{tid}", 0),
                        "label": prefs.get(f"timer_label_{tid}", "")})
        return out

    def _timer_prefs(self, tid: int, state: int, length: int, remaining: int) -> Prefs:
        running = state == TIMER_RUNNING
        return {f"timer_state_{tid}": state, f"timer_setup_timet_{tid}": Long(length),
                f"timer_original_timet_{tid}": Long(length),
                f"timer_start_time_{tid}": Long(self.uptime_ms() if running else -(2**63)),
                f"timer_wall_clock_time_{tid}": Long(self.system.clock.millis() if running else -(2**63)),
                f"timer_time_left_{tid}": Long(remaining), f"timer_label_{tid}": "",
                f"delete_after_use_{tid}": False}

    def add_timer(self, length_ms: int) -> int:
        prefs = self.prefs()
        tid = prefs.get("next_timer_id", 0)
        ids = set(prefs.get("timers_list", set())) | {str(tid)}
        self.edit_prefs({"next_timer_id": tid + 1, "timers_list": ids,
                         **self._timer_prefs(tid, TIMER_RUNNING, length_ms, length_ms)})
        self.event("Timer", "Create")
        self.event("Timer", "Start")
        return tid

    def set_timer_state(self, tid: int, state: int) -> None:
        timer = next(t for t in self.timers() if t["id"] == tid)
        remaining = timer["length"] if state == TIMER_RESET else timer["remaining"]
        prefs = self._timer_prefs(tid, state, timer["length"], remaining)
        prefs[f"timer_label_{tid}"] = timer["label"]
        self.edit_prefs(prefs)
        self.event("Timer", {TIMER_RUNNING: "Start", TIMER_PAUSED: "Pause", TIMER_RESET: "Reset"}[state])

    def add_minute(self, tid: int) -> None:
        prefs = self.prefs()
        key = f"timer_time_left_{tid}"
        self.edit_prefs({key: Long(prefs.get(key, 0) + 60_000)})
        self.event("Timer", "Add Minute")

    def delete_timer(self, tid: int) -> None:
        prefs = self.prefs()
        ids = set(prefs.get("timers_list", set())) - {str(tid)}
        keys = tuple(f"{prefix}_{tid}" for prefix in TIMER_KEYS)
        self.edit_prefs({"timers_list": ids} if ids else {}, remove=keys + (() if ids else ("timers_list",)))
        self.event("Timer", "Delete")


# -- the screen ---------------------------------------------------------------------


class DeskClock(Activity):
    """The main screen: one page per tab, a FAB row above the navigation bar, and dialogs."""

    name = ACTIVITY
    exported = True
    app: ClockApp

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.tab = self.app.selected_tab()
        self.expanded: int | None = None
        #: The time picker: {"alarm": id or None (new), "hour": 0-23, "minute": int, "typed": {picker: text}}.
        self.picker: dict[str, Any] | None = None
        self.label_for: int | None = None
        self.timer_digits = ""
        self.timer_setup = False
        #: The city search over the Clock tab ("Add city"), open or not.
        self.city_search = False

    # -- tabs --------------------------------------------------------------------------

    def show_tab(self, title: str) -> None:
        self.tab = title
        self.expanded = None
        self.timer_setup = False
        self.app.edit_prefs({"selected_tab": TABS.index(title)})
        self.app.event(title, "Show Tab", "Tap")

    def nav_item(self, title: str) -> View:
        selected = title == self.tab
        return Column(
            Frame(Image(icon=TAB_ICONS[title] + ("" if selected else ":outlined"), id="navigation_bar_item_icon_view",
                        width=24, height=24),
                  id="navigation_bar_item_icon_container", height=40),
            Text(title, id="navigation_bar_item_small_label_view", style="tab-selected" if selected else "tab"),
            cls="android.widget.FrameLayout", id=f"tab_menu_{title.lower()}", desc=title, selected=selected,
            clickable=True, focusable=True, on_click=lambda t=title: self.show_tab(t), weight=1, height=80,
        )

    def build(self) -> View:
        if self.city_search:
            return self.city_search_view()
        page = {"Alarm": self.alarm_page, "Clock": self.clock_page, "Timer": self.timer_page,
                "Stopwatch": self.stopwatch_page}[self.tab]()
        return Column(
            Frame(page, id="fragment_container", weight=1),
            self.fab_row(),
            Row(*[self.nav_item(t) for t in TABS], id="tabs", cls="android.view.ViewGroup", height=80),
            id="content",
        )

    def fab_row(self) -> View | None:
        """The FAB with the page's left and right buttons, centred above the navigation bar."""
        buttons = {"Alarm": self.alarm_buttons, "Clock": self.clock_buttons,
                   "Timer": self.timer_buttons, "Stopwatch": self.stopwatch_buttons}[self.tab]()
        if not any(buttons):
            return None
        return Row(View(weight=1), *buttons, View(weight=1), id="fab_container", cls="android.view.ViewGroup",
                   height=104, padding=8)

    def on_back(self) -> bool:
        if self.city_search and not self.dialog:
            self.city_search = False
            self.system.clear_focus(self)
            return True
        if super().on_back():
            self.picker = None
            self.label_for = None
            self.system.clear_focus(self)
            return True
        if self.tab == "Timer" and self.timer_setup and self.app.timers():
            self.timer_setup = False
            return True
        return False

    # -- alarm page -----------------------------------------------------------------------

    def alarm_page(self) -> View:
        h24 = self.app.is_24h()
        alarms = self.app.alarms()
        rows = [self.alarm_row(a, h24) for a in alarms]
        if not rows:
            return Text("No Alarms", id="alarms_empty_view", desc="No Alarms", style="item-summary")
        if self.expanded is not None and self.view_state.pop("scroll_to_expanded", False):
            # The list scrolls the expanded (or new) alarm to the top, as AlarmClockFragment's ScrollHandler does.
            layout = Layout(self.system.density, PACKAGE, {})
            ids = [a.id for a in alarms]
            above = rows[:ids.index(self.expanded)] if self.expanded in ids else []
            self.view_state[("scroll", "alarm_recycler_view")] = sum(layout.measure(r, self.system.width)
                                                                     for r in above)
        return Scroll(*rows, id="alarm_recycler_view")

    def alarm_buttons(self) -> tuple[View | None, View | None, View | None]:
        fab = ImageButton("Add alarm", self.new_alarm, icon="add", id="fab", width=88, height=88, style="fab")
        return None, fab, None

    def alarm_row(self, a: Alarm, h24: bool) -> View:
        time = format_time(a.hour, a.minutes, h24)
        expanded = a.id == self.expanded
        header = Row(
            Text(time, id="digital_clock", style="display", clickable=True, focusable=True,
                 on_click=lambda: self.edit_time(a.id), weight=1),
            Switch(a.enabled, lambda: self.set_enabled(a.id, not a.enabled), id="onoff"),
            cls="android.view.ViewGroup", desc=f"{time} {a.label or 'Alarm'}", height=72,
        )
        arrow = ImageButton("Collapse alarm" if expanded else "Expand alarm", lambda: self.toggle_expanded(a.id),
                            icon="expand_less" if expanded else "expand_more", id="arrow")
        if not expanded:
            return Column(
                Text(a.label, id="label", style="item-summary") if a.label else None,
                header,
                Row(Text(self.schedule_text(a), id="days_of_week", style="item-summary", weight=1), arrow, height=48),
                cls="android.view.ViewGroup", id="alarm_card", clickable=True, focusable=True,
                on_click=lambda: self.toggle_expanded(a.id), padding=12, style="card",
            )
        days = [CheckBox(letter, bool(a.days & bit), lambda b=bit: self.toggle_day(a.id, b), id=f"day_button_{i}",
                         desc=name, weight=1) for i, (name, letter, bit) in enumerate(WEEK)]
        return Column(
            Row(Text(a.label or "Add label", id="edit_label", clickable=True, focusable=True,
                     on_click=lambda: self.open_label(a.id), weight=1), arrow, height=48),
            header,
            Text(self.schedule_text(a), id="days_of_week", style="item-summary"),
            Row(*days, id="repeat_days", height=48),
            CheckBox("Vibrate", a.vibrate, lambda: self.app.update_alarm(a.id, vibrate=int(not a.vibrate)),
                     id="vibrate_onoff"),
            Button("Delete", lambda: self.delete(a.id), id="delete"),
            cls="android.view.ViewGroup", id="alarm_card", padding=12, style="card",
        )

    def schedule_text(self, a: Alarm) -> str:
        if a.days:
            return days_text(a.days)
        if not a.enabled:
            return "Not scheduled"
        when = next_ring(self.app.now, a.hour, a.minutes, a.days)
        return "Today" if when.date() == self.app.now.date() else "Tomorrow"

    def toggle_expanded(self, alarm_id: int) -> None:
        self.expanded = None if self.expanded == alarm_id else alarm_id
        self.view_state["scroll_to_expanded"] = self.expanded is not None
        self.app.event("Alarm", "Expand" if self.expanded else "Collapse")

    def set_enabled(self, alarm_id: int, on: bool) -> None:
        self.app.update_alarm(alarm_id, enabled=int(on))
        self.app.event("Alarm", "Enable" if on else "Disable")
        if on:
            self.announce(alarm_id)

    def announce(self, alarm_id: int) -> None:
        alarm = self.app.alarm(alarm_id)
        if alarm is not None:
            when = next_ring(self.app.now, alarm.hour, alarm.minutes, alarm.days)
            self.toast(alarm_set_text(when - self.app.now))

    def toggle_day(self, alarm_id: int, bit: int) -> None:
        alarm = self.app.alarm(alarm_id)
        if alarm is not None:
            self.app.update_alarm(alarm_id, daysofweek=alarm.days ^ bit)
            self.app.event("Alarm", "Toggle Repeat Days")

    def delete(self, alarm_id: int) -> None:
        self.expanded = None
        self.app.delete_alarm(alarm_id)
        self.toast("Alarm deleted")

    def open_label(self, alarm_id: int) -> None:
        alarm = self.app.alarm(alarm_id)
        self.label_for = alarm_id
        self.fields["label_input_field"] = alarm.label if alarm else ""
        self.dialog = "label"
        self.request_focus("label_input_field")


    def save_label(self) -> None:
        if self.label_for is not None:
            self.app.update_alarm(self.label_for, label=self.fields.get("label_input_field", "").strip())
            self.app.event("Alarm", "Set Label")
        self.close_dialog()

    # -- the time picker dialog (spinner mode) -------------------------------------------------

    def new_alarm(self) -> None:
        now = self.app.now
        self.picker = {"alarm": None, "hour": now.hour, "minute": now.minute, "typed": {}}
        self.dialog = "time"

    def edit_time(self, alarm_id: int) -> None:
        alarm = self.app.alarm(alarm_id)
        if alarm is not None:
            self.picker = {"alarm": alarm_id, "hour": alarm.hour, "minute": alarm.minutes, "typed": {}}
            self.dialog = "time"

    def build_dialog(self, name: str) -> View:
        cancel = Button("Cancel", self.close_dialog, id="android:id/button2")
        if name == "label":
            return Dialog("Label", self.field("label_input_field", hint="Label"),
                          buttons=[cancel, Button("OK", self.save_label, id="android:id/button1")])
        return Dialog("", self.time_picker(), buttons=[cancel, Button("OK", self.save_time, id="android:id/button1")])

    def time_picker(self) -> View:
        p = self.picker
        assert p is not None, "the time dialog is open only with a picker"
        hour, minute, typed, h24 = p["hour"], p["minute"], p["typed"], self.app.is_24h()

        def shown(h: int) -> str:
            return f"{h % 24:02d}" if h24 else str(h % 12 or 12)

        def spinner(key: str, value: str, prev: str, nxt: str, delta: int) -> View:
            return NumberPicker(typed.get(key, value), lambda: self.step(key, -delta), lambda: self.step(key, delta),
                                lambda v: self.type_into(key, v), prev, nxt, id=f"android:id/{key}")

        pm = hour >= 12
        am_pm = View(
            cls="android.widget.NumberPicker", id="android:id/amPm", weight=1, children=[
                Button("AM", lambda: self.step("amPm", -12), style="picker-side", height=48) if pm else Space(48),
                EditText("android:id/numberpicker_input", typed.get("amPm", "PM" if pm else "AM"),
                         lambda v: self.type_into("amPm", v), height=56, style="picker-value"),
                Button("PM", lambda: self.step("amPm", 12), style="picker-side", height=48) if not pm else Space(48),
            ])
        return Row(
            spinner("hour", shown(hour), shown(hour - 1), shown(hour + 1), 1),
            Text(":", id="android:id/divider", width=24),
            spinner("minute", f"{minute:02d}", f"{(minute - 1) % 60:02d}", f"{(minute + 1) % 60:02d}", 1),
            None if h24 else am_pm,
            cls="android.widget.TimePicker", id="android:id/timePicker", height=152,
        )

    def type_into(self, key: str, text: str) -> None:
        """Typed text stays in the field until focus leaves it, as NumberPicker's input filter allows."""
        assert self.picker is not None
        limit = {"hour": 23 if self.app.is_24h() else 12, "minute": 59}
        if key == "amPm":
            ok = text == "" or any(v.startswith(text.lower()) for v in ("am", "pm"))
        else:
            ok = text == "" or (text.isdigit() and len(text) <= 2 and int(text) <= limit[key])
        if ok:
            self.picker["typed"][key] = text

    def commit_typed(self) -> None:
        """Validate typed values into the picker (``NumberPicker.validateInputTextView`` on focus loss)."""
        assert self.picker is not None
        p, typed, h24 = self.picker, self.picker["typed"], self.app.is_24h()
        text = typed.pop("hour", "")
        if text.isdigit() and (0 <= int(text) <= 23 if h24 else 1 <= int(text) <= 12):
            p["hour"] = int(text) if h24 else int(text) % 12 + (12 if p["hour"] >= 12 else 0)
        text = typed.pop("minute", "")
        if text.isdigit() and int(text) <= 59:
            p["minute"] = int(text)
        text = typed.pop("amPm", "").lower()
        if text:
            p["hour"] = p["hour"] % 12 + (12 if text.startswith("p") else 0)
        self.system.clear_focus(self)

    def step(self, key: str, delta: int) -> None:
        """A tap on a neighbour value: minutes wrapping past the hour carry into it, as the spinner does."""
        self.commit_typed()
        p = self.picker
        assert p is not None
        if key == "minute":
            total = p["hour"] * 60 + p["minute"] + delta
            p["hour"], p["minute"] = total // 60 % 24, total % 60
        elif key == "amPm":
            if (delta > 0) != (p["hour"] >= 12):
                p["hour"] = (p["hour"] + delta) % 24
        else:
            p["hour"] = (p["hour"] + delta) % 24

    def save_time(self) -> None:
        self.commit_typed()
        p = self.picker
        assert p is not None
        if p["alarm"] is None:
            alarm_id = self.app.add_alarm(p["hour"], p["minute"])
            self.expanded = alarm_id
            self.view_state["scroll_to_expanded"] = True
        else:
            alarm_id = p["alarm"]
            self.app.update_alarm(alarm_id, hour=p["hour"], minutes=p["minute"], enabled=1)
            self.app.event("Alarm", "Set Time")
        self.close_dialog()
        self.announce(alarm_id)

    def close_dialog(self) -> None:
        self.dialog = None
        self.picker = None
        self.label_for = None
        self.system.clear_focus(self)

    # -- clock page ----------------------------------------------------------------------------

    def clock_page(self) -> View:
        now, h24 = self.app.now, self.app.is_24h()
        upcoming = self.app.next_alarm()
        next_text = (f"{upcoming[1]:%a} {format_time(upcoming[1].hour, upcoming[1].minute, h24)}"
                     if upcoming else "")
        main = Column(
            Text(format_time(now.hour, now.minute, h24), id="digital_clock", style="display"),
            Row(Text(f"{now:%a}, {now:%b} {now.day}", id="date", style="item-summary"),
                Text(next_text, id="nextAlarm", desc=f"Next alarm: {next_text}", style="item-summary")
                if upcoming else None, height=32),
            id="main_clock_frame", padding=48,
        )
        names = {cid: (name, tz) for cid, name, tz in CITIES}
        rows = [self.world_clock_row(*names[c]) for c in self.app.selected_cities() if c in names]
        return Scroll(main, *rows, id="cities")

    def clock_buttons(self) -> tuple[View | None, View | None, View | None]:
        add = View(cls="android.widget.Button", desc="Add city", id="fab", icon="public", clickable=True,
                   focusable=True, on_click=self.open_city_search, width=88, height=88, style="fab")
        return None, add, None

    def world_clock_row(self, name: str, tz: str) -> View:
        """A city of the world clock: a focusable ``selectable_area`` (Google Clock, AndroidArena's trajectory)
        with the city's name, its offset and its time."""
        here = self.app.now
        there = here.astimezone(ZoneInfo(tz))
        return Row(
            Column(Text(name, id="city_name", style="item-title"),
                   Text(time_difference(there, here), id="hours_ahead", style="item-summary"), weight=1),
            Text(format_time(there.hour, there.minute, self.app.is_24h()), id="digital_clock", style="title"),
            id="selectable_area", cls="android.view.ViewGroup", focusable=True, height=88, padding=16,
        )

    # -- the city search ("Add city") ---------------------------------------------------------------

    def open_city_search(self) -> None:
        self.city_search = True
        self.fields["open_search_view_edit_text"] = ""
        self.request_focus("open_search_view_edit_text")

    def city_search_view(self) -> View:
        """Google Clock's search over the Clock tab: "Back", the field "Search for a city", "Clear text", and
        the cities whose name contains the typed text. Choosing one adds it to the world clock and closes the search;
        choosing one the world clock already shows takes it off (how the real app removes a city is unconfirmed)."""
        typed = self.fields.get("open_search_view_edit_text", "")
        query = typed.strip().lower()
        rows = [self.city_result(cid, name, tz) for cid, name, tz in CITIES if query and query in name.lower()]
        bar = Row(ImageButton("Back", self.on_back, icon="arrow_back"),
                  self.field("open_search_view_edit_text", hint="Search for a city", weight=1, height=56),
                  ImageButton("Clear text", lambda: self.fields.__setitem__("open_search_view_edit_text", ""),
                              icon="close", id="open_search_view_clear_button") if typed else None,
                  height=64)
        return Column(bar, Scroll(*rows, id="search_results_view", weight=1), id="open_search_view_root")

    def city_result(self, cid: str, name: str, tz: str) -> View:
        there = self.app.now.astimezone(ZoneInfo(tz))
        return Row(Text(name, id="city_name", weight=1),
                   Text(format_time(there.hour, there.minute, self.app.is_24h()), id="city_time", width=96),
                   clickable=True, focusable=True, on_click=lambda: self.choose_city(cid), height=64, padding=8)

    def choose_city(self, cid: str) -> None:
        chosen = self.app.selected_cities()
        self.app.set_selected_cities([c for c in chosen if c != cid] if cid in chosen else [*chosen, cid])
        self.city_search = False
        self.system.clear_focus(self)

    # -- timer page ----------------------------------------------------------------------------

    def timer_page(self) -> View:
        timers = self.app.timers()
        if timers and not self.timer_setup:
            return Scroll(*[self.timer_card(t) for t in timers], id="timer_recycler_view")
        return self.timer_setup_view()

    def timer_input(self) -> tuple[int, int, int]:
        d = self.timer_digits.rjust(6, "0")
        return int(d[0:2]), int(d[2:4]), int(d[4:6])

    def timer_setup_view(self) -> View:
        h, m, s = self.timer_input()
        keys = [[str(n) for n in range(r * 3 + 1, r * 3 + 4)] for r in range(3)]

        def key(label: str) -> View:
            return Button(label, lambda: self.press_digits(label), id=f"timer_setup_digit_{label}", weight=1,
                          height=72, style="keypad")

        return Column(
            Text(f"{h:02d}h {m:02d}m {s:02d}s", id="timer_setup_time", style="display",
                 desc=f"{plural(h, 'hour')}, {plural(m, 'minute')}, {plural(s, 'second')}", height=96),
            *[Row(*[key(k) for k in row], height=72) for row in keys],
            Row(key("00"), key("0"),
                ImageButton("Delete", self.delete_digit, icon="backspace", id="timer_setup_delete", weight=1,
                            width=None, height=72), height=72),
            id="timer_setup", padding=16,
        )

    def press_digits(self, digits: str) -> None:
        for digit in digits:
            if not self.timer_digits and digit == "0":
                continue  # a leading zero is ignored, as TimerSetupView does
            if len(self.timer_digits) < 6:
                self.timer_digits += digit

    def delete_digit(self) -> None:
        self.timer_digits = self.timer_digits[:-1]

    def start_timer(self) -> None:
        h, m, s = self.timer_input()
        self.app.add_timer(((h * 60 + m) * 60 + s) * 1000)
        self.timer_digits = ""
        self.timer_setup = False

    def timer_card(self, t: dict[str, Any]) -> View:
        tid = t["id"]
        expired = t["remaining"] <= 0 and t["state"] == TIMER_RUNNING
        return Column(
            Row(Text(t["label"] or "Label", id="timer_label", style="item-summary", weight=1),
                ImageButton("Delete", lambda: self.app.delete_timer(tid), icon="close", id="close"), height=48),
            Text("Time's up" if expired else duration_text(t["remaining"]), id="timer_text", style="display",
                 height=96),
            Row(Button("+1:00", lambda: self.app.add_minute(tid), id="timer_add_minute", desc="Add 1 minute"),
                View(weight=1),
                ImageButton("Reset", lambda: self.app.set_timer_state(tid, TIMER_RESET), icon="restart_alt", id="reset")
                if t["state"] != TIMER_RESET else None, height=56),
            cls="android.view.ViewGroup", id="timer_item", padding=12, style="card",
        )

    def timer_buttons(self) -> tuple[View | None, View | None, View | None]:
        timers = self.app.timers()
        if timers and not self.timer_setup:
            first = timers[0]
            running = first["state"] == TIMER_RUNNING
            fab = ImageButton("Pause" if running else "Start",
                              lambda: self.app.set_timer_state(first["id"], TIMER_PAUSED if running else TIMER_RUNNING),
                              icon="pause" if running else "play_arrow", id="fab", width=88, height=88, style="fab")
            add = ImageButton("Add timer", self.open_timer_setup, icon="add", id="left_button", width=96, height=64)
            return add, fab, None
        fab = ImageButton("Start", self.start_timer, icon="play_arrow", id="fab", width=88, height=88, style="fab") \
            if self.timer_digits else None
        return None, fab, None

    def open_timer_setup(self) -> None:
        self.timer_setup = True
        self.timer_digits = ""

    # -- stopwatch page ----------------------------------------------------------------------

    def stopwatch_page(self) -> View:
        state, elapsed = self.app.stopwatch()
        laps = self.app.laps()
        rows = []
        previous = 0
        for n, total in enumerate(laps, start=1):
            rows.append(Row(Text(f"# {n}", id="lap_number", weight=1), Text(duration_text(total - previous),
                            id="lap_time", weight=1), Text(duration_text(total), id="lap_total", weight=1),
                            height=48))
            previous = total
        return Column(
            Frame(
                Column(Text(duration_text(elapsed), id="stopwatch_time_text", style="display", height=96),
                       Text(f"{elapsed % 1000 // 10:02d}", id="stopwatch_hundredths_text", style="item-summary")),
                id="stopwatch_time_wrapper", clickable=True, focusable=True, height=320,
                on_click=self.app.pause_stopwatch if state == SW_RUNNING else self.app.start_stopwatch,
            ),
            Scroll(*reversed(rows), id="laps_list", weight=1) if rows else None,
        )

    def stopwatch_buttons(self) -> tuple[View | None, View | None, View | None]:
        state, _ = self.app.stopwatch()
        running = state == SW_RUNNING
        reset = ImageButton("Reset", self.app.reset_stopwatch, icon="restart_alt", id="left_button", width=96,
                            height=64) if state != SW_RESET else None
        fab = ImageButton("Pause" if running else "Start",
                          self.app.pause_stopwatch if running else self.app.start_stopwatch,
                          icon="pause" if running else "play_arrow", id="fab", width=88, height=88, style="fab")
        lap = ImageButton("Lap", self.app.lap, icon="flag", id="right_button", width=96, height=64) if running else None
        return reset, fab, lap


ClockApp.activities = (DeskClock,)
