"""Mutation proofs of a task's check: the oracle replayed with one mistake must fail.

Beside "the oracle passes and a do-nothing agent fails", a check earns trust by rejecting near misses. A
:class:`Mutation` changes one thing in the oracle's episode: a typed text (a character appended, the last one
dropped, a digit changed, a letter after a typed number), a step left out, or the final answer (an item duplicated
or dropped, its first or its last number changed, junk appended). :func:`prove` plays the clean oracle, derives
every applicable mutation from its actions, replays each mutated action list (:class:`Replay`) and reports the
ones the check let through (the *survivors*).

A mutation is let through only with a reason: the oracle marks one action (``ui.tolerate(action, why,
"skip")``), or the task declares it for all its actions in :attr:`~pytest_mobileagent.tasks.base.Task.tolerates`,
a mapping from a mutation's :attr:`Mutation.key` (``"skip:navigate_back"``, ``"text:append"``...) or its kind
(``"skip"``, ``"text"``...) to the reason.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from pytest_mobileagent.actions import Action
from pytest_mobileagent.agents.builtin import OracleAgent
from pytest_mobileagent.agents.replay import Replay
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.episode import EpisodeResult, play
from pytest_mobileagent.observe.elements import Observation
from pytest_mobileagent.tasks.base import Task

#: ``ui.tolerate(action, *PHONE_FIELD)``: typing into a field of input type ``phone``, whose key listener
#: (``DialerKeyListener``) drops letters, so a letter after the number never reaches the state.
PHONE_FIELD = ("a phone field (DialerKeyListener) never stores a letter: the number stored is the oracle's",
               "text:letter")
TEXT_CHANGES = ("append", "drop", "digit", "letter")
ANSWER_CHANGES = ("duplicate", "drop", "digit", "last_digit", "append")


def _bump(text: str, m: re.Match[str] | None) -> str | None:
    return None if m is None else text[:m.start()] + str((int(m.group()) + 1) % 10) + text[m.end():]


def change_text(text: str, how: str) -> str | None:
    """``text`` with one mistake: ``append`` a character (a digit after a digit), ``drop`` the last, change
    the first ``digit``, or put a ``letter`` after a number that ends the text (``555-0199`` -> ``555-0199x``;
    None where the change does not apply)."""
    if how == "append":  # a character of the kind the text ends with, as a slip of the finger would add
        return text + ("1" if text[-1:].isdigit() else "x")
    if how == "drop":
        return text[:-1] if text else None
    if how == "digit":
        return _bump(text, re.search(r"[0-9]", text))
    if how == "letter":
        return text + "x" if text[-1:].isdigit() else None
    raise ValueError(f"unknown text change {how!r}")


def change_answer(answer: str, how: str) -> str | None:
    """``answer`` with one mistake: its first item ``duplicate``d in place of the last (or added, for one
    item), its last item ``drop``ped, its first ``digit`` or its ``last_digit`` changed (the last only where
    the answer has another number before it), or junk ``append``ed (``x``)."""
    items = [p.strip() for p in answer.split(",")]
    if how == "duplicate":
        return ", ".join([*items[:-1], items[0]] if len(items) > 1 else items * 2)
    if how == "drop":
        return ", ".join(items[:-1])
    if how == "digit":
        return change_text(answer, "digit")
    if how == "last_digit":
        numbers = list(re.finditer(r"[0-9]+", answer))
        return _bump(answer, re.compile(r"[0-9]").search(answer, numbers[-1].end() - 1)) if len(numbers) > 1 else None
    if how == "append":
        return answer + "x"
    raise ValueError(f"unknown answer change {how!r}")


@dataclass(frozen=True)
class Mutation:
    """One mistake: ``kind`` ``text``/``skip``/``answer``, applied to the ``target``-th typed text, step or
    answer of the oracle's episode, changed as ``how`` says (a text or answer change, or the skipped action's
    kind)."""

    kind: str
    target: int
    how: str

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.how}"

    def __str__(self) -> str:
        return f"{self.key}@{self.target}"


def mutations_of(actions: list[Action]) -> list[Mutation]:
    """Every mutation that applies to the oracle's ``actions``."""
    found: list[Mutation] = []
    typed = [a for a in actions if a.kind == "input_text"]
    for i, a in enumerate(typed):
        found += [Mutation("text", i, how) for how in TEXT_CHANGES if change_text(a.text or "", how) is not None]
    for i, a in enumerate(actions):
        if a.kind not in ("status", "answer"):
            found.append(Mutation("skip", i, a.kind))
    answers = [a for a in actions if a.kind == "answer"]
    if answers and answers[-1].text:
        text = answers[-1].text
        found += [Mutation("answer", 0, how) for how in ANSWER_CHANGES
                  if (changed := change_answer(text, how)) is not None and changed != text]
    return found


def apply(mutation: Mutation, actions: list[Action]) -> list[Action]:
    """The oracle's ``actions`` with ``mutation`` made."""
    out = list(actions)
    if mutation.kind == "skip":
        del out[mutation.target]
    elif mutation.kind == "text":
        typed = [i for i, a in enumerate(out) if a.kind == "input_text"]
        i = typed[mutation.target]
        out[i] = dataclasses.replace(out[i], text=change_text(out[i].text or "", mutation.how))
    elif mutation.kind == "answer":
        i = max(i for i, a in enumerate(out) if a.kind == "answer")
        out[i] = dataclasses.replace(out[i], text=change_answer(out[i].text or "", mutation.how))
    return out


class Recorder(OracleAgent):
    """The oracle, keeping its actions and what each one's :meth:`~pytest_mobileagent.tasks.oracle.UI.tolerate`
    marked."""

    def __init__(self) -> None:
        super().__init__()
        self.actions: list[Action] = []
        self.tolerated: dict[int, dict[str, str]] = {}

    def step(self, observation: Observation) -> Action:
        self._ui.tolerated = {}
        action = super().step(observation)
        if self._ui.tolerated:
            self.tolerated[len(self.actions)] = self._ui.tolerated
        self.actions.append(action)
        return action

    def action_of(self, mutation: Mutation) -> int:
        """The index of the action ``mutation`` changes."""
        if mutation.kind == "skip":
            return mutation.target
        kinds = ("input_text",) if mutation.kind == "text" else ("answer",)
        found = [i for i, a in enumerate(self.actions) if a.kind in kinds]
        return found[mutation.target] if mutation.kind == "text" else found[-1]


@dataclass
class Proof:
    """The outcome of :func:`prove` for one task instance."""

    task: str
    params: dict[str, object]
    mutations: list[Mutation] = field(default_factory=list)
    survivors: list[Mutation] = field(default_factory=list)
    tolerated: dict[str, str] = field(default_factory=dict)  # str(mutation) -> the task's reason

    @property
    def caught(self) -> int:
        return len(self.mutations) - len(self.survivors) - len(self.tolerated)

    @property
    def score(self) -> float:
        """Caught mutations over the mutations the task does not tolerate (1.0 when there are none)."""
        judged = len(self.mutations) - len(self.tolerated)
        return self.caught / judged if judged else 1.0


def tolerance(task: type[Task] | Task, mutation: Mutation, marked: Mapping[str, str] | None = None) -> str | None:
    """Why ``mutation`` is let through, if it is: the oracle ``marked`` its action, or the task's
    :attr:`~pytest_mobileagent.tasks.base.Task.tolerates` names it (by key, then by kind)."""
    for declared in (marked or {}, task.tolerates):
        why = declared.get(mutation.key) or declared.get(mutation.kind)
        if why:
            return why
    return None


def prove(device: Device, make_task: Callable[[], Task], reset: Callable[[Device], None]) -> Proof:
    """Play the clean oracle, then every mutation of it; ``make_task`` gives a fresh task per episode."""
    recorder = Recorder()
    clean = play(device, make_task(), recorder, reset=reset)
    task = make_task()
    proof = Proof(task=task.name, params=dict(task.params))
    if clean.success < 1.0:
        raise AssertionError(f"the clean oracle failed {task.name} {task.params}: {clean.agent_error or ''}")
    replayed = play(device, make_task(), Replay(recorder.actions), reset=reset)
    if replayed.success < 1.0:
        raise AssertionError(f"replaying the oracle's actions failed {task.name} {task.params}: the episode is "
                             "not deterministic")
    for mutation in mutations_of(recorder.actions):
        proof.mutations.append(mutation)
        why = tolerance(task, mutation, recorder.tolerated.get(recorder.action_of(mutation), {}))
        if why is not None:
            proof.tolerated[str(mutation)] = why
            continue
        result: EpisodeResult = play(device, make_task(), Replay(apply(mutation, recorder.actions)), reset=reset)
        if result.success >= 1.0:
            proof.survivors.append(mutation)
    return proof

