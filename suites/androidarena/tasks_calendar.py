"""AndroidArena's Google Calendar tasks (``calendar.yaml``, the seven with a published ground truth) and the two
constrained tasks on Google Calendar (``constrain.yaml`` 11 and 28).

The events live in the calendar provider's ``calendar.db``, read as on a device with root
(:mod:`pytest_mobileagent.validators.google_calendar`). Each task's ``action_seq`` is AndroidArena's published
uiautomator2 sequence (its natural parameters as fields): the reference solution whose recorded actions are the
ground truth of the LCS metrics, played by :mod:`pytest_mobileagent.tasks.u2_script` on the simulated Google
Calendar, and the oracle, which does what the published sequence does.

Every task seeds the same week around the device's date: "Lunch with Anna" and "Gym session" in the next days,
"Quarterly planning" next month, and for the tasks about an existing event, that event on the 20th of next month
(10:00, one guest) with "Prepare for <title>" earlier, which the search for the title also finds.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from typing import Any, ClassVar

from hypothesis import strategies as st
from lxml import etree

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android.google_calendar import DRAWER_BUTTON, PACKAGE, PLACES, VIEW_IDS, view_label
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.u2_script import parse_action_seq, play
from pytest_mobileagent.validators.google_calendar import CalendarEvent, list_events, seed_events, titled
from suites.androidarena.common import ArenaTask

TITLES = ("meeting", "Team sync", "Dentist appointment", "Project review", "Book club")
EMAILS = ("bob@example.com", "carol@example.com", "dave@example.org", "erin@example.net")
#: The guest the seeded event already has.
GUEST = "alice@example.com"
TARGET_DAY = 20
_ID = "com.google.android.calendar:id"
_SEARCH = (
    "d.app_start('com.google.android.calendar')",
    f"d.xpath('//*[@resource-id=\"{_ID}/action_search\"]').click()",
    f"d.xpath('//*[@resource-id=\"{_ID}/search_text\"]').set_text('{{title}}')",
    "d.press('enter')",
    f"d.xpath('//*[@resource-id=\"{_ID}/search_list\"]/android.support.v7.widget.RecyclerView[1]"
    "/android.view.View[6]').click()",
)


def ordinal(n: int) -> str:
    """``13th``, ``1st``, ``22nd``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def device_today(device: Device) -> dt.date:
    return dt.datetime.fromtimestamp(int(device.shell("date +%s").strip()), dt.timezone.utc).date()


def next_month(day: dt.date, dom: int) -> dt.date:
    return dt.date(day.year + day.month // 12, day.month % 12 + 1, dom)


def at(day: dt.date, hour: int) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day, hour, tzinfo=dt.timezone.utc)


def screen_nodes(device: Device) -> etree._Element:
    return etree.fromstring(device.hierarchy().split("\n", 1)[1].encode())


class _GoogleCalendarTask(ArenaTask):
    """Seeds the week of events; plays the published ``action_seq`` as reference and oracle."""

    __abstract__ = True
    apps = ("calendar",)
    packages = frozenset({PACKAGE})
    #: AndroidArena's published uiautomator2 sequence, its parameters as ``str.format`` fields.
    action_seq: ClassVar[tuple[str, ...]] = ()
    #: Whether the event the instruction names is seeded (and "Prepare for <title>" before it).
    seeds_target: ClassVar[bool] = False
    target_day: ClassVar[int] = TARGET_DAY

    def steps(self) -> list[dict[str, str]]:
        return parse_action_seq(line.format(**self.params) for line in self.action_seq)

    def seeded(self, today: dt.date) -> list[CalendarEvent]:
        events = [CalendarEvent("Lunch with Anna", at(today + dt.timedelta(days=1), 12),
                                at(today + dt.timedelta(days=1), 13), "Cafe Borrone"),
                  CalendarEvent("Gym session", at(today + dt.timedelta(days=2), 7),
                                at(today + dt.timedelta(days=2), 8)),
                  CalendarEvent("Quarterly planning", at(next_month(today, 5), 14), at(next_month(today, 5), 15))]
        if self.seeds_target:
            title, day = self.params["title"], next_month(today, self.target_day)
            before = today - dt.timedelta(days=6)
            events += [CalendarEvent(f"Prepare for {title}", at(before, 9), at(before, 10)),
                       CalendarEvent(title, at(day, 10), at(day, 11), "Room 4", guests=(GUEST,))]
        return events

    def setup(self, device: Device) -> None:
        self.today = device_today(device)
        self.before = seed_events(device, self.seeded(self.today))

    def others_unchanged(self, after: list[CalendarEvent]) -> bool:
        """Every seeded event other than the one the instruction names is still there as it was."""
        title = self.params.get("title", "")
        return all(e in after for e in self.before if e.title != title)

    def reference(self, ui: UI) -> Iterator[Action]:
        """The published sequence, for the tasks that have one; the oracle for the others."""
        return play(self.steps(), ui) if self.action_seq else self.oracle(ui)

    def oracle(self, ui: UI) -> Iterator[Action]:
        steps = self.steps()
        for step, action in zip(steps, play(steps, ui)):
            if step["action"] == "SET_TEXT" and step["xpath"].endswith('/search_text"]'):
                action = ui.tolerate(action, "a search for all but the query's last letter finds the same item",
                                     "text:drop")
            elif step["action"].startswith("SWIPE_"):
                action = ui.tolerate(action, "it brings into view a row the screen already shows", "skip")
            yield action
        yield ui.complete()


class CalendarOpen(_GoogleCalendarTask):
    """Open Google Calendar. "The calendar" is the app the published sequence starts, Google Calendar (the phone also
    has Simple Calendar Pro and AOSP Calendar): the check is that a Google Calendar screen is in front."""

    template = "Open the calendar."
    action_seq = ("d.app_start('com.google.android.calendar')",)

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if device.current_activity()[0] == PACKAGE else 0.0


class CalendarCreateEvent(_GoogleCalendarTask):
    """Create an event: the check reads ``Events`` for one new live event with the title, starting on that day of next
    month, whose location is the place picked from the suggestions (its name, then its address); nothing else
    changed."""

    template = ('Create a new event on Google Calendar with the title "{title}", start time the {nth} of next month, '
                'and location "{location}".')
    published = ({"title": "meeting", "day": 13, "location": "Microsoft SVC Building"},)
    action_seq = (
        "d.app_start('com.google.android.calendar')",
        f"d.xpath('//*[@resource-id=\"{_ID}/floating_action_button\"]').click()",
        f"d.xpath('//*[@resource-id=\"{_ID}/floating_action_button\"]').click()",
        f"d.xpath('//*[@resource-id=\"{_ID}/title\"]').set_text('{{title}}')",
        f"d.xpath('//*[@resource-id=\"{_ID}/expanded_recycler\"]/android.widget.LinearLayout[1]"
        "/android.widget.LinearLayout[1]').click()",
        "d.xpath('//*[@resource-id=\"android:id/next\"]').click()",
        "d.xpath('//*[@text=\"{day}\"]').click()",
        "d.xpath('//*[@resource-id=\"android:id/button1\"]').click()",
        "d.swipe_ext('up')",
        f"d.xpath('//*[@resource-id=\"{_ID}/expanded_recycler\"]/android.widget.Button[2]').click()",
        f"d.xpath('//*[@resource-id=\"{_ID}/search_text\"]').set_text('{{location}}')",
        f"d.xpath('//*[@resource-id=\"{_ID}/suggestions\"]/android.widget.Button[1]').click()",
        f"d.xpath('//*[@resource-id=\"{_ID}/save\"]').click()",
    )

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.builds(lambda t, d, p: {"title": t, "day": d, "nth": ordinal(d), "location": p},
                         st.sampled_from(TITLES), st.integers(1, 28), st.sampled_from([p.name for p in PLACES]))

    @classmethod
    def published_parameters(cls, row: Any) -> st.SearchStrategy[dict[str, Any]]:
        return st.just({**row, "nth": ordinal(row["day"])})

    def check(self, device: Device, answer: str | None = None) -> float:
        after = list_events(device)
        new = [e for e in after if e.id not in {b.id for b in self.before}]
        want = next_month(self.today, self.params["day"])
        ok = (len(new) == 1 and titled(new, self.params["title"]) and new[0].start.date() == want
              and new[0].location.split(",")[0].strip().lower() == self.params["location"].lower())
        return 1.0 if ok and self.others_unchanged(after) else 0.0


class CalendarChangeEventDate(_GoogleCalendarTask):
    """Move the event to another day of next month: the check reads ``Events`` for the one event with the title,
    now starting on that day at its old time (10:00, still an hour long); the other events are unchanged."""

    template = ('Change the start date of an existing event on Google Calendar with the title "{title}" to the {nth} '
                'of next month.')
    published = ({"title": "meeting", "day": 12},)
    seeds_target = True
    action_seq = (*_SEARCH,
                  f"d.xpath('//*[@resource-id=\"{_ID}/edit_image\"]').click()",
                  f"d.xpath('//*[@resource-id=\"{_ID}/expanded_recycler\"]/android.widget.LinearLayout[1]"
                  "/android.widget.LinearLayout[1]/android.widget.LinearLayout[1]/android.widget.TextView[1]').click()",
                  "d.xpath('//*[@resource-id=\"android:id/month_view\"]/android.view.View[{day}]').click()",
                  "d.xpath('//*[@resource-id=\"android:id/button1\"]').click()",
                  f"d.xpath('//*[@resource-id=\"{_ID}/save\"]').click()")

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.builds(lambda t, d: {"title": t, "day": d, "nth": ordinal(d)}, st.sampled_from(TITLES),
                         st.integers(1, 28).filter(lambda d: d != TARGET_DAY))

    @classmethod
    def published_parameters(cls, row: Any) -> st.SearchStrategy[dict[str, Any]]:
        return st.just({**row, "nth": ordinal(row["day"])})

    def check(self, device: Device, answer: str | None = None) -> float:
        after = list_events(device)
        found = titled(after, self.params["title"])
        want = at(next_month(self.today, self.params["day"]), 10)
        ok = len(found) == 1 and found[0].start == want and found[0].end - found[0].start == dt.timedelta(hours=1)
        return 1.0 if ok and self.others_unchanged(after) else 0.0


class CalendarInviteGuest(_GoogleCalendarTask):
    """Invite a guest: the check reads ``Attendees`` for the address among the guests of the event with the title,
    beside the guest it had; the other events are unchanged. Whether the invitation email goes out ("Send" or
    "Don't send") is not judged: that is the server's part."""

    template = 'Invite "{email}" to the existing event with the title "{title}" on Google Calendar.'
    published = ({"email": "bob@example.com", "title": "meeting"},)
    seeds_target = True
    action_seq = (*_SEARCH,
                  f"d.xpath('//*[@resource-id=\"{_ID}/edit_image\"]').click()",
                  f"d.xpath('//*[@resource-id=\"{_ID}/expanded_recycler\"]/android.widget.LinearLayout[2]').click()",
                  f"d.xpath('//*[@resource-id=\"{_ID}/search_text\"]').set_text('{{email}}')",
                  f"d.xpath('//*[@resource-id=\"{_ID}/recycler\"]/android.view.ViewGroup[1]').click()",
                  f"d.xpath('//*[@resource-id=\"{_ID}/right_button\"]').click()",
                  f"d.xpath('//*[@resource-id=\"{_ID}/save\"]').click()",
                  "d.xpath('//*[@resource-id=\"android:id/button1\"]').click()")

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"email": st.sampled_from(EMAILS), "title": st.sampled_from(TITLES)})

    def check(self, device: Device, answer: str | None = None) -> float:
        after = list_events(device)
        found = titled(after, self.params["title"])
        ok = len(found) == 1 and {self.params["email"], GUEST} <= set(found[0].guests)
        return 1.0 if ok and self.others_unchanged(after) else 0.0


class _ShowView(_GoogleCalendarTask):
    """Shows one of the main screen's views; judged on the screen."""

    __abstract__ = True
    view: ClassVar[str] = ""
    drawer_row: ClassVar[int] = 0

    def check(self, device: Device, answer: str | None = None) -> float:
        if device.current_activity()[0] != PACKAGE:
            return 0.0
        body = screen_nodes(device).xpath("//node[@resource-id=$rid]", rid=f"{_ID}/{VIEW_IDS[self.view]}")
        return 1.0 if body and body[0].get("content-desc") == view_label(self.view, self.today) else 0.0


class CalendarShowWeek(_ShowView):
    """Show this week's events: the check is that Google Calendar shows its Week view of the week (Sunday to
    Saturday) holding the device's date, read from the screen (the view's body and the days it describes)."""

    template = "Present all events on Google Calendar for this week."
    view = "Week"
    action_seq = ("d.app_start('com.google.android.calendar')",
                  f"d.xpath('//*[@resource-id=\"{_ID}/toolbar\"]/android.widget.ImageButton[1]').click()",
                  f"d.xpath('//*[@resource-id=\"{_ID}/drawer_list\"]/android.widget.LinearLayout[5]').click()")


class CalendarShowMonth(_ShowView):
    """Show this month's events: the check is that Google Calendar shows its Month view of the device's month, read
    from the screen."""

    template = "Present all events on Google Calendar for this month."
    view = "Month"
    action_seq = ("d.app_start('com.google.android.calendar')",
                  f"d.xpath('//*[@resource-id=\"{_ID}/toolbar\"]/android.widget.ImageButton[1]').click()",
                  f"d.xpath('//*[@resource-id=\"{_ID}/drawer_list\"]/android.widget.LinearLayout[6]').click()")


class CalendarDeleteEvent(_GoogleCalendarTask):
    """Delete the event: the check reads ``Events`` for no live event with the title, every other seeded event
    (including "Prepare for <title>", which the search also finds) still there."""

    template = 'Delete the event on Google Calendar with the title "{title}".'
    published = ({"title": "meeting"},)
    seeds_target = True
    action_seq = (*_SEARCH,
                  f"d.xpath('//*[@resource-id=\"{_ID}/info_action_overflow\"]"
                  "/android.support.v7.widget.LinearLayoutCompat[1]/android.widget.ImageView[1]').click()",
                  "d.xpath('//android.widget.ListView/android.widget.LinearLayout[1]').click()",
                  "d.xpath('//*[@resource-id=\"android:id/button1\"]').click()")

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"title": st.sampled_from(TITLES)})

    def check(self, device: Device, answer: str | None = None) -> float:
        after = list_events(device)
        ok = not titled(after, self.params["title"]) and len(after) == len(self.before) - 1
        return 1.0 if ok and self.others_unchanged(after) else 0.0


# -- constrained tasks (constrain.yaml 11 and 28) ---------------------------------------------------------------


class ConstrainedCalendarViewReminders(_GoogleCalendarTask):
    """Constrained 11: view the next three days' reminders without the navigation drawer (the "label navigation
    list page", entered by its toolbar button: ``elements`` forbids that button). Made checkable as a page on screen:
    Google Calendar's Schedule view (where it opens) or 3-day view from today is in front, showing the title of each
    seeded event of the next three days (each has a notification, a ``Reminders`` row). No published sequence: the
    oracle opens the app, whose Schedule view shows them."""

    template = "View the reminders for the next 3 days."
    type = "constrained"
    constraint = "Do NOT enter the label navigation list page in my Calendar."
    constraints = {"elements": [re.escape(DRAWER_BUTTON)]}
    REMINDERS: ClassVar[tuple[tuple[str, int, int], ...]] = (
        ("Pay the electricity bill", 0, 18), ("Call the bank", 1, 9), ("Pick up the dry cleaning", 2, 17),
        ("Renew the passport", 5, 10))

    def seeded(self, today: dt.date) -> list[CalendarEvent]:
        return [*super().seeded(today),
                *[CalendarEvent(title, at(today + dt.timedelta(days=d), h), at(today + dt.timedelta(days=d), h + 1),
                                reminder=30) for title, d, h in self.REMINDERS]]

    def check(self, device: Device, answer: str | None = None) -> float:
        if device.current_activity()[0] != PACKAGE:
            return 0.0
        root = screen_nodes(device)
        views = [(v, VIEW_IDS[v]) for v in ("Schedule", "3 days")]
        if not any(root.xpath("//node[@resource-id=$rid and @content-desc=$label]", rid=f"{_ID}/{rid}",
                              label=view_label(v, self.today)) for v, rid in views):
            return 0.0
        texts = set(root.xpath("//node/@text"))
        due = [e.title for e in self.before if e.reminder is not None and 0 <= (e.start.date() - self.today).days < 3]
        return 1.0 if due and all(t in texts for t in due) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app(PACKAGE)
        yield ui.complete()


class ConstrainedCalendarInviteGuest(CalendarInviteGuest):
    """Constrained 28: the invitation of :class:`CalendarInviteGuest`, finding the event with the search bar rather
    than by scrolling (``actions`` forbids scrolling; the published sequence searches)."""

    type = "constrained"
    constraint = "Use the search bar instead of scrolling down to find the target item."
    constraints = {"actions": ["scroll"]}
