"""Fixtures, a chain a user can override one link at a time in a conftest (as pytest-playwright's is):

- session: ``ma_settings`` (the run's options) → ``ma_device_spec`` → ``ma_device`` (one per xdist worker, its
  clean snapshot saved) → ``ma_device_config``; ``ma_configs`` (``--ma-configs``); ``ma_agent_name`` →
  ``ma_agent``;
- per item: ``ma_task`` (the task instance) → ``ma_capable`` (skips a task the device cannot run) and
  ``ma_clock`` and ``ma_config`` (the item's drawn device configuration) → ``ma_reset`` (back to the clean
  state, configured) and
  ``ma_episode_options`` (``@pytest.mark.ma_episode(require_complete=True, ...)`` overrides fields per test) and
  ``ma_artifacts`` (what the item keeps) → ``ma_episode``, which runs :func:`~pytest_mobileagent.episode.play`
  and records the result.

The episode runs in fixture setup so that infrastructure failures are pytest errors while agent failures are
test failures.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pytest_mobileagent.agents.base import ReportsUsage
from pytest_mobileagent.agents.builtin import OracleAgent
from pytest_mobileagent.agents.replay import RecordedAgent, ReplayError
from pytest_mobileagent.android import launcher
from pytest_mobileagent.catalog import APPS
from pytest_mobileagent.device import clock
from pytest_mobileagent.device.backend import Backend, Backends
from pytest_mobileagent.device.base import Device, InfrastructureError, UnsupportedCapability, has_package, require
from pytest_mobileagent.device.configs import DeviceConfig
from pytest_mobileagent.episode import (
    EpisodeOptions,
    EpisodeResult,
    MetricOptions,
    new_result,
    play,
    played_ground_truth,
    restore,
)
from pytest_mobileagent.pool import device_backends
from pytest_mobileagent.report.artifacts import Artifacts, artifacts, save_model_log
from pytest_mobileagent.report.trace import TraceRecorder
from pytest_mobileagent.scoring import score
from pytest_mobileagent.settings import Settings, run, settings
from pytest_mobileagent.stash import ARTIFACTS_KEY, EPISODE_KEY, RESUMED_KEY
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.judged import JUDGED_INSTEAD, judged_by_model, judged_on
from pytest_mobileagent.tasks.params import draw, instance_seed
from pytest_mobileagent.tasks.registry import TaskCase

CLEAN_SNAPSHOT = "ma-clean"


@pytest.fixture(scope="session")
def ma_settings(pytestconfig: pytest.Config) -> Settings:
    """The run's options, typed and checked (:class:`~pytest_mobileagent.settings.Settings`)."""
    return settings(pytestconfig)


@pytest.fixture(scope="session")
def ma_device_spec(request: pytest.FixtureRequest) -> str:
    """Which device this worker drives: ``sim`` or an adb serial (from the controller's pool)."""
    workerinput = getattr(request.config, "workerinput", {})
    return workerinput.get("ma_device") or configured_specs(settings(request.config))[0]


def configured_specs(options: Settings) -> list[str]:
    """The device specs the options name, one per xdist worker."""
    from pytest_mobileagent.pool import device_specs

    return device_specs(options.device, options.serials, options.pool_file)


@pytest.fixture(scope="session")
def ma_backend(request: pytest.FixtureRequest, ma_device_spec: str) -> Backend:
    """The device backend of this worker's device (:mod:`~pytest_mobileagent.device.backend`)."""
    return device_backends(request.config).for_spec(ma_device_spec)


@pytest.fixture(scope="session")
def ma_device(request: pytest.FixtureRequest, ma_settings: Settings, ma_device_spec: str) -> Iterator[Device]:
    """The worker's device, with a clean snapshot saved to restore before every item.

    A transient device fault while preparing it is retried (``--ma-infra-retries``, 1 s apart and doubling), as
    an episode is: a fault here would otherwise error every item of the worker."""
    worker = getattr(request.config, "workerinput", {}).get("workerid", "master")
    for attempt in range(ma_settings.infra_retries + 1):
        try:
            device = _prepared_device(ma_device_spec, worker, ma_settings, device_backends(request.config))
            break
        except InfrastructureError:
            if attempt == ma_settings.infra_retries:
                raise
            time.sleep(2 ** attempt)
    yield device
    device.close()


def _prepared_device(spec: str, worker: str, options: Settings, backends: Backends) -> Device:
    """Open the device through its backend and save the clean snapshot: from the prepared snapshot
    (``--ma-snapshot``), or from the defined state (:func:`to_defined_state`) when the session makes its own."""
    from pytest_mobileagent.pool import open_device

    # a snapshot the user prepared (apps installed, onboarding done) is restored first, then the spec's profile
    device = open_device(spec, name=worker, snapshot=options.snapshot, timeout=options.adb_timeout,
                         backends=backends)
    try:
        require(device, "snapshots", "every item starts from the clean snapshot the session saves; use an "
                "emulator (emulator-<port>, or adb://HOST:PORT/SERIAL?console=PORT) or the simulator")
        if options.snapshot:
            device.press("home")  # as AndroidWorld resets: the launcher in front, whatever the device showed
        else:
            to_defined_state(device)
        clock.prepare_clock(device)
        device.set_time(clock.DEFAULT_TIME)
        device.snapshot_save(CLEAN_SNAPSHOT)
    except BaseException:
        device.close()
        raise
    return device


def to_defined_state(device: Device) -> None:
    """Stop every app the catalog names and the one in front, so that each opens on its first page (a phone a
    previous run left in a Settings sub-page would otherwise start every item there), then go home."""
    front, _ = device.current_activity()
    for package in sorted({package for _, package, _ in APPS} | {front}):
        if package != launcher.PACKAGE and not package.startswith("com.android.systemui"):
            device.stop_app(package)
    device.press("home")


def clean_state_lines(options: Settings) -> list[str]:
    """What the clean snapshot every item starts from is, for the report header."""
    if options.snapshot:
        state = f"mobileagent: clean state: the prepared snapshot {options.snapshot!r}, home screen"
    else:
        state = ("mobileagent: clean state: saved by each worker after stopping the catalog's apps and the app in "
                 "front, home screen (--ma-snapshot uses a prepared snapshot instead)")
    start = f"{clock.DEFAULT_TIME:%Y-%m-%d %H:%M}"
    return [state, f"mobileagent: clock: {clock.DESCRIPTION}; {start} UTC before every item"]


@pytest.fixture(scope="session")
def ma_device_config(ma_device: Device) -> dict[str, str]:
    """The worker device's configuration (model, size, density, locale, dark mode), recorded on every
    episode for success by configuration. Override it where a suite randomises the configuration."""
    from pytest_mobileagent.device.config import read_config

    return read_config(ma_device)


@pytest.fixture(scope="session")
def ma_configs(ma_settings: Settings) -> tuple[DeviceConfig, ...]:
    """The device configurations ``--ma-configs`` names (B-MoCA's environments), or none."""
    return ma_settings.configs


def config_of(case: TaskCase, configs: tuple[DeviceConfig, ...]) -> DeviceConfig | None:
    """The configuration an item's episodes run under: drawn from ``configs`` by the instance seed (so every
    repeat of an instance, on every worker and in a resumed run, gets the same one), or None without any."""
    if not configs:
        return None
    from hypothesis import strategies as st

    return draw(st.sampled_from(configs), instance_seed(case.seed, "device_config", 0))


@pytest.fixture
def ma_config(task_case: TaskCase, ma_configs: tuple[DeviceConfig, ...]) -> DeviceConfig | None:
    """The item's device configuration (``--ma-configs``), applied by :func:`ma_reset` and recorded on the
    episode; None when the run draws none."""
    return config_of(task_case, ma_configs)


@pytest.fixture(scope="session")
def ma_agent_name(ma_settings: Settings) -> str:
    return ma_settings.agent


@pytest.fixture(scope="session")
def ma_agent(request: pytest.FixtureRequest, ma_settings: Settings, ma_agent_name: str) -> Any:
    """The agent under evaluation (one instance per worker, reset per episode)."""
    made = request.config.hook.pytest_mobileagent_make_agent(config=request.config, name=ma_agent_name)
    if made is not None:
        return made
    from pytest_mobileagent.agents.loading import make_agent
    from pytest_mobileagent.llm.client import LLMClient

    return make_agent(ma_agent_name, client=lambda: LLMClient.from_settings(ma_settings))


@pytest.fixture
def ma_task(task_case: TaskCase) -> Task:
    """The item's task instance, its parameters drawn at collection."""
    return task_case.make()


@pytest.fixture
def ma_capable(ma_task: Task, ma_device: Device, ma_agent: Any, ma_settings: Settings) -> None:
    """Skip the item when its task requires a capability (``Task.requires``) the worker's device lacks, or a
    package (``Task.packages``) the device does not have installed: the task cannot run on this device, which is
    neither a failure nor an error. An oracle run also skips a task that has no oracle (``Task.oracle_missing``),
    and a run without ``--ma-llm-judge`` one only a model can judge (``Task.judged_by_model``)."""
    if ma_task.judged_by_model and not ma_settings.llm_judge:
        pytest.skip(f"{ma_task.name} has no state check: its success is the model judge's verdict; run with "
                    "--ma-llm-judge (and an endpoint) to judge it")
    missing = sorted(set(ma_task.requires) - ma_device.capabilities)
    if missing and ma_settings.llm_judge and judged_on(ma_task, ma_device.capabilities):
        missing = []  # run as a judged task (ma_episode): AndroidArena judged such tasks on its phone by model
    if missing:
        reasons = "; ".join(str(UnsupportedCapability(name, ma_device.serial)) for name in missing)
        pytest.skip(f"{ma_task.name} cannot run here: {reasons}")
    absent = [package for package in sorted(ma_task.packages) if not has_package(ma_device, package)]
    if absent:
        pytest.skip(f"{ma_task.name} cannot run here: {', '.join(absent)} "
                    f"{'is' if len(absent) == 1 else 'are'} not installed on {ma_device.serial}"
                    " (needs_real_app: run it on an emulator or phone that has the app)")
    if ma_task.oracle_missing and isinstance(ma_agent, OracleAgent):
        pytest.skip(ma_task.oracle_missing)


@pytest.fixture
def ma_clock() -> dt.datetime:
    """The device time every item starts at (AndroidWorld's 2023-10-15 15:34 UTC)."""
    return clock.DEFAULT_TIME


@pytest.fixture
def ma_reset(ma_clock: dt.datetime, ma_config: DeviceConfig | None) -> Callable[[Device], None]:
    """How the device gets back to the clean state before the item: restore the session's clean snapshot,
    apply the item's device configuration (``--ma-configs``) and set the clock. Override it to reset
    differently (another snapshot per configuration, as B-MoCA keeps one per environment)."""
    return restore(CLEAN_SNAPSHOT, ma_clock, ma_config.profile if ma_config else None)


@pytest.fixture
def ma_episode_options(request: pytest.FixtureRequest, ma_settings: Settings) -> EpisodeOptions:
    """How the item's episode runs and is scored, from the options; ``@pytest.mark.ma_episode(**fields)``
    overrides fields of :class:`~pytest_mobileagent.episode.EpisodeOptions` for one test."""
    options = EpisodeOptions(require_complete=ma_settings.require_complete, infra_retries=ma_settings.infra_retries,
                             timeout_s=ma_settings.episode_timeout or None,
                             think_time_s=ma_settings.sim_think_time,
                             metrics=MetricOptions(ma_settings.lcs_gamma, ma_settings.text_similarity,
                                                   ma_settings.text_rule))
    marker = request.node.get_closest_marker("ma_episode")
    return dataclasses.replace(options, **marker.kwargs) if marker else options


@pytest.fixture
def ma_artifacts(request: pytest.FixtureRequest, ma_settings: Settings, task_case: TaskCase) -> Artifacts:
    """What the item keeps (``--ma-trajectories``, ``--ma-screenshots``) and where."""
    return Artifacts.of(run(request.config).directory, task_case.episode, ma_settings.trajectories,
                        ma_settings.screenshots)


def judge_episode(options: Settings, result: EpisodeResult, device: Device) -> list[dict[str, Any]]:
    """``--ma-llm-judge``: the model's verdict on the finished episode; returns the judge's request log."""
    from pytest_mobileagent.llm.client import LLMClient
    from pytest_mobileagent.llm.judge import judge
    from pytest_mobileagent.observe.elements import element_lines, ui_elements

    client = LLMClient.from_settings(options, model=options.llm_judge_model)
    screen = element_lines(ui_elements(device.hierarchy()))
    actions = [f"{s.action} on {s.target}" if s.target else str(s.action) for s in result.steps if s.action]
    verdict = judge(client, result.goal, actions, result.answer, screen)
    result.judged_success, result.judge_reason = verdict.success, verdict.reason
    return [dict(entry, role="judge") for entry in client.log]


def androidworld_check(options: Settings, task: Task, backend: Backend) -> Any:
    """``--ma-androidworld-check`` on an AndroidWorld item: its :class:`~pytest_mobileagent.tasks.androidworld.
    ItemCheck`, reaching the device over the adb server its backend gives (None for other items or without the
    option)."""
    if not options.androidworld_check or task.suite != "androidworld":
        return None
    from pytest_mobileagent.tasks.androidworld import ItemCheck

    return ItemCheck(task.name, task.params, options.datasets or None, adb_server=backend.adb_server)


def check_after(reset: Callable[[Device], None], check: Any) -> Callable[[Device], None]:
    """``reset``, then AndroidWorld's ``initialize_task`` (before the task's own setup, which then makes the state
    the agent meets)."""
    def reset_and_initialize(device: Device) -> None:
        reset(device)
        check.start(device)

    return reset_and_initialize


def trace_recorder(saved: Artifacts, device: Device, agent: Any) -> TraceRecorder | None:
    """The item's trace (:mod:`~pytest_mobileagent.report.trace`) unless ``--ma-trajectories`` is off."""
    return None if saved.trajectories == "off" else TraceRecorder(saved.folder, device, agent)


def write_trace(trace: TraceRecorder, result: EpisodeResult, task: Task, reset: Callable[[Device], None],
                options: EpisodeOptions, log: list[dict[str, Any]], passed: bool) -> None:
    """Write the finished episode's trace, with the reference steps the LCS metrics used where the task has any
    (``reset`` is the episode's, so that the reference played for the metrics is the one found again)."""
    truth = task.ground_truth or played_ground_truth(task, reset)  # played once per process already, for the metrics
    trace.finish(result, task, truth, options.metrics, log, "passed" if passed else "failed")


def _resumed(config: pytest.Config, case: TaskCase, agent: str,
             device_config: DeviceConfig | None = None, params: dict[str, Any] | None = None) -> EpisodeResult | None:
    """The episode a resumed run already finished for this item (same parameters and configuration), if any;
    ``params`` are the task's (completed by the task, as its record keeps them), else the drawn ones."""
    from pytest_mobileagent.report.replay import as_recorded

    earlier = config.stash.get(RESUMED_KEY, {}).get(f"{case.episode}@{agent}")
    if earlier is None or earlier.get("params") != as_recorded(case.params if params is None else params):
        return None
    if (earlier.get("device_config") or {}).get("config") != (device_config.id if device_config else None):
        return None
    result = EpisodeResult.from_json(earlier)
    result.resumed = True
    return result


@pytest.fixture
def ma_recording(request: pytest.FixtureRequest, ma_settings: Settings, task_case: TaskCase, ma_task: Task,
                 ma_config: DeviceConfig | None) -> dict[str, Any] | None:
    """With ``--ma-replay RUN``: the recorded episode the item plays again (same identity); the item is skipped
    where the run has none, and errs where its parameters, seed or device configuration differ. None without."""
    if not ma_settings.replay:
        return None
    from pytest_mobileagent.report.replay import recording

    found = recording(request.config, ma_settings.replay).episode_for(task_case, ma_task.params,
                                                                      ma_config.id if ma_config else None)
    return dict(found)


def final_state_writer(options: Settings, config: pytest.Config, case: TaskCase, episode: EpisodeOptions,
                       backend: Backend, task: Task) -> Any:
    """``--ma-final-states on`` on a backend that keeps final states (the simulator's): the callback saving the
    state the check reads under ``<run>/final_states/`` (:mod:`~pytest_mobileagent.report.rescore`); None
    otherwise."""
    if options.final_states != "on" or "final_states" not in backend.capabilities:
        return None
    from pytest_mobileagent.report.rescore import FinalStates

    return FinalStates(run(config).directory).writer(case, episode, task, backend)


@pytest.fixture
def ma_episode(request: pytest.FixtureRequest, ma_settings: Settings, task_case: TaskCase, ma_task: Task,
               ma_device: Device, ma_backend: Backend, ma_capable: None, ma_device_config: dict[str, str],
               ma_config: DeviceConfig | None, ma_agent: Any,
               ma_agent_name: str, ma_reset: Callable[[Device], None], ma_episode_options: EpisodeOptions,
               ma_artifacts: Artifacts, ma_recording: dict[str, Any] | None) -> EpisodeResult:
    """Run the item's episode (or take it from the run being resumed); the test body asserts on the result."""
    item = request.node
    result = _resumed(request.config, task_case, ma_agent_name, ma_config, ma_task.params)
    judged_instead = ma_settings.llm_judge and judged_on(ma_task, ma_device.capabilities)
    if judged_instead:  # the original's ground truth, from its reference on a simulated phone
        truth = ma_task.ground_truth or played_ground_truth(ma_task, ma_reset)
        ma_task = judged_by_model(ma_task)
        ma_task.ground_truth = truth
    if result is None:
        log: list[dict[str, Any]] = []
        check = androidworld_check(ma_settings, ma_task, ma_backend)
        trace = trace_recorder(ma_artifacts, ma_device, ma_agent)
        reset = ma_reset if check is None else check_after(ma_reset, check)
        replaying = ma_recording is not None and isinstance(ma_agent, RecordedAgent)
        if replaying:
            try:
                ma_agent.load(ma_recording)
            except ReplayError as e:  # an action this version refuses: the recording cannot be played here
                pytest.fail(str(e), pytrace=False)

        def make_result() -> EpisodeResult:
            fresh = new_result(ma_task, ma_agent_name, task_case.index, task_case.agent_seed, item.nodeid,
                               repeat=task_case.repeat)
            fresh.device_config = {**ma_device_config, **(ma_config.record() if ma_config else {})}
            fresh.judged_instead = JUDGED_INSTEAD if judged_instead else ""
            fresh.run_id = run(request.config).id
            return fresh

        def before_teardown(device: Device, finished: EpisodeResult) -> None:
            log[:] = list(ma_agent.episode_log) if isinstance(ma_agent, ReportsUsage) else []
            if ma_settings.llm_judge:
                log.extend(judge_episode(ma_settings, finished, device))
                if ma_task.judged_by_model:  # the judge's verdict is its check, scored by the episode's rules
                    score(ma_task, finished, finished.judged_success or 0.0, ma_episode_options.scoring,
                          played_ground_truth(ma_task, reset))
            if check is not None:
                finished.androidworld_success, finished.androidworld_error = check.finish(finished.answer)
            passed = finished.success >= ma_settings.success_threshold
            ma_artifacts.save(item, device, passed=passed)
            if trace is not None and not (passed and ma_artifacts.trajectories == "failed"):
                write_trace(trace, finished, ma_task, reset, ma_episode_options, log, passed)
                item.stash[ARTIFACTS_KEY] = {**artifacts(item), "folder": str(ma_artifacts.folder)}

        try:
            result = play(ma_device, ma_task, ma_agent, ma_episode_options, make_result=make_result, reset=reset,
                          on_observation=trace.observe if trace is not None else None,
                          before_teardown=before_teardown,
                          check_device=trace.check_device if trace is not None else None,
                          before_check=final_state_writer(ma_settings, request.config, task_case,
                                                          ma_episode_options, ma_backend, ma_task))
        finally:
            if check is not None:
                check.close()
        if replaying:
            result.replay = ma_agent.summary()
        save_model_log(run(request.config).directory, task_case.episode, log, ma_settings.llm_log_max_bytes)
    item.stash[EPISODE_KEY] = result
    return result
