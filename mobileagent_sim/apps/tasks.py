"""Tasks (tasks.org, package ``org.tasks``): a to-do list over the app's own SQLite database.

State lives where the real app keeps it: ``/data/data/org.tasks/databases/database``,
table ``tasks`` (times in epoch milliseconds; ``completed`` 0 means not done;
``importance`` 0 high, 1 medium, 2 low, 3 none). The list hides completed tasks
and tasks whose "hide until" start is still in the future, unless the overflow
menu's "Show completed" / "Show unstarted" are on, as in the real app. A row is as tall as its texts (a long
title wraps above the due date instead of pushing it out of a fixed-height row).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from mobileagent_sim.app import Activity, App
from mobileagent_sim.views import (
    CheckBox,
    Column,
    EditText,
    Frame,
    ImageButton,
    RadioGroup,
    Row,
    Scroll,
    Text,
    Toolbar,
    View,
)
from pytest_mobileagent.android.tasks_app import DB_NAME as DB
from pytest_mobileagent.android.tasks_app import MAIN_ACTIVITY, PACKAGE

#: The columns of tasks.org's ``tasks`` table, in order.
SCHEMA = """
CREATE TABLE IF NOT EXISTS tasks (
  _id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT, importance INTEGER NOT NULL DEFAULT 2,
  dueDate INTEGER NOT NULL DEFAULT 0, hideUntil INTEGER NOT NULL DEFAULT 0, created INTEGER NOT NULL DEFAULT 0,
  modified INTEGER NOT NULL DEFAULT 0, completed INTEGER NOT NULL DEFAULT 0, deleted INTEGER NOT NULL DEFAULT 0,
  notes TEXT, estimatedSeconds INTEGER NOT NULL DEFAULT 0, elapsedSeconds INTEGER NOT NULL DEFAULT 0,
  timerStart INTEGER NOT NULL DEFAULT 0, notificationFlags INTEGER NOT NULL DEFAULT 0,
  lastNotified INTEGER NOT NULL DEFAULT 0, recurrence TEXT, repeat_from INTEGER NOT NULL DEFAULT 0,
  calendarUri TEXT, remoteId TEXT, collapsed INTEGER NOT NULL DEFAULT 0, parent INTEGER NOT NULL DEFAULT 0,
  `order` INTEGER, read_only INTEGER NOT NULL DEFAULT 0
)"""
PRIORITIES = ("High", "Medium", "Low", "None")


def fmt_day(ms: int) -> str:
    """How the list shows a date: ``Mon, Oct 16``."""
    when = dt.datetime.fromtimestamp(ms / 1000, dt.timezone.utc)
    return f"{when:%a, %b} {when.day}"


def fmt_time(ms: int) -> str:
    return dt.datetime.fromtimestamp(ms / 1000, dt.timezone.utc).strftime("%H:%M")


class TaskList(Activity):
    """The main screen: "My Tasks" list, task details, and a new-task editor."""

    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.show_completed = False
        self.show_unstarted = False
        self.editing: int | None = None  # a task id, or 0 for a new task
        self.priority = 2

    # -- data ----------------------------------------------------------------------

    def rows(self) -> list[tuple[Any, ...]]:
        now = self.system.clock.millis()
        with self.app.db(DB) as db:
            rows = db.execute("SELECT _id, title, importance, dueDate, hideUntil, completed, notes FROM tasks "
                              "WHERE deleted = 0 ORDER BY CASE WHEN dueDate = 0 THEN 1 ELSE 0 END, dueDate, "
                              "importance, _id").fetchall()
        return [r for r in rows
                if (self.show_completed or r[5] == 0) and (self.show_unstarted or r[4] <= now)]

    def task(self, task_id: int) -> tuple[Any, ...] | None:
        with self.app.db(DB) as db:
            return db.execute("SELECT _id, title, importance, dueDate, hideUntil, completed, notes FROM tasks "
                              "WHERE _id = ?", (task_id,)).fetchone()

    def toggle_done(self, task_id: int, done: bool) -> None:
        now = self.system.clock.millis()
        with self.app.db(DB) as db:
            db.execute("UPDATE tasks SET completed = ?, modified = ? WHERE _id = ?", (now if done else 0, now, task_id))
        self.log("Tasks", f"task {task_id} {'completed' if done else 'uncompleted'}")

    # -- screens ---------------------------------------------------------------------

    def build(self) -> View:
        if self.editing is not None:
            return self.build_editor()
        rows = [self.row(r) for r in self.rows()]
        return Frame(
            Column(
                Toolbar("My Tasks", actions=[ImageButton("Search", None, icon="search:outlined")],
                        overflow=lambda: self.open_menu("list")),
                Scroll(*rows, id="recycler_view", weight=1) if rows else
                Text("No tasks", id="body_empty", style="item-summary", weight=1),
            ),
            Column(View(weight=1), Row(View(weight=1), ImageButton("Create new task", self.new_task, icon="add",
                                                                    id="fab", width=56, height=56, style="fab"),
                                       height=72)),
        )

    def row(self, r: tuple[Any, ...]) -> View:
        task_id, title, importance, due, _hide, completed, _notes = r
        details = []
        if due:
            details.append(fmt_day(due))
        if completed:
            details.append(f"Completed {fmt_day(completed)}")
        return Row(
            CheckBox("", bool(completed), lambda t=task_id, c=completed: self.toggle_done(t, not c), id="completeBox",
                     desc=f"{PRIORITIES[importance] if 0 <= importance < 4 else 'None'} priority", width=48),
            Column(Text(title, id="title", style="item-title"),
                   Text(" · ".join(details), id="due_date", style="item-summary") if details else None, weight=1),
            id="row", clickable=True, focusable=True, on_click=lambda t=task_id: self.open_task(t), padding=8,
        )

    def menu_items(self, name: str):
        if name == "edit":
            return [("Discard changes", self.discard), ("Delete task", self.delete)]

        def toggle(attr: str):
            def run() -> None:
                setattr(self, attr, not getattr(self, attr))
                self.close_menu()
            return run

        return [("Hide completed" if self.show_completed else "Show completed", toggle("show_completed")),
                ("Hide unstarted" if self.show_unstarted else "Show unstarted", toggle("show_unstarted"))]

    def open_task(self, task_id: int) -> None:
        found = self.task(task_id)
        if found is None:
            return
        self.editing = task_id
        self.fields = {"title": found[1] or "", "notes": found[6] or ""}
        self.priority = found[2]

    def new_task(self) -> None:
        self.editing = 0
        self.fields = {"title": "", "notes": ""}
        self.priority = 2

    def build_editor(self) -> View:
        found = self.task(self.editing) if self.editing else None
        due = found[3] if found else 0
        completed = found[5] if found else 0
        bar = Toolbar("", overflow=(lambda: self.open_menu("edit")) if found else None)
        bar.children.insert(0, ImageButton("Save", self.save, icon="save:outlined"))  # the navigation icon saves
        return Column(
            bar,
            self.field("title", hint="Task name"),
            Column(Text("Priority", style="caption"),
                   RadioGroup(PRIORITIES, PRIORITIES[self.priority], self.set_priority),
                   Text(f"Due {fmt_day(due)} {fmt_time(due)}" if due else "No due date"),
                   Text(f"Completed {fmt_day(completed)}") if completed else None,
                   EditText("#notes", self.fields.get("notes", ""), lambda v: self.fields.__setitem__("notes", v),
                            hint="Description", multiline=True),
                   cls="androidx.compose.ui.platform.ComposeView", id="compose_view", weight=1),
        )

    def set_priority(self, label: str) -> None:
        self.priority = PRIORITIES.index(label)

    def save(self) -> None:
        title = self.fields.get("title", "").strip()
        now = self.system.clock.millis()
        if title:
            with self.app.db(DB) as db:
                if self.editing:
                    db.execute("UPDATE tasks SET title = ?, notes = ?, importance = ?, modified = ? WHERE _id = ?",
                               (title, self.fields.get("notes") or None, self.priority, now, self.editing))
                else:
                    db.execute("INSERT INTO tasks (title, notes, importance, created, modified) VALUES (?,?,?,?,?)",
                               (title, self.fields.get("notes") or None, self.priority, now, now))
        self.editing = None
        self.system.clear_focus(self)

    def discard(self) -> None:
        self.close_menu()
        self.editing = None

    def delete(self) -> None:
        self.close_menu()
        with self.app.db(DB) as db:
            db.execute("UPDATE tasks SET deleted = ? WHERE _id = ?", (self.system.clock.millis(), self.editing))
        self.editing = None

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.editing is not None:
            self.save()
            return True
        return False


class TasksApp(App):
    package = PACKAGE
    label = "Tasks"
    icon = "check"
    activities = (TaskList,)
    uid = 10161

    def install(self) -> None:
        with self.db(DB) as db:
            db.execute(SCHEMA)
