"""What a simulated app shows while the suites' oracles solve its tasks: the resource ids and activities of its screens.

Shared by the evidence tests (``tests/test_evidence*.py``): each plays, for one contract module, the oracle of one
item of every suite task of the module's package, and records every resource id of a node of that
package in each hierarchy dump the episode takes, and every activity of the package in front at those moments.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path

from mobileagent_sim import SimDevice
from pytest_mobileagent.agents.builtin import OracleAgent
from pytest_mobileagent.android.evidence import key
from pytest_mobileagent.catalog import resolve_app
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.episode import play
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.registry import cases
from tests.suite_tasks import ROOT, all_tasks

#: The key under which the walk names a task whose oracle did not succeed (its screens were not all walked).
FAILED = "oracle-failed"
NODE = re.compile(r'<node [^>]*?resource-id="([^"]*)"[^>]*?package="([^"]*)"')


def tasks_of(package: str, tasks: Iterable[type[Task]] | None = None) -> list[type[Task]]:
    """The suite tasks whose apps (:func:`~pytest_mobileagent.catalog.resolve_app`) or ``packages`` include
    ``package``, oracle-less ones left out."""
    return [t for t in (all_tasks() if tasks is None else tasks)
            if (package in t.packages or any(resolve_app(a)[0] == package for a in t.apps)) and not t.oracle_missing]


def keys_in(xml: str, package: str | None = None) -> dict[str, set[str]]:
    """``id:`` keys of the nodes of each package (of ``package`` only, if given) in a hierarchy dump: the entry
    name for the package's own ids, the full resource id for another package's."""
    found: dict[str, set[str]] = {}
    for rid, pkg in NODE.findall(xml):
        if rid and package in (None, pkg):
            own = f"{pkg}:id/"
            found.setdefault(pkg, set()).add(key("id", rid.removeprefix(own) if rid.startswith(own) else rid))
    return found


def shown_while_solving(package: str | None, tasks: Iterable[type[Task]], device: SimDevice) -> dict[str, str]:
    """Every ``id:`` and ``activity:`` key of ``package`` the oracles' episodes showed, mapped to the first task
    that showed it (one item of each task, the suite's seed 0). With ``package`` None, every package's, as
    ``"<package> <key>"``."""
    seen: dict[str, str] = {}
    dump: Callable[..., str] = device.hierarchy

    def record(name: str) -> Callable[..., str]:
        def hierarchy(*args: object, **kw: object) -> str:
            xml = dump(*args, **kw)
            front, activity = device.current_activity()
            shown = keys_in(xml, package)
            if package in (None, front):
                shown.setdefault(front, set()).add(key("activity", activity))
            for pkg, keys in shown.items():
                for k in keys:
                    seen.setdefault(k if package else f"{pkg} {k}", name)
            return xml
        return hierarchy

    device.snapshot_save("evidence-clean")
    try:
        for cls in tasks:
            name = f"{cls.suite}.{cls.name}"
            device.hierarchy = record(name)  # type: ignore[method-assign]
            case = cases(cls, 0, 1, Path(ROOT, "suites", cls.suite))[0]
            device.snapshot_load("evidence-clean")
            device.set_time(DEFAULT_TIME)
            if play(device, case.make(), OracleAgent()).success != 1.0:
                # an oracle that stops half-way shows only part of its screens: say so for what it did show
                for k in [k for k, task in seen.items() if task == name]:
                    seen.setdefault((k.split(" ", 1)[0] + " " if package is None else "") + FAILED, name)
    finally:
        device.hierarchy = dump  # type: ignore[method-assign]
    return seen
