"""Icons of the system bars and of the system and communication apps draw Material Symbols, cited.

For the status and navigation bars, Settings, the launcher, the SMS, contacts, dialer, calendar, calculator,
clock, files, camera, Messages, Gmail and the calendars: every ``icon=`` their screens' source names is a
pictogram the renderer has (a Material Symbols name, the navigation bar's own shapes, a letter avatar or an app's
launcher icon), so no icon-only view draws the renderer's "unknown icon" ring; their main screens draw no unknown
icon and never give two controls of different meaning one pictogram; and every ``icon:`` evidence key of their
contract modules names a view their screens build.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import pytest_mobileagent.android as contracts
from mobileagent_sim import SimDevice
from mobileagent_sim.render import icons
from mobileagent_sim.render.screen import SYSBAR_SHAPES
from pytest_mobileagent.android.evidence import kind_of, value_of

SIM = Path(__file__).resolve().parents[1] / "mobileagent_sim"
APPS = SIM / "apps"
#: Views every app's screens may show: the toolbar helpers' "Navigate up", "More options" and "Done".
SHARED = (SIM / "views.py",)
#: Contract module -> the simulator sources of its screens.
SOURCES: dict[str, tuple[Path, ...]] = {
    "systemui": (SIM / "system.py",),
    "settings_app": (APPS / "settings.py",),
    "launcher": (APPS / "launcher.py",),
    "sms_messenger": (APPS / "sms.py", APPS / "simple_commons.py"),
    "contacts": (APPS / "contacts.py",),
    "dialer": (APPS / "dialer.py",),
    "calendar": (*sorted((APPS / "calendar").glob("*.py")), APPS / "simple_commons.py"),
    "calculator": (APPS / "calculator.py",),
    "deskclock": (APPS / "clock.py",),
    "documentsui": (APPS / "files.py",),
    "camera": (APPS / "camera.py",),
    "messages": (APPS / "messages.py",),
    "gmail": (APPS / "gmail.py",),
    "google_calendar": (APPS / "google_calendar.py",),
    "aosp_calendar": (APPS / "aosp_calendar.py",),
    "permissioncontroller": (APPS / "permissioncontroller.py",),
    "wallpaper": (APPS / "wallpaper_picker.py",),
    "adb_keyboard": (APPS / "adb_keyboard.py",),
}
#: Prefixes of icon names that are no Material Symbols name: a letter avatar and an app's launcher icon.
PREFIXES = ("avatar:", "app:")
#: Styles that draw ``view.icon`` as something else than a pictogram (a picture's path, a canvas's colours...).
NOT_PICTOGRAMS = ("bitmap", "canvas", "app-icon", "viewfinder", "video")


def module(name: str) -> ModuleType:
    return importlib.import_module(f"{contracts.__name__}.{name}")


def drawable(name: str) -> bool:
    """Whether the renderer draws ``name`` as the icon it means (not its "unknown icon" ring)."""
    return icons.known(name) or name in SYSBAR_SHAPES or any(name.startswith(p) and name != p for p in PREFIXES)


def _constants(node: ast.AST) -> Iterator[str]:
    """The icon names an ``icon=`` expression spells out: its string constants, either branch of a conditional
    (``"star" if starred else "star:outlined"``), and an f-string's scheme prefix (``f"avatar:{name}"``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.JoinedStr):
        head = node.values[0] if node.values else None
        if isinstance(head, ast.Constant) and str(head.value).endswith(":"):
            yield f"{head.value}x"
    elif isinstance(node, ast.IfExp):  # the condition's constants are no icons
        yield from _constants(node.body)
        yield from _constants(node.orelse)
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from _constants(value)


def icon_literals(path: Path) -> Iterator[tuple[int, str]]:
    """``(line, name)`` of every icon a source file names: ``icon=`` values, and the description an
    ``ImageButton`` without one falls back to."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        kw = {k.arg: k.value for k in node.keywords if k.arg}
        if "icon" in kw:
            for name in _constants(kw["icon"]):
                yield node.lineno, name
        elif getattr(node.func, "id", "") == "ImageButton" and node.args:
            for name in _constants(node.args[0]):
                yield node.lineno, name.lower()


def string_literals(paths: tuple[Path, ...]) -> set[str]:
    """The strings the sources spell out, and the string constants their modules hold (the contract's ids and
    descriptions they import, ``DRAWER_ITEM_ID``)."""
    found = {n.value for p in paths for n in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
             if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    for p in paths:
        name = ".".join(p.relative_to(SIM.parent).with_suffix("").parts)
        found |= {v for v in vars(importlib.import_module(name)).values() if isinstance(v, str)}
    return found


@pytest.mark.parametrize("name", SOURCES)
def test_every_icon_the_screens_name_is_a_pictogram_the_renderer_has(name: str) -> None:
    unknown = [f"{path.name}:{line}: {icon!r}" for path in SOURCES[name] for line, icon in icon_literals(path)
               if icon and not drawable(icon)]
    assert not unknown, f"icons without a Material Symbols pictogram: {unknown}"


@pytest.mark.parametrize("name", SOURCES)
def test_every_icon_evidence_key_names_a_view_of_the_screens(name: str) -> None:
    table = getattr(module(name), "EVIDENCE", {})
    strings = string_literals(SOURCES[name] + SHARED)
    missing = [k for k in table if kind_of(k) == "icon" and value_of(k) not in strings]
    assert not missing, f"icon entries naming no description or id of the screens: {missing}"


def test_the_source_walk_sees_what_it_checks(tmp_path: Path) -> None:
    """The checks above fail on what they look for: an unknown name, and a key naming no view."""
    assert not drawable("sort by") and not drawable("dial number") and drawable("avatar:Ann") and drawable("search")
    assert drawable("star:outlined") and drawable("sysbar_back") and not drawable("sysbar_menu")
    tree = ast.parse('ImageButton("Sort by", f)\nImage(icon="x" if a == "y" else f"avatar:{n}")\nV(icon=T["k"])')
    path = tmp_path / "probe.py"
    path.write_text(ast.unparse(tree), encoding="utf-8")
    assert sorted(n for _, n in icon_literals(path)) == ["avatar:x", "sort by", "x"]
    assert "Wifi signal full." in string_literals(SOURCES["systemui"])
    assert "Sort by" not in string_literals(SOURCES["sms_messenger"])  # an icon key no SMS view has


MAIN_SCREENS = ("com.android.settings", "com.simplemobiletools.smsmessenger", "com.google.android.contacts",
                "com.google.android.dialer", "com.simplemobiletools.calendar.pro", "com.google.android.calculator",
                "com.google.android.deskclock", "com.google.android.documentsui", "com.android.camera2",
                "com.google.android.apps.messaging", "com.google.android.gm", "com.google.android.calendar",
                "com.android.calendar", "")


@pytest.fixture(scope="module")
def phone() -> Iterator[SimDevice]:
    d = SimDevice(serial="sim-icons")
    try:
        yield d
    finally:
        d.close()


def drawn_icons(d: SimDevice) -> list[tuple[str, str]]:
    """``(icon, meaning)`` of every icon-only view on screen; its meaning is its resource id, else its
    description (empty for a row's decoration)."""
    found = []
    for win in d.system.windows():
        for node in win.root.walk():
            v = node.view
            cls = v.cls.rsplit(".", 1)[-1]
            if v.style in NOT_PICTOGRAMS or not (cls in ("ImageButton", "ImageView") or v.style == "fab"):
                continue
            name = v.icon or (v.desc.lower() if cls == "ImageButton" else "")
            if name:
                found.append((name, node.resource_id or v.desc))
    return found


@pytest.mark.parametrize("package", MAIN_SCREENS, ids=[p or "home" for p in MAIN_SCREENS])
def test_main_screens_draw_known_icons_each_of_one_meaning(phone: SimDevice, package: str,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    if package:
        phone.start_app(package)
    else:
        phone.system.go_home()
    missed: list[str] = []
    draw = icons.draw_icon

    def recording(*args: object, **kw: object) -> bool:
        ok = draw(*args, **kw)  # type: ignore[arg-type]
        if not ok:
            missed.append(str(args[1]))
        return ok

    monkeypatch.setattr(icons, "draw_icon", recording)
    assert phone.screenshot().startswith(b"\x89PNG")
    assert not missed, f"{package or 'home'} draws icons the font lacks: {missed}"
    shown = drawn_icons(phone)
    assert shown, "the screen shows no icon at all (the status bar has three)"
    assert not [n for n, _ in shown if not drawable(n)]
    meanings: dict[str, set[str]] = {}
    for name, meaning in shown:
        if meaning and not name.startswith(PREFIXES):
            meanings.setdefault(name.split(":")[0], set()).add(meaning)
    shared = {n: m for n, m in meanings.items() if len(m) > 1}
    assert not shared, f"one pictogram for controls of different meaning: {shared}"
