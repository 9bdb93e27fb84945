"""Simple Gallery Pro (``com.simplemobiletools.gallery.pro``): the folders and media of shared storage."""

from __future__ import annotations

PACKAGE = "com.simplemobiletools.gallery.pro"
MAIN_ACTIVITY = f"{PACKAGE}.activities.MainActivity"
MEDIA_ACTIVITY = f"{PACKAGE}.activities.MediaActivity"
VIEW_PAGER_ACTIVITY = f"{PACKAGE}.activities.ViewPagerActivity"

__all__ = ["MAIN_ACTIVITY", "MEDIA_ACTIVITY", "PACKAGE", "VIEW_PAGER_ACTIVITY"]
