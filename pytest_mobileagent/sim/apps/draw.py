"""Simple Draw Pro (``com.simplemobiletools.draw.pro``): a canvas, saved as PNG, SVG or JPG where the user says.

Swipes on the canvas draw strokes. "Save" opens the save dialog of the real app: the folder
(``save_image_path``, the Pictures folder by default; tapping it picks another standard folder), the
file name (``save_image_filename``) and the format radios (``save_image_radio_png/svg/jpg``). The file
is a real image of the chosen format with the strokes on it.
"""

from __future__ import annotations

import io
import posixpath
from typing import Any

from PIL import Image as PILImage
from PIL import ImageDraw

from pytest_mobileagent.android.draw import MAIN_ACTIVITY, PACKAGE
from pytest_mobileagent.sim.app import Activity, App
from pytest_mobileagent.sim.stores import SHARED_STORAGE_DIRS
from pytest_mobileagent.sim.views import (
    Button,
    Column,
    Dialog,
    ImageButton,
    ListItem,
    RadioButton,
    Row,
    Text,
    Toolbar,
    View,
)

STORAGE = "/storage/emulated/0"
DEFAULT_FOLDER = f"{STORAGE}/Pictures"
FORMATS = ("png", "svg", "jpg")
WIDTH, HEIGHT = 270, 480
#: Where a stroke goes for each swipe direction (start and end, on the saved image).
STROKES = {"right": ((30, 240), (240, 240)), "left": ((240, 300), (30, 300)),
           "down": ((135, 60), (135, 420)), "up": ((60, 420), (60, 60))}


def render(strokes: list[str], fmt: str) -> bytes:
    """The drawing as a file of format ``fmt``: black strokes on white."""
    if fmt == "svg":
        paths = "".join(f'<path d="M{a[0]},{a[1]} L{b[0]},{b[1]}" stroke="#000000" stroke-width="6" fill="none"/>'
                        for a, b in (STROKES[s] for s in strokes))
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}">'
                f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>{paths}</svg>').encode()
    image = PILImage.new("RGB", (WIDTH, HEIGHT), "white")
    pen = ImageDraw.Draw(image)
    for s in strokes:
        pen.line(STROKES[s], fill="black", width=6)
    out = io.BytesIO()
    image.save(out, "PNG" if fmt == "png" else "JPEG")
    return out.getvalue()


class MainActivity(Activity):
    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.strokes: list[str] = []
        self.folder = DEFAULT_FOLDER
        self.format = "png"

    def build(self) -> View:
        return Column(
            Toolbar("Simple Draw", actions=[
                ImageButton("Undo", self.undo, icon="undo", id="menu_undo", enabled=bool(self.strokes)),
                ImageButton("Save", self.ask_save, icon="save", id="menu_save"),
            ], overflow=lambda: self.open_menu("more")),
            View(cls="com.simplemobiletools.draw.pro.views.MyCanvas", id="my_canvas", weight=1,
                 desc=f"Canvas, {len(self.strokes)} strokes", style="canvas"),
            Row(ImageButton("Change color", None, icon="palette", id="color_picker"),
                ImageButton("Eraser", None, icon="eraser", id="eraser"), View(weight=1),
                id="bottom_tools", height=56),
        )

    def on_swipe(self, direction: str) -> bool:
        self.strokes.append(direction)
        return True

    def undo(self) -> None:
        if self.strokes:
            self.strokes.pop()

    def menu_items(self, name: str):
        return [("Clear", self.clear), ("Share", lambda: None), ("Settings", lambda: None)]

    def clear(self) -> None:
        self.strokes = []
        self.close_menu()

    def ask_save(self) -> None:
        stamp = self.system.clock.now.strftime("%Y_%m_%d_%H_%M_%S")
        self.fields = {"save_image_filename": f"image_{stamp}"}
        self.dialog = "save"

    def build_dialog(self, name: str) -> View:
        if name == "folders":
            return Dialog("Select a folder", *[
                ListItem(posixpath.basename(d), "", lambda d=d: self.pick_folder(d), id="folder_item")
                for d in SHARED_STORAGE_DIRS])
        radios = [RadioButton(f, f == self.format, (lambda f=f: self.set_format(f)), id=f"save_image_radio_{f}",
                              weight=1)
                  for f in FORMATS]
        shown = self.folder.replace(STORAGE, "/Internal", 1)
        return Dialog(
            "Save as",
            Text(shown, id="save_image_path", clickable=True, on_click=self.ask_folder, height=48),
            self.field("save_image_filename", hint="Filename"),
            Row(*radios, id="save_image_radio_group", cls="android.widget.RadioGroup", height=48),
            buttons=[Button("Cancel", self.cancel, id="android:id/button2"),
                     Button("OK", self.save, id="android:id/button1")],
        )

    def ask_folder(self) -> None:
        self.dialog = "folders"

    def pick_folder(self, folder: str) -> None:
        self.folder = self.system.fs.canonical(folder)
        self.dialog = "save"

    def set_format(self, fmt: str) -> None:
        self.format = fmt

    def cancel(self) -> None:
        self.dialog = None

    def save(self) -> None:
        name = self.fields.get("save_image_filename", "").strip()
        if not name or "/" in name:
            self.toast("Invalid name")
            return
        path = posixpath.join(self.folder, f"{name}.{self.format}")
        self.system.fs.write(path, render(self.strokes, self.format))
        self.log("SimpleDraw", f"Saved {path}")
        self.toast("File saved successfully")
        self.dialog = None

    def on_back(self) -> bool:
        if self.dialog == "folders":
            self.dialog = "save"
            return True
        return super().on_back()


class SimpleDrawApp(App):
    package = PACKAGE
    label = "Simple Draw Pro"
    icon = "brush"
    activities = (MainActivity,)
    uid = 10062


__all__ = ["DEFAULT_FOLDER", "MainActivity", "SimpleDrawApp", "render"]
