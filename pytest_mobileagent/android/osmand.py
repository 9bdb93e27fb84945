"""OsmAnd (``net.osmand``): map markers in ``map_markers_db``.

AndroidWorld installs ``net.osmand-4.6.13.apk``. The app's repository (``osmandapp/OsmAnd``) is too large to bring
here whole, so :data:`EVIDENCE` cites single files of it as stored (versions not pinned to 4.6.13: the note says
so) and leaves the rest unconfirmed.
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import Source, Unconfirmed, entries, framework, icon_entries, key
from pytest_mobileagent.android.theme import LauncherIcon

PACKAGE = "net.osmand"
MAIN_ACTIVITY = "net.osmand.plus.activities.MapActivity"
MARKERS_DB_NAME = "map_markers_db"
MARKERS_DB_PATH = f"/data/data/{PACKAGE}/databases/{MARKERS_DB_NAME}"

APP_VERSION = "4.6.13 (AndroidWorld's net.osmand-4.6.13.apk; osmandapp/OsmAnd files as stored, not pinned)"
REPO = "osmandapp/OsmAnd"
_UNPINNED = "a stored version of the file, not pinned to 4.6.13"
_HUD = "OsmAnd/src/net/osmand/plus/views/controls/maphudbuttons/"
_NOT_CHECKED = Unconfirmed("the repository is too large to fetch here; not checked at 4.6.13")

EVIDENCE = {
    key("activity", MAIN_ACTIVITY): Source("google-research/android_world", "android_world/env/adb_utils.py",
                                           note="'osmand': net.osmand/net.osmand.plus.activities.MapActivity"),
    **entries("id", ("context_menu_main", "context_menu_line1", "context_menu_line2"),
              Source(REPO, "OsmAnd/res/layout/map_context_menu_fragment.xml", note=_UNPINNED)),
    key("id", "map_search_button"): Source(REPO, "OsmAnd/src/net/osmand/plus/views/controls/maphudbuttons/"
                                           "QuickSearchButton.java", note=f"findViewById; {_UNPINNED}"),
    **entries("id", ("MapView", "map_menu_button", "map_zoom_in_button", "map_zoom_out_button", "map_center_info",
                     "context_menu_fav_button", "context_menu_marker_button", "context_menu_route_button",
                     "context_menu_share_button", "searchEditText", "search_results", "search_result", "title",
                     "subtitle", "empty", "name_edit", "description_edit", "group_name", "save_button",
                     "plan_route_bottom_sheet", "route_points", "cancel_button", "add_point_button", "track_name"),
              _NOT_CHECKED),
    key("text", "SKIP DOWNLOAD"): Source("google-research/android_world",
                                         "android_world/env/setup_device/apps.py", note="OsmAndApp.setup clicks it"),
    **framework("content", "parentPanel", "alertTitle", "buttonPanel", "button1", "button2", "title"),
    **icon_entries({
        "Menu": Source(REPO, _HUD + "DrawerMenuButton.java", note=f"ic_navigation_drawer (menu); {_UNPINNED}"),
        "Search": Source(REPO, _HUD + "QuickSearchButton.java", note=f"ic_action_search_dark; {_UNPINNED}"),
        "Zoom in": Source(REPO, _HUD + "ZoomInButton.java", note="ic_zoom_in, the app's own drawable (not "
                          f"checked), drawn as the plus; {_UNPINNED}"),
        "Zoom out": Source(REPO, _HUD + "ZoomOutButton.java", note="ic_zoom_out, the app's own drawable (not "
                           f"checked), drawn as the minus; {_UNPINNED}"),
        "Back": Source(REPO, "OsmAnd/src/net/osmand/plus/utils/AndroidUtils.java",
                       note=f"getNavigationIconResId: ic_arrow_back, the search and editing pages' back; {_UNPINNED}"),
    }),
}

__all__ = ["APP_VERSION", "EVIDENCE", "MAIN_ACTIVITY", "MARKERS_DB_NAME", "MARKERS_DB_PATH", "PACKAGE"]

#: Unconfirmed colours: the adaptive icon's layers are bitmaps (mipmap adaptive_icon_osmand_background/_logo).
LAUNCHER_ICON = LauncherIcon("#FF8800", "explore", Unconfirmed(
    "OsmAnd/res/mipmap-anydpi-v26/icon.xml names bitmap layers, not read; an orange icon with a white map logo"))
