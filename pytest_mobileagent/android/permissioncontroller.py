"""PermissionController (``com.google.android.permissioncontroller``): the default apps pages.

Settings' "Apps > Default apps" hands over to PermissionController: AndroidArena's recorded phone shows the "Default
apps" and "Default browser app" pages as "The current APP is permissioncontroller" (its trajectory
``GPT4-Change_the_default_web_browser_to_chrome_on_my_Android_device.html``, steps 4-7), and public scripts start
``.role.ui.DefaultAppListActivity`` of the Google build by name. A page is SettingsLib's collapsing-toolbar layout
(``content_parent`` holding the ``action_bar`` Toolbar) over a ``recycler_view``; a default app's choices are rows
whose RadioButton is ``android:id/checkbox`` (a CheckBoxPreference's widget), under the role's description. The role
holders themselves are RoleManager's (:mod:`pytest_mobileagent.android.settings_app`).
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import (
    UNCONFIRMED,
    Source,
    Unconfirmed,
    entries,
    framework,
    framework_icons,
    key,
)

PACKAGE = "com.google.android.permissioncontroller"
DEFAULT_APP_LIST_ACTIVITY = "com.android.permissioncontroller.role.ui.DefaultAppListActivity"
DEFAULT_APP_ACTIVITY = "com.android.permissioncontroller.role.ui.DefaultAppActivity"
#: ``Settings.ACTION_MANAGE_DEFAULT_APPS_SETTINGS``, which DefaultAppListActivity handles.
ACTION_MANAGE_DEFAULT_APPS = "android.settings.MANAGE_DEFAULT_APPS_SETTINGS"
#: The browser role's page: its title and the description above the choices.
BROWSER_TITLE = "Default browser app"
BROWSER_DESCRIPTION = "Apps that give you access to the internet and display links that you tap"

APP_VERSION = "the Google build of Android 13's PermissionController module, as AndroidArena's phone ran it (2023)"
_ARENA = Source("AndroidArenaAgent/AndroidArena",
                "trajectory/GPT4-Change_the_default_web_browser_to_chrome_on_my_Android_device.html",
                note="steps 4-7: 'The current APP is permissioncontroller'")
_SETTINGSLIB = Source("aosp-mirror/platform_frameworks_base", "packages/SettingsLib/CollapsingToolbarBaseActivity/"
                      "res/layout/collapsing_toolbar_base_layout.xml")
EVIDENCE = {
    key("activity", DEFAULT_APP_LIST_ACTIVITY): Unconfirmed("started by name in public scripts of the Google build; "
                                                            "no citable file was found"),
    key("activity", DEFAULT_APP_ACTIVITY): Source("GrapheneOS/platform_packages_modules_Permission",
                                                  "PermissionController/src/com/android/permissioncontroller/role/"
                                                  "ui/DefaultAppActivity.java"),
    **entries("id", ("content_parent", "recycler_view", "android:id/checkbox"), _ARENA),
    key("id", "action_bar"): _SETTINGSLIB,
    **entries("text", ("Default apps", BROWSER_TITLE, BROWSER_DESCRIPTION, "Browser app", "Caller ID & spam app",
                       "Digital assistant app", "Home app", "Pixel Launcher", "Chrome", "Firefox", "None"), _ARENA),
    key("desc", "Navigate up"): _ARENA,
    **entries("text", ("Phone app", "SMS app", "Phone", "Messages"), UNCONFIRMED),
    **framework("content", "title", "summary"),
    **framework_icons("Navigate up"),
}

__all__ = ["ACTION_MANAGE_DEFAULT_APPS", "APP_VERSION", "BROWSER_DESCRIPTION", "BROWSER_TITLE",
           "DEFAULT_APP_ACTIVITY", "DEFAULT_APP_LIST_ACTIVITY", "EVIDENCE", "PACKAGE"]
