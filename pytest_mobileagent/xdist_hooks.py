"""pytest-xdist integration, registered only when xdist is active.

The controller owns the device pool: each worker node is handed one device
spec when it is configured and gives it back when it goes down, so a
replacement worker (after a crash) inherits the freed device.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pytest_mobileagent.metrics.success import FIELDS

#: What the controller reads of an episode's record: the aggregates' fields, the tokens spent (Allure's
#: environment) and whether an error was the infrastructure's (the streak that stops a session).
SENT_FIELDS = FIELDS | {"usage", "infrastructure", "replay"}  # replay: the replay report's account
#: ``path::Task[index]`` or ``path::Task[index-r<repeat>]``: a task item's node id.
_TASK_ITEM = re.compile(r"^(?P<path>[^:]+)::(?P<task>\w+)\[(?P<index>\d+)(?:-r(?P<repeat>\d+))?\]$")


class XdistHooks:
    def __init__(self, config: pytest.Config):
        from pytest_mobileagent.fixtures import configured_specs
        from pytest_mobileagent.settings import settings

        specs = configured_specs(settings(config))
        self.simulated = specs == ["sim"]
        self.pool = specs
        self.config = config

    def pytest_xdist_setupnodes(self, config: pytest.Config, specs: list[Any]) -> None:
        """Refuse, before any worker starts, more workers than devices."""
        if not self.simulated and len(specs) > len(self.pool):
            raise pytest.UsageError(f"{len(specs)} xdist workers but {len(self.pool)} device(s) "
                                    f"({', '.join(self.pool)}): give one device per worker (--ma-serials or "
                                    "--ma-pool-file), or fewer workers (-n)")

    def pytest_configure_node(self, node: Any) -> None:
        from pytest_mobileagent.settings import run

        this = run(self.config)
        node.workerinput["ma_run_id"] = this.id
        node.workerinput["ma_run_dir"] = str(this.directory)
        node.workerinput["ma_seed"] = this.seed
        if self.simulated:
            node.workerinput["ma_device"] = "sim"
            return
        if not self.pool:
            raise pytest.UsageError("more xdist workers than devices given with --ma-device")
        node.workerinput["ma_device"] = self.pool.pop(0)

    @pytest.hookimpl(wrapper=True)
    def pytest_report_to_serializable(self, config: pytest.Config, report: Any) -> Any:
        """A worker sends the controller only what the controller reads of an episode (the aggregates' fields):
        the whole record, steps and all, is in results.jsonl already, and serialising it for execnet cost a
        worker about a millisecond an item."""
        full = getattr(report, "ma_result", None)
        if full is None or not hasattr(config, "workerinput"):
            return (yield)
        report.ma_result = {k: v for k, v in full.items() if k in SENT_FIELDS}
        try:
            return (yield)
        finally:
            report.ma_result = full

    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        spec = getattr(node, "workerinput", {}).get("ma_device")
        if spec and not self.simulated:
            self.pool.append(spec)

    def pytest_handlecrashitem(self, crashitem: str, report: pytest.TestReport, sched: Any) -> None:
        """A worker died running a task item: record the episode as an infrastructure error, so results.jsonl
        and metrics.json say what pytest says (and ``--ma-resume`` runs it again)."""
        from pytest_mobileagent.records import EpisodeResult
        from pytest_mobileagent.redaction import redact_json
        from pytest_mobileagent.report.results import ResultsFile
        from pytest_mobileagent.settings import option, run

        match = _TASK_ITEM.match(crashitem)
        if match is None:
            return
        suite = Path(self.config.rootpath, match["path"]).parent.name  # as the worker's registry names it
        record = redact_json(EpisodeResult(
            task=match["task"], suite=suite, instance=int(match["index"]),
            repeat=int(match["repeat"]) if match["repeat"] else None, agent=option(self.config, "agent"),
            nodeid=crashitem, outcome="error", infrastructure=True,
            error=f"{report.longrepr} (the xdist worker process died: a crash of the agent, the device "
                  "backend or the interpreter)", run_id=run(self.config).id).to_json())
        ResultsFile(run(self.config).results).append(record)
        report.ma_result = record  # type: ignore[attr-defined]
