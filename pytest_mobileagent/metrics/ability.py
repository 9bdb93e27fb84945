"""AndroidArena's fine-grained ability metrics and constraint violations, from an episode's steps.

- ``repeated_actions``: the share of steps that repeat an action already taken on the same screen (the
  agent is going round in a loop instead of exploring); exploration = 1 − this.
- ``awareness_of_completion``: on an episode whose goal was reached, 1 if the agent declared completion
  (a ``status complete`` or an answer), else 0; undefined when the goal was not reached.
- ``operation_logic``: for every ground-truth step the agent eventually performed, the inverse of the
  number of wrong actions it tried since its previous correct one (1 when there were none), averaged; 0
  when it performed none. Needs a ground-truth sequence.
- ``nuggets_mining``: over steps that targeted an element, the mean share of the observation's text taken
  by that element's description (how small a nugget the agent picked out of the screen).
- ``constraint_violation``: for constrained tasks, the share of the agent's actions taken in a forbidden
  app, on a forbidden page (activity) or on a forbidden element.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pytest_mobileagent.catalog import resolve_app
from pytest_mobileagent.metrics.lcs import Equivalence, equivalent, lcs_positions, without_finish


def _key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True, default=str)


def repeated_actions(steps: Sequence[dict[str, Any]]) -> float:
    """Share of steps whose (screen, action) pair already occurred earlier in the episode."""
    seen: set[tuple[str, str]] = set()
    repeated = 0
    for s in steps:
        pair = (str(s.get("screen") or ""), _key(s.get("action")))
        repeated += pair in seen
        seen.add(pair)
    return repeated / len(steps) if steps else 0.0


def awareness_of_completion(state_success: float, self_reported: str | None) -> float | None:
    """1 if the agent declared completion of a reached goal, 0 if it did not; None if the goal was not reached."""
    if state_success < 1.0:
        return None
    return 1.0 if self_reported == "complete" else 0.0


def operation_logic(truth: Sequence[dict[str, Any]], actions: Sequence[dict[str, Any]],
                    same: Equivalence = equivalent) -> float:
    """Mean over matched ground-truth steps of 1/(wrong attempts before it), 1 for no wrong attempt."""
    pairs = lcs_positions(without_finish(truth), without_finish(actions), same)
    if not pairs:
        return 0.0
    scores, previous = [], -1
    for _, j in pairs:
        wrong = j - previous - 1
        scores.append(1.0 / wrong if wrong else 1.0)
        previous = j
    return sum(scores) / len(scores)


def nuggets_mining(steps: Sequence[dict[str, Any]]) -> float | None:
    """Mean of len(target element) / len(observation text) over element-targeting steps; None if there are none."""
    shares = [len(s["target"]) / s["observation_chars"] for s in steps
              if s.get("target") and s.get("observation_chars")]
    return sum(shares) / len(shares) if shares else None


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


__all__ = ["CONSTRAINT_TYPES", "Constraints", "awareness_of_completion", "constraint_violation_ratio",
           "constraint_violations", "nuggets_mining", "operation_logic", "repeated_actions", "violation_ratios",
           "violation_share"]
