"""AndroidArena's cross-app tasks 1-7 (``cross-app.yaml``): a value read in one app, acted on in another.

Every task seeds the source app's state with the validators' seeders (the mail the instruction names, rewritten so
that the value to extract is unambiguous and drawn per instance, with an older or different mail beside it) and
judges the outcome in the target app. The oracles read the value off the source app's screen (the opened mail's
body), as a user would, before acting in the second app; the steps that only show the source are marked as such
(``ui.reading``). Mail is the simulator's store (the real app keeps it on Google's servers), so every task seeded
through Gmail declares ``sim_app_state``.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator, Mapping
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import gmail, maps
from pytest_mobileagent.android.contacts import EXPORT_DIR
from pytest_mobileagent.android.maps import Place
from pytest_mobileagent.android.telephony import SENT
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators import contacts as book
from pytest_mobileagent.validators import gmail as mail
from pytest_mobileagent.validators import maps as places
from pytest_mobileagent.validators.contacts import seed_contacts
from pytest_mobileagent.validators.drive import drive_items, seed_drive
from pytest_mobileagent.validators.firefox import seed_places, visits
from pytest_mobileagent.validators.sms import device_time_ms, messages
from suites.androidarena.common import ArenaTask
from suites.androidarena.tasks_contacts import expected
from suites.androidarena.tasks_contacts import seed as seed_book
from suites.androidarena.tasks_drive import BACKGROUND
from suites.androidarena.tasks_firefox import SEEDED, type_address
from suites.androidarena.tasks_maps import SAME_RESULT, SUGGESTED


def _at(month: int, day: int, hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime(2023, month, day, hour, minute, tzinfo=dt.timezone.utc)


def replace_mail(device: Device, subject: str, *mails: tuple[str, str, str, dt.datetime]) -> None:
    """Remove the seeded mails titled ``subject`` and store ``mails`` (sender name, address, body, time) under it,
    received in the inbox."""
    mail.delete_where(device, lambda m: m.subject == subject)
    for name, address, body, when in mails:
        mail.add_message(device, to=gmail.ACCOUNT, subject=subject, body=body, when=when, labels=gmail.INBOX_LABEL,
                         from_name=name, from_address=address)


def read_mail(ui: UI, subject: str) -> Iterator[Action]:
    """Open Gmail and the newest mail titled ``subject`` (searched for: the first result is the newest). These
    steps only show the source the oracle reads the value from: leaving one out or mistyping the search changes
    nothing the replayed episode does in the second app, so a proof lets them through."""
    why = "it only shows the source the value is read from"
    yield ui.tolerate(ui.open_app("Gmail"), why, "skip")
    yield ui.tolerate(ui.click(rid="open_search"), why, "skip")
    yield ui.tolerate(ui.type(subject, rid="search_actionbar_query_text"), why, "skip", "text")
    yield ui.tolerate(ui.enter(), why, "skip")
    yield ui.tolerate(ui.click(rid="subject", text=subject, n=0), why, "skip")


def mail_body(ui: UI) -> str:
    """The body of the conversation Gmail shows."""
    return ui.element(rid="message_body")[1].text


def bounded(text: str, phrase: str) -> bool:
    """``phrase`` occurs in ``text`` as whole words (up to case and spacing)."""
    norm = " ".join(text.lower().split())
    return re.search(rf"(?<!\w){re.escape(' '.join(phrase.lower().split()))}(?!\w)", norm) is not None


class _CrossTask(ArenaTask):
    __abstract__ = True
    type = "cross_app"
    requires = frozenset({"sim_app_state"})


# -- 1. Gmail -> Firefox ------------------------------------------------------------------------------------------

#: Mails holding links: (title, first address, second address), all pages the simulated web serves.
LINK_MAILS = (("OpenAI website", "https://openai.com/blog", "https://openai.com/chatgpt/"),
              ("Python website", "https://www.python.org/", "https://github.com/"),
              ("Mozilla website", "https://www.mozilla.org/", "https://www.wikipedia.org/"))


class CrossOpenMailLinkInFirefox(_CrossTask):
    """The mail with the title (seeded with two addresses in its text) names "the first URL": the check reads
    Firefox's places store for a visit to that address (with or without its final slash) after the seeded history;
    a visit to the second address alone does not count."""

    template = 'Find the email titled "{title}" in Gmail, extract the first URL in the email content, and open the ' \
               'URL in Firefox.'
    apps = ("gmail", "firefox")
    published = ({"title": "OpenAI website"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"title": st.sampled_from([t for t, _, _ in LINK_MAILS])})

    @property
    def links(self) -> tuple[str, str]:
        return next((a, b) for t, a, b in LINK_MAILS if t == self.params["title"])

    def setup(self, device: Device) -> None:
        seed_places(device)
        first, second = self.links
        replace_mail(device, self.params["title"], ("Liam Brown", "liam.brown@example.com",
                                                    f"Have a look at {first} and later at {second} when you have a "
                                                    "minute.", _at(10, 8, 17, 45)))

    def check(self, device: Device, answer: str | None = None) -> float:
        want = self.links[0].rstrip("/")
        return float(any(url.rstrip("/") == want for url, _ in visits(device, SEEDED)))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from read_mail(ui, self.params["title"])
        url = re.search(r"https?://\S+", mail_body(ui)).group()  # type: ignore[union-attr]
        yield from type_address(ui, url, *(("text:drop",) if url.endswith("/") else ()))
        yield ui.complete()


# -- 3, 4. Gmail -> Google Maps -----------------------------------------------------------------------------------

AIRPORTS = (Place("San Francisco International Airport", "Airport", "San Francisco, CA 94128", "4.1", *maps.at(18, 0)),
            Place("San Jose Mineta International Airport", "Airport", "1701 Airport Blvd, San Jose, CA 95110", "4.2",
                  *maps.at(14, 120)),
            Place("Oakland International Airport", "Airport", "1 Airport Dr, Oakland, CA 94621", "4.0",
                  *maps.at(40, 350)))
RESTAURANTS = ("Ristorante Don Giovanni", "Xanh Restaurant", "Cascal")


class _MailToRoute(_CrossTask):
    """Seeds two mails with the title (the latest names the place, an older one another) and the map's places;
    the check reads Maps' screen: a route from the device's location to the latest mail's place (any travel
    mode: "for directions" names none)."""

    __abstract__ = True
    apps = ("gmail", "maps")
    subject = sender = address = ""
    #: The names a mail may give, the drawn one ``place``, the older mail's ``other``.
    choices: tuple[str, ...] = ()

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.permutations(cls.choices).map(lambda p: {"place": p[0], "other": p[1]})

    def body(self, place: str, day: int) -> str:
        raise NotImplementedError

    def extract(self, body: str) -> str:
        raise NotImplementedError

    def setup(self, device: Device) -> None:
        places.seed_places(device, (*maps.PLACES, *AIRPORTS))
        replace_mail(device, self.subject, (self.sender, self.address, self.body(self.params["other"], 12),
                                            _at(10, 2, 9, 30)),
                     (self.sender, self.address, self.body(self.params["place"], 24), _at(10, 7, 10, 10)))

    def check(self, device: Device, answer: str | None = None) -> float:
        route = places.route_on_screen(device)
        return 1.0 if route and (route.start, route.end) == (maps.YOUR_LOCATION, self.params["place"]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from read_mail(ui, self.subject)
        place = self.extract(mail_body(ui))
        yield ui.open_app("Maps")
        yield ui.tolerate(ui.type(place, desc=maps.SEARCH_HINT), SAME_RESULT, "text:drop")
        yield ui.tolerate(ui.enter(), SUGGESTED, "skip")
        yield ui.click(text=place, rid="title")
        yield ui.click(text="Directions")
        yield ui.complete()


class CrossRestaurantDirections(_MailToRoute):
    """"The restaurant name" is the one the latest "restaurant reservation" mail books (an older one books
    another): its route is on Maps' screen."""

    template = 'Search Gmail for the latest email titled "restaurant reservation", extract the restaurant name, ' \
               'and open Google Maps with the restaurant name for directions.'
    subject, sender, address = "restaurant reservation", "OpenTable", "reservations@opentable.com"
    choices = RESTAURANTS

    def body(self, place: str, day: int) -> str:
        return f"Your table for 2 at {place} is booked for Oct {day} at 7:30 PM."

    def extract(self, body: str) -> str:
        return re.search(r" at (.+) is booked", body).group(1)  # type: ignore[union-attr]


class CrossAirportDirections(_MailToRoute):
    """"The airport details" are those of the latest "flight confirmation" mail (an older one departs elsewhere);
    directions go to the airport the flight departs from, the one the traveller drives to (the arrival airport is
    across the country): its route is on Maps' screen."""

    template = 'Scan Gmail for the latest email titled "flight confirmation", extract the airport details, and ' \
               'open Google Maps with the airport for directions.'
    subject, sender, address = "flight confirmation", "United Airlines", "receipts@united.com"
    choices = tuple(a.name for a in AIRPORTS)

    def body(self, place: str, day: int) -> str:
        return (f"Confirmation UA 1234: departing from {place} on Oct {day} at 8:05 AM, arriving at John F. "
                "Kennedy International Airport (JFK) at 4:40 PM.")

    def extract(self, body: str) -> str:
        return re.search(r"departing from (.+?) on ", body).group(1)  # type: ignore[union-attr]


# -- 7. Gmail -> Messages -----------------------------------------------------------------------------------------

#: The phone book: (first, last, phone); "John" is the one the instruction names.
BOOK = (("Alice", "Chen", "555-010-1001"), ("Bob", "Smith", "555-010-1002"), ("John", "Carter", "555-010-2000"),
        ("Johnny", "Walsh", "555-010-2003"), ("Emma", "Stone", "555-010-1005"))
ROOMS = ("Room 204", "Room 101", "the Blue meeting room", "Building 3, Room 12")


def meeting_strategy(row: Mapping[str, Any] | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """A meeting in the days after the device's date (Oct 15, 2023): its day of October, hour (PM) and room; or
    the published ``row``'s."""
    if row is not None:
        return st.just(dict(row))
    return st.fixed_dictionaries({"day": st.integers(16, 31), "hour": st.integers(1, 5),
                                  "room": st.sampled_from(ROOMS)})


def meeting_text(p: dict[str, Any]) -> str:
    day = dt.date(2023, 10, p["day"])
    return f"{day:%A}, Oct {p['day']} at {p['hour']} PM in {p['room']}"


class CrossMeetingDetailsToJohn(_CrossTask):
    """The "meeting details" mail (seeded: "The project meeting is on <day>, Oct <n> at <h> PM in <room>.") is
    texted to John: the check reads ``content://sms`` for one new sent message, to John's number (not Johnny's),
    naming the meeting's date (Oct <n>, or October <n>), its hour (<h> PM or <h>:00 PM) and its room as whole
    words. Which words around them the agent uses is free."""

    template = 'Scan Gmail for the email titled "meeting details" containing a meeting invitation, extract the ' \
               'meeting details, and send a message in Google Messages to "John" with the meeting details.'
    apps = ("gmail", "messages")
    published = ({"day": 17, "hour": 3, "room": "Room 204"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return meeting_strategy()

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        return meeting_strategy(row)

    def setup(self, device: Device) -> None:
        seed_contacts(device, [{"first": f, "last": la, "phone": n} for f, la, n in BOOK])
        replace_mail(device, "meeting details", ("Emma Lee", "emma.lee@example.com",
                                                 f"The project meeting is on {meeting_text(self.params)}.",
                                                 _at(10, 9, 12)))
        self.before = {m.id for m in messages(device)}

    def names_meeting(self, body: str) -> bool:
        p = self.params
        date = bounded(body, f"Oct {p['day']}") or bounded(body, f"October {p['day']}")
        hour = bounded(body, f"{p['hour']} PM") or bounded(body, f"{p['hour']}:00 PM")
        return date and hour and bounded(body, p["room"])

    def check(self, device: Device, answer: str | None = None) -> float:
        new = [m for m in messages(device) if m.id not in self.before]
        now = device_time_ms(device)
        ok = len(new) == 1 and new[0].type == SENT and re.sub(r"\D", "", new[0].address) == "5550102000" \
            and now - new[0].date <= 10 * 60_000 and self.names_meeting(new[0].body)
        return 1.0 if ok else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from read_mail(ui, "meeting details")
        details = re.search(r" is on (.+)\.$", mail_body(ui)).group(1)  # type: ignore[union-attr]
        yield ui.open_app("Messages")
        yield ui.click(text="Start chat")
        yield ui.click(text="John Carter")
        yield ui.type(details, rid="compose_message_text")
        yield ui.click(desc="Send SMS")
        yield ui.complete()


# -- 6. Contacts -> Drive -----------------------------------------------------------------------------------------


class CrossExportContactsToDrive(_CrossTask):
    """Contacts exports every contact to a ``.vcf`` file in Download; "save it to Google Drive" is an upload of
    that file. The check reads Drive's account store for a ``.vcf`` item whose namesake in Download holds a vCard
    for every contact (their ``FN`` names), the phone book seeded as the Contacts tasks seed it; Download starts
    with no ``.vcf`` file, and Drive with a few unrelated files."""

    template = "Export all contacts from Google Contacts to a VCF file and save it to Google Drive."
    apps = ("contacts", "drive")

    def setup(self, device: Device) -> None:
        seed_book(device)
        for name in book.vcf_files(device):
            device.remove(f"{EXPORT_DIR}/{name}")
        seed_drive(device, BACKGROUND)

    def check(self, device: Device, answer: str | None = None) -> float:
        files = book.vcf_files(device)
        uploaded = [i["name"] for i in drive_items(device) if i["name"].lower().endswith(".vcf")]
        return 1.0 if any(sorted(book.vcard_names(files.get(n, ""))) == expected() for n in uploaded) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Contacts")
        yield ui.click(desc="Open navigation drawer")
        yield ui.click(text="Fix & manage")
        yield ui.click(text="Export to file")
        yield ui.click(text="Export")
        yield ui.open_app("Drive")
        yield ui.click(text="New")
        yield ui.click(text="Upload")
        yield from ui.reach(match=r"\.vcf$")
        yield ui.complete()
