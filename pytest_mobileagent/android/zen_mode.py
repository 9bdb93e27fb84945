"""Do Not Disturb as Android keeps it: ``settings global zen_mode``, owned by NotificationManagerService.

``Settings.Global.ZEN_MODE`` holds ``ZEN_MODE_OFF`` (0), ``ZEN_MODE_IMPORTANT_INTERRUPTIONS`` (1, what Settings'
"Turn on now" sets), ``ZEN_MODE_NO_INTERRUPTIONS`` (2) or ``ZEN_MODE_ALARMS`` (3). The key is a mirror, not a
switch: AOSP's ``ZenModeHelper`` keeps the mode in ``mZenMode`` and its ``SettingsObserver`` watches the key; when
a write makes it differ (``settings put global zen_mode 1`` over adb) it logs "Fixing zen mode setting" (debug
builds only) and writes ``mZenMode`` back (``SettingsObserver.update``, Android 8 and later; Android 6 and 7
adopted the written value instead). So on Android 13 that ``settings put`` changes nothing. DND is set through
the service: ``NotificationManager.setZenMode``/``setInterruptionFilter``, from a shell
``cmd notification set_dnd on|priority|alarms|off`` (``NotificationShellCmd``: ``on`` and ``none`` are
``INTERRUPTION_FILTER_NONE``, i.e. zen mode 2; ``all`` and ``off`` turn it off).
"""

from __future__ import annotations

#: The ``global`` settings key.
KEY = "zen_mode"
OFF, IMPORTANT_INTERRUPTIONS, NO_INTERRUPTIONS, ALARMS = 0, 1, 2, 3
#: ``cmd notification set_dnd`` modes -> zen mode (through ``ZenModeConfig.zenModeFromInterruptionFilter``).
SET_DND_MODES = {"on": NO_INTERRUPTIONS, "none": NO_INTERRUPTIONS, "priority": IMPORTANT_INTERRUPTIONS,
                 "alarms": ALARMS, "all": OFF, "off": OFF}
#: Settings' Do Not Disturb page (Settings > Sound & vibration > Do Not Disturb), its fragment and the two
#: buttons of its ``zen_mode_settings_button`` layout (``ZenModeButtonPreferenceController``).
FRAGMENT = "com.android.settings.notification.zen.ZenModeSettings"
TURN_ON_ID = "zen_mode_settings_turn_on_button"
TURN_OFF_ID = "zen_mode_settings_turn_off_button"


def set_dnd_command(mode: str) -> str:
    """The shell command that sets DND through NotificationManagerService (``on``, ``priority``, ``off``...)."""
    if mode not in SET_DND_MODES:
        raise ValueError(f"unknown DND mode {mode!r}; use one of {', '.join(SET_DND_MODES)}")
    return f"cmd notification set_dnd {mode}"


__all__ = ["ALARMS", "FRAGMENT", "IMPORTANT_INTERRUPTIONS", "KEY", "NO_INTERRUPTIONS", "OFF", "SET_DND_MODES",
           "TURN_OFF_ID", "TURN_ON_ID", "set_dnd_command"]
