"""Google Messages' AndroidArena depth: threads by recipients, group names, starring, scheduling, blocking and the
notifications switch, each where its validator reads it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import messages
from pytest_mobileagent.android.telephony import INBOX
from pytest_mobileagent.validators import messages as bugle
from pytest_mobileagent.validators.contacts import seed_contacts
from pytest_mobileagent.validators.sms import add_sms, device_time_ms
from tests.screen import find, tap


@pytest.fixture()
def d() -> Iterator[SimDevice]:
    with SimDevice() as dev:
        seed_contacts(dev, [{"first": "Ada", "last": "Byron", "phone": "5551234567"},
                            {"first": "Bo", "last": "Lee", "phone": "5557654321"}])
        add_sms(dev, "5551234567", "hello there", INBOX, device_time_ms(dev) - 60_000)
        yield dev


def test_thread_id_uri_gives_one_thread_per_recipient_set(d: SimDevice) -> None:
    group = bugle.thread_for(d, ["5551234567", "5557654321"])
    assert bugle.thread_for(d, ["5557654321", "5551234567"]) == group
    assert bugle.thread_for(d, ["5551234567"]) != group
    assert sorted(bugle.thread_recipients(d, group)) == ["5551234567", "5557654321"]


def test_a_named_group_is_listed_and_can_be_pinned(d: SimDevice) -> None:
    tid = bugle.thread_for(d, ["5551234567", "5557654321"])
    bugle.set_conversation(d, tid, name="work")
    d.start_app(messages.PACKAGE)
    d.long_press(*find(d, text="work").center)
    tap(d, desc="Pin")
    assert bugle.conversations(d)[tid]["pinned"]
    assert find(d, rid="conversation_name").text == "work"  # pinned chats come first


def test_star_and_schedule_are_kept_in_bugle_db(d: SimDevice) -> None:
    d.start_app(messages.PACKAGE)
    tap(d, text="Ada Byron")
    d.long_press(*find(d, text="hello there").center)
    tap(d, desc="Star")
    assert len(bugle.starred(d)) == 1
    tap(d, rid="compose_message_text")
    d.input_text("see you")
    d.long_press(*find(d, desc="Send SMS").center)
    tap(d, text=messages.SCHEDULE_CHOICES[2][0])
    tap(d, desc="Send SMS")
    [row] = bugle.scheduled(d)
    assert row["body"] == "see you" and bugle.digits(row["recipients"][0]) == "5551234567"
    assert row["time"] > device_time_ms(d)


def test_blocking_writes_the_system_blocked_numbers(d: SimDevice) -> None:
    d.start_app(messages.PACKAGE)
    tap(d, desc="More options")
    tap(d, text="Spam & blocked")
    tap(d, text="Add a number")
    d.input_text("010-654321")
    tap(d, text="Block")
    assert bugle.is_blocked(d, "010654321")
    tap(d, desc="Unblock")
    tap(d, text="Unblock")
    assert bugle.blocked(d) == []


def test_the_notifications_switch_is_a_preference(d: SimDevice) -> None:
    assert bugle.notifications_enabled(d)
    d.start_app(messages.PACKAGE)
    tap(d, desc="More options")
    tap(d, text="Settings")
    tap(d, text="Notifications")
    assert not bugle.notifications_enabled(d)
