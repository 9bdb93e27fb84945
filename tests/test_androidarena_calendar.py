"""Google Calendar for AndroidArena: the uiautomator2 script parser and player, the published ground truth played
on the simulated app, and the constrained tasks' violations."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.actions import Action
from pytest_mobileagent.agents.builtin import OracleAgent
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.episode import EpisodeResult, play, reference_ground_truth, restore
from pytest_mobileagent.metrics.arena_steps import without_finish
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.params import draw
from pytest_mobileagent.tasks.u2_script import parse_action_seq
from suites.androidarena import tasks_calendar as cal

#: AndroidArena's calendar.yaml instructions, and the constrained ones (the part before the constraint).
PUBLISHED = {
    cal.CalendarOpen: "Open the calendar.",
    cal.CalendarCreateEvent: 'Create a new event on Google Calendar with the title "meeting", start time the 13th of '
                             'next month, and location "Microsoft SVC Building".',
    cal.CalendarChangeEventDate: 'Change the start date of an existing event on Google Calendar with the title '
                                 '"meeting" to the 12th of next month.',
    cal.CalendarInviteGuest: 'Invite "bob@example.com" to the existing event with the title "meeting" on Google '
                             'Calendar.',
    cal.CalendarShowWeek: "Present all events on Google Calendar for this week.",
    cal.CalendarShowMonth: "Present all events on Google Calendar for this month.",
    cal.CalendarDeleteEvent: 'Delete the event on Google Calendar with the title "meeting".',
}
CONSTRAINED = {
    cal.ConstrainedCalendarViewReminders: "View the reminders for the next 3 days.",
    cal.ConstrainedCalendarInviteGuest: 'Invite "bob@example.com" to the existing event with the title "meeting" on '
                                        'Google Calendar.',
}


@pytest.fixture(scope="module")
def device() -> Iterator[SimDevice]:
    d = SimDevice(serial="sim-gcal")
    d.snapshot_save("clean")
    yield d
    d.close()


def published(task_cls: type[Task]) -> Task:
    row = task_cls.published[0] if task_cls.published else {}
    params = draw(task_cls.published_parameters(row), 0) if row else {}
    return task_cls(params)


def episode(device: SimDevice, task: Task, agent: object) -> EpisodeResult:
    return play(device, task, agent, reset=restore("clean", DEFAULT_TIME))  # type: ignore[arg-type]


def test_parse_action_seq_names_steps_as_androidarena_does() -> None:
    steps = parse_action_seq([
        "d.app_start('com.google.android.calendar')",
        "d.xpath('//*[@text=\"13\"]').click()",
        "d.xpath('//*[@resource-id=\"x:id/title\"]').long_click()",
        "d.xpath('//*[@resource-id=\"x:id/title\"]').set_text('meeting')",
        "d.swipe_ext('up')",
        "d.press('enter')",
    ])
    assert steps == [
        {"action": "START_APP", "package": "com.google.android.calendar"},
        {"action": "CLICK", "xpath": '//*[@text="13"]'},
        {"action": "LONG_CLICK", "xpath": '//*[@resource-id="x:id/title"]'},
        {"action": "SET_TEXT", "xpath": '//*[@resource-id="x:id/title"]', "text": "meeting"},
        {"action": "SWIPE_UP"},
        {"action": "PRESS_ENTER"},
    ]


@pytest.mark.parametrize("line", ["d.app_start(pkg)", "d.xpath('//a').tap()", "d.swipe_ext('sideways')",
                                  "d.press('enter'", "x.press('enter')", "d.xpath('//a').set_text()"])
def test_a_malformed_line_is_named(line: str) -> None:
    with pytest.raises(ValueError, match=line.replace("(", r"\(").replace(")", r"\)").replace(".", r"\.")):
        parse_action_seq(["d.press('enter')", line])


@pytest.mark.parametrize("task_cls", [*PUBLISHED, *CONSTRAINED], ids=lambda t: t.__name__)
def test_instance_zero_is_the_published_instruction(task_cls: type[Task]) -> None:
    goal = published(task_cls).goal
    assert goal.split("\nConstraint:")[0] == {**PUBLISHED, **CONSTRAINED}[task_cls]


class _Checked(OracleAgent):
    """Plays the reference, asserting that every xpath step resolved to an action target."""

    def solution(self, task: Task, ui: UI) -> Iterator[Action]:
        for action in task.reference(ui):
            if action.kind in ("click", "long_press", "input_text"):
                assert action.index is not None, f"{task.name}: a published xpath resolved to no target"
            yield action


@pytest.mark.parametrize("task_cls", list(PUBLISHED), ids=lambda t: t.__name__)
def test_the_published_sequence_resolves_and_the_oracle_matches_it(task_cls: type[Task], device: SimDevice) -> None:
    task = published(task_cls)
    reference = episode(device, task, _Checked())
    assert reference.success == 1.0, reference.validator_state
    truth = reference_ground_truth(task, restore("clean", DEFAULT_TIME))
    assert truth is not None and len(without_finish(truth)) == len(task.action_seq)  # type: ignore[attr-defined]
    oracle = episode(device, published(task_cls), OracleAgent())
    assert oracle.success == 1.0
    assert oracle.metrics["ntr"] == 1.0 and oracle.metrics["rrr"] == 1.0, oracle.metrics


class _Drawer(OracleAgent):
    """Opens Google Calendar, then its navigation drawer, then the 3-day view: the forbidden page."""

    def solution(self, task: Task, ui: UI) -> Iterator[Action]:
        yield ui.open_app(cal.PACKAGE)
        yield ui.click(desc=cal.DRAWER_BUTTON)
        yield ui.click(text="3 days")
        yield ui.complete()


def test_entering_the_drawer_fails_the_constrained_reminders_task(device: SimDevice) -> None:
    result = episode(device, published(cal.ConstrainedCalendarViewReminders), _Drawer())
    assert result.success == 0.0
    assert any("Show Calendar List and Settings drawer" in v for v in result.constraint_violations)


def test_search_lists_month_day_and_event_rows(device: SimDevice) -> None:
    device.snapshot_load("clean")
    device.set_time(DEFAULT_TIME)
    task = published(cal.CalendarDeleteEvent)
    task.setup(device)
    device.start_app(cal.PACKAGE, None)
    from pytest_mobileagent.actions import execute
    from pytest_mobileagent.observe.elements import Observation

    def observe() -> Observation:
        package, activity = device.current_activity()
        return Observation("", 0, device.hierarchy(), package, activity)

    ui = UI(observe())
    for action in cal.play(task.steps()[1:4], ui):
        execute(device, action, ui.observation)
        ui.observation = observe()
    rows = observe().tree.xpath("//node[@resource-id='com.google.android.calendar:id/search_list']/node/node")
    assert [r.get("text") for r in rows] == ["October 2023", "Mon, Oct 9", "Prepare for meeting", "November 2023",
                                             "Mon, Nov 20", "meeting"]
