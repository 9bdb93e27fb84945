"""AndroidArena's Google Messages tasks (``messages.yaml``) and the constrained ones about texting (16-31 of
``constrain.yaml``: 21, 22, 23, 30, 31).

Every task starts from the same phone book (:data:`BOOK`) and text history (:data:`HISTORY`): each keyword a task
names ("hello", "invoice"...) is in exactly one message, of one conversation, with other conversations around it.
SMS are read from the telephony provider (``content://sms``, as on a device); what only Messages keeps (names of
groups, archived and pinned chats, starred and scheduled messages, the notifications switch) is the app's
``bugle_db`` and preferences, which on a phone are private and laid out otherwise: those tasks declare
``sim_app_state``. Blocked numbers are Android's ``blockednumbers.db`` (read with root).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android.messages import (
    CONVERSATION_ACTIVITY,
    SCHEDULE_CHOICES,
    SEARCH_ACTIVITY,
    SEARCH_FIELD,
    SEND_BUTTON_CONTAINER,
)
from pytest_mobileagent.android.telephony import INBOX, SENT
from pytest_mobileagent.android.ui_tree import ui_elements
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.mutations import PHONE_FIELD
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators import messages as bugle
from pytest_mobileagent.validators.contacts import seed_contacts
from pytest_mobileagent.validators.sms import add_sms, device_time_ms, messages, was_sent
from suites.androidarena.common import ArenaTask

SLACK = "com.Slack"
#: The phone book, in the order the contact list shows it (by first name).
BOOK = (("Alice", "Chen", "555-010-1001"), ("Bob", "Smith", "555-010-1002"), ("Carol", "Diaz", "555-010-1003"),
        ("David", "Kim", "555-010-1004"), ("Emma", "Stone", "555-010-1005"))
#: The text history: (first name, body, type, minutes ago).
HISTORY = (("Carol", "hello from the conference, see you soon", INBOX, 30),
           ("Carol", "Great, safe travels", SENT, 25),
           ("David", "The invoice for March is attached", INBOX, 120),
           ("Emma", "Your parcel is at the front desk", INBOX, 200),
           ("Alice", "Dinner on Friday?", INBOX, 300),
           ("Alice", "Sounds good", SENT, 290),
           ("Bob", "Can you call me back?", INBOX, 400))
#: Keywords each found in one message of :data:`HISTORY`.
KEYWORDS = ("hello", "invoice", "parcel", "dinner")
TEXTS = ("hello", "on my way", "call me when you land", "see you at 5")
GROUPS = ("work", "family", "book club", "hiking trip")
REVIEW = 'Do not click the "Send"-like button, and all the messages must be reviewed by me before sending them.'
SEND_BUTTON = rf'desc="Send SMS"|id="{SEND_BUTTON_CONTAINER}"'


def person(first: str) -> tuple[str, str, str]:
    return next(p for p in BOOK if p[0] == first)


def full_name(first: str) -> str:
    return " ".join(person(first)[:2])


def seed(device: Device) -> None:
    """The phone book and the text history."""
    seed_contacts(device, [{"first": f, "last": la, "phone": n} for f, la, n in BOOK])
    now = device_time_ms(device)
    for first, body, kind, minutes in HISTORY:
        add_sms(device, person(first)[2], body, kind, now - minutes * 60_000)


def with_keyword(keyword: str) -> tuple[str, str]:
    """(first name, body) of the message holding ``keyword``."""
    return next((f, b) for f, b, _, _ in HISTORY if keyword in b.lower())


def history_intact(device: Device, *, but: str = "") -> bool:
    """Every seeded message is still stored (except the one with body ``but``), nothing else added."""
    bodies = sorted(m.body for m in messages(device) if m.type in (INBOX, SENT))
    return bodies == sorted(b for _, b, _, _ in HISTORY if b != but)


def on_screen(device: Device) -> list[Any]:
    return ui_elements(device.hierarchy())


def ready(device: Device, name: str, text: str, *also: str) -> bool:
    """The thread with ``name`` is in front with ``text`` typed (and ``also`` shown), nothing sent or scheduled."""
    if device.current_activity()[1] != CONVERSATION_ACTIVITY or not history_intact(device):
        return False
    els = on_screen(device)
    title = any(e.resource_name == "conversation_title" and e.text == full_name(name) for e in els)
    typed = any(e.resource_name == "compose_message_text" and e.text.strip().lower() == text.lower() for e in els)
    return title and typed and all(a in {e.text for e in els} for a in also) and not bugle.scheduled(device)


class _MessagesTask(ArenaTask):
    __abstract__ = True
    apps = ("messages",)

    def setup(self, device: Device) -> None:
        seed(device)

    @property
    def text(self) -> str:
        """The text to send."""
        return self.params["text"]

    def compose(self, ui: UI) -> Iterator[Action]:
        """Open the chat with the contact from "Start chat" and type the text."""
        yield ui.open_app("Messages")
        yield ui.click(text="Start chat")
        yield ui.click(text=full_name(self.params["name"]))
        yield ui.type(self.text, rid="compose_message_text")


class _KeywordTask(_MessagesTask):
    __abstract__ = True
    published = ({"word": "hello"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"word": st.sampled_from(KEYWORDS)})

    def target(self) -> tuple[str, str]:
        return with_keyword(self.params["word"])

    def open_target(self, ui: UI) -> Iterator[Action]:
        first, body = self.target()
        yield ui.open_app("Messages")
        yield ui.click(text=full_name(first))
        yield ui.long_press(text=body)


# -- sending ---------------------------------------------------------------------------------------------------


class MessagesSendText(_MessagesTask):
    """Checks ``content://sms``: exactly one new message, sent to the named contact's number with the text (up to
    case and spacing), the history untouched."""

    template = 'Send a text message to "{name}" saying "{text}" using Google Messages.'
    published = ({"name": "Bob", "text": "hello"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"name": st.sampled_from([p[0] for p in BOOK]), "text": st.sampled_from(TEXTS)})

    def sent_ok(self, device: Device) -> bool:
        sent = [m for m in messages(device, "sent") if m.body not in {b for _, b, _, _ in HISTORY}]
        number = person(self.params["name"])[2]
        return len(sent) == 1 and was_sent(sent, number, self.text, device_time_ms(device))

    def check(self, device: Device, answer: str | None = None) -> float:
        added = len(messages(device)) == len(HISTORY) + 1
        return 1.0 if added and self.sent_ok(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.compose(ui)
        yield ui.click(desc="Send SMS")
        yield ui.complete()


class MessagesSendVideoLink(MessagesSendText):
    """As :class:`MessagesSendText`, the text naming a YouTube video."""

    template = ('Send a text message to "{name}" saying "here is a good YouTube video \'{video}\'" using '
                "Google Messages.")
    published = ({"name": "Bob", "video": "ChatGPT Explained Completely"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        videos = ("ChatGPT Explained Completely", "How Transformers Work", "The History of the Internet")
        return st.fixed_dictionaries({"name": st.sampled_from([p[0] for p in BOOK]), "video": st.sampled_from(videos)})

    @property
    def text(self) -> str:
        return f"here is a good YouTube video '{self.params['video']}'"


class MessagesScheduleText(_MessagesTask):
    """"Tomorrow morning" is Messages' schedule-send choice "Tomorrow, 8:00 AM": checks ``bugle_db``'s
    ``scheduled_messages`` for one message to the contact with the text, due tomorrow (device date) between 5 AM
    and noon, and that nothing was sent now."""

    template = 'Schedule a message "{text}" to be sent to "{name}" at tomorrow morning using Google Messages.'
    published = ({"name": "Bob", "text": "hello"},)
    requires = frozenset({"sim_app_state"})

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return MessagesSendText.parameters()

    def check(self, device: Device, answer: str | None = None) -> float:
        rows = bugle.scheduled(device)
        if len(rows) != 1 or not history_intact(device):
            return 0.0
        row = rows[0]
        number = bugle.digits(person(self.params["name"])[2])
        when = dt.datetime.fromtimestamp(row["time"] / 1000, dt.timezone.utc)
        today = dt.datetime.fromtimestamp(device_time_ms(device) / 1000, dt.timezone.utc).date()
        right = [bugle.digits(a) for a in row["recipients"]] == [number] and \
            row["body"].strip().lower() == self.params["text"].lower()
        return 1.0 if right and when.date() == today + dt.timedelta(days=1) and 5 <= when.hour < 12 else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.compose(ui)
        yield ui.long_press(desc="Send SMS")
        yield ui.click(text=SCHEDULE_CHOICES[2][0])
        yield ui.click(desc="Send SMS")
        yield ui.complete()


# -- one message -----------------------------------------------------------------------------------------------


class MessagesSearch(_KeywordTask):
    """Checks the screen: Messages' search page with the keyword in its field and, among the results, the
    conversation showing the message that holds it."""

    template = 'Search for the messages containing "{word}" using Google Messages.'

    def check(self, device: Device, answer: str | None = None) -> float:
        if device.current_activity()[1] != SEARCH_ACTIVITY:
            return 0.0
        els = on_screen(device)
        word = self.params["word"]
        typed = any(e.resource_name == SEARCH_FIELD and e.text.strip().lower() == word for e in els)
        body = self.target()[1]
        return 1.0 if typed and any(e.resource_name == "conversation_snippet" and e.text == body for e in els) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Messages")
        yield ui.tolerate(ui.click(desc="Search"), "the typing that follows targets the field's place in the list, "
                          "which is the Search button there: it opens the same search, focused", "skip")
        yield ui.type(self.params["word"], rid=SEARCH_FIELD)
        yield ui.complete()


class MessagesStarMessage(_KeywordTask):
    """"Important" is Messages' star on a message: checks ``bugle_db``'s ``starred_messages`` holds exactly the
    message with the keyword."""

    template = 'Mark the message containing "{word}" as important using Google Messages.'
    requires = frozenset({"sim_app_state"})

    def check(self, device: Device, answer: str | None = None) -> float:
        body = self.target()[1]
        ids = {m.id for m in messages(device) if m.body == body}
        return 1.0 if ids and bugle.starred(device) == ids and history_intact(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_target(ui)
        yield ui.click(desc="Star")
        yield ui.complete()


class MessagesArchiveMessage(_KeywordTask):
    """Messages archives conversations, not single messages: checks ``bugle_db`` marks the conversation holding
    the message archived, and no other."""

    template = 'Archive the message containing "{word}" using Google Messages.'
    requires = frozenset({"sim_app_state"})

    def check(self, device: Device, answer: str | None = None) -> float:
        body = self.target()[1]
        threads = {m.thread_id for m in messages(device) if m.body == body}
        archived = {tid for tid, c in bugle.conversations(device).items() if c["archived"]}
        return 1.0 if threads and archived == threads and history_intact(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Messages")
        yield ui.long_press(text=full_name(self.target()[0]))
        yield ui.click(desc="Archive")
        yield ui.complete()


class MessagesDeleteMessage(_KeywordTask):
    """Checks ``content://sms``: the message with the keyword is gone, every other message is still there."""

    template = 'Delete the message containing "{word}" using Google Messages.'

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if history_intact(device, but=self.target()[1]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_target(ui)
        yield ui.click(desc="Delete")
        yield ui.click(text="Delete")
        yield ui.complete()


# -- blocked numbers -------------------------------------------------------------------------------------------

DISTRACTOR = "555-019-8765"


def numbers() -> st.SearchStrategy[str]:
    return st.builds(lambda a, b: f"0{a:02d}-{b:06d}", st.integers(10, 99), st.integers(100000, 999999))


class MessagesBlockNumber(_MessagesTask):
    """Checks ``blockednumbers.db`` (root): the number is blocked (same digits), the one blocked before still is."""

    template = 'Block a specific phone number "{number}" using Google Messages.'
    published = ({"number": "010-654321"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"number": numbers()})

    @classmethod
    def published_parameters(cls, row: Any) -> st.SearchStrategy[dict[str, Any]]:
        return st.just(dict(row))

    def setup(self, device: Device) -> None:
        super().setup(device)
        bugle.block(device, DISTRACTOR)

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if bugle.is_blocked(device, self.params["number"]) and bugle.is_blocked(device, DISTRACTOR) \
            else 0.0

    def open_blocked(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Messages")
        yield ui.click(desc="More options")
        yield ui.click(text="Spam & blocked")

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_blocked(ui)
        yield ui.click(text="Add a number")
        yield ui.tolerate(ui.type(self.params["number"], rid="blocked_number_input"), *PHONE_FIELD)
        yield ui.click(text="Block")
        yield ui.complete()


class MessagesUnblockNumber(MessagesBlockNumber):
    """Checks ``blockednumbers.db`` (root): the number is no longer blocked, the other blocked one still is."""

    template = 'Unblock the specific phone number "{number}" using Google Messages.'

    def setup(self, device: Device) -> None:
        super().setup(device)
        bugle.block(device, self.params["number"])

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if not bugle.is_blocked(device, self.params["number"]) and bugle.is_blocked(device, DISTRACTOR) \
            else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_blocked(ui)
        rows = [el.text for _, el in ui.find_all(rid="blocked_number")]
        yield ui.click(desc="Unblock", n=rows.index(self.params["number"]))
        yield ui.click(text="Unblock")
        yield ui.complete()


# -- group chats -----------------------------------------------------------------------------------------------


class MessagesCreateGroup(_MessagesTask):
    """"The first two people on the contact list" are the first two of the phone book by name (Alice Chen, Bob
    Smith): checks ``bugle_db`` names one conversation so, whose telephony thread has exactly their numbers."""

    template = 'Create a chat group called "{group}" with the first two people on the contact list using ' \
               'Google Messages.'
    published = ({"group": "work"},)
    requires = frozenset({"sim_app_state"})

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"group": st.sampled_from(GROUPS)})

    def check(self, device: Device, answer: str | None = None) -> float:
        threads = bugle.named(device, self.params["group"])
        want = sorted(bugle.digits(p[2]) for p in BOOK[:2])
        ok = len(threads) == 1 and sorted(bugle.digits(a) for a in bugle.thread_recipients(device, threads[0])) == want
        return 1.0 if ok and history_intact(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Messages")
        yield ui.click(text="Start chat")
        yield ui.click(text="Create group")
        for first, last, _ in BOOK[:2]:
            yield ui.click(text=f"{first} {last}")
        yield ui.click(text="Next")
        yield ui.type(self.params["group"], rid="group_name")
        yield ui.click(text="Next")
        yield ui.complete()


#: The seeded group: its members and messages (first name, body, type, minutes ago).
GROUP_MEMBERS = ("Carol", "David")
GROUP_HISTORY = (("Carol", "Slides are in the shared folder", INBOX, 500), ("David", "Thanks!", INBOX, 490))


class _GroupTask(MessagesCreateGroup):
    """A group of Carol and David named as the task says, with two messages, older than the other chats."""

    __abstract__ = True

    def setup(self, device: Device) -> None:
        super().setup(device)
        numbers = [person(f)[2] for f in GROUP_MEMBERS]
        tid = bugle.thread_for(device, numbers)
        now = device_time_ms(device)
        for first, body, kind, minutes in GROUP_HISTORY:
            bugle.add_thread_sms(device, tid, person(first)[2], body, kind, now - minutes * 60_000)
        bugle.set_conversation(device, tid, name=self.params["group"])

    def group_thread(self, device: Device) -> int | None:
        found = bugle.named(device, self.params["group"])
        return found[0] if len(found) == 1 else None


class MessagesPinGroup(_GroupTask):
    """Checks ``bugle_db``: the group's conversation is pinned, no other is, nothing else changed."""

    template = 'Pin the specific chat "{group}" to the top of my chat list using Google Messages.'

    def check(self, device: Device, answer: str | None = None) -> float:
        tid = self.group_thread(device)
        pinned = {t for t, c in bugle.conversations(device).items() if c["pinned"]}
        return 1.0 if tid is not None and pinned == {tid} else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Messages")
        yield from ui.scroll_to(text=self.params["group"])
        yield ui.long_press(text=self.params["group"])
        yield ui.click(desc="Pin")
        yield ui.complete()


class MessagesDeleteGroup(_GroupTask):
    """Checks that no conversation bears the group's name any more and its messages are gone from
    ``content://sms``, every other message kept."""

    template = 'Delete the chat group called "{group}" in Google Messages.'

    def check(self, device: Device, answer: str | None = None) -> float:
        gone = not bugle.named(device, self.params["group"])
        return 1.0 if gone and history_intact(device) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Messages")
        yield from ui.scroll_to(text=self.params["group"])
        yield ui.long_press(text=self.params["group"])
        yield ui.click(desc="Delete")
        yield ui.click(text="Delete")
        yield ui.complete()


# -- notifications ---------------------------------------------------------------------------------------------


class MessagesMuteAll(_MessagesTask):
    """Checks the app's preferences: the "Notifications" switch of its settings is off (every chat muted)."""

    template = "Mute notifications for all chats using Google Messages."
    requires = frozenset({"sim_app_state"})
    want = False

    def setup(self, device: Device) -> None:
        super().setup(device)
        bugle.set_notifications(device, not self.want)

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if bugle.notifications_enabled(device) == self.want else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Messages")
        yield ui.click(desc="More options")
        yield ui.click(text="Settings")
        yield ui.click(text="Notifications")
        yield ui.complete()


class MessagesUnmuteAll(MessagesMuteAll):
    """Starts with the switch off; checks it is on."""

    template = "Unmute notifications for all chats using Google Messages."
    want = True


# -- constrained -----------------------------------------------------------------------------------------------


class ConstrainedMessagesSendNoSlack(MessagesSendText):
    """Constrained 21: as :class:`MessagesSendText`, without Slack (``com.Slack`` forbidden)."""

    type = "constrained"
    template = 'Send a text message to "{name}" saying "{text}".'
    constraint = "Do NOT use Slack."
    constraints = {"apps": [SLACK]}


class ConstrainedMessagesSearchNoSlack(MessagesSearch):
    """Constrained 22: as :class:`MessagesSearch` (the text messages are searched in Messages), without Slack."""

    type = "constrained"
    template = 'Search for the messages containing "{word}".'
    constraint = "Do NOT use Slack."
    constraints = {"apps": [SLACK]}


class ConstrainedMessagesSearchBar(MessagesSearch):
    """Constrained 23: as :class:`MessagesSearch`; scrolling is forbidden."""

    type = "constrained"
    constraint = "Use the search bar instead of scrolling down to find the target item."
    constraints = {"actions": ["scroll"]}


class ConstrainedMessagesSendReview(MessagesSendText):
    """Constrained 30: the message must be left for the user to review, so the outcome is the conversation with the
    contact on screen with the text in its compose field and nothing sent; the "Send SMS" button is forbidden."""

    type = "constrained"
    constraint = REVIEW
    constraints = {"elements": [SEND_BUTTON]}

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if ready(device, self.params["name"], self.text) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.compose(ui)
        yield ui.complete()


class ConstrainedMessagesScheduleReview(MessagesScheduleText):
    """Constrained 31: as constrained 30, with "Tomorrow, 8:00 AM" chosen (the "Scheduled" chip above the compose
    field) through the compose bar's "Show more options"; the "Send SMS" button, long-pressed or tapped, is
    forbidden."""

    type = "constrained"
    constraint = REVIEW
    constraints = {"elements": [SEND_BUTTON]}

    def check(self, device: Device, answer: str | None = None) -> float:
        shown = f"Scheduled: {SCHEDULE_CHOICES[2][0]}"
        return 1.0 if ready(device, self.params["name"], self.text, shown) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.compose(ui)
        yield ui.click(desc="Show more options")
        yield ui.click(text="Schedule message")
        yield ui.click(text=SCHEDULE_CHOICES[2][0])
        yield ui.complete()
