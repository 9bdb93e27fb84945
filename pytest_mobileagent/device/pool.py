"""Opening devices from a spec: ``sim`` (the embedded simulator) or an adb device.

Specs:

- ``sim`` (or ``sim:<serial>``): a fresh :class:`~pytest_mobileagent.sim.SimDevice`, optionally configured
  as B-MoCA varies devices: ``sim:<serial>?size=720x1280&density=320&locale=fr-FR&dark_mode=on``;
- ``emulator-5554`` (any serial): that device on the default adb server (127.0.0.1:5037);
- ``adb://HOST:PORT/SERIAL?console=PORT&token=TOKEN``: a device on another adb server,
  optionally with the emulator console used for snapshots.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from pytest_mobileagent.device.base import Device


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


SIM_OPTIONS = ("size", "density", "locale", "dark_mode")


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
        raise ValueError(f"device spec {spec!r} is neither 'sim[:...]', an adb serial, nor adb://HOST:PORT/SERIAL")


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
        raise ValueError(f"device spec {spec!r} must look like adb://HOST:PORT/SERIAL")
    query = {k: v[-1] for k, v in parse_qs(url.query).items()}
    if not query.get("console", "0").isdigit():
        raise ValueError(f"console must be the emulator console's port in {spec!r}")
    return url.hostname or "127.0.0.1", port, serial, query


def _sim_options(rest: str) -> tuple[str, dict[str, str]]:
    serial, _, query = rest.partition("?")
    options = {k: v[-1] for k, v in parse_qs(query).items()}
    unknown = set(options) - set(SIM_OPTIONS)
    if unknown:
        raise ValueError(f"unknown simulated-device option(s) {sorted(unknown)} in 'sim:{rest}' "
                         f"(known: {', '.join(SIM_OPTIONS)})")
    if not re.fullmatch(r"\d+x\d+", options.get("size", "1080x2400")):
        raise ValueError(f"size must be WIDTHxHEIGHT in 'sim:{rest}'")
    if not options.get("density", "420").isdigit():
        raise ValueError(f"density must be a number in 'sim:{rest}'")
    return serial, options


def _sim_device(rest: str, name: str) -> Device:
    from pytest_mobileagent.sim import SimDevice

    serial, options = _sim_options(rest)
    width, _, height = options.get("size", "1080x2400").partition("x")
    device = SimDevice(serial=serial or f"sim-{name}", width=int(width), height=int(height),
                       density=int(options.get("density", 420)))
    if "locale" in options:
        device.system.locale = options["locale"]
    if options.get("dark_mode") == "on":
        device.settings_put("secure", "ui_night_mode", "2")
    return device


def check_reachable(spec: str) -> None:
    """Raise :class:`~pytest_mobileagent.device.base.DeviceError` unless the spec's device can be used now:
    simulated devices always can; an adb device must be online on its server (no server is started)."""
    spec = spec.strip() or "sim"
    if spec == "sim" or spec.startswith("sim:"):
        return
    from pytest_mobileagent.device import adb

    host, port, serial, _ = adb_address(spec)
    adb.check_reachable(serial, host, port)


def open_device(spec: str, name: str = "master") -> Device:
    """Open the device a ``--ma-device`` spec names; ``name`` (the xdist worker) makes sim serials unique."""
    spec = spec.strip() or "sim"
    if spec == "sim" or spec.startswith("sim:"):
        return _sim_device(spec.partition(":")[2], name)
    from pytest_mobileagent.device.adb import AdbDevice

    host, port, serial, query = adb_address(spec)
    console = query.get("console")
    return AdbDevice(serial, host=host, port=port, console_port=int(console) if console else None,
                     console_token=query.get("token"))
