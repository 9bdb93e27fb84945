"""Google Drive (``com.google.android.apps.docs``): package, activities, preferences and the account's files.

The package is Drive's real one (its Play Store id). The main activity,
``com.google.android.apps.docs.drive.app.navigation.NavigationActivity``, is the one public automation logs show
in front when Drive is open (a plausible name, not confirmed from the APK here); resource ids
(``entry_label``, ``more_actions_button``, ``fab``...) are plausible guesses. Files live in the Google account,
not on the phone: the simulator keeps them in its account store
(:mod:`pytest_mobileagent.android.account_state`) with the layout of :func:`new_account`. The theme is a
device preference: the string ``theme`` ("light", "dark" or "system") of the default ``SharedPreferences`` file
(:data:`PREFS`; the key is a guess), readable with root.

Simplification: "Upload" browses shared storage in a page of Drive itself rather than handing over to the system
picker (DocumentsUI) and taking its result.
"""

from __future__ import annotations

from typing import Any

PACKAGE = "com.google.android.apps.docs"
MAIN_ACTIVITY = "com.google.android.apps.docs.drive.app.navigation.NavigationActivity"
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


__all__ = ["DOWNLOADS", "MAIN_ACTIVITY", "PACKAGE", "PREFS", "ROOT", "THEMES", "THEME_KEY", "item", "new_account"]
