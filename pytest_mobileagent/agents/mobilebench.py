"""``mobilebench``: a Mobile-Bench-style agent that plans, then calls APIs or acts on the UI.

At the first step the model writes a short plan of sub-tasks, saying for each whether one of the APIs of
its catalog (adb intents and key events, :mod:`pytest_mobileagent.agents.apis`) can do it. Each step it
then sees the plan, what it has done, the API list and the screen as an HTML view
(:mod:`pytest_mobileagent.observe.html_view`), and answers either ``API: name(args)``, performed as an
``api_call`` (arguments shell-quoted), or ``Action:`` with a JSON UI action whose ``index`` is an HTML id.
"""

from __future__ import annotations

from collections.abc import Mapping

from pytest_mobileagent.actions import Action, InvalidOutput
from pytest_mobileagent.agents.apis import api_catalog
from pytest_mobileagent.agents.base import AgentContext
from pytest_mobileagent.agents.llm import ModelAgent
from pytest_mobileagent.agents.parsing import Api, parse_api_call, parse_json_action
from pytest_mobileagent.llm.client import LLMClient
from pytest_mobileagent.observe.elements import Observation
from pytest_mobileagent.observe.html_view import html_view

PLAN = ("You will operate an Android phone to do a user's task. Before acting, break the task into a few "
        "numbered sub-tasks. For each, name the API from the list below that does it directly, or say 'UI' if "
        "it needs tapping and typing on the screen.\n\nAPIs:\n{apis}")
STEP = """Carry out the plan one step at a time. The screen is an HTML view of its elements; an element's id \
is the index for UI actions.

Either call an API:
API: name(argument=value, ...)      e.g. API: dial(number="5551234")
or take one UI action as JSON:
Action: {{"action_type": "click", "index": <id>}}
Action: {{"action_type": "input_text", "index": <id>, "text": "..."}}
Action: {{"action_type": "scroll", "direction": "up|down|left|right"}}
Action: {{"action_type": "navigate_back"}} / {{"action_type": "navigate_home"}} / {{"action_type": "keyboard_enter"}}
Action: {{"action_type": "open_app", "app_name": "..."}}
Action: {{"action_type": "answer", "text": "..."}}
Action: {{"action_type": "status", "goal_status": "complete"}}   when the task is finished

APIs:
{apis}

Reply with one line of reasoning, then the API line or the Action line."""


class MobileBench(ModelAgent):
    """Plan first; then per step an API call from the catalog or a UI action over the HTML view.

    ``catalog`` defaults to the catalogue the episode runs API calls from
    (:func:`~pytest_mobileagent.apis.api_catalog`).
    """

    def __init__(self, client: LLMClient, catalog: Mapping[str, Api] | None = None):
        super().__init__(client)
        self.catalog = dict(catalog if catalog is not None else api_catalog())

    def reset(self, goal: str, context: AgentContext) -> None:
        super().reset(goal, context)
        self.plan = ""
        self.done: list[str] = []

    def decide(self, observation: Observation) -> Action | InvalidOutput:
        apis = "\n".join(api.signature() for api in self.catalog.values())
        if not self.plan:
            self.plan = self.ask([{"role": "system", "content": PLAN.format(apis=apis)},
                                  {"role": "user", "content": f"Task: {self.goal}"}]).strip()[:2000]
        text = (f"Task: {self.goal}\nPlan:\n{self.plan}\nDone so far:\n{chr(10).join(self.done[-10:]) or '(nothing)'}"
                f"\nCurrent app: {observation.package}\nScreen:\n{html_view(observation.screen) or '(empty)'}")
        reply = self.ask([{"role": "system", "content": STEP.format(apis=apis)}, {"role": "user", "content": text}])
        action = parse_api_call(reply, self.catalog)
        if action is None:
            action = parse_json_action(reply)
        self.done.append(action.describe() if isinstance(action, Action) else f"(unusable reply: {action.reason})")
        return action


__all__ = ["MobileBench"]
