"""The kernel's files and the tools that show the machine at work: ``/proc``, ``/sys``, ``top``, ``mount``,
``getenforce``, ``netstat``, ``ping``.

What an Android 13 emulator (google_apis x86_64) prints; the figures of :mod:`mobileagent_sim.kernel`,
which every command and file reads, so they agree with each other (``uname`` and ``/proc/version``, ``free`` and
``/proc/meminfo``, ``ps`` and ``ls /proc``, ``dumpsys battery`` and ``/sys/class/power_supply``).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from mobileagent_sim import SimDevice
from mobileagent_sim.shell import Caller

SHELL = Caller(uid=2000)


@pytest.fixture(scope="module")
def phone():
    with SimDevice() as p:
        yield p


def run(phone: SimDevice, line: str, caller: Caller | None = None) -> tuple[str, str, int]:
    out, err, status = phone.shell_streams(line, caller=caller)
    return out.decode(), err.decode(), status


def test_proc_version_is_unames_kernel(phone: SimDevice) -> None:
    version = run(phone, "cat /proc/version")[0]
    release, build = phone.shell("uname -r").strip(), phone.shell("uname -v").strip()
    assert version.startswith(f"Linux version {release} (")
    assert version.endswith(f" {build}\n")


def test_proc_meminfo_gives_free_its_figures(phone: SimDevice) -> None:
    info = dict(re.findall(r"^(\w+):\s+(\d+)", run(phone, "cat /proc/meminfo")[0], re.M))
    mem = phone.shell("free").splitlines()[1].split()
    assert int(mem[1]) == int(info["MemTotal"]) * 1024
    assert int(mem[3]) == int(info["MemFree"]) * 1024
    assert int(mem[5]) == int(info["Buffers"]) * 1024
    assert info["SwapTotal"] == "0"


def test_proc_cpuinfo_has_nproc_processors(phone: SimDevice) -> None:
    assert run(phone, "grep -c ^processor /proc/cpuinfo")[0] == phone.shell("nproc")


def test_proc_uptime_and_loadavg_agree_with_uptime(phone: SimDevice) -> None:
    up = float(run(phone, "cat /proc/uptime")[0].split()[0])
    minutes = int(re.search(r"up (\d+) min", phone.shell("uptime")).group(1))
    assert int(up) // 60 == minutes
    loads = run(phone, "cat /proc/loadavg")[0].split()
    assert phone.shell("uptime").rstrip().endswith("load average: " + ", ".join(loads[:3]))
    assert re.fullmatch(r"\d+/\d+", loads[3])


def test_ls_proc_lists_the_pids_ps_lists(phone: SimDevice) -> None:
    pids = {line.split()[1] for line in phone.shell("ps -A").splitlines()[1:]}
    listed = set(run(phone, "ls /proc")[0].split())
    assert {"version", "meminfo", "cpuinfo", "uptime", "self", "mounts"} <= listed
    numbers = {name for name in listed if name.isdigit()}
    assert pids - numbers <= {phone.shell("echo $$").strip() and max(pids, key=int)}  # ps's own pid is ls's
    assert "1" in numbers and "1000" in numbers


def test_proc_pid_files(phone: SimDevice) -> None:
    assert run(phone, "cat /proc/1/cmdline")[0] == "/system/bin/init\0second_stage\0"
    assert run(phone, "cat /proc/1000/comm")[0] == "system_server\n"
    status = run(phone, "cat /proc/1000/status")[0]
    assert "Name:\tsystem_server\n" in status and "Pid:\t1000\n" in status and "Uid:\t1000\t" in status
    assert run(phone, "cat /proc/99999/status")[1:] == ("cat: /proc/99999/status: No such file or directory\n", 1)


def test_proc_self_is_the_reading_command(phone: SimDevice) -> None:
    assert run(phone, "cat /proc/self/cmdline")[0] == "cat\0/proc/self/cmdline\0"
    assert run(phone, "head -1 /proc/self/status")[0] == "Name:\thead\n"
    assert run(phone, "readlink /proc/self")[0].strip().isdigit()
    assert run(phone, "ls -l /proc/self")[0].startswith("lrwxrwxrwx 1 root root 0 ")


def test_proc_listing_and_stat_look_like_procfs(phone: SimDevice) -> None:
    assert run(phone, "ls -ld /proc")[0].startswith("dr-xr-xr-x ")
    assert run(phone, "stat -c '%s %a %U' /proc/uptime")[0] == "0 444 root\n"
    assert run(phone, "ls /proc/sys/kernel")[0].split() == ["hostname", "osrelease", "ostype", "pid_max", "random",
                                                             "version"]
    assert run(phone, "cat /proc/sys/kernel/hostname")[0] == phone.shell("hostname")


def test_battery_files_agree_with_dumpsys_battery(phone: SimDevice) -> None:
    dump = phone.shell("dumpsys battery")
    level = re.search(r"level: (\d+)", dump).group(1)
    assert run(phone, "cat /sys/class/power_supply/battery/capacity")[0] == f"{level}\n"
    assert re.search(r"status: 2\b", dump)
    assert run(phone, "cat /sys/class/power_supply/battery/status")[0] == "Charging\n"
    assert run(phone, "cat /sys/class/power_supply/ac/online")[0] == "1\n"
    assert run(phone, "ls /sys/class/power_supply")[0].split() == ["ac", "battery"]


@pytest.mark.parametrize(("line", "error"), [
    ("echo 1 > /proc/uptime", "/system/bin/sh: can't create /proc/uptime: Permission denied\n"),
    ("echo 5 > /sys/class/power_supply/battery/capacity",
     "/system/bin/sh: can't create /sys/class/power_supply/battery/capacity: Permission denied\n"),
    ("touch /proc/new", "touch: '/proc/new': Permission denied\n"),
    ("rm /proc/version", "rm: /proc/version: Permission denied\n"),
])
def test_the_kernels_files_refuse_writes(phone: SimDevice, line: str, error: str) -> None:
    """The files are read-only (0444 in read-only folders): the shell user is refused by their mode."""
    assert run(phone, line, SHELL)[1:] == (error, 1)


def test_root_writing_procfs_gets_the_kernels_error(phone: SimDevice) -> None:
    """Past the permission check, a procfs file without a write handler is EIO (``fs/proc/inode.c``)."""
    assert run(phone, "echo 1 > /proc/uptime")[1:] == ("/system/bin/sh: can't create /proc/uptime: I/O error\n", 1)
    assert run(phone, "cat /proc/uptime")[0].count(" ") == 1


def test_adb_pull_reads_proc_files() -> None:
    from mobileagent_sim.testing import adb_device, serve

    with SimDevice() as p, serve(p) as server:
        d = adb_device(server, p.serial)
        assert d.sync.read_bytes("/proc/version").startswith(b"Linux version 5.15.41-android13")
        assert "meminfo" in [e.path for e in d.sync.list("/proc")]


def test_snapshots_keep_the_kernel_files() -> None:
    with SimDevice() as p:
        p.snapshot_save("s")
        p.snapshot_load("s")
        assert p.shell("cat /sys/class/power_supply/battery/capacity") == "100\n"


# -- top ---------------------------------------------------------------------------------------------------------

def test_top_batch_prints_toyboxs_summary_and_columns(phone: SimDevice) -> None:
    out, err, status = run(phone, "top -b -n 1 -m 5")
    lines = out.splitlines()
    assert (err, status) == ("", 0)
    assert re.fullmatch(r"Tasks: \d+ total,   1 running, +\d+ sleeping,   0 stopped,   0 zombie", lines[0])
    assert lines[1] == "  Mem:  2012920K total,  1610216K used,   402704K free,     2984K buffers"
    assert lines[2] == " Swap:        0K total,        0K used,        0K free,   812316K cached"
    assert lines[3] == "400%cpu   0%user   0%nice   0%sys 400%idle   0%iow   0%irq   0%sirq   0%host"
    assert lines[4] == "  PID USER         PR  NI VIRT  RES  SHR S[%CPU] %MEM     TIME+ ARGS"
    assert len(lines) == 5 + 5
    assert re.fullmatch(r" *\d+ root +20   0 +\S+ +\S+ +\S+ R  0\.0 +\d+\.\d +0:00\.00 top -b -n 1 -m 5", lines[5])


def test_top_o_picks_columns_and_brackets_the_sort_column(phone: SimDevice) -> None:
    lines = run(phone, "top -b -n 1 -m 2 -o PID,USER,CMD")[0].splitlines()
    assert lines[4] == "  PID USER        [CMD"
    lines = run(phone, "top -b -n 1 -m 1 -o PID,USER,S -s 1")[0].splitlines()
    assert lines[4] == " [PID]USER         S"
    assert run(phone, "top -b -n 1 -q -m 1 -o PID")[0].count("\n") == 6  # -q: no summary, -m counts its lines


def test_top_without_b_draws_for_an_80_column_terminal(phone: SimDevice) -> None:
    out = run(phone, "top -n 1 -m 2")[0]
    assert "\x1b[H\x1b[J" in out and out.endswith("\x1b[?25h\x1b[0m\x1b[999H\x1b[K")
    assert "\x1b[7m  PID USER " in out
    assert all(len(line) <= 90 for line in re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out).split("\r"))


def test_top_refreshes_n_times_and_refuses_running_forever(phone: SimDevice) -> None:
    assert run(phone, "top -b -n 2 -m 1 -d 0")[0].count("Tasks:") == 2
    assert run(phone, "top -b")[1:] == ("top: running until stopped is not simulated: give -n\n", 1)
    assert run(phone, "top -b -n 1 -o PID,FOO")[1:] == ("top: bad -o 'PID,FOO'\n                 ^\n", 1)


# -- mount, getenforce, netstat, ping ----------------------------------------------------------------------------

def test_mount_lists_proc_mounts(phone: SimDevice) -> None:
    table = run(phone, "cat /proc/mounts")[0].splitlines()
    listed = run(phone, "mount")[0].splitlines()
    assert len(listed) == len(table)
    assert listed[0] == "/dev/block/dm-0 on / type ext4 (ro,seclabel,relatime)"
    assert "/dev/block/dm-5 on /data type ext4 (rw,seclabel,nosuid,nodev,noatime,errors=panic)" in listed
    assert all(" type ext4 " in line for line in run(phone, "mount -t ext4")[0].splitlines())
    df = {line.split()[-1] for line in phone.shell("df").splitlines()[1:]}
    assert df <= {line.split()[1] for line in table}
    assert run(phone, "mount /dev/block/dm-5 /mnt", SHELL)[1:] == ("mount: need root\n", 1)


def test_getenforce_is_enforcing(phone: SimDevice) -> None:
    assert run(phone, "getenforce") == ("Enforcing\n", "", 0)
    assert run(phone, "getenforce now")[1:] == ('getenforce: Max 0 arguments (see "getenforce --help")\n', 1)


def test_netstat_reads_proc_net(phone: SimDevice) -> None:
    head = "Proto Recv-Q Send-Q Local Address           Foreign Address         State      "
    assert run(phone, "netstat -tn")[0] == f"Active Internet connections (w/o servers)\n{head}\n"
    listening = run(phone, "netstat -tln")[0].splitlines()
    assert listening[0] == "Active Internet connections (only servers)"
    assert listening[2] == "tcp6       0      0 [::]:5555               [::]:*                  LISTEN     "
    assert run(phone, "netstat")[0].splitlines()[2:] == [
        "Active UNIX domain sockets (w/o servers)", "Proto RefCnt Flags       Type       State         I-Node   Path"]


def test_ping_answers_from_the_phone_itself() -> None:
    with SimDevice() as p:
        out, err, status = run(p, "ping -c 1 127.0.0.1")
        assert (err, status) == ("", 0)
        assert out.splitlines()[:2] == ["PING 127.0.0.1 (127.0.0.1) 56(84) bytes of data.",
                                        "64 bytes from 127.0.0.1: icmp_seq=1 ttl=64 time=0.041 ms"]
        assert "1 packets transmitted, 1 received, 0% packet loss, time 0ms" in out
        assert "64 bytes from localhost (127.0.0.1): icmp_seq=2 " in p.shell("ping -c 2 localhost")


def test_ping_elsewhere_is_a_phone_without_network() -> None:
    with SimDevice() as p:
        assert run(p, "ping -c 1 google.com") == ("", "ping: unknown host google.com\n", 2)
        assert run(p, "ping -c 1 8.8.8.8") == ("", "connect: Network is unreachable\n", 2)
        out, _err, status = run(p, "ping -c 1 10.0.2.2")
        assert status == 1 and "1 packets transmitted, 0 received, 100% packet loss" in out


@pytest.mark.skipif(shutil.which("adb") is None, reason="the adb client is not installed (Debian package adb)")
def test_the_adb_client_reads_proc_and_sys() -> None:
    from mobileagent_sim.adb_server import free_emulator_serials
    from mobileagent_sim.testing import serve

    with SimDevice(free_emulator_serials(1)[0]) as p, serve(p) as server:
        def adb(*words: str) -> subprocess.CompletedProcess[bytes]:
            return subprocess.run(["adb", "-P", str(server.port), "-s", p.serial, *words], capture_output=True,
                                  timeout=30)

        assert adb("shell", "cat", "/sys/class/power_supply/battery/capacity").stdout == b"100\n"
        assert adb("shell", "cat", "/proc/version").stdout.startswith(b"Linux version ")
        r = adb("shell", "echo 1 > /proc/uptime")
        assert (r.stderr, r.returncode) == (b"/system/bin/sh: can't create /proc/uptime: Permission denied\n", 1)


def test_the_memory_devices_of_dev(phone: SimDevice) -> None:
    """``/dev/null``, ``zero``, ``random``, ``urandom``: ``crw-rw-rw-`` devices of major 1 (``ls -l`` shows
    ``MAJOR,   MINOR`` as ``toys/posix/ls.c``); reads give nothing, zeros or random bytes, writes vanish."""
    assert run(phone, "head -c 16 /dev/urandom | wc -c", SHELL)[0] == "16\n"
    assert run(phone, "head -c 3 /dev/zero | od -An -tx1 2>/dev/null || head -c 3 /dev/zero | wc -c", SHELL)[0] \
        .strip() in ("00 00 00", "3")
    assert run(phone, "ls -l /dev/null", SHELL)[0].startswith("crw-rw-rw- 1 root root 1,   3 ")
    assert run(phone, "stat -c '%F %t %T' /dev/urandom")[0] == "character device 1 9\n"
    assert run(phone, "echo gone > /dev/zero; cat /dev/null", SHELL) == ("", "", 0)
    assert set(run(phone, "ls /dev")[0].split()) >= {"null", "random", "urandom", "zero"}
    assert run(phone, "rm /dev/null", SHELL)[1:] == ("rm: /dev/null: Permission denied\n", 1)


@pytest.mark.skipif(shutil.which("adb") is None, reason="the adb client is not installed (Debian package adb)")
def test_the_consoles_power_commands_change_the_battery(tmp_path: Path) -> None:
    """``adb emu power capacity N`` / ``ac off``: the goldfish battery changes, so the power supply files and
    BatteryService agree on it; ``dumpsys battery set`` freezes only the service's view."""
    from mobileagent_sim.adb_server import free_emulator_serials
    from mobileagent_sim.testing import serve

    # adb prints what the console sends after its second "OK": the banner's, then auth's. Without a token in
    # $HOME it sends no auth, and the command's own OK is the second (so the test must not read the user's HOME)
    (tmp_path / ".emulator_console_auth_token").write_text("power-token")
    env = {**os.environ, "HOME": str(tmp_path)}
    with SimDevice(free_emulator_serials(1)[0]) as p, serve(p, console_token="power-token") as server:
        def adb(*words: str) -> str:
            return subprocess.run(["adb", "-P", str(server.port), "-s", p.serial, *words], capture_output=True,
                                  timeout=30, env=env).stdout.decode()

        assert adb("emu", "power", "capacity", "40").strip() == "OK"
        adb("emu", "power", "ac", "off")
        adb("emu", "power", "status", "discharging")
        assert p.shell("cat /sys/class/power_supply/battery/capacity /sys/class/power_supply/ac/online") == "40\n0\n"
        assert p.shell("cat /sys/class/power_supply/battery/status") == "Discharging\n"
        dump = p.shell("dumpsys battery")
        assert "  level: 40\n" in dump and "  AC powered: false\n" in dump and "  status: 3\n" in dump
        assert "capacity: 40" in adb("emu", "power", "display")
        assert adb("emu", "power", "capacity", "x").startswith("KO: ")


def test_proc_sys_kernel_random(phone: SimDevice) -> None:
    """A fresh ``uuid`` at each read, one ``boot_id`` per boot."""
    first, second = run(phone, "cat /proc/sys/kernel/random/uuid; cat /proc/sys/kernel/random/uuid")[0].split()
    assert first != second and re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}", first)
    assert run(phone, "cat /proc/sys/kernel/random/boot_id")[0] == run(phone, "cat /proc/sys/kernel/random/boot_id")[0]


def test_proc_net_dev_lists_ifconfigs_interfaces(phone: SimDevice) -> None:
    lines = run(phone, "cat /proc/net/dev")[0].splitlines()
    assert lines[0].startswith("Inter-|   Receive ")
    names = [line.split(":")[0].strip() for line in lines[2:]]
    assert "wlan0" in names and "lo" in names
    assert all(f"{name}:" in phone.shell("ifconfig -a") or name in phone.shell("ip link") for name in names)
    assert " wlan0:       0       0    0" in run(phone, "cat /proc/net/dev")[0]
