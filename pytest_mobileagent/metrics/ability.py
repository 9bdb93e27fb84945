"""AndroidArena's ability metrics, as its evaluator computes them, and constraint violations.

From an episode's action records (:mod:`pytest_mobileagent.metrics.arena_steps`: A the agent's, ``INVALID`` ones
included; G the ground truth; L their common subsequence, :func:`~pytest_mobileagent.metrics.lcs.common_subsequence`),
per episode as AndroidArena's ``run_evaluator.py`` (c06a141) does:

- ``operation_logic``: A and G are each cut at L's elements (matched from the end, latest first) into the runs of
  actions after each of them, led by one action before the first where there is one; the runs are paired in order,
  the last pair dropped when L does not end with G's last step, and the episode scores Σ max(|G run|, 1) /
  max(|A run|, 1): a sum, 3.0 for a perfect 3-step episode. AndroidArena divides it by the highest score of the same
  task over the models it compares; ``ma-merge`` can do that across runs. ``operation_logic_per_step`` is this
  project's own reading, not AndroidArena's: the mean over L of 1 / (wrong actions tried before that step).
- ``repeated_actions``: blocks of consecutive actions repeated right after themselves (same type; same package,
  element, or for ``INVALID`` the same error) are found for every block length; their spans, merged, count
  ``end - start + 1`` actions each, or ``end - start - 2`` when the span holds vertical swipes only; divided by |A|.
  AndroidArena compares each action's following observation for ``INVALID`` ones from a list one entry short when the
  episode did not end with ``FINISH``, so a block ending at the last action is compared without its last action
  (the last action of a step-limited episode always repeats the one before it). ``repeated_actions_fixed`` compares
  every action; ``repeated_on_screen`` is this project's own: the share of steps repeating a (screen, action) pair.
- ``awareness_of_completion``: 1 if A's last action is the same action as G's last step, else 0.
  ``completion_declared`` is this project's own: where the goal was reached, 1 if the agent declared it.
- ``nuggets_mining``: for each element of L, the first action of A from the previous one's (not passed) that is the
  same action; where it aimed at an element, the share of the observation's text taken by that element's line (1
  when the line is not in the observation); the mean, 1 when there is none. ``nuggets_mining_all_steps``: the mean
  share over every step that aimed at an element (this project's earlier reading).
- ``invalid_format`` / ``invalid_action``: AndroidArena counts the error observations (``Invalid agent output.``;
  ``Invalid action``, ``Invalid node id``, ``Cannot find APP``) among the observations the steps were taken on, so
  an invalid last step, whose error no step saw, is not counted; over all steps. ``invalid_format_fixed`` /
  ``invalid_action_fixed`` count it.
- ``constraint_violation``: for constrained tasks, the share of the agent's actions taken in a forbidden app, on a
  forbidden page (activity) or on a forbidden element.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pytest_mobileagent.catalog import resolve_app
from pytest_mobileagent.metrics.arena_steps import INVALID, ArenaAction, Same, same_action, without_finish


def _key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True, default=str)


def repeated_on_screen(steps: Sequence[dict[str, Any]]) -> float:
    """Share of steps whose (screen, action) pair already occurred earlier in the episode."""
    seen: set[tuple[str, str]] = set()
    repeated = 0
    for s in steps:
        pair = (str(s.get("screen") or ""), _key(s.get("action")))
        repeated += pair in seen
        seen.add(pair)
    return repeated / len(steps) if steps else 0.0


def _same_in_block(a: ArenaAction, b: ArenaAction) -> bool:
    """AndroidArena's test for two actions of repeated blocks (typed text is not compared)."""
    if a.type != b.type:
        return False
    if a.type == "START_APP":
        return a.package == b.package
    if "CLICK" in a.type or a.type == "SET_TEXT":
        return a.xpath == b.xpath
    if a.type == INVALID:
        return a.error == b.error
    return True


def _repeat_spans(actions: Sequence[ArenaAction], compared: int) -> list[tuple[int, int]]:
    """Spans (start, end) of blocks repeated right after themselves; ``compared`` caps the index + 1 of the
    actions compared (AndroidArena's short observation list)."""
    n, spans = len(actions), set()
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            start, count = i + length, 1
            while start + length <= n and all(
                    _same_in_block(actions[start + t], actions[i + t])
                    for t in range(max(0, min(length, compared - start)))):
                count, start = count + 1, start + length
            if count > 1:
                spans.add((i + length, i + length * count))
    return sorted(spans)


def repeated_actions(actions: Sequence[ArenaAction], finished: bool, fixed: bool = False) -> float:
    """AndroidArena's repeated-action ratio of the agent's records; ``finished``: the episode ended with
    ``FINISH``; ``fixed`` compares every action (``repeated_actions_fixed``)."""
    n = len(actions)
    if not n:
        return 0.0
    merged: list[list[int]] = []
    for start, end in _repeat_spans(actions, n + 1 if fixed else n + int(finished) - 1):
        if merged and merged[-1][1] >= start:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    count = 0
    for start, end in merged:
        if all(a.type in ("SWIPE_UP", "SWIPE_DOWN") for a in actions[start:end]):
            count += max(0, end - start - 2)
        else:
            count += end - start + 1
    return count / n


def awareness_of_completion(truth: Sequence[ArenaAction], actions: Sequence[ArenaAction],
                            same: Same = same_action) -> float:
    """1 if the agent's last action is the same action as the ground truth's last step, else 0."""
    return 1.0 if truth and actions and same(actions[-1], truth[-1]) else 0.0


def completion_declared(state_success: float, self_reported: str | None) -> float | None:
    """1 if the agent declared completion of a reached goal, 0 if it did not; None if the goal was not reached."""
    if state_success < 1.0:
        return None
    return 1.0 if self_reported == "complete" else 0.0


def _runs(seq: Sequence[ArenaAction], common: Sequence[ArenaAction], same: Same) -> list[int]:
    """The lengths of the runs ``seq`` is cut into at ``common``'s elements (see the module's docstring)."""
    runs, j, end, i = [], len(common) - 1, len(seq), len(seq) - 1
    while i >= 0 and j >= 0:
        if same(seq[i], common[j]):
            runs.append(end - i - 1)
            end, j = i, j - 1
        i -= 1
    if i >= 0:
        runs.append(end - i)
    return runs[::-1]


def operation_logic(truth: Sequence[ArenaAction], actions: Sequence[ArenaAction], common: Sequence[ArenaAction],
                    same: Same = same_action) -> float:
    """AndroidArena's per-episode operation logic (a sum over the runs between common steps)."""
    if not common:
        return 0.0
    agent, reference = _runs(actions, common, same), _runs(truth, common, same)
    if not same(common[-1], truth[-1]):
        agent, reference = agent[:-1], reference[:-1]
    return sum(max(g, 1) / max(a, 1) for a, g in zip(agent, reference))


def operation_logic_per_step(pairs: Sequence[tuple[int, int]]) -> float:
    """Mean over the common subsequence's pairs (truth, action index) of 1/(wrong actions since the previous)."""
    scores, previous = [], -1
    for _, j in pairs:
        wrong = j - previous - 1
        scores.append(1.0 / wrong if wrong else 1.0)
        previous = j
    return sum(scores) / len(scores) if scores else 0.0


def nuggets_mining(actions: Sequence[ArenaAction], shares: Sequence[float | None], common: Sequence[ArenaAction],
                   same: Same = same_action) -> float:
    """AndroidArena's nuggets mining; ``shares[i]``: the share of action i's element line in its observation
    (None where the action aimed at no element, 1 where the element is not in the observation)."""
    scores, i = [], 0
    for step in common:
        while not same(actions[i], step):
            i += 1
        if shares[i] is not None:
            scores.append(shares[i])
    return sum(scores) / len(scores) if scores else 1.0


def nuggets_mining_all_steps(steps: Sequence[dict[str, Any]]) -> float | None:
    """Mean of len(target element) / len(observation text) over element-targeting steps; None if there are none."""
    shares = [len(s["target"]) / s["observation_chars"] for s in steps
              if s.get("target") and s.get("observation_chars")]
    return sum(shares) / len(shares) if shares else None


def invalid_share(kinds: Sequence[str | None], kind: str, fixed: bool = False) -> float:
    """Share of steps invalid as ``kind`` (``format`` or ``action``) by AndroidArena's count (the last step's error
    unseen) or, ``fixed``, over every step."""
    if not kinds:
        return 0.0
    counted = kinds if fixed else kinds[:-1]
    return sum(k == kind for k in counted) / len(kinds)


#: AndroidArena's constraint types: which app is used, which page is entered, which UI component is operated.
CONSTRAINT_TYPES = ("app", "page", "component")


@dataclass(frozen=True)
class Constraints:
    """What a constrained task forbids, by AndroidArena's three types: ``apps`` (packages: app level), ``pages``
    (activity names, a suffix is enough: page level), ``elements`` (regular expressions searched in the targeted
    element's description: text, id, class) and ``actions`` (action types, such as ``scroll`` for "use the search
    bar instead of scrolling"), both component level."""

    apps: tuple[str, ...] = ()
    pages: tuple[str, ...] = ()
    elements: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()

    @classmethod
    def of(cls, spec: Constraints | dict[str, Any] | None) -> Constraints | None:
        if spec is None or isinstance(spec, Constraints):
            return spec
        unknown = set(spec) - {"apps", "pages", "elements", "actions"}
        if unknown:
            raise ValueError(f"unknown constraint fields {sorted(unknown)} (apps, pages, elements, actions)")
        return cls(*(tuple(spec.get(name, ())) for name in ("apps", "pages", "elements", "actions")))

    @property
    def types(self) -> tuple[str, ...]:
        """The constraint types this declares (of :data:`CONSTRAINT_TYPES`)."""
        return tuple(t for t, on in zip(CONSTRAINT_TYPES, (self.apps, self.pages, self.elements or self.actions))
                     if on)

    def violated_by(self, step: dict[str, Any]) -> str | None:
        """Why ``step`` breaks a constraint (acting in a forbidden app or opening one, acting on a forbidden page or
        element, taking a forbidden kind of action), led by its type: ``app <package>``, ``page <activity>``,
        ``component <element>`` or ``component <action type>``; None if it does not."""
        if step.get("package") in self.apps:
            return f"app {step['package']}"
        action = step.get("action") or {}
        if action.get("action_type") == "open_app" and self.apps:
            opened, _ = resolve_app(str(action.get("app_name") or action.get("text") or ""))
            if opened in self.apps:
                return f"app {opened}"
        activity = str(step.get("activity") or "")
        for page in self.pages:
            if activity == page or activity.endswith(page):
                return f"page {activity}"
        target = str(step.get("target") or "")
        for pattern in self.elements:
            if target and re.search(pattern, target):
                return f"component {target}"
        kind = action.get("action_type")
        if kind in self.actions:
            return f"component {kind}"
        return None


def _acted(steps: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The steps that took an action on the device (not invalid output, not the final status or answer)."""
    return [s for s in steps if s.get("action") and without_finish([s["action"]])]


def constraint_violations(constraints: Constraints, steps: Sequence[dict[str, Any]]) -> list[str]:
    """The violations of the agent's action steps, one line each (``step 3: app com.android.chrome``)."""
    return [f"step {s['index']}: {why}" for s in _acted(steps) if (why := constraints.violated_by(s))]


def violation_share(violations: Sequence[str], steps: Sequence[dict[str, Any]]) -> float:
    """Violating action steps / action steps (AndroidArena's violation ratio), from already found violations."""
    acted = _acted(steps)
    return len(violations) / len(acted) if acted else 0.0


def constraint_violation_ratio(constraints: Constraints, steps: Sequence[dict[str, Any]]) -> float:
    """Violating action steps / action steps (AndroidArena's violation ratio)."""
    return violation_share(constraint_violations(constraints, steps), steps)


def violation_ratios(constraints: Constraints, violations: Sequence[str],
                     steps: Sequence[dict[str, Any]]) -> dict[str, float]:
    """``constraint_violation`` (all types) and ``constraint_violation_<type>`` for each type the task declares,
    from already found violations: the per-type ratios are what AndroidArena's Table 5 reports."""
    ratios = {"constraint_violation": round(violation_share(violations, steps), 6)}
    for kind in constraints.types:
        mine = [v for v in violations if v.split(": ", 1)[-1].startswith(kind + " ")]
        ratios[f"constraint_violation_{kind}"] = round(violation_share(mine, steps), 6)
    return ratios


__all__ = ["CONSTRAINT_TYPES", "Constraints", "awareness_of_completion", "completion_declared",
           "constraint_violation_ratio", "constraint_violations", "invalid_share", "nuggets_mining",
           "nuggets_mining_all_steps", "operation_logic", "operation_logic_per_step", "repeated_actions",
           "repeated_on_screen", "violation_ratios", "violation_share"]
