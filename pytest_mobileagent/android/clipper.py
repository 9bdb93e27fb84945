"""Clipper (``ca.zgrs.clipper``): the clipboard over adb broadcasts, which AndroidWorld installs on its emulator.

AndroidWorld's ``adb_utils.get_clipboard_contents`` / ``set_clipboard_contents`` start ``Main`` (Android 10+ lets
only the focused app read the clipboard), then send ``am broadcast -a clipper.get`` or ``-a clipper.set -e text
TEXT`` and read ``Broadcast completed: result=-1, data="..."``. The receiver (``ClipperReceiver`` in the app's
source) answers ``RESULT_OK`` with the text, or with ``Text is copied into clipboard.`` after a set;
``RESULT_CANCELED`` when there is no clip or no ``text`` extra.
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import Source, entries, framework, key
from pytest_mobileagent.android.opensource import android_world
from pytest_mobileagent.android.theme import LauncherIcon

PACKAGE = "ca.zgrs.clipper"
MAIN_ACTIVITY = "ca.zgrs.clipper.Main"
#: The broadcasts ``ClipperReceiver`` registers, long and short forms.
ACTION_GET, ACTION_GET_SHORT = "clipper.get", "get"
ACTION_SET, ACTION_SET_SHORT = "clipper.set", "set"
EXTRA_TEXT = "text"
COPIED = "Text is copied into clipboard."
NO_TEXT = 'No text is provided. Use -e text "text to be pasted"'
#: The receiver's log tag: ``ClipboardReceiver`` (its ``TAG``, not the class name).
LOG_TAG = "ClipboardReceiver"
#: ``Main``'s two texts (``main.xml``, ``strings.xml``): the heading, and the usage.
STARTED = "Clipper service is started."
USAGE = ("You can now copy to or paste from clipboard using the following commands in adb shell:\n \n "
         "1. am broadcast -a clipper.set -e text 'This may be pasted now' \n 2. am broadcast -a clipper.get")

APP_VERSION = "1.2.1 (majido/clipper tag v1.2.1; AndroidWorld installs clipper.apk, no version named)"
_REPO = "majido/clipper"


def _src(path: str, note: str = "") -> Source:
    return Source(_REPO, f"src/main/{path}", app_version="v1.2.1", note=note)


EVIDENCE = {
    key("activity", MAIN_ACTIVITY): android_world("env/adb_utils.py", "'clipper': ca.zgrs.clipper.Main"),
    **entries("id", ("head", "sub"), _src("res/layout/main.xml")),
    **framework("content"),
    **entries("text", (STARTED, USAGE, "Clipper"), _src("res/values/strings.xml")),
    **entries("text", (COPIED, NO_TEXT), _src("java/ca/zgrs/clipper/ClipperReceiver.java", "setResultData")),
}

__all__ = [
    "ACTION_GET",
    "ACTION_GET_SHORT",
    "ACTION_SET",
    "ACTION_SET_SHORT",
    "APP_VERSION",
    "COPIED",
    "EVIDENCE",
    "EXTRA_TEXT",
    "LOG_TAG",
    "MAIN_ACTIVITY",
    "NO_TEXT",
    "PACKAGE",
    "STARTED",
    "USAGE",
]

#: A legacy icon (drawable/icon.png, no adaptive one): a black clipboard holding the Android robot, which Android
#: 8+ launchers set on a white adaptive background.
LAUNCHER_ICON = LauncherIcon("#FFFFFF", "content_paste", _src("res/drawable-hdpi/icon.png",
                             note="the manifest's android:icon @drawable/icon"), foreground="#000000")
