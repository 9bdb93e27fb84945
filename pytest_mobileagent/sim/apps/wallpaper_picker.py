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

from pathlib import PurePosixPath
from urllib.parse import unquote, urlparse

from pytest_mobileagent.android.wallpaper import (
    DESTINATIONS,
    LOCK_SCREEN,
    PICKER_ACTIVITY,
    PICKER_PACKAGE,
    SET_WALLPAPER,
    WALLPAPER_FILE,
)
from pytest_mobileagent.sim.app import Activity, App, Intent
from pytest_mobileagent.sim.views import Button, Column, Dialog, ListItem, Text, View


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


class WallpaperPickerApp(App):
    package = PICKER_PACKAGE
    label = "Wallpaper & style"
    activities = (StandalonePreview,)
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
