"""The app halves of AndroidWorld's information-retrieval tasks: seeding state and showing it.

Each adapter replaces the app's data with the task's relevant rows plus random
noise rows that do not meet all the task's exclusion conditions (so they cannot
change the answer), writing the app's real database through the Device
protocol. ``reveal`` walks the app to where the answer can be read.
"""

from __future__ import annotations

import datetime as dt
import random
import uuid
from collections.abc import Iterator
from typing import Any

from pytest_mobileagent.actions import Action
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.importers.androidworld_ir import InformationRetrievalTask, excluded, parse_day
from pytest_mobileagent.tasks.oracle import UI, OracleError
from pytest_mobileagent.validators.answers import DATE_FORMAT, parse_time

TASKS_DB = "/data/data/org.tasks/databases/database"
NOW_MS = int(dt.datetime(2023, 10, 15, 15, 34, tzinfo=dt.timezone.utc).timestamp() * 1000)
NOISE_TASKS = 20
#: Realistic to-dos for noise rows (title, notes).
TODO_NOISE = [
    ("Grocery shopping", "Milk, eggs and bread; snacks for the kids."),
    ("Finish project proposal", "Finalize the budget and timeline sections."),
    ("Schedule dentist appointment", "Teeth cleaning is overdue."),
    ("Water the plants", "Check the soil first; fertilize the succulents."),
    ("Meal prep for the week", "Cook chicken and chop vegetables on Sunday."),
    ("Research vacation destinations", "Beaches with family-friendly activities."),
    ("Call grandma", "Ask for the cookie recipe."),
    ("Change the air filter", "Buy a new filter at the hardware store."),
    ("Renew driver's license", "Check the DMV website for requirements."),
    ("Organize the closet", "Donate old clothes; store winter clothes."),
    ("Back up computer files", "Use the external drive."),
    ("Take the dog to the vet", "Annual checkup and vaccinations."),
    ("Clean out the fridge", "Check expiration dates."),
    ("Create next month's budget", "Track income and expenses."),
]


def _ms(day: str, time: str = "") -> int:
    d = parse_day(day)
    t = parse_time(time) if time else dt.time(0, 0)
    return int(dt.datetime.combine(d, t, tzinfo=dt.timezone.utc).timestamp() * 1000)


def _day_of(ms: int) -> dt.date:
    return dt.datetime.fromtimestamp(ms / 1000, dt.timezone.utc).date()


def _random_moment(rng: random.Random, center: dt.datetime, days: int) -> dt.datetime:
    return center + dt.timedelta(minutes=rng.randrange(-days * 24 * 60, days * 24 * 60))


class TasksAdapter:
    """Tasks (org.tasks): rows in its ``tasks`` table."""

    app_key = "tasks"
    convert = {"due_date": parse_day, "completed_date": lambda v: 0 if v == "0" else parse_day(v), "importance": int}

    def row(self, t: dict[str, str]) -> dict[str, Any]:
        due = _ms(t["due_date"], t.get("due_time", "")) if t.get("due_date") else 0
        created = due - 7 * 24 * 3600 * 1000 if due else 0
        return {"title": t["title"], "importance": int(t.get("importance", 2)), "dueDate": due,
                "hideUntil": _ms(t["hide_until_date"], t.get("hide_until_time", "")) if t.get("hide_until_date")
                else 0, "completed": _ms(t["completed_date"], t.get("completed_time", ""))
                if t.get("completed_date") else 0, "created": created, "modified": created,
                "notes": t.get("notes"), "remoteId": str(uuid.UUID(int=hash(t["title"]) % 2**128))}

    def noise(self, rng: random.Random) -> dict[str, Any]:
        now = dt.datetime.fromtimestamp(NOW_MS / 1000, dt.timezone.utc)
        title, notes = rng.choice(TODO_NOISE)
        due = _random_moment(rng, now, 14).replace(second=0)
        hide = _random_moment(rng, due - dt.timedelta(days=6), 2)
        done = _random_moment(rng, now - dt.timedelta(days=14), 7) if rng.random() < 0.5 else None
        row = {"title": title, "notes": notes if rng.random() < 0.5 else None, "importance": rng.randrange(4),
               "dueDate": int(due.timestamp() * 1000), "hideUntil": int(hide.timestamp() * 1000),
               "completed": int(done.timestamp() * 1000) if done else 0}
        row["created"] = row["modified"] = row["dueDate"] - 7 * 24 * 3600 * 1000
        row["remoteId"] = str(uuid.UUID(int=rng.getrandbits(128)))
        return row

    def typed(self, row: dict[str, Any]) -> dict[str, Any]:
        return {"title": row["title"].lower(), "importance": row["importance"], "due_date": _day_of(row["dueDate"]),
                "completed_date": _day_of(row["completed"]) if row["completed"] else 0}

    def seed(self, device: Device, rows: list[dict[str, str]], exclusions: list[dict[str, str]],
             rng: random.Random) -> None:
        wanted = [self.row(r) for r in rows]
        noise: list[dict[str, Any]] = []
        for _ in range(NOISE_TASKS * 50):
            if len(noise) == NOISE_TASKS:
                break
            candidate = self.noise(rng)
            conditions = [dict(c, value=c["value"].lower()) if c["field"] == "title" else c for c in exclusions]
            if not excluded(self.typed(candidate), conditions, self.convert):
                noise.append(candidate)
        everything = wanted + noise
        rng.shuffle(everything)
        device.stop_app("org.tasks")
        device.sqlite(TASKS_DB, "DELETE FROM tasks")
        for r in everything:
            cols = ", ".join(f"`{k}`" for k in r)
            device.sqlite(TASKS_DB, f"INSERT INTO tasks ({cols}) VALUES ({', '.join('?' * len(r))})",
                          tuple(r.values()))

    def reveal(self, ui: UI, task: InformationRetrievalTask) -> Iterator[Action]:
        assert task.resolved is not None
        rows = task.resolved.rows
        yield ui.open_app("Tasks")
        if any(r.get("completed_date") for r in rows):
            yield ui.click(desc="More options")
            yield ui.click(text="Show completed")
        if any(r.get("hide_until_date") and _ms(r["hide_until_date"], r.get("hide_until_time", "")) > NOW_MS
               for r in rows):
            yield ui.click(desc="More options")
            yield ui.click(text="Show unstarted")
        yield from scan_list(ui, {r["title"] for r in rows}, rid="recycler_view")


def scan_list(ui: UI, wanted: set[str], rid: str, limit: int = 20) -> Iterator[Action]:
    """Scroll down a list once until every wanted text has been on screen (the answer is readable)."""
    seen: set[str] = set()
    for _ in range(limit):
        seen |= {e.text for e in ui.obs.elements} & wanted
        if seen == wanted:
            return
        before = [e.text for e in ui.obs.elements]
        yield ui.scroll("down", rid=rid)
        if [e.text for e in ui.obs.elements] == before:
            break
    missing = wanted - seen - {e.text for e in ui.obs.elements}
    if missing:
        raise OracleError(f"never saw {sorted(missing)} while scrolling {rid}")


ADAPTERS: dict[str, Any] = {"tasks_app": TasksAdapter()}
__all__ = ["ADAPTERS", "DATE_FORMAT"]
