"""Calculator (``com.google.android.calculator``, AOSP ExactCalculator's screens and ids).

Keys append to the formula (``145×1+2``); while the formula ends in a number after an operator, ``result``
previews its value; ``=`` puts the value in ``result`` and swaps DEL for CLR; a digit after that starts a new
formula, an operator continues from the value. Arithmetic is exact (fractions), ``×``/``÷`` before ``+``/``−``;
a non-integer value shows up to ten decimals.
"""

from __future__ import annotations

import re
from fractions import Fraction

from mobileagent_sim.app import Activity, App
from mobileagent_sim.views import Button, Column, Row, Text, View
from pytest_mobileagent.android.calculator import (
    CLR,
    DEC_POINT,
    DEL,
    DIGIT_IDS,
    EQ,
    FORMULA,
    MAIN_ACTIVITY,
    OPERATORS,
    PACKAGE,
    RESULT,
    ZERO_DIVIDE,
)

_GLYPHS = {glyph for glyph, _ in OPERATORS.values()}
_TOKEN = re.compile(r"\d+(?:\.\d*)?|\.\d+|[+\u2212\u00d7\u00f7]")


def evaluate(formula: str) -> Fraction | None:
    """The exact value of ``formula`` (``×``/``÷`` before ``+``/``−``; a leading ``−`` negates), or None where it
    is incomplete; ZeroDivisionError for a division by zero."""
    tokens = _TOKEN.findall(formula)
    if not tokens or "".join(tokens) != formula or tokens[-1] in _GLYPHS:
        return None
    if tokens[0] == "\u2212":
        tokens = ["0", *tokens]
    terms: list[Fraction] = []
    sign, op = 1, "+"
    for i in range(0, len(tokens), 2):
        if tokens[i] in _GLYPHS or (i + 1 < len(tokens) and tokens[i + 1] not in _GLYPHS):
            return None
        value = Fraction(tokens[i])
        if op in "+\u2212":
            terms.append(sign * value)
        else:
            terms[-1] = terms[-1] * value if op == "\u00d7" else terms[-1] / value
        op = tokens[i + 1] if i + 1 < len(tokens) else ""
        sign = -1 if op == "\u2212" else 1
    return sum(terms, Fraction(0))


def shown(value: Fraction) -> str:
    """A value as the display shows it: an integer as is, else up to ten decimals (``−`` for a minus)."""
    text = str(value.numerator // value.denominator if value.denominator == 1 else
               f"{float(round(value, 10)):.10f}".rstrip("0").rstrip("."))
    return text.replace("-", "\u2212")


class Calculator(Activity):
    """The display (formula over result) and the two pads."""

    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: object):
        super().__init__(app, intent)  # type: ignore[arg-type]
        self.formula = ""
        self.answer = ""  # the value "=" showed, while it is shown

    def preview(self) -> str:
        if self.answer:
            return self.answer
        if not any(g in self.formula.lstrip("\u2212") for g in _GLYPHS):
            return ""
        try:
            value = evaluate(self.formula)
        except ZeroDivisionError:
            return ""
        return "" if value is None else shown(value)

    def build(self) -> View:
        key = self.key
        numeric = [Row(*(key(DIGIT_IDS[d], d) for d in row)) for row in ("789", "456", "123")]
        numeric.append(Row(key(DEC_POINT, ".", desc="point"), key(DIGIT_IDS["0"], "0"),
                           key(EQ, "=", desc="equals")))
        clear = key(CLR, "CLR", "clear", 64) if self.answer else key(DEL, "DEL", "delete", 64)
        operators = [clear, *(key(i, *OPERATORS[i], 64) for i in ("op_div", "op_mul", "op_sub", "op_add"))]
        return Column(
            Column(Text(self.formula, id=FORMULA, style="display", height=96, gravity="end"),
                   Text(self.preview(), id=RESULT, style="headline", height=64, gravity="end"), id="display"),
            View(weight=1),
            Row(Column(*numeric, id="pad_numeric", weight=3),
                Column(*operators, id="pad_operator", weight=1, style="panel")),
        )

    def key(self, id: str, text: str, desc: str = "", height: int = 80) -> View:
        """A pad button (the operator column's five share the numeric pad's height)."""
        return Button(text, lambda: self.press(id), id=id, desc=desc, weight=1, height=height, style="keypad")

    def press(self, id: str) -> None:
        if id == EQ:
            self.equals()
        elif id in (CLR, DEL):
            self.formula = "" if id == CLR else self.formula[:-1]
            self.answer = ""
        elif id in OPERATORS:
            self.append(OPERATORS[id][0], continues=True)
        else:
            self.append("." if id == DEC_POINT else id.removeprefix("digit_"), continues=False)

    def append(self, text: str, continues: bool) -> None:
        if self.answer:  # after "=": an operator goes on from the value, a digit starts afresh
            self.formula = self.answer if continues and self.answer != ZERO_DIVIDE else ""
            self.answer = ""
        if text in _GLYPHS and self.formula[-1:] in _GLYPHS:
            self.formula = self.formula[:-1]  # a second operator replaces the first
        if text in _GLYPHS and not self.formula and text != "\u2212":
            return
        self.formula += text

    def equals(self) -> None:
        try:
            value = evaluate(self.formula)
        except ZeroDivisionError:
            self.answer = ZERO_DIVIDE
            return
        if value is not None and any(g in self.formula.lstrip("\u2212") for g in _GLYPHS):
            self.answer = shown(value)


class CalculatorApp(App):
    package = PACKAGE
    label = "Calculator"
    icon = "calculator"
    activities = (Calculator,)
    uid = 10165
