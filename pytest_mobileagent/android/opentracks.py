"""OpenTracks (``de.dennisguse.opentracks``): recorded activities in its ``tracks`` table.

:data:`EVIDENCE` cites the app's repository ``OpenTracksApp/OpenTracks`` at tag ``v4.11.3`` (versionCode 5705, the
``de.dennisguse.opentracks_5705.apk`` AndroidWorld installs).
"""

from __future__ import annotations

import dataclasses

from pytest_mobileagent.android.evidence import Source, Unconfirmed, entries, framework, key
from pytest_mobileagent.android.opensource import appcompat_icons
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


_TYPES = "java/de/dennisguse/opentracks/data/models/ActivityType.java"


def _icons(drawable: str, symbol: str, *type_ids: str) -> dict[str, str]:
    """The types ``type_ids`` showing ``drawable`` (the app's, named for the reader), drawn as ``symbol``."""
    del drawable
    return dict.fromkeys(type_ids, symbol)


#: Each ``ActivityType`` id (``tracks.activity_type``) and the Material Symbols pictogram of the drawable 4.11.3 shows
#: for it (``ActivityType.java``; ``TrackListAdapter`` finds the type by its id). The drawables of walking, running,
#: biking, driving, boats and flight are Material Icons' own paths; the others are the app's artwork, drawn here as
#: the nearest pictogram (named in each line).
ACTIVITY_ICONS: dict[str, str] = {
    **_icons("ic_activity_flight_24dp", "flight", "airplane", "commercial airplane", "RC airplane", "seaplane"),
    **_icons("ic_activity_drive_24dp", "directions_car", "ATV", "driving", "driving bus", "driving car"),
    **_icons("ic_activity_bike_24dp", "directions_bike", "biking", "cycling", "road biking", "track cycling"),
    **_icons("ic_activity_boat_24dp", "directions_boat", "boat", "ferry", "motor boating", "RC boat"),
    **_icons("ic_activity_walk_24dp", "directions_walk", "hiking", "off trail hiking", "speed walking",
             "trail hiking", "walking"),
    **_icons("ic_activity_run_24dp", "directions_run", "running", "street running", "track running",
             "trail running"),
    **_icons("ic_activity_mtb_24dp (artwork: a mountain bike)", "pedal_bike", "dirt bike", "motor bike",
             "mountain biking"),
    **_icons("ic_activity_climbing_24dp (artwork: a climber)", "terrain", "climbing"),
    **_icons("ic_activity_skiing_24dp (artwork: a skier)", "downhill_skiing", "cross-country skiing", "skiing"),
    **_icons("ic_activity_escooter_24dp (artwork)", "electric_scooter", "escooter"),
    **_icons("ic_activity_scooter_24dp (artwork)", "scooter", "kickscooter"),
    **_icons("ic_activity_inline_skating_24dp (artwork)", "roller_skating", "inline skating"),
    **_icons("ic_activity_kayaking_24dp (artwork)", "kayaking", "kayaking"),
    **_icons("ic_activity_sailing_24dp (artwork)", "sailing", "sailing"),
    **_icons("ic_activity_skateboarding_24dp (artwork)", "skateboarding", "skateboarding"),
    **_icons("ic_activity_snowboarding_24dp (artwork)", "snowboarding", "snowboarding"),
    **_icons("ic_activity_swimming_24dp (artwork)", "pool", "swimming"),
    **_icons("ic_activity_swimming_open_24dp (artwork: a swimmer in waves)", "waves", "swimming in open water"),
    **_icons("ic_activity_workout_24dp (artwork)", "fitness_center", "workout"),
}
#: The pictogram of a type id ActivityType does not know (``UNKNOWN``): ``ActivityIcon.ICON_UNKNOWN``,
#: ``ic_logo_24dp``, the app's logo (an arrow pointing up and right, as its launcher icon), drawn as near_me.
UNKNOWN_ACTIVITY_ICON = "near_me"


def activity_icon(activity_type: str | None) -> str:
    """The pictogram a track of this ``activity_type`` id shows in the list and on its statistics."""
    return ACTIVITY_ICONS.get(activity_type or "", UNKNOWN_ACTIVITY_ICON)


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
    key("icon", "Track"): _at(_TYPES, "track_list_item_icon: TrackListAdapter sets the type's iconDrawableId "
                              "(ACTIVITY_ICONS), ActivityIcon.ICON_UNKNOWN (ic_logo_24dp) for an unknown id"),
    key("icon", "stats_activity_type_icon"): _at(_TYPES, "the recorded track's statistics show the same drawable"),
    **appcompat_icons("Navigate up"),
    **framework("content"),
}

__all__ = ["ACTIVITY_ICONS", "APP_VERSION", "DB_NAME", "DB_PATH", "EVIDENCE", "MAIN_ACTIVITY", "PACKAGE",
           "UNKNOWN_ACTIVITY_ICON", "activity_icon"]

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
