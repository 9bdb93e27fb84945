"""Answers with a letter glued to their value are that value misspelt: the checks that read numbers and dates out
of an answer reject them, while ordinals, units and free words around the value stay fine."""

from __future__ import annotations

from pytest_mobileagent.validators.answers import letter_glued
from suites.mobilebench.tasks_calculator import said_number
from suites.mobilebench.tasks_clock import said_date


def test_a_letter_glued_to_a_number_is_seen_but_not_an_ordinal_a_unit_or_a_word_after_a_space() -> None:
    assert letter_glued("555-0199x") and letter_glued("2412x") and letter_glued("55%x")
    assert not letter_glued("Oct 10th") and not letter_glued("the 2nd") and not letter_glued("10 x")
    assert letter_glued("29C") and not letter_glued("29°C", units=("C",)) and not letter_glued("5km/h", ("km",))


def test_the_last_number_said_with_a_letter_glued_is_not_said() -> None:
    assert said_number("145×1+2=147") == "147" and said_number("等于147") == "147"
    assert said_number("147x") is None and said_number("no number") is None
    assert said_number("248x10-68 = 2412") == "2412"  # an "x" for times between numbers is not glued to the last


def test_a_date_with_a_letter_glued_is_not_a_date() -> None:
    assert said_date("Oct 15") == (10, 15) and said_date("October 15th") == (10, 15)
    assert said_date("10月15日") == (10, 15)
    assert said_date("Oct 15x") is None and said_date("10月15日x") is None
