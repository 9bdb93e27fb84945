"""Google Drive (``com.google.android.apps.docs``): My Drive and its folders, upload, share, move, rename, offline,
comments, search, trash and the theme setting.

One activity, as Drive's navigation UI: "My Drive" lists the account's folders then files; a row's "More actions"
menu shares (people by email), makes it available offline, renames, moves (a folder list, then "Move here") or
removes it (to the trash); a file opens its preview, whose "Add comment" button comments on it. The "New" button
creates a folder or uploads a file from shared storage (a browser of ``/sdcard`` that starts in Downloads: see
:mod:`pytest_mobileagent.android.drive`). Search lists the items whose name contains the query. The navigation
drawer leads to Settings, whose "Theme" dialog sets the theme preference. The account's items are the
simulator's account store; the theme is ``SharedPreferences``.
"""

from __future__ import annotations

import posixpath
import re
from typing import Any

import mobileagent_sim.account as account
from mobileagent_sim.app import Activity, App, Intent, PagedActivity
from mobileagent_sim.views import (
    Button,
    Column,
    Dialog,
    ImageButton,
    ListItem,
    RadioGroup,
    Row,
    Scroll,
    Text,
    Toolbar,
    View,
)
from pytest_mobileagent.android.drive import (
    DOWNLOADS,
    FOLDER_DESC,
    MAIN_ACTIVITY,
    NAVIGATION_ACTIVITY,
    PACKAGE,
    PREFS,
    THEME_KEY,
    THEMES,
    item,
    new_account,
)
from pytest_mobileagent.android.shared_prefs import format_prefs, parse_prefs

Item = dict[str, Any]


def key_of(entry: Item) -> str:
    return f"{entry['folder']}/{entry['name']}"


class Navigation(PagedActivity):
    name = NAVIGATION_ACTIVITY
    exported = True
    first_page = "files"

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        # page: files | search | upload | preview | settings; subject: the folder shown, the folder browsed for
        # upload, the previewed item's key
        self.target = ""  # the item a menu or dialog acts on (its key)

    # -- state -------------------------------------------------------------------------------------

    def items(self) -> list[Item]:
        return [i for i in account.load(self.app, new_account)["items"] if not i["trashed"]]

    def change(self, key: str, edit: Any) -> None:
        state = account.load(self.app, new_account)
        for entry in state["items"]:
            if key_of(entry) == key and not entry["trashed"]:
                edit(entry)
        account.save(self.app, state)

    def add(self, entry: Item) -> None:
        state = account.load(self.app, new_account)
        state["items"].append(entry)
        account.save(self.app, state)

    def prefs(self) -> dict[str, Any]:
        fs = self.system.fs
        return parse_prefs(fs.read(PREFS)) if fs.exists(PREFS) else {}

    def set_theme(self, label: str) -> None:
        prefs = self.prefs()
        prefs[THEME_KEY] = THEMES[label]
        self.system.fs.write(PREFS, format_prefs(prefs))
        self.dialog = None

    # -- navigation ----------------------------------------------------------------------------------

    def open_search(self) -> None:
        self.go("search")
        self.fields["search_text"] = ""
        self.request_focus("search_text")

    def open_item(self, entry: Item) -> None:
        if entry["kind"] == "folder":
            self.go("files", entry["name"])
        else:
            self.go("preview", key_of(entry))

    # -- screens ---------------------------------------------------------------------------------------

    def build(self) -> View:
        if self.page == "search":
            return self.build_search()
        if self.page == "upload":
            return self.build_upload()
        if self.page == "preview":
            return self.build_preview()
        if self.page == "settings":
            theme = next((k for k, v in THEMES.items() if v == self.prefs().get(THEME_KEY, "system")), "")
            return Column(Toolbar("Settings", navigate_up=self.on_back),
                          ListItem("Theme", theme, on_click=lambda: setattr(self, "dialog", "theme"), id="theme"),
                          ListItem("Notifications", id="notifications"), View(weight=1))
        folder = self.subject
        top = (Toolbar(folder, navigate_up=self.on_back) if folder else
               Row(ImageButton("Open navigation drawer", lambda: self.open_menu("drawer"), icon="menu",
                               id="drawer_button"),
                   Text("Search in Drive", id="search_bar_text", clickable=True, focusable=True,
                        on_click=self.open_search, weight=1, height=48, style="searchbar"),
                   id="toolbar", height=64, style="toolbar"))
        entries = [i for i in self.items() if i["folder"] == folder]
        entries.sort(key=lambda i: (i["kind"] != "folder", i["name"].lower()))
        body = (Scroll(*[self.row(i) for i in entries], id="doclist", weight=1) if entries else
                Text("No files here yet", id="empty_view", weight=1))
        return Column(top, Text(folder or "My Drive", id="title", style="caption", height=32), body,
                      Row(View(weight=1), Button("New", lambda: setattr(self, "dialog", "new"), id="branded_fab",
                                                 style="fab", icon="add", width=112, height=64), height=72))

    def row(self, entry: Item) -> View:
        summary = "Folder" if entry["kind"] == "folder" else ("Available offline" if entry["offline"] else "")
        return Row(
            Column(Text(entry["name"], id="entry_label", style="item-title", height=32,
                        desc=FOLDER_DESC.format(name=entry["name"]) if entry["kind"] == "folder" else ""),
                   Text(summary, id="entry_summary", style="item-summary", height=24), weight=1,
                   clickable=True, focusable=True, on_click=lambda: self.open_item(entry)),
            ImageButton(f"More actions for {entry['name']}", lambda: self.actions(key_of(entry)), icon="more_vert",
                        id="more_actions_button"),
            height=72, padding=8)

    def build_search(self) -> View:
        query = self.fields.get("search_text", "").strip().lower()
        found = [i for i in self.items() if query and query in i["name"].lower()] if self.view_state.get("done") \
            else []
        return Column(
            Row(ImageButton("Navigate up", self.on_back, icon="arrow_back"),
                self.field("search_text", hint="Search in Drive", weight=1, on_submit=self.submit_search),
                id="search_bar", height=64, style="toolbar"),
            Scroll(*[self.row(i) for i in found], id="doclist", weight=1) if found else View(weight=1))

    def submit_search(self) -> None:
        self.view_state["done"] = True
        self.system.clear_focus(self)

    def build_preview(self) -> View:
        entry = next((i for i in self.items() if key_of(i) == self.subject), None)
        if entry is None:
            return Column(Toolbar("", navigate_up=self.on_back), View(weight=1))
        return Column(
            Toolbar(entry["name"], navigate_up=self.on_back, actions=[
                ImageButton("Add comment", lambda: self.ask("comment", self.subject), icon="add_comment:outlined",
                            id="comment_button")]),
            View(cls="android.widget.ImageView", desc=f"Preview of {entry['name']}", id="preview", weight=1),
            *[Text(c, id="comment_text", height=40) for c in entry["comments"]],
        )

    def build_upload(self) -> View:
        fs = self.system.fs
        folder = self.subject
        names = sorted(fs.listdir(folder), key=str.lower) if fs.isdir(folder) else []
        rows = []
        for name in names:
            path = posixpath.join(folder, name)
            if name.startswith("."):
                continue
            rows.append(ListItem(name, "Folder" if fs.isdir(path) else "", id="upload_entry",
                                 on_click=lambda p=path: self.pick(p)))
        return Column(Toolbar(posixpath.basename(folder) or "Internal storage", navigate_up=self.on_back),
                      Scroll(*rows, id="dir_list", weight=1))

    def pick(self, path: str) -> None:
        if self.system.fs.isdir(path):
            self.go("upload", path)
            return
        while self.page == "upload":
            self.on_back()
        self.add(item(posixpath.basename(path), self.subject))
        self.toast(f"Uploading {posixpath.basename(path)}")

    # -- actions ---------------------------------------------------------------------------------------

    def actions(self, key: str) -> None:
        self.target = key
        self.open_menu("item")

    def ask(self, dialog: str, key: str) -> None:
        self.menu = None
        self.target = key
        self.dialog = dialog
        entry = next((i for i in self.items() if key_of(i) == key), None)
        if dialog == "rename" and entry:
            self.fields["rename"] = entry["name"]
            self.request_focus("rename")
        elif dialog in ("share", "comment"):
            self.fields[dialog] = ""
            self.request_focus(dialog)
        elif dialog == "move":
            self.fields["move_to"] = ""

    def menu_items(self, name: str):
        if name == "drawer":
            return [("Recent", self.close_menu), ("Offline", self.close_menu), ("Trash", self.close_menu),
                    ("Settings", lambda: (self.close_menu(), self.go("settings")))]
        if name == "new":
            return []
        key = self.target
        entry = next((i for i in self.items() if key_of(i) == key), None)
        offline = "Remove offline access" if entry and entry["offline"] else "Make available offline"
        return [("Share", lambda: self.ask("share", key)),
                (offline, lambda: self.toggle_offline(key)),
                ("Rename", lambda: self.ask("rename", key)),
                ("Move", lambda: self.ask("move", key)),
                ("Remove", lambda: self.ask("remove", key))]

    def toggle_offline(self, key: str) -> None:
        self.menu = None
        self.change(key, lambda e: e.__setitem__("offline", not e["offline"]))

    def share(self) -> None:
        emails = [e for e in re.split(r"[\s,;]+", self.fields.get("share", "")) if e]
        if not emails:
            return
        self.change(self.target, lambda e: e.__setitem__("shared", e["shared"] + [m for m in emails
                                                                                  if m not in e["shared"]]))
        self.dialog = None
        self.system.clear_focus(self)

    def rename(self) -> None:
        name = self.fields.get("rename", "").strip()
        if name:
            self.edit_tree(lambda entry: entry.__setitem__("name", name),
                           lambda child: child.__setitem__("folder", name))
            self.dialog = None
            self.system.clear_focus(self)

    def move_here(self) -> None:
        destination = self.fields.get("move_to", "")
        self.change(self.target, lambda e: e.__setitem__("folder", destination))
        self.dialog = None

    def remove(self) -> None:
        self.edit_tree(lambda entry: entry.__setitem__("trashed", True),
                       lambda child: child.__setitem__("trashed", True))
        self.dialog = None
        self.toast("Moved to trash")

    def edit_tree(self, edit: Any, edit_child: Any) -> None:
        """Apply ``edit`` to the target item and, when it is a folder, ``edit_child`` to what it holds."""
        state = account.load(self.app, new_account)
        live = [i for i in state["items"] if not i["trashed"]]
        target = next(i for i in live if key_of(i) == self.target)
        if target["kind"] == "folder":
            for child in live:
                if child["folder"] == target["name"]:
                    edit_child(child)
        edit(target)
        account.save(self.app, state)

    def comment(self) -> None:
        text = self.fields.get("comment", "").strip()
        if text:
            self.change(self.target, lambda e: e["comments"].append(text))
            self.dialog = None
            self.system.clear_focus(self)

    def new_folder(self) -> None:
        name = self.fields.get("folder_name", "").strip()
        if name:
            self.add(item(name, self.subject, kind="folder"))
            self.dialog = None
            self.system.clear_focus(self)

    def build_dialog(self, name: str) -> View:
        cancel = Button("Cancel", lambda: setattr(self, "dialog", None), id="android:id/button2")
        if name == "new":
            def folder() -> None:
                self.dialog = "folder"
                self.fields["folder_name"] = ""
                self.request_focus("folder_name")

            def upload() -> None:
                self.dialog = None
                self.go("upload", posixpath.dirname(DOWNLOADS))  # Back from Downloads: the storage's top
                self.go("upload", DOWNLOADS)

            return Dialog("Create new",
                          Row(*[Button(label, handler, id=rid, weight=1) for label, handler, rid in (
                              ("Google Docs", None, "create_doc"), ("Google Sheets", None, "create_sheet"),
                              ("Google Slides", None, "create_slides"))], height=64),
                          Row(Button("Folder", folder, id="create_folder", weight=1),
                              Button("Upload", upload, id="upload", weight=1),
                              Button("Scan", None, id="scan", weight=1), height=64))
        if name == "folder":
            return Dialog("New folder", self.field("folder_name", hint="Folder name"),
                          buttons=[cancel, Button("Create", self.new_folder, id="android:id/button1")])
        label = self.target.partition("/")[2]
        if name == "share":
            return Dialog(f"Share \"{label}\"", self.field("share", hint="Add people or groups"),
                          buttons=[cancel, Button("Send", self.share, id="android:id/button1")])
        if name == "rename":
            return Dialog("Rename", self.field("rename", hint="Name"),
                          buttons=[cancel, Button("OK", self.rename, id="android:id/button1")])
        if name == "comment":
            return Dialog("Add comment", self.field("comment", hint="Add a comment"),
                          buttons=[cancel, Button("Comment", self.comment, id="android:id/button1")])
        if name == "remove":
            return Dialog(f"Move \"{label}\" to trash?",
                          buttons=[cancel, Button("Move to trash", self.remove, id="android:id/button1")])
        if name == "move":
            chosen = self.fields.get("move_to", "")
            folders = ["", *sorted(i["name"] for i in self.items() if i["kind"] == "folder" and i["folder"] == ""
                                   and i["name"] != label)]
            return Dialog(f"Move \"{label}\"",
                          *[ListItem(f or "My Drive", id="move_destination", selected=f == chosen,
                                     on_click=lambda f=f: self.fields.__setitem__("move_to", f)) for f in folders],
                          buttons=[cancel, Button("Move here", self.move_here, id="android:id/button1")])
        current = next((k for k, v in THEMES.items() if v == self.prefs().get(THEME_KEY, "system")), None)
        return Dialog("Choose theme", RadioGroup(list(THEMES), current, self.set_theme, id="theme_options"),
                      buttons=[cancel])


class Startup(Activity):
    """The launcher entry (AndroidWorld starts it by name): it starts the navigation screen and finishes."""

    name = MAIN_ACTIVITY
    exported = True

    def on_resume(self) -> None:
        if not self.finished:
            self.start(Navigation)
            self.finish()

    def build(self) -> View:
        return View()


class DriveApp(App):
    package = PACKAGE
    label = "Drive"
    icon = "drive"
    activities = (Startup, Navigation)
    uid = 10143
    #: Offered in share sheets for images (Drive's "Upload to Drive" target takes ``SEND`` of ``image/*``).
    shares_images = True

    def handle_intent(self, intent: Intent, mime_type: str = "") -> bool:
        """A shared picture (``SEND`` with ``EXTRA_STREAM``) is uploaded to My Drive, as "Upload to Drive" does
        once its account and folder are confirmed (the simulated account is the only one; My Drive the folder)."""
        path = intent.extras.get("android.intent.extra.STREAM", "")
        if intent.action != "android.intent.action.SEND" or not mime_type.startswith("image/") or not path:
            return False
        state = account.load(self, new_account)
        state["items"].append(item(posixpath.basename(path), ""))
        account.save(self, state)
        self.system.toast(f"Uploading {posixpath.basename(path)}")
        return True


__all__ = ["DriveApp", "Navigation", "Startup"]
