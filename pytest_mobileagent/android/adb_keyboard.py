"""uiautomator2's helper app (``com.github.uiautomator``, its ``app-uiautomator.apk``): the AdbKeyboard input method.

uiautomator2 3.x installs it for ``send_keys``/``clear_text``/``send_action``: it makes ``.AdbKeyboard`` the input
method (``ime enable``, ``ime set``, ``settings put secure default_input_method``) and types through broadcasts
its input method service registers while it runs (``AdbKeyboard$InputMessageReceiver``): the result is
``RESULT_OK`` with what ``handleAction`` returns (the action's name when no field has the focus; ``Enter`` or the
editor action after a smart enter; the clipboard in base64), or ``0`` with ``error:MESSAGE``.
"""

from __future__ import annotations

PACKAGE = "com.github.uiautomator"
INPUT_METHOD = f"{PACKAGE}/.AdbKeyboard"
INPUT_TEXT = "ADB_KEYBOARD_INPUT_TEXT"
SET_TEXT = "ADB_KEYBOARD_SET_TEXT"
CLEAR_TEXT = "ADB_KEYBOARD_CLEAR_TEXT"
INPUT_KEYCODE = "ADB_KEYBOARD_INPUT_KEYCODE"
EDITOR_CODE = "ADB_KEYBOARD_EDITOR_CODE"
SMART_ENTER = "ADB_KEYBOARD_SMART_ENTER"
GET_CLIPBOARD = "ADB_KEYBOARD_GET_CLIPBOARD"
HIDE = "ADB_KEYBOARD_HIDE"
SHOW = "ADB_KEYBOARD_SHOW"
ACTIONS = (SMART_ENTER, INPUT_TEXT, CLEAR_TEXT, SET_TEXT, INPUT_KEYCODE, EDITOR_CODE, GET_CLIPBOARD, HIDE, SHOW)
LOG_TAG = "AdbKeyboard"

__all__ = ["ACTIONS", "CLEAR_TEXT", "EDITOR_CODE", "GET_CLIPBOARD", "HIDE", "INPUT_KEYCODE", "INPUT_METHOD",
           "INPUT_TEXT", "LOG_TAG", "PACKAGE", "SET_TEXT", "SHOW", "SMART_ENTER"]
