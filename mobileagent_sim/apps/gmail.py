"""Gmail (``com.google.android.gm``): labels, conversations, search, compose, drafts, scheduled send, settings.

Mail lives in the store :mod:`pytest_mobileagent.android.gmail` documents (``mailstore.<account>.db``, one row
per message, Gmail's canonical label names); every screen reads it afresh, so a task's seeding through the
device's ``sqlite`` shows at once. The conversation list shows one label (Primary at start) chosen in the
navigation drawer; a row's star toggles ``^t``; tapping a row opens the conversation in the same activity (as
Gmail's single-activity UI does), or a draft in compose. The conversation's toolbar archives, deletes (to
Trash) and marks unread; its overflow menu marks important; Reply and Forward start compose. "Search in mail"
takes a query (words, ``from:``, ``to:``, ``in:``, ``is:``) and lists the matches. Compose keeps to/subject/body;
Send stores the message in Sent; Back or Navigate up saves a draft (as Gmail does); the overflow menu schedules
("Schedule send", "Tomorrow morning": 8:00 AM the next day) or discards; "Attach file" starts DocumentsUI's
picker, whose choice comes back as an attachment. Settings (from the drawer) set the theme, the conversation
list density and the account's notifications in the preferences file.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from mobileagent_sim.app import Activity, App, Intent
from mobileagent_sim.views import (
    Button,
    Column,
    Dialog,
    Frame,
    Image,
    ImageButton,
    ListItem,
    RadioButton,
    Row,
    Scroll,
    Text,
    Toolbar,
    View,
)
from pytest_mobileagent.android import documentsui
from pytest_mobileagent.android.gmail import (
    ACCOUNT,
    ACCOUNT_DISC,
    CHOICES,
    COLUMNS,
    COMPOSE_ACTIVITY,
    DEFAULTS,
    DRAFT,
    DRAFTS,
    DRAWER_BUTTON,
    DRAWER_ITEM_ID,
    DRAWER_TITLE_ID,
    IMPORTANT,
    INBOX,
    INBOX_LABEL,
    LABELS,
    MAIL_DB,
    MAIN_ACTIVITY,
    MORNING_HOUR,
    PACKAGE,
    PREF_KEYS,
    PREFS_PATH,
    SCHEDULE_SEND,
    SCHEDULED,
    SCHEMA,
    SENT,
    SENT_MAILS,
    SETTING_TITLES,
    SETTINGS_ACTIVITY,
    STARRED,
    TOMORROW_MORNING,
    TRASH,
    UNREAD,
    Message,
    seed_rows,
)
from pytest_mobileagent.android.shared_prefs import format_prefs, parse_prefs

#: ``in:`` / ``is:`` search operators -> the label they ask for ("" = anywhere but trash, None = anywhere).
SEARCH_LABELS = {"inbox": INBOX_LABEL, "sent": SENT, "draft": DRAFT, "drafts": DRAFT, "trash": TRASH,
                 "starred": STARRED, "important": IMPORTANT, "scheduled": SCHEDULED, "unread": UNREAD}


#: The drawer's label icons (Gmail's Material 3 drawer: outlined, the selected label's filled).
DRAWER_ICONS = {"Primary": "inbox", "Starred": "star", "Important": "label_important", "Sent": "send",
                "Scheduled": "schedule_send", "Drafts": "draft", "All mail": "mail", "Trash": "delete"}


def matches(message: Message, query: str) -> bool:
    """Whether ``message`` is a result of Gmail search ``query``: every word must match (``from:x``, ``to:x``,
    ``in:label``, ``is:label``, or a word of its sender, recipients, subject or body); trash only with
    ``in:trash``."""
    words = query.lower().split()
    if TRASH in message.labels and "in:trash" not in words:
        return False
    for word in words:
        key, _, value = word.partition(":")
        if value and key == "from":
            ok = value in f"{message.from_name} {message.from_address}".lower()
        elif value and key == "to":
            ok = value in message.to.lower()
        elif value and key in ("in", "is"):
            ok = value == "anywhere" or SEARCH_LABELS.get(value, "?") in message.labels
        else:
            ok = word in " ".join((message.from_name, message.from_address, message.to, message.subject,
                                   message.body)).lower()
        if not ok:
            return False
    return True


class GmailApp(App):
    package = PACKAGE
    label = "Gmail"
    icon = "gmail"
    uid = 10128

    def install(self) -> None:
        with self.system.fs.sqlite(MAIL_DB) as db:
            db.execute(SCHEMA)
            for row in sorted(seed_rows(INBOX + SENT_MAILS + DRAFTS), key=lambda r: r["date_ms"]):
                db.execute(f"INSERT INTO messages ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                           tuple(row.values()))

    # -- the store -------------------------------------------------------------------

    def messages(self, where: Callable[[Message], bool] = lambda m: True) -> list[Message]:
        """Messages passing ``where``, newest first."""
        with self.system.fs.sqlite(MAIL_DB) as db:
            rows = db.execute(f"SELECT {', '.join(COLUMNS)} FROM messages ORDER BY date_ms DESC, _id DESC")
            return [m for m in map(Message.from_row, rows) if where(m)]

    def message(self, id: int) -> Message | None:
        found = self.messages(lambda m: m.id == id)
        return found[0] if found else None

    def relabel(self, id: int, add: tuple[str, ...] = (), remove: tuple[str, ...] = ()) -> None:
        m = self.message(id)
        if m is not None:
            labels = (m.labels - set(remove)) | set(add)
            self.write(id, labels=" ".join(sorted(labels)))

    def write(self, id: int | None, **values: Any) -> int:
        """Update message ``id`` with ``values`` (columns), or insert one when ``id`` is None; its id."""
        with self.system.fs.sqlite(MAIL_DB) as db:
            if id is None:
                cur = db.execute(f"INSERT INTO messages ({', '.join(values)}) VALUES ({', '.join('?' * len(values))})",
                                 tuple(values.values()))
                return int(cur.lastrowid or 0)
            db.execute(f"UPDATE messages SET {', '.join(f'{k} = ?' for k in values)} WHERE _id = ?",
                       (*values.values(), id))
            return id

    def delete(self, id: int) -> None:
        with self.system.fs.sqlite(MAIL_DB) as db:
            db.execute("DELETE FROM messages WHERE _id = ?", (id,))

    def now_ms(self) -> int:
        return int(self.system.clock.now.timestamp() * 1000)

    # -- settings ----------------------------------------------------------------------

    def setting(self, name: str) -> str:
        fs = self.system.fs
        prefs = parse_prefs(fs.read(PREFS_PATH)) if fs.exists(PREFS_PATH) else {}
        return str(prefs.get(PREF_KEYS[name], DEFAULTS[name]))

    def set_setting(self, name: str, value: str) -> None:
        fs = self.system.fs
        prefs = parse_prefs(fs.read(PREFS_PATH)) if fs.exists(PREFS_PATH) else {}
        prefs[PREF_KEYS[name]] = value
        fs.write(PREFS_PATH, format_prefs(prefs))


def display_date(when_ms: int, now: dt.datetime) -> str:
    """Gmail's list date: the time for today's mail, the month and day otherwise."""
    when = dt.datetime.fromtimestamp(when_ms / 1000, dt.timezone.utc)
    if when.date() == now.date():
        return f"{when:%I:%M %p}".lstrip("0")
    return f"{when:%b} {when.day}"


class ConversationList(Activity):
    """The label's conversations, the drawer, search and the open conversation."""

    name = MAIN_ACTIVITY
    exported = True
    app: GmailApp

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.label = INBOX_LABEL
        self.drawer = False
        #: "" (the label's list), "editing" (typing a query) or "results".
        self.search_mode = ""
        self.query = ""
        self.open_id: int | None = None

    # -- state changes ---------------------------------------------------------------

    def shown(self) -> list[Message]:
        typed = self.fields.get("search_actionbar_query_text", "").strip()
        if self.search_mode == "results" or (self.search_mode == "editing" and typed):
            query = self.query if self.search_mode == "results" else typed  # the list follows what is typed
            return self.app.messages(lambda m: matches(m, query))
        if not self.label:
            return self.app.messages(lambda m: TRASH not in m.labels)
        return self.app.messages(lambda m: self.label in m.labels)

    def open_row(self, m: Message) -> None:
        if DRAFT in m.labels:
            self.start(Compose, draft_id=m.id)
            return
        self.app.relabel(m.id, remove=(UNREAD,))
        self.open_id = m.id

    def toggle_star(self, id: int) -> None:
        m = self.app.message(id)
        if m is not None:
            self.app.relabel(id, **({"remove": (STARRED,)} if STARRED in m.labels else {"add": (STARRED,)}))

    def go_label(self, label: str) -> None:
        self.label, self.drawer, self.search_mode, self.query, self.open_id = label, False, "", "", None
        self.view_state.clear()

    def start_search(self) -> None:
        self.search_mode = "editing"
        self.fields["search_actionbar_query_text"] = self.query
        self.request_focus("search_actionbar_query_text")

    def submit_search(self) -> None:
        query = self.fields.get("search_actionbar_query_text", "").strip()
        if query:
            self.search_mode, self.query, self.open_id = "results", query, None
            self.log("Gmail", f"search: {query}")

    def close_conversation(self, toast: str = "") -> None:
        self.open_id = None
        self.menu = None
        if toast:
            self.toast(toast)

    def archive(self) -> None:
        if self.open_id is not None:
            self.app.relabel(self.open_id, remove=(INBOX_LABEL,))
            self.close_conversation("Archived")

    def trash(self) -> None:
        if self.open_id is not None:
            self.app.relabel(self.open_id, add=(TRASH,), remove=(INBOX_LABEL,))
            self.close_conversation("Moved to Trash")

    def mark_unread(self) -> None:
        if self.open_id is not None:
            self.app.relabel(self.open_id, add=(UNREAD,))
            self.close_conversation()

    def toggle_important(self) -> None:
        m = self.app.message(self.open_id) if self.open_id is not None else None
        self.menu = None
        if m is not None:
            important = IMPORTANT in m.labels
            self.app.relabel(m.id, **({"remove": (IMPORTANT,)} if important else {"add": (IMPORTANT,)}))
            self.toast("Marked as not important" if important else "Marked as important")

    def reply(self, m: Message) -> None:
        subject = m.subject if m.subject.lower().startswith("re:") else f"Re: {m.subject}"
        self.start(Compose, to=m.from_address, subject=subject, in_reply_to=m.id)

    def forward(self, m: Message) -> None:
        self.start(Compose, subject=f"Fwd: {m.subject}", forwarded_from=m.id, attachments=list(m.attachments))

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.drawer:
            self.drawer = False
            return True
        if self.open_id is not None:
            self.open_id = None
            return True
        if self.search_mode:
            self.search_mode, self.query = "", ""
            self.fields["search_actionbar_query_text"] = ""
            return True
        if self.label != INBOX_LABEL:
            self.go_label(INBOX_LABEL)
            return True
        return False

    def menu_items(self, name: str) -> list[tuple[str, Callable[[], Any]]]:
        m = self.app.message(self.open_id) if self.open_id is not None else None
        important = m is not None and IMPORTANT in m.labels
        return [("Mark not important" if important else "Mark important", self.toggle_important),
                ("Forward", lambda: m and self.forward(m))]

    # -- views -----------------------------------------------------------------------

    def build(self) -> View:
        if self.drawer:
            return self.build_drawer()
        if self.open_id is not None and (m := self.app.message(self.open_id)) is not None:
            return self.build_conversation(m)
        now = self.system.clock.now
        rows = [self.row(m, now) for m in self.shown()]
        title = next((t for t, label in LABELS if label == self.label), "")
        header = Text("Search results" if self.search_mode == "results" else title.upper(), id="folder_name",
                      style="caption", height=32) if self.search_mode != "editing" else None
        return Column(
            self.top_bar(),
            Frame(Scroll(header, *rows, id="thread_list_view"), id="conversation_list_parent_frame", weight=1)
            if rows else Column(header, Text("No results" if self.search_mode else "Nothing in " + title,
                                             id="empty_view", weight=1), weight=1),
            None if self.search_mode else Button("Compose", lambda: self.start(Compose), id="compose_button",
                                                  desc="Compose", style="fab", icon="edit:outlined"),
        )

    def top_bar(self) -> View:
        if self.search_mode == "editing":
            return Row(ImageButton("Navigate up", self.on_back, icon="arrow_back"),
                       self.field("search_actionbar_query_text", hint="Search in mail", weight=1,
                                  on_submit=self.submit_search),
                       id="search_actionbar", height=64, style="toolbar")
        if self.search_mode == "results":
            return Row(ImageButton("Navigate up", self.on_back, icon="arrow_back"),
                       View(cls="android.widget.EditText", text=self.query, id="open_search", clickable=True,
                            focusable=True, on_click=self.start_search, weight=1, height=48, style="searchbar"),
                       id="search_actionbar", height=64, style="toolbar")
        return Row(ImageButton(DRAWER_BUTTON, self.open_drawer, icon="menu"),
                   View(cls="android.widget.EditText", text="Search in mail", id="open_search", clickable=True,
                        focusable=True, on_click=self.start_search, weight=1, height=48, style="searchbar"),
                   Frame(Image(icon=f"avatar:{ACCOUNT}", width=32, height=32), id="selected_account_disc_gmail",
                         desc=ACCOUNT_DISC, clickable=True, focusable=True, width=48, height=48),
                   id="toolbar", height=64, style="toolbar")

    def open_drawer(self) -> None:
        self.drawer = True

    def row(self, m: Message, now: dt.datetime) -> View:
        if DRAFT in m.labels:
            who = "Draft"
        elif m.labels & {SENT, SCHEDULED}:
            who = f"To: {m.to}"
        else:
            who = m.from_name
        # the sender's letter avatar; one's own drafts and sent mail show one's own
        face = m.from_name if who == m.from_name else ACCOUNT
        starred = STARRED in m.labels
        return Row(
            View(cls="android.widget.ImageView", id="contact_image", icon=f"avatar:{face}", width=40, height=40),
            Column(
                Row(Text(who, id="senders", style="item-title" if UNREAD in m.labels else "", weight=1),
                    Text(display_date(m.date_ms, now), id="date", width=72), height=24),
                Text(m.subject or "(no subject)", id="subject", height=24),
                Text(m.body.split("\n", 1)[0], id="snippet", style="item-summary", height=24),
                weight=1),
            View(cls="android.widget.ImageView", id="star", icon="star" if starred else "star:outlined",
                 on_click=lambda i=m.id: self.toggle_star(i), clickable=True, focusable=True, width=48, height=48),
            clickable=True, focusable=True, on_click=lambda m=m: self.open_row(m), height=88, padding=8,
            id="viewified_conversation_item_view", cls="android.view.ViewGroup",
        )

    def build_drawer(self) -> View:
        items = [ListItem(title, "", lambda label=label: self.go_label(label), id=DRAWER_ITEM_ID,
                          title_id=DRAWER_TITLE_ID, selected=label == self.label, height=48,
                          icon=DRAWER_ICONS[title] + ("" if label == self.label else ":outlined"))
                 for title, label in LABELS]
        settings = ListItem("Settings", "", lambda: self.start(Settings), id=DRAWER_ITEM_ID, title_id=DRAWER_TITLE_ID,
                            height=48, icon="settings:outlined")
        return Row(
            Column(Text("Gmail", style="title", height=64), *items, settings, id="drawer_list", width=300,
                   style="drawer"),
            View(weight=1, clickable=True, on_click=self.on_back, desc="Close navigation drawer"),
            id="drawer_layout",
        )

    def build_conversation(self, m: Message) -> View:
        starred = STARRED in m.labels
        attachments = [Text(name, id="attachment_name", height=40) for name in m.attachments]
        return Column(
            Toolbar("", navigate_up=self.on_back, overflow=lambda: self.open_menu("conversation"), actions=[
                ImageButton("Archive", self.archive, icon="archive:outlined", id="archive"),
                ImageButton("Delete", self.trash, icon="delete:outlined", id="delete"),
                ImageButton("Mark unread", self.mark_unread, icon="mark_email_unread:outlined", id="mark_unread")]),
            Row(Text(m.subject, id="subject_and_folder_view", style="headline", weight=1),
                ImageButton("Remove star" if starred else "Add star", lambda: self.toggle_star(m.id),
                            icon="star" if starred else "star:outlined", id="conversation_header_star"),
                height=56),
            Row(Text(m.from_name, id="sender_name", weight=1),
                Text(display_date(m.date_ms, self.system.clock.now), id="upper_date", width=72), height=32),
            Text(f"to {m.to}", id="recipient_summary", style="item-summary", height=24),
            Text(m.body, id="message_body", weight=1),
            *attachments,
            Row(Button("Reply", lambda: self.reply(m), id="reply_button", weight=1),
                Button("Forward", lambda: self.forward(m), id="forward_button", weight=1)),
        )


class Compose(Activity):
    """To, subject, body and attachments of a new message, a reply, a forward or an opened draft."""

    name = COMPOSE_ACTIVITY
    app: GmailApp

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        extras = intent.extras
        self.draft_id: int | None = extras.get("draft_id")
        self.in_reply_to: int | None = extras.get("in_reply_to")
        self.forwarded_from: int | None = extras.get("forwarded_from")
        self.attachments: list[str] = list(extras.get("attachments", []))
        draft = self.app.message(self.draft_id) if self.draft_id is not None else None
        if draft is not None:
            self.fields.update(to=draft.to, subject=draft.subject, body=draft.body)
            self.attachments = list(draft.attachments)
            self.in_reply_to, self.forwarded_from = draft.in_reply_to, draft.forwarded_from
        else:
            self.fields.update(to=extras.get("to", ""), subject=extras.get("subject", ""), body=extras.get("body", ""))

    def values(self, labels: str, **more: Any) -> dict[str, Any]:
        return {"from_name": "Me", "from_address": ACCOUNT, "to_addresses": self.fields.get("to", "").strip(),
                "subject": self.fields.get("subject", ""), "body": self.fields.get("body", ""),
                "date_ms": self.app.now_ms(), "labels": labels, "attachments": "\n".join(self.attachments),
                "in_reply_to": self.in_reply_to, "forwarded_from": self.forwarded_from, **more}

    def edited(self) -> bool:
        return any(self.fields.get(k, "").strip() for k in ("to", "subject", "body")) or bool(self.attachments)

    def save_draft(self) -> None:
        """What leaving compose does: keep what was written as a draft."""
        if self.edited():
            self.draft_id = self.app.write(self.draft_id, **self.values(DRAFT))
            self.toast("Draft saved")
        self.finish()

    def on_back(self) -> bool:
        if super().on_back():
            return True
        self.save_draft()
        return True

    def deliver(self, labels: str, toast: str, **more: Any) -> None:
        if not self.fields.get("to", "").strip():
            self.toast("Add at least one recipient.")
            return
        self.app.write(None, **self.values(labels, **more))
        if self.draft_id is not None:
            self.app.delete(self.draft_id)
        self.log("Gmail", f"{toast}: {self.fields.get('subject', '')}")
        self.toast(toast)
        self.finish()

    def send(self) -> None:
        self.deliver(SENT, "Sent")

    def schedule_tomorrow_morning(self) -> None:
        self.dialog = None
        now = self.system.clock.now
        when = dt.datetime.combine(now.date() + dt.timedelta(days=1), dt.time(MORNING_HOUR), tzinfo=now.tzinfo)
        self.deliver(SCHEDULED, "Send scheduled", scheduled_ms=int(when.timestamp() * 1000))

    def discard(self) -> None:
        self.menu = None
        if self.draft_id is not None:
            self.app.delete(self.draft_id)
        self.toast("Draft discarded")
        self.finish()

    def attach_file(self) -> None:
        """Start DocumentsUI's picker (``GET_CONTENT``); :meth:`on_activity_result` gets the chosen file."""
        self.menu = None
        files = self.system.app(documentsui.PACKAGE)
        self.system.start_activity(files, files.activity_class(documentsui.PICK_ACTIVITY),
                                   Intent(action="android.intent.action.GET_CONTENT",
                                          extras={"operation": "get_content", "caller": PACKAGE}), new_task=True)

    def on_activity_result(self, path: str) -> None:
        self.attachments.append(path.rsplit("/", 1)[-1])

    def remove_attachment(self, name: str) -> None:
        if name in self.attachments:
            self.attachments.remove(name)

    def menu_items(self, name: str) -> list[tuple[str, Callable[[], Any]]]:
        if name == "attach":
            return [("Attach file", self.attach_file), ("Insert from Drive", self.close_menu)]
        return [(SCHEDULE_SEND, self.ask_schedule), ("Discard", self.discard)]

    def ask_schedule(self) -> None:
        self.menu, self.dialog = None, "schedule"

    def build_dialog(self, name: str) -> View:
        tomorrow = self.system.clock.now.date() + dt.timedelta(days=1)
        day = f"{tomorrow:%b} {tomorrow.day}"
        return Dialog(SCHEDULE_SEND,
                      ListItem(TOMORROW_MORNING, f"{day}, {MORNING_HOUR}:00 AM", self.schedule_tomorrow_morning,
                               id="schedule_option"),
                      buttons=[Button("Cancel", self.close_dialog, id="android:id/button2")])

    def close_dialog(self) -> None:
        self.dialog = None

    def build(self) -> View:
        quoted = self.app.message(self.forwarded_from) if self.forwarded_from is not None else None
        return Column(
            Toolbar("", navigate_up=self.save_draft, overflow=lambda: self.open_menu("more"), actions=[
                ImageButton("Attach file", lambda: self.open_menu("attach"), icon="attachment", id="add_attachment"),
                ImageButton("Send", self.send, icon="send:outlined", id="send")]),
            Row(Text("From", width=64), Text(ACCOUNT, id="from_account_name", weight=1), height=56),
            Row(Text("To", width=64), self.field("to", weight=1), height=56),
            self.field("subject", hint="Subject"),
            *[Row(Text(name, id="attachment_name", weight=1),
                  ImageButton("Remove attachment", lambda n=name: self.remove_attachment(n), icon="close"),
                  id="attachment_tile", height=48) for name in self.attachments],
            Column(self.field("body", hint="Compose email", multiline=True), id="body_wrapper"),
            Text(f"---------- Forwarded message ---------\nFrom: {quoted.from_name} <{quoted.from_address}>\n"
                 f"Subject: {quoted.subject}\n\n{quoted.body}", id="quoted_text", style="item-summary")
            if quoted else None,
        )


class Settings(Activity):
    """Settings: General settings (theme, conversation list density) and the account's (notifications)."""

    name = SETTINGS_ACTIVITY
    app: GmailApp
    PAGES = {"general": ("General settings", ("theme", "density")), "account": (ACCOUNT, ("notifications",))}

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.page = ""

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.page:
            self.page = ""
            return True
        return False

    def go(self, page: str) -> None:
        self.page = page

    def summary(self, name: str) -> str:
        shown, stored = CHOICES[name]
        value = self.app.setting(name)
        return shown[stored.index(value)] if value in stored else value

    def choose(self, name: str, value: str) -> None:
        self.app.set_setting(name, value)
        self.dialog = None

    def build_dialog(self, name: str) -> View:
        shown, stored = CHOICES[name]
        current = self.app.setting(name)
        return Dialog(SETTING_TITLES[name], *[
            RadioButton(label, value == current, lambda v=value: self.choose(name, v), id="android:id/text1")
            for label, value in zip(shown, stored)],
            buttons=[Button("Cancel", self.on_back, id="android:id/button2")])

    def build(self) -> View:
        if not self.page:
            rows = [ListItem("General settings", "", lambda: self.go("general"), id="preference"),
                    ListItem(ACCOUNT, "", lambda: self.go("account"), id="preference"),
                    ListItem("Add account", "", None, id="preference")]
            return Column(Toolbar("Settings", navigate_up=self.finish), Scroll(*rows, id="android:id/list",
                                                                              weight=1))
        title, names = self.PAGES[self.page]
        rows = [ListItem(SETTING_TITLES[n], self.summary(n), lambda n=n: setattr(self, "dialog", n), id="preference")
                for n in names]
        return Column(Toolbar(title, navigate_up=self.on_back), Scroll(*rows, id="android:id/list", weight=1))


GmailApp.activities = (ConversationList, Compose, Settings)

__all__ = ["Compose", "ConversationList", "GmailApp", "Settings", "matches"]
