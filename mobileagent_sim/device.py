"""``SimDevice``: the embedded simulated phone, implementing :class:`~pytest_mobileagent.device.base.Device`."""

from __future__ import annotations

import contextlib
import copy
import datetime as dt
import os
import shutil
import tempfile
import threading
import weakref
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, BinaryIO

import mobileagent_sim.hierarchy as hierarchy
import mobileagent_sim.services as services
import mobileagent_sim.state as state
import mobileagent_sim.telephony as telephony
import mobileagent_sim.userland  # noqa: F401  (the shell's commands: loading them fills its table)
from mobileagent_sim.apps.catalogue import DEFAULT_APPS, HOME_APP, installable
from mobileagent_sim.console import ConsoleSession
from mobileagent_sim.kernel import VirtualFiles
from mobileagent_sim.shell import ADBD_PID, Shell
from mobileagent_sim.state import StateError
from mobileagent_sim.stores import SHARED_STORAGE_DIRS, FileSystem, rows
from mobileagent_sim.system import System
from pytest_mobileagent.android.app_data import owning_package
from pytest_mobileagent.device.base import CAPABILITIES, ActionRefused
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.device.console import reply_lines
from pytest_mobileagent.device.profile import DeviceProfile

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from PIL.Image import Image as PILImage

    from mobileagent_sim.shell import Caller, Process
    from mobileagent_sim.state import Entry, State


#: Free space a memory file system needs to hold simulated phones' files (several phones, their snapshots).
MEMORY_ROOT_MIN_FREE = 1 << 30


def scratch_root() -> str | None:
    """Where simulated phones keep their files: ``MA_SIM_TMPDIR`` if set, else ``/dev/shm`` where it is a
    writable memory file system with room (a phone's files are scratch, gone when it closes: on a disk every
    SQLite commit of the apps' databases waits for an fsync, which makes a phone several times slower to build),
    else the system's temporary folder (None)."""
    chosen = os.environ.get("MA_SIM_TMPDIR")
    if chosen:
        return chosen
    try:
        stat = os.statvfs("/dev/shm")
    except OSError:
        return None
    roomy = stat.f_bavail * stat.f_frsize >= MEMORY_ROOT_MIN_FREE
    return "/dev/shm" if roomy and os.access("/dev/shm", os.W_OK | os.X_OK) else None


#: What a state holds in place of the phone's host folders (its files, the snapshot they are changes of).
_ROOT, _BASE = "<phone root>", "<base snapshot>"


class SimDevice:
    """A deterministic in-process Android phone.

    Built with the default apps installed and the launcher in front. All calls
    are serialised by a lock, so the adb wire server may drive it from threads.
    ``width``, ``height`` and ``density`` are the physical screen's; :meth:`apply_profile` (or ``wm size``,
    ``wm density`` through the shell) overrides them as on a real phone.

    The screen is laid out, dumped and drawn only when asked, and only for the windows that changed: layouts
    are reused while their views are unchanged (:class:`~mobileagent_sim.layout.LayoutCache`), each
    window's XML is kept with its layout, and the last screenshot is kept while everything it shows is the same.
    ``cache=False`` makes all of it afresh every time (the same bytes; tests compare the two).
    """

    #: Every capability: the simulator settles synchronously, snapshots in memory and is where the ``sim_*``
    #: powers come from.
    capabilities: frozenset[str] = frozenset(CAPABILITIES)

    def __init__(self, serial: str = "emulator-5554", width: int = 1080, height: int = 2400,
                 density: int = 420, apps: list[type] | None = None, cache: bool = True):
        self.serial = serial
        #: The physical screen (``wm size``/``wm density`` print it beside an override).
        self.physical_size, self.physical_density = (width, height), density
        self._tmp = tempfile.mkdtemp(prefix=f"sim-{serial}-", dir=scratch_root())
        # the device's files go away with the device even if close() is never called
        self._cleanup = weakref.finalize(self, shutil.rmtree, self._tmp, True)
        self._root = os.path.join(self._tmp, "device")
        os.makedirs(self._root)
        self._lock = threading.RLock()
        #: Never notified: waiting on it releases the lock (however deeply held) for a while (:meth:`pause`).
        self._idle = threading.Condition(self._lock)
        self._snapshots: dict[str, System] = {}
        #: Snapshot folders' tree digests (:meth:`export_state`), and the bases of imported states by digest.
        self._base_digests: dict[str, str] = {}
        self._bases: dict[str, str] = {}
        self._base_entries: dict[str, dict[str, Entry]] = {}
        self.cache = cache
        self.system = System(self._root, width, height, density)
        if not cache:
            self.system.layout_cache = None
        self._screenshot: list[Any] | None = None
        for d in (*SHARED_STORAGE_DIRS, "/sdcard/DCIM/Camera", "/data/local/tmp"):
            self.system.fs.mkdirs(d)
        #: The apps ``pm install`` can install, by package (the catalogue's: the shell's ``pm`` asks the phone).
        self.installable: dict[str, type] = installable()
        self.system.install(HOME_APP, home=True)
        for app in apps if apps is not None else DEFAULT_APPS:
            self.system.install(app)
        self.system.log("ActivityManager", "System now ready", pid=1000, tid=1543)
        self.system.go_home()
        self._shell = Shell(self)
        self.system.fs.virtual = VirtualFiles(self._shell)  # /proc and /sys, from the kernel's figures

    def __repr__(self) -> str:
        return f"SimDevice({self.serial!r})"

    # -- observation ----------------------------------------------------------

    def hierarchy(self, full: bool = True) -> str:
        with self._lock:
            return hierarchy.dump([w.root for w in self.system.windows()], full=full)

    def screenshot(self) -> bytes:
        with self._lock:
            picture = self._picture()
            if picture[2] is None:
                from mobileagent_sim.render.screen import png

                picture[2] = png(picture[1])
            return picture[2]

    def screenshot_image(self) -> PILImage:
        """The screen as drawn, not encoded: the same image object while the screen does not change (copy it
        before drawing on it)."""
        with self._lock:
            return self._picture()[1]

    def _picture(self) -> list[Any]:
        """``[what is shown, its image, its PNG or None]``, drawn anew only when what is shown changed."""
        from mobileagent_sim.render.screen import render_image, shown

        if not self.cache:
            return [None, render_image(self.system), None]
        key = shown(self.system)
        if self._screenshot is None or self._screenshot[0] != key:
            self._screenshot = [key, render_image(self.system), None]
        return self._screenshot

    def window_size(self) -> tuple[int, int]:
        return self.system.width, self.system.height

    def current_activity(self) -> tuple[str, str]:
        with self._lock:
            top = self.system.foreground()
            if self.system.overview or top is None:
                home = self.system.apps[self.system.home_package]
                return home.package, home.activities[0].name
            return top.app.package, type(top).name

    # -- input ----------------------------------------------------------------

    @contextmanager
    def _input(self) -> Iterator[None]:
        """Hold the phone while it handles an input; a file operation the input made an app do that the storage
        refused (a name longer than 255 bytes, a NUL in it: :meth:`FileSystem.host`) refuses the input, which
        the agent's episode records as an invalid step (what the app then shows is not modelled)."""
        with self._lock:
            try:
                yield
            except OSError as e:
                raise ActionRefused(f"the app could not do it: {e.strerror or e}") from e

    def tap(self, x: int, y: int) -> None:
        with self._input():
            self.system.tap(int(x), int(y))

    def long_press(self, x: int, y: int, duration_ms: int = 1000) -> None:
        with self._input():
            self.system.tap(int(x), int(y), long=duration_ms >= 500)

    def double_tap(self, x: int, y: int) -> None:
        with self._input():
            self.system.tap(int(x), int(y))
            self.system.tap(int(x), int(y))

    def swipe(self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> None:
        with self._input():
            if abs(x2 - x1) < 10 and abs(y2 - y1) < 10:
                self.system.tap(int(x1), int(y1), long=duration_ms >= 500)
            else:
                self.system.swipe(int(x1), int(y1), int(x2), int(y2), int(duration_ms))

    def input_text(self, text: str) -> None:
        with self._input():
            self.system.input_text(text)

    def press(self, key: str | int) -> None:
        with self._input():
            self.system.key(key)

    def start_app(self, package: str, activity: str | None = None) -> None:
        with self._input():
            self.system.launch(package, activity)

    def stop_app(self, package: str) -> None:
        with self._input():
            self.system.stop_app(package)

    # -- state ----------------------------------------------------------------

    def shell(self, command: str) -> str:
        with self._lock:
            return self._shell.run(command)[0]

    def shell_exit(self, command: str) -> tuple[str, int]:
        """Run a shell command; return output and exit status."""
        with self._lock:
            return self._shell.run(command)

    def shell_bytes(self, command: str, caller: Caller | None = None) -> tuple[bytes, int]:
        """Run a shell command; return its raw output (``screencap -p`` is binary, both streams in the order
        written) and exit status. ``caller``: who runs it, when not the harness (:class:`~.shell.Caller`)."""
        with self._lock:
            return self._shell.run_bytes(command) if caller is None else self._shell.run_merged(command, caller)

    def shell_streams(self, command: str, stdin: bytes = b"", caller: Caller | None = None
                      ) -> tuple[bytes, bytes, int]:
        """Run a shell command with ``stdin``; return its standard output, error output and exit status apart."""
        with self._lock:
            return self._shell.execute(command, stdin, caller=caller)

    def spawn(self, name: str, uid: int, on_signal: Callable[[int], int | None]) -> Process:
        """A process of the phone started from outside its shell (the adb server's uiautomator2 ``app_process``),
        in the phone's process table: ``ps`` lists it until its :attr:`~.shell.Process.status` is set, ``kill``
        calls ``on_signal``."""
        with self._lock:
            return self._shell.spawn(name, uid, on_signal, ppid=ADBD_PID)

    def pause(self, seconds: float) -> None:
        """Let ``seconds`` of real time pass with the phone free for others: what a command waiting on a served
        phone (``sleep``, a following ``logcat``) calls, since a process that waits does not stop the others."""
        with self._idle:
            self._idle.wait(max(0.0, seconds))

    def sqlite(self, db_path: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            if not self.system.fs.exists(db_path):
                raise FileNotFoundError(db_path)
            with self.system.fs.sqlite(db_path) as conn:
                changes = conn.total_changes  # the connection's own count, since it was opened
                found = rows(conn, sql, params)
                wrote = conn.total_changes > changes
            if wrote:
                self._seeded(db_path)
            return found

    def settings_get(self, namespace: str, key: str) -> str | None:
        with self._lock:
            return self.system.settings.get(namespace, key)

    def settings_put(self, namespace: str, key: str, value: str) -> None:
        with self._lock:
            services.put_setting(self.system, namespace, key, value)

    def read_file(self, path: str) -> bytes:
        with self._lock:
            return self.system.fs.read(path)

    def write_file(self, path: str, data: bytes) -> None:
        with self._lock:
            self.system.fs.write(path, data)
            self._seeded(path)
            self.system.invalidate()

    def open_file(self, path: str) -> BinaryIO:
        """``path`` opened for reading in pieces (``adb pull``: a big file is never held whole)."""
        with self._lock:
            return self.system.fs.open_read(path)

    def push_file(self, path: str, data: bytes) -> None:
        """What adbd does with ``adb push`` (sync SEND) of ``data``: see :meth:`pushing`."""
        with self.pushing(path) as f:
            f.write(data)

    @contextmanager
    def pushing(self, path: str, bits: int = 0o644) -> Iterator[BinaryIO]:
        """What adbd does with ``adb push`` (sync SEND), for contents that come in pieces: written as they come
        into a hidden file beside ``path`` (:meth:`FileSystem.stage`; the phone is left to others meanwhile, and
        memory holds one piece), which replaces ``path`` whole when the block ends, a new file owned by root with
        permission bits ``bits``; nothing else (no chown, the app left running: :meth:`write_file` is the Device
        protocol's seed, done right). If the block raises, the partial file goes and ``path`` stays as it was."""
        with self._lock:
            staged, f = self.system.fs.stage(path, bits)
        try:
            with f:
                yield f
            with self._lock:
                self.system.fs.unstage(staged, path)  # the system now, which a snapshot loaded meanwhile replaced
                self.system.fs.chown(path, "0:0")
                self.system.invalidate()
        except BaseException:
            with self._lock, contextlib.suppress(OSError):
                self.system.fs.remove(staged)
            raise

    def _seeded(self, path: str) -> None:
        """A write to an app's private data from outside: the app is stopped, as the adb backend does (a running
        app would not see the new file until it restarts; :mod:`pytest_mobileagent.android.app_data`)."""
        package = owning_package(path)
        if package is not None and package in self.system.apps:
            self.system.stop_app(package)

    def list_dir(self, path: str) -> list[str]:
        with self._lock:
            return self.system.fs.listdir(path)

    def remove(self, path: str) -> None:
        with self._lock:
            self.system.fs.remove(path)
            self.system.invalidate()

    def exists(self, path: str) -> bool:
        with self._lock:
            return self.system.fs.exists(path)

    def logcat(self, since: dt.datetime | None = None) -> list[str]:
        with self._lock:
            return self.system.logcat.lines(since)

    def clipboard_get(self) -> str:
        return self.system.clipboard

    def clipboard_set(self, text: str) -> None:
        with self._lock:
            self.system.clipboard = text

    def now(self) -> dt.datetime:
        return self.system.clock.now

    def set_time(self, when: dt.datetime = DEFAULT_TIME) -> None:
        with self._lock:
            if when.tzinfo is None:
                when = when.replace(tzinfo=dt.timezone.utc)
            self.system.clock.now = when.astimezone(dt.timezone.utc)
            self.system.invalidate()

    def console(self, command: str) -> list[str]:
        """The emulator console's answer to ``command``, in process (:mod:`mobileagent_sim.console`)."""
        return reply_lines(ConsoleSession(self, None, authed=True).answer(command).splitlines())

    def receive_sms(self, number: str, text: str) -> None:
        """The modem receives a text (what the console's ``sms send`` does)."""
        with self._lock:
            telephony.deliver_sms(self.system, number, text)
            self.system.invalidate()

    def elapse(self, seconds: float) -> None:
        """Let ``seconds`` of device time pass (what a phone's clock does while an agent thinks)."""
        with self._lock:
            self.system.idle(max(0.0, seconds))

    def settle(self, timeout_s: float = 10.0) -> None:
        """Return at once: every input is handled, and the screen laid out, before the call that made it returns."""

    # -- lifecycle ------------------------------------------------------------

    def apply_profile(self, profile: DeviceProfile) -> None:
        """Override the screen size and density, set the locale and dark mode, as ``wm size``, ``wm density``,
        a locale change and ``cmd uimode night`` do on a phone; set the wallpaper and arrange the home screen's
        icons (the launcher's ``favorites`` table) on the grid of the screen as configured."""
        with self._lock:
            if profile.size is not None or profile.density is not None:
                self.set_display(profile.size, profile.density)
            if profile.locale is not None:
                self.system.locale = profile.locale
            if profile.dark_mode is not None:
                services.set_night_mode(self.system, profile.dark_mode)
            if profile.wallpaper is not None:
                self.system.wallpaper = profile.wallpaper
            if profile.icon_layout is not None:
                self.system.apps[self.system.home_package].arrange_icons(profile.icon_layout)  # type: ignore
            self.system.invalidate()

    def set_display(self, size: tuple[int, int] | None = None, density: int | None = None) -> None:
        """Override the screen's size and density (``None`` keeps the current value); what ``wm size WxH`` and
        ``wm density D`` do, and with the physical values what ``wm size|density reset`` do."""
        with self._lock:
            if size is not None:
                self.system.width, self.system.height = size
            if density is not None:
                self.system.density = density
            self.system.invalidate()

    def _snapshot_dir(self, name: str) -> str:
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in name)
        return os.path.join(self._tmp, "snapshots", safe)

    def snapshot_save(self, name: str) -> None:
        """Save everything: state stores, activity stack and UI state."""
        with self._lock:
            self.system.invalidate()
            self._snapshots[name] = copy.deepcopy(self.system)
            self.system.fs.snapshot(self._snapshot_dir(name))
            self._base_digests.pop(self._snapshot_dir(name), None)

    def snapshot_load(self, name: str) -> None:
        with self._lock:
            if name not in self._snapshots:
                raise KeyError(f"no snapshot named {name!r}; saved: {sorted(self._snapshots)}")
            folder = self._snapshot_dir(name)
            changed = self.system.fs.changes_since(folder)  # the live tree's journal, before it is replaced
            layouts = self.system.layout_cache  # what was laid out is still good for the same views
            self.system.fs.close_databases()  # the tree is replaced under them
            self.system = copy.deepcopy(self._snapshots[name])
            self.system.layout_cache = layouts
            self.system.fs.restore(folder, changed)

    def snapshots(self) -> list[str]:
        return sorted(self._snapshots)

    # -- states: the phone as bytes, for re-judging a recorded episode (sim/state.py) ----------------------------

    def _journal(self) -> tuple[str | None, set[str] | None]:
        """The snapshot folder the tree is journaled against and the paths changed since, or (None, None)."""
        for folder in [self._snapshot_dir(name) for name in self._snapshots] + list(self._bases.values()):
            changed = self.system.fs.changes_since(folder)
            if changed is not None:
                return folder, changed
        return None, None

    def export_state(self, meta: dict[str, Any] | None = None) -> State:
        """The phone's state now (:class:`~mobileagent_sim.state.State`): its system, and its files as the
        changes since the snapshot they are journaled against (the whole tree where there is none). Cheap: a few
        kilobytes pickled and the files an episode changed. :meth:`export_base` gives the base's files."""
        with self._lock:
            self.system.invalidate()
            folder, changed = self._journal()
            if folder is None:
                files, base = state.read_entries(self._root), None
            else:
                files = state.read_entries(self._root, changed)
                base = self._base_digests.get(folder)
                if base is None:
                    base = self._base_digests[folder] = state.digest(state.read_entries(folder))
            fs = self.system.fs  # its host folders and its /proc (the shell's) are this phone's: left out
            virtual, fs.virtual = fs.virtual, None
            old = state.swap_strings(fs, {self._root: _ROOT, **({folder: _BASE} if folder else {})})
            try:
                system = state.dumps_system(self.system)
            finally:
                fs.virtual = virtual
                vars(fs).update(old)
            return state.State(system, files, base, dict(meta or {}), (*self.physical_size, self.physical_density))

    def export_base(self, digest: str) -> list[Entry]:
        """The files of the snapshot whose tree has ``digest`` (one :meth:`export_state` named)."""
        with self._lock:
            for folder, known in {**self._base_digests, **{v: k for k, v in self._bases.items()}}.items():
                if known == digest and os.path.isdir(folder):
                    return state.read_entries(folder)
        raise KeyError(f"no snapshot of this phone has the tree {digest}")

    def import_state(self, saved: State, base: Callable[[str], list[Entry]]) -> None:
        """Make the phone the state ``saved``; ``base(digest)`` gives its base's files the first time a state on
        that base is imported (they are kept, so the next state on it copies back only what changed)."""
        with self._lock:
            folder = None
            if saved.base is None:
                self.system.fs.close_databases()
                shutil.rmtree(self._root, ignore_errors=True)
                os.makedirs(self._root)
                state.write_entries(self._root, saved.files)
            else:
                folder = self._bases.get(saved.base)
                if folder is None:
                    folder = os.path.join(self._tmp, "bases", saved.base)
                    os.makedirs(folder)
                    self._base_entries[saved.base] = {e[0]: e for e in base(saved.base)}
                    state.write_entries(folder, self._base_entries[saved.base].values())
                    self._bases[saved.base] = folder
                changed = self.system.fs.changes_since(folder)
                self.system.fs.close_databases()  # the files are replaced under them
                if changed is None:  # the tree is another snapshot's: a whole copy of the base first
                    self.system.fs.restore(folder)
                    state.write_entries(self._root, saved.files)
                else:  # back to the base where the last state (or its check) changed it, and the state's changes
                    base_entries, writes = self._base_entries[saved.base], {e[0] for e in saved.files}
                    back = [base_entries.get(rel, (rel, "-", b"", 0, 0)) for rel in changed - writes]
                    state.write_entries(self._root, back + saved.files)
            system = state.loads_system(saved.system)
            _check_restored(system)
            state.swap_strings(system.fs, {_ROOT: self._root, **({_BASE: folder} if folder else {})})
            system.fs.virtual = self.system.fs.virtual
            system.layout_cache = self.system.layout_cache
            self.system = system
            self.physical_size, self.physical_density = tuple(saved.physical[:2]), saved.physical[2]

    def close(self) -> None:
        self._cleanup()

    def __enter__(self) -> SimDevice:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _check_restored(system: object) -> None:
    """A restored system is a phone's: its files at the place-holders :meth:`SimDevice.export_state` wrote (so
    they become this phone's folders, never a path the state chose), its journal paths inside its tree."""
    fs = getattr(system, "fs", None)
    if type(system) is not System or type(fs) is not FileSystem:
        raise StateError("its system is not a simulated phone's")
    if fs.root != _ROOT or fs._base not in (None, _BASE) or type(fs._changed) is not set or \
            not all(state.tree_path(rel) for rel in fs._changed):
        raise StateError("its files are not kept inside the phone's folder")
