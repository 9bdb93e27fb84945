"""An optional model judge of success, as AndroidArena and Mobile-Bench used one (``--ma-llm-judge``).

The judge reads the goal, the actions the agent took, its answer and the final screen's elements, and
answers ``Verdict: yes`` or ``Verdict: no`` with a reason. Its verdict is recorded as ``judged_success``
beside verified success and never replaces it: a state check decides the item, the judge is reported so
its agreement with the state can be measured.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pytest_mobileagent.llm.client import LLMClient

INSTRUCTION = ("You judge whether an agent operating an Android phone accomplished a user's goal. You are given "
               "the goal, the actions the agent took in order, its answer if it gave one, and the elements of the "
               "screen it ended on. Decide from that evidence alone. Reply with one line 'Verdict: yes' or "
               "'Verdict: no', then one line 'Reason: ...'.")
_VERDICT = re.compile(r"verdict\s*[:\-]\s*\**\s*(yes|no)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Judgement:
    """The judge's verdict (1.0 yes, 0.0 no, None when its reply had no verdict) and its reason."""

    success: float | None
    reason: str


def judge_prompt(goal: str, actions: list[str], answer: str | None, final_screen: str) -> list[dict[str, Any]]:
    steps = "\n".join(f"{i + 1}. {a}" for i, a in enumerate(actions)) or "(no actions)"
    text = (f"Goal: {goal}\n\nActions:\n{steps}\n\nAnswer: {answer if answer is not None else '(none)'}\n\n"
            f"Final screen elements:\n{final_screen}")
    return [{"role": "system", "content": INSTRUCTION}, {"role": "user", "content": text}]


def parse_verdict(text: str) -> Judgement:
    found = _VERDICT.search(text)
    reason = re.sub(r"(?is).*?reason\s*:\s*", "", text, count=1).strip()[:500] if "reason" in text.lower() else ""
    if found is None:
        return Judgement(None, f"no verdict in the judge's reply: {text.strip()[:200]}")
    return Judgement(1.0 if found.group(1).lower() == "yes" else 0.0, reason)


def judge(client: LLMClient, goal: str, actions: list[str], answer: str | None, final_screen: str) -> Judgement:
    """Ask the judge model about one episode."""
    reply = client.chat(judge_prompt(goal, actions, answer, final_screen))
    return parse_verdict(reply.text)


__all__ = ["Judgement", "judge", "judge_prompt", "parse_verdict"]
