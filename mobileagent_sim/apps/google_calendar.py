"""Google Calendar (``com.google.android.calendar``) over the calendar provider's ``calendar.db``.

The screens follow what AndroidArena's published uiautomator2 xpaths name (see
:mod:`pytest_mobileagent.android.google_calendar`):

- ``AllInOneActivity``: a toolbar (its first ImageButton opens the navigation drawer; Search; Today), the chosen
  view (Schedule, the default: events from today on; Day, 3 days, Week, Month) and the "Create new event" button,
  whose first tap unfolds Goal/Reminder/Task/Event and second tap opens a new event. The drawer's ``drawer_list``
  rows: the account, the five views, Settings, Help & feedback.
- ``SearchActivity``: ``search_text``; Enter lists the matching events in ``search_list``'s RecyclerView as
  ``android.view.View`` rows (a month banner, a day header, the event), oldest first.
- ``EventInfoActivity``: the event (title, when, where, guests), Edit (``edit_image``) and the overflow
  (``info_action_overflow``: Delete, which asks first).
- ``EditEventActivity``: the title field (``title``) and ``expanded_recycler``: the time rows (its first
  LinearLayout; the start date opens the framework's DatePicker dialog, ``android:id/month_view`` of day cells,
  the start time its TimePickerDialog in keyboard-input mode: hour and minute fields, the AM/PM spinner, OK),
  "Add people" (its second LinearLayout: a guest search, ``search_text``, ``recycler`` of suggestions, Done
  ``right_button``), then Buttons (video conferencing, location: a place search with ``suggestions``,
  notification, colour, description, attachment). Save (``save``) writes ``Events`` and ``Attendees``; saving new
  guests first asks whether to send invitations.

Events are written to the local "Phone" calendar (``calendar_id`` 1), which the provider deletes rows of at once.
A new event starts at the next full hour and lasts one hour; moving its start (date or time) moves its end with
it. Not simulated: the end's own pickers, the time picker's clock-dial mode, recurrence, notifications, colours.
"""

from __future__ import annotations

import calendar as cal
import datetime as dt
from typing import Any

from mobileagent_sim.app import Activity, App
from mobileagent_sim.apps.aosp_calendar import clock, events, ms, span, when
from mobileagent_sim.views import (
    Button,
    Column,
    Dialog,
    Frame,
    Grid,
    ImageButton,
    ListItem,
    Row,
    Scroll,
    Text,
    View,
)
from pytest_mobileagent.android.aosp_calendar import DB_PATH
from pytest_mobileagent.android.google_calendar import (
    ACCOUNT,
    DATE_ID,
    DRAWER_BUTTON,
    EDIT_ACTIVITY,
    EVENT_INFO_ACTIVITY,
    MAIN_ACTIVITY,
    PACKAGE,
    PLACES,
    SEARCH_ACTIVITY,
    TIME_PICKER,
    VIEW_DESCRIPTIONS,
    VIEW_IDS,
    VIEWS,
    view_label,
)

HOUR_MS = 3_600_000
DAY_MS = 24 * HOUR_MS


def day_label(day: dt.date) -> str:
    return f"{day:%a}, {day:%b} {day.day}"


def attendees(app: App, event_id: int) -> list[str]:
    with app.system.fs.sqlite(DB_PATH) as db:
        return [r[0] for r in db.execute("SELECT attendeeEmail FROM Attendees WHERE event_id = ? AND "
                                         "attendeeRelationship != 2 ORDER BY _id", (event_id,))]


def event_by_id(app: App, event_id: Any) -> dict[str, Any] | None:
    return next((e for e in events(app, 0) if e["id"] == event_id), None)


class AllInOneActivity(Activity):
    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.view = "Schedule"
        self.anchor = self.system.clock.now.date().isoformat()
        self.drawer = False
        self.expanded = False

    @property
    def day(self) -> dt.date:
        return dt.date.fromisoformat(self.anchor)

    def on_back(self) -> bool:
        if self.drawer or self.expanded:
            self.drawer = self.expanded = False
            return True
        return super().on_back()

    def build(self) -> View:
        if self.drawer:
            return self.build_drawer()
        toolbar = View(cls="android.view.ViewGroup", id="toolbar", orientation="horizontal", height=64,
                       style="toolbar", children=[
                           ImageButton(DRAWER_BUTTON, self.open_drawer, icon="menu"),
                           Text(f"{self.day:%B}", id="date_picker_text_view", style="title", weight=1, height=56),
                           ImageButton("Search", self.search, icon="search", id="action_search"),
                           ImageButton("Jump to Today", self.today, icon="calendar_today:outlined", id="action_today")])
        dial = Column(*[Button(label, self.new_event if label == "Event" else None, id="speed_dial_label",
                               style="flat", width=120) for label in ("Goal", "Reminder", "Task", "Event")]
                      ) if self.expanded else None
        fab = Row(View(weight=1), dial, ImageButton("Event" if self.expanded else "Create new event", self.fab,
                                                    icon="edit" if self.expanded else "add",
                                                    id="floating_action_button", width=64, height=64, style="fab"),
                  height=240 if self.expanded else 72, padding=8)
        return Column(toolbar, self.body(), fab)

    def body(self) -> View:
        day, rid, label = self.day, VIEW_IDS[self.view], view_label(self.view, self.day)
        if self.view == "Schedule":
            rows: list[View] = []
            shown = None
            for e in events(self.app, ms(day)):
                start = when(e["start"]).date()
                if start != shown:
                    rows.append(Text(day_label(start), id="day_header", style="caption", height=32))
                    shown = start
                rows.append(self.event_row(e))
            return Scroll(*rows or [Text("Nothing planned", id="empty")], id=rid, desc=label, weight=1)
        if self.view == "Month":
            first = day.replace(day=1)
            after = dt.date(first.year + first.month // 12, first.month % 12 + 1, 1)
            busy: dict[dt.date, list[str]] = {}
            for e in events(self.app, ms(first), ms(after)):
                busy.setdefault(when(e["start"]).date(), []).append(e["title"] or "(No title)")
            cells = [Column(Text(str(d.day), style="caption", height=20),
                            *[Text(t, style="item-summary", height=20) for t in busy.get(d, [])[:2]],
                            height=96, desc=f"{d:%A}, {d:%B} {d.day}")
                     for d in (first + dt.timedelta(days=i) for i in range((after - first).days))]
            return Grid(*cells, columns=7, first=(first.weekday() + 1) % 7, id=rid, desc=label, weight=1)
        count = {"Day": 1, "3 days": 3, "Week": 7}[self.view]
        start = day - dt.timedelta(days=(day.weekday() + 1) % 7) if self.view == "Week" else day
        columns = []
        for i in range(count):
            d = start + dt.timedelta(days=i)
            titles = [e["title"] or "(No title)" for e in events(self.app, ms(d), ms(d) + DAY_MS)]
            columns.append(Column(Text(f"{d:%a} {d.day}", style="caption", height=40),
                                  *[Button(t, lambda i=e["id"]: self.start(EventInfoActivity, id=i),
                                           style="event-label", height=40)
                                    for t, e in zip(titles, events(self.app, ms(d), ms(d) + DAY_MS))],
                                  weight=1, desc=f"{d:%A}, {d:%B} {d.day}"))
        return Row(*columns, id=rid, desc=label, weight=1)

    def event_row(self, e: dict[str, Any]) -> View:
        return ListItem(e["title"] or "(No title)", span(e), lambda i=e["id"]: self.start(EventInfoActivity, id=i),
                        id="event_row", title_id="event_title", summary_id="event_time")

    def build_drawer(self) -> View:
        def row(text: str, on_click: Any, selected: bool = False) -> View:
            return Row(Text(text, id="drawer_item_text", desc=VIEW_DESCRIPTIONS.get(text, ""), weight=1),
                       clickable=True, focusable=True,
                       on_click=on_click, selected=selected, height=48, padding=8)

        rows = [Row(Column(Text("Google Calendar", style="title", height=32), Text(ACCOUNT, style="caption", height=24),
                           weight=1), height=72, padding=8),
                *[row(v, lambda v=v: self.show(v), v == self.view) for v in VIEWS],
                row("Settings", None), row("Help & feedback", None)]
        return Row(Column(Scroll(*rows, id="drawer_list", weight=1), id="drawer_layout", width=300, style="drawer"),
                   View(desc="Close navigation drawer", clickable=True, on_click=self.close_drawer, weight=1))

    # -- handlers -----------------------------------------------------------------

    def open_drawer(self) -> None:
        self.drawer, self.expanded = True, False

    def close_drawer(self) -> None:
        self.drawer = False

    def show(self, view: str) -> None:
        self.view, self.drawer = view, False
        self.view_state.clear()

    def today(self) -> None:
        self.anchor = self.system.clock.now.date().isoformat()

    def search(self) -> None:
        self.start(SearchActivity)

    def fab(self) -> None:
        if self.expanded:
            self.new_event()
        else:
            self.expanded = True

    def new_event(self) -> None:
        self.expanded = False
        self.start(EditEventActivity)


class SearchActivity(Activity):
    name = SEARCH_ACTIVITY

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.query = ""

    def submit(self) -> None:
        self.query = self.fields.get("search_text", "").strip()
        self.system.clear_focus(self)

    def build(self) -> View:
        bar = Row(ImageButton("Navigate up", self.finish, icon="arrow_back"),
                  self.field("search_text", hint="Search", on_submit=self.submit, weight=1, height=48),
                  id="search_bar", height=64, style="searchbar")
        if not self.query:
            return Column(bar, View(weight=1))
        found = [e for e in events(self.app, 0) if self.query.lower() in (e["title"] or "").lower()]
        if not found:
            return Column(bar, Text(f"No results for \u201c{self.query}\u201d", id="no_results", weight=1))
        rows: list[View] = []
        month = day = None
        for e in found:
            start = when(e["start"]).date()
            if (start.year, start.month) != month:
                month = (start.year, start.month)
                rows.append(View(text=f"{start:%B %Y}", style="title", height=48))
            if start != day:
                day = start
                rows.append(View(text=day_label(start), style="caption", height=32))
            rows.append(View(text=e["title"] or "(No title)", desc=f"{e['title']}, {span(e)}", clickable=True,
                             focusable=True, height=64, style="chip",
                             on_click=lambda i=e["id"]: self.start(EventInfoActivity, id=i)))
        # the results RecyclerView has no id: AndroidArena records a result as search_list/RecyclerView[1]/View[n]
        results = Scroll(*rows, id="#search_results", cls="android.support.v7.widget.RecyclerView", weight=1)
        return Column(bar, Frame(results, id="search_list", weight=1))


class EventInfoActivity(Activity):
    name = EVENT_INFO_ACTIVITY

    def build(self) -> View:
        e = event_by_id(self.app, self.intent.extras.get("id"))
        if e is None:
            return Column(Text("Event not found", id="title", weight=1))
        overflow = View(cls="android.widget.FrameLayout", id="info_action_overflow", width=48, height=48, children=[
            View(cls="android.support.v7.widget.LinearLayoutCompat", children=[
                View(cls="android.widget.ImageView", desc="More options", icon="more_vert", clickable=True,
                     focusable=True, on_click=lambda: self.open_menu("more"), width=48, height=48)])])
        guests = attendees(self.app, e["id"])
        return Column(
            Row(ImageButton("Close", self.finish, icon="close"), View(weight=1),
                ImageButton("Edit event", self.edit, icon="edit:outlined", id="edit_image"), overflow,
                id="info_toolbar", height=64),
            Text(e["title"] or "(No title)", id="title", style="headline", height=56),
            Text(span(e), id="time", height=32),
            Text(e["location"], id="location", height=32) if e["location"] else None,
            Text(f"{len(guests)} guest{'s' if len(guests) != 1 else ''}", id="guests_header", height=32)
            if guests else None,
            *[Text(g, id="guest", height=32) for g in guests],
            View(weight=1))

    def edit(self) -> None:
        self.start(EditEventActivity, id=self.intent.extras.get("id"))

    def menu_items(self, name: str) -> list[tuple[str, Any]]:
        return [("Delete", self.ask_delete)]

    def ask_delete(self) -> None:
        self.menu, self.dialog = None, "delete"

    def build_dialog(self, name: str) -> View:
        return Dialog("Delete this event?", buttons=[
            Button("Cancel", self.close_dialog, id="android:id/button2", style="flat", weight=1),
            Button("Delete", self.delete, id="android:id/button1", style="flat", weight=1)])

    def close_dialog(self) -> None:
        self.dialog = None

    def delete(self) -> None:
        event_id = self.intent.extras.get("id")
        with self.system.fs.sqlite(DB_PATH) as db:
            db.execute("DELETE FROM Events WHERE _id = ?", (event_id,))
            db.execute("DELETE FROM Attendees WHERE event_id = ?", (event_id,))
            db.execute("DELETE FROM Reminders WHERE event_id = ?", (event_id,))
        self.dialog = None
        self.finish()


class EditEventActivity(Activity):
    name = EDIT_ACTIVITY

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        e = event_by_id(app, intent.extras.get("id"))
        if e is None:
            now = self.system.clock.now.replace(minute=0, second=0, microsecond=0) + dt.timedelta(hours=1)
            start = int(now.timestamp() * 1000)
            e = {"id": None, "title": "", "location": "", "start": start, "end": start + HOUR_MS}
        self.event_id: int | None = e["id"]
        self.fields["title"] = e["title"] or ""
        self.start_ms, self.end_ms = int(e["start"]), int(e["end"])
        self.location: str = e["location"] or ""
        self.guests: list[str] = attendees(app, e["id"]) if e["id"] is not None else []
        self.new_guests: list[str] = []
        self.page: str | None = None
        self.picking = ""  # the date picker's shown month (its first day) and chosen day, ISO dates
        self.picked = ""
        self.meridiem = ""  # the time picker's AM/PM choice
        self.time_error = False

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.page:
            self.page = None
            return True
        return False

    def build(self) -> View:
        if self.page == "location":
            return self.build_location()
        if self.page == "people":
            return self.build_people()
        start, end = when(self.start_ms), when(self.end_ms)
        guests = [*self.guests, *self.new_guests]
        rows = [
            # the start and end dates share their id, so AndroidArena records a tap on the start date by position
            Column(Row(Row(Text(f"{start:%a}, {start:%b} {start.day}, {start.year}", id=DATE_ID,
                                weight=1, clickable=True, focusable=True, on_click=self.pick_date),
                           Text(clock(start), id="start_time", width=96, clickable=True, focusable=True,
                                on_click=self.pick_time)),
                       clickable=True, focusable=True, on_click=self.pick_date, height=56, padding=8),
                   Row(Row(Text(f"{end:%a}, {end:%b} {end.day}, {end.year}", id=DATE_ID, weight=1),
                           Text(clock(end), id="end_time", width=96)), height=56, padding=8)),
            Column(Row(Text("Add people", id="add_people", weight=1), height=56),
                   *[Text(g, id="guest", height=32) for g in guests],
                   clickable=True, focusable=True, on_click=lambda: self.open_page("people"), padding=8),
            # AndroidArena's recorded location step is the second Button of expanded_recycler by position: the
            # real rows carry no id of their own
            Button("Add video conferencing", None, style="flat", height=64),
            Button(self.location or "Add location", lambda: self.open_page("location"), style="flat", height=64),
            Button("30 minutes before", None, style="flat", height=64),
            Button("Add another notification", None, style="flat", height=64),
            Button("Default color", None, style="flat", height=64),
            Button("Add description", None, style="flat", height=64),
            Button("Add attachment", None, style="flat", height=64),
        ]
        return Column(
            Row(ImageButton("Close", self.finish, icon="close", id="cancel"), View(weight=1),
                Button("Save", self.save, id="save", width=96), id="edit_toolbar", height=64),
            self.field("title", hint="Add title", height=72, style="headline"),
            Scroll(*rows, id="expanded_recycler", weight=1))

    def _search_page(self, hint: str, rid: str, items: list[View], done: View | None = None) -> View:
        bar = Row(ImageButton("Navigate up", lambda: self.open_page(None), icon="arrow_back"),
                  self.field("search_text", hint=hint, weight=1, height=48), done, height=64, style="searchbar")
        return Column(bar, Scroll(*items, id=rid, weight=1))

    def build_location(self) -> View:
        query = self.fields.get("search_text", "").strip()
        found = [p.location for p in PLACES if query and query.lower() in p.name.lower()]
        if query and not found:
            found = [query]
        return self._search_page("Add location", "suggestions", [
            Button(text, lambda text=text: self.set_location(text), style="flat", height=64) for text in found])

    def build_people(self) -> View:
        query = self.fields.get("search_text", "").strip()
        items = [View(cls="android.view.ViewGroup", clickable=True, focusable=True, height=64, padding=8,
                      on_click=lambda: self.add_guest(query), orientation="horizontal",
                      children=[Text(query, id="suggestion_text", weight=1)])] if "@" in query else []
        chips = [Text(g, id="chip", height=32) for g in self.new_guests]
        page = self._search_page("Add people", "recycler", items,
                                 Button("Done", lambda: self.open_page(None), id="right_button", width=88))
        page.children[1:1] = chips
        return page

    # -- handlers -----------------------------------------------------------------

    def open_page(self, page: str | None) -> None:
        self.page = page
        self.fields["search_text"] = ""
        self.system.clear_focus(self)
        self.view_state.clear()

    def set_location(self, text: str) -> None:
        self.location = text
        self.open_page(None)

    def add_guest(self, email: str) -> None:
        if email not in self.guests and email not in self.new_guests:
            self.new_guests.append(email)
        self.fields["search_text"] = ""

    def pick_date(self) -> None:
        self.system.clear_focus(self)
        day = when(self.start_ms).date()
        self.picking, self.picked, self.dialog = day.replace(day=1).isoformat(), day.isoformat(), "date"

    def pick_time(self) -> None:
        self.system.clear_focus(self)
        start = when(self.start_ms)
        self.fields[TIME_PICKER["hour"]] = str(start.hour % 12 or 12)
        self.fields[TIME_PICKER["minute"]] = f"{start.minute:02d}"
        self.meridiem, self.time_error, self.dialog = ("AM" if start.hour < 12 else "PM"), False, "time"

    def build_time_picker(self) -> View:
        """The framework's TimePickerDialog in keyboard-input mode (``time_picker_text_input_material.xml``)."""
        ids = TIME_PICKER
        fields = Row(Column(self.field(ids["hour"], width=72), Text("hour", id="android:id/label_hour", height=24)),
                     Text(":", id="android:id/input_separator", width=16),
                     Column(self.field(ids["minute"], width=72),
                            Text("minute", id="android:id/label_minute", height=24)),
                     id="android:id/input_block", cls="android.widget.RelativeLayout", height=84)
        spinner = View(cls="android.widget.Spinner", id=ids["am_pm"], text=self.meridiem, clickable=True,
                       focusable=True, on_click=lambda: self.open_menu("am_pm"), width=96, height=48)
        return Column(
            Text("Type in time", id="android:id/top_label", height=40),
            Row(fields, spinner, height=84),
            Text("Enter a valid time", id="android:id/label_error", height=24) if self.time_error else None,
            Row(View(weight=1), Button("Cancel", self.cancel_time, id="android:id/button2", style="flat", width=96),
                Button("OK", self.apply_time, id=ids["ok"], style="flat", width=96), height=56),
            cls="android.widget.TimePicker", id="android:id/timePicker", style="dialog", padding=8)

    def menu_items(self, name: str) -> list[tuple[str, Any]]:
        return [(m, lambda m=m: self.set_meridiem(m)) for m in ("AM", "PM")]

    def set_meridiem(self, meridiem: str) -> None:
        self.meridiem, self.menu = meridiem, None

    def cancel_time(self) -> None:
        self.system.clear_focus(self)
        self.dialog = None

    def apply_time(self) -> None:
        """OK: a valid time (hour 1-12, minute 0-59) moves the start, and the end with it; else the error shows."""
        hour, minute = (self.fields.get(TIME_PICKER[k], "").strip() for k in ("hour", "minute"))
        if not (hour.isdigit() and minute.isdigit() and 1 <= int(hour) <= 12 and int(minute) <= 59):
            self.time_error = True
            return
        old = when(self.start_ms)
        new = old.replace(hour=int(hour) % 12 + (12 if self.meridiem == "PM" else 0), minute=int(minute))
        shift = int((new - old).total_seconds() * 1000)
        self.start_ms, self.end_ms = self.start_ms + shift, self.end_ms + shift
        self.system.clear_focus(self)
        self.dialog = None

    def build_dialog(self, name: str) -> View:
        if name == "time":
            return self.build_time_picker()
        if name == "invite":
            return Dialog("Send invitation emails to Google Calendar guests?", buttons=[
                Button("Don't send", self.commit, id="android:id/button2", style="flat", weight=1),
                Button("Send", self.commit, id="android:id/button1", style="flat", weight=1)])
        shown, picked = dt.date.fromisoformat(self.picking), dt.date.fromisoformat(self.picked)
        days = cal.monthrange(shown.year, shown.month)[1]
        cells = [View(text=str(d), desc=f"{d} {shown:%B} {shown.year}", clickable=True, focusable=True,
                      selected=shown.replace(day=d) == picked, height=40,
                      on_click=lambda d=d: self.choose(shown.replace(day=d))) for d in range(1, days + 1)]
        return Column(
            Column(Text(str(picked.year), id="android:id/date_picker_header_year", height=28),
                   Text(f"{picked:%a}, {picked:%b} {picked.day}", id="android:id/date_picker_header_date",
                        style="headline", height=48), id="android:id/date_picker_header", padding=8),
            Row(ImageButton("Previous month", lambda: self.turn(-1), icon="chevron_left", id="android:id/prev"),
                Text(f"{shown:%B %Y}", id="android:id/month_title", weight=1, height=48),
                ImageButton("Next month", lambda: self.turn(1), icon="chevron_right", id="android:id/next")),
            Row(*[Text(d, style="caption", weight=1, height=24) for d in "SMTWTFS"]),
            Grid(*cells, columns=7, first=(shown.weekday() + 1) % 7, id="android:id/month_view", height=240),
            Row(View(weight=1), Button("Cancel", self.close_dialog, id="android:id/button2", style="flat", width=96),
                Button("OK", self.apply_date, id="android:id/button1", style="flat", width=96), height=56),
            cls="android.widget.FrameLayout", id="android:id/datePicker", style="dialog")

    def turn(self, months: int) -> None:
        shown = dt.date.fromisoformat(self.picking)
        index = shown.year * 12 + shown.month - 1 + months
        self.picking = dt.date(index // 12, index % 12 + 1, 1).isoformat()

    def choose(self, day: dt.date) -> None:
        self.picked = day.isoformat()

    def close_dialog(self) -> None:
        self.dialog = None

    def apply_date(self) -> None:
        old = when(self.start_ms)
        new = dt.datetime.combine(dt.date.fromisoformat(self.picked), old.time(), dt.timezone.utc)
        shift = int((new - old).total_seconds() * 1000)
        self.start_ms, self.end_ms = self.start_ms + shift, self.end_ms + shift
        self.dialog = None

    def save(self) -> None:
        if self.new_guests:
            self.dialog = "invite"
        else:
            self.commit()

    def commit(self) -> None:
        title = self.fields.get("title", "")
        with self.system.fs.sqlite(DB_PATH) as db:
            if self.event_id is None:
                cur = db.execute("INSERT INTO Events (calendar_id, title, eventLocation, description, dtstart, dtend, "
                                 "allDay) VALUES (1, ?, ?, '', ?, ?, 0)",
                                 (title, self.location, self.start_ms, self.end_ms))
                self.event_id = int(cur.lastrowid or 0)
            else:
                db.execute("UPDATE Events SET title = ?, eventLocation = ?, dtstart = ?, dtend = ? WHERE _id = ?",
                           (title, self.location, self.start_ms, self.end_ms, self.event_id))
            for email in self.new_guests:
                db.execute("INSERT INTO Attendees (event_id, attendeeName, attendeeEmail, attendeeStatus, "
                           "attendeeRelationship, attendeeType) VALUES (?, '', ?, 3, 1, 1)", (self.event_id, email))
        self.guests, self.new_guests, self.dialog = [*self.guests, *self.new_guests], [], None
        self.finish()


class GoogleCalendarApp(App):
    package = PACKAGE
    label = "Google Calendar"
    icon = "calendar_today"
    activities = (AllInOneActivity, SearchActivity, EventInfoActivity, EditEventActivity)
    uid = 10147


__all__ = ["AllInOneActivity", "EditEventActivity", "EventInfoActivity", "GoogleCalendarApp", "SearchActivity"]
