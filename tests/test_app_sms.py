"""Simple SMS Messenger and the telephony provider: screens, what lands in mmssms.db, the modem, and the tasks."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from lxml import etree

from mobileagent_sim import SimDevice
from mobileagent_sim.telephony import SMS_COLUMNS
from mobileagent_sim.testing import serve
from pytest_mobileagent.agents.builtin import NoopAgent, OracleAgent
from pytest_mobileagent.android.telephony import DRAFT, FAILED, INBOX, MMSSMS_DB, SENT
from pytest_mobileagent.device.adb import AdbDevice
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.device.console import ConsoleError
from pytest_mobileagent.episode import new_result, play, run_episode
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.validators.contacts import add_contact
from pytest_mobileagent.validators.sms import (
    Sms,
    add_sms,
    clear_sms_and_threads,
    device_time_ms,
    messages,
    receive_sms,
    sent_messages,
    was_sent,
)
from suites.androidworld.tasks_sms import (
    GLITCH,
    SimpleSmsReply,
    SimpleSmsReplyMostRecent,
    SimpleSmsResend,
    SimpleSmsSend,
    SimpleSmsSendClipboardContent,
    SimpleSmsSendReceivedAddress,
)
from tests.screen import elements, find, tap

PKG = "com.simplemobiletools.smsmessenger"
MAIN = f"{PKG}.activities.MainActivity"
THREAD = f"{PKG}.activities.ThreadActivity"
NEW = f"{PKG}.activities.NewConversationActivity"
NOW_MS = int(DEFAULT_TIME.timestamp() * 1000)
DAY_MS = 86_400_000


@pytest.fixture(scope="module")
def device() -> Iterator[SimDevice]:
    d = SimDevice(serial="sim-sms")
    d.snapshot_save("clean")
    yield d
    d.close()


@pytest.fixture
def d(device: SimDevice) -> SimDevice:
    device.snapshot_load("clean")
    device.set_time(DEFAULT_TIME)
    return device


def texts(d: SimDevice, rid: str) -> list[str]:
    return [e.text for e in elements(d) if e.resource_name == rid]


def sms_rows(d: SimDevice, where: str = "1") -> list[dict[str, Any]]:
    rows = d.sqlite(MMSSMS_DB, f"SELECT * FROM sms WHERE {where} ORDER BY _id")
    return [dict(zip(SMS_COLUMNS, r)) for r in rows]


def open_thread(d: SimDevice, title: str) -> None:
    d.start_app(PKG)
    tap(d, text=title)


def type_and_send(d: SimDevice, text: str) -> None:
    tap(d, rid="thread_type_message")
    d.input_text(text)
    tap(d, rid="thread_send_message")


def seed_conversations(d: SimDevice) -> None:
    add_contact(d, "Maria", "Garcia", "+16505550123")
    add_sms(d, "+16505550123", "Are we still on for Saturday?", INBOX, NOW_MS - 3 * DAY_MS)
    add_sms(d, "+16505550123", "Yes, see you at 7.", SENT, NOW_MS - 3 * DAY_MS + 600_000)
    add_sms(d, "+12125550199", "Your package was left at the front desk.", INBOX, NOW_MS - DAY_MS)


# -- screens -------------------------------------------------------------------------------------------


def test_empty_list_shows_the_placeholders_and_the_new_conversation_button(d: SimDevice) -> None:
    d.start_app(PKG)
    etree.fromstring(d.hierarchy().encode())
    assert d.current_activity() == (PKG, MAIN)
    assert find(d, rid="no_conversations_placeholder").text == "No stored conversations have been found"
    tap(d, text="Start a conversation")
    assert d.current_activity() == (PKG, NEW)


def test_conversations_newest_first_with_contact_names_snippets_and_dates(d: SimDevice) -> None:
    seed_conversations(d)
    receive_sms(d, "+14155550142", "Running late, save me a seat.")
    d.start_app(PKG)
    assert texts(d, "conversation_address") == ["+14155550142", "+12125550199", "Maria Garcia"]
    assert texts(d, "conversation_body_short") == ["Running late, save me a seat.",
                                                   "Your package was left at the front desk.", "Yes, see you at 7."]
    assert texts(d, "conversation_date") == ["15:34", "14.10", "12.10"]
    fab = find(d, rid="conversations_fab")
    assert fab.class_name == "android.widget.ImageButton" and fab.content_description == ""
    assert find(d, rid="top_toolbar_search").hint == "Search"


def test_search_finds_messages_by_text(d: SimDevice) -> None:
    seed_conversations(d)
    d.start_app(PKG)
    tap(d, rid="top_toolbar_search")
    d.input_text("p")
    assert "Type in at least 2 characters to start the search." in texts(d, "search_placeholder_2")
    d.input_text("ackage")
    assert texts(d, "search_result_snippet") == ["Your package was left at the front desk."]
    tap(d, rid="search_result_snippet")
    assert d.current_activity() == (PKG, THREAD)


def test_new_conversation_filters_contacts_and_confirms_a_typed_number(d: SimDevice) -> None:
    add_contact(d, "Maria", "Garcia", "(650) 555-0123")
    add_contact(d, "Omar", "Ali", "+1 212-555-0199")
    d.start_app(PKG)
    tap(d, rid="conversations_fab")
    assert d.current_activity() == (PKG, NEW)
    field = find(d, rid="new_conversation_address")
    assert field.hint == "Add Contact or Number\u2026" and field.focused
    assert texts(d, "item_contact_name") == ["Maria Garcia", "Omar Ali"]
    assert texts(d, "item_contact_number") == ["6505550123", "+12125550199"]
    d.input_text("om")
    assert texts(d, "item_contact_name") == ["Omar Ali"] and not texts(d, "new_conversation_confirm")
    d.press("delete")
    d.press("delete")
    d.input_text("+13125550100")
    tap(d, rid="new_conversation_confirm")
    assert d.current_activity() == (PKG, THREAD)
    assert any(e.text == "+13125550100" for e in elements(d))  # the toolbar title


def test_thread_shows_messages_date_headers_and_a_send_button_enabled_only_with_text(d: SimDevice) -> None:
    seed_conversations(d)
    open_thread(d, "Maria Garcia")
    assert d.current_activity() == (PKG, THREAD)
    assert texts(d, "thread_message_body") == ["Are we still on for Saturday?", "Yes, see you at 7."]
    assert texts(d, "thread_date_time") == ["12.10, 15:34", "12.10, 15:44"]  # ten minutes apart: two headers
    send = find(d, rid="thread_send_message")
    assert (send.text, send.content_description, send.enabled) == ("SMS", "OK", False)
    assert find(d, rid="thread_type_message").hint == "Type a message\u2026"
    tap(d, rid="thread_type_message")
    d.input_text("Perfect")
    assert find(d, rid="thread_send_message").enabled


# -- state: sending, receiving, drafts -------------------------------------------------------------------


def test_sending_lands_in_the_sms_table_as_sent_with_the_real_columns(d: SimDevice) -> None:
    seed_conversations(d)
    open_thread(d, "Maria Garcia")
    type_and_send(d, "Running 10 min late, order for me please.  ")
    row = sms_rows(d, "type = 2")[-1]
    thread_id = d.sqlite(MMSSMS_DB, "SELECT thread_id FROM sms WHERE address = '+16505550123' LIMIT 1")[0][0]
    assert {k: row[k] for k in ("thread_id", "address", "body", "read", "seen", "sub_id", "creator", "status",
                                "error_code")} == {
        "thread_id": thread_id, "address": "+16505550123", "body": "Running 10 min late, order for me please.",
        "read": 1, "seen": 1, "sub_id": 1, "creator": PKG, "status": -1, "error_code": -1}
    assert abs(row["date"] - device_time_ms(d)) <= 1000
    assert [c[1] for c in d.sqlite(MMSSMS_DB, "PRAGMA table_info(sms)")] == list(SMS_COLUMNS)
    thread = d.sqlite(MMSSMS_DB, "SELECT message_count, snippet, read FROM threads WHERE _id = ?", (thread_id,))
    assert thread == [(3, "Running 10 min late, order for me please.", 1)]
    assert find(d, rid="thread_type_message").text in ("", "Type a message\u2026")
    assert texts(d, "thread_message_body")[-1] == "Running 10 min late, order for me please."
    assert any("GsmSMSDispatcher: sendSms:" in line for line in d.logcat())


def test_an_incoming_text_is_stored_unread_and_opening_the_thread_marks_it_read(d: SimDevice) -> None:
    assert d.console("sms send +14155550142 Are you home? The package is here.") == []
    assert "inaccessible or not found" in d.shell("emu sms send +14155550142 hi")  # a phone's shell has no emu
    row = sms_rows(d)[0]
    assert {k: row[k] for k in ("address", "body", "type", "read", "seen", "subject", "sub_id", "creator")} == {
        "address": "+14155550142", "body": "Are you home? The package is here.", "type": 1, "read": 0, "seen": 0,
        "subject": "", "sub_id": 1, "creator": PKG}
    log = "\n".join(d.logcat())
    assert " D RILJ    : [UNSL]< UNSOL_RESPONSE_NEW_SMS [PHONE0]" in log
    assert "GsmInboundSmsHandler: IdleState.processMessage: processing EVENT_NEW_SMS" in log
    assert d.sqlite(MMSSMS_DB, "SELECT read FROM threads") == [(0,)]
    open_thread(d, "+14155550142")
    assert sms_rows(d)[0]["read"] == 1 and sms_rows(d)[0]["seen"] == 1
    assert d.sqlite(MMSSMS_DB, "SELECT read FROM threads") == [(1,)]
    with pytest.raises(ConsoleError, match="bad phone number"):
        d.console("sms send not-a-number hello")


def test_without_a_default_sms_app_nothing_stores_an_incoming_text(d: SimDevice) -> None:
    d.shell("settings delete secure sms_default_application")
    d.console("sms send +14155550142 Hello")
    assert sms_rows(d) == []


def test_leaving_a_thread_keeps_the_typed_text_as_a_draft(d: SimDevice) -> None:
    seed_conversations(d)
    open_thread(d, "Maria Garcia")
    tap(d, rid="thread_type_message")
    d.input_text("Can we make it 8 instead?")
    d.press("back")  # keyboard
    d.press("back")  # the thread: onPause saves the draft
    assert d.current_activity() == (PKG, MAIN)
    assert [(r["type"], r["body"]) for r in sms_rows(d, "type = 3")] == [(DRAFT, "Can we make it 8 instead?")]
    assert texts(d, "draft_indicator") == ["Draft"]
    tap(d, text="Maria Garcia")
    assert find(d, rid="thread_type_message").text == "Can we make it 8 instead?"
    tap(d, rid="thread_send_message")
    assert sms_rows(d, "type = 3") == []
    assert sms_rows(d, "type = 2")[-1]["body"] == "Can we make it 8 instead?"


def test_in_airplane_mode_the_message_fails_and_touch_to_retry_resends_the_same_row(d: SimDevice) -> None:
    seed_conversations(d)
    d.shell("cmd connectivity airplane-mode enable")
    open_thread(d, "Maria Garcia")
    type_and_send(d, "Landed, see you soon.")
    failed = sms_rows(d, "type = 5")
    assert [r["body"] for r in failed] == ["Landed, see you soon."]
    d.shell("cmd connectivity airplane-mode disable")
    tap(d, text="Not sent. Touch to retry.")
    assert find(d, rid="thread_type_message").text == "Landed, see you soon."
    tap(d, rid="thread_send_message")
    assert [(r["_id"], r["type"]) for r in sms_rows(d, "body = 'Landed, see you soon.'")] == [(failed[0]["_id"], 2)]


def test_long_press_selects_a_message_copy_properties_and_delete(d: SimDevice) -> None:
    seed_conversations(d)
    open_thread(d, "Maria Garcia")
    d.long_press(*find(d, text="Yes, see you at 7.").center)
    assert find(d, desc="Done").resource_name == "action_mode_close_button"
    assert "1 / 2" in [e.text for e in elements(d)]
    tap(d, desc="Copy to clipboard")
    assert d.clipboard_get() == "Yes, see you at 7."
    tap(d, desc="More options")
    assert [e.text for e in elements(d) if e.resource_id == "android:id/title"] == ["Properties", "Forward",
                                                                                    "Select all"]
    tap(d, text="Properties")
    assert [e.text for e in elements(d) if e.resource_name == "property_value"] == [
        "Maria Garcia (+16505550123)", "12.10.2023 15:44"]
    tap(d, text="OK")
    tap(d, desc="Delete")
    assert find(d, rid="delete_remember_title").text == "Are you sure you want to delete 1 message?"
    tap(d, text="Yes")
    assert [r["body"] for r in sms_rows(d, "address = '+16505550123'")] == ["Are we still on for Saturday?"]
    assert d.sqlite(MMSSMS_DB, "SELECT snippet, message_count FROM threads WHERE recipient_ids = '1'") == [
        ("Are we still on for Saturday?", 1)]


def test_deleting_the_conversation_removes_its_messages_and_thread(d: SimDevice) -> None:
    seed_conversations(d)
    open_thread(d, "Maria Garcia")
    tap(d, desc="Delete")
    tap(d, text="Yes")
    assert d.current_activity() == (PKG, MAIN)
    assert texts(d, "conversation_address") == ["+12125550199"]
    assert d.sqlite(MMSSMS_DB, "SELECT COUNT(*) FROM threads") == [(1,)]


def test_forward_opens_a_new_conversation_with_the_text(d: SimDevice) -> None:
    seed_conversations(d)
    add_contact(d, "Omar", "Ali", "+12125550177")
    open_thread(d, "Maria Garcia")
    d.long_press(*find(d, text="Are we still on for Saturday?").center)
    tap(d, desc="More options")
    tap(d, text="Forward")
    assert d.current_activity() == (PKG, NEW)
    d.input_text("Omar")
    tap(d, rid="item_contact_name")
    assert find(d, rid="thread_type_message").text == "Are we still on for Saturday?"
    tap(d, rid="thread_send_message")
    assert sent_messages(d)[0].address == "+12125550177"


def test_sms_intent_opens_the_thread_with_the_body_as_androidworld_sends_it(d: SimDevice) -> None:
    out = d.shell('am start -a android.intent.action.SENDTO -d sms:+16505550123 --es sms_body "Call me back"')
    assert "Error" not in out
    assert d.current_activity() == (PKG, THREAD)
    assert find(d, rid="thread_type_message").text == "Call me back"
    tap(d, text="SMS")
    assert [(m.address, m.body) for m in sent_messages(d)] == [("+16505550123", "Call me back")]
    d.shell("am start -a android.intent.action.SEND -t text/plain --es android.intent.extra.TEXT 'Shared text'")
    assert d.current_activity() == (PKG, NEW)
    d.input_text("+12125550199")
    tap(d, rid="new_conversation_confirm")
    assert find(d, rid="thread_type_message").text == "Shared text"


# -- the provider through the content tool -----------------------------------------------------------------


def test_content_query_prints_sent_messages_as_androidworld_reads_them(d: SimDevice) -> None:
    add_sms(d, "+16505550123", "Hello, World, again", SENT, NOW_MS)
    add_sms(d, "+16505550123", "Inbox one", INBOX, NOW_MS - 1000)
    out = d.shell("content query --uri content://sms/sent")
    assert out.startswith("Row: 0 _id=1, thread_id=1, address=+16505550123, person=NULL, date=1697384040000, ")
    assert ", body=Hello, World, again, service_center=NULL, " in out and out.count("Row:") == 1
    assert d.shell("content query --uri content://sms/draft") == "No result found.\n"
    assert "Unknown URL" in d.shell("content query --uri content://sms/nothing")


def test_content_insert_fills_thread_date_and_read_and_matches_numbers_loosely(d: SimDevice) -> None:
    d.shell("content insert --uri content://sms/sent --bind address:s:+16505550123 --bind body:s:Hi")
    d.shell("content insert --uri content://sms/inbox --bind 'address:s:(650) 555-0123' --bind body:s:Hey")
    rows = sms_rows(d)
    assert [(r["thread_id"], r["type"], r["read"], r["date"], r["creator"]) for r in rows] == [
        (1, 2, 1, NOW_MS, "com.android.shell"), (1, 1, 0, NOW_MS, "com.android.shell")]
    assert d.shell("content query --uri content://mms-sms/conversations --projection _id:message_count:snippet") == \
        "Row: 0 _id=1, message_count=2, snippet=Hey\n"
    d.shell("content update --uri content://sms --bind read:i:1 --where \"type=1\"")
    assert d.sqlite(MMSSMS_DB, "SELECT read FROM threads") == [(1,)]
    d.shell("content delete --uri content://sms/1")
    assert d.sqlite(MMSSMS_DB, "SELECT message_count, snippet FROM threads") == [(1, "Hey")]
    d.shell("content delete --uri content://sms")
    assert d.sqlite(MMSSMS_DB, "SELECT COUNT(*) FROM threads") == [(0,)]


def test_androidworld_raw_sql_clear_empties_the_app(d: SimDevice) -> None:
    seed_conversations(d)
    clear_sms_and_threads(d)
    d.start_app(PKG)
    assert texts(d, "no_conversations_placeholder") == ["No stored conversations have been found"]
    receive_sms(d, "+16505550123", "New thread after the clear")
    assert texts(d, "conversation_address") == ["Maria Garcia"]


# -- validators ---------------------------------------------------------------------------------------------


def test_messages_parse_bodies_with_commas_equals_and_newlines(d: SimDevice) -> None:
    add_sms(d, "+16505550123", "a=1, b=2\nsecond line, body=x", SENT, NOW_MS)
    add_sms(d, "+16505550124", "plain", SENT, NOW_MS - 5)
    assert [(m.address, m.body) for m in messages(d, "sent")] == [
        ("+16505550123", "a=1, b=2\nsecond line, body=x"), ("+16505550124", "plain")]


def test_was_sent_needs_the_number_the_body_and_the_last_five_minutes() -> None:
    m = Sms(1, 1, "+1 650-555-0123", NOW_MS, SENT, 1, "Running late,  save me a seat")
    assert was_sent([m], "+16505550123", "running late, save me a seat", NOW_MS + 300_000)
    assert not was_sent([m], "+16505550123", "Running late, save me a seat.", NOW_MS)  # one character more
    assert not was_sent([m], "+16505550123", "Running late, save me a seat", NOW_MS + 300_001)
    assert not was_sent([m], "+16505550124", "Running late, save me a seat.", NOW_MS)
    assert not was_sent([m], "+16505550123", "Running early today", NOW_MS)


class WithoutConsole:
    """A phone with no emulator console (a real phone over adb)."""

    capabilities = frozenset({"profile", "settle"})

    def __init__(self, device: SimDevice):
        self.device = device

    def shell(self, command: str) -> str:
        return self.device.shell(command)


def test_receive_sms_falls_back_to_the_provider_inbox_without_a_console(d: SimDevice) -> None:
    receive_sms(WithoutConsole(d), "+1 (650) 555-0123", "Hi from a real phone")  # type: ignore[arg-type]
    assert [(r["address"], r["body"], r["type"], r["read"]) for r in sms_rows(d)] == [
        ("+16505550123", "Hi from a real phone", 1, 0)]


# -- tasks ---------------------------------------------------------------------------------------------------

TASKS = [SimpleSmsSend, SimpleSmsReply, SimpleSmsReplyMostRecent, SimpleSmsSendClipboardContent,
         SimpleSmsSendReceivedAddress, SimpleSmsResend]


@pytest.mark.parametrize("task_cls", TASKS, ids=[t.name for t in TASKS])
def test_oracle_succeeds_and_noop_fails(task_cls: type[Task], device: SimDevice) -> None:
    @settings(max_examples=10, deadline=None, database=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(task_cls.parameters())
    def prove(params: dict[str, Any]) -> None:
        for agent, want in ((OracleAgent(), 1.0), (NoopAgent(), 0.0)):
            device.snapshot_load("clean")
            device.set_time(DEFAULT_TIME)
            result = play(device, task_cls(params), agent)
            assert result.success == want, (type(agent).__name__, params, result.actions, result.validator_state)

    prove()


def test_metadata_matches_androidworld() -> None:
    meta = {t.name: (t.difficulty, t.tags, t.optimal_steps, t.complexity) for t in TASKS}
    assert meta == {
        "SimpleSmsSend": ("medium", ("parameterized",), 6, 1),
        "SimpleSmsReply": ("easy", ("search", "data_entry", "parameterized"), 4, 1),
        "SimpleSmsReplyMostRecent": ("medium", ("parameterized",), 5, 1),
        "SimpleSmsSendClipboardContent": ("easy", ("data_entry", "parameterized"), 6, 1),
        "SimpleSmsSendReceivedAddress": ("medium", ("information_retrieval", "parameterized"), 9, 2),
        "SimpleSmsResend": ("medium", ("parameterized",), 6, 1),
    }
    assert SimpleSmsReply({"number": "+16505550123", "message": "Hi."}).goal == \
        "Reply to +16505550123 with message: Hi. in Simple SMS Messenger"


# -- checks and their near misses ------------------------------------------------------------------------

NUMBER, OTHER = "+16505550123", "+12125550199"
MESSAGE = "Running about ten minutes late, save me a seat."
HISTORY = [{"number": "+13125550100", "name": "Lina Chen",
            "messages": [{"incoming": True, "body": "Book club is at Maria's place this Thursday.",
                          "minutes_ago": 3000},
                         {"incoming": False, "body": "Thanks, I'll be there.", "minutes_ago": 2990}]}]


def set_up(d: SimDevice, task: Task) -> Task:
    task.setup(d)
    d.start_app(PKG)
    return task


def send_now(d: SimDevice, number: str, body: str, kind: int = SENT) -> None:
    add_sms(d, number, body, kind, device_time_ms(d))


def send_params() -> dict[str, Any]:
    return {"number": NUMBER, "message": MESSAGE, "history": HISTORY}


def test_send_check_and_near_misses(d: SimDevice) -> None:
    def score(act: Any) -> float:
        d.snapshot_load("clean")
        d.set_time(DEFAULT_TIME)
        task = set_up(d, SimpleSmsSend(send_params()))
        act(d)
        return task.check(d)

    assert score(lambda d: send_now(d, NUMBER, MESSAGE)) == 1.0
    assert score(lambda d: send_now(d, "+1 650-555-0123", MESSAGE.upper())) == 1.0  # dashes, case
    assert score(lambda d: send_now(d, NUMBER, MESSAGE.rstrip("."))) == 0.0  # AndroidWorld's fuzzy match passed it
    assert score(lambda d: send_now(d, OTHER, MESSAGE)) == 0.0  # wrong recipient
    assert score(lambda d: send_now(d, "+16505550124", MESSAGE)) == 0.0  # one digit off
    assert score(lambda d: send_now(d, NUMBER, "Running late.")) == 0.0  # wrong text
    assert score(lambda d: send_now(d, NUMBER, MESSAGE, FAILED)) == 0.0  # not sent
    assert score(lambda d: [send_now(d, NUMBER, MESSAGE), send_now(d, NUMBER, MESSAGE)]) == 0.0  # twice

    def then_home(d: SimDevice) -> None:
        send_now(d, NUMBER, MESSAGE)
        d.press("home")

    assert score(then_home) == 0.0  # AW: Simple SMS Messenger must be in front

    def too_old(d: SimDevice) -> None:
        send_now(d, NUMBER, MESSAGE)
        d.shell("sleep 301")

    assert score(too_old) == 0.0

    def and_delete_history(d: SimDevice) -> None:
        send_now(d, NUMBER, MESSAGE)
        d.shell("content delete --uri content://sms --where \"address='+13125550100' AND type=2\"")

    assert score(and_delete_history) == 0.0


def test_reply_check_rejects_a_reply_to_the_wrong_sender(d: SimDevice) -> None:
    params = {**send_params(), "incoming": [(OTHER, "Are we still on for the movie on Saturday?"),
                                            (NUMBER, "Call me when you get a chance, no rush.")]}
    task = set_up(d, SimpleSmsReply(params))
    assert task.check(d) == 0.0
    send_now(d, OTHER, MESSAGE)
    assert task.check(d) == 0.0
    d.snapshot_load("clean")
    d.set_time(DEFAULT_TIME)
    task = set_up(d, SimpleSmsReply(params))
    send_now(d, NUMBER, MESSAGE)
    assert task.check(d) == 1.0


def test_reply_most_recent_check_rejects_the_second_most_recent(d: SimDevice) -> None:
    params = {**send_params(), "incoming": [(OTHER, "Grabbing coffee, want anything?"),
                                            (NUMBER, "Just parked, I'll meet you at the entrance.")]}
    task = set_up(d, SimpleSmsReplyMostRecent(params))
    assert texts(d, "conversation_address")[:2] == [NUMBER, OTHER]
    send_now(d, OTHER, MESSAGE)
    assert task.check(d) == 0.0


def test_clipboard_check_wants_the_clipboard_text(d: SimDevice) -> None:
    task = set_up(d, SimpleSmsSendClipboardContent(send_params()))
    assert d.clipboard_get() == MESSAGE
    send_now(d, NUMBER, "Can you pick up milk and eggs on your way home?")
    assert task.check(d) == 0.0


def received_address_params() -> dict[str, Any]:
    return {"name1": "Ana Li", "number": NUMBER, "name2": "Omar Ali", "name2_number": OTHER,
            "message": "233 S Wacker Dr, Chicago, IL 60606", "history": HISTORY}


def test_received_address_check_wants_the_address_sent_to_the_first_contact(d: SimDevice) -> None:
    task = set_up(d, SimpleSmsSendReceivedAddress(received_address_params()))
    assert texts(d, "conversation_address")[0] == "Omar Ali"
    send_now(d, OTHER, "233 S Wacker Dr, Chicago, IL 60606")  # back to the sender
    assert task.check(d) == 0.0
    d.snapshot_load("clean")
    d.set_time(DEFAULT_TIME)
    task = set_up(d, SimpleSmsSendReceivedAddress(received_address_params()))
    send_now(d, NUMBER, "400 Broad St, Seattle, WA 98109")  # another address
    assert task.check(d) == 0.0
    send_now(d, NUMBER, "233 S Wacker Dr, Chicago, IL 60606")
    assert task.check(d) == 0.0  # two messages added
    d.snapshot_load("clean")
    d.set_time(DEFAULT_TIME)
    task = set_up(d, SimpleSmsSendReceivedAddress(received_address_params()))
    send_now(d, NUMBER, "233 S Wacker Dr, Chicago, IL 60606")
    assert task.check(d) == 1.0


def test_resend_seeds_the_conversation_and_its_check_wants_the_same_text_again(d: SimDevice) -> None:
    params = {"name": "Sofia Martin", "number": NUMBER, "message": MESSAGE, "history": HISTORY}
    task = set_up(d, SimpleSmsResend(params))
    assert texts(d, "conversation_address")[0] == "Sofia Martin"
    assert [(m.type, m.body) for m in messages(d, where=f"address = '{NUMBER}'")] == [(INBOX, GLITCH),
                                                                                      (SENT, MESSAGE)]
    send_now(d, OTHER, MESSAGE)  # to someone else
    assert task.check(d) == 0.0
    d.shell(f"content delete --uri content://sms --where \"address='{OTHER}'\"")
    send_now(d, NUMBER, "Grabbing coffee, want anything?")  # another text
    assert task.check(d) == 0.0
    d.shell("content delete --uri content://sms --where \"body='Grabbing coffee, want anything?'\"")
    send_now(d, NUMBER, MESSAGE)
    d.press("home")
    assert task.check(d) == 1.0  # AndroidWorld does not ask for the app in front here
    send_now(d, NUMBER, MESSAGE)
    assert task.check(d) == 0.0  # sent twice


def test_resend_oracle_leaves_a_conversation_a_sendto_intent_opened(d: SimDevice) -> None:
    """AndroidWorld sends the first message through a SENDTO intent: the conversation it leaves in front is its
    task's root, so back goes home and the oracle opens the app again for the conversation list."""
    params = {"name": "Sofia Martin", "number": NUMBER, "message": MESSAGE, "history": HISTORY}
    task = SimpleSmsResend(params)
    task.setup(d)
    d.shell(f"am start -a android.intent.action.SENDTO -d sms:{NUMBER}")
    d.press("back")
    assert d.current_activity()[0] != PKG
    d.shell(f"am start -a android.intent.action.SENDTO -d sms:{NUMBER}")
    run_episode(d, task, OracleAgent(), new_result(task, "OracleAgent"))
    assert task.check(d) == 1.0


def test_a_family_runs_unchanged_through_the_adb_backend() -> None:
    """Setup, oracle and check through adbutils and uiautomator2 against the simulator's adb server (its clock 50
    times faster than real time: the noop agent's waits are ``sleep`` on the phone)."""
    with SimDevice(serial="sim-sms-adb") as phone, serve(phone, time_scale=50) as server:
        backend = AdbDevice(phone.serial, port=server.port)
        try:
            phone.snapshot_save("clean")
            for agent, want in ((OracleAgent(), 1.0), (NoopAgent(), 0.0)):
                phone.snapshot_load("clean")
                phone.set_time(DEFAULT_TIME)
                result = play(backend, SimpleSmsSendReceivedAddress(received_address_params()), agent)
                assert result.success == want, (result.actions, result.agent_error, result.validator_state)
        finally:
            backend.close()
