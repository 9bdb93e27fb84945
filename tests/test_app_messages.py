"""Google Messages: threads from the telephony provider, search focusing the keyboard, and "Start chat"."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import messages
from pytest_mobileagent.android.telephony import INBOX
from pytest_mobileagent.validators.contacts import seed_contacts
from pytest_mobileagent.validators.sms import add_sms, device_time_ms
from tests.screen import elements, find, tap


@pytest.fixture(scope="module")
def d() -> Iterator[SimDevice]:
    with SimDevice() as dev:
        seed_contacts(dev, [{"first": "Ada", "last": "Byron", "phone": "5551234567"}])
        add_sms(dev, "5557654321", "Parcel at the door", INBOX, device_time_ms(dev) - 60_000)
        yield dev


def test_the_list_shows_the_threads_and_search_takes_the_keyboard(d: SimDevice) -> None:
    d.start_app(messages.PACKAGE)
    assert find(d, rid="conversation_snippet").text == "Parcel at the door"
    d.shell("logcat -c")
    tap(d, desc="Search")
    assert d.current_activity()[1] == messages.SEARCH_ACTIVITY
    assert any(f"packageName={messages.PACKAGE}" in line and "LatinIme.onActivate" in line for line in d.logcat())
    d.input_text("parcel")
    assert find(d, rid="conversation_name").text == "5557654321"
    d.press("back")
    d.press("back")


def test_start_chat_creates_the_conversation_with_the_picked_contact(d: SimDevice) -> None:
    d.start_app(messages.PACKAGE)
    tap(d, text="Start chat")
    assert find(d, rid="recipient_text_view").hint == "Type name, phone number, or email"
    d.shell("logcat -c")
    tap(d, text="Ada Byron")
    assert find(d, rid="conversation_title").text == "Ada Byron"
    assert any(line.endswith(f"{messages.USAGE_TAG}: {messages.CREATE_CONVERSATION_LINE}") for line in d.logcat())
    assert not any(e.resource_name == "recipient_text_view" for e in elements(d))


def test_the_add_a_number_field_keeps_only_what_dialer_key_listener_accepts(d: SimDevice) -> None:
    """The blocked-number dialog's field has input type ``phone``: a letter typed after the number is dropped."""
    d.stop_app(messages.PACKAGE)  # from its list, whatever the earlier tests left open
    d.start_app(messages.PACKAGE)
    tap(d, desc="More options")
    tap(d, text="Spam & blocked")
    tap(d, text="Add a number")
    tap(d, hint="Phone number")
    d.input_text("555-0199x")
    d.shell("input text abc")
    assert find(d, rid="blocked_number_input").text == "555-0199"
    tap(d, text="Cancel")
    d.press("back")
