"""Saved states from a shared run folder are untrusted: reading one builds no class it names beyond a phone's,
writes nothing outside the phone's folder, and stays within its bounds; a damaged one is named, not run."""

from __future__ import annotations

import dataclasses
import zlib
from pathlib import Path

import msgspec
import pytest

from mobileagent_sim import SimDevice, graph
from mobileagent_sim import state as sim_state
from pytest_mobileagent.report.rescore import TaskIndex, Unjudged


def ref(i: int) -> msgspec.msgpack.Ext:
    return msgspec.msgpack.Ext(graph.REF, i.to_bytes(4, "big"))


def instance_of(module: str, name: str, **attrs: object) -> bytes:
    pairs = [x for kv in attrs.items() for x in kv]
    return msgspec.msgpack.encode([ref(0), [["o", ref(1), *pairs], ["c", module, name]]])


@pytest.fixture(scope="module")
def phone() -> SimDevice:
    with SimDevice(serial="hostile") as device:
        device.snapshot_save("clean")
        device.shell("echo hi > /sdcard/note.txt")
        yield device


@pytest.mark.parametrize(("module", "name"), [
    ("subprocess", "Popen"), ("io", "FileIO"), ("builtins", "bytearray"), ("os", "system"),
    ("mobileagent_sim.device", "SimDevice"),  # the plugin's own, but not a class a state holds
    ("mobileagent_sim.system", "os.system"),  # dotted names reach nothing
    ("mobileagent_sim.apps.markor", "os"),  # a module imported there is not a class defined there
    ("mobileagent_sim.stores", "shutil"), ("http.server", "HTTPServer"),
])
def test_a_system_naming_another_class_is_refused(module: str, name: str) -> None:
    with pytest.raises(sim_state.StateError, match="is not a class a simulated phone's state holds"):
        sim_state.loads_system(instance_of(module, name, args="touch pwned"))


def test_a_graph_builds_no_immutable_cycle_and_no_deep_nesting() -> None:
    cycle = msgspec.msgpack.encode([ref(0), [["t", ref(1)], ["t", ref(0)]]])
    with pytest.raises(sim_state.StateError, match="cycle"):
        sim_state.loads_system(cycle)
    deep = b"\x92\xc0" + b"\x91" * 200_000 + b"\xc0"
    with pytest.raises(sim_state.StateError):
        sim_state.loads_system(deep)
    with pytest.raises(sim_state.StateError, match="bound"):
        sim_state.loads_system(b"\x00" * (sim_state.LIMITS["system"] + 1))


def test_a_phone_round_trips_as_data(phone: SimDevice, tmp_path: Path) -> None:
    saved = phone.export_state({"episode": "x", "values": sim_state.dumps_system({"params": {"n": 1}})})
    back = sim_state.read_state(sim_state.write_state(saved), "x.state")
    assert back.files == saved.files and back.meta == saved.meta and back.system == saved.system
    with SimDevice(serial="restored") as other:
        other.import_state(back, lambda digest: sim_state.read_base(
            sim_state.write_base(phone.export_base(digest)), "base"))
        assert other.shell("cat /sdcard/note.txt").strip() == "hi"


def crafted(saved: sim_state.State, **changes: object) -> bytes:
    return sim_state.write_state(dataclasses.replace(saved, **changes))


@pytest.mark.parametrize("path", ["../outside", "/etc/passwd", "data/../../x", "a\0b", "", "./a", "a//b"])
def test_a_file_entry_outside_the_tree_is_refused_before_anything_is_written(phone: SimDevice, path: str,
                                                                            tmp_path: Path) -> None:
    saved = phone.export_state()
    data = crafted(saved, files=[("data/ok", "f", b"x", 0, 0), (path, "f", b"owned", 0, 0)])
    with pytest.raises(sim_state.StateError, match="is damaged"):
        sim_state.read_state(data, "x.state")
    root = tmp_path / "root"
    root.mkdir()
    with pytest.raises(sim_state.StateError):
        sim_state.write_entries(str(root), [("data/ok", "f", b"x", 0, 0), (path, "f", b"owned", 0, 0)])
    assert not any(root.iterdir()) and not (tmp_path / "outside").exists()


def test_links_and_unknown_kinds_are_refused(phone: SimDevice) -> None:
    saved = phone.export_state()
    for entry in [("data/link", "l", b"/etc", 0, 0), ("data/x", "p", b"", 0, 0)]:
        with pytest.raises(sim_state.StateError, match="is damaged"):
            sim_state.read_state(crafted(saved, files=[entry]), "x.state")


def test_a_base_that_is_not_a_digest_is_refused(phone: SimDevice) -> None:
    with pytest.raises(sim_state.StateError, match="not a digest"):
        sim_state.read_state(crafted(phone.export_state(), base="../../../tmp/x"), "x.state")


def test_a_system_whose_files_are_elsewhere_is_refused(phone: SimDevice, tmp_path: Path) -> None:
    saved = phone.export_state()
    system = sim_state.loads_system(saved.system)
    system.fs.root = str(tmp_path)  # a state choosing where its files go
    hostile = dataclasses.replace(saved, system=sim_state.dumps_system(system))
    system.fs.root, system.fs._changed = "<phone root>", {"../../escape"}
    journal = dataclasses.replace(saved, system=sim_state.dumps_system(system))
    with SimDevice(serial="victim") as other:
        for bad in (hostile, journal):
            with pytest.raises(sim_state.StateError, match="inside the phone's folder"):
                other.import_state(bad, phone.export_base)
    assert not any(tmp_path.iterdir())


def test_a_decompression_bomb_is_cut_at_its_bound() -> None:
    header = sim_state.MAGIC + f" state {sim_state.FORMAT} x\n".encode()
    bomb = header + zlib.compress(b"\0" * (sim_state.LIMITS["state"] + 1024), 9)
    assert len(bomb) < 200_000
    with pytest.raises(sim_state.StateError, match="more than"):
        sim_state.read_state(bomb, "bomb.state")


def test_task_modules_are_found_only_among_the_suites(tmp_path: Path) -> None:
    """A record's node id names a task file to look up, never a file to import: the run's own folder and files
    that are not task modules are not imported."""
    run = tmp_path / "reports" / "run"
    run.mkdir(parents=True)
    (run / "tasks_evil.py").write_text("raise SystemExit('imported')\n")
    (tmp_path / "evil.py").write_text("raise SystemExit('imported')\n")
    index = TaskIndex(tmp_path, run)
    for nodeid in ("reports/run/tasks_evil.py::T[0]", "evil.py::T[0]", "../evil.py::T[0]", "/etc/passwd::T"):
        with pytest.raises(Unjudged, match="is not a task file"):
            index.task_class({"nodeid": nodeid, "task": "T"})  # type: ignore[arg-type]
