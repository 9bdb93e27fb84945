"""Opening devices from a spec: ``sim`` (the embedded simulator) or an adb device.

Specs:

- ``sim`` (or ``sim:<serial>``): a fresh :class:`~mobileagent_sim.SimDevice`, optionally configured
  as B-MoCA varies devices: ``sim:<serial>?size=720x1280&density=320&locale=fr-FR&dark_mode=on``;
- ``emulator-5554`` (any serial): that device on the default adb server (127.0.0.1:5037);
- ``adb://HOST:PORT/SERIAL?console=PORT&token=TOKEN``: a device on another adb server,
  optionally with the emulator console used for snapshots, and configured by the same
  ``size``/``density``/``locale``/``dark_mode`` options.

The configuration options are a :class:`~pytest_mobileagent.device.profile.DeviceProfile`, applied with
``Device.apply_profile`` when the device is opened (after the snapshot it starts from, if any).
"""

from __future__ import annotations

import os
import re
import warnings
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from pytest_mobileagent.device.base import Device, require
from pytest_mobileagent.device.profile import PROFILE_OPTIONS, DeviceProfile
from pytest_mobileagent.redaction import redact


def device_specs(device: str, serials: str = "", pool_file: str = "") -> list[str]:
    """The devices a run may use, one per xdist worker: ``--ma-serials`` (or the ``--ma-device`` list),
    then the lines of ``--ma-pool-file`` (one spec per line; ``#`` starts a comment)."""
    specs = [s.strip() for s in (serials or device).split(",") if s.strip()]
    if pool_file:
        specs += pool_file_specs(pool_file)
        if specs[:1] == ["sim"] and len(specs) > 1:  # a pool file replaces the default
            specs = specs[1:]
    return specs or ["sim"]


def pool_file_specs(path: str) -> list[str]:
    """The specs a pool file lists, one per line (``#`` starts a comment)."""
    lines = (line.split("#", 1)[0].strip() for line in Path(path).read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]


#: The options a ``sim:`` spec's query takes: a device profile's.
SIM_OPTIONS = PROFILE_OPTIONS
#: The options an ``adb://`` spec's query takes: the emulator console's, and a device profile's.
ADB_OPTIONS = ("console", "token", *PROFILE_OPTIONS)


def check_spec(spec: str) -> None:
    """Raise :class:`ValueError` saying what is wrong with a device spec, without opening the device."""
    spec = spec.strip()
    if spec == "sim" or spec.startswith("sim:"):
        _sim_options(spec.partition(":")[2])
        return
    if spec.startswith("adb://"):
        adb_address(spec)
        return
    if not re.fullmatch(r"[\w.:\-]+", spec):
        raise ValueError(f"device spec {redact(spec)!r} is neither 'sim[:...]', an adb serial, nor adb://HOST:PORT/SERIAL")


def default_adb_server() -> tuple[str, int]:
    """The adb server bare serials are on: ``$ANDROID_ADB_SERVER_HOST``/``PORT`` as adb reads them, else
    127.0.0.1:5037."""
    return (os.environ.get("ANDROID_ADB_SERVER_HOST") or "127.0.0.1",
            int(os.environ.get("ANDROID_ADB_SERVER_PORT") or 5037))


def adb_address(spec: str) -> tuple[str, int, str, dict[str, str]]:
    """``(host, port, serial, query)`` of an adb device spec (a bare serial is on :func:`default_adb_server`)."""
    if not spec.startswith("adb://"):
        return (*default_adb_server(), spec, {})
    url = urlsplit(spec)
    try:
        port = url.port
    except ValueError:
        port = None
    serial = url.path.lstrip("/")
    if not serial or port is None:
        raise ValueError(f"device spec {redact(spec)!r} must look like adb://HOST:PORT/SERIAL")
    query = {k: v[-1] for k, v in parse_qs(url.query).items()}
    unknown = set(query) - set(ADB_OPTIONS)
    if unknown:
        raise ValueError(f"unknown adb device option(s) {sorted(unknown)} in {redact(spec)!r} "
                         f"(known: {', '.join(ADB_OPTIONS)})")
    if not query.get("console", "0").isdigit():
        raise ValueError(f"console must be the emulator console's port in {redact(spec)!r}")
    _profile(query, spec)
    return url.hostname or "127.0.0.1", port, serial, query


def _profile(options: dict[str, str], spec: str) -> DeviceProfile:
    try:
        return DeviceProfile.from_options(options)
    except ValueError as e:
        raise ValueError(f"{e}, in {redact(spec)!r}") from None


def _sim_options(rest: str) -> tuple[str, dict[str, str]]:
    serial, _, query = rest.partition("?")
    options = {k: v[-1] for k, v in parse_qs(query).items()}
    unknown = set(options) - set(SIM_OPTIONS)
    if unknown:
        raise ValueError(f"unknown simulated-device option(s) {sorted(unknown)} in 'sim:{rest}' "
                         f"(known: {', '.join(SIM_OPTIONS)})")
    _profile(options, f"sim:{rest}")
    return serial, options


def device_profile(spec: str) -> DeviceProfile:
    """The configuration a device spec asks for (empty for a bare serial)."""
    spec = spec.strip() or "sim"
    if spec == "sim" or spec.startswith("sim:"):
        return _profile(_sim_options(spec.partition(":")[2])[1], spec)
    return _profile(adb_address(spec)[3], spec)


def check_reachable(spec: str) -> None:
    """Raise :class:`~pytest_mobileagent.device.base.DeviceError` unless the spec's device can be used now:
    simulated devices always can; an adb device must be online on its server (no server is started)."""
    spec = spec.strip() or "sim"
    if spec == "sim" or spec.startswith("sim:"):
        return
    from pytest_mobileagent.device import adb

    host, port, serial, _ = adb_address(spec)
    adb.check_reachable(serial, host, port)


def open_device(spec: str, name: str = "master", snapshot: str = "", timeout: float = 30.0) -> Device:
    """Open the device a ``--ma-device`` spec names, restore ``snapshot`` on it if given, then apply the
    spec's profile (after the snapshot, which would otherwise undo it); ``name`` (the xdist worker) makes sim
    serials unique; ``timeout`` bounds every request to an adb device (``--ma-adb-timeout``)."""
    spec = spec.strip() or "sim"
    if spec == "sim" or spec.startswith("sim:"):
        from mobileagent_sim import SimDevice

        serial, _ = _sim_options(spec.partition(":")[2])
        device: Device = SimDevice(serial=serial or f"sim-{name}")
    else:
        from pytest_mobileagent.device.adb import AdbDevice

        host, port, serial, query = adb_address(spec)
        console = query.get("console")
        device = AdbDevice(serial, host=host, port=port, console_port=int(console) if console else None,
                           console_token=query.get("token"), timeout=timeout)
        try:  # as AndroidWorld's set_root_if_needed: app data and the clock need it
            if not device.ensure_root():
                warnings.warn(f"{serial}: adbd cannot run as root on this build; tasks that read or seed app data "
                              "will be RootRequired errors", stacklevel=2)
        except BaseException:
            device.close()
            raise
    try:
        if snapshot:
            require(device, "snapshots", f"--ma-snapshot {snapshot} restores a snapshot")
            device.snapshot_load(snapshot)
        profile = device_profile(spec)
        if profile:
            device.apply_profile(profile)
    except BaseException:
        device.close()
        raise
    return device
