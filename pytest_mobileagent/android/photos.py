"""Google Photos (``com.google.android.apps.photos``): the photo grid and the Library's Trash.

``.home.HomeActivity`` is the launcher entry; ``.pager.HostPhotoPagerActivity`` shows one photo (both as in
public automation scripts); ``.trash.ui.TrashPhotosActivity`` is the Trash (Bin), the activity B-MoCA's
"go to trash page in photo" task waits for (``asset/tasks/go_to_the_trash_page_in_photo.textproto``:
``START(.*?)com.google.android.apps.photos/.trash.ui.TrashPhotosActivity``). :data:`EVIDENCE` gives each id's
source: the grid's ``recycler_view`` of cells described "Photo taken on ..." (ViewGroups), the pager's ``trash`` and
``edit``, the share sheet's ``peoplekit_new_app_item`` rows; the rest are plausible, not confirmed.

A photo moved to the trash stays in its folder as ``.trashed-<expiry seconds>-<name>``, as MediaStore's trash
does on Android 11 and later, so a check sees it gone from the device's folders. What the real app keeps in the
Google account (albums, creations such as animations, the face grouping setting) is the simulator's account
store (:mod:`pytest_mobileagent.android.account_state`) with the layout of :func:`new_account`.
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import UNCONFIRMED, Source, Unconfirmed, entries, framework, icon_entries, key
from pytest_mobileagent.android.theme import LauncherIcon, arena_drawer

PACKAGE = "com.google.android.apps.photos"
MAIN_ACTIVITY = f"{PACKAGE}.home.HomeActivity"
PAGER_ACTIVITY = f"{PACKAGE}.pager.HostPhotoPagerActivity"
TRASH_ACTIVITY = f"{PACKAGE}.trash.ui.TrashPhotosActivity"
#: The resource id of an app of the share sheet's app row ("Create link", "Messages", "Gmail", "More"): the rows
#: AndroidArena's evaluator finds the sharing page by.
SHARE_APP_ITEM = "peoplekit_new_app_item"
#: The folders whose pictures the grid shows (the device folders Photos backs up by default).
PHOTO_DIRS = ("/sdcard/DCIM", "/sdcard/Pictures")
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".webp", ".gif")
#: The prefix of a trashed photo's file name (MediaStore's ``.trashed-<expiry>-``); trash keeps items 60 days.
TRASHED_PREFIX = ".trashed-"
TRASH_DAYS = 60
#: What the account page shows of the account's storage.
STORAGE_USED = "2.3 GB of 15 GB used"


#: The version of the real app followed: AndroidArena's phone (2023; no version recorded).
APP_VERSION = "2023 (AndroidArena's phone; version not recorded)"
_ARENA = "AndroidArenaAgent/AndroidArena"
_WA = Source("ARM-software/workload-automation",
             "wa/workloads/googlephotos/uiauto/app/src/main/java/com/arm/wa/uiauto/googlephotos/UiAutomation.java")
_APPIUM = Source("agaramudhala/appiumTest", "sampleProj/src/test/java/org/example/FirstAndroidTest.java")
EVIDENCE = {
    key("activity", MAIN_ACTIVITY): Source("google-research/android_world", "android_world/env/adb_utils.py",
                                           note="_PATTERN_TO_ACTIVITY"),
    key("activity", TRASH_ACTIVITY): Source("gimme1dollar/b-moca",
                                            "asset/tasks/go_to_the_trash_page_in_photo.textproto"),
    key("activity", PAGER_ACTIVITY): UNCONFIRMED,
    key("id", SHARE_APP_ITEM): Source(_ARENA, "run_evaluator.py", note="check_page('photo_share')"),
    **entries("id", ("recycler_view", "edit"), _WA),
    key("id", "trash"): _APPIUM,
    **entries("id", ("account_name", "account_storage", "album_overflow", "album_size", "album_title",
                     "archive_button", "backup_settings", "collection_title", "create_animation", "create_button",
                     "create_collage", "create_movie", "empty_state_caption", "empty_state_title",
                     "face_grouping_settings", "face_grouping_switch", "face_grouping_title", "favorites_button",
                     "lens", "library_list", "manage_account", "memories_settings", "navigation_bar", "new_album",
                     "og_apd_ring_view", "overflow", "photo_cell", "photo_view", "photos_pager_bottom_actions",
                     "photos_settings", "selection_count", "share", "toolbar", "toolbar_title", "trash_button",
                     "utilities_button", "peoplekit_new_app_row"), UNCONFIRMED),
    **framework("alertTitle", "button1", "button2", "buttonPanel", "content", "message", "parentPanel", "summary",
                "title", "text1"),
    **entries("text", ("Create link", "Messages", "Gmail", "More"),
              Source(_ARENA, "run_evaluator.py", note="the share sheet's rows check_page looks for")),
    key("desc", "Photo taken on"): Source(_APPIUM.repo, _APPIUM.path, note="cells: ViewGroups whose description "
                                                                          "contains 'Photo taken'"),
    # Google Photos' Material 3 icons (outlined; the selected tab filled), not recorded in a public dump
    **icon_entries({
        "Account and settings": Unconfirmed("signed out: the outlined account circle"),
        "Navigate up": Unconfirmed("the back arrow of an opened photo and of the pages"),
        "More options": Unconfirmed("three dots"),
        "Share": Unconfirmed("the photo's bottom actions: share"),
        "Edit": Unconfirmed("the photo's bottom actions: the edit sliders (tune)"),
        "Lens": Unconfirmed("the photo's bottom actions: Google Lens, drawn as the focus frame"),
        "Delete": Unconfirmed("the photo's bottom actions: the outlined bin"),
        **dict.fromkeys(("Photos", "Search", "Library"), Unconfirmed("the navigation bar's icons")),
        SHARE_APP_ITEM: Unconfirmed("the share sheet's targets: Create link (a link), each app's launcher icon, "
                                    "More (three dots)"),
    }),
}


def new_account() -> dict:
    """A fresh account: ``albums`` (``{"name", "photos": [paths]}``), ``creations`` (``{"kind", "photos"}``) and
    ``face_grouping`` (bool)."""
    return {"albums": [], "creations": [], "face_grouping": False}

__all__ = ["APP_VERSION", "EVIDENCE", "IMAGE_SUFFIXES", "MAIN_ACTIVITY", "PACKAGE", "PAGER_ACTIVITY", "PHOTO_DIRS",
           "SHARE_APP_ITEM", "STORAGE_USED", "TRASHED_PREFIX", "TRASH_ACTIVITY", "TRASH_DAYS", "new_account"]

#: The launcher icon on AndroidArena's phone: the four-colour pinwheel on white.
LAUNCHER_ICON = LauncherIcon("#FFFFFF", "toys", foreground="#FBBC04",
                             source=arena_drawer("the four-colour pinwheel on white"))
