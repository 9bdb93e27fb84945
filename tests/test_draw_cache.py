"""Draws kept between runs: the same items as drawing afresh, and drawn afresh when the code changes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from pytest_mobileagent.tasks.draw_cache import DrawCache, decode, encode
from pytest_mobileagent.tasks.registry import cases

from .suite_tasks import all_tasks

TASK = '''
from hypothesis import strategies as st
from pytest_mobileagent.tasks.base import Task


class Pick(Task):
    template = "Say {word}."
    apps = ("settings",)

    @classmethod
    def parameters(cls):
        return st.fixed_dictionaries({"word": st.sampled_from(WORDS)})

    def check(self, device, answer=None):
        return 0.0

    def oracle(self, ui):
        yield ui.complete()
'''


def test_cached_draws_are_the_draws_of_every_suite_task(tmp_path: Path) -> None:
    cache = DrawCache(tmp_path)
    for task_cls in all_tasks():
        path = Path(sys.modules[task_cls.__module__].__file__)
        fresh = cases(task_cls, 30, 2, path)
        cases(task_cls, 30, 2, path, cache=cache)  # fills the cache
        kept = cases(task_cls, 30, 2, path, cache=cache)
        assert [(c.seed, c.params) for c in kept] == [(c.seed, c.params) for c in fresh], task_cls.name
        for a, b in zip(kept, fresh):
            assert repr(a.params) == repr(b.params), task_cls.name  # tuples stay tuples, ints stay ints


def test_values_json_cannot_carry_are_drawn_every_time() -> None:
    value = {"when": (1, [2, (3.0, True)]), "n": None}
    assert decode(json.loads(json.dumps(encode(value)))) == value
    import datetime as dt

    from pytest_mobileagent.tasks.draw_cache import Draws

    draws = Draws(DrawCache(Path("/nonexistent")), Path("/nonexistent/x.json"), {})
    draws.add(0, {"at": dt.date(2024, 1, 2)})
    draws.add(1, {1: "int key"})
    draws.add(2, {"ok": (1, 2)})
    assert draws.get(0) is None and draws.get(1) is None
    assert draws.get(2) == {"ok": (1, 2)}


def _collected(pytester: pytest.Pytester, *args: str) -> list[str]:
    result = pytester.runpytest("mysuite", "--collect-only", "-q", "--ma-freeze-params", "--ma-instances", "4",
                                *args)
    assert result.ret == 0, result.stdout.str()
    return sorted(json.loads((pytester.path / "params.lock.json").read_text()).items())


def test_a_changed_strategy_is_drawn_afresh_and_the_cache_follows_the_code(pytester: pytest.Pytester) -> None:
    suite = pytester.mkdir("mysuite")
    module = suite / "tasks_pick.py"
    module.write_text('WORDS = ["alpha", "beta", "gamma"]\n' + TASK)
    first = _collected(pytester)
    assert list((pytester.path / ".pytest_cache" / "d" / "mobileagent" / "draws").glob("Pick.*.json"))
    assert _collected(pytester) == first  # from the cache
    module.write_text('WORDS = ["delta", "epsilon"]\n' + TASK)
    changed = _collected(pytester)
    assert {v["word"] for _, v in changed} <= {"delta", "epsilon"}
    assert _collected(pytester, "-p", "no:cacheprovider") == changed
    # only the current code's file is kept
    assert len(list((pytester.path / ".pytest_cache" / "d" / "mobileagent" / "draws").glob("Pick.*.json"))) == 1


def test_a_damaged_cache_file_is_drawn_again(pytester: pytest.Pytester) -> None:
    suite = pytester.mkdir("mysuite")
    (suite / "tasks_pick.py").write_text('WORDS = ["alpha", "beta", "gamma"]\n' + TASK)
    first = _collected(pytester)
    for path in (pytester.path / ".pytest_cache" / "d" / "mobileagent" / "draws").glob("Pick.*.json"):
        path.write_text('{"0": {"word": "alph')
    assert _collected(pytester) == first
