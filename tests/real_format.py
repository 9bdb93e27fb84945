"""Real-format uiautomator dumps for the observation views' tests and benchmark.

Real apps dump deeper trees than the simulator draws: a status bar and a navigation bar window
(``com.android.systemui``), the decor views above ``android:id/content``, Jetpack Compose screens whose
``android.view.View`` nodes nest a dozen levels with nothing on them, cards whose clickable container has no
text of its own, off-screen rows (``visible-to-user="false"``), and sometimes a keyboard window. These screens
are built in that shape, deterministically from a seed, with the uiautomator2 dumper's full attribute set and
order. ``python -m tests.real_format DIR`` writes them as ``.xml`` files.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

from lxml import etree

DECLARATION = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
_FLAGS = ("checkable", "checked", "clickable", "enabled", "focusable", "focused", "scrollable", "long-clickable",
          "password", "selected")
WIDTH, HEIGHT = 1080, 2400
WORDS = ("lamp", "desk", "oak", "linen", "travel", "mug", "kettle", "brass", "shelf", "wool", "throw", "candle",
         "ceramic", "vase", "garden", "chair", "rug", "cotton", "walnut", "mirror", "clock", "pillow", "basket",
         "frame", "table", "stool", "bowl", "plate", "glass", "towel", "blanket", "hook", "drawer")


class Builder:
    """Appends nodes in the dumper's attribute order; ``index`` is the position among siblings."""

    def __init__(self, package: str) -> None:
        self.package = package
        self.root = etree.Element("hierarchy", rotation="0")

    def node(self, parent: etree._Element | None, cls: str, bounds: tuple[int, int, int, int], *, text: str = "",
             rid: str = "", desc: str = "", hint: str = "", visible: bool = True, package: str = "",
             **flags: bool) -> etree._Element:
        parent = self.root if parent is None else parent
        attrs = {"index": str(len(parent)), "text": text, "resource-id": rid and f"{package or self.package}:id/{rid}",
                 "class": cls, "package": package or self.package, "content-desc": desc}
        for flag in _FLAGS:
            attrs[flag] = "true" if flags.get(flag.replace("-", "_"), flag == "enabled") else "false"
        x1, y1, x2, y2 = bounds
        attrs.update({"visible-to-user": "true" if visible else "false", "bounds": f"[{x1},{y1}][{x2},{y2}]",
                      "drawing-order": str(len(parent) + 1), "hint": hint, "display-id": "0"})
        return etree.SubElement(parent, "node", attrs)

    def decor(self) -> etree._Element:
        """The app window down to ``android:id/content``, as every View-based activity has it."""
        screen = (0, 0, WIDTH, HEIGHT)
        top = self.node(None, "android.widget.FrameLayout", screen)
        linear = self.node(top, "android.widget.LinearLayout", screen)
        frame = self.node(linear, "android.widget.FrameLayout", screen)
        bar_root = self.node(frame, "android.widget.LinearLayout", screen, rid="action_bar_root")
        return self.node(bar_root, "android.widget.FrameLayout", screen, rid="content", package="android")

    def system_bars(self, clock: str) -> None:
        ui = "com.android.systemui"
        bar = self.node(None, "android.widget.FrameLayout", (0, 0, WIDTH, 118), rid="status_bar", package=ui)
        row = self.node(bar, "android.widget.LinearLayout", (0, 0, WIDTH, 118), rid="status_bar_contents", package=ui)
        left = self.node(row, "android.widget.FrameLayout", (42, 0, 520, 118), package=ui)
        self.node(left, "android.widget.TextView", (42, 30, 160, 88), text=clock, rid="clock", package=ui)
        icons = self.node(row, "android.widget.LinearLayout", (700, 0, 1040, 118), rid="system_icons", package=ui)
        for i, what in enumerate(("Wifi signal full.", "Phone two bars.", "Battery 76 percent.")):
            holder = self.node(icons, "android.widget.FrameLayout", (760 + 90 * i, 30, 840 + 90 * i, 88), package=ui)
            self.node(holder, "android.widget.ImageView", (760 + 90 * i, 30, 840 + 90 * i, 88), desc=what, package=ui)
        nav = self.node(None, "android.widget.FrameLayout", (0, 2337, WIDTH, HEIGHT), package=ui)
        buttons = self.node(nav, "android.widget.FrameLayout", (0, 2337, WIDTH, HEIGHT), rid="navigation_bar_frame",
                            package=ui)
        inner = self.node(buttons, "android.widget.LinearLayout", (0, 2337, WIDTH, HEIGHT), rid="ends_group",
                          package=ui)
        for i, (rid, desc) in enumerate((("back", "Back"), ("home", "Home"), ("recent_apps", "Overview"))):
            self.node(inner, "android.widget.ImageView", (90 + 330 * i, 2337, 330 + 330 * i, HEIGHT), rid=rid,
                      desc=desc, package=ui, clickable=True, focusable=True, long_clickable=rid == "home")

    def keyboard(self, top: int) -> None:
        ime = "com.google.android.inputmethod.latin"
        win = self.node(None, "android.widget.FrameLayout", (0, top, WIDTH, 2337), package=ime)
        body = self.node(win, "android.widget.FrameLayout", (0, top, WIDTH, 2337), rid="keyboard_holder", package=ime)
        rows = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
        height = (2337 - top) // 5
        for r, keys in enumerate(rows):
            y = top + height * (r + 1)
            row = self.node(body, "android.widget.LinearLayout", (0, y, WIDTH, y + height), package=ime)
            for k, key in enumerate(keys):
                x = 8 + k * 107
                self.node(row, "android.widget.FrameLayout", (x, y, x + 100, y + height), desc=key,
                          rid="key_pos_0_" + str(k), package=ime, clickable=True, long_clickable=True)
        y = top + height * 4
        last = self.node(body, "android.widget.LinearLayout", (0, y, WIDTH, 2337), package=ime)
        for k, (rid, desc) in enumerate((("key_pos_sym", "Symbols"), ("key_pos_space", "Space"),
                                         ("key_pos_ime_action", "Send"))):
            self.node(last, "android.widget.FrameLayout", (k * 360, y, k * 360 + 350, 2337), rid=rid, desc=desc,
                      package=ime, clickable=True)

    def text(self) -> str:
        etree.indent(self.root, space="  ")
        return f"{DECLARATION}\r\n{etree.tostring(self.root, encoding='unicode')}\n"


def _title(rng: random.Random, words: int = 3) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(words)).capitalize()


def _toolbar(b: Builder, parent: etree._Element, title: str) -> None:
    bar = b.node(parent, "android.view.ViewGroup", (0, 118, WIDTH, 265), rid="toolbar")
    b.node(bar, "android.widget.ImageButton", (0, 128, 126, 254), desc="Navigate up", clickable=True, focusable=True)
    b.node(bar, "android.widget.TextView", (147, 160, 700, 230), text=title)
    menu = b.node(bar, "androidx.appcompat.widget.LinearLayoutCompat", (800, 128, WIDTH, 254))
    b.node(menu, "android.widget.Button", (800, 128, 940, 254), desc="Search", rid="action_search", clickable=True,
           focusable=True)
    b.node(menu, "android.widget.ImageView", (940, 128, WIDTH, 254), desc="More options", clickable=True,
           focusable=True)


def shop(rng: random.Random) -> str:
    """A product list: clickable cards with no text of their own, a bottom navigation, off-screen cards."""
    b = Builder("com.example.shop")
    content = b.decor()
    coordinator = b.node(content, "android.view.ViewGroup", (0, 118, WIDTH, 2337), rid="coordinator")
    _toolbar(b, coordinator, "Results")
    chips = b.node(coordinator, "android.widget.HorizontalScrollView", (0, 265, WIDTH, 380), rid="chips",
                   scrollable=True, focusable=True)
    group = b.node(chips, "com.google.android.material.chip.ChipGroup", (0, 265, 1400, 380))
    for i, label in enumerate(("Price", "Rating", "Brand", "Delivery", "Colour")):
        b.node(group, "com.google.android.material.chip.Chip", (20 + 260 * i, 280, 260 + 260 * i, 365), text=label,
               clickable=True, checkable=True, focusable=True, checked=i == 0, visible=i < 4)
    results = b.node(coordinator, "androidx.recyclerview.widget.RecyclerView", (0, 380, WIDTH, 2150), rid="results",
                     scrollable=True, focusable=True)
    for i in range(rng.randint(7, 10)):
        y = 400 + 330 * i
        visible = y < 2150
        y2 = min(y + 310, 2150) if visible else y + 310
        card = b.node(results, "android.widget.FrameLayout", (32, y, 1048, y2), rid="card", clickable=True,
                      long_clickable=True, focusable=True, visible=visible)
        inner = b.node(card, "androidx.cardview.widget.CardView", (32, y, 1048, y2), visible=visible)
        row = b.node(inner, "android.widget.LinearLayout", (32, y, 1048, y2), visible=visible)
        b.node(row, "android.widget.ImageView", (48, y + 16, 300, y2 - 16), rid="thumbnail", visible=visible)
        col = b.node(row, "android.widget.LinearLayout", (320, y + 16, 1030, y2 - 16), visible=visible)
        b.node(col, "android.widget.TextView", (320, y + 16, 1030, y + 80), text=_title(rng, 4), rid="title",
               visible=visible)
        b.node(col, "android.widget.TextView", (320, y + 90, 600, y + 140), text=f"${rng.randint(5, 300)}.99",
               rid="price", visible=visible)
        stars = b.node(col, "android.widget.LinearLayout", (320, y + 150, 800, y + 200), visible=visible)
        b.node(stars, "android.widget.RatingBar", (320, y + 150, 600, y + 200),
               desc=f"Rated {rng.randint(30, 50) / 10} out of 5", visible=visible)
        b.node(stars, "android.widget.TextView", (610, y + 150, 800, y + 200), text=f"({rng.randint(3, 9000):,})",
               visible=visible)
        b.node(col, "android.widget.Button", (700, y + 210, 1030, y2 - 16), text="Add to cart", rid="add",
               clickable=True, focusable=True, visible=visible)
    nav = b.node(coordinator, "com.google.android.material.bottomnavigation.BottomNavigationView",
                 (0, 2150, WIDTH, 2337), rid="bottom_nav")
    menu = b.node(nav, "com.google.android.material.bottomnavigation.BottomNavigationMenuView", (0, 2150, WIDTH, 2337))
    for i, label in enumerate(("Home", "Search", "Cart", "Account")):
        tab = b.node(menu, "android.widget.FrameLayout", (270 * i, 2150, 270 * i + 270, 2337), desc=label,
                     clickable=True, focusable=True, selected=i == 1)
        b.node(tab, "android.widget.ImageView", (270 * i + 100, 2170, 270 * i + 170, 2240), rid="icon")
        labels = b.node(tab, "android.view.ViewGroup", (270 * i + 40, 2250, 270 * i + 230, 2310), rid="labelGroup")
        b.node(labels, "android.widget.TextView", (270 * i + 40, 2250, 270 * i + 230, 2310), text=label,
               rid="navigation_bar_item_small_label_view")
    b.system_bars(f"{rng.randint(8, 22)}:{rng.randint(10, 59)}")
    return b.text()


def _compose_nest(b: Builder, parent: etree._Element, bounds: tuple[int, int, int, int], depth: int) -> etree._Element:
    for _ in range(depth):
        parent = b.node(parent, "android.view.View", bounds)
    return parent


def chat(rng: random.Random) -> str:
    """A Jetpack Compose conversation: deep empty ``View`` nesting, a text field, often the keyboard open."""
    b = Builder("com.example.chat")
    content = b.decor()
    compose = b.node(content, "androidx.compose.ui.platform.ComposeView", (0, 118, WIDTH, 2337))
    shell = _compose_nest(b, compose, (0, 118, WIDTH, 2337), 4)
    header = b.node(shell, "android.view.View", (0, 118, WIDTH, 270))
    b.node(header, "android.widget.Button", (0, 130, 126, 250), desc="Back", clickable=True, focusable=True)
    b.node(header, "android.view.View", (140, 130, 260, 250), desc=f"{_title(rng, 1)} avatar")
    b.node(header, "android.widget.TextView", (280, 140, 800, 200), text=_title(rng, 2))
    b.node(header, "android.widget.TextView", (280, 200, 800, 250), text="online")
    b.node(header, "android.widget.Button", (940, 130, WIDTH, 250), desc="Call", clickable=True, focusable=True)
    keyboard = rng.random() < 0.6
    bottom = 1350 if keyboard else 2200
    messages = b.node(shell, "android.view.View", (0, 270, WIDTH, bottom), scrollable=True, focusable=True)
    y = 290
    for _ in range(rng.randint(10, 16)):
        h = rng.choice((120, 180, 240))
        mine = rng.random() < 0.5
        visible = y + h < bottom
        x1, x2 = (300, 1050) if mine else (30, 780)
        bubble = b.node(messages, "android.view.View", (x1, y, x2, min(y + h, bottom)), long_clickable=True,
                        clickable=True, focusable=True, visible=visible)
        holder = _compose_nest(b, bubble, (x1, y, x2, min(y + h, bottom)), 3)
        b.node(holder, "android.widget.TextView", (x1 + 20, y + 10, x2 - 20, y + h - 50),
               text=" ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 14))), visible=visible)
        b.node(holder, "android.widget.TextView", (x2 - 160, y + h - 45, x2 - 20, y + h - 10),
               text=f"{rng.randint(8, 22)}:{rng.randint(10, 59)}", visible=visible)
        if mine:
            b.node(holder, "android.view.View", (x2 - 60, y + h - 45, x2 - 20, y + h - 10), desc="Read",
                   visible=visible)
        y += h + 20
    composer = b.node(shell, "android.view.View", (0, bottom, WIDTH, bottom + 137))
    b.node(composer, "android.widget.Button", (10, bottom + 10, 130, bottom + 127), desc="Attach", clickable=True,
           focusable=True)
    field = _compose_nest(b, composer, (140, bottom + 10, 920, bottom + 127), 2)
    b.node(field, "android.widget.EditText", (140, bottom + 10, 920, bottom + 127), text="Message",
           clickable=True, focusable=True, focused=keyboard, long_clickable=True)
    b.node(composer, "android.widget.Button", (930, bottom + 10, 1070, bottom + 127), desc="Send", clickable=True,
           focusable=True, enabled=False)
    b.system_bars("14:05")
    if keyboard:
        b.keyboard(bottom + 137)
    return b.text()


def settings(rng: random.Random) -> str:
    """A preference screen: rows of title, summary and a switch in a widget frame, categories between them."""
    b = Builder("com.android.settings")
    content = b.decor()
    frame = b.node(content, "android.widget.LinearLayout", (0, 118, WIDTH, 2337), rid="main_content")
    _toolbar(b, frame, "Notifications")
    list_frame = b.node(frame, "android.widget.FrameLayout", (0, 265, WIDTH, 2337), rid="list_container")
    rows = b.node(list_frame, "androidx.recyclerview.widget.RecyclerView", (0, 265, WIDTH, 2337),
                  rid="recycler_view", scrollable=True, focusable=True)
    y = 265
    for i in range(rng.randint(10, 14)):
        visible = y < 2337
        if i % 4 == 0:
            cat = b.node(rows, "android.widget.LinearLayout", (0, y, WIDTH, y + 110), visible=visible)
            b.node(cat, "android.widget.TextView", (60, y + 30, 900, y + 90), text=_title(rng, 2), rid="title",
                   visible=visible)
            y += 110
            continue
        row = b.node(rows, "android.widget.LinearLayout", (0, y, WIDTH, y + 200), clickable=True, focusable=True,
                     visible=visible)
        icon = b.node(row, "android.widget.LinearLayout", (0, y, 150, y + 200), rid="icon_frame", visible=visible)
        b.node(icon, "android.widget.ImageView", (50, y + 70, 110, y + 130), rid="icon", visible=visible)
        texts = b.node(row, "android.widget.RelativeLayout", (150, y + 30, 880, y + 170), visible=visible)
        b.node(texts, "android.widget.TextView", (150, y + 30, 880, y + 90), text=_title(rng, 2), rid="title",
               visible=visible)
        b.node(texts, "android.widget.TextView", (150, y + 95, 880, y + 170), text=_title(rng, 5), rid="summary",
               visible=visible)
        widget = b.node(row, "android.widget.LinearLayout", (880, y, WIDTH, y + 200), rid="widget_frame",
                        visible=visible)
        if rng.random() < 0.7:
            on = rng.random() < 0.5
            b.node(widget, "android.widget.Switch", (900, y + 60, 1040, y + 140), text="ON" if on else "OFF",
                   rid="switch_widget", checkable=True, checked=on, focusable=True, visible=visible)
        y += 200
    b.system_bars("09:41")
    return b.text()


def form(rng: random.Random) -> str:
    """A sign-up form: Material text fields (the EditText three containers down), a spinner, check boxes."""
    b = Builder("com.example.forms")
    content = b.decor()
    scroll = b.node(content, "android.widget.ScrollView", (0, 118, WIDTH, 2337), scrollable=True, focusable=True)
    column = b.node(scroll, "android.widget.LinearLayout", (0, 118, WIDTH, 2600))
    b.node(column, "android.widget.TextView", (40, 150, 1040, 250), text="Create account", rid="heading")
    y = 280
    for label in ("First name", "Last name", "Email", "Phone", "Street", "City", "Postcode"):
        visible = y + 180 < 2337
        box = b.node(column, "com.google.android.material.textfield.TextInputLayout", (40, y, 1040, y + 180),
                     rid="layout_" + label.lower().replace(" ", "_"), visible=visible)
        frame = b.node(box, "android.widget.FrameLayout", (40, y + 20, 1040, y + 170), visible=visible)
        value = _title(rng, 1) if rng.random() < 0.4 else ""
        b.node(frame, "com.google.android.material.textfield.TextInputEditText", (40, y + 20, 1040, y + 170),
               text=value or label, hint=label, rid="input_" + label.lower().replace(" ", "_"), clickable=True,
               focusable=True, long_clickable=True, visible=visible)
        y += 200
    b.node(column, "android.widget.Spinner", (40, y, 1040, y + 140), desc="Country", rid="country", clickable=True,
           focusable=True)
    b.node(column, "android.widget.CheckBox", (40, y + 160, 1040, y + 260), text="Send me offers", rid="offers",
           checkable=True, clickable=True, focusable=True)
    b.node(column, "android.widget.Button", (40, y + 280, 1040, y + 400), text="Continue", rid="submit",
           clickable=True, focusable=True, visible=y + 400 < 2337)
    b.system_bars("11:20")
    return b.text()


def feed(rng: random.Random) -> str:
    """A Compose news feed: posts with images, like/share buttons, everything under many bare ``View`` nodes."""
    b = Builder("com.example.news")
    content = b.decor()
    compose = b.node(content, "androidx.compose.ui.platform.ComposeView", (0, 118, WIDTH, 2337))
    shell = _compose_nest(b, compose, (0, 118, WIDTH, 2337), 6)
    tabs = b.node(shell, "android.view.View", (0, 118, WIDTH, 250))
    for i, label in enumerate(("For you", "Following", "Local", "Sports")):
        tab = b.node(tabs, "android.view.View", (270 * i, 118, 270 * i + 270, 250), clickable=True, focusable=True,
                     selected=i == 0)
        b.node(tab, "android.widget.TextView", (270 * i + 30, 150, 270 * i + 240, 220), text=label)
    column = b.node(shell, "android.view.View", (0, 250, WIDTH, 2200), scrollable=True, focusable=True)
    y = 260
    for _ in range(rng.randint(4, 6)):
        visible = y < 2200
        post = b.node(column, "android.view.View", (0, y, WIDTH, min(y + 700, 2200)), clickable=True, focusable=True,
                      visible=visible)
        inner = _compose_nest(b, post, (0, y, WIDTH, min(y + 700, 2200)), 3)
        b.node(inner, "android.widget.TextView", (40, y + 20, 700, y + 70), text=_title(rng, 2), visible=visible)
        b.node(inner, "android.widget.TextView", (40, y + 80, 1040, y + 200), text=_title(rng, 10), visible=visible)
        b.node(inner, "android.widget.ImageView", (40, y + 210, 1040, y + 580), desc=_title(rng, 4),
               visible=visible)
        actions = b.node(inner, "android.view.View", (40, y + 600, 1040, y + 680), visible=visible)
        for k, what in enumerate(("Like", "Comment", "Share", "Save")):
            button = b.node(actions, "android.view.View", (40 + 250 * k, y + 600, 280 + 250 * k, y + 680),
                            desc=what, clickable=True, focusable=True, visible=visible)
            _compose_nest(b, button, (40 + 250 * k, y + 600, 280 + 250 * k, y + 680), 2)
        y += 720
    b.node(shell, "android.view.View", (880, 2050, 1040, 2190), desc="New post", clickable=True, focusable=True)
    b.system_bars("07:58")
    return b.text()


SCREENS: dict[str, Callable[[random.Random], str]] = {"shop": shop, "chat": chat, "settings": settings,
                                                       "form": form, "feed": feed}


def dumps(per_screen: int = 3, seed: int = 7) -> dict[str, str]:
    """``per_screen`` dumps of each kind of screen, by name (``shop-0``, ``chat-2``, ...)."""
    out = {}
    for name, make in SCREENS.items():
        for i in range(per_screen):
            out[f"{name}-{i}"] = make(random.Random(f"{seed}-{name}-{i}"))
    return out


def main(argv: list[str]) -> int:
    folder = Path(argv[0] if argv else "real_format_dumps")
    folder.mkdir(parents=True, exist_ok=True)
    count = int(argv[1]) if len(argv) > 1 else 12
    for name, xml in dumps(count).items():
        (folder / f"{name}.xml").write_text(xml, encoding="utf-8")
    print(f"wrote {len(SCREENS) * count} dumps to {folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
