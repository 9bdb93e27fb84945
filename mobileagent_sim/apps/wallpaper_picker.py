"""Wallpaper & style (Pixel's WallpaperPicker2): the picture preview that ``ATTACH_DATA`` opens.

AOSP WallpaperPicker2's ``com.android.wallpaper.picker.StandalonePreviewActivity`` takes an ``ATTACH_DATA`` intent
with an image URI (the "crop and set wallpaper" intent; B-MoCA's ``set_wallpaper_jpg.sh`` sends it for a file
pushed to ``/sdcard/Download``), previews the picture and sets it with "Set wallpaper", asking where: "Home
screen", "Lock screen" or "Home and lock screens". The Pixel build is the package ``com.google.android.apps.wallpaper``;
it has no launcher icon. WallpaperManagerService keeps the picture at ``/data/system/users/0/wallpaper``.

The simulated home screen draws B-MoCA's wallpapers by name (:mod:`pytest_mobileagent.android.wallpaper`): the
picture set is named by its file's stem (``09_rainbow.png`` is ``09_rainbow``), and an unknown name gets the
colours a hash of it picks, not the file's pixels.
"""

from __future__ import annotations

import posixpath
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import unquote, urlparse

from mobileagent_sim.app import Activity, App, Intent
from mobileagent_sim.views import Button, Column, Dialog, ListItem, Row, Scroll, Text, Toolbar, View
from pytest_mobileagent.android.shared_prefs import format_prefs, parse_prefs
from pytest_mobileagent.android.wallpaper import (
    CATEGORIES,
    CUSTOMIZATION_ACTIVITY,
    DESTINATIONS,
    HOME_KEYS,
    HOME_SCREEN,
    LOCK_KEYS,
    LOCK_SCREEN,
    LOCK_WALLPAPER_FILE,
    MY_PHOTOS,
    PHOTO_DIRS,
    PICKER_ACTIVITY,
    PICKER_PACKAGE,
    PICKER_PREFS,
    PICTURE_EXTENSIONS,
    SET_WALLPAPER,
    WALLPAPER_FILE,
    remote_id,
    wallpaper_png,
)


class StandalonePreview(Activity):
    name = PICKER_ACTIVITY
    exported = True

    @property
    def path(self) -> str:
        return unquote(urlparse(self.intent.data).path)

    def build(self) -> View:
        return Column(
            Text("Preview", id="toolbar_title", style="title"),
            View(cls="android.widget.ImageView", desc="Wallpaper preview", id="full_res_image", icon=self.path,
                 style="bitmap", weight=1),
            Button(SET_WALLPAPER, self.ask, id="button_set_wallpaper"),
        )

    def ask(self) -> None:
        self.dialog = "destination"

    def build_dialog(self, name: str) -> View:
        if name != "destination":
            return super().build_dialog(name)
        return Dialog(f"{SET_WALLPAPER} on", *(ListItem(d, "", lambda d=d: self.set_on(d), id="android:id/text1")
                                            for d in DESTINATIONS))

    def set_on(self, destination: str) -> None:
        self.dialog = None
        fs = self.system.fs
        fs.write(WALLPAPER_FILE, fs.read(self.path))
        if destination != LOCK_SCREEN:  # the simulated lock screen draws no wallpaper
            self.system.wallpaper = PurePosixPath(self.path).stem
        self.system.finish_activity(self)


class CustomizationPicker(Activity):
    """"Wallpaper & style": "Change wallpaper", the categories, a category's wallpapers (tiles named by their
    titles), and a wallpaper's preview with "Set wallpaper"; setting one records it in :data:`PICKER_PREFS`.
    "My photos" lists the device's pictures (the camera's and ``Pictures``), newest first, named by file."""

    name = CUSTOMIZATION_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        #: The pages opened, from the first: "main", "categories", a category's name, then a wallpaper's index.
        self.path: list[str] = ["main"]

    def build(self) -> View:
        page = self.path[-1]
        if page == "main":
            return Column(Toolbar("Wallpaper & style", navigate_up=self.finish, id="toolbar"),
                          View(cls="android.widget.ImageView", desc="Wallpaper preview", id="wallpaper_preview",
                               height=480, style="bitmap"),
                          Button("Change wallpaper", lambda: self.go("categories"), id="wallpaper_picker_entry"))
        if page == "categories":
            return Column(Toolbar("Wallpapers", navigate_up=self.up, id="toolbar"),
                          Scroll(*(ListItem(c, f"{len(w)} wallpapers" if w else "", lambda c=c: self.go(c),
                                            title_id="category_title") for c, (_, w) in CATEGORIES.items()),
                                 id="category_grid", weight=1))
        if page in CATEGORIES:
            titles = self.titles(page)
            tiles = [View(cls="android.widget.ImageView", desc=t, id="tile", clickable=True, focusable=True,
                          on_click=lambda i=i: self.go(str(i)), weight=1, height=320) for i, t in enumerate(titles)]
            rows = [Row(*tiles[i:i + 2], height=320) for i in range(0, len(tiles), 2)]
            return Column(Toolbar(page, navigate_up=self.up, id="toolbar"),
                          Scroll(*rows, id="wallpaper_grid", weight=1) if rows else Text("No photos"))
        category, index = self.path[-2], int(page)
        return Column(Toolbar(self.titles(category)[index], navigate_up=self.up, id="toolbar"),
                      View(cls="android.widget.ImageView", desc="Wallpaper preview", id="full_res_image",
                           style="bitmap", weight=1),
                      Button(SET_WALLPAPER, self.ask, id="button_set_wallpaper"))

    def titles(self, category: str) -> tuple[str, ...]:
        """A category's wallpapers; "My photos" holds the device's pictures (their file names), newest first."""
        if category != MY_PHOTOS:
            return CATEGORIES[category][1]
        return tuple(posixpath.basename(p) for p in self.photos())

    def photos(self) -> list[str]:
        """The pictures in the device's photo folders, newest first."""
        fs = self.system.fs
        found = [p for folder in PHOTO_DIRS if fs.isdir(folder) for p in fs.walk_files(folder)
                 if p.lower().endswith(PICTURE_EXTENSIONS)]
        return sorted(found, key=lambda p: (-(fs.stat(p).st_mtime if fs.stat(p) else 0), p))

    def go(self, page: str) -> None:
        self.path.append(page)

    def up(self) -> None:
        self.path.pop()

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if len(self.path) > 1:
            self.path.pop()
            return True
        return False

    def ask(self) -> None:
        self.dialog = "destination"

    def build_dialog(self, name: str) -> View:
        return Dialog(f"{SET_WALLPAPER} on", *(ListItem(d, "", lambda d=d: self.set_on(d), id="android:id/text1")
                                            for d in DESTINATIONS))

    def set_on(self, destination: str) -> None:
        self.dialog = None
        category, index = self.path[-2], int(self.path[-1])
        if category == MY_PHOTOS:
            self.set_photo(self.photos()[index], destination)
            return
        record = (CATEGORIES[category][0], remote_id(category, index), CATEGORIES[category][1][index])
        fs = self.system.fs
        prefs = parse_prefs(fs.read(PICKER_PREFS)) if fs.exists(PICKER_PREFS) else {}
        if destination != LOCK_SCREEN:
            prefs.update(zip(HOME_KEYS, record))
            name = remote_id(category, index)
            fs.write(WALLPAPER_FILE, wallpaper_png(name, self.system.width, self.system.height))
            self.system.wallpaper = name
        if destination != HOME_SCREEN:
            prefs.update(zip(LOCK_KEYS, record))
        fs.write(PICKER_PREFS, format_prefs(prefs))
        self.toast("Wallpaper set")
        self.path = ["main"]

    def set_photo(self, path: str, destination: str) -> None:
        """A picture of "My photos" set: its bytes become the screen's wallpaper file (the lock screen's own file
        for the lock screen), and the picker's record names the photo (no collection, no remote id)."""
        fs = self.system.fs
        prefs = parse_prefs(fs.read(PICKER_PREFS)) if fs.exists(PICKER_PREFS) else {}
        record = (CATEGORIES[MY_PHOTOS][0], "", posixpath.basename(path))
        if destination != LOCK_SCREEN:
            prefs.update(zip(HOME_KEYS, record))
            fs.write(WALLPAPER_FILE, fs.read(path))
            self.system.wallpaper = PurePosixPath(path).stem
        if destination != HOME_SCREEN:
            prefs.update(zip(LOCK_KEYS, record))
            fs.write(LOCK_WALLPAPER_FILE, fs.read(path))
        fs.write(PICKER_PREFS, format_prefs(prefs))
        self.toast("Wallpaper set")
        self.path = ["main"]


class WallpaperPickerApp(App):
    package = PICKER_PACKAGE
    label = "Wallpaper & style"
    activities = (StandalonePreview, CustomizationPicker)
    launchable = False
    uid = 10151

    def handle_intent(self, intent: Intent, mime_type: str = "") -> bool:
        """``ATTACH_DATA`` of an image the picker can read (a ``file://`` path that exists, as B-MoCA sends)."""
        if intent.action != "android.intent.action.ATTACH_DATA" or not mime_type.startswith("image/"):
            return False
        parsed = urlparse(intent.data)
        if parsed.scheme != "file" or not self.system.fs.exists(unquote(parsed.path)):
            return False
        self.system.start_activity(self, StandalonePreview, Intent(action=intent.action, data=intent.data,
                                                                   component=self.component(StandalonePreview)))
        return True


__all__ = ["StandalonePreview", "WallpaperPickerApp"]
