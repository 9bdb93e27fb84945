"""Calculator (``com.google.android.calculator``): Google's build of AOSP's ExactCalculator.

The package is Google's; the activity keeps AOSP's class name, ``com.android.calculator2.Calculator``. Resource
ids are those of ExactCalculator's layouts (``res/layout/pad_numeric.xml``: ``digit_0``..``digit_9``,
``dec_point``, ``eq``; ``pad_operator_one_col.xml``: ``del``, ``clr`` (in ``del``'s place, shown after a
result), ``op_div``, ``op_mul``, ``op_sub``, ``op_add``; ``display_one_line.xml``: ``formula``, the expression,
and ``result``, its value), with the operator glyphs of ``res/values/strings.xml`` and their content
descriptions (``desc_op_add`` "plus"...).

:data:`EVIDENCE` cites AOSP ExactCalculator as LineageOS keeps it (branch ``lineage-20.0``, Android 13, the
image AndroidWorld uses); Google's own Calculator build is not public, so its ids are AOSP's by lineage.
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import Source, Unconfirmed, entries, framework, key
from pytest_mobileagent.android.theme import AppTheme, LauncherIcon, Scheme

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

APP_VERSION = "AOSP ExactCalculator, Android 13 (LineageOS/android_packages_apps_ExactCalculator lineage-20.0)"
_REPO = "LineageOS/android_packages_apps_ExactCalculator"


def _aosp(path: str, note: str = "") -> Source:
    return Source(_REPO, path, app_version="lineage-20.0", note=note or "AOSP ExactCalculator, which Google's "
                  "Calculator builds on")


EVIDENCE = {
    key("activity", MAIN_ACTIVITY): _aosp("AndroidManifest.xml", "activity .Calculator of package "
                                          "com.android.calculator2 (Google's build keeps the class)"),
    **entries("id", ("pad_numeric", "dec_point", "eq", *DIGIT_IDS.values()), _aosp("res/layout/pad_numeric.xml")),
    **entries("id", ("pad_operator", "del", "clr", *OPERATORS), _aosp("res/layout/pad_operator_one_col.xml")),
    **entries("id", ("display", "formula", "result"), _aosp("res/layout/display_one_line.xml")),
    **entries("desc", ("plus", "minus", "multiply", "divide", "point", "equals", "clear", "delete"),
              _aosp("res/values/strings.xml")),
    key("text", ZERO_DIVIDE): _aosp("res/values/strings.xml", "error_zero_divide"),
    **framework("content"),
}

__all__ = ["APP_VERSION", "CLR", "DEC_POINT", "DEL", "DIGIT_IDS", "EQ", "EVIDENCE", "FORMULA", "MAIN_ACTIVITY",
           "OPERATORS", "PACKAGE", "RESULT", "ZERO_DIVIDE"]

#: Closed-source (or Google-built) app: its icon as seen on Pixel phones, no public resource read.
LAUNCHER_ICON = LauncherIcon("#4285F4", "calculate", foreground="#FFFFFF",
                             source=Unconfirmed("Google Calculator's icon, operator signs on blue"))

_PADS = Scheme(primary="#0097A7", on_primary="#FFFFFF", app_bar="#303030", on_app_bar="#FFFFFF",
               status_bar="#0096A9", background="#303030", surface="#FFFFFF", surface_variant="#525252",
               on_surface="#FFFFFF", on_surface_variant="#6CFFFFFF", outline="#525252", accent="#0097A7",
               on_accent="#FFFFFF", dark=True)
#: ExactCalculator's colours (one set, no night variant): the display and the numeric pad #303030, the operator
#: pad #525252, white pad text, the formula and result in translucent white, the accent #0097A7.
THEME = AppTheme(_PADS, _PADS, _aosp("res/values/color.xml", "display_background_color, "
                                     "pad_numeric_background_color, pad_operator_background_color, "
                                     "pad_button_text_color, display_formula_text_color, calculator_accent_color, "
                                     "calculator_statusbar_color"), material3=False, follows_night=False)

