"""Settings (``com.android.settings``), Android 13 AOSP layout.

The homepage lists the top-level categories (more than fit on screen); sub-pages
run in ``com.android.settings.SubSettings`` as on a real device, each named by
its fragment. Every switch and slider goes through the system services
(:mod:`mobileagent_sim.services`), so a change lands in the same
``settings`` keys and logcat lines as ``svc``/``cmd`` would produce.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import mobileagent_sim.services as services
from mobileagent_sim.app import Activity, App, Intent
from mobileagent_sim.views import (
    Button,
    Column,
    Dialog,
    EditText,
    ListItem,
    RadioGroup,
    Row,
    Scroll,
    SeekBar,
    Switch,
    Text,
    Toolbar,
    View,
)
from pytest_mobileagent.android import zen_mode
from pytest_mobileagent.android.audio import STREAM_MAX
from pytest_mobileagent.android.permissioncontroller import ACTION_MANAGE_DEFAULT_APPS
from pytest_mobileagent.android.settings_app import (
    DEFAULT_LOCALES,
    DEFAULT_RINGTONE,
    FONT_SCALES,
    LANGUAGE_TAGS,
    MAIN_ACTIVITY,
    PACKAGE,
    RINGTONES,
    SUB_SETTINGS,
    TIMEOUTS,
    ringtone_title,
    ringtone_uri,
)
from pytest_mobileagent.android.wallpaper import CUSTOMIZATION_ACTIVITY
from pytest_mobileagent.android.wallpaper import PICKER_PACKAGE as WALLPAPER_PICKER

#: Top-level entries of the homepage: (title, summary, page).
HOMEPAGE = (
    ("Network & internet", "Mobile, Wi\u2011Fi, hotspot", "network"),
    ("Connected devices", "Bluetooth, pairing", "connected"),
    ("Apps", "Assistant, recent apps, default apps", "apps"),
    ("Notifications", "Notification history, conversations", "notifications"),
    ("Battery", "100%", "battery"),
    ("Storage", "31% used - 11.07 GB free", "storage"),
    ("Sound & vibration", "Volume, haptics, Do Not Disturb", "sound"),
    ("Display", "Dark theme, font size, brightness", "display"),
    ("Wallpaper & style", "Colors, themed icons, app grid", ""),
    ("Accessibility", "Display, interaction, audio", "accessibility"),
    ("Security & privacy", "App security, device lock, permissions", ""),
    ("Location", "On - 0 apps have access to location", "location"),
    ("Safety & emergency", "Emergency SOS, medical info, alerts", ""),
    ("Passwords & accounts", "Saved passwords, autofill, synced accounts", "accounts"),
    ("System", "Languages, gestures, time, backup", "system"),
    ("About emulated device", "sdk_gphone64_x86_64", "about"),
)
#: Each homepage entry's icon: the Material Symbols pictogram of the drawable ``top_level_settings.xml`` names
#: (the contract module's ``icon:<title>`` entries cite each).
HOMEPAGE_ICONS = {
    "Network & internet": "wifi", "Connected devices": "devices_other", "Apps": "apps",
    "Notifications": "notifications", "Battery": "battery_full", "Storage": "storage",
    "Sound & vibration": "volume_up", "Display": "brightness_medium", "Wallpaper & style": "wallpaper",
    "Accessibility": "accessibility_new", "Security & privacy": "security", "Location": "location_on",
    "Safety & emergency": "emergency", "Passwords & accounts": "account_box", "System": "info:outlined",
    "About emulated device": "perm_device_information",
}
#: Sub-page title and the fragment real Settings shows it with.
PAGES = {
    "network": ("Network & internet", "com.android.settings.network.NetworkDashboardFragment"),
    "internet": ("Internet", "com.android.settings.network.NetworkProviderSettings"),
    "connected": ("Connected devices", "com.android.settings.connecteddevice.ConnectedDeviceDashboardFragment"),
    "connection_prefs": ("Connection preferences",
                         "com.android.settings.connecteddevice.AdvancedConnectedDeviceDashboardFragment"),
    "bluetooth": ("Bluetooth", "com.android.settings.bluetooth.BluetoothPairingDetail"),
    "display": ("Display", "com.android.settings.DisplaySettings"),
    "sound": ("Sound & vibration", "com.android.settings.notification.SoundSettings"),
    "zen": ("Do Not Disturb", zen_mode.FRAGMENT),
    "system": ("System", "com.android.settings.system.SystemDashboardFragment"),
    "languages_input": ("Languages & input", "com.android.settings.language.LanguageAndInputSettings"),
    "languages": ("Languages", "com.android.settings.localepicker.LocaleListEditor"),
    "apps": ("Apps", "com.android.settings.applications.AppDashboardFragment"),
    "all_apps": ("All apps", "com.android.settings.applications.manageapplications.ManageApplications"),
    "app_info": ("App info", "com.android.settings.applications.appinfo.AppInfoDashboardFragment"),
    "notifications": ("Notifications", "com.android.settings.notification.ConfigureNotificationSettings"),
    "battery": ("Battery", "com.android.settings.fuelgauge.PowerUsageSummary"),
    "storage": ("Storage", "com.android.settings.deviceinfo.StorageDashboardFragment"),
    "accessibility": ("Accessibility", "com.android.settings.accessibility.AccessibilitySettings"),
    "location": ("Location", "com.android.settings.location.LocationSettings"),
    "accounts": ("Passwords & accounts", "com.android.settings.accounts.AccountDashboardFragment"),
    "about": ("About emulated device", "com.android.settings.deviceinfo.aboutphone.MyDeviceInfoFragment"),
    "ringtone": ("Phone ringtone", "com.android.settings.notification.SoundSettings"),
    "ringtone_sounds": ("Phone ringtone", "com.android.settings.notification.SoundSettings"),
    "font_size": ("Font size", "com.android.settings.display.ToggleFontSizePreferenceFragment"),
    "screen_timeout": ("Screen timeout", "com.android.settings.display.ScreenTimeoutSettings"),
    "system_update": ("System update", "com.android.settings.system.SystemUpdatePreferenceController"),
}
#: Pages that only show what they hold (no task changes anything on them): (title, summary) rows.
INFO_PAGES = {
    "notifications": (("App notifications", "Control notifications from individual apps"),
                      ("Notification history", "Show recent and snoozed notifications"),
                      ("Conversations", "No priority conversations")),
    "battery": (("Battery usage", "View usage for past 24 hours"), ("Battery Saver", "Off"),
                ("Battery percentage", "Show battery percentage in status bar")),
    "storage": (("System", "8.9 GB"), ("Apps", "1.2 GB"), ("Images", "0 B"), ("Free up space", "")),
    "accessibility": (("Display size and text", ""), ("Color and motion", ""), ("TalkBack", "Off"),
                      ("Select to Speak", "Off")),
    "accounts": (("Passwords", "0 passwords"), ("Autofill service", "None"), ("Automatically sync app data", "")),
    "about": (("Device name", "sdk_gphone64_x86_64"), ("Phone number", "+1-555-521-5554"),
              ("Android version", "13"), ("Model", "sdk_gphone64_x86_64"), ("Build number", "TE1A.220922.021")),
}
#: Volume sliders of the sound page: (title, settings key).
VOLUMES = (("Media volume", "volume_music"), ("Call volume", "volume_voice"),
           ("Ring & notification volume", "volume_ring"), ("Alarm volume", "volume_alarm"))
#: The "Add a language" list.
LANGUAGES = tuple(LANGUAGE_TAGS)


def collapsing_page(title: str, navigate_up: Callable[[], Any], rows: list[View]) -> View:
    """A sub-page of Settings (and of PermissionController): SettingsLib's collapsing-toolbar layout, its
    ``content_parent`` holding the ``action_bar`` Toolbar ("Navigate up", the title) over a ``recycler_view``
    (AOSP ``collapsing_toolbar_base_layout.xml``; AndroidArena's recorded Settings pages)."""
    return Column(Toolbar(title, navigate_up=navigate_up, id="action_bar"),
                  Scroll(*rows, id="recycler_view", weight=1), id="content_parent")


class SettingsActivity(Activity):
    """Shared helpers of the homepage and sub-pages."""

    def setting(self, namespace: str, key: str) -> str:
        return self.system.settings.get(namespace, key) or "0"

    def open_page(self, page: str, **extras: Any) -> None:
        title, fragment = PAGES[page]
        self.log("SettingsActivity", f"Switching to fragment {fragment}")
        self.system.start_activity(self.app, SubSettings, Intent(extras={"page": page, **extras}))

    def switch_row(self, title: str, on: bool, toggle: Callable[[], Any], summary: str = "", icon: str = "") -> View:
        return ListItem(title, summary, on_click=toggle, widget=Switch(on, toggle), icon=icon)


class Homepage(SettingsActivity):
    name = MAIN_ACTIVITY
    exported = True

    def build(self) -> View:
        location_off = self.setting("secure", "location_mode") == "0"
        rows = [ListItem(title, "Off" if page == "location" and location_off else summary,
                         on_click=(lambda p=page: self.open_page(p)) if page else self.external(title),
                         icon=HOMEPAGE_ICONS[title]) for title, summary, page in HOMEPAGE]
        # settings_homepage_container; the search bar a ViewGroup holding "Search settings" (AndroidArena's
        # recorded homepage)
        return Column(
            Text("Settings", style="headline", height=96, padding=16),
            View(cls="android.view.ViewGroup", id="search_action_bar", clickable=True, focusable=True, height=56,
                 style="searchbar", children=[Text("Search settings", height=56)]),
            Scroll(*rows, id="recycler_view", weight=1),
            id="settings_homepage_container",
        )


    def external(self, title: str) -> Callable[[], Any] | None:
        """Rows that open another app: "Wallpaper & style" opens the wallpaper picker."""
        if title != "Wallpaper & style" or WALLPAPER_PICKER not in self.system.apps:
            return None
        return lambda: self.system.launch(WALLPAPER_PICKER, CUSTOMIZATION_ACTIVITY)


class SubSettings(SettingsActivity):
    """Every sub-page, by its ``page`` extra."""

    name = SUB_SETTINGS

    @property
    def page(self) -> str:
        return self.intent.extras.get("page", "network")

    def build(self) -> View:
        title = self.intent.extras.get("title") or (PAGES[self.page][0] if self.page != "app_info" else "App info")
        body = self.page_info() if self.page in INFO_PAGES else getattr(self, f"page_{self.page}")()
        return collapsing_page(title, self.finish, body)

    # -- network -----------------------------------------------------------------------------------

    def page_info(self) -> list[View]:
        return [ListItem(title, summary) for title, summary in INFO_PAGES[self.page]]

    def page_network(self) -> list[View]:
        wifi = self.setting("global", "wifi_on") != "0"
        airplane = self.setting("global", "airplane_mode_on") == "1"
        return [
            ListItem("Internet", "AndroidWifi" if wifi else "Off", on_click=lambda: self.open_page("internet"),
                     icon="wifi"),
            ListItem("SIMs", "T-Mobile", icon="sim_card"),
            self.switch_row("Airplane mode", airplane, lambda: services.set_airplane(self.system, not airplane),
                            icon="airplanemode_active"),
            ListItem("Hotspot & tethering", "Off", icon="wifi_tethering"),
            ListItem("Data Saver", "Off", icon="data_usage"),
        ]

    def page_internet(self) -> list[View]:
        wifi = self.setting("global", "wifi_on") != "0"
        rows = [self.switch_row("Wi\u2011Fi", wifi, lambda: services.set_wifi(self.system, not wifi))]
        if wifi:
            rows += [ListItem("AndroidWifi", "Connected", icon="signal_wifi_4_bar"),
                     ListItem("Add network", icon="add")]
        else:
            rows.append(Text("To see available networks, turn Wi\u2011Fi on", style="item-summary"))
        return rows

    # -- connected devices ------------------------------------------------------------------------

    def page_connected(self) -> list[View]:
        return [ListItem("Pair new device", icon="add"),
                ListItem("Connection preferences", "Bluetooth, Android Auto, NFC",
                         on_click=lambda: self.open_page("connection_prefs"), icon="bluetooth")]

    def page_connection_prefs(self) -> list[View]:
        on = self.setting("global", "bluetooth_on") == "1"
        return [ListItem("Bluetooth", "On" if on else "Off", on_click=lambda: self.open_page("bluetooth"),
                         icon="bluetooth"),
                ListItem("Printing", "1 print service on", icon="print")]

    def page_bluetooth(self) -> list[View]:
        on = self.setting("global", "bluetooth_on") == "1"
        rows = [self.switch_row("Use Bluetooth", on, lambda: services.set_bluetooth(self.system, not on))]
        if on:
            rows.append(ListItem("Pair new device", icon="add"))
        return rows

    # -- display and sound -----------------------------------------------------------------------

    def page_display(self) -> list[View]:
        level = int(self.setting("system", "screen_brightness"))
        adaptive = self.setting("system", "screen_brightness_mode") == "1"
        dark = self.system.night_mode
        return [
            ListItem("Brightness level", f"{round(level * 100 / 255)}%", on_click=lambda: self.show("brightness")),
            self.switch_row("Adaptive brightness", adaptive,
                            lambda: services.set_auto_brightness(self.system, not adaptive)),
            self.switch_row("Dark theme", dark, lambda: services.set_night_mode(self.system, not dark)),
            ListItem("Screen timeout", f"After {self.timeout_label()} of inactivity",
                     on_click=lambda: self.open_page("screen_timeout")),
            ListItem("Font size", "Default" if self.setting("system", "font_scale") == "1.0" else "Custom",
                     on_click=lambda: self.open_page("font_size")),
        ]

    def timeout_label(self) -> str:
        ms = int(self.setting("system", "screen_off_timeout"))
        return next((label for label, value in TIMEOUTS if value == ms), f"{ms // 1000} seconds")

    def page_screen_timeout(self) -> list[View]:
        return [RadioGroup([label for label, _ in TIMEOUTS], self.timeout_label(), self.set_timeout,
                           id="timeout_options")]

    def set_timeout(self, label: str) -> None:
        ms = dict(TIMEOUTS)[label]
        self.system.settings.put("system", "screen_off_timeout", str(ms))
        self.log("SettingsProvider", f"content://settings/system/screen_off_timeout={ms}")

    def page_font_size(self) -> list[View]:
        scale = self.setting("system", "font_scale")
        step = FONT_SCALES.index(scale) if scale in FONT_SCALES else 1
        return [Text("Make the text on your screen smaller or larger.", id="font_size_preview", style="item-summary",
                     height=96),
                SeekBar(step, self.set_font_step, max_progress=len(FONT_SCALES) - 1, id="seekbar", desc="Font size"),
                Row(Text("A", weight=1), Text("A", style="title"), height=40)]

    def set_font_step(self, value: float) -> None:
        step = max(0, min(len(FONT_SCALES) - 1, round(value)))
        self.system.settings.put("system", "font_scale", FONT_SCALES[step])
        self.log("SettingsProvider", f"content://settings/system/font_scale={FONT_SCALES[step]}")

    def page_sound(self) -> list[View]:
        rows: list[View] = []
        for title, key in VOLUMES:
            rows.append(Column(
                Text(title, id="android:id/title", style="item-title"),
                SeekBar(services.stream_volume(self.system, key),
                        lambda v, k=key: services.set_volume(self.system, k, v),
                        max_progress=STREAM_MAX[key], desc=title),
                padding=8,
            ))
        vibrate = self.setting("system", "vibrate_when_ringing") == "1"
        rows.append(self.switch_row("Vibrate for calls", vibrate, lambda: self.set_vibrate(not vibrate)))
        rows.append(ListItem("Do Not Disturb", "On" if self.zen_on() else "Off",
                             on_click=lambda: self.open_page("zen")))
        rows.append(ListItem("Phone ringtone", ringtone_title(self.system.settings.get("system", "ringtone"))
                             or DEFAULT_RINGTONE, on_click=lambda: self.open_page("ringtone")))
        return rows

    def zen_on(self) -> bool:
        return self.setting("global", zen_mode.KEY) != str(zen_mode.OFF)

    def page_zen(self) -> list[View]:
        """AOSP's ZenModeSettings: what may interrupt, and "Turn on now" (important interruptions only) or
        "Turn off now" (ZenModeButtonPreferenceController)."""
        on = self.zen_on()
        button = (Button("Turn off now", lambda: services.set_zen_mode(self.system, zen_mode.OFF),
                         id=zen_mode.TURN_OFF_ID) if on else
                  Button("Turn on now", lambda: services.set_zen_mode(self.system, zen_mode.IMPORTANT_INTERRUPTIONS),
                         id=zen_mode.TURN_ON_ID))
        return [Text("What can interrupt Do Not Disturb", style="caption"),
                ListItem("People", "Calls, messages, conversations"), ListItem("Apps", "None can interrupt"),
                ListItem("Alarms & other interruptions", "Alarms, media, and touch sounds"),
                Text("General", style="caption"), ListItem("Schedules", "1 schedule can turn on automatically"),
                ListItem("Duration for Quick Settings", "Until you turn off"), button]

    def page_ringtone(self) -> list[View]:
        return [ListItem(category, f"{len(sounds)} sounds",
                         on_click=lambda c=category: self.open_page("ringtone_sounds", category=c, title=c))
                for category, sounds in RINGTONES.items()]

    def page_ringtone_sounds(self) -> list[View]:
        current = ringtone_title(self.system.settings.get("system", "ringtone")) or DEFAULT_RINGTONE
        return [RadioGroup(RINGTONES[self.intent.extras.get("category", "Pixel Sounds")], current, self.set_ringtone,
                           id="sound_list")]

    def set_ringtone(self, title: str) -> None:
        self.system.settings.put("system", "ringtone", ringtone_uri(title))
        self.log("RingtoneManager", f"setActualDefaultRingtoneUri type=1 uri={ringtone_uri(title)}")

    def set_vibrate(self, on: bool) -> None:
        self.system.settings.put("system", "vibrate_when_ringing", "1" if on else "0")
        self.log("SettingsProvider", f"content://settings/system/vibrate_when_ringing={int(on)}")

    def page_location(self) -> list[View]:
        on = self.setting("secure", "location_mode") != "0"
        return [self.switch_row("Use location", on, lambda: self.set_location(not on)),
                ListItem("Recent access", "No apps have accessed location recently"), ListItem("Location services")]

    def set_location(self, on: bool) -> None:
        self.system.settings.put("secure", "location_mode", "3" if on else "0")
        self.log("LocationManagerService", f"location enabled = {'true' if on else 'false'} for user 0")

    # -- system, languages -------------------------------------------------------------------------

    def page_system(self) -> list[View]:
        return [ListItem("Languages & input", "Gboard", on_click=lambda: self.open_page("languages_input")),
                ListItem("Gestures"), ListItem("Date & time", "GMT+00:00"), ListItem("Backup", "Off"),
                ListItem("Reset options"),
                ListItem("System update", "Updated to Android 13", on_click=lambda: self.open_page("system_update"))]

    def page_system_update(self) -> list[View]:
        return [Text("Your system is up to date", id="update_status", style="title", height=64),
                Text("Android version: 13", style="item-summary"),
                Text("Android security update: September 5, 2022", style="item-summary"),
                Button("Check for update", lambda: self.toast("Your system is up to date"), id="check_update")]

    def page_languages_input(self) -> list[View]:
        return [ListItem("Languages", "English (United States)", on_click=lambda: self.open_page("languages")),
                ListItem("On-screen keyboard", "Gboard"), ListItem("Spell checker", "Default spell checker")]

    def page_languages(self) -> list[View]:
        names = {tag: name for name, tag in LANGUAGE_TAGS.items()} | {"en-US": "English (United States)"}
        tags = (self.system.settings.get("system", "system_locales") or DEFAULT_LOCALES).split(",")
        return [*(ListItem(str(n), names.get(tag, tag)) for n, tag in enumerate(tags, start=1)),
                ListItem("Add a language", on_click=self.add_language, icon="add", id="add_language")]

    def add_language(self) -> None:
        self.start(LocalePicker)

    # -- apps --------------------------------------------------------------------------------------

    def launchable(self) -> list[App]:
        return sorted((a for a in self.system.apps.values() if a.launchable), key=lambda a: a.label.lower())

    def page_apps(self) -> list[View]:
        apps = self.launchable()
        return [Text("Recently opened apps", style="caption"),
                ListItem(f"See all {len(apps)} apps", on_click=lambda: self.open_page("all_apps")),
                # the default apps pages are PermissionController's (AndroidArena's recorded phone)
                ListItem("Default apps", "Chrome, Phone, and Messages",
                         on_click=lambda: self.system.start_intent(Intent(action=ACTION_MANAGE_DEFAULT_APPS))),
                ListItem("Screen time")]

    def page_all_apps(self) -> list[View]:
        return [ListItem(a.label, on_click=lambda p=a.package: self.open_page("app_info", package=p),
                         icon=f"app:{a.package}") for a in self.launchable()]

    def page_app_info(self) -> list[View]:
        app = self.system.apps.get(self.intent.extras.get("package", ""))
        if app is None:
            return [Text("App not found")]
        running = self.system.running(app.package)
        return [
            Text(app.label, id="entity_header_title", style="title"),
            Row(Button("Open", lambda: self.system.launch(app.package), id="button1"),
                Button("Force stop", lambda: self.show("force_stop") if running else None, id="button3",
                       enabled=running)),
            ListItem("Notifications", "~0 notifications per day"), ListItem("Permissions", "No permissions requested"),
            ListItem("Storage & cache", "24.00 kB used in internal storage"),
        ]

    # -- dialogs -------------------------------------------------------------------------------------

    def show(self, dialog: str) -> None:
        self.dialog = dialog

    def build_dialog(self, name: str) -> View:
        if name == "brightness":  # the brightness slider SystemUI shows over Settings
            level = int(self.setting("system", "screen_brightness"))
            return Dialog("Brightness", SeekBar(level, lambda v: services.set_brightness(self.system, max(1, v)),
                                                max_progress=255, id="com.android.systemui:id/slider",
                                                desc="Display brightness"),
                          buttons=[Button("Done", self.close_dialog, id="android:id/button1")])
        package = self.intent.extras.get("package", "")
        return Dialog("Force stop?", Text("If you force stop an app, it may misbehave.", id="android:id/message"),
                      buttons=[Button("Cancel", self.close_dialog, id="android:id/button2"),
                               Button("OK", lambda: self.force_stop(package), id="android:id/button1")])

    def close_dialog(self) -> None:
        self.dialog = None

    def force_stop(self, package: str) -> None:
        self.dialog = None
        self.system.stop_app(package)


class LocalePicker(SettingsActivity):
    """The "Add a language" page: a searchable list of languages."""

    name = "com.android.settings.localepicker.LocalePickerWithRegionActivity"

    def build(self) -> View:
        query = self.fields.get("search", "").strip().lower()
        rows = [ListItem(lang, on_click=lambda lang=lang: self.pick(lang)) for lang in LANGUAGES
                if query in lang.lower()]
        return Column(
            Toolbar("Add a language", navigate_up=self.finish, id="action_bar"),
            EditText("android:id/search_src_text", self.fields.get("search", ""),
                     lambda v: self.fields.__setitem__("search", v), hint="Search"),
            Scroll(*rows, id="android:id/list", weight=1),
        )


    def pick(self, language: str) -> None:
        """Add the language's locale to the list (``LocalePicker.updateLocales``) and go back to it."""
        settings = self.system.settings
        tags = (settings.get("system", "system_locales") or DEFAULT_LOCALES).split(",")
        tag = LANGUAGE_TAGS[language]
        if tag not in tags:
            settings.put("system", "system_locales", ",".join([*tags, tag]))
            self.log("LocalePicker", f"updateLocales: {','.join([*tags, tag])}")
        self.finish()


#: The ``android.provider.Settings.ACTION_*`` intents the simulated pages answer (``am start -a ACTION``), with
#: the page each opens (None: the homepage); ``APPLICATION_DETAILS_SETTINGS`` takes ``package:PKG`` as its data.
ACTION_PAGES: dict[str, str | None] = {
    "android.settings.SETTINGS": None, "android.settings.WIRELESS_SETTINGS": "network",
    "android.settings.AIRPLANE_MODE_SETTINGS": "network", "android.settings.WIFI_SETTINGS": "internet",
    "android.settings.BLUETOOTH_SETTINGS": "bluetooth", "android.settings.DISPLAY_SETTINGS": "display",
    "android.settings.SOUND_SETTINGS": "sound", "android.settings.ZEN_MODE_SETTINGS": "zen",
    "android.settings.LOCALE_SETTINGS": "languages", "android.settings.APPLICATION_SETTINGS": "apps",
    "android.settings.MANAGE_APPLICATIONS_SETTINGS": "all_apps",
    "android.settings.APPLICATION_DETAILS_SETTINGS": "app_info", "android.settings.BATTERY_SAVER_SETTINGS": "battery",
    "android.settings.INTERNAL_STORAGE_SETTINGS": "storage", "android.settings.ACCESSIBILITY_SETTINGS": "accessibility",
    "android.settings.LOCATION_SOURCE_SETTINGS": "location", "android.settings.SYNC_SETTINGS": "accounts",
    "android.settings.DEVICE_INFO_SETTINGS": "about",
}


class SettingsApp(App):
    package = PACKAGE
    label = "Settings"
    icon = "settings"
    activities = (Homepage, SubSettings, LocalePicker)
    uid = 1000

    def handle_intent(self, intent: Intent, mime_type: str = "") -> bool:
        """``am start -a android.settings.…``: the homepage or the page the action names (:data:`ACTION_PAGES`)."""
        if intent.action not in ACTION_PAGES:
            return False
        page = ACTION_PAGES[intent.action]
        if page is None:
            self.system.start_activity(self, Homepage, Intent(action=intent.action))
            return True
        extras: dict[str, Any] = {"page": page}
        if page == "app_info":
            if not intent.data.startswith("package:"):
                return False
            extras["package"] = intent.data.removeprefix("package:")
        self.system.start_activity(self, SubSettings, Intent(action=intent.action, extras=extras))
        return True
