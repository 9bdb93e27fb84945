"""Settings (``com.android.settings``): the package, its launcher activity, and the activity its pages run in."""

from __future__ import annotations

PACKAGE = "com.android.settings"
MAIN_ACTIVITY = "com.android.settings.Settings"
#: Sub-pages run as fragments inside this activity, as on a real device.
SUB_SETTINGS = "com.android.settings.SubSettings"

__all__ = ["MAIN_ACTIVITY", "PACKAGE", "SUB_SETTINGS"]
