"""Pro Expense (``com.arduia.expense``): its Room database ``accounting.db`` and the categories it offers."""

from __future__ import annotations

import dataclasses

PACKAGE = "com.arduia.expense"
MAIN_ACTIVITY = f"{PACKAGE}.ui.MainActivity"
DB_NAME = "accounting.db"
DB_PATH = f"/data/data/{PACKAGE}/databases/{DB_NAME}"
SCHEMA = ("CREATE TABLE IF NOT EXISTS `expense` (`expense_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
          "`name` TEXT NOT NULL, `amount` INTEGER NOT NULL, `category` INTEGER NOT NULL, `note` TEXT, "
          "`created_date` INTEGER NOT NULL, `modified_date` INTEGER NOT NULL)")
#: The ``expense`` table's columns, in table order.
COLUMNS = ("expense_id", "name", "amount", "category", "note", "created_date", "modified_date")
#: ``expense.category`` ids and the names the app shows for them.
CATEGORIES = {1: "Others", 2: "Income", 3: "Food", 4: "Housing", 5: "Social", 6: "Entertainment",
              7: "Transportation", 8: "Clothes", 9: "Health Care", 10: "Education", 11: "Donation"}


def dollars(cents: int) -> str:
    """An amount as the app shows it (amounts are stored in cents): ``$12.05``."""
    return f"${cents // 100}.{cents % 100:02d}"



@dataclasses.dataclass(frozen=True)
class Expense:
    """A row of ``expense``, with the fields and defaults of AndroidWorld's ``Expense`` row type, so either serves
    as a task parameter. ``amount`` is in cents; ``expense_id`` is -1 for a row not read from the database."""

    name: str
    amount: int
    category: int = 0
    note: str = ""
    created_date: int = 0
    modified_date: int = 0
    expense_id: int = -1


def as_expense(row: object) -> Expense:
    """A row with an expense's fields (AndroidWorld's ``Expense``, or this one) as an :class:`Expense`."""
    if isinstance(row, Expense):
        return row
    return Expense(**{f.name: getattr(row, f.name) for f in dataclasses.fields(Expense) if hasattr(row, f.name)})


__all__ = ["CATEGORIES", "COLUMNS", "DB_NAME", "DB_PATH", "MAIN_ACTIVITY", "PACKAGE", "SCHEMA", "Expense",
           "as_expense", "dollars"]
