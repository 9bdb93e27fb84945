"""Tasks (``org.tasks``): to-dos in its Room database.

:data:`EVIDENCE` cites the app's repository ``tasks/tasks`` at tag ``13.6.3`` (versionCode 130605, the
``org.tasks_130605.apk`` AndroidWorld installs). Its task editor is a Compose screen (``compose_view`` in
``fragment_task_edit.xml``) whose rows carry no resource ids.
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import (
    Source,
    Unconfirmed,
    entries,
    framework,
    icon_entries,
    key,
)
from pytest_mobileagent.android.opensource import appcompat_icons
from pytest_mobileagent.android.theme import LauncherIcon, appcompat

PACKAGE = "org.tasks"
MAIN_ACTIVITY = "com.todoroo.astrid.activity.MainActivity"
DB_NAME = "database"
DB_PATH = f"/data/data/{PACKAGE}/databases/{DB_NAME}"

APP_VERSION = "13.6.3 (versionCode 130605, AndroidWorld's APK; tasks/tasks tag 13.6.3)"
REPO = "tasks/tasks"


def _at(path: str, note: str = "") -> Source:
    """A file of the app's repository at tag 13.6.3."""
    return Source(REPO, f"app/src/main/{path}", app_version="13.6.3", note=note)


_STRINGS = _at("res/values/strings.xml")
EVIDENCE = {
    key("activity", MAIN_ACTIVITY): _at("AndroidManifest.xml"),
    **entries("id", ("toolbar", "fab", "body_empty"), _at("res/layout/fragment_task_list.xml",
                                                          "toolbar and fab also in fragment_task_edit.xml")),
    key("id", "recycler_view"): _at("res/layout/task_list_body_standard.xml"),
    **entries("id", ("row", "completeBox", "title", "due_date"), _at("res/layout/task_adapter_row.xml",
                                                                     "title also the editor's name field")),
    key("id", "compose_view"): _at("res/layout/fragment_task_edit.xml", "the editor's Compose rows"),
    key("id", "notes"): Unconfirmed("the description field (DescriptionRow.kt, an EditText hinted TEA_note_label "
                                    "inside Compose); its id, if any, was not found"),
    key("desc", "Create new task"): _STRINGS,
    **entries("text", ("My Tasks", "Task name", "Description", "Priority", "Show completed", "Show unstarted",
                       "Delete task"), _STRINGS),
    key("desc", "Save"): _at("java/com/todoroo/astrid/activity/TaskEditFragment.kt",
                             "the toolbar's navigation icon saves; its description is 'save' (or 'discard' when "
                             "the back button saves)"),
    **entries("desc", ("None priority", "Low priority", "Medium priority", "High priority"),
              Unconfirmed("the row checkbox's description naming the priority (the app colours it)")),
    **framework("content", "title"),
    **icon_entries({
        "Search": _at("res/menu/menu_task_list_fragment_bottom.xml", "menu_search: ic_outline_search_24px"),
        "Create new task": _at("res/layout/fragment_task_list.xml", "fab: ic_outline_add_24px"),
        "Save": _at("java/com/todoroo/astrid/activity/TaskEditFragment.kt",
                    "the toolbar's navigation icon: ic_outline_save_24px"),
    }),
    **appcompat_icons("More options"),
}

__all__ = ["APP_VERSION", "DB_NAME", "DB_PATH", "EVIDENCE", "MAIN_ACTIVITY", "PACKAGE"]

#: Tasks' default theme colour BLUE_500 #2196F3 (Preferences.kt, p_theme_color) on its toolbars, white on it
#: (ThemeColor: contrast >= 3), accent index 1 RedAccent red_a400 #FF1744 (ActivityModule.kt, p_theme_accent);
#: window md_background_light / md_background_dark #202124, the toolbar keeping the theme colour.
THEME = appcompat("#2196F3", "#2196F3", "#FF1744", dark_background="#202124", dark_primary="#2196F3",
                  secondary_text="#99000000",
                  source=_at("java/org/tasks/preferences/Preferences.kt",
                             note="themeColor defaults to ColorProvider.BLUE_500; res/values/accents.xml RedAccent; "
                                  "res/values-night/colors.xml window_background #202124"))
#: ic_launcher_blue: blue_500 under a white check mark.
LAUNCHER_ICON = LauncherIcon("#2196F3", "check", _at("res/mipmap-anydpi-v26/ic_launcher_blue.xml",
                             note="the manifest's icon; background @color/blue_500, foreground a white check"))
