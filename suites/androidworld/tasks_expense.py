"""AndroidWorld's Pro Expense families: add expenses (from the goal, a Markor file or a photo), delete named
or duplicate ones.

Setup replaces the ``expense`` table with the task's rows in a known order. Checks compare the
table with that seed, as AndroidWorld's integrity checks do: exactly the expected rows added
(name and note fuzzily, amount in cents and category exactly) or removed, every other row unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android.expense import CATEGORIES, COLUMNS, DB_PATH, PACKAGE, dollars
from pytest_mobileagent.android.media import jpeg_with_text
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI, OracleError
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
def expense(draw: Any) -> dict[str, Any]:
    """An expense this month, up to today (October 15), between $10 and $500."""
    category = draw(st.sampled_from(sorted(CATEGORIES)))
    when = OCT1_MS + draw(st.integers(0, 14)) * DAY_MS + draw(st.integers(8, 20)) * 3_600_000
    return {"name": draw(st.sampled_from(NAMES[category])), "amount": draw(st.integers(1000, 50000)),
            "category": category, "note": draw(st.sampled_from(NOTES)), "created_date": when, "modified_date": when}


def distinct_expenses(n: int, exclude: frozenset[str] = frozenset()) -> st.SearchStrategy[list[dict[str, Any]]]:
    return st.lists(expense().filter(lambda e: e["name"] not in exclude), min_size=n, max_size=n,
                    unique_by=lambda e: e["name"])



def as_text(rows: list[dict[str, Any]], style: str) -> str:
    """Expenses as a goal or a file states them: CSV with a header, or labelled blocks."""
    if style == "csv":
        return "\n".join(["name, amount_dollars, category_name, note",
                          *(f"{r['name']}, {dollars(r['amount'])}, {CATEGORIES[r['category']]}, {r['note']}"
                            for r in rows)])
    return "\n\n".join(f"Name: {r['name']}\nAmount: {dollars(r['amount'])}\nCategory: {CATEGORIES[r['category']]}\n"
                       f"Note: {r['note']}" for r in rows)


def seed(device: Device, rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    device.stop_app(PACKAGE)
    device.sqlite(DB_PATH, "DELETE FROM expense")
    insert_rows(device, DB_PATH, "expense", [{"expense_id": i + 1, **r} for i, r in enumerate(rows)])
    return expenses_now(device)


def expenses_now(device: Device) -> list[tuple[Any, ...]]:
    return sorted(table_rows(device, DB_PATH, "expense", ", ".join(COLUMNS)))


def only_removed(before: list[tuple[Any, ...]], after: list[tuple[Any, ...]], ids: set[int]) -> bool:
    return after == [r for r in before if r[0] not in ids]


class _ExpenseTask(Task):
    __abstract__ = True
    apps = ("pro expense",)
    complexity = 2

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
            noise = d(distinct_expenses(cls.n_noise, frozenset(t["name"] for t in targets)))
            style = d(st.sampled_from(("csv", "text_block")))
            text = as_text(targets, style)
            return {"targets": targets, "noise": noise, "format": style, "expenses": text, "expense": text}
        return draw()

    def setup(self, device: Device) -> None:
        self.before = seed(device, self.params["noise"])

    def wanted(self) -> list[dict[str, Any]]:
        return self.params["targets"]

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
            hit = next((t for t in left if text_matches(row["name"], t["name"]) and row["amount"] == t["amount"]
                        and row["category"] == t["category"] and text_matches(row["note"] or "", t["note"])), None)
            if hit is None:
                return 0.0
            left.remove(hit)
        return 1.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Pro Expense")
        for e in self.wanted():
            yield ui.click(desc="Add expense")
            yield ui.type(e["name"], hint="Name")
            amount = f"{e['amount'] / 100:.2f}"  # a third decimal, or a dropped trailing zero, is the same amount
            yield ui.tolerate(ui.type(amount, hint="Amount"), "accounting.db keeps integer cents",
                              "text:append", *(("text:drop",) if amount.endswith("0") else ()))
            yield from ui.scroll_to(text=CATEGORIES[e["category"]], container={"rid": "sv_entry"})
            if not ui.exists(text=CATEGORIES[e["category"]], checked=True):  # the form preselects a category
                yield ui.click(text=CATEGORIES[e["category"]])
            yield from ui.scroll_to(hint="Note", container={"rid": "sv_entry"})
            yield ui.type(e["note"], hint="Note")
            yield ui.click(desc="Save")
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
    """``my_expenses.txt`` lists many transactions; only those marked reimbursable are to be logged."""

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
            targets = [dict(t, note=f"{t['note']}. Reimbursable.") for t in d(distinct_expenses(2))]
            in_file = d(st.lists(expense(), min_size=30, max_size=30))
            noise = d(distinct_expenses(10, frozenset(t["name"] for t in targets)))
            order = d(st.permutations(list(range(32))))
            rows = targets + in_file
            return {"targets": targets, "noise": noise, "file": [rows[i] for i in order]}
        return draw()

    def setup(self, device: Device) -> None:
        super().setup(device)
        if device.exists(MARKOR_NOTEBOOK):
            for name in device.list_dir(MARKOR_NOTEBOOK):
                device.remove(f"{MARKOR_NOTEBOOK}/{name}")
        device.write_file(f"{MARKOR_NOTEBOOK}/my_expenses.txt", (as_text(self.params["file"], "csv") + "\n").encode())

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
                          jpeg_with_text(as_text(self.params["targets"], "text_block").splitlines(), wrap=46))
        for i in range(3):
            old = as_text(self.params["noise"][i * 3:i * 3 + 3], "text_block").splitlines()
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
            names = {t["name"] for t in targets}  # noise may repeat names, never a target's
            noise = d(st.lists(expense().filter(lambda e: e["name"] not in names), min_size=cls.n_noise,
                               max_size=cls.n_noise))
            rows = targets + noise
            order = d(st.permutations(list(range(len(rows)))))
            names = [r["name"] for r in rows[:cls.n_rows]]
            return {"rows": [rows[i] for i in order], "targets": names, "expenses": ", ".join(names),
                    "expense": ", ".join(names)}
        return draw()

    def setup(self, device: Device) -> None:
        self.before = seed(device, self.params["rows"])

    def check(self, device: Device, answer: str | None = None) -> float:
        ids = {r[0] for r in self.before if r[1] in self.params["targets"]}
        return 1.0 if only_removed(self.before, expenses_now(device), ids) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        rows = self.params["rows"]
        # the app's order: newest first, then the later row first (ids follow the seed order)
        order = sorted(range(len(rows)), key=lambda i: (-rows[i]["created_date"], -i))
        picks = [(rows[i]["name"], dollars(rows[i]["amount"])) for i in order if rows[i]["name"] in
                 self.params["targets"]]
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
            others = d(st.lists(expense().filter(lambda e: e["name"] != target["name"]), min_size=cls.n_noise,
                                max_size=cls.n_noise))
            rows = [target, *others]
            bumps = d(st.lists(st.integers(50, 999), min_size=cls.n_variations, max_size=cls.n_variations,
                               unique=True))
            variations = [dict(target, amount=target["amount"] + b, created_date=target["created_date"] - b * 1000,
                               modified_date=target["created_date"] - b * 1000) for b in bumps]
            return {"rows": [target, target, *variations, *rows[1:]], "name": target["name"],
                    "amount": dollars(target["amount"])}
        return draw()

    def setup(self, device: Device) -> None:
        self.before = seed(device, self.params["rows"])

    def check(self, device: Device, answer: str | None = None) -> float:
        after = expenses_now(device)
        return 1.0 if only_removed(self.before, after, {1}) or only_removed(self.before, after, {2}) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Pro Expense")
        yield ui.tolerate(ui.click(desc="Search"), "the search only narrows the list the copies are picked from",
                          "skip")
        yield ui.tolerate(ui.type(self.params["name"], rid="search"),
                          "the search only narrows the list the copies are picked from", "skip", "text:drop")
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
