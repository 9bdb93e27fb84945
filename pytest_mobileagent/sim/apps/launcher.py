"""Pixel Launcher: home screen with a hotseat, the app drawer (swipe up) and the overview.

Package and activity are the Pixel Launcher's (``com.google.android.apps.nexuslauncher``).
Icons are TextViews labelled with the app name, as the real launcher exposes them.
"""

from __future__ import annotations

from pytest_mobileagent.android import chrome, contacts, deskclock, dialer, messages, settings_app
from pytest_mobileagent.android.launcher import MAIN_ACTIVITY, PACKAGE
from pytest_mobileagent.sim.app import Activity, App
from pytest_mobileagent.sim.views import Button, Column, EditText, Frame, Row, Scroll, Text, View

#: Home-screen layout: the apps on the first page and in the hotseat (by package).
HOTSEAT = (dialer.PACKAGE, messages.PACKAGE, chrome.PACKAGE, settings_app.PACKAGE)
WORKSPACE = (deskclock.PACKAGE, contacts.PACKAGE, settings_app.PACKAGE)
COLUMNS = 4


def icon(app: App, on_click, id: str = "icon") -> View:
    return View(cls="android.widget.TextView", text=app.label, desc=app.label, id=id, clickable=True,
                focusable=True, long_clickable=True, on_click=on_click, on_long_click=on_click,
                height=96, weight=1, icon=app.icon or app.package, style="app-icon")


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
        self.drawer = False
        self.fields["search"] = ""
        self.view_state.clear()

    def launchable(self) -> list[App]:
        apps = [a for a in self.system.apps.values() if a.launchable and a.package != PACKAGE]
        return sorted(apps, key=lambda a: a.label.lower())

    def open(self, package: str) -> None:
        self.drawer = False
        self.system.launch(package)

    def _icon(self, app: App, id: str = "icon") -> View:
        return icon(app, lambda p=app.package: self.open(p), id=id)

    def build(self) -> View:
        return self.build_drawer() if self.drawer else self.build_workspace()

    def build_workspace(self) -> View:
        installed = self.system.apps
        page = [self._icon(installed[p]) for p in WORKSPACE if p in installed and p not in HOTSEAT]
        hotseat = [self._icon(installed[p]) for p in HOTSEAT if p in installed]
        return Column(
            View(cls="android.view.View", id="search_container_workspace", height=8),
            Column(*grid(page), id="workspace", cls="android.widget.ScrollView", weight=1),
            Row(*hotseat, id="hotseat", cls="android.view.ViewGroup", height=104),
            Row(
                View(cls="android.widget.FrameLayout", desc="Google Search", text="", id="search_container_hotseat",
                     clickable=True, focusable=True, on_click=self.open_drawer_search, weight=1, height=56,
                     style="searchbar"),
                height=72, padding=8,
            ),
            style="wallpaper",
        )

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

    def build_overview(self) -> View:
        """The recents screen: one card per task, most recent first, and "Clear all"."""
        cards = [
            Frame(
                Column(
                    Text(task.stack[-1].app.label, id="title", style="item-title"),
                    View(cls="android.view.View", desc=task.stack[-1].app.label, id="snapshot", weight=1,
                         style="card"),
                ),
                id="task_view", cls="android.widget.FrameLayout", desc=task.stack[-1].app.label, clickable=True,
                focusable=True, on_click=(lambda t=task: self.open_task(t)), height=480,
            )
            for task in self.system.recent_tasks()
        ]
        body = cards or [Text("No recent items", id="empty_message")]
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
                if node.view.id == "task_view" and node.contains(x, y):
                    label = node.view.desc
                    for task in self.system.recent_tasks():
                        if self.system.localized(task.stack[-1].app.label, self.package) == label:
                            self.system.remove_task(task)
                            return
