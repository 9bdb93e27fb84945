"""Simple SMS Messenger (``com.simplemobiletools.smsmessenger``, version 5.19.3 as on AndroidWorld's image).

The app is the device's default SMS app. Like the real one it keeps its
messages in the telephony provider (``mmssms.db``) and reads them back through
:class:`~mobileagent_sim.telephony.TelephonyProvider`; the Room cache the
real app keeps beside it (``conversations.db``) is not simulated. Contact names
come from the contacts provider when it is installed, else numbers are shown.

Screens and resource ids are the app's own:

- ``MainActivity``: the search bar (``top_toolbar_search``), the conversation
  list (``conversations_list`` of ``conversation_frame`` rows with
  ``conversation_address``, ``draft_indicator``, ``conversation_body_short``,
  ``conversation_date``; newest first) and the "new conversation" button
  (``conversations_fab``, an icon without a description, as in the app).
- ``NewConversationActivity``: "Add Contact or Number…" (``new_conversation_address``),
  the check button that appears after three characters (``new_conversation_confirm``)
  and the contacts list (``item_contact_name``, ``item_contact_number``) filtered by
  what was typed. It also takes ``SENDTO``/``SEND``/``VIEW`` ``sms:``/``smsto:``
  intents with an ``sms_body`` extra and opens the thread with the text filled in.
- ``ThreadActivity``: the messages (``thread_message_body``, date headers
  ``thread_date_time``, "Not sent. Touch to retry."), "Type a message…"
  (``thread_type_message``) and the send button (``thread_send_message``: text "SMS",
  description "OK", enabled only with text). Long-pressing a message starts the
  selection mode: "1 / N", "Copy to clipboard", "Delete" and "More options" with
  Properties, Forward, Select all. Leaving a thread with text typed saves it as a
  draft, as the app does on pause.

Sending inserts the message into the outbox (type 4) and moves it to sent (2) when
the radio reports success, or to failed (5) in airplane mode. Received messages
(:meth:`SmsMessengerApp.receive_sms`, called by the radio) land in the inbox unread.
Not simulated: attachments/MMS, scheduled sending, archive and recycle bin, settings,
the conversations' long-press mode, and contact suggestions.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

import mobileagent_sim.telephony as telephony
from mobileagent_sim.app import Activity, App, Intent
from mobileagent_sim.providers import ContactsProvider
from mobileagent_sim.telephony import TelephonyProvider
from mobileagent_sim.views import (
    Button,
    Column,
    Dialog,
    Frame,
    Image,
    ImageButton,
    Row,
    Scroll,
    Text,
    View,
)
from pytest_mobileagent.android.contacts import PROVIDER_PACKAGE as CONTACTS_PROVIDER
from pytest_mobileagent.android.sms_messenger import ACTIVITIES, PACKAGE
from pytest_mobileagent.android.telephony import DEFAULT_SMS_APP_KEY, DRAFT, FAILED, INBOX, OUTBOX, QUEUED, SENT

if TYPE_CHECKING:
    from collections.abc import Callable

    from mobileagent_sim.system import System

SMS_SCHEMES = ("sms:", "smsto:", "mms:", "mmsto:")
SEND_ACTIONS = ("android.intent.action.SENDTO", "android.intent.action.SEND", "android.intent.action.VIEW")
#: Messages further apart than this get their own date header in a thread (``MIN_DATE_TIME_DIFF_SECS``).
DATE_HEADER_GAP_S = 300
TYPE_A_MESSAGE = "Type a message\u2026"
ADD_CONTACT_OR_NUMBER = "Add Contact or Number\u2026"


# -- what the app shows ---------------------------------------------------------------------------


def _time_format(system: System) -> str:
    return "%H:%M" if system.settings.get("system", "time_12_24") != "12" else "%I:%M %p"


def format_date_or_time(system: System, ms: int, hide_time_other_days: bool) -> str:
    """The commons ``formatDateOrTime``: the time for today, else the default date format ``dd.MM.yyyy``
    (without the year this year), with the time appended unless hidden."""
    when = dt.datetime.fromtimestamp(ms / 1000, dt.timezone.utc)
    now = system.clock.now
    if when.date() == now.date():
        return when.strftime(_time_format(system))
    text = when.strftime("%d.%m" if when.year == now.year else "%d.%m.%Y")
    return text if hide_time_other_days else f"{text}, {when.strftime(_time_format(system))}"


def contact_name(system: System, address: str) -> str:
    """The contact's name for a number, or the number itself (``getNameFromAddress``)."""
    if CONTACTS_PROVIDER in system.apps:
        name = ContactsProvider(system).lookup_name(address)
        if name:
            return name
    return address


def contacts_with_numbers(system: System) -> list[dict[str, Any]]:
    """Contacts that have a phone number, by name, with their normalized numbers (``getAvailableContacts``)."""
    if CONTACTS_PROVIDER not in system.apps:
        return []
    provider = ContactsProvider(system)
    found = []
    for c in provider.contacts():
        if not c["has_phone"]:
            continue
        detail = provider.contact(c["contact_id"]) or {}
        numbers = [telephony.normalize_number(p["number"]) for p in detail.get("phones", []) if p["number"]]
        if numbers:
            found.append({"name": c["name"], "numbers": numbers})
    return found


def toolbar(id: str, title: str, back: Callable[[], Any] | None, actions: list[View] | None = None) -> View:
    """A MaterialToolbar: the "Back" arrow (the commons ``NavigationIcon.Arrow``), the title, action icons."""
    kids = [ImageButton("Back", back, icon="arrow_back") if back else None,
            Text(title, style="title", weight=1, height=56), *(actions or [])]
    return View(cls="android.view.ViewGroup", id=id, orientation="horizontal", height=64, style="toolbar",
                children=[k for k in kids if k is not None])


def icon_view(id: str, icon: str, on_click: Callable[[], Any], size: float = 48) -> View:
    """A clickable ImageView without a content description (the app sets none on these)."""
    return View(cls="android.widget.ImageView", id=id, icon=icon, clickable=True, focusable=True,
                on_click=on_click, width=size, height=size)


# -- screens ---------------------------------------------------------------------------------------


class SmsActivity(Activity):
    """Base of the app's screens: the provider and the thread starts."""

    @property
    def provider(self) -> TelephonyProvider:
        return TelephonyProvider(self.system)

    def title_of(self, addresses: list[str]) -> str:
        return ", ".join(contact_name(self.system, a) for a in addresses)

    def open_thread(self, address: str, title: str = "", text: str = "", thread_id: int | None = None) -> None:
        """``launchThreadActivity``: the thread of this number, created in the provider if new."""
        if thread_id is None:
            thread_id = self.provider.thread_id_for([address])
        self.start(ThreadActivity, thread_id=thread_id, thread_title=title, thread_text=text, thread_number=address)


class MainActivity(SmsActivity):
    """The conversation list with the search bar and the "new conversation" button."""

    name = f"{ACTIVITIES}.MainActivity"
    exported = True

    def build(self) -> View:
        query = self.fields.get("top_toolbar_search", "")
        body = self.search_results(query) if query else self.conversation_list()
        search = Row(Image("Search", icon="search", id="top_toolbar_search_icon"),
                     self.field("top_toolbar_search", "Search", weight=1, height=48),
                     id="top_toolbar_holder", height=64, padding=8)
        fab = Row(View(weight=1), ImageButton("", self.new_conversation, icon="add", id="conversations_fab",
                                              width=56, height=56, style="fab"), height=88, padding=16)
        return Frame(Column(search, body), Column(View(weight=1), None if query else fab), id="main_coordinator")

    def conversation_list(self) -> View:
        conversations = [c for c in self.provider.conversations() if not c["archived"]]
        if not conversations:
            return Column(Text("No stored conversations have been found", id="no_conversations_placeholder",
                               style="item-summary", padding=16),
                          Text("Start a conversation", id="no_conversations_placeholder_2", clickable=True,
                               focusable=True, on_click=self.new_conversation, style="primary", padding=8),
                          id="main_holder", weight=1)
        drafts = self.provider.drafts()
        return Scroll(*[self.conversation_row(c, drafts.get(c["thread_id"])) for c in conversations],
                      id="conversations_list", weight=1)

    def conversation_row(self, c: dict[str, Any], draft: str | None) -> View:
        title = self.title_of(c["addresses"]) or "?"
        snippet = draft if draft is not None else c["snippet"]
        style = "item-title" if c["read"] else "item-title-bold"
        texts = Column(Text(title, id="conversation_address", style=style, height=28),
                       Row(Text("Draft", id="draft_indicator", style="caption", width=48) if draft is not None
                           else None, Text(snippet, id="conversation_body_short", style="item-summary", weight=1),
                           height=24),
                       weight=1)
        row = Row(Image(icon="group" if len(c["addresses"]) > 1 else f"avatar:{title}", id="conversation_image"), texts,
                  Text(format_date_or_time(self.system, c["date"] or 0, True), id="conversation_date",
                       style="caption", width=64),
                  id="conversation_holder", padding=8)
        return Frame(row, id="conversation_frame", clickable=True, focusable=True, height=76,
                     on_click=lambda c=c, t=title: self.open_thread(c["addresses"][0] if c["addresses"] else "", t,
                                                                    thread_id=c["thread_id"]))

    def search_results(self, query: str) -> View:
        if len(query) < 2:
            return Text("Type in at least 2 characters to start the search.", id="search_placeholder_2",
                        style="item-summary", padding=16, weight=1)
        rows = []
        for c in self.provider.conversations():
            title = self.title_of(c["addresses"])
            hits = [m for m in self.provider.messages(c["thread_id"]) if query.lower() in (m["body"] or "").lower()]
            if query.lower() in title.lower() and not hits:
                hits = self.provider.messages(c["thread_id"])[-1:]
            for m in hits:
                rows.append(Row(
                    Image(icon=f"avatar:{title}", id="search_result_image"),
                    Column(Text(title, id="search_result_title", style="item-title", height=28),
                           Text(m["body"] or "", id="search_result_snippet", style="item-summary", height=24),
                           weight=1),
                    Text(format_date_or_time(self.system, m["date"], True), id="search_result_date", style="caption",
                         width=64),
                    id="search_result_holder", clickable=True, focusable=True, height=72, padding=8,
                    on_click=lambda c=c, t=title: self.open_thread(c["addresses"][0] if c["addresses"] else "", t,
                                                                   thread_id=c["thread_id"])))
        if not rows:
            return Text("No items found.", id="search_placeholder", style="item-summary", padding=16, weight=1)
        return Scroll(*rows, id="search_results_list", weight=1)

    def new_conversation(self) -> None:
        self.start(NewConversationActivity)

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.fields.get("top_toolbar_search"):
            self.fields["top_toolbar_search"] = ""
            self.system.clear_focus(self)
            return True
        return False


class NewConversationActivity(SmsActivity):
    """"New conversation": type a number or pick a contact; opens the thread with any shared text."""

    name = f"{ACTIVITIES}.NewConversationActivity"
    exported = True

    def __init__(self, app: App, intent: Intent):
        super().__init__(app, intent)
        self.focused_once = False

    @property
    def shared_text(self) -> str:
        extras = self.intent.extras
        return str(extras.get("android.intent.extra.TEXT") or extras.get("sms_body") or "")

    def on_resume(self) -> None:
        if not self.focused_once:  # SOFT_INPUT_STATE_ALWAYS_VISIBLE and requestFocus on the address field
            self.focused_once = True
            self.request_focus("new_conversation_address")

    def build(self) -> View:
        typed = self.fields.get("new_conversation_address", "")
        address = Row(self.field("new_conversation_address", ADD_CONTACT_OR_NUMBER, weight=1, height=56),
                      icon_view("new_conversation_confirm", "check", self.confirm) if len(typed) > 2 else None,
                      height=64, padding=8)
        contacts = self.matching_contacts(typed)
        if contacts:
            body: View = Scroll(*[self.contact_row(c) for c in contacts], id="contacts_list", weight=1)
        else:
            body = Text("No contacts found", id="no_contacts_placeholder", style="item-summary", padding=16,
                        weight=1)
        return Column(toolbar("new_conversation_toolbar", "New conversation", self.finish), address, body,
                      id="new_conversation_coordinator")

    def matching_contacts(self, typed: str) -> list[dict[str, Any]]:
        contacts = contacts_with_numbers(self.system)
        if not typed:
            return contacts
        low = typed.lower()
        found = [c for c in contacts if any(low in n.lower() for n in c["numbers"]) or low in c["name"].lower()]
        return sorted(found, key=lambda c: not c["name"].lower().startswith(low))

    def contact_row(self, contact: dict[str, Any]) -> View:
        return Row(Image(icon=f"avatar:{contact['name']}", id="item_contact_image"),
                   Column(Text(contact["name"], id="item_contact_name", style="item-title", height=28),
                          Text(", ".join(contact["numbers"]), id="item_contact_number", style="item-summary",
                               height=24), weight=1),
                   id="item_contact_frame", clickable=True, focusable=True, height=72, padding=8,
                   on_click=lambda c=contact: self.launch(c["numbers"][0], c["name"]))

    def confirm(self) -> None:
        number = self.fields.get("new_conversation_address", "").strip()
        self.launch(number, number)

    def launch(self, number: str, title: str) -> None:
        self.system.clear_focus(self)
        self.open_thread(number, title, self.shared_text)


class ThreadActivity(SmsActivity):
    """One conversation: its messages, the message field and the send button."""

    name = f"{ACTIVITIES}.ThreadActivity"

    def __init__(self, app: App, intent: Intent):
        super().__init__(app, intent)
        extras = intent.extras
        self.thread_id = int(extras.get("thread_id") or 0)
        self.number = str(extras.get("thread_number") or "")
        self.title = str(extras.get("thread_title") or "")
        #: Ids of the messages selected by a long press (the selection mode is on while any is selected).
        self.selected: list[int] = []
        self.resend_id: int | None = None
        text = str(extras.get("thread_text") or "") or self.provider.draft(self.thread_id) or ""
        self.fields["thread_type_message"] = text
        self.provider.mark_thread_read(self.thread_id)
        self.view_state[("scroll", "thread_messages_list")] = 10 ** 9  # stackFromEnd: the newest at the bottom

    def addresses(self) -> list[str]:
        return self.provider.recipients(self.thread_id) or ([self.number] if self.number else [])

    # -- screen ----------------------------------------------------------------------------

    def build(self) -> View:
        messages = self.provider.messages(self.thread_id)
        title = self.title_of(self.addresses()) or self.title
        bar = (self.selection_bar(len(messages)) if self.selected else
               toolbar("thread_toolbar", title, self.leave,
                       # menu_thread.xml's order: delete, then dial_number
                       [ImageButton("Delete", lambda: self.ask("delete_conversation"), icon="delete", id="delete"),
                        ImageButton("Dial number", self.dial, icon="phone", id="dial_number")]))
        text = self.fields.get("thread_type_message", "")
        holder = Row(
            self.field("thread_type_message", TYPE_A_MESSAGE, multiline=True, weight=1, height=56),
            Button("SMS", self.send if text else None, id="thread_send_message", desc="OK", enabled=bool(text),
                   width=64, height=56),
            id="message_holder", height=72, padding=8)
        return Column(bar, Scroll(*self.thread_items(messages), id="thread_messages_list", weight=1), holder,
                      id="thread_coordinator")

    def thread_items(self, messages: list[dict[str, Any]]) -> list[View]:
        items: list[View] = []
        previous = None
        for i, m in enumerate(messages):
            if previous is None or (m["date"] - previous) // 1000 > DATE_HEADER_GAP_S:
                items.append(Text(format_date_or_time(self.system, m["date"], False), id="thread_date_time",
                                  style="caption", height=32, padding=4))
            previous = m["date"]
            items.append(self.bubble(m))
            if m["type"] == FAILED:
                items.append(Text("Not sent. Touch to retry.", id="thread_error", style="error", clickable=True,
                                  focusable=True, on_click=lambda m=m: self.retry(m), height=32))
            elif m["type"] in (OUTBOX, QUEUED):
                items.append(Text("Sending\u2026", id="thread_sending", style="caption", height=32))
            elif m["type"] == SENT and i == len(messages) - 1:
                items.append(Row(View(weight=1), Image(icon="check", id="thread_success", width=16, height=16),
                                 height=24))
        return items

    def bubble(self, m: dict[str, Any]) -> View:
        received = m["type"] == INBOX
        body = Column(Text(m["body"] or "", id="thread_message_body", style="bubble-in" if received else "bubble-out",
                           padding=8),
                      id="thread_message_wrapper", weight=4)
        spacer = View(weight=1)
        return Row(*((body, spacer) if received else (spacer, body)), id="thread_message_holder", clickable=True,
                   long_clickable=True, focusable=True, selected=m["id"] in self.selected, padding=4,
                   on_click=lambda m=m: self.tap_message(m), on_long_click=lambda m=m: self.select(m))

    def selection_bar(self, total: int) -> View:
        one = len(self.selected) == 1
        return View(cls="android.view.ViewGroup", id="action_mode_bar", orientation="horizontal", height=64,
                    style="toolbar", children=[c for c in (
                        ImageButton("Done", self.end_selection, icon="arrow_back", id="action_mode_close_button"),
                        Text(f"{len(self.selected)} / {total}", style="title", weight=1, height=56, clickable=True,
                             on_click=self.select_all),
                        ImageButton("Copy to clipboard", self.copy, icon="content_copy", id="cab_copy_to_clipboard")
                        if one else None,
                        ImageButton("Delete", lambda: self.ask("delete_messages"), icon="delete", id="cab_delete"),
                        ImageButton("More options", lambda: self.open_menu("cab"), icon="more_vert"),
                    ) if c is not None])

    def menu_items(self, name: str) -> list[tuple[str, Callable[[], Any]]]:
        items: list[tuple[str, Callable[[], Any]]] = []
        if len(self.selected) == 1:
            items += [("Properties", lambda: self.ask("properties")), ("Forward", self.forward)]
        return [*items, ("Select all", self.select_all)]

    def build_dialog(self, name: str) -> View:
        if name == "properties":
            return self.properties_dialog()
        question = ("Are you sure you want to delete all messages of this conversation?"
                    if name == "delete_conversation" else
                    f"Are you sure you want to delete {len(self.selected)} "
                    f"message{'' if len(self.selected) == 1 else 's'}?")
        confirm = self.delete_conversation if name == "delete_conversation" else self.delete_selected
        return Dialog("", Text(question, id="delete_remember_title", padding=8), buttons=[
            Button("No", self.close_dialog, id="android:id/button2", weight=1),
            Button("Yes", confirm, id="android:id/button1", weight=1)])

    def properties_dialog(self) -> View:
        m = next((m for m in self.provider.messages(self.thread_id) if m["id"] == self.selected[0]), None)
        if m is None:
            return Dialog("Message details", buttons=[Button("OK", self.close_dialog, id="android:id/button1")])
        received = m["type"] == INBOX
        name = contact_name(self.system, m["address"] or "")
        who = m["address"] if name == m["address"] else f"{name} ({m['address']})"
        when = dt.datetime.fromtimestamp(m["date"] / 1000, dt.timezone.utc)
        rows = (("Sender" if received else "Receiver", who),
                ("Received at" if received else "Sent at", when.strftime(f"%d.%m.%Y {_time_format(self.system)}")))
        return Dialog("Message details", *[Column(Text(label, id="property_label", style="caption"),
                                                  Text(value, id="property_value"), padding=8)
                                           for label, value in rows],
                      buttons=[Button("OK", self.close_dialog, id="android:id/button1")])

    # -- handlers ----------------------------------------------------------------------------

    def ask(self, dialog: str) -> None:
        self.menu = None
        self.dialog = dialog

    def close_dialog(self) -> None:
        self.dialog = None

    def tap_message(self, m: dict[str, Any]) -> None:
        if self.selected:  # in the selection mode a tap toggles the message
            self.select(m)

    def select(self, m: dict[str, Any]) -> None:
        if m["id"] in self.selected:
            self.selected.remove(m["id"])
        else:
            self.selected.append(m["id"])

    def select_all(self) -> None:
        self.menu = None
        ids = [m["id"] for m in self.provider.messages(self.thread_id)]
        self.selected = [] if len(self.selected) == len(ids) else ids

    def end_selection(self) -> None:
        self.selected = []

    def selected_message(self) -> dict[str, Any] | None:
        first = self.selected[0] if self.selected else None
        return next((m for m in self.provider.messages(self.thread_id) if m["id"] == first), None)

    def copy(self) -> None:
        m = self.selected_message()
        if m is not None:
            self.system.clipboard = m["body"] or ""
            self.toast(f"Value copied to clipboard:\n{m['body']}")

    def forward(self) -> None:
        m = self.selected_message()
        self.menu = None
        self.selected = []
        if m is not None:
            self.start(NewConversationActivity, **{"android.intent.extra.TEXT": m["body"] or ""})

    def delete_selected(self) -> None:
        ids = list(self.selected)
        self.dialog, self.selected = None, []
        self.provider.delete_sms(f"_id IN ({', '.join('?' * len(ids))})", tuple(ids))
        if not self.provider.messages(self.thread_id):
            self.finish()

    def delete_conversation(self) -> None:
        self.dialog = None
        self.provider.delete_sms("thread_id = ?", (self.thread_id,))
        self.finish()

    def dial(self) -> None:
        addresses = self.addresses()
        if addresses:
            self.system.start_intent(Intent(action="android.intent.action.DIAL", data=f"tel:{addresses[0]}"))

    def retry(self, m: dict[str, Any]) -> None:
        """Tapping "Not sent. Touch to retry.": the text goes back into the field and the next send reuses the row."""
        self.fields["thread_type_message"] = m["body"] or ""
        self.resend_id = m["id"]

    def send(self) -> None:
        """``sendSmsMessage``: the message goes to the outbox, then to sent or failed as the radio reports."""
        text = self.fields.get("thread_type_message", "").strip()  # the commons EditText.value trims
        if not text:
            return
        failed = False
        for address in self.addresses():
            values = {"address": address, "date": self.provider.now_ms(), "read": 1, "seen": 1, "body": text,
                      "sub_id": telephony.SUB_ID, "type": OUTBOX, "thread_id": self.thread_id}
            if self.resend_id is not None:
                self.provider.update_sms("_id = ?", (self.resend_id,), values)
                message_id = self.resend_id
            else:
                message_id = self.provider.insert_sms(values, creator=PACKAGE)
            sent = telephony.send_sms(self.system, address, message_id) == telephony.RESULT_OK
            failed |= not sent
            self.provider.update_sms("_id = ?", (message_id,), {"type": SENT if sent else FAILED})
        self.provider.delete_sms("thread_id = ? AND type = ?", (self.thread_id, DRAFT))
        self.resend_id = None
        self.selected = []
        self.fields["thread_type_message"] = ""
        self.view_state[("scroll", "thread_messages_list")] = 10 ** 9
        if failed:
            self.toast("Couldn't send message, radio turned off")

    def save_draft(self) -> None:
        """``onPause``: typed text is kept as the thread's draft; an empty field drops the draft."""
        text = self.fields.get("thread_type_message", "").strip()
        if text:
            self.provider.insert_sms({"body": text, "type": DRAFT, "thread_id": self.thread_id},
                                     creator=PACKAGE)
        elif self.provider.draft(self.thread_id) is not None:
            self.provider.delete_sms("thread_id = ? AND type = ?", (self.thread_id, DRAFT))

    def leave(self) -> None:
        self.save_draft()
        self.finish()

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.selected:
            self.selected = []
            return True
        self.save_draft()
        return False


class SmsMessengerApp(App):
    """The app package; it makes itself the default SMS app on install (AndroidWorld's setup does)."""

    package = PACKAGE
    label = "SMS Messenger"
    icon = "sms"
    activities = (MainActivity, ThreadActivity, NewConversationActivity)
    uid = 10156
    #: Offered in share sheets for text (``SEND`` of ``text/plain``).
    shares_text = True

    def install(self) -> None:
        self.system.settings.put("secure", DEFAULT_SMS_APP_KEY, PACKAGE)

    def handle_intent(self, intent: Intent, mime_type: str = "") -> bool:
        """``SENDTO``/``SEND``/``VIEW`` with an ``sms:``/``smsto:`` URI: NewConversationActivity takes it and
        opens the thread with the ``sms_body`` text filled in (``isThirdPartyIntent``); a ``SEND`` of shared
        text without a number opens "New conversation" to pick the recipient."""
        if intent.action == "android.intent.action.SEND" and mime_type and not intent.data:
            self.system.start_activity(self, NewConversationActivity, intent)  # shared text: pick the recipient
            return True
        if intent.action not in SEND_ACTIONS or not intent.data.startswith(SMS_SCHEMES):
            return False
        number = unquote(intent.data.split(":", 1)[1].split("?", 1)[0]).strip()
        activity = self.system.start_activity(self, NewConversationActivity, intent)
        assert isinstance(activity, NewConversationActivity)
        activity.launch(number, "")
        activity.finish()
        return True

    def receive_sms(self, address: str, body: str) -> int:
        """``SmsReceiver``: the default SMS app stores an incoming message in the inbox, unread."""
        provider = TelephonyProvider(self.system)
        values = {"address": address, "subject": "", "body": body, "date": provider.now_ms(), "read": 0,
                  "thread_id": provider.thread_id_for([address]), "type": INBOX, "sub_id": telephony.SUB_ID}
        return provider.insert_sms(values, creator=PACKAGE)
