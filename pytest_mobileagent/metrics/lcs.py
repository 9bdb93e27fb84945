"""AndroidArena's trajectory metrics, as its evaluator computes them: the agent's actions against a task's ground truth.

Both sides are AndroidArena's action records (:mod:`pytest_mobileagent.metrics.arena_steps`): G the ground truth
without its ``FINISH`` (n = |G|), A the agent's records (``INVALID`` ones included, ``FINISH`` left out), and L
their longest common subsequence under :func:`~pytest_mobileagent.metrics.arena_steps.same_action`, chosen as
AndroidArena's dynamic programme and walk back choose it (:func:`common_subsequence`: where several exist, the walk
back from the ends of both moves along the agent's actions only when that keeps a strictly longer subsequence, else
along the ground truth), its elements being G's records:

- task reward ``TR`` = Σ γ^k over L's elements walked from the end, k the distance from G's end of the latest step
  of G (at or before the previous one) that is the same action as that element; ``NTR`` = TR / Σ_{i<n} γ^i;
- completion ratio ``TCR`` = (i+1)/n for the first step i of G that is the same action as L's last element (0 for
  an empty L). Where G repeats an action, that first step may come before the ones L follows (G = A = [click X,
  click X] scores 0.5): ``tcr_fixed`` places L in G as early as possible and takes its last element's step, which
  differs only where G repeats an action;
- reversed redundancy ``RRR`` = n / |A| × success (0 for a failed task). The published code's ``+1e-6`` in the
  denominator is left out; an episode with no action records has an RRR of 0 here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pytest_mobileagent.metrics.arena_steps import ArenaAction, Same, same_action

GAMMA = 0.9


def common_subsequence(truth: Sequence[ArenaAction], actions: Sequence[ArenaAction],
                       same: Same = same_action) -> list[tuple[int, int]]:
    """The pairs (ground-truth index, action index) of AndroidArena's longest common subsequence, in order."""
    n, m = len(truth), len(actions)
    length = [[0] * (m + 1) for _ in range(n + 1)]
    matched = [[False] * (m + 1) for _ in range(n + 1)]
    for i in range(n):
        for j in range(m):
            if same(truth[i], actions[j]):
                length[i + 1][j + 1] = length[i][j] + 1
                matched[i + 1][j + 1] = True
            else:
                length[i + 1][j + 1] = max(length[i + 1][j], length[i][j + 1])
    pairs = []
    i, j = n, m
    while length[i][j]:
        if matched[i][j]:
            pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif length[i][j - 1] > length[i - 1][j]:
            j -= 1
        else:
            i -= 1
    return pairs[::-1]


@dataclass(frozen=True)
class TrajectoryScores:
    task_reward: float
    normalized_task_reward: float
    task_completion_ratio: float
    reversed_redundancy_ratio: float
    #: TCR at L's last step when L is placed in G as early as possible (see the module's docstring).
    task_completion_ratio_fixed: float

    def to_dict(self) -> dict[str, float]:
        return {"task_reward": self.task_reward, "ntr": self.normalized_task_reward,
                "tcr": self.task_completion_ratio, "tcr_fixed": self.task_completion_ratio_fixed,
                "rrr": self.reversed_redundancy_ratio}


def task_reward(truth: Sequence[ArenaAction], common: Sequence[ArenaAction], gamma: float = GAMMA,
                same: Same = same_action) -> float:
    """AndroidArena's TR: L's elements from the end, each at the latest step of G left that is the same action."""
    score, k, n = 0.0, 0, len(truth)
    for step in reversed(common):
        while k < n:
            hit = same(truth[n - 1 - k], step)
            k += 1
            if hit:
                score += gamma ** (k - 1)
                break
    return score


def trajectory_scores(truth: Sequence[ArenaAction], actions: Sequence[ArenaAction], success: float,
                      gamma: float = GAMMA, same: Same = same_action) -> TrajectoryScores:
    """AndroidArena's TR, NTR, TCR and RRR for one episode (and ``tcr_fixed``), from both sides' records."""
    n = len(truth)
    pairs = common_subsequence(truth, actions, same)
    if not pairs:
        rrr = n / len(actions) * success if actions else 0.0
        return TrajectoryScores(0.0, 0.0, 0.0, rrr, 0.0)
    common = [truth[i] for i, _ in pairs]
    reward = task_reward(truth, common, gamma, same)
    first = next(i for i in range(n) if same(truth[i], common[-1]))
    rrr = n / len(actions) * success
    return TrajectoryScores(reward, reward / sum(gamma ** i for i in range(n)), (first + 1) / n, rrr,
                            (_earliest_end(truth, common, same) + 1) / n)


def _earliest_end(truth: Sequence[ArenaAction], common: Sequence[ArenaAction], same: Same) -> int:
    """The step of G where L's last element falls when L is placed in G as early as possible."""
    at = -1
    for step in common:
        at = next(i for i in range(at + 1, len(truth)) if same(truth[i], step))
    return at


__all__ = ["GAMMA", "TrajectoryScores", "common_subsequence", "task_reward", "trajectory_scores"]
