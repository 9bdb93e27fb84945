"""The simulated Android system: activity manager, windows, input and system services.

:class:`System` holds every piece of device state except the files (which
live on disk, see :class:`~mobileagent_sim.stores.FileSystem`), so a
snapshot is a deep copy of it plus a copy of the file tree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import mobileagent_sim.services as services
from mobileagent_sim.app import Activity, App, Intent
from mobileagent_sim.key_listeners import filtered
from mobileagent_sim.layout import Layout, LayoutCache, Node, focus_key, lay_out
from mobileagent_sim.render.text import text_width
from mobileagent_sim.stores import Clock, FileSystem, Logcat, LogEntry, Settings
from mobileagent_sim.views import Button, Frame, ImageButton, Row, Text, View, translated
from pytest_mobileagent.android import keyboard, strings
from pytest_mobileagent.android.wallpaper import DEFAULT as DEFAULT_WALLPAPER
from pytest_mobileagent.device.base import AppNotInstalled, keycode

SYSTEMUI = "com.android.systemui"
STATUS_BAR_DP = 24
NAV_BAR_DP = 48
KEYBOARD_FRACTION = 0.38
#: A swipe shorter than this is a fling: content keeps moving after the finger lifts.
FLING_MS = 200
FLING_FACTOR = 3


@dataclass
class TaskRecord:
    """An activity task (a back stack), as in ``dumpsys activity activities``."""

    task_id: int
    affinity: str
    stack: list[Activity] = field(default_factory=list)


@dataclass
class Window:
    """A laid-out window: its root node and the activity receiving its input (if any)."""

    name: str
    root: Node
    owner: Activity | None
    modal: bool = False


class System:
    """Everything a simulated phone knows, except file contents."""

    def __init__(self, root: str, width: int = 1080, height: int = 2400, density: int = 420):
        self.width, self.height, self.density = width, height, density
        self.settings = Settings()
        self.clock = Clock()
        self.fs = FileSystem(root, self.clock)
        self.logcat = Logcat()
        self.clipboard = ""
        self.apps: dict[str, App] = {}
        self.tasks: list[TaskRecord] = []
        self.home_package = ""
        self.keyboard_visible = False
        self.overview = False
        self.toast_text = ""
        self._locale = "en-US"
        #: UiModeManager's night mode (the configuration's), set by ``cmd uimode night`` and the Settings toggle.
        self.night_mode = False
        #: The wallpaper's name (B-MoCA's, :mod:`pytest_mobileagent.android.wallpaper`); the home screen draws it.
        self.wallpaper = DEFAULT_WALLPAPER
        #: The floating text-selection toolbar: {"start": i, "end": j} over the focused field, or None.
        self.selection: dict[str, int] | None = None
        self._next_task_id = 1
        self._pids: dict[str, int] = {}
        self._next_pid = 4000
        self._windows: list[Window] | None = None
        #: Time passed (:meth:`idle`) since the windows were built; what they were built at; whether building
        #: them read the clock beyond the status bar's minute.
        self._idled = False
        self._built_at = ""
        self._shows_time = True
        #: Where window layouts are reused from (None: every layout made afresh, :class:`SimDevice` ``cache``).
        self.layout_cache: LayoutCache | None = LayoutCache()

    @property
    def locale(self) -> str:
        """The configuration's locale (``persist.sys.locale``): the localized apps' windows show their strings in
        it (:mod:`pytest_mobileagent.android.strings`)."""
        return self._locale

    @locale.setter
    def locale(self, tag: str) -> None:
        if tag != self._locale:
            self._locale = tag
            self.invalidate()

    def localized(self, text: str, package: str) -> str:
        """``text`` as a window of ``package`` shows it in the configuration's locale."""
        return strings.translate(text, package, self._locale)

    # -- packages and processes ------------------------------------------------

    def install(self, app_cls: type[App], home: bool = False) -> App:
        app = app_cls(self)
        self.apps[app.package] = app
        self.fs.chown(app.data_dir, f"{app.uid}:{app.uid}")
        app.install()
        if home:
            self.home_package = app.package
        return app

    def app(self, package: str) -> App:
        try:
            return self.apps[package]
        except KeyError:
            raise AppNotInstalled(f"package {package} is not installed") from None

    def pid_of(self, package: str) -> int:
        """The app's process id, starting the process if needed."""
        if package not in self._pids:
            self._next_pid += 17
            self._pids[package] = self._next_pid
        return self._pids[package]

    def running(self, package: str) -> bool:
        return package in self._pids

    # -- logging and time -----------------------------------------------------

    def log(self, tag: str, message: str, level: str = "I", pid: int = 1000, tid: int | None = None) -> None:
        self.logcat.entries.append(LogEntry(self.clock.now, pid, tid if tid is not None else pid, level, tag, message))

    def tick(self, seconds: float = 1.0) -> None:
        """Let time pass (each input event takes one second of device time)."""
        self.clock.advance(seconds)

    def idle(self, seconds: float) -> None:
        """Let ``seconds`` pass with no input (an agent thinking), then build the screen again when next asked:
        unless (with a :class:`LayoutCache`) that would give the same screen, the status bar's minute being the
        same and no screen having read the clock when last built (:meth:`windows`)."""
        self.tick(seconds)
        if self.layout_cache is None:
            self.invalidate()
        else:
            self._idled = True

    def toast(self, text: str) -> None:
        self.toast_text = text
        self.invalidate()

    # -- activity manager -------------------------------------------------------

    def foreground(self) -> Activity | None:
        for task in reversed(self.tasks):
            if task.stack:
                return task.stack[-1]
        return None

    def _task_for(self, affinity: str) -> TaskRecord | None:
        for task in self.tasks:
            if task.affinity == affinity and task.stack:
                return task
        return None

    def _bring_to_front(self, task: TaskRecord) -> None:
        self.tasks.remove(task)
        self.tasks.append(task)

    def _log_start(self, app: App, cls: type[Activity], intent: Intent) -> None:
        comp = app.component(cls)
        cold = not self.running(app.package)
        pid = self.pid_of(app.package)
        parts = [f"act={intent.action}"]
        if intent.categories:
            parts.append(f"cat=[{','.join(intent.categories)}]")
        if intent.data:
            parts.append(f"dat={intent.data}")
        parts += ["flg=0x10200000" if intent.categories else "flg=0x10000000", f"cmp={comp}"]
        self.log("ActivityTaskManager", f"START u0 {{{' '.join(parts)}}} from uid {app.uid}", pid=1000, tid=1562)
        if cold:  # the hosting component in full (ComponentName.toShortString), the uid as UserHandle prints it
            user = str(app.uid) if app.uid < 10000 else f"u0a{app.uid % 1000}"
            self.log("ActivityManager",
                     f"Start proc {pid}:{app.package}/{user} for pre-top-activity {{{app.package}/{cls.name}}}",
                     pid=1000, tid=1543)

    def start_activity(self, app: App, cls: type[Activity], intent: Intent | None = None,
                       new_task: bool = False) -> Activity:
        """Start ``cls`` of ``app``: in the app's task if it has one, else a new task."""
        intent = intent or Intent(component=app.component(cls))
        intent.component = app.component(cls)
        if not self.running(app.package) and self._cannot_open_its_data(app):
            shown = self.foreground()  # it died starting: what was in front stays (stop_app went home if nothing)
            assert shown is not None
            return shown
        self._log_start(app, cls, intent)
        self.overview = False
        task = self._task_for(app.package)
        if task is None or new_task:
            task = TaskRecord(self._next_task_id, app.package)
            self._next_task_id += 1
            self.tasks.append(task)
        else:
            self._bring_to_front(task)
        activity = cls(app, intent)
        task.stack.append(activity)
        self._hide_keyboard()
        activity.on_resume()
        self.invalidate()
        return activity

    def launch(self, package: str, activity: str | None = None, extras: dict[str, Any] | None = None) -> Activity:
        """What the launcher (and ``am start``/``monkey``) does: resume the app's task or start it."""
        app = self.app(package)
        if not app.activities:
            raise AppNotInstalled(f"package {package} has no activities to launch")
        if activity is not None and app.activity_class(activity) is app.activities[0] and not extras:
            activity = None  # like NEW_TASK starts: an existing task with this root is brought forward
        if activity is None:
            task = self._task_for(package)
            if task is not None:
                intent = Intent(categories=("android.intent.category.LAUNCHER",),
                                component=app.component(app.activities[0]))
                self._log_start(app, app.activities[0], intent)
                self._bring_to_front(task)
                self.overview = False
                self._hide_keyboard()
                task.stack[-1].on_resume()
                self.invalidate()
                return task.stack[-1]
            cls = app.activities[0]
            intent = Intent(categories=("android.intent.category.LAUNCHER",), extras=dict(extras or {}))
        else:
            cls = app.activity_class(activity)
            intent = Intent(extras=dict(extras or {}))
        return self.start_activity(app, cls, intent)

    def _cannot_open_its_data(self, app: App) -> bool:
        """A cold start of an app whose data holds a file it does not own (pushed as root, never chown'ed) and
        whose mode does not let others read and write it: it dies opening it, as a real app's SQLiteOpenHelper or
        SharedPreferences does (EACCES). A ``chmod 777``'d file opens (the kernel's permission check grants the
        other bits; AndroidWorld's ``file_utils.copy_data_to_device`` leaves its pushes so)."""
        foreign = [p for p in self.fs.foreign_files(app.data_dir, f"{app.uid}:{app.uid}")
                   if self.fs.mode(p) & 0o006 != 0o006]
        if not foreign:
            return False
        pid = self.pid_of(app.package)
        self.log("AndroidRuntime", "FATAL EXCEPTION: main", level="E", pid=pid)
        self.log("AndroidRuntime", f"Process: {app.package}, PID: {pid}", level="E", pid=pid)
        self.log("AndroidRuntime", f"java.lang.RuntimeException: Unable to start activity: "
                 f"android.database.sqlite.SQLiteCantOpenDatabaseException: unable to open database file: "
                 f"{foreign[0]} (code 14 SQLITE_CANTOPEN[1806]): Permission denied", level="E", pid=pid)
        self.stop_app(app.package)
        return True

    def start_intent(self, intent: Intent, mime_type: str = "") -> bool:
        """Resolve an implicit intent among the installed apps and start it; False if no app handles it."""
        if "android.intent.category.HOME" in intent.categories:
            self.go_home()
            return True
        for app in list(self.apps.values()):
            if app.handle_intent(intent, mime_type):
                self.invalidate()
                return True
        return False

    def finish_activity(self, activity: Activity) -> None:
        for task in self.tasks:
            if activity in task.stack:
                task.stack.remove(activity)
                activity.finished = True
                if not task.stack:
                    self.tasks.remove(task)
                break
        self._hide_keyboard()
        top = self.foreground()
        if top is None:
            self.go_home()
        else:
            top.on_resume()
        self.invalidate()

    def go_home(self) -> None:
        self._hide_keyboard()
        self.overview = False
        home = self._task_for(self.home_package)
        if home is None:
            self.launch(self.home_package)
            return
        if self.foreground() is not home.stack[-1]:
            self._bring_to_front(home)
            launcher = self.apps[self.home_package]
            self.log("ActivityTaskManager",
                     "START u0 {act=android.intent.action.MAIN cat=[android.intent.category.HOME] "
                     f"flg=0x10200000 cmp={launcher.component(launcher.activities[0])}}} from uid 1000",
                     pid=1000, tid=1562)
        del home.stack[1:]
        home.stack[0].on_resume()
        self.invalidate()

    def stop_app(self, package: str) -> None:
        """``am force-stop``: remove the app's tasks and kill its process. The home app comes back at once, its
        screen built again from what it stores (a seeded ``launcher.db``)."""
        if package == self.home_package:
            self.invalidate()
            return
        for task in [t for t in self.tasks if t.affinity == package]:
            self.tasks.remove(task)
        if package in self._pids:
            self.log("ActivityManager",
                     f"Force stopping {package} appid={self.apps[package].uid if package in self.apps else 0} "
                     "user=0: from pid 6312", pid=1000, tid=1543)
            del self._pids[package]
        if self.foreground() is None:
            self.go_home()
        self._hide_keyboard()
        self.invalidate()

    def recent_tasks(self) -> list[TaskRecord]:
        """Tasks the overview shows, most recent first (the launcher's own task excluded)."""
        return [t for t in reversed(self.tasks) if t.affinity != self.home_package and t.stack]

    def remove_task(self, task: TaskRecord) -> None:
        if task in self.tasks:
            self.tasks.remove(task)
        self.invalidate()

    # -- windows ---------------------------------------------------------------

    def invalidate(self) -> None:
        """Mark the screen for re-layout (after any state change)."""
        self._windows = None

    def px(self, dp: float) -> int:
        return int(round(dp * self.density / 160))

    @property
    def keyboard_top(self) -> int:
        return self.height - self.px(NAV_BAR_DP) - int(self.height * KEYBOARD_FRACTION)

    def app_frame(self) -> tuple[int, int, int, int]:
        bottom = self.keyboard_top if self.keyboard_visible else self.height - self.px(NAV_BAR_DP)
        return (0, self.px(STATUS_BAR_DP), self.width, bottom)

    def windows(self) -> list[Window]:
        """The laid-out windows, top-most first."""
        if self._idled:
            self._idled = False
            if self._shows_time or self._clock_text() != self._built_at:
                self.invalidate()
        if self._windows is None:
            self._windows = self._layout_windows()
            if self.keyboard_visible and _focused_in(self._windows) is None:
                # the focused field is gone (its dialog closed, its screen changed): the IME goes with it
                self.keyboard_visible = False
                self._windows = self._layout_windows()
        return self._windows

    def _layout(self, slot: str, view: View, package: str, state: dict[Any, Any],
                frame: tuple[int, int, int, int]) -> Node:
        """The nodes of the window in ``slot``, its strings in the configuration's locale, laid out afresh or reused
        (:class:`LayoutCache`: a view tree in another language is another tree to it)."""
        screen = (0, 0, self.width, self.height)
        translate = strings.translator(package, self._locale)
        if translate is not None:
            view = translated(view, translate)
        if self.layout_cache is None:
            return lay_out(view, self.density, package, state, frame, screen)
        return self.layout_cache.lay_out(slot, view, self.density, package, state, frame, screen)

    def _layout_windows(self) -> list[Window]:
        self._built_at = self._clock_text()
        status_bar = self._status_bar()
        reads = self.clock.reads
        wins = self._place_windows(status_bar)
        self._shows_time = self.clock.reads != reads  # a screen read the clock: it may show more than the minute
        return wins

    def _place_windows(self, status_bar: View) -> list[Window]:
        wins: list[Window] = []
        top = self.foreground()
        nav_top = self.height - self.px(NAV_BAR_DP)
        nav = self._layout("nav", self._nav_bar(), SYSTEMUI, {}, (0, nav_top, self.width, self.height))
        status = self._layout("status", status_bar, SYSTEMUI, {}, (0, 0, self.width, self.px(STATUS_BAR_DP)))
        wins.append(Window("NavigationBar0", nav, None))
        wins.append(Window("StatusBar", status, None))
        if self.overview:
            launcher = self.apps[self.home_package]
            view = launcher.build_overview()  # type: ignore[attr-defined]
            content = self._layout("overview", self._decor(view), launcher.package, {}, self.app_frame())
            wins.insert(0, Window("Overview", content, None))
            return wins
        if top is None:
            return wins
        content = self._layout("content", self._decor(top.build()), top.app.package, top.view_state, self.app_frame())
        wins.insert(0, Window(top.app.component(type(top)), content, top))
        overlay = top.overlay()
        if overlay is not None:
            frame = self._overlay_frame(top, overlay)
            node = self._layout("overlay", overlay, top.app.package, top.view_state, frame)
            wins.insert(0, Window("PopupWindow" if top.menu else "Dialog", node, top, modal=True))
        toolbar = self._text_toolbar(wins)
        if toolbar is not None:
            wins.insert(0, toolbar)
        if self.toast_text:
            frame = (self.width // 6, self.height - self.px(160), self.width * 5 // 6, self.height - self.px(120))
            t = self._layout("toast", Text(self.toast_text, style="toast"), SYSTEMUI, {}, frame)
            wins.append(Window("Toast", t, None))
        return wins

    def _decor(self, content: View) -> View:
        return Frame(Frame(content, id="android:id/content"), cls="android.widget.FrameLayout")

    def _overlay_frame(self, top: Activity, overlay: View) -> tuple[int, int, int, int]:
        x1, y1, x2, y2 = self.app_frame()
        lay = Layout(self.density, top.app.package, top.view_state)
        if top.menu:  # as wide as its widest item, within max(half the screen, 320dp) [AppCompat MenuPopupHelper]
            widest = max((text_width(v.text, v.style, self.density / 160) for v in overlay.walk() if v.text),
                         default=0.0)
            w = min(max(int(widest) + self.px(48), self.px(112)), max(self.width // 2, self.px(320)),
                    self.width - self.px(16))
            h = min(lay.measure(overlay, w), y2 - y1)
            return (x2 - w - self.px(8), y1 + self.px(8), x2 - self.px(8), y1 + self.px(8) + h)
        margin = self.px(24)
        w = self.width - 2 * margin
        h = min(lay.measure(overlay, w), y2 - y1 - 2 * margin)
        top_y = y1 + max(margin, ((y2 - y1) - h) // 2)
        return (margin, top_y, margin + w, top_y + h)

    def _clock_text(self) -> str:
        """The time the status bar shows."""
        return f"{self.clock.now:%H:%M}"

    def _status_bar(self) -> View:
        """Android 13's status bar: the clock, then the Wi-Fi, cellular (or airplane) and battery pictograms (the
        drawables :mod:`pytest_mobileagent.android.systemui` cites)."""
        wifi = self.settings.get("global", "wifi_on") == "1"
        airplane = self.settings.get("global", "airplane_mode_on") == "1"
        return Row(
            Text(self._clock_text(), id="clock", width=64),
            View(weight=1),
            Image_status("Wifi signal full." if wifi else "Wifi off.", "signal_wifi_4_bar" if wifi else "wifi_off"),
            Image_status("Airplane mode on." if airplane else "Phone signal full.",
                         "airplanemode_active" if airplane else "signal_cellular_4_bar"),
            Image_status("Battery 100 percent.", "battery_full"),
            id="status_bar", cls="android.widget.FrameLayout", style="statusbar",
        )

    def _nav_bar(self) -> View:
        """The three-button navigation bar; its icons are SystemUI's own shapes (``ic_sysbar_*``), which the
        renderer draws (:data:`mobileagent_sim.render.screen.SYSBAR_SHAPES`)."""
        return Row(
            ImageButton("Back", self.back, icon="sysbar_back", id="back", weight=1, width=None),
            ImageButton("Home", self.go_home, icon="sysbar_home", id="home", weight=1, width=None),
            ImageButton("Overview", self.show_overview, icon="sysbar_recent", id="recent_apps", weight=1, width=None),
            id="navigation_bar_frame", cls="android.widget.FrameLayout", style="navbar",
        )

    # -- input -----------------------------------------------------------------

    def _hide_keyboard(self) -> None:
        self.keyboard_visible = False

    def focused_field(self) -> tuple[Window, Node] | None:
        return _focused_in(self.windows())

    def _path_at(self, node: Node, x: int, y: int, accepts: Callable[[View], bool]) -> list[Node]:
        """Path to the top-most node at (x, y) that accepts the touch.

        Children on top are tried first; one that does not accept passes the
        touch on to those beneath it, as Android's touch dispatch does.
        """
        if not node.contains(x, y):
            return []
        for child in reversed(node.children):
            sub = self._path_at(child, x, y, accepts)
            if sub:
                return [node, *sub]
        return [node] if accepts(node.view) else []

    def _hit(self, x: int, y: int, accepts: Callable[[View], bool]) -> tuple[Window, list[Node]] | None:
        """The window receiving a touch and the path to its target; ``[]`` for a touch outside a modal popup."""
        for win in self.windows():
            if win.root.contains(x, y):
                return win, self._path_at(win.root, x, y, accepts) or [win.root]  # the window eats the touch
            if win.modal:
                return win, []
        return None

    def _focus(self, win: Window, node: Node) -> None:
        if win.owner is None:
            return
        rid = focus_key(node.view, node.resource_id)
        same = [n for n in win.root.walk() if focus_key(n.view, n.resource_id) == rid]
        win.owner.view_state["focus"] = rid
        win.owner.view_state["focus_n"] = same.index(node) if node in same else 0
        win.owner.view_state[("cursor", rid)] = len(node.view.text)
        self.keyboard_visible = True
        self._log_ime_activate(win.owner.app.package)

    def _log_ime_activate(self, package: str) -> None:
        """The line Gboard prints when an app's field takes the input (B-MoCA's "search bar" tasks match it)."""
        self.log("AndroidIME", f"LatinIme.onActivate() : EditorInfo = inputType=0x1 imeOptions=0x6 "
                 f"packageName={package}", pid=self.pid_of(keyboard.PACKAGE))

    def tap(self, x: int, y: int, long: bool = False) -> None:
        self.tick()
        if self.toast_text:
            self.toast_text = ""
            self.invalidate()
        if self.keyboard_visible and y >= self.keyboard_top and y < self.height - self.px(NAV_BAR_DP):
            return  # a tap on the soft keyboard's keys: text arrives through input_text
        hit = self._hit(x, y, _takes_tap)
        if hit is None:
            return
        win, path = hit
        if self.selection is not None and win.name != "FloatingToolbar":
            self.selection = None
            self.invalidate()
        if not path:  # outside a modal popup: dismiss it
            if win.owner is not None:
                win.owner.on_back()
                self.invalidate()
            return
        for node in reversed(path):
            v = node.view
            if not v.enabled:
                if v.clickable:
                    return
                continue
            if long and v.long_clickable and v.on_long_click is not None:
                v.on_long_click()
                break
            if v.cls == "android.widget.SeekBar" and v.on_progress is not None:
                self._seek(node, x)
                break
            if v.cls == "android.widget.EditText" and (v.clickable or v.focusable):
                self._focus(win, node)
                if long and v.on_text is not None:
                    self._start_selection(node)
                elif v.on_click:
                    v.on_click()
                break
            if v.clickable or v.on_click is not None:
                if v.on_click is not None:
                    v.on_click()
                break
        self.invalidate()

    def _seek(self, node: Node, x: int) -> None:
        x1, _, x2, _ = node.bounds
        span = max(1, x2 - x1)
        frac = min(1.0, max(0.0, (x - x1) / span))
        assert node.view.on_progress is not None
        node.view.on_progress(round(frac * node.view.max_progress))

    def swipe(self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> None:
        self.tick()
        hit = self._hit(x1, y1, _takes_swipe)
        if hit is None:
            return
        win, path = hit
        for node in reversed(path):
            if node.view.cls == "android.widget.SeekBar" and node.view.on_progress is not None:
                self._seek(node, x2)
                self.invalidate()
                return
            if node.view.on_drag is not None:
                dp = self.density / 160
                left, top = node.bounds[0], node.bounds[1]
                node.view.on_drag((x1 - left) / dp, (y1 - top) / dp, (x2 - left) / dp, (y2 - top) / dp)
                self.invalidate()
                return
        dx, dy = x2 - x1, y2 - y1
        vertical = abs(dy) >= abs(dx)
        scrollers = [n for n in reversed(path) if n.view.scrollable]
        if vertical and scrollers and win.owner is not None:
            node = scrollers[0]
            factor = FLING_FACTOR if duration_ms < FLING_MS else 1
            key = ("scroll", node.view.id)
            current = win.owner.view_state.get(key, 0)
            limit = win.owner.view_state.get(("scroll_max", node.view.id), 0)
            new = min(max(0, current - dy * factor), limit)
            if new != current:
                win.owner.view_state[key] = new
                self.invalidate()
                return
        direction = ("up" if dy < 0 else "down") if vertical else ("left" if dx < 0 else "right")
        if win.owner is not None and win.owner.on_swipe(direction):
            self.invalidate()
        elif win.name == "Overview" and self.home_package:
            self.apps[self.home_package].on_overview_swipe(x1, y1, direction)  # type: ignore[attr-defined]
            self.invalidate()

    def input_text(self, text: str) -> bool:
        """Insert text at the cursor of the focused field; False if no field has focus."""
        self.tick()
        found = self.focused_field()
        if found is None:
            return False
        win, node = found
        self.selection = None
        # TextView runs its key listener as an input filter on every edit (key_listeners.py cites AOSP)
        text = filtered(node.view.input_type, text)
        self._edit(win, node, lambda value, cur: (value[:cur] + text + value[cur:], cur + len(text)))
        return True

    def _edit(self, win: Window, node: Node, change) -> None:
        v = node.view
        if v.on_text is None or win.owner is None:
            return
        rid = win.owner.view_state.get("focus")
        cur = min(win.owner.view_state.get(("cursor", rid), len(v.text)), len(v.text))
        value, cur = change(v.text, cur)
        win.owner.view_state[("cursor", rid)] = cur
        v.on_text(value)
        self.invalidate()

    def key(self, key: str | int) -> None:
        code = keycode(key)
        self.tick()
        if code == 4:
            self.back()
        elif code == 3:
            self.go_home()
        elif code == 187:
            self.show_overview()
        elif code in (66, 67, 112, 122, 123):
            self._edit_key(code)
        elif code in (24, 25, 164):
            services.adjust_volume(self, "volume_music", {24: 1, 25: -1, 164: -100}[code])
        else:
            any(app.on_key(code) for app in list(self.apps.values()))
        self.invalidate()

    def _edit_key(self, code: int) -> None:
        found = self.focused_field()
        if found is None:
            return
        win, node = found
        v = node.view
        if code == 66:
            if v.on_submit is not None:
                v.on_submit()
                self.invalidate()
            elif v.multiline:
                self._edit(win, node, lambda s, c: (s[:c] + "\n" + s[c:], c + 1))
            else:
                self._hide_keyboard()
        elif code == 67:
            self._edit(win, node, lambda s, c: (s[: c - 1] + s[c:], c - 1) if c > 0 else (s, c))
        elif code == 112:
            self._edit(win, node, lambda s, c: (s[:c] + s[c + 1:], c))
        elif code in (122, 123) and win.owner is not None:
            rid = win.owner.view_state.get("focus")
            win.owner.view_state[("cursor", rid)] = 0 if code == 122 else len(v.text)

    # -- text selection (the floating toolbar of a long-pressed field) ----------------

    def _start_selection(self, node: Node) -> None:
        # Android selects the word under the finger; the simulator selects the whole field.
        self.selection = {"start": 0, "end": len(node.view.text)}

    def _text_toolbar(self, wins: list[Window]) -> Window | None:
        if self.selection is None:
            return None
        found = _focused_in(wins)
        if found is None:
            self.selection = None
            return None
        _, field = found
        has_text = self.selection["end"] > self.selection["start"]
        items = [("Cut", self._cut), ("Copy", self._copy)] if has_text else []
        if self.clipboard:
            items.append(("Paste", self._paste))
        if field.view.text:
            items.append(("Select all", self._select_all))
        if not items:
            return None
        row = Row(*[Button(label, handler, id="android:id/floating_toolbar_menu_item_text", style="toolbar-item")
                    for label, handler in items], style="floating-toolbar", cls="android.widget.LinearLayout")
        x1, y1, x2, _ = field.bounds
        h = self.px(48)
        top = max(self.px(STATUS_BAR_DP), y1 - h)
        frame = (x1, top, min(self.width, x1 + self.px(90) * len(items)), top + h)
        node = self._layout("text-toolbar", row, field.package, {}, frame)
        return Window("FloatingToolbar", node, None)

    def _selected(self) -> tuple[Window, Node, str, int, int] | None:
        found = self.focused_field()
        if found is None or self.selection is None:
            return None
        win, node = found
        text = node.view.text
        start, end = min(self.selection["start"], len(text)), min(self.selection["end"], len(text))
        return win, node, text, start, end

    def _copy(self) -> None:
        sel = self._selected()
        if sel:
            _, _, text, start, end = sel
            self.clipboard = text[start:end]
        self.selection = None

    def _cut(self) -> None:
        sel = self._selected()
        if sel:
            win, node, text, start, end = sel
            self.clipboard = text[start:end]
            self._edit(win, node, lambda s, c: (s[:start] + s[end:], start))
        self.selection = None

    def _paste(self) -> None:
        sel = self._selected()
        if sel:
            win, node, text, start, end = sel
            clip = filtered(node.view.input_type, self.clipboard)  # the field's filters see a paste as any edit
            if end == start:  # nothing selected: paste at the cursor
                self._edit(win, node, lambda s, c: (s[:c] + clip + s[c:], c + len(clip)))
            else:
                self._edit(win, node, lambda s, c: (s[:start] + clip + s[end:], start + len(clip)))
        self.selection = None

    def _select_all(self) -> None:
        sel = self._selected()
        if sel:
            self.selection = {"start": 0, "end": len(sel[2])}

    def back(self) -> None:
        if self.selection is not None:
            self.selection = None
            self.invalidate()
            return
        if self.keyboard_visible:
            self._hide_keyboard()
        elif self.overview:
            self.overview = False
        else:
            top = self.foreground()
            # BACK at the launcher's root does nothing; elsewhere the activity may consume it, or it finishes
            if top is not None and not top.on_back() and not self._is_home_root(top):
                top.finish()
        self.invalidate()

    def _is_home_root(self, activity: Activity) -> bool:
        task = self._task_for(self.home_package)
        return task is not None and task.stack == [activity]

    def show_overview(self) -> None:
        self._hide_keyboard()
        self.overview = not self.overview
        self.invalidate()

    def request_focus(self, activity: Activity, field_id: str) -> None:
        """Focus an activity's edit field (by resource entry or full id) with the keyboard up, cursor at the end;
        the keyboard starts input for the app, as a tap on the field makes it do."""
        rid = field_id if ":" in field_id else f"{activity.app.package}:id/{field_id}"
        activity.view_state["focus"] = rid
        activity.view_state["focus_n"] = 0
        activity.view_state.pop(("cursor", rid), None)
        self.keyboard_visible = True
        self._log_ime_activate(activity.app.package)
        self.invalidate()

    def clear_focus(self, activity: Activity) -> None:
        activity.view_state.pop("focus", None)
        self._hide_keyboard()
        self.invalidate()


def _takes_tap(v: View) -> bool:
    return (v.clickable or v.long_clickable or v.checkable or v.on_click is not None
            or v.cls in ("android.widget.EditText", "android.widget.SeekBar"))


def _takes_swipe(v: View) -> bool:
    return v.scrollable or v.on_drag is not None or (v.cls == "android.widget.SeekBar" and v.on_progress is not None)


def _focused_in(wins: list[Window]) -> tuple[Window, Node] | None:
    for win in wins:
        for node in win.root.walk():
            if node.focused and node.view.cls == "android.widget.EditText":
                return win, node
    return None


def Image_status(desc: str, icon: str) -> View:
    """A status-bar icon (non-interactive, described for accessibility): the Material Symbols pictogram ``icon``."""
    return View(cls="android.widget.ImageView", desc=desc, width=24, height=24, icon=icon)


__all__ = ["System", "TaskRecord", "Window"]
