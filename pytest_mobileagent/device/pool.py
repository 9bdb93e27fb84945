"""Opening devices from a spec: ``sim`` (the embedded simulator) or an adb serial."""

from __future__ import annotations

from pytest_mobileagent.device.base import Device


def open_device(spec: str, name: str = "master") -> Device:
    """``sim`` → a fresh :class:`SimDevice`; anything else is an adb serial (``emulator-5554``).

    ``adb:<serial>@<host>:<port>`` selects a non-default adb server.
    """
    spec = spec.strip() or "sim"
    if spec == "sim" or spec.startswith("sim:"):
        from pytest_mobileagent.sim import SimDevice

        return SimDevice(serial=spec.partition(":")[2] or f"sim-{name}")
    from pytest_mobileagent.device.adb import AdbDevice

    serial = spec.removeprefix("adb:")
    host, port = "127.0.0.1", 5037
    if "@" in serial:
        serial, _, addr = serial.partition("@")
        host, _, p = addr.rpartition(":")
        port = int(p)
    return AdbDevice(serial, host=host or "127.0.0.1", port=port)
