"""Firefox for Android (``org.mozilla.firefox``, the "Fenix" code base): package, activity, ids, places store.

Fenix is a single-activity app: ``org.mozilla.fenix.HomeActivity`` (the launcher entry in its manifest) hosts
the home screen, the browser, Bookmarks and History as fragments, so those pages share the activity and are
told apart by what is on screen. The screens follow Firefox as AndroidArena's phone showed it (its Dec 2023
trajectory) and as Fenix's UI tests find it: the home screen's ``homeLayout`` with the ``toolbar_wrapper`` search
bar, ``menuButton`` and the ``top_site_item`` cards of ``sessionControlRecyclerView``; a page's toolbar at the
bottom with Android Components' ``mozac_browser_toolbar_url_view`` (clickable and long-clickable) and
``mozac_browser_toolbar_menu``; both menus a ``mozac_browser_menu_recyclerView`` (:data:`EVIDENCE`).

History and bookmarks live in the places database of Mozilla's application-services (``places.sqlite`` in
the app's ``files`` directory), in its ``moz_places``, ``moz_historyvisits`` and ``moz_bookmarks`` tables (a
subset of their columns). Unlike desktop Firefox, the mobile store keeps times in milliseconds since the
Unix epoch. Reading it needs root on a phone (the app's private directory), as Chrome's History does.
"""

from __future__ import annotations

import datetime as dt
from urllib.parse import parse_qs, quote_plus, urlsplit

from pytest_mobileagent.android.evidence import Source, Unconfirmed, entries, framework, icon_entries, key
from pytest_mobileagent.android.theme import LauncherIcon, appcompat, arena_drawer

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


#: The version of the real app followed: Firefox as of AndroidArena's trajectory (Dec 13 2023, Firefox 120) and the
#: Fenix repository's UI tests (Feb 2023).
APP_VERSION = "120 (AndroidArena's trajectory, Dec 2023)"
_TRAJ = Source("AndroidArenaAgent/AndroidArena", "trajectory/GPT4-Search_for_large_language_model_in_Firefox.html",
               app_version="120", note="the recorded observations")
_ROBOTS = "app/src/androidTest/java/org/mozilla/fenix/ui/robots/"
_HOME = Source("mozilla-mobile/fenix", _ROBOTS + "HomeScreenRobot.kt")
_MENU = Source("mozilla-mobile/fenix", _ROBOTS + "ThreeDotMenuMainRobot.kt")
_HISTORY = Source("mozilla-mobile/fenix", _ROBOTS + "HistoryRobot.kt")
EVIDENCE = {
    key("activity", MAIN_ACTIVITY): Source("mozilla-mobile/fenix", "app/src/main/AndroidManifest.xml",
                                           note="the launcher activity"),
    **entries("id", (HOME_TOOLBAR, "top_sites_list"), _TRAJ),
    **entries("id", ("homeLayout", HOME_MENU, "sessionControlRecyclerView", "top_site_item", "top_site_title"), _HOME),
    **entries("id", (URL_VIEW, MENU, "toolbar"), _TRAJ),
    key("id", EDIT_URL): Source("mozilla-mobile/fenix", _ROBOTS + "SearchRobot.kt"),
    key("id", "engineView"): Source("mozilla-mobile/fenix", _ROBOTS + "BrowserRobot.kt"),
    **entries("id", (MENU_LIST, "mozac_browser_menu_menuView"), _MENU),
    **entries("id", ("history_list", "header_title", "navigationToolbar", "title", "url"), _HISTORY),
    key("id", "bookmark_list"): Source("mozilla-mobile/fenix", _ROBOTS + "BookmarksRobot.kt"),
    key("id", "item_layout"): Unconfirmed("a history or bookmark row"),
    **entries("id", ("page", "q", "query", "searchInput"), Unconfirmed("HTML ids of the simulated web pages")),
    **framework("content", "title", "text1"),
    key("desc", URL_HINT): _TRAJ,
    key("desc", "Menu"): _TRAJ,
    **entries("text", ("Bookmarks", "History"), _MENU),
    # Firefox draws Mozilla's Acorn icons (outlined), shown as the Material Symbols of the same shape
    **icon_entries({
        "Home screen": Source("AndroidArenaAgent/AndroidArena", _TRAJ.path, app_version="120",
                              note="the browser toolbar's outlined house (the page's screenshots); BrowserFragment.kt "
                                   "adds it as mozac_ic_home (mozilla-mobile/fenix)"),
        "Menu": Source("AndroidArenaAgent/AndroidArena", _TRAJ.path, app_version="120",
                       note="the three vertical dots on the toolbar (the screenshots): Android Components' "
                            "MenuButton, mozac_ic_ellipsis_vertical"),
        "Navigate up": Unconfirmed("History's toolbar back arrow (navigationToolbar); not checked"),
    }),
}


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


def shown_address(url: str) -> str:
    """What the toolbar's url view shows for a page: the search terms on the default engine's results page (as
    AndroidArena's Firefox trajectory shows "large language model"), else the address."""
    parts = urlsplit(url)
    if parts.hostname == "www.google.com" and parts.path == "/search":
        terms = parse_qs(parts.query).get("q")
        if terms:
            return terms[0]
    return url


__all__ = ["APP_VERSION", "EDIT_URL", "EVIDENCE", "HOME_MENU", "HOME_TOOLBAR", "MAIN_ACTIVITY", "MENU", "MENU_LIST",
           "MOBILE_ROOT", "PACKAGE",
           "PLACES_DB", "PLACES_SCHEMA", "ROOTS",
           "TOP_SITES", "TYPE_BOOKMARK", "TYPE_FOLDER", "URL_HINT", "URL_VIEW", "VISIT_LINK", "VISIT_TYPED",
           "from_places_time", "places_time", "search_url", "shown_address"]

#: Fenix's colour roles (values/ and values-night/colors.xml: window and toolbar fx_mobile_layer_color_1, text
#: fx_mobile_text_color_primary/secondary, fx_mobile_action_color_primary) in Mozilla's Photon palette: light
#: photonLightGrey10 #F9F9FB, photonDarkGrey90 #15141A, photonDarkGrey05 #5B5B66, photonInk20 #312A65; dark
#: photonDarkGrey60 #2B2A33 (as AndroidArena's dark-mode screenshots of Firefox 120 measure it, the address
#: field #1C1B22 on it), photonLightGrey05 #FBFBFE, photonViolet60 #592ACB. Fenix v110.0.1 is the last tag its
#: repository holds (120 moved to mozilla-mobile/firefox-android).
THEME = appcompat("#F9F9FB", "#F9F9FB", "#312A65", on_primary="#15141A", background="#F9F9FB",
                  dark_background="#2B2A33", dark_primary="#2B2A33", dark_on_primary="#FBFBFE",
                  dark_accent="#592ACB", text="#15141A", secondary_text="#5B5B66", dark_text="#FBFBFE",
                  source=Source("mozilla-mobile/fenix", "app/src/main/res/values-night/colors.xml",
                                app_version="v110.0.1", note="fx_mobile_layer_color_1, fx_mobile_text_color_*, "
                                "fx_mobile_action_color_primary (values/colors.xml for light); dark measured on "
                                f"{_TRAJ.repo}:{_TRAJ.path}'s screenshots"))

#: The launcher icon on AndroidArena's phone: the orange fox around a violet globe on dark violet.
LAUNCHER_ICON = LauncherIcon("#20123A", "public", foreground="#FF7139",
                             source=arena_drawer("the orange fox around a violet globe on dark violet"))
