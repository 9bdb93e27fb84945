"""pytest-mobileagent's pytest11 entry point: options, collection of task modules, reporting hooks.

Every ``--ma-<name>`` option is mirrored by an ini key ``ma_<name>``; the
command line wins. Task modules (``tasks_*.py`` by default) become pytest
modules whose items are ``TaskName[index]``, parametrized at collection with
deterministic parameter draws, so every xdist worker collects the same items.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import fnmatch
import json
import re
import secrets
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from pytest_mobileagent import hooks
from pytest_mobileagent.fixtures import EPISODE_KEY
from pytest_mobileagent.report.results import ResultsFile
from pytest_mobileagent.tasks.params import DEFAULT_SEED
from pytest_mobileagent.tasks.registry import TaskCase, TaskDefinitionError, cases, suite_of, tasks_in, validate

#: name -> (type, default, help). ``--ma-<name>`` on the command line, ``ma_<name>`` in ini files.
OPTIONS: dict[str, tuple[type, Any, str]] = {
    "seed": (str, str(DEFAULT_SEED), "suite seed for parameter draws (an integer, or 'random')"),
    "instances": (int, 1, "instances (parameter draws) per task"),
    "repeat": (int, 1, "runs of every instance (same parameters, agent seed varied), for pass@k and mean@k"),
    "device": (str, "sim", "'sim' for the embedded simulator, or adb serials (comma-separated, one per worker)"),
    "serials": (str, "", "device specs, comma-separated, one per xdist worker (serials or adb://host:port/serial)"),
    "pool_file": (str, "", "a file listing device specs, one per line, for the workers to share out"),
    "avd": (str, "", "start emulators of this AVD for the run (headless, read-only) and stop them at the end"),
    "emulators": (int, 1, "how many emulators --ma-avd starts (one per xdist worker)"),
    "save_baseline": (str, "", "write this run's per-task outcomes and aggregates to this file"),
    "baseline": (str, "", "compare this run with a baseline file (flipped tasks, metric deltas)"),
    "fail_under": (str, "", "gate: aggregates' floors, e.g. 'success_rate=0.4,checkpoint_l2=0.6'"),
    "max_regression": (str, "", "gate: allowed drop from the baseline, e.g. 'success_rate=5pp' (McNemar-checked)"),
    "max_infra_errors": (int, 0, "gate: infrastructure errors a gated run tolerates"),
    "llm_model": (str, "gpt-4o", "model name for the model-driven agents (t3a, m3a)"),
    "llm_base_url": (str, "", "OpenAI-compatible endpoint (vLLM, Ollama, LiteLLM...); default OpenAI's"),
    "llm_temperature": (float, 0.0, "sampling temperature"),
    "llm_seed": (str, "", "sampling seed, for endpoints that honour it"),
    "llm_timeout": (float, 60.0, "seconds per model request"),
    "llm_retries": (int, 3, "retries of a model request on 429, 5xx, timeouts (then an infrastructure error)"),
    "llm_judge": (bool, False, "also ask the model whether each episode succeeded (reported as judged_success, "
                  "never mixed into verified success)"),
    "llm_judge_model": (str, "", "the judge's model on the same endpoint (default: --ma-llm-model)"),
    "llm_prices": (str, "", "dollars per million input,output tokens, for cost accounting"),
    "snapshot": (str, "", "an existing device snapshot to start every session from (emulators with prepared apps)"),
    "output": (str, "reports", "folder for run outputs: <output>/<run-id>/results.jsonl, metrics.json"),
    "run_id": (str, "", "name of this run's output folder (default: a timestamp)"),
    "resume": (str, "", "resume a run (its id, or its folder such as reports/<run-id>): finished episodes are "
               "taken from its results.jsonl"),
    "require_complete": (bool, False, "AndroidWorld's rule: success counts only if the agent declared completion"),
    "lcs_gamma": (float, 0.9, "AndroidArena's discount for the task reward"),
    "text_similarity": (float, 0.6, "typed texts at least this similar count as the same action (LCS metrics)"),
    "success_threshold": (float, 1.0, "score at which an episode passes (composite tasks score in between)"),
    "infra_retries": (int, 1, "retries of an episode after an infrastructure (device) error"),
    "screenshots": (str, "on-failure", "save the final screen and UI tree: none, on-failure or all"),
    "trajectories": (str, "off", "keep every step's screen and UI tree (in the HTML and Allure reports too): "
                     "on, off, or failed (only for items that failed)"),
    "task_files": (str, "tasks_*.py", "glob of task module file names"),
    "lock": (str, "", "params lock file: freeze parameter draws (written with --ma-freeze-params)"),
    "freeze_params": (bool, False, "write the drawn parameters to the --ma-lock file"),
}
RUN_DIR_KEY = pytest.StashKey[Path]()
RECORDS_KEY = pytest.StashKey[list[dict[str, Any]]]()
LOCK_KEY = pytest.StashKey[dict[str, Any]]()
RESUMED_KEY = pytest.StashKey[dict[str, dict[str, Any]]]()


def option(config: pytest.Config, name: str) -> Any:
    """The value of ``--ma-<name>`` or, if not given, of the ini key ``ma_<name>``."""
    if name == "agent":
        return config.getoption("agent") or config.getini("ma_agent") or "oracle"
    kind, default, _ = OPTIONS[name]
    value = config.getoption(f"ma_{name}")
    if value is None:
        value = config.getini(f"ma_{name}")
    if value in (None, ""):
        value = default
    if kind is bool and isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return kind(value)


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mobileagent", "mobile-agent benchmarks")
    group.addoption("--agent", dest="agent", default=None, help="agent to evaluate: oracle, noop, random, an "
                    "entry point of group pytest_mobileagent.agents, or module:Class (default: oracle)")
    parser.addini("ma_agent", "default agent (like --agent)", default="")
    for name, (kind, _default, text) in OPTIONS.items():
        flag = f"--ma-{name.replace('_', '-')}"
        if kind is bool:
            group.addoption(flag, dest=f"ma_{name}", action="store_const", const=True, default=None, help=text)
        else:
            group.addoption(flag, dest=f"ma_{name}", default=None, help=text)
        parser.addini(f"ma_{name}", text, default="")


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    pluginmanager.add_hookspecs(hooks)


def is_controller(config: pytest.Config) -> bool:
    return not hasattr(config, "workerinput")


def _new_run_id() -> str:
    return dt.datetime.now().strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(2)


def run_dir(config: pytest.Config) -> Path:
    return config.stash[RUN_DIR_KEY]


def pytest_configure(config: pytest.Config) -> None:
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None:
        run_id = workerinput["ma_run_id"]
        seed = workerinput["ma_seed"]
        directory = Path(workerinput["ma_run_dir"])
    else:
        resume = option(config, "resume")
        if "/" in resume or "\\" in resume:  # --ma-resume reports/<run-id>: a run folder anywhere
            directory = Path(config.rootpath, resume)
            run_id = directory.name
        else:
            run_id = resume or option(config, "run_id") or _new_run_id()
            directory = Path(config.rootpath, option(config, "output"), run_id)
        seed = option(config, "seed")
        if seed == "random":
            seed = str(secrets.randbelow(2**31))
        _check_agent(config)
        from pytest_mobileagent.report.artifacts import trajectory_policy

        trajectory_policy(config)
        _start_emulators(config)
    if not re.fullmatch(r"[A-Za-z0-9_.\-]+", run_id):
        raise pytest.UsageError(f"--ma-run-id/--ma-resume must name a plain folder, got {run_id!r}")
    config.stash[RUN_DIR_KEY] = directory
    config._ma_seed = seed  # type: ignore[attr-defined]
    config._ma_run_id = run_id  # type: ignore[attr-defined]
    config.stash[RECORDS_KEY] = []
    config.stash[LOCK_KEY] = _load_lock(config)
    resumed = ResultsFile(run_dir(config) / "results.jsonl").finished() if option(config, "resume") else {}
    config.stash[RESUMED_KEY] = resumed
    for marker in ("suite_<name>", "app_<name>", "difficulty_<level>", "tag_<tag>"):
        config.addinivalue_line("markers", f"{marker}: generated per task item by pytest-mobileagent")
    config.addinivalue_line("markers", "multimodal: the task needs an agent that reads the screenshot")
    if config.pluginmanager.hasplugin("xdist"):
        from pytest_mobileagent.xdist_hooks import XdistHooks

        config.pluginmanager.register(XdistHooks(config), "mobileagent-xdist")
    if config.pluginmanager.hasplugin("html"):
        from pytest_mobileagent.report.html import HtmlReport

        config.pluginmanager.register(HtmlReport(config), "mobileagent-html")


def _check_agent(config: pytest.Config) -> None:
    from pytest_mobileagent.agents.loading import UnknownAgent, agent_factory

    name = option(config, "agent")
    if config.pluginmanager.hook.pytest_mobileagent_make_agent.get_hookimpls():
        return  # a plugin may create it; resolved on the workers
    try:
        agent_factory(name)
    except UnknownAgent as e:
        raise pytest.UsageError(str(e)) from None


def _load_lock(config: pytest.Config) -> dict[str, Any]:
    path = option(config, "lock")
    if not path or option(config, "freeze_params") or not Path(path).exists():
        return {}
    return json.loads(Path(path).read_text(encoding="utf-8"))


def pytest_report_header(config: pytest.Config) -> list[str]:
    return [
        f"mobileagent: agent={option(config, 'agent')} device={option(config, 'device')} "
        f"seed={config._ma_seed} instances={option(config, 'instances')}",  # type: ignore[attr-defined]
        f"mobileagent: results in {run_dir(config)}",
    ]


# -- collection --------------------------------------------------------------------


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix == ".py" and fnmatch.fnmatch(file_path.name, option(parent.config, "task_files")):
        return TaskModule.from_parent(parent, path=file_path)
    return None


class TaskModule(pytest.Module):
    """A task module: one parametrized item group per task class.

    The collector's object is a namespace holding one test function per task
    (named like the task), because pytest items look their function up by name
    on the parent's object and the module's own attribute of that name is the
    task class.
    """

    def _getobj(self) -> ModuleType:
        module = super()._getobj()
        items = ModuleType(f"{module.__name__}[tasks]")
        items.__file__ = module.__file__
        for task_cls in tasks_in(module):
            try:
                validate(task_cls, self.path)
            except TaskDefinitionError as e:
                raise self.CollectError(str(e)) from None
            if not task_cls.suite:
                task_cls.suite = suite_of(task_cls, self.path)
            setattr(items, task_cls.name, _task_function(task_cls))
        return items

    def collect(self) -> Iterator[pytest.Item]:
        for name, function in list(vars(self.obj).items()):
            if callable(function) and hasattr(function, "__ma_task__"):
                yield from self._genfunctions(name, function)


def _task_function(task_cls: type) -> Any:
    def run_task(task_case: TaskCase, ma_episode: Any, request: pytest.FixtureRequest) -> None:
        from pytest_mobileagent.report import allure as allure_report
        from pytest_mobileagent.report.failure import assert_passed

        if allure_report.active(request.config):  # in the test body, so steps land on the test itself
            allure_report.attach_episode(request.node, ma_episode)
        assert_passed(ma_episode, task_case)

    run_task.__name__ = task_cls.name
    run_task.__doc__ = task_cls.template
    run_task.__ma_task__ = task_cls  # type: ignore[attr-defined]
    return run_task


def marker_name(prefix: str, value: str) -> str:
    return f"{prefix}_{re.sub(r'[^a-z0-9]+', '_', value.lower()).strip('_')}"


def item_markers(config: pytest.Config, task_cls: Any) -> list[pytest.MarkDecorator]:
    names = [marker_name("suite", task_cls.suite), marker_name("difficulty", task_cls.difficulty)]
    names += [marker_name("app", a) for a in task_cls.apps]
    names += [marker_name("tag", t) for t in task_cls.tags if t]
    if getattr(task_cls, "multimodal", False):
        names.append("multimodal")
    known = set(config.getini("markers"))
    marks = []
    for name in dict.fromkeys(names):
        if not any(line.split(":")[0] == name for line in known):
            config.addinivalue_line("markers", f"{name}: generated by pytest-mobileagent")
        marks.append(getattr(pytest.mark, name))
    return marks


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    task_cls = getattr(metafunc.function, "__ma_task__", None)
    if task_cls is None:
        return
    config = metafunc.config
    try:
        found = cases(task_cls, config._ma_seed, int(option(config, "instances")),  # type: ignore[attr-defined]
                      metafunc.definition.path, config.stash[LOCK_KEY])
    except TaskDefinitionError as e:
        raise pytest.Collector.CollectError(str(e)) from None
    repeat = int(option(config, "repeat"))
    if repeat > 1:
        found = [dataclasses.replace(c, repeat=r) for c in found for r in range(repeat)]
    marks = item_markers(config, task_cls)
    metafunc.parametrize("task_case", [pytest.param(c, id=c.label, marks=marks) for c in found])


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    if not option(config, "freeze_params") or not is_controller(config):
        return
    path = option(config, "lock") or "params.lock.json"
    frozen = {item.callspec.params["task_case"].id: item.callspec.params["task_case"].params
              for item in items if hasattr(item, "callspec") and "task_case" in item.callspec.params}
    Path(path).write_text(json.dumps(frozen, indent=1, sort_keys=True, default=str) + "\n", encoding="utf-8")


# -- results and reports -----------------------------------------------------------------


def _record(config: pytest.Config, item: pytest.Item, outcome: str, result: dict[str, Any]) -> dict[str, Any]:
    result = dict(result, outcome=outcome, run_id=config._ma_run_id)  # type: ignore[attr-defined]
    ResultsFile(run_dir(config) / "results.jsonl").append(result)
    config.hook.pytest_mobileagent_episode_finished(config=config, item=item, result=result)
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    report = yield
    case = getattr(item, "callspec", None) and item.callspec.params.get("task_case")
    if not isinstance(case, TaskCase):
        return report
    result = item.stash.get(EPISODE_KEY, None)
    if report.when == "call" and result is not None:
        outcome = "success" if report.passed else "failure"
        record = result.to_json()
        if not result.resumed:
            record = _record(item.config, item, outcome, record)
        report.ma_result = dict(record, outcome=outcome)  # type: ignore[attr-defined]
        # on the item, so they reach the teardown report that the JUnit writer reads
        item.user_properties.extend([("ma_success", result.success), ("ma_steps", result.num_steps),
                                     ("ma_agent", result.agent),
                                     *((f"ma_{name}", value) for name, value in sorted(result.metrics.items()))])
    elif report.when == "setup" and report.failed:
        record = {"task": case.task_cls.name, "suite": case.task_cls.suite, "instance": case.index,
                  "repeat": case.repeat,
                  "agent": option(item.config, "agent"), "apps": list(case.task_cls.apps), "params": case.params,
                  "difficulty": case.task_cls.difficulty, "tags": list(case.task_cls.tags), "nodeid": item.nodeid,
                  "error": str(call.excinfo.value)[:2000] if call.excinfo else ""}
        report.ma_result = _record(item.config, item, "error", record)  # type: ignore[attr-defined]
    return report


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    record = getattr(report, "ma_result", None)
    if record is None:
        return
    config = _CONFIG.get("config")
    if config is not None and is_controller(config):
        config.stash[RECORDS_KEY].append(record)


_CONFIG: dict[str, pytest.Config] = {}


def current_config() -> pytest.Config:
    """The running session's config (for agents that are built without arguments)."""
    if "config" not in _CONFIG:
        raise RuntimeError("no pytest session is running")
    return _CONFIG["config"]


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    _CONFIG["config"] = session.config


DECISION_KEY = pytest.StashKey[Any]()
METRICS_KEY = pytest.StashKey[dict[str, Any]]()


def _gated(config: pytest.Config) -> bool:
    return bool(option(config, "fail_under") or option(config, "max_regression"))


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """On the controller: aggregate the run into ``metrics.json`` (whatever plugins are loaded), save the
    baseline, and with a gate configured let the gate decide the exit status (also under -n)."""
    config = session.config
    if not is_controller(config):
        return
    from pytest_mobileagent.report import allure as allure_report

    records = config.stash.get(RECORDS_KEY, [])
    if not records:
        allure_report.write_run_files(config)
        return
    from pytest_mobileagent.report.gates import decide, parse_limits, save_baseline
    from pytest_mobileagent.report.summary import write_metrics

    metrics = write_metrics(config, records, run_dir(config), config._ma_run_id)  # type: ignore[attr-defined]
    config.stash[METRICS_KEY] = metrics
    allure_report.write_run_files(config, metrics)
    if option(config, "save_baseline"):
        save_baseline(Path(option(config, "save_baseline")), records, metrics)
    if not _gated(config):
        return
    baseline_path = option(config, "baseline")
    baseline = json.loads(Path(baseline_path).read_text()) if baseline_path else None
    if option(config, "max_regression") and baseline is None:
        raise pytest.UsageError("--ma-max-regression needs --ma-baseline")
    decision = decide(records, metrics, baseline, parse_limits(option(config, "fail_under")),
                      parse_limits(option(config, "max_regression")), int(option(config, "max_infra_errors")),
                      threshold=float(option(config, "success_threshold")))
    config.stash[DECISION_KEY] = decision
    if session.exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
        session.exitstatus = pytest.ExitCode.OK if decision.passed else pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    metrics = config.stash.get(METRICS_KEY, None)
    if not is_controller(config) or metrics is None:
        return
    from pytest_mobileagent.report.gates import write_comparison
    from pytest_mobileagent.report.summary import write_summary

    write_summary(terminalreporter, metrics, run_dir(config))
    if option(config, "save_baseline"):
        terminalreporter.write_line(f"  baseline saved: {option(config, 'save_baseline')}")
    decision = config.stash.get(DECISION_KEY, None)
    if option(config, "baseline"):
        from pytest_mobileagent.report.gates import decide

        records = config.stash.get(RECORDS_KEY, [])
        baseline = json.loads(Path(option(config, "baseline")).read_text())
        flips = decision or decide(records, metrics, baseline, {}, {}, len(records),
                                   threshold=float(option(config, "success_threshold")))
        write_comparison(terminalreporter, baseline, metrics, flips)
    if decision is not None:
        terminalreporter.write_line(f"  gate: {'PASSED' if decision.passed else 'FAILED'} "
                                    "(the gate decides the exit status)")
        for reason in decision.reasons:
            terminalreporter.write_line(f"    {reason}")


FLEET_KEY = pytest.StashKey[Any]()


def _start_emulators(config: pytest.Config) -> None:
    """``--ma-avd``: boot the emulators on the controller; their specs become the device pool."""
    avd = option(config, "avd")
    if not avd:
        return
    from pytest_mobileagent.device.emulators import EmulatorFleet

    fleet = EmulatorFleet(avd, max(1, int(option(config, "emulators")))).start()
    config.stash[FLEET_KEY] = fleet
    config.option.ma_serials = ",".join(fleet.specs())


def pytest_unconfigure(config: pytest.Config) -> None:
    fleet = config.stash.get(FLEET_KEY, None)
    if fleet is not None:
        fleet.stop()
    _CONFIG.pop("config", None)


__all__ = ["OPTIONS", "option", "run_dir"]
