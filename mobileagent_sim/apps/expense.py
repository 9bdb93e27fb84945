"""Pro Expense (``com.arduia.expense``): expenses in its Room database ``accounting.db``.

State is where AndroidWorld reads it: table ``expense`` (``expense_id``, ``name``, ``amount`` in cents,
``category`` 1-11, ``note``, ``created_date`` and ``modified_date`` in epoch ms). Screens follow the layouts of
1.0.0-beta05 (``arduia/ProExpense`` tag ``v1.0.0-beta05``, the build AndroidWorld installs; the contract module's
``EVIDENCE`` cites each id): the expense logs (``frag_expense_logs.xml``: newest first; name, category and date,
amount per ``item_expense_log`` row; no search: 1.0.0-beta05 includes its search box layout nowhere),
long-press selection with Delete (``menu_expense_log.xml``) confirmed on the "Delete Items" bottom sheet
(``frag_delete_confirm_dialog.xml``), and the entry form (the "+" button ``fb_main_add``, which has no content
description: name, amount, category, note, the Save button under them). The app opens on the expense logs; the
real app opens on Home (recent expenses) with the logs one drawer entry away (not simulated).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from mobileagent_sim.app import Activity, App
from mobileagent_sim.views import (
    Button,
    Column,
    Dialog,
    Frame,
    ImageButton,
    RadioGroup,
    Row,
    Scroll,
    Text,
    Toolbar,
    View,
)
from pytest_mobileagent.android.expense import CATEGORIES, MAIN_ACTIVITY, PACKAGE, SCHEMA, dollars
from pytest_mobileagent.android.expense import DB_NAME as DB


def parse_amount(text: str) -> int | None:
    """Cents from what was typed ("12", "12.5", "12.50", "$12.50"), or None."""
    text = text.strip().lstrip("$").replace(",", "")
    try:
        value = float(text)
    except ValueError:
        return None
    return round(value * 100) if value > 0 else None


class ExpenseActivity(Activity):
    """The list, and the entry form on top of it."""

    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.selected: list[int] = []
        self.editing = False
        self.category = 1

    def rows(self) -> list[tuple[Any, ...]]:
        with self.app.db(DB) as db:
            return db.execute("SELECT expense_id, name, amount, category, note, created_date FROM expense "
                              "ORDER BY created_date DESC, expense_id DESC").fetchall()

    def build(self) -> View:
        if self.editing:
            return self.build_form()
        items = [self.row(r) for r in self.rows()]
        if self.selected:
            bar = Toolbar(f"{len(self.selected)} selected", id="tb_expense", actions=[
                ImageButton("Delete", self.ask_delete, icon="delete", id="delete")])
            bar.children.insert(0, ImageButton("Done", self.clear_selection, icon="arrow_back"))  # ic_back
        else:
            bar = Toolbar("Expense Logs", id="tb_expense")
        listing = Scroll(*items, id="rv_expense", weight=1) if items else Column(
            Text("No Expense Logs", id="tv_no_expense_logs", style="item-title"),
            Text("There is no expense logs.\n Please start adding your expense.", id="tv_no_expense_description"),
            id="layout_no_data", weight=1, padding=24)
        return Frame(Column(bar, listing),
                     Column(View(weight=1), Row(View(weight=1), ImageButton("", self.new, icon="add",
                                                                             id="fb_main_add", width=56,
                                                                             height=56, style="fab"), height=72)))

    def row(self, r: tuple[Any, ...]) -> View:
        expense_id, name, amount, category, _note, created = r
        day = dt.datetime.fromtimestamp(created / 1000, dt.timezone.utc)
        return Row(Column(Text(name, id="tv_name", style="item-title", height=28),
                          Text(f"{CATEGORIES.get(category, 'Others')} · {day:%b} {day.day}", id="tv_date",
                               style="item-summary", height=24), weight=1),
                   Text(dollars(amount), id="tv_amount", width=110),
                   id="cd_expense", clickable=True, focusable=True, long_clickable=True, height=72, padding=8,
                   selected=expense_id in self.selected, on_click=lambda i=expense_id: self.tapped(i),
                   on_long_click=lambda i=expense_id: self.toggle(i))

    # -- list ------------------------------------------------------------------------------------

    def tapped(self, expense_id: int) -> None:
        if self.selected:
            self.toggle(expense_id)

    def toggle(self, expense_id: int) -> None:
        if expense_id in self.selected:
            self.selected.remove(expense_id)
        else:
            self.selected.append(expense_id)

    def clear_selection(self) -> None:
        self.selected = []

    def ask_delete(self) -> None:
        self.dialog = "delete"

    def build_dialog(self, name: str) -> View:
        n = len(self.selected)
        return Dialog("", Text("Delete Items", id="tv_delete_item", style="title"),
                      Row(Text(f"{n} item{'s' if n != 1 else ''} ", id="tv_items"),
                          Text("will be deleted!", id="tv_delete_description")),
                      Button("Confirm", self.delete, id="btn_confirm"), id="design_bottom_sheet")

    def delete(self) -> None:
        with self.app.db(DB) as db:
            db.executemany("DELETE FROM expense WHERE expense_id = ?", [(i,) for i in self.selected])
        self.log("ExpenseRepository", f"deleted {len(self.selected)} expense(s)")
        self.selected, self.dialog = [], None

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.editing:
            self.editing = False
            return True
        if self.selected:
            self.selected = []
            return True
        return False

    # -- the entry form --------------------------------------------------------------------------

    def new(self) -> None:
        self.editing, self.category = True, 1
        for key in ("edt_name", "edt_amount", "edt_note"):
            self.fields[key] = ""

    def build_form(self) -> View:
        return Column(
            Toolbar("Expense Entry", navigate_up=self.close_form),
            Scroll(self.field("edt_name", hint="Name"), self.field("edt_amount", hint="Amount"),
                   Text("Category", style="item-summary", height=32),
                   RadioGroup(list(CATEGORIES.values()), CATEGORIES[self.category], self.set_category,
                              id="rv_category"),
                   self.field("edt_note", hint="Note", multiline=True), Button("Save", self.save, id="btn_save"),
                   id="sv_entry", cls="androidx.core.widget.NestedScrollView", weight=1))

    def set_category(self, label: str) -> None:
        self.category = next(i for i, n in CATEGORIES.items() if n == label)

    def close_form(self) -> None:
        self.editing = False

    def save(self) -> None:
        name = self.fields.get("edt_name", "").strip()
        amount = parse_amount(self.fields.get("edt_amount", ""))
        if not name or amount is None:
            self.toast("Please fill the name and a valid amount")
            return
        now = self.system.clock.millis()
        with self.app.db(DB) as db:
            db.execute("INSERT INTO expense (name, amount, category, note, created_date, modified_date) "
                       "VALUES (?, ?, ?, ?, ?, ?)", (name, amount, self.category, self.fields.get("edt_note", ""),
                                                   now, now))
        self.toast("Saved")
        self.editing = False
        self.system.clear_focus(self)


class ExpenseApp(App):
    package = PACKAGE
    label = "Pro Expense"
    icon = "payments"
    activities = (ExpenseActivity,)
    uid = 10070

    def install(self) -> None:
        with self.db(DB) as db:
            db.execute(SCHEMA)


__all__ = ["ExpenseActivity", "ExpenseApp", "parse_amount"]
