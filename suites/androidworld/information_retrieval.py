"""The app halves of AndroidWorld's information-retrieval tasks: seeding state and reading it back off the screens.

Each adapter replaces the app's data with the task's relevant rows plus random
noise rows that do not meet all the task's exclusion conditions (so they cannot
change the answer), writing the app's real database through the Device
protocol. ``reveal`` walks the app as a person answering the question would
(the screens chosen from the question's terms, the exclusion conditions: a
notebook, a date range, a title to search) and returns the rows it read, named
as the spec's rows name their fields; it never looks at the rows the project
seeded, so it reads AndroidWorld's own seeding as well.
"""

from __future__ import annotations

import datetime as dt
import random
import re
import uuid
from collections.abc import Callable
from typing import Any

from pytest_mobileagent.actions import Action, scroll_points
from pytest_mobileagent.android import joplin, opentracks, tasks_app
from pytest_mobileagent.android.calendar import Event
from pytest_mobileagent.android.joplin import DB_PATH as JOPLIN_DB
from pytest_mobileagent.android.opentracks import DB_PATH as OPENTRACKS_DB
from pytest_mobileagent.android.tasks_app import DB_PATH as TASKS_DB
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.observe.elements import UIElement
from pytest_mobileagent.tasks.importers.androidworld_ir import (
    TODAY,
    InformationRetrievalTask,
    Reading,
    excluded,
    parse_day,
)
from pytest_mobileagent.tasks.oracle import UI, OracleError
from pytest_mobileagent.validators.answers import DATE_FORMAT, parse_time
from pytest_mobileagent.validators.calendar import seed_events
from pytest_mobileagent.validators.state import insert_rows

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


# -- reading a list off the screen ----------------------------------------------------------------------------

Row = dict[str, str]
#: A row read off the screen, with the top and bottom of its elements (to tell whole rows from cut ones).
Shown = tuple[Row, int, int]


#: Joplin's note list (React Native: no resource id; a ReactScrollView).
JOPLIN_LIST: dict[str, object] = {"cls": "android.widget.ScrollView"}


def read_list(ui: UI, rid: str | dict[str, object], read: Callable[[UI], list[Shown]],
              enough: Callable[[list[Row]], bool] = lambda rows: False, limit: int = 12) -> Reading:
    """Scroll down the list ``rid`` (a resource id, or a selector for a list without one) to its end (or until
    ``enough`` of it is read), reading each screen's rows.

    Only rows wholly inside the list count (a row cut at an edge is read when it is whole). The list ends where
    empty space follows its last row, or where a scroll no longer moves it. The rows a scroll keeps on screen
    are recognised by their fields and by how far they moved (:func:`_append_new`), so no row is read twice.
    """
    sel = rid if isinstance(rid, dict) else {"rid": rid}
    seen: list[Row] = []
    previous: list[Shown] = []
    for _ in range(limit):
        if not ui.exists(**sel):  # an empty list shows a placeholder instead
            return seen
        left, top, right, bottom = ui.element(**sel)[1].bounds
        whole = [r for r in read(ui) if r[1] > top and r[2] < bottom]
        drawn = [e.bounds for e in ui.obs.elements if top < e.bounds[1] < bottom
                 and (e.text or e.content_description) and e.bounds[0] < left + (right - left) // 4]
        last = whole[-1][2] if whole else top  # (a floating button over the list is not drawn in its rows)
        below = any(b[1] > last for b in drawn)
        scroll = ui.scroll("down", **sel)
        _, touch, _, lift = scroll_points(scroll, None, ui.obs)
        _append_new(seen, previous, whole, touch - lift if below else None)
        if enough(seen) or (not below and bottom - max((b[3] for b in drawn), default=top) > ROW_GAP):
            return seen
        previous = whole
        before = _signature(ui)
        yield scroll
        if _signature(ui) == before:  # the end: its last row may end on the list's edge, whole
            _append_new(seen, previous, [r for r in read(ui) if r[1] > top and r[2] <= bottom], None)
            return seen
    raise OracleError(f"the list {rid} did not end after {limit} scrolls")


#: Empty space below a list's last row taller than this (px, more than a row's padding): nothing follows.
ROW_GAP = 64


def _signature(ui: UI) -> list[tuple[str, str, tuple[int, int, int, int]]]:
    return [(e.text, e.content_description, e.bounds) for e in ui.obs.elements]


def _append_new(seen: list[Row], previous: list[Shown], shown: list[Shown], finger: int | None) -> int | None:
    """Add the rows of ``shown`` that were not on the previous screen; return how far the list moved (None when
    no row stayed on screen).

    A list moves as far as the ``finger`` did, and the rows line up so, unless it reached its end (``finger``
    None: nothing is drawn below the last whole row, the end or a row hidden just below the edge; or no
    lineup moved that far): then the lineup keeping the most rows wins, which never counts a row twice and
    skips none unlike the others (look-alike rows all the way through what stayed on screen are ambiguous to
    anyone reading the list).
    """
    if not previous:
        seen.extend(r for r, _, _ in shown)
        return None
    lineups = [(k, previous[-k][1] - shown[0][1]) for k in range(min(len(previous), len(shown)), 0, -1)
               if [r for r, _, _ in previous[-k:]] == [r for r, _, _ in shown[:k]]]
    exact = [c for c in lineups if finger is not None and abs(c[1] - finger) <= 8]
    k, moved = exact[0] if exact else max(lineups, default=(0, None), key=lambda c: c[0])
    seen.extend(r for r, _, _ in shown[k:])
    return moved


def _span(elements: list[UIElement]) -> tuple[int, int]:
    return min(e.bounds[1] for e in elements), max(e.bounds[3] for e in elements)


def _rows_from(ui: UI, first: str, *parts: str) -> list[list[UIElement]]:
    """The screen's list rows: each starts at an element of resource id ``first``, followed by those of ``parts``
    (what else is on screen, a floating button over the list, is not part of a row)."""
    groups: list[list[UIElement]] = []
    for e in ui.obs.elements:
        if e.resource_name == first:
            groups.append([e])
        elif groups and e.resource_name in parts:
            groups[-1].append(e)
    return groups


def _month_day(text: str, today: dt.date = TODAY) -> dt.date:
    """``Mon, Oct 16`` / ``Oct 16`` (``, 2024`` when not this year) as a date."""
    text = text.split(", ", 1)[1] if re.match(r"^[A-Z][a-z]{2}, ", text) else text
    for fmt in ("%b %d, %Y", "%b %d %Y"):
        try:
            return dt.datetime.strptime(text, fmt).date()
        except ValueError:
            pass
    return dt.datetime.strptime(f"{text} {today.year}", "%b %d %Y").date()


def _day_text(day: dt.date) -> str:
    return day.strftime(DATE_FORMAT).replace(" 0", " ")


#: Tasks' priorities as its checkboxes describe them, importance 0 to 3.
PRIORITY_NAMES = ("High", "Medium", "Low", "None")


class TasksAdapter:
    """Tasks (org.tasks): rows in its ``tasks`` table."""

    app_key = "tasks"
    convert = {"due_date": parse_day, "completed_date": lambda v: 0 if v == "0" else parse_day(v), "importance": int,
               "title": str.lower}

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
        device.stop_app(tasks_app.PACKAGE)
        device.sqlite(TASKS_DB, "DELETE FROM tasks")
        columns = sorted({k for r in everything for k in r})
        insert_rows(device, TASKS_DB, "tasks", [{c: r.get(c) for c in columns} for r in everything])

    def reveal(self, ui: UI, task: InformationRetrievalTask) -> Reading:
        """The list (sorted by due date) down to the last due date the question covers, unstarted tasks too (a
        task due soon may not have started yet) and completed ones when the family asks about completed tasks
        (its rows carry a completion date): each row's title, priority (its checkbox), due and completion date."""
        assert task.resolved is not None
        yield ui.open_app("Tasks")
        completed = any("completed_date" in row for row in task.spec.rows)
        for wanted in ("Show completed",) * completed + ("Show unstarted",):
            yield ui.click(desc="More options")
            yield ui.click(text=wanted)
        last = _bound(task.resolved.exclusions, "due_date", low=False)  # the list is sorted by due date
        enough = (lambda rows: bool(rows) and "due_date" in rows[-1] and parse_day(rows[-1]["due_date"]) > last) \
            if last else (lambda rows: False)
        return (yield from read_list(ui, "recycler_view", self.read_screen, enough))

    @staticmethod
    def read_screen(ui: UI) -> list[Shown]:
        """``My Tasks`` rows: the checkbox (its description the priority), the title, "due · Completed day"."""
        shown = []
        for group in _rows_from(ui, "completeBox", "title", "due_date"):
            box, texts = group[0], {e.resource_name: e.text for e in group[1:]}
            if "title" not in texts:
                continue
            row = {"title": texts["title"], "importance": str(PRIORITY_NAMES.index(
                   box.content_description.removesuffix(" priority"))), "completed_date": "0"}
            for part in texts.get("due_date", "").split(" · "):
                if part.startswith("Completed "):
                    row["completed_date"] = _day_text(_month_day(part.removeprefix("Completed ")))
                elif part:
                    row["due_date"] = _day_text(_month_day(part))
            shown.append((row, *_span(group)))
        return shown


NOISE_NOTES = 100
#: Notebooks and notes for noise (title, body).
NOTE_NOISE: dict[str, list[tuple[str, str]]] = {
    "Personal": [("Weekend plans", "Farmers market on Saturday, hike on Sunday if it does not rain."),
                 ("Gift ideas", "Scarf for Anna, a board game for the twins, cookbook for Dad."),
                 ("Packing list", "Passport, chargers, sunscreen, two sweaters.")],
    "Work": [("Quarterly goals", "Ship the billing revamp; hire two engineers; cut p95 latency."),
             ("One-on-one topics", "Career plan, feedback on the design review, vacation dates."),
             ("Release checklist", "Freeze branch, run smoke tests, update changelog, announce.")],
    "School": [("Biology revision", "Cell structure, photosynthesis, the Krebs cycle."),
               ("Essay outline", "Introduction, three arguments with sources, conclusion.")],
    "Travel": [("Lisbon itinerary", "Day 1 Alfama, day 2 Belem, day 3 Sintra by train."),
               ("Hotel options", "Two near the station, one by the river; compare prices.")],
    "Recipes": [("Lentil soup", "Ingredients:\n- 1 cup red lentils\n- 1 onion\n- 2 carrots\n- 4 cups stock"),
                ("Banana bread", "Ingredients:\n- 3 ripe bananas\n- 2 cups flour\n- 1/2 cup sugar")],
    "Meeting Notes": [("Design review", "Meeting Notes:\n- Agreed on the new navigation\n- 6 attendees"),
                      ("Vendor call", "Meeting Minutes:\n- Pricing discussed\n- Follow-up next week")],
    "Health": [("Workout routine", "Monday legs, Wednesday back, Friday chest; stretch daily.")],
    "Finance": [("Budget review", "Rent, utilities, groceries, savings 15 percent.")],
    "Home": [("Garden plan", "Tomatoes by the fence, herbs in pots, mulch the beds in May.")],
    "Ideas": [("App ideas", "A plant-watering reminder that reads the weather forecast.")],
}


class JoplinAdapter:
    """Joplin: notebooks and notes in ``joplin.sqlite``."""

    app_key = "joplin"
    convert = {"title": str.lower, "folder": str.lower, "is_todo": lambda v: int(v.lower() == "true"),
               "todo_completed": lambda v: int(v.lower() == "true"), "body": str}

    def seed(self, device: Device, rows: list[dict[str, str]], exclusions: list[dict[str, str]],
             rng: random.Random) -> None:
        relevant_folders = [r.get("folder", "Personal") for r in rows]
        folders = {name: f"{rng.getrandbits(128):032x}" for name in sorted({*NOTE_NOISE, *relevant_folders})}
        notes = [self._note(r.get("folder", "Personal"), r["title"], r.get("body", ""),
                            r.get("is_todo", "false").lower() == "true",
                            r.get("todo_completed", "false").lower() == "true") for r in rows]
        for _ in range(NOISE_NOTES * 20):
            if len(notes) == len(rows) + NOISE_NOTES:
                break
            folder = rng.choice(relevant_folders) if rng.random() < 0.3 else rng.choice(sorted(NOTE_NOISE))
            title, body = rng.choice(NOTE_NOISE.get(folder) or [t for v in NOTE_NOISE.values() for t in v])
            todo = rng.random() < 0.5
            candidate = self._note(folder, title, body, todo, todo and rng.random() < 0.5)
            typed = {"title": title.lower(), "folder": folder.lower(), "is_todo": int(todo),
                     "todo_completed": candidate["todo_completed"] and 1}
            if not excluded(typed, exclusions, self.convert):
                notes.append(candidate)
        rng.shuffle(notes)
        base = NOW_MS - 30 * 24 * 3600 * 1000
        device.stop_app(joplin.PACKAGE)
        for table in ("folders", "notes", "notes_normalized"):
            device.sqlite(JOPLIN_DB, f"DELETE FROM {table}")
        insert_rows(device, JOPLIN_DB, "folders", [
            {"id": fid, "title": name, "created_time": base, "updated_time": base, "user_created_time": base,
             "user_updated_time": base} for name, fid in folders.items()])
        rows_out, normalized = [], []
        for i, n in enumerate(notes):
            stamp = base + i * 3600 * 1000
            common = {"id": f"{rng.getrandbits(128):032x}", "parent_id": folders[n["folder"]], "body": n["body"],
                      "is_todo": n["is_todo"], "todo_completed": n["todo_completed"] and stamp,
                      "user_created_time": stamp, "user_updated_time": stamp}
            rows_out.append({**common, "title": n["title"], "created_time": stamp, "updated_time": stamp})
            normalized.append({**common, "title": n["title"].lower()})
        insert_rows(device, JOPLIN_DB, "notes", rows_out)
        insert_rows(device, JOPLIN_DB, "notes_normalized", normalized)

    @staticmethod
    def _note(folder: str, title: str, body: str, is_todo: bool, done: bool) -> dict[str, Any]:
        return {"folder": folder, "title": title, "body": body, "is_todo": int(is_todo), "todo_completed": int(done)}

    def reveal(self, ui: UI, task: InformationRetrievalTask) -> Reading:
        """A question about a notebook lists it (each note's title and whether it is a to-do, done or not); one
        about a note searches its title and opens it (its body, whether it is a to-do)."""
        assert task.resolved is not None
        conditions = {c["field"]: c["value"] for c in task.resolved.exclusions}
        yield ui.open_app("Joplin")
        if "folder" in conditions:
            yield ui.click(desc="Sidebar")
            yield ui.click(text=conditions["folder"])
            folder = ui.obs.elements[ui.element(desc="Sidebar")[0] + 1].text
            return (yield from read_list(ui, JOPLIN_LIST, lambda ui: self.read_screen(ui, folder)))
        if "title" not in conditions:
            raise OracleError(f"{task.name}: neither a notebook nor a title to look for")
        yield ui.click(desc="Search")
        yield ui.type(conditions["title"], cls="android.widget.EditText")
        yield ui.click(text=conditions["title"], cls="TextView")  # the result, not the search field
        return [self.read_note(ui)]

    @staticmethod
    def read_screen(ui: UI, folder: str) -> list[Shown]:
        """A notebook's rows: a to-do's checkbox (checked when done), then the title."""
        _, listing = ui.element(**JOPLIN_LIST)
        inside = [e for e in ui.obs.elements if e is not listing and listing.bounds[1] <= e.bounds[1]
                  and e.bounds[3] <= listing.bounds[3]]
        shown = []
        for group in _rows_from_list(inside, lambda e: bool(e.text) or e.content_description.startswith("to-do: ")):
            box = next((e for e in group if e.content_description.startswith("to-do: ")), None)
            title = next((e.text for e in group if e.text), None)
            if title is None:
                continue
            row = {"title": title, "folder": folder, "is_todo": str(box is not None),
                   "todo_completed": str(box is not None and box.checked)}
            shown.append((row, *_span(group)))
        return shown

    @staticmethod
    def read_note(ui: UI) -> Row:
        """The open note: its title above the body, and the to-do checkbox when it is one."""
        i, _ = ui.element(cls="android.webkit.WebView")
        texts = [e for e in ui.obs.elements[:i] if e.text]
        body = next((e.text for e in ui.obs.elements[i + 1:] if e.text), "")
        box = ui.find(desc="to-do")
        return {"title": texts[-1].text if texts else "", "body": body, "is_todo": str(box is not None),
                "todo_completed": str(box is not None and box[1].checked)}


def _rows_from_list(elements: list[UIElement], part: Callable[[UIElement], bool]) -> list[list[UIElement]]:
    """Elements grouped into rows by where they sit: those overlapping vertically are one row."""
    groups: list[list[UIElement]] = []
    for e in elements:
        if not part(e):
            continue
        if groups and e.bounds[1] < _span(groups[-1])[1]:
            groups[-1].append(e)
        else:
            groups.append([e])
    return groups


METERS_PER_MILE = 1609.34
NOISE_ACTIVITIES = 20
#: Activity categories and names for noise tracks.
SPORTS = {
    "running": ["Morning run", "Riverside loop", "Tempo run"], "cycling": ["Commute by bike", "Hill repeats"],
    "swimming": ["Pool laps", "Open water swim"], "hiking": ["Ridge hike", "Forest trail"],
    "walking": ["Evening stroll", "Walk to the market"], "kayaking": ["Lake paddle"], "sailing": ["Harbor sail"],
    "skiing": ["Powder day"], "snow boarding": ["Park session"], "skate boarding": ["Skatepark session"],
}


def miles_rounded(meters: float) -> int:
    """What OpenTracks can show back: meters rounded through two decimals of a mile."""
    return round(round(meters / METERS_PER_MILE, 2) * METERS_PER_MILE)


class OpenTracksAdapter:
    """OpenTracks: recorded activities in its ``tracks`` table."""

    app_key = "opentracks"
    convert = {"start_date": parse_day, "category": str.lower,
               "total_distance": lambda v: float(miles_rounded(float(v)))}

    def normalize(self, rows: list[dict[str, str]]) -> list[dict[str, str]]:
        return [dict(r, total_distance=str(miles_rounded(float(r["total_distance"])))) for r in rows]

    def track(self, day: str, time: str, name: str, category: str, description: str, minutes: float,
              meters: float, gain: float, loss: float) -> dict[str, Any]:
        start = _ms(day, time)
        total = int(minutes * 60 * 1000)
        speed = meters / (total / 1000) if total else 0.0
        return {"name": name, "description": description, "category": category, "activity_type": category,
                "starttime": start, "stoptime": start + total, "totaldistance": float(meters), "totaltime": total,
                "movingtime": total, "avgspeed": speed, "avgmovingspeed": speed, "elevationgain": gain,
                "elevationloss": loss, "numpoints": 0}

    def seed(self, device: Device, rows: list[dict[str, str]], exclusions: list[dict[str, str]],
             rng: random.Random) -> None:
        tracks = [self.track(r["start_date"], r.get("start_time", ""), r["name"], r.get("category", ""),
                             r.get("description", ""), float(r["duration"]), float(r["total_distance"]),
                             float(r.get("elevation_gain", 0)), float(r.get("elevation_loss", 0))) for r in rows]
        now = dt.datetime.fromtimestamp(NOW_MS / 1000, dt.timezone.utc)
        for _ in range(NOISE_ACTIVITIES * 50):
            if len(tracks) == len(rows) + NOISE_ACTIVITIES:
                break
            category = rng.choice(sorted(SPORTS))
            start = _random_moment(rng, now - dt.timedelta(days=7), 14)
            meters = float(miles_rounded(rng.randint(0, 20000)))
            typed = {"start_date": start.date(), "category": category, "total_distance": meters}
            if excluded(typed, exclusions, self.convert):
                continue
            tracks.append(self.track(start.strftime(DATE_FORMAT), start.strftime("%H:%M"),
                                     rng.choice(SPORTS[category]), category, "", rng.randrange(1, 300), meters,
                                     rng.randint(0, 500), rng.randint(0, 500)))
        rng.shuffle(tracks)
        device.stop_app(opentracks.PACKAGE)
        device.sqlite(OPENTRACKS_DB, "DELETE FROM tracks")
        insert_rows(device, OPENTRACKS_DB, "tracks", tracks)

    def reveal(self, ui: UI, task: InformationRetrievalTask) -> Reading:
        """The track list, newest first, down to the first day the question covers: each track's name, type,
        start, total time (in minutes) and distance (shown in miles, read back in meters)."""
        assert task.resolved is not None
        first = _bound(task.resolved.exclusions, "start_date", low=True)
        yield ui.open_app("OpenTracks")
        enough = (lambda rows: bool(rows) and parse_day(rows[-1]["start_date"]) < first) if first else \
            (lambda rows: False)
        return (yield from read_list(ui, "track_list", self.read_screen, enough))

    @staticmethod
    def read_screen(ui: UI) -> list[Shown]:
        """Track rows: name, "h:mm:ss (n.nn mi)", the type, "Oct 12, 2023" and "08:00"."""
        shown = []
        parts = ("track_list_item_time_distance", "track_list_item_category_description", "track_list_item_date",
                 "track_list_item_time")
        for group in _rows_from(ui, "track_list_item_name", *parts):
            texts = {e.resource_name: e.text for e in group}
            if not set(parts) <= set(texts):
                continue
            when = dt.datetime.strptime(f"{texts['track_list_item_date']} {texts['track_list_item_time']}",
                                        "%b %d, %Y %H:%M")
            total, _, distance = texts["track_list_item_time_distance"].partition(" (")
            h, m, sec = (int(x) for x in total.split(":"))
            row = {"name": texts["track_list_item_name"], "category": texts["track_list_item_category_description"],
                   "start_date": _day_text(when.date()), "start_time": when.strftime("%H:%M"),
                   "duration": str(h * 60 + m + round(sec / 60)),
                   "total_distance": str(round(float(distance.removesuffix(" mi)")) * METERS_PER_MILE))}
            shown.append((row, *_span(group)))
        return shown


def _bound(conditions: list[dict[str, str]], field: str, low: bool) -> dt.date | None:
    """The first (``low``) or last day the conditions on ``field`` allow (None: unbounded that way)."""
    ops = {"EQUAL_TO": 0, "GREATER_THAN_OR_EQUAL_TO": 0, "GREATER_THAN": 1} if low else \
        {"EQUAL_TO": 0, "LESS_THAN_OR_EQUAL_TO": 0, "LESS_THAN": -1}
    days = [parse_day(c["value"]) + dt.timedelta(days=ops[c["operation"]]) for c in conditions
            if c["field"] == field and c["operation"] in ops]
    if not days:
        return None
    return max(days) if low else min(days)


def _days(conditions: list[dict[str, str]], field: str) -> list[dt.date]:
    """Every day the conditions on ``field`` allow, first to last (empty: they bound no range)."""
    low, high = _bound(conditions, field, True), _bound(conditions, field, False)
    if low is None or high is None:
        return []
    return [low + dt.timedelta(days=i) for i in range((high - low).days + 1)]


def parse_minutes(text: str) -> int:
    """A duration as people write it ("30 m", "45min", "1 h", "1.5 hours", "90 minutes") in minutes."""
    match = re.fullmatch(r"\s*([\d.]+)\s*(h|hr|hrs|hour|hours|m|min|mins|minute|minutes)\s*", text.lower())
    if not match:
        raise ValueError(f"not a duration: {text!r}")
    amount = float(match.group(1))
    return round(amount * 60) if match.group(2).startswith("h") else round(amount)


#: Calendar noise: titles with the details people put in events.
EVENT_NOISE = (("Team sync", "Weekly status with the platform team", "Room 4B"),
               ("Dentist", "Six-month cleaning", "Smile Dental, Main St"),
               ("Yoga class", "Bring the mat", "Community center"),
               ("Lunch with Priya", "Catch up on the conference", "Green Bowl"),
               ("Budget review", "Q4 numbers with finance", "Conference room A"),
               ("Piano lesson", "Scales and the Chopin nocturne", "Music school"),
               ("Parent-teacher meeting", "Math progress", "Lincoln Elementary"),
               ("Car service", "Oil change and tire rotation", "Downtown Garage"),
               ("Book club", "Discuss chapters 5-9", "Library, 2nd floor"),
               ("Flight to Denver", "Check in online", "Airport Terminal 2"),
               ("Sprint planning", "Estimate the backlog", "Zoom"),
               ("Haircut", "", "Studio 9"),
               ("Call with landlord", "Lease renewal", ""),
               ("Volunteer shift", "Food bank sorting", "Harbor Food Bank"))


class CalendarAdapter:
    """Simple Calendar Pro: rows of ``events`` in ``events.db`` (times in the phone's time zone, UTC)."""

    app_key = "simple calendar pro"
    convert = {"start_date": parse_day, "start_time": parse_time, "title": str.lower}

    def event(self, r: dict[str, str]) -> Event:
        day = parse_day(r["start_date"])
        start = parse_time(r["start_time"]) if r.get("start_time") else dt.time(0, 0)
        minutes = parse_minutes(r["duration"]) if r.get("duration") else 60
        return Event.at(day, start.hour, start.minute, minutes, title=r.get("title", ""),
                        location=r.get("location", ""), description=r.get("description", ""),
                        source="simple-calendar")

    def noise(self, rng: random.Random) -> Event:
        title, description, location = rng.choice(EVENT_NOISE)
        day = dt.date(2023, 10, rng.randint(1, 31))
        return Event.at(day, rng.randint(7, 20), rng.choice((0, 15, 30, 45)), rng.choice((15, 30, 45, 60, 90, 120)),
                        title=title, description=description, location=location, source="simple-calendar")

    @staticmethod
    def typed(event: Event) -> dict[str, Any]:
        return {"start_date": event.start.date(), "start_time": event.start.time().replace(tzinfo=None),
                "title": event.title.lower()}

    def seed(self, device: Device, rows: list[dict[str, str]], exclusions: list[dict[str, str]],
             rng: random.Random) -> None:
        events = [self.event(r) for r in rows]
        conditions = [dict(c, value=c["value"].lower()) if c["field"] == "title" else c for c in exclusions]
        noise: list[Event] = []
        for _ in range(NOISE_EVENTS * 50):
            if len(noise) == NOISE_EVENTS:
                break
            candidate = self.noise(rng)
            if not excluded(self.typed(candidate), conditions, self.convert):
                noise.append(candidate)
        everything = events + noise
        rng.shuffle(everything)
        seed_events(device, everything)

    def reveal(self, ui: UI, task: InformationRetrievalTask) -> Reading:
        """A question about days opens the first from the month grid and steps through the rest with the day
        view's arrow, reading each day's events (title, start, end, description); one about an event searches
        its title and opens each match, whose editor shows its location too."""
        assert task.resolved is not None
        conditions = task.resolved.exclusions
        yield ui.open_app("Simple Calendar Pro")
        days = _days(conditions, "start_date")
        if days:
            return (yield from self.read_days(ui, days))
        title = next((c["value"] for c in conditions if c["field"] == "title"), None)
        if title is None:
            raise OracleError(f"{task.name}: neither days nor a title to look for")
        return (yield from self.read_search(ui, title))

    def read_days(self, ui: UI, days: list[dt.date]) -> Reading:
        cells = ui.find_all(rid="month_view_background")
        first = TODAY.replace(day=1)
        # Six Sunday-first weeks; a month that starts on a Sunday gets the week before in front (the app's
        # MonthlyCalendarImpl, en-US).
        grid = first - dt.timedelta(days=first.isoweekday())
        if len(cells) != 42 or not 0 <= (days[0] - grid).days < 42:
            raise OracleError(f"{days[0]} is not in the month grid on screen")
        yield Action.click(index=cells[(days[0] - grid).days][0])
        rows: list[Row] = []
        for i, day in enumerate(days):
            if i:
                yield ui.click(rid="top_right_arrow")
            shown = _calendar_day(ui.element(rid="top_value")[1].text)
            if shown != day:
                raise OracleError(f"the day view shows {shown}, not {day}")
            read = yield from read_list(ui, "day_events", lambda ui, day=day: self.read_screen(ui, day))
            rows += [r for r in read if r["start_date"] == _day_text(day)]  # an event is read on its first day
        return rows

    def read_search(self, ui: UI, title: str) -> Reading:
        yield ui.type(title, rid="top_toolbar_search")
        rows: list[Row] = []
        for n in range(len(self.matches(ui, title))):
            yield Action.click(index=self.matches(ui, title)[n])
            rows.append(self.read_event(ui))
            yield ui.back()
        return rows

    @staticmethod
    def matches(ui: UI, title: str) -> list[int]:
        """The search results whose title holds ``title`` (a match may be in the description only)."""
        return [i for i, e in ui.find_all(rid="event_item_title") if title.lower() in e.text.lower()]

    def read_screen(self, ui: UI, day: dt.date) -> list[Shown]:
        """A day's event rows: title, "13:00 - 13:30" (the other day in brackets), description."""
        shown = []
        for group in _rows_from(ui, "event_item_title", "event_item_time", "event_item_description"):
            texts = {e.resource_name: e.text for e in group}
            if "event_item_time" not in texts:
                continue
            row = {"title": texts["event_item_title"], "description": texts.get("event_item_description", "")}
            row.update(_event_times(texts["event_item_time"], day))
            shown.append((row, *_span(group)))
        return shown

    @staticmethod
    def read_event(ui: UI) -> Row:
        """The event's editor: title, location, description, start and end."""
        text = {rid: (ui.find(rid=rid) or (0, None))[1] for rid in (
            "event_title", "event_location", "event_description", "event_start_date", "event_start_time",
            "event_end_date", "event_end_time")}
        value = {rid: e.text if e is not None else "" for rid, e in text.items()}
        start = dt.datetime.combine(_calendar_day(value["event_start_date"]), _clock(value["event_start_time"]))
        end = dt.datetime.combine(_calendar_day(value["event_end_date"]), _clock(value["event_end_time"]))
        return {"title": value["event_title"], "location": value["event_location"],
                "description": value["event_description"], "start_date": _day_text(start.date()),
                "start_time": start.strftime("%H:%M"), "duration": f"{(end - start).seconds // 60} m"}


def _clock(text: str) -> dt.time:
    """``13:30`` or ``01:30 PM`` (the phone's 12-hour setting); empty for an all-day event."""
    return parse_time(text.replace(" ", "")) if text else dt.time(0, 0)


def _calendar_day(text: str, today: dt.date = TODAY) -> dt.date:
    """``October 16 (Mon)`` / ``October 16`` / ``October 16 2024 (Wed)`` as a date."""
    text = re.sub(r" \(\w+\)$", "", text.strip())
    return dt.datetime.strptime(text if re.search(r" \d{4}$", text) else f"{text} {today.year}", "%B %d %Y").date()


def _event_times(text: str, day: dt.date) -> Row:
    """A day view's time text as the row's start date and time and its duration."""
    if text == "All-day":
        return {"start_date": _day_text(day), "start_time": "00:00", "duration": "1440 m"}
    match = re.fullmatch(r"(.+?)(?: \((.+?)\))?(?: - (.+?)(?: \((.+?)\))?)?", text)
    if match is None:
        raise OracleError(f"cannot read the event time {text!r}")
    start_clock, start_day, end_clock, end_day = match.groups()
    start = dt.datetime.combine(_calendar_day(start_day) if start_day else day, _clock(start_clock))
    end = dt.datetime.combine(_calendar_day(end_day) if end_day else day, _clock(end_clock)) if end_clock else start
    return {"start_date": _day_text(start.date()), "start_time": start.strftime("%H:%M"),
            "duration": f"{int((end - start).total_seconds()) // 60} m"}


NOISE_EVENTS = 75
ADAPTERS: dict[str, Any] = {"tasks_app": TasksAdapter(), "notes_app": JoplinAdapter(),
                            "sports_activity_app": OpenTracksAdapter(), "calendar": CalendarAdapter()}
__all__ = ["ADAPTERS", "DATE_FORMAT"]
