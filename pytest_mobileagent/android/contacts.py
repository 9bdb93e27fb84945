"""Contacts: the Google Contacts app, and the contacts provider that keeps the data.

The provider (``com.android.providers.contacts``) stores contacts, raw contacts, data rows and the call log in
``contacts2.db`` (AOSP ``ContactsDatabaseHelper``); apps reach it through ``content://com.android.contacts``.
"""

from __future__ import annotations

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

__all__ = ["CALLLOG_DB", "CONTACTS_URI", "EXPORT_DIR", "FIX_ACTIVITY", "GROUPS_URI", "GROUP_MEMBERSHIP",
           "LABEL_ACTIVITY", "MAIN_ACTIVITY", "PACKAGE", "PREFS", "PROVIDER_DB", "PROVIDER_PACKAGE",
           "SETTINGS_ACTIVITY", "SORT_BY_FIRST", "SORT_BY_LAST", "SORT_ORDER_KEY"]
