"""Google Photos (``com.google.android.apps.photos``): the device's photos, one photo at a time, and the Trash.

``HomeActivity`` has the bottom navigation of Photos (Photos, Search, Library). "Photos" is the grid of the
pictures under ``/sdcard/DCIM`` and ``/sdcard/Pictures``, newest first, each an ImageView described as the app
describes it ("Photo taken on Oct 5, 2023 3:04:05 PM"); a tap opens ``HostPhotoPagerActivity``. "Library" has
the utility buttons (Favorites, Archive, Trash) above the device folders; "Trash" opens ``TrashPhotosActivity``.
The simulated account is signed out and nothing has been deleted, so the Trash is empty. A photo's "Share" opens
Android's share sheet for an image (``SEND`` of ``image/jpeg``): the installed apps that take it (Drive uploads
it). Not simulated: backup, editing, Photos' own partner sharing and links, albums' contents, search results.
"""

from __future__ import annotations

import datetime as dt
import functools
import posixpath
from typing import Any

import mobileagent_sim.account as account
from mobileagent_sim.app import Activity, App, Intent, PagedActivity
from mobileagent_sim.views import (
    Button,
    Column,
    Dialog,
    EditText,
    Image,
    ImageButton,
    ListItem,
    Row,
    Scroll,
    Switch,
    Tabs,
    Text,
    Toolbar,
    View,
)
from pytest_mobileagent.android.media import date_taken
from pytest_mobileagent.android.photos import (
    IMAGE_SUFFIXES,
    MAIN_ACTIVITY,
    PACKAGE,
    PAGER_ACTIVITY,
    PHOTO_DIRS,
    SHARE_APP_ITEM,
    STORAGE_USED,
    TRASH_ACTIVITY,
    TRASH_DAYS,
    TRASHED_PREFIX,
    new_account,
)

TABS = ("Photos", "Search", "Library")
#: The navigation bar's pictograms (outlined, the selected one filled).
TAB_ICONS = ("photo", "search", "photo_library")
GRID_COLUMNS = 3


def photo_paths(app: App) -> list[str]:
    """The pictures Photos shows, newest first (by :func:`taken_at`, then name)."""
    fs = app.system.fs
    found = [p for d in PHOTO_DIRS if fs.isdir(d) for p in fs.walk_files(d)
             if p.lower().endswith(IMAGE_SUFFIXES) and "/." not in p]
    return sorted(found, key=lambda p: (-taken_at(app, p).timestamp(), p))


def taken_at(app: App, path: str) -> dt.datetime:
    """When a picture was taken, as Photos dates it: MediaProvider's ``date_taken``, the EXIF DateTimeOriginal
    (``ModernMediaScanner`` reads it with ``ExifInterface``), else the file's modification time."""
    fs = app.system.fs
    stat = fs.stat(path)
    if stat is None:
        return dt.datetime.fromtimestamp(0, dt.timezone.utc)
    exif = _exif_taken(fs.host(path), stat.st_mtime_ns, stat.st_size)
    return exif or dt.datetime.fromtimestamp(stat.st_mtime, dt.timezone.utc)


@functools.lru_cache(maxsize=4096)
def _exif_taken(host_path: str, mtime_ns: int, size: int) -> dt.datetime | None:
    """:func:`~pytest_mobileagent.android.media.date_taken` of a file, read once per version of it."""
    return date_taken(host_path)


def image_type(path: str) -> str:
    """The MIME type MediaStore gives a picture by its extension (``image/jpeg`` for ``.jpg``)."""
    ext = posixpath.splitext(path)[1].lower().lstrip(".")
    return f"image/{'jpeg' if ext in ('jpg', 'jpeg') else ext}"


def taken_on(app: App, path: str) -> str:
    """The content description of a photo: ``Photo taken on Oct 5, 2023 3:04:05 PM`` (in UTC, the phone's zone)."""
    when = taken_at(app, path).astimezone(dt.timezone.utc)
    clock = f"{when.hour % 12 or 12}:{when:%M:%S} {'AM' if when.hour < 12 else 'PM'}"
    return f"Photo taken on {when:%b} {when.day}, {when.year} {clock}"


class HomeActivity(PagedActivity):
    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.tab = 0
        # page: over the tabs ("" for none): account, settings, faces, utilities, animation, album
        self.picked: list[str] = []

    def go(self, page: str, subject: str = "") -> None:
        super().go(page, subject)
        self.picked = []

    def build(self) -> View:
        if self.page:
            return getattr(self, f"{self.page}_page")()
        pages = (self.photos_page, self.search_page, self.library_page)
        return Column(
            Row(Text("Photos", id="toolbar_title", style="title", weight=1, height=56),
                ImageButton("Account and settings", lambda: self.go("account"), icon="account_circle:outlined",
                            id="og_apd_ring_view"),
                id="toolbar", height=64, style="toolbar"),
            pages[self.tab](),
            Tabs(TABS, self.tab, self.select, id="navigation_bar",
                 icons=[name + ("" if i == self.tab else ":outlined") for i, name in enumerate(TAB_ICONS)]),
        )

    def select(self, index: int) -> None:
        self.tab = index
        self.view_state.clear()

    # -- account pages -------------------------------------------------------------------------------

    def account_page(self) -> View:
        return Column(Toolbar("Google Photos", navigate_up=self.on_back),
                      Text("user@gmail.com", id="account_name", style="headline"),
                      ListItem("Account storage", STORAGE_USED, id="account_storage"),
                      ListItem("Photos settings", on_click=lambda: self.go("settings"), id="photos_settings"),
                      ListItem("Manage your Google Account", id="manage_account"), View(weight=1))

    def settings_page(self) -> View:
        return Column(Toolbar("Photos settings", navigate_up=self.on_back),
                      ListItem("Backup", "Off", id="backup_settings"),
                      ListItem("Group similar faces", on_click=lambda: self.go("faces"), id="face_grouping_settings"),
                      ListItem("Memories", id="memories_settings"), View(weight=1))

    def faces_page(self) -> View:
        on = account.load(self.app, new_account)["face_grouping"]
        return Column(Toolbar("Group similar faces", navigate_up=self.on_back),
                      Row(Text("Face grouping", id="face_grouping_title", weight=1, height=48),
                          Switch(on, self.toggle_faces, id="face_grouping_switch"), height=64, padding=8),
                      Text("Photos groups similar faces to help you search and organize", style="item-summary"),
                      View(weight=1))

    def toggle_faces(self) -> None:
        state = account.load(self.app, new_account)
        state["face_grouping"] = not state["face_grouping"]
        account.save(self.app, state)

    # -- creations and albums ------------------------------------------------------------------------

    def utilities_page(self) -> View:
        return Column(Toolbar("Utilities", navigate_up=self.on_back),
                      Text("Create new", style="caption", height=40),
                      *[ListItem(label, on_click=handler, id=rid) for label, handler, rid in (
                          ("Movie", None, "create_movie"), ("Animation", lambda: self.go("animation"),
                                                           "create_animation"),
                          ("Collage", None, "create_collage"))], View(weight=1))

    def animation_page(self) -> View:
        cells = [View(cls="android.view.ViewGroup", desc=taken_on(self.app, p), id="photo_cell", clickable=True,
                      focusable=True, checkable=True, checked=p in self.picked, height=120, icon="photo",
                      on_click=lambda p=p: self.pick(p)) for p in photo_paths(self.app)]
        return Column(Toolbar("Select photos", navigate_up=self.on_back, actions=[
                          Button("Create", self.create_animation, id="create_button", width=96,
                                 enabled=len(self.picked) >= 2)]),
                      Text(f"{len(self.picked)} selected", id="selection_count", style="caption", height=32),
                      Scroll(*cells, id="recycler_view", weight=1))

    def pick(self, path: str) -> None:
        self.picked = [p for p in self.picked if p != path] if path in self.picked else [*self.picked, path]

    def create_animation(self) -> None:
        if len(self.picked) < 2:
            return
        state = account.load(self.app, new_account)
        state["creations"].append({"kind": "animation", "photos": list(self.picked)})
        account.save(self.app, state)
        self.toast("Animation saved")
        self.on_back()
        self.on_back()

    def album_page(self) -> View:
        album = next((a for a in account.load(self.app, new_account)["albums"] if a["name"] == self.subject), None)
        photos = album["photos"] if album else []
        return Column(Toolbar(self.subject, navigate_up=self.on_back, actions=[
                          ImageButton("More options", lambda: self.open_menu("album"), icon="more_vert",
                                      id="album_overflow")]),
                      Text(f"{len(photos)} items", id="album_size", style="item-summary", height=32),
                      Scroll(*[View(cls="android.view.ViewGroup", desc=taken_on(self.app, p), id="photo_cell",
                                    height=120, icon="photo") for p in photos], id="recycler_view", weight=1))

    def menu_items(self, name: str):
        return [("Edit album", self.close_menu), ("Delete album", lambda: (self.close_menu(),
                                                                            setattr(self, "dialog", "delete")))]

    def build_dialog(self, name: str) -> View:
        return Dialog("Delete album?", Text("Photos in it stay in your library", id="android:id/message"),
                      buttons=[Button("Cancel", lambda: setattr(self, "dialog", None), id="android:id/button2"),
                               Button("Delete", self.delete_album, id="android:id/button1")])

    def delete_album(self) -> None:
        state = account.load(self.app, new_account)
        state["albums"] = [a for a in state["albums"] if a["name"] != self.subject]
        account.save(self.app, state)
        self.dialog = None
        self.on_back()

    def photos_page(self) -> View:
        cells = [View(cls="android.view.ViewGroup", desc=taken_on(self.app, p), id="photo_cell", clickable=True,
                      focusable=True, long_clickable=True, weight=1, height=120, icon="photo",
                      on_click=lambda p=p: self.start(HostPhotoPagerActivity, path=p))
                 for p in photo_paths(self.app)]
        if not cells:
            return Text("Your photos will appear here", id="empty_state_title", weight=1)
        rows = []
        for i in range(0, len(cells), GRID_COLUMNS):
            chunk = cells[i:i + GRID_COLUMNS]
            chunk += [View(weight=1, height=120) for _ in range(GRID_COLUMNS - len(chunk))]
            rows.append(Row(*chunk, height=124))
        return Scroll(*rows, id="recycler_view", weight=1)

    def search_page(self) -> View:
        return Column(EditText("search_box", self.fields.get("search_box", ""),
                               lambda v: self.fields.__setitem__("search_box", v), hint="Search your photos"),
                      View(weight=1), weight=1)

    def library_page(self) -> View:
        utilities = Row(*[Button(label, handler, id=rid, weight=1, width=None) for label, handler, rid in (
            ("Favorites", None, "favorites_button"), ("Archive", None, "archive_button"),
            ("Trash", lambda: self.start(TrashPhotosActivity), "trash_button"),
            ("Utilities", lambda: self.go("utilities"), "utilities_button"))], height=64, padding=8)
        fs = self.system.fs
        folders = sorted({posixpath.basename(posixpath.dirname(p)) for p in photo_paths(self.app)})
        albums = [Text(f, id="collection_title", style="item-title", height=48) for f in folders if fs]
        own = account.load(self.app, new_account)["albums"]
        return Scroll(utilities,
                      *([Text("Albums", style="caption", height=40)] if own else []),
                      *[ListItem(a["name"], f"{len(a['photos'])} items", id="album_title",
                                 on_click=lambda n=a["name"]: self.go("album", n)) for a in own],
                      Text("Photos on device", style="caption", height=40), *albums,
                      id="library_list", weight=1)


def app_icon(app: App) -> View:
    """An app's launcher icon in a share sheet (drawn as the home screen draws it)."""
    return Image(icon=app.package, style="app-icon", width=48, height=48)


def with_app_icon(row: View, app: App) -> View:
    """A chooser row (a list item) whose leading image is ``app``'s launcher icon."""
    row.children[0] = app_icon(app)
    return row


class HostPhotoPagerActivity(Activity):
    name = PAGER_ACTIVITY

    def build(self) -> View:
        path = self.intent.extras.get("path", "")
        actions = (("Share", lambda: setattr(self, "dialog", "share"), "share"), ("Edit", None, "edit"),
                   ("Lens", None, "lens"), ("Delete", lambda: setattr(self, "dialog", "trash"), "trash"))
        icons = {"Share": "share:outlined", "Edit": "tune", "Lens": "center_focus_weak", "Delete": "delete:outlined"}
        return Column(
            Row(ImageButton("Navigate up", self.finish, icon="arrow_back"), View(weight=1),
                ImageButton("More options", lambda: self.open_menu("photo"), icon="more_vert", id="overflow"),
                id="toolbar", height=64),
            View(cls="android.widget.ImageView", desc=taken_on(self.app, path), id="photo_view", weight=1,
                 icon="photo"),
            Row(*[ImageButton(d, handler, icon=icons[d], id=rid) for d, handler, rid in actions],
                id="photos_pager_bottom_actions", height=64),
        )

    def menu_items(self, name: str):
        return [("Add to album", lambda: (self.close_menu(), setattr(self, "dialog", "albums"))),
                ("Archive", self.close_menu), ("Details", self.close_menu)]

    def new_album(self) -> None:
        self.dialog = "new_album"
        self.fields["album_title"] = ""
        self.request_focus("album_title")

    def add_to(self, name: str) -> None:
        name = name.strip()
        if not name:
            return
        path = self.intent.extras.get("path", "")
        state = account.load(self.app, new_account)
        album = next((a for a in state["albums"] if a["name"] == name), None)
        if album is None:
            state["albums"].append({"name": name, "photos": [path]})
        elif path not in album["photos"]:
            album["photos"].append(path)
        account.save(self.app, state)
        self.dialog = None
        self.system.clear_focus(self)
        self.toast(f"Added to {name}")

    def trash(self) -> None:
        """Move the photo to the trash: MediaStore renames it ``.trashed-<expiry>-<name>`` in its folder."""
        path = self.intent.extras.get("path", "")
        fs = self.system.fs
        expiry = int(self.system.clock.now.timestamp()) + TRASH_DAYS * 86400
        fs.move(path, posixpath.join(posixpath.dirname(path), f"{TRASHED_PREFIX}{expiry}-{posixpath.basename(path)}"))
        self.dialog = None
        self.toast("Moved to trash")
        self.finish()

    def create_link(self) -> None:
        """Links live in the Google account, which the simulated Photos is signed out of."""
        self.dialog = None
        self.toast("Sign in to create a link")

    def share_to(self, app: App) -> None:
        """Hand the photo to ``app`` as the share sheet does: ``SEND`` with the picture as ``EXTRA_STREAM``."""
        self.dialog = None
        path = self.intent.extras.get("path", "")
        app.handle_intent(Intent(action="android.intent.action.SEND", extras={"android.intent.extra.STREAM": path}),
                          image_type(path))

    def build_dialog(self, name: str) -> View:
        cancel = Button("Cancel", lambda: setattr(self, "dialog", None), id="android:id/button2")
        targets = [a for a in self.system.apps.values() if getattr(a, "shares_images", False)]
        if name == "share":  # Photos' own sheet: its app row (Create link, the apps, More)
            def item(label: str, on_click: Any, icon: View) -> View:
                return Column(icon, Text(label, height=32),
                              id=SHARE_APP_ITEM, clickable=True, focusable=True, on_click=on_click, width=88)
            return Dialog("Share", Row(item("Create link", self.create_link, Image(icon="link", width=48, height=48)),
                                       *[item(a.label, lambda a=a: self.share_to(a), app_icon(a)) for a in targets],
                                       item("More", lambda: setattr(self, "dialog", "chooser"),
                                            Image(icon="more_horiz", width=48, height=48)),
                                       id="peoplekit_new_app_row", height=96), buttons=[cancel])
        if name == "chooser":  # Android's share sheet: the apps that take SEND of an image
            return Dialog("Share", *[with_app_icon(ListItem(a.label, "", lambda a=a: self.share_to(a),
                                                            id="android:id/text1", icon=a.package), a)
                                     for a in targets], buttons=[cancel])
        if name == "trash":
            return Dialog("Move to trash?", Text("Items in trash are deleted after 60 days", id="android:id/message"),
                          buttons=[cancel, Button("Move to trash", self.trash, id="android:id/button1")])
        if name == "new_album":
            return Dialog("New album", self.field("album_title", hint="Add a title"),
                          buttons=[cancel, Button("Create", lambda: self.add_to(self.fields.get("album_title", "")),
                                                  id="android:id/button1")])
        albums = account.load(self.app, new_account)["albums"]
        return Dialog("Add to album",
                      *[ListItem(a["name"], on_click=lambda n=a["name"]: self.add_to(n), id="album_title")
                        for a in albums], ListItem("New album", on_click=self.new_album, id="new_album"),
                      buttons=[cancel])


class TrashPhotosActivity(Activity):
    name = TRASH_ACTIVITY

    def build(self) -> View:
        return Column(
            Row(ImageButton("Navigate up", self.finish, icon="arrow_back"),
                Text("Trash", id="toolbar_title", style="title", weight=1, height=56), id="toolbar", height=64),
            Text("No items", id="empty_state_title", style="title", height=48),
            Text("Items you move to Trash will be permanently deleted after 60 days", id="empty_state_caption",
                 style="item-summary", weight=1),
        )


class PhotosApp(App):
    package = PACKAGE
    label = "Photos"
    icon = "photo"
    activities = (HomeActivity, HostPhotoPagerActivity, TrashPhotosActivity)
    uid = 10119


__all__ = ["HomeActivity", "HostPhotoPagerActivity", "PhotosApp", "TrashPhotosActivity", "photo_paths"]
