"""Google Calendar (``com.google.android.calendar``): its activities, views and resource ids.

Google Calendar keeps its events in the calendar provider (``com.android.providers.calendar``'s ``calendar.db``,
:mod:`pytest_mobileagent.android.aosp_calendar`), as AOSP Calendar does: ``Events``, ``Attendees`` (guests) and
``Reminders`` (notifications) rows, readable on a device with root. Its launcher activity keeps the AOSP class name,
``com.android.calendar.AllInOneActivity`` (confirmed: public adb scripts start
``com.google.android.calendar/com.android.calendar.AllInOneActivity``).

Resource ids confirmed by AndroidArena's published ``calendar.yaml`` action sequences (uiautomator2 xpaths recorded
on the real app): ``floating_action_button``, ``title`` (the editor's title field), ``expanded_recycler`` (the
editor's rows), ``search_text``, ``suggestions`` (location suggestions), ``save``, ``action_search``,
``search_list`` (search results: a RecyclerView of ``android.view.View`` rows), ``edit_image``,
``info_action_overflow``, ``recycler`` (guest suggestions), ``right_button`` (Done), ``toolbar`` (its first
ImageButton opens the drawer), ``drawer_list`` (the navigation list: its 5th and 6th LinearLayout rows are Week and
Month), and the framework's DatePicker ids ``android:id/next`` and ``android:id/month_view``. The other ids
(``schedule_view``, ``week_view``, ``month_grid``...) and the activity names other than the launcher's are plausible
guesses.

The start time opens the framework's TimePickerDialog, simulated in its keyboard-input mode (the real dialog opens
on the clock dial; its keyboard button switches). The ids of that mode are AOSP's, confirmed in
``frameworks/base/core/res/res/layout/time_picker_text_input_material.xml``: the EditTexts ``android:id/input_hour``
and ``android:id/input_minute`` (labelled by ``label_hour`` / ``label_minute``, a ``top_label`` prompt above and
``label_error`` shown for an invalid time) and the Spinner ``android:id/am_pm_spinner``; the dialog's OK is the
framework's ``android:id/button1`` (:data:`TIME_PICKER`).
"""

from __future__ import annotations

import datetime as dt
from typing import NamedTuple

from pytest_mobileagent.android.evidence import AOSP_BASE, UNCONFIRMED, Source, Unconfirmed, entries, framework, key
from pytest_mobileagent.android.theme import LauncherIcon, arena_drawer

PACKAGE = "com.google.android.calendar"
MAIN_ACTIVITY = "com.android.calendar.AllInOneActivity"
SEARCH_ACTIVITY = f"{PACKAGE}.search.SearchActivity"
EVENT_INFO_ACTIVITY = f"{PACKAGE}.event.EventInfoActivity"
EDIT_ACTIVITY = f"{PACKAGE}.event.EditEventActivity"
#: The drawer's view choices, in the order of its rows (after the account header row).
VIEWS = ("Schedule", "Day", "3 days", "Week", "Month")
#: The content description of each view's row title in the drawer: AndroidArena's evaluator finds the drawer by
#: the title's words followed by these ("Week Week view"); "Day view" follows the same pattern, unconfirmed.
VIEW_DESCRIPTIONS = {"Schedule": "Schedule view", "Day": "Day view", "3 days": "3-days view", "Week": "Week view",
                     "Month": "Month view"}
#: The container id each view's body has on the main screen.
VIEW_IDS = {"Schedule": "schedule_view", "Day": "day_view", "3 days": "three_day_view", "Week": "week_view",
            "Month": "month_grid"}
#: The id the editor's start and end date TextViews share (start first): AndroidArena records a tap on the start
#: date by its position under ``expanded_recycler``, so the real id is not unique (its name is unconfirmed).
DATE_ID = "date"
#: The content description of the toolbar's first button, which opens the navigation drawer.
DRAWER_BUTTON = "Show Calendar List and Settings drawer"
#: The framework's TimePicker in keyboard-input mode: its hour and minute fields, AM/PM spinner and the dialog's OK.
TIME_PICKER = {"hour": "android:id/input_hour", "minute": "android:id/input_minute",
               "am_pm": "android:id/am_pm_spinner", "ok": "android:id/button1"}
#: The Google account the simulated app is signed in with (the organizer of the events it creates).
ACCOUNT = "user@gmail.com"


#: The version of the real app followed: AndroidArena's phone (2023; its ``tasks/calendar.yaml`` recorded no version).
APP_VERSION = "2023 (AndroidArena's phone; version not recorded)"
_ARENA = "AndroidArenaAgent/AndroidArena"
_YAML = Source(_ARENA, "tasks/calendar.yaml", note="uiautomator2 xpaths of the published action sequences")
_EVAL = Source(_ARENA, "run_evaluator.py", note="check_page('calendar_label'): the drawer's view rows")
EVIDENCE = {
    key("activity", MAIN_ACTIVITY): Source("google-research/android_world", "android_world/env/adb_utils.py",
                                           note="_PATTERN_TO_ACTIVITY"),
    **entries("activity", (SEARCH_ACTIVITY, EVENT_INFO_ACTIVITY, EDIT_ACTIVITY), UNCONFIRMED),
    **entries("id", ("floating_action_button", "title", "expanded_recycler", "search_text", "suggestions", "save",
                     "action_search", "search_list", "edit_image", "info_action_overflow", "recycler",
                     "right_button", "toolbar", "drawer_list"), _YAML),
    **entries("id", ("android:id/next", "android:id/month_view"), _YAML),
    key("id", "android:id/prev"): Source(AOSP_BASE, "core/res/res/layout/day_picker_content_material.xml",
                                         note="DatePicker's previous-month button, beside android:id/next"),
    key("id", "android:id/datePicker"): Source(AOSP_BASE, "core/res/res/layout/date_picker_dialog.xml"),
    **entries("id", ("android:id/date_picker_header", "android:id/date_picker_header_date",
                     "android:id/date_picker_header_year"),
              Source(AOSP_BASE, "core/res/res/layout/date_picker_header_material.xml")),
    key("id", "android:id/month_title"): Unconfirmed("the simulated month header; AOSP's SimpleMonthView draws its "
                                                     "title without a view of its own"),
    **entries("id", ("action_today", "add_people", "cancel", "chip", "date_picker_text_view", "day_header",
                     "drawer_item_text", "drawer_layout", "edit_toolbar", DATE_ID, "end_time", "event_row",
                     "event_time", "event_title", "guest", "guests_header", "info_toolbar", "location", "month_grid",
                     "schedule_view", "search_bar", "speed_dial_label", "start_time", "suggestion_text", "time",
                     "week_view", "three_day_view", "day_view"), UNCONFIRMED),
    **framework("alertTitle", "button1", "button2", "buttonPanel", "content", "parentPanel", "title", "timePicker"),
    **entries("id", tuple(f"android:id/{i}" for i in ("input_hour", "input_minute", "input_block", "input_separator",
                                                      "label_hour", "label_minute", "top_label", "label_error",
                                                      "am_pm_spinner")),
              Source(AOSP_BASE, "core/res/res/layout/time_picker_text_input_material.xml",
                     note="TimePicker's keyboard-input mode")),
    **entries("desc", tuple(VIEW_DESCRIPTIONS[v] for v in ("Schedule", "3 days", "Week", "Month")), _EVAL),
    key("desc", VIEW_DESCRIPTIONS["Day"]): Unconfirmed("the pattern of the other four rows"),
    **entries("text", ("Schedule", "3 days", "Week", "Month"), _EVAL),
    key("desc", DRAWER_BUTTON): UNCONFIRMED,
    # icons: Google Calendar's drawables are not public; Material Symbols as its Material 3 screens draw them
    key("icon", DRAWER_BUTTON): Unconfirmed("the hamburger (menu)"),
    key("icon", "Search"): Unconfirmed("search"),
    key("icon", "Jump to Today"): Unconfirmed("a calendar page (calendar_today, outlined; the real one prints "
                                              "today's day of the month in it)"),
    key("icon", "Create new event"): Unconfirmed("the FAB's plus (add)"),
    key("icon", "Event"): Unconfirmed("the open speed dial's FAB: a pencil (edit)"),
    key("icon", "Edit event"): Unconfirmed("edit, outlined"),
    key("icon", "Close"): Unconfirmed("close"),
    key("icon", "Navigate up"): Unconfirmed("arrow_back"),
    key("icon", "More options"): Unconfirmed("more_vert"),
    **entries("icon", ("Previous month", "Next month"),
              Source(AOSP_BASE, "core/res/res/layout/day_picker_content_material.xml",
                     note="the date picker's prev/next: ic_chevron_start / ic_chevron_end (chevron_left, "
                          "chevron_right)")),
}


def view_label(view: str, anchor: dt.date) -> str:
    """What a view's body describes itself as: the days it shows (``October 15 – 21, 2023``, ``October 2023``)."""
    if view == "Month":
        return f"{anchor:%B %Y}"
    first = anchor - dt.timedelta(days=(anchor.weekday() + 1) % 7) if view == "Week" else anchor
    last = first + dt.timedelta(days={"Day": 0, "3 days": 2, "Week": 6}.get(view, 0))
    if view == "Schedule":
        return f"From {anchor:%B} {anchor.day}, {anchor.year}"
    tail = f"{last.day}" if last.month == first.month else f"{last:%B} {last.day}"
    if first == last:
        return f"{first:%B} {first.day}, {first.year}"
    return f"{first:%B} {first.day} \u2013 {tail}, {last.year}"


class Place(NamedTuple):
    """A place the location search suggests (the real app asks Google's place search)."""

    name: str
    address: str

    @property
    def location(self) -> str:
        """What an event's ``eventLocation`` holds once the place is picked."""
        return f"{self.name}, {self.address}"


PLACES = (
    Place("Microsoft SVC Building", "1065 La Avenida St, Mountain View, CA 94043"),
    Place("Googleplex", "1600 Amphitheatre Pkwy, Mountain View, CA 94043"),
    Place("Computer History Museum", "1401 N Shoreline Blvd, Mountain View, CA 94043"),
    Place("Stanford University", "450 Jane Stanford Way, Stanford, CA 94305"),
    Place("San Francisco City Hall", "1 Dr Carlton B Goodlett Pl, San Francisco, CA 94102"),
    Place("Shoreline Amphitheatre", "1 Amphitheatre Pkwy, Mountain View, CA 94043"),
)

__all__ = [
    "ACCOUNT",
    "APP_VERSION",
    "DRAWER_BUTTON",
    "EDIT_ACTIVITY",
    "EVENT_INFO_ACTIVITY",
    "EVIDENCE",
    "MAIN_ACTIVITY",
    "PACKAGE",
    "PLACES",
    "SEARCH_ACTIVITY",
    "TIME_PICKER",
    "VIEWS",
    "VIEW_DESCRIPTIONS",
    "VIEW_IDS",
    "Place",
    "view_label",
]

#: The launcher icon on AndroidArena's phone: a blue and green page reading 12 on white.
LAUNCHER_ICON = LauncherIcon("#FFFFFF", "calendar_today", foreground="#4285F4",
                             source=arena_drawer("a blue and green page reading 12 on white"))
