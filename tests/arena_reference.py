"""AndroidArena's evaluator, re-written for differential tests from the behaviour of its published code
(``run_evaluator.py`` of github.com/AndroidArenaAgent/AndroidArena at c06a141: read, not copied).

It works on the data that code reads, built here from the project's step records by :func:`recorded_episode`
as AndroidArena's agent would have recorded the episode:

- ``labeled``: the ground truth as ``ui2code_to_dict`` builds it, dicts with ``action`` (``CLICK``, ``SET_TEXT``,
  ``START_APP``, ``SWIPE_UP``...), ``xpath``, ``package``, ``text``, and a final ``FINISH``;
- ``actual``: one dict per agent step but the final ``FINISH``, ``INVALID`` for a step that did not parse or failed,
  with ``nearby_xpath`` always present (the agent's records carry it);
- ``obs``: the observation each step was taken on, the screen's text, or after an invalid step the error the agent
  was shown (``Invalid agent output.`` or ``Invalid node id.``, then the step's error); one per step, the final
  ``FINISH`` included;
- ``thoughts``: the agent's output per step, from which the evaluator parses the element it aimed at.

The functions keep the published loops as they are, quirks included, and leave out the ``+1e-6`` guards of its
denominators. The project's own implementation (:mod:`pytest_mobileagent.metrics`) is written differently; the
differential tests hold the two equal.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from typing import Any

from pytest_mobileagent.catalog import resolve_app

Record = dict[str, Any]

ERRORS = {"format": "Invalid agent output. At least output one action.", "action": "Invalid node id."}
TYPE_OF = {"click": "CLICK", "long_press": "LONG_CLICK", "double_tap": "DOUBLE_CLICK", "input_text": "SET_TEXT",
           "open_app": "START_APP", "navigate_back": "PRESS_BACK", "navigate_home": "PRESS_HOME",
           "keyboard_enter": "PRESS_ENTER", "status": "FINISH", "answer": "FINISH"}
SCROLL_FINGER = {"down": "SWIPE_UP", "up": "SWIPE_DOWN", "left": "SWIPE_RIGHT", "right": "SWIPE_LEFT"}
#: ``ActionType``'s members for keys (``android_env2/actions.py``); another key K is recorded ``PRESS_K``, as
#: ``ui2code_to_dict`` writes ``press('k')``.
KEY_TYPE = {"back": "PRESS_BACK", "home": "PRESS_HOME", "enter": "PRESS_ENTER", "app_switch": "RECENT",
            "recent": "RECENT", "volume_up": "VOLUME_UP", "volume_down": "VOLUME_DOWN", "volume_mute": "VOLUME_MUTE"}


def quick_ratio_alike(a: str, b: str) -> bool:
    """AndroidArena's fallback for typed texts."""
    return difflib.SequenceMatcher(None, a, b).quick_ratio() >= 0.6


# -- the data, as AndroidArena's agent records it ------------------------------------------------------------


def _record(action: dict[str, Any], element: str | None = None) -> Record:
    kind = action["action_type"]
    if kind == "scroll":
        name = SCROLL_FINGER[action["direction"]]
    elif kind == "swipe":
        name = f"SWIPE_{action['direction'].upper()}"
    elif kind == "press_key":
        key = action["text"].lower().removeprefix("keycode_")
        name = KEY_TYPE.get(key, f"PRESS_{key.upper()}")
    else:
        name = TYPE_OF.get(kind, kind.upper())
    if action.get("xpath"):
        xpath = action["xpath"]
    elif element or action.get("element"):
        xpath = element or action.get("element")
    elif action.get("index") is not None:
        xpath = f"#{action['index']}"
    elif action.get("x") is not None:
        xpath = f"({action['x']},{action.get('y')})"
    else:
        xpath = None
    package = resolve_app(action["text"])[0] if name == "START_APP" else ""
    return {"action": name, "xpath": xpath, "package": package, "text": action.get("text") or "",
            "nearby_xpath": set(action.get("nearby") or ())}


def labeled_of(truth: Sequence[dict[str, Any]]) -> list[Record]:
    records = [_record(a) for a in truth]
    records = [r for r in records if r["action"] != "FINISH"]
    for r in records:
        if not r["nearby_xpath"]:
            del r["nearby_xpath"]  # the labelled sequence has no nearby xpaths unless given
    return [*records, {"action": "FINISH", "text": ""}]


def _failed(step: dict[str, Any]) -> str | None:
    if step.get("invalid"):
        return step["invalid"]
    if not step.get("action"):
        return "format"
    return "action" if step.get("error") else None


def _aimed(k: int) -> str:
    return f"e{k}"


def _screen_text(step: dict[str, Any], k: int) -> str:
    """The text of the screen step ``k`` was taken on: as long as the step's observation was, the element it aimed
    at (where it has one) on the first line, as long as its recorded description, led by its id in brackets."""
    target, size = step.get("target") or "", step.get("observation_chars") or 0
    mark = f"[{_aimed(k)}]"
    if not (target and size and len(target) >= len(mark)):
        return "." * 16
    line = (mark + target[len(mark):]).replace("\n", " ")
    return line + "\n" + "." * (size - len(line) - 1)


def recorded_episode(truth: Sequence[dict[str, Any]], steps: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """``labeled``, ``actual``, ``obs`` and ``thoughts`` of an episode (see the module's docstring)."""
    actual, obs, thoughts = [], [], []
    previous: str | None = None
    for k, step in enumerate(steps):
        obs.append(previous if previous else _screen_text(step, k))
        failed = _failed(step)
        previous = f"{ERRORS[failed]} {step.get('error') or ''}" if failed else None
        if failed:
            actual.append({"action": "INVALID", "xpath": None, "package": "", "text": None,
                           "nearby_xpath": set()})
            thoughts.append("#oops#")
            continue
        record = _record(step["action"], step.get("target"))
        if record["action"] == "FINISH":
            thoughts.append("#finish#")
            continue
        actual.append(record)
        aimed = _aimed(k) if step.get("target") else "zz"
        thoughts.append(f"#click [{aimed}]#" if "CLICK" in record["action"] or record["action"] == "SET_TEXT"
                        else f"#{record['action'].lower()}#")
    return {"labeled": labeled_of(truth), "actual": actual, "obs": obs, "thoughts": thoughts}


# -- the evaluator ---------------------------------------------------------------------------------------------

Alike = Callable[[str, str], bool]


def same(a1: Record, a2: Record, alike: Alike = quick_ratio_alike) -> bool:
    if a1["action"] != a2["action"]:
        return False
    if a1["action"] == "START_APP":
        return a1["package"] == a2["package"]
    near = (a2["xpath"] in a1.get("nearby_xpath", set())) or (a1["xpath"] in a2.get("nearby_xpath", set()))
    if "CLICK" in a1["action"]:
        return a1["xpath"] == a2["xpath"] or near
    if a1["action"] == "SET_TEXT":
        return (a1["xpath"] == a2["xpath"] or near) and alike(a1["text"], a2["text"])
    return True


def longest_common(s1: Sequence[Record], s2: Sequence[Record], alike: Alike = quick_ratio_alike) -> list[Record]:
    """The common subsequence the published dynamic programme and its walk back give (elements of ``s1``)."""
    rows, cols = len(s1) + 1, len(s2) + 1
    size = [[0] * cols for _ in range(rows)]
    way = [[""] * cols for _ in range(rows)]
    for a in range(len(s1)):
        for b in range(len(s2)):
            if same(s1[a], s2[b], alike):
                size[a + 1][b + 1], way[a + 1][b + 1] = size[a][b] + 1, "diagonal"
            elif size[a + 1][b] > size[a][b + 1]:
                size[a + 1][b + 1], way[a + 1][b + 1] = size[a + 1][b], "left"
            else:
                size[a + 1][b + 1], way[a + 1][b + 1] = size[a][b + 1], "up"
    out: list[Record] = []
    a, b = len(s1), len(s2)
    while size[a][b]:
        step = way[a][b]
        if step == "diagonal":
            out.append(s1[a - 1])
            a, b = a - 1, b - 1
        elif step == "left":
            b -= 1
        else:
            a -= 1
    return out[::-1]


def task_reward(labeled: Sequence[Record], lcs: Sequence[Record], gamma: float = 0.9,
                alike: Alike = quick_ratio_alike) -> tuple[float, float]:
    if not lcs:
        return 0.0, 0.0
    total, k = 0.0, 0
    for element in reversed(lcs):
        while k < len(labeled):
            if same(labeled[len(labeled) - k - 1], element, alike):
                total += gamma ** k
                k += 1
                break
            k += 1
    return total, total / sum(gamma ** i for i in range(len(labeled)))


def completion_ratio(labeled: Sequence[Record], lcs: Sequence[Record], alike: Alike = quick_ratio_alike) -> float:
    if not lcs:
        return 0.0
    for i, step in enumerate(labeled):
        if same(step, lcs[-1], alike):
            return (i + 1) / len(labeled)
    raise AssertionError("unreachable: L's last element is a ground-truth step")


def redundancy_ratio(labeled: Sequence[Record], actual: Sequence[Record], success: float) -> float:
    return len(labeled) / len(actual) * success if actual else 0.0


def share_of(obs: Sequence[str], marks: Sequence[str]) -> float:
    return sum(any(m in o for m in marks) for o in obs) / len(obs) if obs else 0.0


def invalid_format(obs: Sequence[str]) -> float:
    return share_of(obs, ["Invalid agent output."])


def invalid_action(obs: Sequence[str]) -> float:
    return share_of(obs, ["Invalid action", "Invalid node id", "Cannot find APP"])


def _parse_aimed(thought: str) -> str | None:
    found = re.findall(r"#(.+?)#", thought)
    words = (found[-1] if found else thought).split()
    if words and "click" in words[0]:
        inner = re.findall(r"\[(.+?)\]", " ".join(words[1:]))
        return inner[-1] if inner else None
    return None


def nuggets(actual: Sequence[Record], lcs: Sequence[Record], thoughts: Sequence[str], obs: Sequence[str],
            alike: Alike = quick_ratio_alike) -> float:
    scores, i = [], 0
    for element in lcs:
        while not same(actual[i], element, alike):
            i += 1
        aimed = _parse_aimed(thoughts[i])
        if aimed is None:
            continue
        hits = re.findall(rf"\s*\[{re.escape(aimed)}\].*", obs[i])
        scores.append(len(hits[0]) / len(obs[i]) if hits else 1.0)
    return sum(scores) / len(scores) if scores else 1.0


def _cut(seq: Sequence[Record], lcs: Sequence[Record], alike: Alike) -> list[list[Record]]:
    pieces: list[list[Record]] = []
    i, j, last = len(seq) - 1, len(lcs) - 1, len(seq)
    while i >= 0:
        if j < 0:
            break
        if same(seq[i], lcs[j], alike):
            pieces.append(list(seq[i + 1:last]))
            last, j = i, j - 1
        i -= 1
    if i >= 0:
        pieces.append(list(seq[i:last]))
    return pieces[::-1]


def operation_logic(actual: Sequence[Record], labeled: Sequence[Record], lcs: Sequence[Record],
                    alike: Alike = quick_ratio_alike) -> float:
    if not lcs:
        return 0.0
    agent, truth = _cut(actual, lcs, alike), _cut(labeled, lcs, alike)
    if not same(lcs[-1], labeled[-1], alike):
        agent, truth = agent[:-1], truth[:-1]
    return sum(max(len(t), 1) / max(len(a), 1) for a, t in zip(agent, truth))


def _same_blocks(block: Sequence[Record], earlier: Sequence[Record], obs1: Sequence[str],
                 obs2: Sequence[str]) -> bool:
    for x, y, o1, o2 in zip(block, earlier, obs1, obs2):
        if x["action"] != y["action"]:
            return False
        if x["action"] == "START_APP" and x["package"] != y["package"]:
            return False
        if ("CLICK" in x["action"] or x["action"] == "SET_TEXT") and x["xpath"] != y["xpath"]:
            return False
        if x["action"] == "INVALID" and o1 != o2:
            return False
    return True


def repeated_actions(actual: Sequence[Record], obs: Sequence[str]) -> float:
    n = len(actual)
    spans: dict[tuple[int, int], int] = {}
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            start, end, count = i + length, i + 2 * length, 1
            while end <= n and _same_blocks(actual[start:end], actual[i:i + length], obs[start + 1:end + 1],
                                            obs[i + 1:i + length + 1]):
                count, start, end = count + 1, start + length, end + length
            if count > 1:
                key = (i + length, i + length * count)
                spans[key] = max(spans.get(key, 0), count)
    if not spans:
        return 0.0
    merged: list[list[int]] = []
    for first, last in sorted(spans):
        if merged and merged[-1][1] >= first:
            merged[-1][1] = max(merged[-1][1], last)
        else:
            merged.append([first, last])
    total = 0
    for first, last in merged:
        if all(a["action"] in ("SWIPE_UP", "SWIPE_DOWN") for a in actual[first:last]):
            total += max(0, last - first - 2)
        else:
            total += last - first + 1
    return total / n


def aware_completion(actual: Sequence[Record], labeled: Sequence[Record], alike: Alike = quick_ratio_alike) -> float:
    return 1.0 if actual and same(actual[-1], labeled[-1], alike) else 0.0


def evaluate(truth: Sequence[dict[str, Any]], steps: Sequence[dict[str, Any]], success: float,
             gamma: float = 0.9) -> dict[str, float]:
    """Every AndroidArena metric of an episode, by the names the project reports them."""
    data = recorded_episode(truth, steps)
    labeled_full, actual, obs = data["labeled"], data["actual"], data["obs"]
    lcs = longest_common(labeled_full, actual)
    labeled = labeled_full[:-1]
    tr, ntr = task_reward(labeled, lcs, gamma)
    return {"task_reward": tr, "ntr": ntr, "tcr": completion_ratio(labeled, lcs),
            "rrr": redundancy_ratio(labeled, actual, success),
            "operation_logic": operation_logic(actual, labeled, lcs),
            "awareness_of_completion": aware_completion(actual, labeled),
            "nuggets_mining": nuggets(actual, lcs, data["thoughts"], obs),
            "invalid_format": invalid_format(obs), "invalid_action": invalid_action(obs),
            "repeated_actions": repeated_actions(actual, obs) if actual else 0.0}
