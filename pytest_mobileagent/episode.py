"""One episode: the agent loop on a set-up task, into its result (:class:`~pytest_mobileagent.records.EpisodeResult`,
scored by :func:`~pytest_mobileagent.scoring.score`; both importable from here too).

Agent exceptions, invalid actions and step-limit exhaustion are agent
outcomes recorded in the result; :class:`~pytest_mobileagent.device.base.DeviceError`
propagates, because an infrastructure failure is never the agent's fault.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pytest_mobileagent.actions import Action, InvalidAction, InvalidOutput, execute, scroll_points
from pytest_mobileagent.agents.base import Agent, AgentContext, ReportsUsage, TaskAware
from pytest_mobileagent.deadline import Deadline, DeadlinePassed
from pytest_mobileagent.device.backend import installed_backends
from pytest_mobileagent.device.base import Device, InfrastructureError, ScreenImages, SimulatedClock
from pytest_mobileagent.device.clock import DEFAULT_TIME, prepare_clock
from pytest_mobileagent.device.profile import DeviceProfile
from pytest_mobileagent.observe.elements import Observation, node_attributes, screen_digest
from pytest_mobileagent.records import EpisodeResult, StepRecord
from pytest_mobileagent.scoring import MetricOptions, Scoring, score
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.text import encodable

#: ``before_check(device, result, ground_truth)``: called with the episode's final state, just before the check.
BeforeCheck = Callable[[Device, "EpisodeResult", "Sequence[dict[str, Any]] | None"], None]


def _observe(device: Device, goal: str, step: int, history: list[Action]) -> Observation:
    package, activity = device.current_activity()
    return Observation(goal=goal, step=step, xml=device.hierarchy(), package=package, activity=activity,
                       history=list(history), screenshot_fn=device.screenshot,
                       image_fn=device.screenshot_image if isinstance(device, ScreenImages) else None)


class EpisodeTimeout(InfrastructureError):
    """``--ma-episode-timeout`` passed while the device or the model endpoint had the time."""

    hint = ("find what was slow (the device or the endpoint; the record's timeout says whose time it was) or raise "
            "--ma-episode-timeout, then finish the run with --ma-resume <run-id>")

    def __init__(self, spent: dict[str, Any], where: str):
        super().__init__(f"the episode passed --ma-episode-timeout ({spent['limit_s']:g} s) {where}: "
                         f"{spent['device_s']:g} s on the device, {spent['model_s']:g} s waiting on the model, "
                         f"{spent['agent_s']:g} s in the agent")
        self.spent = spent


def run_episode(device: Device, task: Task, agent: Agent, result: EpisodeResult,
                require_complete: bool = False,
                on_observation: Callable[[Observation], None] | None = None,
                metric_options: MetricOptions = MetricOptions(),
                deadline: Deadline | None = None, think_time_s: float | None = None,
                ground_truth: Sequence[dict[str, Any]] | None = None,
                check_device: Callable[[Device], Device] | None = None,
                before_check: BeforeCheck | None = None) -> EpisodeResult:
    """Run ``agent`` on the already set-up ``task`` until it signals status/answer or the budget ends.

    Fills in and returns ``result``; ``task.check`` decides ``success``.
    ``on_observation`` sees every observation before the agent does (for trajectories).
    On a :class:`~pytest_mobileagent.device.base.SimulatedClock`, each step's thinking moves the device clock
    (``think_time_s``, or the measured time when None).
    ``ground_truth`` is the reference sequence for the LCS metrics when the task has no fixed one.
    ``check_device`` wraps the device ``task.check`` reads (the trace records every read through it).
    ``before_check(device, result, ground_truth)`` sees the final state just before the check reads it.
    When ``deadline`` passes, the agent loop ends: as the agent's timeout (``terminated_by`` "timeout", then
    checked as at the step limit) when it had most of the time, else as :class:`EpisodeTimeout`.
    """
    started = time.perf_counter()
    deadline = deadline or Deadline(None)
    try:
        _agent_loop(device, task, agent, result, on_observation, deadline, think_time_s)
    except DeadlinePassed:
        deadline.disarm()  # the check below is bounded by the device's own request timeout
        spent = deadline.spent()
        if spent["cause"] != "agent":
            raise EpisodeTimeout(spent, f"while the {spent['cause']} had the time") from None
        result.timed_out = spent
        result.terminated_by = "timeout"
    task.observe_trajectory([vars(s) for s in result.steps])
    if before_check is not None:
        before_check(device, result, ground_truth)
    checked = check_device(device) if check_device is not None else device
    score(task, result, task.check(checked, result.answer), Scoring(require_complete, metric_options), ground_truth)
    result.validator_state = task.describe_state(device)
    result.duration_s = time.perf_counter() - started
    return result


def _agent_loop(device: Device, task: Task, agent: Agent, result: EpisodeResult,
                on_observation: Callable[[Observation], None] | None, deadline: Deadline,
                think_time_s: float | None = None) -> None:
    """The steps: observe, ask the agent (its time on ``deadline``), act; until it stops or the budget ends."""
    history: list[Action] = []
    try:
        with deadline.agent():
            if isinstance(agent, TaskAware):  # the oracle and replays play the task's own solution
                agent.prepare(task)
            agent.reset(task.goal, AgentContext(max_steps=result.max_steps, seed=result.seed,
                                                apps=tuple(task.apps),
                                                locale=result.device_config.get("locale", "")))
    except InfrastructureError:
        raise
    except (Exception, SystemExit) as e:  # an agent that cannot even start has failed the task
        result.agent_error = _format(e)
        result.terminated_by = "agent_error"
    for step in range(result.max_steps if result.agent_error is None else 0):
        if deadline.expired:  # where no alarm could interrupt (not the main thread), the limit ends it here
            raise DeadlinePassed
        t0 = time.perf_counter()
        obs = _observe(device, task.goal, step, history)
        t1 = time.perf_counter()
        if on_observation is not None:
            on_observation(obs)
        try:
            with deadline.agent():
                action = agent.step(obs)
        except InvalidAction as e:  # an action the agent built that the action space refuses: an invalid step
            action = InvalidOutput("action", str(e))
        except InfrastructureError:
            raise
        except (Exception, SystemExit) as e:  # sys.exit() in an agent is the agent's failure, not pytest's
            result.agent_error = _format(e)
            result.terminated_by = "agent_error"
            break
        t2 = time.perf_counter()
        if isinstance(device, SimulatedClock):  # a phone's clock moves while the agent thinks
            recorded = getattr(agent, "think_time_s", None)  # a replay's: the recorded step's measured time
            device.elapse(think_time_s if think_time_s is not None else t2 - t1 if recorded is None else recorded)
        usage = agent.step_usage if isinstance(agent, ReportsUsage) else None
        record = StepRecord(step, None, obs.package, obs.activity, t1 - t0, 0.0, t2 - t1, usage=usage,
                            screen=screen_digest(obs.xml))
        result.steps.append(record)
        if isinstance(action, InvalidOutput):
            record.invalid, record.error = action.kind, action.reason
            continue
        if not isinstance(action, Action):
            record.error = f"invalid agent output: {action!r:.200}"
            continue
        record.action = action.to_dict()
        if action.index is not None and 0 <= action.index < len(obs.targets):
            record.target = obs.targets[action.index].describe()
            record.target_id = obs.targets[action.index].resource_id or None
            record.target_node = node_attributes(obs.targets[action.index], obs.screen.tappable[action.index])
            record.observation_chars = sum(len(e.describe()) + 1 for e in obs.elements)
        history.append(action)
        if action.kind == "status":
            result.self_reported = action.goal_status
            result.terminated_by = "status"
            break
        if action.kind == "answer":
            result.answer = None if action.text is None else encodable(action.text)  # a task checks text
            result.self_reported = "complete"
            result.terminated_by = "answer"
            break
        try:
            call = execute(device, action, obs)
            if call is not None:
                record.command, record.command_output = call.command, call.output
            if action.kind in ("scroll", "swipe"):
                record.points = list(scroll_points(action, device.window_size(), obs))
            device.settle()  # the next observation must not catch the screen mid-transition (no fixed sleep)
        except InvalidAction as e:
            record.error = str(e)
            record.invalid = "action"
        record.act_s = time.perf_counter() - t2


def recorded_actions(steps: Sequence[StepRecord]) -> list[dict[str, Any]]:
    """The actions of ``steps`` as the LCS metrics compare them: an element action carries the element's
    description (``element``) beside its index."""
    return [dict(s.action, element=s.target) if s.target else s.action for s in steps if s.action]


_reference_lock = threading.Lock()
_references: dict[tuple[Any, ...], tuple[dict[str, Any], ...] | None] = {}


def reference_ground_truth(task: Task, reset: Restore | None = None) -> tuple[dict[str, Any], ...] | None:
    """The actions of ``task``'s reference solution (:meth:`~pytest_mobileagent.tasks.base.Task.reference`) on
    a simulated phone set up like the episode's (``reset``'s clock and configuration), as they are recorded: an
    element action keeps the element's description, not its index or coordinates, which depend on the screen.
    One run per process for each task, parameters and setup. None when the reference fails there (the task's
    proofs report that)."""
    clock_at = reset.clock if reset else DEFAULT_TIME
    profile = reset.profile if reset else None
    key = (type(task), json.dumps(task.params, sort_keys=True, default=str), clock_at, profile)
    with _reference_lock:
        if key not in _references:
            _references[key] = _play_reference(type(task)(dict(task.params)), clock_at, profile)
        return _references[key]


def played_ground_truth(task: Task, reset: Callable[[Device], None] | None = None) -> tuple[dict[str, Any], ...] | None:
    """The ground truth an episode of ``task`` after ``reset`` is measured against beside the task's own: where the
    task has no fixed ``ground_truth`` but ``recorded_ground_truth``, its reference's actions
    (:func:`reference_ground_truth`); else None."""
    if task.ground_truth or not task.recorded_ground_truth:
        return None
    return reference_ground_truth(task, reset if isinstance(reset, Restore) else None)


@functools.cache
def _scratch_device() -> Device | None:
    """The process's phone for references, its clean state saved as snapshot ``reference``: a scratch device of
    the installed backends (the simulator's, whatever device the episode runs on); None when none has them."""
    device = installed_backends().scratch_device("reference")
    if device is not None:
        prepare_clock(device)
        device.snapshot_save("reference")
    return device


def _play_reference(task: Task, clock_at: dt.datetime,
                    profile: DeviceProfile | None) -> tuple[dict[str, Any], ...] | None:
    from pytest_mobileagent.agents.builtin import ReferenceAgent

    device = _scratch_device()
    if device is None:
        return None
    Restore("reference", clock_at, profile)(device)
    result = new_result(task, "reference")
    try:
        try:
            task.setup(device)
            _agent_loop(device, task, ReferenceAgent(), result, None, Deadline(None), think_time_s=0.0)
        finally:
            task.teardown(device)
    except Exception:  # a setup only a real phone can run: no ground truth, and the real episode goes on
        return None
    if result.agent_error is not None or result.self_reported != "complete":  # it failed or ran out of steps
        return None
    return tuple({k: v for k, v in a.items() if k not in POSITIONAL} if "element" in a else a
                 for a in recorded_actions(result.steps))


#: What locates an element action on one screen only; the reference keeps the element's description instead.
POSITIONAL = frozenset({"index", "x", "y"})


def _format(e: BaseException) -> str:
    tb = traceback.format_exception(type(e), e, e.__traceback__, limit=-3)
    return encodable("".join(tb)[-2000:])  # an agent's message is its own text


class GoalAlreadyHolds(Exception):
    """Setup left the goal already achieved: the item is an error, never a pass."""


def new_result(task: Task, agent: str, instance: int = 0, seed: int = 0, nodeid: str = "",
               repeat: int | None = None) -> EpisodeResult:
    """An empty result for one episode of ``task``."""
    return EpisodeResult(
        task=task.name, suite=task.suite, instance=instance, repeat=repeat, goal=task.goal, params=task.params,
        seed=seed,
        agent=agent, apps=list(task.apps), difficulty=task.difficulty, tags=[t for t in task.tags if t],
        max_steps=task.max_steps, optimal_steps=task.optimal_steps, nodeid=nodeid,
    )


def ensure_not_done(device: Device, task: Task) -> float:
    """Raise :class:`GoalAlreadyHolds` if the goal holds before the agent acts (not for answer/verify tasks),
    by the check or, where the check reads the screen, by :meth:`~Task.goal_in_state`. Returns the check's
    score now: what an agent declaring completion at once would get."""
    now = task.check(device, None)
    if task.answer_required or task.requires_completion:
        return now
    in_state = task.goal_in_state(device)
    if max(now, in_state or 0.0) > 0:
        raise GoalAlreadyHolds(f"{task.name}: the goal already holds after setup, before the agent acted; a task "
                               f"must start from a state where its check fails (params: {task.params})")
    return now


@dataclass(frozen=True)
class EpisodeOptions:
    """How an episode is run and scored (the ``ma_episode_options`` fixture builds it from the options; a test
    overrides fields with the ``ma_episode`` marker)."""

    #: AndroidWorld's rule: success counts only if the agent declared completion.
    require_complete: bool = False
    #: Re-runs of the whole sequence after an infrastructure error, before it propagates.
    infra_retries: int = 0
    #: Wall-clock seconds one attempt (reset, setup, agent loop, check) may take; None for no limit.
    timeout_s: float | None = None
    #: Device seconds a simulated clock moves per agent step, as a phone's moves while the agent thinks: None
    #: for the agent's measured thinking time.
    think_time_s: float | None = None
    metrics: MetricOptions = field(default_factory=MetricOptions)

    @property
    def scoring(self) -> Scoring:
        """What :func:`~pytest_mobileagent.scoring.score` takes of these options."""
        return Scoring(self.require_complete, self.metrics)


@dataclass(frozen=True)
class Restore:
    """A reset: load ``snapshot``, apply ``profile`` (a device configuration) if given and set the device clock to
    ``clock`` (what the fixture does before every item)."""

    snapshot: str
    clock: dt.datetime
    profile: DeviceProfile | None = None

    def __call__(self, device: Device) -> None:
        device.snapshot_load(self.snapshot)
        if self.profile:
            device.apply_profile(self.profile)
        device.set_time(self.clock)


def restore(snapshot: str, clock: dt.datetime, profile: DeviceProfile | None = None) -> Restore:
    """The reset that restores ``snapshot`` at ``clock`` with ``profile`` applied."""
    return Restore(snapshot, clock, profile)


def play(device: Device, task: Task, agent: Agent, options: EpisodeOptions = EpisodeOptions(), *,
         make_result: Callable[[], EpisodeResult] | None = None,
         reset: Callable[[Device], None] | None = None,
         on_observation: Callable[[Observation], None] | None = None,
         before_teardown: Callable[[Device, EpisodeResult], None] | None = None,
         check_device: Callable[[Device], Device] | None = None,
         before_check: BeforeCheck | None = None) -> EpisodeResult:
    """The one episode sequence; the plugin's fixture and the benchmarks both run it:

    1. ``reset(device)``: back to the clean state (the fixture restores the snapshot and sets the clock);
    2. ``task.setup(device)``; 3. refuse a goal that already holds (:class:`GoalAlreadyHolds`);
    4. the agent loop and the check (:func:`run_episode`; ``before_check`` sees the state it reads) into
       ``make_result()``;
    5. ``before_teardown(device, result)``, for what needs the final screen (artifacts, a judge);
    6. ``task.teardown(device)``, always.

    ``check_device`` wraps the device the check reads (:func:`run_episode`).

    Steps 1 to 4 are bounded by ``options.timeout_s`` (:class:`~pytest_mobileagent.deadline.Deadline`): the agent's
    timeout when it had most of the time, else :class:`EpisodeTimeout`.
    An :class:`InfrastructureError` re-runs the sequence up to ``options.infra_retries`` times, then propagates.
    """
    for attempt in range(options.infra_retries + 1):
        try:
            result = _attempt(device, task, agent, options, make_result, reset, on_observation, check_device,
                              before_check)
            if before_teardown is not None:
                before_teardown(device, result)
            return result
        except InfrastructureError:
            if attempt == options.infra_retries:
                raise
        finally:
            task.teardown(device)
    raise AssertionError("unreachable")


def _attempt(device: Device, task: Task, agent: Agent, options: EpisodeOptions,
             make_result: Callable[[], EpisodeResult] | None, reset: Callable[[Device], None] | None,
             on_observation: Callable[[Observation], None] | None,
             check_device: Callable[[Device], Device] | None = None,
             before_check: BeforeCheck | None = None) -> EpisodeResult:
    """Steps 1 to 4 of :func:`play`, under the episode's deadline."""
    deadline = Deadline(options.timeout_s)
    try:
        with deadline.armed():
            if reset is not None:
                reset(device)
            task.setup(device)
            floor = ensure_not_done(device, task)
            result = make_result() if make_result is not None else new_result(task, type(agent).__name__)
            result.trivial_success = floor
            truth = played_ground_truth(task, reset)
            return run_episode(device, task, agent, result, require_complete=options.require_complete,
                               on_observation=on_observation, metric_options=options.metrics, deadline=deadline,
                               think_time_s=options.think_time_s, ground_truth=truth,
                               check_device=check_device, before_check=before_check)
    except DeadlinePassed:  # in reset, setup or the check: the device's time, whoever had the rest
        spent = dict(deadline.spent(), cause="device")
        raise EpisodeTimeout(spent, "outside the agent's steps (reset, setup or the check)") from None
