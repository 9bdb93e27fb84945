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

__all__ = ["CALLLOG_DB", "CONTACTS_URI", "MAIN_ACTIVITY", "PACKAGE", "PROVIDER_DB", "PROVIDER_PACKAGE"]
