"""Arithmetic (Mobile-Bench's ``arith`` domain) on the simulated Calculator: the agent answers, the answer is
checked against the exact value.

Mobile-Bench's phones answered these on the MIUI calculator's voice card (``com.miui.calculator``); here the
agent works the keys of Google's Calculator (AOSP ExactCalculator's ids: ``digit_N``, ``op_mul``, ``eq``...) and
reads ``result``, or does the sum itself: only the answer is judged.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import calculator
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import ANSWER_ONLY
from pytest_mobileagent.tasks.oracle import UI
from suites.mobilebench.common import MobileBenchTask, lang

#: Operators: name -> (Chinese, English, the key's resource id).
OPS = {"add": ("加", "plus", "op_add"), "sub": ("减", "minus", "op_sub"), "mul": ("乘", "times", "op_mul"),
       "div": ("除以", "divided by", "op_div")}
#: The operator pairs asked about: Mobile-Bench 119 multiplies then adds; the others need ``×``/``÷`` before
#: ``+``/``−`` (an agent working left to right gets them wrong).
FORMS = (("mul", "add"), ("add", "mul"), ("sub", "mul"), ("mul", "sub"), ("div", "add"))
NUMBER = re.compile(r"[-\u2212]?\d+(?:\.\d+)?")


def value_of(a: int, op1: str, b: int, op2: str, c: int) -> Fraction:
    """``a op1 b op2 c`` with ``×``/``÷`` first."""
    apply = {"add": lambda x, y: x + y, "sub": lambda x, y: x - y, "mul": lambda x, y: x * y,
             "div": lambda x, y: x / y}
    x, y, z = Fraction(a), Fraction(b), Fraction(c)
    if op2 in ("mul", "div") and op1 in ("add", "sub"):
        return apply[op1](x, apply[op2](y, z))
    return apply[op2](apply[op1](x, y), z)


def said_number(answer: str) -> str | None:
    """The last number ``answer`` says (``147`` in "145×1+2=147"), as written; None if it says none or a letter is
    glued to the last one ("147x" is not 147)."""
    text = answer.replace(",", "")
    found = list(NUMBER.finditer(text))
    if not found or re.match(r"[A-Za-z]", text[found[-1].end():]):
        return None
    return found[-1].group().replace("\u2212", "-")


class MobileBenchArithmetic(MobileBenchTask):
    """Mobile-Bench 119 "145乘1加2等于多少": two operations on three whole numbers, ``×``/``÷`` before ``+``/``−``.

    The rule: the answer counts when the last number it says is the value, exactly ("6.5" for 13÷2, "147"), or
    rounded to as many decimals as the answer gives, at least two ("2.33" or "2.3333" for 7÷3, not "2.3").
    Words around the number ("等于147", "145×1+2 = 147") are fine; a Chinese minus (负) is not read.
    """

    template = "what is {a} {op1_en} {b} {op2_en} {c}"
    template_zh = "{a}{op1_zh}{b}{op2_zh}{c}等于多少"
    apps = ("calculator",)
    tags = ("sast", "arith", "answer")
    answer_required = True
    complexity = 1.5
    optimal_steps = 12
    packages = frozenset({calculator.PACKAGE})
    published = ({"lang": "zh", "a": 145, "op1": "mul", "b": 1, "op2": "add", "c": 2},)
    check_point = {"package": calculator.PACKAGE, "activity": calculator.MAIN_ACTIVITY,
                   "resource-id": calculator.EQ}
    tolerates = {**ANSWER_ONLY, "answer:duplicate": "the same number said twice is still the value"}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.builds(cls.around, lang(), st.sampled_from(FORMS), st.integers(10, 999), st.integers(2, 99),
                         st.integers(1, 99))

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        return st.just(cls.around(row["lang"], (row["op1"], row["op2"]), row["a"], row["b"], row["c"]))

    @staticmethod
    def around(lg: str, form: tuple[str, str], a: int, b: int, c: int) -> dict[str, Any]:
        op1, op2 = form
        return {"lang": lg, "a": a, "op1": op1, "b": b, "op2": op2, "c": c, "op1_zh": OPS[op1][0],
                "op1_en": OPS[op1][1], "op2_zh": OPS[op2][0], "op2_en": OPS[op2][1]}

    @property
    def value(self) -> Fraction:
        p = self.params
        return value_of(p["a"], p["op1"], p["b"], p["op2"], p["c"])

    def check(self, device: Device, answer: str | None = None) -> float:
        said = said_number(answer or "")
        if said is None:
            return 0.0
        decimals = len(said.partition(".")[2])
        exact = Fraction(said) == self.value
        return 1.0 if exact or (decimals >= 2 and Fraction(said) == round(self.value, decimals)) else 0.0

    def describe_state(self, device: Device) -> str:
        return f"value = {self.value} ({float(self.value):.4f})"

    def oracle(self, ui: UI) -> Iterator[Action]:
        p = self.params
        yield ui.open_app("Calculator")
        for part in (str(p["a"]), p["op1"], str(p["b"]), p["op2"], str(p["c"])):
            for rid in [OPS[part][2]] if part in OPS else [calculator.DIGIT_IDS[d] for d in part]:
                yield ui.click(rid=rid)
        yield ui.click(rid=calculator.EQ)
        yield ui.answer(ui.element(rid=calculator.RESULT)[1].text.replace("\u2212", "-"))
