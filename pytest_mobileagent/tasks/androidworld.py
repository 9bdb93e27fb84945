"""AndroidWorld's own task code on a device, over its adb wire: for the cross-check (``--ma-androidworld-check``)
and the compatibility run (``tests/test_androidworld_compat.py``).

The stack is AndroidWorld's, cut where the emulator's gRPC would start:

- :class:`WireEnv`: the part of android_env's ``AndroidEnvInterface`` AndroidWorld's task code reaches
  (``execute_adb_call``; ``step``/``reset`` for the screen). Its adb calls go through android_env's own
  ``AdbCallParser`` and ``AdbController``, which run the real ``adb`` client against an adb server (the project's
  device's backend gives, ``Backend.adb_server``: the simulator's serves the phone on loopback, an emulator's is the
  machine's); the
  pixels come from ``adb exec-out screencap -p``, in place of the emulator's gRPC ``getScreenshot``.
- AndroidWorld's ``AndroidWorldController`` in its ``UIAUTOMATOR`` mode (``uiautomator dump`` over adb, in place of
  the AccessibilityForwarder app that reports to the host over gRPC), under its ``AsyncAndroidEnv``: the ``env``
  every ``initialize_task``/``is_successful``/``tear_down`` receives.

Nothing answers for the device: every command AndroidWorld issues reaches it as the ``adb`` client sends it.
AndroidWorld's information-retrieval protos are compiled with ``grpc_tools`` (as its ``setup.py`` does) into a
cache folder. Needs the ``androidworld`` extra and the ``adb`` client; AndroidWorld's source comes from the
datasets folder (``androidworld/source``, which ``ma-datasets fetch androidworld`` fills) or an installed
``android_world``.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import io
import os
import random
import shutil
import sys
import tempfile
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from types import ModuleType
from typing import Any

from pytest_mobileagent.datasets import datasets_dir
from pytest_mobileagent.device.base import Device

#: AndroidWorld's IR protos, as a package path and the files under it.
_PROTO_PACKAGE = "android_world/task_evals/information_retrieval/proto"
_PROTOS = ("state.proto", "task.proto")
#: What AndroidWorld's task modules import at top level beyond the project's own requirements.
REQUIRED_MODULES = ("android_env", "immutabledict", "cv2", "pydub", "grpc_tools")


def adb_path() -> str | None:
    """The ``adb`` client on the PATH, if any."""
    return shutil.which("adb")


def source_folder(datasets: str | os.PathLike[str] | None = None) -> Path | None:
    """AndroidWorld's source in the datasets folder (``--ma-datasets``, ``$MA_DATASETS`` or the cache):
    ``androidworld/source``, else None."""
    folder = datasets_dir(datasets) / "androidworld" / "source"
    return folder if (folder / "android_world" / "registry.py").is_file() else None


def missing_requirements(source: Path | None) -> str | None:
    """Why AndroidWorld's code cannot run here, or None when it can."""
    if source is None and importlib.util.find_spec("android_world") is None:
        return "AndroidWorld's source is not in the datasets folder (ma-datasets fetch androidworld) nor installed"
    if adb_path() is None:
        return "the adb client is not installed (Debian: apt-get install adb)"
    for module in REQUIRED_MODULES:
        if importlib.util.find_spec(module) is None:
            return f"{module} is missing: pip install 'pytest-mobileagent[androidworld]'"
    return None


def _compile_protos(root: Path) -> Path:
    """AndroidWorld's IR protos compiled to ``*_pb2.py`` in a cache folder keyed by the source's path."""
    key = hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:12]
    out = Path(tempfile.gettempdir()) / f"ma-androidworld-proto-{key}"
    target = out / _PROTO_PACKAGE
    if all((target / p.replace(".proto", "_pb2.py")).is_file() for p in _PROTOS):
        return target
    from grpc_tools import protoc

    out.mkdir(parents=True, exist_ok=True)
    args = ["protoc", f"-I{root}", f"--python_out={out}", *(f"{_PROTO_PACKAGE}/{p}" for p in _PROTOS)]
    if protoc.main(args) != 0:
        raise RuntimeError(f"protoc failed on AndroidWorld's protos in {root}")
    return target


def import_androidworld(source: Path | None) -> ModuleType:
    """AndroidWorld's ``registry`` module, from ``source`` (else the installed package), its protos compiled."""
    if source is not None and str(source) not in sys.path:
        sys.path.insert(0, str(source))
    proto = importlib.import_module(_PROTO_PACKAGE.replace("/", "."))
    root = Path(proto.__file__).resolve().parents[4]
    try:
        importlib.import_module(f"{proto.__name__}.state_pb2")
    except ImportError:
        compiled = str(_compile_protos(root))
        if compiled not in proto.__path__:
            proto.__path__.append(compiled)
    return importlib.import_module("android_world.registry")


def androidworld_families(source: Path | None) -> dict[str, type]:
    """AndroidWorld's 116 families (``TaskRegistry``'s ``android_world`` family), by name."""
    registry = import_androidworld(source)
    tasks = registry.TaskRegistry()
    return dict(tasks.get_registry(tasks.ANDROID_WORLD_FAMILY))


def instance_seed(name: str, index: int, seed: int = 30) -> int:
    """AndroidWorld's ``create_suite`` seed of instance ``index`` of ``name``."""
    return int(hashlib.sha256(f"{seed}_{name}_{index}".encode()).hexdigest(), 16) % 2**32


def androidworld_params(cls: type, seed: int) -> dict[str, Any]:
    """What AndroidWorld's ``suite_utils._instantiate_task`` gives ``cls`` for ``seed`` (without importing
    ``suite_utils``, which imports pandas)."""
    cls.set_device_time(None)
    random.seed(seed)
    params = cls.generate_random_params()
    params["seed"] = seed
    return params


class WireEnv:
    """android_env's environment as far as AndroidWorld's task code uses it, over the real ``adb`` client.

    ``failures`` lists each adb command that failed (``adb <args>: exit N: <output>``), including those
    AndroidWorld catches and goes on from: what the device answered differently from an emulator.
    """

    def __init__(self, adb_port: int, serial: str, adb: str | None = None, timeout: float = 60.0):
        from android_env.components import adb_call_parser, adb_controller, config_classes

        config = config_classes.AdbControllerConfig(adb_path=adb or adb_path() or "adb", adb_server_port=adb_port,
                                                    device_name=serial, default_timeout=timeout)
        self.adb = adb_controller.AdbController(config)
        self.failures: list[str] = []
        run = self.adb.execute_command

        def recorded(args: list[str], timeout: float | None = None, device_specific: bool = True) -> bytes:
            try:
                return run(args, timeout, device_specific)
            except Exception as e:
                cause = e.__cause__
                output = (getattr(cause, "stdout", b"") or b"").decode(errors="replace").strip()
                self.failures.append(f"adb {' '.join(args)}: exit {getattr(cause, 'returncode', '?')}: "
                                     f"{output[:400]}")
                raise

        self.adb.execute_command = recorded  # records, never answers: the command ran as it was sent
        self._parser = adb_call_parser.AdbCallParser(self.adb)

    def execute_adb_call(self, call: Any) -> Any:
        """android_env's ``Coordinator.execute_adb_call``: the call parsed into an ``adb`` command line."""
        return self._parser.parse(call)

    def _timestep(self) -> Any:
        import dm_env
        import numpy as np
        from PIL import Image

        png = self.adb.execute_command(["exec-out", "screencap", "-p"])
        return dm_env.restart({"pixels": np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))})

    def reset(self) -> Any:
        return self._timestep()

    def step(self, action: Any) -> Any:
        del action  # AndroidWorld steps with a no-op LIFT only to read the screen
        return self._timestep()

    def close(self) -> None:
        """Nothing to release: every adb command is its own process."""


def async_env(adb_port: int, serial: str) -> Any:
    """AndroidWorld's ``AsyncAndroidEnv`` over :class:`WireEnv`, its controller in ``UIAUTOMATOR`` mode."""
    from android_world.env import android_world_controller, interface

    controller = android_world_controller.AndroidWorldController(
        WireEnv(adb_port, serial), a11y_method=android_world_controller.A11yMethod.UIAUTOMATOR)
    return interface.AsyncAndroidEnv(controller)


def wire_failures(env: Any) -> list[str]:
    """The adb commands that failed under ``env`` (see :class:`WireEnv`)."""
    return list(env.controller.env.failures)


#: ``adb_server(device)``: a context manager giving ``(port, serial)`` of a local adb server reaching ``device``
#: (:meth:`~pytest_mobileagent.device.backend.Backend.adb_server`).
AdbServerFor = Callable[[Device], AbstractContextManager[tuple[int, str]]]


class Judge:
    """AndroidWorld's own verdict on one item: its ``initialize_task`` before the episode, its ``is_successful``
    after, its ``tear_down`` last; the item's params are handed to AndroidWorld's class as they are."""

    def __init__(self, family: type, params: dict[str, Any], adb_port: int, serial: str):
        self.env = async_env(adb_port, serial)
        self.task = family(dict(params))

    def initialize(self) -> None:
        self.task.initialize_task(self.env)

    def verdict(self, answer: str | None = None) -> float:
        """``is_successful``, with the agent's answer where AndroidWorld's ``answer`` action puts it."""
        self.env.interaction_cache = answer or ""
        return float(self.task.is_successful(self.env))

    def tear_down(self) -> None:
        self.task.tear_down(self.env)

    @property
    def failures(self) -> list[str]:
        return wire_failures(self.env)


_FAMILIES: dict[str, dict[str, type]] = {}


def families_from(datasets: str | os.PathLike[str] | None = None) -> dict[str, type]:
    """AndroidWorld's families from the datasets folder (else the installed package), imported once; raises
    RuntimeError saying what is missing."""
    source = source_folder(datasets)
    key = str(source)
    if key not in _FAMILIES:
        missing = missing_requirements(source)
        if missing:
            raise RuntimeError(missing)
        _FAMILIES[key] = androidworld_families(source)
    return _FAMILIES[key]


class ItemCheck:
    """``--ma-androidworld-check`` on one item: AndroidWorld's ``initialize_task`` when the device has been reset
    (:meth:`start`), its verdict and ``tear_down`` once the episode is over (:meth:`finish`). Never raises: what
    stopped it is the verdict's error (a missing requirement, AndroidWorld's code failing on the device, with the
    adb commands that failed)."""

    def __init__(self, family: str, params: dict[str, Any], datasets: str | os.PathLike[str] | None, *,
                 adb_server: AdbServerFor):
        self.family, self.params, self.datasets = family, params, datasets
        self.adb_server = adb_server
        self.error = ""
        self._judge: Judge | None = None
        self._wire: Any = None

    def start(self, device: Device) -> None:
        self.close()
        self.error = ""
        try:
            cls = families_from(self.datasets).get(self.family)
            if cls is None:
                raise RuntimeError(f"AndroidWorld has no family {self.family}")
            self._wire = self.adb_server(device)
            port, serial = self._wire.__enter__()
            self._judge = Judge(cls, self.params, port, serial)
            self._judge.initialize()
        except Exception as e:  # recorded beside the project's verdict, never the item's outcome
            self._fail("initialize_task", e)

    def finish(self, answer: str | None) -> tuple[float | None, str]:
        """AndroidWorld's verdict (None when it could not judge) and the error that stopped it."""
        verdict = None
        if self._judge is not None and not self.error:
            try:
                verdict = self._judge.verdict(answer)
            except Exception as e:  # recorded beside the project's verdict
                self._fail("is_successful", e)
            else:
                try:
                    self._judge.tear_down()
                except Exception as e:  # the verdict stands; the error says the tear-down failed
                    self._fail("tear_down", e)
        self.close()
        return verdict, self.error

    def _fail(self, step: str, error: Exception) -> None:
        failed = self._judge.failures[-3:] if self._judge is not None else []
        self.error = f"{step}: {type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}" + (
            "; failed adb commands: " + " | ".join(failed) if failed else "")

    def close(self) -> None:
        if self._wire is not None:
            self._wire.__exit__(None, None, None)
        self._wire, self._judge = None, None


__all__ = [
    "REQUIRED_MODULES",
    "ItemCheck",
    "Judge",
    "WireEnv",
    "adb_path",
    "androidworld_families",
    "androidworld_params",
    "async_env",
    "families_from",
    "import_androidworld",
    "instance_seed",
    "missing_requirements",
    "source_folder",
    "wire_failures",
]
