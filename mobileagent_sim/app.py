"""Base classes of a simulated app: :class:`App` (a package) and :class:`Activity` (a screen).

A simulated app reads like a small Android app: its activities build their
screens from state, handlers change that state, and anything a validator may
read is kept where the real app keeps it (a database at the real path with the
real schema, files, settings). In-memory activity state must be plain data
(no lambdas), because snapshots deep-copy it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from mobileagent_sim.views import EditText, Menu, View
from pytest_mobileagent.device.base import AppNotInstalled

if TYPE_CHECKING:
    from mobileagent_sim.system import System


@dataclass
class Intent:
    """What an activity was started with."""

    action: str = "android.intent.action.MAIN"
    component: str = ""
    extras: dict[str, Any] = field(default_factory=dict)
    categories: tuple[str, ...] = ()
    data: str = ""


class Activity:
    """One screen of an app.

    Subclasses set ``name`` (the fully qualified class name, as in
    ``am start -n pkg/<name>``) and implement :meth:`build`. Dialogs and popup
    menus are named by plain strings (``self.dialog = "delete"``) and built by
    :meth:`build_dialog` / :meth:`menu_items`, so activity state stays copyable.
    """

    name: ClassVar[str] = ""
    #: Task affinity: start in a new task (launcher entry points) or the caller's.
    exported: ClassVar[bool] = False

    def __init__(self, app: App, intent: Intent):
        self.app = app
        self.intent = intent
        self.view_state: dict[Any, Any] = {}
        self.fields: dict[str, str] = {}
        self.dialog: str | None = None
        self.menu: str | None = None
        self.finished = False

    # -- to implement ----------------------------------------------------------

    def build(self) -> View:
        """The screen's view tree, from current state."""
        raise NotImplementedError

    def build_dialog(self, name: str) -> View:
        """The dialog named by ``self.dialog``."""
        raise NotImplementedError(f"{type(self).__name__} has no dialog {name!r}")

    def menu_items(self, name: str) -> list[tuple[str, Callable[[], Any]]]:
        """Items of the popup menu named by ``self.menu``."""
        raise NotImplementedError(f"{type(self).__name__} has no menu {name!r}")

    def on_resume(self) -> None:
        """Called when the activity comes to the front (reload state here)."""

    def on_back(self) -> bool:
        """Handle BACK; return True if consumed. The default closes a menu or dialog."""
        if self.menu:
            self.menu = None
            return True
        if self.dialog:
            self.dialog = None
            return True
        return False

    def on_swipe(self, direction: str) -> bool:
        """A swipe nothing scrollable took ("up", "down", "left", "right"); True if consumed."""
        return False

    # -- helpers ---------------------------------------------------------------

    @property
    def system(self) -> System:
        return self.app.system

    def overlay(self) -> View | None:
        """The popup window above the screen, if any."""
        if self.menu:
            return Menu(self.menu_items(self.menu))
        if self.dialog:
            return self.build_dialog(self.dialog)
        return None

    def field(self, id: str, hint: str = "", **kw: Any) -> View:
        """An EditText whose value is kept in ``self.fields[id]``."""
        return EditText(id, self.fields.get(id, ""), lambda v: self.fields.__setitem__(id, v), hint=hint, **kw)

    def request_focus(self, field_id: str) -> None:
        """Give an edit field the focus and show the keyboard (a dialog that opens ready to type)."""
        self.system.request_focus(self, field_id)

    def open_menu(self, name: str) -> None:
        self.menu = name

    def close_menu(self) -> None:
        self.menu = None

    def start(self, activity: type[Activity] | str, **extras: Any) -> Activity:
        """Start another activity of this app in the current task."""
        cls = activity if isinstance(activity, type) else self.app.activity_class(activity)
        return self.system.start_activity(self.app, cls, Intent(component=self.app.component(cls), extras=extras))

    def finish(self) -> None:
        self.system.finish_activity(self)

    def log(self, tag: str, message: str, level: str = "I") -> None:
        self.system.log(tag, message, level=level, pid=self.system.pid_of(self.app.package))

    def toast(self, text: str) -> None:
        self.system.toast(text)


class PagedActivity(Activity):
    """An activity whose screens are pages of its own, as Google's single-activity apps (YouTube, Drive, Photos)
    show them: ``page`` and the ``subject`` it shows (a folder, a video), the earlier ones kept for Back."""

    #: The page the activity opens on.
    first_page: ClassVar[str] = ""

    def __init__(self, app: App, intent: Intent):
        super().__init__(app, intent)
        self.page = self.first_page
        self.subject = ""
        self.back_stack: list[tuple[str, str]] = []

    def go(self, page: str, subject: str = "") -> None:
        """Show ``page`` about ``subject``; Back returns to the page shown now."""
        self.back_stack.append((self.page, self.subject))
        self.page, self.subject = page, subject
        self.view_state.clear()

    def on_back(self) -> bool:
        """A menu or dialog closes first, then the previous page comes back."""
        if super().on_back():
            return True
        if self.back_stack:
            self.page, self.subject = self.back_stack.pop()
            self.view_state.clear()
            return True
        return False


class App:
    """An installed package.

    ``activities[0]`` is the launcher activity. :meth:`install` creates the
    app's first-run state (databases with the real schema, default files).
    """

    package: ClassVar[str] = ""
    label: ClassVar[str] = ""
    icon: ClassVar[str] = ""
    activities: ClassVar[tuple[type[Activity], ...]] = ()
    #: Shown in the launcher's app drawer.
    launchable: ClassVar[bool] = True
    uid: ClassVar[int] = 10100

    def __init__(self, system: System):
        self.system = system

    def install(self) -> None:
        """Create first-run state. Called once when the device is built."""

    def handle_intent(self, intent: Intent, mime_type: str = "") -> bool:
        """Take an implicit intent (``am start -a ACTION -d DATA``); True if this app started an activity for it."""
        return False

    def on_key(self, code: int) -> bool:
        """A key the system routes to a service rather than the focused app (ENDCALL to Telecom); True if taken."""
        return False

    @property
    def data_dir(self) -> str:
        return f"/data/data/{self.package}"

    def db_path(self, name: str) -> str:
        return f"{self.data_dir}/databases/{name}"

    @contextmanager
    def db(self, name: str) -> Iterator[sqlite3.Connection]:
        """The app's database ``name`` (``/data/data/<package>/databases/<name>``)."""
        with self.system.fs.sqlite(self.db_path(name)) as conn:
            yield conn

    def component(self, cls: type[Activity]) -> str:
        """``pkg/.Short`` or ``pkg/full.Name``, as ActivityManager prints components."""
        if cls.name.startswith(self.package + "."):
            return f"{self.package}/{cls.name[len(self.package):]}"
        return f"{self.package}/{cls.name}"

    def activity_class(self, name: str) -> type[Activity]:
        """Resolve ``.Short``, ``full.Name`` or ``pkg/.Short`` to an activity class."""
        if "/" in name:
            name = name.split("/", 1)[1]
        if name.startswith("."):
            name = self.package + name
        for cls in self.activities:
            if cls.name == name:
                return cls
        raise AppNotInstalled(f"Activity class {{{self.package}/{name}}} does not exist.")
