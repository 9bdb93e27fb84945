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

#: The brush of a first run (helpers/Config.kt): Simple-Commons' ``color_primary`` and brush size 40 (of the size
#: bar's 5-100, activity_main.xml), a stroke being that share of ``full_brush_size`` (MyCanvas.setBrushSize);
#: the canvas's background is white (activity_main.xml, Config.canvasBackgroundColor).
BRUSH_COLOR = "#F57C00"
BRUSH_SIZE = 40
MIN_BRUSH_SIZE = 5
FULL_BRUSH_DP = 40
CANVAS_COLOR = "#FFFFFF"

APP_VERSION = "6.9.3 (versionCode 79, AndroidWorld's com.simplemobiletools.draw.pro_79.apk)"
_REPO, _TAG, _COMMONS_COMMIT = "SimpleMobileTools/Simple-Draw", "6.9.3", "c09f8dfda1"


def _src(path: str, note: str = "") -> Source:
    return Source(_REPO, f"app/src/main/{path}", app_version=_TAG, note=note)


def _commons(path: str, note: str = "") -> Source:
    return Source(COMMONS, f"commons/src/main/{path}", app_version=_TAG,
                  note=note or f"Simple-Commons {_COMMONS_COMMIT}, pinned by 6.9.3")


_SAVE = _src("res/layout/dialog_save_image.xml", "SaveImageDialog")
_MAIN = _src("res/layout/activity_main.xml")
_MENU = _src("res/menu/menu.xml", "shown always")
_COLOR_DIALOG = _commons("res/layout/dialog_color_picker.xml", "ColorPickerDialog (the brush colour)")
_STRINGS = _src("res/values/strings.xml")
_COMMONS_STRINGS = _commons("res/values/strings.xml")

EVIDENCE = {
    key("activity", MAIN_ACTIVITY): android_world("env/adb_utils.py", "'simple draw pro': .activities.MainActivity"),
    **entries("id", ("main_coordinator", "main_toolbar", "main_holder", "my_canvas", "redo", "bucket_fill", "eraser",
                     "eye_dropper", "color_picker", "undo", "stroke_width_preview", "stroke_width_bar"), _MAIN),
    **entries("id", ("menu_save", "clear", "menu_share"), _MENU),
    **entries("id", ("color_picker_old_color", "color_picker_new_color", "color_picker_new_hex_label",
                     "color_picker_new_hex"), _COLOR_DIALOG),
    key("text", "#"): _COLOR_DIALOG,
    key("icon", "Redo"): _src("res/layout/activity_main.xml", "redo: @drawable/ic_redo_vector"),
    key("icon", "Undo"): _src("res/layout/activity_main.xml", "undo: @drawable/ic_undo_vector"),
    key("icon", "Bucket fill"): _src("res/layout/activity_main.xml",
                                     "bucket_fill: @drawable/ic_bucket_fill_vector (Material's format_color_fill)"),
    key("icon", "Eraser"): _src("res/layout/activity_main.xml", "eraser: @drawable/ic_eraser_vector (ink_eraser)"),
    key("icon", "Eyedropper"): _src("res/layout/activity_main.xml", "eye_dropper: @drawable/ic_colorize_vector"),
    key("icon", "Save"): _src("res/menu/menu.xml", "menu_save: @drawable/ic_save_vector"),
    key("icon", "Clear"): _src("res/menu/menu.xml", "clear: @drawable/ic_delete_vector"),
    key("icon", "Share"): _src("res/menu/menu.xml", "menu_share: @drawable/ic_share_vector"),
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

__all__ = ["APP_VERSION", "BRUSH_COLOR", "BRUSH_SIZE", "CANVAS_COLOR", "EVIDENCE", "FULL_BRUSH_DP", "MAIN_ACTIVITY",
           "MIN_BRUSH_SIZE", "PACKAGE"]

#: Simple-Commons' system theme, its default on Android 12+ (``BaseConfig.isUsingSystemTheme``); the app's own
#: screenshots show the pre-12 default (the dark theme, orange primary #F57C00).
THEME = simple_commons(_commons("res/values-v31/colors.xml",
                                note=f"Simple-Commons {_COMMONS_COMMIT}: you_* colours (values-night-v31 for dark); "
                                     "BaseConfig.kt: isUsingSystemTheme defaults to isSPlus()"))
#: The adaptive icon: md_orange_700 (#F57C00) under a white pencil drawing a line.
LAUNCHER_ICON = LauncherIcon("#F57C00", "draw", _src("res/mipmap-anydpi-v26/ic_launcher.xml", note=(
    "background @color/md_orange_700; foreground mipmap ic_launcher_foreground, a white pencil drawing a line")))
