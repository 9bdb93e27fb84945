"""The app halves of AndroidWorld's information-retrieval tasks: seeding state and showing it.

Each adapter replaces the app's data with the task's relevant rows plus random
noise rows that do not meet all the task's exclusion conditions (so they cannot
change the answer), writing the app's real database through the Device
protocol. ``reveal`` walks the app to where the answer can be read.
"""

from __future__ import annotations

import datetime as dt
import random
import re
import uuid
from collections.abc import Iterator
from typing import Any

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import joplin, opentracks, tasks_app
from pytest_mobileagent.android.calendar import Event
from pytest_mobileagent.android.joplin import DB_PATH as JOPLIN_DB
from pytest_mobileagent.android.opentracks import DB_PATH as OPENTRACKS_DB
from pytest_mobileagent.android.tasks_app import DB_PATH as TASKS_DB
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.importers.androidworld_ir import InformationRetrievalTask, excluded, parse_day
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
        device.stop_app(tasks_app.PACKAGE)
        device.sqlite(TASKS_DB, "DELETE FROM tasks")
        columns = sorted({k for r in everything for k in r})
        insert_rows(device, TASKS_DB, "tasks", [{c: r.get(c) for c in columns} for r in everything])

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
               "todo_completed": lambda v: int(v.lower() == "true")}

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

    def reveal(self, ui: UI, task: InformationRetrievalTask) -> Iterator[Action]:
        assert task.resolved is not None
        rows = task.resolved.rows
        yield ui.open_app("Joplin")
        if len(rows) == 1:  # one note: search for it and open it, its body holds the answer
            yield ui.click(desc="Search")
            yield ui.type(rows[0]["title"], rid="search_input")
            yield ui.click(text=rows[0]["title"])
            return
        yield ui.click(desc="Open sidebar")  # several notes of one notebook: list that notebook
        yield ui.click(text=rows[0]["folder"])
        yield from scan_list(ui, {r["title"] for r in rows}, rid="note_list")


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

    def reveal(self, ui: UI, task: InformationRetrievalTask) -> Iterator[Action]:
        assert task.resolved is not None
        yield ui.open_app("OpenTracks")
        yield from scan_list(ui, {r["name"] for r in task.resolved.rows}, rid="track_list")


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

    def reveal(self, ui: UI, task: InformationRetrievalTask) -> Iterator[Action]:
        """Open each relevant day from the month grid, where the day view lists its events."""
        assert task.resolved is not None
        yield ui.open_app("Simple Calendar Pro")
        days = sorted({parse_day(r["start_date"]) for r in task.resolved.rows if r.get("start_date")})
        for day in days[:3]:
            if (day.year, day.month) != (2023, 10):
                continue
            cells = ui.find_all(rid="month_view_background")
            if len(cells) != 42:
                raise OracleError("the month grid is not on screen")
            yield Action.click(index=cells[(day - dt.date(2023, 9, 24)).days][0])
            yield ui.back()


NOISE_EVENTS = 75
ADAPTERS: dict[str, Any] = {"tasks_app": TasksAdapter(), "notes_app": JoplinAdapter(),
                            "sports_activity_app": OpenTracksAdapter(), "calendar": CalendarAdapter()}
__all__ = ["ADAPTERS", "DATE_FORMAT"]
