"""AndroidArena's cross-app tasks 15-22: what counts as saying a value, and the checks reject the distractors'
values (a farther place, an older "hello", a message without the search)."""

from __future__ import annotations

from mobileagent_sim import SimDevice
from pytest_mobileagent.android.slack import ME
from pytest_mobileagent.validators import slack
from suites.androidarena.tasks_cross_app_c import (
    HELLOS,
    KEYWORDS,
    CrossFirefoxSearchTitleToSlack,
    CrossLatestHelloSmsToSlack,
    CrossMapsCoffeeShopToSlack,
    first_result,
    says,
)


def post(d: SimDevice, conversation: int | None, text: str) -> None:
    """A message of the signed-in user, as Slack's Send stores it."""
    d.sqlite(slack.STORE, "INSERT INTO messages (channel_id, user_id, text, ts) VALUES (?, ?, ?, ?)",
             (conversation, ME, text, 1_700_000_000_000))


def test_a_value_is_said_whole() -> None:
    assert says("The nearest coffee shop is  philz coffee.", "Philz Coffee")
    assert not says("Philz Coffeex", "Philz Coffee") and not says("Philz Coffe", "Philz Coffee")
    assert not says("call 555-010-20001", "555-010-2000") and says("Room 204.", "Room 204.")


def test_the_first_result_is_the_simulated_webs() -> None:
    assert first_result("ChatGPT") == "ChatGPT"
    assert all(first_result(k) and first_result(k) != k for k in KEYWORDS[1:])


def test_a_farther_coffee_shop_fails(d: SimDevice) -> None:
    task = CrossMapsCoffeeShopToSlack({"distances": [3.5, 0.6, 1.8]})
    task.setup(d)
    assert task.nearest().name == "Philz Coffee"
    post(d, slack.dm_id(d, "bob"), "Blue Bottle Coffee")
    assert task.check(d) == 0.0
    post(d, slack.dm_id(d, "bob"), "Try Philz Coffee")
    assert task.check(d) == 1.0


def test_an_older_hello_fails(d: SimDevice) -> None:
    task = CrossLatestHelloSmsToSlack({"latest": 1})
    task.setup(d)
    post(d, slack.channel_id(d, "work"), "hello from the conference, see you soon")
    assert task.check(d) == 0.0
    post(d, slack.channel_id(d, "work"), HELLOS[1][1])
    assert task.check(d) == 1.0


def test_the_title_without_the_search_fails(d: SimDevice) -> None:
    task = CrossFirefoxSearchTitleToSlack({"keyword": "multimodal"})
    task.setup(d)
    post(d, slack.channel_id(d, "work"), "GPT-4 research")
    assert task.check(d) == 0.0
