"""Pro Expense (``com.arduia.expense``): its Room database ``accounting.db`` and the categories it offers.

:data:`EVIDENCE` cites the app's repository ``arduia/ProExpense`` at tag ``v1.0.0-beta05`` (versionCode 11, the
``com.arduia.expense_11.apk`` AndroidWorld installs).
"""

from __future__ import annotations

import dataclasses

from pytest_mobileagent.android.evidence import Source, entries, framework, icon_entries, key
from pytest_mobileagent.android.opensource import appcompat_icons
from pytest_mobileagent.android.theme import LauncherIcon, appcompat

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


APP_VERSION = "1.0.0-beta05 (versionCode 11, AndroidWorld's APK; arduia/ProExpense tag v1.0.0-beta05)"
REPO = "arduia/ProExpense"


def _at(path: str, note: str = "") -> Source:
    """A file of the app's repository at tag v1.0.0-beta05."""
    return Source(REPO, f"app/src/main/{path}", app_version="v1.0.0-beta05", note=note)


_STRINGS = _at("res/values/strings.xml")
EVIDENCE = {
    key("activity", MAIN_ACTIVITY): _at("AndroidManifest.xml"),
    key("id", "fb_main_add"): _at("res/layout/activ_main.xml", "FloatingActionButton, no contentDescription"),
    **entries("id", ("tb_expense", "rv_expense", "layout_no_data"), _at("res/layout/frag_expense_logs.xml")),
    **entries("id", ("tv_no_expense_logs", "tv_no_expense_description"),
              _at("res/layout/layout_no_expense_logs.xml")),
    **entries("id", ("cd_expense", "tv_name", "tv_date", "tv_amount"), _at("res/layout/item_expense_log.xml")),
    key("id", "delete"): _at("res/menu/menu_expense_log.xml", "the expense logs' toolbar menu"),
    **entries("id", ("toolbar", "sv_entry", "edt_name", "edt_amount", "rv_category", "edt_note", "btn_save"),
              _at("res/layout/frag_expense_entry.xml")),
    **entries("id", ("tv_delete_item", "tv_items", "tv_delete_description", "btn_confirm"),
              _at("res/layout/frag_delete_confirm_dialog.xml")),
    key("id", "design_bottom_sheet"): Source("material-components/material-components-android",
                                             "lib/java/com/google/android/material/bottomsheet/res/layout/"
                                             "design_bottom_sheet_dialog.xml",
                                             note="a BottomSheetDialog's sheet, merged into the app"),
    **entries("text", ("Expense Logs", "Expense Entry", "Name", "Amount", "Note", "Save", "Delete", "Delete Items",
                       "Confirm", "will be deleted!"), _STRINGS),
    **entries("text", ("No Expense Logs", "There is no expense logs.\n Please start adding your expense."),
              _at("res/layout/layout_no_expense_logs.xml", "literal android:text")),
    **entries("text", tuple(CATEGORIES.values()), _STRINGS),
    key("desc", "Delete"): _STRINGS,
    **framework("content"),
    **icon_entries({
        "fb_main_add": _at("res/layout/activ_main.xml", "fb_main_add (no contentDescription): ic_add"),
        "Delete": _at("res/menu/menu_expense_log.xml", "delete: ic_delete"),
        "Done": _at("java/com/arduia/expense/ui/expenselogs/ExpenseFragment.kt",
                    "selection mode: setNavigationIcon(R.drawable.ic_back), which clears the selection"),
    }),
    **appcompat_icons("Navigate up"),
}


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


__all__ = ["APP_VERSION", "CATEGORIES", "COLUMNS", "DB_NAME", "DB_PATH", "EVIDENCE", "MAIN_ACTIVITY", "PACKAGE",
           "SCHEMA", "Expense", "as_expense", "dollars"]

#: Theme.ProExpense (MaterialComponents): colorPrimary/Accent blue_light_500 #039BE5, the top bar on colorSurface
#: (white, night dark_gray #212121, as the fastlane screenshot shows), backgroundColor gray_200 / dark_gray;
#: night: primary blue_light_200 #81D4FA with dark_gray on it, text gray_100.
THEME = appcompat("#FFFFFF", "#FFFFFF", "#039BE5", on_primary="#000000", background="#EEEEEE",
                  dark_background="#212121", dark_primary="#212121", dark_on_primary="#F5F5F5",
                  dark_accent="#81D4FA", dark_on_accent="#212121", text="#000000", dark_text="#F5F5F5",
                  source=_at("res/values/theme.xml", note="Theme.ProExpense; values-night/theme.xml; "
                                                         "fastlane phoneScreenshots/1.png"))
#: A blue_light_500 rounded square under a white square outline with round corners.
LAUNCHER_ICON = LauncherIcon("#039BE5", "crop_square", _at("res/drawable/ic_launcher_background.xml",
                             note="fillColor #039be5; mipmap-xxxhdpi/ic_launcher.png: a white square outline "
                                  "with dots at its corners"))
