"""Joplin (``net.cozic.joplin``): notebooks and notes in ``joplin.sqlite``.

Joplin's app is React Native: its views carry no resource id unless the code sets a ``testID`` (2.14 sets one,
``note-editor-root``), so the simulated screens have none either; labels are its ``accessibilityLabel``\\ s.
:data:`EVIDENCE` cites ``laurent22/joplin`` at tag ``android-v2.14.9``, the nearest tag to the 2.14.10 build
AndroidWorld installs (versionCode 2097740; android-v2.14.9 is 2097739).
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import Source, Unconfirmed, framework, icon_entries, key
from pytest_mobileagent.android.theme import LauncherIcon, appcompat

PACKAGE = "net.cozic.joplin"
MAIN_ACTIVITY = "net.cozic.joplin.MainActivity"
DB_NAME = "joplin.sqlite"
DB_PATH = f"/data/data/{PACKAGE}/databases/{DB_NAME}"

APP_VERSION = "2.14.10 (versionCode 2097740, AndroidWorld's APK; laurent22/joplin tag android-v2.14.9, the nearest)"
REPO = "laurent22/joplin"


def _at(path: str, note: str = "") -> Source:
    """A file of the mobile app at tag android-v2.14.9."""
    return Source(REPO, f"packages/app-mobile/{path}", app_version="android-v2.14.9", note=note)


EVIDENCE = {
    key("activity", MAIN_ACTIVITY): _at("android/app/src/main/AndroidManifest.xml"),
    key("desc", "Sidebar"): _at("components/ScreenHeader.tsx", "the side menu button's accessibilityLabel"),
    key("desc", "Back"): _at("components/ScreenHeader.tsx"),
    key("desc", "Search"): _at("components/ScreenHeader.tsx", "searchButton's description"),
    key("desc", "to-do: {title}"): _at("components/note-item.js", "a to-do row's checkbox: _('to-do: %s', title)"),
    key("desc", "to-do"): Unconfirmed("the open note's to-do checkbox; its label was not checked"),
    key("text", "All notes"): _at("components/screens/Notes.tsx"),
    key("text", "There are currently no notes. Create one by clicking on the (+) button."):
        _at("components/NoteList.tsx"),
    key("text", "Notebooks"): Unconfirmed("the side menu's heading; not checked"),
    **framework("content"),
    # the header draws Ionicons (react-native-vector-icons), shown as the Material Symbols of the same shape
    **icon_entries({
        "Sidebar": _at("components/ScreenHeader.tsx", "Ionicons 'menu'"),
        "Back": _at("components/ScreenHeader.tsx", "Ionicons 'arrow-back'"),
        "Search": _at("components/ScreenHeader.tsx", "Ionicons 'search'"),
    }),
}

__all__ = ["APP_VERSION", "DB_NAME", "DB_PATH", "EVIDENCE", "MAIN_ACTIVITY", "PACKAGE"]

#: Joplin's light theme (themeAutoDetect defaults to false, so dark mode leaves it): the header backgroundColor2
#: #313640 with color2 white, backgroundColor white, color #32373F, colorFaded #7C8B9E, color4 #2D6BDC.
THEME = appcompat("#313640", "#313640", "#2D6BDC", text="#32373F", secondary_text="#7C8B9E", follows_night=False,
                  source=Source(REPO, "packages/lib/themes/light.ts", app_version="android-v2.14.9",
                                note="backgroundColor2/color2 (ScreenHeader.tsx's header), color, colorFaded, color4; "
                                     "packages/lib/models/Setting.ts themeAutoDetect value false"))
#: A blue background (ic_launcher_background.png, #167DDF) under a white J.
LAUNCHER_ICON = LauncherIcon("#167DDF", "phishing", _at("android/app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml",
                             note="bitmap background (blue) and foreground (a white J, the hook nearest it)"))
