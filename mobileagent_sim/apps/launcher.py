"""Pixel Launcher: home screen with a hotseat, the app drawer (swipe up) and the overview.

Package and activity are the Pixel Launcher's (``com.google.android.apps.nexuslauncher``).
Icons are TextViews labelled with the app name, as the real launcher exposes them.

The home screen is the ``favorites`` table of ``launcher.db`` (:mod:`pytest_mobileagent.android.launcher`):
made from the default layout when the launcher first starts (or finds it gone), drawn on the device's cell grid,
read again whenever the file changes (a push over adb, :meth:`PixelLauncher.arrange_icons`). Only the first
page is shown (the simulated workspace does not page).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from mobileagent_sim.app import Activity, App
from mobileagent_sim.system import NAV_BAR_DP, STATUS_BAR_DP
from mobileagent_sim.views import Button, Column, EditText, Frame, Row, Scroll, Text, View
from pytest_mobileagent.android import launcher as contract
from pytest_mobileagent.android.launcher import MAIN_ACTIVITY, PACKAGE

COLUMNS = 4
#: dp heights of a workspace row (at most), of the hotseat, of the search bar row below it and of the gap above.
CELL_DP, HOTSEAT_DP, QSB_DP, TOP_DP = 104, 104, 72, 8
#: A favorites row as the workspace reads it: (container, screen, cellX, cellY, package).
Item = tuple[int, int, int, int, str]


def icon(app: App, on_click, id: str = "icon", height: float = 96) -> View:
    return View(cls="android.widget.TextView", text=app.label, desc=app.label, id=id, clickable=True,
                focusable=True, long_clickable=True, on_click=on_click, on_long_click=on_click,
                height=height, weight=1, icon=app.package, style="app-icon")  # the renderer's LAUNCHER_ICON key


def grid(icons: list[View], columns: int = COLUMNS) -> list[View]:
    rows = []
    for i in range(0, len(icons), columns):
        chunk = icons[i:i + columns]
        chunk += [View(weight=1, height=96) for _ in range(columns - len(chunk))]
        rows.append(Row(*chunk, height=104))
    return rows


class Home(Activity):
    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app, intent):
        super().__init__(app, intent)
        self.drawer = False

    def on_resume(self) -> None:
        self.app.favorites()  # type: ignore[attr-defined]  # a first start makes the home screen
        self.drawer = False
        self.fields["search"] = ""
        self.view_state.clear()

    def launchable(self) -> list[App]:
        apps = [a for a in self.system.apps.values() if a.launchable and a.package != PACKAGE]
        return sorted(apps, key=lambda a: a.label.lower())

    def open(self, package: str) -> None:
        self.drawer = False
        self.system.launch(package)

    def _icon(self, app: App, id: str = "icon", height: float = 96) -> View:
        return icon(app, lambda p=app.package: self.open(p), id=id, height=height)

    def build(self) -> View:
        return self.build_drawer() if self.drawer else self.build_workspace()

    def build_workspace(self) -> View:
        installed, launcher = self.system.apps, self.app
        assert isinstance(launcher, PixelLauncher)
        items = launcher.favorites()
        hotseat = [self._icon(installed[p]) for c, _s, _x, _y, p in sorted(items, key=lambda i: i[1])
                   if c == contract.CONTAINER_HOTSEAT and p in installed]
        return Column(
            View(cls="android.view.View", id="search_container_workspace", height=TOP_DP),
            Column(*self.page(items), id="workspace", cls="android.widget.ScrollView", weight=1),
            Row(*hotseat, id="hotseat", cls="android.view.ViewGroup", height=HOTSEAT_DP),
            Row(
                View(cls="android.widget.FrameLayout", desc="Google Search", text="", id="search_container_hotseat",
                     clickable=True, focusable=True, on_click=self.open_drawer_search, weight=1, height=56,
                     style="searchbar"),
                height=QSB_DP, padding=8,
            ),
            style="wallpaper",
        )

    def page(self, items: list[Item]) -> list[View]:
        """The first page's rows, down to the last one holding an icon: an icon where the table has one, an empty
        cell elsewhere. Rows are 104 dp, or less where that many would not fit the screen."""
        installed, columns = self.system.apps, self.app.grid().columns  # type: ignore[attr-defined]
        cells = {(x, y): p for c, s, x, y, p in items
                 if c == contract.CONTAINER_DESKTOP and s == 0 and p in installed and 0 <= x < columns}
        if not cells:
            return []
        count = max(y for _, y in cells) + 1
        height = self.cell_height(count)
        rows = []
        for y in range(count):
            row = [self._icon(installed[cells[x, y]], height=height - 8) if (x, y) in cells
                   else View(weight=1, height=height - 8) for x in range(columns)]
            rows.append(Row(*row, height=height))
        return rows

    def cell_height(self, rows: int) -> float:
        """The dp height of each of ``rows`` workspace rows: 104, or their share of the page if it is shorter."""
        s = self.system
        page = s.height * 160 / s.density - STATUS_BAR_DP - NAV_BAR_DP - TOP_DP - HOTSEAT_DP - QSB_DP
        return min(CELL_DP, page / rows)

    def open_drawer_search(self) -> None:
        self.drawer = True

    def build_drawer(self) -> View:
        query = self.fields.get("search", "").strip().lower()
        apps = [a for a in self.launchable() if query in a.label.lower()]
        return Column(
            EditText("search_container_all_apps", self.fields.get("search", ""),
                     lambda v: self.fields.__setitem__("search", v), hint="Search your phone and more",
                     on_submit=(lambda: self.open(apps[0].package)) if apps else None),
            Scroll(*grid([self._icon(a) for a in apps]), id="apps_list_view", weight=1),
            id="apps_view", style="drawer",
        )

    def on_swipe(self, direction: str) -> bool:
        if direction == "up" and not self.drawer:
            self.drawer = True
            self.system.log("Launcher", "onStateTransitionComplete: ALL_APPS")
            return True
        if direction == "down" and self.drawer:
            self.drawer = False
            return True
        return False

    def on_back(self) -> bool:
        if self.drawer:
            self.drawer = False
            return True
        return super().on_back()


class PixelLauncher(App):
    package = PACKAGE
    label = "Pixel Launcher"
    activities = (Home,)
    launchable = False
    uid = 10140
    #: The favorites last read and the file's identity then (inode, size, mtime, ctime; ctime moves on any write).
    _read: tuple[tuple[int, ...], list[Item]] | None = None

    def grid(self) -> contract.Grid:
        """The cell grid Launcher3 would pick for the screen as it is now."""
        return contract.grid_for(self.system.width, self.system.height, self.system.density)

    def favorites(self) -> list[Item]:
        """The home screen's items: the ``favorites`` table, made from the default layout if there is none
        (LauncherProvider's first load), read again only when the file has changed."""
        host = self.system.fs.host(self.db_path(contract.DB_NAME))
        try:
            st = os.stat(host)
        except FileNotFoundError:
            self.reset_favorites(contract.default_rows(self._titles()))
            st = os.stat(host)
        key = (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
        if self._read is None or self._read[0] != key:
            conn = sqlite3.connect(Path(host).as_uri() + "?mode=ro", uri=True)
            try:
                rows = conn.execute("SELECT container, screen, cellX, cellY, intent FROM favorites "
                                    "WHERE itemType = ? ORDER BY _id", (contract.ITEM_TYPE_APPLICATION,)).fetchall()
            finally:
                conn.close()
            self._read = (key, [(c, s, x, y, contract.intent_package(i or "")) for c, s, x, y, i in rows])
        return self._read[1]

    def _titles(self) -> dict[str, str]:
        return {p: a.label for p, a in self.system.apps.items() if a.launchable}

    def reset_favorites(self, rows: list[tuple[object, ...]]) -> None:
        """Replace the ``favorites`` table with ``rows`` (the columns of ``ROW_COLUMNS``)."""
        marks = ", ".join("?" * len(contract.ROW_COLUMNS))
        with self.db(contract.DB_NAME) as db:
            db.execute("DROP TABLE IF EXISTS favorites")
            db.execute(contract.SCHEMA)
            db.executemany(f"INSERT INTO favorites ({', '.join(contract.ROW_COLUMNS)}) VALUES ({marks})", rows)
        self.system.invalidate()

    def arrange_icons(self, seed: int) -> None:
        """B-MoCA's icon placement: seed 0 is the default home screen; any other puts the default first page's
        apps and :data:`~pytest_mobileagent.android.launcher.EXTRA_DESKTOP`'s (those installed) at cells drawn
        by :func:`~pytest_mobileagent.android.launcher.arrange` from the seed, the hotseat staying as it is."""
        titles = self._titles()
        rows = contract.default_rows(titles)
        if seed:
            hotseat = [r for r in rows if r[3] == contract.CONTAINER_HOTSEAT]
            shown = {contract.intent_package(str(r[2])) for r in hotseat}
            apps = [(p, a) for p, a in (*contract.DEFAULT_DESKTOP, *contract.EXTRA_DESKTOP)
                    if p in titles and p not in shown]
            rows = hotseat + [
                (len(hotseat) + n + 1, titles[p], contract.launch_intent(p, a), contract.CONTAINER_DESKTOP,
                 cell.screen, cell.x, cell.y, 1, 1, contract.ITEM_TYPE_APPLICATION, 0)
                for n, ((p, a), cell) in enumerate(zip(apps, contract.arrange(seed, len(apps), self.grid())))]
        self.reset_favorites(rows)

    def build_overview(self) -> View:
        """The recents screen: one card per task, most recent first, and "Clear all"."""
        cards = [
            Frame(
                Column(
                    Text(task.stack[-1].app.label, id="title", style="item-title"),
                    View(cls="android.view.View", desc=task.stack[-1].app.label, id="snapshot", weight=1,
                         style="card"),
                ),
                id="task_view_single", cls="android.widget.FrameLayout", desc=task.stack[-1].app.label, clickable=True,
                focusable=True, on_click=(lambda t=task: self.open_task(t)), height=480,
            )
            for task in self.system.recent_tasks()
        ]
        body = cards or [Text("No recent items", id="empty_recents_content")]
        return Column(
            Scroll(*body, id="overview_panel", weight=1),
            Button("Clear all", self.clear_all, id="clear_all") if cards else None,
            style="overview",
        )

    def open_task(self, task) -> None:
        self.system.overview = False
        self.system.launch(task.affinity)

    def clear_all(self) -> None:
        for task in list(self.system.recent_tasks()):
            self.system.remove_task(task)
        self.system.go_home()

    def on_overview_swipe(self, x: int, y: int, direction: str) -> None:
        if direction != "up":
            return
        for window in self.system.windows():
            if window.name != "Overview":
                continue
            for node in window.root.walk():
                if node.view.id == "task_view_single" and node.contains(x, y):
                    label = node.view.desc
                    for task in self.system.recent_tasks():
                        if self.system.localized(task.stack[-1].app.label, self.package) == label:
                            self.system.remove_task(task)
                            return
