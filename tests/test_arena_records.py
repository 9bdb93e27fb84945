"""The simulated Google Calendar records AndroidArena's own ground truth: its published ``calendar.yaml`` action
sequences (uiautomator2 xpaths recorded on the real app) played on the simulated app, each step recorded as
AndroidArena records an agent's action (:mod:`pytest_mobileagent.observe.arena_text`), are the same actions by
AndroidArena's rule (``is_same_action``: same type; for an element, the published xpath is the recorded one or
near it). A screen whose structure differed from the real app's (another parent, another position among the
siblings, a lost id) would record other xpaths."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import firefox
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.episode import play, restore
from pytest_mobileagent.observe.arena_text import arena_text
from pytest_mobileagent.observe.elements import Observation
from pytest_mobileagent.tasks.base import Task
from tests import arena_eval
from tests.screen import tap
from tests.test_androidarena_calendar import PUBLISHED, _Checked, published


@pytest.fixture(scope="module")
def device() -> Iterator[SimDevice]:
    d = SimDevice(serial="sim-arena-records")
    d.snapshot_save("clean")
    yield d
    d.close()


def recorded(observation: Observation, action: dict) -> tuple[str, str, set[str]]:
    """(type, xpath, nearby xpaths) of a project action as AndroidArena records it."""
    arena = arena_eval.arena_action(action, observation)
    if not arena.xpath:
        return arena.action, "", set()
    view = arena_text(observation.screen, observation.package)
    nid = view.node_id(arena_eval.target_node(action, observation))
    return arena.action, arena.xpath, view.nearby(nid) if nid else set()


@pytest.mark.parametrize("task_cls", list(PUBLISHED), ids=lambda t: t.__name__)
def test_the_published_sequence_is_recorded_as_androidarena_recorded_it(task_cls: type[Task],
                                                                        device: SimDevice) -> None:
    task = published(task_cls)
    seen: list[Observation] = []
    result = play(device, task, _Checked(), reset=restore("clean", DEFAULT_TIME), on_observation=seen.append)
    assert result.success == 1.0, result.validator_state
    mine = [recorded(obs, vars(step)["action"]) for obs, step in zip(seen, result.steps)
            if step.action and step.action["action_type"] not in ("status", "answer")]
    theirs = task.steps()  # type: ignore[attr-defined]
    assert len(mine) == len(theirs), (mine, theirs)
    for n, ((kind, xpath, nearby), step) in enumerate(zip(mine, theirs)):
        want = "SWIPE_UP" if step["action"] in ("SWIPE_UP", "SWIPE_DOWN") else step["action"]
        got = "SWIPE_UP" if kind in ("SWIPE_UP", "SWIPE_DOWN") else kind
        assert got == want, (n, kind, step)
        if "xpath" in step:
            assert step["xpath"] == xpath or step["xpath"] in nearby, (n, step["xpath"], xpath, sorted(nearby))


#: Lines of AndroidArena's recorded Firefox observations (``trajectory/GPT4-Search_for_large_language_model_in_
#: Firefox.html``, Dec 2023), node ids left out: the home screen, then the results page of a typed search.
FIREFOX_HOME = ("ScrollView homeLayout ;scroll ; ;;: ",
                "toolbar_wrapper ;click long-click ; ;;Search or enter address : ",
                "menuButton ;click ; ;; Menu: ",
                "GridView top_sites_list ;focusable ; ;;: ",
                "ViewGroup top_site_item ;click long-click ; ;; Google: ",
                "ViewGroup top_site_item ;click long-click ; ;; Wikipedia: ")
FIREFOX_PAGE = ("ViewGroup toolbar ;click ; ;;: ",
                "ImageButton ;click ; ;;Home screen : ",
                "TextView mozac_browser_toolbar_url_view ;click long-click ; ;;large language model : ",
                "mozac_browser_toolbar_menu ;click ; ;; Menu: ")


def lines_of(device: SimDevice) -> set[str]:
    package = device.current_activity()[0]
    return {line.split("] ", 1)[1] for line in arena_text(device.hierarchy(), package).text.splitlines()[1:]}


def test_firefox_shows_the_lines_androidarena_recorded(device: SimDevice) -> None:
    device.snapshot_load("clean")
    device.start_app(firefox.PACKAGE)
    assert set(FIREFOX_HOME) <= lines_of(device), sorted(lines_of(device))
    tap(device, desc=firefox.URL_HINT)
    device.input_text("large language model")
    device.press("enter")
    assert set(FIREFOX_PAGE) <= lines_of(device), sorted(lines_of(device))
    tap(device, desc="Home screen")  # the page toolbar's home button, and Back to the tab
    assert set(FIREFOX_HOME) <= lines_of(device)
    device.press("back")
    assert "TextView mozac_browser_toolbar_url_view ;click long-click ; ;;large language model : " in lines_of(device)
