"""Google Photos (``com.google.android.apps.photos``): the photo grid and the Library's Trash.

``.home.HomeActivity`` is the launcher entry; ``.pager.HostPhotoPagerActivity`` shows one photo (both as in
public automation scripts); ``.trash.ui.TrashPhotosActivity`` is the Trash (Bin), the activity B-MoCA's
"go to trash page in photo" task waits for (``asset/tasks/go_to_the_trash_page_in_photo.textproto``:
``START(.*?)com.google.android.apps.photos/.trash.ui.TrashPhotosActivity``). Resource ids are plausible, not
confirmed (the pager's ``share`` and ``trash`` buttons included).

A photo moved to the trash stays in its folder as ``.trashed-<expiry seconds>-<name>``, as MediaStore's trash
does on Android 11 and later, so a check sees it gone from the device's folders. What the real app keeps in the
Google account (albums, creations such as animations, the face grouping setting) is the simulator's account
store (:mod:`pytest_mobileagent.android.account_state`) with the layout of :func:`new_account`.
"""

from __future__ import annotations

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


def new_account() -> dict:
    """A fresh account: ``albums`` (``{"name", "photos": [paths]}``), ``creations`` (``{"kind", "photos"}``) and
    ``face_grouping`` (bool)."""
    return {"albums": [], "creations": [], "face_grouping": False}

__all__ = ["IMAGE_SUFFIXES", "MAIN_ACTIVITY", "PACKAGE", "PAGER_ACTIVITY", "PHOTO_DIRS", "SHARE_APP_ITEM",
           "STORAGE_USED", "TRASHED_PREFIX", "TRASH_ACTIVITY", "TRASH_DAYS", "new_account"]
