"""Google Calendar's start-time picker (the framework's TimePicker in keyboard-input mode) and the simulated web's
faculty profile pages, which AndroidArena's cross-app tasks 2 and 5 use."""

from __future__ import annotations

import datetime as dt

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import firefox, google_calendar
from pytest_mobileagent.android.websites import PROFILES, fetch
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.validators.google_calendar import list_events, seed_events
from tests.screen import elements, find, tap


def open_time_picker(d: SimDevice) -> None:
    d.set_time(DEFAULT_TIME)
    seed_events(d, [])
    d.start_app(google_calendar.PACKAGE)
    tap(d, desc="Create new event")
    tap(d, text="Event")
    tap(d, rid="start_time")


def type_over(d: SimDevice, rid: str, text: str) -> None:
    tap(d, rid=rid)
    for _ in find(d, rid=rid).text:
        d.press("delete")
    d.input_text(text)


def test_the_time_picker_shows_the_start_and_sets_a_new_one(d: SimDevice) -> None:
    open_time_picker(d)  # 15:34 now: a new event starts at 4:00 PM
    assert (find(d, rid="input_hour").text, find(d, rid="input_minute").text, find(d, rid="am_pm_spinner").text) \
        == ("4", "00", "PM")
    assert find(d, rid="input_hour").class_name == "android.widget.EditText"
    type_over(d, "input_hour", "9")
    type_over(d, "input_minute", "45")
    tap(d, rid="am_pm_spinner")
    tap(d, text="AM")
    tap(d, rid="button1")
    assert find(d, rid="start_time").text == "9:45 AM" and find(d, rid="end_time").text == "10:45 AM"
    tap(d, text="Save")
    (event,) = list_events(d)
    assert (event.start, event.end) == (dt.datetime(2023, 10, 15, 9, 45, tzinfo=dt.timezone.utc),
                                        dt.datetime(2023, 10, 15, 10, 45, tzinfo=dt.timezone.utc))


def test_an_invalid_time_keeps_the_dialog_and_cancel_changes_nothing(d: SimDevice) -> None:
    open_time_picker(d)
    type_over(d, "input_hour", "13")
    tap(d, rid="button1")
    assert find(d, rid="label_error").text == "Enter a valid time"
    tap(d, rid="button2")
    assert not any(e.resource_name == "input_hour" for e in elements(d))
    assert find(d, rid="start_time").text == "4:00 PM"


def test_the_start_date_row_still_opens_the_date_picker(d: SimDevice) -> None:
    open_time_picker(d)
    tap(d, rid="button2")
    tap(d, rid=google_calendar.DATE_ID)  # the start date
    assert find(d, rid="month_title").text == "October 2023"


def test_profile_pages_show_name_email_and_phone(d: SimDevice) -> None:
    assert all(fetch(p.url) is not None for p in PROFILES)
    assert fetch("https://profiles.stanford.edu/nobody") is None
    p = PROFILES[0]
    assert p.url == "https://profiles.stanford.edu/fei-fei-li"
    d.start_app(firefox.PACKAGE)
    tap(d, rid=firefox.HOME_TOOLBAR)
    d.input_text(p.url)
    d.press("enter")
    shown = [e.text for e in elements(d)]
    assert {p.name, f"Email: {p.email}", f"Phone: {p.phone}"} <= set(shown)
