"""The simulated view toolkit: widgets an app screen is built from.

An activity's ``build()`` returns a tree of :class:`View` objects made with the
factory functions below (``Text``, ``Button``, ``EditText``, ``Switch``...).
The tree is rebuilt from app state after every input event, so views hold no
state of their own: text fields, scroll offsets and focus live in the owning
activity (``activity.view_state``) and in the app's own state. A view is plain
data apart from its handlers (the ``on_*`` fields): a rebuilt tree equal to the
last one as data gets the last layout back, pointed at its new handlers
(:class:`~mobileagent_sim.layout.LayoutCache`).

Each factory sets the Android class name and the flags a real widget exposes to
accessibility (``clickable``, ``checkable``, ``scrollable``...), so the
hierarchy dump of a simulated screen looks like one of a real app.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

Handler = Callable[[], Any]


@dataclass(eq=False)
class View:
    """One node of a screen: an Android widget with its accessibility flags.

    ``id`` is the resource entry name (``"switch_widget"``); the full
    resource-id (``pkg:id/switch_widget``) is formed with the owning package
    unless ``id`` already contains ``":"``; an ``id`` starting with ``#`` only
    names the view's state (a list's scroll offset) and gives it no
    resource-id, as a RecyclerView an app leaves without one. Sizes are in
    dp; ``height=None`` means "as tall as the content", ``width=None`` means "fill the parent"
    (or share the row by ``weight`` in a horizontal layout).
    """

    cls: str = "android.view.View"
    children: list[View] = field(default_factory=list)
    id: str = ""
    text: str = ""
    desc: str = ""
    hint: str = ""
    clickable: bool = False
    long_clickable: bool = False
    checkable: bool = False
    checked: bool = False
    enabled: bool = True
    focusable: bool = False
    scrollable: bool = False
    password: bool = False
    selected: bool = False
    orientation: str = "vertical"  # for containers: "vertical" | "horizontal" | "stack"
    height: float | None = None
    width: float | None = None
    weight: float = 0.0
    padding: float = 0.0
    # behaviour
    on_click: Handler | None = None
    on_long_click: Handler | None = None
    on_text: Callable[[str], Any] | None = None  # EditText: new value
    on_submit: Handler | None = None  # EditText: IME action / enter
    on_progress: Callable[[float], Any] | None = None  # SeekBar: new value
    # a swipe that starts on the view (a web page's canvas): start and end x, y in dp from its top-left corner
    on_drag: Callable[[float, float, float, float], Any] | None = None
    progress: float = 0.0
    max_progress: float = 100.0
    multiline: bool = False
    #: EditText: the input type whose key listener filters what reaches the text (:mod:`.key_listeners`).
    input_type: str = ""
    # rendering hints (never part of the hierarchy)
    style: str = ""  # "title", "headline", "caption", "primary", "fab", "dialog", "keypad"...
    icon: str = ""  # a symbolic icon name the renderer draws
    gravity: str = ""  # where a text sits in its view: "" (start), "center" or "end" (android:gravity)
    #: a picture's placement, as ImageView's ``scaleType``: ``"fit_center"``, ``"center_crop"`` or ``"fit_xy"``
    scale_type: str = "fit_center"
    #: a colour the view is filled with under its content (``android:background``), CSS notation; "" for none
    background: str = ""
    #: what a view draws itself (a paint canvas, a waveform): polylines as (CSS colour, width in dp, points in dp
    #: from the view's top-left corner); a single point is a dot as wide as the line
    strokes: tuple[tuple[str, float, tuple[tuple[float, float], ...]], ...] = ()

    def walk(self):
        """Yield this view and all descendants, depth first."""
        yield self
        for child in self.children:
            yield from child.walk()

    def find(self, id: str) -> View | None:
        """The first descendant (or self) with this resource entry name."""
        for v in self.walk():
            if v.id == id:
                return v
        return None


def _kids(children: Sequence[View | None]) -> list[View]:
    return [c for c in children if c is not None]


# -- containers ---------------------------------------------------------------


def Column(*children: View | None, id: str = "", cls: str = "android.widget.LinearLayout", **kw: Any) -> View:
    """A vertical LinearLayout."""
    return View(cls=cls, children=_kids(children), id=id, orientation="vertical", **kw)


def Row(*children: View | None, id: str = "", cls: str = "android.widget.LinearLayout", **kw: Any) -> View:
    """A horizontal LinearLayout; children share the width by ``weight`` (or fixed ``width``)."""
    return View(cls=cls, children=_kids(children), id=id, orientation="horizontal", **kw)


def Frame(*children: View | None, id: str = "", **kw: Any) -> View:
    """A FrameLayout: children stacked on top of each other."""
    kw.setdefault("cls", "android.widget.FrameLayout")
    return View(children=_kids(children), id=id, orientation="stack", **kw)


def Scroll(*children: View | None, id: str, cls: str = "androidx.recyclerview.widget.RecyclerView", **kw: Any) -> View:
    """A vertically scrollable list; its offset is kept per activity under ``id``.

    Rows below the visible area are not in the hierarchy until scrolled into view,
    as with a real RecyclerView.
    """
    return View(cls=cls, children=_kids(children), id=id, scrollable=True, orientation="vertical", **kw)


def Grid(*children: View | None, columns: int, first: int = 0, id: str = "", **kw: Any) -> View:
    """Children in rows of ``columns`` cells, the first in column ``first`` (a month's days under their weekdays);
    give it a ``height``, the cells are as tall as their views."""
    return View(cls=kw.pop("cls", "android.view.View"), children=_kids(children), id=id,
                orientation=f"grid-{columns}-{first}", **kw)


def Space(height: float = 8) -> View:
    return View(cls="android.view.View", height=height)


# -- leaves ---------------------------------------------------------------------


def Text(text: str, id: str = "", style: str = "", **kw: Any) -> View:
    """A TextView."""
    return View(cls="android.widget.TextView", text=text, id=id, style=style, **kw)


def Button(text: str, on_click: Handler | None, id: str = "", **kw: Any) -> View:
    kw.setdefault("style", "button")
    return View(
        cls="android.widget.Button", text=text, id=id, on_click=on_click,
        clickable=True, focusable=True, height=kw.pop("height", 48), **kw,
    )


def ImageButton(desc: str, on_click: Handler | None, icon: str = "", id: str = "", **kw: Any) -> View:
    """An icon button identified by its content description."""
    return View(
        cls="android.widget.ImageButton", desc=desc, id=id, icon=icon or desc.lower(),
        on_click=on_click, clickable=True, focusable=True,
        height=kw.pop("height", 48), width=kw.pop("width", 48), **kw,
    )


def Image(desc: str = "", icon: str = "", id: str = "", **kw: Any) -> View:
    return View(cls="android.widget.ImageView", desc=desc, icon=icon, id=id,
                height=kw.pop("height", 40), width=kw.pop("width", 40), **kw)


def EditText(
    id: str,
    value: str,
    on_text: Callable[[str], Any] | None,
    hint: str = "",
    on_submit: Handler | None = None,
    multiline: bool = False,
    password: bool = False,
    **kw: Any,
) -> View:
    """A text field. Tapping it focuses it and shows the keyboard; typed text goes to ``on_text``."""
    return View(
        cls="android.widget.EditText", id=id, text=value, hint=hint, on_text=on_text,
        on_submit=on_submit, multiline=multiline, password=password, clickable=True,
        long_clickable=True, focusable=True, height=kw.pop("height", 56), style=kw.pop("style", "field"),
        **kw,
    )


def CheckBox(text: str, checked: bool, on_click: Handler | None, id: str = "", **kw: Any) -> View:
    return View(cls="android.widget.CheckBox", text=text, id=id, checkable=True, checked=checked,
                on_click=on_click, clickable=True, focusable=True, height=kw.pop("height", 48), **kw)


def Switch(checked: bool, on_click: Handler | None, id: str = "android:id/switch_widget", text: str = "",
           **kw: Any) -> View:
    """A Switch (``android.widget.Switch``); Settings rows pair one with a title."""
    return View(cls="android.widget.Switch", text=text or ("ON" if checked else "OFF"), id=id,
                checkable=True, checked=checked, on_click=on_click, clickable=True, focusable=True,
                height=kw.pop("height", 48), width=kw.pop("width", 64), style="switch", **kw)


def RadioButton(text: str, checked: bool, on_click: Handler | None, id: str = "", **kw: Any) -> View:
    return View(cls="android.widget.RadioButton", text=text, id=id, checkable=True, checked=checked,
                on_click=on_click, clickable=True, focusable=True, height=kw.pop("height", 48), **kw)


def RadioGroup(options: Sequence[str], selected: str | None, on_select: Callable[[str], Any], id: str = "",
               **kw: Any) -> View:
    """Radio buttons of which one is checked; ``on_select`` gets the option text."""
    return View(
        cls="android.widget.RadioGroup", id=id, orientation="vertical",
        children=[RadioButton(o, o == selected, (lambda o=o: on_select(o))) for o in options], **kw,
    )


def SeekBar(progress: float, on_progress: Callable[[float], Any] | None, max_progress: float = 100,
            id: str = "android:id/seekbar", **kw: Any) -> View:
    """A slider: a tap or drag sets the value from the touch position along its track."""
    return View(cls="android.widget.SeekBar", id=id, text=f"{float(progress)}", progress=progress,
                max_progress=max_progress, on_progress=on_progress, focusable=True, clickable=False,
                scrollable=False, height=kw.pop("height", 48), style="seekbar", **kw)


def Tabs(titles: Sequence[str], selected: int, on_select: Callable[[int], Any], id: str = "tabs",
         icons: Sequence[str] = (), **kw: Any) -> View:
    """A TabLayout; each tab is selectable and carries its title as text and description; with ``icons`` (one
    pictogram name per tab) each shows its icon above its title, as a bottom navigation bar does."""
    def content(i: int, title: str) -> list[View]:
        label = Text(title, style="tab-selected" if i == selected else "tab", height=24 if icons else None)
        return [Image(icon=icons[i], width=None, height=24), label] if icons else [label]

    tabs = [
        View(cls="android.widget.LinearLayout", desc=t, selected=(i == selected), clickable=True,
             focusable=True, weight=1, height=48, on_click=(lambda i=i: on_select(i)), children=content(i, t))
        for i, t in enumerate(titles)
    ]
    return View(cls="android.widget.HorizontalScrollView", id=id, orientation="horizontal", children=tabs, **kw)


def Toolbar(
    title: str,
    navigate_up: Handler | None = None,
    actions: Sequence[View] = (),
    overflow: Handler | None = None,
    id: str = "toolbar",
    **kw: Any,
) -> View:
    """An app bar: optional "Navigate up" button, title, action buttons and "More options"."""
    kids: list[View | None] = [
        ImageButton("Navigate up", navigate_up, icon="arrow_back") if navigate_up else None,
        Text(title, style="title", weight=1, height=56),
        *actions,
        ImageButton("More options", overflow, icon="more_vert") if overflow else None,
    ]
    return View(cls="android.view.ViewGroup", id=id, orientation="horizontal", children=_kids(kids),
                height=64, style="toolbar", **kw)


def ActionModeBar(count: int, actions: Sequence[View], on_done: Handler, overflow: Handler | None = None,
                  done_id: str = "", done_icon: str = "close") -> View:
    """The contextual action bar a multi-selection shows in place of the app bar: Done, "N selected", the
    actions and "More options" (``done_id``: the app's id for Done, e.g. ``action_mode_close_button``;
    ``done_icon``: its pictogram, AppCompat's ``actionModeCloseDrawable`` being the back arrow)."""
    bar = Toolbar(f"{count} selected", actions=actions, overflow=overflow)
    bar.children.insert(0, ImageButton("Done", on_done, icon=done_icon, id=done_id))
    return bar


def toggle_selection(selected: list[Any], item: Any) -> None:
    """Add ``item`` to a multi-selection kept in pick order, or take it out if it is in."""
    if item in selected:
        selected.remove(item)
    else:
        selected.append(item)


def ListItem(title: str, summary: str = "", on_click: Handler | None = None, *, id: str = "",
             title_id: str = "android:id/title", summary_id: str = "android:id/summary",
             widget: View | None = None, icon: str = "", on_long_click: Handler | None = None,
             selected: bool = False, icon_id: str = "", **kw: Any) -> View:
    """A two-line list row (a Preference in Settings): title, summary, optional trailing widget; ``icon`` (and
    ``icon_id``, its ImageView's id) a leading pictogram."""
    texts = Column(
        Text(title, id=title_id, style="item-title", height=28 if summary else None),
        Text(summary, id=summary_id, style="item-summary", height=24) if summary else None,
        cls="android.widget.RelativeLayout", weight=1,
    )
    return Row(
        Image(icon=icon, id=icon_id, width=40, height=40) if icon else None,
        texts,
        widget,
        id=id, clickable=on_click is not None, focusable=on_click is not None, on_click=on_click,
        long_clickable=on_long_click is not None, on_long_click=on_long_click, selected=selected,
        height=kw.pop("height", 72 if summary else 56), padding=kw.pop("padding", 8), **kw,
    )


def NumberPicker(value: str, on_prev: Handler, on_next: Handler, on_text: Callable[[str], Any] | None,
                 prev_value: str, next_value: str, id: str = "", **kw: Any) -> View:
    """A NumberPicker in spinner mode: previous value, editable current value, next value.

    Tapping the previous/next value steps the picker, as on a real spinner.
    """
    return View(
        cls="android.widget.NumberPicker", id=id, orientation="vertical", weight=kw.pop("weight", 1),
        children=[
            Button(prev_value, on_prev, style="picker-side", height=48),
            EditText("android:id/numberpicker_input", value, on_text, height=56, style="picker-value"),
            Button(next_value, on_next, style="picker-side", height=48),
        ],
        **kw,
    )


def TimePicker(hour: int, minute: int, on_change: Callable[[int, int], Any],
               id: str = "android:id/timePicker") -> View:
    """A 24-hour TimePicker in spinner mode: hour and minute pickers that wrap around.

    Values change by stepping; typing into a value needs the per-activity buffer
    Android's NumberPicker keeps until focus leaves (see the Clock app), so the
    generic pickers leave their values read-only.
    """
    def spinner(value: int, span: int, rid: str, set_value: Callable[[int], Any]) -> View:
        return NumberPicker(f"{value:02d}", lambda: set_value((value - 1) % span),
                            lambda: set_value((value + 1) % span), None, f"{(value - 1) % span:02d}",
                            f"{(value + 1) % span:02d}", id=rid)

    return Row(spinner(hour, 24, "android:id/hour", lambda h: on_change(h, minute)),
               spinner(minute, 60, "android:id/minute", lambda m: on_change(hour, m)),
               cls="android.widget.TimePicker", id=id, height=152)


def DatePicker(day: dt.date, on_change: Callable[[dt.date], Any], id: str = "android:id/datePicker") -> View:
    """A DatePicker in spinner mode: month, day and year pickers (the day clamps to the month's length).

    Values change by stepping, as with :func:`TimePicker`.
    """
    def moved(year: int, month: int, dom: int) -> dt.date:
        year += (month - 1) // 12
        month = (month - 1) % 12 + 1
        last = (dt.date(year + month // 12, month % 12 + 1, 1) - dt.timedelta(days=1)).day
        return dt.date(year, month, min(max(dom, 1), last))

    def month_name(m: int) -> str:
        return dt.date(2000, (m - 1) % 12 + 1, 1).strftime("%b")

    y, m, d = day.year, day.month, day.day
    last = moved(y, m + 1, 1) - dt.timedelta(days=1)
    return Row(
        NumberPicker(month_name(m), lambda: on_change(moved(y, m - 1, d)), lambda: on_change(moved(y, m + 1, d)),
                     None, month_name(m - 1), month_name(m + 1), id="android:id/month"),
        NumberPicker(f"{d:02d}", lambda: on_change(day - dt.timedelta(days=1) if d > 1 else last),
                     lambda: on_change(day + dt.timedelta(days=1) if d < last.day else day.replace(day=1)),
                     None, f"{(d - 2) % last.day + 1:02d}",
                     f"{d % last.day + 1:02d}", id="android:id/day"),
        NumberPicker(str(y), lambda: on_change(moved(y - 1, m, d)), lambda: on_change(moved(y + 1, m, d)),
                     None, str(y - 1), str(y + 1), id="android:id/year"),
        cls="android.widget.DatePicker", id=id, height=152,
    )


def Dialog(title: str, *body: View | None, buttons: Sequence[View] = (), id: str = "", **kw: Any) -> View:
    """An AlertDialog: title, content and a row of buttons (``android:id/button1`` is positive)."""
    return Column(
        Text(title, id="android:id/alertTitle", style="dialog-title") if title else None,
        *body,
        # the buttons at the end, after a spacer (AOSP alert_dialog_material.xml: buttonPanel's Space)
        Row(View(weight=1), *buttons, id="android:id/buttonPanel", height=56)
        if buttons else None,
        id=id or "android:id/parentPanel", style="dialog", padding=kw.pop("padding", 24), **kw,
    )


def Menu(items: Sequence[tuple[str, Handler]]) -> View:
    """A popup menu (overflow or context menu) of text items."""
    return Column(
        *[
            Row(Text(label, id="android:id/title", weight=1), clickable=True, focusable=True,
                on_click=handler, height=48, padding=16)
            for label, handler in items
        ],
        cls="android.widget.ListView", style="menu",
    )


def translated(view: View, translate: Callable[[str], str]) -> View:
    """``view`` with each text, description and hint as ``translate`` gives it (the string itself where it has no
    translation), as the resource system shows an app's strings in the configuration's locale; an edit field's text
    is what the user typed and stays. Views that do not change are ``view``'s own; the others are copies with the
    same handlers."""
    children = [translated(c, translate) for c in view.children]
    text = view.text if view.cls == "android.widget.EditText" or not view.text else translate(view.text)
    desc = translate(view.desc) if view.desc else view.desc
    hint = translate(view.hint) if view.hint else view.hint
    if text is view.text and desc is view.desc and hint is view.hint and all(
            a is b for a, b in zip(children, view.children)):
        return view
    return dataclasses.replace(view, text=text, desc=desc, hint=hint, children=children)
