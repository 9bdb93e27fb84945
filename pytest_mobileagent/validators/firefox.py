"""Firefox's places store on a device: seeding history and bookmarks, reading visits (``places.sqlite``)."""

from __future__ import annotations

import datetime as dt
import hashlib

from pytest_mobileagent.android.firefox import (
    MOBILE_ROOT,
    PACKAGE,
    PLACES_DB,
    TYPE_BOOKMARK,
    VISIT_LINK,
    places_time,
)
from pytest_mobileagent.android.ui_tree import ui_elements
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.validators.state import insert_rows

#: Pages a user of the phone visited before a task, oldest first: address, title, time.
VISITED = (
    ("https://www.python.org/", "Welcome to Python.org", dt.datetime(2023, 10, 13, 8, 5)),
    ("https://github.com/", "GitHub: Let's build from here", dt.datetime(2023, 10, 14, 18, 40)),
    ("https://www.mozilla.org/", "Mozilla - Internet for people, not profit", dt.datetime(2023, 10, 15, 9, 12)),
)
#: The phone's bookmarks (mobile root, in order): title, address.
BOOKMARKS = (
    ("Firefox - Wikipedia", "https://en.wikipedia.org/wiki/Firefox"),
    ("GitHub", "https://github.com/"),
    ("Welcome to Python.org", "https://www.python.org/"),
)


def _guid(url: str) -> str:
    return hashlib.sha1(url.encode()).hexdigest()[:12]


def seed_places(device: Device, visited=VISITED, bookmarks=BOOKMARKS) -> None:
    """Replace history and mobile bookmarks by ``visited`` (address, title, time; one link visit each) and
    ``bookmarks`` (title, address), Firefox stopped first."""
    device.stop_app(PACKAGE)
    device.sqlite(PLACES_DB, "DELETE FROM moz_historyvisits")
    device.sqlite(PLACES_DB, f"DELETE FROM moz_bookmarks WHERE parent = {MOBILE_ROOT}")
    device.sqlite(PLACES_DB, "DELETE FROM moz_places")
    urls = list(dict.fromkeys([u for u, _, _ in visited] + [u for _, u in bookmarks]))
    last = {u: w for u, _, w in visited}
    titles = {u: t for t, u in bookmarks} | {u: t for u, t, _ in visited}
    insert_rows(device, PLACES_DB, "moz_places", [
        {"id": i, "url": u, "title": titles[u], "visit_count_local": int(u in last),
         "last_visit_date_local": places_time(last[u]) if u in last else 0, "guid": _guid(u)}
        for i, u in enumerate(urls, 1)])
    insert_rows(device, PLACES_DB, "moz_historyvisits", [
        {"place_id": urls.index(u) + 1, "visit_date": places_time(w), "visit_type": VISIT_LINK}
        for u, _, w in visited])
    insert_rows(device, PLACES_DB, "moz_bookmarks", [
        {"fk": urls.index(u) + 1, "type": TYPE_BOOKMARK, "parent": MOBILE_ROOT, "position": i, "title": t,
         "dateAdded": places_time(dt.datetime(2023, 10, 1)), "guid": "bm" + _guid(u)[:10]}
        for i, (t, u) in enumerate(bookmarks)])


def visits(device: Device, since: int = 0) -> list[tuple[str, int]]:
    """``(address, visit type)`` of every visit after ``since`` (ms since the epoch), oldest first."""
    return [(r[0], int(r[1])) for r in device.sqlite(
        PLACES_DB, "SELECT p.url, v.visit_type FROM moz_historyvisits v JOIN moz_places p ON p.id = v.place_id "
                   "WHERE v.visit_date > ? ORDER BY v.visit_date, v.id", (since,))]


def last_visit_time(device: Device) -> int:
    """The time of the newest visit (0 if none): what a task reads in ``setup`` to judge only later visits."""
    rows = device.sqlite(PLACES_DB, "SELECT MAX(visit_date) FROM moz_historyvisits")
    return int(rows[0][0] or 0) if rows else 0




def page_shown(device: Device, title: str, list_id: str) -> bool:
    """Firefox is in front on its page ``title`` (Bookmarks, History): the title and the page's list (or its
    empty-list text) are on screen. Fenix shows these pages as fragments of its one activity."""
    if device.current_activity()[0] != PACKAGE:
        return False
    els = ui_elements(device.hierarchy())
    return any(e.text == title for e in els) and any(e.resource_name in (list_id, "empty_view") for e in els)


__all__ = ["BOOKMARKS", "VISITED", "last_visit_time", "page_shown", "seed_places", "visits"]
