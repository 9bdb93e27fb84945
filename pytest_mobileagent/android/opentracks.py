"""OpenTracks (``de.dennisguse.opentracks``): recorded activities in its ``tracks`` table.

:data:`EVIDENCE` cites the app's repository ``OpenTracksApp/OpenTracks`` at tag ``v4.11.3`` (versionCode 5705, the
``de.dennisguse.opentracks_5705.apk`` AndroidWorld installs).
"""

from __future__ import annotations

import dataclasses

from pytest_mobileagent.android.evidence import Source, Unconfirmed, entries, framework, key
from pytest_mobileagent.android.theme import BASELINE, AppTheme, LauncherIcon

PACKAGE = "de.dennisguse.opentracks"
MAIN_ACTIVITY = "de.dennisguse.opentracks.TrackListActivity"
DB_NAME = "database.db"
DB_PATH = f"/data/data/{PACKAGE}/databases/{DB_NAME}"

APP_VERSION = "4.11.3 (versionCode 5705, AndroidWorld's APK; OpenTracksApp/OpenTracks tag v4.11.3)"
REPO = "OpenTracksApp/OpenTracks"


def _at(path: str, note: str = "") -> Source:
    """A file of the app's repository at tag v4.11.3."""
    return Source(REPO, f"src/main/{path}", app_version="v4.11.3", note=note)


EVIDENCE = {
    key("activity", MAIN_ACTIVITY): _at("AndroidManifest.xml"),
    **entries("id", ("track_list_toolbar", "track_list", "track_list_empty_view"), _at("res/layout/track_list.xml")),
    **entries("id", ("track_list_item_icon", "track_list_item_name", "track_list_item_time_distance",
                     "track_list_item_date", "track_list_item_time", "track_list_item_category_description"),
              _at("res/layout/track_list_item.xml", "filled by ui/TrackListAdapter.java; the simulated row always "
                  "shows the category, 4.11.3 only for an activity type it does not know")),
    **entries("id", ("stats_activity_type_icon", "stats_name_value", "stats_description_value",
                     "stats_start_datetime_value", "stats_distance_value", "stats_total_time_value",
                     "stats_altitude_gain_value", "stats_altitude_loss_value"),
              _at("res/layout/statistics_recorded.xml", "shown in TrackRecordedActivity, which the simulator "
                  "folds into the list's activity")),
    key("desc", "Track"): _at("res/values/strings.xml", "image_track, the row icon's description"),
    key("text", "Start recording your next adventure here"): _at("res/values/strings.xml",
                                                                 "track_list_empty_message"),
    key("text", "OpenTracks"): Unconfirmed("the list's toolbar title (app_name); the title the activity sets "
                                           "was not checked"),
    **framework("content"),
}

__all__ = ["APP_VERSION", "DB_NAME", "DB_PATH", "EVIDENCE", "MAIN_ACTIVITY", "PACKAGE"]

#: OpenTracksTheme: Material 3 DayNight with colorPrimary/colorSecondary #FF6D00 (the rest Material 3's baseline;
#: dynamic colours off by default, settings_ui_dynamic_colors_default), night's status bar black.
THEME = AppTheme(
    light=dataclasses.replace(BASELINE.light, primary="#FF6D00", accent="#FF6D00"),
    dark=dataclasses.replace(BASELINE.dark, primary="#FF6D00", accent="#FF6D00", status_bar="#000000"),
    source=_at("res/values/styles_theme.xml", note="OpenTracksTheme; values-night/styles_theme.xml; "
                                                    "values/colors.xml opentracks #FF6D00"))
#: A white background under the logo, an arrow pointing up and right in an orange gradient (#FBB22F to #FF6D00).
LAUNCHER_ICON = LauncherIcon("#FFFFFF", "near_me", _at("res/drawable/ic_logo_color_24dp.xml",
                             note="drawable/ic_launcher.xml insets it; values-v26/ic_launcher_background.xml "
                                  "#FFFFFF"), foreground="#FF6D00")
