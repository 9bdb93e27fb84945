"""Simple Gallery Pro (``com.simplemobiletools.gallery.pro``): the photos in shared storage, viewed and copied.

The state is the image files themselves. Screens: the folders that hold images (name and count),
a folder's images (list view with file names), the full-screen viewer that draws the photo itself
(so text in a receipt can be read from a screenshot), and long-press selection whose overflow
menu has "Copy to" / "Move to", which ask for a destination folder.
"""

from __future__ import annotations

import posixpath
from typing import Any

from pytest_mobileagent.android.gallery import MAIN_ACTIVITY, MEDIA_ACTIVITY, PACKAGE, VIEW_PAGER_ACTIVITY
from pytest_mobileagent.sim.app import Activity, App
from pytest_mobileagent.sim.stores import SHARED_STORAGE_DIRS
from pytest_mobileagent.sim.views import (
    Button,
    Column,
    Dialog,
    ImageButton,
    ListItem,
    Scroll,
    Text,
    Toolbar,
    View,
)

STORAGE = "/storage/emulated/0"
IMAGE_EXT = (".jpg", ".jpeg", ".png", ".webp", ".gif")


def images_in(app: App, folder: str) -> list[str]:
    fs = app.system.fs
    if not fs.isdir(folder):
        return []
    return [posixpath.join(folder, n) for n in fs.listdir(folder) if n.lower().endswith(IMAGE_EXT)]


def folders_with_images(app: App) -> list[tuple[str, int]]:
    """(folder, number of images) of every folder under storage holding images, by name."""
    fs = app.system.fs
    found: dict[str, int] = {}
    for path in fs.walk_files(STORAGE):
        if path.lower().endswith(IMAGE_EXT) and "/Android/" not in path and "/." not in path:
            folder = posixpath.dirname(path)
            found[folder] = found.get(folder, 0) + 1
    return sorted(found.items(), key=lambda f: posixpath.basename(f[0]).lower())


class MainActivity(Activity):
    """The folders."""

    name = MAIN_ACTIVITY
    exported = True

    def build(self) -> View:
        rows = [ListItem(posixpath.basename(folder), str(count), lambda f=folder: self.start(MediaActivity, folder=f),
                         id="dir_holder", title_id="dir_name", summary_id="photo_cnt", icon="folder")
                for folder, count in folders_with_images(self.app)]
        return Column(Toolbar("Simple Gallery", actions=[ImageButton("Search", None, icon="search")]),
                      Scroll(*rows, id="directories_grid", weight=1) if rows else
                      Text("No media files have been found", id="directories_empty_placeholder", weight=1))


class MediaActivity(Activity):
    """One folder's images; long press selects, and the overflow copies or moves the selection."""

    name = MEDIA_ACTIVITY

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.selected: list[str] = []
        self.operation = "copy"

    @property
    def folder(self) -> str:
        return self.intent.extras["folder"]

    def build(self) -> View:
        rows = [ListItem(posixpath.basename(p), "", lambda p=p: self.tapped(p), id="media_item_holder",
                         title_id="medium_name", icon="image", on_long_click=lambda p=p: self.toggle(p),
                         selected=p in self.selected)
                for p in images_in(self.app, self.folder)]
        if self.selected:
            bar = Toolbar(f"{len(self.selected)} selected", actions=[
                ImageButton("Share", None, icon="share", id="cab_share"),
                ImageButton("Delete", self.delete, icon="delete", id="cab_delete"),
            ], overflow=lambda: self.open_menu("selection"))
        else:
            bar = Toolbar(posixpath.basename(self.folder), navigate_up=self.finish)
        return Column(bar, Scroll(*rows, id="media_grid", weight=1))

    def tapped(self, path: str) -> None:
        if self.selected:
            self.toggle(path)
        else:
            self.start(ViewPagerActivity, path=path)

    def toggle(self, path: str) -> None:
        if path in self.selected:
            self.selected.remove(path)
        else:
            self.selected.append(path)

    def on_back(self) -> bool:
        if not (self.menu or self.dialog) and self.selected:
            self.selected = []
            return True
        return super().on_back()

    def menu_items(self, name: str):
        return [("Copy to", lambda: self.pick("copy")), ("Move to", lambda: self.pick("move")),
                ("Rename", self.close_menu), ("Properties", self.close_menu)]

    def pick(self, operation: str) -> None:
        self.close_menu()
        self.operation = operation
        self.dialog = "destination"

    def build_dialog(self, name: str) -> View:
        folders = sorted({*(self.system.fs.canonical(d) for d in SHARED_STORAGE_DIRS),
                          *(f for f, _ in folders_with_images(self.app))}, key=lambda f: f.lower())
        items = [ListItem(posixpath.basename(f), f.replace(STORAGE, "Internal", 1), lambda f=f: self.transfer(f),
                          id="directory_holder", icon="folder") for f in folders if f != self.folder]
        return Dialog("Select a folder", Scroll(*items, id="directories_grid", height=520),
                      buttons=[Button("Cancel", self.cancel, id="android:id/button2")])

    def cancel(self) -> None:
        self.dialog = None

    def transfer(self, folder: str) -> None:
        fs = self.system.fs
        for path in self.selected:
            target = posixpath.join(folder, posixpath.basename(path))
            if fs.exists(target):
                continue
            if self.operation == "move":
                fs.move(path, target)
            else:
                fs.write(target, fs.read(path))
        n = len(self.selected)
        self.toast(f"{'Moving' if self.operation == 'move' else 'Copying'} {n} item{'s' if n != 1 else ''}")
        self.selected, self.dialog = [], None

    def delete(self) -> None:
        for path in self.selected:
            self.system.fs.remove(path)
        self.selected = []


class ViewPagerActivity(Activity):
    """One photo, full screen."""

    name = VIEW_PAGER_ACTIVITY

    def build(self) -> View:
        path = self.intent.extras["path"]
        return Column(Toolbar(posixpath.basename(path), navigate_up=self.finish),
                      View(cls="android.widget.ImageView", id="gestures_view", desc=posixpath.basename(path),
                           icon=path, style="bitmap", weight=1))


class GalleryApp(App):
    package = PACKAGE
    label = "Gallery"
    icon = "photo"
    activities = (MainActivity, MediaActivity, ViewPagerActivity)
    uid = 10066


__all__ = ["GalleryApp", "MainActivity", "MediaActivity", "ViewPagerActivity"]
