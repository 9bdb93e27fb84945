"""Google Photos (``com.google.android.apps.photos``): the photo grid and the Library's Trash.

``.home.HomeActivity`` is the launcher entry; ``.pager.HostPhotoPagerActivity`` shows one photo (both as in
public automation scripts); ``.trash.ui.TrashPhotosActivity`` is the Trash (Bin), the activity B-MoCA's
"go to trash page in photo" task waits for (``asset/tasks/go_to_the_trash_page_in_photo.textproto``:
``START(.*?)com.google.android.apps.photos/.trash.ui.TrashPhotosActivity``). Resource ids are plausible, not
confirmed.
"""

from __future__ import annotations

PACKAGE = "com.google.android.apps.photos"
MAIN_ACTIVITY = f"{PACKAGE}.home.HomeActivity"
PAGER_ACTIVITY = f"{PACKAGE}.pager.HostPhotoPagerActivity"
TRASH_ACTIVITY = f"{PACKAGE}.trash.ui.TrashPhotosActivity"
#: The folders whose pictures the grid shows (the device folders Photos backs up by default).
PHOTO_DIRS = ("/sdcard/DCIM", "/sdcard/Pictures")
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".webp", ".gif")

__all__ = ["IMAGE_SUFFIXES", "MAIN_ACTIVITY", "PACKAGE", "PAGER_ACTIVITY", "PHOTO_DIRS", "TRASH_ACTIVITY"]
