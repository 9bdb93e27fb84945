"""State stores of the simulated Android: settings, files, logcat, clock.

Files live in a real host directory laid out like the device (``/data/data``,
``/storage/emulated/0``), so app databases are real SQLite files at their
Android paths and the adb sync service can push and pull them byte for byte.
"""

from __future__ import annotations

import datetime as dt
import os
import posixpath
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from pytest_mobileagent.android import keyboard
from pytest_mobileagent.device.clock import DEFAULT_TIME

#: Defaults of the settings keys the system and apps use, per namespace.
DEFAULT_SETTINGS: dict[str, dict[str, str]] = {
    "global": {
        "airplane_mode_on": "0",
        "wifi_on": "1",
        "bluetooth_on": "0",
        "mobile_data": "1",
        "auto_time": "0",
        "auto_time_zone": "0",
        "device_name": "Pixel 6",
        "adb_enabled": "1",
        "stay_on_while_plugged_in": "0",
        "development_settings_enabled": "0",
        "window_animation_scale": "1.0",
        "transition_animation_scale": "1.0",
        "animator_duration_scale": "1.0",
        "zen_mode": "0",
    },
    "system": {
        "screen_brightness": "102",
        "screen_brightness_mode": "0",
        "screen_off_timeout": "60000",
        "volume_music_speaker": "5",
        "volume_ring_speaker": "5",
        "volume_alarm_speaker": "6",
        "volume_voice_speaker": "4",
        "volume_notification_speaker": "5",
        "vibrate_when_ringing": "0",
        "time_12_24": "24",
        "font_scale": "1.0",
        "accelerometer_rotation": "0",
        "haptic_feedback_enabled": "1",
    },
    "secure": {
        "ui_night_mode": "1",
        "location_mode": "3",
        "default_input_method": keyboard.LATIN_IME,
        "enabled_input_methods": keyboard.LATIN_IME,
        "android_id": "5a1d0e4f3c2b1a09",
        "bluetooth_name": "Pixel 6",
    },
}

NAMESPACES = ("global", "system", "secure")

@dataclass
class Settings:
    """``settings`` namespaces ``global``, ``system`` and ``secure``."""

    values: dict[str, dict[str, str]] = field(
        default_factory=lambda: {ns: dict(keys) for ns, keys in DEFAULT_SETTINGS.items()}
    )

    def get(self, namespace: str, key: str) -> str | None:
        return self._ns(namespace).get(key)

    def put(self, namespace: str, key: str, value: str) -> None:
        self._ns(namespace)[key] = str(value)

    def delete(self, namespace: str, key: str) -> None:
        self._ns(namespace).pop(key, None)

    def list(self, namespace: str) -> dict[str, str]:
        return dict(sorted(self._ns(namespace).items()))

    def _ns(self, namespace: str) -> dict[str, str]:
        if namespace not in NAMESPACES:
            raise ValueError(f"Invalid namespace '{namespace}'; use one of {', '.join(NAMESPACES)}")
        return self.values[namespace]


#: The standard folders Android creates in shared storage (``Environment.DIRECTORY_*``).
SHARED_STORAGE_DIRS = tuple(f"/sdcard/{d}" for d in (
    "Alarms", "Audiobooks", "DCIM", "Documents", "Download", "Movies", "Music", "Notifications", "Pictures",
    "Podcasts", "Recordings", "Ringtones"))


class FileSystem:
    """The device's files, kept in a host directory.

    Device paths are normalised (``/sdcard`` and ``/storage/self/primary`` are
    ``/storage/emulated/0``) and may never escape the device root.

    Every change goes through these methods, which journal the host paths they touch since the last snapshot
    saved or restored, so that restoring that snapshot copies back only what changed (:meth:`restore`).
    """

    ALIASES = {"/sdcard": "/storage/emulated/0", "/storage/self/primary": "/storage/emulated/0",
               "/mnt/sdcard": "/storage/emulated/0", "/data/user/0": "/data/data"}

    def __init__(self, root: str, clock: Clock | None = None):
        self.root = root
        #: The device clock: files written on the device carry its time, as on a phone, not the host's.
        self.clock = clock
        #: Owners ("uid:gid") set on a path; anything else has its folder's. An app's data folder is the app's;
        #: a file adbd pushes as root is root's until ``chown`` gives it back (an app cannot open it before).
        self.owners: dict[str, str] = {}
        #: The snapshot folder the tree equals but for :attr:`_changed` (root-relative host paths), if any.
        self._base: str | None = None
        self._changed: set[str] = set()

    def _relative(self, host: str) -> str:
        """A host path under the root, relative to it (what ``os.path.relpath`` gives, without its cost)."""
        return host[len(self.root) + 1:] if host != self.root else "."

    def _touched(self, host: str) -> None:
        """Journal a host path about to change, with the folders that its creation would create or change."""
        self._changed.add(self._relative(host))
        folder = os.path.dirname(host)
        while True:
            self._changed.add(self._relative(folder))
            if folder == self.root or os.path.isdir(folder):
                break
            folder = os.path.dirname(folder)
        if os.path.isdir(host):  # a folder going or moving takes its contents along
            for below, dirs, files in os.walk(host):
                self._changed.update(self._relative(os.path.join(below, n)) for n in dirs + files)

    def owner(self, path: str) -> str:
        """``uid:gid`` of ``path``: its own, or the nearest folder's above it (root's at the top)."""
        p = self.canonical(path)
        while p not in self.owners and p != "/":
            p = posixpath.dirname(p)
        return self.owners.get(p, "0:0")

    def chown(self, path: str, owner: str) -> None:
        self.owners[self.canonical(path)] = owner

    def foreign_files(self, folder: str, owner: str) -> list[str]:
        """Paths under ``folder`` owned by someone other than ``owner`` (a seed pushed and never given back)."""
        base = self.canonical(folder) + "/"
        return sorted(p for p, who in self.owners.items() if p.startswith(base) and who != owner and self.exists(p))

    def canonical(self, path: str) -> str:
        """The canonical device path for ``path``."""
        p = posixpath.normpath("/" + path.lstrip("/")) if path else "/"
        for alias, target in self.ALIASES.items():
            if p == alias or p.startswith(alias + "/"):
                p = target + p[len(alias):]
        return p

    def host(self, path: str) -> str:
        """The host path backing a device path."""
        p = self.canonical(path)
        host = os.path.normpath(os.path.join(self.root, p.lstrip("/")))
        if host != self.root and not host.startswith(self.root + os.sep):
            raise PermissionError(f"path escapes the device: {path}")
        return host

    def read(self, path: str) -> bytes:
        with open(self.host(path), "rb") as f:
            return f.read()

    def write(self, path: str, data: bytes) -> None:
        host = self.host(path)
        self._touched(host)
        os.makedirs(os.path.dirname(host), exist_ok=True)
        with open(host, "wb") as f:
            f.write(data)
        self._stamp(host)

    def touch(self, path: str) -> None:
        """Set the modification time of ``path`` and its folder to the device clock."""
        host = self.host(path)
        self._touched(host)
        self._stamp(host)

    def _stamp(self, host: str) -> None:
        """The device clock's time on a host path and its folder (already journaled by the caller)."""
        if self.clock is None:
            return
        when = self.clock.now.timestamp()
        for target in (host, os.path.dirname(host)):
            if os.path.exists(target):
                os.utime(target, (when, when))

    def exists(self, path: str) -> bool:
        return os.path.exists(self.host(path))

    def isdir(self, path: str) -> bool:
        return os.path.isdir(self.host(path))

    def listdir(self, path: str) -> list[str]:
        return sorted(os.listdir(self.host(path)))

    def mkdirs(self, path: str) -> None:
        host = self.host(path)
        if not os.path.isdir(host):
            self._touched(host)
            os.makedirs(host, exist_ok=True)
            self._stamp(host)

    def remove(self, path: str) -> None:
        gone = self.canonical(path)
        for p in [p for p in self.owners if p == gone or p.startswith(gone + "/")]:
            del self.owners[p]
        host = self.host(path)
        self._touched(host)
        if os.path.isdir(host):
            shutil.rmtree(host)
        elif os.path.exists(host):
            os.remove(host)
        else:
            return
        if self.clock is not None and os.path.isdir(os.path.dirname(host)):
            when = self.clock.now.timestamp()
            os.utime(os.path.dirname(host), (when, when))

    def move(self, src: str, dst: str) -> None:
        old, new = self.canonical(src), self.canonical(dst)
        for p in [p for p in self.owners if p == old or p.startswith(old + "/")]:
            self.owners[new + p[len(old):]] = self.owners.pop(p)
        target = self.host(dst)
        self._touched(target)
        self._touched(self.host(src))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.move(self.host(src), target)
        self._touched(target)  # what arrived there
        if self.clock is not None:  # both folders changed; the file keeps its own time, as with mv
            when = self.clock.now.timestamp()
            for folder in {os.path.dirname(target), os.path.dirname(self.host(src))}:
                os.utime(folder, (when, when))

    def stat(self, path: str) -> os.stat_result | None:
        try:
            return os.stat(self.host(path))
        except FileNotFoundError:
            return None

    def walk_files(self, path: str) -> Iterator[str]:
        """Device paths of all files under ``path``."""
        base = self.canonical(path)
        host = self.host(base)
        for dirpath, _dirs, files in os.walk(host):
            rel = os.path.relpath(dirpath, host)
            for name in sorted(files):
                yield posixpath.normpath(posixpath.join(base, "" if rel == "." else rel, name))

    @contextmanager
    def sqlite(self, path: str) -> Iterator[sqlite3.Connection]:
        """Open the database at a device path; commits on success."""
        host = self.host(path)
        for sidecar in ("", "-journal", "-wal", "-shm"):
            self._touched(host + sidecar)
        os.makedirs(os.path.dirname(host), exist_ok=True)
        conn = sqlite3.connect(host)
        # a simulated phone's flash need not survive power loss: skip fsync (journal stays in the file format)
        conn.execute("PRAGMA synchronous = OFF")
        try:
            yield conn
            conn.commit()
        finally:
            conn.close()

    def set_mtime(self, path: str, when: float) -> None:
        host = self.host(path)
        self._touched(host)
        os.utime(host, (when, when))

    def snapshot(self, dest: str) -> None:
        """Copy the whole tree to the folder ``dest``; the tree is journaled against it from now on."""
        if os.path.exists(dest):
            shutil.rmtree(dest)
        shutil.copytree(self.root, dest, symlinks=True)
        self._base, self._changed = dest, set()

    def changes_since(self, src: str) -> set[str] | None:
        """The journal of changes since the snapshot ``src`` was saved or restored, or None if the tree has been
        another snapshot's since (then only a whole copy restores it)."""
        return set(self._changed) if self._base == src else None

    def restore(self, src: str, changed: set[str] | None = None) -> None:
        """Make the tree the snapshot folder ``src``: only the ``changed`` paths (:meth:`changes_since`), else
        a whole copy."""
        if changed is None:
            shutil.rmtree(self.root, ignore_errors=True)
            shutil.copytree(src, self.root, symlinks=True)
        else:
            _restore_paths(src, self.root, changed)
        self._base, self._changed = src, set()


def _restore_paths(src: str, root: str, changed: set[str]) -> None:
    """Copy back from ``src`` what the root-relative ``changed`` paths were there (and remove what was not),
    folders before what they hold, then the folders' times (copying into a folder changes its time)."""
    folders = []
    for rel in sorted(changed, key=lambda r: (r.count(os.sep), r)):
        saved, live = os.path.normpath(os.path.join(src, rel)), os.path.normpath(os.path.join(root, rel))
        if os.path.isdir(live) and not os.path.isdir(saved):
            shutil.rmtree(live)
        elif os.path.lexists(live) and not os.path.isdir(live) and not os.path.isfile(saved):
            os.remove(live)
        if os.path.isdir(saved):
            if not os.path.isdir(live):
                shutil.copytree(saved, live, symlinks=True)
            folders.append((saved, live))
        elif os.path.isfile(saved):
            shutil.copy2(saved, live)
    for saved, live in reversed(folders):
        shutil.copystat(saved, live)


@dataclass
class LogEntry:
    time: dt.datetime
    pid: int
    tid: int
    level: str
    tag: str
    message: str

    def threadtime(self) -> str:
        """The line as ``logcat -v threadtime`` prints it."""
        stamp = self.time.strftime("%m-%d %H:%M:%S.") + f"{self.time.microsecond // 1000:03d}"
        return f"{stamp} {self.pid:5d} {self.tid:5d} {self.level} {self.tag:<8}: {self.message}"


@dataclass
class Logcat:
    """The main log buffer."""

    entries: list[LogEntry] = field(default_factory=list)

    def lines(self, since: dt.datetime | None = None) -> list[str]:
        return [e.threadtime() for e in self.entries if since is None or e.time >= since]

    def clear(self) -> None:
        self.entries.clear()


class Clock:
    """The device wall clock. It moves only when the system advances it (deterministic).

    ``reads`` counts the reads of ``now``: the system learns from it whether its screens show the time.
    """

    def __init__(self, now: dt.datetime = DEFAULT_TIME, timezone: str = "UTC"):
        self._now = now
        self.timezone = timezone
        self.reads = 0

    @property
    def now(self) -> dt.datetime:
        self.reads += 1
        return self._now

    @now.setter
    def now(self, value: dt.datetime) -> None:
        self._now = value

    def advance(self, seconds: float) -> None:
        self.now = self.now + dt.timedelta(seconds=seconds)

    def millis(self) -> int:
        return int(self.now.timestamp() * 1000)


def rows(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Run a statement and return its rows (empty for statements without results)."""
    cur = conn.execute(sql, params)
    return cur.fetchall() if cur.description else []
