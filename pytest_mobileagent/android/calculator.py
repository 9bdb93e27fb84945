"""Calculator (``com.google.android.calculator``): Google's build of AOSP's ExactCalculator.

The package is Google's; the activity keeps AOSP's class name, ``com.android.calculator2.Calculator``. Resource
ids are those of ExactCalculator's layouts (``res/layout/pad_numeric.xml``: ``digit_0``..``digit_9``,
``dec_point``, ``eq``; ``pad_operator_one_col.xml``: ``del``, ``clr`` (in ``del``'s place, shown after a
result), ``op_div``, ``op_mul``, ``op_sub``, ``op_add``; ``display_one_line.xml``: ``formula``, the expression,
and ``result``, its value), with the operator glyphs of ``res/values/strings.xml`` and their content
descriptions (``desc_op_add`` "plus"...).
"""

from __future__ import annotations

PACKAGE = "com.google.android.calculator"
MAIN_ACTIVITY = "com.android.calculator2.Calculator"
#: Resource ids of the digit keys, by digit.
DIGIT_IDS = {str(d): f"digit_{d}" for d in range(10)}
#: Operators: id -> (glyph, content description).
OPERATORS = {"op_add": ("+", "plus"), "op_sub": ("\u2212", "minus"), "op_mul": ("\u00d7", "multiply"),
             "op_div": ("\u00f7", "divide")}
DEC_POINT, EQ, DEL, CLR = "dec_point", "eq", "del", "clr"
FORMULA, RESULT = "formula", "result"
#: What the result shows for a division by zero (ExactCalculator's ``error_zero_divide``).
ZERO_DIVIDE = "Can't divide by 0"

__all__ = ["CLR", "DEC_POINT", "DEL", "DIGIT_IDS", "EQ", "FORMULA", "MAIN_ACTIVITY", "OPERATORS", "PACKAGE",
           "RESULT", "ZERO_DIVIDE"]
