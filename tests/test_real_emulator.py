"""Real devices, opt-in: set ``MA_REAL_DEVICE`` to a serial (an emulator, with its console for snapshots) or
``MA_AVD`` to an AVD the launcher may start. Skipped otherwise; no machine here has an emulator.

    MA_REAL_DEVICE=emulator-5554 pytest tests/test_real_emulator.py
    MA_AVD=Pixel_6_API_33 pytest tests/test_real_emulator.py
"""

from __future__ import annotations

import os

import pytest

from pytest_mobileagent.device.adb import AdbDevice
from pytest_mobileagent.device.console import EmulatorConsole, console_port_of
from pytest_mobileagent.device.contract import check_device_contract

SERIAL = os.environ.get("MA_REAL_DEVICE", "")
AVD = os.environ.get("MA_AVD", "")
needs_device = pytest.mark.skipif(not SERIAL, reason="set MA_REAL_DEVICE=<serial> to run against a real device")


@needs_device
def test_the_backend_passes_the_device_contract_on_a_real_device() -> None:
    check_device_contract(AdbDevice(SERIAL))


@needs_device
def test_console_snapshots_on_a_real_emulator() -> None:
    port = console_port_of(SERIAL)
    if port is None:
        pytest.skip(f"{SERIAL} is not an emulator (no console port in its serial)")
    with EmulatorConsole(port) as console:
        console.command("avd snapshot save ma-real-test")
        assert any("ma-real-test" in line for line in console.command("avd snapshot list"))
        console.command("avd snapshot load ma-real-test")


@pytest.mark.skipif(not AVD, reason="set MA_AVD=<avd name> to let the launcher start emulators")
def test_the_launcher_boots_and_stops_emulators() -> None:
    from pytest_mobileagent.device.emulators import EmulatorFleet

    fleet = EmulatorFleet(AVD, 1).start()
    try:
        [spec] = fleet.specs()
        assert AdbDevice(fleet.serials[0]).shell("getprop sys.boot_completed").strip() == "1"
        assert spec.endswith("/emulator-5554")
    finally:
        fleet.stop()
