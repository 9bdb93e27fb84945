"""Simple Calendar Pro (``com.simplemobiletools.calendar.pro``, 6.22.2 as on AndroidWorld's image): its Room
database ``events.db`` (schema version 8 of ``EventsDatabase``), the row type of ``events`` and the app's
constants. Times are epoch seconds; the device's time zone is UTC, so a wall-clock time on the phone is the
same time in UTC.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pytest_mobileagent.android.evidence import Source, entries, framework, key
from pytest_mobileagent.android.opensource import COMMONS, android_world, appcompat
from pytest_mobileagent.android.theme import LauncherIcon, simple_commons

PACKAGE = "com.simplemobiletools.calendar.pro"
DB_PATH = f"/data/data/{PACKAGE}/databases/events.db"
EVENTS_TABLE = "events"
#: ``repeat_interval`` values of the app's repetition choices (``helpers/Constants.kt``).
DAY, WEEK, MONTH, YEAR = 86400, 604800, 2592001, 31536000
#: ``flags`` bits.
FLAG_ALL_DAY = 1
REGULAR_EVENT_TYPE_ID = 1
SOURCE_SIMPLE_CALENDAR = "simple-calendar"
SOURCE_IMPORTED_ICS = "imported-ics"
#: Room's identity hash of ``EventsDatabase`` version 8 (``app/schemas/.../8.json``).
IDENTITY_HASH = "1d5b2fddcb258e43f2935820863057a9"
SCHEMA_VERSION = 8
#: The statements Room runs to create version 8, plus the ``android_metadata`` table of every SQLiteOpenHelper.
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS android_metadata (locale TEXT)",
    "INSERT INTO android_metadata VALUES ('en_US')",
    "CREATE TABLE IF NOT EXISTS `events` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `start_ts` INTEGER NOT NULL, "
    "`end_ts` INTEGER NOT NULL, `title` TEXT NOT NULL, `location` TEXT NOT NULL, `description` TEXT NOT NULL, "
    "`reminder_1_minutes` INTEGER NOT NULL, `reminder_2_minutes` INTEGER NOT NULL, "
    "`reminder_3_minutes` INTEGER NOT NULL, `reminder_1_type` INTEGER NOT NULL, `reminder_2_type` INTEGER NOT NULL, "
    "`reminder_3_type` INTEGER NOT NULL, `repeat_interval` INTEGER NOT NULL, `repeat_rule` INTEGER NOT NULL, "
    "`repeat_limit` INTEGER NOT NULL, `repetition_exceptions` TEXT NOT NULL, `attendees` TEXT NOT NULL, "
    "`import_id` TEXT NOT NULL, `time_zone` TEXT NOT NULL, `flags` INTEGER NOT NULL, `event_type` INTEGER NOT NULL, "
    "`parent_id` INTEGER NOT NULL, `last_updated` INTEGER NOT NULL, `source` TEXT NOT NULL, "
    "`availability` INTEGER NOT NULL, `color` INTEGER NOT NULL, `type` INTEGER NOT NULL)",
    "CREATE UNIQUE INDEX IF NOT EXISTS `index_events_id` ON `events` (`id`)",
    "CREATE TABLE IF NOT EXISTS `event_types` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `title` TEXT NOT NULL, "
    "`color` INTEGER NOT NULL, `caldav_calendar_id` INTEGER NOT NULL, `caldav_display_name` TEXT NOT NULL, "
    "`caldav_email` TEXT NOT NULL, `type` INTEGER NOT NULL)",
    "CREATE UNIQUE INDEX IF NOT EXISTS `index_event_types_id` ON `event_types` (`id`)",
    "CREATE TABLE IF NOT EXISTS `widgets` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `widget_id` INTEGER NOT NULL, "
    "`period` INTEGER NOT NULL)",
    "CREATE UNIQUE INDEX IF NOT EXISTS `index_widgets_widget_id` ON `widgets` (`widget_id`)",
    "CREATE TABLE IF NOT EXISTS `tasks` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `task_id` INTEGER NOT NULL, "
    "`start_ts` INTEGER NOT NULL, `flags` INTEGER NOT NULL)",
    "CREATE UNIQUE INDEX IF NOT EXISTS `index_tasks_id_task_id` ON `tasks` (`id`, `task_id`)",
    "CREATE TABLE IF NOT EXISTS room_master_table (id INTEGER PRIMARY KEY,identity_hash TEXT)",
    f"INSERT OR REPLACE INTO room_master_table (id,identity_hash) VALUES(42, '{IDENTITY_HASH}')",
)
@dataclass(frozen=True)
class Event:
    """A row of ``events``. Defaults are those AndroidWorld seeds rows with (``CalendarEvent``).

    ``id`` is -1 for an event not read from the database (the row id is assigned on insert).
    """

    start_ts: int
    end_ts: int
    title: str
    location: str = ""
    description: str = ""
    repeat_interval: int = 0
    repeat_rule: int = 0
    reminder_1_minutes: int = -1
    reminder_2_minutes: int = -1
    reminder_3_minutes: int = -1
    reminder_1_type: int = 0
    reminder_2_type: int = 0
    reminder_3_type: int = 0
    repeat_limit: int = 0
    repetition_exceptions: str = "[]"
    attendees: str = ""
    import_id: str = ""
    time_zone: str = "UTC"
    flags: int = 0
    event_type: int = REGULAR_EVENT_TYPE_ID
    parent_id: int = 0
    last_updated: int = 0
    source: str = SOURCE_IMPORTED_ICS
    availability: int = 0
    color: int = 0
    type: int = 0
    id: int = -1

    @classmethod
    def at(cls, day: dt.date, hour: int, minute: int = 0, duration_mins: int = 60, **fields: Any) -> Event:
        """An event starting on ``day`` at ``hour:minute`` (device time, UTC) lasting ``duration_mins``."""
        start = int(dt.datetime(day.year, day.month, day.day, hour, minute, tzinfo=dt.timezone.utc).timestamp())
        return cls(start_ts=start, end_ts=start + duration_mins * 60, **fields)

    @property
    def start(self) -> dt.datetime:
        return dt.datetime.fromtimestamp(self.start_ts, dt.timezone.utc)

    @property
    def end(self) -> dt.datetime:
        return dt.datetime.fromtimestamp(self.end_ts, dt.timezone.utc)

    @property
    def duration_mins(self) -> int:
        return (self.end_ts - self.start_ts) // 60

    @property
    def is_all_day(self) -> bool:
        return bool(self.flags & FLAG_ALL_DAY)

    def row(self) -> dict[str, Any]:
        """The column values to insert (without ``id``, which the database assigns)."""
        return {k: v for k, v in dataclasses.asdict(self).items() if k != "id"}

    def without_id(self) -> Event:
        return dataclasses.replace(self, id=-1)


COLUMNS = tuple(f.name for f in dataclasses.fields(Event))


def event_from_row(values: Sequence[Any]) -> Event:
    """An :class:`Event` from a ``SELECT`` of :data:`COLUMNS`, in that order."""
    return Event(**dict(zip(COLUMNS, values)))


def weekly_repeat_rule(day: dt.date) -> int:
    """The app's weekly ``repeat_rule`` for one weekday: bit ``2**(isoweekday - 1)`` (Monday is 1)."""
    return 1 << (day.isoweekday() - 1)


MAIN_ACTIVITY = f"{PACKAGE}.activities.MainActivity"
EVENT_ACTIVITY = f"{PACKAGE}.activities.EventActivity"

APP_VERSION = "6.22.2 (versionCode 238, AndroidWorld's com.simplemobiletools.calendar.pro_238.apk)"
_REPO, _TAG, _COMMONS_COMMIT = "SimpleMobileTools/Simple-Calendar", "6.22.2", "71d66584bd"


def _src(path: str, note: str = "") -> Source:
    return Source(_REPO, f"app/src/main/{path}", app_version=_TAG, note=note)


def _commons(path: str, note: str = "") -> Source:
    return Source(COMMONS, f"commons/src/main/{path}", app_version=_TAG,
                  note=note or f"Simple-Commons {_COMMONS_COMMIT}, pinned by 6.22.2")


_STRINGS = _src("res/values/strings.xml")
_COMMONS_STRINGS = _commons("res/values/strings.xml")

EVIDENCE = {
    key("activity", MAIN_ACTIVITY): android_world("env/adb_utils.py", "'simple calendar pro': MainActivity"),
    key("activity", EVENT_ACTIVITY): _src("AndroidManifest.xml"),
    **entries("id", ("event_all_day", "event_all_day_holder", "event_color", "event_color_holder", "event_color_image",
                     "event_color_text", "event_coordinator", "event_date_time_divider", "event_description",
                     "event_description_divider", "event_end_date", "event_end_time", "event_location",
                     "event_nested_scrollview", "event_reminder_1", "event_reminder_2", "event_reminder_3",
                     "event_reminder_divider", "event_reminder_image", "event_repetition", "event_repetition_divider",
                     "event_repetition_image", "event_repetition_limit", "event_repetition_limit_holder",
                     "event_repetition_limit_label", "event_repetition_rule", "event_repetition_rule_holder",
                     "event_repetition_rule_label", "event_show_on_map", "event_start_date", "event_start_time",
                     "event_time_image", "event_title", "event_toolbar", "event_type", "event_type_holder",
                     "event_type_image"), _src("res/layout/activity_event.xml")),
    **entries("id", ("calendar_fab", "fab_event_label", "fab_extended_overlay", "fab_task_icon", "fab_task_label",
                     "fragments_holder", "main_coordinator", "main_holder", "search_holder", "search_placeholder",
                     "search_placeholder_2", "search_results_list", "swipe_refresh_layout"),
              _src("res/layout/activity_main.xml")),
    **entries("id", ("delete_event_description", "delete_event_holder", "delete_event_radio_view",
                     "delete_event_repeat_description"), _src("res/layout/dialog_delete_event.xml")),
    key("id", "reminder_warning"): _src("res/layout/dialog_reminder_warning.xml"),
    **entries("id", ("dialog_radio_group", "dialog_radio_holder"), _src("res/layout/dialog_select_event_type.xml")),
    key("id", "dialog_vertical_linear_layout"): _src("res/layout/dialog_vertical_linear_layout.xml"),
    **entries("id", ("event_item_color_bar", "event_item_description", "event_item_holder", "event_item_time",
                     "event_item_title"), _src("res/layout/event_list_item.xml")),
    key("id", "event_section_title"): _src("res/layout/event_list_section_day.xml"),
    **entries("id", ("day_events", "day_holder"), _src("res/layout/fragment_day.xml")),
    **entries("id", ("top_left_arrow", "top_value", "top_right_arrow"), _src("res/layout/top_navigation.xml")),
    key("id", "fragment_days_viewpager"): _src("res/layout/fragment_days_holder.xml"),
    **entries("id", ("calendar_empty_list_placeholder", "calendar_empty_list_placeholder_2", "calendar_events_list",
                     "calendar_events_list_holder"), _src("res/layout/fragment_event_list.xml")),
    **entries("id", ("month_calendar_holder", "month_view_wrapper"), _src("res/layout/fragment_month.xml")),
    **entries("id", ("month_day_calendar_holder", "month_day_events_list", "month_day_list_holder",
                     "month_day_no_events_placeholder", "month_day_selected_day_label", "month_day_view_divider",
                     "month_day_view_wrapper"), _src("res/layout/fragment_month_day.xml")),
    key("id", "fragment_months_viewpager"): _src("res/layout/fragment_months_holder.xml"),
    **entries("id", ("week_events_columns_holder", "week_holder", "week_letters_holder"),
              _src("res/layout/fragment_week.xml")),
    **entries("id", ("week_view_month_label", "week_view_view_pager"), _src("res/layout/fragment_week_holder.xml")),
    **entries("id", ("calendar_holder", *(f"month_{m}{part}" for m in range(1, 13) for part in ("", "_label",
                                                                                              "_holder"))),
              _src("res/layout/fragment_year.xml")),
    key("id", "fragment_years_viewpager"): _src("res/layout/fragment_years_holder.xml"),
    key("id", "month_view"): _src("res/layout/month_view.xml"),
    key("id", "month_view_background"): _src("res/layout/month_view_background.xml"),
    key("id", "week_event_label"): _src("res/layout/week_event_marker.xml"),
    **entries("id", ("cab_delete", "cab_share"), _src("res/menu/cab_day.xml")),
    **entries("id", ("change_view", "go_to_today"), _src("res/menu/menu_main.xml")),
    **entries("id", ("save", "delete", "duplicate", "share"), _src("res/menu/menu_event.xml")),
    key("id", "actionbar_title"): _commons("res/layout/actionbar_title.xml"),
    key("id", "message"): _commons("res/layout/dialog_message.xml", "ConfirmationAdvancedDialog's message"),
    **entries("id", ("top_app_bar_layout", "top_toolbar_holder", "top_toolbar_search", "top_toolbar_search_icon"),
              _commons("res/layout/menu_search.xml", "MySearchMenu")),
    **appcompat("action_mode_bar", "action_mode_close_button"),
    **framework("content", "parentPanel", "alertTitle", "buttonPanel", "button1", "button2", "button3", "timePicker",
                "hour", "minute", "divider", "numberpicker_input", "datePicker", "day", "month", "year"),
    **entries("text", ("The selection contains repeating events", "Task", "Repeat", "Repeat on",
                       "No upcoming events.", "Forever", "Event", "Event color", "Edit Event", "Create a new event",
                       "Location", "Description", "All-day", "No repetition", "Regular event", "Add another reminder",
                       "Monthly view", "Weekly view", "Daily view", "Yearly view", "Simple event list",
                       "Monthly and daily view", "Delete this and all future occurrences", "Delete all occurrences"),
              _STRINGS),
    **entries("desc", ("New Event", "Go to today", "Change view", "Duplicate event"), _STRINGS),
    **entries("text", ("You have unsaved changes. Save before exit?", "Discard", "Settings", "Save", "Yes", "No", "OK",
                       "Cancel", "Search", "No items found.", "Type in at least 2 characters to start the search.",
                       "Title"), _COMMONS_STRINGS),
    **entries("desc", ("Save", "Delete", "Share"), _COMMONS_STRINGS),
    # icons: the drawables the layouts and menus name (Simple-Commons' Material Icons, by their Material name)
    key("icon", "New Event"): _src("kotlin/com/simplemobiletools/calendar/pro/activities/MainActivity.kt",
                                   "animateFabIcon: ic_plus_vector (add), ic_today_vector (today) while the FAB's "
                                   "menu is open; activity_main.xml's calendar_fab"),
    key("icon", "fab_task_icon"): _src("res/layout/activity_main.xml", "ic_task_vector: a tick in a ring (task_alt)"),
    key("icon", "Go to today"): _src("res/menu/menu_main.xml", "ic_today_vector (today)"),
    key("icon", "Change view"): _src("res/menu/menu_main.xml", "ic_change_view_vector: a 3x3 grid of squares (apps)"),
    key("icon", "top_toolbar_search_icon"): _commons("res/layout/menu_search.xml", "ic_search_vector; while "
                                                     "searching MySearchMenu shows ic_arrow_left_vector"),
    key("icon", "top_left_arrow"): _src("res/layout/top_navigation.xml", "ic_chevron_left_vector"),
    key("icon", "top_right_arrow"): _src("res/layout/top_navigation.xml", "ic_chevron_right_vector"),
    key("icon", "Save"): _src("res/menu/menu_event.xml", "ic_check_vector (check)"),
    key("icon", "Delete"): _src("res/menu/menu_event.xml", "ic_delete_vector (as cab_day.xml's cab_delete)"),
    key("icon", "Share"): _src("res/menu/cab_day.xml", "ic_share_vector"),
    key("icon", "Duplicate event"): _src("res/menu/menu_event.xml", "ic_copy_vector (content_copy)"),
    key("icon", "Done"): _commons("res/values/styles.xml", "android:actionModeCloseDrawable: ic_arrow_left_vector "
                                  "(arrow_back)"),
    key("icon", "event_toolbar"): _commons("kotlin/com/simplemobiletools/commons/activities/BaseSimpleActivity.kt",
                                           "the toolbar's NavigationIcon.Arrow: ic_arrow_left_vector (arrow_back)"),
    **{key("icon", i): _src("res/layout/activity_event.xml", note) for i, note in (
        ("event_show_on_map", "ic_place_vector (place)"), ("event_time_image", "ic_clock_vector (schedule)"),
        ("event_reminder_image", "ic_bell_vector (notifications)"), ("event_repetition_image", "ic_repeat_vector"),
        ("event_type_image", "ic_category_vector (category)"), ("event_color_image", "ic_color_vector (palette)"),
        ("event_color", "a disc in the event's colour (circle)"))},
    key("icon", "More options"): _commons("res/layout/menu_search.xml", "the toolbar's overflow (more_vert)"),
}

__all__ = ["APP_VERSION", "COLUMNS", "DAY", "DB_PATH", "EVENTS_TABLE", "EVENT_ACTIVITY", "EVIDENCE", "FLAG_ALL_DAY",
           "IDENTITY_HASH", "MAIN_ACTIVITY", "MONTH", "PACKAGE", "REGULAR_EVENT_TYPE_ID", "SCHEMA", "SCHEMA_VERSION",
           "SOURCE_IMPORTED_ICS", "SOURCE_SIMPLE_CALENDAR", "WEEK", "YEAR", "Event", "event_from_row",
           "weekly_repeat_rule"]

#: Simple-Commons' system theme, its default on Android 12+ (``BaseConfig.isUsingSystemTheme``); the app's own
#: screenshots show the pre-12 default (the dark theme, orange primary #F57C00).
THEME = simple_commons(_commons("res/values-v31/colors.xml",
                                note=f"Simple-Commons {_COMMONS_COMMIT}: you_* colours (values-night-v31 for dark); "
                                     "BaseConfig.kt: isUsingSystemTheme defaults to isSPlus()"))
#: The adaptive icon: md_orange_700 (#F57C00) under a white calendar page with a date grid.
LAUNCHER_ICON = LauncherIcon("#F57C00", "calendar_month", _src("res/mipmap-anydpi-v26/ic_launcher.xml", note=(
    "background @color/md_orange_700; foreground mipmap ic_launcher_foreground, a calendar page with a grid")))
