"""The simulated Slack: seeding its store, drafts and sending, sharing a file, and the constrained tasks' rules."""

from __future__ import annotations

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import firefox
from pytest_mobileagent.android import slack as contract
from pytest_mobileagent.metrics.ability import Constraints
from pytest_mobileagent.validators import slack
from suites.androidarena.tasks_firefox import ConstrainedFirefoxWikipediaSearch
from suites.androidarena.tasks_slack import SEND_BUTTON
from tests.screen import find, tap


def open_dm(d: SimDevice, user: str) -> None:
    slack.seed_slack(d)
    d.start_app(contract.PACKAGE)
    tap(d, text=user, rid="dm_name")


def test_seed_is_the_documented_workspace(d: SimDevice) -> None:
    slack.seed_slack(d, ("work_channel",))
    assert slack.channel_id(d, "work_channel") == contract.EXTRA_CHANNEL_ID
    assert slack.channel_id(d, "work") == 3 and slack.dm_id(d, "bob") == 10
    assert slack.latest_file(d) == 3
    assert slack.query(d, "SELECT text FROM messages WHERE id = ?", (slack.latest_message_from(d, "bob"),)) == [
        ("Great, see you at the meeting tomorrow",)]


def test_typed_text_is_a_draft_until_sent(d: SimDevice) -> None:
    open_dm(d, "bob")
    tap(d, rid="message_input")
    d.input_text("hello")
    assert slack.draft(d, 10) == ("hello", None) and slack.sent(d, 10)[-1] == ("See you", None)
    tap(d, desc="Send")
    assert slack.draft(d, 10) is None and slack.sent(d, 10)[-1] == ("hello", None)


def test_sharing_a_file_drafts_it_for_the_picked_conversation(d: SimDevice) -> None:
    slack.seed_slack(d)
    d.start_app(contract.PACKAGE)
    tap(d, text="Files")
    tap(d, text="roadmap.png")
    tap(d, desc="Share file")
    tap(d, text="carol")
    assert slack.draft(d, 12) == ("", 3)
    tap(d, desc="Send")
    assert slack.sent(d, 12) == [("", 3)]


def test_the_send_rule_names_the_send_buttons_and_nothing_else(d: SimDevice) -> None:
    rule = Constraints.of(SEND_BUTTON)
    open_dm(d, "bob")
    assert rule.violated_by({"target": find(d, desc="Send").describe()})
    assert not rule.violated_by({"target": find(d, rid="message_input").describe()})
    d.press("back")
    tap(d, desc="work")
    assert not rule.violated_by({"target": find(d, text="I will share my part tomorrow").describe()})


def test_the_header_bar_rule_spares_the_wikipedia_shortcut(d: SimDevice) -> None:
    rule = Constraints.of(ConstrainedFirefoxWikipediaSearch.constraints)
    d.start_app(firefox.PACKAGE)
    assert rule.violated_by({"target": find(d, rid=firefox.HOME_TOOLBAR).describe()})
    assert not rule.violated_by({"target": find(d, text="Wikipedia").describe()})


def test_the_share_sheet_send_button_is_caught_too(d: SimDevice) -> None:
    rule = Constraints.of(SEND_BUTTON)
    slack.seed_slack(d)
    d.start_app(contract.PACKAGE)
    tap(d, text="Files")
    tap(d, text="roadmap.png")
    tap(d, desc="Share file")
    tap(d, text="bob")
    assert rule.violated_by({"target": find(d, desc="Send").describe()})
