"""Markor (``net.gsantner.markor``): notes are plain files in its notebook folder in shared storage.

Screens follow Markor v2.10.9 (versionCode 146, the APK AndroidWorld installs: ``net.gsantner.markor_146.apk`` in
its ``env/setup_device/apps.py``), from ``gsantner/markor`` at tag ``v2.10.9``.
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import Source, Unconfirmed, entries, framework, key
from pytest_mobileagent.android.opensource import android_world
from pytest_mobileagent.android.theme import LauncherIcon, appcompat

PACKAGE = "net.gsantner.markor"
MAIN_ACTIVITY = "net.gsantner.markor.activity.MainActivity"
DOCUMENT_ACTIVITY = "net.gsantner.markor.activity.DocumentActivity"
NOTEBOOK = "/storage/emulated/0/Documents/Markor"

APP_VERSION = "v2.10.9 (versionCode 146, AndroidWorld's net.gsantner.markor_146.apk)"
_REPO, _TAG = "gsantner/markor", "v2.10.9"


def _src(path: str, note: str = "") -> Source:
    return Source(_REPO, path, app_version=_TAG, note=note)


_RES = "app/src/main/res"
_MAIN = _src(f"{_RES}/layout/main__activity.xml")
_FS_MENU = _src(f"{_RES}/menu/filesystem__menu.xml", "the file browser's menu (selection items shown when selected)")
_EDIT_MENU = _src(f"{_RES}/menu/document__edit__menu.xml", "the editor's menu")
_FS_ITEM = _src(f"{_RES}/layout/opoc_filesystem_item.xml", "a file browser row")
_FS_DIALOG = _src(f"{_RES}/layout/opoc_filesystem_dialog.xml", "the folder picker (GsFileBrowserDialog)")
_NEW = _src(f"{_RES}/layout/new_file_dialog.xml", "NewFileDialog (no title; Cancel, OK, Folder)")
_STRINGS = _src(f"{_RES}/values/strings.xml")
_NOT_TRANSLATED = _src(f"{_RES}/values/string-not_translatable.xml")

_EDIT = _src(f"{_RES}/layout/document__fragment__edit.xml", "the editor (gravity top) and its text action bar")
_JAVA = "app/src/main/java/net/gsantner/markor"
_MD_ACTIONS = _src(f"{_JAVA}/format/markdown/MarkdownActionButtons.java", "getActiveActionList: the drawable of each")
_TODO_ACTIONS = _src(f"{_JAVA}/format/todotxt/TodoTxtActionButtons.java", "getActiveActionList: the drawable of each")
_MD_ICONS = {"Check list": "ic_check_box_black_24dp", "Unordered list": "ic_list_black_24dp",
             "Bold": "ic_format_bold_black_24dp", "Italic": "ic_format_italic_black_24dp",
             "Delete lines": "ic_delete_black_24dp", "Open link": "ic_open_in_browser_black_24dp",
             "Attach": "ic_attach_file_black_24dp", "Special Key": "ic_keyboard_black_24dp",
             "Date and time": "ic_access_time_black_24dp", "Inline code": "ic_code_black_24dp",
             "Ordered list": "ic_format_list_numbered_black_24dp", "Table": "ic_view_module_black_24dp",
             "Quote": "ic_format_quote_black_24dp", "Heading 1": "format_header_1", "Heading 2": "format_header_2",
             "Heading 3": "format_header_3", "Horizontal line": "ic_more_horiz_black_24dp",
             "Strike out": "ic_format_strikethrough_black_24dp"}
_TODO_ICONS = {"Toggle done": "ic_check_box_black_24dp", "Add context": "gs_email_sign_black_24dp",
               "Add project": "ic_new_label_black_24dp", "Priority": "ic_star_border_black_24dp",
               "Archive completed tasks": "ic_archive_black_24dp", "Sort by": "ic_sort_by_alpha_black_24dp",
               "Current date": "ic_date_range_black_24dp"}

EVIDENCE = {
    key("activity", MAIN_ACTIVITY): android_world("env/adb_utils.py", "'markor': .activity.MainActivity"),
    key("activity", DOCUMENT_ACTIVITY): _src("app/src/main/AndroidManifest.xml", "activity .activity.DocumentActivity"),
    **entries("id", ("toolbar", "fab_add_new_item", "bottom_navigation_bar"), _MAIN),
    **entries("id", ("action_rename_selected_item", "action_info_selected_item", "action_delete_selected_items",
                     "action_share_files", "action_go_to", "action_sort", "action_search"), _FS_MENU),
    **entries("id", ("action_undo", "action_redo", "action_preview", "action_save"), _EDIT_MENU),
    **entries("id", ("document__fragment__edit__highlighting_editor",
                     "document__fragment__edit__text_actions_bar__scrolling_parent",
                     "document__fragment__edit__text_actions_bar"), _EDIT),
    **entries("desc", _MD_ICONS, _STRINGS),
    **entries("desc", _TODO_ICONS, _STRINGS),
    **{key("icon", d): Source(_MD_ACTIONS.repo, _MD_ACTIONS.path, app_version=_TAG, note=f"@drawable/{i}")
       for d, i in _MD_ICONS.items()},
    **{key("icon", d): Source(_TODO_ACTIONS.repo, _TODO_ACTIONS.path, app_version=_TAG, note=f"@drawable/{i}")
       for d, i in _TODO_ICONS.items() if d not in _MD_ICONS},
    key("text", "todo.txt"): _src(f"{_RES}/values/string-not_translatable.xml",
                                  "todo_default_filename (AppSettings.getTodoFile, the To-Do page's file)"),
    key("text", "QuickNote.md"): _src(f"{_RES}/values/string-not_translatable.xml",
                                      "quicknote_default_filename (the QuickNote page's file)"),
    **entries("id", ("opoc_filesystem_item__root", "opoc_filesystem_item__title", "opoc_filesystem_item__description"),
              _FS_ITEM),
    **entries("id", ("ui__filesystem_dialog__list", "empty_hint"),
              _src(f"{_RES}/layout/opoc_filesystem_fragment.xml", "the notebook's list and its empty hint")),
    **entries("id", ("ui__filesystem_dialog__root", "ui__filesystem_dialog__title", "ui__filesystem_dialog__buttons",
                     "ui__filesystem_dialog__button_cancel", "ui__filesystem_dialog__button_ok"), _FS_DIALOG),
    **entries("id", ("new_file_dialog__name", "new_file_dialog__ext"), _NEW),
    key("id", "new_name"): _src("app/thirdparty/res/layout/rename__dialog.xml", "WrRenameDialog's field"),
    **framework("content", "parentPanel", "alertTitle", "message", "buttonPanel", "button1", "button2", "button3",
                "title", "text1", "floating_toolbar_menu_item_text"),
    **entries("desc", ("Create a new file or folder", "Rename", "Details", "Delete", "Go to", "Sort by", "Search",
                       "Undo", "Redo", "View mode", "Save"), _STRINGS),
    **entries("text", ("Files", "Share", "Move", "Copy", "Create shortcut", "Plain Text", "File", "File settings",
                       "Format", "Tools", "Info", "Reload", "Import from device", "Settings", "Rename",
                       "Confirm Delete", "Name", "Type", "Template", "Folder", "Cancel", "my_note"), _STRINGS),
    **entries("text", ("To-Do", "QuickNote"), _NOT_TRANSLATED),
    **{key("icon", t): _src(f"{_RES}/menu/main__bottom_nav.xml", f"@drawable/{d}")
       for t, d in (("Files", "ic_folder_white_24dp"), ("To-Do", "ic_assignment_turned_in_black_24dp"),
                    ("QuickNote", "ic_lightning_black_24dp (Material's bolt)"), ("More", "ic_favorite_black_24dp"))},
    key("text", "Do you really want to delete this Document?"): _src(
        f"{_RES}/values/strings.xml", "do_you_really_want_to_delete_this_witharg with the plural 'documents'"),
    key("text", "More"): _STRINGS,
    key("text", "HTML"): Unconfirmed("the share submenu's HTML item is titled by share_html__mime_html"),
    key("text", "Markor"): _src("app/src/main/java/net/gsantner/markor/activity/MainActivity.java",
                                "getFileBrowserTitle: app_name at the notebook, '> folder' below it"),
}

__all__ = ["APP_VERSION", "DOCUMENT_ACTIVITY", "EVIDENCE", "MAIN_ACTIVITY", "NOTEBOOK", "PACKAGE"]

#: AppTheme.Unified (AppCompat DayNight): colorPrimary #1E2135 (night: primary_dark #161828), colorAccent #F04B4B,
#: window light__background #EEEEEE / dark__background #222222, text #212121 / white.
THEME = appcompat("#1E2135", "#161828", "#F04B4B", background="#EEEEEE", dark_background="#222222",
                  dark_primary="#161828", text="#212121", secondary_text="#757575",
                  source=_src("app/src/main/res/values/colors.xml",
                              note="primary, primary_dark, accent, light__/dark__ colours; values-night/colors.xml "
                                   "(colorPrimary @color/primary_dark); styles.xml AppTheme.Unified"))
#: A light grey notebook (#EAEAEA, its binding #797C76) with a dark "M" and a pencil.
LAUNCHER_ICON = LauncherIcon("#EAEAEA", "edit_note", _src("app/src/main/res/drawable/ic_launcher_background.xml",
                             note="the notebook's fill #eaeaea; drawable-anydpi-v26/ic_launcher.xml; "
                                  "ic_launcher-web.png: a dark M and a pencil"), foreground="#1E2135")
