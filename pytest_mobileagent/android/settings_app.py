"""Settings (``com.android.settings``): the package, its launcher activity, the activity its pages run in, and the
values some of its pages write where Android keeps them.

- Languages: ``settings system system_locales`` (comma-separated BCP 47 tags, as ``LocalePicker.updateLocales``
  persists them); unset means the build's ``en-US``.
- The phone ringtone: ``settings system ringtone``, a MediaStore URI with the sound's title
  (``content://media/internal/audio/media/<id>?title=<title>&canonical=1``, as Android 11+ stores it). The sound
  names are Pixel's "Pixel Sounds" and a few others; their media ids are made up.
- Screen timeout ``system screen_off_timeout`` (ms), font size ``system font_scale``, location ``secure
  location_mode`` (3 on, 0 off).
- Default apps are RoleManager roles, kept by the permission module in ``ROLES_XML`` (readable with root):
  ``<roles><role name="android.app.role.BROWSER"><holder name="com.android.chrome"/></role></roles>``.
"""

from __future__ import annotations

from lxml import etree

from pytest_mobileagent.android.evidence import (
    AOSP_BASE,
    UNCONFIRMED,
    Source,
    Unconfirmed,
    entries,
    framework,
    framework_icons,
    key,
)
from pytest_mobileagent.android.theme import LauncherIcon, arena_drawer

PACKAGE = "com.android.settings"
MAIN_ACTIVITY = "com.android.settings.Settings"
#: Sub-pages run as fragments inside this activity, as on a real device.
SUB_SETTINGS = "com.android.settings.SubSettings"

#: Languages the "Add a language" list offers, with the locale each adds.
LANGUAGE_TAGS = {"Afrikaans": "af-ZA", "Aghem": "agq-CM", "Deutsch": "de-DE", "English": "en-GB",
                 "Español": "es-ES", "Français": "fr-FR", "Hindi": "hi-IN", "Italiano": "it-IT",
                 "Nederlands": "nl-NL", "Polski": "pl-PL", "Português": "pt-BR", "Svenska": "sv-SE",
                 "Tiếng Việt": "vi-VN", "Türkçe": "tr-TR", "Русский": "ru-RU", "العربية": "ar-EG", "中文": "zh-CN",
                 "日本語": "ja-JP", "한국어": "ko-KR"}
DEFAULT_LOCALES = "en-US"

#: Ringtone categories of the sound picker and their sounds, in the order shown.
RINGTONES = {
    "Pixel Sounds": ("Copycat", "Crackle", "Flutterby", "Hey Hey", "Leaps and Bounds", "Lollipop", "Rrrring",
                     "Shooting Star", "Spaceship"),
    "Classic": ("Beep-Beep", "Bell Phone", "Ring Ring", "Zen"),
}
DEFAULT_RINGTONE = "Ring Ring"


def ringtone_uri(title: str) -> str:
    """The ``system ringtone`` value of a sound of :data:`RINGTONES`."""
    names = [name for sounds in RINGTONES.values() for name in sounds]
    return f"content://media/internal/audio/media/{40 + names.index(title)}?title={title.replace(' ', '%20')}" \
        "&canonical=1"


def ringtone_title(uri: str | None) -> str:
    """The title a ``system ringtone`` URI carries (empty when none)."""
    if not uri or "title=" not in uri:
        return ""
    return uri.split("title=", 1)[1].split("&", 1)[0].replace("%20", " ")


#: Screen timeout choices: (label, ms).
TIMEOUTS = (("15 seconds", 15000), ("30 seconds", 30000), ("1 minute", 60000), ("2 minutes", 120000),
            ("5 minutes", 300000), ("10 minutes", 600000), ("30 minutes", 1800000))
#: The font size slider's steps (``font_scale``).
FONT_SCALES = ("0.85", "1.0", "1.15", "1.3")

ROLES_XML = "/data/misc_de/0/apexdata/com.android.permission/roles.xml"
BROWSER_ROLE = "android.app.role.BROWSER"
#: Packages that can hold the browser role, when installed.
BROWSERS = ("com.android.chrome", "org.mozilla.firefox")


def role_holders(xml: bytes | None, role: str) -> list[str]:
    """The packages holding ``role`` in a ``roles.xml``."""
    if not xml:
        return []
    root = etree.fromstring(xml)
    return [h.get("name") for h in root.iterfind(f"role[@name='{role}']/holder")]


def with_role_holders(xml: bytes | None, role: str, holders: list[str]) -> bytes:
    """``roles.xml`` with ``role`` held by ``holders`` (the other roles kept)."""
    root = etree.fromstring(xml) if xml else etree.Element("roles", version="-1", packagesHash="")
    for old in root.iterfind(f"role[@name='{role}']"):
        root.remove(old)
    if holders:
        element = etree.SubElement(root, "role", name=role)
        for package in holders:
            etree.SubElement(element, "holder", name=package)
    return etree.tostring(root, xml_declaration=True, encoding="utf-8", standalone=True)


APP_VERSION = "AOSP Settings of the Android 13 google_apis image AndroidWorld pins; homepage and page layout as on " \
              "AndroidArena's phone (December 2023)"
LOCALE_PICKER = "com.android.settings.localepicker.LocalePickerWithRegionActivity"
_AOSP = "aosp-mirror/platform_packages_apps_settings"
_ARENA = Source("AndroidArenaAgent/AndroidArena",
                "trajectory/GPT4-Change_the_default_web_browser_to_chrome_on_my_Android_device.html",
                note="steps 1-3: the homepage and the Apps page of a real phone")
EVIDENCE = {
    key("activity", MAIN_ACTIVITY): Source("google-research/android_world", "android_world/env/adb_utils.py",
                                           note="'settings': com.android.settings/.Settings"),
    key("activity", SUB_SETTINGS): Source(_AOSP, "src/com/android/settings/SubSettings.java"),
    key("activity", LOCALE_PICKER): Source(_AOSP, "src/com/android/settings/localepicker/"
                                                  "LocalePickerWithRegionActivity.java"),
    **entries("id", ("settings_homepage_container", "search_action_bar", "recycler_view", "content_parent"), _ARENA),
    key("id", "action_bar"): Source("aosp-mirror/platform_frameworks_base", "packages/SettingsLib/"
                                    "CollapsingToolbarBaseActivity/res/layout/collapsing_toolbar_base_layout.xml"),
    **entries("id", ("zen_mode_settings_turn_on_button", "zen_mode_settings_turn_off_button"),
              Source(_AOSP, "res/layout/zen_mode_settings_button.xml")),
    key("id", "add_language"): Source(_AOSP, "res/layout/locale_order_list.xml"),
    key("id", "com.android.systemui:id/slider"): Unconfirmed(
        "SystemUI's brightness slider; on a phone it is SystemUI's own BrightnessDialog window (package "
        "com.android.systemui), here a dialog of Settings"),
    **entries("id", ("font_size_preview", "seekbar", "sound_list", "timeout_options", "check_update",
                     "update_status", "entity_header_title", "button1", "button3"), UNCONFIRMED),
    **entries("text", ("Search settings", "Network & internet", "Connected devices", "Apps", "Notifications"),
              _ARENA),
    key("desc", "Navigate up"): _ARENA,
    **framework("content", "parentPanel", "alertTitle", "message", "buttonPanel", "button1", "button2", "title",
                "summary", "switch_widget", "seekbar", "list", "search_src_text"),
    # icons (keyed by the row's title: a Preference's android:id/icon has no description of its own)
    **{key("icon", title): Source(_AOSP, "res/xml/top_level_settings.xml", note=note) for title, note in (
        ("Network & internet", "ic_settings_wireless (wifi)"), ("Connected devices", "ic_devices_other"),
        ("Apps", "ic_apps"), ("Notifications", "ic_notifications"),
        ("Battery", "ic_settings_battery_white: a full portrait battery (battery_full)"),
        ("Storage", "ic_storage_white (storage)"), ("Sound & vibration", "ic_volume_up_24dp"),
        ("Display", "ic_settings_display_white: the half-filled sun of brightness_6 (brightness_medium)"),
        ("Wallpaper & style", "ic_settings_wallpaper_white: a picture in corner brackets (wallpaper)"),
        ("Accessibility", "ic_settings_accessibility (accessibility_new)"),
        ("Security & privacy", "top_level_safety_center's ic_settings_safety_center: a shield (closest: security)"),
        ("Location", "ic_settings_location (location_on)"),
        ("Safety & emergency", "ic_settings_emergency: the six-armed asterisk (emergency)"),
        ("Passwords & accounts", "ic_settings_accounts tints the bitmap ic_settings_accounts_alpha (closest: "
                                 "account_box)"),
        ("System", "ic_settings_system_dashboard_white: an i in a ring (info, outlined)"),
        ("About emulated device", "ic_settings_about_device: a phone with an i (perm_device_information)"))},
    key("icon", "Internet"): Source(_AOSP, "res/xml/network_provider_internet.xml", note="ic_settings_wireless (wifi)"),
    key("icon", "SIMs"): Source(_AOSP, "res/xml/network_provider_internet.xml",
                                note="mobile_network_list: ic_sim_card"),
    key("icon", "Airplane mode"): Source(_AOSP, "res/xml/network_provider_internet.xml",
                                         note="ic_airplanemode_active"),
    key("icon", "Hotspot & tethering"): Source(_AOSP, "res/xml/network_provider_internet.xml",
                                               note="ic_wifi_tethering (wifi_tethering)"),
    key("icon", "Data Saver"): Source(_AOSP, "res/xml/network_provider_internet.xml",
                                      note="ic_settings_data_usage (data_usage)"),
    key("icon", "AndroidWifi"): Source(AOSP_BASE, "core/res/res/drawable/ic_wifi_signal_4.xml",
                                       note="a connected network's row shows its signal level (signal_wifi_4_bar)"),
    **entries("icon", ("Add network", "Pair new device", "Add a language"),
              Unconfirmed("Settings' ic_add_24dp, Material's add (the rows are built in code)")),
    **entries("icon", ("Connection preferences", "Bluetooth"),
              Unconfirmed("ic_settings_bluetooth, Material's bluetooth")),
    key("icon", "Printing"): Unconfirmed("ic_settings_print, Material's print"),
    **framework_icons("Navigate up", "More options"),
}

__all__ = [
    "APP_VERSION",
    "BROWSERS",
    "BROWSER_ROLE",
    "DEFAULT_LOCALES",
    "DEFAULT_RINGTONE",
    "EVIDENCE",
    "FONT_SCALES",
    "LANGUAGE_TAGS",
    "LOCALE_PICKER",
    "MAIN_ACTIVITY",
    "PACKAGE",
    "RINGTONES",
    "ROLES_XML",
    "SUB_SETTINGS",
    "TIMEOUTS",
    "ringtone_title",
    "ringtone_uri",
    "role_holders",
    "with_role_holders",
]

#: The launcher icon on AndroidArena's phone: a white gear on blue.
LAUNCHER_ICON = LauncherIcon("#4586F3", "settings", foreground="#FFFFFF",
                             source=arena_drawer("a white gear on blue"))
