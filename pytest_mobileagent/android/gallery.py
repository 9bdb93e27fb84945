"""Simple Gallery Pro (``com.simplemobiletools.gallery.pro``): the folders and media of shared storage.

Screens follow version 6.28.1 (versionCode 396, AndroidWorld's ``com.simplemobiletools.gallery.pro_396.apk``), from
``SimpleMobileTools/Simple-Gallery`` at tag ``6.28.1`` and the Simple-Commons commit it pins (``9e60e24790``).
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import Source, entries, framework, key
from pytest_mobileagent.android.opensource import COMMONS, android_world, appcompat
from pytest_mobileagent.android.theme import LauncherIcon, simple_commons

PACKAGE = "com.simplemobiletools.gallery.pro"
MAIN_ACTIVITY = f"{PACKAGE}.activities.MainActivity"
MEDIA_ACTIVITY = f"{PACKAGE}.activities.MediaActivity"
VIEW_PAGER_ACTIVITY = f"{PACKAGE}.activities.ViewPagerActivity"

#: The default grids (res/values/integers.xml): folders in 2 columns, media in 3, as square tiles.
DIR_COLUMNS = 2
MEDIA_COLUMNS = 3

APP_VERSION = "6.28.1 (versionCode 396, AndroidWorld's com.simplemobiletools.gallery.pro_396.apk)"
_REPO, _TAG, _COMMONS_COMMIT = "SimpleMobileTools/Simple-Gallery", "6.28.1", "9e60e24790"


def _src(path: str, note: str = "") -> Source:
    return Source(_REPO, f"app/src/main/{path}", app_version=_TAG, note=note)


def _commons(path: str, note: str = "") -> Source:
    return Source(COMMONS, f"commons/src/main/{path}", app_version=_TAG,
                  note=note or f"Simple-Commons {_COMMONS_COMMIT}, pinned by 6.28.1")


_COMMONS_STRINGS = _commons("res/values/strings.xml")

EVIDENCE = {
    key("activity", MAIN_ACTIVITY): android_world("env/adb_utils.py", "'simple gallery pro': MainActivity"),
    **entries("activity", (MEDIA_ACTIVITY, VIEW_PAGER_ACTIVITY), _src("AndroidManifest.xml")),
    **entries("id", ("directories_coordinator", "main_menu", "directories_grid", "directories_empty_placeholder"),
              _src("res/layout/activity_main.xml")),
    **entries("id", ("media_coordinator", "media_menu", "media_grid"), _src("res/layout/activity_media.xml")),
    key("id", "medium_viewer_toolbar"): _src("res/layout/activity_medium.xml"),
    key("id", "gestures_view"): _src("res/layout/pager_photo_item.xml"),
    **entries("id", ("fragment_holder", "view_pager"), _src("res/layout/activity_medium.xml",
                                                            "the pager fills the screen, the toolbar over it")),
    **entries("id", ("dir_holder", "dir_name", "photo_cnt"), _src("res/layout/directory_item_list.xml")),
    **entries("id", ("dir_thumbnail", "dir_shadow_holder", "dir_bottom_holder"),
              _src("res/layout/directory_item_grid_square.xml", "the default folder tile (Config.folderStyle)")),
    **entries("id", ("media_item_holder", "medium_name", "medium_thumbnail", "medium_check"),
              _src("res/layout/photo_item_grid.xml",
                   "medium_name shows only with Config.displayFileNames (default off): the simulator shows it")),
    **entries("id", ("cab_delete", "cab_share"), _src("res/menu/cab_media.xml", "shown always")),
    **entries("id", ("top_app_bar_layout", "top_toolbar_holder", "top_toolbar_search_icon", "top_toolbar_search"),
              _commons("res/layout/menu_search.xml", "MySearchMenu")),
    key("id", "filepicker_breadcrumbs"): _commons("res/layout/dialog_filepicker.xml", "FilePickerDialog's path"),
    key("id", "filepicker_list"): _commons("res/layout/dialog_filepicker.xml", "FilePickerDialog's folders"),
    **entries("id", ("list_item_holder", "list_item_icon", "list_item_text_holder", "list_item_name",
                     "list_item_details"), _commons("res/layout/item_filepicker_list.xml")),
    **appcompat("action_mode_bar", "action_mode_close_button"),
    **framework("content", "parentPanel", "alertTitle", "buttonPanel", "button1", "button2", "button3", "title"),
    key("text", "Gallery"): _src("res/values/strings.xml", "app_launcher_name"),
    key("text", "Other folder"): _src("res/values/strings.xml", "other_folder"),
    key("text", "No media files have been found with the selected filters."): _src("res/values/strings.xml"),
    key("text", "Select destination"): _src("kotlin/com/simplemobiletools/gallery/pro/dialogs/PickDirectoryDialog.kt",
                                            "the dialog's title, commons' select_destination"),
    **entries("text", ("Select a folder", "Copy to", "Move to", "Properties", "Rename", "Create shortcut",
                       "Select all", "Settings", "About", "Cancel", "OK", "Search folders", "Internal", "Copying\u2026",
                       "Moving\u2026", "Source and destination cannot be the same"), _COMMONS_STRINGS),
    **entries("desc", ("Delete", "Share"), _COMMONS_STRINGS),
    key("icon", "medium_check"): _src("res/layout/photo_item_grid.xml",
                                      "medium_check: @drawable/ic_check_vector on circle_background"),
    key("icon", "Delete"): _src("res/menu/cab_media.xml", "cab_delete: @drawable/ic_delete_vector"),
    key("icon", "Share"): _src("res/menu/cab_media.xml", "cab_share: @drawable/ic_share_vector"),
}

__all__ = ["APP_VERSION", "DIR_COLUMNS", "EVIDENCE", "MAIN_ACTIVITY", "MEDIA_ACTIVITY", "MEDIA_COLUMNS", "PACKAGE",
           "VIEW_PAGER_ACTIVITY"]

#: Simple-Commons' system theme, its default on Android 12+ (``BaseConfig.isUsingSystemTheme``); the app's own
#: screenshots show the pre-12 default (the dark theme, orange primary #F57C00).
THEME = simple_commons(_commons("res/values-v31/colors.xml",
                                note=f"Simple-Commons {_COMMONS_COMMIT}: you_* colours (values-night-v31 for dark); "
                                     "BaseConfig.kt: isUsingSystemTheme defaults to isSPlus()"))
#: The adaptive icon: md_orange_700 (#F57C00) under white mountains under a sun.
LAUNCHER_ICON = LauncherIcon("#F57C00", "landscape", _src("res/mipmap-anydpi-v26/ic_launcher.xml", note=(
    "background @color/md_orange_700; foreground mipmap ic_launcher_foreground, white mountains under a sun")))
