"""AndroidArena's trajectory metrics: the agent's actions against a task's ground-truth sequence.

With G the ground truth and A the agent's actions (both without the final "finish"), n = |G|, and L the
longest common subsequence of G and A under an action equivalence:

- task reward ``TR`` = Σ γ^(n-1-j) over the positions j of L's elements in G, walking L from its end and G
  from its end as AndroidArena does (each element matched as late as possible; later steps weigh more);
- normalised ``NTR`` = TR / Σ_{i<n} γ^i;
- completion ratio ``TCR`` = (i+1)/n for the position i of L's last element when L is matched into G as early
  as possible (0 if L is empty). The published scorer takes the first index of G equal to L's last element,
  which undercounts when G repeats an action (G = A = [click X, click X] would score 0.5); we do not;
- reversed redundancy ``RRR`` = n / |A| × success (0 for a failed task).

Equivalence (``equivalent``) is pluggable; the default follows AndroidArena's: same action type; the same
target for element actions (xpath, or one in the other's ``nearby`` xpaths; else the same index or text);
the same app for ``open_app``; typed text similar above a threshold (0.6 by default, difflib's ratio, no
language model needed). Two ``input_text`` actions that name no element both type into the focused field: their
text decides.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

GAMMA = 0.9
TEXT_SIMILARITY = 0.6
ELEMENT_ACTIONS = ("click", "long_press", "double_tap", "input_text")
Equivalence = Callable[[dict[str, Any], dict[str, Any]], bool]


def similar_text(a: str, b: str, threshold: float = TEXT_SIMILARITY) -> bool:
    return difflib.SequenceMatcher(None, a.strip().lower(), b.strip().lower()).ratio() >= threshold


def same_target(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """The same UI element: equal xpaths (or one among the other's ``nearby``), else equal index or label; a tap
    on no element (coordinates only, on both sides) is on the same spot."""
    if a.get("xpath") and b.get("xpath"):
        return (a["xpath"] == b["xpath"] or a["xpath"] in b.get("nearby", ()) or b["xpath"] in a.get("nearby", ()))
    for key in ("index", "element"):
        if a.get(key) is not None and b.get(key) is not None:
            return a[key] == b[key]
    if not _targets(a) and not _targets(b) and a.get("x") is not None and b.get("x") is not None:
        return (a["x"], a.get("y")) == (b["x"], b.get("y"))
    return False


def _targets(action: dict[str, Any]) -> bool:
    return any(action.get(key) is not None for key in ("xpath", "index", "element"))


def equivalent(a: dict[str, Any], b: dict[str, Any], threshold: float = TEXT_SIMILARITY) -> bool:
    """AndroidArena's action equivalence over action dicts (``action_type`` plus its fields)."""
    kind = a.get("action_type")
    if kind != b.get("action_type"):
        return False
    if kind == "open_app":
        return str(a.get("text", "")).lower() == str(b.get("text", "")).lower()
    if kind in ELEMENT_ACTIONS:
        focused = kind == "input_text" and not _targets(a) and not _targets(b)
        if not focused and not same_target(a, b):
            return False
        if kind == "input_text":
            return similar_text(str(a.get("text", "")), str(b.get("text", "")), threshold)
        return True
    if kind == "scroll":
        return a.get("direction") == b.get("direction")
    return True


def without_finish(actions: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The actions other than the episode-ending ``status`` and ``answer``."""
    return [a for a in actions if a.get("action_type") not in ("status", "answer")]


def lcs_positions(truth: Sequence[dict[str, Any]], actions: Sequence[dict[str, Any]],
                  same: Equivalence = equivalent) -> list[tuple[int, int]]:
    """Pairs (ground-truth index, action index) of a longest common subsequence, in order."""
    n, m = len(truth), len(actions)
    table = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            table[i][j] = (table[i + 1][j + 1] + 1 if same(truth[i], actions[j])
                           else max(table[i + 1][j], table[i][j + 1]))
    pairs, i, j = [], 0, 0
    while i < n and j < m:
        if same(truth[i], actions[j]) and table[i][j] == table[i + 1][j + 1] + 1:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif table[i + 1][j] >= table[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs


def _embedding(truth: Sequence[dict[str, Any]], common: Sequence[dict[str, Any]], same: Equivalence,
               latest: bool) -> list[int]:
    """Positions in ``truth`` of the common subsequence's elements, matched as late (or as early) as possible."""
    positions: list[int] = []
    if latest:
        i = len(truth) - 1
        for step in reversed(common):
            while i >= 0 and not same(truth[i], step):
                i -= 1
            if i < 0:
                break
            positions.append(i)
            i -= 1
        return positions[::-1]
    i = 0
    for step in common:
        while i < len(truth) and not same(truth[i], step):
            i += 1
        if i == len(truth):
            break
        positions.append(i)
        i += 1
    return positions


@dataclass(frozen=True)
class TrajectoryScores:
    task_reward: float
    normalized_task_reward: float
    task_completion_ratio: float
    reversed_redundancy_ratio: float

    def to_dict(self) -> dict[str, float]:
        return {"task_reward": round(self.task_reward, 6), "ntr": round(self.normalized_task_reward, 6),
                "tcr": round(self.task_completion_ratio, 6), "rrr": round(self.reversed_redundancy_ratio, 6)}


def trajectory_scores(truth: Sequence[dict[str, Any]], actions: Sequence[dict[str, Any]], success: float,
                      gamma: float = GAMMA, same: Equivalence = equivalent) -> TrajectoryScores:
    """AndroidArena's TR, NTR, TCR and RRR for one episode."""
    g, a = without_finish(truth), without_finish(actions)
    n = len(g)
    if n == 0:
        return TrajectoryScores(0.0, 0.0, 0.0, 0.0)
    common = [a[j] for _, j in lcs_positions(g, a, same)]
    reward = sum(gamma ** (n - 1 - i) for i in _embedding(g, common, same, latest=True))
    best = sum(gamma ** i for i in range(n))
    earliest = _embedding(g, common, same, latest=False)
    tcr = (earliest[-1] + 1) / n if earliest else 0.0
    rrr = n / len(a) * success if a else 0.0
    return TrajectoryScores(reward, reward / best, tcr, rrr)


__all__ = ["GAMMA", "TrajectoryScores", "equivalent", "lcs_positions", "same_target", "similar_text",
           "trajectory_scores", "without_finish"]
