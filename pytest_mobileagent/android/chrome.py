"""Chrome (``com.android.chrome``): its package, activities and browsing-history database.

``HistoryActivity`` is ``org.chromium.chrome.browser.history.HistoryActivity`` (Chromium's
``chrome/android`` sources; listed among Chrome's activities in public manifests), the page the app
menu's "History" entry opens on phones. History lives where Chromium keeps it, the profile's
``History`` SQLite file (``app_chrome/Default/History``), in Chromium's ``urls`` and ``visits`` tables
(a subset of their columns); times are microseconds since 1601-01-01 UTC (``base::Time``).
"""

from __future__ import annotations

import datetime as dt

from pytest_mobileagent.android.evidence import UNCONFIRMED, Source, Unconfirmed, entries, framework, icon_entries, key
from pytest_mobileagent.android.theme import LauncherIcon, arena_drawer

PACKAGE = "com.android.chrome"
MAIN_ACTIVITY = "com.google.android.apps.chrome.Main"
HISTORY_ACTIVITY = "org.chromium.chrome.browser.history.HistoryActivity"
HISTORY_DB = f"/data/data/{PACKAGE}/app_chrome/Default/History"
HISTORY_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS urls(id INTEGER PRIMARY KEY AUTOINCREMENT, url LONGVARCHAR, title LONGVARCHAR, "
    "visit_count INTEGER DEFAULT 0 NOT NULL, typed_count INTEGER DEFAULT 0 NOT NULL, "
    "last_visit_time INTEGER NOT NULL, hidden INTEGER DEFAULT 0 NOT NULL)",
    "CREATE TABLE IF NOT EXISTS visits(id INTEGER PRIMARY KEY AUTOINCREMENT, url INTEGER NOT NULL, "
    "visit_time INTEGER NOT NULL, from_visit INTEGER, transition INTEGER DEFAULT 0 NOT NULL, "
    "segment_id INTEGER, visit_duration INTEGER DEFAULT 0 NOT NULL)",
)
_EPOCH = dt.datetime(1601, 1, 1)


def chrome_time(when: dt.datetime) -> int:
    """A time (naive means UTC) as Chromium stores it: microseconds since 1601-01-01 UTC."""
    if when.tzinfo is not None:
        when = when.astimezone(dt.timezone.utc).replace(tzinfo=None)
    return (when - _EPOCH) // dt.timedelta(microseconds=1)


def from_chrome_time(value: int) -> dt.datetime:
    return _EPOCH + dt.timedelta(microseconds=value)


#: Why ``com.android.chrome`` for every benchmark: AndroidWorld (``adb_utils``, ``browser.py``) and B-MoCA use it, and
#: AndroidArena's recorded phone had one browser labelled "Chrome" (its trajectories' home screen and "Default
#: browser app" list), although its ``app_configs/chrome.yaml`` and ``check_app`` name ``com.chrome.beta``.
APP_VERSION = "stable Chrome of the Android 13 google_apis image AndroidWorld pins (no version number recorded)"
_WA = Source("ARM-software/workload-automation", "wa/workloads/motionmark/uiauto/app/src/main/java/com/arm/wa/"
             "uiauto/motionmark/UiAutomation.java", note="tab_switcher_button, menu_button")
_AW = "google-research/android_world"
_CR = "chromium/chromium"
_TOOLBAR = "chrome/browser/ui/android/toolbar/java/res/"
EVIDENCE = {
    key("activity", MAIN_ACTIVITY): Source(_AW, "android_world/env/adb_utils.py", note="_PATTERN_TO_ACTIVITY"),
    key("activity", HISTORY_ACTIVITY): Source("chromium/chromium", "chrome/android/java/src/org/chromium/chrome/"
                                              "browser/history/HistoryActivity.java"),
    key("id", "url_bar"): Source("trazyn/uiautomator-go", "examples/selector.go",
                                 note="resourceId com.android.chrome:id/url_bar"),
    **entries("id", ("tab_switcher_button", "menu_button"), _WA),
    #: A page's HTML ids, which Chrome exposes as resource ids: AndroidWorld's browser task pages.
    **entries("id", ("answer", "button", "canvas", "canvasContainer", "form", "maze", "number", "colorPalette",
                     "clearButton", "submitButton", "result", "taskColors"),
              Source(_AW, "android_world/task_evals/single/browser.py", note="the task pages' HTML ids")),
    **entries("id", ("home_button", "toolbar", "ntp_content", "compositor_view_holder", "page", "action_bar",
                     "search_menu_id", "close_menu_id", "date", "title", "description", "remove", "history_item",
                     "empty_view", "clear_browsing_data_button", "recycler_view", "search_text"), UNCONFIRMED),
    **entries("desc", ("Home", "Switch or close tabs", "Customize and control Google Chrome", "Navigate up",
                       "Search history", "Close", "Remove"), UNCONFIRMED),
    **entries("text", ("New tab", "History", "Clear browsing data…", "Sites you visit appear here",
                       "Search or type web address", "Search your history"), UNCONFIRMED),
    **framework("content", "title"),
    # Chromium's own resources (not pinned to the image's Chrome version)
    **icon_entries({
        "Home": Source(_CR, _TOOLBAR + "layout/toolbar_phone.xml", note="home_button: ic_home_24dp"),
        "Switch or close tabs": Source(_CR, _TOOLBAR + "layout/toolbar_phone.xml",
                                       note="tab_switcher_button, a ToggleTabStackButton: TabSwitcherDrawable, a "
                                            "rounded square around the tab count, drawn as looks_one (outlined)"),
        "Customize and control Google Chrome": Source(_CR, _TOOLBAR + "layout/menu_button.xml",
                                                      note="menu_button: ic_more_vert_24dp"),
        "Search history": Source(_CR, "chrome/android/java/res/menu/history_manager_menu.xml",
                                 note="search_menu_id: ic_search_24dp"),
        "Close": Source(_CR, "chrome/android/java/res/menu/history_manager_menu.xml", note="close_menu_id: btn_close"),
        "Remove": Source(_CR, "chrome/android/java/src/org/chromium/chrome/browser/history/HistoryItemView.java",
                         note="the row's end button: btn_delete_24dp, the same cross as Close (two controls of "
                              "the page drawing one pictogram, as the real page does)"),
        "Navigate up": Unconfirmed("the history search's back arrow (SelectableListToolbar); not checked"),
    }),
}

__all__ = ["APP_VERSION", "EVIDENCE", "HISTORY_ACTIVITY", "HISTORY_DB", "HISTORY_SCHEMA", "MAIN_ACTIVITY", "PACKAGE",
           "chrome_time", "from_chrome_time"]

#: The launcher icon on AndroidArena's phone: a blue disc in the red, yellow and green ring.
LAUNCHER_ICON = LauncherIcon("#FFFFFF", "radio_button_checked", foreground="#1A73E8",
                             source=arena_drawer("a blue disc in the red, yellow and green ring"))
