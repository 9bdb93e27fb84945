"""Views of Simple Mobile Tools' shared ``Simple-Commons`` library that several Simple apps show: the search app
bar (``MySearchMenu``, ``menu_search.xml``) and the folder picker (``FilePickerDialog``, ``dialog_filepicker.xml``
with ``item_filepicker_list.xml`` rows), by the ids of those layouts."""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from typing import Any

from mobileagent_sim.app import Activity
from mobileagent_sim.views import Button, Column, Dialog, EditText, Image, ImageButton, Row, Scroll, Text, View

STORAGE = "/storage/emulated/0"


def search_menu(activity: Activity, id: str, hint: str) -> View:
    """``MySearchMenu``: the search field in the top app bar and the activity's overflow ("main" menu); the text
    typed is ``activity.fields["top_toolbar_search"]`` (see :func:`matches`)."""
    field = EditText("top_toolbar_search", activity.fields.get("top_toolbar_search", ""),
                     lambda v: activity.fields.__setitem__("top_toolbar_search", v), hint=hint, weight=1, height=48)
    holder = Row(Image("Search", icon="search", id="top_toolbar_search_icon"), field,
                 ImageButton("More options", lambda: activity.open_menu("main"), icon="more_vert"),
                 id="top_toolbar_holder", height=64, padding=8)
    return Column(Column(holder, id="top_app_bar_layout"), id=id)


def matches(activity: Activity, name: str) -> bool:
    """Whether ``name`` passes the search menu's filter."""
    return activity.fields.get("top_toolbar_search", "").lower() in name.lower()


def humanize(path: str) -> str:
    """Commons' ``humanizePath``: internal storage shown as "Internal"."""
    return "Internal" + path[len(STORAGE):] if path.startswith(STORAGE) else path


def file_picker(activity: Activity, folder: str, browse: Callable[[str], Any], cancel: Callable[[], Any],
                ok: Callable[[str], Any]) -> View:
    """``FilePickerDialog`` picking a folder, showing ``folder``: the path (breadcrumbs), its subfolders with their
    item counts (a tap opens one: ``browse``), Cancel and OK (``ok(folder)``)."""
    fs = activity.system.fs
    names = [n for n in fs.listdir(folder) if not n.startswith(".")] if fs.isdir(folder) else []
    folders = sorted((posixpath.join(folder, n) for n in names if fs.isdir(posixpath.join(folder, n))),
                     key=lambda f: posixpath.basename(f).lower())

    def items(path: str) -> str:
        n = len([c for c in fs.listdir(path) if not c.startswith(".")])
        return f"{n} item{'s' if n != 1 else ''}"

    rows = [Row(Image(icon="folder", id="list_item_icon", width=40, height=40),
                Column(Text(posixpath.basename(f), id="list_item_name", style="item-title", height=28),
                       Text(items(f), id="list_item_details", style="item-summary", height=24),
                       id="list_item_text_holder", weight=1),
                id="list_item_holder", clickable=True, focusable=True, height=72, padding=8,
                on_click=lambda f=f: browse(f))
            for f in folders]
    return Dialog("Select a folder", Text(humanize(folder), id="filepicker_breadcrumbs", style="caption", height=40),
                  Scroll(*rows, id="filepicker_list", height=480),
                  buttons=[View(weight=1), Button("Cancel", cancel, id="android:id/button2"),
                           Button("OK", lambda: ok(folder), id="android:id/button1")])


def picker_start(activity: Activity, path: str) -> str:
    """Where ``FilePickerDialog`` opens for ``path``: the path if it is a folder, else its parent."""
    return path if activity.system.fs.isdir(path) else posixpath.dirname(path)


__all__ = ["STORAGE", "file_picker", "humanize", "matches", "picker_start", "search_menu"]
