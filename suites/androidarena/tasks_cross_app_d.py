"""AndroidArena's cross-app tasks 2 and 5 (``cross-app.yaml``): a meeting mail made a Google Calendar event (at its
date and time, which the event editor's time picker sets), and a faculty profile page in Firefox made a contact.

As in the other cross-app modules, each task seeds both apps with their validators' seeders, the entity the
instruction names among others, and judges the outcome in the second app's store; the oracles read the values off
the first app's screen before acting in the second (the reading steps are marked, so a proof may leave them out).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator, Mapping
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android.google_calendar import TIME_PICKER
from pytest_mobileagent.android.websites import PROFILES, Profile
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.mutations import PHONE_FIELD
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators import contacts as book
from pytest_mobileagent.validators.firefox import seed_places, visits
from suites.androidarena.common import ArenaTask
from suites.androidarena.tasks_contacts import expected, names
from suites.androidarena.tasks_contacts import seed as seed_book
from suites.androidarena.tasks_cross_app_a import mail_body, read_mail, replace_mail
from suites.androidarena.tasks_cross_app_b import ToCalendar
from suites.androidarena.tasks_firefox import SEEDED, type_address


def device_zone(device: Device) -> dt.timezone:
    """The device's UTC offset now (``date +%z``), UTC if it cannot be read."""
    m = re.fullmatch(r"([+-])(\d\d)(\d\d)", device.shell("date +%z").strip())
    if not m:
        return dt.timezone.utc
    minutes = int(m.group(2)) * 60 + int(m.group(3))
    return dt.timezone(dt.timedelta(minutes=-minutes if m.group(1) == "-" else minutes))


def device_now(device: Device) -> dt.datetime:
    """The device's wall clock in its own zone."""
    return dt.datetime.fromtimestamp(int(device.shell("date +%s").strip()), device_zone(device))


# -- 2. Gmail -> Google Calendar ----------------------------------------------------------------------------------

#: What the meeting is about (its name, which the event's title must carry).
MEETINGS = ("design review", "project kickoff", "budget planning", "customer demo", "team offsite planning")
#: The mail's text; its date and time are in the device's zone, as a person reads them.
MEETING_MAIL = "Hi, the {name} meeting is on {day:%A}, {day:%B} {dom}, {day.year} at {clock}. Please be on time."
MEETING_RE = re.compile(r"the (.+?) meeting is on \w+, (\w+ \d+, \d{4}) at (\d+):(\d\d) (AM|PM)\.")


def clock(hour: int, minute: int) -> str:
    return f"{hour % 12 or 12}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


class CrossMailMeetingToCalendar(ToCalendar):
    """The "meeting details" mail (seeded per instance: "the <name> meeting is on <weekday>, <Month> <d>, <year>
    at <h>:<mm> AM|PM", a few days to five weeks ahead, between 8 AM and 5:45 PM) becomes an event. Checks Google
    Calendar's provider for exactly one new event, the seeded ones unchanged, that starts at the mail's date and time
    in the device's zone (``date +%z``) and whose title names the meeting (its name, any case, within the title).
    "Extract the date and time" names nothing more, so the end, location and guests are free.

    Events are the calendar provider's (readable with root); the mail is the simulator's store (the real app keeps
    it on Google's servers), hence ``sim_app_state``."""

    template = ("Extract the date and time from the email titled \"meeting details\" in Gmail, and create a calendar "
                "event in Google Calendar.")
    type = "cross_app"
    apps = ("gmail", "calendar")
    requires = frozenset({"sim_app_state"})
    published = ({"name": "design review", "days": 3, "hour": 14, "minute": 30},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"name": st.sampled_from(MEETINGS), "days": st.integers(2, 35),
                                      "hour": st.integers(8, 17), "minute": st.sampled_from([0, 15, 30, 45])})

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        return st.just(dict(row))

    def setup(self, device: Device) -> None:
        super().setup(device)
        now = device_now(device)
        p = self.params
        day = now.date() + dt.timedelta(days=p["days"])
        self.start = dt.datetime(day.year, day.month, day.day, p["hour"], p["minute"], tzinfo=now.tzinfo)
        body = MEETING_MAIL.format(name=p["name"], day=day, dom=day.day, clock=clock(p["hour"], p["minute"]))
        replace_mail(device, "meeting details", ("Emma Lee", "emma.lee@example.com", body,
                                                 (now - dt.timedelta(hours=3)).astimezone(dt.timezone.utc)))

    def check(self, device: Device, answer: str | None = None) -> float:
        event = self.added(device)
        ok = event is not None and event.start == self.start and self.params["name"] in event.title.lower()
        return 1.0 if ok else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from read_mail(ui, "meeting details")
        m = MEETING_RE.search(mail_body(ui))
        assert m is not None
        name, day, hour, minute, meridiem = m.groups()
        date = dt.datetime.strptime(day, "%B %d, %Y").date()
        yield ui.open_app("Google Calendar")
        yield ui.click(desc="Create new event")
        yield ui.click(text="Event")
        yield ui.tolerate(ui.type(f"{name} meeting", hint="Add title"),
                          "the title need only name the meeting, which the changed text still does", "text")
        yield ui.click(rid="date")  # the start date (the end date follows)
        while not ui.exists(text=f"{date:%B %Y}", rid="android:id/month_title"):
            yield ui.click(desc="Next month")
        yield ui.click(desc=f"{date.day} {date:%B %Y}")
        yield ui.click(text="OK")
        yield from set_time(ui, hour, minute, meridiem)
        yield ui.click(text="Save")
        yield ui.complete()


def set_time(ui: UI, hour: str, minute: str, meridiem: str) -> Iterator[Action]:
    """The start time row's time picker (keyboard input): the hour and minute typed over where they differ, AM/PM
    chosen in its spinner where it differs, then OK."""
    yield ui.click(rid="start_time")
    for key, value in (("hour", hour), ("minute", minute)):
        if ui.element(rid=TIME_PICKER[key])[1].text != value:
            yield ui.type(value, clear=True, rid=TIME_PICKER[key])
    if ui.element(rid=TIME_PICKER["am_pm"])[1].text != meridiem:
        yield ui.click(rid=TIME_PICKER["am_pm"])
        yield ui.click(text=meridiem)
    yield ui.click(rid=TIME_PICKER["ok"])


# -- 5. Firefox -> Google Contacts --------------------------------------------------------------------------------

PROFILE_URLS = tuple(p.url for p in PROFILES)


class CrossProfilePageToContact(ArenaTask):
    """The faculty profile page (Stanford Profiles, served by the simulated web: the published address is Fei-Fei
    Li's page, the drawn ones invented colleagues') becomes a contact. Checks Firefox's places store for a visit to
    the page after the seeded history ("visited in Firefox"), and the contacts provider: exactly one new contact,
    the seeded phone book unchanged, whose name is the page's (display name, any case), with the page's email as its
    only email and the page's phone (digits) as its only phone. "Automatically fill in" is made checkable as the
    fields holding the page's values, however they were entered.

    The contacts are read as on a device; the page's details are the simulated web's (a real phone would show the
    real page, whose details the check cannot know), hence ``sim_app_state``."""

    template = ('Create a new contact in Google Contacts from a website "{url}" visited in Firefox, and automatically '
                "fill in the contact's name, email, and phone number.")
    type = "cross_app"
    apps = ("firefox", "contacts")
    requires = frozenset({"sim_app_state"})
    published = ({"url": "https://profiles.stanford.edu/fei-fei-li"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"url": st.sampled_from(PROFILE_URLS)})

    @property
    def profile(self) -> Profile:
        return next(p for p in PROFILES if p.url == self.params["url"])

    def setup(self, device: Device) -> None:
        seed_places(device)
        seed_book(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        p = self.profile
        if not any(url.rstrip("/") == p.url for url, _ in visits(device, SEEDED)):
            return 0.0
        new = book.raw_ids_named(device, p.name)
        if len(new) != 1 or names(device) != sorted([*expected(), p.name]):
            return 0.0
        d = book.details(device, new[0])
        right = [e.lower() for e in d["emails"]] == [p.email.lower()] and d["phones"] == [book.clean_number(p.phone)]
        return 1.0 if right else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from type_address(ui, self.params["url"])
        texts = [el.text for _, el in ui.find_all(cls="TextView") if el.text]
        heading = texts[texts.index("Stanford Profiles") + 1]
        email = next(t for t in texts if t.startswith("Email: "))[len("Email: "):]
        phone = next(t for t in texts if t.startswith("Phone: "))[len("Phone: "):]
        first, _, last = heading.rpartition(" ")
        yield ui.open_app("Contacts")
        yield ui.click(desc="Create contact")
        for hint, value in (("First name", first), ("Last name", last), ("Phone", phone), ("Email", email)):
            typed = ui.type(value, hint=hint)
            yield ui.tolerate(typed, *PHONE_FIELD) if hint == "Phone" else typed
        yield ui.click(text="Save")
        yield ui.complete()
