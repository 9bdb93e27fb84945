"""Markor (``net.gsantner.markor``): notes are plain files in its notebook folder in shared storage."""

from __future__ import annotations

PACKAGE = "net.gsantner.markor"
MAIN_ACTIVITY = "net.gsantner.markor.activity.MainActivity"
DOCUMENT_ACTIVITY = "net.gsantner.markor.activity.DocumentActivity"
NOTEBOOK = "/storage/emulated/0/Documents/Markor"

__all__ = ["DOCUMENT_ACTIVITY", "MAIN_ACTIVITY", "NOTEBOOK", "PACKAGE"]
