"""Every contract module's evidence table covers what its simulated app shows, and ``ma-evidence`` reports it.

The oracles of every suite task are played once (one item each, seed 0), recording each hierarchy dump's resource
ids per package and the activity in front; for each contract module with an ``EVIDENCE`` table, every id and
activity of its package met on the way must have an entry: a source or an explicit "unconfirmed"
(:mod:`pytest_mobileagent.android.evidence`).
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import evidence
from pytest_mobileagent.android.evidence import UNCONFIRMED, Source, Unconfirmed, key
from tests.evidence_walk import FAILED, shown_while_solving
from tests.suite_tasks import all_tasks

MODULES = evidence.contract_modules()


@pytest.fixture(scope="module")
def shown() -> Iterator[dict[str, dict[str, str]]]:
    """What every suite task's oracle shows, per package: ``{package: {key: first task}}`` (one walk for all)."""
    d = SimDevice(serial="sim-evidence")
    try:
        found: dict[str, dict[str, str]] = {}
        for both, task in shown_while_solving(None, all_tasks(), d).items():
            package, k = both.split(" ", 1)
            found.setdefault(package, {})[k] = task
        yield found
    finally:
        d.close()


def test_a_source_names_a_file_or_a_dump_version() -> None:
    with pytest.raises(ValueError, match="repository and path"):
        Source(repo="AndroidArenaAgent/AndroidArena")
    assert str(Source(app_version="11.102")) == "dump of version 11.102"
    assert str(Source("a/b", "c.yaml", note="step 2")) == "a/b:c.yaml: step 2"
    assert str(Unconfirmed("a guess")) == "unconfirmed: a guess" and str(UNCONFIRMED) == "unconfirmed"
    with pytest.raises(ValueError, match="unknown evidence kind"):
        key("label", "Search here")


@pytest.mark.parametrize("module", MODULES, ids=[m.__name__.rsplit(".", 1)[-1] for m in MODULES])
def test_every_declared_version_and_entry_is_well_formed(module: ModuleType) -> None:
    found = evidence.summary(module)
    assert found.version and found.version != "?", f"{module.__name__} declares no APP_VERSION"
    assert found.total > 0


@pytest.mark.parametrize("module", MODULES, ids=[m.__name__.rsplit(".", 1)[-1] for m in MODULES])
def test_the_table_covers_every_id_and_activity_the_oracles_meet(module: ModuleType,
                                                                shown: dict[str, dict[str, str]]) -> None:
    if module.PACKAGE not in shown:
        pytest.skip(f"no suite task's oracle shows {module.PACKAGE}")
    seen = shown[module.PACKAGE]
    assert FAILED not in seen, f"the oracle of {seen.get(FAILED)} failed: its screens were not all walked"
    missing = sorted(f"{k}  (seen in {task})" for k, task in seen.items() if k not in module.EVIDENCE)
    assert not missing, f"{module.__name__}.EVIDENCE lacks {len(missing)} entries:\n" + "\n".join(missing)


def test_ma_evidence_prints_counts_and_lists_the_unconfirmed(capsys: pytest.CaptureFixture[str]) -> None:
    if not MODULES:
        pytest.skip("no contract module declares EVIDENCE yet")
    name = MODULES[0].__name__.rsplit(".", 1)[-1]
    assert evidence.main([name, "--verbose"]) == 0
    out = capsys.readouterr().out
    row = evidence.summary(MODULES[0])
    assert f"{row.confirmed:>9} {len(row.unconfirmed):>7} {row.total:>5}" in out
    assert f"{row.ids_confirmed}/{row.ids_total}" in out
    assert all(f"    {k}" in out for k in row.unconfirmed)
    with pytest.raises(SystemExit):
        evidence.main(["no-such-app"])
