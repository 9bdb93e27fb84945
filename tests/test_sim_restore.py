"""Restoring a snapshot copies back only what changed since it was saved or last restored, and leaves the files
exactly as a whole copy would: the same paths, contents and times, whatever happened in between."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobileagent_sim import SimDevice

NAMES = st.sampled_from(["a", "b", "c.db", "notes"])
FOLDERS = st.sampled_from(["/sdcard/Download", "/sdcard/Music", "/sdcard/Download/sub",
                           "/data/data/com.simplemobiletools.calendar.pro/databases", "/sdcard/new/deeper"])
OPERATIONS = st.lists(st.one_of(
    st.tuples(st.just("write"), FOLDERS, NAMES, st.binary(max_size=40)),
    st.tuples(st.just("remove"), FOLDERS, NAMES),
    st.tuples(st.just("rmdir"), FOLDERS),
    st.tuples(st.just("mkdirs"), FOLDERS),
    st.tuples(st.just("move"), FOLDERS, NAMES, FOLDERS),
    st.tuples(st.just("sqlite"), FOLDERS, st.just("c.db")),
    st.tuples(st.just("tick")),
), max_size=12)


def tree(root: str) -> dict[str, tuple[str, bytes, int]]:
    """Every path under ``root``: its kind, its bytes (files) and its modification time."""
    found = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, root)
            kind = "dir" if os.path.isdir(path) else "file"
            data = b"" if kind == "dir" else Path(path).read_bytes()
            found[rel] = (kind, data, int(os.stat(path).st_mtime))
    found["."] = ("dir", b"", int(os.stat(root).st_mtime))
    return found


def apply(device: SimDevice, operation: tuple) -> None:
    fs = device.system.fs
    kind, *args = operation
    if kind == "write":
        folder, name, data = args
        if not fs.isdir(f"{folder}/{name}"):
            fs.write(f"{folder}/{name}", data)
    elif kind == "remove":
        fs.remove(f"{args[0]}/{args[1]}")
    elif kind == "rmdir":
        fs.remove(args[0])
    elif kind == "mkdirs":
        if not fs.exists(args[0]) or fs.isdir(args[0]):
            fs.mkdirs(args[0])
    elif kind == "move":
        src, dst = f"{args[0]}/{args[1]}", f"{args[2]}/{args[1]}"
        if fs.exists(src) and not fs.exists(dst) and not dst.startswith(src + "/"):
            fs.move(src, dst)
    elif kind == "sqlite":
        path = f"{args[0]}/{args[1]}"
        if not fs.isdir(path) and (not fs.exists(path) or fs.read(path).startswith(b"SQLite format 3")):
            with fs.sqlite(path) as conn:
                conn.execute("CREATE TABLE IF NOT EXISTS t (x)")
                conn.execute("INSERT INTO t VALUES (1)")
    else:
        device.system.clock.advance(3600)


@pytest.fixture(scope="module")
def device() -> Iterator[SimDevice]:
    with SimDevice() as d:
        d.write_file("/sdcard/Download/a", b"kept")
        d.write_file("/sdcard/Download/sub/b", b"deep")
        d.snapshot_save("clean")
        yield d


@settings(max_examples=int(os.environ.get("MA_RESTORE_EXAMPLES", "60")), deadline=None, database=None)
@given(before=OPERATIONS, after=OPERATIONS)
def test_a_journaled_restore_equals_the_snapshot(before: list, after: list) -> None:
    with SimDevice() as device:
        device.write_file("/sdcard/Download/a", b"kept")
        device.write_file("/sdcard/Download/sub/b", b"deep")
        device.snapshot_save("clean")
        saved = tree(device._snapshot_dir("clean"))
        for operation in before:
            apply(device, operation)
        device.snapshot_load("clean")
        assert tree(device.system.fs.root) == saved
        for operation in after:  # a second round, journaled against the restore
            apply(device, operation)
        device.snapshot_load("clean")
        assert tree(device.system.fs.root) == saved


def test_another_snapshot_in_between_falls_back_to_a_whole_copy(device: SimDevice) -> None:
    device.write_file("/sdcard/Download/other", b"only in the other snapshot")
    device.snapshot_save("other")
    device.snapshot_load("clean")
    assert not device.exists("/sdcard/Download/other")
    device.snapshot_load("other")
    assert device.read_file("/sdcard/Download/other") == b"only in the other snapshot"
    device.snapshot_load("clean")
    assert tree(device.system.fs.root) == tree(device._snapshot_dir("clean"))
