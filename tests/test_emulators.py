"""The emulator launcher behind --ma-avd, driven against the simulator's adb server with a stand-in binary."""

from __future__ import annotations

import stat
import sys
import time
from pathlib import Path

import pytest

from mobileagent_sim import SimDevice
from mobileagent_sim.testing import serve
from pytest_mobileagent.device.base import DeviceError
from pytest_mobileagent.device.emulators import EmulatorFleet, emulator_command


def test_each_emulator_is_headless_read_only_on_its_own_port() -> None:
    cmd = emulator_command("/sdk/emulator/emulator", "Pixel_6_API_33", 5556)
    assert cmd[:5] == ["/sdk/emulator/emulator", "-avd", "Pixel_6_API_33", "-port", "5556"]
    assert {"-no-window", "-read-only", "-no-snapshot-save"} <= set(cmd)


def stand_in_emulator(tmp_path: Path) -> str:
    """An 'emulator' that records its arguments and waits to be stopped."""
    script = tmp_path / "emulator"
    script.write_text(f"#!{sys.executable}\nimport sys, time, pathlib\n"
                      f"pathlib.Path({str(tmp_path)!r}, 'args-' + sys.argv[sys.argv.index('-port') + 1])"
                      ".write_text(' '.join(sys.argv[1:]))\ntime.sleep(600)\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


def test_fleet_starts_waits_for_boot_and_stops(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADBUTILS_ADB_PATH", "/bin/true")
    with SimDevice("emulator-5554") as a, SimDevice("emulator-5556") as b, serve(a, b) as server:
        fleet = EmulatorFleet("Pixel_6_API_33", 2, adb_port=server.port, binary=stand_in_emulator(tmp_path))
        fleet.start(timeout=20)
        try:
            assert fleet.specs() == [f"adb://127.0.0.1:{server.port}/emulator-5554",
                                     f"adb://127.0.0.1:{server.port}/emulator-5556"]
            assert all(p.poll() is None for p in fleet.processes)
            args = tmp_path / "args-5556"
            deadline = time.monotonic() + 30  # the stand-in may still be starting on a loaded machine
            while not args.exists() and time.monotonic() < deadline:
                time.sleep(0.05)
            assert "-avd Pixel_6_API_33 -port 5556" in args.read_text()
        finally:
            processes = list(fleet.processes)
            fleet.stop()
        assert all(p.poll() is not None for p in processes)


def test_an_emulator_that_never_boots_is_a_device_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADBUTILS_ADB_PATH", "/bin/true")
    with SimDevice("emulator-5554") as a, serve(a) as server:
        fleet = EmulatorFleet("Pixel_6_API_33", 2, adb_port=server.port, binary=stand_in_emulator(tmp_path))
        with pytest.raises(DeviceError, match="emulator-5556 did not boot"):
            fleet.start(timeout=3)
        assert not fleet.processes  # the ones started were stopped


def test_no_emulator_binary_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from pytest_mobileagent.device.emulators import emulator_binary

    monkeypatch.setenv("PATH", "/nonexistent")
    monkeypatch.delenv("ANDROID_HOME", raising=False)
    monkeypatch.delenv("ANDROID_SDK_ROOT", raising=False)
    with pytest.raises(DeviceError, match="ANDROID_HOME"):
        emulator_binary()
