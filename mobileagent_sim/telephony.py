"""The telephony provider (``com.android.providers.telephony``): SMS storage, threads, and the modem.

State lives where Android 13 keeps it: ``mmssms.db`` under
``/data/data/com.android.providers.telephony/databases``, with the tables of
``MmsSmsDatabaseHelper`` at database version 67 (``sms``, ``raw``,
``attachments``, ``sr_pending``, ``canonical_addresses``, ``threads``,
``pending_msgs``, ``pdu``, ``addr``, ``part``, ``rate``, ``drm`` and the
restricted views) and its triggers that keep a thread's date, snippet, message
count and read flag in step with its messages. Apps reach it through
:class:`TelephonyProvider` (their ContentResolver); tasks and validators reach
it with the ``content`` shell command (``content://sms/...``,
``content://mms-sms/conversations``), as AndroidWorld's SMS validators do.

The modem: :func:`deliver_sms` is what the emulator does for ``adb emu sms send
<number> <text>`` (the radio logs the new SMS and the default SMS app's
receiver stores it); task setup sends it through the emulator console
(``Device.console``), as AndroidWorld does; a phone's shell has no ``emu``.
:func:`send_sms` is SmsManager: it logs what the SMS dispatcher logs and reports the radio's result (the radio is off in
airplane mode).

Simplifications: the thread triggers stamp a thread with the message's own
``date`` where AOSP uses SQLite's ``now`` (here that would be the host's clock,
not the device's); addresses are matched as ``PHONE_NUMBERS_EQUAL`` does for
North American numbers (the last ten digits); the ``words`` full-text index and
MMS parts are not maintained.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

import mobileagent_sim.services as services
from mobileagent_sim.app import App
from mobileagent_sim.framework import binding, content_provider, provider_error
from mobileagent_sim.shell import Result, Shell, ok
from pytest_mobileagent.android import blocked_numbers
from pytest_mobileagent.android.telephony import (
    ALL,
    BOXES,
    DEFAULT_SMS_APP_KEY,
    DRAFT,
    INBOX,
    MMSSMS_DB,
    PACKAGE,
)

if TYPE_CHECKING:
    from mobileagent_sim.system import System


#: The emulator's one SIM subscription.
SUB_ID = 1
#: ``SmsManager`` send results: RESULT_OK (Activity.RESULT_OK) and RESULT_ERROR_RADIO_OFF.
RESULT_OK, RESULT_ERROR_RADIO_OFF = -1, 2
SHELL_PACKAGE = "com.android.shell"

#: Columns of the ``sms`` table, in table order (what ``content query`` prints without a projection).
SMS_COLUMNS = ("_id", "thread_id", "address", "person", "date", "date_sent", "protocol", "read", "status", "type",
               "reply_path_present", "subject", "body", "service_center", "locked", "sub_id", "error_code",
               "creator", "seen")
THREAD_COLUMNS = ("_id", "date", "message_count", "recipient_ids", "snippet", "snippet_cs", "read", "archived",
                  "type", "error", "has_attachment")

_COUNT_ON_NEW = """
  UPDATE threads SET message_count =
     (SELECT COUNT(sms._id) FROM sms LEFT JOIN threads ON threads._id = thread_id
      WHERE thread_id = new.thread_id AND sms.type != 3) +
     (SELECT COUNT(pdu._id) FROM pdu LEFT JOIN threads ON threads._id = thread_id
      WHERE thread_id = new.thread_id AND (m_type=132 OR m_type=130 OR m_type=128) AND msg_box != 3)
  WHERE threads._id = new.thread_id;"""
_READ_ON_UPDATE = """
  UPDATE threads SET read =
    CASE (SELECT COUNT(*) FROM sms WHERE read = 0 AND thread_id = threads._id) WHEN 0 THEN 1 ELSE 0 END
  WHERE threads._id = new.thread_id;"""
# AOSP sets ``date = (strftime('%s','now') * 1000)``: the message's date is the device-clock equivalent.
_DATE_SNIPPET_COUNT = ("BEGIN UPDATE threads SET date = new.date, snippet = new.body, snippet_cs = 0 "
                       "WHERE threads._id = new.thread_id;" + _COUNT_ON_NEW + _READ_ON_UPDATE + " END;")

SCHEMA = f"""
CREATE TABLE android_metadata (locale TEXT);
CREATE TABLE sms (_id INTEGER PRIMARY KEY,thread_id INTEGER,address TEXT,person INTEGER,date INTEGER,
  date_sent INTEGER DEFAULT 0,protocol INTEGER,read INTEGER DEFAULT 0,status INTEGER DEFAULT -1,type INTEGER,
  reply_path_present INTEGER,subject TEXT,body TEXT,service_center TEXT,locked INTEGER DEFAULT 0,
  sub_id INTEGER DEFAULT -1, error_code INTEGER DEFAULT -1, creator TEXT,seen INTEGER DEFAULT 0);
CREATE TABLE raw (_id INTEGER PRIMARY KEY,date INTEGER,reference_number INTEGER,count INTEGER,sequence INTEGER,
  destination_port INTEGER,address TEXT,sub_id INTEGER DEFAULT -1, pdu TEXT,deleted INTEGER DEFAULT 0,
  message_body TEXT,display_originating_addr TEXT);
CREATE TABLE attachments (sms_id INTEGER,content_url TEXT,offset INTEGER);
CREATE TABLE sr_pending (reference_number INTEGER,action TEXT,data TEXT);
CREATE VIEW sms_restricted AS SELECT * FROM sms WHERE type=1 OR type=2;
CREATE TABLE canonical_addresses (_id INTEGER PRIMARY KEY AUTOINCREMENT,address TEXT);
CREATE TABLE threads (_id INTEGER PRIMARY KEY AUTOINCREMENT,date INTEGER DEFAULT 0,message_count INTEGER DEFAULT 0,
  recipient_ids TEXT,snippet TEXT,snippet_cs INTEGER DEFAULT 0,read INTEGER DEFAULT 1,archived INTEGER DEFAULT 0,
  type INTEGER DEFAULT 0,error INTEGER DEFAULT 0,has_attachment INTEGER DEFAULT 0);
CREATE TABLE pending_msgs (_id INTEGER PRIMARY KEY,proto_type INTEGER,msg_id INTEGER,msg_type INTEGER,
  err_type INTEGER,err_code INTEGER,retry_index INTEGER NOT NULL DEFAULT 0,due_time INTEGER,
  pending_sub_id INTEGER DEFAULT -1, last_try INTEGER);
CREATE TABLE pdu (_id INTEGER PRIMARY KEY AUTOINCREMENT,thread_id INTEGER,date INTEGER,date_sent INTEGER DEFAULT 0,
  msg_box INTEGER,read INTEGER DEFAULT 0,m_id TEXT,sub TEXT,sub_cs INTEGER,ct_t TEXT,ct_l TEXT,exp INTEGER,
  m_cls TEXT,m_type INTEGER,v INTEGER,m_size INTEGER,pri INTEGER,rr INTEGER,rpt_a INTEGER,resp_st INTEGER,
  st INTEGER,tr_id TEXT,retr_st INTEGER,retr_txt TEXT,retr_txt_cs INTEGER,read_status INTEGER,ct_cls INTEGER,
  resp_txt TEXT,d_tm INTEGER,d_rpt INTEGER,locked INTEGER DEFAULT 0,sub_id INTEGER DEFAULT -1, seen INTEGER DEFAULT 0,
  creator TEXT,text_only INTEGER DEFAULT 0);
CREATE TABLE addr (_id INTEGER PRIMARY KEY,msg_id INTEGER,contact_id INTEGER,address TEXT,type INTEGER,
  charset INTEGER);
CREATE TABLE part (_id INTEGER PRIMARY KEY AUTOINCREMENT,mid INTEGER,seq INTEGER DEFAULT 0,ct TEXT,name TEXT,
  chset INTEGER,cd TEXT,fn TEXT,cid TEXT,cl TEXT,ctt_s INTEGER,ctt_t TEXT,_data TEXT,text TEXT);
CREATE TABLE rate (sent_time INTEGER);
CREATE TABLE drm (_id INTEGER PRIMARY KEY,_data TEXT);
CREATE VIEW pdu_restricted AS SELECT * FROM pdu WHERE (msg_box=1 OR msg_box=2) AND (m_type!=130);
CREATE TRIGGER sms_update_thread_on_insert AFTER INSERT ON sms {_DATE_SNIPPET_COUNT}
CREATE TRIGGER sms_update_thread_date_subject_on_update AFTER  UPDATE OF date, body, type  ON sms
  {_DATE_SNIPPET_COUNT}
CREATE TRIGGER sms_update_thread_read_on_update AFTER  UPDATE OF read  ON sms BEGIN {_READ_ON_UPDATE} END;
"""


# -- addresses -----------------------------------------------------------------------------------


def digits(number: str) -> str:
    return re.sub(r"\D", "", number or "")


def same_address(a: str, b: str) -> bool:
    """``PHONE_NUMBERS_EQUAL`` for the numbers a US phone sees: the same last ten digits (or all of a shorter
    number); alphanumeric senders compare case-insensitively."""
    da, db = digits(a), digits(b)
    if not da or not db or re.search(r"[A-Za-z]", a + b):
        return a.strip().lower() == b.strip().lower()
    if len(da) >= 10 and len(db) >= 10:
        return da[-10:] == db[-10:]
    return da == db


def normalize_number(number: str) -> str:
    """``PhoneNumberUtils.normalizeNumber``: dial characters only, a leading ``+`` kept."""
    number = number.strip()
    return ("+" if number.startswith("+") else "") + re.sub(r"[^0-9*#]", "", number)


# -- the provider ----------------------------------------------------------------------------------


def create_mmssms_db(conn: sqlite3.Connection) -> None:
    conn.executescript(SCHEMA)
    conn.execute("INSERT INTO android_metadata VALUES ('en_US')")


class TelephonyProvider:
    """The ContentResolver view of ``content://sms`` and ``content://mms-sms`` over the device's ``mmssms.db``.

    Each call opens the database, so the provider holds no state and a snapshot
    of the files is a snapshot of the messages.
    """

    def __init__(self, system: System):
        self.system = system

    @contextmanager
    def db(self) -> Iterator[sqlite3.Connection]:
        with self.system.fs.sqlite(MMSSMS_DB) as conn:
            if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'sms'").fetchone():
                create_mmssms_db(conn)
            yield conn

    def now_ms(self) -> int:
        return self.system.clock.millis()

    # -- threads ---------------------------------------------------------------------------

    def thread_id_for(self, addresses: list[str]) -> int:
        """``Threads.getOrCreateThreadId``: the thread of exactly these recipients, created if needed."""
        with self.db() as db:
            ids = sorted({self._address_id(db, a) for a in addresses if a.strip()})
            recipients = " ".join(str(i) for i in ids)
            row = db.execute("SELECT _id FROM threads WHERE recipient_ids = ?", (recipients,)).fetchone()
            if row:
                return int(row[0])
            cur = db.execute("INSERT INTO threads (date, message_count, recipient_ids, type) VALUES (?, 0, ?, ?)",
                             (self.now_ms(), recipients, 0 if len(ids) <= 1 else 1))
            return int(cur.lastrowid or 0)

    def _address_id(self, db: sqlite3.Connection, address: str) -> int:
        for row_id, known in db.execute("SELECT _id, address FROM canonical_addresses ORDER BY _id"):
            if same_address(known or "", address):
                return int(row_id)
        return int(db.execute("INSERT INTO canonical_addresses (address) VALUES (?)", (address,)).lastrowid or 0)

    def recipients(self, thread_id: int) -> list[str]:
        """The addresses of a thread's recipients."""
        with self.db() as db:
            row = db.execute("SELECT recipient_ids FROM threads WHERE _id = ?", (thread_id,)).fetchone()
            if row is None:
                row = db.execute("SELECT address FROM sms WHERE thread_id = ? ORDER BY date DESC LIMIT 1",
                                 (thread_id,)).fetchone()
                return [row[0]] if row and row[0] else []
            ids = [int(i) for i in (row[0] or "").split() if i.isdigit()]
            found = dict(db.execute(f"SELECT _id, address FROM canonical_addresses WHERE _id IN "
                                    f"({', '.join('?' * len(ids))})", ids).fetchall()) if ids else {}
        return [found[i] for i in ids if i in found]

    def conversations(self) -> list[dict[str, Any]]:
        """Threads with messages, newest first (``Threads.CONTENT_URI?simple=true``, ``message_count > 0``)."""
        with self.db() as db:
            rows = db.execute("SELECT _id, date, snippet, read, archived FROM threads WHERE message_count > 0 "
                              "ORDER BY date DESC, _id DESC").fetchall()
        return [{"thread_id": r[0], "date": r[1], "snippet": r[2] or "", "read": bool(r[3]), "archived": bool(r[4]),
                 "addresses": self.recipients(r[0])} for r in rows]

    def update_threads(self) -> None:
        """``MmsSmsDatabaseHelper.updateThreads``: drop empty threads, recount, re-date and re-snippet the rest."""
        with self.db() as db:
            db.execute("DELETE FROM threads WHERE _id NOT IN (SELECT DISTINCT thread_id FROM sms WHERE thread_id "
                       "IS NOT NULL UNION SELECT DISTINCT thread_id FROM pdu WHERE thread_id IS NOT NULL)")
            db.execute("UPDATE threads SET message_count = (SELECT COUNT(_id) FROM sms WHERE thread_id = threads._id "
                       "AND type != 3) + (SELECT COUNT(_id) FROM pdu WHERE thread_id = threads._id AND "
                       "(m_type=132 OR m_type=130 OR m_type=128) AND msg_box != 3)")
            db.execute("UPDATE threads SET date = (SELECT date FROM sms WHERE thread_id = threads._id ORDER BY date "
                       "DESC LIMIT 1), snippet = (SELECT body FROM sms WHERE thread_id = threads._id ORDER BY date "
                       "DESC LIMIT 1), snippet_cs = 0 WHERE EXISTS (SELECT 1 FROM sms WHERE thread_id = threads._id)")
            db.execute("UPDATE threads SET read = CASE (SELECT COUNT(*) FROM sms WHERE read = 0 AND "
                       "thread_id = threads._id) WHEN 0 THEN 1 ELSE 0 END")

    # -- messages --------------------------------------------------------------------------

    def insert_sms(self, values: dict[str, Any], box: int = ALL, creator: str = SHELL_PACKAGE) -> int:
        """``SmsProvider.insert``: fill in date, type, thread and creator; mark non-inbox messages read."""
        values = dict(values)
        kind = int(values.get("type") or box or INBOX)
        values["type"] = kind
        values.setdefault("date", self.now_ms())
        if not values.get("thread_id") and values.get("address"):
            values["thread_id"] = self.thread_id_for([str(values["address"])])
        if kind != INBOX:
            values["read"] = 1
        values.setdefault("creator", creator)
        unknown = set(values) - set(SMS_COLUMNS)
        if unknown:
            raise ValueError(f"table sms has no column named {sorted(unknown)[0]}")
        with self.db() as db:
            if kind == DRAFT:  # one draft per thread
                db.execute("DELETE FROM sms WHERE thread_id = ? AND type = 3", (values.get("thread_id"),))
            cur = db.execute(f"INSERT INTO sms ({', '.join(values)}) VALUES ({', '.join('?' * len(values))})",
                             tuple(values.values()))
        return int(cur.lastrowid or 0)

    def update_sms(self, where: str, params: tuple[Any, ...], values: dict[str, Any]) -> int:
        unknown = set(values) - set(SMS_COLUMNS)
        if unknown:
            raise ValueError(f"no such column: {sorted(unknown)[0]}")
        with self.db() as db:
            sets = ", ".join(f"{c} = ?" for c in values)
            cur = db.execute(f"UPDATE sms SET {sets} WHERE {where}", (*values.values(), *params))
        return cur.rowcount

    def delete_sms(self, where: str, params: tuple[Any, ...] = ()) -> int:
        with self.db() as db:
            cur = db.execute(f"DELETE FROM sms WHERE {where}", params)
        self.update_threads()
        return cur.rowcount

    def messages(self, thread_id: int) -> list[dict[str, Any]]:
        """A thread's messages, oldest first, drafts excluded."""
        with self.db() as db:
            rows = db.execute("SELECT _id, address, date, type, body, read, status FROM sms WHERE thread_id = ? "
                              "AND type != 3 ORDER BY date, _id", (thread_id,)).fetchall()
        return [dict(zip(("id", "address", "date", "type", "body", "read", "status"), r)) for r in rows]

    def draft(self, thread_id: int) -> str | None:
        with self.db() as db:
            row = db.execute("SELECT body FROM sms WHERE thread_id = ? AND type = 3", (thread_id,)).fetchone()
        return row[0] if row else None

    def drafts(self) -> dict[int, str]:
        with self.db() as db:
            return {int(t): b or "" for t, b in db.execute("SELECT thread_id, body FROM sms WHERE type = 3")}

    def mark_thread_read(self, thread_id: int) -> None:
        """What an SMS app does when a thread is opened: its messages become read and seen."""
        self.update_sms("thread_id = ? AND (read = 0 OR seen = 0)", (thread_id,), {"read": 1, "seen": 1})


# -- the modem ----------------------------------------------------------------------------------------


def _radio_log(system: System, tag: str, message: str) -> None:
    system.log(tag, message, level="D", pid=services.PHONE_PID, tid=services.PHONE_PID + 37)


def default_sms_app(system: System) -> App | None:
    app = system.apps.get(system.settings.get("secure", DEFAULT_SMS_APP_KEY) or "")
    return app if app is not None and hasattr(app, "receive_sms") else None


def deliver_sms(system: System, address: str, body: str) -> bool:
    """An SMS arrives from the network (``adb emu sms send``): the radio logs it and hands it to the default SMS
    app, whose receiver stores it. False if no default SMS app took it (the message is then not stored)."""
    _radio_log(system, "RILJ", "[UNSL]< UNSOL_RESPONSE_NEW_SMS [PHONE0]")
    _radio_log(system, "GsmInboundSmsHandler", "IdleState.processMessage: processing EVENT_NEW_SMS")
    _radio_log(system, "GsmInboundSmsHandler", "DeliveringState.processMessage: processing EVENT_NEW_SMS")
    app = default_sms_app(system)
    if app is None:
        return False
    app.receive_sms(address, body)  # type: ignore[attr-defined]
    _radio_log(system, "GsmInboundSmsHandler", "successful broadcast, deleting from raw table.")
    system.invalidate()
    return True


def send_sms(system: System, address: str, message_id: int) -> int:
    """``SmsManager.sendMultipartTextMessage``: the SMS dispatcher logs the send; the radio's result comes back
    (``RESULT_ERROR_RADIO_OFF`` in airplane mode, else ``RESULT_OK``)."""
    if system.settings.get("global", "airplane_mode_on") == "1":
        _radio_log(system, "GsmSMSDispatcher", "sendSms: radio is off, failing with RESULT_ERROR_RADIO_OFF")
        return RESULT_ERROR_RADIO_OFF
    _radio_log(system, "GsmSMSDispatcher", f"sendSms:  isIms()=false mRetryCount=0 mImsRetry=0 "
                                           f"mMessageRef={message_id % 256} mUsesImsServiceForIms=false SS=0 "
                                           f"id={message_id}")
    return RESULT_OK


# -- the ``content`` shell command -------------------------------------------------------------------

_SMS_URI = re.compile(r"content://sms(?:/(inbox|sent|draft|outbox|failed|queued))?(?:/(\d+))?/?")
_MMS_SMS_URI = re.compile(r"content://mms-sms/(conversations|canonical-addresses)(?:/(\d+))?/?(?:\?.*)?")


def _cell(value: Any) -> str:
    if value is None:
        return "NULL"
    return "BLOB" if isinstance(value, bytes) else str(value)


def _sms_scope(uri: str) -> tuple[int, str, tuple[Any, ...]] | None:
    """(box type, WHERE clause, params) of an ``content://sms`` URI, or None if it is not one."""
    m = _SMS_URI.fullmatch(uri)
    if not m:
        return None
    box = BOXES.get(m.group(1) or "", ALL)
    clauses, params = [], []
    if box:
        clauses.append("type = ?")
        params.append(box)
    if m.group(2):
        clauses.append("_id = ?")
        params.append(int(m.group(2)))
    return box, " AND ".join(clauses) or "1", tuple(params)


def _rows(names: list[str], rows: list[tuple[Any, ...]]) -> Result:
    if not rows:
        return ok("No result found.\n")
    return ok("".join(f"Row: {i} " + ", ".join(f"{n}={_cell(v)}" for n, v in zip(names, row)) + "\n"
                      for i, row in enumerate(rows)))


def _thread_id(provider: TelephonyProvider, uri: str) -> Result | None:
    """``content://mms-sms/threadID?recipient=A&recipient=B`` (``Threads.getOrCreateThreadId``): the thread of
    exactly these recipients, created if needed, as one ``_id`` row; None for another URI."""
    m = re.fullmatch(r"content://mms-sms/threadID\?(.*)", uri)
    if not m:
        return None
    recipients = [unquote(v) for k, v in (p.partition("=")[::2] for p in m.group(1).split("&")) if k == "recipient"]
    if not recipients:
        return provider_error(uri, "java.lang.IllegalArgumentException: no recipient")
    return _rows(["_id"], [(provider.thread_id_for(recipients),)])


def _query(provider: TelephonyProvider, opts: dict[str, Any]) -> Result:
    uri = opts["uri"]
    if (found := _thread_id(provider, uri)) is not None:
        return found
    columns = opts["projection"].replace(",", ":").split(":") if opts.get("projection") else ["*"]
    scope = _sms_scope(uri)
    if scope is not None:
        _, where, params = scope
        # SmsProvider.query orders by Telephony.Sms.DEFAULT_SORT_ORDER ("date DESC") when the caller gives no sort
        # (packages/providers/TelephonyProvider SmsProvider.java): AndroidWorld reads the newest sent message first
        table, sort = "sms", opts.get("sort") or "date DESC"
    else:
        m = _MMS_SMS_URI.fullmatch(uri)
        if not m:
            return provider_error(uri, f"java.lang.IllegalArgumentException: Unknown URL {uri}")
        table = "threads" if m.group(1) == "conversations" else "canonical_addresses"
        where, params = ("_id = ?", (int(m.group(2)),)) if m.group(2) else ("1", ())
        sort = opts.get("sort") or ("date DESC" if table == "threads" else "_id")
    if opts.get("where"):
        where = f"({where}) AND ({opts['where']})"
    with provider.db() as db:
        cur = db.execute(f"SELECT {', '.join(columns)} FROM {table} WHERE {where} ORDER BY {sort}", params)
        names = [d[0] for d in cur.description]
        return _rows(names, cur.fetchall())


def _insert(provider: TelephonyProvider, opts: dict[str, Any]) -> Result:
    scope = _sms_scope(opts["uri"])
    if scope is None or re.search(r"/\d+/?$", opts["uri"]):  # rows are inserted into a box, not at an id
        return provider_error(opts["uri"], f"java.lang.UnsupportedOperationException: Unknown uri: {opts['uri']}")
    provider.insert_sms(dict(binding(b) for b in opts["bind"]), box=scope[0])
    return ok()


def _update(provider: TelephonyProvider, opts: dict[str, Any]) -> Result:
    scope = _sms_scope(opts["uri"])
    values = dict(binding(b) for b in opts["bind"])
    if scope is None or not values:
        return provider_error(opts["uri"], f"java.lang.UnsupportedOperationException: URI: {opts['uri']} not "
                                           "supported")
    where = scope[1] + (f" AND ({opts['where']})" if opts.get("where") else "")
    provider.update_sms(where, scope[2], values)
    return ok()


def _delete(provider: TelephonyProvider, opts: dict[str, Any]) -> Result:
    scope = _sms_scope(opts["uri"])
    if scope is None:
        return provider_error(opts["uri"], f"java.lang.IllegalArgumentException: Unknown URL {opts['uri']}")
    provider.delete_sms(scope[1] + (f" AND ({opts['where']})" if opts.get("where") else ""), scope[2])
    return ok()


@content_provider("sms", "mms-sms")
def _content(sh: Shell, verb: str, opts: dict[str, Any]) -> Result:
    verbs = {"query": _query, "insert": _insert, "update": _update, "delete": _delete}
    try:
        out = verbs[verb](TelephonyProvider(sh.system), opts)
    except sqlite3.Error as e:
        return provider_error(opts["uri"], f"android.database.sqlite.SQLiteException: {e} (code 1 SQLITE_ERROR)")
    except (ValueError, KeyError) as e:
        return provider_error(opts["uri"], f"java.lang.IllegalArgumentException: {e}")
    sh.system.invalidate()
    return out


class TelephonyProviderApp(App):
    """The provider's package (it runs in the phone process): no activities, only ``mmssms.db``."""

    package = PACKAGE
    label = "Phone and Messaging Storage"
    launchable = False
    uid = 1001  # android.uid.phone

    def install(self) -> None:
        with self.db("mmssms.db") as conn:
            create_mmssms_db(conn)


class BlockedNumberProviderApp(App):
    """``com.android.providers.blockednumber``: no activities, only ``blockednumbers.db`` (AOSP
    ``BlockedNumberDatabaseHelper``), which the default SMS app writes when the user blocks a number."""

    package = blocked_numbers.PACKAGE
    label = "Blocked Numbers Storage"
    launchable = False
    uid = 10033

    def install(self) -> None:
        with self.db("blockednumbers.db") as conn:
            conn.executescript(blocked_numbers.SCHEMA)
