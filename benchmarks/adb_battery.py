"""A battery of ordinary ``adb`` commands, run with the real ``adb`` client against a simulated phone.

Prints each command line, then the simulator's stdout, stderr and exit status, for people to compare with what an
Android 13 emulator (google_apis x86_64) answers to the same line. It judges nothing itself: the point is to read
the answers beside an emulator's (run the same script with ``--serial`` against an emulator's adb server to get the
emulator's side, then ``diff`` the two outputs). Run from the repository root::

    python benchmarks/adb_battery.py                       # a fresh simulated phone, served on a free port
    python benchmarks/adb_battery.py -k proc -k dumpsys     # only the commands containing these words
    python benchmarks/adb_battery.py --port 5037 --serial emulator-5554   # an existing adb server (an emulator)

Needs Debian's ``adb`` client (``/usr/bin/adb``). Lines that start the same way as on the emulator but carry
the moment's values (times, pids, memory figures) differ from run to run on an emulator too.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator

#: The battery, one ``adb`` command line a line (words as a shell splits them; ``#`` starts a section's title).
#: ``{tmp}`` is a host scratch folder.
BATTERY = """
# host services
devices
devices -l
get-state
get-serialno
get-devpath
version
wait-for-device
forward --list
reverse --list
# identity and properties
shell getprop ro.build.version.release
shell getprop ro.build.version.sdk
shell getprop ro.product.model
shell getprop ro.build.fingerprint
shell getprop ro.boot.qemu
shell getprop ro.kernel.qemu
shell getprop sys.boot_completed
shell getprop ro.product.cpu.abi
shell getprop persist.sys.timezone
shell 'getprop | head -5'
shell id
shell whoami
shell echo '$USER' '$HOME'
shell uname -a
shell uname -r
shell getenforce
shell nproc
# /proc and /sys
shell cat /proc/version
shell cat /proc/uptime
shell head -3 /proc/meminfo
shell grep -c processor /proc/cpuinfo
shell cat /proc/loadavg
shell cat '/proc/self/status | head -3'
shell 'ls /proc | head -5'
shell cat /proc/1/cmdline
shell cat /proc/cmdline
shell cat /sys/class/power_supply/battery/capacity
shell cat /sys/class/power_supply/battery/status
shell 'echo 1 > /proc/uptime'
shell ls /sys/class/power_supply
shell 'cat /proc/sys/kernel/hostname'
# files
shell ls
shell ls -l /sdcard
shell ls -la /data/local/tmp
shell ls /data/data
shell ls -ld /sdcard/Download
shell pwd
shell df
shell df -h /data
shell du -s /sdcard/Download
shell 'mount | head -5'
shell 'touch /sdcard/Download/battery.txt && ls /sdcard/Download'
shell 'echo hello > /data/local/tmp/b.txt; cat /data/local/tmp/b.txt'
shell "stat -c '%s %U %a' /data/local/tmp/b.txt"
shell md5sum /data/local/tmp/b.txt
shell rm /data/local/tmp/nonexistent
shell mkdir -p /sdcard/Download/x/y
shell find /sdcard/Download -type d
shell cat /data/system/packages.xml
push {tmp}/host.txt /data/local/tmp/host.txt
pull /data/local/tmp/host.txt {tmp}/pulled.txt
push {tmp}/host.txt /system/host.txt
pull /proc/version {tmp}/version.txt
pull /sdcard/nonexistent {tmp}/none
# processes and system
shell 'ps | head -3'
shell ps -A -o 'PID,NAME | head -3'
shell pidof system_server
shell top -b -n 1 -m 5
shell uptime
shell free
shell free -m
shell date
shell date +%s
shell which ls
shell 'env | sort | head -5'
shell netstat -tn
shell ping -c 1 127.0.0.1
shell ping -c 1 google.com
shell ifconfig wlan0
shell ip addr show wlan0
shell ip route
shell service 'list | head -3'
shell service check activity
shell service check nosuchservice
shell log -t battery hello
shell sleep 1
shell 'exit 3'
shell nosuchcommand
shell 'echo $((6*7))'
# settings
shell settings get global airplane_mode_on
shell settings put system screen_brightness 120
shell settings get system screen_brightness
shell settings list 'secure | head -3'
shell settings get secure nosuchkey
shell settings delete global nosuchkey
shell "content query --uri content://settings/global --where \\"name='wifi_on'\\""
# packages
shell pm list 'packages | head -5'
shell pm list packages -3
shell pm list packages '-s | wc -l'
shell pm path com.android.chrome
shell pm list 'features | head -5'
shell pm list users
shell pm list permissions '-g | head -3'
shell pm list instrumentation
shell pm clear com.android.chrome
shell pm grant com.google.android.apps.maps android.permission.ACCESS_FINE_LOCATION
shell pm dump 'com.android.chrome | grep -m 2 version'
shell dumpsys package 'com.android.chrome | grep version'
shell cmd package list packages '-e | head -3'
shell pm list packages nosuchpackage
shell pm uninstall nosuch.package
install {tmp}/bogus.apk
# activities
shell am start -n com.android.settings/.Settings
shell am start -W -a android.settings.SETTINGS
shell am start -n com.nosuch/.Main
shell am force-stop com.android.settings
shell am get-current-user
shell am stack 'list | head -4'
shell am broadcast -a android.intent.action.BATTERY_CHANGED
shell monkey -p com.android.settings -c android.intent.category.LAUNCHER 1
shell cmd statusbar expand-notifications
shell cmd statusbar collapse
shell cmd notification list
shell cmd activity get-current-user
# dumpsys
shell 'dumpsys -l | head -4'
shell 'dumpsys | head -3'
shell dumpsys battery
shell dumpsys 'window | grep mCurrentFocus'
shell dumpsys window 'displays | head -5'
shell dumpsys activity 'activities | grep mResumedActivity'
shell dumpsys activity 'top | head -3'
shell dumpsys 'input | head -5'
shell dumpsys 'meminfo | head -8'
shell dumpsys meminfo 'com.android.settings | head -8'
shell dumpsys 'cpuinfo | head -4'
shell dumpsys deviceidle
shell dumpsys deviceidle 'whitelist | head -3'
shell dumpsys SurfaceFlinger --list
shell dumpsys 'notification | head -5'
shell dumpsys 'display | grep mBaseDisplayInfo'
shell dumpsys 'power | grep mWakefulness'
shell dumpsys 'wifi | head -3'
shell dumpsys nosuchservice
shell dumpsys 'audio | head -3'
shell dumpsys 'connectivity | head -3'
# screen and input
shell wm size
shell wm density
shell wm size 1080x2000
shell wm size reset
shell input keyevent KEYCODE_HOME
shell input keyevent 3
shell input tap 540 1200
shell input swipe 500 1500 500 500 100
shell input text hello
shell input
shell screencap -p /sdcard/screen.png
shell ls -l /sdcard/screen.png
exec-out 'screencap -p | head -c 8 | od -c | head -1'
shell uiautomator dump
shell uiautomator dump /sdcard/ui.xml
shell svc wifi disable
shell svc wifi enable
shell cmd wifi status
shell ime list -s
# logs
logcat -d -t 3
logcat -c
shell logcat -d -b main -t 2
logcat -g
bugreport {tmp}/bugreport.zip
# more of what harnesses ask
shell "ls -l /sdcard/"
shell "cat /proc/meminfo | grep MemTotal"
shell "dumpsys battery | grep level"
shell "dumpsys power | grep 'Display Power'"
shell "dumpsys window windows | grep -E 'mCurrentFocus|mFocusedApp'"
shell "dumpsys activity | grep mResumedActivity"
shell am start -a android.intent.action.VIEW -d https://www.example.com
shell am start -a android.settings.SETTINGS
shell "pm list packages -f | head -3"
shell settings get secure android_id
shell getprop ro.serialno
shell "getprop | grep -c ro."
shell input keyevent 26
shell "cmd battery set level 50; dumpsys battery | grep level; cmd battery reset"
shell "ls /system/bin | head -5"
shell "ls -la /"
shell "stat /sdcard"
shell "wc -l /proc/cpuinfo"
shell "head -c 16 /dev/urandom | wc -c"
shell "cat /sys/class/power_supply/ac/online"
shell "ls /proc/self/"
shell "cat /proc/version | cut -d' ' -f3"
shell "top -n 1 -b | head -5"
shell "ps -o PID,PPID,NAME -p 1"
shell "df /sdcard"
shell "mount | grep /data"
shell "id -u"
shell "getenforce; echo $?"
shell "uname -m"
shell "tty"
shell "echo $SHELL $USER $HOSTNAME"
shell "which su"
shell "su 0 id"
shell "dumpsys window | grep -E 'mUnrestrictedScreen|mStableFullscreen|DisplayFrames'"
shell "wm size 720x1280; wm size; wm size reset"
shell "cmd package resolve-activity --brief com.android.settings"
shell "pm path com.nosuch; echo $?"
shell "am force-stop com.nosuch; echo $?"
shell "content query --uri content://settings/system --projection name:value --where \"name='screen_brightness'\""
shell "setprop debug.battery 1; getprop debug.battery"
shell "svc power stayon true; settings get global stay_on_while_plugged_in"
shell "dumpsys package com.android.settings | grep -m1 versionName"
shell "dumpsys activity recents | grep 'Recent #0'"
shell "logcat -d -s ActivityManager | tail -2"
shell "ime list -a | head -3"
shell "cmd uimode night"
shell "dumpsys uimode | head -3"
shell "dumpsys alarm | head -3"
shell "cmd connectivity airplane-mode"
shell "dumpsys telephony.registry | head -3"
shell "service call alarm 3 s16 UTC"
emu avd name
emu power capacity 40
shell "dumpsys battery | grep level"
# root
root
shell id
unroot
"""


def commands() -> list[list[str]]:
    """The battery's command lines as argument lists."""
    return [shlex.split(line) for line in BATTERY.splitlines() if line.strip() and not line.startswith("#")]


def _selected(lines: list[list[str]], words: list[str]) -> list[list[str]]:
    return [c for c in lines if not words or any(w in " ".join(c) for w in words)]


@contextlib.contextmanager
def _served_phone() -> Iterator[tuple[int, str]]:
    """A fresh simulated phone served on a free port: (port, serial)."""
    from mobileagent_sim import SimDevice
    from mobileagent_sim.adb_server import free_emulator_serials
    from mobileagent_sim.testing import serve

    with SimDevice(free_emulator_serials(1)[0]) as phone, serve(phone) as server:
        yield server.port, phone.serial


def _run(adb: str, port: int, serial: str, words: list[str], tmp: str) -> str:
    words = [w.replace("{tmp}", tmp) for w in words]
    try:
        r = subprocess.run([adb, "-P", str(port), "-s", serial, *words], capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return "  (no answer in 60 s)\n"
    text = ""
    if r.stdout:
        text += "".join(f"  | {line}\n" for line in r.stdout.decode(errors="replace").splitlines())
    if r.stderr:
        text += "".join(f"  ! {line}\n" for line in r.stderr.decode(errors="replace").splitlines())
    return text + f"  exit {r.returncode}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-k", dest="words", action="append", default=[], help="only commands containing WORD")
    parser.add_argument("--port", type=int, help="an existing adb server's port (default: serve a simulated phone)")
    parser.add_argument("--serial", default="emulator-5554", help="the device on that server")
    args = parser.parse_args(argv)
    adb = shutil.which("adb")
    if adb is None:
        print("the adb client is not installed (Debian package adb)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        with open(os.path.join(tmp, "host.txt"), "w") as f:
            f.write("from the host\n")
        with open(os.path.join(tmp, "bogus.apk"), "wb") as f:
            f.write(b"not an apk")
        port, serial = (args.port, args.serial) if args.port else stack.enter_context(_served_phone())
        selected = _selected(commands(), args.words)
        for words in selected:
            print("$ adb " + " ".join(words).replace("{tmp}", "TMP"), flush=True)
            print(_run(adb, port, serial, words, tmp).replace(tmp, "TMP"), end="", flush=True)
        print(f"# {len(selected)} commands", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
