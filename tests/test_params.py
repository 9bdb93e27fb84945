"""Parameter draws depend on the seed alone: not on which modules are loaded, nor on what hypothesis did before."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_mobileagent.tasks.params import draw

STRATEGY = st.fixed_dictionaries({"n": st.integers(0, 10**6), "amount": st.floats(0, 10**4), "s": st.text(max_size=8)})


def test_draws_do_not_change_when_a_module_with_constants_is_loaded(monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path: Path) -> None:
    before = [draw(STRATEGY, seed) for seed in range(40)]
    # a local module (a suite, a conftest, a user's helper) full of literals, loaded between draws
    folder = tmp_path
    (folder / "ma_constants_probe.py").write_text(
        "VALUES = (" + ", ".join(str(123457 + i * 7919) for i in range(300)) + ", 2.5e3, 'zebra', b'quux')\n")
    monkeypatch.syspath_prepend(str(folder))
    importlib.import_module("ma_constants_probe")

    @settings(max_examples=30, database=None)
    @given(STRATEGY)
    def elsewhere(value: object) -> None:  # another hypothesis run in the same process fills its caches
        pass

    elsewhere()
    assert [draw(STRATEGY, seed) for seed in range(40)] == before
