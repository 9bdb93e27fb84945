"""``AdbDevice``: the :class:`~pytest_mobileagent.device.base.Device` protocol over adb and uiautomator2.

Works with real phones, emulators and the simulator served over the wire
(:class:`mobileagent_sim.adb_server.AdbServer`), using unmodified
adbutils and uiautomator2:

- observation: the UI tree from uiautomator2's ``dump_hierarchy`` (the jar's
  dumper), screenshots from ``screencap -p``; input through uiautomator2's
  JSON-RPC (``click``, ``swipe``, ``pressKeyCode``); typing through the
  clipboard (``send_keys``), with the user's clipboard put back afterwards;
- state: ``settings get/put``, sync push/pull/stat/list for files, ``logcat -d
  -v threadtime``, ``date``; SQL by pulling the database (and its ``-wal`` /
  ``-journal``) to a temporary directory and running :mod:`sqlite3` locally.
  A statement that writes (seen by an authorizer) has its database pushed
  back: the device's ``-wal``/``-shm``/``-journal`` are removed first (the
  local copy already holds their contents), then the file is pushed and its
  owner restored. Stop the owning app before writing to its database: an app
  holding it open would not see the new file, or would overwrite it;
- snapshots: the emulator console's ``avd snapshot save|load`` (the console
  port comes from an ``emulator-<port>`` serial or ``console_port``);
- capabilities: ``profile`` and ``settle`` always, ``snapshots`` and ``console`` with an emulator console.
  :meth:`AdbDevice.apply_profile` uses what the adb shell user may run (``wm size``, ``wm density``,
  ``cmd uimode night``, the wallpaper picker); the locale and the home screen's icons need root, as B-MoCA sets
  them. :meth:`AdbDevice.settle` is uiautomator's ``waitForIdle``.

Reading ``/data/data`` and setting the clock need root: :meth:`AdbDevice.ensure_root` restarts adbd as root
where the build allows it (AndroidWorld's ``set_root_if_needed``), and private data reached without root is a
:class:`RootRequired` error, never an empty read. A file pushed into an app's private data is given back to the
app (``chown``, ``restorecon``) and the app is stopped, so that it reads the seed when it starts.

adb connection failures, timeouts and uiautomator2 server failures raise
:class:`~pytest_mobileagent.device.base.DeviceError` (infrastructure errors, never agent outcomes).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import posixpath
import re
import shutil
import socket
import sqlite3
import stat as stat_mod
import tempfile
import threading
import time
import weakref
from collections.abc import Iterator
from typing import Any

import adbutils
import uiautomator2 as u2
from adbutils._adb import AdbConnection
from adbutils.errors import AdbError, AdbTimeout

from pytest_mobileagent.android import launcher
from pytest_mobileagent.android import logcat as logcat_line
from pytest_mobileagent.android.app_data import needs_root, owning_package
from pytest_mobileagent.android.ui_tree import MalformedDump, clean_dump, ui_elements
from pytest_mobileagent.android.wallpaper import BOTH_SCREENS, HOME_SCREEN, SET_WALLPAPER, wallpaper_png
from pytest_mobileagent.device.base import AppNotInstalled, DeviceError, UnsupportedCapability, keycode
from pytest_mobileagent.device.config import shown_density
from pytest_mobileagent.device.console import EmulatorConsole, console_port_of
from pytest_mobileagent.device.profile import DeviceProfile

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
_SNAPSHOT_NAME = re.compile(r"^[A-Za-z0-9._-]{1,128}$")
#: Authorizer actions that change the database file (temporary objects do not).
_WRITES = {getattr(sqlite3, name) for name in (
    "SQLITE_INSERT", "SQLITE_UPDATE", "SQLITE_DELETE", "SQLITE_CREATE_TABLE", "SQLITE_CREATE_INDEX",
    "SQLITE_CREATE_TRIGGER", "SQLITE_CREATE_VIEW", "SQLITE_DROP_TABLE", "SQLITE_DROP_INDEX", "SQLITE_DROP_TRIGGER",
    "SQLITE_DROP_VIEW", "SQLITE_ALTER_TABLE", "SQLITE_REINDEX", "SQLITE_ANALYZE", "SQLITE_CREATE_VTABLE",
    "SQLITE_DROP_VTABLE") if hasattr(sqlite3, name)}
_SIDECARS = ("-wal", "-journal")
#: JSON-RPC's "method not found": a uiautomator server without ``waitForIdle``.
_METHOD_NOT_FOUND = "-32601"
#: How long the wallpaper picker may take to show a button (it is polled, not waited for blindly).
PICKER_WAIT_S = 20.0
#: The choices the picker's "Set wallpaper" dialog offers, most wanted first: WallpaperPicker2's, and the singular
#: an older picker says.
WALLPAPER_TARGETS = (BOTH_SCREENS, "Home and lock screen", HOME_SCREEN)
#: Launcher3's item types that one cell holds and that may move: an app and an app's deep shortcut.
_MOVABLE_ITEMS = (launcher.ITEM_TYPE_APPLICATION, 6)
#: The first locale of the configuration ``dumpsys window`` prints (``mGlobalConfiguration={1.0 ... [fr_FR,...]``).
_CONFIG_LOCALE = re.compile(r"mGlobalConfiguration=\{[^\[}]*\[([^\],]*)")


class _NoDaemonConnection(AdbConnection):
    def _safe_connect(self) -> Any:
        return self._create_socket()  # adbutils would run `adb start-server` here and leave the daemon behind

    def close(self) -> None:
        """Half-close, then close, as adbutils does, without its 10 ms sleep in between.

        adbutils 2.9+ sleeps 10 ms after ``shutdown(SHUT_WR)`` on every connection it closes: 20 ms of every
        adb request (a shell command's transport and the ``host:version`` check before it) and of every
        uiautomator2 HTTP request. ``shutdown`` has already queued the FIN when it returns; the sleep cannot make
        it more sent, and unread data arriving during it would reset the connection all the same.
        """
        conn = self.conn if not self.closed else None
        if conn is None:
            return
        with contextlib.suppress(OSError):
            conn.shutdown(socket.SHUT_WR)
        conn.close()
        self._AdbConnection__conn = None


class RootRequired(DeviceError):
    """An app's private data (or the clock) was reached on a device whose adbd does not run as root."""

    hint = ("use an emulator image whose adbd can run as root (no Google Play) and let the session run adb root, "
            "then finish the run with --ma-resume <run-id>")


class ServerClient(adbutils.AdbClient):
    """An adbutils client that never starts an adb daemon: a refused connection is an error, so a run that
    was pointed at no server says so instead of leaving a daemon running after it."""

    def __init__(self, host: str = "127.0.0.1", port: int = 5037, socket_timeout: float | None = None):
        super().__init__(host=host, port=port, socket_timeout=socket_timeout)
        self._timeout = socket_timeout
        self._version: int | None = None

    def make_connection(self, timeout: float | None = None) -> AdbConnection:
        # adbutils passes its own 600 s default on most calls (open_shell, sync): the client's bound wins
        timeout = min(t for t in (timeout, self._timeout) if t) if (timeout or self._timeout) else None
        try:
            conn = _NoDaemonConnection(self.host, self.port)
        except TimeoutError:
            raise AdbTimeout("connect to adb server timeout") from None
        if timeout:
            conn.conn.settimeout(timeout)
        return conn

    def server_version(self) -> int:
        """The adb server's protocol version, asked once per client: adbutils asks before every transport it opens
        by serial (to choose ``host:tport``), which doubled the connections of each request."""
        if self._version is None:
            self._version = super().server_version()
        return self._version


def server_devices(host: str = "127.0.0.1", port: int = 5037, timeout: float = 5.0) -> dict[str, str]:
    """The devices an adb server has, serial -> state (``device``, ``offline``, ``unauthorized``...); a
    :class:`DeviceError` saying what to do if no server answers. Never starts a server."""
    try:
        return {d.serial: d.state for d in ServerClient(host, port, socket_timeout=timeout).list()}
    except (AdbError, OSError) as e:
        raise DeviceError(f"no adb server at {host}:{port} ({e}): start one (adb start-server; ma-sim-adb for "
                          "simulated phones); the plugin does not start adb") from None


def check_reachable(serial: str, host: str = "127.0.0.1", port: int = 5037) -> None:
    """Raise :class:`DeviceError` saying what to do unless the adb server at ``host:port`` has ``serial``
    online. Never starts a server."""
    devices = server_devices(host, port)
    if serial not in devices:
        raise DeviceError(f"device {serial} is not on the adb server at {host}:{port} (it has: "
                          f"{', '.join(sorted(devices)) or 'no devices'})")
    if devices[serial] != "device":
        raise DeviceError(f"device {serial} on {host}:{port} is {devices[serial]!r}, not 'device'")


@contextlib.contextmanager
def _infra(what: str) -> Iterator[None]:
    """Turn adb, socket and uiautomator2 failures into :class:`DeviceError`."""
    try:
        yield
    except (AdbError, u2.exceptions.BaseException, ConnectionError, TimeoutError, EOFError) as e:
        raise DeviceError(f"{what}: {type(e).__name__}: {e}") from e


class AdbDevice:
    """A phone or emulator reached through an adb server.

    ``console_port`` defaults to the port in an ``emulator-<port>`` serial;
    ``console_token`` to the contents of ``~/.emulator_console_auth_token``.
    """

    def __init__(self, serial: str, host: str = "127.0.0.1", port: int = 5037, *,
                 console_port: int | None = None, console_token: str | None = None, timeout: float = 120.0):
        self.serial = serial
        self.host = host
        self.timeout = timeout
        self.console_port = console_port if console_port is not None else console_port_of(serial)
        self._console_token = console_token
        self._client = ServerClient(host, port, socket_timeout=timeout)
        self._adb = self._client.device(serial)
        self._u2: u2.Device | None = None
        self._u2_lock = threading.Lock()
        self._root: bool | None = None
        self._scratch_dir: str | None = None
        self._scratch_lock = threading.Lock()
        with _infra(f"adb device {serial}"):
            state = self._adb.get_state()
        if state != "device":
            raise DeviceError(f"adb device {serial} is {state!r}, not 'device'")

    def __repr__(self) -> str:
        return f"AdbDevice({self.serial!r})"

    @property
    def capabilities(self) -> frozenset[str]:
        """``profile`` and ``settle``; ``snapshots`` and ``console`` when an emulator console is configured."""
        console = {"snapshots", "console"} if self.console_port is not None else set()
        return frozenset({"profile", "settle", *console})

    @property
    def adb(self) -> adbutils.AdbDevice:
        """The adbutils device (for calls the protocol does not cover)."""
        return self._adb

    @property
    def u2(self) -> u2.Device:
        """The uiautomator2 device, connected (jar pushed, server started) on first use."""
        with self._u2_lock:
            if self._u2 is None:
                with _infra(f"uiautomator2 server on {self.serial}"):
                    self._u2 = u2.connect(self._adb)
            return self._u2

    def _sh(self, args: list[str]) -> adbutils.ShellReturn:
        with _infra(f"adb shell {args[0]} on {self.serial}"):
            return self._adb.shell2(args, timeout=self.timeout)

    # -- observation ----------------------------------------------------------

    def hierarchy(self) -> str:
        """The UI dump, noise around it removed; an empty or cut-off dump is a :class:`DeviceError` (an
        infrastructure error), never a partial screen for the agent."""
        with _infra("dump hierarchy"):
            xml = self.u2.dump_hierarchy()
        try:
            return clean_dump(xml)
        except MalformedDump as e:
            raise DeviceError(f"dump hierarchy on {self.serial}: {e}") from None

    def screenshot(self) -> bytes:
        with _infra("screencap"):
            data = self._adb.shell(["screencap", "-p"], timeout=self.timeout, encoding=None)
        if not data.startswith(PNG_MAGIC):
            raise DeviceError(f"screencap -p on {self.serial} returned no PNG: {data[:80]!r}")
        return data

    def window_size(self) -> tuple[int, int]:
        with _infra("window size"):
            w, h = self._adb.window_size()
        return int(w), int(h)

    def current_activity(self) -> tuple[str, str]:
        with _infra("current activity"):
            info = self._adb.app_current()
        activity = info.package + info.activity if info.activity.startswith(".") else info.activity
        return info.package, activity

    # -- input ----------------------------------------------------------------

    def tap(self, x: int, y: int) -> None:
        with _infra("tap"):
            self.u2.click(int(x), int(y))

    def long_press(self, x: int, y: int, duration_ms: int = 1000) -> None:
        with _infra("long press"):
            self.u2.long_click(int(x), int(y), duration_ms / 1000)

    def double_tap(self, x: int, y: int) -> None:
        with _infra("double tap"):
            self.u2.click(int(x), int(y))
            self.u2.click(int(x), int(y))

    def swipe(self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> None:
        with _infra("swipe"):  # uiautomator moves the finger one step per 5 ms
            self.u2.swipe(int(x1), int(y1), int(x2), int(y2), steps=max(2, round(duration_ms / 5)))

    def input_text(self, text: str) -> None:
        """Type into the focused field (by pasting; the clipboard is restored afterwards)."""
        if not text:
            return
        with _infra("input text"):
            before = self.u2.clipboard
            self.u2.send_keys(text)
            if before is not None and before != text:
                self.u2.set_clipboard(before)

    def press(self, key: str | int) -> None:
        code = keycode(key)
        with _infra("press key"):
            self.u2.press(code)

    def start_app(self, package: str, activity: str | None = None) -> None:
        if activity:
            args = ["am", "start", "-n", f"{package}/{activity}"]
        else:
            args = ["monkey", "-p", package, "-c", "android.intent.category.LAUNCHER", "1"]
        out = self._sh(args).output
        if re.search(r"^Error|No activities found|monkey aborted", out, re.M):
            raise AppNotInstalled(f"cannot start {package}{'/' + activity if activity else ''}: {out.strip()}")

    def stop_app(self, package: str) -> None:
        self._sh(["am", "force-stop", package])

    # -- state ----------------------------------------------------------------

    def shell(self, command: str) -> str:
        with _infra("adb shell"):
            return self._adb.shell2(command, timeout=self.timeout).output

    def ensure_root(self) -> bool:
        """Restart adbd as root unless it is (``adb root``); False where the build refuses (images with Google
        Play). The uiautomator2 server started by the old adbd is reconnected on next use."""
        if self._is_root():
            return True
        with _infra(f"adb root on {self.serial}"):
            self._adb.root()
            self._client.wait_for(self.serial, timeout=self.timeout)
        self.close()
        self._root = None
        return self._is_root()

    def _is_root(self) -> bool:
        if self._root is None:
            self._root = self._sh(["id", "-u"]).output.strip() == "0"
        return self._root

    def _private(self, path: str) -> None:
        """Refuse, with what to do, to touch an app's private data without root (adbd would answer as if the
        file did not exist)."""
        if needs_root(path) and not self._is_root():
            raise RootRequired(f"{path} is private app data: reading or writing it needs adbd as root, which "
                               f"{self.serial} refused")

    def _give_back(self, remote: str, owner: str) -> None:
        """A file pushed as root into an app's data: to the app's uid, with its SELinux label, and the app
        stopped so that it opens the new file when it starts."""
        if re.fullmatch(r"\d+:\d+", owner) and owner != "0:0":
            self._sh(["chown", owner, remote])
            self._sh(["restorecon", remote])
        package = owning_package(remote)
        if package is not None:
            self.stop_app(package)

    def sqlite(self, db_path: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Run SQL on a pulled copy of the database; push it back if the statement wrote."""
        self._private(db_path)
        with self._scratch_lock:
            local = os.path.join(self._scratch(), posixpath.basename(db_path.rstrip("/")) or "db")
            for leftover in (local, *(local + suffix for suffix in (*_SIDECARS, "-shm"))):
                with contextlib.suppress(FileNotFoundError):
                    os.remove(leftover)
            if not self._pull(db_path, local):
                raise FileNotFoundError(db_path)
            for suffix in _SIDECARS:
                self._pull(db_path + suffix, local + suffix)
            rows, wrote = _run_sql(local, sql, params)
            if wrote:
                self._push_database(local, db_path)
            return rows

    def _scratch(self) -> str:
        """This object's folder for pulled databases, made once: a temporary folder per query cost more than
        the query (4 ms to make and remove on this machine's disks)."""
        if self._scratch_dir is None:
            self._scratch_dir = tempfile.mkdtemp(prefix="mobileagent-sqlite-")
            weakref.finalize(self, shutil.rmtree, self._scratch_dir, True)
        return self._scratch_dir

    def _pull(self, remote: str, local: str) -> bool:
        with _infra(f"pull {remote}"):
            info = self._adb.sync.stat(remote)
            if info.mode == 0:
                return False
            if stat_mod.S_ISDIR(info.mode):
                raise IsADirectoryError(remote)
            self._adb.sync.pull_file(remote, local)
        return True

    def _push_database(self, local: str, remote: str) -> None:
        with _infra(f"push {remote}"):
            info = self._adb.sync.stat(remote)
            owner = self._sh(["stat", "-c", "%u:%g", remote]).output.strip()
            self._sh(["rm", "-f", *(remote + s for s in (*_SIDECARS, "-shm"))])
            self._adb.sync.push(local, remote, mode=stat_mod.S_IMODE(info.mode) or 0o660)
        self._give_back(remote, owner)

    def settings_get(self, namespace: str, key: str) -> str | None:
        r = self._sh(["settings", "get", namespace, key])
        if r.returncode != 0:
            raise ValueError(r.output.strip())
        value = r.output.rstrip("\n")
        return None if value == "null" else value

    def settings_put(self, namespace: str, key: str, value: str) -> None:
        r = self._sh(["settings", "put", namespace, key, str(value)])
        if r.returncode != 0:
            raise ValueError(r.output.strip())

    def read_file(self, path: str) -> bytes:
        self._private(path)
        with _infra(f"read {path}"):
            info = self._adb.sync.stat(path)
            if info.mode == 0:
                raise FileNotFoundError(path)
            if stat_mod.S_ISDIR(info.mode):
                raise IsADirectoryError(path)
            return self._adb.sync.read_bytes(path)

    def write_file(self, path: str, data: bytes) -> None:
        self._private(path)
        with _infra(f"write {path}"):
            if stat_mod.S_ISDIR(self._adb.sync.stat(path).mode):
                raise IsADirectoryError(path)
            self._adb.sync.push(bytes(data), path, mode=0o660)
        # adb's SEND stamps the host's clock on the file (adbutils sends its own time in DONE); a file written on
        # the phone bears the phone's: Markor's newest note, a gallery's order and AndroidWorld's checks read it
        touched = self._sh(["touch", "-c", path])
        if touched.returncode != 0:
            raise DeviceError(f"touch -c {path} on {self.serial} failed: {touched.output.strip()}")
        if owning_package(path) is not None:  # the owner of its folder (shared_prefs/, files/...) is the app's
            self._give_back(path, self._sh(["stat", "-c", "%u:%g", posixpath.dirname(path)]).output.strip())

    def list_dir(self, path: str) -> list[str]:
        self._private(path)
        with _infra(f"list {path}"):
            names = sorted(e.path for e in self._adb.sync.list(path) if e.path not in (".", ".."))
            if not names:  # adbd answers a missing directory, or a file, with an empty listing
                mode = self._adb.sync.stat(path).mode
                if mode == 0:
                    raise FileNotFoundError(path)
                if not stat_mod.S_ISDIR(mode):
                    raise NotADirectoryError(path)
        return names

    def remove(self, path: str) -> None:
        if posixpath.normpath("/" + path.strip("/")) == "/":
            raise ValueError(f"refusing to remove {path!r}")
        self._sh(["rm", "-rf", path])

    def exists(self, path: str) -> bool:
        self._private(path)
        with _infra(f"stat {path}"):
            return self._adb.sync.stat(path).mode != 0

    def logcat(self, since: dt.datetime | None = None) -> list[str]:
        with _infra("logcat"):
            out = self._adb.shell(["logcat", "-d", "-v", "threadtime"], timeout=self.timeout, rstrip=False)
        lines = [line.rstrip("\r") for line in out.splitlines() if logcat_line.TIME.match(line)]
        if since is None:
            return lines
        ref = _aware(since).astimezone(self._timezone())
        return [line for line in lines if _stamp(line, ref) >= _floor_ms(ref)]

    def _timezone(self) -> dt.timezone:
        """The device's UTC offset (logcat prints local time)."""
        m = re.fullmatch(r"([+-])(\d\d)(\d\d)", self._sh(["date", "+%z"]).output.strip())
        if not m:
            return dt.timezone.utc
        minutes = int(m.group(2)) * 60 + int(m.group(3))
        return dt.timezone(dt.timedelta(minutes=-minutes if m.group(1) == "-" else minutes))

    def clipboard_get(self) -> str:
        with _infra("get clipboard"):
            return self.u2.clipboard or ""

    def clipboard_set(self, text: str) -> None:
        with _infra("set clipboard"):
            self.u2.set_clipboard(text)

    def now(self) -> dt.datetime:
        out = self._sh(["date", "+%s"]).output.strip()
        try:
            return dt.datetime.fromtimestamp(int(out), dt.timezone.utc)
        except ValueError:
            raise DeviceError(f"date +%s on {self.serial} printed {out!r}") from None

    def set_time(self, when: dt.datetime) -> None:
        """Set the wall clock (UTC); needs root (``adb root``) on real devices."""
        stamp = _aware(when).astimezone(dt.timezone.utc).strftime("%m%d%H%M%Y.%S")
        r = self._sh(["date", "-u", stamp])
        if r.returncode != 0:
            raise DeviceError(f"date -u {stamp} on {self.serial} failed: {r.output.strip()}")

    def settle(self, timeout_s: float = 10.0) -> None:
        """Wait until the UI is idle, at most ``timeout_s``: uiautomator's ``waitForIdle`` (no accessibility event
        for 500 ms, ``UiAutomation.waitForIdle``); a server without it is polled until two UI trees in a row
        are the same."""
        deadline = time.monotonic() + timeout_s
        with _infra("wait for idle"):
            try:  # the jar's AutomatorService.waitForIdle(long timeout), in milliseconds
                self.u2.jsonrpc.waitForIdle(int(timeout_s * 1000), http_timeout=timeout_s + 10)
                return
            except u2.exceptions.RPCUnknownError as e:
                if _METHOD_NOT_FOUND not in str(e):
                    raise
            previous = self.hierarchy()
            while time.monotonic() < deadline:
                current = self.hierarchy()
                if current == previous:
                    return
                previous = current
                time.sleep(min(0.2, max(0.0, deadline - time.monotonic())))

    # -- lifecycle ------------------------------------------------------------

    def apply_profile(self, profile: DeviceProfile) -> None:
        """Configure the phone as a user's adb shell can: the locale first (it restarts the framework), then
        ``wm size``, ``wm density`` and ``cmd uimode night yes|no``; waits for the UI to settle."""
        if profile.locale is not None:
            self._apply_locale(profile.locale)
        if profile.size is not None:
            self._profile_command(["wm", "size", "{}x{}".format(*profile.size)])
        if profile.density is not None:
            self._profile_command(["wm", "density", str(profile.density)])
        if profile.dark_mode is not None:
            # UiModeManagerService.Shell: setNightMode, which writes secure ui_night_mode and changes the
            # configuration; `settings put secure ui_night_mode` alone only reaches persist.sys.theme
            self._profile_command(["cmd", "uimode", "night", "yes" if profile.dark_mode else "no"])
        if profile.wallpaper is not None:
            self._apply_wallpaper(profile.wallpaper)
        if profile.icon_layout is not None:
            self._apply_icon_layout(profile.icon_layout)
        self.settle()

    def _apply_wallpaper(self, name: str) -> None:
        """Set the wallpaper as B-MoCA does (``set_wallpaper_jpg.sh``): the picture (drawn for this screen,
        :func:`~pytest_mobileagent.android.wallpaper.wallpaper_png`) pushed to ``/sdcard/Download`` and opened
        with ``ATTACH_DATA`` in the wallpaper picker, whose "Set wallpaper" is tapped, then "Home and lock
        screens" (or "Home screen") if it asks. Without a picker that shows those, :class:`UnsupportedCapability`.
        """
        remote = f"/sdcard/Download/{name}.png"
        width, height = self.window_size()
        with _infra(f"push {remote}"):
            self._adb.sync.push(wallpaper_png(name, width, height), remote)
        r = self._sh(["am", "start", "-a", "android.intent.action.ATTACH_DATA", "-c", "android.intent.category.DEFAULT",
                      "-d", f"file://{remote}", "-t", "image/*", "-e", "mimeType", "image/*"])
        if "Error" in r.output:
            raise UnsupportedCapability("profile", self.serial, f"setting the wallpaper {name}: no app opened the "
                                        f"picture to set it ({r.output.strip().splitlines()[-1]}); prepare a "
                                        "snapshot with that wallpaper and pass --ma-snapshot")
        if not self._tap_label((SET_WALLPAPER,), PICKER_WAIT_S):
            raise UnsupportedCapability("profile", self.serial, f"setting the wallpaper {name}: the picker showed no "
                                        "\"Set wallpaper\" button; prepare a snapshot with that wallpaper and pass "
                                        "--ma-snapshot")
        self.settle()
        self._tap_label(WALLPAPER_TARGETS, 0.0)  # asked where, on phones whose picker asks

    def _tap_label(self, labels: tuple[str, ...], wait_s: float) -> bool:
        """Tap the on-screen element whose text or description is the first of ``labels`` shown, polling the UI
        tree for at most ``wait_s``; False if none showed."""
        deadline = time.monotonic() + wait_s
        while True:
            shown = {}
            for el in ui_elements(self.hierarchy()):
                for label in (el.text, el.content_description):
                    shown.setdefault(label, el)
            found = next((shown[label] for label in labels if label in shown), None)
            if found is not None:
                self.tap(*found.center)
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.25)

    def _apply_icon_layout(self, seed: int) -> None:
        """Arrange the home screen's icons: the launcher's ``favorites`` table rewritten, its desktop icons moved
        to the cells :func:`~pytest_mobileagent.android.launcher.arrange` draws from ``seed`` (the first page's
        top row is the search container's; widgets and folders stay), and the launcher restarted to load it.
        Seed 0 removes the table, so that the launcher makes its default home screen again (as on its first
        start). The table is the launcher's private data: without root, :class:`UnsupportedCapability`."""
        if not self._is_root():
            raise UnsupportedCapability(
                "profile", self.serial, f"arranging the home screen's icons (icon_layout={seed}) needs root (adb "
                f"root): the launcher keeps them in {launcher.DB_PATH}, private app data; prepare a snapshot with "
                "that arrangement and pass --ma-snapshot")
        self.stop_app(launcher.PACKAGE)  # it must not write its model over the new table
        if seed == 0:
            self._sh(["rm", "-f", *(launcher.DB_PATH + s for s in ("", *_SIDECARS, "-shm"))])
            self.stop_app(launcher.PACKAGE)
            return
        rows = self.sqlite(launcher.DB_PATH, "SELECT _id, screen, cellX, cellY, spanX, spanY, itemType FROM favorites "
                           "WHERE container = ? ORDER BY _id", (launcher.CONTAINER_DESKTOP,))
        width, height = self.window_size()
        grid = launcher.grid_for(width, height, self._density())
        moving = [r for r in rows if r[6] in _MOVABLE_ITEMS and r[4:6] == (1, 1)]
        reserved = {launcher.Cell(0, x, 0) for x in range(grid.columns)}
        for _id, screen, x, y, span_x, span_y, _type in (r for r in rows if r not in moving):
            reserved.update(launcher.Cell(screen, x + i, y + j) for i in range(span_x) for j in range(span_y))
        if not moving:
            return
        cells = launcher.arrange(seed, len(moving), grid, reserved)
        case = " ".join("WHEN ? THEN ?" for _ in moving)
        params: list[int] = []
        for values in ([c.screen for c in cells], [c.x for c in cells], [c.y for c in cells]):
            params += [v for r, value in zip(moving, values) for v in (r[0], value)]
        self.sqlite(launcher.DB_PATH, f"UPDATE favorites SET screen = CASE _id {case} END, cellX = CASE _id {case} "
                    f"END, cellY = CASE _id {case} END WHERE _id IN ({', '.join('?' * len(moving))})",
                    (*params, *(r[0] for r in moving)))  # pushed back, given to the launcher, which is restarted

    def _density(self) -> int:
        """The screen density in use (``wm density``: the override if any, else the physical one)."""
        out = self._sh(["wm", "density"]).output
        density = shown_density(out)
        if density is None:
            raise DeviceError(f"wm density on {self.serial} printed {out.strip()!r}")
        return density

    def _profile_command(self, args: list[str]) -> None:
        r = self._sh(args)
        if re.search(r"SecurityException|Permission Denial", r.output):
            raise UnsupportedCapability("profile", self.serial, f"{' '.join(args)} was refused: {r.output.strip()}")
        if r.returncode != 0 or r.output.startswith("Error"):
            raise DeviceError(f"{' '.join(args)} on {self.serial} failed: {r.output.strip()}")

    def _apply_locale(self, locale: str) -> None:
        """Set the system locale as B-MoCA does (``asset/environments/script/set_locale.sh``, after ``adb root``):
        ``setprop persist.sys.locale`` and a framework restart, then wait until the configuration has it.

        Android lets no one but system_server and root set the locale: ``persist.sys.locale`` is
        ``locale_prop``, which only system_server may set (system/sepolicy ``private/property_contexts``,
        ``private/system_server.te``; ``shell.te`` does not), restarting zygote is ``ctl_restart_prop``, and the
        ``cmd locale`` shell (LocaleManagerShellCommand) sets per-app locales only. Without root this raises
        :class:`UnsupportedCapability`: prepare a snapshot in that locale and pass ``--ma-snapshot``.
        """
        tag = locale.replace("_", "-")
        if self._shown_locale() == tag:
            return
        if self._sh(["id", "-u"]).output.strip() != "0":
            raise UnsupportedCapability(
                "profile", self.serial, f"setting the locale to {tag} needs root (adb root; Android lets only "
                "system_server set persist.sys.locale); prepare a snapshot in that locale and pass --ma-snapshot")
        self._profile_command(["setprop", "persist.sys.locale", tag])
        self.close()  # the restart takes the uiautomator server's connection to the framework with it
        self._profile_command(["setprop", "ctl.restart", "zygote"])
        deadline = time.monotonic() + self.timeout
        while self._shown_locale() != tag:  # the framework is back when its configuration has the locale
            if time.monotonic() > deadline:
                raise DeviceError(f"{self.serial} did not come back in locale {tag} within {self.timeout:.0f} s")
            time.sleep(1.0)

    def _shown_locale(self) -> str:
        """The first locale of the running configuration as a language tag (``fr-FR``), or "" while the window
        manager does not answer (the framework restarting)."""
        with _infra("dumpsys window"):
            out = self._adb.shell(["dumpsys", "window"], timeout=self.timeout)
        m = _CONFIG_LOCALE.search(out)
        return m.group(1).split("_#")[0].replace("_", "-") if m else ""  # Locale.toString: fr_FR, zh_CN_#Hans

    def console(self, command: str) -> list[str]:
        """One emulator console command (``adb emu``), on a connection of its own."""
        return self._console_command(command, capability="console")

    def _console_command(self, command: str, capability: str = "snapshots") -> list[str]:
        if self.console_port is None:
            raise UnsupportedCapability(capability, self.serial, "no emulator console: use an emulator-<port> "
                                        "serial or adb://HOST:PORT/SERIAL?console=PORT")
        with EmulatorConsole(self.console_port, self.host, self._console_token, timeout=self.timeout) as console:
            return console.command(command)

    def snapshot_save(self, name: str) -> None:
        """``avd snapshot save NAME`` on the emulator console."""
        self._console_command(f"avd snapshot save {_snapshot_name(name)}")

    def snapshot_load(self, name: str) -> None:
        """``avd snapshot load NAME``; waits for adb to see the device again."""
        self._console_command(f"avd snapshot load {_snapshot_name(name)}")
        with _infra(f"wait for {self.serial}"):
            self._client.wait_for(self.serial, timeout=self.timeout)

    def close(self) -> None:
        """Stop the uiautomator2 server this object started (its launching stream)."""
        with self._u2_lock:
            if self._u2 is not None:
                with contextlib.suppress(Exception):  # closing must not fail on a device that is gone
                    self._u2.stop_uiautomator(wait=False)
                self._u2 = None

    def __enter__(self) -> AdbDevice:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _aware(when: dt.datetime) -> dt.datetime:
    return when.replace(tzinfo=dt.timezone.utc) if when.tzinfo is None else when


def _floor_ms(when: dt.datetime) -> dt.datetime:
    """``when`` cut to whole milliseconds, the precision of a threadtime line."""
    when = _aware(when)
    return when.replace(microsecond=when.microsecond // 1000 * 1000)


def _stamp(line: str, ref: dt.datetime) -> dt.datetime:
    """A threadtime line's time (device-local, no year), in ``ref``'s zone and year."""
    mo, d, h, mi, s, ms = (int(v) for v in logcat_line.TIME.match(line).groups())  # type: ignore[union-attr]
    stamp = dt.datetime(ref.year, mo, d, h, mi, s, ms * 1000, tzinfo=ref.tzinfo)
    if stamp - ref > dt.timedelta(days=183):  # logcat has no year: a December line read in January
        stamp = stamp.replace(year=ref.year - 1)
    return stamp


def _snapshot_name(name: str) -> str:
    if not _SNAPSHOT_NAME.match(name):
        raise ValueError(f"snapshot names are letters, digits, '.', '_' and '-': {name!r}")
    return name


def _run_sql(path: str, sql: str, params: tuple[Any, ...]) -> tuple[list[tuple[Any, ...]], bool]:
    """Run one statement on a local database; return its rows and whether it wrote."""
    wrote = False

    def authorizer(action: int, arg1: str | None, arg2: str | None, db: str | None, source: str | None) -> int:
        nonlocal wrote
        if action in _WRITES or (action == sqlite3.SQLITE_PRAGMA and arg2 is not None):
            wrote = True
        return sqlite3.SQLITE_OK

    conn = sqlite3.connect(path)
    try:
        conn.set_authorizer(authorizer)
        cur = conn.execute(sql, params)
        rows = cur.fetchall() if cur.description else []
        conn.commit()
    finally:
        conn.close()  # the last connection checkpoints a WAL into the database file
    return rows, wrote
