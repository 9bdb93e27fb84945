"""Screenshots: a PNG rendered with Pillow from the same laid-out windows as the hierarchy.

What the agent sees in the picture is what the XML says: every node is drawn
at its bounds by its widget class (text, buttons, switches, check boxes,
sliders, fields with their caret, icons as labelled glyphs), windows bottom-most
first, then the soft keyboard when it is up. Dark theme (UiModeManager's night mode,
``cmd uimode night yes``) switches the palette. The home screen shows the wallpaper set
(:mod:`pytest_mobileagent.android.wallpaper`; the default one is the palette's background), its
icon labels light or dark as the wallpaper asks. Rendering is deterministic.
"""

from __future__ import annotations

import hashlib
import io
import os
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImageFont

from mobileagent_sim.hierarchy import node_text
from mobileagent_sim.layout import LINE_DP, Node
from pytest_mobileagent.android.wallpaper import DEFAULT as DEFAULT_WALLPAPER
from pytest_mobileagent.android.wallpaper import is_dark, wallpaper_image

if TYPE_CHECKING:
    from mobileagent_sim.system import System

Color = tuple[int, int, int]
KEY_ROWS = ("q w e r t y u i o p", "a s d f g h j k l", "z x c v b n m", "?123 , space . enter")


@dataclass(frozen=True)
class Palette:
    background: Color
    surface: Color
    text: Color
    secondary: Color
    accent: Color
    on_accent: Color
    outline: Color
    bars: Color


LIGHT = Palette((255, 251, 254), (243, 237, 247), (28, 27, 31), (96, 93, 102), (103, 80, 164), (255, 255, 255),
                (202, 196, 208), (230, 225, 229))
DARK = Palette((28, 27, 31), (49, 48, 51), (230, 225, 229), (202, 196, 208), (208, 188, 255), (56, 30, 114),
               (73, 69, 79), (20, 19, 22))


#: Where a font with Chinese, Japanese and Korean glyphs is found, first match wins: ``$MA_CJK_FONT``, then Noto
#: Sans CJK as Debian/Ubuntu (``apt install fonts-noto-cjk``), Fedora, Arch and Homebrew put it, then macOS's and
#: Windows' own CJK fonts.
CJK_FONTS = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/google-noto-cjk-fonts/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/opt/homebrew/share/fonts/NotoSansCJK-Regular.ttc",
    "/System/Library/Fonts/PingFang.ttc",
    "C:/Windows/Fonts/msyh.ttc",
)
#: The first code point of the CJK blocks (radicals, kana, ideographs, Hangul, full-width forms) the built-in font
#: has no glyphs for.
CJK_START = 0x2E80


@lru_cache(maxsize=1)
def cjk_font_path() -> str | None:
    """The CJK font the screenshots draw such text with, or None (it is then drawn with missing glyphs; the UI
    tree has the text either way)."""
    candidates = (os.environ.get("MA_CJK_FONT", ""), *CJK_FONTS)
    return next((path for path in candidates if path and os.path.isfile(path)), None)


@lru_cache(maxsize=128)
def _font(size: int, cjk: bool) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = cjk_font_path() if cjk else None
    return ImageFont.truetype(path, size) if path else ImageFont.load_default(size=size)


def font(size: int, text: str = "") -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The font to draw ``text`` at ``size`` px: Pillow's built-in one, or for text with CJK characters the CJK
    font (:func:`cjk_font_path`) where there is one."""
    return _font(size, any(ord(c) >= CJK_START for c in text))


#: Characters the built-in font has no glyph for, drawn as their look-alikes (the UI tree keeps the originals).
LOOKALIKES = str.maketrans({"\u2010": "-", "\u2011": "-", "\u00a0": " ", "\u202f": " "})


def tint(name: str) -> Color:
    """A stable colour for an app icon, from its name (never Python's salted hash)."""
    d = hashlib.sha256(name.encode()).digest()
    return (60 + d[0] % 150, 60 + d[1] % 150, 60 + d[2] % 150)


class Renderer:
    def __init__(self, system: System):
        self.system = system
        self.scale = system.density / 160
        dark = system.night_mode
        self.p = DARK if dark else LIGHT
        self.img = Image.new("RGB", (system.width, system.height), self.p.background)
        self.draw = ImageDraw.Draw(self.img)
        #: The colour of app icons' labels over the wallpaper drawn in the current window (None: the palette's).
        self.label: Color | None = None

    def px(self, dp: float) -> int:
        return int(dp * self.scale)

    def text(self, node: Node, value: str, color: Color, size_dp: float | None = None, center: bool = False) -> None:
        x1, y1, x2, y2 = node.bounds
        size = self.px(size_dp or LINE_DP.get(node.view.style, 24) * 0.62)
        f = font(max(8, size), value)
        pad = self.px(8)
        lines, width = [], max(1, x2 - x1 - 2 * pad)
        for para in value.translate(LOOKALIKES).split("\n"):
            words, line = para.split(" "), ""
            for w in words:
                trial = f"{line} {w}".strip()
                if self.draw.textlength(trial, font=f) <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = w
            lines.append(line)
        step = int(size * 1.3)
        y = y1 + max(pad // 2, ((y2 - y1) - step * len(lines)) // 2)
        for line in lines:
            if y + step > y2 + step // 3:
                break
            x = x1 + (max(pad, (x2 - x1 - int(self.draw.textlength(line, font=f))) // 2) if center else pad)
            self.draw.text((x, y), line, fill=color, font=f)
            y += step

    def glyph(self, node: Node, color: Color) -> None:
        """An icon: nav-bar shapes, else a circle with the first letter of its name (readable by a model)."""
        x1, y1, x2, y2 = node.bounds
        r = max(4, min(x2 - x1, y2 - y1) // 2 - self.px(6))
        cx, cy = (x1 + x2) // 2, (y1 + y2) // 2
        shape = {"Back": "back", "Home": "home", "Overview": "overview"}.get(node.view.desc)
        if node.view.desc == "Navigate up" or (shape and node.package == "com.android.systemui"):
            shape = shape or "back"
            s = r // 2
            if shape == "back":
                self.draw.polygon([(cx + s, cy - s), (cx + s, cy + s), (cx - s, cy)], outline=color, width=3)
            elif shape == "home":
                self.draw.ellipse((cx - s, cy - s, cx + s, cy + s), outline=color, width=3)
            else:
                self.draw.rectangle((cx - s, cy - s, cx + s, cy + s), outline=color, width=3)
            return
        label = (node.view.desc or node.view.icon or "?").strip()
        self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=color, width=max(2, self.px(2)))
        f = font(max(8, int(r * 1.1)))
        letter = label[:1].upper()
        w = self.draw.textlength(letter, font=f)
        self.draw.text((cx - w / 2, cy - r * 0.65), letter, fill=color, font=f)

    def node(self, node: Node) -> None:
        v, p = node.view, self.p
        x1, y1, x2, y2 = node.bounds
        cls = v.cls.rsplit(".", 1)[-1]
        if v.style in ("dialog", "menu", "floating-toolbar"):
            self.draw.rounded_rectangle(node.bounds, radius=self.px(16), fill=p.surface, outline=p.outline)
        elif v.style in ("toolbar", "statusbar", "navbar"):
            self.draw.rectangle(node.bounds, fill=p.bars)
        elif v.style == "toast":
            self.draw.rounded_rectangle(node.bounds, radius=self.px(20), fill=(50, 50, 50))
            self.text(node, v.text, (255, 255, 255), center=True)
            return
        if v.style == "bitmap":
            self.bitmap(node)
            return
        if v.style == "wallpaper":
            self.wallpaper(node)
        if v.style == "color":  # a coloured block of a web page (``view.icon`` is its CSS colour)
            self.draw.rectangle(node.bounds, fill=v.icon or "#ffffff", outline=(0, 0, 0))
            if v.text:
                self.text(node, v.text, (0, 0, 0), center=True)
            return
        if v.style == "videoframe":  # a video frame: black, with the frame's text drawn (never in the hierarchy)
            self.draw.rectangle(node.bounds, fill=(0, 0, 0))
            if v.icon:
                f = font(self.px(40))
                w = self.draw.textlength(v.icon, font=f)
                self.draw.text(((x1 + x2 - w) / 2, (y1 + y2) / 2 - self.px(20)), v.icon, fill=(255, 255, 255), font=f)
            return
        if v.style == "canvas":  # a drawing surface; ``view.icon`` lists the colours painted on it
            self.draw.rectangle(node.bounds, fill=(255, 255, 255), outline=(0, 0, 0))
            for i, color in enumerate(c for c in v.icon.split(",") if c):
                y = y1 + (i + 1) * (y2 - y1) // 6
                self.draw.line((x1 + 20, y, x2 - 20, y), fill=color, width=self.px(4))
            return
        if v.selected and v.clickable:
            self.draw.rectangle((x1, y2 - self.px(3), x2, y2), fill=p.accent)
        if cls == "Button":
            self.draw.rounded_rectangle((x1 + 4, y1 + 4, x2 - 4, y2 - 4), radius=self.px(20),
                                        fill=p.accent if v.enabled else p.outline)
            self.text(node, v.text, p.on_accent, center=True)
        elif cls == "EditText":
            self.edit_text(node)
        elif cls == "Switch":
            w, h = self.px(36), self.px(20)
            cx, cy = (x1 + x2) // 2, (y1 + y2) // 2
            self.draw.rounded_rectangle((cx - w // 2, cy - h // 2, cx + w // 2, cy + h // 2), radius=h // 2,
                                        fill=p.accent if v.checked else p.outline)
            knob = cx + w // 2 - h // 2 if v.checked else cx - w // 2 + h // 2
            self.draw.ellipse((knob - h // 2 + 3, cy - h // 2 + 3, knob + h // 2 - 3, cy + h // 2 - 3),
                              fill=p.on_accent if v.checked else p.background)
        elif cls in ("CheckBox", "RadioButton"):
            s = self.px(18)
            bx, cy = x1 + self.px(8), (y1 + y2) // 2
            box = (bx, cy - s // 2, bx + s, cy + s // 2)
            if cls == "CheckBox":
                self.draw.rectangle(box, outline=p.secondary, width=3, fill=p.accent if v.checked else None)
            else:
                self.draw.ellipse(box, outline=p.secondary, width=3)
                if v.checked:
                    self.draw.ellipse((box[0] + 8, box[1] + 8, box[2] - 8, box[3] - 8), fill=p.accent)
            if v.text:
                self.draw.text((bx + s + self.px(8), cy - self.px(9)), v.text.translate(LOOKALIKES), fill=p.text,
                               font=font(self.px(15)))
        elif cls == "SeekBar":
            cy = (y1 + y2) // 2
            frac = v.progress / v.max_progress if v.max_progress else 0
            mid = x1 + int((x2 - x1) * frac)
            self.draw.rounded_rectangle((x1, cy - 6, x2, cy + 6), radius=6, fill=p.outline)
            self.draw.rounded_rectangle((x1, cy - 6, max(x1 + 12, mid), cy + 6), radius=6, fill=p.accent)
            self.draw.ellipse((mid - 16, cy - 16, mid + 16, cy + 16), fill=p.accent)
        elif cls in ("ImageButton", "ImageView") or (v.style == "app-icon"):
            if v.style == "app-icon":
                r = self.px(24)
                cx = (x1 + x2) // 2
                self.draw.ellipse((cx - r, y1 + self.px(6), cx + r, y1 + self.px(6) + 2 * r),
                                  fill=tint(v.icon or v.text))
                f = font(self.px(20), v.text[:1])
                w = self.draw.textlength(v.text[:1], font=f)
                self.draw.text((cx - w / 2, y1 + self.px(16)), v.text[:1], fill=(255, 255, 255), font=f)
                label = (v.text if len(v.text) < 12 else v.text[:11] + "\u2026").translate(LOOKALIKES)
                lw = self.draw.textlength(label, font=font(self.px(12), label))
                self.draw.text((cx - lw / 2, y1 + self.px(62)), label, fill=self.label or p.text,
                               font=font(self.px(12), label))
            else:
                self.glyph(node, p.secondary if v.style != "fab" else p.accent)
        elif v.text and not node.children:
            color = p.secondary if v.style in ("item-summary", "caption") else p.text
            self.text(node, v.text, color)
        elif v.style == "searchbar":
            self.draw.rounded_rectangle((x1 + 8, y1 + 8, x2 - 8, y2 - 8), radius=self.px(24), fill=p.surface)
            self.text(node, v.text or v.desc or "Search", p.secondary)

    def bitmap(self, node: Node) -> None:
        """An image file from the device (``view.icon`` is its path), scaled to fit its bounds."""
        x1, y1, x2, y2 = node.bounds
        try:
            with Image.open(io.BytesIO(self.system.fs.read(node.view.icon))) as picture:
                picture = picture.convert("RGB")
                picture.thumbnail((max(1, x2 - x1), max(1, y2 - y1)))
                self.img.paste(picture, (x1 + (x2 - x1 - picture.width) // 2, y1 + (y2 - y1 - picture.height) // 2))
        except (OSError, ValueError):  # a missing or broken file shows as an empty frame, as a gallery would
            self.draw.rectangle(node.bounds, outline=self.p.outline)

    def wallpaper(self, node: Node) -> None:
        """The wallpaper behind the home screen (nothing over the palette's background for the default)."""
        s = self.system
        if s.wallpaper == DEFAULT_WALLPAPER:
            return
        self.img.paste(wallpaper_image(s.wallpaper, s.width, s.height).crop(node.bounds), node.bounds[:2])
        self.label = (255, 255, 255) if is_dark(s.wallpaper, s.width, s.height) else LIGHT.text

    def edit_text(self, node: Node) -> None:
        v, p = node.view, self.p
        x1, y1, x2, y2 = node.bounds
        self.draw.rectangle((x1 + 4, y2 - (6 if node.focused else 3), x2 - 4, y2), fill=p.accent if node.focused
                            else p.outline)
        shown = node_text(node)
        self.text(node, shown, p.text if v.text else p.secondary)
        if node.focused:  # the caret after the text
            f = font(self.px(LINE_DP.get(v.style, 24) * 0.62))
            last = (v.text or "").split("\n")[-1]
            cx = min(x2 - 6, x1 + self.px(8) + int(self.draw.textlength(last, font=f)) + 2)
            inset = min(self.px(12), (y2 - y1) // 4)  # a short field (a zoomed-out web page's) keeps a caret
            self.draw.rectangle((cx, y1 + inset, cx + 3, y2 - inset), fill=p.accent)

    def window(self, root: Node) -> None:
        self.label = None
        for n in root.walk():
            self.node(n)

    def keyboard(self) -> None:
        s, p = self.system, self.p
        top, bottom = s.keyboard_top, s.height - s.px(48)
        self.draw.rectangle((0, top, s.width, bottom), fill=p.bars)
        row_h = (bottom - top) // len(KEY_ROWS)
        for r, row in enumerate(KEY_ROWS):
            keys = row.split(" ")
            w = s.width // len(keys)
            for k, key in enumerate(keys):
                box = (k * w + 6, top + r * row_h + 8, (k + 1) * w - 6, top + (r + 1) * row_h - 8)
                self.draw.rounded_rectangle(box, radius=10, fill=p.surface)
                f = font(self.px(16))
                tw = self.draw.textlength(key, font=f)
                self.draw.text(((box[0] + box[2] - tw) / 2, (box[1] + box[3]) / 2 - self.px(9)), key,
                               fill=p.text, font=f)

    def render(self) -> bytes:
        windows = self.system.windows()
        for win in reversed(windows):
            if win.modal:  # a dim scrim behind dialogs and menus
                self.img.paste((0, 0, 0), (0, 0, self.system.width, self.system.height),
                               Image.new("L", self.img.size, 80))
            self.window(win.root)
        if self.system.keyboard_visible:
            self.keyboard()
        buf = io.BytesIO()
        self.img.save(buf, "PNG", optimize=False, compress_level=1)
        return buf.getvalue()


def render_png(system: System) -> bytes:
    """The screen as PNG bytes."""
    return Renderer(system).render()


def shown(system: System) -> tuple[object, ...]:
    """Everything :func:`render_png` draws from: equal (``==``) values, equal pictures.

    Windows are compared by their laid-out trees, which stay the same objects while their content does
    (:class:`~mobileagent_sim.layout.LayoutCache`); pictures by the bytes of their files.
    """
    windows = system.windows()
    bitmaps = []
    for win in windows:
        for node in win.root.walk():
            if node.view.style == "bitmap":
                try:
                    bitmaps.append(system.fs.read(node.view.icon))
                except (OSError, ValueError):
                    bitmaps.append(None)
    return (system.width, system.height, system.density, system.night_mode, system.wallpaper,
            system.keyboard_visible,
            tuple((win.root, win.modal) for win in windows), tuple(bitmaps))
