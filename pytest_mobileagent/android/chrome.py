"""Chrome (``com.android.chrome``): its package, activities and browsing-history database.

``HistoryActivity`` is ``org.chromium.chrome.browser.history.HistoryActivity`` (Chromium's
``chrome/android`` sources; listed among Chrome's activities in public manifests), the page the app
menu's "History" entry opens on phones. History lives where Chromium keeps it, the profile's
``History`` SQLite file (``app_chrome/Default/History``), in Chromium's ``urls`` and ``visits`` tables
(a subset of their columns); times are microseconds since 1601-01-01 UTC (``base::Time``).
"""

from __future__ import annotations

import datetime as dt

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


__all__ = ["HISTORY_ACTIVITY", "HISTORY_DB", "HISTORY_SCHEMA", "MAIN_ACTIVITY", "PACKAGE", "chrome_time",
           "from_chrome_time"]
