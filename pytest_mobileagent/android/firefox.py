"""Firefox for Android (``org.mozilla.firefox``, the "Fenix" code base): package, activity, ids, places store.

Fenix is a single-activity app: ``org.mozilla.fenix.HomeActivity`` (the launcher entry in its manifest) hosts
the home screen, the browser, Bookmarks and History as fragments, so those pages share the activity and are
told apart by what is on screen. Resource ids of the toolbar (``mozac_browser_toolbar_url_view``,
``mozac_browser_toolbar_edit_url_view``, ``mozac_browser_toolbar_menu``) are Android Components' browser
toolbar's, used by Fenix's UI tests; ``bookmark_list``, ``history_list``, ``engineView`` and
``top_site_title`` are plausible (Fenix layouts), not confirmed against a device dump.

History and bookmarks live in the places database of Mozilla's application-services (``places.sqlite`` in
the app's ``files`` directory), in its ``moz_places``, ``moz_historyvisits`` and ``moz_bookmarks`` tables (a
subset of their columns). Unlike desktop Firefox, the mobile store keeps times in milliseconds since the
Unix epoch. Reading it needs root on a phone (the app's private directory), as Chrome's History does.
"""

from __future__ import annotations

import datetime as dt
from urllib.parse import quote_plus

PACKAGE = "org.mozilla.firefox"
MAIN_ACTIVITY = "org.mozilla.fenix.HomeActivity"
PLACES_DB = f"/data/data/{PACKAGE}/files/places.sqlite"
PLACES_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS moz_places(id INTEGER PRIMARY KEY, url LONGVARCHAR NOT NULL, title LONGVARCHAR, "
    "visit_count_local INTEGER NOT NULL DEFAULT 0, last_visit_date_local INTEGER NOT NULL DEFAULT 0, "
    "hidden INTEGER NOT NULL DEFAULT 0, frecency INTEGER NOT NULL DEFAULT -1, guid TEXT)",
    "CREATE TABLE IF NOT EXISTS moz_historyvisits(id INTEGER PRIMARY KEY, is_local INTEGER NOT NULL DEFAULT 1, "
    "from_visit INTEGER, place_id INTEGER NOT NULL, visit_date INTEGER NOT NULL, visit_type INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS moz_bookmarks(id INTEGER PRIMARY KEY, fk INTEGER DEFAULT NULL, type INTEGER "
    "NOT NULL, parent INTEGER, position INTEGER NOT NULL, title TEXT, dateAdded INTEGER NOT NULL DEFAULT 0, "
    "lastModified INTEGER NOT NULL DEFAULT 0, guid TEXT NOT NULL UNIQUE)",
)
#: application-services' ``VisitType``: a followed link (or a submitted form) and an address typed in the toolbar.
VISIT_LINK, VISIT_TYPED = 1, 2
#: ``moz_bookmarks.type``: a bookmark and a folder.
TYPE_BOOKMARK, TYPE_FOLDER = 1, 2
#: The bookmark roots every places database has (id, guid, title); the mobile root holds what the phone bookmarks.
ROOTS = ((1, "root________", ""), (2, "menu________", "Bookmarks Menu"), (3, "toolbar_____", "Bookmarks Toolbar"),
         (4, "unfiled_____", "Other Bookmarks"), (5, "mobile______", "Mobile Bookmarks"))
MOBILE_ROOT = 5

#: The browser toolbar (at the bottom of a page): the address shown, its edit field, the three-dot menu button.
URL_VIEW = "mozac_browser_toolbar_url_view"
EDIT_URL = "mozac_browser_toolbar_edit_url_view"
MENU = "mozac_browser_toolbar_menu"
URL_HINT = "Search or enter address"
#: The home screen's search bar (described :data:`URL_HINT`; a tap opens the edit field) and menu button, and the
#: menu's list (both menus).
HOME_TOOLBAR = "toolbar_wrapper"
HOME_MENU = "menuButton"
MENU_LIST = "mozac_browser_menu_recyclerView"
#: The shortcuts a fresh Firefox shows on its home screen (default top sites): title, address.
TOP_SITES = (("Google", "https://www.google.com/"), ("Wikipedia", "https://www.wikipedia.org/"))


def places_time(when: dt.datetime) -> int:
    """A time (naive means UTC) as the mobile places store keeps it: milliseconds since the Unix epoch."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.timezone.utc)
    return int(when.timestamp() * 1000)


def from_places_time(value: int) -> dt.datetime:
    """A stored time as a naive UTC datetime."""
    return dt.datetime.fromtimestamp(value / 1000, dt.timezone.utc).replace(tzinfo=None)


def search_url(query: str) -> str:
    """The results page the default search engine (Google) opens for ``query``."""
    return f"https://www.google.com/search?q={quote_plus(query)}"


__all__ = ["EDIT_URL", "HOME_MENU", "HOME_TOOLBAR", "MAIN_ACTIVITY", "MENU", "MENU_LIST", "MOBILE_ROOT", "PACKAGE",
           "PLACES_DB", "PLACES_SCHEMA", "ROOTS",
           "TOP_SITES", "TYPE_BOOKMARK", "TYPE_FOLDER", "URL_HINT", "URL_VIEW", "VISIT_LINK", "VISIT_TYPED",
           "from_places_time", "places_time", "search_url"]
