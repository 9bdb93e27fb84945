"""Simple Draw Pro (``com.simplemobiletools.draw.pro``): a canvas, saved as PNG, SVG or JPG where the user says.

Swipes on the canvas (``my_canvas``) draw strokes where the finger went, in the brush colour (the app's primary
colour until "Change color" picks another in Simple-Commons' ``ColorPickerDialog``) and width (the brush size of
``stroke_width_bar``, 5 to 100, 40 by default: that share of 40dp); the eraser paints in the canvas's white.
"Save" opens the save dialog of the real app (6.9.3's ``SaveImageDialog``, "Save as"): the folder
(``folder_value``, "Internal/Simple Draw" until a save elsewhere; tapping it opens Simple-Commons' folder picker,
which starts in internal storage when that folder does not exist yet), the file name (``save_image_filename``) and
the format radios (``save_image_radio_png/svg/jpg``, ".png" preselected). The file is a real image of the chosen
format, the canvas's size in pixels, with the strokes on it.
"""

from __future__ import annotations

import io
import posixpath
from dataclasses import dataclass
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
    Frame,
    Image,
    ImageButton,
    RadioButton,
    Row,
    SeekBar,
    Text,
    Toolbar,
    View,
)
from pytest_mobileagent.android.draw import (
    BRUSH_COLOR,
    BRUSH_SIZE,
    CANVAS_COLOR,
    FULL_BRUSH_DP,
    MAIN_ACTIVITY,
    MIN_BRUSH_SIZE,
    PACKAGE,
)

#: ``SaveImageDialog``: ``<internal storage>/Simple Draw`` while no save has chosen another folder.
DEFAULT_FOLDER = f"{STORAGE}/Simple Draw"
FORMATS = ("png", "svg", "jpg")
TOOLBAR_DP = 64  # the simulator's toolbar (views.Toolbar)
#: The size of a drawing made off screen (:func:`render` without a canvas size): a phone's canvas in dp.
WIDTH, HEIGHT = 270, 480


@dataclass(frozen=True)
class Stroke:
    """One path drawn on the canvas: its colour, its width and its points, in dp from the canvas's corner."""

    color: str
    width: float
    points: tuple[tuple[float, float], ...]

    def hint(self) -> tuple[str, float, tuple[tuple[float, float], ...]]:
        """The stroke as the canvas view's rendering hint (``View.strokes``)."""
        return self.color, self.width, self.points


def line(a: tuple[float, float], b: tuple[float, float], color: str = "#000000", width: float = 6) -> Stroke:
    """A straight stroke from ``a`` to ``b`` (a swipe: ``input swipe`` moves the finger in a line)."""
    return Stroke(color, width, (a, b) if a != b else (a,))


def render(strokes: list[Stroke], fmt: str, size: tuple[int, int] = (WIDTH, HEIGHT), scale: float = 1.0) -> bytes:
    """The drawing as a file of format ``fmt``: the strokes on the white canvas, ``size`` pixels, ``scale`` pixels
    per dp of the strokes' coordinates (MyCanvas.getBitmap draws the view as the screen shows it)."""
    width, height = size
    if fmt == "svg":
        paths = "".join(
            f'<path d="M{" L".join(f"{x * scale:.1f},{y * scale:.1f}" for x, y in s.points + s.points[-1:])}" '
            f'stroke="{s.color}" stroke-width="{s.width * scale:.1f}" stroke-linecap="round" '
            f'stroke-linejoin="round" fill="none"/>' for s in strokes)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">'
                f'<rect width="{width}" height="{height}" fill="{CANVAS_COLOR}"/>{paths}</svg>').encode()
    image = PILImage.new("RGB", size, CANVAS_COLOR)
    pen = ImageDraw.Draw(image)
    for s in strokes:
        xy = [(x * scale, y * scale) for x, y in s.points]
        w = max(1, round(s.width * scale))
        if len(xy) > 1:
            pen.line(xy, fill=s.color, width=w, joint="curve")
        for x, y in (xy[0], xy[-1]):
            pen.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=s.color)
    out = io.BytesIO()
    image.save(out, "PNG" if fmt == "png" else "JPEG")
    return out.getvalue()


class MainActivity(Activity):
    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.strokes: list[Stroke] = []
        self.undone: list[Stroke] = []  # what Undo took back, for Redo
        self.color = BRUSH_COLOR
        self.brush_size = BRUSH_SIZE
        self.eraser = False
        self.folder = DEFAULT_FOLDER
        self.browse = STORAGE  # the folder the picker shows
        self.format = "png"

    @property
    def stroke_width(self) -> float:
        """MyCanvas.setBrushSize: the brush size's share of ``full_brush_size``, in dp."""
        return FULL_BRUSH_DP * self.brush_size / 100

    def build(self) -> View:
        # activity_main.xml: main_toolbar (menu.xml: Save, Clear, Share shown), then over the canvas the tools at
        # its top end (redo and undo only while there is something to redo or undo), the brush preview and the
        # brush size bar centred at its bottom
        tools = Row(View(weight=1),
                    ImageButton("Redo", self.redo, icon="redo", id="redo", width=48) if self.undone else None,
                    self.tool("Bucket fill", "bucket_fill", "format_color_fill", None),
                    self.tool("Eraser", "eraser", "ink_eraser", self.toggle_eraser),
                    self.tool("Eyedropper", "eye_dropper", "colorize", None),
                    View(cls="android.widget.ImageView", id="color_picker", desc="Change color", width=48, height=48,
                         clickable=True, focusable=True, on_click=self.ask_color, background=self.color),
                    height=48)
        undo = Row(View(weight=1), ImageButton("Undo", self.undo, icon="undo", id="undo", width=48), height=48) \
            if self.strokes else None
        preview = max(1.0, FULL_BRUSH_DP * max(0.03, self.brush_size / 100))
        brush = Column(
            Row(View(weight=1), View(cls="android.widget.ImageView", id="stroke_width_preview", width=40, height=40,
                                     style="canvas", strokes=((self.color, preview, ((20, 20),)),)),
                View(weight=1), height=48),
            Row(View(weight=1), SeekBar(self.brush_size, self.set_brush_size, max_progress=100, id="stroke_width_bar",
                                        width=150),  # MySeekBar: a SeekBar to accessibility
                View(weight=1), height=60))
        canvas = View(cls="com.simplemobiletools.draw.pro.views.MyCanvas", id="my_canvas",
                      desc=f"Canvas, {len(self.strokes)} strokes", style="canvas", background=CANVAS_COLOR,
                      strokes=tuple(s.hint() for s in self.strokes), on_drag=self.draw_stroke)
        return Column(
            Toolbar("Draw", actions=[
                ImageButton("Save", self.ask_save, icon="save", id="menu_save"),
                ImageButton("Clear", self.clear, icon="delete", id="clear"),
                ImageButton("Share", None, icon="share", id="menu_share"),
            ], overflow=lambda: self.open_menu("more"), id="main_toolbar"),
            Frame(canvas, Column(tools, undo, View(weight=1), brush), id="main_holder",
                  cls="android.widget.RelativeLayout", weight=1),
            id="main_coordinator",
        )

    @staticmethod
    def tool(desc: str, rid: str, icon: str, handler: Any) -> View:
        return Image(desc=desc, icon=icon, id=rid, width=48, height=48, clickable=handler is not None,
                     focusable=handler is not None, on_click=handler)

    def draw_stroke(self, x1: float, y1: float, x2: float, y2: float) -> None:
        """A swipe on the canvas: a stroke from where the finger went down to where it went up."""
        color = CANVAS_COLOR if self.eraser else self.color
        self.strokes.append(line((round(x1, 1), round(y1, 1)), (round(x2, 1), round(y2, 1)), color,
                                 self.stroke_width))
        self.undone = []

    def set_brush_size(self, value: float) -> None:
        self.brush_size = max(MIN_BRUSH_SIZE, int(value))  # the bar's android:min

    def toggle_eraser(self) -> None:
        self.eraser = not self.eraser

    def undo(self) -> None:
        if self.strokes:
            self.undone.append(self.strokes.pop())

    def redo(self) -> None:
        if self.undone:
            self.strokes.append(self.undone.pop())

    def ask_color(self) -> None:
        self.fields = {"color_picker_new_hex": self.color.removeprefix("#").upper()}
        self.dialog = "color"

    def set_color(self) -> None:
        """ColorPickerDialog's OK: the hex field's colour where it has six digits; the eraser goes off."""
        value = self.fields.get("color_picker_new_hex", "").strip().removeprefix("#")
        if len(value) == 6 and all(ch in "0123456789abcdefABCDEF" for ch in value):
            self.color = f"#{value.upper()}"
        self.eraser = False
        self.dialog = None

    def canvas_size(self) -> tuple[int, int]:
        """The canvas in pixels: the app's window under the toolbar."""
        x1, y1, x2, y2 = self.system.app_frame()
        return x2 - x1, max(1, y2 - y1 - self.system.px(TOOLBAR_DP))

    def menu_items(self, name: str):
        return [("Open file", self.close_menu), ("Change background color", self.close_menu),
                ("Print", self.close_menu), ("Settings", self.close_menu), ("About", self.close_menu)]

    def clear(self) -> None:
        self.strokes, self.undone = [], []
        self.close_menu()

    def ask_save(self) -> None:
        stamp = self.system.clock.now.strftime("%Y_%m_%d_%H_%M_%S")
        self.fields = {"save_image_filename": f"image_{stamp}"}
        self.dialog = "save"

    def build_dialog(self, name: str) -> View:
        if name == "color":  # dialog_color_picker.xml: the old and new colour and the new colour's hex code
            return Dialog("", Row(View(cls="android.widget.ImageView", id="color_picker_old_color", width=64,
                                       background=self.color),
                                  View(weight=1),
                                  View(cls="android.widget.ImageView", id="color_picker_new_color", width=64,
                                       background=self.fields_color()), height=48),
                          Row(Text("#", id="color_picker_new_hex_label", width=24),
                              self.field("color_picker_new_hex", weight=1), height=56),
                          buttons=[Button("Cancel", self.cancel, id="android:id/button2"),
                                   Button("OK", self.set_color, id="android:id/button1")])
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

    def fields_color(self) -> str:
        value = self.fields.get("color_picker_new_hex", "").strip().removeprefix("#")
        ok = len(value) == 6 and all(ch in "0123456789abcdefABCDEF" for ch in value)
        return f"#{value}" if ok else self.color

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
        self.system.fs.write(path, render(self.strokes, self.format, self.canvas_size(), self.system.px(1000) / 1000))
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


__all__ = ["DEFAULT_FOLDER", "MainActivity", "SimpleDrawApp", "Stroke", "line", "render"]
