"""Simple Draw Pro (``com.simplemobiletools.draw.pro``): a canvas, saved as PNG, SVG or JPG where the user says.

Swipes on the canvas draw strokes. "Save" opens the save dialog of the real app (6.9.3's ``SaveImageDialog``,
"Save as"): the folder (``folder_value``, "Internal/Simple Draw" until a save elsewhere; tapping it opens
Simple-Commons' folder picker, which starts in internal storage when that folder does not exist yet), the file name
(``save_image_filename``) and the format radios (``save_image_radio_png/svg/jpg``, ".png" preselected). The file is
a real image of the chosen format with the strokes on it.
"""

from __future__ import annotations

import io
import posixpath
from typing import Any

from PIL import Image as PILImage
from PIL import ImageDraw

from mobileagent_sim.app import Activity, App
from mobileagent_sim.apps.simple_commons import STORAGE, file_picker, humanize, picker_start
from mobileagent_sim.views import (
    Button,
    Column,
    Dialog,
    EditText,
    ImageButton,
    RadioButton,
    Row,
    Toolbar,
    View,
)
from pytest_mobileagent.android.draw import MAIN_ACTIVITY, PACKAGE

#: ``SaveImageDialog``: ``<internal storage>/Simple Draw`` while no save has chosen another folder.
DEFAULT_FOLDER = f"{STORAGE}/Simple Draw"
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
        self.browse = STORAGE  # the folder the picker shows
        self.format = "png"

    def build(self) -> View:
        # activity_main.xml: main_toolbar (menu.xml: Save, Clear, Share shown), the canvas and its tool icons
        tools = [("Redo", "redo", "redo", None), ("Bucket fill", "bucket_fill", "format_color_fill", None),
                 ("Eraser", "eraser", "eraser", None), ("Eyedropper", "eye_dropper", "colorize", None),
                 ("Change color", "color_picker", "palette", None), ("Undo", "undo", "undo", self.undo)]
        return Column(
            Toolbar("Draw", actions=[
                ImageButton("Save", self.ask_save, icon="save", id="menu_save"),
                ImageButton("Clear", self.clear, icon="delete", id="clear"),
                ImageButton("Share", None, icon="share", id="menu_share"),
            ], overflow=lambda: self.open_menu("more"), id="main_toolbar"),
            View(cls="com.simplemobiletools.draw.pro.views.MyCanvas", id="my_canvas", weight=1,
                 desc=f"Canvas, {len(self.strokes)} strokes", style="canvas"),
            Row(*[ImageButton(desc, handler, icon=icon, id=rid) for desc, rid, icon, handler in tools
                  if rid != "undo" or self.strokes], View(weight=1), height=56),
            id="main_coordinator",
        )

    def on_swipe(self, direction: str) -> bool:
        self.strokes.append(direction)
        return True

    def undo(self) -> None:
        if self.strokes:
            self.strokes.pop()

    def menu_items(self, name: str):
        return [("Open file", self.close_menu), ("Change background color", self.close_menu),
                ("Print", self.close_menu), ("Settings", self.close_menu), ("About", self.close_menu)]

    def clear(self) -> None:
        self.strokes = []
        self.close_menu()

    def ask_save(self) -> None:
        stamp = self.system.clock.now.strftime("%Y_%m_%d_%H_%M_%S")
        self.fields = {"save_image_filename": f"image_{stamp}"}
        self.dialog = "save"

    def build_dialog(self, name: str) -> View:
        if name == "folders":
            return file_picker(self, self.browse, lambda f: setattr(self, "browse", f), self.back_to_save,
                               self.pick_folder)
        radios = [RadioButton(f".{f}", f == self.format, (lambda f=f: self.set_format(f)),
                              id=f"save_image_radio_{f}", weight=1)
                  for f in FORMATS]
        # dialog_save_image.xml: Path (folder_value, opens the folder picker), Filename, the format radios
        path = EditText("folder_value", humanize(self.folder), None, hint="Path",
                        on_click=self.ask_folder, height=56)
        return Dialog(
            "Save as", path, self.field("save_image_filename", hint="Filename"),
            Row(*radios, id="save_image_radio_group", cls="android.widget.RadioGroup", height=48),
            buttons=[Button("Cancel", self.cancel, id="android:id/button2"),
                     Button("OK", self.save, id="android:id/button1")],
        )

    def ask_folder(self) -> None:
        self.browse = picker_start(self, self.folder)
        self.dialog = "folders"

    def pick_folder(self, folder: str) -> None:
        self.folder = self.system.fs.canonical(folder)
        self.dialog = "save"

    def back_to_save(self) -> None:
        self.dialog = "save"

    def set_format(self, fmt: str) -> None:
        self.format = fmt

    def cancel(self) -> None:
        self.dialog = None

    def save(self) -> None:
        name = self.fields.get("save_image_filename", "").strip()
        if not name:
            self.toast("Filename cannot be empty")
            return
        if "/" in name:
            self.toast("Filename contains invalid characters")
            return
        path = posixpath.join(self.folder, f"{name}.{self.format}")
        self.system.fs.mkdirs(self.folder)
        self.system.fs.write(path, render(self.strokes, self.format))
        self.log("SimpleDraw", f"Saved {path}")
        self.toast("File saved successfully")
        self.dialog = None

    def on_back(self) -> bool:
        if self.dialog == "folders":
            if self.browse != STORAGE:  # the breadcrumbs' parent
                self.browse = posixpath.dirname(self.browse)
            else:
                self.dialog = "save"
            return True
        return super().on_back()


class SimpleDrawApp(App):
    package = PACKAGE
    label = "Draw"  # app_launcher_name
    icon = "brush"
    activities = (MainActivity,)
    uid = 10062


__all__ = ["DEFAULT_FOLDER", "MainActivity", "SimpleDrawApp", "render"]
