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
from typing import Any, ClassVar

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import camera, gmail, maps, wallpaper, weather
from pytest_mobileagent.android.maps import Place
from pytest_mobileagent.android.telephony import INBOX, SENT
from pytest_mobileagent.android.weather import Forecast, Weather
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import ANSWER_ONLY
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.walks import open_settings
from pytest_mobileagent.validators import camera as cam
from pytest_mobileagent.validators import contacts as book
from pytest_mobileagent.validators import gmail as mail
from pytest_mobileagent.validators import maps as places
from pytest_mobileagent.validators import weather as forecasts
from pytest_mobileagent.validators.google_calendar import CalendarEvent, list_events, seed_events
from pytest_mobileagent.validators.sms import add_sms, device_time_ms
from suites.androidarena.common import ArenaTask
from suites.androidarena.tasks_calendar import at, device_today, next_month
from suites.androidarena.tasks_maps import SUGGESTED
from suites.androidarena.tasks_weather import clock, conditions

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
        yield ui.click(rid="date")  # the start date (the end date follows)
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


class ToCalendar(ArenaTask):
    """A cross-app task ending in Google Calendar: seeds its events (:func:`calendar_week`); :meth:`added` finds the
    one new event."""

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


class CrossMessagesMeetingToCalendar(ToCalendar):
    """Checks Google Calendar's provider for one new event: its title names the meeting (the text's "<name>
    meeting": the name, any case, within the title), it starts on the meeting's day and its location is the room;
    the seeded events are unchanged. The texts are the telephony provider's, the events the calendar provider's
    (both read as on a rooted device).

    Setup: the phone book, an older text about another meeting (another day and room), the latest meeting text
    (drawn: name, day of next month, room; from a drawn sender), and newer texts about other things. "The meeting
    details" are made checkable as what the text states, its name, day and room; the text names no time of day
    (CrossMailMeetingToCalendar, in tasks_cross_app_d.py, judges a start time)."""

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


# -- 12-14: John's card in Google Contacts, used in Calendar, Maps and Weather ----------------------------------

#: The people on the phone, each with a company and its address and a home address: (first, last, phone, email,
#: company, work address, home address). One of them is the task's subject ("John" in the published wording).
PEOPLE = (("John", "Smith", "555-010-2000", "john@example.com", "Microsoft",
           "1065 La Avenida St, Mountain View, CA 94043", "221B Baker St, London"),
          ("Maria", "Garcia", "555-010-2001", "maria.garcia@example.com", "Google",
           "1600 Amphitheatre Pkwy, Mountain View, CA 94043", "5 Rue de Rivoli, Paris"),
          ("Omar", "Haddad", "555-010-2002", "omar@example.com", "Computer History Museum",
           "1401 N Shoreline Blvd, Mountain View, CA 94043", "2-1 Marunouchi, Tokyo"),
          ("Nina", "Novak", "555-010-2003", "nina@example.org", "Hotel Zico",
           "1 Hotel Zico Way, Mountain View, CA 94043", "350 5th Ave, New York"))
#: Others on the phone, with a number only.
ACQUAINTANCES = (("Alice", "Chen", "555-010-1001"), ("Bob", "Miller", "555-010-1002"),
                 ("Johanna", "Berg", "555-010-1007"))
#: A postal address: a row of the card holding a comma (phones and emails do not).
ADDRESS = r", "


def person(first: str) -> tuple[str, ...]:
    return next(p for p in PEOPLE if p[0] == first)


class _FromContact(ArenaTask):
    """Seeds Contacts: :data:`PEOPLE` (with ``addresses``: "work" and/or "home") and :data:`ACQUAINTANCES`; the
    subject ``first`` is drawn among :data:`PEOPLE`, "John" published."""

    __abstract__ = True
    type = "cross_app"
    published = ({"first": "John"},)
    addresses: ClassVar[tuple[str, ...]] = ("work", "home")

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"first": st.sampled_from([p[0] for p in PEOPLE])})

    @property
    def subject(self) -> tuple[str, ...]:
        return person(self.params["first"])

    def setup(self, device: Device) -> None:
        book.clear_contacts(device)
        for first, last, phone, email, company, work, home in PEOPLE:
            raw = book.add_contact(device, first, last, phone, email=email)
            book.add_company(device, raw, company)
            if "work" in self.addresses:
                book.add_address(device, raw, work, "Work")
            if "home" in self.addresses:
                book.add_address(device, raw, home, "Home")
        for first, last, phone in ACQUAINTANCES:
            book.add_contact(device, first, last, phone)
        device.press("home")

    def open_card(self, ui: UI) -> Iterator[Action]:
        """Contacts, then the subject's card (found by the first name the instruction gives)."""
        yield from ui.reading(lambda: ui.open_app("Contacts"),
                              lambda: ui.click(match=rf"^{self.params['first']} \w+$"))

    @staticmethod
    def address_on_card(ui: UI, label: str) -> Iterator[Action]:
        """Scroll the card to the postal address with this label ("Work", "Home") and return it (``address = yield
        from ...``); the scrolling only shows it."""
        for _ in range(6):
            rows = ui.obs.elements
            for i, el in enumerate(rows[:-1]):
                if el.resource_name == "header" and ADDRESS in el.text and rows[i + 1].text == label:
                    return el.text
            yield ui.tolerate(ui.scroll(scrollable=True), "it only shows the card's rows", "skip")
        raise AssertionError(f"no {label} address on the card")


class CrossContactsMeetingWithJohn(_FromContact, ToCalendar):
    """Checks Google Calendar's provider for one new event titled "meeting" (any case) whose only guest is the
    contact's email address, the seeded events unchanged. "With him" is made checkable as inviting him: his
    address, read from his card in Contacts, added as the event's guest (his card has one email address; others
    on the phone, one named Johanna, have other addresses or none)."""

    template = ('Find the contact information for "{first}" in Google Contacts and create an event titled "meeting" '
                'in Google Calendar with him.')
    apps = ("contacts", "calendar")

    def setup(self, device: Device) -> None:
        ToCalendar.setup(self, device)
        _FromContact.setup(self, device)

    def check(self, device: Device, answer: str | None = None) -> float:
        event = self.added(device)
        ok = event is not None and event.title.strip().lower() == "meeting" and event.guests == (self.subject[3],)
        return 1.0 if ok else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_card(ui)
        _, email = ui.element(rid="header", match=r"@")
        yield from new_event(ui, "meeting", guest=email.text)


#: Where the companies of :data:`PEOPLE` are on the map (besides Maps' usual places): name, kind, address.
OFFICES = (Place("Googleplex", "Corporate office", "1600 Amphitheatre Pkwy, Mountain View, CA 94043", "4.4",
                 *maps.at(4.6, 35)),
           Place("Computer History Museum", "Museum", "1401 N Shoreline Blvd, Mountain View, CA 94043", "4.7",
                 *maps.at(3.9, 50)))


class CrossContactsRouteToJohnsCompany(_FromContact):
    """Checks the screen at the end: Google Maps shows the route from the device's location to the place at the
    work address on the contact's card (his company's: the card also shows his company and a home address, in
    another city). Any travel mode counts. The route is read from the screen; the places Maps finds are the
    simulator's store, so the task runs on the simulator only (``sim_app_state``)."""

    template = ('Find the company address of a Google contact of "{first}" and create a Google Maps route to their '
                'location.')
    apps = ("contacts", "maps")
    requires = frozenset({"sim_app_state"})

    def destination(self) -> str:
        """The place Maps has at the subject's work address."""
        return next(p.name for p in self.places() if p.address == self.subject[5])

    @staticmethod
    def places() -> list[Place]:
        return [*maps.PLACES, *OFFICES]

    def setup(self, device: Device) -> None:
        super().setup(device)
        places.seed_places(device, self.places())

    def check(self, device: Device, answer: str | None = None) -> float:
        route = places.route_on_screen(device)
        ok = route is not None and (route.start, route.end) == (maps.YOUR_LOCATION, self.destination())
        return 1.0 if ok else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_card(ui)
        address = yield from self.address_on_card(ui, "Work")
        yield ui.open_app("Maps")
        yield ui.tolerate(ui.type(address, desc=maps.SEARCH_HINT),
                          "Maps finds an address from its start: one letter short finds the same place", "text:drop")
        yield ui.tolerate(ui.enter(), SUGGESTED, "skip")
        yield ui.click(rid="title")
        yield ui.click(text="Directions")
        yield ui.complete()


class CrossContactsWeatherAtJohns(_FromContact):
    """An answer task: the answer states the current temperature (the only number; Celsius or Fahrenheit) and
    condition of the city of the contact's address, as the Weather app shows them (a drawn forecast for it).
    "The location of John" is made checkable as the one postal address on his card (his home, in another city
    than the device's), whose city the Weather app's search finds. The forecast comes from Google's servers on a
    phone, so the task runs on the simulator only (``sim_app_state``)."""

    template = 'Check the current weather forecast for the location of "{first}" in Google Contacts.'
    apps = ("contacts", "weather")
    requires = frozenset({"sim_app_state"})
    answer_required = True
    tolerates = ANSWER_ONLY
    addresses = ("home",)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.tuples(super().parameters(), conditions()).map(lambda t: {**t[0], **t[1]})

    @classmethod
    def published_parameters(cls, row: Any) -> st.SearchStrategy[dict[str, Any]]:
        return conditions().map(lambda c: {**c, **row})

    def city(self) -> str:
        return self.subject[6].rsplit(", ", 1)[1]

    def there(self) -> Weather:
        p = self.params
        return weather.make_place(self.city(), p["condition"], p["temp"], p["wind"], p["wind_dir"], p["rain"],
                                  p["humidity"], p["uv"], clock(p["sunrise"]), clock(p["sunset"]))

    def setup(self, device: Device) -> None:
        super().setup(device)
        others = [w for w in weather.DEFAULT.places if w.city != self.city()]
        forecasts.seed_forecast(device, Forecast(weather.DEFAULT.current, [*others, self.there()]))
        forecasts.set_preferences(device, unit=self.params["unit"])

    def check(self, device: Device, answer: str | None = None) -> float:
        w = self.there()
        ok = bool(answer) and not forecasts.garbled(answer or "") \
            and forecasts.states_temperatures(answer or "", [w.temp_c]) \
            and forecasts.states_condition(answer or "", w.condition)
        return 1.0 if ok else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_card(ui)
        city = (yield from self.address_on_card(ui, "Home")).rsplit(", ", 1)[1]
        yield ui.open_app("Weather")
        yield ui.click(desc="Search for a location")
        yield ui.type(city, rid="search")
        yield ui.click(text=city, rid="android:id/title")
        _, temp = ui.element(rid="temperature")
        _, condition = ui.element(rid="current_condition")
        yield ui.answer(f"{temp.text}, {condition.text}")


# -- 9: a photo taken with Camera, mailed from Gmail -------------------------------------------------------------

RECIPIENTS = ("bob@example.com", "carol@example.com", "dave@example.org")
PHOTO_SUBJECTS = ("landscape photo", "sunset photo", "garden photo", "whiteboard photo")


class CrossCameraPhotoByGmail(ArenaTask):
    """Checks that Camera made one new photo in ``Pictures`` (the earlier ones kept) and that Gmail's store holds
    one new sent message to the address, with the subject (any case), whose only attachment is that photo (by its
    file name). Setup leaves earlier photos in the folder. Mail is kept on Google's servers, so the task runs on
    the simulator only (``sim_app_state``)."""

    template = ('Take a photo with a camera and send it as an email attachment to {to}, and the subject of the email '
                'is "{subject}".')
    published = ({"to": "bob@example.com", "subject": "landscape photo"},)
    type = "cross_app"
    apps = ("camera", "gmail")
    requires = frozenset({"sim_app_state"})

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"to": st.sampled_from(RECIPIENTS), "subject": st.sampled_from(PHOTO_SUBJECTS),
                                      "earlier": st.integers(1, 3)})

    @classmethod
    def published_parameters(cls, row: Any) -> st.SearchStrategy[dict[str, Any]]:
        return st.integers(1, 3).map(lambda n: {**row, "earlier": n})

    def setup(self, device: Device) -> None:
        for path in cam.shots(device):
            device.remove(path)
        for i in range(self.params["earlier"]):
            device.write_file(f"{camera.PHOTOS_DIR}/IMG_20231014_1{i}0000.jpg", b"\xff\xd8\xff\xe0earlier")
        self.shots = cam.shots(device)
        self.mail = {m.id for m in mail.messages(device)}

    def check(self, device: Device, answer: str | None = None) -> float:
        after = cam.shots(device)
        photos = [p.rsplit("/", 1)[-1] for p in after - self.shots]
        if not self.shots <= after or len(photos) != 1:
            return 0.0
        new = [m for m in mail.messages(device) if m.id not in self.mail and gmail.SENT in m.labels]
        ok = len(new) == 1 and new[0].to.strip().lower() == self.params["to"] \
            and new[0].subject.strip().lower() == self.params["subject"] and new[0].attachments == (photos[0],)
        return 1.0 if ok else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Camera")
        yield ui.click(desc="Shutter")
        yield ui.open_app("Gmail")
        yield ui.click(rid="compose_button")
        yield ui.type(self.params["to"], rid="to")
        yield ui.type(self.params["subject"], rid="subject")
        yield ui.click(desc="Attach file")
        yield ui.click(text="Attach file")
        _, photo = ui.element(rid="title", match=r"^IMG_\d{8}_\d{6}\.jpg$")  # "Recent": the newest first
        yield ui.click(text=photo.text)
        yield ui.click(desc="Send")
        yield ui.complete()


# -- 10, 11: a photo taken with Camera, set as a wallpaper through Settings ----------------------------------------


class _PhotoAsWallpaper(ArenaTask):
    """Checks that Camera made one new photo in ``Pictures`` (the earlier ones kept) and that the screen's
    wallpaper file (:data:`screen_file`) holds that photo's bytes. Setup leaves earlier photos in the folder and
    another wallpaper set. The way there is Settings > "Wallpaper & style" > "Change wallpaper" > "My photos",
    newest first. On a phone the wallpaper file is the picker's crop of the picture, not its bytes, so the task runs
    on the simulator only (``sim_app_state``)."""

    __abstract__ = True
    type = "cross_app"
    apps = ("camera", "settings")
    requires = frozenset({"sim_app_state"})
    screen_file: ClassVar[str] = ""
    destination: ClassVar[str] = ""

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"earlier": st.integers(1, 3)})

    def setup(self, device: Device) -> None:
        for path in cam.shots(device):
            device.remove(path)
        for i in range(self.params["earlier"]):
            device.write_file(f"{camera.PHOTOS_DIR}/IMG_20231014_1{i}0000.jpg", f"\xff\xd8earlier {i}".encode())
        for path in (wallpaper.WALLPAPER_FILE, wallpaper.LOCK_WALLPAPER_FILE):
            device.write_file(path, wallpaper.wallpaper_png("04_sky", 108, 240))
        self.shots = cam.shots(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        after = cam.shots(device)
        photos = sorted(after - self.shots)
        if not self.shots <= after or len(photos) != 1 or not device.exists(self.screen_file):
            return 0.0
        return 1.0 if device.read_file(self.screen_file) == device.read_file(photos[0]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Camera")
        yield ui.click(desc="Shutter")
        yield from open_settings(ui)
        yield from ui.reach(text="Wallpaper & style")
        yield ui.click(text="Change wallpaper")
        yield ui.click(text=wallpaper.MY_PHOTOS)
        _, newest = ui.element(rid="tile")
        yield ui.click(desc=newest.content_description)
        yield ui.click(text=wallpaper.SET_WALLPAPER)
        yield ui.click(text=self.destination)
        yield ui.complete()


class CrossCameraHomeWallpaper(_PhotoAsWallpaper):
    __doc__ = _PhotoAsWallpaper.__doc__ + """ Here the home screen's (``wallpaper``, set by "Home screen" or "Home
    and lock screens")."""

    template = ("Take a photo using Android Camera and set it as the wallpaper of homescreen through Android "
                "Settings.")
    screen_file = wallpaper.WALLPAPER_FILE
    destination = wallpaper.HOME_SCREEN


class CrossCameraLockWallpaper(_PhotoAsWallpaper):
    __doc__ = _PhotoAsWallpaper.__doc__ + """ Here the lock screen's (``wallpaper_lock``, set by "Lock screen" or
    "Home and lock screens")."""

    template = "Take a photo using Android Camera and set it as the lock screen wallpaper through Android Settings."
    screen_file = wallpaper.LOCK_WALLPAPER_FILE
    destination = wallpaper.LOCK_SCREEN
