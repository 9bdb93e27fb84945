"""Mobile-Bench's CheckPoint coverage: which of a task's expected packages, activities, resource ids, key
phrases and API commands appear in the episode's history.

A check point value is a string, a plain list (each element counts), a list led by ``"|"`` (one item:
any element) or led by ``"&"`` (one item: every element somewhere in the history). Matching is substring
containment in any history entry, as the published scorer does, without its two bugs: ``&`` means
"every element appears somewhere" (not "in every entry"), and a plain-string package counts as one
package (not as its characters). ``ordered=True`` additionally requires plain-list elements to appear
in order.

- level 1 (``checkpoint_l1``): the share of expected packages found;
- level 2 (``checkpoint_l2``): passed / total over the fields ``activity``, ``resource-id``, ``text``,
  ``package`` and ``api``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pytest_mobileagent.apis import ApiCall

FIELDS = ("activity", "resource-id", "text", "package", "api")


def _found(needle: str, history: Sequence[str], start: int = 0) -> int:
    """Index of the first history entry from ``start`` containing ``needle``, or -1."""
    return next((i for i in range(start, len(history)) if needle in history[i]), -1)


def score_value(value: Any, history: Sequence[str], ordered: bool = False) -> tuple[int, int]:
    """(passed, total) for one check point value."""
    if isinstance(value, str):
        return (int(_found(value, history) >= 0), 1)
    items = [str(v) for v in value]
    if items and items[0] == "|":
        return (int(any(_found(v, history) >= 0 for v in items[1:])), 1)
    if items and items[0] == "&":
        return (int(all(_found(v, history) >= 0 for v in items[1:])), 1)
    if not ordered:
        return (sum(_found(v, history) >= 0 for v in items), len(items))
    passed, at = 0, 0
    for v in items:
        hit = _found(v, history, at)
        if hit >= 0:
            passed, at = passed + 1, hit
    return (passed, len(items))


def checkpoint_scores(check_point: dict[str, Any], history: Sequence[str], ordered: bool = False) -> dict[str, float]:
    """``checkpoint_l1`` and ``checkpoint_l2`` for one episode (absent when the task declares nothing)."""
    scores: dict[str, float] = {}
    packages = check_point.get("package")
    if packages:
        passed, total = score_value([packages] if isinstance(packages, str) else packages, history, ordered)
        scores["checkpoint_l1"] = passed / total if total else 0.0
    passed = total = 0
    for name in FIELDS:
        value = check_point.get(name)
        if value:
            p, t = score_value(value, history, ordered)
            passed, total = passed + p, total + t
    if total:
        scores["checkpoint_l2"] = passed / total
    return scores


def _screen(package: str, activity: str) -> str:
    """The app and screen a step acted on, as CheckPoints name activities: ``pkg/.Short`` and ``pkg/full.Name``."""
    if not activity:
        return package
    short = activity[len(package):] if activity.startswith(package + ".") else activity
    return f"{package} {package}/{short} {package}/{activity}"


def _action(action: dict[str, Any], target: str) -> str:
    """A step's action as Mobile-Bench's runner writes its history (``click(<element>)``, ``input(<element>,
    text)``): the verb and what it names, never the action's other fields (a wait's ``1000`` ms would match a
    key phrase "1")."""
    kind = str(action.get("action_type", ""))
    text = action.get("text") or ""
    if kind in ("click", "long_press", "double_tap"):
        return f"{kind}({target})"
    if kind == "input_text":
        return f"input({target}, {text})"
    if kind in ("scroll", "swipe"):
        return f"{kind}({action.get('direction') or ''})"
    if kind.startswith("navigate_") or kind in ("keyboard_enter", "press_key"):
        return f"press({text or kind.removeprefix('navigate_')})"
    if kind in ("open_app", "answer"):
        return f"{kind}({text})"
    return kind


def history_of(steps: Sequence[dict[str, Any]]) -> list[str]:
    """An episode's history as Mobile-Bench matches it: each step's app and screen, its action as the runner
    writes it and the element it aimed at (with its full resource id); an API call as Mobile-Bench records it,
    ``"adb shell <command>. [Call result]:<output>"``. Failed actions (invalid, or refused when performed) are dropped,
    as the published runner drops the ones it marks ``[Fail]``."""
    lines = []
    for s in steps:
        action = s.get("action") or {}
        if s.get("invalid") or s.get("error") or not action:
            continue
        target = " ".join(filter(None, (s.get("target"), s.get("target_id"))))
        line = f"{_screen(s.get('package', ''), s.get('activity', ''))} {_action(action, target)}"
        if s.get("command"):
            line += " " + ApiCall(s["command"], s.get("command_output") or "").history_entry()
        lines.append(line)
    return lines


__all__ = ["FIELDS", "checkpoint_scores", "history_of", "score_value"]
