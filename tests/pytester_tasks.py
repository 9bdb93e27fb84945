"""Task sources the pytester runs of several test modules share."""

from __future__ import annotations

#: A module header and the simplest task: open Settings (the oracle opens it and declares completion).
OPEN_SETTINGS = '''
from pytest_mobileagent.actions import Action
from pytest_mobileagent.observe.elements import ui_elements
from pytest_mobileagent.tasks.base import Task


class OpenSettings(Task):
    template = "Open the Settings app."
    apps = ("settings",)

    def check(self, device, answer=None):
        return 1.0 if device.current_activity()[0] == "com.android.settings" else 0.0

    def oracle(self, ui):
        yield ui.open_app("Settings")
        yield ui.complete()
'''
