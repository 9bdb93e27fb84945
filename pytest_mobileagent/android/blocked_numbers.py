"""Android's blocked numbers (``BlockedNumberContract``), kept by ``com.android.providers.blockednumber``.

AOSP ``BlockedNumberDatabaseHelper``: ``blockednumbers.db`` with the table ``blocked`` (``_id``,
``original_number``, ``e164_number``: the table name from the helper's ``Tables``, the columns from
``BlockedNumberContract.BlockedNumbers``; confirmed in AOSP sources). Apps reach it through
``content://com.android.blockednumber/blocked``, which only the default dialer or SMS app (and the system) may
query; a check reads the database itself (root).
"""

from __future__ import annotations

PACKAGE = "com.android.providers.blockednumber"
DB = f"/data/data/{PACKAGE}/databases/blockednumbers.db"
URI = "content://com.android.blockednumber/blocked"
SCHEMA = """
CREATE TABLE IF NOT EXISTS blocked (_id INTEGER PRIMARY KEY AUTOINCREMENT, original_number TEXT NOT NULL UNIQUE,
  e164_number TEXT);
"""

__all__ = ["DB", "PACKAGE", "SCHEMA", "URI"]
