"""Phone: tabs, dial pad, the in-call screen, Telecom's logcat lines, the call log, the shell's telephony, the tasks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from lxml import etree

from mobileagent_sim import SimDevice
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.validators.contacts import add_contact
from pytest_mobileagent.validators.state import logcat_matches
from pytest_mobileagent.validators.telephony import (
    MISSED,
    OUTGOING,
    add_call,
    call,
    call_log,
    call_state,
    clear_call_log,
    dial,
    end_call_if_active,
)
from suites.bmoca.tasks_phone import PhoneCall911, PhoneEndCall, PhonePressCallButton
from tests.screen import elements, find, tap

PKG = "com.google.android.dialer"
MAIN = "com.google.android.dialer.extensions.GoogleDialtactsActivity"
IN_CALL = "com.android.incallui.InCallActivity"
CALLLOG_DB = "/data/data/com.android.providers.contacts/databases/calllog.db"
NOW_MS = int(DEFAULT_TIME.timestamp() * 1000)


@pytest.fixture(scope="module")
def device() -> Iterator[SimDevice]:
    d = SimDevice(serial="sim-dialer")
    d.snapshot_save("clean")
    yield d
    d.close()


@pytest.fixture
def d(device: SimDevice) -> SimDevice:
    device.snapshot_load("clean")
    device.set_time(DEFAULT_TIME)
    return device


def dial_on_pad(d: SimDevice, number: str) -> None:
    names = {"0": "zero", "1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
             "8": "eight", "9": "nine", "*": "star", "#": "pound"}
    d.start_app(PKG)
    tap(d, desc="key pad")
    for digit in number:
        tap(d, rid=names[digit])


def telecom_lines(d: SimDevice) -> list[str]:
    return [line for line in d.logcat() if " Telecom : " in line]


# -- screens ------------------------------------------------------------------------------------------


def test_main_screen_has_tabs_and_key_pad_button(d: SimDevice) -> None:
    d.start_app(PKG)
    etree.fromstring(d.hierarchy().encode())
    assert d.current_activity() == (PKG, MAIN)
    assert [e.content_description for e in elements(d) if e.content_description in ("Favorites", "Recents",
                                                                                      "Contacts")] == \
        ["Favorites", "Recents", "Contacts"]
    assert find(d, desc="key pad").resource_id == f"{PKG}:id/dialpad_fab"
    assert any(line.endswith("I Dialer  : MainActivity.onCreate - enter") for line in d.logcat())


def test_dial_pad_keys_digits_and_backspace(d: SimDevice) -> None:
    dial_on_pad(d, "2*0#")
    assert find(d, rid="two").content_description == "2,ABC"
    assert find(d, rid="seven").content_description == "7,PQRS"
    assert find(d, desc="dial").resource_id == f"{PKG}:id/dialpad_voice_call_button"
    assert find(d, rid="digits").text == "2*0#"
    tap(d, desc="backspace")
    assert find(d, rid="digits").text == "2*0"
    d.long_press(*find(d, rid="zero").center)
    assert find(d, rid="digits").text == "2*0+"
    d.press("back")
    assert find(d, desc="key pad")  # the pad closes and forgets the digits
    tap(d, desc="key pad")
    assert find(d, rid="digits").text == ""


def test_the_digits_field_keeps_only_what_dialer_key_listener_accepts(d: SimDevice) -> None:
    """DialpadFragment gives its digits field a dialer key listener: typed letters never reach it."""
    dial_on_pad(d, "5")
    tap(d, rid="digits")
    d.input_text("55-0199x")
    d.shell("input text abc")
    assert find(d, rid="digits").text == "555-0199"


def test_recents_lists_the_call_log_and_favorites_the_starred(d: SimDevice) -> None:
    add_contact(d, "Emma", "Watson", "+1 650-555-0101", starred=True)
    add_call(d, "+16505550101", OUTGOING, NOW_MS - 3_600_000, 65)
    add_call(d, "4155550199", MISSED, NOW_MS - 86_400_000 * 2)
    d.start_app(PKG)
    assert find(d, desc="Emma Watson")  # a favorites tile
    tap(d, desc="Recents")
    assert [e.text for e in elements(d) if e.resource_name == "primary_text"] == ["Emma Watson", "4155550199"]
    assert find(d, text="Missed call · Oct 13, 15:34")
    tap(d, desc="Call Emma Watson")
    assert d.current_activity() == (PKG, IN_CALL)
    assert find(d, rid="contactgrid_contact_name").text == "Emma Watson"


# -- calls ------------------------------------------------------------------------------------------


def test_a_call_is_logged_by_telecom_shown_and_written_to_the_call_log_when_ended(d: SimDevice) -> None:
    clear_call_log(d)
    dial_on_pad(d, "6505550123")
    tap(d, desc="dial")
    assert d.current_activity() == (PKG, IN_CALL) and call_state(d) == "OFFHOOK"
    assert find(d, rid="contactgrid_status_text").text == "Calling…"
    assert logcat_matches(d, r"^(.*?)LogUtils(.*?)EventRecord added as Call", tag="Telecom")
    assert not logcat_matches(d, r"Emergency number detected", tag="Telecom")
    for label in ("Mute", "Speaker", "Hold"):
        assert find(d, desc=label)
    d.shell("sleep 10")
    assert find(d, rid="contactgrid_bottom_timer").text == "0:08"
    tap(d, desc="Hold")
    assert find(d, desc="Hold").checked and find(d, text="On hold")
    tap(d, desc="End call")
    assert call_state(d) == "IDLE" and d.current_activity() == (PKG, MAIN)
    assert logcat_matches(d, r"^(.*?)InCallController(.*?)onCallRemoved", tag="Telecom")
    rows = d.sqlite(CALLLOG_DB, "SELECT number, type, duration, countryiso, normalized_number, date FROM calls")
    assert rows == [("6505550123", OUTGOING, 10, "US", "+16505550123", NOW_MS + 12_000)]  # placed at +12 s


def test_emergency_calls_are_detected_and_kept_out_of_the_call_log(d: SimDevice) -> None:
    clear_call_log(d)
    dial_on_pad(d, "911")
    tap(d, desc="dial")
    assert logcat_matches(d, r"^(.*?)Emergency number detected", tag="Telecom")
    d.shell("sleep 3")
    assert find(d, text="Emergency call")
    tap(d, desc="End call")
    assert call_log(d) == []


def test_empty_dial_pad_redials_the_last_number(d: SimDevice) -> None:
    add_call(d, "2125550147", OUTGOING, NOW_MS - 60_000, 30)
    add_call(d, "4155550199", MISSED, NOW_MS - 30_000)
    d.start_app(PKG)
    tap(d, desc="key pad")
    tap(d, desc="dial")
    assert find(d, rid="digits").text == "2125550147"


def test_back_during_a_call_leaves_it_running_and_the_phone_app_returns_to_it(d: SimDevice) -> None:
    call(d, "6505550123")
    d.press("back")
    assert call_state(d) == "OFFHOOK" and d.current_activity()[0] != PKG
    d.start_app(PKG, MAIN)
    assert d.current_activity() == (PKG, IN_CALL)


def test_shell_speaks_androidworld_telephony(d: SimDevice) -> None:
    assert "mCallState=0" in d.shell("dumpsys telephony.registry")
    out = d.shell("am start -a android.intent.action.CALL -d tel:6505550123")
    assert out == "Starting: Intent { act=android.intent.action.CALL dat=tel:6505550123 }\n"
    assert "mCallState=2" in d.shell("dumpsys telephony.registry")
    d.shell("sleep 5")
    end_call_if_active(d)  # input keyevent KEYCODE_ENDCALL
    assert call_state(d) == "IDLE"
    assert call_log(d)[0] == {"number": "6505550123", "type": "2", "date": str(NOW_MS), "duration": "4"}
    dial(d, "2125550147")
    assert d.current_activity() == (PKG, MAIN) and find(d, rid="digits").text == "2125550147"
    assert "unable to resolve Intent" in d.shell("am start -a android.intent.action.SENDTO -d mailto:a@b.c")
    d.shell("am start -a android.intent.action.MAIN -c android.intent.category.HOME")
    assert d.current_activity()[0] == "com.google.android.apps.nexuslauncher"
    assert "Physical size" in d.shell("wm size") and d.shell("dumpsys window").startswith("WINDOW MANAGER")
    d.shell("content delete --uri content://call_log/calls")
    assert call_log(d) == []


def test_contact_card_call_button_calls_through_telecom(d: SimDevice) -> None:
    add_contact(d, "Ana", "Li", "212-555-0199")
    d.start_app("com.google.android.contacts")
    tap(d, text="Ana Li")
    tap(d, desc="Call")
    assert d.current_activity() == (PKG, IN_CALL) and find(d, text="Ana Li")
    tap(d, desc="End call")
    assert d.current_activity()[1] == "com.android.contacts.quickcontact.QuickContactActivity"
    assert call_log(d)[0]["number"] == "212-555-0199"
    assert d.sqlite(CALLLOG_DB, "SELECT name FROM calls") == [("Ana Li",)]


# -- tasks ------------------------------------------------------------------------------------------------


CALLS = [{"number": "(650) 555-0101", "type": 2, "minutes_ago": 90, "duration": 65},
         {"number": "4155550199", "type": 3, "minutes_ago": 30, "duration": 0}]


def test_teardown_hangs_up(d: SimDevice) -> None:
    task = PhonePressCallButton({"number": "2125550147", "calls": CALLS})
    task.setup(d)
    tap(d, desc="dial")
    assert task.check(d) == 1.0 and call_state(d) == "OFFHOOK"
    task.teardown(d)
    assert call_state(d) == "IDLE"


def test_press_call_button_check_wants_a_call_placed(d: SimDevice) -> None:
    task = PhonePressCallButton({"number": "2125550147", "calls": CALLS})
    task.setup(d)
    assert find(d, rid="digits").text == "2125550147"
    tap(d, desc="backspace")
    assert task.check(d) == 0.0  # editing the number is not calling it
    tap(d, desc="dial")
    assert task.check(d) == 1.0
    clear_call_log(d)
    assert task.check(d) == 0.0  # the seeded call log was wiped


@pytest.mark.parametrize(("number", "expected"), [("911", 1.0), ("112", 1.0), ("9111", 0.0), ("6505550911", 0.0)])
def test_call_911_check_wants_an_emergency_call(d: SimDevice, number: str, expected: float) -> None:
    task = PhoneCall911({"calls": CALLS})
    task.setup(d)
    dial_on_pad(d, number)
    tap(d, desc="dial")
    assert task.check(d) == expected


def test_end_call_check_wants_the_call_gone(d: SimDevice) -> None:
    task = PhoneEndCall({"number": "2125550147", "in_background": True, "calls": CALLS})
    task.setup(d)
    assert call_state(d) == "OFFHOOK" and d.current_activity()[0] != PKG
    d.start_app(PKG)
    tap(d, desc="Hold")
    assert task.check(d) == 0.0  # holding is not hanging up
    tap(d, desc="End call")
    assert task.check(d) == 1.0
    call(d, "2125550147")
    assert task.check(d) == 0.0  # a call is in progress again
