"""AndroidWorld's Simple SMS Messenger families: send, reply, resend and forward text messages.

As in AndroidWorld, setup turns airplane mode off, clears ``sms`` and
``threads`` in ``mmssms.db`` and then seeds what the family needs: incoming
texts arrive from the network one second apart (``adb emu sms send``), contacts
go into the contacts provider, and the phone also holds a few older
conversations that must come through untouched. A check passes when exactly one
message was added, a sent one to the right number whose body fuzzily matches
(AndroidWorld's rule: within the last five minutes of device time), no stored
message changed or disappeared, and, where AndroidWorld asks for it, Simple SMS
Messenger is in front. Numbers are North American (``+1`` and ten digits),
names come from AndroidWorld's name lists.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android.sms_messenger import PACKAGE
from pytest_mobileagent.android.telephony import INBOX, SENT
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.people import FAMILY_NAMES, GIVEN_NAMES, nanp_digits
from pytest_mobileagent.validators.answers import text_matches
from pytest_mobileagent.validators.contacts import add_contact
from pytest_mobileagent.validators.sms import (
    add_sms,
    added_since,
    clean_address,
    clear_sms_and_threads,
    device_time_ms,
    in_sms_app,
    only_sent,
    receive_sms,
    sent_messages,
    snapshot,
)

APP = "Simple SMS Messenger"
#: Everyday texts: goal messages and the conversations around them.
MESSAGES = (
    "Running about ten minutes late, save me a seat.",
    "Can you pick up milk and eggs on your way home?",
    "The plumber is coming Thursday between 9 and 11.",
    "Happy birthday! Hope you have a wonderful day.",
    "Don't forget the team lunch at 12:30 tomorrow.",
    "I left the spare key under the blue flower pot.",
    "My flight lands at 6:45 PM, terminal B.",
    "Thanks for dinner last night, it was lovely.",
    "Are we still on for the movie on Saturday?",
    "Your package was left at the front desk.",
    "Call me when you get a chance, no rush.",
    "Soccer practice moved to 5 PM this week.",
    "Reminder: dentist appointment Monday at 10 AM.",
    "Just parked, I'll meet you at the entrance.",
    "Could you send me the photos from the hike?",
    "The meeting notes are in the shared folder now.",
    "Grabbing coffee, want anything?",
    "The car is ready for pickup at the garage.",
    "Book club is at Maria's place this Thursday.",
    "Let's split the bill, I'll send you my half.",
)
#: Where events happen: what a friend texts when asked for the address.
ADDRESSES = (
    "350 Fifth Avenue, New York, NY 10118",
    "233 S Wacker Dr, Chicago, IL 60606",
    "400 Broad St, Seattle, WA 98109",
    "1000 Vin Scully Ave, Los Angeles, CA 90012",
    "700 Clark Ave, St. Louis, MO 63102",
    "1 Lincoln Center Plaza, New York, NY 10023",
    "2401 Ontario Rd NW, Washington, DC 20009",
    "1111 S Figueroa St, Los Angeles, CA 90015",
)
GLITCH = "Sorry, there was a glitch, what was the last message you sent me?"


def phone_numbers() -> st.SearchStrategy[str]:
    """AndroidWorld's numbers: ``+1`` and ten digits (here with a plausible area code and exchange)."""
    return nanp_digits().map(lambda d: "+1" + d)


def names() -> st.SearchStrategy[str]:
    return st.tuples(st.sampled_from(GIVEN_NAMES), st.sampled_from(FAMILY_NAMES)).map(" ".join)


@st.composite
def history(draw: Any, exclude_numbers: set[str], exclude_names: set[str], max_threads: int = 3) -> list[dict]:
    """Older conversations (1 to 20 days back), some with saved contacts: the noise that must stay untouched."""
    count = draw(st.integers(1, max_threads))
    numbers = draw(st.lists(phone_numbers().filter(lambda n: n not in exclude_numbers), min_size=count,
                            max_size=count, unique=True))
    taken = set(exclude_names)
    threads = []
    for number in numbers:
        name = draw(st.none() | names().filter(lambda n: n not in taken))
        if name:
            taken.add(name)
        minutes_ago = draw(st.integers(60 * 24, 60 * 24 * 20))
        messages = []
        for _ in range(draw(st.integers(1, 3))):
            messages.append({"incoming": draw(st.booleans()), "body": draw(st.sampled_from(MESSAGES)),
                             "minutes_ago": minutes_ago})
            minutes_ago -= draw(st.integers(2, 240))
        threads.append({"number": number, "name": name, "messages": messages})
    return threads


def split_name(name: str) -> tuple[str, str]:
    first, _, last = name.partition(" ")
    return first, last


def seed_history(device: Device, threads: list[dict]) -> None:
    """Save the contacts of the older conversations and store their messages, oldest first."""
    for t in threads:
        if t["name"]:
            add_contact(device, *split_name(t["name"]), t["number"])
    now = device_time_ms(device)
    rows = sorted(((m["minutes_ago"], t["number"], m) for t in threads for m in t["messages"]),
                  key=lambda r: -r[0])
    for minutes_ago, number, m in rows:
        add_sms(device, number, m["body"], INBOX if m["incoming"] else SENT, now - minutes_ago * 60_000)


def receive_in_turn(device: Device, texts: list[tuple[str, str]]) -> None:
    """Texts arrive one after another, a second apart, so their order is the order they came in."""
    for number, body in texts:
        device.shell("sleep 1")
        receive_sms(device, number, body)


def open_sms(ui: UI) -> Iterator[Action]:
    """Simple SMS Messenger's conversation list."""
    yield ui.open_app(APP)
    for _ in range(4):
        if ui.exists(rid="conversations_fab"):
            return
        # a conversation opened by a SENDTO intent (AndroidWorld's send_sms) is its task's root: NewConversationActivity
        # starts ThreadActivity and finishes, so back leaves the app and the launcher opens the conversation list
        yield ui.back() if ui.obs.package == PACKAGE else ui.open_app(APP)


class _SmsTask(Task):
    """Base of the families: AndroidWorld's setup around the family's seeding, and the sent-message check."""
    derives_params = True  # takes AndroidWorld's generate_random_params() dicts

    __abstract__ = True
    apps: ClassVar[tuple[str, ...]] = ("simple sms messenger",)
    complexity = 1
    #: AndroidWorld's check also requires Simple SMS Messenger in the foreground.
    needs_app_in_front: ClassVar[bool] = True

    def setup(self, device: Device) -> None:
        device.shell("cmd connectivity airplane-mode disable")
        clear_sms_and_threads(device)
        seed_history(device, self.params["history"])
        self.seed(device)
        self.before = snapshot(device)
        device.press("home")

    def seed(self, device: Device) -> None:
        """What the family puts on the phone besides the older conversations."""

    def check(self, device: Device, answer: str | None = None) -> float:
        p = self.params
        sent = only_sent(added_since(device, self.before), p["number"], p["message"], device_time_ms(device))
        return 1.0 if sent and (in_sms_app(device) or not self.needs_app_in_front) else 0.0

    def describe_state(self, device: Device) -> str:
        return f"sent: {[(m.address, m.body) for m in sent_messages(device)]}; front: {device.current_activity()}"


class SimpleSmsSend(_SmsTask):
    """Send a text to a new number."""

    template = "Send a text message using Simple SMS Messenger to {number} with message: {message}"
    difficulty = "medium"
    tags = ("parameterized",)
    optimal_steps = 6

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            number = d(phone_numbers())
            return {"number": number, "message": d(st.sampled_from(MESSAGES)),
                    "history": d(history({number}, set()))}
        return draw()

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_sms(ui)
        yield ui.click(rid="conversations_fab")
        yield ui.type(self.params["number"], rid="new_conversation_address")
        yield ui.click(rid="new_conversation_confirm")
        yield ui.type(self.params["message"], rid="thread_type_message")
        yield ui.click(rid="thread_send_message")
        yield ui.complete()


@st.composite
def incoming_texts(draw: Any, number: str, exclude: set[str], min_others: int, max_others: int,
                   target_last: bool, avoid_body: str = "") -> list[tuple[str, str]]:
    """Texts from unknown numbers with one from ``number`` among them (or last)."""
    others = draw(st.lists(phone_numbers().filter(lambda n: n not in exclude | {number}), min_size=min_others,
                           max_size=max_others, unique=True))
    bodies = st.sampled_from(MESSAGES).filter(lambda b: b != avoid_body)
    texts = [(n, draw(bodies)) for n in others]
    at = len(texts) if target_last else draw(st.integers(0, len(texts)))
    texts.insert(at, (number, draw(bodies)))
    return texts


class SimpleSmsReply(_SmsTask):
    """Reply to a number that texted among others."""

    template = "Reply to {number} with message: {message} in Simple SMS Messenger"
    difficulty = "easy"
    tags = ("search", "data_entry", "parameterized")
    optimal_steps = 4

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            number = d(phone_numbers())
            past = d(history({number}, set()))
            known = {t["number"] for t in past}
            return {"number": number, "message": d(st.sampled_from(MESSAGES)), "history": past,
                    "incoming": d(incoming_texts(number, known, 1, 5, target_last=False))}
        return draw()

    def seed(self, device: Device) -> None:
        receive_in_turn(device, self.params["incoming"])

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_sms(ui)
        yield from ui.scroll_to(text=self.params["number"])
        yield ui.click(text=self.params["number"])
        yield ui.type(self.params["message"], rid="thread_type_message")
        yield ui.click(rid="thread_send_message")
        yield ui.complete()


class SimpleSmsReplyMostRecent(_SmsTask):
    """Reply to whoever texted last."""

    template = "Reply to the most recent text message using Simple SMS Messenger with message: {message}"
    difficulty = "medium"
    tags = ("parameterized",)
    optimal_steps = 5

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            number, message = d(phone_numbers()), d(st.sampled_from(MESSAGES))
            past = d(history({number}, set()))
            known = {t["number"] for t in past}
            return {"number": number, "message": message, "history": past,
                    "incoming": d(incoming_texts(number, known, 0, 5, target_last=True, avoid_body=message))}
        return draw()

    def seed(self, device: Device) -> None:
        receive_in_turn(device, self.params["incoming"])

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_sms(ui)
        yield ui.click(rid="conversation_address")  # the list is newest first
        yield ui.type(self.params["message"], rid="thread_type_message")
        yield ui.click(rid="thread_send_message")
        yield ui.complete()


class SimpleSmsSendClipboardContent(_SmsTask):
    """Send what is on the clipboard."""

    template = "Send a message to {number} with the clipboard content in Simple SMS Messenger"
    difficulty = "easy"
    tags = ("data_entry", "parameterized")
    optimal_steps = 6

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return SimpleSmsSend.parameters()

    def seed(self, device: Device) -> None:
        device.clipboard_set(self.params["message"])

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_sms(ui)
        yield ui.click(rid="conversations_fab")
        yield ui.type(self.params["number"], rid="new_conversation_address")
        yield ui.click(rid="new_conversation_confirm")
        yield ui.long_press(rid="thread_type_message")
        yield ui.click(text="Paste")
        yield ui.click(rid="thread_send_message")
        yield ui.complete()


class SimpleSmsSendReceivedAddress(_SmsTask):
    """Forward the address one contact texted to another contact."""

    template = "Text the address of the event to {name1} that {name2} just sent me in Simple SMS Messenger"
    difficulty = "medium"
    tags = ("information_retrieval", "parameterized")
    complexity = 2
    optimal_steps = 9

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            name1 = d(names())
            name2 = d(names().filter(lambda n: n != name1 and n.split()[0] != name1.split()[0]))
            number = d(phone_numbers())
            number2 = d(phone_numbers().filter(lambda n: n != number))
            return {"name1": name1, "number": number, "name2": name2, "name2_number": number2,
                    "message": d(st.sampled_from(ADDRESSES)),
                    "history": d(history({number, number2}, {name1, name2}))}
        return draw()

    def seed(self, device: Device) -> None:
        p = self.params
        add_contact(device, *split_name(p["name1"]), p["number"])
        add_contact(device, *split_name(p["name2"]), p["name2_number"])
        receive_in_turn(device, [(p["name2_number"], p["message"])])

    def oracle(self, ui: UI) -> Iterator[Action]:
        p = self.params
        yield from open_sms(ui)
        yield ui.click(text=p["name2"])
        yield ui.long_press(text=p["message"])
        yield ui.click(desc="More options")
        yield ui.click(text="Forward")
        yield ui.tolerate(ui.type(p["name1"], rid="new_conversation_address"),
                          "the typed name only filters the contact list the name is then picked from",
                          "skip", "text:drop")
        yield ui.click(rid="item_contact_name", text=p["name1"])
        yield ui.click(rid="thread_send_message")
        yield ui.complete()


class SimpleSmsResend(_SmsTask):
    """Send the last message to a contact again, after they ask for it."""

    template = "Resend the message I just sent to {name} in Simple SMS Messenger"
    difficulty = "medium"
    tags = ("parameterized",)
    optimal_steps = 6
    needs_app_in_front = False  # AndroidWorld's check here only compares the sent messages

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            name, number = d(names()), d(phone_numbers())
            return {"name": name, "number": number, "message": d(st.sampled_from(MESSAGES)),
                    "history": d(history({number}, {name}))}
        return draw()

    def seed(self, device: Device) -> None:
        p = self.params
        add_contact(device, *split_name(p["name"]), p["number"])
        add_sms(device, p["number"], p["message"], SENT, device_time_ms(device) - 60_000)
        receive_in_turn(device, [(p["number"], GLITCH)])

    def check(self, device: Device, answer: str | None = None) -> float:
        """AndroidWorld's: one more sent message, to the same number with the same text as the one before."""
        added = added_since(device, self.before)
        if added is None or len(added) != 1 or added[0].type != SENT:
            return 0.0
        m = added[0]
        same = clean_address(m.address) == clean_address(self.params["number"])
        return 1.0 if same and text_matches(m.body, self.params["message"]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        p = self.params
        yield from open_sms(ui)
        yield ui.click(text=p["name"])
        yield ui.long_press(rid="thread_message_body", text=p["message"])
        yield ui.click(desc="Copy to clipboard")
        yield ui.long_press(rid="thread_type_message")
        yield ui.click(text="Paste")
        yield ui.click(rid="thread_send_message")
        yield ui.complete()
