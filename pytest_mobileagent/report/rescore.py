"""Final states and ``ma-rescore``: re-judge a recorded run with the current validators, without the agent or the
model.

On a backend that keeps final states (the simulator's), each episode's final state (the phone as the check read
it) is saved under ``<run>/final_states/<episode>.state`` when the check runs (``--ma-final-states on``, the default:
about 5 KB and 1 ms an episode), beside the clean snapshot's tree it is a change of (``base-<digest>.tree``, once
per run). ``ma-rescore RUN`` restores each state into a simulated phone, rebuilds the task from the record (its
module, named by the item's node id, imported as pytest collects it), runs its current ``check`` and the scoring
rules of the episode (completion rule, agent errors, constraints), recomputes the trajectory metrics, and writes
into ``--out`` (default ``<RUN>/rescore``) the re-judged ``results.jsonl``, ``metrics.json`` and ``rescore.json``
(the items whose verdict changed, old and new, and those it could not re-judge, with why).

    ma-rescore reports/<run-id>
    ma-rescore reports/<run-id> --max-regression success_rate=0pp     # gate against the recorded verdicts
    ma-rescore reports/<run-id> --baseline baseline.json --max-regression success_rate=5pp

Exit status: 0; 1 when a gate fails (or a verdict changed, with ``--fail-on-change``); 2 for bad input (no run, no
final states: the message names what is missing); 3 when some items could not be re-judged (listed).
A run on an emulator has no final states: replay it instead (``pytest --agent replay --ma-replay RUN``).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import fnmatch
import importlib
import importlib.util
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from pytest_mobileagent.device.backend import Backend, Backends, FinalStateError, StateFolder, installed_backends
from pytest_mobileagent.metrics.success import FIELDS
from pytest_mobileagent.records import EpisodeRecord, RecordFormatError, record_episode
from pytest_mobileagent.report.artifacts import slug
from pytest_mobileagent.report.files import new_file, write_file
from pytest_mobileagent.report.results import FieldReader, ResultsFile, episode_key
from pytest_mobileagent.text import loads

if TYPE_CHECKING:
    from pytest_mobileagent.device.base import Device
    from pytest_mobileagent.episode import EpisodeOptions, EpisodeResult
    from pytest_mobileagent.tasks.base import Task
    from pytest_mobileagent.tasks.registry import TaskCase

FOLDER = "final_states"
#: Re-judged episodes per unit of work a worker process takes.
CHUNK = 250


class MissingFinalState(FinalStateError):
    """The episode has no final state (the reason it could not be saved, where it was recorded)."""


class FinalStates:
    """A run's ``final_states/`` folder: one state per episode, in the format of the device backend that saved
    them (named in the folder's ``backend`` file), by :meth:`~pytest_mobileagent.device.backend.Backend.
    save_final_state`."""

    #: The file naming the backend whose format the states are in.
    BACKEND_FILE = "backend"

    def __init__(self, run_dir: Path):
        self.states = StateFolder(run_dir / FOLDER)

    @staticmethod
    def key(episode: str) -> str:
        return slug(episode)

    def writer(self, case: TaskCase, options: EpisodeOptions, task: Task,
               backend: Backend) -> Callable[[Device, EpisodeResult, Any], None]:
        """The ``before_check`` callback of :func:`~pytest_mobileagent.episode.play` saving the item's final
        state through ``backend`` with what re-judging needs beyond the record: the scoring options, the LCS
        ground truth, and what the task's setup kept on it for its check (:func:`setup_attributes`)."""
        try:  # what the task holds before its setup: what the setup adds is what the check may need
            constructed: dict[str, Any] | None = copy.deepcopy(vars(task))
        except Exception:  # a value that does not copy: a new task of the same parameters tells instead
            constructed = None

        def save(device: Device, result: EpisodeResult, ground_truth: Sequence[dict[str, Any]] | None) -> None:
            meta = {"episode": case.episode, "task": type(task).__name__, "scoring": options.scoring.to_json(),
                    "ground_truth": [dict(a) for a in ground_truth] if ground_truth else None}
            self.save(backend, case.episode, device, meta, setup_attributes(task, constructed))

        return save

    def save(self, backend: Backend, episode: str, device: Device, meta: dict[str, Any],
             values: dict[str, Any]) -> None:
        """Save the episode's state; where it cannot be, an ``.error`` file beside says why (the episode goes on:
        its re-scoring names the reason)."""
        key = self.key(episode)
        try:
            if not self.states.has(self.BACKEND_FILE):
                self.states.write(self.BACKEND_FILE, backend.name.encode())
            try:
                backend.save_final_state(device, self.states, key, meta, values)
            except Exception as e:
                if not values.get("state"):
                    raise
                kept = sorted(values["state"])  # the phone without what the setup kept: re-scoring says why
                why = f"{meta.get('task', 'the task')} keeps {kept} from its setup, which cannot be saved " \
                      f"({type(e).__name__}: {e})"
                backend.save_final_state(device, self.states, key, {**meta, "task_state_error": why}, {})
            self.states.remove(f"{key}.error")  # an earlier attempt's
        except Exception as e:
            self.states.write(f"{key}.error", f"its final state could not be saved: {type(e).__name__}: {e}".encode())

    def backend(self, backends: Backends) -> Backend:
        """The installed backend whose format the run's states are in; :class:`FinalStateError` naming it when
        none is."""
        try:
            name = self.states.read(self.BACKEND_FILE).decode("ascii", "replace").strip()
        except FinalStateError:
            name = "sim"  # states saved before the file was written were the simulator's
        found = backends.named(name)
        if found is None or "final_states" not in found.capabilities:
            raise FinalStateError(f"the final states in {self.states.folder} are the {name!r} device backend's, "
                                  "which is not installed here (or keeps no final states)")
        return found

    def restore(self, backend: Backend, episode: str,
                packages: tuple[str, ...]) -> tuple[Device, dict[str, Any], dict[str, Any]]:
        """The episode's state restored on ``backend``'s device; :class:`FinalStateError` saying what is missing."""
        key = self.key(episode)
        if not backend.has_final_state(self.states, key):
            if self.states.has(f"{key}.error"):
                raise MissingFinalState(self.states.read(f"{key}.error").decode(errors="replace"))
            raise MissingFinalState(f"no final state {FOLDER}/{key}.state (the episode ran on an emulator, with "
                                    "--ma-final-states off, or before final states were saved)")
        return backend.restore_final_state(self.states, key, packages)


def setup_attributes(task: Task, constructed: dict[str, Any] | None = None) -> dict[str, Any]:
    """What re-judging ``task`` needs of it beyond its record: ``{"params": its parameters as drawn, "state":
    what its setup (and anything after its construction) kept on it}``, which its check may read (the rows before
    the agent acted...). What the task held when ``constructed`` (its attributes then; by default those of a new
    task of the same parameters) is not kept: a task built again holds it."""
    fresh = constructed if constructed is not None else vars(type(task)(dict(task.params)))
    kept = {}
    for name, value in vars(task).items():
        try:
            same = name in fresh and bool(fresh[name] == value)
        except Exception:  # a value that does not compare: keep it
            same = False
        if not same:
            kept[name] = value
    return {"params": dict(task.params), "state": kept}


# -- finding tasks as pytest collects them -------------------------------------------------------------------


class Unjudged(Exception):
    """An episode that cannot be re-judged; the message says why (a missing state, a task no longer defined...)."""


class TaskIndex:
    """Task classes by the module and name an item's node id gives (``suites/x/tasks_y.py::Name[3]``), imported
    from ``root`` as pytest imports them (prepend mode: the module's package, from the first folder up without an
    ``__init__.py``); AndroidArena YAML files through their importer."""

    def __init__(self, root: Path, excluded: Path | None = None):
        self.root = root
        #: A folder whose files are never task modules (the run's own: a record's node id is not a path to run).
        self.excluded = excluded.resolve() if excluded is not None else None
        self.modules: dict[str, dict[str, type[Task]] | str] = {}

    def collectable(self, path: Path) -> bool:
        """Whether ``path`` (resolved) is a file pytest would collect tasks from under the root (a task module by
        the default ``--ma-task-files`` pattern, or an AndroidArena YAML file), outside the excluded folder."""
        from pytest_mobileagent.tasks.registry import TASK_FILES

        if not path.is_file() or not path.is_relative_to(self.root.resolve()):
            return False
        if self.excluded is not None and path.is_relative_to(self.excluded):
            return False
        return path.suffix in (".yaml", ".yml") or (
            path.suffix == ".py" and fnmatch.fnmatch(path.name, TASK_FILES))

    def task_class(self, record: EpisodeRecord) -> type[Task]:
        nodeid = record.get("nodeid") or ""
        path, sep, _ = nodeid.partition("::")
        if not sep:
            raise Unjudged("its record names no task module (no node id)")
        found = self.modules.get(path)
        if found is None:
            found = self.modules[path] = self._load(path)
        if isinstance(found, str):
            raise Unjudged(found)
        cls = found.get(record["task"])
        if cls is None:
            raise Unjudged(f"task {record['task']} is no longer defined in {path}")
        return cls

    def _load(self, rel: str) -> dict[str, type[Task]] | str:
        from pytest_mobileagent.tasks.registry import TaskDefinitionError, suite_of, tasks_in

        path = (self.root / rel).resolve()
        if not self.collectable(path):
            return f"its task module {rel} is not a task file under {self.root} (run ma-rescore from the " \
                   "project's root, or give --rootdir)"
        try:
            if path.suffix in (".yaml", ".yml"):
                from pytest_mobileagent.tasks.importers.androidarena import build_tasks

                classes = [c for c in build_tasks(path, f"arena_tasks.{path.stem}").values() if isinstance(c, type)]
            else:
                classes = tasks_in(_import(path))
        except (Exception, TaskDefinitionError) as e:  # a module that no longer imports: its tasks are undefined
            return f"its task module {rel} does not import: {type(e).__name__}: {e}"
        for cls in classes:
            cls.suite = suite_of(cls, path)
        return {cls.name: cls for cls in classes}


def _import(path: Path) -> Any:
    """Import a task module as pytest's prepend import mode names it (its package from the first folder up
    without an ``__init__.py``, that folder on ``sys.path``), from the file as it is now."""
    base, parts = path.parent, [path.stem]
    while (base / "__init__.py").is_file():
        parts.insert(0, base.name)
        base = base.parent
    if str(base) not in sys.path:
        sys.path.insert(0, str(base))
    name = ".".join(parts)
    if len(parts) > 1:
        importlib.import_module(name.rpartition(".")[0])
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # the states' graphs name the suite's classes by module
    spec.loader.exec_module(module)
    return module


# -- re-judging -------------------------------------------------------------------------------------------------


@dataclass
class Outcome:
    """One episode re-judged: its new record, or why it could not be (then its record as it was)."""

    record: EpisodeRecord
    unjudged: str = ""
    note: str = ""
    #: An infrastructure error's record: nothing was judged, nothing to re-judge.
    error: bool = False


class Judge:
    """Re-judges episodes in one process, on the device of the backend that saved the run's states (each state
    restored into it in turn); ``tasks`` finds the task classes (the parent's, modules imported, when the workers
    are forked from it)."""

    def __init__(self, run_dir: Path, tasks: TaskIndex, threshold: float = 1.0):
        self.states = FinalStates(run_dir)
        self.tasks = tasks
        self.threshold = threshold
        self._backend: Backend | None = None

    def __call__(self, record: EpisodeRecord) -> Outcome:
        try:
            return Outcome(*self._rejudge(record))
        except Unjudged as e:
            return Outcome(record, unjudged=str(e))

    def _restore(self, record: EpisodeRecord,
                 task_cls: type[Task]) -> tuple[Device, dict[str, Any], dict[str, Any]]:
        try:
            if self._backend is None:  # this process's own: its restore device is not shared with another
                self._backend = type(self.states.backend(installed_backends()))()
            return self.states.restore(self._backend, record_episode(record), (task_cls.__module__.split(".")[0],))
        except MissingFinalState as e:
            raise Unjudged(str(e)) from None
        except Exception as e:  # damaged, of another format, or a class renamed or changed since
            raise Unjudged(f"{e if isinstance(e, FinalStateError) else f'{type(e).__name__}: {e}'}; replay the run "
                           "instead (pytest --agent replay --ma-replay RUN)") from None

    def _rejudge(self, record: EpisodeRecord) -> tuple[EpisodeRecord, str, str]:
        from pytest_mobileagent.records import EpisodeResult
        from pytest_mobileagent.scoring import Scoring, score

        task_cls = self.tasks.task_class(record)
        device, meta, values = self._restore(record, task_cls)
        if task_cls.judged_by_model:
            return record, "", "kept: its success is the model judge's, which ma-rescore does not ask"
        if meta.get("task_state_error"):
            raise Unjudged(meta["task_state_error"])
        try:  # the parameters as drawn (the record's JSON writes values of other types as text)
            task = task_cls(values["params"])
        except Exception as e:
            raise Unjudged(f"{record['task']} refuses the recorded parameters: {type(e).__name__}: {e}") from None
        vars(task).update(values.get("state") or {})
        result = EpisodeResult.from_json(dict(record))
        try:  # as the episode checked and scored it, on the saved state, with the run's scoring options
            task.observe_trajectory([vars(s) for s in result.steps])
            score(task, result, task.check(device, result.answer), Scoring.from_json(meta),
                  meta.get("ground_truth"))
            result.validator_state = task.describe_state(device)
        except Exception as e:
            raise Unjudged(f"the check of {record['task']} raised {type(e).__name__}: {e}") from None
        new = cast(EpisodeRecord, {**record, **{name: getattr(result, name) for name in JUDGED}})
        new["outcome"] = _outcome(record, new, self.threshold)
        return new, "", ""


def _outcome(old: EpisodeRecord, new: EpisodeRecord, threshold: float) -> str:
    """The new record's pytest outcome: the old one where the success is unchanged, else by the success against
    ``threshold`` (``--success-threshold``: the run's is not recorded)."""
    if float(old.get("success", 0.0)) == float(new.get("success", 0.0)):
        return str(old.get("outcome"))
    return "success" if float(new.get("success", 0.0)) >= threshold else "failure"


#: The fields of a record the judging sets (the rest is what the agent did, kept as recorded).
JUDGED = ("success", "state_success", "constraint_violations", "validator_state", "metrics")

_JUDGE: Judge | None = None
#: The task index of the run being re-judged, set before the workers start (forked workers inherit it).
_TASKS: TaskIndex | None = None


def _work(args: tuple[str, str, float, list[tuple[int, int]]]) -> list[tuple[bytes, str, str]]:
    """A worker's unit: re-judge the lines at (offset, length) of the results file."""
    global _JUDGE
    run_dir, root, threshold, spans = args
    if _JUDGE is None:
        _JUDGE = Judge(Path(run_dir), _TASKS if _TASKS is not None else TaskIndex(Path(root), Path(run_dir)), threshold)
    out = []
    with open(Path(run_dir) / "results.jsonl", "rb") as f:
        for offset, length in spans:
            f.seek(offset)
            record = _decode(f.read(length))
            outcome = _JUDGE(record)
            out.append((json.dumps(outcome.record, sort_keys=True).encode(), outcome.unjudged, outcome.note))
    return out


def _decode(line: bytes) -> Any:
    """A results line's record: ``msgspec`` (several times faster), ``json`` for what it refuses (a NaN)."""
    import msgspec  # here: the plugin imports this module for writing final states, which needs none of it

    try:
        return msgspec.json.decode(line)
    except msgspec.DecodeError:  # a NaN, or an escaped lone surrogate (made encodable)
        return loads(line)


def chosen_lines(path: Path, tasks: TaskIndex | None = None) -> list[tuple[str, int, int, bool]]:
    """One line per episode (the last finished one, else its last error): (key, offset, length, error); ``tasks``
    imports the modules the episodes' node ids name on the way."""
    identity = {"suite", "task", "instance", "repeat", "agent", "outcome", "nodeid", *FIELDS}  # FIELDS: a damaged
    chosen: dict[str, tuple[int, int, bool]] = {}  # number is refused here, before the metrics read it
    results = ResultsFile(path, "ma-rescore")
    for offset, line, record in results.read(identity):  # a damaged line (one cut by a crash...) is skipped
        key, error = episode_key(record), record.get("outcome") == "error"
        held = chosen.get(key)
        if error and held is not None and not held[2]:
            continue
        chosen[key] = (offset, len(line), error)
        if tasks is not None and not error:
            with contextlib.suppress(Unjudged, KeyError):
                tasks.task_class(record)
    for message in results.skipped:
        print(f"ma-rescore: {message}", file=sys.stderr)
    return [(key, *value) for key, value in sorted(chosen.items())]


def rejudge_run(run_dir: Path, root: Path, workers: int,
                threshold: float = 1.0) -> Iterator[tuple[EpisodeRecord, bytes, Outcome]]:
    """Every episode of the run, re-judged (errors passed through): (old record, new line, outcome), the records
    holding the fields the metrics read (:data:`~pytest_mobileagent.metrics.success.FIELDS`). The lines are chosen
    at once: a line of a newer format raises :class:`~pytest_mobileagent.records.RecordFormatError` here."""
    global _TASKS, _JUDGE
    _TASKS, _JUDGE = TaskIndex(root, run_dir), None  # imported here, once: forked workers inherit the modules
    return _rejudged(run_dir, root, workers, threshold, chosen_lines(run_dir / "results.jsonl", _TASKS))


def _rejudged(run_dir: Path, root: Path, workers: int, threshold: float,
              lines: list[tuple[str, int, int, bool]]) -> Iterator[tuple[EpisodeRecord, bytes, Outcome]]:
    judged = [(offset, length) for _, offset, length, error in lines if not error]
    chunks = [judged[i:i + CHUNK] for i in range(0, len(judged), CHUNK)]
    args = [(str(run_dir), str(root), threshold, chunk) for chunk in chunks]
    with contextlib.ExitStack() as stack:
        if workers > 1 and len(chunks) > 1:
            context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods()
                                                  else None)
            pool = stack.enter_context(ProcessPoolExecutor(workers, mp_context=context))
            results: Iterator[list[tuple[bytes, str, str]]] = pool.map(_work, args)  # in order, as they finish
        else:
            results = map(_work, args)
        done = (item for chunk in results for item in chunk)
        fields = FieldReader(FIELDS)
        with open(run_dir / "results.jsonl", "rb") as f:
            for _, offset, length, error in lines:
                f.seek(offset)
                raw = f.read(length)
                old = fields(raw) or {}
                if error:
                    yield old, raw.rstrip(b"\n"), Outcome(old, error=True)
                    continue
                line, unjudged, note = next(done)
                yield old, line, Outcome(fields(line) or {}, unjudged, note)


# -- the command ----------------------------------------------------------------------------------------------


@dataclass
class Report:
    """What ``rescore.json`` says."""

    run: str
    episodes: int = 0
    rejudged: int = 0
    changed: list[dict[str, Any]] = field(default_factory=list)
    unjudged: list[dict[str, str]] = field(default_factory=list)
    kept: list[dict[str, str]] = field(default_factory=list)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"run": self.run, "episodes": self.episodes, "rejudged": self.rejudged,
                "changed": self.changed, "not_rejudged": self.unjudged, "kept": self.kept,
                "seconds": round(self.seconds, 3)}


class BadInput(Exception):
    """The run cannot be re-judged at all; the message names what is missing."""


def check_run(run: Path) -> Path:
    """The run folder, or :class:`BadInput` naming what is missing."""
    folder = run.parent if run.is_file() and run.name == "results.jsonl" else run
    if not folder.is_dir():
        raise BadInput(f"{run}: no such run folder")
    if not (folder / "results.jsonl").is_file():
        raise BadInput(f"{folder}: no results.jsonl (not a run folder: give reports/<run-id>)")
    if not (folder / FOLDER).is_dir():
        raise BadInput(f"{folder}: no final states ({FOLDER}/): the run was on an emulator or phone, or ran with "
                       f"--ma-final-states off; re-judge it by replaying its actions instead: pytest <suites> "
                       f"--agent replay --ma-replay {folder}")
    return folder


def rescore(run: Path, out: Path, root: Path, workers: int, threshold: float = 1.0) -> tuple[Report, dict[str, Any],
                                                                                           dict[str, Any],
                                                                                           dict[str, float],
                                                                                           dict[str, float]]:
    """Re-judge ``run`` into ``out``: returns the report, the new and the recorded ``metrics.json`` bodies, and
    the new and the recorded outcomes (success per episode, errors apart)."""
    from pytest_mobileagent.metrics.success import Aggregate, score
    from pytest_mobileagent.report.summary import build_metrics

    started = time.perf_counter()
    report = Report(str(run))
    new_aggregate, old_aggregate = Aggregate(threshold), Aggregate(threshold)
    new_outcomes: dict[str, float] = {}
    old_outcomes: dict[str, float] = {}
    rejudged = rejudge_run(run, root, workers, threshold)
    out.mkdir(parents=True, exist_ok=True)
    with new_file(out / "results.jsonl") as results:
        for old, line, outcome in rejudged:
            key = record_episode(old)
            report.episodes += 1
            new = outcome.record
            results.write(line + b"\n")
            new_aggregate.add(new)
            old_aggregate.add(old)
            if (s := score(old)) is not None:
                old_outcomes[key] = s
            if (s := score(new)) is not None:
                new_outcomes[key] = s
            if outcome.error:
                continue
            if outcome.unjudged:
                report.unjudged.append({"episode": key, "why": outcome.unjudged})
            elif outcome.note:
                report.kept.append({"episode": key, "why": outcome.note})
            else:
                report.rejudged += 1
                before, after = float(old.get("success", 0.0)), float(new.get("success", 0.0))
                if before != after:
                    report.changed.append({"episode": key, "old": before, "new": after,
                                           "passed": [before >= threshold, after >= threshold]})
    report.seconds = time.perf_counter() - started
    name = f"{run.name}-rescore"
    return report, build_metrics(new_aggregate, name), build_metrics(old_aggregate, run.name), new_outcomes, \
        old_outcomes


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ma-rescore", description="Re-judge a recorded pytest-mobileagent run "
                                     "with the current validators, from its saved final states (no agent, no model).",
                                     epilog="exit status: 0; 1 when a gate fails (or, with --fail-on-change, a verdict "
                                     "changed); 2 for bad input (no run, no final states); 3 when some episodes "
                                     "could not be re-judged (listed, and in rescore.json)")
    parser.add_argument("run", type=Path, help="the run folder (reports/<run-id>) or its results.jsonl")
    parser.add_argument("--out", type=Path, help="folder for the re-judged results.jsonl, metrics.json and "
                        "rescore.json [default: RUN/rescore]")
    parser.add_argument("--rootdir", type=Path, default=Path.cwd(), help="the project's root, where the node ids' "
                        "task modules are [default: the current folder]")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes [default: the CPUs]")
    parser.add_argument("--success-threshold", type=float, default=1.0, help="score at which an episode passes")
    parser.add_argument("--baseline", type=Path, help="gate against this baseline (--ma-save-baseline's) instead "
                        "of the recorded verdicts")
    parser.add_argument("--fail-under", default="", help="gate: floors, e.g. 'success_rate=0.4'")
    parser.add_argument("--max-regression", default="", help="gate: allowed drop from the baseline (the recorded "
                        "verdicts by default), e.g. 'success_rate=5pp'")
    parser.add_argument("--save-baseline", type=Path, help="write the re-judged outcomes as a baseline file")
    parser.add_argument("--fail-on-change", action="store_true", help="exit 1 when any verdict changed")
    return parser


def main(argv: list[str] | None = None) -> int:
    from pytest_mobileagent.report.gates import aggregates, decide, parse_limits, read_baseline, save_baseline

    parser = _parser()
    args = parser.parse_args(argv)
    try:
        run = check_run(args.run)
        limits = parse_limits(args.fail_under), parse_limits(args.max_regression)
        baseline = read_baseline(args.baseline, "ma-rescore --baseline") if args.baseline else None
    except (BadInput, ValueError, OSError) as e:
        parser.exit(2, f"ma-rescore: error: {e}\n")
    out = args.out or run / "rescore"
    try:
        report, metrics, recorded, outcomes, old = rescore(run, out, args.rootdir.resolve(), max(1, args.workers),
                                                           args.success_threshold)
    except RecordFormatError as e:
        parser.exit(2, f"ma-rescore: error: {e}\n")
    if report.episodes and len(report.unjudged) == report.episodes:
        reasons = sorted({u["why"] for u in report.unjudged})
        parser.exit(2, f"ma-rescore: error: no episode of {run} could be re-judged: " + "; ".join(reasons[:3])
                    + "\n")
    from pytest_mobileagent.report.summary import metrics_text

    write_file(out / "metrics.json", metrics_text(metrics))
    write_file(out / "rescore.json", json.dumps(report.to_json(), indent=2) + "\n")
    if args.save_baseline:
        save_baseline(args.save_baseline, outcomes, metrics)
    _print(report, metrics, recorded, out)
    status = 0
    if limits[0] or limits[1]:
        base = baseline or {"version": 2, "tasks": old, "aggregates": aggregates(recorded)}
        decision = decide(outcomes, metrics, base, limits[0], limits[1], metrics["overall"]["errors"],
                          threshold=args.success_threshold)
        print(f"  gate: {'PASSED' if decision.passed else 'FAILED'} (against "
              f"{args.baseline or 'the recorded verdicts'})")
        for reason in decision.reasons:
            print(f"    {reason}")
        status = 0 if decision.passed else 1
    if args.fail_on_change and report.changed:
        status = 1
    if status == 0 and report.unjudged:
        status = 3
    return status


def _print(report: Report, metrics: dict[str, Any], recorded: dict[str, Any], out: Path) -> None:
    before, after = recorded["overall"], metrics["overall"]
    print(f"ma-rescore {report.run}: {report.rejudged} of {report.episodes} episodes re-judged in "
          f"{report.seconds:.1f} s; success {before['rate'] * 100:.1f}% -> {after['rate'] * 100:.1f}%; "
          f"{len(report.changed)} verdicts changed")
    for c in report.changed:
        print(f"  changed {c['episode']}: {c['old']:g} -> {c['new']:g}")
    for u in report.unjudged:
        print(f"  not re-judged {u['episode']}: {u['why']}")
    for k in report.kept:
        print(f"  kept {k['episode']}: {k['why']}")
    print(f"  -> {out / 'metrics.json'}, {out / 'rescore.json'}, {out / 'results.jsonl'}")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
