"""Gmail (``com.google.android.gm``): the inbox of seeded mails, a mail view, search and compose.

The conversation list shows the seeded inbox (:data:`~pytest_mobileagent.android.gmail.INBOX`); tapping a
row opens the conversation in the same activity, as Gmail's single-activity UI does. "Search in mail"
opens a search field that filters the list; the Compose button starts ``ComposeActivityGmail`` with the
to/subject/body fields. Mails are not persisted yet (Gmail's real store is an opaque database); sending
is not simulated.
"""

from __future__ import annotations

from typing import Any

from pytest_mobileagent.android.gmail import COMPOSE_ACTIVITY, INBOX, MAIN_ACTIVITY, PACKAGE, Mail
from pytest_mobileagent.sim.app import Activity, App
from pytest_mobileagent.sim.views import Button, Column, ImageButton, Row, Scroll, Text, Toolbar, View


def mail_row(mail: Mail, on_click: Any) -> View:
    return Row(
        View(cls="android.widget.ImageView", desc=mail.sender, id="contact_image", width=40, height=40),
        Column(
            Row(Text(mail.sender, id="senders", style="item-title" if mail.unread else "", weight=1),
                Text(mail.date, id="date", width=72), height=24),
            Text(mail.subject, id="subject", height=24),
            Text(mail.snippet, id="snippet", style="item-summary", height=24),
            weight=1),
        clickable=True, focusable=True, on_click=on_click, height=88, padding=8, id="viewified_conversation_item_view",
    )


class ConversationList(Activity):
    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.open_index: int | None = None
        self.searching = False

    def mails(self) -> list[tuple[int, Mail]]:
        query = self.fields.get("search_actionbar_query_text", "").strip().lower() if self.searching else ""
        return [(i, m) for i, m in enumerate(INBOX)
                if not query or any(query in part.lower() for part in (m.sender, m.subject, m.snippet))]

    def open_mail(self, index: int) -> None:
        self.open_index = index

    def search(self) -> None:
        self.searching = True
        self.request_focus("search_actionbar_query_text")

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.open_index is not None:
            self.open_index = None
            return True
        if self.searching:
            self.searching = False
            self.fields["search_actionbar_query_text"] = ""
            return True
        return False

    def build(self) -> View:
        if self.open_index is not None:
            return self.build_conversation(INBOX[self.open_index])
        if self.searching:
            top = Row(ImageButton("Navigate up", self.on_back, icon="arrow_back"),
                      self.field("search_actionbar_query_text", hint="Search in mail", weight=1),
                      id="search_actionbar", height=64, style="toolbar")
        else:
            top = Row(ImageButton("Open navigation drawer", None, icon="menu"),
                      Text("Search in mail", id="open_search", clickable=True, focusable=True, on_click=self.search,
                           weight=1, height=48, style="searchbar"),
                      ImageButton("Signed in as user@gmail.com", None, icon="account", id="og_apd_ring_view"),
                      id="toolbar", height=64, style="toolbar")
        rows = [mail_row(m, lambda i=i: self.open_mail(i)) for i, m in self.mails()]
        return Column(
            top,
            Text("Primary", id="folder_name", style="caption", height=32) if not self.searching else None,
            Scroll(*rows, id="thread_list_view", weight=1),
            None if self.searching else Button("Compose", lambda: self.start(Compose), id="compose_button",
                                               style="fab"),
        )

    def build_conversation(self, mail: Mail) -> View:
        return Column(
            Toolbar("", navigate_up=self.on_back, actions=[
                ImageButton("Archive", None, icon="archive", id="archive"),
                ImageButton("Delete", None, icon="delete", id="delete")]),
            Text(mail.subject, id="subject_and_folder_view", style="headline"),
            Row(Text(mail.sender, id="sender_name", weight=1), Text(mail.date, id="upper_date", width=72), height=32),
            Text(mail.snippet, id="message_body", weight=1),
            Row(Button("Reply", lambda: self.start(Compose, to=mail.sender, subject=f"Re: {mail.subject}"),
                       id="reply_button", weight=1),
                Button("Forward", lambda: self.start(Compose, subject=f"Fwd: {mail.subject}"), id="forward_button",
                       weight=1)),
        )


class Compose(Activity):
    name = COMPOSE_ACTIVITY

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.fields["to"] = intent.extras.get("to", "")
        self.fields["subject"] = intent.extras.get("subject", "")

    def build(self) -> View:
        return Column(
            Toolbar("Compose", navigate_up=self.finish, actions=[
                ImageButton("Attach file", None, icon="attach", id="add_attachment"),
                ImageButton("Send", None, icon="send", id="send")]),
            Row(Text("From", width=64), Text("user@gmail.com", id="from_account_name", weight=1), height=56),
            Row(Text("To", width=64), self.field("to", weight=1), height=56),
            self.field("subject", hint="Subject"),
            self.field("body", hint="Compose email", multiline=True, weight=1),
        )


class GmailApp(App):
    package = PACKAGE
    label = "Gmail"
    icon = "gmail"
    activities = (ConversationList, Compose)
    uid = 10128


__all__ = ["Compose", "ConversationList", "GmailApp"]
