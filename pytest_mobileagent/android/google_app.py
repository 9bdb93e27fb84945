"""The Google app (``com.google.android.googlequicksearchbox``): package, activity and resource ids.

``com.google.android.googlequicksearchbox.SearchActivity`` is its launcher activity (AndroidWorld's
``adb_utils``; real ``PackageManager`` log lines enable it by that name). Public UI-automation code
against the real app uses ``googleapp_hint_text`` / ``googleapp_facade_search_box`` (the home screen's
search bar, a facade) and ``googleapp_search_box`` (the search page's edit field).
"""

from __future__ import annotations

PACKAGE = "com.google.android.googlequicksearchbox"
MAIN_ACTIVITY = "com.google.android.googlequicksearchbox.SearchActivity"

#: Discover-feed cards of a fresh simulated Google app: (source, headline).
FEED: tuple[tuple[str, str], ...] = (
    ("The Weather Channel", "Sunny skies expected through the weekend"),
    ("TechCrunch", "Five Android features you may have missed this year"),
    ("NPR", "How public libraries are changing in the digital age"),
    ("ESPN", "Season preview: what to watch for this fall"),
)

__all__ = ["FEED", "MAIN_ACTIVITY", "PACKAGE"]
