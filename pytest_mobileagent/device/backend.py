"""Device backends: what opens the devices a run uses, and what else a backend can do for the plugin.

The plugin never imports a backend. It asks the hook ``pytest_mobileagent_device_backends(config)`` (a conftest
or a plugin returns :class:`Backend` instances) and the entry-point group :data:`ENTRY_POINT_GROUP` (a package
names a :class:`Backend` subclass) for them; the simulator (``mobileagent_sim.backend``) and the adb backend
(:mod:`pytest_mobileagent.device.adb_backend`) are registered through that group exactly as a device farm or a
cloud emulator service would be::

    [project.entry-points."pytest_mobileagent.backends"]
    farm = "myfarm.backend:FarmBackend"

A spec (``--ma-device``, ``--ma-serials``, a pool file's line) goes to the first backend that :meth:`~Backend.
claims` it; a :attr:`~Backend.fallback` backend (adb: a bare serial) takes only what no other claims. What a
backend can do beyond opening devices it declares in :attr:`~Backend.capabilities` (:data:`BACKEND_CAPABILITIES`);
a method of a capability it lacks raises :class:`UnsupportedBackendCapability`. The public conformance suite
(:mod:`pytest_mobileagent.device.contract`) says what every backend and its devices must do.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterable
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pytest_mobileagent.device.profile import DeviceProfile
from pytest_mobileagent.redaction import redact

if TYPE_CHECKING:
    from pytest_mobileagent.device.base import Device

#: The entry-point group backends are registered under (each entry point names a :class:`Backend` subclass).
ENTRY_POINT_GROUP = "pytest_mobileagent.backends"

#: What a backend may offer beyond opening the devices its specs name.
BACKEND_CAPABILITIES: dict[str, str] = {
    "scratch": "scratch_device() opens a throwaway device in a moment, in this process: the reference solution "
               "that gives an episode its LCS ground truth, and an API's trial run, are played on one",
    "final_states": "save_final_state/restore_final_state keep a device as the check read it, with the task's "
                    "values, so that ma-rescore re-judges the episode without the agent",
    "adb_server": "adb_server(device) gives a local adb server port and serial reaching the device, for code "
                  "that speaks adb itself (AndroidWorld's own task checks)",
    "catalogue": "installed_packages() names the packages every fresh device of the backend has: the tasks "
                 "about other apps get a needs_real_app marker",
}


class UnsupportedBackendCapability(NotImplementedError):
    """A backend was asked for something of :data:`BACKEND_CAPABILITIES` it does not declare."""

    def __init__(self, backend: Backend, capability: str):
        what = BACKEND_CAPABILITIES.get(capability, "not a backend capability pytest-mobileagent documents")
        super().__init__(f"the {backend.name!r} device backend lacks the {capability!r} capability ({what})")


class FinalStateError(Exception):
    """A final state cannot be saved or restored; the message says why (what is missing, which version wrote
    it)."""


class StateFolder:
    """A folder a backend keeps final states in, by plain names only (letters, digits, ``_.-[]``, not starting
    with ``.`` or ``-``): no name reaches outside it. Writes are whole or not at all (xdist workers may write the
    same file at once)."""

    NAME = re.compile(r"[A-Za-z0-9_\[\]][A-Za-z0-9_.\-\[\]]{0,254}")

    def __init__(self, folder: Path):
        self.folder = folder

    def path(self, name: str) -> Path:
        if not self.NAME.fullmatch(name):
            raise FinalStateError(f"{name!r} is not a file name a state folder holds")
        return self.folder / name

    def has(self, name: str) -> bool:
        return self.path(name).is_file()

    def read(self, name: str) -> bytes:
        """The file's bytes; :class:`FinalStateError` when it is missing."""
        try:
            return self.path(name).read_bytes()
        except (FileNotFoundError, IsADirectoryError):
            raise FinalStateError(f"no {name} in {self.folder}") from None

    def write(self, name: str, data: bytes) -> None:
        path = self.path(name)
        self.folder.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f".{name}.{os.getpid()}")
        partial.write_bytes(data)
        os.replace(partial, path)

    def remove(self, name: str) -> None:
        self.path(name).unlink(missing_ok=True)


class Backend:
    """A kind of device the plugin can run on. Subclass it, set :attr:`name`, implement :meth:`claims` and
    :meth:`open`, declare :attr:`capabilities` and implement their methods."""

    #: The backend's name (its entry point's): how reports and errors name it.
    name: ClassVar[str] = ""
    #: The specs it takes, for error messages (``sim[:SERIAL][?size=WxH&...]``).
    spec_help: ClassVar[str] = ""
    #: Names of :data:`BACKEND_CAPABILITIES` it implements.
    capabilities: ClassVar[frozenset[str]] = frozenset()
    #: Whether it takes only the specs no other backend claims (adb: any bare serial).
    fallback: ClassVar[bool] = False

    def claims(self, spec: str) -> bool:
        """Whether ``spec`` is one of this backend's (a cheap look at its form, never a connection)."""
        raise NotImplementedError

    def check_spec(self, spec: str) -> None:
        """Raise :class:`ValueError` saying what is wrong with a claimed spec, without opening anything."""

    def profile(self, spec: str) -> DeviceProfile:
        """The device configuration the spec asks for (screen size, density, locale, dark mode)."""
        return DeviceProfile()

    def check_reachable(self, spec: str) -> None:
        """Raise :class:`~pytest_mobileagent.device.base.DeviceError` saying what to do unless the spec's device
        can be used now (checked on the controller before any item)."""

    def open(self, spec: str, *, name: str = "master", timeout: float = 30.0) -> Device:
        """Open the spec's device; ``name`` (the xdist worker's) keeps serials apart where the backend makes
        them; ``timeout`` bounds each request to a remote device (``--ma-adb-timeout``). The plugin restores
        ``--ma-snapshot`` and applies :meth:`profile` afterwards."""
        raise NotImplementedError

    # -- capabilities --------------------------------------------------------------------------------------

    def scratch_device(self, serial: str) -> Device:
        """``scratch``: a fresh device of its defaults, at once; the caller closes it."""
        raise UnsupportedBackendCapability(self, "scratch")

    def installed_packages(self) -> frozenset[str]:
        """``catalogue``: the packages a fresh device has installed."""
        raise UnsupportedBackendCapability(self, "catalogue")

    def adb_server(self, device: Device) -> contextlib.AbstractContextManager[tuple[int, str]]:
        """``adb_server``: while entered, ``(port, serial)`` of a loopback adb server that reaches ``device``."""
        raise UnsupportedBackendCapability(self, "adb_server")

    def save_final_state(self, device: Device, folder: StateFolder, key: str, meta: dict[str, Any],
                         values: dict[str, Any]) -> None:
        """``final_states``: keep ``device`` as it is now under ``key`` (a plain name), with ``meta`` (plain JSON
        values) and ``values`` (the task's parameters and what its setup kept: any objects of the task's
        module). Raises :class:`FinalStateError` (or any error) when it cannot."""
        raise UnsupportedBackendCapability(self, "final_states")

    def restore_final_state(self, folder: StateFolder, key: str,
                            packages: tuple[str, ...] = ()) -> tuple[Device, dict[str, Any], dict[str, Any]]:
        """``final_states``: ``(device, meta, values)`` of the state saved under ``key``; the device is the
        backend's own (kept open, reused by the next restore). Classes in ``values`` are built only from the
        backend's own packages and ``packages`` (the task's). :class:`FinalStateError` says why it cannot."""
        raise UnsupportedBackendCapability(self, "final_states")

    def has_final_state(self, folder: StateFolder, key: str) -> bool:
        """``final_states``: whether a state is saved under ``key``."""
        raise UnsupportedBackendCapability(self, "final_states")

    def close(self) -> None:
        """Release what the backend holds (scratch and restore devices); called when the session ends."""


class Backends:
    """The backends a run can use, in the order they claim specs."""

    def __init__(self, backends: Iterable[Backend]):
        self.all: tuple[Backend, ...] = tuple(dict.fromkeys(backends))
        unnamed = [type(b).__name__ for b in self.all if not b.name]
        if unnamed:
            raise TypeError(f"device backends without a name: {', '.join(unnamed)}")

    def for_spec(self, spec: str) -> Backend:
        """The backend of ``spec``; :class:`ValueError` listing the forms the backends take when none claims it."""
        spec = spec.strip() or "sim"
        for fallback in (False, True):
            for backend in self.all:
                if backend.fallback == fallback and backend.claims(spec):
                    return backend
        forms = "; ".join(f"{b.name}: {b.spec_help}" for b in self.all if b.spec_help)
        raise ValueError(f"device spec {redact(spec)!r} is no backend's (the specs they take: {forms or 'none'})")

    def named(self, name: str) -> Backend | None:
        return next((b for b in self.all if b.name == name), None)

    def with_capability(self, capability: str) -> list[Backend]:
        return [b for b in self.all if capability in b.capabilities]

    def scratch_device(self, serial: str) -> Device | None:
        """A throwaway device of the first backend with ``scratch`` (None when none has it); the caller closes
        it."""
        found = self.with_capability("scratch")
        return found[0].scratch_device(serial) if found else None

    def simulated_packages(self) -> frozenset[str] | None:
        """The packages the ``catalogue`` backends install (None when no backend has a catalogue)."""
        found = self.with_capability("catalogue")
        return frozenset().union(*(b.installed_packages() for b in found)) if found else None

    def close(self) -> None:
        for backend in self.all:
            backend.close()


def entry_point_backends() -> list[Backend]:
    """One instance of each backend registered under :data:`ENTRY_POINT_GROUP`, by entry-point name."""
    found: list[Backend] = []
    for entry in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        cls = entry.load()
        if not (isinstance(cls, type) and issubclass(cls, Backend)):
            raise TypeError(f"entry point {entry.name} = {entry.value} of {ENTRY_POINT_GROUP} is not a Backend "
                            "subclass")
        found.append(cls())
    return found


_installed: Backends | None = None


def installed_backends() -> Backends:
    """The backends installed packages register (entry points), made once per process: what code outside a
    pytest run (``ma-rescore``, the episode's reference player) uses."""
    global _installed
    if _installed is None:
        _installed = Backends(entry_point_backends())
    return _installed


__all__ = ["BACKEND_CAPABILITIES", "ENTRY_POINT_GROUP", "Backend", "Backends", "FinalStateError", "StateFolder",
           "UnsupportedBackendCapability", "entry_point_backends", "installed_backends"]
