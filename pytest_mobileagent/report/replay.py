"""``--agent replay --ma-replay RUN``: which recorded episode each item plays, and the terminal's account of the
replay (verdicts compared with the recording's, and the first step whose screen differed).

An item plays the episode of the same identity (suite, task, instance, repeat: :func:`~pytest_mobileagent.records.
episode_id`). An item the recording does not hold is skipped, naming it; a recording of that identity whose
parameters, seed or device configuration differ from the item's is an error naming both.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import pytest

from pytest_mobileagent.records import EpisodeRecord, record_episode
from pytest_mobileagent.report.results import ResultsFile
from pytest_mobileagent.stash import RECORDING_KEY, SETTINGS_KEY
from pytest_mobileagent.tasks.registry import TaskCase


def results_path(text: str, runs: Path | None = None) -> Path:
    """The ``results.jsonl`` of a run folder, the file itself, or (where no such path exists) of the run of that id
    in ``runs`` (the ``--ma-output`` folder), as ``--ma-resume`` takes it; :class:`ValueError` naming what is
    missing."""
    path = Path(text)
    if not path.exists() and runs is not None and text not in ("", ".", "..") and "/" not in text \
            and "\\" not in text:
        path = runs / text
    found = path / "results.jsonl" if path.is_dir() else path
    if not found.is_file():
        what = "no such run, folder or file" if not path.exists() else f"no results.jsonl in {path}"
        raise ValueError(f"{what} (give a run id under --ma-output, a run folder such as reports/<run-id>, or its "
                         "results.jsonl)")
    return found


class Recording:
    """A recorded run's finished episodes by identity (the last record of each), and the identities whose every
    record was an infrastructure error."""

    def __init__(self, path: Path):
        self.path = path
        self.episodes: dict[str, EpisodeRecord] = {}
        self.errors: dict[str, str] = {}
        agents: set[str] = set()
        results = ResultsFile(path, "--ma-replay")
        #: The damaged lines skipped (:attr:`~pytest_mobileagent.report.results.ResultsFile.skipped`).
        self.skipped = results.skipped
        for record in results:
            key = record_episode(record)
            if record.get("outcome") == "error":
                if key not in self.episodes:
                    self.errors[key] = str(record.get("error") or "an error")[:200]
                continue
            self.episodes[key] = record
            self.errors.pop(key, None)
            agents.add(str(record.get("agent")))
        if len(agents) > 1:
            raise ValueError(f"{path} holds episodes of several agents ({', '.join(sorted(agents))}): replay a run "
                             "of one agent")

    def episode_for(self, case: TaskCase, params: dict[str, Any], config_id: str | None) -> EpisodeRecord:
        """The recorded episode ``case`` replays: skips the item when there is none, fails it (an error, in
        setup) when the recording's parameters (the task's ``params``, completed as the record keeps them), seed
        or device configuration are not the item's."""
        key = case.episode
        record = self.episodes.get(key)
        if record is None:
            why = f"its episode ended in an error there: {self.errors[key]}" if key in self.errors else \
                "it has no episode of this item"
            pytest.skip(f"no recording of {key} in {self.path}: {why}")
        params = as_recorded(params)
        if record.get("params") != params:
            _mismatch(key, self.path, "parameters", record.get("params"), params)
        if record.get("seed") is not None and record.get("seed") != case.agent_seed:
            _mismatch(key, self.path, "seed (run it with the recording's --ma-seed)", record.get("seed"),
                      case.agent_seed)
        recorded_config = (record.get("device_config") or {}).get("config")
        if recorded_config != config_id:
            _mismatch(key, self.path, "device configuration (--ma-configs)", recorded_config, config_id)
        return record


@dataclass
class _Params:
    params: dict[str, Any]


def as_recorded(params: dict[str, Any]) -> Any:
    """``params`` as an episode's record holds them (:meth:`EpisodeResult.to_json`: data classes as dicts, other
    values that JSON has no type for as text)."""
    return json.loads(json.dumps(asdict(_Params(params))["params"], default=str))


def _mismatch(key: str, path: Path, what: str, recorded: Any, item: Any) -> None:
    pytest.fail(f"cannot replay {key}: the recording in {path} has another {what}: recorded {recorded!r}, this "
                f"item {item!r}", pytrace=False)


def recording(config: pytest.Config, text: str) -> Recording:
    """The run ``--ma-replay`` names, read once per process."""
    found = config.stash.get(RECORDING_KEY, None)
    if found is None:
        output = config.stash[SETTINGS_KEY].output if SETTINGS_KEY in config.stash else "reports"
        found = config.stash[RECORDING_KEY] = Recording(results_path(text, Path(config.rootpath, output)))
    return found


class ReplayReport:
    """On the controller (registered there only): each replayed item's verdict beside the recording's, and where
    its screens first differed; written at the end of the terminal summary."""

    def __init__(self, run: str):
        self.run = run
        self.items: list[tuple[str, float, dict[str, Any]]] = []

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        record = getattr(report, "ma_result", None)
        if record and record.get("replay"):
            self.items.append((record_episode(record), float(record.get("success", 0.0)), record["replay"]))

    def lines(self) -> list[str]:
        if not self.items:
            return [f"  no item was replayed from {self.run}"]
        changed = [(key, r["recorded_success"], now) for key, now, r in self.items
                   if r.get("recorded_success") is not None and float(r["recorded_success"]) != now]
        diverged = [(key, r["divergence"]) for key, _, r in self.items if r.get("divergence")]
        lines = [f"  {len(self.items)} items replayed from {self.run}: {len(self.items) - len(changed)} with the "
                 f"recorded verdict, {len(changed)} with another; {len(diverged)} saw a screen the recording did "
                 f"not"]
        lines += [f"    verdict {key}: recorded {before:g}, replayed {after:g}" for key, before, after in changed]
        lines += [f"    screen {key}: differs from step {d['step']} (recorded {d['recorded_activity']} "
                  f"{d['recorded_screen']}, replayed {d['replayed_activity']} {d['replayed_screen']})"
                  for key, d in diverged]
        lines += [f"    budget {key}: recorded with {r['max_steps']['recorded']} steps, replayed with "
                  f"{r['max_steps']['replayed']}" for key, _, r in self.items if r.get("max_steps")]
        return lines

    @pytest.hookimpl(trylast=True)
    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        terminalreporter.write_sep("=", "mobile-agent replay")
        for line in self.lines():
            terminalreporter.write_line(line)


__all__ = ["Recording", "ReplayReport", "recording", "results_path"]
