"""Calculator: ExactCalculator's keys and display ids, exact arithmetic with ``×``/``÷`` first."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest

from mobileagent_sim import SimDevice
from mobileagent_sim.apps.calculator import evaluate, shown
from pytest_mobileagent.android import calculator
from pytest_mobileagent.catalog import resolve_app
from pytest_mobileagent.observe.elements import ui_elements


@pytest.fixture
def device() -> Iterator[SimDevice]:
    with SimDevice() as d:
        d.start_app(calculator.PACKAGE)
        yield d


def press(device: SimDevice, *ids: str) -> None:
    for rid in ids:
        el = next(e for e in ui_elements(device.hierarchy()) if e.resource_id == f"{calculator.PACKAGE}:id/{rid}")
        device.tap(*el.center)


def display(device: SimDevice) -> tuple[str, str]:
    texts = {e.resource_id.rsplit("/", 1)[1]: e.text for e in ui_elements(device.hierarchy())
             if e.resource_id.startswith(calculator.PACKAGE)}
    return texts[calculator.FORMULA], texts[calculator.RESULT]


def test_evaluate_is_exact_with_precedence() -> None:
    assert evaluate("145\u00d71+2") == 147 and evaluate("2+3\u00d74") == 14 and evaluate("\u22123+2") == -1
    assert evaluate("7\u00f72") == Fraction(7, 2) and evaluate("7\u00f7") is None and evaluate("") is None
    assert shown(Fraction(7, 3)) == "2.3333333333" and shown(Fraction(-5)) == "\u22125"
    with pytest.raises(ZeroDivisionError):
        evaluate("1\u00f70")


def test_keys_build_the_formula_and_equals_shows_the_value(device: SimDevice) -> None:
    assert resolve_app("Calculator") == (calculator.PACKAGE, calculator.MAIN_ACTIVITY)
    press(device, "digit_2", "op_add", "digit_3", "op_mul")
    assert display(device) == ("2+3\u00d7", "")
    press(device, "digit_4")
    assert display(device) == ("2+3\u00d74", "14")  # the preview
    press(device, calculator.EQ)
    assert display(device)[1] == "14"
    press(device, "op_sub", "digit_1", calculator.EQ)  # an operator goes on from the value
    assert display(device) == ("14\u22121", "13")
    press(device, calculator.CLR, "digit_1", "op_div", "digit_0", calculator.EQ)
    assert display(device)[1] == calculator.ZERO_DIVIDE
    assert device.screenshot()[:4] == b"\x89PNG"
