"""Firefox (``org.mozilla.firefox``): a toolbar, the simulated web, bookmarks and history in ``places.sqlite``.

One activity, as Fenix: the home screen (the address bar and the default top sites), the browser (the
address bar over the page, pages of :mod:`pytest_mobileagent.android.websites`; an unknown address shows Firefox's
"Hmm. We're having trouble finding that site." page), and the Bookmarks and History pages, which the toolbar's
menu opens. Tapping the address bar turns it into an edit field (keyboard up): Enter loads an address as it is
or searches Google for anything else. Every page loaded is a visit in the places store
(:data:`~pytest_mobileagent.android.firefox.PLACES_DB`), typed (``VISIT_TYPED``) when it came from the address
bar, a link otherwise (links, forms, shortcuts, bookmarks and history entries). BACK leaves the editing, then a
page (the previous one, or home), then Bookmarks or History.
"""

from __future__ import annotations

import hashlib
from typing import Any
from urllib.parse import urlsplit

from mobileagent_sim.app import Activity, App
from mobileagent_sim.views import Column, EditText, Frame, Image, ImageButton, Row, Scroll, Text, Toolbar, View
from mobileagent_sim.web import Page
from pytest_mobileagent.android import websites
from pytest_mobileagent.android.firefox import (
    EDIT_URL,
    HOME_MENU,
    HOME_TOOLBAR,
    MAIN_ACTIVITY,
    MENU,
    MENU_LIST,
    MOBILE_ROOT,
    PACKAGE,
    PLACES_DB,
    PLACES_SCHEMA,
    ROOTS,
    TOP_SITES,
    TYPE_BOOKMARK,
    TYPE_FOLDER,
    URL_HINT,
    URL_VIEW,
    VISIT_LINK,
    VISIT_TYPED,
    from_places_time,
    places_time,
    search_url,
    shown_address,
)

NOT_FOUND = "Hmm. We’re having trouble finding that site."


def typed_address(text: str) -> str:
    """What the toolbar loads for typed text: an address (``https://`` added) or a search with the default engine."""
    text = text.strip()
    if "://" in text or text.startswith("about:"):
        return text
    if " " not in text and "." in text:
        return f"https://{text}"
    return search_url(text)


class Home(Activity):
    """Fenix's ``HomeActivity``: ``self.page_stack`` is the tab's session history; ``self.screen`` is ``home``,
    ``browser``, ``bookmarks`` or ``history``."""

    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.screen = "home"
        self.previous = "home"
        self.editing = False
        self.pages: list[Page] = []
        self.removed_sites: list[str] = []  # top sites removed from the home screen (their long-press "Remove")
        if intent.data:
            self.load(intent.data, VISIT_LINK)

    # -- navigation --------------------------------------------------------------------

    def load(self, url: str, visit_type: int = VISIT_LINK) -> None:
        served = websites.fetch(url)
        if served is None:
            page = Page(url, text=[NOT_FOUND, urlsplit(url).hostname or url])
        else:
            url, source = served
            page = Page.load(url, source)
        self.pages.append(page)
        self.screen, self.editing = "browser", False
        self.log("GeckoSession", f"Loading URI: {url}")
        record_visit(self.app, url, page.title if served else url, visit_type)

    def follow(self, url: str) -> None:
        self.load(url, VISIT_LINK)

    def edit(self) -> None:
        self.editing = True
        self.fields[EDIT_URL] = self.pages[-1].url if self.screen == "browser" and self.pages else ""
        self.request_focus(EDIT_URL)

    def go(self) -> None:
        text = self.fields.get(EDIT_URL, "")
        self.system.clear_focus(self)
        if text.strip():
            self.load(typed_address(text), VISIT_TYPED)
        else:
            self.editing = False

    def show(self, screen: str) -> None:
        self.menu = None
        self.previous = self.screen
        self.screen = screen

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.editing:
            self.editing = False
            self.system.clear_focus(self)
            return True
        if self.screen in ("bookmarks", "history"):
            self.screen = self.previous
            return True
        if self.screen == "home" and self.previous == "browser" and self.pages:
            self.screen = "browser"
            return True
        if self.screen == "browser":
            self.pages.pop()
            if not self.pages:
                self.screen = "home"
            return True
        return False

    def menu_items(self, name: str):
        if name == "url":  # the toolbar's long-press menu
            return [("Copy", self.copy_url)]
        if name == "home_toolbar":  # the home search bar's long-press menu
            return [("Paste & go", self.paste_and_go)]
        if name.startswith("site:"):  # a top site's long-press menu
            return [("Remove", lambda: self.remove_site(name.removeprefix("site:")))]
        return [("Bookmarks", lambda: self.show("bookmarks")), ("History", lambda: self.show("history"))]

    def paste_and_go(self) -> None:
        self.menu = None
        if (self.system.clipboard or "").strip():
            self.load(typed_address(self.system.clipboard), VISIT_TYPED)

    def remove_site(self, url: str) -> None:
        self.menu = None
        self.removed_sites.append(url)

    def go_home(self) -> None:
        """The page toolbar's "Home screen": the home screen over the open tab (Back returns to the tab)."""
        self.previous, self.screen = "browser", "home"

    def copy_url(self) -> None:
        self.menu = None
        if self.screen == "browser" and self.pages:
            self.system.clipboard = self.pages[-1].url

    # -- screens -----------------------------------------------------------------------

    def toolbar(self) -> View:
        if self.editing:
            return Row(EditText(EDIT_URL, self.fields.get(EDIT_URL, ""),
                                lambda v: self.fields.__setitem__(EDIT_URL, v), hint=URL_HINT, on_submit=self.go,
                                weight=1, height=48),
                       id="toolbar", height=64, style="toolbar")
        shown = shown_address(self.pages[-1].url) if self.screen == "browser" and self.pages else ""
        return Row(ImageButton("Home screen", self.go_home, icon="home:outlined"),
                   Text(shown, id=URL_VIEW, hint=URL_HINT, clickable=True, focusable=True, on_click=self.edit,
                        long_clickable=True, on_long_click=lambda: self.open_menu("url"),
                        weight=1, height=48, style="searchbar"),
                   menu_button(MENU, lambda: self.open_menu("main")),
                   id="toolbar", cls="android.view.ViewGroup", clickable=True, on_click=self.edit, height=64,
                   style="toolbar")

    def overlay(self) -> View | None:
        if self.menu == "main":  # Android Components' browser menu: a RecyclerView of items
            return Column(Scroll(*[Row(Text(label, weight=1), clickable=True, focusable=True, on_click=handler,
                                       height=48, padding=16) for label, handler in self.menu_items("main")],
                                 id=MENU_LIST, cls="androidx.recyclerview.widget.RecyclerView"),
                          id="mozac_browser_menu_menuView", style="menu")
        return super().overlay()

    def build(self) -> View:
        if self.screen == "bookmarks":
            return self.build_bookmarks()
        if self.screen == "history":
            return self.build_history()
        if self.screen == "browser" and self.pages and not self.editing:
            content = self.pages[-1].build(self.follow)  # the toolbar is at the bottom, under the page
            return Column(View(cls="android.webkit.WebView", id="engineView", weight=1, children=[content]),
                          self.toolbar())
        if self.editing:
            return Column(self.toolbar(), View(weight=1))
        sites = Row(*[Column(Text(title, id="top_site_title", height=48), id="top_site_item",
                             cls="android.view.ViewGroup", clickable=True, focusable=True,
                             on_click=lambda u=url: self.follow(u), long_clickable=True,
                             on_long_click=lambda u=url: self.open_menu(f"site:{u}"), weight=1)
                      for title, url in TOP_SITES if url not in self.removed_sites],
                    id="top_sites_list", cls="android.widget.GridView", focusable=True, height=72)
        bar = Row(View(desc=URL_HINT, id=HOME_TOOLBAR, cls="android.widget.LinearLayout", clickable=True,
                       focusable=True, on_click=self.edit, long_clickable=True,
                       on_long_click=lambda: self.open_menu("home_toolbar"), weight=1, height=48,
                       style="searchbar"),
                  menu_button(HOME_MENU, lambda: self.open_menu("main")), height=64, style="toolbar")
        return Scroll(bar, Scroll(Text("Shortcuts", style="caption", height=32), sites,
                                  id="sessionControlRecyclerView", height=160),
                      id="homeLayout", cls="android.widget.ScrollView", weight=1)

    def rows(self, entries: list[tuple[str, str, str]], list_id: str) -> View:
        """A list of ``(title, address, caption)`` rows that open their page."""
        rows: list[View] = []
        for title, url, caption in entries:
            if caption and not url:
                rows.append(Text(caption, id="header_title", style="caption", height=40))
                continue
            rows.append(Row(Column(Text(title or url, id="title", style="item-title", height=28),
                                   Text(urlsplit(url).hostname or url, id="url", style="item-summary", height=24),
                                   weight=1),
                            clickable=True, focusable=True, on_click=lambda u=url: self.follow(u), height=72,
                            padding=8, id="item_layout"))
        empty = Text("No history here" if list_id == "history_list" else "No bookmarks here", id="empty_view",
                     style="caption") if not rows else None
        return Column(empty, Scroll(*rows, id=list_id, weight=1))

    def build_bookmarks(self) -> View:
        with self.system.fs.sqlite(PLACES_DB) as db:
            found = db.execute("SELECT b.title, p.url FROM moz_bookmarks b JOIN moz_places p ON p.id = b.fk "
                               "WHERE b.type = ? AND b.parent = ? ORDER BY b.position",
                               (TYPE_BOOKMARK, MOBILE_ROOT)).fetchall()
        return Column(Toolbar("Bookmarks", navigate_up=self.on_back, id="navigationToolbar"),
                      self.rows([(t, u, "") for t, u in found], "bookmark_list"))

    def build_history(self) -> View:
        with self.system.fs.sqlite(PLACES_DB) as db:
            found = db.execute("SELECT title, url, last_visit_date_local FROM moz_places WHERE hidden = 0 AND "
                               "visit_count_local > 0 ORDER BY last_visit_date_local DESC, id DESC").fetchall()
        entries: list[tuple[str, str, str]] = []
        day = None
        for title, url, when in found:
            shown = from_places_time(when)
            if shown.date() != day:
                day = shown.date()
                entries.append(("", "", f"{shown:%A, %B} {shown.day}, {shown.year}"))
            entries.append((title, url, ""))
        return Column(Toolbar("History", navigate_up=self.on_back, id="navigationToolbar"),
                      self.rows(entries, "history_list"))


def menu_button(rid: str, on_click: Any) -> View:
    """The toolbar's three-dot button: a clickable frame around an icon described "Menu"."""
    return Frame(Image("Menu", icon="more_vert", width=24, height=24), id=rid, clickable=True, focusable=True,
                 on_click=on_click, width=48, height=48)


def record_visit(app: App, url: str, title: str, visit_type: int) -> None:
    """A visit in the places store: the ``moz_places`` row of the address (added or updated) and its visit."""
    now = places_time(app.system.clock.now)
    with app.system.fs.sqlite(PLACES_DB) as db:
        row = db.execute("SELECT id FROM moz_places WHERE url = ?", (url,)).fetchone()
        if row is None:
            guid = hashlib.sha1(url.encode()).hexdigest()[:12]
            place = db.execute("INSERT INTO moz_places (url, title, visit_count_local, last_visit_date_local, "
                               "guid) VALUES (?, ?, 1, ?, ?)", (url, title, now, guid)).lastrowid
        else:
            place = row[0]
            db.execute("UPDATE moz_places SET visit_count_local = visit_count_local + 1, last_visit_date_local = ?,"
                       " title = ? WHERE id = ?", (now, title, place))
        db.execute("INSERT INTO moz_historyvisits (place_id, visit_date, visit_type) VALUES (?, ?, ?)",
                   (place, now, visit_type))


class FirefoxApp(App):
    package = PACKAGE
    label = "Firefox"
    icon = "firefox"
    activities = (Home,)
    uid = 10171

    def install(self) -> None:
        with self.system.fs.sqlite(PLACES_DB) as db:
            for statement in PLACES_SCHEMA:
                db.execute(statement)
            db.executemany("INSERT INTO moz_bookmarks (id, type, parent, position, title, guid) "
                           "VALUES (?, ?, ?, ?, ?, ?)",
                           [(i, TYPE_FOLDER, None if i == 1 else 1, max(i - 2, 0), title, guid)
                            for i, guid, title in ROOTS])


__all__ = ["NOT_FOUND", "FirefoxApp", "Home", "record_visit", "typed_address"]
