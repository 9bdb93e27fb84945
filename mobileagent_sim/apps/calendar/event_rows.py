"""Event rows, as the day view and the lists show them, and the selection mode with Delete."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from mobileagent_sim.app import Activity
from mobileagent_sim.apps.calendar.event_activity import EventActivity
from mobileagent_sim.apps.calendar.model import (
    DELETE_SELECTED,
    Occurrence,
    clock_text,
    date_text,
    day_of,
)
from mobileagent_sim.apps.calendar.widgets import menu_item
from mobileagent_sim.views import (
    Column,
    ImageButton,
    Row,
    Text,
    View,
)

if TYPE_CHECKING:
    from mobileagent_sim.apps.calendar.app import CalendarApp


class EventRows(Activity):
    """Event rows (``event_list_item``) and the selection mode with Delete, as the day view and lists use them."""

    app: CalendarApp
    selected: list[list[int]]
    pending: list[list[int]]
    delete_rule: int

    def h24(self) -> bool:
        return self.system.settings.get("system", "time_12_24") != "12"

    def time_text(self, o: Occurrence, shown_day: dt.date | None) -> str:
        """``DayEventsAdapter``: "All-day", or "13:00 - 13:30", with the other day in brackets when it differs."""
        if o.event.is_all_day:
            return "All-day"
        today = self.app.today
        start_day, end_day = day_of(o.start_ts), day_of(o.end_ts)
        text = clock_text(o.start_ts, self.h24())
        if o.start_ts != o.end_ts:
            if shown_day is not None and start_day != shown_day:
                text += f" ({date_text(start_day, today, False)})"
            text += f" - {clock_text(o.end_ts, self.h24())}"
            if shown_day is not None and end_day != shown_day:
                text += f" ({date_text(end_day, today, False)})"
        return text

    def event_row(self, o: Occurrence, shown_day: dt.date | None) -> View:
        description = o.event.description.replace("\n", " ")
        texts = Column(
            Text(o.event.title, id="event_item_title", style="item-title", height=28),
            Text(self.time_text(o, shown_day), id="event_item_time", style="item-summary", height=24),
            Text(description, id="event_item_description", style="item-summary", height=24) if description else None,
            weight=1, cls="androidx.constraintlayout.widget.ConstraintLayout")
        return Row(
            View(cls="android.widget.ImageView", id="event_item_color_bar", width=6, style="color-bar"),
            texts,
            id="event_item_holder", cls="androidx.constraintlayout.widget.ConstraintLayout", clickable=True,
            focusable=True, long_clickable=True, selected=o.key in self.selected, padding=8,
            on_click=lambda o=o: self.row_clicked(o), on_long_click=lambda o=o: self.row_long_pressed(o),
        )

    def row_clicked(self, o: Occurrence) -> None:
        if self.selected:
            if o.key in self.selected:
                self.selected.remove(o.key)
            else:
                self.selected.append(o.key)
            return
        self.start(EventActivity, event_id=o.event.id, event_occurrence_ts=o.start_ts)

    def row_long_pressed(self, o: Occurrence) -> None:
        if o.key not in self.selected:
            self.selected.append(o.key)

    def action_mode_bar(self, total: int, select_all: Callable[[], Any]) -> View:
        """The commons selection mode bar: "Done", "n / total", Share and Delete."""
        return Row(
            ImageButton("Done", self.finish_selection, icon="arrow_back", id="action_mode_close_button"),
            Text(f"{len(self.selected)} / {total}", id="actionbar_title", clickable=True, focusable=True,
                 on_click=select_all, style="title", weight=1, height=56),
            menu_item("cab_share", "Share", "share", lambda: None),
            menu_item("cab_delete", "Delete", "delete", self.ask_delete_selected),
            id="action_mode_bar", cls="android.view.ViewGroup", height=64, style="toolbar",
        )

    def finish_selection(self) -> None:
        self.selected = []

    def ask_delete_selected(self) -> None:
        self.pending = [list(k) for k in self.selected]
        self.delete_rule = DELETE_SELECTED
        self.dialog = "delete"

    def set_delete_rule(self, rule: int) -> None:
        self.delete_rule = rule

    def pending_repeating(self) -> bool:
        return any(e is not None and e.repeat_interval > 0 for e in (self.app.event(k[0]) for k in self.pending))

    def cancel_delete(self) -> None:
        self.dialog = None
        self.pending = []

    def confirm_delete(self) -> None:
        self.app.delete_occurrences([(k[0], k[1]) for k in self.pending], self.delete_rule)
        self.dialog = None
        self.pending = []
        self.selected = []
