"""Files (DocumentsUI, ``com.google.android.documentsui``): the system file manager and document picker.

The Google build's package hosts AOSP's ``com.android.documentsui`` activities.
"""

from __future__ import annotations

PACKAGE = "com.google.android.documentsui"
MAIN_ACTIVITY = "com.android.documentsui.files.FilesActivity"
PICK_ACTIVITY = "com.android.documentsui.picker.PickActivity"

__all__ = ["MAIN_ACTIVITY", "PACKAGE", "PICK_ACTIVITY"]
