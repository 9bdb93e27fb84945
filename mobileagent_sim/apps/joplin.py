"""Joplin (``net.cozic.joplin``): notebooks of Markdown notes and to-dos in ``joplin.sqlite``.

The database is the app's own: ``folders`` (notebooks; ``user_data`` as in the notes, the column AndroidWorld's
``JoplinFolder`` row type inserts), ``notes`` (``is_todo``,
``todo_completed``, ``parent_id`` = notebook id, 32-hex ids) and the search
index ``notes_normalized``. Screens: the note list of a notebook (to-dos carry a
checkbox), the side menu with the notebooks, search, and the note view.
"""

from __future__ import annotations

from typing import Any

from mobileagent_sim.app import Activity, App
from mobileagent_sim.views import (
    CheckBox,
    Column,
    EditText,
    ImageButton,
    Row,
    Scroll,
    Text,
    Toolbar,
    View,
)
from pytest_mobileagent.android.joplin import DB_NAME as DB
from pytest_mobileagent.android.joplin import MAIN_ACTIVITY, PACKAGE

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS folders (id TEXT PRIMARY KEY, title TEXT NOT NULL DEFAULT '',
       created_time INT NOT NULL DEFAULT 0, updated_time INT NOT NULL DEFAULT 0,
       user_created_time INT NOT NULL DEFAULT 0,
       user_updated_time INT NOT NULL DEFAULT 0, encryption_cipher_text TEXT NOT NULL DEFAULT '',
       encryption_applied INT NOT NULL DEFAULT 0, parent_id TEXT NOT NULL DEFAULT '', is_shared INT NOT NULL DEFAULT 0,
       share_id TEXT NOT NULL DEFAULT '', master_key_id TEXT NOT NULL DEFAULT '', icon TEXT NOT NULL DEFAULT '',
       user_data TEXT NOT NULL DEFAULT '', deleted_time INT NOT NULL DEFAULT 0)""",
    """CREATE TABLE IF NOT EXISTS notes (id TEXT PRIMARY KEY, parent_id TEXT NOT NULL DEFAULT '',
       title TEXT NOT NULL DEFAULT '', body TEXT NOT NULL DEFAULT '', created_time INT NOT NULL DEFAULT 0,
       updated_time INT NOT NULL DEFAULT 0, is_conflict INT NOT NULL DEFAULT 0, latitude NUMERIC NOT NULL DEFAULT 0,
       longitude NUMERIC NOT NULL DEFAULT 0, altitude NUMERIC NOT NULL DEFAULT 0, author TEXT NOT NULL DEFAULT '',
       source_url TEXT NOT NULL DEFAULT '', is_todo INT NOT NULL DEFAULT 0, todo_due INT NOT NULL DEFAULT 0,
       todo_completed INT NOT NULL DEFAULT 0, source TEXT NOT NULL DEFAULT '',
       source_application TEXT NOT NULL DEFAULT '', application_data TEXT NOT NULL DEFAULT '',
       "order" NUMERIC NOT NULL DEFAULT 0, user_created_time INT NOT NULL DEFAULT 0,
       user_updated_time INT NOT NULL DEFAULT 0, encryption_cipher_text TEXT NOT NULL DEFAULT '',
       encryption_applied INT NOT NULL DEFAULT 0, markup_language INT NOT NULL DEFAULT 1,
       is_shared INT NOT NULL DEFAULT 0, share_id TEXT NOT NULL DEFAULT '',
       conflict_original_id TEXT NOT NULL DEFAULT '',
       master_key_id TEXT NOT NULL DEFAULT '', user_data TEXT NOT NULL DEFAULT '',
       deleted_time INT NOT NULL DEFAULT 0)""",
    """CREATE TABLE IF NOT EXISTS notes_normalized (id TEXT NOT NULL, title TEXT NOT NULL DEFAULT '',
       body TEXT NOT NULL DEFAULT '', user_created_time INT NOT NULL DEFAULT 0,
       user_updated_time INT NOT NULL DEFAULT 0,
       is_todo INT NOT NULL DEFAULT 0, todo_completed INT NOT NULL DEFAULT 0, parent_id TEXT NOT NULL DEFAULT '',
       latitude NUMERIC NOT NULL DEFAULT 0, longitude NUMERIC NOT NULL DEFAULT 0, altitude NUMERIC NOT NULL DEFAULT 0,
       source_url TEXT NOT NULL DEFAULT '', todo_due INT NOT NULL DEFAULT 0)""",
]
ALL_NOTES = ""


#: React Native gives views no resource id unless the code sets a testID (Joplin 2.14 sets one, on the note
#: editor); its lists are ReactScrollViews and the note body a react-native-webview WebView.
LIST_CLASS = "android.widget.ScrollView"
BODY_CLASS = "android.webkit.WebView"

class Notes(Activity):
    """The main screen: note list, side menu of notebooks, search and the note view."""

    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.folder = ALL_NOTES
        self.note: str | None = None
        self.searching = False
        self.sidebar = False

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self.app.db(DB) as db:
            return db.execute(sql, params).fetchall()

    def folders(self) -> list[tuple[str, str]]:
        return [(r[0], r[1]) for r in self.query("SELECT id, title FROM folders WHERE deleted_time = 0 ORDER BY title")]

    def notes(self) -> list[tuple[Any, ...]]:
        sql = "SELECT id, title, is_todo, todo_completed FROM notes WHERE deleted_time = 0"
        params: tuple[Any, ...] = ()
        if self.searching and self.fields.get("search", "").strip():
            sql += " AND (title LIKE ? OR body LIKE ?)"
            term = f"%{self.fields['search'].strip()}%"
            params = (term, term)
        elif self.folder:
            sql += " AND parent_id = ?"
            params = (self.folder,)
        return self.query(sql + " ORDER BY user_updated_time DESC, title", params)

    def build(self) -> View:
        if self.note is not None:
            return self.build_note()
        title = "Search" if self.searching else next((t for i, t in self.folders() if i == self.folder), "All notes")
        rows = [self.row(n) for n in self.notes()]
        header = Row(
            ImageButton("Back", self.close_search, icon="arrow_back") if self.searching
            else ImageButton("Sidebar", self.open_sidebar, icon="menu"),
            EditText("#search", self.fields.get("search", ""), lambda v: self.fields.__setitem__("search", v),
                     weight=1) if self.searching else Text(title, style="title", weight=1),
            None if self.searching else ImageButton("Search", self.open_search, icon="search"),
            height=64, style="toolbar",
        )
        return Column(header, Scroll(*rows, id="", cls=LIST_CLASS, weight=1) if rows else
                      Text("There are currently no notes. Create one by clicking on the (+) button.", weight=1))

    def row(self, note: tuple[Any, ...]) -> View:
        note_id, title, is_todo, done = note
        return Row(
            CheckBox("", bool(done), lambda n=note_id, d=done: self.set_done(n, not d), desc=f"to-do: {title}",
                     width=48)
            if is_todo else None,
            Text(title, style="item-title", weight=1),
            clickable=True, focusable=True, on_click=lambda n=note_id: self.open_note(n), height=56, padding=8,
        )

    def build_note(self) -> View:
        found = self.query("SELECT title, body, is_todo, todo_completed FROM notes WHERE id = ?", (self.note,))
        title, body, is_todo, done = found[0] if found else ("", "", 0, 0)
        return Column(
            Toolbar("", navigate_up=self.close_note, id=""),
            CheckBox("", bool(done), lambda: self.set_done(self.note or "", not done), desc="to-do")
            if is_todo else None,
            Text(title, style="headline"),
            Scroll(Text(body, style="body"), id="", cls=BODY_CLASS, weight=1),
        )

    def overlay(self) -> View | None:
        if not self.sidebar:
            return super().overlay()
        items = [("All notes", ALL_NOTES), *[(t, i) for i, t in self.folders()]]
        return Column(
            Text("Notebooks", style="dialog-title"),
            *[Row(Text(title, weight=1), clickable=True, focusable=True, on_click=lambda f=fid: self.pick(f),
                  height=48, padding=16) for title, fid in items],
            style="menu",
        )

    def open_sidebar(self) -> None:
        self.sidebar = True

    def pick(self, folder: str) -> None:
        self.folder, self.sidebar, self.searching = folder, False, False

    def open_search(self) -> None:
        self.searching = True
        self.fields["search"] = ""

    def close_search(self) -> None:
        self.searching = False
        self.system.clear_focus(self)

    def open_note(self, note_id: str) -> None:
        self.note = note_id

    def close_note(self) -> None:
        self.note = None

    def set_done(self, note_id: str, done: bool) -> None:
        now = self.system.clock.millis()
        with self.app.db(DB) as db:
            db.execute("UPDATE notes SET todo_completed = ?, updated_time = ? WHERE id = ?",
                       (now if done else 0, now, note_id))

    def on_back(self) -> bool:
        if self.sidebar:
            self.sidebar = False
            return True
        if self.note is not None:
            self.note = None
            return True
        if self.searching:
            self.close_search()
            return True
        return super().on_back()


class JoplinApp(App):
    package = PACKAGE
    label = "Joplin"
    icon = "edit"
    activities = (Notes,)
    uid = 10163

    def install(self) -> None:
        with self.db(DB) as db:
            for statement in SCHEMA:
                db.execute(statement)
