"""Simple Draw Pro (``com.simplemobiletools.draw.pro``): a canvas saved as PNG, SVG or JPG.

Screens follow version 6.9.3 (versionCode 79, AndroidWorld's ``com.simplemobiletools.draw.pro_79.apk``), from
``SimpleMobileTools/Simple-Draw`` at tag ``6.9.3`` and the Simple-Commons commit it pins (``c09f8dfda1``).
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import Source, entries, framework, key
from pytest_mobileagent.android.opensource import COMMONS, android_world
from pytest_mobileagent.android.theme import LauncherIcon, simple_commons

PACKAGE = "com.simplemobiletools.draw.pro"
MAIN_ACTIVITY = f"{PACKAGE}.activities.MainActivity"

APP_VERSION = "6.9.3 (versionCode 79, AndroidWorld's com.simplemobiletools.draw.pro_79.apk)"
_REPO, _TAG, _COMMONS_COMMIT = "SimpleMobileTools/Simple-Draw", "6.9.3", "c09f8dfda1"


def _src(path: str, note: str = "") -> Source:
    return Source(_REPO, f"app/src/main/{path}", app_version=_TAG, note=note)


def _commons(path: str, note: str = "") -> Source:
    return Source(COMMONS, f"commons/src/main/{path}", app_version=_TAG,
                  note=note or f"Simple-Commons {_COMMONS_COMMIT}, pinned by 6.9.3")


_SAVE = _src("res/layout/dialog_save_image.xml", "SaveImageDialog")
_STRINGS = _src("res/values/strings.xml")
_COMMONS_STRINGS = _commons("res/values/strings.xml")

EVIDENCE = {
    key("activity", MAIN_ACTIVITY): android_world("env/adb_utils.py", "'simple draw pro': .activities.MainActivity"),
    **entries("id", ("main_coordinator", "main_toolbar", "my_canvas", "redo", "bucket_fill", "eraser", "eye_dropper",
                     "color_picker", "undo"), _src("res/layout/activity_main.xml")),
    **entries("id", ("menu_save", "clear", "menu_share"), _src("res/menu/menu.xml", "shown always")),
    **entries("id", ("folder_value", "save_image_filename", "save_image_radio_group", "save_image_radio_png",
                     "save_image_radio_svg", "save_image_radio_jpg"), _SAVE),
    **entries("id", ("filepicker_breadcrumbs", "filepicker_list"), _commons("res/layout/dialog_filepicker.xml")),
    **entries("id", ("list_item_holder", "list_item_icon", "list_item_text_holder", "list_item_name",
                     "list_item_details"), _commons("res/layout/item_filepicker_list.xml")),
    **framework("content", "parentPanel", "alertTitle", "buttonPanel", "button1", "button2", "title"),
    **entries("text", (".png", ".svg", ".jpg"), _SAVE),
    key("text", "Draw"): _src("res/values/strings.xml", "app_launcher_name"),
    key("text", "Internal/Simple Draw"): _src("kotlin/com/simplemobiletools/draw/pro/dialogs/SaveImageDialog.kt",
                                              "the default folder SIMPLE_DRAW under internal storage, humanized"),
    **entries("text", ("Clear", "Change background color"), _STRINGS),
    **entries("desc", ("Bucket fill", "Eraser", "Eyedropper", "Clear"), _STRINGS),
    **entries("desc", ("Save", "Share", "Undo", "Redo", "Change color"), _COMMONS_STRINGS),
    **entries("text", ("Filename", "Print", "Settings", "About", "OK", "Cancel", "Select a folder", "Internal",
                       "Save as", "File saved successfully", "Filename cannot be empty",
                       "Filename contains invalid characters", "Path"), _COMMONS_STRINGS),
}

__all__ = ["APP_VERSION", "EVIDENCE", "MAIN_ACTIVITY", "PACKAGE"]

#: Simple-Commons' system theme, its default on Android 12+ (``BaseConfig.isUsingSystemTheme``); the app's own
#: screenshots show the pre-12 default (the dark theme, orange primary #F57C00).
THEME = simple_commons(_commons("res/values-v31/colors.xml",
                                note=f"Simple-Commons {_COMMONS_COMMIT}: you_* colours (values-night-v31 for dark); "
                                     "BaseConfig.kt: isUsingSystemTheme defaults to isSPlus()"))
#: The adaptive icon: md_orange_700 (#F57C00) under a white pencil drawing a line.
LAUNCHER_ICON = LauncherIcon("#F57C00", "draw", _src("res/mipmap-anydpi-v26/ic_launcher.xml", note=(
    "background @color/md_orange_700; foreground mipmap ic_launcher_foreground, a white pencil drawing a line")))
