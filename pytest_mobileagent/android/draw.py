"""Simple Draw Pro (``com.simplemobiletools.draw.pro``): a canvas saved as PNG, SVG or JPG."""

from __future__ import annotations

PACKAGE = "com.simplemobiletools.draw.pro"
MAIN_ACTIVITY = f"{PACKAGE}.activities.MainActivity"

__all__ = ["MAIN_ACTIVITY", "PACKAGE"]
