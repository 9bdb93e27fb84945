"""SystemUI (``com.android.systemui``): the status bar and the three-button navigation bar of Android 13.

The status bar (``status_bar.xml``: ``status_bar`` holding the ``clock``) shows, right of the clock, the Wi-Fi
signal (the framework's ``ic_wifi_signal_4``; none while Wi-Fi is off, which the simulator marks with ``wifi_off``),
the cellular signal (SettingsLib's ``SignalDrawable``) or, in airplane mode, ``stat_sys_airplane_mode``, and the
battery (SettingsLib's ``ThemedBatteryDrawable``, a portrait battery). The navigation bar
(``navigation_bar_window.xml``: ``navigation_bar_frame``) has the buttons ``back``, ``home`` and ``recent_apps``
(``back.xml``, ``home.xml``, ``recent_apps.xml``), drawn with ``ic_sysbar_back`` (a left-pointing triangle),
``ic_sysbar_home`` (a disc) and ``ic_sysbar_recent`` (a rounded square): on Android 10 to 13 filled shapes on a
28dp viewport.
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import AOSP_BASE, Source, Unconfirmed, key

PACKAGE = "com.android.systemui"
APP_VERSION = "AOSP SystemUI of Android 13 (the google_apis image AndroidWorld pins)"

_RES = "packages/SystemUI/res"


def _sysui(path: str, note: str = "") -> Source:
    return Source(AOSP_BASE, f"{_RES}/{path}", note=note)


def _settingslib(path: str, note: str) -> Source:
    return Source(AOSP_BASE, f"packages/SettingsLib/src/com/android/settingslib/graph/{path}", note=note)


EVIDENCE = {
    key("id", "status_bar"): _sysui("layout/status_bar.xml", "the PhoneStatusBarView"),
    key("id", "clock"): _sysui("layout/status_bar.xml", "the status bar's Clock"),
    key("id", "navigation_bar_frame"): _sysui("layout/navigation_bar_window.xml"),
    key("id", "back"): _sysui("layout/back.xml"),
    key("id", "home"): _sysui("layout/home.xml"),
    key("id", "recent_apps"): _sysui("layout/recent_apps.xml"),
    key("icon", "Back"): _sysui("drawable/ic_sysbar_back.xml", "ic_sysbar_back: a filled left-pointing triangle "
                                "(Android 10-13 path M6.49,14.86 ... on a 28dp viewport)"),
    key("icon", "Home"): _sysui("drawable/ic_sysbar_home.xml", "ic_sysbar_home: a filled disc, radius 7 of 28"),
    key("icon", "Overview"): _sysui("drawable/ic_sysbar_recent.xml",
                                    "ic_sysbar_recent: a filled square with 1.6-unit corners, 15 of 28"),
    key("icon", "Wifi signal full."): Source(AOSP_BASE, "core/res/res/drawable/ic_wifi_signal_4.xml",
                                             note="ic_wifi_signal_4: the full Wi-Fi fan (signal_wifi_4_bar)"),
    key("icon", "Wifi off."): Unconfirmed("Android 13 hides the Wi-Fi slot while Wi-Fi is off; the simulator keeps "
                                          "the slot (its description is read by tests) and draws wifi_off"),
    key("icon", "Phone signal full."): _settingslib("SignalDrawable.java", "SignalDrawable at level 4: the full "
                                                    "triangle of bars (signal_cellular_4_bar)"),
    key("icon", "Airplane mode on."): _sysui("drawable/stat_sys_airplane_mode.xml",
                                             "stat_sys_airplane_mode: the aeroplane (airplanemode_active)"),
    key("icon", "Battery 100 percent."): _settingslib("ThemedBatteryDrawable.kt", "a portrait battery, full "
                                                      "(battery_full)"),
}

__all__ = ["APP_VERSION", "EVIDENCE", "PACKAGE"]
