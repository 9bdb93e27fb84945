"""uiautomator2's helper app ``com.github.uiautomator``: the AdbKeyboard input method, installed from its APK.

Not on a new phone: uiautomator2 installs ``app-uiautomator.apk`` the first time ``send_keys`` needs it, and
the simulated package manager installs this app for that APK (the package its manifest names). While it is the
selected input method (``secure default_input_method``), its receiver takes the ``ADB_KEYBOARD_*`` broadcasts
and edits the focused field as the real service's ``InputConnection`` calls do: commit text, clear, send a key,
perform the editor action (Enter on the simulated fields), hide or show the keyboard. Not selected, nothing
receives them (``Broadcast completed: result=0``).
"""

from __future__ import annotations

import base64
import binascii

from mobileagent_sim.app import App, Intent
from mobileagent_sim.framework import RESULT_CANCELED, RESULT_OK, BroadcastReceiver
from pytest_mobileagent.android.adb_keyboard import (
    CLEAR_TEXT,
    EDITOR_CODE,
    GET_CLIPBOARD,
    HIDE,
    INPUT_KEYCODE,
    INPUT_METHOD,
    INPUT_TEXT,
    LOG_TAG,
    PACKAGE,
    SET_TEXT,
    SHOW,
    SMART_ENTER,
)

ENTER = 66


class InputMessageReceiver(BroadcastReceiver):
    actions = (SMART_ENTER, INPUT_TEXT, CLEAR_TEXT, SET_TEXT, INPUT_KEYCODE, EDITOR_CODE, GET_CLIPBOARD, HIDE, SHOW)

    def on_receive(self, app: App, intent: Intent) -> tuple[int, str | None]:
        system = app.system
        if system.settings.get("secure", "default_input_method") != INPUT_METHOD:
            return RESULT_CANCELED, None  # the service (and its receiver) runs only as the selected input method
        system.log(LOG_TAG, f"KeyboardAction received:{intent.action}", pid=system.pid_of(app.package))
        try:
            return RESULT_OK, _handle(app, intent)
        except ValueError as e:
            return RESULT_CANCELED, f"error:{e}"


def _handle(app: App, intent: Intent) -> str | None:
    """``InputMessageReceiver.handleAction``: the result data of one action."""
    system = app.system
    if intent.action == GET_CLIPBOARD:
        return base64.b64encode(system.clipboard.encode()).decode()
    focused = system.focused_field()
    if focused is None:
        return intent.action  # no input connection
    if intent.action == INPUT_TEXT:
        if "text" not in intent.extras:
            return intent.action
        system.input_text(_decoded(intent.extras["text"]))
    elif intent.action in (CLEAR_TEXT, SET_TEXT):
        win, node = focused
        system._edit(win, node, lambda text, cursor: ("", 0))  # the IME deleting the text around the cursor
        if intent.action == SET_TEXT:
            system.input_text(_decoded(intent.extras.get("text", "")))
    elif intent.action == INPUT_KEYCODE:
        code = _int_extra(intent, "code")
        if code != -1:
            system.key(code)
    elif intent.action in (EDITOR_CODE, SMART_ENTER):
        if intent.action == EDITOR_CODE and _int_extra(intent, "code") == -1:
            return None
        system.key(ENTER)  # the simulated fields' editor action is their Enter
        return "Enter" if intent.action == SMART_ENTER else None
    elif intent.action == HIDE:
        system.keyboard_visible = False
        system.invalidate()
    elif intent.action == SHOW:
        system.keyboard_visible = True
        system.invalidate()
    return None


def _int_extra(intent: Intent, name: str) -> int:
    """``Intent.getIntExtra(name, -1)``: -1 unless the extra is an int (``--ei``; a ``--es`` string is not)."""
    value = intent.extras.get(name)
    return value if isinstance(value, int) and not isinstance(value, bool) else -1


def _decoded(text: object) -> str:
    try:
        return base64.b64decode(str(text), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        raise ValueError("bad base-64") from None


class AdbKeyboardApp(App):
    package = PACKAGE
    label = "ATX"
    icon = "keyboard"
    activities = ()
    launchable = False
    receivers = (InputMessageReceiver(),)
    #: The input method it provides (``ime list``).
    input_method = INPUT_METHOD
    uid = 10170


__all__ = ["AdbKeyboardApp", "InputMessageReceiver"]
