"""Google Drive (``com.google.android.apps.docs``): package, activities, preferences and the account's files.

The package is Drive's real one (its Play Store id; AndroidArena's ``app_configs/google-drive.yaml``). The launcher
entry is :data:`MAIN_ACTIVITY`, ``.drive.startup.StartupActivity`` (AndroidWorld's ``adb_utils`` starts it), which
hands over to :data:`NAVIGATION_ACTIVITY`, ``.drive.app.navigation.NavigationActivity``, the one public Appium
scripts name as Drive's screen. A list row's ``entry_label`` shows the name and, for a folder, is described "<name>
Folder" (CRAB's evaluator reads both); the "New" button is ``branded_fab`` as public scripts name it (not
citable). The other resource ids (``more_actions_button``...) are plausible guesses: ``ma-evidence -v drive`` lists
them. Files live in the Google account, not on the phone: the simulator keeps them in its account store
(:mod:`pytest_mobileagent.android.account_state`) with the layout of :func:`new_account`. The theme is a
device preference: the string ``theme`` ("light", "dark" or "system") of the default ``SharedPreferences`` file
(:data:`PREFS`; the key is a guess), readable with root.

Simplification: "Upload" browses shared storage in a page of Drive itself rather than handing over to the system
picker (DocumentsUI) and taking its result.
"""

from __future__ import annotations

from typing import Any

from pytest_mobileagent.android.evidence import UNCONFIRMED, Source, Unconfirmed, entries, framework, icon_entries, key
from pytest_mobileagent.android.theme import LauncherIcon, arena_drawer

PACKAGE = "com.google.android.apps.docs"
MAIN_ACTIVITY = "com.google.android.apps.docs.drive.startup.StartupActivity"
NAVIGATION_ACTIVITY = "com.google.android.apps.docs.drive.app.navigation.NavigationActivity"
#: How a folder's row label is described: "<name> Folder".
FOLDER_DESC = "{name} Folder"
PREFS = f"/data/data/{PACKAGE}/shared_prefs/{PACKAGE}_preferences.xml"
THEME_KEY = "theme"
THEMES = {"Light": "light", "Dark": "dark", "System default": "system"}
#: What "Upload" opens first: the Downloads folder.
DOWNLOADS = "/sdcard/Download"
#: The folder ``folder`` of a file in My Drive itself.
ROOT = ""


def new_account() -> dict[str, Any]:
    """A fresh account: ``items``, each ``{"name", "folder" (the parent folder's name, "" for My Drive), "kind"
    ("file" or "folder"), "shared" (emails), "offline" (bool), "comments" (texts), "trashed" (bool)}``."""
    return {"items": []}


def item(name: str, folder: str = ROOT, kind: str = "file", **rest: Any) -> dict[str, Any]:
    """A Drive item as the account stores it."""
    return {"name": name, "folder": folder, "kind": kind, "shared": [], "offline": False, "comments": [],
            "trashed": False, **rest}


APP_VERSION = "as AndroidArena's and AndroidWorld's phones ran it, 2023 (no version number recorded)"
_CRAB = Source("camel-ai/crab", "crab-benchmark-v0/dataset/android_subtasks.py", note="check_drive_registered")
EVIDENCE = {
    key("activity", MAIN_ACTIVITY): Source("google-research/android_world", "android_world/env/adb_utils.py",
                                           note="_PATTERN_TO_ACTIVITY['google drive']"),
    key("activity", NAVIGATION_ACTIVITY): Unconfirmed("the appActivity of public Appium scripts; no citable file"),
    key("id", "entry_label"): _CRAB,
    key("id", "branded_fab"): Unconfirmed("the New button's id in public uiautomator scripts of current Drive "
                                          "versions; no citable file was found"),
    key("desc", FOLDER_DESC.format(name="<name>")): _CRAB,
    **entries("id", ("comment", "comment_button", "comment_text", "create_doc", "create_folder", "create_sheet",
                     "create_slides", "dir_list", "doclist", "drawer_button", "empty_view", "entry_summary",
                     "folder_name", "more_actions_button", "move_destination", "notifications", "preview", "rename",
                     "scan", "search_bar", "search_bar_text", "search_text", "share", "theme", "theme_options",
                     "title", "toolbar", "upload", "upload_entry"), UNCONFIRMED),
    **entries("text", ("My Drive", "Search in Drive", "New", "Folder", "Upload", "Scan", "Google Docs",
                       "Google Sheets", "Google Slides", "Share", "Make available offline", "Rename", "Move",
                       "Remove", "Move here", "Add comment", "Settings", "Theme", "Choose theme", "Notifications",
                       "Available offline", "No files here yet", *THEMES), UNCONFIRMED),
    **entries("desc", ("Open navigation drawer", "More actions for <name>", "Add comment", "Navigate up",
                       "Preview of <name>"), UNCONFIRMED),
    **framework("content", "parentPanel", "alertTitle", "buttonPanel", "button1", "button2", "title", "summary"),
    # Drive's Material 3 icons (outlined), not recorded in a public dump
    **icon_entries({
        "Open navigation drawer": Unconfirmed("the search bar's menu icon, as Drive's phone screens show it"),
        "More actions for <name>": Unconfirmed("each row's three dots"),
        "branded_fab": Unconfirmed("the extended FAB \"New\"'s plus, Drive's multicoloured plus drawn in one colour"),
        "Add comment": Unconfirmed("the preview's outlined add-comment icon"),
        "Navigate up": Unconfirmed("the back arrow of search and folders"),
    }),
}

__all__ = ["APP_VERSION", "DOWNLOADS", "EVIDENCE", "FOLDER_DESC", "MAIN_ACTIVITY", "NAVIGATION_ACTIVITY", "PACKAGE",
           "PREFS", "ROOT", "THEMES", "THEME_KEY", "item", "new_account"]

#: The launcher icon on AndroidArena's phone: the green, yellow and blue triangle on white.
LAUNCHER_ICON = LauncherIcon("#FFFFFF", "add_to_drive", foreground="#34A853",
                             source=arena_drawer("the green, yellow and blue triangle on white"))
