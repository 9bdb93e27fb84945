"""Agent lookup (built-ins, entry points, module:Class, the plugin hook) and the built-in agents."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.actions import KINDS, Action, execute
from pytest_mobileagent.agents import loading
from pytest_mobileagent.agents.base import AgentContext
from pytest_mobileagent.agents.builtin import NoopAgent, RandomAgent
from pytest_mobileagent.observe.elements import Observation


class EchoAgent:
    def reset(self, goal, context):
        self.goal = goal

    def step(self, observation):
        return Action.answer(self.goal)


def test_entry_point_agents_are_found_and_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    ep = EntryPoint(name="echo", value="tests.test_agents:EchoAgent", group=loading.ENTRY_POINT_GROUP)
    monkeypatch.setattr(loading, "entry_points", lambda group: [ep] if group == loading.ENTRY_POINT_GROUP else [])
    assert "echo" in loading.available_agents()
    assert isinstance(loading.make_agent("echo"), EchoAgent)


def test_module_class_and_errors() -> None:
    assert isinstance(loading.make_agent("tests.test_agents:EchoAgent"), EchoAgent)
    with pytest.raises(loading.UnknownAgent, match="cannot load agent"):
        loading.make_agent("tests.test_agents:Missing")
    with pytest.raises(loading.UnknownAgent, match="does not implement reset, step"):
        loading.make_agent("builtins:object")


def test_random_agent_is_seeded_and_uses_the_real_action_space() -> None:
    def run(seed: int) -> list[dict]:
        agent, out = RandomAgent(), []
        with SimDevice() as d:
            agent.reset("g", AgentContext(max_steps=20, seed=seed))
            for step in range(20):
                obs = Observation("g", step, d.hierarchy(), *d.current_activity())
                action = agent.step(obs)
                assert action.kind in KINDS
                execute(d, action, obs)
                out.append(action.to_dict())
        return out

    assert run(1) == run(1)
    assert run(1) != run(2)


def test_noop_only_waits() -> None:
    obs = Observation("g", 0, "<hierarchy/>", "p", "a")
    assert NoopAgent().step(obs).kind == "wait"


def test_hook_can_provide_the_agent(pytester: pytest.Pytester) -> None:
    pytester.makeconftest('''
from pytest_mobileagent.actions import Action

class Giveup:
    def reset(self, goal, context): pass
    def step(self, obs): return Action.status("infeasible")

def pytest_mobileagent_make_agent(config, name):
    return Giveup() if name == "giveup" else None
''')
    pytester.makepyfile(tasks_one='''
from pytest_mobileagent.tasks.base import Task
class Home(Task):
    template = "Open the app drawer."
    def check(self, device, answer=None): return 1.0 if "apps_list_view" in device.hierarchy() else 0.0
    def oracle(self, ui): yield ui.swipe(540, 1500, 540, 500)
''')
    result = pytester.runpytest("--agent=giveup", "tasks_one.py")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*self-reported infeasible*"])
