"""Device backends: the plugin opens devices only through them; the simulator and adb backends are registered
as entry points, as a third party's would be; a third party's backend, written against the hook alone, runs a
suite over xdist and passes the public conformance suite (:mod:`pytest_mobileagent.device.contract`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from mobileagent_sim import SimDevice
from mobileagent_sim.adb_server import AdbServer
from mobileagent_sim.testing import serve
from pytest_mobileagent.device.backend import (
    BACKEND_CAPABILITIES,
    Backend,
    Backends,
    UnsupportedBackendCapability,
    installed_backends,
)
from pytest_mobileagent.device.contract import check_backend_contract
from pytest_mobileagent.pool import open_device
from tests.counting_backend import CALLS, CountingBackend, CountingDevice
from tests.pytester_tasks import OPEN_SETTINGS

ROOT = Path(__file__).resolve().parents[1]


def test_the_built_in_backends_are_installed_entry_points() -> None:
    backends = installed_backends()
    assert {b.name for b in backends.all} >= {"sim", "adb"}
    assert backends.for_spec("sim:?size=720x1280").name == "sim"
    assert backends.for_spec("emulator-5554").name == "adb"
    assert backends.for_spec("adb://127.0.0.1:5037/emulator-5554").name == "adb"
    for backend in backends.all:
        assert backend.capabilities <= set(BACKEND_CAPABILITIES), backend.name


def test_a_bare_serial_is_adbs_only_when_no_other_backend_claims_it() -> None:
    backends = Backends([*installed_backends().all, CountingBackend()])
    assert backends.for_spec("counting:a").name == "counting"  # would match adb's serial pattern too
    assert backends.for_spec("counting").name == "adb"


def test_a_spec_no_backend_takes_names_the_forms_they_take() -> None:
    with pytest.raises(ValueError, match=r"device spec 'farm/x y' is no backend's .*adb: an adb serial.*; "
                                         r"sim: sim\[:SERIAL\]"):
        installed_backends().for_spec("farm/x y")


def test_what_a_backend_does_not_declare_it_refuses_by_name() -> None:
    class Bare(Backend):
        name = "bare"

    for call in (lambda: Bare().scratch_device("x"), Bare().installed_packages):
        with pytest.raises(UnsupportedBackendCapability, match="the 'bare' device backend lacks the"):
            call()
    with pytest.raises(TypeError, match="without a name"):
        Backends([type("Nameless", (Backend,), {})()])


def test_the_simulators_backend_passes_the_conformance_suite(tmp_path: Path) -> None:
    check_backend_contract(installed_backends().named("sim"), "sim:contract", state_folder=tmp_path)


@pytest.fixture
def served() -> Iterator[AdbServer]:
    with SimDevice(serial="emulator-5570") as phone, serve(phone) as server:
        yield server


def test_the_adb_backend_passes_the_conformance_suite(served: AdbServer) -> None:
    # the device contract itself runs over the wire in test_adb_wire.py; here the backend's own part
    check_backend_contract(installed_backends().named("adb"), served.device_spec("emulator-5570"),
                           device_contract=False)


def test_a_third_party_backend_passes_the_conformance_suite(tmp_path: Path) -> None:
    backend = CountingBackend()
    CALLS.clear()
    try:
        check_backend_contract(backend, "counting:contract", state_folder=tmp_path)
    finally:
        backend.close()
    assert CALLS["open"] == 1 and CALLS["hierarchy"] > 0 and CALLS["tap"] > 0


def test_devices_open_through_the_registry_the_plugin_is_given() -> None:
    device = open_device("counting:x", backends=Backends([CountingBackend(), *installed_backends().all]))
    try:
        assert isinstance(device, CountingDevice) and device.serial == "x-master"
    finally:
        device.close()


def test_a_third_party_backend_runs_a_suite_over_xdist(tmp_path: Path) -> None:
    """The plugin's code untouched: the backend is a plugin implementing the hook (``-p``), each worker opens its
    device through it, and the suite's verdicts are the simulator's."""
    counts = tmp_path / "counts"
    counts.mkdir()
    command = [sys.executable, "-m", "pytest", "suites/mobilebench/tasks_device.py", "-p", "tests.counting_backend",
               "--agent=oracle", "-n", "2", "--ma-serials", "counting:a,counting:b", "-q", "-p", "no:cacheprovider",
               "--ma-output", str(tmp_path), "--ma-run-id", "run"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "COUNTING_BACKEND_OUT": str(counts)})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    records = [json.loads(line) for line in (tmp_path / "run" / "results.jsonl").read_text().splitlines() if line]
    assert len(records) > 3 and all(r["success"] == 1.0 for r in records)
    per_process = [json.loads(p.read_text()) for p in counts.glob("*.json")]
    workers = [c for c in per_process if c.get("open")]
    assert len(workers) == 2 and all(c["open"] == 1 for c in workers)  # one device per worker, opened by the hook
    assert all(c.get("hierarchy", 0) > 0 and c.get("snapshot_load", 0) >= 1 for c in workers)
    assert sum(c.get("save_final_state", 0) for c in workers) == len(records)  # its final states, by its capability
    assert (tmp_path / "run" / "final_states" / "backend").read_text() == "counting"


def test_a_spec_of_a_backend_a_conftest_adds_is_checked_before_collection(pytester: pytest.Pytester,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    pytester.makeconftest("pytest_plugins = ['tests.counting_backend']")
    pytester.makepyfile(tasks_demo=OPEN_SETTINGS)
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    bad = pytester.runpytest_subprocess("tasks_demo.py", "--ma-device", "counting:")
    assert bad.ret == pytest.ExitCode.USAGE_ERROR
    bad.stderr.fnmatch_lines(["*--ma-device: 'counting:': 'counting:' names no serial (counting:SERIAL)*"])
    good = pytester.runpytest_subprocess("tasks_demo.py", "--ma-device", "counting:z")
    good.assert_outcomes(passed=1)


def test_a_backend_installed_as_an_entry_point_runs_and_rescores(tmp_path: Path) -> None:
    """Registered as a package registers it (an entry point of ``pytest_mobileagent.backends``, here in a
    distribution's metadata on the path), the backend needs no ``-p``: a run opens its device, and ``ma-rescore``
    restores that run's final states through it."""
    site = tmp_path / "site"
    dist = site / "counting_backend-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: counting-backend\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[pytest_mobileagent.backends]\n"
                                           "counting = tests.counting_backend:CountingBackend\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    run = [sys.executable, "-m", "pytest", "suites/mobilebench/tasks_device.py", "--agent=oracle",
           "--ma-device", "counting:e", "-q", "-p", "no:cacheprovider", "--ma-output", str(tmp_path),
           "--ma-run-id", "run"]
    done = subprocess.run(run, cwd=ROOT, capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert (tmp_path / "run" / "final_states" / "backend").read_text() == "counting"
    rescored = subprocess.run([sys.executable, "-m", "pytest_mobileagent.report.rescore", str(tmp_path / "run"),
                               "--rootdir", str(ROOT), "--fail-on-change"],
                              cwd=ROOT, capture_output=True, text=True, timeout=600, env=env)
    assert rescored.returncode == 0, rescored.stdout[-3000:] + rescored.stderr[-2000:]
    assert "8 of 8 episodes re-judged" in rescored.stdout
