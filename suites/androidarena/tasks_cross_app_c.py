"""AndroidArena's cross-app tasks 15-22 (``cross-app.yaml``; 17 and 21 are the same instruction, written once).

Each task reads a value in one app and sends it from another: Maps, Contacts, Messages, Firefox or Gmail, then
Google Messages or Slack. Both apps are seeded with their validators' seeders; the check reads the target app's
state (the SMS in ``content://sms``, the Slack message in the simulator's workspace store). A sent text counts when
it says the value: the value appears in it (case and spacing aside) as a whole, not as part of a longer word or
number, so "The nearest coffee shop is Philz Coffee" says "Philz Coffee". The oracle reads the value off the first
app's screen, as a person would; the reading steps leave no state of their own (a Maps search, a mail opened), so
the mutation proof lets them be left out or mistyped (the replay types the value read in the clean run), except
where the instruction's first step is itself checkable (the Firefox search is a visit in ``places.sqlite``).
Slack keeps its messages on its servers and "nearest" is judged against the seeded Maps distances, so every task
here runs on the simulator only (``sim_app_state``).
"""

from __future__ import annotations

import datetime as dt
import html
import re
from collections.abc import Iterator
from typing import Any, ClassVar

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import gmail, maps
from pytest_mobileagent.android.firefox import search_url
from pytest_mobileagent.android.maps import Place
from pytest_mobileagent.android.telephony import INBOX
from pytest_mobileagent.android.websites import fetch
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators import contacts as book
from pytest_mobileagent.validators import gmail as mail
from pytest_mobileagent.validators import maps as places
from pytest_mobileagent.validators import slack
from pytest_mobileagent.validators.firefox import seed_places as seed_browser
from pytest_mobileagent.validators.firefox import visits
from pytest_mobileagent.validators.sms import add_sms, clean_address, device_time_ms, messages
from suites.androidarena.common import ArenaTask
from suites.androidarena.tasks_firefox import SEEDED, query_of, same, type_address
from suites.androidarena.tasks_slack import open_channel, open_dm

#: Why the steps that only show the value to read may be left out or mistyped.
READING = "it only shows the value the message repeats: the app keeps no state of it, and the replay types the " \
          "value read in the clean run"
READING_MISTAKES = ("skip", "text:append", "text:drop", "text:digit")
#: The phone book: (first, last, phone, email); John is the person the instructions name.
JOHN = ("John", "Smith", "555-010-2000", "john@example.com")
BOOK = (("Alice", "Chen", "555-010-1001", "alice@example.com"), ("Bob", "Miller", "555-010-1002", ""),
        JOHN, ("Johanna", "Berg", "555-010-1007", "johanna.berg@example.org"),
        ("Liam", "Brown", "555-010-1006", "liam@example.com"))
#: Distances (km) the places of a kind are drawn at.
DISTANCES = (0.6, 1.1, 1.8, 2.4, 3.5, 4.7, 6.2)


def says(text: str, value: str) -> bool:
    """``text`` holds ``value`` (case and spacing aside) as a whole: not inside a longer word or number."""
    t, v = " ".join(text.split()).lower(), " ".join(value.split()).lower()
    return bool(v) and re.search(rf"(?<!\w){re.escape(v)}(?!\w)", t) is not None


def slack_says(device: Device, conversation: int | None, value: str) -> bool:
    """The signed-in user sent a message saying ``value`` to the Slack ``conversation``."""
    return conversation is not None and any(says(t, value) for t, _ in slack.sent(device, conversation))


def seed_book(device: Device) -> None:
    """An empty contacts provider, then :data:`BOOK`."""
    book.clear_contacts(device)
    for first, last, phone, email in BOOK:
        book.add_contact(device, first, last, phone, email=email)
    device.press("home")


def reading(ui: UI, steps: Iterator[Action]) -> Iterator[Action]:
    """``steps``, each marked as only showing the value to read (see :data:`READING`)."""
    for action in steps:
        yield ui.tolerate(action, READING, *READING_MISTAKES)


def send_on_slack(ui: UI, text: str, channel: str = "", user: str = "") -> Iterator[Action]:
    """Open the channel (or the direct messages of ``user``) in Slack, type ``text`` and send it."""
    yield from open_channel(ui, channel) if channel else open_dm(ui, user)
    yield ui.type(text, rid="message_input")
    yield ui.click(desc="Send")


class _Cross(ArenaTask):
    __abstract__ = True
    type = "cross_app"
    requires = frozenset({"sim_app_state"})


# -- from Maps: the nearest place of a kind ---------------------------------------------------------------------


class _NearestPlace(_Cross):
    """The places of one kind are at drawn distances (the search lists them by relevance, not distance); the
    oracle reads the distances off Maps' results and opens the nearest place's sheet."""

    __abstract__ = True
    query: ClassVar[str] = ""
    category: ClassVar[str] = ""
    #: Places of the kind added to Maps' default ones.
    more: ClassVar[tuple[Place, ...]] = ()

    @classmethod
    def candidates(cls) -> list[Place]:
        return [p for p in (*maps.PLACES, *cls.more) if p.category == cls.category]

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        n = len(cls.candidates())
        return st.lists(st.sampled_from(DISTANCES), min_size=n, max_size=n, unique=True).map(
            lambda d: {"distances": d})

    def places(self) -> list[Place]:
        moved = {p.name: p._replace(**dict(zip(("x", "y"), maps.at(d, 40 + 95 * i))))
                 for i, (p, d) in enumerate(zip(self.candidates(), self.params["distances"]))}
        return [moved.get(p.name, p) for p in (*maps.PLACES, *self.more)]

    def nearest(self) -> Place:
        return min((p for p in self.places() if p.category == self.category), key=lambda p: p.distance())

    def setup(self, device: Device) -> None:
        places.seed_places(device, self.places())
        places.set_layers(device)

    def find_nearest(self, ui: UI) -> Iterator[Action]:
        """Search Maps for the kind and open the nearest result's sheet (read off the listed distances)."""
        yield ui.open_app("Maps")
        yield ui.type(self.query, desc=maps.SEARCH_HINT)
        yield ui.enter()
        titles = [el.text for _, el in ui.find_all(rid="title")]
        km = [float(el.text.split(" km")[0]) for _, el in ui.find_all(rid="distance")]
        yield ui.click(text=titles[km.index(min(km))], rid="title")


class _NearestToBob(_NearestPlace):
    """The check: the signed-in user sent bob a direct message on Slack naming the nearest place (bob's older
    messages and the user's own replies there are different)."""

    __abstract__ = True

    def setup(self, device: Device) -> None:
        super().setup(device)
        slack.seed_slack(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        return float(slack_says(device, slack.dm_id(device, "bob"), self.nearest().name))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from reading(ui, self.find_nearest(ui))
        name = ui.element(rid="title")[1].text
        yield from send_on_slack(ui, name, user="bob")
        yield ui.complete()


class CrossMapsCoffeeShopToSlack(_NearestToBob):
    """Maps then Slack: the nearest coffee shop's name to "Bob" (Slack's user bob). A third coffee shop is added
    to Maps' two so that the nearest is one of three."""

    template = 'Find the nearest coffee shop using Google Maps and send a message to "Bob" on Slack with the shop name.'
    apps = ("maps", "slack")
    query, category = "coffee shop", "Coffee shop"
    more = (Place("Red Rock Coffee", "Coffee shop", "201 Castro St, Mountain View, CA 94041", "4.5"),)


class CrossMapsRestaurantToSlack(_NearestToBob):
    """Maps then Slack: the nearest restaurant's name to "Bob" (Slack's user bob)."""

    template = ('Use Google Maps to find the nearest restaurant and send a message to "Bob" on Slack with the '
                "restaurant name.")
    apps = ("maps", "slack")
    query, category = "restaurant", "Restaurant"


class CrossMapsGasStationToMessages(_NearestPlace):
    """Maps then Google Messages: the nearest gas station's address texted to "john@example.com". Messages sends
    SMS to phone numbers and its "Start chat" picker finds contacts by name or number, so the address is made
    checkable as the contact who has it: John Smith's card holds john@example.com with his number (Johanna Berg
    is another "Jo" in the book). The check reads ``content://sms``: a sent text to John's number saying the
    address (the full street address Maps shows on the place sheet)."""

    template = ('Search for the nearest gas station in Google Maps and send the address to the "john@example.com" '
                "in Google Messages.")
    apps = ("maps", "messages")
    query, category = "gas station", "Gas station"

    def setup(self, device: Device) -> None:
        super().setup(device)
        seed_book(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        return float(any(clean_address(m.address) == clean_address(JOHN[2]) and says(m.body, self.nearest().address)
                         for m in messages(device, "sent")))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from reading(ui, self.find_nearest(ui))
        address = ui.element(rid="address")[1].text
        yield ui.open_app("Messages")
        yield ui.click(text="Start chat")
        yield ui.click(text=" ".join(JOHN[:2]), rid="contact_name")
        yield ui.type(address, rid="compose_message_text")
        yield ui.click(desc="Send SMS")
        yield ui.complete()


# -- to Slack's channel "work" ----------------------------------------------------------------------------------


class _ToWork(_Cross):
    """The check: the signed-in user sent #work a message saying the value (:meth:`value`); #work's seeded
    messages, and "hello" ones in other channels, are different."""

    __abstract__ = True

    def value(self) -> str:
        raise NotImplementedError

    def setup(self, device: Device) -> None:
        slack.seed_slack(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        return float(slack_says(device, slack.channel_id(device, "work"), self.value()))


class CrossContactsEmailToSlack(_ToWork):
    """Contacts then Slack: John Smith's email address (drawn; Johanna Berg and others have theirs too) sent to
    #work. The address is read from John's card in Contacts."""

    template = 'Search Google Contacts for John\'s email address and send it to the Slack channel "work".'
    apps = ("contacts", "slack")

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"email": st.sampled_from((JOHN[3], "john.smith@acme.com",
                                                                "jsmith@example.org"))})

    def value(self) -> str:
        return self.params["email"]

    def setup(self, device: Device) -> None:
        super().setup(device)
        book.clear_contacts(device)
        for first, last, phone, email in BOOK:
            book.add_contact(device, first, last, phone, email=self.value() if first == "John" else email)
        device.press("home")

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from reading(ui, self.open_john(ui))
        email = ui.element(rid="header", match="@")[1].text
        yield from send_on_slack(ui, email, channel="work")
        yield ui.complete()

    @staticmethod
    def open_john(ui: UI) -> Iterator[Action]:
        yield ui.open_app("Contacts")
        yield from ui.reach(text=" ".join(JOHN[:2]))


#: Texts of the latest SMS holding "hello" a drawn instance seeds: (sender's first name, body).
HELLOS = (("Bob", "hello, the team lunch moved to 1 PM"), ("Alice", "hello! the printer on floor 3 is fixed"),
          ("Liam", "hello all, the release notes are ready for review"))


class CrossLatestHelloSmsToSlack(_ToWork):
    """Messages then Slack (cross-app 17, and 21, the same instruction): the body of the latest SMS holding "hello"
    sent to #work. The phone has an older "hello" text in another conversation, and later texts without the word;
    the oracle reads the first result of Messages' search for the word (conversations newest first, each showing
    its latest match)."""

    template = ('Send a message to the "work" channel in Slack with the content of the latest SMS containing "hello" '
                "in Google Messages.")
    apps = ("messages", "slack")

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"latest": st.sampled_from(range(len(HELLOS)))})

    def value(self) -> str:
        return HELLOS[self.params["latest"]][1]

    def setup(self, device: Device) -> None:
        super().setup(device)
        seed_book(device)
        sender = HELLOS[self.params["latest"]][0]
        number = {first: phone for first, _, phone, _ in BOOK}
        now = device_time_ms(device)
        for first, body, minutes in (("Johanna", "hello from the conference, see you soon", 600),
                                     ("John", "The invoice for March is attached", 300),
                                     (sender, self.value(), 40), ("Johanna", "Safe travels!", 500)):
            add_sms(device, number[first], body, INBOX, now - minutes * 60_000)

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from reading(ui, self.search_hello(ui))
        body = ui.element(rid="conversation_snippet")[1].text
        yield from send_on_slack(ui, body, channel="work")
        yield ui.complete()

    @staticmethod
    def search_hello(ui: UI) -> Iterator[Action]:
        yield ui.open_app("Messages")
        yield ui.click(desc="Search")
        yield ui.type("hello", rid="zero_state_search_box_auto_complete")


KEYWORDS = ("ChatGPT", "multimodal", "transformer", "neural network")


def first_result(keyword: str) -> str:
    """The title of the first result of the simulated web's Google search for ``keyword``."""
    served = fetch(search_url(keyword))
    assert served is not None
    found = re.search(r'<a href="[^"]*">([^<]*)</a>', served[1].decode())
    return html.unescape(found.group(1)) if found else ""


class CrossFirefoxSearchTitleToSlack(_ToWork):
    """Firefox then Slack: a search for the keyword (a visit to Google's results page for it after the seeded
    history, read in ``places.sqlite``) and the title of its first result sent to #work. For the published keyword
    the first result is Wikipedia's article "ChatGPT" (then "ChatGPT | OpenAI", "Introducing ChatGPT"); drawn
    keywords have first results whose titles differ from the keyword."""

    template = ('Search for the keyword "{keyword}" in Firefox, extract the title of the first searched result, and '
                'send it as a message to the "work" channel in Slack.')
    published = ({"keyword": "ChatGPT"},)
    apps = ("firefox", "slack")

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"keyword": st.sampled_from(KEYWORDS)})

    def value(self) -> str:
        return first_result(self.params["keyword"])

    def setup(self, device: Device) -> None:
        super().setup(device)
        seed_browser(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        searched = any(same(query_of(url, "google.com", "/search", "q"), self.params["keyword"])
                       for url, _ in visits(device, SEEDED))
        return super().check(device) if searched else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from type_address(ui, self.params["keyword"])
        title = next(el.text for el in ui.obs.elements if el.clickable and el.content_description.startswith("http"))
        yield from send_on_slack(ui, title, channel="work")
        yield ui.complete()


#: What the meeting of "meeting details" is about, and when and where it is.
MEETINGS = ("project", "budget", "design review")
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday")
ROOMS = ("Room 204", "Room 12", "the Lab")


class CrossGmailMeetingDetailsToSlack(_ToWork):
    """Gmail then Slack: the content of the mail with the subject "meeting details" (its whole body, one sentence
    whose meeting, day, hour and room are drawn; "Lunch on Friday?" and the other mails are distractors) sent to
    #work."""

    template = ('Find the email with the subject "meeting details" in my Gmail, extract the content, and send a '
                'message to the "work" channel on Slack.')
    apps = ("gmail", "slack")

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"what": st.sampled_from(MEETINGS), "day": st.sampled_from(DAYS),
                                      "hour": st.integers(9, 16), "room": st.sampled_from(ROOMS)})

    def value(self) -> str:
        p = self.params
        hour = f"{p['hour'] - 12 if p['hour'] > 12 else p['hour']} {'PM' if p['hour'] >= 12 else 'AM'}"
        return f"The {p['what']} meeting is on {p['day']} at {hour} in {p['room']}."

    def setup(self, device: Device) -> None:
        super().setup(device)
        mail.delete_where(device, lambda m: m.subject == "meeting details")
        mail.add_message(device, to=gmail.ACCOUNT, subject="meeting details", body=self.value(),
                         when=dt.datetime(2023, 10, 9, 12, 0, tzinfo=dt.timezone.utc), labels=gmail.INBOX_LABEL,
                         from_name="Emma Lee", from_address="emma.lee@example.com")

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from reading(ui, self.open_mail(ui))
        body = ui.element(rid="message_body")[1].text
        yield from send_on_slack(ui, body, channel="work")
        yield ui.complete()

    @staticmethod
    def open_mail(ui: UI) -> Iterator[Action]:
        yield ui.open_app("Gmail")
        yield from ui.reach(text="meeting details", rid="subject")
