"""AndroidWorld's Pro Expense families: add expenses (from the goal, a Markor file or a photo), delete named
or duplicate ones.

The parameters are AndroidWorld's (``generate_random_params()``): ``row_objects`` (the expenses to add, to delete,
or the duplicated pair) and ``noise_row_objects`` (the other rows), each an
:class:`~pytest_mobileagent.android.expense.Expense` or AndroidWorld's own ``Expense``, with
``text_representation_type`` where AndroidWorld has it. The project's extras derive from them: the goal's text
(``expenses``, ``expense``, ``name``, ``amount``) and ``order``, the shuffle of the rows setup inserts (drawn where
AndroidWorld's dict has none).

Setup replaces the ``expense`` table with the task's rows in a known order. Checks compare the
table with that seed, as AndroidWorld's integrity checks do: exactly the expected rows added
(name and note fuzzily, amount in cents and category exactly) or removed, every other row unchanged.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android.expense import CATEGORIES, COLUMNS, DB_PATH, PACKAGE, Expense, as_expense, dollars
from pytest_mobileagent.android.media import jpeg_with_text
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.oracle import UI, OracleError
from pytest_mobileagent.tasks.rows import RowsTask
from pytest_mobileagent.validators.answers import text_matches
from pytest_mobileagent.validators.state import insert_rows, table_rows

NAMES = {1: ("Pet Supplies", "Stationery", "Household Items", "Phone Repair"),
         2: ("Salary", "Freelance Payment", "Dividends", "Tax Refund"),
         3: ("Groceries", "Coffee", "Bakery Items", "Food Delivery", "Lunch with Team"),
         4: ("Rent Payment", "Utilities", "Home Insurance", "Cleaning Services"),
         5: ("Dinner Party", "Wedding Gift", "Birthday Present", "Event Tickets"),
         6: ("Concert Tickets", "Streaming Services", "Books", "Museum Tickets"),
         7: ("Taxi Fare", "Gas", "Parking Fees", "Train Tickets"),
         8: ("New Jacket", "Shoes", "Sportswear", "Tailoring Services"),
         9: ("Medications", "Dental Care", "Gym Membership", "Eyecare"),
         10: ("Online Courses", "Textbooks", "Workshops", "School Supplies"),
         11: ("Charity", "Fundraising Events", "Crowdfunding", "Food Bank")}
NOTES = ("Paid by card", "Split with roommate", "Monthly", "Keep the receipt", "Paid in cash", "Annual plan",
         "For the trip", "Client meeting")
OCT1_MS = 1696118400000  # 2023-10-01 00:00 UTC
DAY_MS = 86_400_000


@st.composite
def expense(draw: Any) -> Expense:
    """An expense this month, up to today (October 15), between $10 and $500."""
    category = draw(st.sampled_from(sorted(CATEGORIES)))
    when = OCT1_MS + draw(st.integers(0, 14)) * DAY_MS + draw(st.integers(8, 20)) * 3_600_000
    return Expense(name=draw(st.sampled_from(NAMES[category])), amount=draw(st.integers(1000, 50000)),
                   category=category, note=draw(st.sampled_from(NOTES)), created_date=when, modified_date=when)


def distinct_expenses(n: int, exclude: frozenset[str] = frozenset()) -> st.SearchStrategy[list[Expense]]:
    return st.lists(expense().filter(lambda e: e.name not in exclude), min_size=n, max_size=n,
                    unique_by=lambda e: e.name)


def as_text(rows: list[Any], style: str) -> str:
    """Expenses as a goal or a file states them: CSV with a header, or labelled blocks."""
    rows = [as_expense(r) for r in rows]
    if style == "csv":
        return "\n".join(["name, amount_dollars, category_name, note",
                          *(f"{r.name}, {dollars(r.amount)}, {CATEGORIES[r.category]}, {r.note}" for r in rows)])
    return "\n\n".join(f"Name: {r.name}\nAmount: {dollars(r.amount)}\nCategory: {CATEGORIES[r.category]}\n"
                       f"Note: {r.note}" for r in rows)


def seed(device: Device, rows: list[Any]) -> list[tuple[Any, ...]]:
    device.stop_app(PACKAGE)
    device.sqlite(DB_PATH, "DELETE FROM expense")
    insert_rows(device, DB_PATH, "expense", [{"expense_id": i + 1, **{c: getattr(as_expense(r), c)
                                                                      for c in COLUMNS[1:]}}
                                             for i, r in enumerate(rows)])
    return expenses_now(device)


def shuffled(rows: list[Any], order: list[int] | None) -> list[Any]:
    """``rows`` in the draw's ``order`` (as given without one)."""
    return [rows[i] for i in order] if order and len(order) == len(rows) else list(rows)


def expenses_now(device: Device) -> list[tuple[Any, ...]]:
    return sorted(table_rows(device, DB_PATH, "expense", ", ".join(COLUMNS)))


def only_removed(before: list[tuple[Any, ...]], after: list[tuple[Any, ...]], ids: set[int]) -> bool:
    return after == [r for r in before if r[0] not in ids]


class _ExpenseTask(RowsTask):
    __abstract__ = True
    apps = ("pro expense",)
    complexity = 2

    def targets(self) -> list[Expense]:
        return [as_expense(r) for r in self.params["row_objects"]]

    def describe_state(self, device: Device) -> str:
        return "expenses: " + "; ".join(f"{r[0]} {r[1]!r} {dollars(r[2])}" for r in expenses_now(device))


# -- adding -------------------------------------------------------------------------------------------


class _ExpenseAdd(_ExpenseTask):
    __abstract__ = True
    template = "Add the following expenses into the arduia pro expense: {expenses}"
    complexity = 3
    n_rows = 3
    n_noise = 10

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            targets = d(distinct_expenses(cls.n_rows))
            noise = d(distinct_expenses(cls.n_noise, frozenset(t.name for t in targets)))
            return {"row_objects": targets, "noise_row_objects": noise,
                    "text_representation_type": d(st.sampled_from(("csv", "text_block")))}
        return draw()

    @classmethod
    def inserted(cls, params: dict[str, Any]) -> list[Any]:
        return list(params["noise_row_objects"])

    @classmethod
    def goal_text(cls, params: dict[str, Any]) -> dict[str, str]:
        text = as_text(params["row_objects"], params.get("text_representation_type", "csv"))
        return {"expenses": text, "expense": text}

    def setup(self, device: Device) -> None:
        self.before = seed(device, shuffled(self.params["noise_row_objects"], self.params["order"]))

    def wanted(self) -> list[Expense]:
        return self.targets()

    def check(self, device: Device, answer: str | None = None) -> float:
        after = expenses_now(device)
        known = {r[0] for r in self.before}
        if [r for r in after if r[0] in known] != self.before:
            return 0.0
        new = [dict(zip(COLUMNS, r)) for r in after if r[0] not in known]
        left = list(self.wanted())
        if len(new) != len(left):
            return 0.0
        for row in new:
            hit = next((t for t in left if text_matches(row["name"], t.name) and row["amount"] == t.amount
                        and row["category"] == t.category and text_matches(row["note"] or "", t.note)), None)
            if hit is None:
                return 0.0
            left.remove(hit)
        return 1.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Pro Expense")
        for e in self.wanted():
            yield ui.click(rid="fb_main_add")
            yield ui.type(e.name, hint="Name")
            amount = f"{e.amount / 100:.2f}"  # a third decimal, or a dropped trailing zero, is the same amount
            yield ui.tolerate(ui.type(amount, hint="Amount"), "accounting.db keeps integer cents",
                              "text:append", *(("text:drop",) if amount.endswith("0") else ()))
            yield from ui.scroll_to(text=CATEGORIES[e.category], container={"rid": "sv_entry"})
            if not ui.exists(text=CATEGORIES[e.category], checked=True):  # the form preselects a category
                yield ui.click(text=CATEGORIES[e.category])
            yield from ui.scroll_to(hint="Note", container={"rid": "sv_entry"})
            yield ui.type(e.note, hint="Note")
            yield ui.click(text="Save", rid="btn_save")
        yield ui.complete()


class ExpenseAddSingle(_ExpenseAdd):
    template = "Add the following expenses into the arduia pro expense: {expense}"
    difficulty = "easy"
    tags = ("parameterized", "data_entry", "search")
    optimal_steps = 6
    n_rows = 1


class ExpenseAddMultiple(_ExpenseAdd):
    difficulty = "medium"
    tags = ("data_entry", "parameterized")
    complexity = 4
    optimal_steps = 20


MARKOR_NOTEBOOK = "/sdcard/Documents/Markor"


class ExpenseAddMultipleFromMarkor(_ExpenseAdd):
    """``my_expenses.txt`` lists many transactions; only those marked reimbursable are to be logged, as the file
    states them but for the mark (AndroidWorld's rows: the note without ". Reimbursable."). The other rows of the
    file are also the app's rows, as in AndroidWorld."""

    template = ("Go through the transactions in my_expenses.txt in Markor. Log the reimbursable transactions in the "
                "arduia pro expense.")
    apps = ("pro expense", "markor")
    difficulty = "hard"
    tags = ("transcription", "repetition", "multi_app", "data_entry", "memorization", "parameterized")
    complexity = 3
    optimal_steps = 15
    n_rows = 2
    n_noise = 10

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            targets = d(distinct_expenses(2))
            in_file = d(st.lists(expense(), min_size=30, max_size=30))
            return {"row_objects": targets, "noise_row_objects": in_file, "text_representation_type": "csv",
                    "order": d(st.permutations(list(range(32))))}
        return draw()

    @classmethod
    def inserted(cls, params: dict[str, Any]) -> list[Any]:
        return list(params["row_objects"]) + list(params["noise_row_objects"])  # the file's order

    def setup(self, device: Device) -> None:
        self.before = seed(device, self.params["noise_row_objects"])
        marked = [dataclasses.replace(t, note=f"{t.note}. Reimbursable.") for t in self.targets()]
        rows = shuffled(marked + list(self.params["noise_row_objects"]), self.params["order"])
        if device.exists(MARKOR_NOTEBOOK):
            for name in device.list_dir(MARKOR_NOTEBOOK):
                device.remove(f"{MARKOR_NOTEBOOK}/{name}")
        device.write_file(f"{MARKOR_NOTEBOOK}/my_expenses.txt", (as_text(rows, "csv") + "\n").encode())

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from ui.reading(lambda: ui.open_app("Markor"), lambda: ui.click(text="my_expenses.txt"), ui.back)
        yield from super().oracle(ui)


class ExpenseAddMultipleFromGallery(_ExpenseAdd):
    """The expenses are only in a photo, ``DCIM/expenses.jpg``, among older expense photos."""

    template = "Add the expenses from expenses.jpg in Simple Gallery Pro to pro expense."
    apps = ("pro expense", "simple gallery pro")
    difficulty = "hard"
    tags = ("multi_app", "screen_reading", "data_entry", "information_retrieval", "parameterized")
    complexity = 4
    optimal_steps = 10
    multimodal = True

    def setup(self, device: Device) -> None:
        super().setup(device)
        for name in device.list_dir("/sdcard/DCIM"):
            device.remove(f"/sdcard/DCIM/{name}")
        device.write_file("/sdcard/DCIM/expenses.jpg",
                          jpeg_with_text(as_text(self.targets(), "text_block").splitlines(), wrap=46))
        for i in range(3):
            old = as_text(self.params["noise_row_objects"][i * 3:i * 3 + 3], "text_block").splitlines()
            device.write_file(f"/sdcard/DCIM/old_expenses_{i}.jpg", jpeg_with_text(old, wrap=46))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from ui.reading(lambda: ui.open_app("Simple Gallery Pro"), lambda: ui.click(text="DCIM"),
                              lambda: ui.click(text="expenses.jpg"))
        yield from super().oracle(ui)


# -- deleting -----------------------------------------------------------------------------------------


def listed(ui: UI, name: str, amount: str) -> list[tuple[int, Any]]:
    """The (index, element) of each listed row's name with this name and amount, in list order."""
    amounts = [el for _, el in ui.find_all(rid="tv_amount")]
    found = []
    for j, el in ui.find_all(rid="tv_name", text=name):
        # the amount on the same row: a row cut by the list's edge may show its name without its amount
        same_row = [a for a in amounts if el.bounds[1] - 10 <= a.bounds[1] <= el.bounds[3]]
        if same_row and same_row[0].text == amount:
            found.append((j, el))
    return found


def select_and_delete(ui: UI, picks: list[tuple[str, str]]) -> Iterator[Action]:
    """Long-press the first (name, amount) row and tap the others, scrolling down the list, then delete.

    The selection bar replaces the search bar, so picks come in list order (newest first) and the
    list is only scrolled one way.
    """
    for i, (name, amount) in enumerate(picks):
        yield from ui.scroll_to(text=name, container={"rid": "rv_expense"}, limit=25)
        match = listed(ui, name, amount)
        if not match:  # only the top of the row is in view
            yield ui.scroll("down", rid="rv_expense")
            match = listed(ui, name, amount)
        if not match:
            raise OracleError(f"no row {name} {amount}")
        j, el = match[0]
        yield Action("long_press" if i == 0 else "click", index=j, x=el.center[0], y=el.center[1])
    yield ui.click(desc="Delete")
    yield ui.click(text="Confirm")


class _ExpenseDelete(_ExpenseTask):
    __abstract__ = True
    template = "Delete the following expenses from arduia pro expense: {expenses}."
    n_rows = 3
    n_noise = 0

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            targets = d(distinct_expenses(cls.n_rows))
            names = {t.name for t in targets}  # noise may repeat names, never a target's
            noise = d(st.lists(expense().filter(lambda e: e.name not in names), min_size=cls.n_noise,
                               max_size=cls.n_noise))
            return {"row_objects": targets, "noise_row_objects": noise,
                    "order": d(st.permutations(list(range(len(targets) + len(noise)))))}
        return draw()

    @classmethod
    def goal_text(cls, params: dict[str, Any]) -> dict[str, str]:
        names = ", ".join(as_expense(r).name for r in params["row_objects"])
        return {"expenses": names, "expense": names}

    def rows(self) -> list[Expense]:
        return [as_expense(r) for r in shuffled(self.inserted(self.params), self.params["order"])]

    def setup(self, device: Device) -> None:
        self.before = seed(device, self.rows())

    def check(self, device: Device, answer: str | None = None) -> float:
        names = {t.name for t in self.targets()}
        ids = {r[0] for r in self.before if r[1] in names}
        return 1.0 if only_removed(self.before, expenses_now(device), ids) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        rows = self.rows()
        names = {t.name for t in self.targets()}
        # the app's order: newest first, then the later row first (ids follow the seed order)
        order = sorted(range(len(rows)), key=lambda i: (-rows[i].created_date, -i))
        picks = [(rows[i].name, dollars(rows[i].amount)) for i in order if rows[i].name in names]
        yield ui.open_app("Pro Expense")
        yield from select_and_delete(ui, picks)
        yield ui.complete()


class ExpenseDeleteSingle(_ExpenseDelete):
    template = "Delete the following expenses from arduia pro expense: {expense}."
    difficulty = "easy"
    tags = ("screen_reading", "parameterized")
    optimal_steps = 3
    n_rows = 1


class ExpenseDeleteMultiple(_ExpenseDelete):
    difficulty = "easy"
    tags = ("data_edit", "parameterized")
    optimal_steps = 10


class ExpenseDeleteMultiple2(_ExpenseDelete):
    difficulty = "hard"
    tags = ("screen_reading", "parameterized")
    optimal_steps = 17
    n_noise = 50


class _ExpenseDeleteDuplicates(_ExpenseTask):
    """Two identical rows among others (some with the same name but another amount); one copy must go."""

    __abstract__ = True
    template = ("Delete all but one of any expenses in arduia pro expense that are exact duplicates, ensuring at least "
                "one instance of each unique expense remains.")
    n_noise = 5
    n_variations = 0

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            target = d(expense())
            others = d(st.lists(expense().filter(lambda e: e.name != target.name), min_size=cls.n_noise,
                                max_size=cls.n_noise))
            bumps = d(st.lists(st.integers(50, 999), min_size=cls.n_variations, max_size=cls.n_variations,
                               unique=True))
            variations = [dataclasses.replace(target, amount=target.amount + b,
                                              created_date=target.created_date - b * 1000,
                                              modified_date=target.created_date - b * 1000) for b in bumps]
            return {"row_objects": [target, target], "noise_row_objects": [*variations, *others],
                    "order": list(range(2 + len(variations) + len(others)))}
        return draw()

    @classmethod
    def complete_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        """The copies first, in AndroidWorld's dicts too (its own setup puts them anywhere)."""
        n = len(params["row_objects"]) + len(params.get("noise_row_objects", []))
        return super().complete_params({"order": list(range(n)), **params})

    @classmethod
    def goal_text(cls, params: dict[str, Any]) -> dict[str, str]:
        target = as_expense(params["row_objects"][0])
        return {"name": target.name, "amount": dollars(target.amount)}

    def setup(self, device: Device) -> None:
        self.before = seed(device, shuffled(self.inserted(self.params), self.params["order"]))

    def check(self, device: Device, answer: str | None = None) -> float:
        after = expenses_now(device)
        return 1.0 if only_removed(self.before, after, {1}) or only_removed(self.before, after, {2}) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Pro Expense")
        yield from ui.scroll_to(text=self.params["name"], container={"rid": "rv_expense"}, limit=25)
        copies = listed(ui, self.params["name"], self.params["amount"])
        for _ in range(25):  # the app has no search: scroll until both copies are in view
            if len(copies) >= 2:
                break
            yield ui.scroll("down", rid="rv_expense")
            copies = listed(ui, self.params["name"], self.params["amount"])
        if len(copies) < 2:
            raise OracleError("the two copies are not both listed")
        j, el = copies[1]
        yield Action("long_press", index=j, x=el.center[0], y=el.center[1])
        yield ui.click(desc="Delete")
        yield ui.click(text="Confirm")
        yield ui.complete()


class ExpenseDeleteDuplicates(_ExpenseDeleteDuplicates):
    difficulty = "medium"
    tags = ("data_edit", "parameterized")
    optimal_steps = 6


class ExpenseDeleteDuplicates2(_ExpenseDeleteDuplicates):
    difficulty = "medium"
    tags = ("data_edit", "requires_setup", "parameterized")
    optimal_steps = 9
    n_noise = 37
    n_variations = 3  # with the two copies, 42 rows as in AndroidWorld
