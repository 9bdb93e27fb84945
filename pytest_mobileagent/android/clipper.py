"""Clipper (``ca.zgrs.clipper``): the clipboard over adb broadcasts, which AndroidWorld installs on its emulator.

AndroidWorld's ``adb_utils.get_clipboard_contents`` / ``set_clipboard_contents`` start ``Main`` (Android 10+ lets
only the focused app read the clipboard), then send ``am broadcast -a clipper.get`` or ``-a clipper.set -e text
TEXT`` and read ``Broadcast completed: result=-1, data="..."``. The receiver (``ClipperReceiver`` in the app's
source) answers ``RESULT_OK`` with the text, or with ``Text is copied into clipboard.`` after a set;
``RESULT_CANCELED`` when there is no clip or no ``text`` extra.
"""

from __future__ import annotations

PACKAGE = "ca.zgrs.clipper"
MAIN_ACTIVITY = "ca.zgrs.clipper.Main"
#: The broadcasts ``ClipperReceiver`` registers, long and short forms.
ACTION_GET, ACTION_GET_SHORT = "clipper.get", "get"
ACTION_SET, ACTION_SET_SHORT = "clipper.set", "set"
EXTRA_TEXT = "text"
COPIED = "Text is copied into clipboard."
NO_TEXT = 'No text is provided. Use -e text "text to be pasted"'
LOG_TAG = "ClipperReceiver"

__all__ = ["ACTION_GET", "ACTION_GET_SHORT", "ACTION_SET", "ACTION_SET_SHORT", "COPIED", "EXTRA_TEXT", "LOG_TAG",
           "MAIN_ACTIVITY", "NO_TEXT", "PACKAGE"]
