"""The compatibility run: AndroidWorld's own task code initialises and judges, the project's agents play.

For one family: a fresh simulated phone served by an :class:`~mobileagent_sim.adb_server.AdbServer` on a
free port; AndroidWorld's ``initialize_task`` over the real ``adb`` client
(:mod:`pytest_mobileagent.tasks.androidworld`), ``is_successful`` (must be 0), the project's noop agent (still 0),
the project's oracle with AndroidWorld's own params, ``is_successful`` (must be 1), ``tear_down``. The project's
agents play in process on the same phone object the server serves: AndroidWorld's reads are what go over the wire.
"""

from __future__ import annotations

import importlib
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_mobileagent.tasks.androidworld import Judge, androidworld_params, instance_seed


@dataclass
class Verdicts:
    """One family's run: AndroidWorld's verdicts, where it stopped, and the adb commands that failed."""

    family: str
    params: dict[str, Any] = field(default_factory=dict)
    initialised: bool = False
    #: AndroidWorld's verdict, or the error its check raised where the family was run with ``unjudged_at_start``
    before: float | str | None = None
    noop: float | str | None = None
    after: float | None = None
    torn_down: bool = False
    error: str = ""
    failed_commands: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.passed_from(0.0)

    def passed_from(self, start: float | str) -> bool:
        """Initialised, AndroidWorld's verdict ``start`` before and after the noop agent, 1 after the oracle, torn
        down (``start`` is 1 for the families whose goal AndroidWorld makes hold from the start, the error its
        check raises for those it cannot judge before the app has run)."""
        return (self.initialised and self.before == start and self.noop == start and self.after == 1.0
                and self.torn_down)


def emulator_serial() -> str:
    """``emulator-N`` for a free even port N: the adb client's ``emu`` dials the console port the serial names, so
    phones served side by side (xdist workers) each need their own."""
    for _ in range(50):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1] & ~1  # Linux hands out odd ports; consoles sit on even ones
        try:
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", port))
        except OSError:
            continue
        return f"emulator-{port}"
    raise RuntimeError("no free even port for an emulator console")


@contextmanager
def served_phone(serial: str | None = None) -> Iterator[tuple[Any, Any]]:
    """A fresh simulated phone, its clock at the suites' time, served on a free port: ``(device, server)``."""
    from mobileagent_sim import SimDevice
    from mobileagent_sim.adb_server import AdbServer
    from pytest_mobileagent.device.clock import DEFAULT_TIME

    with SimDevice(serial=serial or emulator_serial()) as device:
        device.set_time(DEFAULT_TIME)
        with AdbServer(device).start() as server:
            yield device, server


def project_families() -> dict[str, type]:
    """The project's AndroidWorld task classes, by family name."""
    from pytest_mobileagent.tasks.registry import tasks_in

    suite = Path(__file__).resolve().parents[1] / "suites" / "androidworld"
    found: dict[str, type] = {}
    for path in sorted(suite.glob("tasks_*.py")):
        module = importlib.import_module(f"suites.androidworld.{path.stem}")
        found.update((cls.name, cls) for cls in tasks_in(module))
    return found


class Unjudged:
    """A project task whose own check is not asked: AndroidWorld's set the state up, AndroidWorld judges it (the
    project's check reads what its own setup recorded)."""

    def __init__(self, task: Any):
        self._task = task

    def __getattr__(self, name: str) -> Any:
        return getattr(self._task, name)

    def check(self, device: Any, answer: str | None = None) -> float:
        return 0.0

    def describe_state(self, device: Any) -> str:
        return ""


def _play(device: Any, task: Any, agent: Any) -> Any:
    """The project's agent on the already initialised phone (no project setup: AndroidWorld's made the state)."""
    from pytest_mobileagent.episode import new_result, run_episode

    return run_episode(device, Unjudged(task), agent, new_result(task, type(agent).__name__))


def _error(e: Exception) -> str:
    return f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"


def _verdict_or_error(judge: Judge, answer: str | None = None) -> float | str:
    try:
        return judge.verdict(answer)
    except Exception as e:  # the check could not judge: its error is the verdict
        return _error(e)


def run_family(aw_cls: type, ours: type, index: int = 0, unjudged_at_start: bool = False) -> Verdicts:
    """Instance ``index`` of a family (AndroidWorld's ``create_suite`` seed): AndroidWorld initialises and judges,
    the project's noop then oracle play. With ``unjudged_at_start``, an error AndroidWorld's check raises before
    the oracle is recorded as the verdict and the run goes on (a check that reads what the app makes when it runs)."""
    from pytest_mobileagent.agents.builtin import NoopAgent, OracleAgent

    verdicts = Verdicts(aw_cls.__name__)
    judge = None
    try:
        verdicts.params = androidworld_params(aw_cls, instance_seed(aw_cls.__name__, index))
        with served_phone() as (device, server):
            judge = Judge(aw_cls, verdicts.params, server.port, device.serial)
            judge.initialize()
            verdicts.initialised = True
            early = _verdict_or_error if unjudged_at_start else Judge.verdict
            verdicts.before = early(judge)
            task = ours(verdicts.params)
            verdicts.noop = early(judge, _play(device, task, NoopAgent()).answer)
            verdicts.after = judge.verdict(_play(device, task, OracleAgent()).answer)
            judge.tear_down()
            verdicts.torn_down = True
    except Exception as e:  # the verdict records where and why the family stopped
        verdicts.error = _error(e)
    finally:
        if judge is not None:
            verdicts.failed_commands = judge.failures
    return verdicts
