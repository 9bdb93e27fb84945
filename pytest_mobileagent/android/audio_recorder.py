"""Audio Recorder (``com.dimowner.audiorecorder``): recordings as ``.m4a`` files in the app's external folder,
where AndroidWorld looks for them.

Screens follow version 0.9.26 (versionCode 926, AndroidWorld's ``com.dimowner.audiorecorder_926.apk``), from
``Dimowner/AudioRecorder`` at commit ``05545b9`` (the one that set versionCode 926; the repository has no tag for it).
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import Source, entries, framework, key
from pytest_mobileagent.android.opensource import android_world
from pytest_mobileagent.android.theme import LauncherIcon, appcompat

PACKAGE = "com.dimowner.audiorecorder"
MAIN_ACTIVITY = "com.dimowner.audiorecorder.app.main.MainActivity"
#: The activity AndroidWorld's ``adb_utils`` starts for "audio recorder": the first-run welcome page ("Get started"
#: leads to ``SETUP_ACTIVITY``, whose "Apply" ends the first run and opens the recorder).
WELCOME_ACTIVITY = "com.dimowner.audiorecorder.app.welcome.WelcomeActivity"
SETUP_ACTIVITY = "com.dimowner.audiorecorder.app.setup.SetupActivity"
#: ``PrefsImpl``'s preferences: the recorder shows the welcome page while ``is_first_run`` is absent or true, as on
#: AndroidWorld's phone (its setup launches the app once and closes it on the welcome page).
PREFS = f"/data/data/{PACKAGE}/shared_prefs/com.dimowner.audiorecorder.data.PrefsImpl.xml"
KEY_FIRST_RUN = "is_first_run"
RECORDS_DIR = f"/storage/emulated/0/Android/data/{PACKAGE}/files/Music/records"

#: The waveform views (app/widget/RecordingWaveformView.kt, WaveformViewNew.kt): 200dp tall (dimens.xml
#: waveform_height), 25dp a second (AppConstants.SHORT_RECORD_DP_PER_SECOND), a grid line every 2 s
#: (DEFAULT_GRID_STEP), 1dp lines in dark_white, the scrubber md_yellow_A700, the grid md_grey_100_75 (#80F5F5F5,
#: here blended over the window), on AppTheme's window background gradient_gray (md_blue_gray_500 to 700; here
#: its end colour).
WAVEFORM_DP = 200
DP_PER_SECOND = 25
GRID_STEP_S = 2
WAVE_COLOR = "#EAEAEA"
SCRUBBER_COLOR = "#FFD600"
WINDOW_COLOR = "#1C2733"
GRID_COLOR = "#888E94"

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
                     "btn_settings", "btn_record_delete", "btn_record", "btn_record_stop", "btn_records_list",
                     "btn_play"), _MAIN),
    key("icon", "btn_play"): _src("res/layout/activity_main.xml", "btn_play: @drawable/ic_play"),
    key("icon", "btn_record_stop"): _src("res/layout/activity_main.xml", "btn_record_stop: @drawable/ic_stop"),
    key("icon", "Settings"): _src("res/layout/activity_main.xml", "btn_settings: @drawable/ic_settings"),
    key("icon", "btn_records_list"): _src("res/layout/activity_main.xml", "btn_records_list: @drawable/ic_list"),
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
    key("activity", SETUP_ACTIVITY): _src("AndroidManifest.xml", "activity .app.setup.SetupActivity"),
    **entries("id", ("pager", "btn_action"), _src("res/layout/activity_welcome.xml")),
    **entries("id", ("txt_title", "txt_details"), _src("res/layout/welcome_page_item.xml")),
    **entries("id", ("name_format", "btn_reset", "btn_apply"), _src("res/layout/activity_setup.xml")),
    **entries("text", ("Get started", "Welcome to a simple and fast application", "Setup", "Apply", "Reset"),
              _STRINGS),
    key("text", "Naming: Record-1.m4a"): _src("java/com/dimowner/audiorecorder/app/setup/SetupActivity.java",
                                              "the name format spinner's first item"),
}

__all__ = ["APP_VERSION", "DP_PER_SECOND", "EVIDENCE", "GRID_COLOR", "GRID_STEP_S", "KEY_FIRST_RUN", "MAIN_ACTIVITY",
           "PACKAGE", "PREFS", "RECORDS_DIR", "SCRUBBER_COLOR", "SETUP_ACTIVITY", "WAVEFORM_DP", "WAVE_COLOR",
           "WELCOME_ACTIVITY", "WINDOW_COLOR"]

#: AppTheme (android:Theme.Material, no night resources): the default blue-grey colour map
#: (AppConstants.DEFAULT_THEME_COLOR), colorPrimary md_blue_gray_700 #1C2733 over the gradient_gray window
#: (#253343 to #1C2733), white text, colorAccent md_yellow_A700 #FFD600; the same in dark mode.
THEME = appcompat("#1C2733", "#1C2733", "#FFD600", on_accent="#000000", background="#1C2733",
                  text="#FFFFFF", secondary_text="#B3FFFFFF", follows_night=False,
                  source=_src("res/values/styles.xml", note="AppTheme; values/colors.xml md_blue_gray_700, "
                                                           "md_yellow_A700, text_primary_light"))
#: icon_background #F3F5F7 under a red disc reading REC.
LAUNCHER_ICON = LauncherIcon("#F3F5F7", "fiber_manual_record",
                             _src("res/mipmap-anydpi-v26/audio_recorder_logo.xml",
                                  note="background @color/icon_background #f3f5f7; foreground "
                                       "audio_recorder_adaptive_logo_min: a red (#F1453D) disc, REC on it"),
                             foreground="#F1453D")
