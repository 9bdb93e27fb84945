"""What a field of each input type keeps of typed text, as Android's key listeners filter it."""

from __future__ import annotations

import pytest

from mobileagent_sim.key_listeners import filtered


def test_a_phone_field_keeps_what_dialer_key_listener_accepts() -> None:
    assert filtered("phone", "555-0199x") == "555-0199"
    assert filtered("phone", "+1 (650) 555-0101;ext,2#*N/.") == "+1 (650) 555-0101;,2#*N/."
    assert filtered("phone", "abc") == ""


def test_number_fields_keep_digits_and_a_decimal_one_its_point() -> None:
    assert filtered("number", "-12.50 USD") == "1250"
    assert filtered("numberDecimal", "$12.50") == "12.50"


def test_a_text_field_keeps_everything_and_an_unknown_type_is_refused() -> None:
    assert filtered("", "Buy milk x2 ✓") == "Buy milk x2 ✓"
    with pytest.raises(ValueError, match="unknown input type 'date'"):
        filtered("date", "2024-01-01")
