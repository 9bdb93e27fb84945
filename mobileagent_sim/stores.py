"""State stores of the simulated Android: settings, files, logcat, clock.

Files live in a real host directory laid out like the device (``/data/data``,
``/storage/emulated/0``), so app databases are real SQLite files at their
Android paths and the adb sync service can push and pull them byte for byte.
"""

from __future__ import annotations

import datetime as dt
import errno
import io
import os
import posixpath
import shutil
import sqlite3
import stat as stat_mod
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, BinaryIO

from mobileagent_sim.state import tree_path
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

#: Shared storage as root sees it under ``/storage/emulated/0``, ``/sdcard`` and ``/data/media/0`` alike.
STORAGE = "/storage/emulated/0"

#: Owner of everything in shared storage: the FUSE daemon (MediaProvider, ``u0_a158`` on the google_apis
#: image, as AndroidWorld's ``file_utils`` quotes an emulator's ``ls -l``) with group ``media_rw`` (1023).
STORAGE_OWNER = "10158:1023"

#: Mode and owner of the system's folders, from AOSP ``system/core/rootdir/init.rc`` (``mkdir PATH MODE USER
#: GROUP``); ``/data/media`` from vold's ``PrepareDir(/data/media, 0770, AID_MEDIA_RW, AID_MEDIA_RW)``.
SYSTEM_FOLDERS: dict[str, tuple[int, str]] = {
    "/": (0o755, "0:0"), "/data": (0o771, "1000:1000"), "/data/data": (0o771, "1000:1000"),
    "/data/user": (0o711, "1000:1000"), "/data/user_de": (0o711, "1000:1000"),
    "/data/user_de/0": (0o771, "1000:1000"), "/data/local": (0o751, "0:0"),
    "/data/local/tmp": (0o771, "2000:2000"), "/data/system": (0o775, "1000:1000"),
    "/data/misc": (0o1771, "1000:9998"), "/data/media": (0o770, "1023:1023"), "/storage": (0o755, "0:0"),
    "/storage/emulated": (0o711, "0:0"), STORAGE: (0o2770, STORAGE_OWNER), "/system": (0o755, "0:0"),
    "/tmp": (0o771, "0:0"), "/mnt": (0o755, "0:1000"),
}

#: Paths that are symbolic links on an Android 13 phone (``init.rc``'s ``symlink``, vold's per-user views),
#: with their targets; the simulator follows them to the same files.
LINKS = {"/sdcard": "/storage/self/primary", "/storage/self/primary": STORAGE, "/mnt/sdcard": "/storage/self/primary",
         "/data/user/0": "/data/data", "/etc": "/system/etc"}

#: The shell user's groups (``adbd``'s, AOSP ``packages/modules/adb/daemon/main.cpp`` ``drop_privileges``).
SHELL_GROUPS = frozenset({2000, 1004, 1007, 1011, 1015, 1028, 1078, 1079, 3001, 3002, 3003, 3006, 3009, 3011})

_NS = 10**9

#: The programs in ``/system/bin`` (set by the shell's command registry: what it can run is what is there), and
#: which of them are toybox's applets (links to ``toybox``, as on Android).
PROGRAMS: Callable[[], Iterable[str]] = tuple
TOYBOX_APPLETS: Callable[[], Iterable[str]] = tuple
SYSTEM_BIN = "/system/bin"

#: How the file a push is written into while it comes is named, in the destination's folder (hidden, as an app
#: or ``ls`` without ``-a`` sees it): the rename onto the destination then replaces that file whole.
STAGED_PREFIX = ".adb-push-"

#: Folders every phone has from the start (the root file system's and ``/data``'s), root-relative.
_LAYOUT = ("acct", "apex", "cache", "config", "data/media", "data/user_de/0", "data/local/tmp", "data/system",
           "data/misc", "data/user", "dev", "mnt", "odm", "oem", "proc", "product", "storage/emulated/0",
           "storage/self", "sys",
           "system/bin", "system/etc", "system_ext", "vendor")

#: When the read-only images were built, as their files' times say (``ls -l /`` on an emulator).
IMAGE_TIME_NS = 1230768000 * _NS


@dataclass
class Entry:
    """What ``lstat`` tells of a device path: full ``st_mode``, owner, size, links and times in nanoseconds."""

    path: str
    mode: int
    uid: int
    gid: int
    size: int
    nlink: int
    ino: int
    blocks: int
    atime_ns: int
    mtime_ns: int
    ctime_ns: int
    link: str | None = None
    #: A device's (major, minor) numbers.
    rdev: tuple[int, int] | None = None

    @property
    def is_dir(self) -> bool:
        return stat_mod.S_ISDIR(self.mode)

    @property
    def is_link(self) -> bool:
        return stat_mod.S_ISLNK(self.mode)


@dataclass
class VNode:
    """A node of the kernel's virtual files (``/proc``, ``/sys``, ``/dev``'s devices): made when looked up, never
    stored.

    ``kind`` is ``dir`` (with ``names``), ``file`` or ``char`` (a device; with ``data`` and ``rdev``) or ``link``
    (with ``target``); ``mode`` its permission bits; ``size`` what ``stat`` says (0 for procfs files, 4096 for
    sysfs'); ``write_error`` the errno a write gets past the permission check (``EIO`` in procfs, ``EACCES`` in
    sysfs)."""

    kind: str
    mode: int = 0o444
    uid: int = 0
    gid: int = 0
    data: bytes = b""
    names: tuple[str, ...] = ()
    target: str = ""
    size: int = 0
    mtime_ns: int = 0
    write_error: int = errno.EIO
    rdev: tuple[int, int] | None = None


def follow_links(path: str, node_at: Callable[[str], VNode | None], last: bool = True) -> tuple[str, VNode | None]:
    """Resolve the links on a virtual path (every component, the last one too if ``last``): the path reached and
    its node."""
    parts = [q for q in path.split("/") if q]
    done = ""
    for _hop in range(40):
        node = None
        for k, part in enumerate(parts):
            done = done + "/" + part
            node = node_at(done)
            if node is None:
                return done, None
            if node.kind == "link" and (k < len(parts) - 1 or last):
                target = node.target if node.target.startswith("/") else \
                    posixpath.join(posixpath.dirname(done), node.target)
                parts = [q for q in posixpath.normpath(target).split("/") if q] + parts[k + 1:]
                done = ""
                break
        else:
            return done or "/", node
    raise OSError(errno.ELOOP, "Too many symbolic links encountered")


#: Where the kernel's virtual file systems are mounted, and the character devices of ``/dev`` that read as
#: files (served by :attr:`FileSystem.virtual`).
VIRTUAL_ROOTS = ("/proc", "/sys", "/dev/null", "/dev/zero", "/dev/random", "/dev/urandom")


#: The longest file name (one path component) Linux file systems store, in bytes (``NAME_MAX``,
#: ``include/uapi/linux/limits.h``).
NAME_MAX = 255


def _check_name(path: str) -> None:
    """Raise the kernel's error for a device path no file can have (see :meth:`FileSystem.host`)."""
    try:
        raw = path.encode()
    except UnicodeEncodeError:
        raise OSError(errno.EILSEQ, os.strerror(errno.EILSEQ), path) from None
    if b"\0" in raw:
        raise OSError(errno.EINVAL, os.strerror(errno.EINVAL), path.replace("\0", "\\0"))
    if len(raw) > NAME_MAX and any(len(name) > NAME_MAX for name in raw.split(b"/")):
        raise OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG), path)


class FileSystem:
    """The device's files, kept in a host directory.

    Device paths are normalised (``/sdcard``, ``/storage/self/primary`` and ``/data/media/0`` are
    ``/storage/emulated/0``, as root sees one storage under all three) and may never escape the device root.
    Modes, owners and access/change times are kept beside the host files (:attr:`modes`, :attr:`owners`,
    :attr:`atimes`, :attr:`ctimes`); modification times are the host files' own, set from the device clock.
    Access times follow Android's ``noatime`` mount of ``/data`` (``device/generic/goldfish/fstab.ranchu``):
    reading a file leaves them.

    Every change goes through these methods, which journal the host paths they touch since the last snapshot
    saved or restored, so that restoring that snapshot copies back only what changed (:meth:`restore`).
    """

    ALIASES = {"/sdcard": STORAGE, "/storage/self/primary": STORAGE, "/mnt/sdcard": STORAGE,
               "/data/media/0": STORAGE, "/data/user/0": "/data/data"}

    def __init__(self, root: str, clock: Clock | None = None):
        self.root = root
        #: The device clock: files written on the device carry its time, as on a phone, not the host's.
        self.clock = clock
        #: Owners ("uid:gid") set on a path; anything else has its folder's. An app's data folder is the app's;
        #: a file adbd pushes as root is root's until ``chown`` gives it back (an app cannot open it before).
        self.owners: dict[str, str] = {}
        #: Permission bits (``chmod``) set on a path; anything else has its place's default (:meth:`mode`).
        self.modes: dict[str, int] = {}
        #: Access and change times (ns) where they differ from the modification time.
        self.atimes: dict[str, int] = {}
        self.ctimes: dict[str, int] = {}
        #: The connections :meth:`sqlite` keeps open between uses (never copied: a copy opens its own).
        self._databases = _Databases()
        #: The snapshot folder the tree equals but for :attr:`_changed` (root-relative host paths), if any.
        self._base: str | None = None
        self._changed: set[str] = set()
        #: The kernel's ``/proc`` and ``/sys``: the node at a canonical path, links not followed (set by the
        #: device, :class:`~mobileagent_sim.kernel.VirtualFiles`); None: those folders are empty.
        self.virtual: Callable[[str], VNode | None] | None = None
        for folder in _LAYOUT:
            if not os.path.isdir(os.path.join(root, folder)):
                os.makedirs(os.path.join(root, folder))
        if clock is not None:  # made when the phone was: at its clock's time
            when = _ns(clock.now)
            for below, _dirs, _files in os.walk(root):
                os.utime(below, ns=(when, when))

    def _relative(self, host: str) -> str:
        """A host path under the root, relative to it (what ``os.path.relpath`` gives, without its cost)."""
        return host[len(self.root) + 1:] if host != self.root else "."

    def _device(self, host: str) -> str:
        """The canonical device path of a host path under the root."""
        return "/" + host[len(self.root) + 1:] if host != self.root else "/"

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

    # -- the kernel's virtual files (/proc, /sys) --------------------------------

    def is_virtual(self, path: str) -> bool:
        """Whether ``path`` (canonical) is one of the kernel's virtual files (:data:`VIRTUAL_ROOTS`) and those
        are served."""
        return self.virtual is not None and any(path == r or path.startswith(r + "/") for r in VIRTUAL_ROOTS)

    def vnode(self, path: str, follow: bool = True) -> VNode | None:
        """The virtual node at a canonical path, its links followed (the last one too if ``follow``)."""
        assert self.virtual is not None
        return follow_links(path, self.virtual, follow)[1]

    def _virtual_entry(self, path: str, follow: bool) -> Entry | None:
        node = self.vnode(path, follow)
        if node is None:
            return None
        kind = {"dir": stat_mod.S_IFDIR, "file": stat_mod.S_IFREG, "link": stat_mod.S_IFLNK,
                "char": stat_mod.S_IFCHR}[node.kind]
        return Entry(path, kind | node.mode, node.uid, node.gid, node.size, 2 if node.kind == "dir" else 1,
                     0, 0, node.mtime_ns, node.mtime_ns, node.mtime_ns, node.target or None, node.rdev)

    def _refuse_virtual(self, path: str) -> None:
        """A change to the virtual files: the kernel's refusal (the node's write error, EACCES to make one)."""
        node = self.vnode(path)
        code = node.write_error if node is not None and node.kind == "file" else errno.EACCES
        raise OSError(code, "I/O error" if code == errno.EIO else os.strerror(code), path)  # bionic's words

    # -- ownership and permissions ---------------------------------------------

    def shared(self, path: str) -> bool:
        """Whether ``path`` is in shared storage (``/sdcard``), which MediaProvider's FUSE daemon serves."""
        p = self.canonical(path)
        return p == STORAGE or p.startswith(STORAGE + "/")

    def owner(self, path: str) -> str:
        """``uid:gid`` of ``path``: its own, or the nearest folder's above it (root's at the top); everything in
        shared storage is the FUSE daemon's (:data:`STORAGE_OWNER`)."""
        p = self.canonical(path)
        if self.shared(p):
            return STORAGE_OWNER
        if self.is_virtual(p):
            node = self.vnode(p)
            return f"{node.uid}:{node.gid}" if node is not None else "0:0"
        while p not in self.owners and p not in SYSTEM_FOLDERS:
            p = posixpath.dirname(p)
        return self.owners[p] if p in self.owners else SYSTEM_FOLDERS[p][1]

    def chown(self, path: str, owner: str) -> None:
        p = self.canonical(path)
        if self.is_virtual(p):
            self._refuse_virtual(p)
        self.owners[p] = owner
        self._changed_now(p)

    def foreign_files(self, folder: str, owner: str) -> list[str]:
        """Paths under ``folder`` whose owning user is not ``owner``'s (a seed pushed and never given back; ``chown
        UID`` alone gives it back, the group does not matter to the app)."""
        base = self.canonical(folder) + "/"
        user = owner.split(":")[0]
        return sorted(p for p, who in self.owners.items()
                      if p.startswith(base) and who.split(":")[0] != user and self.exists(p))

    def mode(self, path: str, is_dir: bool | None = None, host_bits: int | None = None) -> int:
        """The permission bits of ``path`` (``chmod``'s, else its place's: the system's folders as ``init.rc``
        makes them, shared storage ``2770``/``660``, an app's data folder ``700`` with ``771``/``660`` inside,
        elsewhere the host file's own, as made with umask 022 or ``os.chmod``)."""
        p = self.canonical(path)
        if self.is_virtual(p):
            node = self.vnode(p)
            return node.mode if node is not None else 0o555
        if p in self.modes:
            return self.modes[p]
        if p in SYSTEM_FOLDERS:
            return SYSTEM_FOLDERS[p][0]
        if is_dir is None:
            is_dir = self.isdir(p)
        if p.startswith(STORAGE + "/"):
            return 0o2770 if is_dir else 0o660
        parts = p.split("/")
        if (len(parts) >= 4 and parts[1:3] == ["data", "data"]) or p.startswith("/data/user_de/0/"):
            depth = 4 if parts[2] == "data" else 5
            if len(parts) == depth:
                return 0o700
            return 0o771 if is_dir else 0o660
        if host_bits is None:
            try:
                host_bits = os.stat(self.host(p)).st_mode & 0o7777
            except OSError:
                host_bits = 0o755 if is_dir else 0o644
        return host_bits

    def chmod(self, path: str, bits: int) -> None:
        p = self.canonical(path)
        if self.is_virtual(p):
            self._refuse_virtual(p)
        self.modes[p] = bits & 0o7777
        self._changed_now(p)

    def _changed_now(self, p: str) -> None:
        """A change of a path's metadata: its change time is now (journaled: snapshots keep the times)."""
        if self.clock is not None:
            self.ctimes[p] = _ns(self.clock.now)

    def allowed(self, path: str, uid: int, want: str = "r") -> bool:
        """Whether ``uid`` may do ``want`` (``r``, ``w``, ``x``: read, change, search/run) to ``path``, and search
        every folder on the way, as the kernel decides for adbd's shell user. Root may do anything; shared
        storage is open to the shell user (the FUSE daemon grants it)."""
        if uid == 0:
            return True
        p = self.canonical(path)
        if p == STORAGE or p.startswith(STORAGE + "/"):
            return True
        folders = [p[:i] or "/" for i in range(len(p)) if p[i] == "/"]
        checks = [(f, "x") for f in folders] + ([(p, want)] if want else [])
        return all(self._permits(f, uid, bit) for f, bit in checks if self.exists(f))

    def _permits(self, path: str, uid: int, bit: str) -> bool:
        owner, group = (int(x) for x in self.owner(path).split(":"))
        mode = self.mode(path)
        shift = 6 if uid == owner else 3 if group == uid or (uid == 2000 and group in SHELL_GROUPS) else 0
        return bool(mode >> shift & {"r": 4, "w": 2, "x": 1}[bit])

    def canonical(self, path: str) -> str:
        """The canonical device path for ``path``."""
        p = posixpath.normpath("/" + path.lstrip("/")) if path else "/"
        for alias, target in self.ALIASES.items():
            if p == alias or p.startswith(alias + "/"):
                p = target + p[len(alias):]
        return p

    def host(self, path: str) -> str:
        """The host path backing a device path; a path the phone's file system refuses raises the kernel's
        error: a name longer than ``NAME_MAX`` (255 bytes, ``ENAMETOOLONG``), a NUL (which no system call can
        carry; Java's ``File`` refuses it as an invalid path: ``EINVAL`` here) or text that is not UTF-8."""
        p = self.canonical(path)
        _check_name(p)
        host = os.path.normpath(os.path.join(self.root, p.lstrip("/")))
        if host != self.root and not host.startswith(self.root + os.sep):
            raise PermissionError(f"path escapes the device: {path}")
        return host

    # -- contents --------------------------------------------------------------

    def read(self, path: str) -> bytes:
        with self.open_read(path) as f:
            return f.read()

    def open_read(self, path: str) -> BinaryIO:
        """``path`` opened for reading, to be read in pieces (a virtual file: its contents as they are now)."""
        p = self.canonical(path)
        if self.is_virtual(p):
            node = self.vnode(p)
            if node is None:
                raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)
            if node.kind == "dir":
                raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
            return io.BytesIO(node.data)
        return open(self.host(path), "rb")

    def write(self, path: str, data: bytes) -> None:
        p = self.canonical(path)
        if self.is_virtual(p):
            node = self.vnode(p)
            if node is not None and node.kind == "char":
                return  # a device takes what is written to it
            self._refuse_virtual(p)
        host = self.host(p)
        self._touched(host)
        new = not os.path.exists(host)
        self.mkdirs(self._device(os.path.dirname(host)))
        self._keep_atimes(host)
        with open(host, "wb") as f:
            f.write(data)
        self._stamp(host, new)

    def stage(self, path: str, bits: int = 0o644) -> tuple[str, BinaryIO]:
        """A new, empty hidden file beside ``path`` (:data:`STAGED_PREFIX`, in ``path``'s folder, made if missing),
        with permission bits ``bits``, for contents that come in pieces: its device path and the file, open for
        writing. :meth:`unstage` then puts it in place of ``path`` whole; :meth:`remove` drops it."""
        p = self.canonical(path)
        if self.is_virtual(p):
            self._refuse_virtual(p)
        folder = os.path.dirname(self.host(p))
        self.mkdirs(self._device(folder))
        self._keep_atimes(os.path.join(folder, STAGED_PREFIX))
        fd, host = tempfile.mkstemp(prefix=STAGED_PREFIX, dir=folder)
        self._touched(host)
        f = os.fdopen(fd, "wb")
        os.fchmod(fd, bits & 0o7777)
        return self._device(host), f

    def unstage(self, staged: str, path: str) -> None:
        """Put the file :meth:`stage` made (written and closed) in place of ``path``, by a rename: ``path`` is a new
        file then, with the device clock's time, as if unlinked and made again (its owner and mode kept go)."""
        if self.isdir(path):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
        self.move(staged, path)
        self._stamp(self.host(path), new=True)

    def touch(self, path: str) -> None:
        """Set the modification time of ``path`` and its folder to the device clock."""
        p = self.canonical(path)
        if self.is_virtual(p):
            self._refuse_virtual(p)
        host = self.host(p)
        self._touched(host)
        self._keep_atimes(host)
        self._stamp(host)

    def _keep_atimes(self, host: str) -> None:
        """Remember the access times of a host path and its folder before the host changes them (noatime)."""
        if self.clock is None:
            return
        for target in (host, os.path.dirname(host)):
            p = self._device(target)
            if p not in self.atimes and os.path.exists(target):
                self.atimes[p] = os.stat(target).st_mtime_ns

    def _stamp(self, host: str, new: bool = False) -> None:
        """The device clock's time on a host path and its folder (already journaled, and their access times kept,
        by the caller): modified and changed now; accessed now too when ``new``."""
        if self.clock is None:
            return
        self._stamp_one(host, new)
        self._stamp_one(os.path.dirname(host))

    def _stamp_one(self, target: str, created: bool = False) -> None:
        if self.clock is None or not os.path.exists(target):
            return
        when = _ns(self.clock.now)
        p = self._device(target)
        atime = when if created else self.atimes.get(p, when)
        os.utime(target, ns=(atime, when))
        self.ctimes.pop(p, None)
        self.atimes[p] = atime

    def set_times(self, path: str, atime_ns: int | None = None, mtime_ns: int | None = None) -> None:
        """``touch``'s ``utimensat``: the access and/or modification time of ``path``; its change time is now."""
        p = self.canonical(path)
        if self.is_virtual(p):
            self._refuse_virtual(p)
        host = self.host(path)
        self._touched(host)
        entry = self.info(p)
        atime = entry.atime_ns if atime_ns is None else atime_ns
        mtime = entry.mtime_ns if mtime_ns is None else mtime_ns
        os.utime(host, ns=(atime, mtime))
        self.atimes[p] = atime
        self.ctimes[p] = _ns(self.clock.now) if self.clock is not None else mtime

    def exists(self, path: str) -> bool:
        p = self.canonical(path)
        if self.is_virtual(p):
            return self.vnode(p) is not None
        return self._lookup(os.path.exists, path)

    def isdir(self, path: str) -> bool:
        p = self.canonical(path)
        if self.is_virtual(p):
            node = self.vnode(p)
            return node is not None and node.kind == "dir"
        return self._lookup(os.path.isdir, path)

    def _lookup(self, test: Callable[[str], bool], path: str) -> bool:
        """``test`` of the host path of ``path``; False for a path no file can have, as ``stat`` fails then."""
        try:
            return test(self.host(path))
        except OSError:
            return False

    def listdir(self, path: str) -> list[str]:
        p = self.canonical(path)
        if self.is_virtual(p):
            node = self.vnode(p)
            if node is None or node.kind != "dir":
                code = errno.ENOENT if node is None else errno.ENOTDIR
                raise OSError(code, os.strerror(code), path)
            return sorted(node.names)
        return sorted(os.listdir(self.host(path)))

    def entries(self, path: str) -> list[str]:
        """The names in a folder as ``ls`` sees them, with the links and aliases that live there on a phone
        (``/sdcard`` in ``/``, ``0`` in ``/data/media``)."""
        p = self.canonical(path)
        if self.is_virtual(p):
            return self.listdir(p)
        names = set(os.listdir(self.host(p)))
        if self.virtual is not None:  # the devices of /dev
            names.update(posixpath.basename(r) for r in VIRTUAL_ROOTS if posixpath.dirname(r) == p)
        if p == SYSTEM_BIN:
            names.update(PROGRAMS())
            names.add("toybox")
        for alias in (*self.ALIASES, *LINKS):
            if posixpath.dirname(alias) == p:
                names.add(posixpath.basename(alias))
        return sorted(names)

    def info(self, path: str, follow: bool = True) -> Entry | None:
        """``stat`` (or ``lstat`` with ``follow=False``) of a device path, or None where nothing is."""
        p = posixpath.normpath("/" + path.lstrip("/"))
        if self.is_virtual(self.canonical(p)):
            return self._virtual_entry(self.canonical(p), follow)
        program = self.program(p)
        if program is not None:
            return program if not (follow and program.is_link) else self.program(f"{SYSTEM_BIN}/toybox")
        if not follow and p in LINKS:  # the root image's links are lrw-r--r--, those made at boot lrwxrwxrwx
            target = LINKS[p]
            bits = 0o777 if p in ("/data/user/0", "/storage/self/primary") else 0o644
            return Entry(p, stat_mod.S_IFLNK | bits, 0, 0, len(target), 1, 0, 0, IMAGE_TIME_NS, IMAGE_TIME_NS,
                         IMAGE_TIME_NS, target)
        try:
            st = os.stat(self.host(p))
        except (FileNotFoundError, NotADirectoryError):
            return None
        c = self.canonical(p)
        is_dir = stat_mod.S_ISDIR(st.st_mode)
        uid, gid = (int(x) for x in self.owner(c).split(":"))
        mtime = st.st_mtime_ns
        size, blocks = (_ext4_dir_size(st.st_size), _ext4_dir_size(st.st_size) // 512) if is_dir else \
            (st.st_size, st.st_blocks)
        return Entry(c, stat_mod.S_IFMT(st.st_mode) | self.mode(c, is_dir, st.st_mode & 0o7777), uid, gid, size,
                     st.st_nlink, st.st_ino, blocks, self.atimes.get(c, mtime), mtime, self.ctimes.get(c, mtime))

    def program(self, path: str) -> Entry | None:
        """A program of ``/system/bin`` (the read-only system image: root, group shell, of the image's time;
        toybox's applets are links to ``toybox``), unless a real file is there."""
        p = posixpath.normpath("/" + path.lstrip("/"))
        folder, name = posixpath.split(p)
        if folder != SYSTEM_BIN or os.path.lexists(self.host(p)):
            return None
        if name == "toybox":
            return Entry(p, stat_mod.S_IFREG | 0o755, 0, 2000, 1084392, 1, 0, 2120, IMAGE_TIME_NS, IMAGE_TIME_NS,
                         IMAGE_TIME_NS)
        if name not in set(PROGRAMS()):
            return None
        if name in set(TOYBOX_APPLETS()):
            return Entry(p, stat_mod.S_IFLNK | 0o755, 0, 2000, 6, 1, 0, 0, IMAGE_TIME_NS, IMAGE_TIME_NS,
                         IMAGE_TIME_NS, "toybox")
        return Entry(p, stat_mod.S_IFREG | 0o755, 0, 2000, 4096, 1, 0, 8, IMAGE_TIME_NS, IMAGE_TIME_NS,
                     IMAGE_TIME_NS)

    def mkdirs(self, path: str) -> None:
        if self.is_virtual(self.canonical(path)):
            if self.isdir(path):
                return
            self._refuse_virtual(self.canonical(path))
        host = self.host(path)
        if not os.path.isdir(host):
            self._touched(host)
            folder = host
            while not os.path.exists(folder):
                folder = os.path.dirname(folder)
            self._keep_atimes(os.path.join(folder, "x"))
            os.makedirs(host, exist_ok=True)
            made = host
            while made != folder:
                self._stamp(made, new=True)
                made = os.path.dirname(made)

    def _forget(self, gone: str) -> None:
        """Drop what was kept of a path and all below it."""
        for table in (self.owners, self.modes, self.atimes, self.ctimes):
            for p in [p for p in table if p == gone or p.startswith(gone + "/")]:
                del table[p]

    def remove(self, path: str) -> None:
        if self.is_virtual(self.canonical(path)):
            self._refuse_virtual(self.canonical(path))
        self._forget(self.canonical(path))
        host = self.host(path)
        self._touched(host)
        self._keep_atimes(host)
        if os.path.isdir(host):
            shutil.rmtree(host)
        elif os.path.exists(host):
            os.remove(host)
        else:
            return
        self._stamp_one(os.path.dirname(host))

    def move(self, src: str, dst: str) -> None:
        old, new = self.canonical(src), self.canonical(dst)
        for p in (old, new):
            if self.is_virtual(p):
                self._refuse_virtual(p)
        self._forget(new)
        for table in (self.owners, self.modes, self.atimes, self.ctimes):
            for p in [p for p in table if p == old or p.startswith(old + "/")]:
                table[new + p[len(old):]] = table.pop(p)
        target = self.host(dst)
        self._touched(target)
        self._touched(self.host(src))
        self.mkdirs(self._device(os.path.dirname(target)))
        self._keep_atimes(target)
        self._keep_atimes(self.host(src))
        shutil.move(self.host(src), target)
        self._touched(target)  # what arrived there
        # both folders changed; the file keeps its own times but its change time, as with mv (rename(2))
        self._changed_now(new)
        for folder in {os.path.dirname(target), os.path.dirname(self.host(src))}:
            self._stamp_one(folder)

    def stat(self, path: str) -> os.stat_result | None:
        """``stat`` of a device path as the phone has it (mode, owner and times are the simulated ones)."""
        e = self.info(path)
        if e is None:
            return None
        if self.program(path) is not None:  # the shell runs those by name (sim/shell.py), not as files
            return None
        if self.is_virtual(self.canonical(path)):
            seq = (e.mode, 0, 0, e.nlink, e.uid, e.gid, e.size, e.atime_ns // _NS, e.mtime_ns // _NS,
                   e.ctime_ns // _NS)
            return os.stat_result(seq, {"st_atime": e.atime_ns / _NS, "st_mtime": e.mtime_ns / _NS,
                                        "st_ctime": e.ctime_ns / _NS, "st_atime_ns": e.atime_ns,
                                        "st_mtime_ns": e.mtime_ns, "st_ctime_ns": e.ctime_ns, "st_blksize": 1024,
                                        "st_blocks": 0})
        st = os.stat(self.host(path))
        seq = (e.mode, st.st_ino, st.st_dev, st.st_nlink, e.uid, e.gid, e.size, e.atime_ns // _NS,
               e.mtime_ns // _NS, e.ctime_ns // _NS)
        extra = {"st_atime": e.atime_ns / _NS, "st_mtime": e.mtime_ns / _NS, "st_ctime": e.ctime_ns / _NS,
                 "st_atime_ns": e.atime_ns, "st_mtime_ns": e.mtime_ns, "st_ctime_ns": e.ctime_ns,
                 "st_blksize": st.st_blksize, "st_blocks": e.blocks}
        return os.stat_result(seq, extra)

    def walk_files(self, path: str) -> Iterator[str]:
        """Device paths of all files under ``path``."""
        base = self.canonical(path)
        host = self.host(base)
        for dirpath, _dirs, files in os.walk(host):
            rel = os.path.relpath(dirpath, host)
            for name in sorted(files):
                yield posixpath.normpath(posixpath.join(base, "" if rel == "." else rel, name))

    @contextmanager
    def sqlite(self, path: str, shared: bool = True) -> Iterator[sqlite3.Connection]:
        """Open the database at a device path; commits on success (rolls back on an error).

        ``shared``: the phone's own connection to that file, kept open from one use to the next while the file
        is the one it opened, as an app keeps its ``SQLiteOpenHelper``'s (a file written, replaced or removed
        by anything else gets a new one; a database left in WAL mode is not kept). ``shared=False`` gives a
        connection of its own, closed after (the ``sqlite3`` tool, whose dot-commands change a connection's
        settings)."""
        host = self.host(path)
        self._touched(host)
        self._changed.update(self._relative(host + sidecar) for sidecar in ("-journal", "-wal", "-shm"))  # beside it
        self.mkdirs(os.path.dirname(self.canonical(path)))
        before = _identity(host)
        self._keep_atimes(host)
        conn = self._databases.checkout(host, before) if shared else _open_database(host)
        try:
            yield conn
            conn.commit()
        except BaseException:
            conn.rollback()
            raise
        finally:
            after = _identity(host)
            if after is not None and after[2] != (before[2] if before else None):  # written now, on the device clock
                self._stamp(host, new=before is None)
                after = _identity(host)
            if shared and after is not None and not os.path.exists(host + "-wal"):
                self._databases.keep(host, conn, after)
            else:
                self._databases.drop(host)
                conn.close()

    def close_databases(self) -> None:
        """Close the phone's kept database connections (the tree is about to be replaced)."""
        self._databases.close()

    def set_mtime(self, path: str, when: float) -> None:
        host = self.host(path)
        self._touched(host)
        os.utime(host, (when, when))
        p = self.canonical(path)
        self.atimes.pop(p, None)
        self.ctimes.pop(p, None)

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
        self.close_databases()
        if changed is None:
            shutil.rmtree(self.root, ignore_errors=True)
            shutil.copytree(src, self.root, symlinks=True)
        else:
            _restore_paths(src, self.root, changed)
        self._base, self._changed = src, set()


def _identity(host: str) -> tuple[int, int, int, int] | None:
    """What tells one version of a file from another: inode, device, modification time (ns), size."""
    try:
        st = os.stat(host)
    except FileNotFoundError:
        return None
    return st.st_ino, st.st_dev, st.st_mtime_ns, st.st_size


def _open_database(host: str) -> sqlite3.Connection:
    # used under the device's lock, from whichever thread serves the phone (the adb server's)
    conn = sqlite3.connect(host, check_same_thread=False)
    # a simulated phone's flash need not survive power loss: skip fsync (journal stays in the file format)
    conn.execute("PRAGMA synchronous = OFF")
    return conn


class _Databases:
    """Open connections by host path, each with the identity of the file as it was when last used."""

    def __init__(self) -> None:
        self._open: dict[str, tuple[sqlite3.Connection, tuple[int, int, int, int]]] = {}

    def __deepcopy__(self, memo: dict[int, object]) -> _Databases:
        return _Databases()

    def checkout(self, host: str, identity: tuple[int, int, int, int] | None) -> sqlite3.Connection:
        """The kept connection if the file is as it left it, else a new one (the old one closed)."""
        kept = self._open.pop(host, None)
        if kept is not None:
            conn, seen = kept
            if seen == identity:
                conn.row_factory, conn.text_factory = None, str  # a user may have changed them
                return conn
            conn.close()
        return _open_database(host)

    def keep(self, host: str, conn: sqlite3.Connection, identity: tuple[int, int, int, int]) -> None:
        kept = self._open.get(host)
        if kept is not None and kept[0] is not conn:  # a nested use of the same file kept its own first
            kept[0].close()
        self._open[host] = (conn, identity)

    def drop(self, host: str) -> None:
        kept = self._open.pop(host, None)
        if kept is not None:
            kept[0].close()

    def close(self) -> None:
        for conn, _ in self._open.values():
            conn.close()
        self._open.clear()


def _ext4_dir_size(host_size: int) -> int:
    """A folder's size as the phone's ext4 ``/data`` reports it (whole 4 KiB blocks, one at least), whatever file
    system holds the host folder (tmpfs counts bytes per entry)."""
    return max(4096, -(-host_size // 4096) * 4096)


def _ns(when: dt.datetime) -> int:
    """A clock reading in nanoseconds since the epoch, exactly (no float rounding)."""
    return int(when.replace(microsecond=0).timestamp()) * _NS + when.microsecond * 1000


def _restore_paths(src: str, root: str, changed: set[str]) -> None:
    """Copy back from ``src`` what the root-relative ``changed`` paths were there (and remove what was not),
    folders before what they hold, then the folders' times (copying into a folder changes its time)."""
    folders = []
    for rel in sorted(changed, key=lambda r: (r.count(os.sep), r)):
        if not tree_path(rel):  # a journal restored from a saved state names only paths of the tree
            raise ValueError(f"{rel!r} is not a path of the phone's tree")
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
    #: The log buffer the writer chose, where it is not the one its process's lines go to by default
    #: (``sim.logcat.buffer_of``): ``android.util.Log`` in system_server writes ``main``, its ``Slog`` ``system``.
    buffer: str | None = None

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
