"""Clipper (``ca.zgrs.clipper``): a receiver that reads and writes the system clipboard for ``am broadcast``.

The clipboard is the simulated system's own (``System.clipboard``: what copy, cut and paste in text fields and
uiautomator2's ``setClipboard`` use). As on Android 10+ (``ClipboardService.clipboardAccessAllowed``), a read
gives the text only while Clipper's activity has the focus, which is why AndroidWorld opens ``Main`` first; a
write is allowed from the background. An empty clipboard reads as no clip (``RESULT_CANCELED``).

``Main`` shows ``main.xml``: "Clipper service is started." (``head``) and the usage (``sub``) under the app's title.
"""

from __future__ import annotations

from mobileagent_sim.app import Activity, App, Intent
from mobileagent_sim.framework import RESULT_CANCELED, RESULT_OK, BroadcastReceiver
from mobileagent_sim.views import Column, Text, View
from pytest_mobileagent.android.clipper import (
    ACTION_GET,
    ACTION_GET_SHORT,
    ACTION_SET,
    ACTION_SET_SHORT,
    COPIED,
    EXTRA_TEXT,
    LOG_TAG,
    MAIN_ACTIVITY,
    NO_TEXT,
    PACKAGE,
    STARTED,
    USAGE,
)


class Main(Activity):
    name = MAIN_ACTIVITY
    exported = True

    def build(self) -> View:
        return Column(
            Text("Clipper", style="title", height=56),
            Text(STARTED, id="head", style="headline", height=72),
            Text(USAGE, id="sub", weight=1),
        )


class ClipperReceiver(BroadcastReceiver):
    actions = (ACTION_GET, ACTION_GET_SHORT, ACTION_SET, ACTION_SET_SHORT)

    def on_receive(self, app: App, intent: Intent) -> tuple[int, str | None]:
        system = app.system
        pid = system.pid_of(app.package)  # a manifest receiver starts the app's process
        if intent.action in (ACTION_SET, ACTION_SET_SHORT):
            text = intent.extras.get(EXTRA_TEXT)
            if text is None:
                return RESULT_CANCELED, NO_TEXT
            system.log(LOG_TAG, "Setting text into clipboard", level="D", pid=pid)
            system.clipboard = str(text)
            return RESULT_OK, COPIED
        system.log(LOG_TAG, "Getting text from clipboard", level="D", pid=pid)
        top = system.foreground()
        focused = top is not None and top.app is app and not system.overview
        if not focused or not system.clipboard:
            return RESULT_CANCELED, ""
        return RESULT_OK, system.clipboard


class ClipperApp(App):
    package = PACKAGE
    label = "Clipper"
    icon = "content_paste"
    activities = (Main,)
    receivers = (ClipperReceiver(),)
    uid = 10160


__all__ = ["ClipperApp", "ClipperReceiver", "Main"]
