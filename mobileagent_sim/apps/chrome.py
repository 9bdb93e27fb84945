"""Chrome (``com.android.chrome``): opens pages from VIEW intents and shows them through ``sim.web``.

Pages come from shared storage (``file://`` or the external-storage documents provider's
``content://`` URIs, as the Files app hands them over). There is no network: other URLs show
Chrome's offline message. The page's views sit in a WebView under the URL bar, as Chrome's
accessibility tree does. The URL bar is an edit field (Chrome's ``UrlBar`` is an EditText): tapping it
brings up the keyboard, and a typed address or search is loaded on Enter. Every page loaded is recorded
in the profile's ``History`` database, which the app menu's "History" page lists (newest first), searches
and deletes from.
"""

from __future__ import annotations

import datetime as dt
from typing import Any
from urllib.parse import quote_plus, unquote, urlsplit

from mobileagent_sim.app import Activity, App, Intent
from mobileagent_sim.views import Button, Column, EditText, ImageButton, Row, Scroll, Text, Toolbar, View
from mobileagent_sim.web import Page
from pytest_mobileagent.android.chrome import (
    HISTORY_ACTIVITY,
    HISTORY_DB,
    HISTORY_SCHEMA,
    MAIN_ACTIVITY,
    PACKAGE,
    chrome_time,
    from_chrome_time,
)

DOCUMENTS = "content://com.android.externalstorage.documents/document/primary%3A"
STORAGE = "/storage/emulated/0"


def local_path(url: str) -> str | None:
    """The device file a URL names, if it names one."""
    if url.startswith(DOCUMENTS):
        return f"{STORAGE}/{unquote(url[len(DOCUMENTS):])}"
    if url.startswith("file://"):
        return unquote(url[len("file://"):])
    return None


def typed_url(text: str) -> str:
    """What the omnibox loads for typed text: an address as it is (``https://`` added), else a Google search."""
    text = text.strip()
    if "://" in text or text.startswith(("about:", "chrome:")):
        return text
    if " " not in text and "." in text:
        return f"https://{text}"
    return f"https://www.google.com/search?q={quote_plus(text)}"


class Main(Activity):
    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.page: Page | None = None
        url = intent.data or intent.extras.get("url", "")
        if url:
            self.load(url)

    def load(self, url: str) -> None:
        path = local_path(url)
        fs = self.system.fs
        source = fs.read(path) if path and fs.exists(path) else None
        self.page = Page.load(url, source, self.system.clock.now, self.read) if source is not None else Page(url, text=[
            "You are offline" if not path else "This file can't be opened", url])
        self.log("chromium", f"Navigated to {url}")
        self.log_console()
        self.fields["url_bar"] = url
        record_visit(self.app, url, self.page.title if source is not None else url)

    def log_console(self) -> None:
        """What the page's scripts logged, as Chrome copies its console to logcat: every level, uncaught errors
        too, as ``I chromium: [INFO:CONSOLE(line)] "message", source: URL (line)``."""
        if self.page is None:
            return
        for _level, message, line in self.page.take_console():
            self.log("chromium", f'[INFO:CONSOLE({line})] "{message}", source: {self.page.url} ({line})')

    def now(self) -> dt.datetime:
        """The phone's clock, which the page's timers and ``Date`` follow."""
        return self.system.clock.now

    def read(self, url: str) -> bytes | None:
        """A file a page names (its scripts, its style sheets), if it is on the phone: there is no network."""
        path = local_path(url)
        return self.system.fs.read(path) if path and self.system.fs.exists(path) else None

    def go(self) -> None:
        """Enter in the URL bar: load what was typed."""
        text = self.fields.get("url_bar", "")
        if text.strip():
            self.load(typed_url(text))
        self.system.clear_focus(self)

    def new_tab(self) -> None:
        self.menu = None
        self.page = None
        self.fields["url_bar"] = ""

    def open_history(self) -> None:
        self.menu = None
        self.start(History)

    def menu_items(self, name: str):
        return [("New tab", self.new_tab), ("History", self.open_history)]

    def build(self) -> View:
        bar = Row(ImageButton("Home", None, icon="home", id="home_button"),
                  EditText("url_bar", self.fields.get("url_bar", ""), lambda v: self.fields.__setitem__("url_bar", v),
                           hint="Search or type web address", on_submit=self.go, weight=1, height=48),
                  ImageButton("Switch or close tabs", None, icon="looks_one:outlined", id="tab_switcher_button"),
                  ImageButton("Customize and control Google Chrome", lambda: self.open_menu("app_menu"),
                              icon="more_vert", id="menu_button"),
                  id="toolbar", height=64, style="toolbar")
        content = self.page.build(self.load, self.log_console, self.now) if self.page else \
            Text("New tab", id="ntp_content")
        return Column(bar, View(cls="android.webkit.WebView", id="compositor_view_holder", weight=1,
                                children=[content]))


def record_visit(app: App, url: str, title: str) -> None:
    """Add a visit to the profile's history (one ``urls`` row per address, one ``visits`` row per load)."""
    now = chrome_time(app.system.clock.now)
    with app.system.fs.sqlite(HISTORY_DB) as db:
        row = db.execute("SELECT id FROM urls WHERE url = ?", (url,)).fetchone()
        if row is None:
            url_id = db.execute("INSERT INTO urls (url, title, visit_count, last_visit_time) VALUES (?, ?, 1, ?)",
                                (url, title, now)).lastrowid
        else:
            url_id = row[0]
            db.execute("UPDATE urls SET visit_count = visit_count + 1, last_visit_time = ?, title = ? WHERE id = ?",
                       (now, title, url_id))
        db.execute("INSERT INTO visits (url, visit_time, transition) VALUES (?, ?, 1)", (url_id, now))


class History(Activity):
    """The History page (phones open it as an activity): visited pages by day, newest first; search; remove."""

    name = HISTORY_ACTIVITY

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.searching = False

    def entries(self) -> list[tuple[int, str, str, int]]:
        """``(url id, url, title, last visit)`` of the pages to list, filtered by the search text."""
        query = self.fields.get("search_text", "").strip().lower() if self.searching else ""
        with self.system.fs.sqlite(HISTORY_DB) as db:
            rows = db.execute("SELECT id, url, title, last_visit_time FROM urls WHERE hidden = 0 "
                              "ORDER BY last_visit_time DESC, id DESC").fetchall()
        return [r for r in rows if query in r[1].lower() or query in (r[2] or "").lower()]

    def open(self, url: str) -> None:
        self.finish()
        top = self.system.foreground()
        if isinstance(top, Main):
            top.load(url)

    def remove(self, url_id: int) -> None:
        with self.system.fs.sqlite(HISTORY_DB) as db:
            db.execute("DELETE FROM visits WHERE url = ?", (url_id,))
            db.execute("DELETE FROM urls WHERE id = ?", (url_id,))

    def search(self) -> None:
        self.searching = True
        self.request_focus("search_text")

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.searching:
            self.searching = False
            self.fields["search_text"] = ""
            return True
        return False

    def build(self) -> View:
        if self.searching:
            bar = Row(ImageButton("Navigate up", self.on_back, icon="arrow_back"),
                      self.field("search_text", hint="Search your history", weight=1),
                      id="action_bar", height=64, style="toolbar")
        else:
            bar = Toolbar("History", actions=[
                ImageButton("Search history", self.search, icon="search", id="search_menu_id"),
                ImageButton("Close", self.finish, icon="close", id="close_menu_id")], id="action_bar")
        rows: list[View] = []
        day = None
        for url_id, url, title, when in self.entries():
            shown = from_chrome_time(when)
            if shown.date() != day:
                day = shown.date()
                rows.append(Text(f"{shown:%A, %B} {shown.day}, {shown.year}", id="date", style="caption", height=40))
            rows.append(Row(
                Column(Text(title or url, id="title", style="item-title", height=28),
                       Text(urlsplit(url).hostname or url, id="description", style="item-summary", height=24),
                       weight=1),
                ImageButton("Remove", lambda i=url_id: self.remove(i), icon="close", id="remove"),
                clickable=True, focusable=True, on_click=lambda u=url: self.open(u), height=72, padding=8,
                id="history_item"))
        empty = Text("Sites you visit appear here", id="empty_view", style="caption") if not rows else None
        clear = None if self.searching else Button("Clear browsing data…", None, id="clear_browsing_data_button",
                                                   enabled=False)
        return Column(bar, clear, empty, Scroll(*rows, id="recycler_view", weight=1))


class ChromeApp(App):
    package = PACKAGE
    label = "Chrome"
    icon = "chrome"
    activities = (Main, History)
    uid = 10067
    #: What the Files app's "Open with" offers Chrome for.
    views_mime = ("text/html", "application/xhtml")

    def install(self) -> None:
        with self.system.fs.sqlite(HISTORY_DB) as db:
            for statement in HISTORY_SCHEMA:
                db.execute(statement)

    def handle_intent(self, intent: Intent, mime_type: str = "") -> bool:
        url = intent.data
        is_page = mime_type.startswith(self.views_mime) or url.startswith(("http://", "https://")) \
            or url.lower().endswith((".html", ".htm"))
        if intent.action != "android.intent.action.VIEW" or not url or not is_page:
            return False
        self.system.start_activity(self, Main, Intent(action=intent.action, component=self.component(Main),
                                                      data=url))
        return True


__all__ = ["ChromeApp", "History", "Main", "local_path", "record_visit", "typed_url"]
