"""The icons of icon-only views, as the real apps draw them (issue 39), for the apps beyond the system's own:
Broccoli, Tasks, Pro Expense, Joplin, Clipper, OpenTracks, OsmAnd, VLC, AOSP Music, Chrome, Firefox, Google Maps,
Drive, YouTube, Google Photos, the Google app, Slack and The Weather Channel.

Every pictogram an app's screens name is a Material Symbols name (an unknown name draws a ring with a letter,
so controls of different meaning look alike); two controls of different meaning on one screen never draw the same
pictogram (where the real app itself does, its evidence says so); and every ``icon:`` evidence entry names a view
the app builds. The names are read from the apps' sources and from the screens a shallow walk of each app reaches
(two taps deep from its launch screen, with a little data in it).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

from mobileagent_sim import SimDevice
from mobileagent_sim.layout import Node
from mobileagent_sim.render import icons
from pytest_mobileagent.android import (
    broccoli,
    chrome,
    clipper,
    drive,
    expense,
    firefox,
    google_app,
    joplin,
    maps,
    media,
    mp4,
    music,
    opentracks,
    osmand,
    photos,
    slack,
    tasks_app,
    vlc,
    weather,
    youtube,
)
from pytest_mobileagent.android.evidence import kind_of, value_of
from pytest_mobileagent.validators.state import insert_rows
from tests.screen import tap
from tests.screens import SAME_IN_THE_REAL_APP

APPS_DIR = Path(__file__).resolve().parents[1] / "mobileagent_sim" / "apps"
#: Each app: its simulator module and its contract module.
APPS: dict[str, tuple[str, ModuleType]] = {
    broccoli.PACKAGE: ("broccoli", broccoli), tasks_app.PACKAGE: ("tasks", tasks_app),
    expense.PACKAGE: ("expense", expense), joplin.PACKAGE: ("joplin", joplin), clipper.PACKAGE: ("clipper", clipper),
    opentracks.PACKAGE: ("opentracks", opentracks), osmand.PACKAGE: ("osmand", osmand), vlc.PACKAGE: ("vlc", vlc),
    music.PACKAGE: ("music", music), chrome.PACKAGE: ("chrome", chrome), firefox.PACKAGE: ("firefox", firefox),
    maps.PACKAGE: ("maps", maps), drive.PACKAGE: ("drive", drive), youtube.PACKAGE: ("youtube", youtube),
    photos.PACKAGE: ("photos", photos), google_app.PACKAGE: ("googleapp", google_app),
    slack.PACKAGE: ("slack", slack), weather.PACKAGE: ("weather", weather),
}
#: Styles whose ``icon`` is no pictogram (a colour, a video frame's text, a file, a package's launcher icon).
NOT_PICTOGRAMS = {"color", "videoframe", "canvas", "bitmap", "app-icon"}
#: How many of a screen's controls the walk taps, on the launch screen and on each screen it reaches.
FIRST_TAPS, SECOND_TAPS = 10, 8


# -- what the sources name ----------------------------------------------------------------------------------------


def source(name: str) -> ast.Module:
    return ast.parse((APPS_DIR / f"{name}.py").read_text(encoding="utf-8"))


def constants(node: ast.expr) -> list[str] | None:
    """The strings an expression can be: a literal, either branch of a conditional, a concatenation's parts
    (``name + ":outlined"``: the parts), else None (a value only the screens show)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        a, b = constants(node.body), constants(node.orelse)
        return None if a is None or b is None else a + b
    return None


def pattern(node: ast.expr) -> str | None:
    """A regular expression of the strings a description or id expression gives (an f-string's holes match
    anything), or None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return re.escape(node.value)
    if isinstance(node, ast.JoinedStr):
        return "".join(re.escape(p.value) if isinstance(p, ast.Constant) else ".+" for p in node.values)
    return None


@dataclass(frozen=True)
class Named:
    """An icon a call of an app's source names: the pictogram (a literal), and its view's description and id."""

    icon: str
    line: int
    call: str


def icon_calls(tree: ast.Module) -> Iterator[ast.Call]:
    """The calls that build a view drawing an icon: an ImageButton, or any call given ``icon=``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            style = next((k.value for k in node.keywords if k.arg == "style"), None)
            if isinstance(style, ast.Constant) and style.value in NOT_PICTOGRAMS:
                continue
            if name == "ImageButton" or any(k.arg in ("icon", "done_icon") for k in node.keywords):
                yield node


def named_icons(tree: ast.Module) -> Iterator[Named]:
    for call in icon_calls(tree):
        for k in call.keywords:
            if k.arg in ("icon", "done_icon"):
                for value in constants(k.value) or ():
                    yield Named(value, call.lineno, ast.unparse(call.func))


#: The icon buttons the toolkit's bars add, by the argument that asks for them (``views.Toolbar``,
#: ``views.ActionModeBar``).
TOOLKIT_BUTTONS = {("Toolbar", "navigate_up"): "Navigate up", ("Toolbar", "overflow"): "More options",
                   ("ActionModeBar", "overflow"): "More options"}


def named_views(tree: ast.Module) -> set[str]:
    """Patterns of the descriptions and ids of the views the icon calls build, of the views holding one (a tab, a
    travel mode), and the toolkit's bar buttons the source asks for."""
    icon_nodes = set(icon_calls(tree))
    found: set[str] = set()
    for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
        name = getattr(call.func, "id", getattr(call.func, "attr", ""))
        found |= {re.escape(b) for (f, arg), b in TOOLKIT_BUTTONS.items()
                  if f == name and any(k.arg == arg for k in call.keywords)}
        if name == "ActionModeBar":
            found.add("Done")
        holds_icon = call in icon_nodes or any(n in icon_nodes for k in call.keywords for n in ast.walk(k.value))
        if not holds_icon:
            continue
        args = [*call.args[:1]] if name in ("ImageButton", "Image", "button") else []
        args += [k.value for k in call.keywords if k.arg in ("desc", "id", "icon_id", "done_id")]
        found |= {p for p in map(pattern, args) if p}
    return found


@pytest.mark.parametrize("package", APPS)
def test_every_icon_the_sources_name_is_a_material_symbol(package: str) -> None:
    name, _ = APPS[package]
    tree = source(name)
    unknown = [f"{name}.py:{n.line} {n.call}(icon={n.icon!r})" for n in named_icons(tree)
               if not n.icon.startswith("avatar:") and not icons.known(n.icon)]
    assert not unknown, "not Material Symbols names (they draw a ring with a letter):\n" + "\n".join(unknown)
    bare = [f"{name}.py:{c.lineno}" for c in icon_calls(tree)
            if getattr(c.func, "id", "") == "ImageButton" and not any(k.arg == "icon" for k in c.keywords)]
    assert not bare, "ImageButtons without an icon (they draw their description's first letter): " + ", ".join(bare)


def test_the_tables_of_pictograms_name_material_symbols() -> None:
    tables = {"opentracks.ACTIVITY_ICONS": [*opentracks.ACTIVITY_ICONS.values(), opentracks.UNKNOWN_ACTIVITY_ICON],
              "slack.EMOJI_ICONS": [slack.EMOJI_ICONS[e] for e in slack.EMOJI]}
    for table, names in tables.items():
        assert [n for n in names if not icons.known(n)] == [], table
    assert opentracks.activity_icon("running") == "directions_run"
    assert opentracks.activity_icon("snow boarding") == opentracks.UNKNOWN_ACTIVITY_ICON  # not an ActivityType id
    assert len(set(slack.EMOJI_ICONS.values())) == len(slack.EMOJI)


# -- what the screens show ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shown:
    """An icon drawn on a screen: its pictogram, and the control it belongs to (the view, or the clickable view
    around it: a tab, a row), by description and id."""

    icon: str
    desc: str
    rid: str
    control: str  # the control's description (or id); "" for a picture in a row of no description
    owner: str  # the control's id


def pictogram(node: Node) -> str:
    """The icon a node draws, as the renderer picks it ("" if none)."""
    v = node.view
    cls = v.cls.rsplit(".", 1)[-1]
    if v.style in NOT_PICTOGRAMS:
        return ""
    if v.style == "fab":
        return v.icon or ("add" if not v.text else "")
    if cls in ("ImageButton", "ImageView") or v.style == "icon":
        return v.icon or (v.desc if cls == "ImageButton" else "")
    if cls == "Button" and not v.text:
        return v.icon or v.desc
    return ""


def entry(node: Node) -> str:
    return node.resource_id.rsplit(":id/", 1)[-1] if ":id/" in node.resource_id else node.resource_id


def shown(d: SimDevice, package: str) -> list[Shown]:
    found = []

    def walk(node: Node, control: Node | None) -> None:
        if node.package == package and node.view.clickable:
            control = node
        name = pictogram(node) if node.package == package else ""
        if name:
            owner = control or node
            meaning = owner.view.desc or (entry(owner) if owner is node else "")
            found.append(Shown(name, node.view.desc, entry(node), meaning, entry(owner)))
        for child in node.children:
            walk(child, control)

    for window in d.system.windows():
        walk(window.root, None)
    return found


def clickables(d: SimDevice, package: str) -> list[tuple[int, int]]:
    return [n.center for w in d.system.windows() for n in w.root.walk()
            if n.package == package and n.view.clickable and not n.view.cls.endswith("EditText")]


def seed(d: SimDevice) -> None:
    """A little of what the apps list: a track of a known and one of an unknown activity type, a video, a song,
    a photo, a recipe."""
    d.write_file("/sdcard/DCIM/Camera/IMG_1.jpg", media.jpeg_with_text(["a"]))
    d.write_file("/sdcard/Music/a.mp3", media.mp3_with_tags(media.Tags("Blue Hour", "Nora Vale", "Tides")))
    d.write_file("/storage/emulated/0/VLCVideos/clip.mp4", mp4.recording(b"isom", 30))
    insert_rows(d, f"/data/data/{opentracks.PACKAGE}/databases/{opentracks.DB_NAME}", "tracks", [
        {"name": "Morning run", "category": "running", "activity_type": "running", "starttime": 1_697_097_600_000,
         "totaldistance": 5000.0, "totaltime": 1_800_000, "elevationgain": 10.0, "elevationloss": 10.0},
        {"name": "Park session", "category": "snow boarding", "activity_type": "snow boarding",
         "starttime": 1_697_184_000_000, "totaldistance": 800.0, "totaltime": 600_000, "elevationgain": 0.0,
         "elevationloss": 0.0}])
    insert_rows(d, broccoli.DB_PATH, "recipes", [{"title": "Pancakes", "favorite": 0}])


@pytest.fixture(scope="module")
def screens() -> Iterator[dict[str, list[list[Shown]]]]:
    """Each app's screens (their icons): the launch screen, each screen one tap away, and the screens a second
    tap on those reaches (the first taps of each)."""
    d = SimDevice(serial="sim-icons")
    try:
        seed(d)
        d.snapshot_save("icons-seeded")
        found: dict[str, list[list[Shown]]] = {}
        for package in APPS:
            d.snapshot_load("icons-seeded")
            d.start_app(package)
            d.snapshot_save("icons-launched")
            seen = found.setdefault(package, [shown(d, package)])
            for first in clickables(d, package)[:FIRST_TAPS]:
                d.snapshot_load("icons-launched")
                d.tap(*first)
                seen.append(shown(d, package))
                d.snapshot_save("icons-first")
                for second in clickables(d, package)[:SECOND_TAPS]:
                    d.tap(*second)
                    seen.append(shown(d, package))
                    d.snapshot_load("icons-first")
        yield found
    finally:
        d.close()


@pytest.mark.parametrize("package", APPS)
def test_every_icon_the_screens_draw_is_a_material_symbol(package: str,
                                                          screens: dict[str, list[list[Shown]]]) -> None:
    drawn = {s for screen in screens[package] for s in screen}
    unknown = sorted(f"{s.icon!r} ({s.control or s.rid})" for s in drawn
                     if not s.icon.startswith("avatar:") and not icons.known(s.icon))
    assert not unknown, f"{package} draws rings with letters for: {', '.join(unknown)}"


def clashes(screen: list[Shown], package: str) -> list[str]:
    """Controls of different meaning on one screen that draw the same pictogram."""
    allowed = SAME_IN_THE_REAL_APP.get(package, {})
    by_icon: dict[str, set[str]] = {}
    for s in screen:
        if s.control:
            by_icon.setdefault(s.icon, set()).add(s.control)
    return [f"{icon}: {sorted(controls)}" for icon, controls in by_icon.items()
            if len(controls) > 1 and frozenset(controls) not in allowed]


@pytest.mark.parametrize("package", APPS)
def test_controls_of_different_meaning_draw_different_pictograms(package: str,
                                                                 screens: dict[str, list[list[Shown]]]) -> None:
    found = sorted({c for screen in screens[package] for c in clashes(screen, package)})
    assert not found, f"{package}: one pictogram for different controls on one screen: {found}"


def test_the_walk_reaches_the_icons_it_means_to_check(screens: dict[str, list[list[Shown]]]) -> None:
    """The seeded rows and the screens behind them are walked (the walk is not vacuous)."""
    drawn = {(p, s.icon) for p, shots in screens.items() for screen in shots for s in screen}
    for expected in [(opentracks.PACKAGE, "directions_run"), (opentracks.PACKAGE, opentracks.UNKNOWN_ACTIVITY_ICON),
                     (vlc.PACKAGE, "movie"), (broccoli.PACKAGE, "favorite:outlined"),
                     (photos.PACKAGE, "delete:outlined"), (maps.PACKAGE, "layers:outlined"),
                     (chrome.PACKAGE, "looks_one:outlined"), (tasks_app.PACKAGE, "save:outlined")]:
        assert expected in drawn, expected


def test_vlc_s_player_shows_pause_while_playing_and_play_when_paused() -> None:
    with SimDevice() as d:
        d.write_file("/storage/emulated/0/VLCVideos/clip.mp4", mp4.recording(b"isom", 30))
        d.start_app(vlc.PACKAGE)
        for step in ({"desc": "Browse"}, {"text": "VLCVideos"}, {"text": "clip.mp4"}):
            tap(d, **step)
        playing = [s for s in shown(d, vlc.PACKAGE) if s.rid == "player_overlay_play"]
        assert [(s.desc, s.icon) for s in playing] == [("Pause", "pause")]
        tap(d, rid="player_overlay_play")
        paused = [s for s in shown(d, vlc.PACKAGE) if s.rid == "player_overlay_play"]
        assert [(s.desc, s.icon) for s in paused] == [("Play", "play_arrow")]


# -- what the evidence names -------------------------------------------------------------------------------------


def placeholder_free(value: str) -> str:
    """An evidence key's view with its placeholders (``<name>``) filled in."""
    return re.sub(r"<[^>]*>", "x", value)


@pytest.mark.parametrize("package", [p for p in APPS if hasattr(APPS[p][1], "EVIDENCE")])
def test_every_icon_entry_names_a_view_the_app_builds(package: str, screens: dict[str, list[list[Shown]]]) -> None:
    name, module = APPS[package]
    keys = [value_of(k) for k in module.EVIDENCE if kind_of(k) == "icon"]
    walked = {v for screen in screens[package] for s in screen for v in (s.desc, s.rid, s.control, s.owner) if v}
    patterns = named_views(source(name))
    if package == slack.PACKAGE:
        walked |= set(slack.EMOJI)  # the reaction picker's buttons, described by the emoji's names
    missing = [k for k in keys if k not in walked and not any(re.fullmatch(p, placeholder_free(k)) for p in patterns)]
    assert not missing, f"{module.__name__}.EVIDENCE has icon entries for no view of the app: {missing}"
