"""Android's real shell and userland on this machine, for differential tests against the simulated shell.

Android's ``/system/bin/sh`` is mksh and its userland is toybox (AOSP ``system/core/shell_and_utilities``).
Debian packages both (``mksh``, ``toybox``). :class:`AndroidRoot` builds a scratch root laid out as a phone's
(``/system/bin/sh`` is mksh, every toybox applet a link in ``/system/bin``, ``/sdcard`` a link to
``/storage/emulated/0``, Android's user names in ``/etc/passwd``) and runs a line in it with ``chroot``, as adbd
runs ``sh -c LINE`` from ``/`` with a phone's ``PATH``. :func:`pair` gives that root and a simulated phone with
the same files, so a test runs one line on both and compares standard output, error output and exit status.

Nothing of the host is reachable from the line: it runs chrooted (root is needed; the tests skip without it, or
without mksh or toybox).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import stat
import subprocess
from dataclasses import dataclass
from pathlib import Path

from mobileagent_sim import SimDevice
from mobileagent_sim.shell import Caller, adbd_environment

#: Debian's ``mksh`` (not ``mksh-static``: that one is built with ``MKSH_BINSHPOSIX``/``MKSH_BINSHREDUCED`` and turns
#: on ``set -o posix -o sh`` when called as ``sh``, which AOSP's build of ``external/mksh`` does not: on a phone
#: ``echo`` expands backslash escapes and ``$((010))`` is 10).
MKSH = shutil.which("mksh") or shutil.which("mksh-static")
TOYBOX = shutil.which("toybox")
CHROOT = shutil.which("chroot") or "/usr/sbin/chroot"
#: adbd's ``PATH`` on Android 13 (``system/core/rootdir/init.environ.rc.in``), the folders that exist here.
PATH = "/product/bin:/apex/com.android.runtime/bin:/system_ext/bin:/system/bin:/system/xbin:/vendor/bin"
#: Android's fixed ids (bionic's ``android_ids``, ``system/core/libcutils/include/private/android_filesystem_config.h``)
#: and the app users the simulated phones' files use.
USERS = {"root": 0, "system": 1000, "radio": 1001, "input": 1004, "log": 1007, "adb": 1011, "sdcard_rw": 1015,
         "media_rw": 1023, "sdcard_r": 1028, "ext_data_rw": 1078, "ext_obb_rw": 1079, "shell": 2000,
         "net_bt_admin": 3001, "net_bt": 3002, "inet": 3003, "net_bw_stats": 3006, "readproc": 3009, "uhid": 3011,
         "readtracefs": 3012, "everybody": 9997, "misc": 9998, "u0_a1": 10001, "u0_a158": 10158}


#: adbd's supplementary groups (``packages/modules/adb/daemon/main.cpp``).
SHELL_GROUPS = (1004, 1007, 1011, 1015, 1028, 1078, 1079, 3001, 3002, 3003, 3006, 3009, 3011, 3012)


def unavailable() -> str | None:
    """Why differential tests cannot run here, or None."""
    if MKSH is None or TOYBOX is None:
        return "Debian's mksh and toybox are not installed (apt install mksh toybox)"
    if os.geteuid() != 0:
        return "building a chroot with Android's layout needs root"
    return None


def _libraries(binary: str) -> list[str]:
    """The shared libraries a binary loads (``ldd``), with the loader."""
    out = subprocess.run(["ldd", binary], capture_output=True, text=True, check=False).stdout
    return [part for line in out.splitlines() for part in line.split() if part.startswith("/")]


@dataclass
class Result:
    """What a line printed and its exit status."""

    out: bytes
    err: bytes
    status: int

    def text(self) -> tuple[str, str, int]:
        return self.out.decode(errors="replace"), self.err.decode(errors="replace"), self.status


#: Commands that change the machine itself, not files: run as root in a chroot they would change the host.
_HOST_CHANGING = {"reboot", "halt", "poweroff", "hwclock", "mount", "umount", "swapon", "swapoff", "sysctl",
                  "insmod", "rmmod", "kill", "killall", "pkill", "setprop"}


def host_changing(line: str) -> bool:
    """Whether a line would set the clock, the host name, a network interface or the like (refused: the scratch
    root is chrooted, not a machine of its own)."""
    for segment in re.split(r"[;&|]+", line):
        try:
            words = shlex.split(segment)
        except ValueError:
            words = segment.split()
        if not words:
            continue
        name, args = words[0].rsplit("/", 1)[-1], words[1:]
        if name in _HOST_CHANGING or (name in ("hostname", "ifconfig", "ip") and len(args) > 1):
            return True
        if name == "hostname" and args and not args[0].startswith("-"):
            return True
        if name == "date":
            k = 0
            while k < len(args):
                if args[k] in ("-d", "-r", "-D"):
                    k += 2
                    continue
                if args[k] == "-s" or not args[k].startswith(("-", "+")):
                    return True
                k += 1
    return False


class AndroidRoot:
    """A scratch root with Android's shell and toybox, where lines run chrooted as ``adb shell`` runs them."""

    def __init__(self, folder: Path):
        self.root = folder
        bin_dir = folder / "system/bin"
        bin_dir.mkdir(parents=True)
        shutil.copy(MKSH, bin_dir / "sh")
        shutil.copy(TOYBOX, bin_dir / "toybox")
        applets = subprocess.run([TOYBOX], capture_output=True, text=True, check=True).stdout.split()
        for applet in applets:
            if applet not in ("sh", "[", "toybox"):
                (bin_dir / applet).symlink_to("toybox")
        for lib in {*_libraries(MKSH), *_libraries(TOYBOX)}:
            target = folder / lib.lstrip("/")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(lib, target)
        (folder / "etc").mkdir()
        (folder / "etc/passwd").write_text("".join(f"{n}:x:{i}:{i}::/:/system/bin/sh\n" for n, i in USERS.items()))
        (folder / "etc/group").write_text("".join(f"{n}:x:{i}:\n" for n, i in USERS.items()))
        (folder / "dev").mkdir()
        os.mknod(folder / "dev/null", 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        os.chmod(folder / "dev/null", 0o666)
        for d in ("storage/emulated/0", "data/local/tmp", "data/data", "data/system", "tmp"):
            (folder / d).mkdir(parents=True, exist_ok=True)
        (folder / "sdcard").symlink_to("storage/emulated/0")
        (folder / "data/media").mkdir()
        (folder / "data/media/0").symlink_to("/storage/emulated/0")

    def host(self, path: str) -> Path:
        """Where a device path lies under the root (``/sdcard`` followed to its storage)."""
        p = path.lstrip("/")
        if p == "sdcard" or p.startswith("sdcard/"):
            p = "storage/emulated/0" + p[len("sdcard"):]
        return self.root / p

    def write(self, path: str, data: bytes = b"", mtime: float | None = None, mode: int | None = None,
              owner: tuple[int, int] | None = None) -> None:
        target = self.host(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        if mode is not None:
            os.chmod(target, mode)
        if owner is not None:
            os.chown(target, *owner)
        if mtime is not None:
            os.utime(target, (mtime, mtime))

    def mkdir(self, path: str) -> None:
        self.host(path).mkdir(parents=True, exist_ok=True)

    def run(self, line: str, stdin: bytes = b"", timeout: float = 20, uid: int = 0) -> Result:
        """Run ``line`` as ``adb shell`` does: ``/system/bin/sh -c LINE`` from ``/``, chrooted, as root or (``uid``
        2000) as the shell user with adbd's groups."""
        if host_changing(line):
            raise ValueError(f"refused to run as the host's root: {line!r} would change the host, not a phone")
        user = [f"--userspec={uid}:{uid}", "--groups=" + ",".join(map(str, SHELL_GROUPS))] if uid else []
        env = {**adbd_environment(uid), "PATH": PATH, "LANG": "C"}  # what adbd gives sh -c
        done = subprocess.run([CHROOT, *user, str(self.root), "/system/bin/sh", "-c", line], input=stdin, env=env,
                              capture_output=True, timeout=timeout, check=False)
        return Result(done.stdout, done.stderr, done.returncode)


class Pair:
    """A scratch Android root and a simulated phone given the same files, to run one line on both.

    The simulated phone decides a path's mode, owner and times (as a phone's places have them: ``/sdcard``'s files
    ``u0_a158 media_rw 0660``, ``/data/local/tmp`` ``shell shell 0771``...); the scratch root is given the same, so
    both list the same. Change times cannot be set on the host: lines must not print them.
    """

    def __init__(self, folder: Path):
        self.android = AndroidRoot(folder)
        self.phone = SimDevice()
        for path in ("/data", "/data/data", "/data/local", "/data/local/tmp", "/storage", "/storage/emulated"):
            self._mirror(path)
        self._copy_tree("/storage/emulated/0")

    def _copy_tree(self, folder: str) -> None:
        """Give the scratch root what the simulated phone has under ``folder`` (shared storage's folders)."""
        fs = self.phone.system.fs
        self.android.mkdir(folder)
        for name in fs.entries(folder):
            path = f"{folder}/{name}"
            if fs.isdir(path):
                self._copy_tree(path)
            else:
                self.android.write(path, fs.read(path))
                self._mirror(path)
        self._mirror(folder)

    def write(self, path: str, data: bytes = b"", mtime: float | None = None, mode: int | None = None,
              owner: tuple[int, int] | None = None) -> None:
        """The same file on both (and the same modification time, mode and owner, when given)."""
        fs = self.phone.system.fs
        self.phone.write_file(path, data)
        if mode is not None:
            fs.chmod(path, mode)
        if owner is not None:
            fs.chown(path, f"{owner[0]}:{owner[1]}")
        if mtime is not None:
            fs.set_mtime(path, mtime)
        self.android.write(path, data)
        self._mirror_up(path)

    def mkdir(self, path: str, mode: int | None = None, mtime: float | None = None) -> None:
        fs = self.phone.system.fs
        fs.mkdirs(path)
        if mode is not None:
            fs.chmod(path, mode)
        if mtime is not None:
            fs.set_mtime(path, mtime)
        self.android.mkdir(path)
        self._mirror_up(path)

    def _mirror_up(self, path: str) -> None:
        """Give the scratch root's copy of ``path`` and of its folders the simulated phone's metadata."""
        parts = path.strip("/").split("/")
        for k in range(len(parts), 0, -1):
            self._mirror("/" + "/".join(parts[:k]))

    def _mirror(self, path: str) -> None:
        entry = self.phone.system.fs.info(path)
        target = self.android.host(path)
        if entry is None or target.is_symlink() or not target.exists():
            return
        os.chown(target, entry.uid, entry.gid)
        os.chmod(target, entry.mode & 0o7777)
        os.utime(target, ns=(entry.atime_ns, entry.mtime_ns))

    def run_android(self, line: str, stdin: bytes = b"", uid: int = 0) -> Result:
        return self.android.run(line, stdin, uid=uid)

    def run_sim(self, line: str, stdin: bytes = b"", uid: int = 0) -> Result:
        return Result(*self.phone.shell_streams(line, stdin, Caller(uid=uid)))

    def both(self, line: str, stdin: bytes = b"", uid: int = 0) -> tuple[Result, Result]:
        """``(android, simulator)`` results of one line, run as root or (``uid`` 2000) as the shell user."""
        return self.run_android(line, stdin, uid), self.run_sim(line, stdin, uid)

    def copy_from_phone(self, folder: str) -> None:
        """Give the scratch root what the simulated phone has under ``folder``, modes, owners and times too (an
        app's data, to see what the shell user may reach)."""
        self._copy_tree(folder)

    def close(self) -> None:
        self.phone.close()
