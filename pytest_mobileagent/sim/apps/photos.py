"""Google Photos (``com.google.android.apps.photos``): the device's photos, one photo at a time, and the Trash.

``HomeActivity`` has the bottom navigation of Photos (Photos, Search, Library). "Photos" is the grid of the
pictures under ``/sdcard/DCIM`` and ``/sdcard/Pictures``, newest first, each an ImageView described as the app
describes it ("Photo taken on Oct 5, 2023 3:04:05 PM"); a tap opens ``HostPhotoPagerActivity``. "Library" has
the utility buttons (Favorites, Archive, Trash) above the device folders; "Trash" opens ``TrashPhotosActivity``.
The simulated account is signed out and nothing has been deleted, so the Trash is empty. Not simulated: backup,
editing, sharing, deleting, albums' contents, search results.
"""

from __future__ import annotations

import datetime as dt
import posixpath
from typing import Any

from pytest_mobileagent.android.photos import (
    IMAGE_SUFFIXES,
    MAIN_ACTIVITY,
    PACKAGE,
    PAGER_ACTIVITY,
    PHOTO_DIRS,
    TRASH_ACTIVITY,
)
from pytest_mobileagent.sim.app import Activity, App
from pytest_mobileagent.sim.views import Button, Column, EditText, ImageButton, Row, Scroll, Tabs, Text, View

TABS = ("Photos", "Search", "Library")
GRID_COLUMNS = 3


def photo_paths(app: App) -> list[str]:
    """The pictures Photos shows, newest first (by modification time, then name)."""
    fs = app.system.fs
    found = [p for d in PHOTO_DIRS if fs.isdir(d) for p in fs.walk_files(d)
             if p.lower().endswith(IMAGE_SUFFIXES) and "/." not in p]
    return sorted(found, key=lambda p: (-(fs.stat(p).st_mtime if fs.stat(p) else 0), p))


def taken_on(app: App, path: str) -> str:
    """The content description of a photo: ``Photo taken on Oct 5, 2023 3:04:05 PM``."""
    stat = app.system.fs.stat(path)
    when = dt.datetime.fromtimestamp(stat.st_mtime if stat else 0, dt.timezone.utc)
    clock = f"{when.hour % 12 or 12}:{when:%M:%S} {'AM' if when.hour < 12 else 'PM'}"
    return f"Photo taken on {when:%b} {when.day}, {when.year} {clock}"


class HomeActivity(Activity):
    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.tab = 0

    def build(self) -> View:
        pages = (self.photos_page, self.search_page, self.library_page)
        return Column(
            Row(Text("Photos", id="toolbar_title", style="title", weight=1, height=56),
                ImageButton("Account and settings", None, icon="account_circle", id="og_apd_ring_view"),
                id="toolbar", height=64, style="toolbar"),
            pages[self.tab](),
            Tabs(TABS, self.tab, self.select, id="navigation_bar"),
        )

    def select(self, index: int) -> None:
        self.tab = index
        self.view_state.clear()

    def photos_page(self) -> View:
        cells = [View(cls="android.widget.ImageView", desc=taken_on(self.app, p), id="photo_cell", clickable=True,
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
            ("Trash", lambda: self.start(TrashPhotosActivity), "trash_button"))], height=64, padding=8)
        fs = self.system.fs
        folders = sorted({posixpath.basename(posixpath.dirname(p)) for p in photo_paths(self.app)})
        albums = [Text(f, id="collection_title", style="item-title", height=48) for f in folders if fs]
        return Scroll(utilities, Text("Photos on device", style="caption", height=40), *albums,
                      id="library_list", weight=1)


class HostPhotoPagerActivity(Activity):
    name = PAGER_ACTIVITY

    def build(self) -> View:
        path = self.intent.extras.get("path", "")
        return Column(
            Row(ImageButton("Navigate up", self.finish, icon="arrow_back"), View(weight=1), id="toolbar", height=64),
            View(cls="android.widget.ImageView", desc=taken_on(self.app, path), id="photo_view", weight=1,
                 icon="photo"),
            Row(*[ImageButton(d, None, icon=d.lower()) for d in ("Share", "Edit", "Lens", "Delete")],
                id="photos_pager_bottom_actions", height=64),
        )


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
