"""Mobile-Bench's CheckPoint scorer, re-written for differential tests from the behaviour of its published code
(``agent_for_ui/main_for_ui.py`` of github.com/XiaoMi/MobileBench at 4360ca8: ``calculate_package_coverage``,
``check_point_passed``, ``check_points``; read, not copied), bugs included, and the corrections the project names
``_fixed``, written from their notes (:mod:`pytest_mobileagent.metrics.checkpoint`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

FIELDS = ("activity", "resource-id", "text", "package", "api")


def level1(check_point: dict[str, Any], history: Sequence[str]) -> float:
    """The share of the ``package`` value's items (a string's characters) found in some entry; 0 without one."""
    if "package" not in check_point:
        return 0.0
    names = check_point["package"]
    if not names:
        return 0.0  # the published code divides by zero here
    covered = 0
    for name in names:
        if any(name in entry for entry in history):
            covered += 1
    return covered / len(names)


def _passed(value: list[Any], history: Sequence[str]) -> tuple[float, int]:
    if "|" in value:
        return float(any(elem in entry for elem in value if elem != "|" for entry in history)), 1
    if "&" in value:
        return float(all(elem in entry for elem in value if elem != "&" for entry in history)), 1
    return float(sum(any(elem in entry for entry in history) for elem in value)), len(value)


def level2(check_point: dict[str, Any], history: Sequence[str]) -> float:
    passed, total = 0.0, 0
    for field in FIELDS:
        value = check_point.get(field)
        if not value:
            continue
        if isinstance(value, list):
            p, t = _passed(value, history)
            passed, total = passed + p, total + t
        else:
            total += 1
            passed += any(value in entry for entry in history)
    return passed / total if total else 0.0


def _found(value: str, history: Sequence[str]) -> bool:
    return any(value in entry for entry in history)


def _fixed_value(value: Any, history: Sequence[str]) -> tuple[float, int]:
    if isinstance(value, str):
        return float(_found(value, history)), 1
    elements = [v for v in value if v not in ("|", "&")]
    if "|" in value:
        return float(any(_found(v, history) for v in elements)), 1
    if "&" in value:
        return float(all(_found(v, history) for v in elements)), 1
    return float(sum(_found(v, history) for v in value)), len(value)


def fixed(check_point: dict[str, Any], history: Sequence[str]) -> dict[str, float]:
    """Corrections 1-4: ``&`` groups need each element somewhere; a string package is one package; markers are
    not packages; no level 1 without packages (nor level 2 without check points)."""
    scores: dict[str, float] = {}
    packages = check_point.get("package")
    if packages:
        p, t = _fixed_value(packages, history)
        scores["checkpoint_l1"] = p / t
    passed, total = 0.0, 0
    for field in FIELDS:
        if check_point.get(field):
            p, t = _fixed_value(check_point[field], history)
            passed, total = passed + p, total + t
    if total:
        scores["checkpoint_l2"] = passed / total
    return scores
