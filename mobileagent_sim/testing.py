"""Serve simulated phones over adb in tests: :func:`serve` and the ``sim_adb_server`` fixture.

    from mobileagent_sim import SimDevice
    from mobileagent_sim.testing import adb_device, serve

    with SimDevice() as phone, serve(phone) as server:
        d = adb_device(server, phone.serial)        # an adbutils.AdbDevice on our server
        d.shell("wm size")
        u = uiautomator2.connect(d)                  # pass the AdbDevice, not the serial
        u.dump_hierarchy()

Gotchas, all handled here but worth knowing when writing your own set-up:

- adbutils runs ``adb start-server`` when it cannot connect, which would leave a
  real adb daemon on port 5037. :func:`serve` sets ``ADBUTILS_ADB_PATH=/bin/true``
  while it runs, so a failed connection raises ``AdbConnectionError`` instead.
- ``adbutils.adb`` (the module-level client) reads ``ANDROID_ADB_SERVER_PORT`` at
  import time, so it never points at our server: build ``AdbClient(port=server.port)``
  explicitly (:func:`adb_client`).
- ``uiautomator2.connect("serial")`` looks the serial up through ``adbutils.adb``;
  give it an ``adbutils.AdbDevice`` from our client instead (:func:`adb_device`).
- The ``pytest_mobileagent.device.adb.AdbDevice`` backend takes ``port=server.port``
  and, for snapshots, ``console_port=server.console_port(serial)``.
- A served phone's adbd runs as the shell user (uid 2000), as a google_apis
  emulator's: app data and the clock need ``adb root`` first (``adb.root()``, or
  ``AdbDevice.ensure_root()`` as a session does). The phone's own Python API
  (``phone.shell``, ``phone.read_file``) stays root, as in process.
- The real ``adb`` client's ``adb emu`` dials the port its ``emulator-N`` serial
  names: build the phone with ``SimDevice(free_emulator_serials(1)[0])`` so that
  port is free (a taken one leaves the console on another port,
  ``server.console_port(serial)``). With ``console_token=None`` the console asks
  for no ``auth``; otherwise put the token in ``$HOME/.emulator_console_auth_token``
  for ``adb``.
- Always give the ``adb`` binary ``-P server.port``: without a server on its port
  it starts a real one.

Use the fixture with ``pytest_plugins = ["mobileagent_sim.testing"]``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

import adbutils
import pytest

from mobileagent_sim.adb_server import AdbServer
from mobileagent_sim.device import SimDevice


@contextmanager
def serve(*devices: SimDevice, console_token: str | None = None, time_scale: float = 1.0) -> Iterator[AdbServer]:
    """A started :class:`AdbServer` for ``devices`` on a free loopback port; closed on exit."""
    saved = os.environ.get("ADBUTILS_ADB_PATH")
    os.environ["ADBUTILS_ADB_PATH"] = "/bin/true"  # never start a real adb daemon
    try:
        with AdbServer(devices, console_token=console_token, time_scale=time_scale) as server:
            yield server
    finally:
        if saved is None:
            os.environ.pop("ADBUTILS_ADB_PATH", None)
        else:
            os.environ["ADBUTILS_ADB_PATH"] = saved


def adb_client(server: AdbServer) -> adbutils.AdbClient:
    """An adbutils client bound to ``server`` (not to the import-time default port)."""
    return adbutils.AdbClient(host=server.host, port=server.port)


def adb_device(server: AdbServer, serial: str) -> adbutils.AdbDevice:
    """The adbutils device for ``serial`` on ``server``; hand this to ``uiautomator2.connect``."""
    return adb_client(server).device(serial)


@pytest.fixture
def sim_adb_server() -> Iterator[AdbServer]:
    """A fresh default :class:`SimDevice` (``emulator-5554``) served over adb."""
    with SimDevice() as phone, serve(phone) as server:
        yield server
