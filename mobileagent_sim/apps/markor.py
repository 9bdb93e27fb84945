"""Markor (``net.gsantner.markor``): plain-text and Markdown notes as files in its notebook folder.

The notebook is ``/storage/emulated/0/Documents/Markor`` (where AndroidWorld seeds and reads notes);
the state is the files themselves. Screens: the file browser (folders first, then files by name, with
their dates), the "+" button's new-file dialog (name, extension, and "Folder" to make a folder), the
document editor (the whole text in one field; leaving saves), long-press selection with Delete,
Rename, Move and Share, and the share sheet that hands a note's text to another app (``SEND``,
``text/plain``).
"""

from __future__ import annotations

import datetime as dt
import posixpath
from collections.abc import Callable
from typing import Any

from mobileagent_sim.app import Activity, App, Intent
from mobileagent_sim.views import (
    Button,
    Column,
    Dialog,
    EditText,
    Frame,
    ImageButton,
    ListItem,
    Row,
    Scroll,
    Tabs,
    Text,
    Toolbar,
    View,
    toggle_selection,
)
from pytest_mobileagent.android.markor import DOCUMENT_ACTIVITY, MAIN_ACTIVITY, NOTEBOOK, PACKAGE

TEXT_EXTENSIONS = (".md", ".txt", ".markdown", ".todo.txt")
TABS = ("Files", "To-Do", "QuickNote", "More")
TAB_ICONS = ("folder", "assignment_turned_in", "bolt", "favorite")  # main__bottom_nav.xml's drawables
EDITOR = "document__fragment__edit__highlighting_editor"
#: The bar's actions: (description, Material Symbols name of the drawable, what a tap does) in the order of
#: MarkdownActionButtons / TodoTxtActionButtons.getActiveActionList. A tap edits at the cursor as the app's
#: runInlineAction ("surround") or a line-start toggle ("prefix") does, or deletes the cursor's line; "" is an action
#: the simulator does not run (a dialog or another app of the real one).
MARKDOWN_ACTIONS = (
    ("Check list", "check_box", "prefix:- [ ] "), ("Unordered list", "format_list_bulleted", "prefix:- "),
    ("Bold", "format_bold", "surround:**"), ("Italic", "format_italic", "surround:_"),
    ("Delete lines", "delete", "delete_line"), ("Open link", "open_in_browser", ""), ("Attach", "attach_file", ""),
    ("Special Key", "keyboard", ""), ("Date and time", "schedule", ""), ("Inline code", "code", "surround:`"),
    ("Ordered list", "format_list_numbered", "prefix:1. "), ("Table", "view_module", ""),
    ("Quote", "format_quote", "prefix:> "), ("Heading 1", "format_h1", "prefix:# "),
    ("Heading 2", "format_h2", "prefix:## "), ("Heading 3", "format_h3", "prefix:### "),
    ("Horizontal line", "more_horiz", "insert:----\n"), ("Strike out", "format_strikethrough", "surround:~~"),
)
TODO_ACTIONS = (
    ("Toggle done", "check_box", "prefix:x "), ("Add context", "alternate_email", "insert:@"),
    ("Add project", "new_label", "insert:+"), ("Priority", "star_border", ""),
    ("Delete lines", "delete", "delete_line"),
    ("Open link", "open_in_browser", ""), ("Attach", "attach_file", ""), ("Special Key", "keyboard", ""),
    ("Archive completed tasks", "archive", ""), ("Sort by", "sort_by_alpha", ""), ("Current date", "date_range", ""),
)
TEXT_ACTION_DP = 40  # quick_keyboard_button.xml: a 24dp icon, 4dp padding each side, the bar's margins


def edit_action(text: str, cursor: int, action: str) -> tuple[str, int]:
    """The text and cursor after a text action: ``surround:X`` puts X on both sides of the cursor (and the cursor
    between), ``insert:X`` inserts X, ``prefix:X`` puts X at the line's start or takes it away, ``delete_line``
    removes the cursor's line."""
    kind, _, arg = action.partition(":")
    cursor = max(0, min(cursor, len(text)))
    start = text.rfind("\n", 0, cursor) + 1
    end = text.find("\n", cursor)
    end = len(text) if end < 0 else end
    if kind == "surround":
        return text[:cursor] + arg + arg + text[cursor:], cursor + len(arg)
    if kind == "insert":
        return text[:cursor] + arg + text[cursor:], cursor + len(arg)
    if kind == "prefix":
        if text[start:].startswith(arg):
            return text[:start] + text[start + len(arg):], max(start, cursor - len(arg))
        return text[:start] + arg + text[start:], cursor + len(arg)
    if kind == "delete_line":
        return text[:start] + text[end + 1:], start
    return text, cursor


def text_actions_bar(activity: Activity, actions: tuple[tuple[str, str, str], ...], value: str,
                     on_text: Callable[[str], Any]) -> View:
    """document__fragment__edit.xml's bar of text actions above the keyboard: a HorizontalScrollView of
    quick_keyboard_button ImageViews (a description and a drawable each); those past the screen's edge are
    scrolled out of view."""
    def run(action: str) -> None:
        key = ("cursor", f"{activity.app.package}:id/{EDITOR}")  # where the system keeps the field's cursor
        text, cursor = edit_action(value, activity.view_state.get(key, len(value)), action)
        on_text(text)
        activity.view_state[key] = cursor

    buttons = [View(cls="android.widget.ImageView", desc=desc, icon=icon, width=TEXT_ACTION_DP, height=46,
                    clickable=True, focusable=True, long_clickable=True,
                    on_click=(lambda a=action: run(a)) if action else None)
               for desc, icon, action in actions]
    return View(cls="android.widget.HorizontalScrollView",
                id="document__fragment__edit__text_actions_bar__scrolling_parent", orientation="horizontal",
                scrollable=True, height=46, children=[
                    Row(*buttons, id="document__fragment__edit__text_actions_bar", height=46)])


def editor_view(value: str, on_text: Callable[[str], Any]) -> View:
    """document__fragment__edit.xml: the highlighting editor filling the screen from its top-left corner."""
    return EditText(EDITOR, value, on_text, multiline=True, weight=1, height=None, style="editor")


def has_text_extension(name: str) -> bool:
    return name.lower().endswith(TEXT_EXTENSIONS)


class MainActivity(Activity):
    """The file browser of the notebook."""

    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.folder = NOTEBOOK
        self.selected: list[str] = []
        self.browse: str = NOTEBOOK  # the folder shown by the "Move" folder picker
        self.sharing = ""  # the text the share sheet hands over
        self.tab = 0  # the bottom navigation's page: Files, To-Do, QuickNote (More is not simulated)
        self.tab_text: dict[int, str] = {}  # the To-Do and QuickNote editors' text, saved as it changes

    def on_resume(self) -> None:
        self.system.fs.mkdirs(NOTEBOOK)
        self.selected = [p for p in self.selected if self.system.fs.exists(p)]

    def entries(self, folder: str) -> list[tuple[str, bool]]:
        fs = self.system.fs
        if not fs.isdir(folder):
            return []
        paths = [posixpath.join(folder, n) for n in fs.listdir(folder) if not n.startswith(".")]
        return sorted(((p, fs.isdir(p)) for p in paths), key=lambda e: (not e[1], posixpath.basename(e[0]).lower()))

    def tab_file(self, tab: int) -> str:
        """AppSettings.getTodoFile / getQuickNoteFile: todo.txt and QuickNote.md in the notebook."""
        return posixpath.join(NOTEBOOK, "todo.txt" if tab == 1 else "QuickNote.md")

    def select_tab(self, tab: int) -> None:
        if tab == 3:  # More: the app's settings and about pages, not simulated
            return
        self.tab = tab
        if tab in (1, 2):
            fs = self.system.fs
            path = self.tab_file(tab)
            self.tab_text[tab] = fs.read(path).decode("utf-8", "replace") if fs.exists(path) else ""
        self.selected = []

    def set_tab_text(self, value: str) -> None:
        self.tab_text[self.tab] = value
        self.system.fs.write(self.tab_file(self.tab), value.encode())

    def build_tab_editor(self) -> View:
        """The To-Do or QuickNote page: DocumentEditAndViewFragment on the file, its text actions (todo.txt's or
        Markdown's) under it."""
        value = self.tab_text.get(self.tab, "")
        actions = TODO_ACTIONS if self.tab == 1 else MARKDOWN_ACTIONS
        bar = Toolbar(TABS[self.tab], actions=[
            ImageButton("Undo", None, icon="undo", id="action_undo"),
            ImageButton("Redo", None, icon="redo", id="action_redo"),
            ImageButton("View mode", None, icon="visibility", id="action_preview"),
            ImageButton("Search", None, icon="search", id="action_search"),
        ], overflow=lambda: self.open_menu("main"), id="toolbar")
        return Column(bar, editor_view(value, self.set_tab_text),
                      text_actions_bar(self, actions, value, self.set_tab_text),
                      Tabs(TABS, self.tab, self.select_tab, id="bottom_navigation_bar", icons=TAB_ICONS))

    def build(self) -> View:
        if self.tab in (1, 2):
            return self.build_tab_editor()
        fs = self.system.fs
        rows = []
        for path, is_dir in self.entries(self.folder):
            stat = fs.stat(path)
            when = dt.datetime.fromtimestamp(stat.st_mtime, dt.timezone.utc) if stat else None
            rows.append(ListItem(posixpath.basename(path), f"{when:%d.%m.%y %H:%M}" if when else "",
                                 lambda p=path, d=is_dir: self.tapped(p, d), id="opoc_filesystem_item__root",
                                 title_id="opoc_filesystem_item__title",
                                 summary_id="opoc_filesystem_item__description", icon="folder" if is_dir else "note",
                                 on_long_click=lambda p=path: self.toggle(p), selected=path in self.selected))
        if self.selected:  # the fragment's selection items on the same toolbar (filesystem__menu.xml)
            single = [ImageButton("Rename", self.ask_rename, icon="edit", id="action_rename_selected_item")] \
                if len(self.selected) == 1 else []
            actions = [*single, ImageButton("Details", None, icon="info", id="action_info_selected_item"),
                       ImageButton("Delete", self.ask_delete, icon="delete", id="action_delete_selected_items")]
            overflow = "selection"
        else:
            actions = [ImageButton("Go to", None, icon="folder", id="action_go_to"),
                       ImageButton("Sort by", None, icon="sort", id="action_sort"),
                       ImageButton("Search", None, icon="search", id="action_search")]
            overflow = "main"
        # MainActivity.getFileBrowserTitle: the app's name at the notebook, "> folder" below it, none while selecting
        title = "" if self.selected else "Markor" if self.folder == NOTEBOOK else f"> {posixpath.basename(self.folder)}"
        bar = Toolbar(title, navigate_up=self.go_up if self.folder != NOTEBOOK and not self.selected else None,
                      actions=actions, overflow=lambda: self.open_menu(overflow), id="toolbar")
        listing = Scroll(*rows, id="ui__filesystem_dialog__list", weight=1) if rows else \
            Text("\u00af\\_(\u30c4)_/\u00af", id="empty_hint", weight=1)
        return Frame(
            Column(bar, listing, Tabs(TABS, 0, self.select_tab, id="bottom_navigation_bar", icons=TAB_ICONS)),
            Column(View(weight=1), Row(View(weight=1), ImageButton("Create a new file or folder", self.ask_new,
                                                                    icon="add", id="fab_add_new_item", width=56,
                                                                    height=56, style="fab"), height=72),
                   View(height=56)),
        )

    # -- browsing and selecting ------------------------------------------------------------------

    def tapped(self, path: str, is_dir: bool) -> None:
        if self.selected:
            self.toggle(path)
        elif is_dir:
            self.folder = path
            self.view_state.clear()
        else:
            self.start(DocumentActivity, path=path)

    def toggle(self, path: str) -> None:
        toggle_selection(self.selected, path)

    def clear_selection(self) -> None:
        self.selected = []

    def go_up(self) -> None:
        self.folder = posixpath.dirname(self.folder)

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.tab:  # back on another page returns to the notebook
            self.tab = 0
            return True
        if self.selected:
            self.selected = []
            return True
        if self.folder != NOTEBOOK:
            self.go_up()
            return True
        return False

    def menu_items(self, name: str):
        if name == "selection":
            share = [("Share", self.share_selected)] if not any(self.system.fs.isdir(p) for p in self.selected) \
                else []
            return [("Move", self.ask_move), ("Copy", self.close_menu), ("Create shortcut", self.close_menu), *share]
        return [("Import from device", self.close_menu), ("Settings", self.close_menu)]

    # -- dialogs -------------------------------------------------------------------------------------

    def ask_new(self) -> None:
        self.fields = {"new_file_dialog__name": "", "new_file_dialog__ext": ".md"}
        self.dialog = "new"
        self.request_focus("new_file_dialog__name")

    def ask_delete(self) -> None:
        self.close_menu()
        self.dialog = "delete"

    def ask_rename(self) -> None:
        self.close_menu()
        if len(self.selected) == 1:
            self.fields = {"new_name": posixpath.basename(self.selected[0])}
            self.dialog = "rename"
            self.request_focus("new_name")

    def ask_move(self) -> None:
        self.close_menu()
        self.browse = NOTEBOOK
        self.dialog = "move"

    def build_dialog(self, name: str) -> View:
        cancel = Button("Cancel", self.cancel, id="android:id/button2")
        if name == "new":
            # new_file_dialog.xml: no title; "Name" labels the name field (hint my_note), the extension's hint .md
            return Dialog("", Text("Name"), Row(self.field("new_file_dialog__name", hint="my_note", weight=1),
                                                self.field("new_file_dialog__ext", hint=".md", width=96)),
                          Text("Type"), Text("Template"),
                          buttons=[Button("Folder", self.create_folder, id="android:id/button3"), View(weight=1),
                                   cancel, Button("OK", self.create_file, id="android:id/button1")])
        if name == "delete":
            names = "\n".join(posixpath.basename(p) for p in self.selected)
            what = "Document" if len(self.selected) == 1 else "Documents"
            return Dialog("Confirm Delete", Text(f"Do you really want to delete this {what}?\n\n{names}",
                                                 id="android:id/message"),
                          buttons=[cancel, Button("OK", self.delete_selected, id="android:id/button1")])
        if name == "rename":
            return Dialog("Rename", self.field("new_name", hint="Name"),
                          buttons=[cancel, Button("OK", self.rename, id="android:id/button1")])
        if name == "move":
            folders = [p for p, is_dir in self.entries(self.browse) if is_dir]
            up = [ListItem("..", "", lambda: setattr(self, "browse", posixpath.dirname(self.browse)),
                           id="opoc_filesystem_item__root", title_id="opoc_filesystem_item__title", icon="folder")] \
                if self.browse != NOTEBOOK else []
            rows = [ListItem(posixpath.basename(p), "", lambda p=p: setattr(self, "browse", p),
                             id="opoc_filesystem_item__root", title_id="opoc_filesystem_item__title", icon="folder")
                    for p in folders]
            shown = "Markor" + self.browse[len(NOTEBOOK):]
            # opoc_filesystem_dialog.xml: a DialogFragment of its own, not an AlertDialog
            return Column(Text(shown, id="ui__filesystem_dialog__title", style="dialog-title"),
                          Scroll(*up, *rows, id="ui__filesystem_dialog__list", height=360),
                          Row(View(weight=1), Button("Cancel", self.cancel, id="ui__filesystem_dialog__button_cancel"),
                              Button("OK", self.move_selected, id="ui__filesystem_dialog__button_ok"),
                              id="ui__filesystem_dialog__buttons", height=56),
                          id="ui__filesystem_dialog__root", style="dialog", padding=24)
        return share_dialog(self, name)

    def cancel(self) -> None:
        self.close_dialog()

    def close_dialog(self) -> None:
        """Dismiss the dialog; its field's keyboard goes with it."""
        self.dialog = None
        self.system.clear_focus(self)

    def create_file(self) -> None:
        name = self.fields.get("new_file_dialog__name", "").strip()
        if not name or "/" in name:
            return
        if not has_text_extension(name):  # an emptied extension field makes a file without one
            name += self.fields.get("new_file_dialog__ext", "").strip()
        path = posixpath.join(self.folder, name)
        if not self.system.fs.exists(path):
            self.system.fs.write(path, b"")
        self.close_dialog()
        self.start(DocumentActivity, path=path)

    def create_folder(self) -> None:
        name = self.fields.get("new_file_dialog__name", "").strip()
        if name and "/" not in name:
            self.system.fs.mkdirs(posixpath.join(self.folder, name))
            self.close_dialog()

    def delete_selected(self) -> None:
        for path in self.selected:
            self.system.fs.remove(path)
        self.selected, self.dialog = [], None

    def rename(self) -> None:
        new = self.fields.get("new_name", "").strip()
        old = self.selected[0]
        target = posixpath.join(posixpath.dirname(old), new)
        if not new or "/" in new or (target != old and self.system.fs.exists(target)):
            return
        self.system.fs.move(old, target)
        self.selected = []
        self.close_dialog()

    def move_selected(self) -> None:
        for path in self.selected:
            target = posixpath.join(self.browse, posixpath.basename(path))
            into_itself = (self.browse + "/").startswith(path + "/")  # a folder cannot move into itself
            if target != path and not into_itself and not self.system.fs.exists(target):
                self.system.fs.move(path, target)
        self.selected, self.dialog = [], None

    def share_selected(self) -> None:
        self.close_menu()
        if len(self.selected) == 1 and not self.system.fs.isdir(self.selected[0]):
            self.sharing = self.system.fs.read(self.selected[0]).decode("utf-8", "replace")
            self.dialog = "share"


def share_dialog(activity: Activity, name: str) -> View:
    """Android's share sheet for text: the apps that take ``SEND`` of ``text/plain``."""
    targets = [app for app in activity.system.apps.values() if getattr(app, "shares_text", False)]
    rows = [ListItem(app.label, "", lambda a=app: share_to(activity, a), id="android:id/text1", icon=app.icon)
            for app in targets]
    return Dialog("Share", *rows, buttons=[Button("Cancel", lambda: setattr(activity, "dialog", None),
                                                  id="android:id/button2")])


def share_to(activity: Activity, app: App) -> None:
    activity.dialog = None
    text = getattr(activity, "sharing", "")
    intent = Intent(action="android.intent.action.SEND", extras={"android.intent.extra.TEXT": text})
    app.handle_intent(intent, "text/plain")


class DocumentActivity(Activity):
    """The editor: the note's whole text in one field; leaving (back, up) saves it."""

    name = DOCUMENT_ACTIVITY

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        path = intent.extras["path"]
        fs = app.system.fs
        self.fields = {"document__fragment__edit__highlighting_editor":
                       fs.read(path).decode("utf-8", "replace") if fs.exists(path) else ""}
        self.saved = self.fields["document__fragment__edit__highlighting_editor"]
        self.sharing = ""

    @property
    def path(self) -> str:
        return self.intent.extras["path"]

    def build(self) -> View:
        value = self.fields[EDITOR]
        editor = editor_view(value, self.set_text)
        actions = TODO_ACTIONS if self.path.lower().endswith("todo.txt") else MARKDOWN_ACTIONS
        # document__edit__menu.xml: Undo, Redo, View mode, Save and Search shown; Share (a submenu) in the overflow
        return Column(Toolbar(posixpath.basename(self.path), navigate_up=self.leave, actions=[
            ImageButton("Undo", None, icon="undo", id="action_undo"),
            ImageButton("Redo", None, icon="redo", id="action_redo"),
            ImageButton("View mode", None, icon="visibility", id="action_preview"),
            ImageButton("Save", self.save, icon="save", id="action_save"),
            ImageButton("Search", None, icon="search", id="action_search"),
        ], overflow=lambda: self.open_menu("more"), id="toolbar"), editor,
            text_actions_bar(self, actions, value, self.set_text))

    def set_text(self, value: str) -> None:
        self.fields[EDITOR] = value

    def menu_items(self, name: str):
        if name == "share":
            return [("Plain Text", self.share), ("File", self.close_menu), ("HTML", self.close_menu)]
        return [("File settings", self.close_menu), ("Format", self.close_menu),
                ("Share", lambda: self.open_menu("share")), ("Tools", self.close_menu), ("Info", self.close_menu),
                ("Reload", self.close_menu)]

    def save(self) -> None:
        text = self.fields["document__fragment__edit__highlighting_editor"]
        if text != self.saved or not self.system.fs.exists(self.path):
            self.system.fs.write(self.path, text.encode())
            self.saved = text
            self.log("Markor", f"saved {self.path}")

    def leave(self) -> None:
        self.save()
        self.finish()

    def on_back(self) -> bool:
        if super().on_back():
            return True
        self.leave()
        return True

    def share(self) -> None:
        self.close_menu()
        self.save()
        self.sharing = self.fields["document__fragment__edit__highlighting_editor"]
        self.dialog = "share"

    def build_dialog(self, name: str) -> View:
        return share_dialog(self, name)


class MarkorApp(App):
    package = PACKAGE
    label = "Markor"
    icon = "note"
    activities = (MainActivity, DocumentActivity)
    uid = 10069

    def install(self) -> None:
        self.system.fs.mkdirs(NOTEBOOK)


__all__ = ["NOTEBOOK", "DocumentActivity", "MainActivity", "MarkorApp"]
