"""Starting emulators for a run: ``--ma-avd NAME --ma-emulators N``.

Each emulator runs headless and read-only (so several share one AVD) on its own even console
port (5554, 5556...); the launcher waits for ``sys.boot_completed``, saves the clean snapshot the
fixtures restore before every item, and stops the emulators when the run ends. The emulator binary is
``$ANDROID_HOME/emulator/emulator`` (or ``$ANDROID_SDK_ROOT``), else ``emulator`` on ``PATH``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from pytest_mobileagent.device.base import DeviceError

FIRST_PORT = 5554
BOOT_TIMEOUT_S = 600.0


def emulator_binary() -> str:
    """The ``emulator`` executable to run."""
    for root in (os.environ.get("ANDROID_HOME"), os.environ.get("ANDROID_SDK_ROOT")):
        if root and (Path(root) / "emulator" / "emulator").exists():
            return str(Path(root) / "emulator" / "emulator")
    found = shutil.which("emulator")
    if not found:
        raise DeviceError("no Android emulator: set ANDROID_HOME or put 'emulator' on PATH")
    return found


def emulator_command(binary: str, avd: str, port: int, extra: tuple[str, ...] = ()) -> list[str]:
    """The command line of one headless, read-only emulator on console port ``port`` (adb on ``port + 1``)."""
    return [binary, "-avd", avd, "-port", str(port), "-no-window", "-no-audio", "-no-boot-anim", "-read-only",
            "-no-snapshot-save", "-timezone", "Etc/UTC", *extra]


@dataclass
class EmulatorFleet:
    """Emulators this run started; :meth:`specs` are their ``--ma-device`` specs."""

    avd: str
    count: int
    adb_port: int = 5037
    binary: str = ""
    processes: list[subprocess.Popen] = field(default_factory=list)
    #: The adb executable, when this fleet had to start the adb server (it kills it again at :meth:`stop`).
    started_adb: str = ""

    @property
    def serials(self) -> list[str]:
        return [f"emulator-{FIRST_PORT + 2 * i}" for i in range(self.count)]

    def specs(self) -> list[str]:
        return [f"adb://127.0.0.1:{self.adb_port}/{serial}" for serial in self.serials]

    def start(self, timeout: float = BOOT_TIMEOUT_S) -> EmulatorFleet:
        """Start the emulators and wait until each has booted; on failure stop those started."""
        binary = self.binary or emulator_binary()
        try:
            self._ensure_adb_server()
            for i in range(self.count):
                cmd = emulator_command(binary, self.avd, FIRST_PORT + 2 * i)
                self.processes.append(subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            for serial in self.serials:
                self.wait_for_boot(serial, timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def _ensure_adb_server(self) -> None:
        """The emulators register with the adb server on ``adb_port``; start one if none runs (asked for by
        ``--ma-avd``), and remember to stop it."""
        import socket

        import adbutils

        try:
            socket.create_connection(("127.0.0.1", self.adb_port), timeout=3).close()
            return
        except OSError:
            pass
        adb = adbutils.adb_path()
        subprocess.run([adb, "-P", str(self.adb_port), "start-server"], check=True, timeout=30,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.started_adb = adb

    def wait_for_boot(self, serial: str, timeout: float) -> None:
        import adbutils

        from pytest_mobileagent.device.adb import ServerClient

        client = ServerClient(port=self.adb_port)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if client.device(serial).shell("getprop sys.boot_completed").strip() == "1":
                    return
            except (adbutils.AdbError, ConnectionError, OSError):
                pass
            time.sleep(2)
        raise DeviceError(f"{serial} did not boot within {timeout:.0f} s")

    def stop(self) -> None:
        """Stop every emulator this fleet started (``emu kill`` through adb, then the process)."""
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        self.processes.clear()
        if self.started_adb:
            subprocess.run([self.started_adb, "-P", str(self.adb_port), "kill-server"], timeout=30, check=False,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            self.started_adb = ""


__all__ = ["EmulatorFleet", "emulator_binary", "emulator_command"]
