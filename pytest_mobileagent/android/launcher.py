"""The Pixel Launcher (``com.google.android.apps.nexuslauncher``): the home screen, kept where Launcher3 keeps it.

The home screen is the ``favorites`` table of the launcher's ``launcher.db`` (the file B-MoCA's
``set_home_screen.sh`` pushes to set an environment's icons), with Launcher3's schema
(``LauncherSettings.Favorites.getColumnsToTypes``): one row per item, ``container`` -100 for the desktop and
-101 for the hotseat, ``screen`` (the page; for the hotseat, the position), ``cellX``/``cellY`` and
``spanX``/``spanY`` on the page's cell grid, ``itemType`` 0 for an app, whose ``intent`` is its launch intent
as ``Intent.toUri(0)`` writes it.

The grid is the one Launcher3's ``InvariantDeviceProfile`` picks from ``res/xml/device_profiles.xml`` by device
category: a phone gets the ``4_by_5`` grid option (4 columns, 5 rows, 4 hotseat icons), a tablet (smallest width
600 dp or more, as the WXGA tablet) ``6_by_5`` (6 columns, 5 rows, 6 hotseat icons). At start the launcher drops
an item outside the grid or over another (``LoaderCursor.checkItemPlacement``), and on the first page the first
row is the search container's when the launcher shows one there.

:func:`arrange` is the one arrangement of B-MoCA's randomized icon placement (a :class:`DeviceProfile`'s
``icon_layout``): the simulated launcher draws its home from it and :class:`AdbDevice` writes it into a phone's
table.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from pytest_mobileagent.android import (
    camera,
    chrome,
    contacts,
    deskclock,
    dialer,
    gmail,
    maps,
    messages,
    photos,
    settings_app,
    youtube,
)
from pytest_mobileagent.android.evidence import Source, Unconfirmed, entries, framework, key

PACKAGE = "com.google.android.apps.nexuslauncher"
MAIN_ACTIVITY = f"{PACKAGE}.NexusLauncherActivity"
DB_NAME = "launcher.db"
DB_PATH = f"/data/data/{PACKAGE}/databases/{DB_NAME}"

#: ``LauncherSettings.Favorites`` containers and the item type of an app.
CONTAINER_DESKTOP, CONTAINER_HOTSEAT = -100, -101
ITEM_TYPE_APPLICATION = 0
#: The ``favorites`` table (``LauncherSettings.Favorites.addTableToDb``; ``profileId`` 0 is the owner).
SCHEMA = ("CREATE TABLE favorites (_id INTEGER PRIMARY KEY, title TEXT, intent TEXT, container INTEGER, "
          "screen INTEGER, cellX INTEGER, cellY INTEGER, spanX INTEGER, spanY INTEGER, itemType INTEGER, "
          "appWidgetId INTEGER NOT NULL DEFAULT -1, icon BLOB, appWidgetProvider TEXT, "
          "modified INTEGER NOT NULL DEFAULT 0, restored INTEGER NOT NULL DEFAULT 0, profileId INTEGER DEFAULT 0, "
          "rank INTEGER NOT NULL DEFAULT 0, options INTEGER NOT NULL DEFAULT 0, "
          "appWidgetSource INTEGER NOT NULL DEFAULT -1)")

#: The default home screen (package, launcher activity): the hotseat's icons, then the first page's.
DEFAULT_HOTSEAT = ((dialer.PACKAGE, dialer.MAIN_ACTIVITY), (messages.PACKAGE, messages.MAIN_ACTIVITY),
                   (chrome.PACKAGE, chrome.MAIN_ACTIVITY), (settings_app.PACKAGE, settings_app.MAIN_ACTIVITY))
DEFAULT_DESKTOP = ((deskclock.PACKAGE, deskclock.ACTIVITY), (contacts.PACKAGE, contacts.MAIN_ACTIVITY))
#: Apps a rearranged home screen also puts on its first page (where installed), so that where icons are matters.
EXTRA_DESKTOP = ((maps.PACKAGE, maps.MAIN_ACTIVITY), (youtube.PACKAGE, youtube.MAIN_ACTIVITY),
                 (gmail.PACKAGE, gmail.MAIN_ACTIVITY), (camera.PACKAGE, camera.MAIN_ACTIVITY),
                 (photos.PACKAGE, photos.MAIN_ACTIVITY))
#: ``Intent.FLAG_ACTIVITY_NEW_TASK | FLAG_ACTIVITY_RESET_TASK_IF_NEEDED``, what an app's launch intent carries.
_LAUNCH_FLAGS = "0x10200000"
#: Smallest width (dp) from which Launcher3 treats a device as a tablet.
TABLET_MIN_DP = 600


@dataclass(frozen=True)
class Grid:
    """A launcher grid option: the page's ``columns`` x ``rows`` cells and the hotseat's icon count."""

    columns: int
    rows: int
    hotseat: int

    @property
    def cells(self) -> int:
        return self.columns * self.rows


PHONE_GRID = Grid(4, 5, 4)
TABLET_GRID = Grid(6, 5, 6)


def grid_for(width: int, height: int, density: int) -> Grid:
    """The grid for a screen of ``width`` x ``height`` pixels at ``density`` dpi: a tablet's from a smallest
    width of 600 dp, else a phone's."""
    return TABLET_GRID if min(width, height) * 160 / density >= TABLET_MIN_DP else PHONE_GRID


@dataclass(frozen=True)
class Cell:
    """Where an item is: its page (``screen``) and cell on it."""

    screen: int
    x: int
    y: int


def arrange(seed: int, count: int, grid: Grid, reserved: Collection[Cell] = ()) -> list[Cell]:
    """Cells for ``count`` desktop icons: seed 0 is the launcher's way (row by row from the top left), any other
    seed a placement drawn from ``random.Random(seed)``. Cells in ``reserved`` (held by items that stay, the
    search container's row) are skipped; icons beyond a page go on the next."""
    pages = 1
    while True:
        free = [c for c in (Cell(s, i % grid.columns, i // grid.columns)
                            for s in range(pages) for i in range(grid.cells)) if c not in reserved]
        if len(free) >= count:
            break
        pages += 1
    if seed == 0:
        return free[:count]
    return random.Random(seed).sample(free, count)


def launch_intent(package: str, activity: str) -> str:
    """An app's launch intent as Launcher3 stores it (``Intent.toUri(0)`` of ``AppInfo.makeLaunchIntent``)."""
    short = activity[len(package):] if activity.startswith(package + ".") else activity
    return (f"#Intent;action=android.intent.action.MAIN;category=android.intent.category.LAUNCHER;"
            f"launchFlags={_LAUNCH_FLAGS};component={package}/{short};end")


def intent_package(intent: str) -> str:
    """The package of a stored launch intent (``component=pkg/...``), or "" if it names none."""
    for part in intent.split(";"):
        if part.startswith("component="):
            return part[len("component="):].split("/", 1)[0]
        if part.startswith("package="):
            return part[len("package="):]
    return ""


def default_rows(titles: Mapping[str, str]) -> list[tuple[object, ...]]:
    """The default home screen as ``favorites`` rows (the columns of :data:`ROW_COLUMNS`) for the installed apps
    (``titles``: package to label): the hotseat, then the first page from its top left. Apps not installed are
    left out, as Launcher3's default layout loader (``AutoInstallsLayout``) leaves them."""
    rows: list[tuple[object, ...]] = []
    hotseat = [(p, a) for p, a in DEFAULT_HOTSEAT if p in titles]
    desktop = [(p, a) for p, a in DEFAULT_DESKTOP if p in titles]
    for rank, (package, activity) in enumerate(hotseat):
        rows.append((len(rows) + 1, titles[package], launch_intent(package, activity), CONTAINER_HOTSEAT,
                     rank, rank, 0, 1, 1, ITEM_TYPE_APPLICATION, rank))
    for (package, activity), cell in zip(desktop, arrange(0, len(desktop), PHONE_GRID)):
        rows.append((len(rows) + 1, titles[package], launch_intent(package, activity), CONTAINER_DESKTOP,
                     cell.screen, cell.x, cell.y, 1, 1, ITEM_TYPE_APPLICATION, 0))
    return rows


#: The columns of :func:`default_rows`' rows, in order.
ROW_COLUMNS = ("_id", "title", "intent", "container", "screen", "cellX", "cellY", "spanX", "spanY", "itemType", "rank")


APP_VERSION = ("Pixel Launcher of AndroidWorld's Android 13 image (no version recorded); AOSP Launcher3 as "
               "LineageOS keeps it")
_L3 = "LineageOS/android_packages_apps_Launcher3"
_LAUNCHER_XML = Source(_L3, "res/layout/launcher.xml", note="AOSP Launcher3, which the Pixel Launcher builds on")

EVIDENCE = {
    key("activity", MAIN_ACTIVITY): Source("helloklf/vtools",
                                           "app/src/main/assets/custom/actions/launcher_chooser/set_launchers.sh",
                                           note="pm set-home-activity com.google.android.apps.nexuslauncher/"
                                                ".NexusLauncherActivity"),
    **entries("id", ("workspace", "hotseat", "overview_panel", "apps_view"), _LAUNCHER_XML),
    key("id", "search_container_all_apps"): Source(_L3, "res/layout/search_container_all_apps.xml",
                                                   note="the all-apps search field"),
    key("id", "apps_list_view"): Source(_L3, "res/layout/all_apps.xml", app_version="cm-14.1",
                                        note="the all-apps list in Launcher3 of 2016; later releases moved it"),
    key("id", "task_view_single"): Source(_L3, "quickstep/res/layout/task.xml", note="a recent task's card"),
    key("id", "empty_recents_content"): Source(_L3, "quickstep/res/layout/overview_empty_recents_message.xml",
                                               note="'No recent items' (recents_empty_message)"),
    key("id", "icon"): Unconfirmed("Launcher3's all-apps icons are @+id/icon (all_apps_icon.xml, cm-14.1); its "
                                   "workspace icons (app_icon.xml) carry no id there; the Pixel Launcher's own "
                                   "layouts are not public"),
    **entries("id", ("search_container_hotseat", "search_container_workspace"),
              Unconfirmed("the Pixel Launcher's search bars (Launcher3 forks name a layout "
                          "search_container_hotseat); no public source of the Pixel Launcher itself")),
    **entries("id", ("snapshot", "title", "clear_all"),
              Unconfirmed("Quickstep's overview of Android 13 (thumbnail, app name, Clear all); the stored "
                          "Launcher3 is a later release whose task card differs")),
    **framework("content", "floating_toolbar_menu_item_text"),
    key("text", "No recent items"): Unconfirmed("Quickstep's recents_empty_message"),
}

__all__ = ["APP_VERSION", "CONTAINER_DESKTOP", "CONTAINER_HOTSEAT", "DB_NAME", "DB_PATH", "DEFAULT_DESKTOP",
           "DEFAULT_HOTSEAT", "EVIDENCE", "EXTRA_DESKTOP", "ITEM_TYPE_APPLICATION", "MAIN_ACTIVITY", "PACKAGE",
           "PHONE_GRID", "ROW_COLUMNS", "SCHEMA", "TABLET_GRID", "Cell", "Grid", "arrange", "default_rows", "grid_for",
           "intent_package", "launch_intent"]
