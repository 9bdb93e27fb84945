"""Opening devices from a spec, through the device backends (:mod:`pytest_mobileagent.device.backend`).

The backends a run can use are those the hook ``pytest_mobileagent_device_backends`` returns (conftest files and
plugins) followed by those installed packages register under the entry-point group ``pytest_mobileagent.backends``
(the simulator's ``sim``, the ``adb`` one): :func:`device_backends`. The built-in specs:

- ``sim`` (or ``sim:<serial>``): a fresh simulated phone, optionally configured as B-MoCA varies devices:
  ``sim:<serial>?size=720x1280&density=320&locale=fr-FR&dark_mode=on``;
- ``emulator-5554`` (any serial): that device on the default adb server (127.0.0.1:5037);
- ``adb://HOST:PORT/SERIAL?console=PORT&token=TOKEN``: a device on another adb server,
  optionally with the emulator console used for snapshots, and configured by the same
  ``size``/``density``/``locale``/``dark_mode`` options.

The configuration options are a :class:`~pytest_mobileagent.device.profile.DeviceProfile`, applied with
``Device.apply_profile`` when the device is opened (after the snapshot it starts from, if any).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_mobileagent.device.backend import Backend, Backends, installed_backends
from pytest_mobileagent.device.base import Device, require
from pytest_mobileagent.device.profile import DeviceProfile
from pytest_mobileagent.stash import BACKENDS_KEY


def device_specs(device: str, serials: str = "", pool_file: str = "") -> list[str]:
    """The devices a run may use, one per xdist worker: ``--ma-serials`` (or the ``--ma-device`` list),
    then the lines of ``--ma-pool-file`` (one spec per line; ``#`` starts a comment)."""
    specs = spec_list(serials or device)
    if pool_file:
        specs += pool_file_specs(pool_file)
        if specs[:1] == ["sim"] and len(specs) > 1:  # a pool file replaces the default
            specs = specs[1:]
    return specs or ["sim"]


def spec_list(text: str) -> list[str]:
    """The specs of a comma-separated list (``--ma-device``, ``--ma-serials``)."""
    return [s for s in (s.strip() for s in text.split(",")) if s]


def pool_file_specs(path: str) -> list[str]:
    """The specs a pool file lists, one per line (``#`` starts a comment)."""
    lines = (line.split("#", 1)[0].strip() for line in Path(path).read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]


def device_backends(config: pytest.Config) -> Backends:
    """The run's backends: the hook's (conftest files, plugins), then the installed ones (entry points)."""
    found = config.stash.get(BACKENDS_KEY, None)
    if found is None:
        hooked: list[Backend] = []
        for answer in config.hook.pytest_mobileagent_device_backends(config=config):
            hooked.extend([answer] if isinstance(answer, Backend) else answer or ())
        found = config.stash[BACKENDS_KEY] = Backends([*hooked, *installed_backends().all])
    return found


def backend_of(spec: str, backends: Backends | None = None) -> Backend:
    """The backend that takes ``spec``; :class:`ValueError` when none does."""
    return (backends or installed_backends()).for_spec(spec.strip() or "sim")


def check_spec(spec: str, backends: Backends | None = None) -> None:
    """Raise :class:`ValueError` saying what is wrong with a device spec, without opening the device."""
    spec = spec.strip()
    backend_of(spec, backends).check_spec(spec)


def device_profile(spec: str, backends: Backends | None = None) -> DeviceProfile:
    """The configuration a device spec asks for (empty for a bare serial)."""
    spec = spec.strip() or "sim"
    return backend_of(spec, backends).profile(spec)


def check_reachable(spec: str, backends: Backends | None = None) -> None:
    """Raise :class:`~pytest_mobileagent.device.base.DeviceError` unless the spec's device can be used now
    (simulated devices always can; an adb device must be online on its server: no server is started)."""
    spec = spec.strip() or "sim"
    backend_of(spec, backends).check_reachable(spec)


def open_device(spec: str, name: str = "master", snapshot: str = "", timeout: float = 30.0,
                backends: Backends | None = None) -> Device:
    """Open the device a ``--ma-device`` spec names through its backend, restore ``snapshot`` on it if given,
    then apply the spec's profile (after the snapshot, which would otherwise undo it); ``name`` (the xdist
    worker) makes serials unique; ``timeout`` bounds every request to a remote device (``--ma-adb-timeout``)."""
    spec = spec.strip() or "sim"
    backend = backend_of(spec, backends)
    device = backend.open(spec, name=name, timeout=timeout)
    try:
        if snapshot:
            require(device, "snapshots", f"--ma-snapshot {snapshot} restores a snapshot")
            device.snapshot_load(snapshot)
        profile = backend.profile(spec)
        if profile:
            device.apply_profile(profile)
    except BaseException:
        device.close()
        raise
    return device
