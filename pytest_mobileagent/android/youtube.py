"""YouTube (``com.google.android.youtube``): package, activities, resource ids and seeded videos.

Activities, from decompiled YouTube sources published on GitHub: the home screen
``com.google.android.apps.youtube.app.WatchWhileActivity`` (also AndroidWorld's ``adb_utils`` launch
target), ``com.google.android.apps.youtube.app.settings.SettingsActivity`` (a header list; its
``onHeaderClick`` starts ``PairWithTvActivity`` for the "Watch on TV" header) and
``com.google.android.libraries.youtube.mdx.smartpairing.PairWithTvActivity`` (the "link with TV code"
page, which focuses its code field and shows the keyboard). ``search_edit_text`` (the search field
opened by the toolbar's "Search" button) is the id public Appium/uiautomator scripts use.
"""

from __future__ import annotations

from typing import NamedTuple

PACKAGE = "com.google.android.youtube"
MAIN_ACTIVITY = "com.google.android.apps.youtube.app.WatchWhileActivity"
SETTINGS_ACTIVITY = "com.google.android.apps.youtube.app.settings.SettingsActivity"
PAIR_WITH_TV_ACTIVITY = "com.google.android.libraries.youtube.mdx.smartpairing.PairWithTvActivity"


class Video(NamedTuple):
    title: str
    channel: str
    views: str
    age: str
    duration: str


#: The home feed of a fresh simulated YouTube.
FEED: tuple[Video, ...] = (
    Video("Learn Python in 10 minutes", "Code Academy", "1.2M views", "2 years ago", "10:04"),
    Video("Relaxing piano music for studying", "Calm Sounds", "8.4M views", "1 year ago", "3:02:11"),
    Video("How to make sourdough bread at home", "Baking Basics", "560K views", "8 months ago", "14:37"),
    Video("Top 10 hiking trails in California", "Trail Guide", "230K views", "3 weeks ago", "12:55"),
    Video("Morning yoga for beginners", "Yoga Daily", "3.1M views", "4 years ago", "20:00"),
)

__all__ = ["FEED", "MAIN_ACTIVITY", "PACKAGE", "PAIR_WITH_TV_ACTIVITY", "SETTINGS_ACTIVITY", "Video"]
