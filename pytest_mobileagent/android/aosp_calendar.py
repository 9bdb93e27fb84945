"""AOSP Calendar (``com.android.calendar``) and the calendar provider it reads.

``com.android.calendar.AllInOneActivity`` is the launcher entry (Google Calendar,
``com.google.android.calendar``, keeps the same activity class, so B-MoCA's
``START(.*?)com.android.calendar`` matches either). Events live in the calendar provider's
``calendar.db`` (``com.android.providers.calendar``); the simulated table keeps a subset of the real
``Events`` columns (``_id``, ``calendar_id``, ``title``, ``eventLocation``, ``description``, ``dtstart``,
``dtend``, ``allDay``, ``deleted``; times in epoch milliseconds, UTC), and of ``Attendees`` (an event's guests:
``attendeeRelationship`` 1 attendee / 2 organizer, ``attendeeStatus`` 0 none / 3 invited) and ``Reminders``
(``method`` 1 alert).

:data:`EVIDENCE` cites AOSP Calendar (``aosp-mirror/platform_packages_apps_calendar``, its master as stored,
last changed 2025-02-25; the app has barely changed since Android 4). AOSP draws the month as one canvas
(``MonthWeekEventsView``), so the simulated month's day cells and its event list below the grid have no AOSP
counterpart: unconfirmed. Mobile-Bench's phones ran MIUI's calendar under the same package; its screens are not
public.
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import AOSP_BASE, Source, Unconfirmed, entries, framework, key
from pytest_mobileagent.android.theme import LauncherIcon

PACKAGE = "com.android.calendar"
MAIN_ACTIVITY = f"{PACKAGE}.AllInOneActivity"
EVENT_INFO_ACTIVITY = f"{PACKAGE}.EventInfoActivity"
PROVIDER_PACKAGE = "com.android.providers.calendar"
DB_PATH = f"/data/data/{PROVIDER_PACKAGE}/databases/calendar.db"
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS Calendars (_id INTEGER PRIMARY KEY, account_name TEXT, account_type TEXT, "
    "calendar_displayName TEXT, calendar_color INTEGER, visible INTEGER NOT NULL DEFAULT 1)",
    "CREATE TABLE IF NOT EXISTS Events (_id INTEGER PRIMARY KEY AUTOINCREMENT, calendar_id INTEGER NOT NULL, "
    "title TEXT, eventLocation TEXT, description TEXT, dtstart INTEGER, dtend INTEGER, "
    "allDay INTEGER NOT NULL DEFAULT 0, deleted INTEGER NOT NULL DEFAULT 0)",
    "INSERT OR IGNORE INTO Calendars VALUES (1, 'Phone', 'LOCAL', 'Phone', -11751600, 1)",
    "CREATE TABLE IF NOT EXISTS Attendees (_id INTEGER PRIMARY KEY AUTOINCREMENT, event_id INTEGER, "
    "attendeeName TEXT, attendeeEmail TEXT, attendeeStatus INTEGER, attendeeRelationship INTEGER, "
    "attendeeType INTEGER)",
    "CREATE TABLE IF NOT EXISTS Reminders (_id INTEGER PRIMARY KEY AUTOINCREMENT, event_id INTEGER, "
    "minutes INTEGER, method INTEGER NOT NULL DEFAULT 0)",
)

APP_VERSION = "AOSP Calendar (aosp-mirror/platform_packages_apps_calendar master, 2025-02-25)"
_REPO = "aosp-mirror/platform_packages_apps_calendar"


def _aosp(path: str, note: str = "") -> Source:
    return Source(_REPO, path, note=note)


_GRID = Unconfirmed("the simulator's month grid: AOSP draws the month on a canvas (MonthWeekEventsView), "
                    "with no view per day")
EVIDENCE = {
    **entries("activity", (MAIN_ACTIVITY, EVENT_INFO_ACTIVITY), _aosp("AndroidManifest.xml")),
    key("id", "action_today"): _aosp("res/menu/all_in_one_title_bar.xml", "titled goto_today, 'Today'"),
    key("id", "top_button_date"): _aosp("res/layout/actionbar_pulldown_menu_top_button.xml",
                                        "the action bar's view pulldown (CalendarViewAdapter)"),
    key("id", "agenda_events_list"): _aosp("res/layout/agenda_fragment.xml"),
    **entries("id", ("title", "when", "where"), _aosp("res/layout/agenda_item.xml", "an agenda row; title and "
                                                     "where also in event_info_headline.xml")),
    key("id", "when_datetime"): _aosp("res/layout/event_info_headline.xml"),
    key("id", "description"): _aosp("res/layout/event_info.xml"),
    **entries("id", ("month_view", "month_day", "month_events_list"), _GRID),
    **entries("desc", ("Previous month", "Next month"), _GRID),
    **entries("text", ("Today", "Month", "Agenda", "Day", "Week", "(No title)"),
              _aosp("res/values/strings.xml", "goto_today, month_view, agenda_view, day_view, week_view, "
                    "no_title_label")),
    key("text", "No upcoming events"): Unconfirmed("the empty agenda's text; not checked"),
    **framework("content", "action_bar", "title"),
    # icons
    **entries("icon", ("Previous month", "Next month"), Unconfirmed("the simulator's month arrows (chevron_left, "
                                                                    "chevron_right): AOSP turns months by a fling")),
    key("icon", "Navigate up"): Source(AOSP_BASE, "core/res/res/drawable/ic_ab_back_material.xml",
                                       note="the framework ActionBar's up arrow (arrow_back)"),
}

__all__ = ["APP_VERSION", "DB_PATH", "EVENT_INFO_ACTIVITY", "EVIDENCE", "MAIN_ACTIVITY", "PACKAGE",
           "PROVIDER_PACKAGE", "SCHEMA"]

#: A legacy icon (mipmap ic_launcher_calendar.png, no adaptive one), which Android 8+ launchers set on white: a grey
#: month grid under a lime (#B2D663) header, one day lime.
LAUNCHER_ICON = LauncherIcon("#FFFFFF", "calendar_view_month", foreground="#8FB43A",
                             source=_aosp("res/mipmap-xxhdpi/ic_launcher_calendar.png",
                                          note="AndroidManifest.xml's android:icon @mipmap/ic_launcher_calendar"))
