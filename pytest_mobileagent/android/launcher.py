"""The Pixel Launcher (``com.google.android.apps.nexuslauncher``): the home screen."""

from __future__ import annotations

PACKAGE = "com.google.android.apps.nexuslauncher"
MAIN_ACTIVITY = f"{PACKAGE}.NexusLauncherActivity"

__all__ = ["MAIN_ACTIVITY", "PACKAGE"]
