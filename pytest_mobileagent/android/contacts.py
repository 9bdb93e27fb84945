"""Contacts: the Google Contacts app, and the contacts provider that keeps the data.

The provider (``com.android.providers.contacts``) stores contacts, raw contacts, data rows and the call log in
``contacts2.db`` (AOSP ``ContactsDatabaseHelper``); apps reach it through ``content://com.android.contacts``.
The app's activities keep AOSP Contacts' class names; :data:`EVIDENCE` gives each id's and activity's source.
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import UNCONFIRMED, Source, Unconfirmed, entries, framework, key
from pytest_mobileagent.android.opensource import appcompat_icons
from pytest_mobileagent.android.theme import LauncherIcon, arena_drawer

PACKAGE = "com.google.android.contacts"
MAIN_ACTIVITY = "com.android.contacts.activities.PeopleActivity"
PROVIDER_PACKAGE = "com.android.providers.contacts"
PROVIDER_DB = f"/data/data/{PROVIDER_PACKAGE}/databases/contacts2.db"
#: The call log lives beside it (AOSP ``CallLogDatabaseHelper``).
CALLLOG_DB = f"/data/data/{PROVIDER_PACKAGE}/databases/calllog.db"
CONTACTS_URI = "content://com.android.contacts/contacts"

#: Labels are the provider's ``groups`` (``ContactsContract.Groups``) with ``GroupMembership`` data rows
#: (``data1`` = the group's ``_id``).
GROUPS_URI = "content://com.android.contacts/groups"
GROUP_MEMBERSHIP = "vnd.android.cursor.item/group_membership"
#: The app's preferences and the sort order key (``ContactsContract.Preferences.SORT_ORDER``,
#: ``android.contacts.SORT_ORDER``: 1 by first name, 2 by last name; confirmed in AOSP), which AOSP Contacts'
#: ``ContactsPreferences`` keeps in the app's default preferences; the file name is the default one (plausible).
PREFS = f"/data/data/{PACKAGE}/shared_prefs/{PACKAGE}_preferences.xml"
SORT_ORDER_KEY = "android.contacts.SORT_ORDER"
SORT_BY_FIRST, SORT_BY_LAST = 1, 2
#: Where "Export to file" saves the contacts (the real app asks where through the system's file picker; the
#: simulated one saves to Download, ``contacts.vcf``, ``contacts (1).vcf``...).
EXPORT_DIR = "/sdcard/Download"
#: Screens the AndroidArena tasks add (plausible names, not confirmed): a label's members, "Fix & manage"
#: (merge duplicates, export) and Settings.
LABEL_ACTIVITY = "com.android.contacts.group.GroupMembersActivity"
FIX_ACTIVITY = "com.google.android.apps.contacts.assistants.AssistantsActivity"
SETTINGS_ACTIVITY = "com.android.contacts.preference.ContactsPreferenceActivity"

#: The version of the real app followed: AndroidArena's phone (2023; no version recorded).
APP_VERSION = "2023 (AndroidArena's phone; version not recorded)"
_BDD = Source("Douglas019BR/bdd-android-study", "features/steps/maps.py", note="Google Contacts' locators")
_AOSP_SCRIPT = Source("damiranda-hexacta/AppiumHexacta",
                      "src/main/java/appium/android/automation/pageobjects/ContactPage.java",
                      note="AOSP Contacts (com.android.contacts), whose layouts Google Contacts keeps")
_QUICK = "src/com/android/contacts/quickcontact/QuickContactActivity.java"


def _aosp(path: str, note: str) -> Source:
    return Source("aosp-mirror/platform_packages_apps_contacts", path, note=f"AOSP Contacts: {note}")


EVIDENCE = {
    key("activity", MAIN_ACTIVITY): Source("google-research/android_world", "android_world/env/adb_utils.py",
                                           note="_PATTERN_TO_ACTIVITY"),
    key("activity", "com.android.contacts.activities.ContactEditorActivity"): Source(
        "gimme1dollar/b-moca", "asset/tasks/contacts/activate_the_edit_page_in_contact.textproto"),
    **entries("activity", (LABEL_ACTIVITY, FIX_ACTIVITY, SETTINGS_ACTIVITY,
                           "com.android.contacts.quickcontact.QuickContactActivity"), UNCONFIRMED),
    **entries("id", ("toolbar_button", "open_search_bar_text_view"), _BDD),
    key("id", "android:id/list"): _BDD,
    key("id", "android:id/button1"): Source("AndroidArenaAgent/AndroidArena", "run_evaluator.py",
                                            note="check_element('confirm') in Contacts"),
    key("id", "cliv_name_textview"): _AOSP_SCRIPT,
    key("id", "floating_action_button"): Unconfirmed("AOSP Contacts' id (public scripts of com.android.contacts)"),
    **entries("id", ("company", "contact_details", "editors", "email", "empty_list_view", "export", "first_name",
                     "header", "import", "label_name", "large_title", "last_name", "menu_add", "menu_insert_or_edit",
                     "menu_star", "merge_all_button", "merge_button", "merge_duplicates", "name_format",
                     "nav_back_icon", "open_search_bar", "open_search_view_edit_text", "organization_name", "phone",
                     "photo", "search_result_list", "sort_by", "spinner", "sub_header", "suggestion_title",
                     "suggestions", "toolbar", "verb_call"), UNCONFIRMED),
    **framework("alertTitle", "button2", "buttonPanel", "content", "parentPanel", "summary", "title"),
    **entries("desc", ("Create contact", "Navigate up", "Search"), _BDD),
    **entries("text", ("First name", "Last name", "Phone"), _BDD),
    # icons: Google Contacts' own drawables are not public; AOSP Contacts, whose screens it keeps, names them
    key("icon", "cliv_name_textview"): _aosp("src/com/android/contacts/lettertiles/LetterTileDrawable.java",
                                             "a contact without a photo: the name's initial on a colour picked by "
                                             "the name (the list rows' and the card's photo)"),
    key("icon", "photo"): _aosp("src/com/android/contacts/lettertiles/LetterTileDrawable.java",
                                "the card's large photo: the letter tile"),
    key("icon", "Add to favorites"): _aosp(_QUICK, "menu_star set in code: ic_star_border (outlined star)"),
    key("icon", "Remove from favorites"): _aosp(_QUICK, "menu_star set in code: ic_star (filled star)"),
    key("icon", "Edit contact"): _aosp(_QUICK, "menu_edit set in code: ic_create (edit; Google's outlined style)"),
    **entries("icon", ("verb_call", "header"), _aosp(_QUICK, "the phone entries' ic_phone (call, outlined); "
                                                             "e-mail ic_email (mail), address ic_place (location_on)")),
    key("icon", "Open navigation drawer"): Unconfirmed("the drawer's hamburger (menu), as AOSP Contacts' "
                                                       "ActionBarDrawerToggle draws"),
    key("icon", "Create contact"): Unconfirmed("Google Contacts' Material 3 FAB draws a plus (add); AOSP "
                                               "Contacts' draws person_add"),
    key("icon", "Add contacts"): Unconfirmed("a label's add-members action: person_add, outlined"),
    key("icon", "Cancel"): Unconfirmed("the editor's close cross (close)"),
    key("icon", "Navigate up"): Unconfirmed("Google Contacts' Toolbar up arrow (arrow_back)"),
    **appcompat_icons("More options"),
}


__all__ = [
                      "APP_VERSION",
                      "CALLLOG_DB",
                      "CONTACTS_URI",
                      "EVIDENCE",
                      "EXPORT_DIR",
                      "FIX_ACTIVITY",
                      "GROUPS_URI",
                      "GROUP_MEMBERSHIP",
                      "LABEL_ACTIVITY",
                      "MAIN_ACTIVITY",
                      "PACKAGE",
                      "PREFS",
                      "PROVIDER_DB",
                      "PROVIDER_PACKAGE",
                      "SETTINGS_ACTIVITY",
                      "SORT_BY_FIRST",
                      "SORT_BY_LAST",
                      "SORT_ORDER_KEY",
]

#: The launcher icon on AndroidArena's phone: a white person on blue.
LAUNCHER_ICON = LauncherIcon("#1A73E8", "person", foreground="#FFFFFF",
                             source=arena_drawer("a white person on blue"))
