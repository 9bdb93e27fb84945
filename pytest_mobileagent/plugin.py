"""pytest-mobileagent's pytest11 entry point: options, collection of task modules, reporting hooks.

Every ``--ma-<name>`` option is mirrored by an ini key ``ma_<name>``; the
command line wins. Task modules (``tasks_*.py`` by default) become pytest
modules whose items are ``TaskName[index]``, parametrized at collection with
deterministic parameter draws, so every xdist worker collects the same items.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import errno
import fnmatch
import hashlib
import json
import os
import re
import secrets
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, cast

import pytest

from pytest_mobileagent import datasets, hooks
from pytest_mobileagent.apis import API_LIST_ENV
from pytest_mobileagent.device.backend import Backends, installed_backends
from pytest_mobileagent.device.base import InfrastructureError
from pytest_mobileagent.episode import EpisodeTimeout
from pytest_mobileagent.fixtures import clean_state_lines, configured_specs
from pytest_mobileagent.pool import device_backends
from pytest_mobileagent.records import EpisodeRecord, EpisodeResult, RecordFormatError
from pytest_mobileagent.redaction import redact, redact_handler, redact_json, register_secret
from pytest_mobileagent.report.results import ResultsFile
from pytest_mobileagent.report.summary import RunTally
from pytest_mobileagent.settings import Run, add_options, build, option, run, settings
from pytest_mobileagent.stash import (
    BACKENDS_KEY,
    DECISION_KEY,
    DRAW_CACHE_KEY,
    EMPTY_MODULES_KEY,
    EPISODE_KEY,
    FLEET_KEY,
    LOCK_KEY,
    METRICS_KEY,
    RESUMED_KEY,
    RUN_KEY,
    SAVED_ENV_KEY,
    SESSION_KEY,
    SETTINGS_KEY,
    STREAKS_KEY,
    TALLY_KEY,
)
from pytest_mobileagent.tasks.draw_cache import DrawCache
from pytest_mobileagent.tasks.registry import TaskCase, TaskDefinitionError, cases, suite_of, tasks_in, validate


def pytest_addoption(parser: pytest.Parser) -> None:
    add_options(parser)


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    pluginmanager.add_hookspecs(hooks)
    from pytest_mobileagent.report.allure import install_redaction

    install_redaction()  # before allure-pytest's pytest_configure creates its file writer


#: pytest's log handlers (``--log-file``, live logs, captured logs in reports and ``caplog``).
_LOG_HANDLERS = ("log_file_handler", "log_cli_handler", "report_handler", "caplog_handler")


def pytest_plugin_registered(plugin: object, plugin_name: str) -> None:
    """pytest's logging plugin, once it exists: each of its handlers writes through the redaction."""
    if plugin_name == "logging-plugin":
        for name in _LOG_HANDLERS:
            handler = getattr(plugin, name, None)
            if handler is not None:
                redact_handler(handler)


def is_controller(config: pytest.Config) -> bool:
    return not hasattr(config, "workerinput")


def _new_run_id() -> str:
    return dt.datetime.now().strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(2)


def run_dir(config: pytest.Config) -> Path:
    return run(config).directory


def pytest_configure(config: pytest.Config) -> None:
    config.stash[SETTINGS_KEY] = options = build(config)  # a bad option stops here, before collection
    _register_secrets()
    # task modules' importers find the files through datasets_dir(), as with $MA_DATASETS; the API catalogue its
    # list through $MA_API_LIST: both set for this process and the workers it starts, restored at the end
    saved = config.stash[SAVED_ENV_KEY] = {}
    for name, value in ((datasets.ENV, options.datasets), (API_LIST_ENV, options.api_list)):
        if value:
            saved[name] = os.environ.get(name)
            os.environ[name] = str(Path(value).resolve())
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None:
        run_id = workerinput["ma_run_id"]
        seed = workerinput["ma_seed"]
        directory = Path(workerinput["ma_run_dir"])
    else:
        run_id, directory = _run_folder(config)
        if not (config.option.help or config.option.collectonly):
            _check_writable(directory)
        seed = options.seed
        if seed == "random":
            seed = str(secrets.randbelow(2**31))
        _check_agent(config)
        _check_text_rule(options.text_rule, options.text_similarity)
        _start_emulators(config)
        _every_adb_device(config)
    config.stash[RUN_KEY] = Run(run_id, seed, directory)
    config.stash[TALLY_KEY] = RunTally(options.success_threshold)
    config.stash[LOCK_KEY] = _load_lock(config)
    config.stash[RESUMED_KEY] = _resumed_episodes(config)
    for marker in ("suite_<name>", "app_<name>", "difficulty_<level>", "tag_<tag>"):
        config.addinivalue_line("markers", f"{marker}: generated per task item by pytest-mobileagent")
    config.addinivalue_line("markers", "multimodal: the task needs an agent that reads the screenshot")
    config.addinivalue_line("markers", "needs_real_app(package): the task is about an app the simulator does not "
                            "install; skipped where the package is not installed")
    config.addinivalue_line("markers", "ma_episode(**fields): override fields of the episode options for a test "
                            "(require_complete, infra_retries, metrics)")
    config.pluginmanager.register(ReportObserver(config), "mobileagent-observer")
    if options.replay and workerinput is None:
        _replay_report(config, options.replay)
    if config.pluginmanager.hasplugin("xdist"):
        from pytest_mobileagent.xdist_hooks import XdistHooks

        config.pluginmanager.register(XdistHooks(config), "mobileagent-xdist")
    if config.pluginmanager.hasplugin("html"):
        from pytest_mobileagent.report.html import HtmlReport

        config.pluginmanager.register(HtmlReport(config, options, run(config)), "mobileagent-html")


def _resumed_episodes(config: pytest.Config) -> dict[str, EpisodeRecord]:
    """With ``--ma-resume``: the run's finished episodes (:meth:`~pytest_mobileagent.report.results.ResultsFile.
    finished`); a line of a newer format is a usage error naming it, a damaged one a warning naming it (its
    episode runs again)."""
    resume = option(config, "resume")
    if not resume:
        return {}
    results = ResultsFile(run(config).results, "--ma-resume")
    try:
        finished = results.finished()
    except RecordFormatError as e:
        raise pytest.UsageError(f"--ma-resume {resume}: {e}") from None
    if is_controller(config):
        _warn_skipped(config, "--ma-resume", results.skipped)
    return finished


def _warn_skipped(config: pytest.Config, reader: str, skipped: list[str]) -> None:
    """A warning (in the warnings summary) for each results line ``reader`` skipped as damaged."""
    for message in skipped[:20]:
        config.issue_config_time_warning(pytest.PytestWarning(f"{reader}: {message}"), stacklevel=2)
    if len(skipped) > 20:
        config.issue_config_time_warning(pytest.PytestWarning(f"{reader}: {len(skipped) - 20} more damaged lines "
                                                              "skipped"), stacklevel=2)


def _run_folder(config: pytest.Config) -> tuple[str, Path]:
    """This run's id and output folder; ``--ma-resume`` must name a run that exists."""
    resume, output = option(config, "resume"), Path(config.rootpath, option(config, "output"))
    if not resume:
        shard = option(config, "shard")
        run_id = option(config, "run_id") or _new_run_id() + (f"-shard-{shard[0]}-of-{shard[1]}" if shard else "")
        if (output / run_id / "results.jsonl").exists():
            raise pytest.UsageError(f"--ma-run-id {run_id}: {output / run_id} already holds a run; continue it with "
                                    f"--ma-resume {run_id}, or choose another run id")
        return run_id, output / run_id
    # --ma-resume reports/<run-id> names a run folder anywhere; a bare id one under --ma-output (both checked by
    # settings.run_reference: the folder's name is a plain run id, never "." or "..")
    directory = Path(config.rootpath, resume) if "/" in resume or "\\" in resume else output / resume
    try:
        found = (directory / "results.jsonl").is_file()
    except OSError as e:  # a path the system refuses (too long...)
        raise pytest.UsageError(f"--ma-resume {resume!r}: {e.strerror or e}") from None
    if not found:
        runs = sorted(path.parent.name for path in output.glob("*/results.jsonl"))[-5:]
        known = f"; recent runs in {output}: {', '.join(runs)}" if runs else f"; {output} holds no runs"
        raise pytest.UsageError(f"--ma-resume {resume}: no run there ({directory / 'results.jsonl'} not found)"
                                + known)
    return directory.name, directory


def _replay_report(config: pytest.Config, text: str) -> None:
    """``--ma-replay``: read the recording now (a bad one is a usage error before collection) and report the
    replay at the end."""
    from pytest_mobileagent.report.replay import ReplayReport, recording

    try:
        recorded = recording(config, text)
    except ValueError as e:
        raise pytest.UsageError(f"--ma-replay {text}: {e}") from None
    _warn_skipped(config, "--ma-replay", recorded.skipped)
    config.pluginmanager.register(ReplayReport(text), "mobileagent-replay")


def _check_writable(directory: Path) -> None:
    """The run folder can be created and written, or a usage error naming it, found now and not after the first
    episode. Nothing is left behind: the probe is a temporary file in the folder or its nearest existing parent."""
    existing = directory
    while not existing.exists() and existing.parent != existing:
        existing = existing.parent
    try:
        if not existing.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, f"{existing} is not a folder")
        with tempfile.TemporaryFile(dir=existing):
            pass
    except OSError as e:
        raise pytest.UsageError(f"--ma-output: cannot write the run folder {directory}: "
                                f"{e.strerror or e} (choose a writable --ma-output)") from None


def _register_secrets() -> None:
    """The model API key is redacted from every output, wherever an error message quotes it."""
    from pytest_mobileagent.llm.client import KEY_VARIABLES

    for variable in KEY_VARIABLES:
        register_secret(os.environ.get(variable))


def _redact_report(report: pytest.TestReport) -> None:
    """Secrets out of what the terminal, JUnit, pytest-html and Allure show of an item."""
    if report.longrepr is not None:
        text = str(report.longrepr)
        if redact(text) != text:
            report.longrepr = redact(text)
    report.sections = [(title, redact(body)) for title, body in report.sections]


def _check_text_rule(name: str, threshold: float) -> None:
    """Stop a run whose ``--ma-text-rule`` cannot be used here (spaCy or its model missing)."""
    from pytest_mobileagent.metrics.arena_steps import text_rule

    try:
        text_rule(name, threshold)
    except (ImportError, OSError) as e:
        raise pytest.UsageError(f"--ma-text-rule {name}: {e}; install spacy and its model (python -m spacy "
                                "download en_core_web_md) or use the default, difflib") from None


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
    if not path or option(config, "freeze_params"):
        return {}
    return json.loads(Path(path).read_text(encoding="utf-8"))


def pytest_report_header(config: pytest.Config) -> list[str]:
    return [
        f"mobileagent: agent={option(config, 'agent')} device={redact(option(config, 'device'))} "
        f"seed={run(config).seed} instances={option(config, 'instances')}",
        f"mobileagent: results in {run_dir(config)}",
        *(redact(line) for line in clean_state_lines(settings(config))),
    ]


# -- collection --------------------------------------------------------------------

def _note_empty_module(config: pytest.Config, report: pytest.CollectReport) -> None:
    """Remember task modules that skipped themselves at import, and why (a module without tasks is noted by
    :class:`TaskModule` itself; under xdist only the skips reach the controller)."""
    path = Path(report.fspath)
    if path.suffix != ".py" or not fnmatch.fnmatch(path.name, option(config, "task_files")):
        return
    if report.skipped:
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        config.stash.setdefault(EMPTY_MODULES_KEY, {})[report.nodeid] = reason.removeprefix("Skipped: ")


def _empty_module_lines(config: pytest.Config) -> list[str]:
    return [f"mobileagent: {module} contributed no items: {reason}"
            for module, reason in sorted(config.stash.get(EMPTY_MODULES_KEY, {}).items())]


def pytest_report_collectionfinish(config: pytest.Config) -> list[str]:
    return _empty_module_lines(config)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix == ".py" and fnmatch.fnmatch(file_path.name, option(parent.config, "task_files")):
        return TaskModule.from_parent(parent, path=file_path)
    if file_path.suffix in (".yaml", ".yml") and (
            parent.session.isinitpath(file_path)
            or ((pattern := option(parent.config, "arena_files")) and fnmatch.fnmatch(file_path.name, pattern))):
        return ArenaFileModule.from_parent(parent, path=file_path)
    return None


class TaskModule(pytest.Module):
    """A task module: one parametrized item group per task class.

    Once imported, the collector's object becomes a namespace holding one test
    function per task, named like the task and marked ``__test__`` so pytest's
    own collection picks it up whatever ``python_functions`` says. Items look
    their function up by name on the parent's object, and the module's own
    attribute of that name is the task class, hence the namespace.
    """

    def collect(self) -> list[pytest.Item | pytest.Collector]:
        if not isinstance(self.obj, _TaskNamespace):
            self.obj = _task_namespace(self.obj, self.path)
        if not vars(self.obj).get("__ma_tasks__"):
            self.config.stash.setdefault(EMPTY_MODULES_KEY, {})[self.nodeid] = "it defines no task"
        return super().collect()


class ArenaFileModule(TaskModule):
    """An AndroidArena-format YAML file (:mod:`pytest_mobileagent.tasks.importers.androidarena`): its tasks as
    items, as a task module's; a malformed file is a collection error naming the file and line."""

    def _getobj(self) -> ModuleType:
        from pytest_mobileagent.tasks.importers.androidarena import build_tasks

        module = ModuleType(f"arena_tasks.{re.sub(r'[^A-Za-z0-9_]', '_', self.path.stem)}")
        module.__file__ = str(self.path)
        try:
            vars(module).update(build_tasks(self.path, module.__name__))
        except TaskDefinitionError as e:
            raise self.CollectError(str(e)) from None
        return module


class _TaskNamespace(ModuleType):
    """The test functions of one task module."""


def _task_namespace(module: ModuleType, path: Path) -> _TaskNamespace:
    items = _TaskNamespace(f"{module.__name__}[tasks]")
    items.__file__ = module.__file__
    names = []
    for task_cls in tasks_in(module):
        try:
            validate(task_cls, path)
        except TaskDefinitionError as e:
            raise pytest.Collector.CollectError(str(e)) from None
        if not task_cls.suite:
            task_cls.suite = suite_of(task_cls, path)
        setattr(items, task_cls.name, _task_function(task_cls))
        names.append(task_cls.name)
    items.__ma_tasks__ = names  # type: ignore[attr-defined]
    return items


def _task_function(task_cls: type) -> Any:
    def run_task(task_case: TaskCase, ma_episode: Any, request: pytest.FixtureRequest) -> None:
        from pytest_mobileagent.report import allure as allure_report
        from pytest_mobileagent.report.failure import assert_passed

        if allure_report.active(request.config):  # in the test body, so steps land on the test itself
            allure_report.attach_episode(request.node, ma_episode)
        assert_passed(ma_episode, option(request.config, "success_threshold"))

    run_task.__name__ = task_cls.name
    run_task.__doc__ = task_cls.template
    run_task.__ma_task__ = task_cls  # type: ignore[attr-defined]
    run_task.__test__ = True  # type: ignore[attr-defined]
    return run_task


def marker_name(prefix: str, value: str) -> str:
    return f"{prefix}_{re.sub(r'[^a-z0-9]+', '_', value.lower()).strip('_')}"


def item_markers(config: pytest.Config, task_cls: Any) -> list[pytest.MarkDecorator]:
    names = [marker_name("suite", task_cls.suite), marker_name("difficulty", task_cls.difficulty)]
    names += [marker_name("app", a) for a in task_cls.apps]
    names += [marker_name("tag", t) for t in task_cls.tags if t]
    names += [marker_name("requires", c) for c in sorted(getattr(task_cls, "requires", ()))]
    if getattr(task_cls, "multimodal", False):
        names.append("multimodal")
    known = set(config.getini("markers"))
    marks = []
    for name in dict.fromkeys(names):
        if not any(line.split(":")[0] == name for line in known):
            config.addinivalue_line("markers", f"{name}: generated by pytest-mobileagent")
        marks.append(getattr(pytest.mark, name))
    marks += [pytest.mark.needs_real_app(package) for package in real_apps(task_cls, device_backends(config))]
    if getattr(task_cls, "unjudged", ""):
        marks.append(pytest.mark.skip(reason=task_cls.unjudged))
    return marks


def real_apps(task_cls: Any, backends: Backends | None = None) -> list[str]:
    """The task's packages (``Task.packages``) no simulated phone installs (the ``catalogue`` backends'), sorted."""
    packages = getattr(task_cls, "packages", ())
    if not packages:
        return []
    simulated = (backends or installed_backends()).simulated_packages()
    return sorted(set(packages) - (simulated or frozenset()))


def _draw_cache(config: pytest.Config) -> DrawCache | None:
    """Draws kept in pytest's cache between runs (none under ``-p no:cacheprovider``)."""
    if DRAW_CACHE_KEY not in config.stash:
        cache = getattr(config, "cache", None)
        config.stash[DRAW_CACHE_KEY] = DrawCache(cache.mkdir("mobileagent") / "draws") if cache else None
    return config.stash[DRAW_CACHE_KEY]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    task_cls = getattr(metafunc.function, "__ma_task__", None)
    if task_cls is None:
        return
    config = metafunc.config
    try:
        found = cases(task_cls, run(config).seed, int(option(config, "instances")),
                      metafunc.definition.path, config.stash[LOCK_KEY], _draw_cache(config))
    except TaskDefinitionError as e:
        raise pytest.Collector.CollectError(str(e)) from None
    repeat = int(option(config, "repeat"))
    if repeat > 1:
        found = [dataclasses.replace(c, repeat=r) for c in found for r in range(repeat)]
    marks = item_markers(config, task_cls)
    metafunc.parametrize("task_case", [pytest.param(c, id=c.label, marks=marks) for c in found])


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    _keep_shard(config, items)
    if not option(config, "freeze_params") or not is_controller(config):
        return
    path = option(config, "lock") or "params.lock.json"
    frozen = {item.callspec.params["task_case"].id: item.callspec.params["task_case"].params
              for item in items if hasattr(item, "callspec") and "task_case" in item.callspec.params}
    Path(path).write_text(json.dumps(frozen, indent=1, sort_keys=True, default=str) + "\n", encoding="utf-8")


def shard_of(item_id: str, shards: int) -> int:
    """The shard (1..N) an item belongs to: a hash of its id (an episode id for task items), so every machine
    and every xdist worker assigns it alike whatever else was collected."""
    return int.from_bytes(hashlib.blake2b(item_id.encode(), digest_size=8).digest(), "big") % shards + 1


def _keep_shard(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``--ma-shard K/N``: deselect the items of the other shards."""
    shard = option(config, "shard")
    if not shard:
        return
    k, n = shard

    def item_id(item: pytest.Item) -> str:
        case = getattr(item, "callspec", None) and item.callspec.params.get("task_case")
        return case.episode if isinstance(case, TaskCase) else item.nodeid

    kept: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        (kept if shard_of(item_id(item), n) == k else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


# -- results and reports -----------------------------------------------------------------


def _record(config: pytest.Config, item: pytest.Item, result: EpisodeResult) -> EpisodeRecord:
    """Append the episode, of this run, to ``results.jsonl`` at once (nothing lost) and tell the hook."""
    result.run_id = run(config).id
    record = cast(EpisodeRecord, redact_json(result.to_json()))
    ResultsFile(run(config).results).append(record)
    config.hook.pytest_mobileagent_episode_finished(config=config, item=item, result=record)
    return record


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    report = _episode_report(item, call, (yield))
    _redact_report(report)
    return report


def _episode_report(item: pytest.Item, call: pytest.CallInfo[None], report: pytest.TestReport) -> pytest.TestReport:
    """A task item's report: its record written and attached, an infrastructure error in a few lines."""
    case = getattr(item, "callspec", None) and item.callspec.params.get("task_case")
    if not isinstance(case, TaskCase):
        return report
    result = item.stash.get(EPISODE_KEY, None)
    if report.when == "call" and result is not None:
        result.outcome = "success" if report.passed else "failure"
        try:
            record = result.to_json() if result.resumed else _record(item.config, item, result)
        except OSError as e:
            return _unrecorded(item.config, report, e)
        report.ma_result = record  # type: ignore[attr-defined]
        # on the item, so they reach the teardown report that the JUnit writer reads
        item.user_properties.extend([("ma_success", result.success), ("ma_steps", result.num_steps),
                                     ("ma_agent", result.agent),
                                     *((f"ma_{name}", value) for name, value in sorted(result.metrics.items()))])
    elif report.when == "setup" and report.failed:
        infrastructure = bool(call.excinfo and call.excinfo.errisinstance(InfrastructureError))
        if infrastructure and item.config.option.tbstyle in ("auto", "short"):
            report.longrepr = _infrastructure_report(item, call.excinfo.value)  # type: ignore[union-attr]
        error = call.excinfo.value if call.excinfo else None
        errored = EpisodeResult(task=case.task_cls.name, suite=case.task_cls.suite, instance=case.index,
                                repeat=case.repeat, agent=option(item.config, "agent"), apps=list(case.task_cls.apps),
                                params=case.params, difficulty=case.task_cls.difficulty, tags=list(case.task_cls.tags),
                                nodeid=item.nodeid, outcome="error", error=str(error)[:2000] if error else "",
                                infrastructure=infrastructure,
                                timed_out=error.spent if isinstance(error, EpisodeTimeout) else None)
        report.ma_result = _record(item.config, item, errored)  # type: ignore[attr-defined]
    return report


def _device_of(config: pytest.Config) -> str:
    return getattr(config, "workerinput", {}).get("ma_device") or option(config, "serials") or option(config, "device")


def _infrastructure_report(item: pytest.Item, error: BaseException) -> str:
    """An infrastructure error in a few lines: what failed, where, what to do (``--tb=long`` shows it all)."""
    hint = getattr(error, "hint", InfrastructureError.hint).replace("<run-id>", run(item.config).id)
    return (f"{type(error).__name__}: {error}\n"
            f"  device: {_device_of(item.config)}\n"
            f"  to fix: {hint}\n"
            f"  (--tb=long shows the traceback)")


class ReportObserver:
    """Hooks that pytest calls without the config (reports arriving, the session starting), bound to it:
    registered once per config at configure time."""

    def __init__(self, config: pytest.Config):
        self.config = config

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        self.config.stash[SESSION_KEY] = session

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        _note_empty_module(self.config, report)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        write_error = getattr(report, "ma_write_error", None)
        if write_error and is_controller(self.config):
            _stop(self.config, write_error)
        record = getattr(report, "ma_result", None)
        if record is not None and is_controller(self.config):
            self.config.stash[TALLY_KEY].add(record)
            _count_infrastructure_errors(self.config, report, record)


def _unrecorded(config: pytest.Config, report: pytest.TestReport, error: OSError) -> pytest.TestReport:
    """An episode whose record could not be written (a full disk): the item errs naming the file, and the
    controller stops the session; every episode written before stays valid and resumable."""
    path = run(config).results
    message = (f"cannot write {path}: {error.strerror or error}; the session stops. Episodes recorded before "
               f"this one are intact: free space, then resume with --ma-resume {run(config).id}")
    report.outcome = "failed"
    report.longrepr = message
    report.ma_write_error = message  # type: ignore[attr-defined]
    return report


def _stop(config: pytest.Config, reason: str) -> None:
    """Stop the session (on the controller; under xdist through the dsession, so workers stop too)."""
    dsession = config.pluginmanager.get_plugin("dsession")
    target = dsession if dsession is not None else config.stash.get(SESSION_KEY, None)
    if target is not None and not target.shouldstop:
        target.shouldstop = reason


def _count_infrastructure_errors(config: pytest.Config, report: pytest.TestReport, record: EpisodeRecord) -> None:
    """Stop the session once a device (or the endpoint) has given ``--ma-max-infra-errors`` errors in a row:
    it is gone for good, and every further item would only add an error. What finished is on disk."""
    node = getattr(report, "node", None)  # the xdist worker that ran it
    where = getattr(node, "workerinput", {}).get("ma_device") or _device_of(config)
    streaks = config.stash.setdefault(STREAKS_KEY, {})
    streaks[where] = streaks.get(where, 0) + 1 if record.get("infrastructure") else 0
    limit = option(config, "max_infra_errors")
    if streaks[where] < limit:
        return
    _stop(config, f"{streaks[where]} infrastructure errors in a row on {where} (--ma-max-infra-errors {limit}); "
                  f"finished episodes are in {run_dir(config)}, resume with --ma-resume {run(config).id}")


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    if is_controller(session.config) and not session.config.option.collectonly:
        _preflight(session.config)  # before xdist starts a worker: a wrong setup costs seconds, not a run


def _preflight(config: pytest.Config) -> None:
    """Every adb device online, and for a model agent (or the judge) the endpoint, key and model usable:
    otherwise one usage error naming what to set, before any item."""
    from pytest_mobileagent.device.base import DeviceError
    from pytest_mobileagent.pool import check_reachable

    for spec in configured_specs(settings(config)):
        try:
            check_reachable(spec, device_backends(config))
        except DeviceError as e:
            raise pytest.UsageError(redact(f"--ma-device {spec}: {e}")) from None
    from pytest_mobileagent.agents.loading import uses_model

    judge = option(config, "llm_judge")
    if not (uses_model(option(config, "agent")) or judge):
        return
    from pytest_mobileagent.llm.client import EndpointUnusable, LLMClient

    try:
        client = LLMClient.from_settings(settings(config))
        models = [client.model] + ([option(config, "llm_judge_model") or client.model] if judge else [])
        client.preflight(list(dict.fromkeys(models)))
    except EndpointUnusable as e:
        raise pytest.UsageError(redact(f"--agent {option(config, 'agent')}: {e}")) from None


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

    tally = config.stash.get(TALLY_KEY, None) or RunTally()
    allure_folder = allure_report.results_dir(config)
    if not tally.aggregate.records:
        if allure_folder:
            allure_report.write_run_files(allure_folder, settings(config), run(config), tally.tokens_spent)
        return
    from pytest_mobileagent.report.gates import decide, save_baseline
    from pytest_mobileagent.report.summary import write_metrics

    threshold = option(config, "success_threshold")
    metrics = write_metrics(config, tally.aggregate, run_dir(config), run(config).id)
    config.stash[METRICS_KEY] = metrics
    html_report = config.pluginmanager.get_plugin("mobileagent-html")
    if html_report is not None:
        html_report.metrics = metrics
    if allure_folder:
        allure_report.write_run_files(allure_folder, settings(config), run(config), tally.tokens_spent, metrics)
    if option(config, "save_baseline"):
        save_baseline(Path(option(config, "save_baseline")), tally.outcomes, metrics)
    if not _gated(config):
        return
    decision = decide(tally.outcomes, metrics, option(config, "baseline"), option(config, "fail_under") or {},
                      option(config, "max_regression") or {}, option(config, "gate_infra_errors"), threshold=threshold)
    config.stash[DECISION_KEY] = decision
    if session.exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
        session.exitstatus = pytest.ExitCode.OK if decision.passed else pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    if not is_controller(config):
        return
    if getattr(config, "workerinput", None) is None and config.pluginmanager.get_plugin("dsession") is not None:
        for line in _empty_module_lines(config):  # under xdist the workers collect: say it at the end
            terminalreporter.write_line(line, yellow=True)
    metrics = config.stash.get(METRICS_KEY, None)
    if metrics is None:
        return
    from pytest_mobileagent.report.gates import write_comparison
    from pytest_mobileagent.report.summary import write_summary

    write_summary(terminalreporter, metrics, run_dir(config))
    if option(config, "save_baseline"):
        terminalreporter.write_line(f"  baseline saved: {option(config, 'save_baseline')}")
    decision = config.stash.get(DECISION_KEY, None)
    baseline = option(config, "baseline")
    if baseline is not None:
        from pytest_mobileagent.report.gates import decide

        flips = decision or decide(config.stash[TALLY_KEY].outcomes, metrics, baseline, {}, {},
                                   metrics["overall"]["errors"], threshold=option(config, "success_threshold"))
        write_comparison(terminalreporter, baseline, metrics, flips)
    if decision is not None:
        terminalreporter.write_line(f"  gate: {'PASSED' if decision.passed else 'FAILED'} "
                                    "(the gate decides the exit status)")
        for reason in decision.reasons:
            terminalreporter.write_line(f"    {reason}")


def _start_emulators(config: pytest.Config) -> None:
    """``--ma-avd``: boot the emulators on the controller; their specs become the device pool."""
    avd = option(config, "avd")
    if not avd:
        return
    from pytest_mobileagent.device.emulators import EmulatorFleet

    fleet = EmulatorFleet(avd, option(config, "emulators")).start()
    config.stash[FLEET_KEY] = fleet
    config.stash[SETTINGS_KEY] = dataclasses.replace(config.stash[SETTINGS_KEY], serials=",".join(fleet.specs()))


def _every_adb_device(config: pytest.Config) -> None:
    """``--ma-device adb``: every online device of the default adb server, one per xdist worker."""
    if option(config, "device") != "adb" or option(config, "serials") or config.option.collectonly:
        return
    from pytest_mobileagent.device.adb import server_devices
    from pytest_mobileagent.device.adb_backend import default_adb_server
    from pytest_mobileagent.device.base import DeviceError

    host, port = default_adb_server()
    try:
        online = [serial for serial, state in server_devices(host, port).items() if state == "device"]
    except DeviceError as e:
        raise pytest.UsageError(f"--ma-device adb: {e}") from None
    if not online:
        raise pytest.UsageError(f"--ma-device adb: the adb server at {host}:{port} has no online device")
    config.stash[SETTINGS_KEY] = dataclasses.replace(config.stash[SETTINGS_KEY], serials=",".join(online))


def pytest_unconfigure(config: pytest.Config) -> None:
    for name, saved in config.stash.get(SAVED_ENV_KEY, {}).items():
        if saved is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = saved
    fleet = config.stash.get(FLEET_KEY, None)
    if fleet is not None:
        fleet.stop()
    backends = config.stash.get(BACKENDS_KEY, None)
    if backends is not None:
        backends.close()


__all__ = ["option", "run_dir"]
