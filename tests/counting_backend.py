"""A third party's device backend, written against the hook only: simulated phones behind a wrapper that counts
every call the plugin makes on them (specs ``counting:<serial>``).

Loaded as a plugin (``-p tests.counting_backend``), it registers itself with ``pytest_mobileagent_device_backends``;
with ``$COUNTING_BACKEND_OUT`` set, each process writes what it counted there (``<pid>.json``) when it ends.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections import Counter
from collections.abc import Callable, Iterator
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest

from pytest_mobileagent.device.backend import ENTRY_POINT_GROUP, Backend, StateFolder
from pytest_mobileagent.device.base import Device, SimulatedClock
from pytest_mobileagent.device.profile import DeviceProfile

#: What one process counted: ``open`` and each device method called.
CALLS: Counter[str] = Counter()


class CountingDevice:
    """Forwards the Device protocol (and a simulated clock's ``elapse``) to ``inner``, counting each call."""

    def __init__(self, inner: Device):
        self.inner = inner
        self.serial = inner.serial
        self.capabilities = inner.capabilities


def _forward(name: str) -> Callable[..., Any]:
    def method(self: CountingDevice, *args: Any, **kwargs: Any) -> Any:
        CALLS[name] += 1
        return getattr(self.inner, name)(*args, **kwargs)

    method.__name__ = name
    return method


for _protocol in (Device, SimulatedClock):
    for _name, _value in vars(_protocol).items():
        if not _name.startswith("_") and callable(_value):
            setattr(CountingDevice, _name, _forward(_name))


class CountingBackend(Backend):
    """The simulator's backend, wrapped: every capability it has, on its phones behind :class:`CountingDevice`."""

    name = "counting"
    spec_help = "counting:SERIAL"
    capabilities = frozenset({"scratch", "catalogue", "adb_server", "final_states"})

    def __init__(self) -> None:
        (sim,) = entry_points(group=ENTRY_POINT_GROUP, name="sim")  # the simulator's, as installed
        self.inner: Backend = sim.load()()

    def claims(self, spec: str) -> bool:
        return spec.startswith("counting:")

    def check_spec(self, spec: str) -> None:
        if not spec.partition(":")[2]:
            raise ValueError(f"{spec!r} names no serial (counting:SERIAL)")

    def profile(self, spec: str) -> DeviceProfile:
        return DeviceProfile()

    def open(self, spec: str, *, name: str = "master", timeout: float = 30.0) -> Device:
        CALLS["open"] += 1
        return CountingDevice(self.inner.open(f"sim:{spec.partition(':')[2]}-{name}"))  # type: ignore[return-value]

    def scratch_device(self, serial: str) -> Device:
        return CountingDevice(self.inner.scratch_device(serial))  # type: ignore[return-value]

    def installed_packages(self) -> frozenset[str]:
        return self.inner.installed_packages()

    @contextlib.contextmanager
    def adb_server(self, device: Device) -> Iterator[tuple[int, str]]:
        with self.inner.adb_server(_inner(device)) as address:
            yield address

    def save_final_state(self, device: Device, folder: StateFolder, key: str, meta: dict[str, Any],
                         values: dict[str, Any]) -> None:
        CALLS["save_final_state"] += 1
        self.inner.save_final_state(_inner(device), folder, key, meta, values)

    def has_final_state(self, folder: StateFolder, key: str) -> bool:
        return self.inner.has_final_state(folder, key)

    def restore_final_state(self, folder: StateFolder, key: str,
                            packages: tuple[str, ...] = ()) -> tuple[Device, dict[str, Any], dict[str, Any]]:
        device, meta, values = self.inner.restore_final_state(folder, key, packages)
        return CountingDevice(device), meta, values  # type: ignore[return-value]

    def close(self) -> None:
        self.inner.close()


def _inner(device: Device) -> Device:
    return device.inner if isinstance(device, CountingDevice) else device


def pytest_mobileagent_device_backends(config: pytest.Config) -> Backend:
    return CountingBackend()


def pytest_unconfigure(config: pytest.Config) -> None:
    out = os.environ.get("COUNTING_BACKEND_OUT")
    if out:
        Path(out, f"{os.getpid()}.json").write_text(json.dumps(dict(CALLS)), encoding="utf-8")
