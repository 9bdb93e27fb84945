"""AndroidWorld's own task code against a simulated phone, over the adb wire with the real ``adb`` client.

The stack is AndroidWorld's, cut where the emulator's gRPC would start:

- ``WireEnv``: the part of android_env's ``AndroidEnvInterface`` AndroidWorld's task code reaches
  (``execute_adb_call``, ``step``/``reset`` for the screen). Its adb calls go through android_env's own
  ``AdbCallParser`` and ``AdbController``, which run the real ``adb`` binary against the project's
  :class:`~pytest_mobileagent.sim.adb_server.AdbServer`; the pixels come from ``adb exec-out screencap -p`` (the
  emulator's gRPC ``getScreenshot`` is the one thing it replaces, with what an adb-only harness reads).
- AndroidWorld's ``AndroidWorldController`` in its ``UIAUTOMATOR`` mode (``uiautomator dump`` over adb instead of
  the AccessibilityForwarder app, which needs the emulator's gRPC and the host at ``10.0.2.2``), and its
  ``AsyncAndroidEnv`` on top: the ``env`` every ``initialize_task``/``is_successful``/``tear_down`` receives.

Nothing here answers for the simulator: every command AndroidWorld issues reaches the simulated shell as the
``adb`` client sends it. AndroidWorld's information-retrieval protos (``state.proto``, ``task.proto``) are
compiled with ``grpc_tools`` (what AndroidWorld's ``setup.py`` does) into a cache folder beside its source.
"""

from __future__ import annotations

import hashlib
import importlib
import io
import os
import random
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

ADB = shutil.which("adb") or "/usr/bin/adb"
#: AndroidWorld's IR protos, as a package path and the files under it.
_PROTO_PACKAGE = "android_world/task_evals/information_retrieval/proto"
_PROTOS = ("state.proto", "task.proto")


def source_folder(datasets: str | os.PathLike[str] | None = None) -> Path | None:
    """AndroidWorld's source in the datasets folder (``--ma-datasets``, ``$MA_DATASETS`` or the cache
    ``ma-datasets fetch androidworld`` fills): ``androidworld/source``, else None."""
    from pytest_mobileagent.datasets import datasets_dir

    folder = datasets_dir(datasets) / "androidworld" / "source"
    return folder if (folder / "android_world" / "registry.py").is_file() else None


def missing_requirements(source: Path | None) -> str | None:
    """Why the compatibility run cannot happen here, or None when it can."""
    if source is None:
        return "AndroidWorld's source is not in $MA_DATASETS/androidworld/source (ma-datasets fetch androidworld)"
    if not Path(ADB).is_file():
        return "the adb client is not installed (Debian: apt-get install adb)"
    for module in ("android_env", "immutabledict", "cv2", "pydub", "grpc_tools"):
        try:
            importlib.import_module(module)
        except ImportError:
            return f"{module} is missing: pip install 'pytest-mobileagent[androidworld]'"
    return None


def _compile_protos(source: Path) -> Path:
    """AndroidWorld's IR protos compiled to ``*_pb2.py`` in a cache folder keyed by the source's path."""
    key = hashlib.sha256(str(source.resolve()).encode()).hexdigest()[:12]
    out = Path(tempfile.gettempdir()) / f"ma-androidworld-proto-{key}"
    target = out / _PROTO_PACKAGE
    if all((target / p.replace(".proto", "_pb2.py")).is_file() for p in _PROTOS):
        return target
    from grpc_tools import protoc

    out.mkdir(parents=True, exist_ok=True)
    args = ["protoc", f"-I{source}", f"--python_out={out}", *(f"{_PROTO_PACKAGE}/{p}" for p in _PROTOS)]
    if protoc.main(args) != 0:
        raise RuntimeError(f"protoc failed on AndroidWorld's protos in {source}")
    return target


def import_androidworld(source: Path) -> ModuleType:
    """AndroidWorld's ``registry`` module, imported from ``source`` with its protos compiled."""
    if str(source) not in sys.path:
        sys.path.insert(0, str(source))
    proto = importlib.import_module(_PROTO_PACKAGE.replace("/", "."))
    compiled = str(_compile_protos(source))
    if compiled not in proto.__path__:
        proto.__path__.append(compiled)
    return importlib.import_module("android_world.registry")


def androidworld_families(source: Path) -> dict[str, type]:
    """AndroidWorld's 116 families (``TaskRegistry``'s ``android_world`` family), by name."""
    registry = import_androidworld(source)
    tasks = registry.TaskRegistry()
    return dict(tasks.get_registry(tasks.ANDROID_WORLD_FAMILY))


def instance_seed(name: str, index: int, seed: int = 30) -> int:
    """AndroidWorld's ``create_suite`` seed of instance ``index`` of ``name``."""
    return int(hashlib.sha256(f"{seed}_{name}_{index}".encode()).hexdigest(), 16) % 2**32


def androidworld_params(cls: type, seed: int) -> dict[str, Any]:
    """What ``suite_utils._instantiate_task`` gives ``cls`` for ``seed`` (without importing pandas with it)."""
    cls.set_device_time(None)
    random.seed(seed)
    params = cls.generate_random_params()
    params["seed"] = seed
    return params


class WireEnv:
    """android_env's environment as far as AndroidWorld's task code uses it, over the real adb client."""

    def __init__(self, adb_port: int, serial: str, adb_path: str = ADB, timeout: float = 60.0):
        from android_env.components import adb_call_parser, adb_controller, config_classes

        config = config_classes.AdbControllerConfig(adb_path=adb_path, adb_server_port=adb_port,
                                                    device_name=serial, default_timeout=timeout)
        self.adb = adb_controller.AdbController(config)
        self.failures: list[str] = []  # "adb <args>: exit N: <output>" of each command that failed
        run = self.adb.execute_command

        def recorded(args: list[str], timeout: float | None = None, device_specific: bool = True) -> bytes:
            try:
                return run(args, timeout, device_specific)
            except Exception as e:
                cause = e.__cause__
                status = getattr(cause, "returncode", "?")
                output = (getattr(cause, "stdout", b"") or b"").decode(errors="replace").strip()
                self.failures.append(f"adb {' '.join(args)}: exit {status}: {output[:300]}")
                raise

        self.adb.execute_command = recorded  # records, never answers: the command ran as it was
        self._parser = adb_call_parser.AdbCallParser(self.adb)

    def execute_adb_call(self, call: Any) -> Any:
        """android_env's ``Coordinator.execute_adb_call``: the call parsed into an ``adb`` command line."""
        return self._parser.parse(call)

    def _timestep(self) -> Any:
        import dm_env
        import numpy as np
        from PIL import Image

        png = self.adb.execute_command(["exec-out", "screencap", "-p"])
        pixels = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
        return dm_env.restart({"pixels": pixels})

    def reset(self) -> Any:
        return self._timestep()

    def step(self, action: Any) -> Any:
        del action  # AndroidWorld steps with a no-op LIFT only to read the screen
        return self._timestep()

    def close(self) -> None:
        pass


def async_env(adb_port: int, serial: str) -> Any:
    """AndroidWorld's ``AsyncAndroidEnv`` over :class:`WireEnv`, its controller in ``UIAUTOMATOR`` mode."""
    from android_world.env import android_world_controller, interface

    controller = android_world_controller.AndroidWorldController(
        WireEnv(adb_port, serial), a11y_method=android_world_controller.A11yMethod.UIAUTOMATOR)
    return interface.AsyncAndroidEnv(controller)


@dataclass
class Verdicts:
    """One family's run: AndroidWorld's verdicts and where it stopped."""

    family: str
    params: dict[str, Any] = field(default_factory=dict)
    initialised: bool = False
    before: float | None = None
    after: float | None = None
    noop: float | None = None
    torn_down: bool = False
    error: str = ""
    failed_commands: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.initialised and self.before == 0.0 and self.after == 1.0 and self.noop == 0.0 and self.torn_down


@contextmanager
def served_phone(serial: str = "emulator-5554") -> Iterator[tuple[Any, Any]]:
    """A fresh simulated phone served by an :class:`AdbServer` on a free port: ``(device, server)``."""
    from pytest_mobileagent.device.clock import DEFAULT_TIME
    from pytest_mobileagent.sim import SimDevice
    from pytest_mobileagent.sim.adb_server import AdbServer

    with SimDevice(serial=serial) as device:
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


def _play(device: Any, task: Any, agent: Any) -> Any:
    """The project's agent on the already initialised phone (no project setup: AndroidWorld's made the state)."""
    from pytest_mobileagent.episode import new_result, run_episode

    return run_episode(device, task, agent, new_result(task, type(agent).__name__))


def run_family(aw_cls: type, ours: type, index: int = 0) -> Verdicts:
    """One instance of a family: AndroidWorld initialises and judges, the project's noop then oracle play."""
    from pytest_mobileagent.agents.builtin import NoopAgent, OracleAgent

    seed = instance_seed(aw_cls.__name__, index)
    verdicts = Verdicts(aw_cls.__name__)
    env = None
    try:
        verdicts.params = androidworld_params(aw_cls, seed)
        with served_phone() as (device, server):
            env = async_env(server.port, device.serial)
            aw_task = aw_cls(verdicts.params)
            aw_task.initialize_task(env)
            verdicts.initialised = True
            verdicts.before = aw_task.is_successful(env)
            task = ours(verdicts.params)
            _play(device, task, NoopAgent())
            verdicts.noop = aw_task.is_successful(env)
            _play(device, task, OracleAgent())
            verdicts.after = aw_task.is_successful(env)
            aw_task.tear_down(env)
            verdicts.torn_down = True
    except Exception as e:  # the verdict records where and why the family stopped
        verdicts.error = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
    finally:
        if env is not None:
            verdicts.failed_commands = env.controller.env.failures
    return verdicts
