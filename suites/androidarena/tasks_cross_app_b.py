"""AndroidArena's cross-app tasks 8-14 (``cross-app.yaml``): a value read in one app (a text, a contact's card, a
photo just taken) used in another (Google Calendar, Gmail, Settings' wallpaper picker, Maps, Weather).

Each task seeds both apps with their validators' seeding functions, the entity the instruction names among
distractors ("John" among other contacts, the latest meeting text after an older one), and checks the outcome in
the second app's state. The oracles read the value off the first app's screen, then act in the second app; the
reading steps only show what the oracle then types, so a proof may leave them out (``UI.reading``).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android.telephony import INBOX, SENT
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators import contacts as book
from pytest_mobileagent.validators.google_calendar import CalendarEvent, list_events, seed_events
from pytest_mobileagent.validators.sms import add_sms, device_time_ms
from suites.androidarena.common import ArenaTask
from suites.androidarena.tasks_calendar import at, device_today, next_month

# -- Google Calendar: the events around, and making a new one as a user does --------------------------------------


def calendar_week(today: dt.date) -> list[CalendarEvent]:
    """The events Google Calendar holds before a task: a few days and next month, one with a guest."""
    return [CalendarEvent("Lunch with Anna", at(today + dt.timedelta(days=1), 12), at(today + dt.timedelta(days=1), 13),
                          "Cafe Borrone"),
            CalendarEvent("Gym session", at(today + dt.timedelta(days=2), 7), at(today + dt.timedelta(days=2), 8)),
            CalendarEvent("Quarterly planning", at(next_month(today, 5), 14), at(next_month(today, 5), 15),
                          guests=("alice@example.com",))]


def new_event(ui: UI, title: str, day: dt.date | None = None, location: str = "", guest: str = "",
              loose_title: str = "") -> Iterator[Action]:
    """Google Calendar's "Create new event" > "Event": the title, the start day (the date picker, turning the
    months), the location (typed, the suggestion taken) and a guest, then Save (sending the invitation).
    ``loose_title`` says why a title typed otherwise still passes, where it does."""
    yield ui.open_app("Google Calendar")
    yield ui.click(desc="Create new event")
    yield ui.click(text="Event")
    typing = ui.type(title, hint="Add title")
    yield ui.tolerate(typing, loose_title, "text") if loose_title else typing
    if day is not None:
        yield ui.click(rid="start_date")
        while not ui.exists(text=f"{day:%B %Y}", rid="android:id/month_title"):
            yield ui.click(desc="Next month")
        yield ui.click(desc=f"{day.day} {day:%B %Y}")
        yield ui.click(text="OK")
    if location:
        yield ui.click(text="Add location")
        yield ui.type(location, hint="Add location")
        yield ui.click(text=location, cls="Button")
    if guest:
        yield ui.click(text="Add people")
        yield ui.type(guest, hint="Add people")
        yield ui.click(rid="suggestion_text")
        yield ui.click(text="Done")
    yield ui.click(text="Save")
    if guest:
        yield ui.click(text="Send")
    yield ui.complete()


class _ToCalendar(ArenaTask):
    """Seeds Google Calendar's events (:func:`calendar_week`); the check finds the one new event."""

    __abstract__ = True

    def setup(self, device: Device) -> None:
        self.today = device_today(device)
        self.before = seed_events(device, calendar_week(self.today))

    def added(self, device: Device) -> CalendarEvent | None:
        """The one event added, the others as they were; None otherwise."""
        after = list_events(device)
        new = [e for e in after if e.id not in {b.id for b in self.before}]
        kept = all(e in after for e in self.before)
        return new[0] if len(new) == 1 and kept else None


# -- 8: the latest text about a meeting, made an event ---------------------------------------------------------

#: The phone book of the Messages task: (first, last, number).
TEXTERS = (("Alice", "Chen", "555-010-1001"), ("Bob", "Smith", "555-010-1002"), ("Carol", "Diaz", "555-010-1003"),
           ("David", "Kim", "555-010-1004"))
MEETINGS = ("project review", "budget", "design sync", "hiring committee", "quarterly planning kickoff")
ROOMS = ("Room 4", "Room 12", "Boardroom", "Conference Room B")
MEETING_TEXT = "The {name} meeting is on {day:%A}, {day:%B} {dom} in {room}."
MEETING_RE = re.compile(r"The (.+?) meeting is on \w+, (\w+) (\d+) in (.+)\.$")


class CrossMessagesMeetingToCalendar(_ToCalendar):
    """Checks Google Calendar's provider for one new event: its title names the meeting (the text's "<name>
    meeting": the name, any case, within the title), it starts on the meeting's day and its location is the room;
    the seeded events are unchanged. The texts are the telephony provider's, the events the calendar provider's
    (both read as on a rooted device).

    Setup: the phone book, an older text about another meeting (another day and room), the latest meeting text
    (drawn: name, day of next month, room; from a drawn sender), and newer texts about other things. "The meeting
    details" are made checkable as what the text states, its name, day and room: the text names no time of day
    because the simulated Google Calendar has no time picker (a new event starts at the next full hour)."""

    template = ("Scan Google Messages for the latest message regarding a meeting, extract the meeting details, "
                "and create an event in Google Calendar.")
    type = "cross_app"
    apps = ("messages", "calendar")

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({
            "names": st.lists(st.sampled_from(MEETINGS), min_size=2, max_size=2, unique=True),
            "days": st.lists(st.integers(1, 28), min_size=2, max_size=2, unique=True),
            "rooms": st.lists(st.sampled_from(ROOMS), min_size=2, max_size=2, unique=True),
            "senders": st.lists(st.sampled_from([t[0] for t in TEXTERS]), min_size=2, max_size=2, unique=True)})

    def meeting(self, i: int) -> tuple[str, dt.date, str]:
        """(name, day, room) of the latest meeting text (0) or the older one (1)."""
        p = self.params
        return p["names"][i], next_month(self.today, p["days"][i]), p["rooms"][i]

    def text(self, i: int) -> str:
        name, day, room = self.meeting(i)
        return MEETING_TEXT.format(name=name[:1].upper() + name[1:], day=day, dom=day.day, room=room)

    def setup(self, device: Device) -> None:
        super().setup(device)
        book.seed_contacts(device, [{"first": f, "last": la, "phone": n} for f, la, n in TEXTERS])
        number = {t[0]: t[2] for t in TEXTERS}
        latest, older = self.params["senders"]
        others = [t[0] for t in TEXTERS if t[0] not in (latest, older)]
        now = device_time_ms(device)
        for who, body, kind, minutes in ((older, "Are we still on for the review?", SENT, 620),
                                         (older, self.text(1), INBOX, 600),
                                         (latest, self.text(0), INBOX, 240), (others[0], "Can you call me back?",
                                                                             INBOX, 90),
                                         (others[1], "Your parcel is at the front desk", INBOX, 30)):
            add_sms(device, number[who], body, kind, now - minutes * 60_000)

    def check(self, device: Device, answer: str | None = None) -> float:
        event = self.added(device)
        if event is None:
            return 0.0
        name, day, room = self.meeting(0)
        ok = (name.lower() in event.title.lower() and event.start.date() == day
              and event.location.strip().lower() == room.lower())
        return 1.0 if ok else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from ui.reading(lambda: ui.open_app("Messages"))
        _, snippet = ui.element(rid="conversation_snippet", match=MEETING_RE.pattern)
        m = MEETING_RE.match(snippet.text)
        assert m is not None
        name, month, dom, room = m.groups()
        yield from new_event(ui, f"{name} meeting", self.day_of(month, int(dom)), room,
                             loose_title="the title need only name the meeting, which the typed text still does")

    def day_of(self, month: str, dom: int) -> dt.date:
        """The next date in this month (by name) on this day: what a reader of "on Friday, November 17" takes."""
        number = dt.datetime.strptime(month, "%B").month
        year = self.today.year + (number < self.today.month)
        return dt.date(year, number, dom)
