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

What AndroidArena's tasks add (the app's own state in ``bugle_db`` and its preferences: see
:mod:`pytest_mobileagent.android.messages`):

- the list: long-press a conversation to select it, then "Pin"/"Unpin", "Archive" or "Delete"; pinned chats come
  first, archived ones leave the list; "More options" opens "Spam & blocked" and "Settings";
- a thread: "Send SMS" sends the typed text through the modem (outbox, then sent, as an SMS app does);
  long-pressing it offers "Schedule message" times, after which "Send SMS" schedules the text instead; long-press
  a message to "Star" (Messages' "important" messages) or "Delete" it;
- "Start chat" > "Create group": pick contacts, "Next", name the group, "Next": a thread of those recipients;
- "Spam & blocked": blocked numbers (Android's ``blockednumbers.db``), "Add a number", "Unblock";
- Settings: the "Notifications" switch (every chat muted when off).

Not simulated: RCS, drafts, MMS, the archived-chats page.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import mobileagent_sim.telephony as telephony
from mobileagent_sim.app import Activity, App
from mobileagent_sim.apps.sms import contact_name, contacts_with_numbers
from mobileagent_sim.telephony import TelephonyProvider
from mobileagent_sim.views import (
    ActionModeBar,
    Button,
    CheckBox,
    Column,
    Dialog,
    EditText,
    Frame,
    Image,
    ImageButton,
    ListItem,
    Row,
    Scroll,
    Switch,
    Text,
    Toolbar,
    View,
    toggle_selection,
)
from pytest_mobileagent.android import blocked_numbers
from pytest_mobileagent.android.messages import (
    BLOCKED_ACTIVITY,
    BUGLE_SCHEMA,
    CONVERSATION_ACTIVITY,
    CREATE_CONVERSATION_LINE,
    MAIN_ACTIVITY,
    NOTIFICATIONS_KEY,
    PACKAGE,
    PREFS,
    SCHEDULE_CHOICES,
    SEARCH_ACTIVITY,
    SEARCH_FIELD,
    SEND_BUTTON_CONTAINER,
    SETTINGS_ACTIVITY,
    USAGE_TAG,
)
from pytest_mobileagent.android.shared_prefs import format_prefs, parse_prefs
from pytest_mobileagent.android.telephony import FAILED, INBOX, OUTBOX, SENT


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



def avatar(name: str) -> str:
    """A conversation's or contact's picture without a photo: a letter avatar of a name, a person for a bare
    number (Google Messages draws the silhouette on a coloured disc)."""
    return f"avatar:{name}" if any(ch.isalpha() for ch in name) else "avatar:"

class _MessagesActivity(Activity):
    @contextmanager
    def bugle(self) -> Iterator[sqlite3.Connection]:
        """The app's ``bugle_db`` (created on first use)."""
        with self.app.db("bugle_db") as conn:
            conn.executescript(BUGLE_SCHEMA)
            yield conn

    def states(self) -> dict[int, tuple[str | None, bool, bool]]:
        """Per telephony thread: its name, whether it is archived, whether it is pinned."""
        with self.bugle() as db:
            rows = db.execute("SELECT sms_thread_id, name, archive_status, pin_state FROM conversations").fetchall()
        return {int(r[0]): (r[1], bool(r[2]), bool(r[3])) for r in rows}

    def set_state(self, thread_id: int, **values: Any) -> None:
        """Update (or create) the app's row of a thread: ``name``, ``archive_status``, ``pin_state``."""
        with self.bugle() as db:
            db.execute("INSERT OR IGNORE INTO conversations (sms_thread_id) VALUES (?)", (thread_id,))
            sets = ", ".join(f"{c} = ?" for c in values)
            db.execute(f"UPDATE conversations SET {sets} WHERE sms_thread_id = ?", (*values.values(), thread_id))

    def threads(self) -> list[dict[str, Any]]:
        """The conversations the list shows: pinned first, then newest first; archived ones left out."""
        provider = TelephonyProvider(self.system)
        states = self.states()
        rows = [t for t in provider.conversations() if not t["archived"]]
        listed = {t["thread_id"] for t in rows}
        for tid, (name, _, _) in states.items():  # a named group without messages yet
            if name and tid not in listed and (addresses := provider.recipients(tid)):
                rows.append({"thread_id": tid, "date": 0, "snippet": "", "read": True, "archived": False,
                             "addresses": addresses})
        shown = []
        for t in rows:
            name, archived, pinned = states.get(t["thread_id"], (None, False, False))
            if archived:
                continue
            t["name"] = name or ", ".join(contact_name(self.system, a) for a in t["addresses"]) or "Unknown"
            t["pinned"] = pinned
            shown.append(t)
        return sorted(shown, key=lambda t: not t["pinned"])  # stable: newest first within each group

    def thread_row(self, t: dict[str, Any], on_long_click: Callable[[], Any] | None = None,
                   selected: bool = False) -> View:
        now = self.system.clock.now
        return Row(
            View(cls="android.widget.ImageView", id="conversation_icon", width=48, height=48, icon=avatar(t["name"])),
            Column(Text(t["name"], id="conversation_name", style="item-title", height=28),
                   Text(t["snippet"], id="conversation_snippet", style="item-summary", height=24), weight=1),
            View(cls="android.widget.ImageView", id="pin_indicator", desc="Pinned", width=24, height=24,
                 icon="push_pin") if t.get("pinned") else None,
            Text(timestamp(now, t["date"]), id="conversation_timestamp", style="item-summary", width=72)
            if t["date"] else None,
            id="swipeableContainer", clickable=True, focusable=True, height=80, padding=8, selected=selected,
            long_clickable=on_long_click is not None, on_long_click=on_long_click,
            on_click=lambda tid=t["thread_id"]: self.start(ConversationActivity, thread_id=tid),
        )


class ConversationListActivity(_MessagesActivity):
    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.selected: list[int] = []

    def build(self) -> View:
        threads = self.threads()
        self.selected = [tid for tid in self.selected if any(t["thread_id"] == tid for t in threads)]
        rows = [self.thread_row(t, lambda tid=t["thread_id"]: self.select(tid), t["thread_id"] in self.selected)
                for t in threads]
        body = Scroll(*rows, id="conversation_list", weight=1) if rows else Text(
            "Once you start a new conversation, you'll see it listed here", id="empty_state_text", weight=1)
        return Column(
            self.selection_bar(threads) if self.selected else
            Row(Text("Messages", id="messages_title", style="title", weight=1, height=56),
                ImageButton("Search", lambda: self.start(ZeroStateSearchActivity), icon="search",
                            id="action_zero_state_search"),
                ImageButton("More options", lambda: self.open_menu("main"), icon="more_vert"), id="toolbar",
                height=64, style="toolbar"),
            body,
            Row(View(weight=1), Button("Start chat", lambda: self.start(ConversationActivity), id="start_chat_fab",
                                       style="fab", width=160, height=56, icon="chat:outlined"), height=72, padding=8),
        )

    def selection_bar(self, threads: list[dict[str, Any]]) -> View:
        pinned = all(t["pinned"] for t in threads if t["thread_id"] in self.selected)
        return ActionModeBar(len(self.selected), [
            ImageButton("Unpin" if pinned else "Pin", lambda: self.pin(not pinned),
                        icon="keep_off:outlined" if pinned else "push_pin:outlined", id="action_pin"),
            ImageButton("Archive", self.archive, icon="archive:outlined", id="action_archive"),
            ImageButton("Delete", lambda: setattr(self, "dialog", "delete"), icon="delete:outlined",
                        id="action_delete"),
        ], self.end_selection, done_id="action_mode_close_button")

    def menu_items(self, name: str) -> list[tuple[str, Callable[[], Any]]]:
        return [("Spam & blocked", lambda: self.go(BlockedParticipantsActivity)),
                ("Settings", lambda: self.go(SettingsActivity))]

    def go(self, activity: type[Activity]) -> None:
        self.menu = None
        self.start(activity)

    def select(self, thread_id: int) -> None:
        toggle_selection(self.selected, thread_id)

    def end_selection(self) -> None:
        self.selected = []

    def pin(self, on: bool) -> None:
        for tid in self.selected:
            self.set_state(tid, pin_state=int(on))
        self.selected = []

    def archive(self) -> None:
        for tid in self.selected:
            self.set_state(tid, archive_status=1)
        self.toast(f"{len(self.selected)} conversation{'s' if len(self.selected) > 1 else ''} archived")
        self.selected = []

    def build_dialog(self, name: str) -> View:
        n = len(self.selected)
        return Dialog(f"Delete {n} conversation{'s' if n > 1 else ''}?", buttons=[
            Button("Cancel", lambda: setattr(self, "dialog", None), id="android:id/button2", weight=1),
            Button("Delete", self.delete, id="android:id/button1", weight=1)])

    def delete(self) -> None:
        """The conversations' messages go from the telephony provider, their threads and the app's rows with them."""
        provider = TelephonyProvider(self.system)
        for tid in self.selected:
            provider.delete_sms("thread_id = ?", (tid,))
            with provider.db() as db:
                db.execute("DELETE FROM threads WHERE _id = ?", (tid,))
            with self.bugle() as db:
                db.execute("DELETE FROM conversations WHERE sms_thread_id = ?", (tid,))
        self.dialog, self.selected = None, []

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.selected:
            self.selected = []
            return True
        return False


class ZeroStateSearchActivity(_MessagesActivity):
    """Search: the conversations whose name, number or a message's text holds the query, each with that message."""

    name = SEARCH_ACTIVITY

    def on_resume(self) -> None:
        if not self.fields.get(SEARCH_FIELD):
            self.request_focus(SEARCH_FIELD)

    def build(self) -> View:
        query = self.fields.get(SEARCH_FIELD, "").strip().lower()
        provider = TelephonyProvider(self.system)
        found = []
        for t in self.threads() if query else []:
            bodies = [m["body"] or "" for m in provider.messages(t["thread_id"])]
            hit = next((b for b in reversed(bodies) if query in b.lower()), None)
            if hit is not None or query in t["name"].lower() or any(query in a for a in t["addresses"]):
                found.append(dict(t, snippet=hit if hit is not None else t["snippet"]))
        return Column(
            Row(ImageButton("Back", self.finish, icon="arrow_back"),
                self.field(SEARCH_FIELD, hint="Search messages", weight=1), id="toolbar", height=64),
            Scroll(*[self.thread_row(t) for t in found], id="search_results_list", weight=1),
        )


class ConversationActivity(_MessagesActivity):
    """A thread (``thread_id`` extra), or the "Start chat" recipient picker until one is chosen."""

    name = CONVERSATION_ACTIVITY

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.thread_id: int | None = intent.extras.get("thread_id")
        #: "Create group": None (a one-to-one chat), else the numbers picked so far.
        self.group: list[str] | None = None
        self.naming = False
        self.selected: list[int] = []
        #: The chosen schedule-send time (an index of SCHEDULE_CHOICES), or None to send now.
        self.schedule: int | None = None

    def build(self) -> View:
        if self.thread_id is not None:
            return self.build_thread()
        return self.build_naming() if self.naming else self.build_picker()

    def build_picker(self) -> View:
        typed = self.fields.get("recipient_text_view", "").strip().lower()
        contacts = [c for c in contacts_with_numbers(self.system)
                    if not typed or typed in c["name"].lower() or any(typed in n for n in c["numbers"])]
        group = self.group
        if group is None:
            rows = [ListItem(c["name"], c["numbers"][0], lambda n=c["numbers"][0]: self.create(n), id="contact_item",
                             title_id="contact_name", summary_id="contact_details", icon=avatar(c["name"]))
                    for c in contacts]
        else:
            rows = [Row(CheckBox(c["name"], c["numbers"][0] in group, lambda n=c["numbers"][0]: self.pick(n),
                                 id="contact_checkbox", weight=1), Text(c["numbers"][0], id="contact_details"),
                        id="contact_item", height=64, padding=8) for c in contacts]
        to = EditText("recipient_text_view", self.fields.get("recipient_text_view", ""),
                      lambda v: self.fields.__setitem__("recipient_text_view", v),
                      hint="Type name, phone number, or email", on_submit=self.create_typed, weight=1)
        return Column(
            Row(ImageButton("Navigate up", self.finish, icon="arrow_back"),
                Text("New conversation" if group is None else "New group", style="title", weight=1, height=56),
                Button("Next", self.to_naming, id="next_button", width=88) if group and len(group) >= 2 else None,
                id="toolbar", height=64),
            Row(Text("To", width=40), to, height=56, padding=8),
            ListItem("Create group", "", self.start_group, id="create_group", icon="group:outlined")
            if group is None else None,
            Text("All contacts", style="caption", height=32) if rows else None,
            Scroll(*rows, id="contact_list", weight=1),
        )

    def start_group(self) -> None:
        self.group = []

    def pick(self, number: str) -> None:
        assert self.group is not None
        toggle_selection(self.group, number)

    def to_naming(self) -> None:
        self.naming = True
        self.request_focus("group_name")

    def build_naming(self) -> View:
        return Column(
            Row(ImageButton("Navigate up", lambda: setattr(self, "naming", False), icon="arrow_back"),
                Text("Name this group", style="title", weight=1, height=56),
                Button("Next", self.create_group, id="next_button", width=88), id="toolbar", height=64),
            self.field("group_name", hint="Group name (optional)"),
        )

    def create_group(self) -> None:
        numbers = list(self.group or [])
        self.thread_id = TelephonyProvider(self.system).thread_id_for(numbers)
        name = self.fields.get("group_name", "").strip()
        self.set_state(self.thread_id, name=name or None)
        self.fields.clear()
        self.group, self.naming = None, False
        self.log(USAGE_TAG, CREATE_CONVERSATION_LINE)

    def create_typed(self) -> None:
        number = self.fields.get("recipient_text_view", "").strip()
        if any(ch.isdigit() for ch in number):
            self.create(number)

    def create(self, number: str) -> None:
        """The conversation with ``number`` (an existing thread, or a new one), logged as Messages logs it."""
        self.thread_id = TelephonyProvider(self.system).thread_id_for([number])
        self.fields.clear()
        self.log(USAGE_TAG, CREATE_CONVERSATION_LINE)

    # -- the thread ------------------------------------------------------------------------------

    def starred(self) -> set[int]:
        with self.bugle() as db:
            return {int(r[0]) for r in db.execute("SELECT sms_id FROM starred_messages")}

    def build_thread(self) -> View:
        assert self.thread_id is not None
        provider = TelephonyProvider(self.system)
        name = self.states().get(self.thread_id, (None, False, False))[0]
        title = name or ", ".join(contact_name(self.system, a) for a in provider.recipients(self.thread_id)) \
            or "Unknown"
        starred = self.starred()
        messages = provider.messages(self.thread_id)
        self.selected = [i for i in self.selected if any(m["id"] == i for m in messages)]
        bubbles = [self.bubble(m, m["id"] in starred) for m in messages]
        unstar = bool(self.selected) and all(i in starred for i in self.selected)
        bar = ActionModeBar(len(self.selected), [
            ImageButton("Unstar" if unstar else "Star", self.toggle_star, icon="star" if unstar else "star:outlined",
                        id="action_star"),
            ImageButton("Copy text", self.copy, icon="content_copy:outlined", id="copy_text"),
            ImageButton("Delete", lambda: setattr(self, "dialog", "delete"), icon="delete:outlined",
                        id="action_delete"),
        ], lambda: setattr(self, "selected", []), done_id="action_mode_close_button") if self.selected else Row(
            ImageButton("Navigate up", self.finish, icon="arrow_back"),
            Text(title, id="conversation_title", style="title", weight=1, height=56), id="toolbar", height=64)
        send = Frame(Image("Send SMS", icon="send", id="send_message_button_icon"), id=SEND_BUTTON_CONTAINER,
                     on_click=self.send, clickable=True, focusable=True, long_clickable=True,
                     on_long_click=lambda: setattr(self, "dialog", "schedule"), width=48, height=48)
        return Column(
            bar,
            Scroll(*bubbles, id="message_list", weight=1),
            Row(Text(f"Scheduled: {SCHEDULE_CHOICES[self.schedule][0]}", id="scheduled_send_chip", weight=1),
                ImageButton("Cancel scheduled send", lambda: setattr(self, "schedule", None), icon="close"),
                height=40, padding=4) if self.schedule is not None else None,
            Row(ImageButton("Show more options", lambda: self.open_menu("compose"), icon="add_circle:outlined",
                            id="plus_button"),
                self.field("compose_message_text", hint="Text message", weight=1), send, height=64, padding=8),
        )

    def bubble(self, m: dict[str, Any], starred: bool) -> View:
        return Row(Text(m["body"] or "", id="message_text", weight=1),
                   View(cls="android.widget.ImageView", id="star_icon", desc="Starred", width=20, height=20,
                        icon="star") if starred else None,
                   id="message_content", style="bubble-in" if m["type"] == INBOX else "bubble-out",
                   clickable=True, long_clickable=True, selected=m["id"] in self.selected, padding=4,
                   on_click=lambda i=m["id"]: self.tap(i), on_long_click=lambda i=m["id"]: self.select(i))

    def tap(self, message_id: int) -> None:
        if self.selected:
            self.select(message_id)

    def select(self, message_id: int) -> None:
        toggle_selection(self.selected, message_id)

    def toggle_star(self) -> None:
        starred = self.starred()
        on = not all(i in starred for i in self.selected)
        with self.bugle() as db:
            for i in self.selected:
                if on:
                    db.execute("INSERT OR IGNORE INTO starred_messages VALUES (?, ?)", (i, self.system.clock.millis()))
                else:
                    db.execute("DELETE FROM starred_messages WHERE sms_id = ?", (i,))
        self.selected = []

    def copy(self) -> None:
        provider = TelephonyProvider(self.system)
        bodies = [m["body"] or "" for m in provider.messages(self.thread_id or 0) if m["id"] in self.selected]
        self.system.clipboard = "\n".join(bodies)
        self.selected = []
        self.toast("Text copied")

    def build_dialog(self, name: str) -> View:
        if name == "schedule":
            return Dialog("Schedule message", *[
                ListItem(label, "", lambda i=i: self.choose_schedule(i), id="schedule_option")
                for i, (label, _, _) in enumerate(SCHEDULE_CHOICES)])
        n = len(self.selected)
        return Dialog(f"Delete {n} message{'s' if n > 1 else ''}?", buttons=[
            Button("Cancel", lambda: setattr(self, "dialog", None), id="android:id/button2", weight=1),
            Button("Delete", self.delete_selected, id="android:id/button1", weight=1)])

    def menu_items(self, name: str) -> list[tuple[str, Callable[[], Any]]]:
        return [("Schedule message", self.ask_schedule)]

    def ask_schedule(self) -> None:
        self.menu, self.dialog = None, "schedule"

    def choose_schedule(self, index: int) -> None:
        self.schedule, self.dialog = index, None

    def delete_selected(self) -> None:
        ids = list(self.selected)
        self.dialog, self.selected = None, []
        TelephonyProvider(self.system).delete_sms(f"_id IN ({', '.join('?' * len(ids))})", tuple(ids))
        with self.bugle() as db:
            db.executemany("DELETE FROM starred_messages WHERE sms_id = ?", [(i,) for i in ids])

    def scheduled_time(self, index: int) -> int:
        """Device ms of a schedule-send choice (its day and hour, on the device clock)."""
        _, days, hour = SCHEDULE_CHOICES[index]
        now = self.system.clock.now
        when = (now + dt.timedelta(days=days)).replace(hour=hour, minute=0, second=0, microsecond=0)
        return int(when.timestamp() * 1000)

    def send(self) -> None:
        """Send the typed text as an SMS to each recipient (outbox, then sent or failed as the radio reports), or
        keep it in ``scheduled_messages`` when a schedule-send time was chosen."""
        text = self.fields.get("compose_message_text", "").strip()
        if not text or self.thread_id is None:
            return
        provider = TelephonyProvider(self.system)
        addresses = provider.recipients(self.thread_id)
        if self.schedule is not None:
            with self.bugle() as db:
                db.execute("INSERT INTO scheduled_messages (sms_thread_id, recipients, body, scheduled_time) "
                           "VALUES (?, ?, ?, ?)", (self.thread_id, " ".join(addresses), text,
                                                   self.scheduled_time(self.schedule)))
            self.toast(f"Message scheduled for {SCHEDULE_CHOICES[self.schedule][0]}")
        else:
            for address in addresses:
                values = {"address": address, "date": provider.now_ms(), "read": 1, "seen": 1, "body": text,
                          "sub_id": telephony.SUB_ID, "type": OUTBOX, "thread_id": self.thread_id}
                message_id = provider.insert_sms(values, creator=PACKAGE)
                sent = telephony.send_sms(self.system, address, message_id) == telephony.RESULT_OK
                provider.update_sms("_id = ?", (message_id,), {"type": SENT if sent else FAILED})
        self.fields["compose_message_text"] = ""
        self.schedule = None

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.selected:
            self.selected = []
            return True
        if self.thread_id is None and self.naming:
            self.naming = False
            return True
        return False


class BlockedParticipantsActivity(_MessagesActivity):
    """"Spam & blocked": the blocked numbers (Android's ``blockednumbers.db``), "Add a number" and "Unblock"."""

    name = BLOCKED_ACTIVITY

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.unblocking = ""

    @contextmanager
    def blocked_db(self) -> Iterator[sqlite3.Connection]:
        with self.system.fs.sqlite(blocked_numbers.DB) as conn:
            conn.executescript(blocked_numbers.SCHEMA)
            yield conn

    def build(self) -> View:
        with self.blocked_db() as db:
            numbers = [r[0] for r in db.execute("SELECT original_number FROM blocked ORDER BY _id")]
        rows = [Row(Text(n, id="blocked_number", style="item-title", weight=1),
                    ImageButton("Unblock", lambda n=n: self.ask_unblock(n), icon="close", id="unblock_button"),
                    height=64, padding=8) for n in numbers]
        return Column(
            Toolbar("Spam & blocked", navigate_up=self.finish),
            Text("Blocked numbers", style="caption", height=32, padding=8),
            ListItem("Add a number", "", lambda: self.ask("add"), id="add_blocked_number", icon="add"),
            Scroll(*rows, id="blocked_list", weight=1) if rows else Text("No blocked numbers", id="empty_text",
                                                                       weight=1, padding=16),
        )

    def ask(self, dialog: str) -> None:
        self.dialog = dialog
        if dialog == "add":
            self.fields["blocked_number_input"] = ""
            self.request_focus("blocked_number_input")

    def ask_unblock(self, number: str) -> None:
        self.unblocking = number
        self.dialog = "unblock"

    def build_dialog(self, name: str) -> View:
        cancel = Button("Cancel", lambda: setattr(self, "dialog", None), id="android:id/button2", weight=1)
        if name == "unblock":
            return Dialog(f"Unblock {self.unblocking}?", Text("This number will be able to call you and send you "
                                                             "texts.", padding=8),
                          buttons=[cancel, Button("Unblock", self.unblock, id="android:id/button1", weight=1)])
        # inputType="phone", as Telecom's add_blocked_number_dialog.xml (packages/services/Telecomm) declares it
        return Dialog("Add a number", self.field("blocked_number_input", hint="Phone number", input_type="phone"),
                      buttons=[cancel, Button("Block", self.block, id="android:id/button1", weight=1)])

    def block(self) -> None:
        number = self.fields.get("blocked_number_input", "").strip()
        self.dialog = None
        if any(ch.isdigit() for ch in number):
            with self.blocked_db() as db:
                db.execute("INSERT OR IGNORE INTO blocked (original_number, e164_number) VALUES (?, ?)",
                           (number, telephony.normalize_number(number) if number.startswith("+") else None))

    def unblock(self) -> None:
        with self.blocked_db() as db:
            db.execute("DELETE FROM blocked WHERE original_number = ?", (self.unblocking,))
        self.dialog, self.unblocking = None, ""


class SettingsActivity(_MessagesActivity):
    """The app's settings: the "Notifications" switch (off mutes every chat)."""

    name = SETTINGS_ACTIVITY

    def enabled(self) -> bool:
        fs = self.system.fs
        return bool(parse_prefs(fs.read(PREFS)).get(NOTIFICATIONS_KEY, True)) if fs.exists(PREFS) else True

    def toggle(self) -> None:
        fs = self.system.fs
        prefs = parse_prefs(fs.read(PREFS)) if fs.exists(PREFS) else {}
        prefs[NOTIFICATIONS_KEY] = not self.enabled()
        fs.write(PREFS, format_prefs(prefs))

    def build(self) -> View:
        on = self.enabled()
        return Column(
            Toolbar("Settings", navigate_up=self.finish),
            ListItem("Notifications", "On for all chats" if on else "All chats muted", self.toggle,
                     id="notifications_setting", widget=Switch(on, self.toggle)),
            ListItem("Chat features", "Connected"),
            ListItem("Spam protection", ""),
        )


class MessagesApp(App):
    package = PACKAGE
    label = "Messages"
    icon = "sms"
    activities = (ConversationListActivity, ZeroStateSearchActivity, ConversationActivity, BlockedParticipantsActivity,
                  SettingsActivity)
    uid = 10118

    def install(self) -> None:
        with self.db("bugle_db") as conn:
            conn.executescript(BUGLE_SCHEMA)


__all__ = ["BlockedParticipantsActivity", "ConversationActivity", "ConversationListActivity", "MessagesApp",
           "SettingsActivity", "ZeroStateSearchActivity"]
