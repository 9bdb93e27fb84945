"""``--ma-androidworld-check``: AndroidWorld's own ``is_successful`` beside the project's check, per item and in
``metrics.json``, on the simulator over its adb wire."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from pytest_mobileagent.metrics.success import summarize
from pytest_mobileagent.tasks import androidworld as aw

ROOT = Path(__file__).resolve().parents[1]
#: An AndroidWorld item in a pytester run: the suite's class, under a folder named as the suite.
FAMILY = '''
from suites.androidworld.tasks_system import {name} as _Family


class {name}(_Family):
    pass
'''
MISSING = aw.missing_requirements(aw.source_folder())


def run(pytester: pytest.Pytester, name: str, agent: str, *extra: str) -> tuple[pytest.RunResult, dict[str, Any]]:
    pytester.mkdir("androidworld")
    pytester.path.joinpath("androidworld", "tasks_check.py").write_text(FAMILY.format(name=name))
    env = os.environ.get("PYTHONPATH", "")
    pytester._monkeypatch.setenv("PYTHONPATH", f"{ROOT}{os.pathsep}{env}" if env else str(ROOT))
    result = pytester.runpytest_subprocess("androidworld", "--agent", agent, "--ma-androidworld-check",
                                           "--ma-run-id", "check", "-p", "no:cacheprovider", *extra)
    out = pytester.path / "reports" / "check"
    [record] = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    return result, {"record": record, "metrics": json.loads((out / "metrics.json").read_text())}


def test_without_androidworld_the_check_says_why_and_the_verdict_stands(pytester: pytest.Pytester) -> None:
    pytester.mkdir("no-datasets")
    _, found = run(pytester, "SystemWifiTurnOn", "oracle", f"--ma-datasets={pytester.path / 'no-datasets'}")
    record = found["record"]
    assert record["success"] == 1.0 and record["androidworld_success"] is None
    assert "androidworld" in record["androidworld_error"].lower() or "adb" in record["androidworld_error"]
    assert "androidworld_check" not in found["metrics"]


@pytest.mark.compat
@pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::RuntimeWarning")
@pytest.mark.parametrize("agent,verdict", [("oracle", 1.0), ("noop", 0.0)])
def test_androidworld_judges_each_item_beside_the_check(pytester: pytest.Pytester, agent: str,
                                                        verdict: float) -> None:
    result, found = run(pytester, "SystemWifiTurnOn", agent, f"--ma-datasets={aw.source_folder().parents[1]}")
    record = found["record"]
    assert record["androidworld_error"] == "" and record["androidworld_success"] == verdict == record["success"]
    check = found["metrics"]["androidworld_check"]
    assert check["episodes"] == 1 and check["agreement_with_state"] == 1.0 and check["disagreements"] == []
    result.stdout.fnmatch_lines(["*AndroidWorld's own check: *% successful over 1 episodes; agrees with the "
                                 "project's check on 100.0%*"])


def test_metrics_list_the_items_where_androidworld_disagrees() -> None:
    base = {"suite": "androidworld", "agent": "oracle", "outcome": "success", "num_steps": 1, "apps": [],
            "tags": [], "difficulty": "easy"}
    records = [{**base, "task": "A", "instance": 0, "success": 1.0, "androidworld_success": 1.0},
               {**base, "task": "B", "instance": 2, "success": 1.0, "androidworld_success": 0.0},
               {**base, "task": "C", "instance": 0, "success": 0.0, "outcome": "failure"}]
    check = summarize(records)["androidworld_check"]
    assert check == {"episodes": 2, "androidworld_success_rate": 0.5, "agreement_with_state": 0.5,
                     "disagreements": ["B[2]: project 1, AndroidWorld 0"]}


def test_a_benchmark_dict_completes_alike_and_keeps_its_values() -> None:
    from suites.androidworld.tasks_contacts import ContactsAddContact
    from suites.androidworld.tasks_recipe import RecipeDeleteSingleRecipe

    given = {"name": "Ada Lovelace", "number": "+15551234567", "seed": 7}  # AndroidWorld's keys only
    first, again = ContactsAddContact(dict(given)).params, ContactsAddContact(dict(given)).params
    assert first == again and {k: first[k] for k in given} == given and "others" in first
    row = type("Row", (), {f: "" for f in ("description", "servings", "preparationTime", "source", "ingredients",
                                           "directions", "imageName")} | {"title": "Dal", "favorite": 0,
                                                                          "recipeId": -1})()
    task = RecipeDeleteSingleRecipe({"row_objects": [row]})  # an object with the fields, as AndroidWorld's Recipe
    assert task.goal == "Delete the following recipes from Broccoli app: Dal."
