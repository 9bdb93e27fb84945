"""Files (DocumentsUI, ``com.google.android.documentsui``): the system file manager over shared storage.

The state is the files themselves, under ``/storage/emulated/0`` (``/sdcard``). As in
the real app the start screen is "Recent"; the roots drawer ("Show roots") leads to
the categories (Images, Videos, Audio: MediaDocumentsProvider's roots, listing every
file of that type flat rather than by album or artist; Downloads: DownloadStorageProvider's
root over ``Download``) and the device's storage, named after the device model
(``sdk_gphone_x86_64`` on AndroidWorld's emulator image). Opening a root or a folder logs
``DirectoryFragment: Showing directory: <document URI>`` as DocumentsUI's debug builds do.
Long-pressing an item starts selection: the action
bar shows "N selected" with Share and Delete, and its overflow menu has "Select all",
"Copy to…", "Move to…" and "Rename". Copy and move open the picker
(``com.android.documentsui.picker.PickActivity``) on the current folder; its "Move" /
"Copy" button acts on the folder it shows. Strings and menu ids follow DocumentsUI's
resources (``action_menu_delete``, ``Delete "name"?``...).
"""

from __future__ import annotations

import datetime as dt
import mimetypes
import posixpath
from typing import Any
from urllib.parse import quote

from mobileagent_sim.app import Activity, App
from mobileagent_sim.views import (
    ActionModeBar,
    Button,
    Column,
    Dialog,
    ImageButton,
    ListItem,
    Row,
    Scroll,
    Text,
    Toolbar,
    View,
    toggle_selection,
)
from pytest_mobileagent.android.documentsui import (
    CATEGORY_ROOTS,
    DIRECTORY_TAG,
    EXTERNAL_AUTHORITY,
    MAIN_ACTIVITY,
    PACKAGE,
    PICK_ACTIVITY,
    document_uri,
)

STORAGE = "/storage/emulated/0"
#: The storage root's title: the device model of AndroidWorld's emulator image.
STORAGE_LABEL = "sdk_gphone_x86_64"
RECENT = "Recent"
#: How many files "Recent" lists, newest first.
RECENT_LIMIT = 40
#: Where DownloadStorageProvider's root lists from.
DOWNLOAD_DIR = f"{STORAGE}/Download"


def mime_type(path: str) -> str:
    return mimetypes.guess_type(path)[0] or "application/octet-stream"


#: The pictogram of a document by its MIME type, as DocumentsUI's ``IconUtils.loadMimeIcon`` picks its ``ic_doc_*``
#: drawable (a prefix or an exact type; anything else is ``ic_doc_generic``).
MIME_ICONS = (("image/", "image"), ("video/", "video_file"), ("audio/", "audio_file"),
              ("application/pdf", "picture_as_pdf"), ("text/", "description"),
              ("application/zip", "folder_zip"), ("application/vnd.android.package-archive", "android"))
#: The drawer's roots (Recent, the media and downloads roots, the phone's storage) and their icons.
ROOT_ICONS = {"recent": "schedule", "phone": "smartphone", "images_root": "image", "videos_root": "videocam",
              "audio_root": "audiotrack", "downloads": "download"}


def document_icon(path: str, is_dir: bool) -> str:
    """The icon of a file or folder row."""
    if is_dir:
        return "folder"
    mime = mime_type(path)
    return next((icon for prefix, icon in MIME_ICONS if mime.startswith(prefix)), "draft")


def human_size(size: int) -> str:
    """Android's ``Formatter.formatFileSize`` style: ``812 B``, ``1.2 kB``, ``3.4 MB``."""
    value = float(size)
    for unit in ("B", "kB", "MB", "GB"):
        if value < 1000 or unit == "GB":
            return f"{int(value)} {unit}" if unit == "B" else f"{value:.1f} {unit}" if value < 100 else \
                f"{value:.0f} {unit}"
        value /= 1000
    raise AssertionError("unreachable")


class Browser(Activity):
    """What the file manager and its picker share: a roots drawer, a breadcrumb and a folder listing.

    ``folder`` is a device path under :data:`STORAGE`, or ``None`` for "Recent".
    """

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.folder: str | None = intent.extras.get("folder")
        #: A category root's document id (``images_root``...), shown instead of a folder.
        self.root: str | None = None
        self.drawer = False
        self.opening = ""  # the document an "Open with" chooser is about
        self.chosen = ""

    # -- data ----------------------------------------------------------------------

    def entries(self) -> list[tuple[str, bool]]:
        """(device path, is folder) of what the current location lists: folders first, then by name."""
        fs = self.system.fs
        if self.root is not None:
            return self.root_entries(self.root)
        if self.folder is None:
            files = [p for p in fs.walk_files(STORAGE) if "/Android/" not in p and "/." not in p]
            files.sort(key=lambda p: (-(fs.stat(p).st_mtime if fs.stat(p) else 0), p))
            return [(p, False) for p in files[:RECENT_LIMIT]]
        if not fs.isdir(self.folder):
            return []
        paths = [posixpath.join(self.folder, n) for n in fs.listdir(self.folder) if not n.startswith(".")]
        return sorted(((p, fs.isdir(p)) for p in paths), key=lambda e: (not e[1], posixpath.basename(e[0]).lower()))

    def root_entries(self, root_id: str) -> list[tuple[str, bool]]:
        """What a category root lists: the files of its MIME type by name, or the Download folder's contents."""
        fs = self.system.fs
        prefix = next(p for _, _, rid, p in CATEGORY_ROOTS if rid == root_id)
        if not prefix:
            if not fs.isdir(DOWNLOAD_DIR):
                return []
            paths = [posixpath.join(DOWNLOAD_DIR, n) for n in fs.listdir(DOWNLOAD_DIR) if not n.startswith(".")]
            return sorted(((p, fs.isdir(p)) for p in paths), key=lambda e: (not e[1], posixpath.basename(e[0]).lower()))
        files = [p for p in fs.walk_files(STORAGE) if "/Android/" not in p and "/." not in p
                 and mime_type(p).startswith(prefix)]
        return [(p, False) for p in sorted(files, key=lambda p: posixpath.basename(p).lower())]

    def summary(self, path: str, is_dir: bool) -> str:
        stat = self.system.fs.stat(path)
        if stat is None:
            return ""
        when = dt.datetime.fromtimestamp(stat.st_mtime, dt.timezone.utc)
        day = f"{when:%b} {when.day}"
        return day if is_dir else f"{human_size(stat.st_size)}, {day}"

    def title(self) -> str:
        if self.root is not None:
            return next(t for t, _, rid, _ in CATEGORY_ROOTS if rid == self.root)
        if self.folder is None:
            return RECENT
        return STORAGE_LABEL if self.folder == STORAGE else posixpath.basename(self.folder)

    # -- navigation ----------------------------------------------------------------

    def go(self, folder: str | None) -> None:
        self.folder, self.root = folder, None
        self.drawer = False
        self.view_state.clear()  # a new listing starts scrolled to the top
        if folder is not None:
            self.show_directory(document_uri(EXTERNAL_AUTHORITY, "primary:" + folder[len(STORAGE) + 1:]))

    def go_root(self, root_id: str) -> None:
        """Open a category root of the drawer."""
        self.go(None)
        self.root = root_id
        authority = next(a for _, a, rid, _ in CATEGORY_ROOTS if rid == root_id)
        self.show_directory(document_uri(authority, root_id))

    def show_directory(self, uri: str) -> None:
        self.log(DIRECTORY_TAG, f"Showing directory: {uri}", level="D")

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.drawer:
            self.drawer = False
            return True
        if self.folder is not None and self.folder != STORAGE:
            self.go(posixpath.dirname(self.folder))
            return True
        return False

    # -- views ---------------------------------------------------------------------

    def app_bar(self, overflow: Any = None) -> View:
        bar = Toolbar(self.title(), actions=[ImageButton("Search", None, icon="search", id="option_menu_search")],
                      overflow=overflow)
        bar.children.insert(0, ImageButton("Show roots", self.open_drawer, icon="menu"))
        return bar

    def open_drawer(self) -> None:
        self.drawer = True

    def breadcrumb(self) -> View | None:
        if self.folder is None or self.root is not None:
            return None
        segments = [s for s in self.folder[len(STORAGE):].split("/") if s]
        parts = [STORAGE] + [posixpath.join(STORAGE, *segments[:i + 1]) for i in range(len(segments))]
        crumbs: list[View | None] = []
        for i, path in enumerate(parts):
            label = STORAGE_LABEL if path == STORAGE else posixpath.basename(path)
            if i:
                crumbs.append(Text("›", style="item-summary", width=16))
            crumbs.append(Button(label, lambda p=path: self.go(p), id="breadcrumb_text", style="flat"))
        return Row(*crumbs, id="horizontal_breadcrumb", cls="androidx.recyclerview.widget.RecyclerView", height=48)

    def listing(self, selected: list[str] | None = None, pickable: bool = False) -> View:
        rows = []
        for path, is_dir in self.entries():
            name = posixpath.basename(path)
            rows.append(ListItem(
                name, self.summary(path, is_dir), self.item_clicked(path, is_dir),
                id="item_root", icon=document_icon(path, is_dir), selected=bool(selected and path in selected),
                on_long_click=None if pickable else (lambda p=path: self.item_long_pressed(p)),
                enabled=is_dir or not pickable,
            ))
        if not rows:
            return Text("No items", id="message", style="item-summary", weight=1)
        return Scroll(*rows, id="dir_list", weight=1)

    def item_clicked(self, path: str, is_dir: bool) -> Any:
        return (lambda: self.go(path)) if is_dir else (lambda: self.open_file(path))

    def item_long_pressed(self, path: str) -> None:
        """Only the file manager selects."""

    def open_file(self, path: str) -> None:
        """Hand the document to an app through an implicit VIEW intent (the file manager opens nothing itself)."""
        mime = mime_type(path)
        handlers = [app.label for app in self.system.apps.values()
                    if getattr(app, "views_mime", None) and any(mime.startswith(m) for m in app.views_mime)]
        if not handlers:
            self.toast("Can’t open file")
            return
        self.opening, self.chosen = path, ""
        self.dialog = "open_with"

    def build_dialog(self, name: str) -> View:
        if name != "open_with":
            return super().build_dialog(name)
        mime = mime_type(self.opening)
        apps = [(app.label, app.package) for app in self.system.apps.values()
                if getattr(app, "views_mime", None) and any(mime.startswith(m) for m in app.views_mime)]
        items = [ListItem(label, "", lambda label=label: self.choose(label), id="android:id/text1",
                          selected=label == self.chosen, icon=f"app:{package}") for label, package in apps]
        return Dialog("Open with", *items, buttons=[
            Button("Just once", self.open_chosen, id="android:id/button_once", enabled=bool(self.chosen)),
            Button("Always", self.open_chosen, id="android:id/button_always", enabled=bool(self.chosen))])

    def choose(self, label: str) -> None:
        self.chosen = label

    def open_chosen(self) -> None:
        from mobileagent_sim.app import Intent

        self.dialog = None
        rel = self.opening[len(STORAGE) + 1:]
        uri = "content://com.android.externalstorage.documents/document/primary%3A" + quote(rel, safe="")
        self.system.start_intent(Intent(action="android.intent.action.VIEW", data=uri,
                                        extras={"chooser_pick": self.chosen}), mime_type(self.opening))

    def roots_drawer(self) -> View:
        roots = [(RECENT, None, "recent"), (STORAGE_LABEL, STORAGE, "phone")]
        items = [ListItem(label, "" if folder is None else "Internal storage", lambda f=folder: self.go(f),
                          icon=ROOT_ICONS[icon], selected=self.folder == folder and self.root is None)
                 for label, folder, icon in roots]
        # a root's row has no id of its own (AOSP ``item_root.xml``); its texts are android:id/title and summary
        categories = [ListItem(title, "", lambda r=rid: self.go_root(r), icon=ROOT_ICONS[rid],
                               selected=self.root == rid) for title, _, rid, _ in CATEGORY_ROOTS]
        return Row(
            Column(Text("Files", style="title", height=64), items[0], *categories, items[1], id="roots_list",
                   width=300, style="drawer"),
            View(weight=1, clickable=True, on_click=self.close_drawer, desc="Hide roots"),
            id="drawer_roots",
        )

    def close_drawer(self) -> None:
        self.drawer = False

    def with_drawer(self, screen: View) -> View:
        """The screen, or the open drawer alone: DrawerLayout hides the content from accessibility while open."""
        return self.roots_drawer() if self.drawer else screen


class FilesActivity(Browser):
    """The file manager: browse, select, delete, and hand copy/move to the picker."""

    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.selected: list[str] = []

    def build(self) -> View:
        if self.selected:
            n = len(self.selected)
            bar = ActionModeBar(n, [
                ImageButton("Share", None, icon="share", id="action_menu_share"),
                ImageButton("Delete", self.ask_delete, icon="delete", id="action_menu_delete"),
            ], self.clear_selection, overflow=lambda: self.open_menu("selection"), done_id="action_mode_close_button")
        else:
            bar = self.app_bar(overflow=lambda: self.open_menu("folder"))
        return self.with_drawer(Column(bar, self.breadcrumb(), self.listing(self.selected)))

    def item_clicked(self, path: str, is_dir: bool) -> Any:
        if self.selected:
            return lambda: self.toggle(path)
        return super().item_clicked(path, is_dir)

    def item_long_pressed(self, path: str) -> None:
        self.toggle(path)

    def toggle(self, path: str) -> None:
        toggle_selection(self.selected, path)

    def clear_selection(self) -> None:
        self.selected = []

    def go(self, folder: str | None) -> None:
        super().go(folder)
        self.selected = []

    def on_back(self) -> bool:
        if self.selected and not (self.menu or self.dialog):
            self.selected = []
            return True
        return super().on_back()

    def on_resume(self) -> None:
        fs = self.system.fs
        self.selected = [p for p in self.selected if fs.exists(p)]

    # -- menus and dialogs -----------------------------------------------------------

    def menu_items(self, name: str):
        if name == "selection":
            return [("Select all", self.select_all), ("Copy to…", lambda: self.pick("copy")),
                    ("Move to…", lambda: self.pick("move")), ("Rename", self.ask_rename)]
        return [("New folder", self.ask_new_folder), ("Select all", self.select_all)]

    def select_all(self) -> None:
        self.close_menu()
        self.selected = [p for p, _ in self.entries()]

    def pick(self, operation: str) -> None:
        self.close_menu()
        sources, self.selected = list(self.selected), []
        self.start(PickActivity, operation=operation, sources=sources,
                   folder=self.folder or posixpath.dirname(sources[0]))

    def ask_delete(self) -> None:
        self.dialog = "delete"

    def ask_rename(self) -> None:
        self.close_menu()
        if len(self.selected) == 1:
            self.fields = {"name": posixpath.basename(self.selected[0])}
            self.dialog = "rename"
            self.request_focus("name")

    def ask_new_folder(self) -> None:
        self.close_menu()
        self.fields = {"name": ""}
        self.dialog = "new_folder"
        self.request_focus("name")

    def build_dialog(self, name: str) -> View:
        if name == "open_with":
            return super().build_dialog(name)
        if name == "delete":
            return Dialog("", Text(self.delete_message(), id="android:id/message", style="dialog-body"),
                          buttons=self.buttons(self.delete_selected))
        if name == "rename":
            return Dialog("Rename", self.field("name", hint="Name"), buttons=self.buttons(self.rename))
        return Dialog("New folder", self.field("name", hint="Folder name"), buttons=self.buttons(self.new_folder))

    def buttons(self, on_ok: Any) -> list[View]:
        return [Button("Cancel", self.cancel, id="android:id/button2"), Button("OK", on_ok, id="android:id/button1")]

    def cancel(self) -> None:
        self.dialog = None

    def delete_message(self) -> str:
        """DocumentsUI's confirmation: the name for one item, a count for several."""
        fs = self.system.fs
        dirs = [p for p in self.selected if fs.isdir(p)]
        if len(self.selected) == 1:
            name = posixpath.basename(self.selected[0])
            return f'Delete folder "{name}" and its contents?' if dirs else f'Delete "{name}"?'
        n = len(self.selected)
        if len(dirs) == n:
            return f"Delete {n} folders and their contents?"
        return f"Delete {n} files?" if not dirs else f"Delete {n} items?"

    def delete_selected(self) -> None:
        for path in self.selected:
            self.system.fs.remove(path)
        n = len(self.selected)
        self.log("DocumentsUI", f"Deleted {n} document(s)")
        self.toast(f"Deleting {n} file." if n == 1 else f"Deleting {n} files.")
        self.selected = []
        self.dialog = None

    def rename(self) -> None:
        new = self.fields.get("name", "").strip()
        old = self.selected[0]
        target = posixpath.join(posixpath.dirname(old), new)
        if not new or "/" in new:
            return
        if target != old and self.system.fs.exists(target):
            self.toast("A file with this name already exists.")
            return
        self.system.fs.move(old, target)
        self.selected = []
        self.dialog = None

    def new_folder(self) -> None:
        new = self.fields.get("name", "").strip()
        if not new or "/" in new or self.folder is None:
            return
        self.system.fs.mkdirs(posixpath.join(self.folder, new))
        self.dialog = None


class PickActivity(Browser):
    """The picker of "Copy to…" / "Move to…": browse to a folder and press the operation's button. Started with
    ``GET_CONTENT`` (operation ``get_content``, an app's "Attach file"), it picks a file instead: tapping one
    finishes the picker and hands the file's path to the ``caller`` package's activity below
    (its ``on_activity_result``)."""

    name = PICK_ACTIVITY

    def item_clicked(self, path: str, is_dir: bool) -> Any:
        if self.intent.extras.get("operation") == "get_content" and not is_dir:
            return lambda: self.deliver(path)
        return super().item_clicked(path, is_dir)

    def deliver(self, path: str) -> None:
        """Return ``path`` to the activity that asked for content, as ``setResult`` + ``finish`` do."""
        self.finish()
        caller = self.system.foreground()
        if caller is not None and caller.app.package == self.intent.extras.get("caller"):
            receive = getattr(caller, "on_activity_result", None)
            if receive is not None:
                receive(path)
                self.system.invalidate()

    def build(self) -> View:
        operation = self.intent.extras.get("operation", "copy")
        if operation == "get_content":
            return self.with_drawer(Column(self.app_bar(), self.breadcrumb(), self.listing()))
        label = "Move" if operation == "move" else "Copy"
        can_act = self.folder is not None and any(posixpath.dirname(s) != self.folder
                                                  for s in self.intent.extras.get("sources", []))
        footer = Row(View(weight=1), Button("Cancel", self.finish, id="android:id/button2"),
                     Button(label, self.act, id="android:id/button1", enabled=can_act),
                     id="container_save", height=64)
        return self.with_drawer(Column(self.app_bar(), self.breadcrumb(), self.listing(pickable=True), footer))

    def on_back(self) -> bool:
        if super().on_back():
            return True
        self.finish()
        return True

    def act(self) -> None:
        if self.folder is None:
            return
        fs = self.system.fs
        operation = self.intent.extras.get("operation", "copy")
        sources = [s for s in self.intent.extras.get("sources", []) if fs.exists(s)]
        for src in sources:
            dst = posixpath.join(self.folder, posixpath.basename(src))
            into_itself = (self.folder + "/").startswith(src + "/")  # DocumentsUI refuses a folder into itself
            if dst == src or into_itself or fs.exists(dst):
                continue
            if operation == "move":
                fs.move(src, dst)
            elif fs.isdir(src):
                for f in fs.walk_files(src):
                    fs.write(dst + f[len(src):], fs.read(f))
            else:
                fs.write(dst, fs.read(src))
        verb = "Moving" if operation == "move" else "Copying"
        n = len(sources)
        self.log("DocumentsUI", f"{verb} {n} document(s) to {self.folder}")
        self.toast(f"{verb} {n} file." if n == 1 else f"{verb} {n} files.")
        self.finish()


class FilesApp(App):
    package = PACKAGE
    label = "Files"
    icon = "folder"
    activities = (FilesActivity, PickActivity)
    uid = 10041


__all__ = ["STORAGE", "STORAGE_LABEL", "FilesActivity", "FilesApp", "PickActivity"]
