"""Emulators and phones over adb as a device backend (entry point ``adb`` of ``pytest_mobileagent.backends``).

Specs:

- ``emulator-5554`` (any serial): that device on the default adb server (``$ANDROID_ADB_SERVER_HOST``/``PORT``,
  else 127.0.0.1:5037); a bare serial is this backend's only when no other backend claims the spec;
- ``adb://HOST:PORT/SERIAL?console=PORT&token=TOKEN``: a device on another adb server, optionally with the emulator
  console used for snapshots, and configured by a device profile's ``size``/``density``/``locale``/``dark_mode``.
"""

from __future__ import annotations

import contextlib
import os
import re
import warnings
from collections.abc import Iterator
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

from pytest_mobileagent.device.backend import Backend
from pytest_mobileagent.device.profile import PROFILE_OPTIONS, DeviceProfile
from pytest_mobileagent.redaction import redact

if TYPE_CHECKING:
    from pytest_mobileagent.device.base import Device

#: The options an ``adb://`` spec's query takes: the emulator console's, and a device profile's.
ADB_OPTIONS = ("console", "token", *PROFILE_OPTIONS)
_SERIAL = re.compile(r"[\w.:\-]+")


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
    DeviceProfile.of_spec(query, spec)
    return url.hostname or "127.0.0.1", port, serial, query


class AdbBackend(Backend):
    """Devices on adb servers, through adbutils and uiautomator2 (:class:`~pytest_mobileagent.device.adb.
    AdbDevice`): made root where the build allows, as AndroidWorld's ``set_root_if_needed``."""

    name = "adb"
    spec_help = "an adb serial (emulator-5554), or adb://HOST:PORT/SERIAL (query: console, its token, a profile)"
    capabilities = frozenset({"adb_server"})
    fallback = True

    def claims(self, spec: str) -> bool:
        return spec.startswith("adb://") or bool(_SERIAL.fullmatch(spec))

    def check_spec(self, spec: str) -> None:
        adb_address(spec)

    def profile(self, spec: str) -> DeviceProfile:
        return DeviceProfile.of_spec(adb_address(spec)[3], spec)

    def check_reachable(self, spec: str) -> None:
        from pytest_mobileagent.device import adb

        host, port, serial, _ = adb_address(spec)
        adb.check_reachable(serial, host, port)

    def open(self, spec: str, *, name: str = "master", timeout: float = 30.0) -> Device:
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
        return device

    @contextlib.contextmanager
    def adb_server(self, device: Device) -> Iterator[tuple[int, str]]:
        """The device's own adb server, which must be on this machine (AndroidWorld's client reaches only a local
        one)."""
        client = getattr(device, "_client", None)
        host, port = getattr(client, "host", None), getattr(client, "port", None)
        if port is None or host not in ("127.0.0.1", "localhost", "::1"):
            raise RuntimeError(f"AndroidWorld's adb client reaches only a local adb server; {device!r} is at {host}")
        yield int(port), str(device.serial)
