"""Pro Expense: expenses entered and deleted through its screens land in accounting.db; the checks."""

from __future__ import annotations

import pytest

from mobileagent_sim import SimDevice
from mobileagent_sim.apps.expense import parse_amount
from pytest_mobileagent.android.expense import DB_PATH as DB
from pytest_mobileagent.android.expense import Expense
from suites.androidworld.tasks_expense import (
    ExpenseAddMultiple,
    ExpenseDeleteDuplicates2,
    ExpenseDeleteMultiple,
    as_text,
    expenses_now,
)
from tests.screen import elements, find, tap

OCT10 = 1696896000000


def row(name: str, cents: int, category: int = 3, note: str = "Paid by card", when: int = OCT10) -> dict:
    return {"name": name, "amount": cents, "category": category, "note": note, "created_date": when,
            "modified_date": when}


def expense(name: str, cents: int, category: int = 3, note: str = "Paid by card", when: int = OCT10) -> Expense:
    return Expense(**row(name, cents, category, note, when))


def test_amounts_as_typed() -> None:
    assert [parse_amount(t) for t in ("12", "12.5", "$12.50", "1,200.00", "abc", "0")] == [1200, 1250, 1250, 120000,
                                                                                          None, None]


def test_entry_form_writes_cents_and_category(d: SimDevice) -> None:
    d.start_app("com.arduia.expense")
    tap(d, rid="fb_main_add")
    for hint, text in (("Name", "Taxi Fare"), ("Amount", "23.40")):
        tap(d, hint=hint)
        d.input_text(text)
    d.press("back")  # the keyboard
    while not any(e.text == "Transportation" for e in elements(d)):
        d.swipe(540, 1800, 540, 1200)
    tap(d, text="Transportation")
    while not any(e.text == "Save" for e in elements(d)):
        d.swipe(540, 1800, 540, 1200)
    tap(d, text="Save")
    assert d.sqlite(DB, "SELECT name, amount, category FROM expense") == [("Taxi Fare", 2340, 7)]
    assert "$23.40" in [e.text for e in elements(d)]


def test_selection_delete_confirms(d: SimDevice) -> None:
    ExpenseDeleteMultiple({"row_objects": [expense("Coffee", 450)], "noise_row_objects": [expense("Books", 2000)],
                           "order": [0, 1]}).setup(d)
    d.start_app("com.arduia.expense")
    d.long_press(*find(d, text="Coffee").center)
    tap(d, desc="Delete")
    assert {"Delete Items", "1 item ", "will be deleted!"} <= {e.text for e in elements(d)}
    tap(d, text="Confirm")
    assert [r[1] for r in expenses_now(d)] == ["Books"]


def add(d: SimDevice, r: dict) -> None:
    d.sqlite(DB, f"INSERT INTO expense ({', '.join(r)}) VALUES ({', '.join('?' * len(r))})", tuple(r.values()))


@pytest.mark.parametrize("made,expected", [
    (row("Taxi Fare", 2340, 7), 1.0),
    (row("taxi  fare", 2340, 7, note="paid by card"), 1.0),  # case and spacing do not matter
    (row("Taxi Fare", 2340, 7, note="Paid by card."), 0.0),  # one character more (AndroidWorld's fuzzy match let it)
    (row("Taxi Fare", 2341, 7), 0.0),
    (row("Taxi Fare", 2340, 6), 0.0),
    (row("Parking Fees", 2340, 7), 0.0),
])
def test_add_check(d: SimDevice, made: dict, expected: float) -> None:
    task = ExpenseAddMultiple({"row_objects": [expense("Taxi Fare", 2340, 7)],
                               "noise_row_objects": [expense("Coffee", 450)], "text_representation_type": "csv"})
    task.setup(d)
    add(d, made)
    assert task.check(d) == expected


def test_goal_text_shows_dollars_and_category_names() -> None:
    text = as_text([expense("Taxi Fare", 2340, 7)], "csv")
    assert text.splitlines()[1] == "Taxi Fare, $23.40, Transportation, Paid by card"


@pytest.mark.parametrize("deleted,expected", [([1], 1.0), ([2], 1.0), ([1, 2], 0.0), ([3], 0.0)])
def test_duplicates_check(d: SimDevice, deleted: list[int], expected: float) -> None:
    target = expense("Coffee", 450)
    task = ExpenseDeleteDuplicates2({"row_objects": [target, target],
                                     "noise_row_objects": [expense("Coffee", 999, when=OCT10 - 1000),
                                                           expense("Books", 2000)]})
    task.setup(d)
    for expense_id in deleted:
        d.sqlite(DB, "DELETE FROM expense WHERE expense_id = ?", (expense_id,))
    assert task.check(d) == expected
