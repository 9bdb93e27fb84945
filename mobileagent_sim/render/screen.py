"""Screenshots: a PNG drawn with Pillow from the same laid-out windows as the hierarchy.

What the agent sees in the picture is what the XML says: every node is drawn at its bounds by its widget class
and style, with the Material component of :mod:`~mobileagent_sim.render.components`, in its app's theme
(:func:`pytest_mobileagent.android.theme.theme_for`, light or dark by UiModeManager's night mode, ``cmd uimode
night yes``), its text by :mod:`~mobileagent_sim.render.text` and its icons by
:mod:`~mobileagent_sim.render.icons`; windows bottom-most first, then the soft keyboard when it is up. The home
screen shows the wallpaper set (:mod:`pytest_mobileagent.android.wallpaper`), its icon labels light or dark as the
wallpaper asks. Rendering is deterministic.
"""

from __future__ import annotations

import io
import re
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageColor, ImageDraw

from mobileagent_sim.hierarchy import node_text
from mobileagent_sim.render import components, fonts
from mobileagent_sim.render.components import Canvas
from mobileagent_sim.render.text import Appearance, Typesetter, appearance
from pytest_mobileagent.android import media
from pytest_mobileagent.android.theme import AppTheme, Color, Scheme, launcher_icon_for, rgb, theme_for
from pytest_mobileagent.android.wallpaper import DEFAULT as DEFAULT_WALLPAPER
from pytest_mobileagent.android.wallpaper import is_dark, wallpaper_image

if TYPE_CHECKING:
    from mobileagent_sim.layout import Node
    from mobileagent_sim.system import System

#: Gboard's QWERTY layout in its default (light) theme [unconfirmed: Gboard's own screenshots on the Play Store;
#: keys white on a grey board, the action keys darker].
KEY_ROWS = ("q w e r t y u i o p", "a s d f g h j k l", "⇧ z x c v b n m ⌫", "?123 , ☺ space . ↵")
KEY_ICONS = {"⇧": "shift", "⌫": "backspace", "☺": "mood", "↵": "keyboard_return"}
GBOARD = {False: ((232, 234, 237), (255, 255, 255), (198, 202, 208), (32, 33, 36)),
          True: ((32, 33, 36), (60, 64, 67), (95, 99, 104), (232, 234, 237))}

#: Views drawn as an icon: their class (or style) and no text of their own.
ICON_CLASSES = ("ImageButton", "ImageView")
#: The style of a view of another class drawn as its ``icon`` (a Jetpack Compose icon button, class View).
ICON_STYLE = "icon"
#: A FloatingActionButton shows in the hierarchy as the ImageButton it extends; apps name it so (``dialpad_fab``,
#: ``fab_add``, ``floating_action_button``).
FAB_ID = re.compile(r"(^|_)(fab|floating_action_button)($|_)")
DIALOG_BUTTONS = ("android:id/button1", "android:id/button2", "android:id/button3")
#: The three-button navigation bar's own shapes, not Material Symbols: Android 10-13 SystemUI's ``ic_sysbar_back``
#: (a left-pointing triangle), ``ic_sysbar_home`` (a disc) and ``ic_sysbar_recent`` (a rounded square), filled,
#: on their 28dp viewport (:mod:`pytest_mobileagent.android.systemui` cites them).
SYSBAR_SHAPES = ("sysbar_back", "sysbar_home", "sysbar_recent")


def tint(name: str) -> Color:
    """A stable colour for an app icon without one of its own, from its name."""
    r, g, b = components.stable_index(name, 1 << 24).to_bytes(3, "big")
    return 60 + r % 150, 60 + g % 150, 60 + b % 150


@lru_cache(maxsize=128)
def _scheme(package: str, night: bool) -> tuple[Scheme, bool]:
    theme: AppTheme = theme_for(package)
    return theme.scheme(night), theme.material3


class Renderer:
    def __init__(self, system: System):
        self.system = system
        self.scale = system.density / 160
        self.night = bool(system.night_mode)
        top = system.foreground()
        self.package = top.app.package if top is not None else system.home_package
        scheme, material3 = _scheme(self.package, self.night)
        self.img = Image.new("RGB", (system.width, system.height), scheme.color("background"))
        self.draw = ImageDraw.Draw(self.img)
        self.type = Typesetter(self.img, self.draw, self.scale)
        self.canvas = Canvas(self.img, self.draw, self.type, scheme, self.scale, material3)
        #: The colour of app icons' labels over the wallpaper drawn in the current window (None: the scheme's).
        self.label: Color | None = None

    def px(self, dp: float) -> int:
        return round(dp * self.scale)

    # -- context --------------------------------------------------------------------------------------------

    def use(self, package: str) -> Canvas:
        """The canvas in ``package``'s scheme (the status and navigation bars take the foreground app's)."""
        if package == "com.android.systemui":
            package = self.package
        scheme, material3 = _scheme(package, self.night)
        c = self.canvas
        if c.scheme is not scheme:
            c.scheme, c.material3 = scheme, material3
        return c

    # -- drawing --------------------------------------------------------------------------------------------

    def text(self, node: Node, value: str, color: Color, look: Appearance | None = None, align: str = "start",
             max_lines: int = 0) -> None:
        # the start inset a list row or bar gives its text; a narrow cell (a month's day) keeps most of its width
        width = node.bounds[2] - node.bounds[0]
        pad = min(self.px(8) if align != "center" else self.px(4), width // 20)
        want = node.view.height
        clipped = want is not None and self.px(want) > node.bounds[3] - node.bounds[1] + 1
        self.type.block(node.bounds, value, look or appearance(node.view.style), color, align=align,
                        max_lines=max_lines, pad=pad, clipped=clipped)

    def role_color(self, look: Appearance, on: str) -> Color:
        """A text's colour: its appearance's role, or the colour for text on the container it sits in."""
        c = self.canvas
        if look.role == "inverse":
            return (244, 239, 244)
        if look.role == "error":
            return (179, 38, 30) if not self.night else (242, 184, 181)
        if on and look.role in ("on_surface", "on_app_bar"):
            return c.c(on)
        if on == "on_app_bar" and look.role == "on_surface_variant":
            return c.c(on)
        return c.c(look.role if look.role != "on_app_bar" else "on_surface")

    def node(self, node: Node, on: str) -> str:
        """Draw one node; returns the colour role of what is drawn on it (its children's text)."""
        v = node.view
        c = self.use(node.package)
        x1, y1, x2, y2 = node.bounds
        cls = v.cls.rsplit(".", 1)[-1]
        style = v.style
        if v.background:
            self.fill(node.bounds, v.background)
        if style in ("dialog", "sheet", "drawer"):
            radius = (28 if c.material3 else 4) if style == "dialog" else 16 if style == "sheet" else 0
            c.surface(node.bounds, c.c("surface") if not c.material3 else c.c("surface_variant"), radius, 8,
                      top_only=style == "sheet")
            return "on_surface"
        if style in ("menu", "floating-toolbar"):
            c.surface(node.bounds, c.c("surface"), 4 if style == "menu" else 8, 3)
            return "on_surface"
        if style == "toolbar":
            c.surface(node.bounds, c.c("app_bar"))
            return "on_app_bar"
        if style == "statusbar":
            c.surface(node.bounds, c.c("status_bar"))
            return "on_app_bar" if c.scheme.status_bar != c.scheme.background else "on_surface"
        if style == "navbar":
            c.surface(node.bounds, c.c("background"))
            return "on_surface"
        if style == "toast":
            c.surface(node.bounds, (49, 48, 51), 20, 2)
            self.text(node, v.text, (244, 239, 244), Appearance(14), align="center")
            return ""
        if style == "panel":  # a block in the surface variant: a calculator's operator pad
            c.surface(node.bounds, c.c("surface_variant"))
            return on
        if style == "card":
            c.surface(node.bounds, c.c("surface_variant") if c.material3 else c.c("surface"),
                      12 if c.material3 else 4, 0 if c.material3 else 2)
            return "on_surface"
        if style == "bitmap":
            self.bitmap(node)
            return ""
        if style == "wallpaper":
            self.wallpaper(node)
            return ""
        if style == "color":  # a coloured block of a web page (``view.icon`` is its CSS colour)
            self.draw.rectangle(node.bounds, fill=v.icon or "#ffffff", outline=(0, 0, 0))
            if v.text:
                self.text(node, v.text, (0, 0, 0), align="center")
            return ""
        if style == "videoframe":  # a video frame: black, with the frame's text drawn (never in the hierarchy)
            self.draw.rectangle(node.bounds, fill=(0, 0, 0))
            if v.icon:
                self.type.block(node.bounds, v.icon, Appearance(40), (255, 255, 255), align="center")
            return ""
        if style == "canvas" and (v.strokes or v.background):  # a view drawing its own strokes
            c.strokes(node.bounds, v.strokes)
            return ""
        if style == "canvas":  # a web page's drawing surface; ``view.icon`` lists the colours painted on it
            self.draw.rectangle(node.bounds, fill=(255, 255, 255), outline=(0, 0, 0))
            for i, color in enumerate(col for col in v.icon.split(",") if col):
                y = y1 + (i + 1) * (y2 - y1) // 6
                self.draw.line((x1 + 20, y, x2 - 20, y), fill=color, width=self.px(4))
            return ""
        if style == "searchbar":
            bar = (x1 + self.px(4), y1 + self.px(4), x2 - self.px(4), y2 - self.px(4))
            self.draw.rounded_rectangle(bar, radius=(bar[3] - bar[1]) // 2, fill=c.c("surface_variant"))
            if not node.children:
                c.icon((bar[0], bar[1], bar[0] + self.px(48), bar[3]), "search", c.c("on_surface_variant"))
                self.type.block((bar[0] + self.px(48), bar[1], bar[2], bar[3]), v.text or v.desc or v.hint or
                                "Search", Appearance(16), c.c("on_surface_variant"), max_lines=1)
            return "on_surface"
        if style == "fab" or (cls in ICON_CLASSES and FAB_ID.search(node.resource_id.rsplit("/", 1)[-1])):
            c.fab(node.bounds, v.icon or ("add" if not v.text else ""), v.text)
            return ""
        if style in ("bubble-in", "bubble-out"):
            color = c.bubble(node.bounds, style == "bubble-out")
            if v.text:
                self.type.block(node.bounds, v.text, Appearance(16), color, pad=self.px(12))
            return "on_accent" if style == "bubble-out" else "on_surface"
        if style == "event-label":  # a calendar's event: its title on the event's colour, wrapped in its block,
            inset = self.px(1)  # the last line that fits ellipsized at the end
            self.draw.rounded_rectangle((x1 + inset, y1 + inset, x2 - inset, y2 - inset), radius=self.px(3),
                                        fill=c.c("accent"))
            tall = y2 - y1 > self.px(28)  # a block of a day's column: its title from the top, under a margin
            self.type.block((x1, y1 + (self.px(3) if tall else 0), x2, y2), v.text, appearance(style),
                            c.c("on_accent"), valign="top" if tall else "center", pad=self.px(3))
            return ""
        if style == "chip":
            c.chip(node.bounds, v.text or v.desc, v.selected or v.checked)
            return ""
        if v.selected and v.clickable and cls != "Button":
            self.selection(node)
        if cls == "Button":
            self.button(node, on)
        elif cls == "EditText":
            self.edit_text(node)
        elif cls == "Switch":
            c.switch(node.bounds, v.checked, v.enabled)
        elif cls in ("CheckBox", "RadioButton"):
            (c.check_box if cls == "CheckBox" else c.radio)((x1 + self.px(8), y1, x2, y2), v.checked)
            if v.text:
                self.type.block((x1 + self.px(40), y1, x2, y2), v.text, appearance("item-title"),
                                self.role_color(appearance("item-title"), on))
        elif cls == "SeekBar":
            c.slider(node.bounds, v.progress / v.max_progress if v.max_progress else 0)
        elif style == "app-icon":
            self.app_icon(node)
        elif cls in ICON_CLASSES or style == ICON_STYLE:
            self.image(node, on)
        elif v.text and not node.children:
            look = appearance(style)
            self.text(node, v.text, self.role_color(look, on), align=v.gravity or "start")
        return on

    def selection(self, node: Node) -> None:
        """How a selected item shows: a navigation item's indicator behind its icon (Material 3; Material 2
        colours it only), a tab's underline, a drawer item's pill, a picked row's tinted background."""
        c = self.canvas
        kids = [k for k in node.walk() if k is not node]
        icon = next((k for k in kids if k.view.cls.rsplit(".", 1)[-1] in ICON_CLASSES and k.view.icon), None)
        if icon is not None and any(k.view.text for k in kids):
            if c.material3:
                cx, cy = icon.center
                w, h = self.px(64), self.px(32)
                self.draw.rounded_rectangle((cx - w // 2, cy - h // 2, cx + w // 2, cy + h // 2), radius=h // 2,
                                            fill=c.c("accent_container"))
        elif any(k.view.style == "tab-selected" for k in kids):
            c.tab_indicator(node.bounds)
        elif node.view.style == "drawer-item":
            self.draw.rounded_rectangle(node.bounds, radius=(node.bounds[3] - node.bounds[1]) // 2,
                                        fill=c.c("accent_container"))
        else:
            accent, bg = c.c("accent"), c.c("background")
            self.draw.rectangle(node.bounds, fill=tuple((a * 3 + b * 7) // 10 for a, b in zip(accent, bg)))

    def button(self, node: Node, on: str) -> None:
        v, c = node.view, self.canvas
        if not v.text:  # an action item or icon button with no label: its icon alone, as ImageButton draws it
            self.image(node, on)
            return
        if v.style in ("keypad", "digits", "picker-side", "toolbar-item", "flat") or (
                v.style == "button" and on == "on_app_bar"):
            look = appearance(v.style if v.style != "button" else "toolbar-item")
            if v.text:
                self.text(node, v.text, self.role_color(look, on) if v.style != "flat" else c.c("primary"),
                          look, align="center", max_lines=2)
            else:
                c.icon(node.bounds, v.icon or v.desc, c.c("on_surface_variant"))
            return
        if v.style == "primary":
            kind = "filled"
        elif node.resource_id in DIALOG_BUTTONS or (on == "on_surface" and v.style == "button" and \
                node.resource_id.startswith("android:id/")):
            kind = "text"
        else:
            kind = "filled"
        c.button(node.bounds, v.text, kind, v.enabled, v.icon or v.desc)

    def image(self, node: Node, on: str) -> None:
        """An ImageView or ImageButton: its pictogram, a letter avatar (``avatar:<name>``), or nothing."""
        v, c = node.view, self.canvas
        name = v.icon or (v.desc if not v.cls.endswith("ImageView") else "")
        if not name:
            return
        if name.startswith("avatar:"):
            c.letter_avatar(node.bounds, name.removeprefix("avatar:"))
            return
        if name.startswith("app:"):  # an app's launcher icon in a list row (Settings' apps list)
            x1, y1, x2, y2 = node.bounds
            r = min(x2 - x1, y2 - y1) // 2
            cx, cy = (x1 + x2) // 2, (y1 + y2) // 2
            self.launcher_disc((cx - r, cy - r, cx + r, cy + r), name.removeprefix("app:"), v.desc)
            return
        if name in SYSBAR_SHAPES:
            self.sysbar_shape(node.bounds, name, c.c("on_surface"))
            return
        color = c.c(on) if on in ("on_app_bar", "on_accent") else c.c("on_surface_variant")
        x1, y1, x2, y2 = node.bounds
        big = min(x2 - x1, y2 - y1) >= self.px(96)
        c.icon(node.bounds, name, color, 24 if not big else min(x2 - x1, y2 - y1) / self.scale * 0.6)

    def sysbar_shape(self, box: tuple[int, int, int, int], name: str, color: Color) -> None:
        """A navigation bar button's shape (:data:`SYSBAR_SHAPES`), centred in ``box``, in 28dp units."""
        x1, y1, x2, y2 = box
        k = self.scale
        ox, oy = (x1 + x2) / 2 - 14 * k, (y1 + y2) / 2 - 14 * k

        def at(x: float, y: float) -> tuple[float, float]:
            return ox + x * k, oy + y * k

        if name == "sysbar_back":
            corners = [at(6.8, 14), at(19.6, 6.5), at(19.6, 21.5)]
            self.draw.polygon(corners, fill=color)
            self.draw.line([*corners, corners[0]], fill=color, width=max(1, round(1.2 * k)), joint="curve")
        elif name == "sysbar_home":
            self.draw.ellipse((*at(7, 7), *at(21, 21)), fill=color)
        else:
            self.draw.rounded_rectangle((*at(6.5, 6.5), *at(21.5, 21.5)), radius=round(1.6 * k), fill=color)

    def app_icon(self, node: Node) -> None:
        """A launcher icon: the app's adaptive icon on a circle, its label under it."""
        v, c = node.view, self.canvas
        x1, y1, x2, _ = node.bounds
        r = self.px(26)
        cx = (x1 + x2) // 2
        disc = (cx - r, y1 + self.px(4), cx + r, y1 + self.px(4) + 2 * r)
        c.shadow(disc, r, 1.5)  # the launcher's icon shadow, which keeps a white icon apart from a light wallpaper
        self.launcher_disc(disc, v.icon, v.text)
        label_box = (x1, disc[3] + self.px(4), x2, disc[3] + self.px(24))
        label = self.type.ellipsized(v.text, self.type.px(12), x2 - x1 - self.px(4))
        self.type.block(label_box, label, Appearance(12), self.label or c.c("on_surface"), align="center",
                        max_lines=1)

    def launcher_disc(self, disc: tuple[int, int, int, int], package: str, label: str) -> None:
        """An app's adaptive icon on the circle ``disc``: its declared colours and pictogram, or a disc in a colour
        of its own with the label's initial."""
        declared = launcher_icon_for(package) if package else None
        size_dp = (disc[2] - disc[0]) / self.scale * 30 / 52
        if declared is not None:
            self.draw.ellipse(disc, fill=rgb(declared.background))
            self.canvas.icon(disc, declared.symbol, rgb(declared.foreground), size_dp)
        else:
            self.draw.ellipse(disc, fill=tint(package or label))
            initial = (label or package.rsplit(".", 1)[-1])[:1].upper()
            self.type.block(disc, initial, Appearance(size_dp * 22 / 30, 500), (255, 255, 255), align="center")

    def fill(self, box: tuple[int, int, int, int], color: str) -> None:
        """A view's background: a CSS colour, blended where it has an alpha (``#RRGGBBAA``)."""
        r, g, b, *alpha = ImageColor.getrgb(color)
        x1, y1, x2, y2 = box
        if x2 <= x1 or y2 <= y1:
            return
        if alpha and alpha[0] < 255:
            self.img.paste((r, g, b), box, Image.new("L", (x2 - x1, y2 - y1), alpha[0]))
        else:
            self.draw.rectangle(box, fill=(r, g, b))

    def bitmap(self, node: Node) -> None:
        """An image file from the device (``view.icon`` is its path; an MP3's embedded cover art), placed as the
        view's ``scale_type`` says (ImageView's ``scaleType``)."""
        try:
            with Image.open(io.BytesIO(picture_bytes(self.system.fs.read(node.view.icon)))) as picture:
                picture.load()
                self.canvas.picture(node.bounds, picture, node.view.scale_type)
        except (OSError, ValueError, Image.DecompressionBombError):  # a missing or broken file: an empty frame
            self.draw.rectangle(node.bounds, outline=self.canvas.c("outline"))

    def wallpaper(self, node: Node) -> None:
        """The wallpaper behind the home screen (nothing over the scheme's background for the default)."""
        s = self.system
        if s.wallpaper == DEFAULT_WALLPAPER:
            return
        self.img.paste(wallpaper_image(s.wallpaper, s.width, s.height).crop(node.bounds), node.bounds[:2])
        self.label = (255, 255, 255) if is_dark(s.wallpaper, s.width, s.height) else (28, 27, 31)

    def edit_text(self, node: Node) -> None:
        v, c = node.view, self.canvas
        outlined = c.material3 and v.style == "field" and not v.multiline
        look = appearance(v.style)
        editor = v.style == "editor"  # a full-screen editor: no frame, its text from the top-left (gravity top)
        frame = node.bounds if editor else c.text_field(node.bounds, v.text, v.hint, node.focused, look, outlined)
        shown = node_text(node)
        color = c.c("on_surface") if v.text else c.c("on_surface_variant")
        inner = (frame[0] + self.px(8), frame[1], frame[2] - self.px(8), frame[3])
        valign = "top" if editor or (v.multiline and (frame[3] - frame[1]) > self.px(96)) else "center"
        if valign == "top":
            inner = (inner[0], inner[1] + self.px(8), inner[2], inner[3])
        self.type.block(inner, shown, look, color, valign=valign, pad=self.px(4))
        if node.focused:  # the caret after the text
            size = self.type.px(look.size)
            last = self.type.wrap(shown, size, max(1, inner[2] - inner[0] - self.px(8)))[-1] if v.text else ""
            x1, y1, x2, y2 = inner
            cx = min(x2 - self.px(2), x1 + self.px(4) + int(self.type.width(last, size)) + 2)
            inset = min(self.px(12), (frame[3] - frame[1]) // 4)
            if valign == "top":
                self.draw.rectangle((cx, y1, cx + self.px(1), y1 + round(size * 1.2)), fill=c.c("accent"))
            else:
                self.draw.rectangle((cx, frame[1] + inset, cx + self.px(1), frame[3] - inset), fill=c.c("accent"))

    def window(self, root: Node) -> None:
        self.label = None
        self._walk(root, "")

    def _walk(self, node: Node, on: str) -> None:
        inner = self.node(node, on)
        for child in node.children:
            self._walk(child, inner)
        if node.view.style == "divider":
            self.canvas.divider(node.bounds)

    def keyboard(self) -> None:
        s = self.system
        board, key, action, ink = GBOARD[self.night]
        top, bottom = s.keyboard_top, s.height - s.px(48)
        self.draw.rectangle((0, top, s.width, bottom), fill=board)
        row_h = (bottom - top) // len(KEY_ROWS)
        unit = s.width / 10
        for r, row in enumerate(KEY_ROWS):
            keys = row.split(" ")
            widths = [4 if k == "space" else 1.5 if k in ("⇧", "⌫", "?123", "↵") else 1 for k in keys]
            x = (s.width - unit * sum(widths)) / 2
            for k, w in zip(keys, widths):
                box = (round(x + self.px(3)), top + r * row_h + self.px(5), round(x + unit * w - self.px(3)),
                       top + (r + 1) * row_h - self.px(5))
                self.draw.rounded_rectangle(box, radius=self.px(6), fill=action if len(k) > 1 or (k in KEY_ICONS
                                            and k != "☺") else key)
                if k in KEY_ICONS:
                    self.canvas.icon(box, KEY_ICONS[k], ink, 22)
                elif k != "space":
                    self.type.block(box, k, Appearance(22 if len(k) == 1 else 14), ink, align="center")
                x += unit * w

    def render(self) -> Image.Image:
        """The screen drawn: windows bottom-most first, then the keyboard."""
        windows = self.system.windows()
        for win in reversed(windows):
            if win.modal and win.root.view.style not in ("menu", "floating-toolbar"):
                # a dim scrim behind dialogs and sheets (a popup menu casts only its shadow)
                self.img.paste((0, 0, 0), (0, 0, self.system.width, self.system.height), _scrim(self.img.size))
            self.window(win.root)
        if self.system.keyboard_visible:
            self.keyboard()
        return self.img


@lru_cache(maxsize=4)
def _scrim(size: tuple[int, int]) -> Image.Image:
    """The mask of the dim behind a dialog (about a third of black)."""
    return Image.new("L", size, 80)


def render_image(system: System) -> Image.Image:
    """The screen as an RGB image."""
    return Renderer(system).render()


def png(image: Image.Image) -> bytes:
    """``image`` as PNG bytes, as ``screencap -p`` sends them."""
    buf = io.BytesIO()
    # zlib's run-length strategy (Z_RLE, 3: Pillow passes ``compress_type`` to zlib as the strategy), made for PNG
    # data: on screens of flat colour it is faster than the default and a quarter smaller
    image.save(buf, "PNG", optimize=False, compress_level=1, compress_type=3)
    return buf.getvalue()


def picture_bytes(data: bytes) -> bytes:
    """The picture a file shows: an MP3's embedded cover (its ID3 ``APIC`` frame, as MediaStore's album art), or
    the file itself."""
    return media.embedded_picture(data) or data if data[:3] == b"ID3" else data


def render_png(system: System) -> bytes:
    """The screen as PNG bytes."""
    return png(render_image(system))


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
    top = system.foreground()
    return (system.width, system.height, system.density, system.night_mode, system.wallpaper,
            system.keyboard_visible, top.app.package if top is not None else "",
            tuple((win.root, win.modal) for win in windows), tuple(bitmaps), fonts.packaged_only())
