"""The contacts provider (``com.android.providers.contacts``): contacts, raw contacts, data and the call log.

State lives where Android 13 keeps it: ``contacts2.db`` with the core tables of
``ContactsDatabaseHelper`` (``accounts``, ``contacts``, ``raw_contacts``,
``data``, ``mimetypes``, ``phone_lookup``, ``name_lookup``, ``deleted_contacts``)
and ``calllog.db`` with the ``calls`` table of ``CallLogDatabaseHelper``, both
under ``/data/data/com.android.providers.contacts/databases``. Apps reach it
through :class:`ContactsProvider` (their ContentResolver); tasks reach it
through the ``content`` shell command, as on a real device.

Simplifications: every raw contact is its own aggregate contact (no automatic
joining), ``name_lookup`` is created but not filled, and only the mime types
the simulated apps use get a row handler.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from mobileagent_sim.app import App
from mobileagent_sim.framework import binding, content_provider, provider_error, settings_put
from mobileagent_sim.shell import Result, Shell, ok
from pytest_mobileagent.android.contacts import CALLLOG_DB
from pytest_mobileagent.android.contacts import PROVIDER_DB as CONTACTS_DB
from pytest_mobileagent.android.contacts import PROVIDER_PACKAGE as PACKAGE
from pytest_mobileagent.android.media import mp3_duration_ms, mp4_duration_ms

if TYPE_CHECKING:
    from mobileagent_sim.system import System


NAME = "vnd.android.cursor.item/name"
PHONE = "vnd.android.cursor.item/phone_v2"
EMAIL = "vnd.android.cursor.item/email_v2"
ORGANIZATION = "vnd.android.cursor.item/organization"
GROUP_MEMBERSHIP = "vnd.android.cursor.item/group_membership"
POSTAL = "vnd.android.cursor.item/postal-address_v2"
#: ``AggregationExceptions.TYPE_KEEP_TOGETHER``: two raw contacts joined into one contact.
KEEP_TOGETHER = 1
#: Mime types in the order the provider's data row handlers register them on a fresh database.
MIMETYPES = ("vnd.android.cursor.item/email_v2", "vnd.android.cursor.item/im", "vnd.android.cursor.item/nickname",
             ORGANIZATION, PHONE, "vnd.android.cursor.item/sip_address", NAME,
             POSTAL, "vnd.android.cursor.item/identity",
             "vnd.android.cursor.item/photo", GROUP_MEMBERSHIP)

#: ``ContactsContract.CommonDataKinds.Phone`` types, as the editor labels them.
PHONE_TYPES = {1: "Home", 2: "Mobile", 3: "Work", 4: "Work Fax", 5: "Home Fax", 6: "Pager", 7: "Other", 12: "Main"}
#: ``DisplayNameSources``: where a raw contact's display name came from.
SOURCE_UNDEFINED, SOURCE_EMAIL, SOURCE_PHONE, SOURCE_ORGANIZATION, SOURCE_STRUCTURED_NAME = 0, 10, 20, 30, 40
#: ``CallLog.Calls`` types.
INCOMING, OUTGOING, MISSED = 1, 2, 3
TELEPHONY_COMPONENT = "com.android.phone/com.android.services.telephony.TelephonyConnectionService"

CONTACTS_SCHEMA = """
CREATE TABLE android_metadata (locale TEXT);
CREATE TABLE accounts (_id INTEGER PRIMARY KEY AUTOINCREMENT,account_name TEXT, account_type TEXT, data_set TEXT,
  sim_slot_index INTEGER, sim_ef_type INTEGER, ungrouped_visible INTEGER NOT NULL DEFAULT 0,
  should_sync INTEGER NOT NULL DEFAULT 1,x_is_default INTEGER NOT NULL DEFAULT 0);
CREATE TABLE contacts (_id INTEGER PRIMARY KEY AUTOINCREMENT,name_raw_contact_id INTEGER REFERENCES raw_contacts(_id),
  photo_id INTEGER REFERENCES data(_id),photo_file_id INTEGER REFERENCES photo_files(_id),custom_ringtone TEXT,
  send_to_voicemail INTEGER NOT NULL DEFAULT 0,x_times_contacted INTEGER NOT NULL DEFAULT 0,
  x_last_time_contacted INTEGER,times_contacted INTEGER NOT NULL DEFAULT 0,last_time_contacted INTEGER,
  starred INTEGER NOT NULL DEFAULT 0,pinned INTEGER NOT NULL DEFAULT 0,has_phone_number INTEGER NOT NULL DEFAULT 0,
  lookup TEXT,status_update_id INTEGER REFERENCES data(_id),contact_last_updated_timestamp INTEGER);
CREATE TABLE deleted_contacts (contact_id INTEGER PRIMARY KEY,contact_deleted_timestamp INTEGER NOT NULL default 0);
CREATE TABLE raw_contacts (_id INTEGER PRIMARY KEY AUTOINCREMENT,account_id INTEGER REFERENCES accounts(_id),
  sourceid TEXT,backup_id TEXT,raw_contact_is_read_only INTEGER NOT NULL DEFAULT 0,version INTEGER NOT NULL DEFAULT 1,
  dirty INTEGER NOT NULL DEFAULT 0,deleted INTEGER NOT NULL DEFAULT 0,metadata_dirty INTEGER NOT NULL DEFAULT 0,
  contact_id INTEGER REFERENCES contacts(_id),aggregation_mode INTEGER NOT NULL DEFAULT 0,
  aggregation_needed INTEGER NOT NULL DEFAULT 1,custom_ringtone TEXT,send_to_voicemail INTEGER NOT NULL DEFAULT 0,
  x_times_contacted INTEGER NOT NULL DEFAULT 0,x_last_time_contacted INTEGER,
  times_contacted INTEGER NOT NULL DEFAULT 0,last_time_contacted INTEGER,starred INTEGER NOT NULL DEFAULT 0,
  pinned INTEGER NOT NULL DEFAULT 0,display_name TEXT,display_name_alt TEXT,
  display_name_source INTEGER NOT NULL DEFAULT 0,phonetic_name TEXT,phonetic_name_style TEXT,
  sort_key TEXT COLLATE NOCASE,phonebook_label TEXT,phonebook_bucket INTEGER,sort_key_alt TEXT COLLATE NOCASE,
  phonebook_label_alt TEXT,phonebook_bucket_alt INTEGER,name_verified INTEGER NOT NULL DEFAULT 0,sync1 TEXT, sync2 TEXT,
  sync3 TEXT, sync4 TEXT );
CREATE INDEX raw_contacts_contact_id_index ON raw_contacts (contact_id);
CREATE TABLE packages (_id INTEGER PRIMARY KEY AUTOINCREMENT,package TEXT NOT NULL);
CREATE TABLE mimetypes (_id INTEGER PRIMARY KEY AUTOINCREMENT,mimetype TEXT NOT NULL);
CREATE UNIQUE INDEX mime_type ON mimetypes (mimetype);
CREATE TABLE data (_id INTEGER PRIMARY KEY AUTOINCREMENT,package_id INTEGER REFERENCES package(_id),
  mimetype_id INTEGER REFERENCES mimetype(_id) NOT NULL,raw_contact_id INTEGER REFERENCES raw_contacts(_id) NOT NULL,
  hash_id TEXT,is_read_only INTEGER NOT NULL DEFAULT 0,is_primary INTEGER NOT NULL DEFAULT 0,
  is_super_primary INTEGER NOT NULL DEFAULT 0,data_version INTEGER NOT NULL DEFAULT 0,data1 TEXT,data2 TEXT,data3 TEXT,
  data4 TEXT,data5 TEXT,data6 TEXT,data7 TEXT,data8 TEXT,data9 TEXT,data10 TEXT,data11 TEXT,data12 TEXT,data13 TEXT,
  data14 TEXT,data15 TEXT,data_sync1 TEXT, data_sync2 TEXT, data_sync3 TEXT, data_sync4 TEXT,
  carrier_presence INTEGER NOT NULL DEFAULT 0, is_preferred_phone_account_migration_pending INTEGER NOT NULL DEFAULT 0,
  preferred_phone_account_component_name TEXT, preferred_phone_account_id TEXT );
CREATE INDEX data_raw_contact_id ON data (raw_contact_id);
CREATE TABLE phone_lookup (data_id INTEGER REFERENCES data(_id) NOT NULL,
  raw_contact_id INTEGER REFERENCES raw_contacts(_id) NOT NULL,normalized_number TEXT NOT NULL,min_match TEXT NOT NULL);
CREATE TABLE name_lookup (data_id INTEGER REFERENCES data(_id) NOT NULL,
  raw_contact_id INTEGER REFERENCES raw_contacts(_id) NOT NULL,normalized_name TEXT NOT NULL,
  name_type INTEGER NOT NULL,PRIMARY KEY (data_id, normalized_name, name_type));
CREATE TABLE groups (_id INTEGER PRIMARY KEY AUTOINCREMENT,package_id INTEGER REFERENCES package(_id),
  account_id INTEGER REFERENCES accounts(_id),sourceid TEXT,version INTEGER NOT NULL DEFAULT 1,
  dirty INTEGER NOT NULL DEFAULT 0,title TEXT,title_res INTEGER,notes TEXT,system_id TEXT,
  deleted INTEGER NOT NULL DEFAULT 0,group_visible INTEGER NOT NULL DEFAULT 0,should_sync INTEGER NOT NULL DEFAULT 1,
  auto_add INTEGER NOT NULL DEFAULT 0,favorites INTEGER NOT NULL DEFAULT 0,
  group_is_read_only INTEGER NOT NULL DEFAULT 0,sync1 TEXT, sync2 TEXT, sync3 TEXT, sync4 TEXT );
CREATE TABLE agg_exceptions (_id INTEGER PRIMARY KEY AUTOINCREMENT,type INTEGER NOT NULL,
  raw_contact_id1 INTEGER REFERENCES raw_contacts(_id),raw_contact_id2 INTEGER REFERENCES raw_contacts(_id));
"""

CALLLOG_SCHEMA = """
CREATE TABLE android_metadata (locale TEXT);
CREATE TABLE calls (_id INTEGER PRIMARY KEY AUTOINCREMENT,number TEXT,presentation INTEGER NOT NULL DEFAULT 1,
  post_dial_digits TEXT NOT NULL DEFAULT '',via_number TEXT NOT NULL DEFAULT '',date INTEGER,duration INTEGER,
  data_usage INTEGER,type INTEGER,features INTEGER NOT NULL DEFAULT 0,subscription_component_name TEXT,
  subscription_id TEXT,phone_account_address TEXT,phone_account_hidden INTEGER NOT NULL DEFAULT 0,
  sub_id INTEGER DEFAULT -1,new INTEGER,name TEXT,numbertype INTEGER,numberlabel TEXT,countryiso TEXT,
  voicemail_uri TEXT,is_read INTEGER,geocoded_location TEXT,lookup_uri TEXT,matched_number TEXT,
  normalized_number TEXT,photo_id INTEGER NOT NULL DEFAULT 0,photo_uri TEXT,formatted_number TEXT,
  add_for_all_users INTEGER NOT NULL DEFAULT 1,last_modified INTEGER DEFAULT 0,call_screening_component_name TEXT,
  call_screening_app_name TEXT,block_reason INTEGER NOT NULL DEFAULT 0,missed_reason INTEGER NOT NULL DEFAULT 0,
  priority INTEGER NOT NULL DEFAULT 0,subject TEXT,location TEXT,composer_photo_uri TEXT,
  is_call_log_phone_account_migration_pending INTEGER NOT NULL DEFAULT 0,_data TEXT,has_content INTEGER,
  mime_type TEXT,source_data TEXT,source_package TEXT,transcription TEXT,
  transcription_state INTEGER NOT NULL DEFAULT 0,state INTEGER,dirty INTEGER NOT NULL DEFAULT 0,
  deleted INTEGER NOT NULL DEFAULT 0,backed_up INTEGER NOT NULL DEFAULT 0,restored INTEGER NOT NULL DEFAULT 0,
  archived INTEGER NOT NULL DEFAULT 0,is_omtp_voicemail INTEGER NOT NULL DEFAULT 0);
CREATE TABLE voicemail_status (_id INTEGER PRIMARY KEY AUTOINCREMENT,source_package TEXT NOT NULL,
  phone_account_component_name TEXT,phone_account_id TEXT,settings_uri TEXT,voicemail_access_uri TEXT,
  configuration_state INTEGER,data_channel_state INTEGER,notification_channel_state INTEGER,notification_retry INTEGER,
  quota_occupied INTEGER DEFAULT -1,quota_total INTEGER DEFAULT -1,source_type TEXT);
"""

#: The ``CallLog.Calls`` columns the provider exposes (the voicemail columns are not).
CALL_COLUMNS = ("_id", "number", "presentation", "post_dial_digits", "via_number", "date", "duration", "data_usage",
                "type", "features", "subscription_component_name", "subscription_id", "phone_account_address",
                "phone_account_hidden", "new", "name", "numbertype", "numberlabel", "countryiso", "voicemail_uri",
                "is_read", "geocoded_location", "lookup_uri", "matched_number", "normalized_number", "photo_id",
                "photo_uri", "formatted_number", "add_for_all_users", "last_modified",
                "call_screening_component_name", "call_screening_app_name", "block_reason", "missed_reason",
                "priority", "subject", "location", "composer_photo_uri")


# -- phone numbers and names -------------------------------------------------------------


def digits(number: str) -> str:
    return re.sub(r"\D", "", number or "")


def normalize_number(number: str) -> str | None:
    """E.164 for numbers a US phone can parse (``PhoneNumberUtils.formatNumberToE164``), else None."""
    d = digits(number)
    if number.strip().startswith("+") and d:
        return "+" + d
    if len(d) == 10:
        return "+1" + d
    if len(d) == 11 and d.startswith("1"):
        return "+" + d
    return None


def min_match(number: str) -> str:
    """The reversed last seven digits the provider indexes phone numbers by."""
    return digits(number)[::-1][:7]


#: Lower-case words NameSplitter keeps with the family name ("Hugo dos Santos").
LAST_NAME_PREFIXES = {"d'", "da", "de", "del", "della", "der", "di", "do", "dos", "du", "la", "le", "st", "st.",
                      "ten", "ter", "van", "von"}


def split_name(full: str) -> tuple[str, str]:
    """(given, family) of a one-line name, as the provider splits an unstructured display name."""
    tokens = full.split()
    if len(tokens) <= 1:
        return (full.strip(), "")
    start = len(tokens) - 1
    while start > 1 and tokens[start - 1].lower() in LAST_NAME_PREFIXES:
        start -= 1
    return " ".join(tokens[:start]), " ".join(tokens[start:])


def join_name(prefix: str, given: str, middle: str, family: str, suffix: str) -> tuple[str, str]:
    """(display_name, display_name_alt) of a structured western name."""
    primary = " ".join(p for p in (prefix, given, middle, family) if p)
    alt_given = " ".join(p for p in (given, middle) if p)
    alt = ", ".join(p for p in (family, alt_given) if p)
    if suffix:
        primary, alt = f"{primary}, {suffix}", f"{alt}, {suffix}"
    return primary, alt


def phonebook_label(sort_key: str) -> tuple[str, int]:
    """The letter header a name is listed under and its bucket index (``#`` after Z)."""
    first = sort_key[:1].upper()
    if "A" <= first <= "Z":
        return first, ord(first) - ord("A") + 1
    return ("#", 27) if first else ("", 0)


def _lookup_key(raw_id: int, name: str) -> str:
    return f"0r{raw_id}-" + "".join(f"{ord(c):X}" for c in name.upper() if c.isalnum())[:40]


# -- the provider -----------------------------------------------------------------------------


class ContactsProvider:
    """The ContentResolver view of the contacts provider, over the device's database files.

    Each call opens the database, so the provider holds no state of its own and
    a snapshot of the files is a snapshot of the contacts.
    """

    def __init__(self, system: System):
        self.system = system

    @contextmanager
    def contacts_db(self) -> Iterator[sqlite3.Connection]:
        with self.system.fs.sqlite(CONTACTS_DB) as conn:
            if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'raw_contacts'").fetchone():
                create_contacts_db(conn)
            conn.create_function("number_key", 1, lambda n: digits(n or "")[::-1])
            yield conn

    @contextmanager
    def calllog_db(self) -> Iterator[sqlite3.Connection]:
        with self.system.fs.sqlite(CALLLOG_DB) as conn:
            if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'calls'").fetchone():
                create_calllog_db(conn)
            yield conn

    def now_ms(self) -> int:
        return self.system.clock.millis()

    # -- raw contacts and data --------------------------------------------------------------

    def insert_raw_contact(self, values: dict[str, Any] | None = None) -> int:
        """Insert a raw contact (``account_name``/``account_type`` null: the device's local account)."""
        values = dict(values or {})
        with self.contacts_db() as db:
            account = self._account_id(db, values.pop("account_name", None), values.pop("account_type", None))
            starred = int(values.pop("starred", 0) or 0)
            cur = db.execute("INSERT INTO raw_contacts (account_id, starred, aggregation_needed) VALUES (?, ?, 0)",
                             (account, starred))
            raw_id = int(cur.lastrowid or 0)
            cur = db.execute("INSERT INTO contacts (name_raw_contact_id, starred, contact_last_updated_timestamp) "
                             "VALUES (?, ?, ?)", (raw_id, starred, self.now_ms()))
            db.execute("UPDATE raw_contacts SET contact_id = ? WHERE _id = ?", (cur.lastrowid, raw_id))
            self._aggregate(db, raw_id)
        return raw_id

    def _account_id(self, db: sqlite3.Connection, name: str | None, kind: str | None) -> int:
        row = db.execute("SELECT _id FROM accounts WHERE account_name IS ? AND account_type IS ? AND data_set IS NULL",
                         (name, kind)).fetchone()
        if row:
            return int(row[0])
        return int(db.execute("INSERT INTO accounts (account_name, account_type) VALUES (?, ?)",
                              (name, kind)).lastrowid or 0)

    def insert_data(self, values: dict[str, Any]) -> int:
        """Insert a data row (``raw_contact_id``, ``mimetype``, ``data1``...)."""
        values = dict(values)
        raw_id = int(values.pop("raw_contact_id"))
        mimetype = values.pop("mimetype")
        if mimetype == NAME:
            values = _complete_name(values)
        with self.contacts_db() as db:
            if not db.execute("SELECT 1 FROM raw_contacts WHERE _id = ?", (raw_id,)).fetchone():
                raise ValueError(f"raw_contact_id {raw_id} does not exist")
            columns = ["raw_contact_id", "mimetype_id", *values]
            params = [raw_id, self._mimetype_id(db, mimetype), *values.values()]
            cur = db.execute(f"INSERT INTO data ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                             params)
            self._aggregate(db, raw_id)
        return int(cur.lastrowid or 0)

    def update_data(self, data_id: int, values: dict[str, Any]) -> None:
        with self.contacts_db() as db:
            row = db.execute("SELECT d.raw_contact_id, m.mimetype FROM data d JOIN mimetypes m "
                             "ON m._id = d.mimetype_id WHERE d._id = ?", (data_id,)).fetchone()
            if row is None:
                return
            if row[1] == NAME:
                values = _complete_name(values)
            sets = ", ".join(f"{c} = ?" for c in values)
            db.execute(f"UPDATE data SET {sets}, data_version = data_version + 1 WHERE _id = ?",
                       (*values.values(), data_id))
            self._aggregate(db, int(row[0]))

    def delete_data(self, data_id: int) -> None:
        with self.contacts_db() as db:
            row = db.execute("SELECT raw_contact_id FROM data WHERE _id = ?", (data_id,)).fetchone()
            db.execute("DELETE FROM phone_lookup WHERE data_id = ?", (data_id,))
            db.execute("DELETE FROM data WHERE _id = ?", (data_id,))
            if row:
                self._aggregate(db, int(row[0]))

    def delete_raw_contact(self, raw_id: int) -> None:
        """Delete a local raw contact at once (local contacts have no sync adapter to mark it for)."""
        with self.contacts_db() as db:
            row = db.execute("SELECT contact_id FROM raw_contacts WHERE _id = ?", (raw_id,)).fetchone()
            if row is None:
                return
            for table in ("phone_lookup", "name_lookup", "data"):
                db.execute(f"DELETE FROM {table} WHERE raw_contact_id = ?", (raw_id,))
            db.execute("DELETE FROM raw_contacts WHERE _id = ?", (raw_id,))
            contact_id = row[0]
            if not db.execute("SELECT 1 FROM raw_contacts WHERE contact_id = ?", (contact_id,)).fetchone():
                db.execute("DELETE FROM contacts WHERE _id = ?", (contact_id,))
                db.execute("INSERT OR REPLACE INTO deleted_contacts VALUES (?, ?)", (contact_id, self.now_ms()))

    def set_starred(self, raw_id: int, starred: bool) -> None:
        with self.contacts_db() as db:
            db.execute("UPDATE raw_contacts SET starred = ? WHERE _id = ?", (int(starred), raw_id))
            self._aggregate(db, raw_id)

    def _mimetype_id(self, db: sqlite3.Connection, mimetype: str) -> int:
        row = db.execute("SELECT _id FROM mimetypes WHERE mimetype = ?", (mimetype,)).fetchone()
        if row:
            return int(row[0])
        return int(db.execute("INSERT INTO mimetypes (mimetype) VALUES (?)", (mimetype,)).lastrowid or 0)

    def _aggregate(self, db: sqlite3.Connection, raw_id: int) -> None:
        """Recompute what the provider derives from a raw contact's data: names, lookups, its contact row."""
        rows = db.execute("SELECT d._id, m.mimetype, d.data1, d.data2, d.data3, d.data4, d.data5, d.data6 FROM data d "
                          "JOIN mimetypes m ON m._id = d.mimetype_id WHERE d.raw_contact_id = ? ORDER BY d._id",
                          (raw_id,)).fetchall()
        by_type: dict[str, list[tuple[Any, ...]]] = {}
        for r in rows:
            by_type.setdefault(r[1], []).append(r)
        name, alt, source = "", "", SOURCE_UNDEFINED
        if by_type.get(NAME) and any(by_type[NAME][0][2:]):
            n = by_type[NAME][0]
            name, alt = join_name(n[5] or "", n[3] or "", n[6] or "", n[4] or "", n[7] or "")
            source = SOURCE_STRUCTURED_NAME
        else:
            for mimetype, src in ((ORGANIZATION, SOURCE_ORGANIZATION), (PHONE, SOURCE_PHONE), (EMAIL, SOURCE_EMAIL)):
                if by_type.get(mimetype) and by_type[mimetype][0][2]:
                    name = alt = by_type[mimetype][0][2]
                    source = src
                    break
        label, bucket = phonebook_label(name)
        label_alt, bucket_alt = phonebook_label(alt)
        db.execute("UPDATE raw_contacts SET display_name = ?, display_name_alt = ?, display_name_source = ?, "
                   "sort_key = ?, sort_key_alt = ?, phonebook_label = ?, phonebook_bucket = ?, "
                   "phonebook_label_alt = ?, phonebook_bucket_alt = ?, version = version + 1 WHERE _id = ?",
                   (name or None, alt or None, source, name or None, alt or None, label, bucket, label_alt,
                    bucket_alt, raw_id))
        db.execute("DELETE FROM phone_lookup WHERE raw_contact_id = ?", (raw_id,))
        for r in by_type.get(PHONE, []):
            normalized = normalize_number(r[2] or "") or digits(r[2] or "")
            db.execute("UPDATE data SET data4 = ? WHERE _id = ?", (normalize_number(r[2] or ""), r[0]))
            db.execute("INSERT INTO phone_lookup VALUES (?, ?, ?, ?)", (r[0], raw_id, normalized, min_match(r[2])))
        starred = db.execute("SELECT starred, contact_id FROM raw_contacts WHERE _id = ?", (raw_id,)).fetchone()
        db.execute("UPDATE contacts SET has_phone_number = ?, lookup = ?, starred = ?, "
                   "contact_last_updated_timestamp = ? WHERE _id = ?",
                   (int(bool(by_type.get(PHONE))), _lookup_key(raw_id, name), starred[0], self.now_ms(), starred[1]))

    # -- groups (labels) and joins ----------------------------------------------------------

    def groups(self) -> list[dict[str, Any]]:
        """The groups not deleted (Contacts' labels), by title."""
        with self.contacts_db() as db:
            rows = db.execute("SELECT _id, title FROM groups WHERE deleted = 0 ORDER BY title COLLATE NOCASE, _id"
                              ).fetchall()
        return [{"id": r[0], "title": r[1] or ""} for r in rows]

    def insert_group(self, values: dict[str, Any]) -> int:
        """A group of the device's local account (``title``...)."""
        values = dict(values)
        with self.contacts_db() as db:
            account = self._account_id(db, values.pop("account_name", None), values.pop("account_type", None))
            columns = ["account_id", "group_visible", *values]
            cur = db.execute(f"INSERT INTO groups ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                             (account, 1, *values.values()))
        return int(cur.lastrowid or 0)

    def update_group(self, group_id: int, values: dict[str, Any]) -> None:
        with self.contacts_db() as db:
            sets = ", ".join(f"{c} = ?" for c in values)
            db.execute(f"UPDATE groups SET {sets}, version = version + 1 WHERE _id = ?", (*values.values(), group_id))

    def delete_group(self, group_id: int) -> None:
        """``deleteGroup`` for a caller that is not a sync adapter: the group is marked deleted and its membership
        rows go."""
        with self.contacts_db() as db:
            db.execute("UPDATE groups SET deleted = 1, dirty = 1 WHERE _id = ?", (group_id,))
            raws = [r[0] for r in db.execute("SELECT raw_contact_id FROM data WHERE mimetype_id = ? AND data1 = ?",
                                             (self._mimetype_id(db, GROUP_MEMBERSHIP), str(group_id)))]
            db.execute("DELETE FROM data WHERE mimetype_id = ? AND data1 = ?",
                       (self._mimetype_id(db, GROUP_MEMBERSHIP), str(group_id)))
            for raw in raws:
                self._aggregate(db, raw)

    def members(self, group_id: int) -> list[int]:
        """The raw contacts in a group (``GroupMembership`` data rows)."""
        with self.contacts_db() as db:
            return [int(r[0]) for r in db.execute(
                "SELECT d.raw_contact_id FROM data d JOIN mimetypes m ON m._id = d.mimetype_id "
                "WHERE m.mimetype = ? AND d.data1 = ? ORDER BY d._id", (GROUP_MEMBERSHIP, str(group_id)))]

    def add_member(self, raw_id: int, group_id: int) -> None:
        if raw_id not in self.members(group_id):
            self.insert_data({"raw_contact_id": raw_id, "mimetype": GROUP_MEMBERSHIP, "data1": str(group_id)})

    def remove_member(self, raw_id: int, group_id: int) -> None:
        with self.contacts_db() as db:
            db.execute("DELETE FROM data WHERE raw_contact_id = ? AND data1 = ? AND mimetype_id = ?",
                       (raw_id, str(group_id), self._mimetype_id(db, GROUP_MEMBERSHIP)))
            self._aggregate(db, raw_id)

    def join(self, raw_ids: list[int]) -> None:
        """Join raw contacts into the first one's contact (``AggregationExceptions.TYPE_KEEP_TOGETHER``, as
        "Merge" does): their other contact rows are deleted."""
        keep, *others = raw_ids
        with self.contacts_db() as db:
            target = db.execute("SELECT contact_id FROM raw_contacts WHERE _id = ?", (keep,)).fetchone()[0]
            for raw in others:
                old = db.execute("SELECT contact_id FROM raw_contacts WHERE _id = ?", (raw,)).fetchone()[0]
                db.execute("INSERT INTO agg_exceptions (type, raw_contact_id1, raw_contact_id2) VALUES (?, ?, ?)",
                           (KEEP_TOGETHER, min(keep, raw), max(keep, raw)))
                db.execute("UPDATE raw_contacts SET contact_id = ? WHERE _id = ?", (target, raw))
                if old != target:
                    db.execute("DELETE FROM contacts WHERE _id = ?", (old,))
                    db.execute("INSERT OR REPLACE INTO deleted_contacts VALUES (?, ?)", (old, self.now_ms()))

    # -- what the apps read ---------------------------------------------------------------

    def contacts(self) -> list[dict[str, Any]]:
        """Contacts as the list shows them: by name, those without one last."""
        with self.contacts_db() as db:
            rows = db.execute(
                "SELECT c._id, r._id, r.display_name, c.starred, c.lookup, c.has_phone_number FROM contacts c "
                "JOIN raw_contacts r ON r._id = c.name_raw_contact_id WHERE r.deleted = 0 "
                "ORDER BY r.display_name IS NULL, r.sort_key COLLATE NOCASE, c._id").fetchall()
        return [{"contact_id": r[0], "raw_contact_id": r[1], "name": r[2] or "(No name)", "starred": bool(r[3]),
                 "lookup": r[4], "has_phone": bool(r[5])} for r in rows]

    def contact(self, contact_id: int) -> dict[str, Any] | None:
        """One contact with its structured name, phones, emails, company and postal ``addresses`` (when it has any)."""
        found = [c for c in self.contacts() if c["contact_id"] == contact_id]
        if not found:
            return None
        contact = found[0]
        with self.contacts_db() as db:
            rows = db.execute("SELECT d._id, m.mimetype, d.data1, d.data2, d.data3, d.data5 FROM data d "
                              "JOIN mimetypes m ON m._id = d.mimetype_id WHERE d.raw_contact_id = ? ORDER BY d._id",
                              (contact["raw_contact_id"],)).fetchall()
        contact.update(name_id=None, first="", last="", company="", company_id=None, phones=[], emails=[])
        for data_id, mimetype, data1, data2, data3, _data5 in rows:
            if mimetype == NAME and contact["name_id"] is None:
                contact.update(name_id=data_id, first=data2 or "", last=data3 or "")
            elif mimetype == PHONE:
                contact["phones"].append({"id": data_id, "number": data1 or "", "type": int(data2 or 2),
                                          "label": data3})
            elif mimetype == EMAIL:
                contact["emails"].append({"id": data_id, "address": data1 or "", "type": int(data2 or 1)})
            elif mimetype == ORGANIZATION and contact["company_id"] is None:
                contact.update(company_id=data_id, company=data1 or "")
            elif mimetype == POSTAL:  # StructuredPostal: data1 the formatted address, data2 its type
                contact.setdefault("addresses", []).append({"id": data_id, "address": data1 or "",
                                                            "type": int(data2 or 1)})
        return contact

    def lookup_name(self, number: str) -> str | None:
        """The display name of the contact with this number (what the caller-id lookup finds)."""
        key = min_match(number)
        if not key:
            return None
        with self.contacts_db() as db:
            row = db.execute("SELECT r.display_name FROM phone_lookup p JOIN raw_contacts r "
                             "ON r._id = p.raw_contact_id WHERE p.min_match = ? ORDER BY p.data_id LIMIT 1",
                             (key,)).fetchone()
        return row[0] if row else None

    # -- call log --------------------------------------------------------------------------

    def add_call(self, number: str, call_type: int, date_ms: int, duration_s: int, **values: Any) -> int:
        """Append a call the way Telecom's CallLogManager does (caller name cached from the contacts)."""
        row = {"number": number, "date": date_ms, "duration": duration_s, "type": call_type, "new": 1,
               "is_read": 0 if call_type == MISSED else 1, "countryiso": "US",
               "subscription_component_name": TELEPHONY_COMPONENT, "subscription_id": "1",
               "normalized_number": normalize_number(number), "name": self.lookup_name(number),
               "last_modified": self.now_ms(), **values}
        with self.calllog_db() as db:
            cur = db.execute(f"INSERT INTO calls ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                             tuple(row.values()))
        return int(cur.lastrowid or 0)

    def calls(self) -> list[dict[str, Any]]:
        """The call log, newest first."""
        with self.calllog_db() as db:
            rows = db.execute("SELECT _id, number, date, duration, type, name FROM calls ORDER BY date DESC, _id DESC"
                              ).fetchall()
        return [dict(zip(("id", "number", "date", "duration", "type", "name"), r)) for r in rows]


def _complete_name(values: dict[str, Any]) -> dict[str, Any]:
    """Fill in the display name from the parts, or the parts from an unstructured name, as the provider does."""
    values = dict(values)
    parts = [values.get(k) or "" for k in ("data4", "data2", "data5", "data3", "data6")]
    if any(parts):
        values["data1"] = join_name(*parts)[0]
    elif values.get("data1"):
        values["data2"], values["data3"] = (p or None for p in split_name(values["data1"]))
    values.setdefault("data10", "1" if values.get("data1") else None)  # FullNameStyle.WESTERN
    values.setdefault("data11", "0")
    return values


def create_contacts_db(conn: sqlite3.Connection) -> None:
    conn.executescript(CONTACTS_SCHEMA)
    conn.execute("INSERT INTO android_metadata VALUES ('en_US')")
    conn.executemany("INSERT INTO mimetypes (mimetype) VALUES (?)", [(m,) for m in MIMETYPES])


def create_calllog_db(conn: sqlite3.Connection) -> None:
    conn.executescript(CALLLOG_SCHEMA)
    conn.execute("INSERT INTO android_metadata VALUES ('en_US')")


class ContactsProviderApp(App):
    """The provider's package: no activities, only its databases (``pm clear`` resets them)."""

    package = PACKAGE
    label = "Contacts Storage"
    launchable = False
    uid = 10030

    def install(self) -> None:
        with self.db("contacts2.db") as conn:
            create_contacts_db(conn)
        with self.db("calllog.db") as conn:
            create_calllog_db(conn)


# -- the ``content`` shell command ----------------------------------------------------------------

CONTACTS_AUTHORITY = "content://com.android.contacts"

_PHONES_LEGACY = """
SELECT d._id AS _id, r._id AS person, d.is_primary AS isprimary, CAST(d.data2 AS INTEGER) AS type,
  d.data1 AS number, d.data3 AS label, number_key(d.data1) AS number_key, r.display_name AS name,
  r.display_name AS display_name
FROM data d JOIN mimetypes m ON m._id = d.mimetype_id JOIN raw_contacts r ON r._id = d.raw_contact_id
WHERE m.mimetype = 'vnd.android.cursor.item/phone_v2' AND r.deleted = 0"""

_RAW_CONTACTS = """
SELECT r._id AS _id, r.contact_id AS contact_id, a.account_name AS account_name, a.account_type AS account_type,
  a.data_set AS data_set, r.sourceid AS sourceid, r.version AS version, r.dirty AS dirty, r.deleted AS deleted,
  r.display_name AS display_name, r.display_name_alt AS display_name_alt,
  r.display_name_source AS display_name_source, r.phonetic_name AS phonetic_name, r.starred AS starred,
  r.pinned AS pinned, r.sort_key AS sort_key, r.sort_key_alt AS sort_key_alt, r.phonebook_label AS phonebook_label,
  r.custom_ringtone AS custom_ringtone, r.send_to_voicemail AS send_to_voicemail
FROM raw_contacts r LEFT JOIN accounts a ON a._id = r.account_id"""

_CONTACTS = """
SELECT c._id AS _id, r.display_name AS display_name, r.display_name_alt AS display_name_alt,
  r.display_name_source AS display_name_source, r.sort_key AS sort_key, r.phonebook_label AS phonebook_label,
  c.starred AS starred, c.pinned AS pinned, c.has_phone_number AS has_phone_number, c.lookup AS lookup,
  c.name_raw_contact_id AS name_raw_contact_id, c.photo_id AS photo_id, c.custom_ringtone AS custom_ringtone,
  c.send_to_voicemail AS send_to_voicemail, c.times_contacted AS times_contacted,
  c.last_time_contacted AS last_time_contacted, c.contact_last_updated_timestamp AS contact_last_updated_timestamp
FROM contacts c JOIN raw_contacts r ON r._id = c.name_raw_contact_id"""

_DATA = """
SELECT d._id AS _id, d.raw_contact_id AS raw_contact_id, r.contact_id AS contact_id, m.mimetype AS mimetype,
  d.is_primary AS is_primary, d.is_super_primary AS is_super_primary, d.data_version AS data_version,
  """ + ", ".join(f"d.data{i} AS data{i}" for i in range(1, 16)) + """,
  r.display_name AS display_name, r.starred AS starred
FROM data d JOIN mimetypes m ON m._id = d.mimetype_id JOIN raw_contacts r ON r._id = d.raw_contact_id"""

_GROUPS = """
SELECT g._id AS _id, a.account_name AS account_name, a.account_type AS account_type, g.sourceid AS sourceid,
  g.version AS version, g.dirty AS dirty, g.title AS title, g.notes AS notes, g.system_id AS system_id,
  g.deleted AS deleted, g.group_visible AS group_visible, g.should_sync AS should_sync, g.auto_add AS auto_add,
  g.favorites AS favorites, g.group_is_read_only AS group_is_read_only
FROM groups g LEFT JOIN accounts a ON a._id = g.account_id"""

#: URI (without a trailing slash or id) -> (database, base query, default sort order).
QUERIES: dict[str, tuple[str, str, str]] = {
    "content://contacts/phones": ("contacts", _PHONES_LEGACY, "name ASC"),
    f"{CONTACTS_AUTHORITY}/raw_contacts": ("contacts", _RAW_CONTACTS, "_id"),
    f"{CONTACTS_AUTHORITY}/contacts": ("contacts", _CONTACTS, "_id"),
    f"{CONTACTS_AUTHORITY}/data": ("contacts", _DATA, "_id"),
    f"{CONTACTS_AUTHORITY}/data/phones": ("contacts", _DATA + f" WHERE m.mimetype = '{PHONE}'", "_id"),
    f"{CONTACTS_AUTHORITY}/data/emails": ("contacts", _DATA + f" WHERE m.mimetype = '{EMAIL}'", "_id"),
    f"{CONTACTS_AUTHORITY}/groups": ("contacts", _GROUPS, "_id"),
    "content://call_log/calls": ("calllog", "SELECT " + ", ".join(CALL_COLUMNS) + " FROM calls", "date DESC"),
}


def _split_uri(uri: str) -> tuple[str, int | None]:
    uri = uri.rstrip("/")
    m = re.fullmatch(r"(.*?)/(\d+)", uri)
    if m and m.group(1) in QUERIES:
        return m.group(1), int(m.group(2))
    return uri, None


def _cell(value: Any) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bytes):
        return "BLOB"
    return str(value)


def _query(provider: ContactsProvider, opts: dict[str, Any]) -> Result:
    uri, row_id = _split_uri(opts.get("uri", ""))
    if uri not in QUERIES:
        return provider_error(uri, f"java.lang.IllegalArgumentException: Unknown URL {opts.get('uri')}")
    db_name, base, default_sort = QUERIES[uri]
    columns = opts["projection"].replace(",", ":").split(":") if opts.get("projection") else ["*"]
    where = [f"({opts['where']})"] if opts.get("where") else []
    if row_id is not None:
        where.append(f"_id = {row_id}")
    sql = f"SELECT {', '.join(columns)} FROM ({base})"
    sql += (" WHERE " + " AND ".join(where) if where else "") + f" ORDER BY {opts.get('sort') or default_sort}"
    opener = provider.contacts_db if db_name == "contacts" else provider.calllog_db
    try:
        with opener() as db:
            cur = db.execute(sql)
            names = [d[0] for d in cur.description]
            rows = cur.fetchall()
    except sqlite3.Error as e:
        return provider_error(uri, f"android.database.sqlite.SQLiteException: {e} (code 1 SQLITE_ERROR)")
    if not rows:
        return ok("No result found.\n")
    return ok("".join(f"Row: {i} " + ", ".join(f"{n}={_cell(v)}" for n, v in zip(names, row)) + "\n"
                      for i, row in enumerate(rows)))


def _insert(provider: ContactsProvider, opts: dict[str, Any]) -> Result:
    uri, _ = _split_uri(opts.get("uri", ""))
    values = dict(binding(b) for b in opts["bind"])
    if uri == f"{CONTACTS_AUTHORITY}/raw_contacts":
        provider.insert_raw_contact(values)
    elif uri == f"{CONTACTS_AUTHORITY}/data":
        provider.insert_data(values)
    elif uri == f"{CONTACTS_AUTHORITY}/groups":
        provider.insert_group(values)
    elif uri == "content://call_log/calls":
        number = str(values.pop("number", ""))
        provider.add_call(number, int(values.pop("type", INCOMING)), int(values.pop("date", provider.now_ms())),
                          int(values.pop("duration", 0)), **values)
    else:
        return provider_error(uri, f"java.lang.UnsupportedOperationException: Unknown uri: {opts.get('uri')}")
    return ok()


def _matching_ids(provider: ContactsProvider, uri: str, row_id: int | None, where: str | None) -> list[int]:
    db_name, base, _ = QUERIES[uri]
    clauses = [f"({where})"] if where else []
    if row_id is not None:
        clauses.append(f"_id = {row_id}")
    opener = provider.contacts_db if db_name == "contacts" else provider.calllog_db
    with opener() as db:
        sql = f"SELECT _id FROM ({base})" + (" WHERE " + " AND ".join(clauses) if clauses else "")
        return [int(r[0]) for r in db.execute(sql).fetchall()]


def _delete(provider: ContactsProvider, opts: dict[str, Any]) -> Result:
    uri, row_id = _split_uri(opts.get("uri", ""))
    if uri not in QUERIES or uri == "content://contacts/phones":
        return provider_error(uri, f"java.lang.UnsupportedOperationException: Unknown uri: {opts.get('uri')}")
    ids = _matching_ids(provider, uri, row_id, opts.get("where"))
    if uri == "content://call_log/calls":
        with provider.calllog_db() as db:
            db.executemany("DELETE FROM calls WHERE _id = ?", [(i,) for i in ids])
    elif uri.endswith("/raw_contacts"):
        for i in ids:
            provider.delete_raw_contact(i)
    elif uri.endswith("/groups"):
        for i in ids:
            provider.delete_group(i)
    elif uri.endswith("/contacts"):
        with provider.contacts_db() as db:
            raws = [r[0] for i in ids for r in db.execute("SELECT _id FROM raw_contacts WHERE contact_id = ?", (i,))]
        for raw in raws:
            provider.delete_raw_contact(raw)
    else:
        for i in ids:
            provider.delete_data(i)
    return ok()


def _update(provider: ContactsProvider, opts: dict[str, Any]) -> Result:
    uri, row_id = _split_uri(opts.get("uri", ""))
    values = dict(binding(b) for b in opts["bind"])
    if uri not in QUERIES or not values or uri == "content://contacts/phones":
        return provider_error(uri, f"java.lang.UnsupportedOperationException: Unknown uri: {opts.get('uri')}")
    ids = _matching_ids(provider, uri, row_id, opts.get("where"))
    if uri == "content://call_log/calls":
        with provider.calllog_db() as db:
            sets = ", ".join(f"{c} = ?" for c in values)
            db.executemany(f"UPDATE calls SET {sets} WHERE _id = ?", [(*values.values(), i) for i in ids])
    elif uri.endswith("/data") or uri.endswith("/phones") or uri.endswith("/emails"):
        for i in ids:
            provider.update_data(i, values)
    elif uri.endswith("/groups") and set(values) <= {"title", "notes", "group_visible"}:
        for i in ids:
            provider.update_group(i, values)
    elif uri.endswith("/raw_contacts") and set(values) <= {"starred"}:
        for i in ids:
            provider.set_starred(i, bool(values["starred"]))
    else:
        return provider_error(uri, f"java.lang.IllegalArgumentException: Cannot update {sorted(values)} of {uri}")
    return ok()


@content_provider("contacts", "com.android.contacts", "call_log")
def _content(sh: Shell, verb: str, opts: dict[str, Any]) -> Result:
    verbs = {"query": _query, "insert": _insert, "delete": _delete, "update": _update}
    try:
        out = verbs[verb](ContactsProvider(sh.system), opts)
    except (ValueError, KeyError, sqlite3.Error) as e:
        return provider_error(opts["uri"], f"java.lang.IllegalArgumentException: {e}")
    sh.system.invalidate()
    return out


# -- SettingsProvider: content://settings/{system,secure,global} -------------------------------------------------

#: ``SettingsProvider.Arguments``: the where clauses it takes (``name=?`` with one argument, or ``name='x'``).
_SETTINGS_WHERE = re.compile(r"\s*\(?\s*name\s*=\s*(?:\?|(['\"])(.*)\1)\s*\)?\s*")
SETTINGS_COLUMNS = ("_id", "name", "value")


def _settings_target(uri: str, where: str | None, args: list[str]) -> tuple[str, str | None]:
    """(namespace, one setting's name or None for all) of a settings URI and where clause, or ValueError with
    SettingsProvider's message."""
    parts = uri.split("://", 1)[-1].split("/")
    if len(parts) < 2 or parts[1] not in ("system", "secure", "global"):
        raise ValueError(f"java.lang.IllegalArgumentException: Bad root path: {parts[1] if len(parts) > 1 else ''}")
    namespace, name = parts[1], (parts[2] if len(parts) > 2 and parts[2] else None)
    if name is None and where:
        m = _SETTINGS_WHERE.fullmatch(where)
        if m is None or (m.group(2) is None and not args):
            raise ValueError("java.lang.IllegalArgumentException: Supported SQL:\n  uri content://some_table/"
                             "some_property with null where and where args\n  uri content://some_table with query "
                             "name=? and single name as arg\n  uri content://some_table with query name=some_name and "
                             f"null args\n  but got - uri:{uri}, where:{where} whereArgs:null")
        name = m.group(2) if m.group(2) is not None else args[0]
    return namespace, name


def _settings_rows(sh: Shell, namespace: str, name: str | None, projection: list[str]) -> list[list[tuple[str, Any]]]:
    values = sh.system.settings.values[namespace]
    ids = {key: i + 1 for i, key in enumerate(values)}
    names = [name] if name is not None else sorted(values)
    rows = []
    for key in names:
        if key not in values:
            continue
        row = {"_id": ids[key], "name": key, "value": values[key]}
        rows.append([(c, row[c]) for c in projection])
    return rows


@content_provider("settings")
def _settings_content(sh: Shell, verb: str, opts: dict[str, Any]) -> Result:
    """``content query|insert|update|delete --uri content://settings/NAMESPACE[/NAME]`` (AOSP
    ``packages/providers/SettingsProvider/src/com/android/providers/settings/SettingsProvider.java``): rows
    ``_id``, ``name``, ``value``; the where clause only as SettingsProvider takes it (``name='x'``)."""
    uri = opts["uri"]
    try:
        namespace, name = _settings_target(uri, opts.get("where"), [])
        if verb == "query":
            projection = opts["projection"].replace(",", ":").split(":") if opts.get("projection") else \
                list(SETTINGS_COLUMNS)
            bad = [c for c in projection if c not in SETTINGS_COLUMNS]
            if bad:
                raise ValueError(f"java.lang.IllegalArgumentException: Invalid column: {bad[0]}")
            rows = _settings_rows(sh, namespace, name, projection)
            if not rows:
                return ok("No result found.\n")
            return ok("".join(f"Row: {i} " + ", ".join(f"{c}={_cell(v)}" for c, v in row) + "\n"
                              for i, row in enumerate(rows)))
        values = dict(binding(b) for b in opts["bind"])
        if verb == "insert":
            if "name" not in values:
                raise ValueError("java.lang.IllegalArgumentException: Name must be provided")
            settings_put(sh, namespace, str(values["name"]), _setting_text(values.get("value")))
        elif verb == "update":
            target = name if name is not None else values.get("name")
            if target is None:
                raise ValueError("java.lang.IllegalArgumentException: Name must be provided")
            settings_put(sh, namespace, str(target), _setting_text(values.get("value")))
        elif name is not None:  # delete
            sh.system.settings.delete(namespace, name)
            sh.system.invalidate()
        else:
            raise ValueError(f"java.lang.IllegalArgumentException: Cannot delete all of {namespace}")
    except ValueError as e:
        return provider_error(uri, str(e))
    return ok()


def _setting_text(value: Any) -> str:
    return "null" if value is None else str(value)


# -- MediaProvider: content://media/external/... -------------------------------------------------------------------

MEDIA_COLUMNS = ("_id", "_data", "_display_name", "title", "mime_type", "size", "date_added", "date_modified",
                 "relative_path", "bucket_display_name", "is_download", "media_type", "duration")
#: ``MediaStore.Files.FileColumns.MEDIA_TYPE_*``.
MEDIA_TYPES = {"image": 1, "audio": 2, "video": 3}
#: The collections of ``MediaStore`` under a volume, by the path after ``content://media/VOLUME/``.
MEDIA_COLLECTIONS = {"file": "", "files": "", "downloads": "is_download = 1", "images/media": "media_type = 1",
                     "audio/media": "media_type = 2", "video/media": "media_type = 3"}
PRIMARY = "/storage/emulated/0"


def _mime(path: str) -> str | None:
    import mimetypes

    return mimetypes.guess_type(path)[0]


def media_ids(system: Any) -> dict[str, int]:
    """The MediaStore ``_id`` of each file it has seen: given once, in the order files are first seen, kept on
    the system object (snapshots copy it), as MediaProvider's ``files`` table keeps its rows."""
    found: dict[str, int] | None = vars(system).get("media_ids")
    if found is None:
        found = {}
        system.media_ids = found
    return found


def media_rows(system: Any) -> list[dict[str, Any]]:
    """A row per file on shared storage (``Android/`` and hidden folders are not scanned, as MediaProvider skips
    them since Android 11)."""
    fs, ids = system.fs, media_ids(system)
    rows = []
    for path in fs.walk_files(PRIMARY):
        relative = path[len(PRIMARY) + 1:]
        if relative.startswith("Android/") or any(p.startswith(".") for p in relative.split("/")):
            continue
        if path not in ids:
            ids[path] = max(ids.values(), default=999) + 1
        st = fs.stat(path)
        mime = _mime(path)
        folder = relative.rsplit("/", 1)[0] + "/" if "/" in relative else ""
        name = relative.rsplit("/", 1)[-1]
        rows.append({"_id": ids[path], "_data": path, "_display_name": name, "title": name.rsplit(".", 1)[0],
                     "mime_type": mime, "size": st.st_size if st else 0,
                     "date_added": int(st.st_mtime) if st else 0, "date_modified": int(st.st_mtime) if st else 0,
                     "relative_path": folder, "bucket_display_name": folder.rstrip("/").rsplit("/", 1)[-1] or None,
                     "is_download": int(relative.startswith("Download/")),
                     "media_type": MEDIA_TYPES.get((mime or "").split("/")[0], 0),
                     "duration": _duration_ms(fs, path, mime)})
    return sorted(rows, key=lambda r: r["_id"])


def _duration_ms(fs: Any, path: str, mime: str | None) -> int | None:
    """MediaColumns.DURATION: what the media scanner reads from an audio or video file (ModernMediaScanner takes
    MediaMetadataRetriever's METADATA_KEY_DURATION), measured from the file itself; NULL for other files."""
    if mime == "audio/mpeg":
        ms = mp3_duration_ms(fs.read(path))
    elif mime == "video/mp4":
        ms = mp4_duration_ms(fs.read(path))
    else:
        return None
    return ms if ms >= 0 else None


def _media_select(system: Any, collection: str, row_id: int | None, opts: dict[str, Any],
                  columns: list[str]) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Rows of ``collection`` matching the where clause, evaluated by SQLite as MediaProvider's is."""
    db = sqlite3.connect(":memory:")
    try:
        db.execute(f"CREATE TABLE files ({', '.join(MEDIA_COLUMNS)})")
        db.executemany(f"INSERT INTO files VALUES ({', '.join('?' for _ in MEDIA_COLUMNS)})",
                       [tuple(r[c] for c in MEDIA_COLUMNS) for r in media_rows(system)])
        clauses = [c for c in (MEDIA_COLLECTIONS[collection], opts.get("where")) if c]
        if row_id is not None:
            clauses.append(f"_id = {row_id}")
        sql = f"SELECT {', '.join(columns)} FROM files" + (" WHERE " + " AND ".join(f"({c})" for c in clauses)
                                                            if clauses else "")
        sql += f" ORDER BY {opts.get('sort') or '_id'}"
        cur = db.execute(sql)
        return [d[0] for d in cur.description], cur.fetchall()
    finally:
        db.close()


def _media_uri(uri: str) -> tuple[str, int | None]:
    path = uri.split("://", 1)[-1].split("/", 1)[-1].strip("/")  # after "media/"
    volume, _, rest = path.partition("/")
    if volume not in ("external", "external_primary"):
        raise ValueError(f"java.lang.IllegalArgumentException: Volume {volume} not found")
    m = re.fullmatch(r"(.*?)(?:/(\d+))?", rest)
    assert m is not None
    collection, row_id = m.group(1), m.group(2)
    if collection not in MEDIA_COLLECTIONS:
        raise ValueError(f"java.lang.UnsupportedOperationException: Unknown or unsupported URL: {uri}")
    return collection, int(row_id) if row_id else None


@content_provider("media")
def _media_content(sh: Shell, verb: str, opts: dict[str, Any]) -> Result:
    """``content query|delete --uri content://media/external/{file,downloads,images/media,...}[/ID]``
    (``packages/providers/MediaProvider``): the files on shared storage with MediaStore's columns; a delete
    removes the files, as MediaProvider does with the rows it deletes. Inserting and updating rows are not
    simulated (files are made by writing them)."""
    uri = opts["uri"]
    try:
        collection, row_id = _media_uri(uri)
        if verb == "query":
            columns = opts["projection"].replace(",", ":").split(":") if opts.get("projection") else \
                list(MEDIA_COLUMNS)
            names, rows = _media_select(sh.system, collection, row_id, opts, columns)
            if not rows:
                return ok("No result found.\n")
            return ok("".join(f"Row: {i} " + ", ".join(f"{n}={_cell(v)}" for n, v in zip(names, row)) + "\n"
                              for i, row in enumerate(rows)))
        if verb == "delete":
            _, rows = _media_select(sh.system, collection, row_id, opts, ["_data"])
            for (path,) in rows:
                sh.device.remove(path)
                media_ids(sh.system).pop(path, None)
            return ok()
        raise ValueError(f"java.lang.UnsupportedOperationException: {verb} of {uri} is not simulated")
    except sqlite3.Error as e:
        return provider_error(uri, f"android.database.sqlite.SQLiteException: {e} (code 1 SQLITE_ERROR)")
    except ValueError as e:
        return provider_error(uri, str(e))
