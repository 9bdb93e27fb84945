"""adbutils' and uiautomator2's own device tests, unmodified, against a simulated phone served over adb.

The copies are in ``$MA_DATASETS/clients`` (adbutils 2.12.0's ``e2etests``, uiautomator2 3.7.0's
``mobile_tests`` and ``demo_tests``; see that folder's README); without them these tests skip. Each suite runs
in a subprocess pytest (its own ``conftest.py``, ``adbutils.AdbClient()`` and ``u2.connect()`` defaults) against
an :class:`~mobileagent_sim.adb_server.AdbServer` on port 5037, which adbutils' ``test_adb.py`` assumes:
in a private network namespace (``unshare -rn``) where the system allows one, so that no real adb server on the
machine is touched; else on another port (``ANDROID_ADB_SERVER_PORT``), adbutils' suite on 5037 if it is free
and otherwise without ``test_adb.py``.

Every test must pass, but those :data:`SKIPS` names, each with its reason (apps the simulator does not claim,
hardware an emulator lacks); they are reported as skipped. Running
all three takes about a minute.

``python -m tests.test_client_suites --junit OUT.xml PATH...`` is the subprocess side: it serves one simulated
phone and runs pytest on PATH with this module as a plugin (:func:`pytest_collection_modifyitems`).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
from pathlib import Path
from xml.etree import ElementTree

import pytest

#: Slow (real-time waits of the clients' own tests): run after the README's test command (``-m compat``).
pytestmark = pytest.mark.compat

ROOT = Path(__file__).resolve().parent.parent
#: The clients' own tests, from the datasets folder (``MA_DATASETS``; CI points it at the shared datasets).
CLIENTS = Path(os.environ.get("MA_DATASETS", "no-datasets-folder")) / "clients"
SUITES = {
    "adbutils": "adbutils-2.12.0/e2etests",
    "uiautomator2-mobile": "uiautomator2-3.7.0/mobile_tests",
    "uiautomator2-demo": "uiautomator2-3.7.0/demo_tests",
}
APIDEMOS = ("needs ApiDemos (io.appium.android.apis), which the simulator does not claim: the mobile_tests' "
            "`dev` fixture starts it")
U2TESTDEMO = ("needs uiautomator2's demo app (com.example.u2testdemo), which the simulator does not claim: the "
              "demo_tests' `app` fixture starts it")
#: Tests left out, by node id (relative to the clients folder) or by the fixture that needs the missing app.
SKIPS = {
    "adbutils-2.12.0/e2etests/test_adb.py::test_wait_for":
        "needs a USB device: it waits for `usb` transports, and an emulator (simulated or not) is a local one",
    **{f"uiautomator2-3.7.0/demo_tests/test_app.py::{name}": U2TESTDEMO.replace("the demo_tests' `app` fixture "
                                                                               "starts it", "this test starts it")
       for name in ("test_wait_activity", "test_app_start_stop", "test_app_clear", "test_app_info",
                    "test_auto_grant_permissions", "test_session")},
}
FIXTURE_SKIPS = {
    "uiautomator2-3.7.0/mobile_tests": {"dev": APIDEMOS},
    "uiautomator2-3.7.0/demo_tests": {"app": U2TESTDEMO},
}
DEFAULT_PORT = 5037


# -- the subprocess side ----------------------------------------------------------------------------------------


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """As a plugin of the inner run: mark the :data:`SKIPS` (and tests using a :data:`FIXTURE_SKIPS` fixture)."""
    for item in items:
        path = Path(str(item.path)).resolve()
        try:
            rel = path.relative_to(CLIENTS.resolve()).as_posix()
        except ValueError:
            continue
        reason = SKIPS.get(f"{rel}::{item.name}")
        folder = rel.rsplit("/", 1)[0]
        for fixture, why in FIXTURE_SKIPS.get(folder, {}).items():
            if reason is None and fixture in getattr(item, "fixturenames", ()):
                reason = why
        if reason is not None:
            item.add_marker(pytest.mark.skip(reason=reason))


def _loopback_up() -> None:
    """Bring ``lo`` up in a fresh network namespace (SIOCGIFFLAGS, SIOCSIFFLAGS with IFF_UP)."""
    import fcntl

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        flags = struct.unpack("16sh", fcntl.ioctl(s, 0x8913, struct.pack("16sh", b"lo", 0)))[1]
        fcntl.ioctl(s, 0x8914, struct.pack("16sh", b"lo", flags | 1))


def serve_and_run(paths: list[str], junit: str, port: int, netns: bool, exclude: list[str]) -> int:
    """Serve one simulated phone on ``port`` and run pytest on ``paths`` against it; pytest's exit status."""
    from mobileagent_sim import SimDevice
    from mobileagent_sim.adb_server import AdbServer, free_emulator_serials

    if netns:
        _loopback_up()
    home = tempfile.mkdtemp(prefix="client-suites-home-")
    env = {**os.environ, "ANDROID_ADB_SERVER_PORT": str(port), "ADBUTILS_ADB_PATH": "/bin/true", "HOME": home,
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    args = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:mobileagent",
            "-p", "no:mobileagent_fixtures", "-p", "tests.test_client_suites", f"--junitxml={junit}",
            "-o", "junit_family=xunit2", *(f"--ignore={p}" for p in exclude), *paths]
    with SimDevice(free_emulator_serials(1)[0]) as phone, AdbServer(phone, port=port) as _server:
        return subprocess.run(args, env=env, cwd=home).returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="run client test suites against a simulated adb server")
    parser.add_argument("--junit", required=True)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--netns", action="store_true", help="bring up lo first (inside unshare -rn)")
    parser.add_argument("--exclude", action="append", default=[])
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args(argv)
    return serve_and_run(args.paths, args.junit, args.port, args.netns, args.exclude)


# -- the tests --------------------------------------------------------------------------------------------------


def _netns_works() -> bool:
    unshare = shutil.which("unshare")
    if unshare is None:
        return False
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        return subprocess.run([unshare, "-rn", "true"], capture_output=True, timeout=10).returncode == 0
    return False


def _port_free(port: int) -> bool:
    try:
        with socket.create_server(("127.0.0.1", port)):
            return True
    except OSError:
        return False


def _outcomes(junit: Path) -> dict[str, tuple[str, str]]:
    """``file::test`` → (passed|failed|error|skipped, message) from a junit XML report."""
    found: dict[str, tuple[str, str]] = {}
    for case in ElementTree.parse(junit).iter("testcase"):
        name = f"{case.get('classname', '').rsplit('.', 1)[-1]}.py::{case.get('name')}"
        outcome, message = "passed", ""
        for child in case:
            if child.tag in ("failure", "error", "skipped"):
                outcome, message = child.tag.replace("failure", "failed"), child.get("message", "")
        found[name] = (outcome, message)
    return found


@pytest.mark.skipif(not CLIENTS.is_dir(), reason=f"no copies of the clients' tests in {CLIENTS} (MA_DATASETS)")
@pytest.mark.parametrize("suite", list(SUITES))
def test_the_clients_own_device_tests_pass(suite: str, tmp_path: Path) -> None:
    folder = CLIENTS / SUITES[suite]
    junit = tmp_path / "junit.xml"
    cmd = [sys.executable, "-m", "tests.test_client_suites", f"--junit={junit}"]
    if _netns_works():
        cmd = ["unshare", "-rn", *cmd, "--netns"]  # 5037 of its own: no real adb server is touched
    elif suite != "adbutils" or not _port_free(DEFAULT_PORT):
        # the clients honour ANDROID_ADB_SERVER_PORT, but adbutils' test_adb.py dials 5037 itself
        cmd += [f"--port={_free_port()}", f"--exclude={folder / 'test_adb.py'}"]
    run = subprocess.run([*cmd, str(folder)], cwd=ROOT, timeout=900, capture_output=True, text=True)
    assert junit.exists(), f"the {suite} run wrote no report:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}"
    outcomes = _outcomes(junit)
    assert outcomes, f"no tests ran in {folder}"
    bad = {name: message for name, (outcome, message) in outcomes.items() if outcome in ("failed", "error")}
    assert not bad, "\n".join(f"{name}: {message}" for name, message in sorted(bad.items()))
    counts = {o: sum(1 for outcome, _ in outcomes.values() if outcome == o) for o in ("passed", "skipped")}
    print(f"{suite}: {counts['passed']} passed, {counts['skipped']} skipped")  # the suites' own skips included


def _free_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as s:
        return s.getsockname()[1]


if __name__ == "__main__":
    sys.exit(main())
