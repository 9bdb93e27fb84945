"""AndroidArena's cross-app tasks 1-7 and constrained task 6: the published wording, the seeded mail the oracle
reads, and YouTube's sharing named as the violation."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.actions import Action
from pytest_mobileagent.agents.builtin import OracleAgent
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.episode import play
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.registry import cases
from pytest_mobileagent.validators import gmail as mail
from suites.androidarena import tasks_cross_app_a as cross
from suites.androidarena import tasks_youtube

PUBLISHED = {
    cross.CrossOpenMailLinkInFirefox: 'Find the email titled "OpenAI website" in Gmail, extract the first URL in the '
                                      'email content, and open the URL in Firefox.',
    cross.CrossMeetingDetailsToJohn: 'Scan Gmail for the email titled "meeting details" containing a meeting '
                                     'invitation, extract the meeting details, and send a message in Google Messages '
                                     'to "John" with the meeting details.',
}


@pytest.mark.parametrize("task", list(PUBLISHED))
def test_instance_0_is_the_published_instruction(task: type) -> None:
    case = cases(task, 0, 2, "suites/androidarena/tasks_cross_app_a.py")[0]
    assert task(case.params).goal == PUBLISHED[task]


def test_the_latest_of_two_reservations_names_the_drawn_restaurant(phone: SimDevice) -> None:
    phone.snapshot_load("clean")
    phone.set_time(DEFAULT_TIME)
    task = cross.CrossRestaurantDirections({"place": "Cascal", "other": "Xanh Restaurant"})
    task.setup(phone)
    found = mail.messages(phone, lambda m: m.subject == "restaurant reservation")
    assert len(found) == 2 and "Cascal" in found[0].body and "Xanh Restaurant" in found[1].body


class SharesInYouTube(tasks_youtube.ConstrainedYouTubeShareFirstVideoByGmail):
    """The constrained task played by an agent that opens YouTube's share sheet first."""

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("YouTube")
        yield ui.click(rid="title", n=0)
        yield ui.click(rid="share_button")
        yield from super().oracle(ui)


def test_sharing_in_youtube_fails_constrained_task_6_naming_the_violation(phone: SimDevice) -> None:
    phone.snapshot_load("clean")
    phone.set_time(DEFAULT_TIME)
    result = play(phone, SharesInYouTube(), OracleAgent())
    assert result.success == 0.0
    assert any("share_button" in v for v in result.constraint_violations)
