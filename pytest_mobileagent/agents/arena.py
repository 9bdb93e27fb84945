"""``arena``: an AndroidArena-style ReAct agent over AndroidArena's own text observation.

Each step the model sees the goal, its earlier thoughts and actions, and the screen as AndroidArena's compressor
writes it (:mod:`pytest_mobileagent.observe.arena_text`: ``The current APP is Gmail.`` then one
``[n0001] Class entry ;actions ; ;;words`` line per node), and answers ``Thought: ...`` then
``Action: #verb [args]#`` with the lines' node ids. ``observation="compressed"`` shows the project's compact XML
view instead (:mod:`pytest_mobileagent.observe.compressed`). Two options follow the paper's studies:

- ``exploration_hint`` (``arena-explore``): the prompt says how many times the agent has been on this screen
  and how often it already took each action there, to break loops;
- ``reflexion`` (``arena-reflexion``): when the same goal comes back (``--ma-repeat``), the agent first asks
  the model to reflect on its previous attempt and keeps the lesson in later prompts.
"""

from __future__ import annotations

from collections import Counter

from pytest_mobileagent.actions import Action, InvalidOutput
from pytest_mobileagent.agents.base import AgentContext
from pytest_mobileagent.agents.llm import ModelAgent
from pytest_mobileagent.agents.parsing import parse_bracket_action
from pytest_mobileagent.llm.client import LLMClient
from pytest_mobileagent.observe.arena_text import arena_text
from pytest_mobileagent.observe.compressed import compress
from pytest_mobileagent.observe.elements import Observation, screen_digest

SYSTEM = """You control an Android phone to complete a user's task. Work in a loop of thinking and acting: each \
turn you read the current screen, given as a compressed UI tree whose nodes carry ids such as n0003, and choose \
one action.

Actions:
#click [id]#              tap the node
#long_press [id]#         touch and hold the node
#input [id] [text]#       type text into the field
#swipe [up|down|left|right]#   scroll the screen in that direction
#back#  #home#  #enter#   press a key
#open_app [app name]#     launch an app
#answer [text]#           reply to a question the task asks
#finish#                  declare the task done

Reply in two lines:
Thought: <what you see and why the action helps>
Action: <one action>"""

REFLECT = ("Below is your earlier attempt at this task: your thoughts and actions in order. It may or may not "
           "have reached the goal. In two or three sentences, say what went wrong or could be faster, and what "
           "you will do differently this time.")


class Arena(ModelAgent):
    """ReAct over the compressed view, with optional exploration hints and Reflexion across attempts."""

    def __init__(self, client: LLMClient, exploration_hint: bool = False, reflexion: bool = False,
                 observation: str = "arena"):
        if observation not in ("arena", "compressed"):
            raise ValueError(f"observation must be 'arena' (AndroidArena's text) or 'compressed', got {observation!r}")
        super().__init__(client)
        self.observation = observation
        self.exploration_hint = exploration_hint
        self.reflexion = reflexion
        self.attempts: dict[str, list[str]] = {}  # goal -> the last attempt's thoughts and actions
        self.lessons: dict[str, list[str]] = {}

    def reset(self, goal: str, context: AgentContext) -> None:
        super().reset(goal, context)
        self.trace: list[str] = []
        self.visits: Counter[str] = Counter()
        self.taken: Counter[tuple[str, str]] = Counter()
        self._reflected = False

    def _reflect(self) -> None:
        """Reflexion: a lesson from the previous attempt at this goal, asked for at the first step."""
        self._reflected = True
        previous = self.attempts.get(self.goal)
        if not (self.reflexion and previous):
            return
        lesson = self.ask([{"role": "system", "content": REFLECT},
                           {"role": "user", "content": f"Task: {self.goal}\n\n" + "\n".join(previous)}])
        self.lessons.setdefault(self.goal, []).append(lesson.strip()[:600])

    def decide(self, observation: Observation) -> Action | InvalidOutput:
        if not self._reflected:
            self._reflect()
        view = arena_text(observation.screen, observation.package) if self.observation == "arena" \
            else compress(observation.screen)
        state = screen_digest(view.text)
        self.visits[state] += 1
        parts = [f"Task: {self.goal}"]
        if self.lessons.get(self.goal):
            parts.append("Lessons from earlier attempts:\n" + "\n".join(self.lessons[self.goal][-3:]))
        parts.append("Previous turns:\n" + ("\n".join(self.trace[-12:]) or "(none)"))
        parts.append(f"Current app: {observation.package}\nScreen:\n{view.text or '(empty)'}")
        if self.exploration_hint:
            tried = [f"{action} ({n} times)" for (s, action), n in self.taken.items() if s == state]
            parts.append(f"You have been on this screen {self.visits[state]} times"
                         + (f" and already took here: {'; '.join(tried)}. Prefer something new if those did not "
                            "help." if tried else "."))
        reply = self.ask([{"role": "system", "content": SYSTEM}, {"role": "user", "content": "\n\n".join(parts)}])
        action = parse_bracket_action(reply, view.xpaths)
        thought = next((line.split(":", 1)[1].strip() for line in reply.splitlines()
                        if line.lower().startswith("thought:")), "")
        said = reply[reply.rfind("Action:"):].strip()[:200] if "Action:" in reply else "(no action)"
        self.trace.append(f"Thought: {thought[:300]}\n{said}" + (f"  [invalid: {action.reason}]"
                                                               if isinstance(action, InvalidOutput) else ""))
        self.taken[(state, said)] += 1
        self.attempts[self.goal] = list(self.trace)
        return action


__all__ = ["Arena"]
