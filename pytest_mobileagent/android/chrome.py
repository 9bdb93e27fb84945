"""Chrome (``com.android.chrome``): its package and launcher activity."""

from __future__ import annotations

PACKAGE = "com.android.chrome"
MAIN_ACTIVITY = "com.google.android.apps.chrome.Main"

__all__ = ["MAIN_ACTIVITY", "PACKAGE"]
