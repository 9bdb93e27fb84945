"""Opening devices from a spec: ``sim`` (the embedded simulator) or an adb device.

Specs:

- ``sim`` (or ``sim:<serial>``): a fresh :class:`~pytest_mobileagent.sim.SimDevice`, optionally configured
  as B-MoCA varies devices: ``sim:<serial>?size=720x1280&density=320&locale=fr-FR&dark_mode=on``;
- ``emulator-5554`` (any serial): that device on the default adb server (127.0.0.1:5037);
- ``adb://HOST:PORT/SERIAL?console=PORT&token=TOKEN``: a device on another adb server,
  optionally with the emulator console used for snapshots.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from pytest_mobileagent.device.base import Device


def device_specs(device: str, serials: str = "", pool_file: str = "") -> list[str]:
    """The devices a run may use, one per xdist worker: ``--ma-serials`` (or the ``--ma-device`` list),
    then the lines of ``--ma-pool-file`` (one spec per line; ``#`` starts a comment)."""
    specs = [s.strip() for s in (serials or device).split(",") if s.strip()]
    if pool_file:
        for line in Path(pool_file).read_text().splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                specs.append(line)
        if specs[:1] == ["sim"] and len(specs) > 1:  # a pool file replaces the default
            specs = specs[1:]
    return specs or ["sim"]


def _sim_device(rest: str, name: str) -> Device:
    from pytest_mobileagent.sim import SimDevice

    serial, _, query = rest.partition("?")
    options = {k: v[-1] for k, v in parse_qs(query).items()}
    unknown = set(options) - {"size", "density", "locale", "dark_mode"}
    if unknown:
        raise ValueError(f"unknown simulated-device option(s) {sorted(unknown)} in 'sim:{rest}'")
    width, _, height = options.get("size", "1080x2400").partition("x")
    device = SimDevice(serial=serial or f"sim-{name}", width=int(width), height=int(height),
                       density=int(options.get("density", 420)))
    if "locale" in options:
        device.system.locale = options["locale"]
    if options.get("dark_mode") == "on":
        device.settings_put("secure", "ui_night_mode", "2")
    return device


def open_device(spec: str, name: str = "master") -> Device:
    """Open the device a ``--ma-device`` spec names; ``name`` (the xdist worker) makes sim serials unique."""
    spec = spec.strip() or "sim"
    if spec == "sim" or spec.startswith("sim:"):
        return _sim_device(spec.partition(":")[2], name)
    from pytest_mobileagent.device.adb import AdbDevice

    if not spec.startswith("adb://"):
        return AdbDevice(spec)
    url = urlsplit(spec)
    serial = url.path.lstrip("/")
    if not serial or url.port is None:
        raise ValueError(f"device spec {spec!r} must look like adb://HOST:PORT/SERIAL")
    query = parse_qs(url.query)
    console = query.get("console", [None])[0]
    return AdbDevice(serial, host=url.hostname or "127.0.0.1", port=url.port,
                     console_port=int(console) if console else None, console_token=query.get("token", [None])[0])
