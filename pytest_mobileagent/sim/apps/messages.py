"""Google Messages (``com.google.android.apps.messaging``): conversations, search and "Start chat".

The conversation list reads the SMS threads of the telephony provider (see
:mod:`pytest_mobileagent.android.messages` for why), newest first, with contact names from the contacts
provider. Screens:

- ``ConversationListActivity``: "Messages" (``messages_title``), the search button, the threads
  (``conversation_name``, ``conversation_snippet``, ``conversation_timestamp``) and the "Start chat" button
  (``start_chat_fab``).
- ``ZeroStateSearchActivity``: the search field opens focused with the keyboard up (Gboard logs
  ``LatinIme.onActivate`` for the app) and filters the threads by name, number or text.
- ``ConversationActivity``: without a thread it is the recipient picker of "Start chat" ("To",
  ``recipient_text_view``, and the contacts with numbers); picking a contact, or typing a number and pressing
  enter, creates the conversation (``BugleUsageStatistics`` logs it) and shows the thread with its messages and
  the compose field.

Not simulated: sending (the thread's compose field takes text only), RCS, archive, settings.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from pytest_mobileagent.android.messages import (
    CONVERSATION_ACTIVITY,
    CREATE_CONVERSATION_LINE,
    MAIN_ACTIVITY,
    PACKAGE,
    SEARCH_ACTIVITY,
    USAGE_TAG,
)
from pytest_mobileagent.android.telephony import INBOX
from pytest_mobileagent.sim.app import Activity, App
from pytest_mobileagent.sim.apps.sms import contact_name, contacts_with_numbers
from pytest_mobileagent.sim.telephony import TelephonyProvider
from pytest_mobileagent.sim.views import Button, Column, EditText, ImageButton, ListItem, Row, Scroll, Text, View

SEARCH_FIELD = "zero_state_search_box_auto_complete"


def timestamp(now: dt.datetime, ms: int) -> str:
    """Messages' list time: ``3:04 PM`` today, ``Mon`` this week, ``Oct 5`` this year, else ``10/5/22``."""
    when = dt.datetime.fromtimestamp(ms / 1000, dt.timezone.utc)
    if when.date() == now.date():
        return f"{when.hour % 12 or 12}:{when:%M} {'AM' if when.hour < 12 else 'PM'}"
    if (now.date() - when.date()).days < 7:
        return f"{when:%a}"
    if when.year == now.year:
        return f"{when:%b} {when.day}"
    return f"{when.month}/{when.day}/{when:%y}"


class _MessagesActivity(Activity):
    def threads(self) -> list[dict[str, Any]]:
        """The conversations with the name shown for each."""
        rows = [t for t in TelephonyProvider(self.system).conversations() if not t["archived"]]
        for t in rows:
            t["name"] = ", ".join(contact_name(self.system, a) for a in t["addresses"]) or "Unknown"
        return rows

    def thread_row(self, t: dict[str, Any]) -> View:
        now = self.system.clock.now
        return Row(
            View(cls="android.widget.ImageView", id="conversation_icon", width=48, height=48, icon="person"),
            Column(Text(t["name"], id="conversation_name", style="item-title", height=28),
                   Text(t["snippet"], id="conversation_snippet", style="item-summary", height=24), weight=1),
            Text(timestamp(now, t["date"]), id="conversation_timestamp", style="item-summary", width=72),
            id="swipeableContainer", clickable=True, focusable=True, height=80, padding=8,
            on_click=lambda tid=t["thread_id"]: self.start(ConversationActivity, thread_id=tid),
        )


class ConversationListActivity(_MessagesActivity):
    name = MAIN_ACTIVITY
    exported = True

    def build(self) -> View:
        rows = [self.thread_row(t) for t in self.threads()]
        body = Scroll(*rows, id="conversation_list", weight=1) if rows else Text(
            "Once you start a new conversation, you'll see it listed here", id="empty_state_text", weight=1)
        return Column(
            Row(Text("Messages", id="messages_title", style="title", weight=1, height=56),
                ImageButton("Search", lambda: self.start(ZeroStateSearchActivity), icon="search",
                            id="action_zero_state_search"),
                ImageButton("More options", None, icon="more_vert"), id="toolbar", height=64, style="toolbar"),
            body,
            Row(View(weight=1), Button("Start chat", lambda: self.start(ConversationActivity), id="start_chat_fab",
                                       style="fab", width=160, height=56), height=72, padding=8),
        )


class ZeroStateSearchActivity(_MessagesActivity):
    name = SEARCH_ACTIVITY

    def on_resume(self) -> None:
        if not self.fields.get(SEARCH_FIELD):
            self.request_focus(SEARCH_FIELD)

    def build(self) -> View:
        query = self.fields.get(SEARCH_FIELD, "").strip().lower()
        found = [t for t in self.threads() if query and (query in t["name"].lower() or query in t["snippet"].lower()
                                                          or any(query in a for a in t["addresses"]))]
        return Column(
            Row(ImageButton("Back", self.finish, icon="arrow_back"),
                self.field(SEARCH_FIELD, hint="Search messages", weight=1), id="toolbar", height=64),
            Scroll(*[self.thread_row(t) for t in found], id="search_results", weight=1),
        )


class ConversationActivity(_MessagesActivity):
    """A thread (``thread_id`` extra), or the "Start chat" recipient picker until one is chosen."""

    name = CONVERSATION_ACTIVITY

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.thread_id: int | None = intent.extras.get("thread_id")

    def build(self) -> View:
        return self.build_thread() if self.thread_id is not None else self.build_picker()

    def build_picker(self) -> View:
        typed = self.fields.get("recipient_text_view", "").strip().lower()
        contacts = [c for c in contacts_with_numbers(self.system)
                    if not typed or typed in c["name"].lower() or any(typed in n for n in c["numbers"])]
        rows = [ListItem(c["name"], c["numbers"][0], lambda n=c["numbers"][0]: self.create(n), id="contact_item",
                         title_id="contact_name", summary_id="contact_details", icon="person") for c in contacts]
        to = EditText("recipient_text_view", self.fields.get("recipient_text_view", ""),
                      lambda v: self.fields.__setitem__("recipient_text_view", v),
                      hint="Type name, phone number, or email", on_submit=self.create_typed, weight=1)
        return Column(
            Row(ImageButton("Navigate up", self.finish, icon="arrow_back"),
                Text("New conversation", style="title", weight=1, height=56), id="toolbar", height=64),
            Row(Text("To", width=40), to, height=56, padding=8),
            Text("All contacts", style="caption", height=32) if rows else None,
            Scroll(*rows, id="contact_list", weight=1),
        )

    def create_typed(self) -> None:
        number = self.fields.get("recipient_text_view", "").strip()
        if any(ch.isdigit() for ch in number):
            self.create(number)

    def create(self, number: str) -> None:
        """The conversation with ``number`` (an existing thread, or a new one), logged as Messages logs it."""
        self.thread_id = TelephonyProvider(self.system).thread_id_for([number])
        self.fields.clear()
        self.log(USAGE_TAG, CREATE_CONVERSATION_LINE)

    def build_thread(self) -> View:
        assert self.thread_id is not None
        provider = TelephonyProvider(self.system)
        title = ", ".join(contact_name(self.system, a) for a in provider.recipients(self.thread_id)) or "Unknown"
        bubbles = [Text(m["body"], id="message_text", style="bubble-in" if m["type"] == INBOX else "bubble-out")
                   for m in provider.messages(self.thread_id)]
        return Column(
            Row(ImageButton("Navigate up", self.finish, icon="arrow_back"),
                Text(title, id="conversation_title", style="title", weight=1, height=56), id="toolbar", height=64),
            Scroll(*bubbles, id="message_list", weight=1),
            Row(self.field("compose_message_text", hint="Text message", weight=1), height=64, padding=8),
        )


class MessagesApp(App):
    package = PACKAGE
    label = "Messages"
    icon = "sms"
    activities = (ConversationListActivity, ZeroStateSearchActivity, ConversationActivity)
    uid = 10118


__all__ = ["ConversationActivity", "ConversationListActivity", "MessagesApp", "ZeroStateSearchActivity"]
