"""Audio Recorder (``com.dimowner.audiorecorder``): recordings as ``.m4a`` files in the app's external folder,
where AndroidWorld looks for them.

Screens follow version 0.9.26 (versionCode 926, AndroidWorld's ``com.dimowner.audiorecorder_926.apk``), from
``Dimowner/AudioRecorder`` at commit ``05545b9`` (the one that set versionCode 926; the repository has no tag for it).
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import Source, entries, framework, key
from pytest_mobileagent.android.opensource import android_world

PACKAGE = "com.dimowner.audiorecorder"
MAIN_ACTIVITY = "com.dimowner.audiorecorder.app.main.MainActivity"
#: The activity AndroidWorld's ``adb_utils`` starts for "audio recorder" (the first-run welcome pages, which the
#: simulator does not have).
WELCOME_ACTIVITY = "com.dimowner.audiorecorder.app.welcome.WelcomeActivity"
RECORDS_DIR = f"/storage/emulated/0/Android/data/{PACKAGE}/files/Music/records"

APP_VERSION = "0.9.26 (versionCode 926, AndroidWorld's com.dimowner.audiorecorder_926.apk; commit 05545b9)"
_REPO, _COMMIT = "Dimowner/AudioRecorder", "05545b9"


def _src(path: str, note: str = "") -> Source:
    return Source(_REPO, f"app/src/main/{path}", app_version=f"0.9.26 ({_COMMIT})", note=note)


_MAIN = _src("res/layout/activity_main.xml")
_RENAME = _src("res/layout/dialog_rename.xml", "AndroidUtils.showRenameDialog")
_STRINGS = _src("res/values/strings.xml")

EVIDENCE = {
    key("activity", MAIN_ACTIVITY): _src("AndroidManifest.xml", "activity .app.main.MainActivity"),
    **entries("id", ("toolbar", "btn_import", "btn_share", "record", "recording_view", "txt_progress", "txt_name",
                     "btn_settings", "btn_record_delete", "btn_record", "btn_record_stop", "btn_records_list"), _MAIN),
    **entries("id", ("dialog_title", "input_name", "check_box", "dialog_negative_btn", "dialog_positive_btn"),
              _RENAME),
    **framework("content", "parentPanel"),
    key("desc", "Recording: %s"): _src("res/layout/activity_main.xml",
                                       "btn_record's contentDescription @string/recording, unformatted"),
    **entries("desc", ("Settings", "Delete"), _STRINGS),
    **entries("text", ("Audio Recorder", "Recording\u2026", "New name", "Don't ask again", "Save", "Cancel", "00:00"),
              _STRINGS),
    key("text", "Record-1"): _src("java/com/dimowner/audiorecorder/AppConstants.java", "BASE_RECORD_NAME 'Record-'"),
    key("activity", WELCOME_ACTIVITY): android_world("env/adb_utils.py", "'audio recorder': WelcomeActivity"),
}

__all__ = ["APP_VERSION", "EVIDENCE", "MAIN_ACTIVITY", "PACKAGE", "RECORDS_DIR", "WELCOME_ACTIVITY"]
