"""The calendar's main screen: the month, day, week, year and list views, search, and selection."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from mobileagent_sim.app import App, Intent
from mobileagent_sim.apps.calendar.event_activity import EventActivity
from mobileagent_sim.apps.calendar.event_rows import EventRows
from mobileagent_sim.apps.calendar.model import (
    ACTIVITIES,
    DAILY_VIEW,
    DELETE_SELECTED,
    EVENTS_LIST_VIEW,
    FETCH_INTERVAL,
    LIST_PAST,
    MIN_EVENTS_THRESHOLD,
    MONTHLY_DAILY_VIEW,
    MONTHLY_VIEW,
    MONTHS,
    VIEWS,
    WEEKDAYS,
    WEEKLY_VIEW,
    YEARLY_VIEW,
    Occurrence,
    add_months,
    date_text,
    day_of,
    grid_start,
    month_label,
    month_start,
    sort_key,
    ts_of,
    week_start,
)
from mobileagent_sim.apps.calendar.widgets import (
    PickerMixin,
    delete_event_dialog,
    image,
    menu_item,
    overflow,
    radio_dialog,
)
from mobileagent_sim.views import (
    Column,
    EditText,
    Frame,
    ImageButton,
    Row,
    Scroll,
    Space,
    Text,
    View,
)
from pytest_mobileagent.android.calendar import (
    DAY,
    YEAR,
)


class MainActivity(EventRows, PickerMixin):
    """The calendar: the search bar and menu, one of the views, and the "New Event" button."""

    name = f"{ACTIVITIES}.MainActivity"
    exported = True

    def __init__(self, app: App, intent: Intent):
        super().__init__(app, intent)
        today = self.app.today.isoformat()
        #: The fragments shown, bottom first (``currentFragments``): the stored view, then a day opened from it.
        self.fragments: list[dict[str, Any]] = [{"view": self.app.stored_view(), "day": today}]
        self.fab_open = False
        self.search_open = False
        self.selected: list[list[int]] = []
        self.pending: list[list[int]] = []
        self.delete_rule = DELETE_SELECTED
        self.picker: dict[str, Any] | None = None
        #: The period the event list has fetched (``minFetchedTS``/``maxFetchedTS``), set when it is first shown.
        self.list_period: list[int] | None = None

    @property
    def top(self) -> dict[str, Any]:
        return self.fragments[-1]

    @property
    def shown_day(self) -> dt.date:
        return dt.date.fromisoformat(self.top["day"])

    def on_resume(self) -> None:
        self.selected = []
        self.fab_open = False

    # -- screen ----------------------------------------------------------------------------------------

    def build(self) -> View:
        view = self.top["view"]
        body = {MONTHLY_VIEW: self.month_fragment, DAILY_VIEW: self.day_fragment,
                EVENTS_LIST_VIEW: self.list_fragment, MONTHLY_DAILY_VIEW: self.month_day_fragment,
                WEEKLY_VIEW: self.week_fragment, YEARLY_VIEW: self.year_fragment}[view]()
        pager = {MONTHLY_VIEW: "fragment_months_viewpager", DAILY_VIEW: "fragment_days_viewpager",
                 MONTHLY_DAILY_VIEW: "fragment_month_days_viewpager", WEEKLY_VIEW: "week_view_view_pager",
                 YEARLY_VIEW: "fragment_years_viewpager"}.get(view)
        if pager:
            body = View(cls="androidx.viewpager.widget.ViewPager", id=pager, children=[body], orientation="stack",
                        clickable=True, focusable=True)
        content = Column(Frame(body, id="fragments_holder", weight=1), id="swipe_refresh_layout", weight=1)
        query = self.fields.get("top_toolbar_search", "")
        layers: list[View | None] = [Column(self.top_bar(), content, id="main_holder")]
        if query:  # over the calendar, under the search bar
            layers.append(Column(Space(64), Column(self.search_holder(query), id="search_holder", clickable=True,
                                                   focusable=True, weight=1)))
        elif view not in (WEEKLY_VIEW, YEARLY_VIEW):
            layers.append(self.fab_layer())
        return Frame(*layers, id="main_coordinator", cls="androidx.coordinatorlayout.widget.CoordinatorLayout")

    def top_bar(self) -> View:
        if self.selected:
            return self.action_mode_bar(len(self.selection_pool()), self.select_all)
        arrow = len(self.fragments) > 1 or self.search_open
        actions = [menu_item("go_to_today", "Go to today", "today", self.go_to_today) if self.away_from_today()
                   else None,
                   menu_item("change_view", "Change view", "apps", lambda: setattr(self, "dialog", "view")),
                   overflow(lambda: self.open_menu("main"))]
        return View(cls="com.google.android.material.appbar.AppBarLayout", id="top_app_bar_layout", height=64,
                    children=[Row(
                        image("top_toolbar_search_icon", "arrow_back" if arrow else "search", self.search_icon),
                        EditText("top_toolbar_search", self.fields.get("top_toolbar_search", ""), self.search_typed,
                                 hint="Search", on_click=self.open_search, weight=1, height=48),
                        *[a for a in actions if a is not None],
                        id="top_toolbar_holder", cls="android.widget.RelativeLayout", height=64, padding=8)])

    def fab_layer(self) -> View:
        fab = ImageButton("New Event", self.fab_clicked, icon="today" if self.fab_open else "add",
                          id="calendar_fab", width=56, height=56, style="fab")
        rows: list[View] = []
        if self.fab_open:
            rows.append(Row(View(weight=1), Text("Task", id="fab_task_label", clickable=True, focusable=True,
                                                  on_click=self.close_fab, width=96, height=48),
                            image("fab_task_icon", "task_alt", self.close_fab, size=56), height=72, padding=8))
            rows.append(Row(View(weight=1), Text("Event", id="fab_event_label", clickable=True, focusable=True,
                                                  on_click=self.open_new_event, width=96, height=56),
                            fab, height=88, padding=16))
        else:
            rows.append(Row(View(weight=1), fab, height=88, padding=16))
        column = Column(View(weight=1), *rows)
        if not self.fab_open:
            return column
        overlay = View(cls="android.widget.RelativeLayout", id="fab_extended_overlay", clickable=True,
                       focusable=True, on_click=self.close_fab)
        return Frame(overlay, column)

    def top_navigation(self, label: str, prev: Callable[[], Any], nxt: Callable[[], Any]) -> View:
        return Row(image("top_left_arrow", "chevron_left", prev),
                   Text(label, id="top_value", desc=label, clickable=True, focusable=True,
                        on_click=self.ask_go_to_date, style="title", weight=1, height=56),
                   image("top_right_arrow", "chevron_right", nxt), height=56)

    # monthly view

    def month_fragment(self) -> View:
        day = self.shown_day
        return Column(self.top_navigation(month_label(day, self.app.today), lambda: self.move(-1),
                                          lambda: self.move(1)),
                      self.month_grid(day, self.open_day, "month_view_wrapper", weight=1),
                      id="month_calendar_holder", cls="android.widget.RelativeLayout")

    def month_grid(self, month: dt.date, on_day: Callable[[dt.date], Any], id: str, **kw: Any) -> View:
        """The drawn month (``month_view``) under its 42 clickable day cells (``month_view_background``)."""
        first = grid_start(month)
        days = [first + dt.timedelta(days=i) for i in range(42)]
        by_day: dict[dt.date, list[str]] = {}
        for o in sorted(self.app.occurrences(ts_of(days[0]), ts_of(days[-1]) + DAY - 1), key=sort_key):
            for i in range((day_of(max(o.end_ts - 1, o.start_ts)) - day_of(o.start_ts)).days + 1):
                by_day.setdefault(day_of(o.start_ts) + dt.timedelta(days=i), []).append(o.event.title)
        letters = Row(*[Text(n[0], style="caption", weight=1, height=24) for n in ("S", "M", "T", "W", "T", "F", "S")],
                      height=24)
        drawn = Column(letters, *[
            Row(*[Column(Text(str(d.day), style="caption" if d.month != month.month else "item-title", height=22),
                         *[Text(t, style="event-label", height=16) for t in by_day.get(d, [])],
                         weight=1, cls="android.view.View")
                  for d in days[w * 7:w * 7 + 7]], weight=1)
            for w in range(6)], id="month_view", cls="android.view.View")
        cells = Column(Space(24), *[
            Row(*[View(cls="android.view.View", id="month_view_background", clickable=True, focusable=True,
                       weight=1, on_click=lambda d=d: on_day(d))
                  for d in days[w * 7:w * 7 + 7]], weight=1)
            for w in range(6)])
        return Frame(drawn, cells, id=id, **kw)

    # daily view

    def day_fragment(self) -> View:
        day = self.shown_day
        items = self.day_occurrences(day)
        rows = [self.event_row(o, day) for o in items]
        return Column(self.top_navigation(date_text(day, self.app.today), lambda: self.move(-1),
                                          lambda: self.move(1)),
                      Scroll(*rows, id="day_events", weight=1),
                      id="day_holder", cls="android.widget.RelativeLayout")

    def day_occurrences(self, day: dt.date) -> list[Occurrence]:
        """Events overlapping the day (``getDayStartTS``..``getDayEndTS``, which ends at 23:59)."""
        return sorted(self.app.occurrences(ts_of(day), ts_of(day) + DAY - 60), key=sort_key)

    # simple event list

    def list_fragment(self) -> View:
        if self.list_period is None:  # a day back to six months ahead, three more months if that is quiet
            now = self.app.now_ts
            ahead = add_months(self.app.today, 6) or month_start(self.app.today, 7) - dt.timedelta(days=1)
            self.list_period = [now - LIST_PAST, ts_of(ahead) + now % DAY]
            if len(self.app.occurrences(*self.list_period)) < MIN_EVENTS_THRESHOLD:
                self.list_period[1] += FETCH_INTERVAL
        items = sorted(self.app.occurrences(*self.list_period), key=sort_key)
        if not items:
            return Column(Text("No upcoming events.", id="calendar_empty_list_placeholder", style="item-summary",
                               padding=16),
                          Text("Create a new event", id="calendar_empty_list_placeholder_2", clickable=True,
                               focusable=True, on_click=self.open_new_event, style="primary", padding=16),
                          View(weight=1), id="calendar_events_list_holder")
        return Column(Scroll(*self.sectioned(items), id="calendar_events_list", weight=1),
                      id="calendar_events_list_holder", cls="android.widget.RelativeLayout")

    def sectioned(self, items: list[Occurrence]) -> list[View]:
        """Rows under month headers ("October") and day headers ("16 Monday") (``getEventListItems``)."""
        rows: list[View] = []
        month, day = "", None
        for o in items:
            start = day_of(o.start_ts)
            label = month_label(start, self.app.today)
            if label != month:
                rows.append(Text(label, id="event_section_title", style="headline", height=56))
                month = label
            if start != day:
                rows.append(Text(f"{start.day} {WEEKDAYS[start.weekday()]}", id="event_section_title",
                                 style="item-summary", height=32))
                day = start
            rows.append(self.event_row(o, None))
        return rows

    # monthly and daily view

    def month_day_fragment(self) -> View:
        day = self.shown_day
        items = self.day_occurrences(day)
        listing: View = (Scroll(*[self.event_row(o, day) for o in items], id="month_day_events_list",
                                weight=1) if items else
                         Text("No items found.", id="month_day_no_events_placeholder", style="item-summary",
                              padding=16))
        return Column(
            self.top_navigation(month_label(day, self.app.today), lambda: self.move(-1), lambda: self.move(1)),
            self.month_grid(day, self.select_day, "month_day_view_wrapper", height=360),
            View(cls="android.widget.ImageView", id="month_day_view_divider", height=1),
            Column(Text(date_text(day, self.app.today), id="month_day_selected_day_label", style="item-title",
                        height=40), listing, id="month_day_list_holder", weight=1),
            id="month_day_calendar_holder")

    # weekly and yearly views (simplified)

    def week_fragment(self) -> View:
        day = self.shown_day
        first = week_start(day)
        letters: list[View] = []
        columns: list[View] = []
        for i in range(7):
            d = first + dt.timedelta(days=i)
            blocks = [Text(o.event.title, id="week_event_label", clickable=True, focusable=True, style="event-label",
                           on_click=lambda o=o: self.start(EventActivity, event_id=o.event.id,
                                                           event_occurrence_ts=o.start_ts), height=40)
                      for o in self.day_occurrences(d)]
            letters.append(Text(f"{WEEKDAYS[d.weekday()][0]}\n{d.day}", style="caption", weight=1, height=48))
            columns.append(Column(*blocks, weight=1))
        # fragment_week.xml: the day letters (weekly_view_day_letter.xml, no id) in week_letters_holder above the
        # columns (weekly_view_day_column.xml, no id) of week_events_columns_holder
        return Column(Row(Text(month_label(first, self.app.today), id="week_view_month_label", style="title",
                               weight=1, height=48), height=48),
                      Row(*letters, id="week_letters_holder", height=48),
                      Row(*columns, id="week_events_columns_holder", weight=1), id="week_holder")

    def year_fragment(self) -> View:
        year = self.shown_day.year
        holders = [Column(Text(MONTHS[m], id=f"month_{m + 1}_label", style="item-title", height=32),
                          View(cls="android.view.View", id=f"month_{m + 1}", weight=1),
                          id=f"month_{m + 1}_holder", clickable=True, focusable=True, weight=1,
                          on_click=lambda m=m: self.open_month(dt.date(year, m + 1, 1)))
                   for m in range(12)]
        return Column(self.top_navigation(str(year), lambda: self.move(-1), lambda: self.move(1)),
                      *[Row(*holders[r * 3:r * 3 + 3], weight=1) for r in range(4)], id="calendar_holder")

    # search

    def search_holder(self, query: str) -> View:
        if len(query) < 2:
            return Column(Text("No items found.", id="search_placeholder", style="item-summary", padding=16),
                          Text("Type in at least 2 characters to start the search.", id="search_placeholder_2",
                               style="item-summary", padding=16), View(weight=1))
        now = self.app.now_ts
        items = sorted(self.app.occurrences(now - 2 * YEAR, now + 2 * YEAR, query=query), key=sort_key)
        if not items:
            return Column(Text("No items found.", id="search_placeholder", style="item-summary", padding=16),
                          View(weight=1))
        return Scroll(*self.sectioned(items), id="search_results_list", weight=1)

    # -- dialogs and menus -----------------------------------------------------------------------------

    def build_dialog(self, name: str) -> View:
        if name == "view":
            labels = dict(VIEWS)
            return radio_dialog(list(labels.values()), labels[self.fragments[0]["view"]], self.change_view)
        if name == "picker":
            return self.picker_dialog(self.go_to_picked_date)
        if name == "delete":
            return delete_event_dialog(self.delete_rule, self.set_delete_rule, self.cancel_delete,
                                       self.confirm_delete, self.pending_repeating(), len(self.pending) > 1)
        raise NotImplementedError(name)

    def menu_items(self, name: str) -> list[tuple[str, Callable[[], Any]]]:
        view = self.top["view"]
        items: list[tuple[str, Callable[[], Any]]] = []
        if view != EVENTS_LIST_VIEW:
            items.append(("Go to date", self.ask_go_to_date))
        if view != MONTHLY_DAILY_VIEW:
            items.append(("Print", self.close_menu))
        for label in ("Add holidays", "Add contact birthdays", "Add contact anniversaries",
                      "Import events from an .ics file", "Export events to an .ics file", "Settings", "About"):
            items.append((label, self.close_menu))
        return items

    # -- actions ---------------------------------------------------------------------------------------

    def selection_pool(self) -> list[Occurrence]:
        view = self.top["view"]
        if self.fields.get("top_toolbar_search"):
            now = self.app.now_ts
            return self.app.occurrences(now - 2 * YEAR, now + 2 * YEAR, query=self.fields["top_toolbar_search"])
        if view == EVENTS_LIST_VIEW and self.list_period:
            return self.app.occurrences(*self.list_period)
        return self.day_occurrences(self.shown_day)

    def select_all(self) -> None:
        self.selected = [o.key for o in self.selection_pool()]

    def away_from_today(self) -> bool:
        view, day, today = self.top["view"], self.shown_day, self.app.today
        if view in (MONTHLY_VIEW, MONTHLY_DAILY_VIEW):
            return (day.year, day.month) != (today.year, today.month)
        if view == YEARLY_VIEW:
            return day.year != today.year
        if view == WEEKLY_VIEW:
            return week_start(day) != week_start(today)
        return view == DAILY_VIEW and day != today

    def go_to_today(self) -> None:
        self.top["day"] = self.app.today.isoformat()
        self.view_state.pop(("scroll", "day_events"), None)

    def move(self, delta: int) -> None:
        """The arrows and swipes: a month, day, week or year back or forward."""
        view, day = self.top["view"], self.shown_day
        if view in (MONTHLY_VIEW, MONTHLY_DAILY_VIEW):
            target = month_start(day, delta)
        elif view == YEARLY_VIEW:
            target = dt.date(day.year + delta, 1, 1)
        else:
            target = day + dt.timedelta(days=7 * delta if view == WEEKLY_VIEW else delta)
        self.top["day"] = target.isoformat()
        self.view_state.pop(("scroll", "day_events"), None)

    def on_swipe(self, direction: str) -> bool:
        view = self.top["view"]
        if direction in ("left", "right") and view != EVENTS_LIST_VIEW:
            self.move(1 if direction == "left" else -1)
            return True
        if direction == "down" and view == EVENTS_LIST_VIEW and self.list_period is not None:
            self.list_period[0] -= FETCH_INTERVAL  # scrolled to the top: fetch the previous period
            return True
        return False

    def open_day(self, day: dt.date) -> None:
        """``openDayFromMonthly``: the day on top of the month; back returns."""
        self.fragments.append({"view": DAILY_VIEW, "day": day.isoformat()})
        self.view_state.pop(("scroll", "day_events"), None)

    def open_month(self, day: dt.date) -> None:
        self.fragments.append({"view": MONTHLY_VIEW, "day": day.isoformat()})

    def select_day(self, day: dt.date) -> None:
        self.top["day"] = day.isoformat()

    def change_view(self, label: str) -> None:
        view = next(v for v, name in VIEWS if name == label)
        self.dialog = None
        self.app.put_prefs(view=view)
        self.fragments = [{"view": view, "day": self.app.today.isoformat()}]
        self.list_period = None
        self.close_search()

    def ask_go_to_date(self) -> None:
        self.menu = None
        self.open_picker("date", "go_to", dt.datetime.combine(self.shown_day, dt.time(), dt.timezone.utc))

    def go_to_picked_date(self) -> None:
        self.top["day"] = self.picked.date().isoformat()
        self.close_picker()

    def fab_clicked(self) -> None:
        if self.fab_open:
            self.open_new_event()
        else:
            self.fab_open = True  # tasks are allowed: the button first offers "Event" and "Task"

    def close_fab(self) -> None:
        self.fab_open = False

    def open_new_event(self) -> None:
        """``launchNewEventIntent``: a new event at the next full hour of the shown day (or today)."""
        self.fab_open = False
        view = self.top["view"]
        if view in (DAILY_VIEW, MONTHLY_DAILY_VIEW) or (view == MONTHLY_VIEW and self.away_from_today()):
            day = self.shown_day if view != MONTHLY_VIEW else self.shown_day.replace(day=1)
        else:
            day = self.app.today
        now = self.system.clock.now
        start = ts_of(day, now.hour) + 3600
        if view in (DAILY_VIEW, MONTHLY_DAILY_VIEW) and day_of(start) != day:
            start -= DAY  # the day view keeps the event on its day
        self.start(EventActivity, new_event_start_ts=start)

    def open_search(self) -> None:
        self.search_open = True

    def search_typed(self, text: str) -> None:
        self.fields["top_toolbar_search"] = text
        self.selected = []

    def search_icon(self) -> None:
        if self.search_open:
            self.close_search()
        elif len(self.fragments) > 1:
            self.remove_top_fragment()

    def close_search(self) -> None:
        self.search_open = False
        self.fields["top_toolbar_search"] = ""
        self.system.clear_focus(self)

    def remove_top_fragment(self) -> None:
        self.fragments.pop()
        self.selected = []

    def on_back(self) -> bool:
        if super().on_back():
            self.picker = None
            return True
        if self.selected:
            self.selected = []
            return True
        if self.search_open or self.fields.get("top_toolbar_search"):
            self.close_search()
            return True
        if self.fab_open:
            self.fab_open = False
            return True
        if len(self.fragments) > 1:
            self.remove_top_fragment()
            return True
        return False
