"""The Google app (``com.google.android.googlequicksearchbox``): package, activity and resource ids.

``com.google.android.googlequicksearchbox.SearchActivity`` is its launcher activity (AndroidWorld's
``adb_utils``; real ``PackageManager`` log lines enable it by that name). Public UI-automation code
against the real app uses ``googleapp_hint_text`` / ``googleapp_facade_search_box`` (the home screen's
search bar, a facade) and ``googleapp_search_box`` (the search page's edit field).

The app's source is not public: :data:`EVIDENCE` confirms the activity from AndroidWorld and leaves the ids
unconfirmed (the two above appear in public Appium scripts, as a TextView and an EditText, whose repositories
were not pinned down here).
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import Source, Unconfirmed, entries, framework, icon_entries, key
from pytest_mobileagent.android.theme import LauncherIcon, arena_drawer

PACKAGE = "com.google.android.googlequicksearchbox"
MAIN_ACTIVITY = "com.google.android.googlequicksearchbox.SearchActivity"

#: Discover-feed cards of a fresh simulated Google app: (source, headline).
FEED: tuple[tuple[str, str], ...] = (
    ("The Weather Channel", "Sunny skies expected through the weekend"),
    ("TechCrunch", "Five Android features you may have missed this year"),
    ("NPR", "How public libraries are changing in the digital age"),
    ("ESPN", "Season preview: what to watch for this fall"),
)

APP_VERSION = "the Google app of the Android 13 google_apis image (no version recorded)"
_SCRIPTS = Unconfirmed("named by public Appium scripts against the real app (googleapp_hint_text a TextView, "
                       "googleapp_search_box an EditText); repository not pinned down")
EVIDENCE = {
    key("activity", MAIN_ACTIVITY): Source("google-research/android_world", "android_world/env/adb_utils.py",
                                           note="the Google app's SearchActivity"),
    **entries("id", ("googleapp_hint_text", "googleapp_search_box"), _SCRIPTS),
    **entries("id", ("googleapp_facade_search_box", "googleapp_discover_feed", "googleapp_search_widget_lens_btn",
                     "googleapp_search_widget_voice_btn", "googleapp_srp_search_box", "googleapp_srp_offline",
                     "card_title", "googleapp_time_card", "googleapp_time_card_time", "place_card", "place_title",
                     "place_subtitle", "place_address", "weather_card", "weather_location", "weather_temperature",
                     "weather_condition", "weather_day", "weather_details"),
              Unconfirmed("Google-app-style names the simulator gives; not found in public evidence")),
    **framework("content"),
    **icon_entries({
        "Voice search": Source("AndroidArenaAgent/AndroidArena",
                               "trajectory/GPT4-Search_for_large_language_model_in_Firefox.html",
                               note="screenshot 0: the home screen's Google search bar shows the Google app's "
                                    "microphone (multicoloured, drawn in one colour)"),
        "Search by camera": Source("AndroidArenaAgent/AndroidArena",
                                   "trajectory/GPT4-Search_for_large_language_model_in_Firefox.html",
                                   note="screenshot 0: the same bar's Google Lens camera, drawn as the focus frame"),
        "Back": Unconfirmed("the search page's back arrow"),
    }),
}

__all__ = ["APP_VERSION", "EVIDENCE", "FEED", "MAIN_ACTIVITY", "PACKAGE"]

#: The launcher icon on AndroidArena's phone: the four-colour G on white.
LAUNCHER_ICON = LauncherIcon("#FFFFFF", "search", foreground="#4285F4",
                             source=arena_drawer("the four-colour G on white"))
