"""Phone (Google Dialer, ``com.google.android.dialer``): its package and launcher activity."""

from __future__ import annotations

PACKAGE = "com.google.android.dialer"
MAIN_ACTIVITY = "com.google.android.dialer.extensions.GoogleDialtactsActivity"

__all__ = ["MAIN_ACTIVITY", "PACKAGE"]
