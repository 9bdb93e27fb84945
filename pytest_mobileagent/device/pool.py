"""Opening devices from a spec: ``sim`` (the embedded simulator) or an adb device.

Specs:

- ``sim`` (or ``sim:<serial>``): a fresh :class:`~pytest_mobileagent.sim.SimDevice`;
- ``emulator-5554`` (any serial): that device on the default adb server (127.0.0.1:5037);
- ``adb://HOST:PORT/SERIAL?console=PORT&token=TOKEN``: a device on another adb server,
  optionally with the emulator console used for snapshots.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from pytest_mobileagent.device.base import Device


def open_device(spec: str, name: str = "master") -> Device:
    """Open the device a ``--ma-device`` spec names; ``name`` (the xdist worker) makes sim serials unique."""
    spec = spec.strip() or "sim"
    if spec == "sim" or spec.startswith("sim:"):
        from pytest_mobileagent.sim import SimDevice

        return SimDevice(serial=spec.partition(":")[2] or f"sim-{name}")
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
