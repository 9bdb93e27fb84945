"""Phone (Google Dialer, ``com.google.android.dialer``): its package and launcher activity.

Google's dialer is closed source; it descends from AOSP's Dialer, whose ids it keeps for the dialpad and InCallUI.
Evidence: public Appium scripts of Google's dialer (its own ids ``dialpad_fab``, ``dialpad_voice_call_button``, the
digit keys), AndroidWorld's ``adb_utils`` (the launcher activity), and AOSP Dialer as LineageOS keeps it.
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import UNCONFIRMED, Source, Unconfirmed, entries, framework, key
from pytest_mobileagent.android.opensource import android_world
from pytest_mobileagent.android.theme import LauncherIcon, arena_drawer

PACKAGE = "com.google.android.dialer"
MAIN_ACTIVITY = "com.google.android.dialer.extensions.GoogleDialtactsActivity"
IN_CALL_ACTIVITY = "com.android.incallui.InCallActivity"

APP_VERSION = "Google Phone on AndroidWorld's Android 13 image (no version recorded); AOSP Dialer lineage-21.0"
_AOSP = "LineageOS/android_packages_apps_Dialer"
_APPIUM = Source("prachicodestudio/AppiumTutorial", "AppiumDemo/src/test/java/Demo/AutomateDialer.java",
                 note="an Appium script of com.google.android.dialer: dialpad_fab, the digit keys, "
                      "dialpad_voice_call_button")


def _aosp(path: str, note: str = "AOSP Dialer, which Google's dialer descends from") -> Source:
    return Source(_AOSP, f"java/com/android/{path}", note=note)


_DIALPAD = _aosp("dialer/dialpadview/res/layout/dialpad_view_unthemed.xml")

EVIDENCE = {
    key("activity", MAIN_ACTIVITY): android_world("env/adb_utils.py", "'dialer|phone': GoogleDialtactsActivity"),
    key("activity", IN_CALL_ACTIVITY): Source(_AOSP, "AndroidManifest.xml", note="InCallUI's activity"),
    **entries("id", ("dialpad_fab", "dialpad_voice_call_button", "one", "two", "three", "four", "five", "six", "seven",
                     "eight", "nine", "zero"), _APPIUM),
    **entries("id", ("star", "pound"), _aosp("dialer/dialpadview/res/layout/dialpad.xml", "the dialpad's keys")),
    **entries("id", ("dialpad_key_number", "dialpad_key_letters"),
              _aosp("dialer/dialpadview/res/layout/dialpad_key.xml")),
    **entries("id", ("digits", "deleteButton", "dialpad_view", "digits_container"), _DIALPAD),
    key("id", "dialpad_fragment_container"): _aosp("dialer/main/impl/res/layout/main_activity.xml"),
    key("id", "speed_dial_recycler_view"): _aosp("dialer/speeddial/res/layout/fragment_speed_dial.xml"),
    key("id", "empty_list_view_message"): _aosp("dialer/widget/res/layout/empty_content_view.xml"),
    key("id", "contact_name"): _aosp("dialer/contactsfragment/res/layout/contact_row.xml"),
    **entries("id", ("primary_text", "secondary_text"),
              _aosp("dialer/historyitemactions/res/layout/contact_layout.xml")),
    **entries("id", ("incall_contact_grid", "incall_end_call", "incall_pager"),
              _aosp("incallui/incall/impl/res/layout/frag_incall_voice.xml")),
    **entries("id", ("contactgrid_contact_name", "contactgrid_status_text"),
              _aosp("incallui/contactgrid/res/values/ids.xml", "ContactGridManager's views")),
    **entries("id", ("contactgrid_bottom_text", "contactgrid_bottom_timer"),
              _aosp("incallui/contactgrid/res/layout/incall_contactgrid_bottom_row.xml")),
    **entries("id", ("incall_first_button", "incall_second_button", "incall_third_button"),
              _aosp("incallui/incall/impl/res/layout/incall_button_grid.xml")),
    key("id", "call_log_entry"): Unconfirmed("AOSP's call_log_list_item.xml has call_log_row; Google's own not public"),
    key("id", "bottom_nav_bar"): _aosp("dialer/main/impl/res/layout/main_activity.xml"),
    **entries("id", ("bottom_nav_item_image", "bottom_nav_item_text"),
              _aosp("dialer/main/impl/bottomnav/res/layout/bottom_nav_item.xml")),
    **entries("id", ("tab_speed_dial", "tab_call_history", "tab_contacts"),
              Unconfirmed("Google's tab ids as public Appium/uiautomator scripts address them (found by exact-string "
                          "search, their files not retrievable); AOSP's are speed_dial_tab, call_log_tab, "
                          "contacts_tab")),
    **entries("id", ("call_button", "contacts_recycler_view", "new_call_log_recycler_view"),
              Unconfirmed("Google Dialer's own ids, not in AOSP Dialer; no public script")),
    **framework("content", "parentPanel", "alertTitle", "message", "buttonPanel", "button1", "button2", "title"),
    key("desc", "End call"): UNCONFIRMED,
    # icons: Google's drawables are not public; AOSP Dialer's layouts name the ones it descends from
    key("icon", "backspace"): Source(_AOSP, "java/com/android/dialer/dialpadview/res/layout/dialpad_view_unthemed.xml",
                                     note="deleteButton: quantum_ic_backspace_white_24 (backspace)"),
    key("icon", "dial"): _aosp("dialer/dialpadview/res/layout/dialpad_fragment.xml",
                               "dialpad_floating_action_button: quantum_ic_call_vd_theme_24 (call)"),
    key("icon", "key pad"): _aosp("dialer/main/impl/res/layout/main_activity.xml",
                                  "dialpad_fab: quantum_ic_dialpad_vd_theme_24 (dialpad), a FAB"),
    key("icon", "bottom_nav_item_image"): _aosp("dialer/main/impl/bottomnav/BottomNavBar.java",
                                                "the tabs' quantum_ic_star / _history / _people (star, history, "
                                                "people; Material 3 draws the unselected ones outlined)"),
    **entries("icon", ("contact_name", "primary_text"),
              _aosp("dialer/lettertile/LetterTileDrawable.java",
                    "a contact without a photo: its initial on a colour from the name; an unknown number: the "
                    "generic person (account_circle)")),
    key("icon", "call_button"): Unconfirmed("Google's call log row ends in an outlined phone (call, outlined); AOSP's "
                                            "call_log_list_item.xml has primary_action_button with ic_call"),
    **entries("icon", ("Mute", "Speaker", "Hold"),
              _aosp("incallui/incall/impl/InCallButtonGridFragment.java",
                    "the in-call buttons (ButtonController): quantum_ic_mic_off, quantum_ic_volume_up, "
                    "quantum_ic_pause")),
    key("icon", "End call"): _aosp("incallui/incall/impl/res/layout/frag_incall_voice.xml",
                                   "incall_end_call: quantum_ic_call_end_vd_theme_24 (call_end)"),
}

__all__ = ["APP_VERSION", "EVIDENCE", "IN_CALL_ACTIVITY", "MAIN_ACTIVITY", "PACKAGE"]

#: The launcher icon on AndroidArena's phone: a white handset on blue.
LAUNCHER_ICON = LauncherIcon("#1A73E8", "call", foreground="#FFFFFF",
                             source=arena_drawer("a white handset on blue"))
