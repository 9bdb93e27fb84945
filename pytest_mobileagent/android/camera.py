"""Camera (AOSP Camera2, ``com.android.camera2``): photos saved in ``Pictures``, videos in ``Movies``; its settings.

Where the shots go: the Camera2 of an Android 13 image saves through MediaStore without a relative path
(``Storage.addImageToMediaStore`` inserts into ``Images.Media.EXTERNAL_CONTENT_URI`` with a title, display name, date
and MIME type only; ``packages/apps/Camera2/src/com/android/camera/Storage.java`` since scoped storage), and
MediaProvider files such an insert under its collection's default folder: ``Pictures`` for images, ``Movies`` for
videos (``MediaProvider.ensureUniqueFileColumns``, ``packages/providers/MediaProvider``). AndroidWorld counts the new
files of its emulator's camera in the same two folders (``device_constants.PHOTOS_DATA = "/sdcard/Pictures"``,
``VIDEOS_DATA = "/sdcard/Movies"``). The ``DCIM/Camera`` of older Camera2 (a fixed ``DCIM + "/Camera"``) is gone.

Settings are Camera2's ``SettingsManager`` preferences, every value stored as a string (booleans ``"1"``/``"0"``):
the default scope in the app's default SharedPreferences file, the per-camera scope (the flash mode) in
``<package>_preferences_camera_<id>.xml``. Keys as in AOSP Camera2's ``Keys``: confirmed
``pref_camera_flashmode_key``, ``pref_camera_recordlocation_key``, ``pref_camera_exposure_compensation_key``,
``pref_camera_countdown_duration_key``, ``pref_camera_picturesize_back_key`` (``WxH``) and
``pref_video_quality_back_key`` (``large``/``medium``/``small``). The picture sizes and the names of the video
qualities are those of an emulator's back camera (at most 1280x720 video): plausible, not read off a device.
``CameraSettingsActivity`` and the viewfinder's content descriptions follow Camera2's strings.
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import UNCONFIRMED, Source, Unconfirmed, entries, framework, key
from pytest_mobileagent.android.theme import LauncherIcon, arena_drawer

PACKAGE = "com.android.camera2"
#: The launcher entry, and the activity it hands over to.
MAIN_ACTIVITY = "com.android.camera.CameraLauncher"
CAMERA_ACTIVITY = "com.android.camera.CameraActivity"
SETTINGS_ACTIVITY = "com.android.camera.settings.CameraSettingsActivity"
PHOTOS_DIR = "/sdcard/Pictures"
VIDEOS_DIR = "/sdcard/Movies"
#: Where the camera's shots are: photos, then videos.
MEDIA_DIRS = (PHOTOS_DIR, VIDEOS_DIR)

PREFS_DIR = f"/data/data/{PACKAGE}/shared_prefs"
#: The default scope, and the back camera's scope (camera id 0).
PREFS = f"{PREFS_DIR}/{PACKAGE}_preferences.xml"
BACK_CAMERA_PREFS = f"{PREFS_DIR}/{PACKAGE}_preferences_camera_0.xml"

KEY_FLASH_MODE = "pref_camera_flashmode_key"
KEY_RECORD_LOCATION = "pref_camera_recordlocation_key"
KEY_EXPOSURE_COMPENSATION = "pref_camera_exposure_compensation_key"
KEY_COUNTDOWN = "pref_camera_countdown_duration_key"
KEY_PICTURE_SIZE_BACK = "pref_camera_picturesize_back_key"
KEY_PICTURE_SIZE_FRONT = "pref_camera_picturesize_front_key"
KEY_VIDEO_QUALITY_BACK = "pref_video_quality_back_key"
KEY_VIDEO_QUALITY_FRONT = "pref_video_quality_front_key"

#: Flash modes in the order the toggle cycles them, with the toggle's description.
FLASH_MODES = {"auto": "Flash auto", "on": "Flash on", "off": "Flash off"}
#: Countdown durations (seconds) in the order the toggle cycles them, with the toggle's description.
COUNTDOWNS = {"0": "Countdown timer is off", "3": "Countdown timer duration is set to 3 seconds",
              "10": "Countdown timer duration is set to 10 seconds"}
#: Picture sizes of the back camera (``WxH``), smallest first, and how the list names them.
PICTURE_SIZES = ("640x480", "1280x720", "1280x960", "1920x1080", "2048x1536", "2592x1944")
#: Video qualities and their names.
VIDEO_QUALITIES = {"large": "HD 720p", "medium": "SD 480p", "small": "QVGA"}
#: Defaults (``SettingsManager`` defaults of Camera2's ``CameraSettingsActivity``).
DEFAULTS = {KEY_FLASH_MODE: "auto", KEY_RECORD_LOCATION: "0", KEY_EXPOSURE_COMPENSATION: "0", KEY_COUNTDOWN: "0",
            KEY_PICTURE_SIZE_BACK: PICTURE_SIZES[-1], KEY_PICTURE_SIZE_FRONT: "1280x960",
            KEY_VIDEO_QUALITY_BACK: "large", KEY_VIDEO_QUALITY_FRONT: "large"}


def megapixels(size: str) -> str:
    """``(4:3) 5.0 megapixels`` for ``2592x1944``, as the picture-size list names a size."""
    w, h = (int(v) for v in size.split("x"))
    ratio = "16:9" if w * 9 == h * 16 else "4:3"
    return f"({ratio}) {w * h / 1e6:.1f} megapixels"


def prefs_file(key: str) -> str:
    """The file a setting lives in: the back camera's scope for the flash mode, else the default scope."""
    return BACK_CAMERA_PREFS if key == KEY_FLASH_MODE else PREFS


APP_VERSION = "AOSP Camera2 of the Android 13 google_apis image AndroidWorld pins (ids as in CyanogenMod's mirror)"
_CM = "CyanogenMod/android_packages_apps_Camera2"


def _cm(path: str, note: str = "") -> Source:
    return Source(_CM, path, note=note)


_STRINGS = "res/values/strings.xml"
EVIDENCE = {
    key("activity", MAIN_ACTIVITY): Source("google-research/android_world", "android_world/env/adb_utils.py",
                                           note="'camera': CameraLauncher"),
    key("activity", CAMERA_ACTIVITY): _cm("AndroidManifest.xml", "CameraLauncher's targetActivity"),
    key("activity", SETTINGS_ACTIVITY): _cm("AndroidManifest.xml"),
    key("id", "bottom_bar"): _cm("res/layout/sticky_bottom_capture_layout.xml"),
    **entries("id", ("countdown_toggle_button", "flash_toggle_button", "exposure_button"),
              _cm("res/layout-land/mode_options.xml")),
    **entries("id", ("mode_list", "settings_button"), _cm("res/layout/mode_list_layout.xml")),
    key("id", "selector_text"): _cm("res/layout/mode_selector.xml", "a mode's label (ModeSelectorItem)"),
    key("id", "mode_options_overlay"): _cm("res/layout/mode_options_overlay.xml"),
    key("id", "mode_options_toggle"): _cm("res/layout-land/indicators.xml"),
    key("id", "preview_content"): _cm("res/layout/camera.xml"),
    key("id", "recording_time"): _cm("res/layout/viewfinder_labels_video.xml"),
    key("id", "shutter_button"): _cm("res/layout-land/camera_controls.xml"),
    **{key(kind, text): _cm(_STRINGS, name) for kind, text, name in (
        ("desc", "Shutter", "accessibility_shutter_button"), ("desc", "Options", "accessibility_mode_options"),
        ("desc", FLASH_MODES["on"], "flash_on_desc"), ("desc", FLASH_MODES["off"], "flash_off_desc"),
        ("desc", FLASH_MODES["auto"], "flash_auto_desc"), ("desc", COUNTDOWNS["0"], "countdown_timer_off"),
        ("desc", COUNTDOWNS["3"], "countdown_timer_duration_3s"),
        ("desc", COUNTDOWNS["10"], "countdown_timer_duration_10s"), ("text", "Camera", "mode_camera"),
        ("text", "Video", "mode_video"), ("text", "Settings", "mode_settings"),
        ("text", "Resolution & quality", "pref_category_resolution_quality"),
        ("text", "Advanced", "pref_category_advanced"), ("text", "Save location", "pref_camera_save_location_title"),
        ("text", "Camera settings", "pref_camera_settings_category"),
        ("text", "Manual exposure", "pref_camera_exposure_compensation"),
        ("text", "Help & feedback", "setting_google_help_and_feedback"),
        ("text", "Back camera photo", "setting_back_camera_photo"),
        ("text", "Back camera video", "setting_back_camera_video"))},
    **entries("text", ("Tag pictures and videos with their location", *VIDEO_QUALITIES.values()), UNCONFIRMED),
    key("desc", "Camera preview"): Unconfirmed("the preview's description is a guess"),
    **framework("content", "action_bar", "parentPanel", "alertTitle", "buttonPanel", "button2", "list", "title",
                "summary", "switch_widget", "select_dialog_listview"),
    # icons: Camera2's drawables, by their Material name
    key("icon", "Shutter"): _cm("res/values/arrays.xml",
                                "camera_mode_shutter_icon: ic_capture_camera, a white disc (circle); video "
                                "ic_capture_video, a red dot (fiber_manual_record); recording VideoModule's "
                                "ic_stop (stop)"),
    key("icon", "flash_toggle_button"): _cm("res/values/arrays.xml", "camera_flashmode_icons: ic_flash_auto, "
                                           "ic_flash_on, ic_flash_off"),
    key("icon", "countdown_toggle_button"): _cm("res/values/arrays.xml", "countdown_duration_icons: ic_timer_off, "
                                                "ic_timer_3s, ic_timer_10s (timer_off, timer_3, timer_10)"),
    key("icon", "Exposure compensation"): _cm("res/layout-port/mode_options.xml", "exposure_button: ic_exposure"),
    key("icon", "Options"): Unconfirmed("indicators.xml's mode_options_toggle shows the options' three dots "
                                        "(more_vert)"),
    key("icon", "selector_text"): _cm("res/values/arrays.xml", "camera_mode_icon: ic_camera_normal, "
                                      "ic_video_normal (photo_camera, videocam)"),
    key("icon", "Settings"): _cm("res/layout/mode_list_layout.xml", "settings_button: ic_settings_normal (settings)"),
}

__all__ = [
    "APP_VERSION",
    "BACK_CAMERA_PREFS",
    "CAMERA_ACTIVITY",
    "COUNTDOWNS",
    "DEFAULTS",
    "EVIDENCE",
    "FLASH_MODES",
    "KEY_COUNTDOWN",
    "KEY_EXPOSURE_COMPENSATION",
    "KEY_FLASH_MODE",
    "KEY_PICTURE_SIZE_BACK",
    "KEY_PICTURE_SIZE_FRONT",
    "KEY_RECORD_LOCATION",
    "KEY_VIDEO_QUALITY_BACK",
    "KEY_VIDEO_QUALITY_FRONT",
    "MAIN_ACTIVITY",
    "MEDIA_DIRS",
    "PACKAGE",
    "PHOTOS_DIR",
    "PICTURE_SIZES",
    "PREFS",
    "SETTINGS_ACTIVITY",
    "VIDEOS_DIR",
    "VIDEO_QUALITIES",
    "megapixels",
    "prefs_file",
]

#: The launcher icon on AndroidArena's phone: a white camera on blue.
LAUNCHER_ICON = LauncherIcon("#4F92F0", "photo_camera", foreground="#FFFFFF",
                             source=arena_drawer("a white camera on blue"))
