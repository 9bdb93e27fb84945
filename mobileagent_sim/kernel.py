"""The simulated phone's kernel as user space sees it: the machine's figures and the virtual file systems.

One place for what the kernel tells: ``uname``'s names, the memory (``/proc/meminfo``), the processors, the time
since boot, the process table, the mounts, the sockets and the battery. toybox's commands (``uname``, ``free``,
``nproc``, ``uptime``, ``ps``, ``top``, ``mount``, ``df``, ``netstat``) and the files under ``/proc`` and ``/sys``
(:class:`VirtualFiles`, which :class:`~mobileagent_sim.stores.FileSystem` serves as read-only files to
``cat``, ``ls``, ``< FILE`` and ``adb pull`` alike) all read them from here, so they agree.

Figures are those of AndroidWorld's AVD: the Android 13 google_apis x86_64 image (kernel 5.15 GKI), 4 cores,
2 GB of RAM and no swap, on the AC charger at 100%.
"""

from __future__ import annotations

import datetime as dt
import errno
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import mobileagent_sim.services as services
from mobileagent_sim.shell import SHELL_PID
from mobileagent_sim.stores import VNode
from mobileagent_sim.users import user_id, user_name
from pytest_mobileagent.android.keyboard import PACKAGE as IME_PACKAGE

if TYPE_CHECKING:
    from mobileagent_sim.shell import Shell
    from mobileagent_sim.system import System

#: ``uname`` of the image (kernel 5.15, android13 GKI) by toybox's letters.
UNAME = {"s": "Linux", "n": "localhost", "r": "5.15.41-android13-8-00055-g4f5025129fe8-ab8949913",
         "v": "#1 SMP PREEMPT Mon Aug 15 18:33:14 UTC 2022", "m": "x86_64", "o": "Toybox"}

#: The compiler line of a GKI kernel's ``/proc/version`` (``init/version.c``'s ``linux_proc_banner``).
_COMPILER = ("(build-user@build-host) (Android (8508608, based on r450784e) clang version 14.0.7 "
             "(https://android.googlesource.com/toolchain/llvm-project 4c603efb0cca074e9238af8b4106c30add4418f6), "
             "LLD 14.0.7)")

#: Processors of the AVD (``hw.cpu.ncore``).
CPUS = 4

#: ``/proc/meminfo`` in kB (2 GB of RAM, no swap); ``free`` and ``top`` read their figures from these.
MEMINFO: dict[str, int] = {
    "MemTotal": 2012920, "MemFree": 402704, "MemAvailable": 1203544, "Buffers": 2984, "Cached": 812316,
    "SwapCached": 0, "Active": 598908, "Inactive": 548136, "Active(anon)": 328004, "Inactive(anon)": 14776,
    "Active(file)": 270904, "Inactive(file)": 533360, "Unevictable": 21168, "Mlocked": 21168, "SwapTotal": 0,
    "SwapFree": 0, "Dirty": 52, "Writeback": 0, "AnonPages": 352912, "Mapped": 459924, "Shmem": 9748,
    "KReclaimable": 64340, "Slab": 155636, "SReclaimable": 64340, "SUnreclaim": 91296, "KernelStack": 24336,
    "PageTables": 38412, "NFS_Unstable": 0, "Bounce": 0, "WritebackTmp": 0, "CommitLimit": 1006460,
    "Committed_AS": 40451556, "VmallocTotal": 34359738367, "VmallocUsed": 36436, "VmallocChunk": 0,
    "Percpu": 2720, "AnonHugePages": 0, "ShmemHugePages": 0, "ShmemPmdMapped": 0, "FileHugePages": 0,
    "FilePmdMapped": 0, "CmaTotal": 0, "CmaFree": 0, "HugePages_Total": 0, "HugePages_Free": 0,
    "HugePages_Rsvd": 0, "HugePages_Surp": 0, "Hugepagesize": 2048, "Hugetlb": 0, "DirectMap4k": 108412,
    "DirectMap2M": 1988608,
}
_MEMINFO_UNITLESS = frozenset(("HugePages_Total", "HugePages_Free", "HugePages_Rsvd", "HugePages_Surp"))


def memory_bytes(key: str) -> int:
    """A ``/proc/meminfo`` figure in bytes (what ``sysinfo`` gives ``free``)."""
    return MEMINFO[key] * 1024


#: The mounts of the image (``/proc/mounts``): device, mount point, type, options, and for those with blocks
#: (what ``df`` lists) size and use in KiB. Partitions from the goldfish ``fstab.ranchu`` and init's
#: ``init.rc`` mounts; ``/data`` and shared storage (the FUSE view of ``/data/media``) grow with the files.
class Mount(NamedTuple):
    device: str
    point: str
    type: str
    options: str
    size_kb: int = 0
    used_kb: int = 0


_TMPFS = "size=1006460k,nr_inodes=251615"
MOUNTS: list[Mount] = [
    Mount("/dev/block/dm-0", "/", "ext4", "ro,seclabel,relatime", 6069408, 6050544),
    Mount("tmpfs", "/dev", "tmpfs", f"rw,seclabel,nosuid,relatime,{_TMPFS},mode=755", 1006388, 628),
    Mount("devpts", "/dev/pts", "devpts", "rw,seclabel,relatime,mode=600,ptmxmode=000"),
    Mount("proc", "/proc", "proc", "rw,relatime,gid=3009,hidepid=invisible"),
    Mount("sysfs", "/sys", "sysfs", "rw,seclabel,relatime"),
    Mount("selinuxfs", "/sys/fs/selinux", "selinuxfs", "rw,relatime"),
    Mount("tmpfs", "/mnt", "tmpfs", f"rw,seclabel,nosuid,nodev,noexec,relatime,{_TMPFS},mode=755,gid=1000",
          1006388, 0),
    Mount("/dev/block/dm-1", "/system_ext", "ext4", "ro,seclabel,relatime", 307392, 306400),
    Mount("/dev/block/dm-2", "/product", "ext4", "ro,seclabel,relatime", 1179244, 1175512),
    Mount("/dev/block/dm-3", "/vendor", "ext4", "ro,seclabel,relatime", 203180, 202528),
    Mount("tmpfs", "/apex", "tmpfs", f"rw,seclabel,nosuid,nodev,noexec,relatime,{_TMPFS},mode=755", 1006388, 0),
    Mount("tmpfs", "/linkerconfig", "tmpfs", f"rw,seclabel,nosuid,nodev,noexec,relatime,{_TMPFS},mode=755",
          1006388, 0),
    Mount("none", "/dev/blkio", "cgroup", "rw,nosuid,nodev,noexec,relatime,blkio"),
    Mount("none", "/sys/fs/cgroup", "cgroup2", "rw,nosuid,nodev,noexec,relatime,memory_recursiveprot"),
    Mount("tmpfs", "/storage", "tmpfs", f"rw,seclabel,nosuid,nodev,noexec,relatime,{_TMPFS},mode=755,gid=1000"),
    Mount("/dev/block/dm-5", "/data", "ext4", "rw,seclabel,nosuid,nodev,noatime,errors=panic", 6354932, 1612168),
    Mount("/dev/fuse", "/storage/emulated", "fuse",
          "rw,lazytime,nosuid,nodev,noexec,noatime,user_id=0,group_id=0,allow_other", 6354932, 1612168),
]


class Socket(NamedTuple):
    """A socket of ``/proc/net/PROTO``: protocol, local and remote address, port, state (``LISTEN``...)."""

    proto: str
    local: str
    local_port: int
    remote: str
    remote_port: int
    state: str
    uid: int


#: The sockets an idle emulator has open: adbd listening on 5555 (the emulator's adb port, both families).
SOCKETS: list[Socket] = [Socket("tcp6", "::", 5555, "::", 0, "LISTEN", 0)]


@dataclass
class Interface:
    """A network interface as ``ifconfig``, ``ip`` and ``/proc/net/dev`` show it."""

    index: int
    name: str
    kind: str  # "loopback" or "ether"
    mac: str
    inet: tuple[str, int, str] | None  # address, prefix, broadcast
    inet6: list[tuple[str, int, str]]
    mtu: int
    flags: str


#: The network of the google_apis emulator image: ``wlan0`` (virtio Wi-Fi through mac80211_hwsim) at
#: 10.0.2.16 behind the emulator's router, ``radio0`` to the modem's namespace.
INTERFACES = [
    Interface(1, "lo", "loopback", "00:00:00:00:00:00", ("127.0.0.1", 8, ""), [("::1", 128, "host")], 65536,
              "LOOPBACK,UP,LOWER_UP"),
    Interface(2, "dummy0", "ether", "be:9b:3e:6f:5c:21", None, [("fe80::bc9b:3eff:fe6f:5c21", 64, "link")], 1500,
              "BROADCAST,NOARP,UP,LOWER_UP"),
    Interface(3, "radio0", "ether", "02:00:00:00:02:00", ("192.168.200.2", 24, "192.168.200.255"),
              [("fe80::ff:fe00:200", 64, "link")], 1500, "BROADCAST,MULTICAST,UP,LOWER_UP"),
    Interface(4, "wlan0", "ether", "02:15:b2:00:00:00", ("10.0.2.16", 24, "10.0.2.255"),
              [("fe80::15:b2ff:fe00:0", 64, "link")], 1500, "BROADCAST,MULTICAST,UP,LOWER_UP"),
]


#: The kernel's TCP states by ``/proc/net/tcp`` number (``include/net/tcp_states.h``).
TCP_STATES = {1: "ESTABLISHED", 2: "SYN_SENT", 3: "SYN_RECV", 4: "FIN_WAIT1", 5: "FIN_WAIT2", 6: "TIME_WAIT",
              7: "CLOSE", 8: "CLOSE_WAIT", 9: "LAST_ACK", 10: "LISTEN", 11: "CLOSING"}


#: The battery as the goldfish power supply driver reports it (``/sys/class/power_supply``) and BatteryService
#: reads it (``dumpsys battery``, before any ``dumpsys battery set``).
BATTERY: dict[str, object] = {"ac": True, "usb": False, "wireless": False, "status": 2, "health": 2,
                              "present": True, "level": 100, "scale": 100, "voltage_mv": 5000,
                              "temperature": 250, "technology": "Li-ion", "charge_counter": 10000,
                              "max_current": 500000, "max_voltage": 5000000}


def battery(system: System) -> dict[str, object]:
    """The phone's own battery and charger (:data:`BATTERY` at first; the emulator console's ``power``
    commands change it), kept on the system so snapshots keep it."""
    return vars(system).setdefault("battery_hardware", dict(BATTERY))


def battery_state(system: System) -> dict[str, object]:
    """What BatteryService reports: the power supply's values (:func:`battery`) under those ``dumpsys battery
    set`` froze."""
    return {**battery(system), **vars(system).get("battery_overrides", {})}


#: The console's names of the battery states (``power status``, ``power health``), by BatteryManager number.
_CONSOLE_STATUS = {"unknown": 1, "charging": 2, "discharging": 3, "not-charging": 4, "full": 5}
_CONSOLE_HEALTH = {"unknown": 1, "good": 2, "overheat": 3, "dead": 4, "overvoltage": 5, "failure": 6}


def power_console(system: System, words: list[str]) -> str:
    """The emulator console's ``power`` commands (``android/console.cpp``'s ``power display|ac|status|present|
    health|capacity``): they change the goldfish battery, which ``/sys/class/power_supply`` and BatteryService
    show (unless ``dumpsys battery set`` froze the service)."""
    b = battery(system)
    verb, value = [*words, "", ""][:2]
    if verb == "display":
        status = BATTERY_STATUS[int(b["status"])]  # type: ignore[call-overload]
        health = BATTERY_HEALTH[int(b["health"])]  # type: ignore[call-overload]
        return (f"AC: {'online' if b['ac'] else 'offline'}\r\nstatus: {status}\r\nhealth: {health}\r\n"
                f"present: {'true' if b['present'] else 'false'}\r\ncapacity: {b['level']}\r\nOK\r\n")
    if verb == "ac" and value in ("on", "off"):
        b["ac"] = value == "on"
    elif verb == "status" and value in _CONSOLE_STATUS:
        b["status"] = _CONSOLE_STATUS[value]
    elif verb == "present" and value in ("true", "false"):
        b["present"] = value == "true"
    elif verb == "health" and value in _CONSOLE_HEALTH:
        b["health"] = _CONSOLE_HEALTH[value]
    elif verb == "capacity" and value.isdigit() and 0 <= int(value) <= 100:
        b["level"] = int(value)
    else:
        usage = {"ac": '"ac on" or "ac off"', "status": '"status unknown|charging|discharging|not-charging|full"',
                 "present": '"present true" or "present false"', "capacity": '"capacity <percentage>"',
                 "health": '"health unknown|good|overheat|dead|overvoltage|failure"'}
        return f"KO: Usage: {usage[verb]}\r\n" if verb in usage else "KO: unknown command, try 'help'\r\n"
    system.invalidate()
    return "OK\r\n"


#: ``BatteryManager.BATTERY_STATUS_*`` and ``BATTERY_HEALTH_*`` as the power supply class names them.
BATTERY_STATUS = {1: "Unknown", 2: "Charging", 3: "Discharging", 4: "Not charging", 5: "Full"}
BATTERY_HEALTH = {1: "Unknown", 2: "Good", 3: "Overheat", 4: "Dead", 5: "Over voltage", 6: "Unspecified failure",
                  7: "Cold"}


# -- time ----------------------------------------------------------------------------------------------------

def boot_time(system: System) -> dt.datetime:
    """When the phone booted: three minutes before its clock first read, moved back with the clock."""
    now = system.clock.now
    boot = getattr(system, "_kernel_boot", None)
    if boot is None or boot > now:
        boot = now - dt.timedelta(minutes=3)
        system._kernel_boot = boot
    return boot


def uptime_seconds(system: System) -> float:
    return (system.clock.now - boot_time(system)).total_seconds()


# -- processes -----------------------------------------------------------------------------------------------

class Proc(NamedTuple):
    """A process as ``ps`` lists it."""

    user: str
    pid: int
    ppid: int
    name: str


#: The system's processes every simulated phone runs.
SYSTEM_PROCESSES = [Proc("root", 1, 0, "init"), Proc("root", 310, 1, "zygote64"),
                    Proc("system", services.SYSTEM_PID, 310, "system_server"),
                    Proc("u0_a134", services.SYSTEMUI_PID, 310, "com.android.systemui"),
                    Proc("radio", services.PHONE_PID, 310, "com.android.phone")]
#: adbd, the parent of every shell it runs.
ADBD = Proc("shell", 391, 1, "adbd")

#: What each native process runs (``/proc/PID/cmdline``); apps' are their process names.
_CMDLINES = {"init": "/system/bin/init second_stage", "zygote64": "zygote64",
             "adbd": "/system/bin/adbd --root_seclabel=u:r:su:s0", "sh": "/system/bin/sh -c"}

#: Other modules' processes (a served uiautomator2 server's ``app_process``...): each callable gives rows.
EXTRA_PROCESSES: list[Callable[[Shell], list[Proc]]] = []


def running_argv(sh: Shell) -> list[str]:
    """The words of the command now running in the shell (what ``/proc/self`` is): the toybox tool being run."""
    return getattr(sh, "_kernel_command", None) or ["ps"]


def running_command(sh: Shell) -> str:
    return running_argv(sh)[0].rsplit("/", 1)[-1]


def processes(sh: Shell) -> list[Proc]:
    """Every process by pid: the system's, adbd, the running apps, other modules', the shell's jobs, the shell
    running the line (``$$``) and the command now running in it (:func:`is_own`)."""
    adbd = ADBD._replace(user=user_name(sh.uid))
    procs = [*SYSTEM_PROCESSES, adbd]
    for pkg in sorted([*sh.system.apps, IME_PACKAGE]):
        if sh.system.running(pkg):
            app = sh.system.apps.get(pkg)
            uid = app.uid if app is not None else 10120
            procs.append(Proc(f"u0_a{uid % 1000}", sh.system.pid_of(pkg), 310, pkg))
    for extra in EXTRA_PROCESSES:
        procs += extra(sh)
    procs += [Proc(user_name(p.uid), p.pid, p.ppid, p.name) for p in list(sh.processes.values()) if p.status is None]
    me = user_name(sh.uid)
    procs += [Proc(me, SHELL_PID, adbd.pid, "sh"), Proc(me, SHELL_PID + 1, SHELL_PID, running_command(sh))]
    return sorted(procs, key=lambda p: p.pid)  # /proc's order


def is_own(p: Proc) -> bool:
    """Whether a process is the shell running the line or the command running in it."""
    return p.pid in (SHELL_PID, SHELL_PID + 1)


def is_java(p: Proc) -> bool:
    """Whether a process is one zygote forked (an app or the system server)."""
    return p.ppid == 310


def vsz_kb(p: Proc) -> int:
    """Virtual size: a 64-bit ART process reserves about 14 GB, a native one about 10 GB (bionic's guards)."""
    return 14_145_284 + p.pid % 97 * 64 if is_java(p) or p.name == "zygote64" else 10_812_232 + p.pid % 53 * 8


def rss_kb(p: Proc) -> int:
    """Resident size: an app or the system server about 100-250 MB, zygote 150 MB, a native tool a few MB."""
    if p.name == "system_server":
        return 236_544
    if is_java(p):
        return 96_000 + p.pid % 89 * 512
    return {"zygote64": 151_320, "init": 10_404, "adbd": 7_912}.get(p.name, 3_104)


def cmdline(p: Proc, sh: Shell) -> str:
    """The process's command line, words a space apart (the running tool's own words)."""
    if p.pid == SHELL_PID + 1:
        return " ".join(running_argv(sh))
    return _CMDLINES.get(p.name, p.name)


def shared_kb(p: Proc) -> int:
    """Shared memory: what a zygote child shares with zygote (most of its pages), a native tool's libraries."""
    return rss_kb(p) * 3 // 5 if is_java(p) else 2_600


def cpu_centis(p: Proc) -> int:
    """CPU time used, in hundredths of a second: the system's processes worked at boot, tools not at all."""
    if p.pid < 400 or is_java(p):
        return {"system_server": 4512, "com.android.systemui": 1873, "zygote64": 310}.get(p.name, 57 + p.pid % 400)
    return 0


def state(p: Proc, sh: Shell) -> str:
    """``R`` for the command running now, ``S`` (sleeping) for every other."""
    return "R" if p.pid == SHELL_PID + 1 else "S"


# -- /proc and /sys ------------------------------------------------------------------------------------------

def _dir(names: list[str] | tuple[str, ...], mode: int = 0o555, uid: int = 0, gid: int = 0, size: int = 0,
         when: int = 0) -> VNode:
    return VNode("dir", mode, uid, gid, names=tuple(names), size=size, mtime_ns=when)


def _file(data: str | bytes, mode: int = 0o444, uid: int = 0, gid: int = 0, size: int = 0, when: int = 0,
          write_error: int = errno.EIO) -> VNode:
    raw = data.encode() if isinstance(data, str) else data
    return VNode("file", mode, uid, gid, data=raw, size=size, mtime_ns=when, write_error=write_error)


def _link(target: str, when: int = 0) -> VNode:
    return VNode("link", 0o777, target=target, size=0, mtime_ns=when)


#: How much a read of an endless device gives: ``head -c N`` and ``dd count=N`` read less, ``cat`` would never end.
DEVICE_READ = 65536


def _device(name: str, when: int) -> VNode | None:
    """``/dev/null``, ``/dev/zero``, ``/dev/random``, ``/dev/urandom``: character devices anyone may read and
    write (``crw-rw-rw-``); writes go nowhere, reads give nothing, zeros or random bytes (:data:`DEVICE_READ` of
    them: the simulated reader takes a file whole)."""
    import os

    minors = {"null": 3, "zero": 5, "random": 8, "urandom": 9}  # the memory devices, major 1 (devices.txt)
    if name not in minors:
        return None
    data = b"" if name == "null" else bytes(DEVICE_READ) if name == "zero" else os.urandom(DEVICE_READ)
    return VNode("char", 0o666, data=data, mtime_ns=when, write_error=0, rdev=(1, minors[name]))


class VirtualFiles:
    """``/proc`` (procfs) and ``/sys`` (sysfs) of the phone, made on each lookup from the kernel's figures above
    and the shell's process table. Files are read-only: writing one as root is ``EIO`` in procfs (no write
    handler, ``fs/proc/inode.c``) and ``EACCES`` in sysfs (``kernfs_fop_open``); the shell user is refused by
    their mode first (``EACCES``)."""

    ROOTS = ("/proc", "/sys")

    def __init__(self, sh: Shell):
        self.sh = sh

    def __deepcopy__(self, memo: dict[int, object]) -> VirtualFiles:
        """A snapshot of the system keeps the same view: the device's shell, which reads the system it has now."""
        return self

    def __call__(self, path: str) -> VNode | None:
        """The node at a canonical path (links not followed: :class:`FileSystem` follows them)."""
        parts = [q for q in path.split("/") if q]
        if parts[:1] == ["dev"]:  # the devices (the folder itself is the host's: this node only leads to them)
            return _device(parts[1], self._when()) if len(parts) == 2 else \
                _dir(["null", "random", "urandom", "zero"], 0o755) if len(parts) == 1 else None
        if not parts or parts[0] not in ("proc", "sys"):
            return None
        return self._proc(parts[1:]) if parts[0] == "proc" else self._sys(parts[1:])

    # procfs

    def _when(self) -> int:
        return int(boot_time(self.sh.system).timestamp()) * 10**9

    def _procs(self) -> dict[int, Proc]:
        return {p.pid: p for p in processes(self.sh)}

    def _proc(self, parts: list[str]) -> VNode | None:
        when = self._when()
        top: dict[str, Callable[[], VNode]] = {
            "version": lambda: _file(proc_version(), when=when),
            "uptime": lambda: _file(proc_uptime(self.sh.system), when=when),
            "loadavg": lambda: _file(proc_loadavg(self.sh), when=when),
            "meminfo": lambda: _file(proc_meminfo(), when=when),
            "cpuinfo": lambda: _file(proc_cpuinfo(), when=when),
            "cmdline": lambda: _file(proc_cmdline(), when=when),
            "filesystems": lambda: _file(_FILESYSTEMS, when=when),
            "stat": lambda: _file(proc_stat(self.sh.system), when=when),
            "self": lambda: _link(str(SHELL_PID + 1), when),
            "thread-self": lambda: _link(f"{SHELL_PID + 1}/task/{SHELL_PID + 1}", when),
            "mounts": lambda: _link("self/mounts", when),
            "net": lambda: _link("self/net", when),
            "sys": lambda: _dir(["kernel"], when=when),
        }
        if not parts:
            return _dir([*sorted(top), *(str(pid) for pid in sorted(self._procs()))], when=when)
        name, rest = parts[0], parts[1:]
        if name in top:
            if name == "sys":
                return self._sysctl(rest, when)
            return top[name]() if not rest else None
        if not name.isdigit():
            return None
        proc = self._procs().get(int(name))
        return None if proc is None else self._pid(proc, rest, when)

    def _pid(self, p: Proc, parts: list[str], when: int) -> VNode | None:
        uid = user_id(p.user) or 0
        files: dict[str, Callable[[], VNode]] = {
            "cmdline": lambda: _file(cmdline(p, self.sh).replace(" ", "\0") + "\0", uid=uid, gid=uid, when=when),
            "comm": lambda: _file(p.name[:15] + "\n", 0o644, uid, uid, when=when),
            "status": lambda: _file(proc_status(p, uid, state(p, self.sh)), uid=uid, gid=uid, when=when),
            "stat": lambda: _file(proc_pid_stat(p, state(p, self.sh), self.sh.system), uid=uid, gid=uid,
                                  when=when),
            "mounts": lambda: _file(proc_mounts(), uid=uid, gid=uid, when=when),
            "net": lambda: _dir(["dev", "raw", "raw6", "tcp", "tcp6", "udp", "udp6", "unix"], uid=uid, gid=uid,
                                when=when),
        }
        if not parts:
            return _dir(sorted(files), uid=uid, gid=uid, when=when)
        if parts[0] not in files:
            return None
        if parts[0] == "net" and len(parts) == 2:
            return _file(proc_net(parts[1]), uid=uid, gid=uid, when=when) if parts[1] in files["net"]().names \
                else None
        return files[parts[0]]() if len(parts) == 1 else None

    def _sysctl(self, parts: list[str], when: int) -> VNode | None:
        kernel = {"hostname": UNAME["n"] + "\n", "osrelease": UNAME["r"] + "\n", "ostype": UNAME["s"] + "\n",
                  "version": UNAME["v"] + "\n", "pid_max": "32768\n"}
        if not parts:
            return _dir(["kernel"], when=when)
        if parts[0] != "kernel":
            return None
        if len(parts) == 1:
            return _dir(sorted([*kernel, "random"]), when=when)
        if len(parts) == 2 and parts[1] in kernel:
            mode = 0o644 if parts[1] in ("hostname", "pid_max") else 0o444
            return _file(kernel[parts[1]], mode, when=when, write_error=errno.EACCES)
        if parts[1] == "random":
            return self._random(parts[2:], when)
        return None

    def _random(self, parts: list[str], when: int) -> VNode | None:
        """``/proc/sys/kernel/random``: a new ``uuid`` at each read, the boot's ``boot_id``, the pool's figures
        (``drivers/char/random.c``)."""
        import uuid

        boot = vars(self.sh.system).setdefault("_kernel_boot_id", str(uuid.uuid4()))
        files = {"uuid": f"{uuid.uuid4()}\n", "boot_id": f"{boot}\n", "entropy_avail": "256\n", "poolsize": "256\n"}
        if not parts:
            return _dir(sorted(files), when=when)
        if len(parts) == 1 and parts[0] in files:
            return _file(files[parts[0]], when=when, write_error=errno.EACCES)
        return None

    # sysfs

    def _sys(self, parts: list[str]) -> VNode | None:
        when = self._when()
        supplies = {"battery": sys_battery(self.sh.system), "ac": sys_ac(self.sh.system)}
        tree: dict[str, object] = {"class": {"power_supply": supplies}, "fs": {}, "kernel": {}, "devices": {},
                                   "block": {}, "bus": {}, "module": {}, "power": {}, "firmware": {}, "dev": {}}
        node: object = tree
        for part in parts:
            if not isinstance(node, dict) or part not in node:
                return None
            node = node[part]
        if isinstance(node, dict):  # sysfs's root is read-only to all, its folders root's
            return _dir(sorted(node), 0o555 if not parts else 0o755, size=0, when=when)
        return _file(str(node), 0o444, size=4096, when=when, write_error=errno.EACCES)


def proc_version() -> str:
    return f"Linux version {UNAME['r']} {_COMPILER} {UNAME['v']}\n"


def proc_uptime(system: System) -> str:
    """Seconds since boot and the processors' idle seconds (all but a little of it)."""
    up = uptime_seconds(system)
    return f"{up:.2f} {up * CPUS * 0.97:.2f}\n"


def proc_loadavg(sh: Shell) -> str:
    """The idle phone's load averages (those ``uptime`` prints), runnable/all tasks, the last pid given."""
    count = len(processes(sh))
    return f"0.00 0.00 0.00 1/{count} {SHELL_PID + 1}\n"


def proc_meminfo() -> str:
    return "".join(f"{key + ':':<16}{value:>8}\n" if key in _MEMINFO_UNITLESS else f"{key + ':':<16}{value:>8} kB\n"
                   for key, value in MEMINFO.items())


def proc_cpuinfo() -> str:
    """Each of the AVD's processors as the emulator's ``-cpu`` model presents it to the guest."""
    flags = ("fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 "
             "ss ht syscall nx pdpe1gb rdtscp lm constant_tsc rep_good nopl xtopology cpuid tsc_known_freq pni "
             "pclmulqdq ssse3 fma cx16 pcid sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes xsave avx "
             "f16c rdrand hypervisor lahf_lm abm 3dnowprefetch cpuid_fault ssbd ibrs ibpb stibp fsgsbase "
             "tsc_adjust bmi1 avx2 smep bmi2 erms invpcid rdseed adx smap clflushopt xsaveopt xsavec xgetbv1 "
             "xsaves arat md_clear arch_capabilities")
    blocks = []
    for n in range(CPUS):
        blocks.append(
            f"processor\t: {n}\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 158\n"
            "model name\t: Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz\nstepping\t: 10\nmicrocode\t: 0x1\n"
            f"cpu MHz\t\t: 3191.998\ncache size\t: 16384 KB\nphysical id\t: 0\nsiblings\t: {CPUS}\n"
            f"core id\t\t: {n}\ncpu cores\t: {CPUS}\napicid\t\t: {n}\ninitial apicid\t: {n}\nfpu\t\t: yes\n"
            "fpu_exception\t: yes\ncpuid level\t: 13\nwp\t\t: yes\n"
            f"flags\t\t: {flags}\nbugs\t\t: spectre_v1 spectre_v2 spec_store_bypass swapgs itlb_multihit "
            "srbds mmio_stale_data retbleed\nbogomips\t: 6383.99\nclflush size\t: 64\ncache_alignment\t: 64\n"
            "address sizes\t: 39 bits physical, 48 bits virtual\npower management:\n\n")
    return "".join(blocks)


def proc_cmdline() -> str:
    """The goldfish kernel's command line (the emulator's ``-kernel-parameters`` for an API 33 x86_64 AVD)."""
    return ("no_timer_check 8250.nr_uarts=1 clocksource=pit console=ttyS0,38400 cma=292M@0-4G loop.max_part=7 "
            "ramoops.mem_address=0xff018000 ramoops.mem_size=0x10000 memmap=0x10000$0xff018000 printk.devkmsg=on "
            "bootconfig mac80211_hwsim.radios=2 mac80211_hwsim.channels=2 androidboot.hardware=ranchu "
            "androidboot.serialno=EMULATOR33X1X1X0 qemu=1 androidboot.qemu=1\n")


def proc_stat(system: System) -> str:
    """CPU time in clock ticks (100 a second) since boot, all of it idle, and the boot time."""
    ticks = int(uptime_seconds(system) * 100)
    lines = [f"cpu  0 0 0 {ticks * CPUS} 0 0 0 0 0 0\n"]
    lines += [f"cpu{n} 0 0 0 {ticks} 0 0 0 0 0 0\n" for n in range(CPUS)]
    lines.append(f"btime {int(boot_time(system).timestamp())}\nprocesses 4243\nprocs_running 1\nprocs_blocked 0\n")
    return "".join(lines)


def proc_mounts() -> str:
    return "".join(f"{m.device} {m.point} {m.type} {m.options} 0 0\n" for m in MOUNTS)


def proc_status(p: Proc, uid: int, st: str) -> str:
    """``/proc/PID/status``'s first lines (``fs/proc/array.c``)."""
    states = {"R": "R (running)", "S": "S (sleeping)"}
    return (f"Name:\t{p.name[:15]}\nUmask:\t0077\nState:\t{states[st]}\nTgid:\t{p.pid}\nNgid:\t0\nPid:\t{p.pid}\n"
            f"PPid:\t{p.ppid}\nTracerPid:\t0\nUid:\t{uid}\t{uid}\t{uid}\t{uid}\nGid:\t{uid}\t{uid}\t{uid}\t{uid}\n"
            f"FDSize:\t64\nVmPeak:\t{vsz_kb(p):>8} kB\nVmSize:\t{vsz_kb(p):>8} kB\nVmRSS:\t{rss_kb(p):>8} kB\n"
            "Threads:\t1\n")


def proc_pid_stat(p: Proc, st: str, system: System) -> str:
    """``/proc/PID/stat``: pid, (comm), state, ppid ... start time and sizes (``fs/proc/array.c``)."""
    start = 100 if p.pid < 400 else int(uptime_seconds(system) * 100) - 50
    fields = [p.pid, f"({p.name[:15]})", st, p.ppid, p.pid, 0, 0, -1, 4194560, 0, 0, 0, 0, 0, 0, 0, 0, 20, 0, 1,
              0, max(start, 0), vsz_kb(p) * 1024, rss_kb(p) // 4]
    return " ".join(str(f) for f in fields) + "\n"


def proc_net(name: str) -> str:
    """``/proc/net/tcp`` and the like (``net/ipv4/tcp_ipv4.c``'s ``tcp4_seq_show`` layout)."""
    if name == "unix":
        return "Num       RefCount Protocol Flags    Type St Inode Path\n"
    if name == "dev":
        return proc_net_dev()
    states = {v: k for k, v in TCP_STATES.items()}
    six = name.endswith("6")
    if six:
        head = ("  sl  local_address                         remote_address                        st tx_queue "
                "rx_queue tr tm->when retrnsmt   uid  timeout inode\n")
    else:
        head = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"
    rows = []
    for k, s in enumerate(x for x in SOCKETS if x.proto == name):
        addr = "0" * 32 if six else "00000000"
        rows.append(f"{k:4d}: {addr}:{s.local_port:04X} {addr}:{s.remote_port:04X} {states[s.state]:02X} "
                    f"00000000:00000000 00:00000000 00000000 {s.uid:5d}        0 {20000 + k} 1 0000000000000000 "
                    "100 0 0 10 0\n")
    return head + "".join(rows)


def proc_net_dev() -> str:
    """``/proc/net/dev`` (``net/core/net-procfs.c``): each interface ``ifconfig`` shows, nothing sent or received
    (as ``ifconfig`` says)."""
    head = ("Inter-|   Receive                                                |  Transmit\n"
            " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls "
            "carrier compressed\n")
    widths = (8, 7, 4, 4, 4, 5, 10, 9, 8, 7, 4, 4, 4, 5, 7, 10)
    return head + "".join(f"{i.name:>6}:" + " ".join(f"{0:>{w}}" for w in widths) + "\n" for i in INTERFACES)


_FILESYSTEMS = ("nodev\tsysfs\nnodev\ttmpfs\nnodev\tbdev\nnodev\tproc\nnodev\tcgroup\nnodev\tcgroup2\n"
                "nodev\tdevpts\nnodev\tpipefs\nnodev\tsockfs\nnodev\tselinuxfs\nnodev\tfuse\nnodev\tfusectl\n"
                "\text4\n\tvfat\n\terofs\nnodev\tincremental-fs\nnodev\tvirtiofs\n")


def sys_battery(system: System) -> dict[str, str]:
    """``/sys/class/power_supply/battery`` (goldfish_battery.c's properties)."""
    b = battery(system)
    return {"capacity": f"{b['level']}\n", "status": f"{BATTERY_STATUS[int(b['status'])]}\n",  # type: ignore[call-overload]
            "health": f"{BATTERY_HEALTH[int(b['health'])]}\n", "present": f"{int(bool(b['present']))}\n",  # type: ignore[call-overload]
            "technology": f"{b['technology']}\n", "type": "Battery\n",
            "voltage_now": f"{int(b['voltage_mv']) * 1000}\n", "temp": f"{b['temperature']}\n",  # type: ignore[call-overload]
            "charge_counter": f"{b['charge_counter']}\n", "charge_full": "4000000\n",
            "current_now": "900000\n", "current_avg": "900000\n", "cycle_count": "10\n"}


def sys_ac(system: System) -> dict[str, str]:
    return {"online": f"{int(bool(battery(system)['ac']))}\n", "type": "Mains\n"}
