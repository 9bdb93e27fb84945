"""``dumpsys`` of the system services every emulator runs beyond the window and activity managers: battery,
meminfo, cpuinfo, deviceidle, SurfaceFlinger, notification, and the first lines of the others the simulated
phone registers (alarm, bluetooth_manager, connectivity, media_session, settings, statusbar, uimode).

Each prints the sections of its AOSP ``dump`` that the simulated phone has figures for, in their format; the
figures come from :mod:`mobileagent_sim.kernel` (processes, memory, battery), so ``dumpsys meminfo``
agrees with ``ps`` and ``/proc/meminfo``, ``dumpsys battery`` with ``/sys/class/power_supply``.
"""

from __future__ import annotations

import datetime as dt
import zoneinfo

import mobileagent_sim.kernel as kernel
import mobileagent_sim.services as services
from mobileagent_sim.framework import (
    _hash,
    _resumed,
    _wifi_on,
    _window_title,
    dumpsys_service,
)
from mobileagent_sim.shell import Result, Shell, ok, with_stderr
from pytest_mobileagent.android.audio import STREAM_IDS, STREAM_MAX, STREAM_MIN, STREAM_NAMES

# -- battery -------------------------------------------------------------------------------------------------------

#: ``dumpsys battery set`` keys and the state each overrides (BatteryService's ``onShellCommand``).
_BATTERY_KEYS = {"ac": "ac", "usb": "usb", "wireless": "wireless", "status": "status", "level": "level",
                 "temp": "temperature", "present": "present", "counter": "charge_counter", "invalid": "invalid"}
_BATTERY_HELP = ("Battery service (battery) commands:\n  help\n    Print this help text.\n"
                 "  get [-f] [ac|usb|wireless|status|level|temp|present|counter|invalid]\n"
                 "  set [-f] [ac|usb|wireless|status|level|temp|present|counter|invalid] <value>\n"
                 "    Force a battery property value, freezing battery state.\n    -f: force a battery change "
                 "broadcast be sent, prints new sequence.\n  unplug [-f]\n    Force battery unplugged, freezing "
                 "battery state.\n    -f: force a battery change broadcast be sent, prints new sequence.\n"
                 "  reset [-f]\n    Unfreeze battery state, returning to current hardware values.\n"
                 "    -f: force a battery change broadcast be sent, prints new sequence.\n")


def _battery_value(key: str, value: str) -> object:
    if key in ("ac", "usb", "wireless", "present"):
        return value not in ("0", "false")
    return int(value)


@dumpsys_service("battery")
def _battery(sh: Shell, args: list[str]) -> str | Result:
    """``dumpsys battery`` (``BatteryService.dumpInternal``), and its commands ``set``, ``unplug``, ``reset``,
    ``get``: overrides freeze what the service reports, not the power supply's files."""
    words = [a for a in args if a != "-f"]
    overrides: dict[str, object] = vars(sh.system).setdefault("battery_overrides", {})
    if words[:1] == ["set"] and len(words) == 3 and words[1] in _BATTERY_KEYS:
        try:
            overrides[_BATTERY_KEYS[words[1]]] = _battery_value(words[1], words[2])
        except ValueError:
            return with_stderr(sh, b"", 255, f"Bad value: {words[2]}\n")
        return ok()
    if words[:1] == ["get"] and len(words) == 2 and words[1] in _BATTERY_KEYS:
        value = kernel.battery_state(sh.system).get(_BATTERY_KEYS[words[1]], 0)
        return ok(f"{str(value).lower() if isinstance(value, bool) else value}\n")
    if words == ["unplug"]:
        overrides.update(ac=False, usb=False, wireless=False)
        return ok()
    if words == ["reset"]:
        overrides.clear()
        return ok()
    if words:
        return ok(_BATTERY_HELP) if words[0] in ("help", "-h") else with_stderr(
            sh, f"Unknown command: {words[0]}\n".encode(), 255)
    b = kernel.battery_state(sh.system)

    def flag(key: str) -> str:
        return "true" if b[key] else "false"

    frozen = "  (UPDATES STOPPED -- use 'reset' to restart)\n" if overrides else ""
    return (f"Current Battery Service state:\n{frozen}  AC powered: {flag('ac')}\n  USB powered: {flag('usb')}\n"
            f"  Wireless powered: {flag('wireless')}\n  Dock powered: false\n"
            f"  Max charging current: {b['max_current']}\n  Max charging voltage: {b['max_voltage']}\n"
            f"  Charge counter: {b['charge_counter']}\n  status: {b['status']}\n  health: {b['health']}\n"
            f"  present: {flag('present')}\n  level: {b['level']}\n  scale: {b['scale']}\n"
            f"  voltage: {b['voltage_mv']}\n  temperature: {b['temperature']}\n  technology: {b['technology']}\n")


# -- meminfo and cpuinfo -------------------------------------------------------------------------------------------

def _uptime_ms(sh: Shell) -> int:
    return int(kernel.uptime_seconds(sh.system) * 1000)


def _kb(value: int) -> str:
    """``stringifyKBSize``: thousands separated, ``K`` after."""
    return f"{value:,}K"


def _pss(p: kernel.Proc) -> int:
    """Proportional set size: the process's own pages and its share of the zygote's (about 70% of its RSS)."""
    return kernel.rss_kb(p) * 7 // 10


def _framework_processes(sh: Shell) -> list[kernel.Proc]:
    """The processes ActivityManager knows (the system server and the apps), largest first."""
    procs = [p for p in kernel.processes(sh) if kernel.is_java(p)]
    return sorted(procs, key=lambda p: -kernel.rss_kb(p))


def _process_label(p: kernel.Proc) -> str:
    return f"{'system' if p.name == 'system_server' else p.name} (pid {p.pid})"


@dumpsys_service("meminfo")
def _meminfo(sh: Shell, args: list[str]) -> str | Result:
    """``dumpsys meminfo`` (``ActivityManagerService.dumpApplicationMemoryUsage``): the totals by process and the
    RAM summary; ``dumpsys meminfo PACKAGE|PID``: that process's table (``No process found for: X`` if none)."""
    words = [a for a in args if not a.startswith("-")]
    head = f"Applications Memory Usage (in Kilobytes):\nUptime: {_uptime_ms(sh)} Realtime: {_uptime_ms(sh)}\n"
    procs = _framework_processes(sh)
    if words:
        chosen = [p for p in procs if p.name == words[0] or str(p.pid) == words[0]]
        if not chosen:
            return ok(f"No process found for: {words[0]}\n")
        return ok(head + "".join("\n" + _meminfo_process(p) for p in chosen))
    lines = [head, "Total RSS by process:"]
    lines += [f"  {_kb(kernel.rss_kb(p)):>10}: {_process_label(p)}" for p in procs]
    lines += ["", "Total PSS by process:"]
    lines += [f"  {_kb(_pss(p)):>10}: {_process_label(p)}" for p in procs]
    m = kernel.MEMINFO
    used_pss = sum(_pss(p) for p in procs)
    cached = m["Cached"] + m["Buffers"]
    kernel_kb = m["Slab"] + m["KernelStack"] + m["PageTables"] + m["VmallocUsed"]
    free = m["MemFree"]
    lost = m["MemTotal"] - free - cached - used_pss - kernel_kb
    lines += ["", f"Total RAM: {_kb(m['MemTotal'])} (status normal)",
              f" Free RAM: {_kb(free + cached):>10} ({_kb(0):>10} cached pss + {_kb(cached):>10} cached kernel + "
              f"{_kb(free):>10} free)",
              f" Used RAM: {_kb(used_pss + kernel_kb):>10} ({_kb(used_pss):>10} used pss + {_kb(kernel_kb):>10} "
              "kernel)",
              f" Lost RAM: {_kb(lost):>10}",
              f"     ZRAM: {_kb(0):>10} physical used for {_kb(0):>10} in swap ({_kb(0):>10} total swap)",
              f"   Tuning: 192 (large 576), oom {_kb(322560):>10}, restore limit {_kb(107520):>10} (high-end-gfx)",
              ""]
    return ok("\n".join(lines))


def _meminfo_process(p: kernel.Proc) -> str:
    """``** MEMINFO in pid N [NAME] **``: the process's memory by kind (``Debug.MemoryInfo``), its summary."""
    rss, pss = kernel.rss_kb(p), _pss(p)
    java, native, code, graphics = pss * 30 // 100, pss * 25 // 100, pss * 30 // 100, pss * 5 // 100
    stack, other = 1000, pss - java - native - code - graphics - 1000
    rows = [("Native Heap", native, native, 0, 0, native * 13 // 10, native * 2, native * 16 // 10, native * 4 // 10),
            ("Dalvik Heap", java, java, 0, 0, java * 13 // 10, java * 3, java, java * 2),
            ("Stack", stack, stack, 0, 0, stack, None, None, None),
            ("Gfx dev", graphics, graphics, 0, 0, graphics, None, None, None),
            (".so mmap", code * 4 // 10, 300, code * 3 // 10, 0, code * 8 // 10, None, None, None),
            (".apk mmap", code * 3 // 10, 0, code * 2 // 10, 0, code * 6 // 10, None, None, None),
            (".art mmap", code * 3 // 10, code * 2 // 10, 0, 0, code * 6 // 10, None, None, None),
            ("Unknown", other, other, 0, 0, other, None, None, None)]
    table = [f"** MEMINFO in pid {p.pid} [{p.name}] **",
             "                   Pss  Private  Private  SwapPss      Rss     Heap     Heap     Heap",
             "                 Total    Dirty    Clean    Dirty    Total     Size    Alloc     Free",
             "                ------   ------   ------   ------   ------   ------   ------   ------"]
    for name, *values in rows:
        table.append(f"{name:>13}" + "".join(f"{'' if v is None else v:>9}" for v in values).rstrip())
    dirty = sum(r[2] for r in rows)
    clean = sum(r[3] for r in rows)
    table.append(f"{'TOTAL':>13}{pss:>9}{dirty:>9}{clean:>9}{0:>9}{rss:>9}{rows[0][6] + rows[1][6]:>9}"
                 f"{rows[0][7] + rows[1][7]:>9}{rows[0][8] + rows[1][8]:>9}")
    table += ["", " App Summary", "                       Pss(KB)                        Rss(KB)",
              "                        ------                         ------"]
    for label, value in (("Java Heap", java + code * 2 // 10), ("Native Heap", native), ("Code", code * 7 // 10),
                         ("Stack", stack), ("Graphics", graphics), ("Private Other", other), ("System", 0),
                         ("Unknown", 0)):
        table.append(_pairs((label + ":", value), ("", value)))
    table += ["", _pairs(("TOTAL PSS:", pss), ("TOTAL RSS:", rss), ("TOTAL SWAP PSS:", 0)), "", " Objects",
              _pairs(("Views:", 120), ("ViewRootImpl:", 1)), _pairs(("AppContexts:", 5), ("Activities:", 1)), ""]
    return "\n".join(table) + "\n"


def _pairs(*pairs: tuple[str, int]) -> str:
    """Labels right-aligned in 21 columns, each with its number in 8 (``MemInfo``'s ``%21s %8d`` columns)."""
    return " ".join(f"{label:>21} {value:>8}" for label, value in pairs)


@dumpsys_service("cpuinfo")
def _cpuinfo(sh: Shell, args: list[str]) -> str:
    """``dumpsys cpuinfo`` (``ProcessCpuTracker.printCurrentState``): the idle phone's load and every process at
    0% over the last minutes."""
    now = sh.system.clock.now.astimezone(zoneinfo.ZoneInfo(sh.system.clock.timezone))
    start = now - dt.timedelta(seconds=min(kernel.uptime_seconds(sh.system), 60))

    def stamp(when: dt.datetime) -> str:
        return when.strftime("%Y-%m-%d %H:%M:%S.") + f"{when.microsecond // 1000:03d}"

    span = int((now - start).total_seconds() * 1000)
    lines = ["Load: 0.0 / 0.0 / 0.0", f"CPU usage from {span}ms to 0ms ago ({stamp(start)} to {stamp(now)}):"]
    lines += [f"  0% {p.pid}/{p.name}: 0% user + 0% kernel" for p in _framework_processes(sh)]
    lines.append("0% TOTAL: 0% user + 0% kernel + 0% iowait")
    return "\n".join(lines) + "\n"


# -- deviceidle ----------------------------------------------------------------------------------------------------

#: Packages the image's ``sysconfig`` lets run in Doze among those the simulated phone has
#: (``allow-in-power-save``: the dialer and messaging apps Google ships; ``-except-idle``: none of them).
DEVICEIDLE_SYSTEM = ("com.google.android.apps.messaging", "com.google.android.dialer")


def _idle(sh: Shell) -> dict[str, str]:
    return vars(sh.system).setdefault("device_idle", {"deep": "ACTIVE", "light": "ACTIVE", "forced": ""})


@dumpsys_service("deviceidle")
def _deviceidle(sh: Shell, args: list[str]) -> str | Result:
    """``dumpsys deviceidle`` (``DeviceIdleController``): its state (the phone is charging with the screen on, so
    ACTIVE), ``whitelist`` (``system,PACKAGE,UID`` lines), ``get light|deep|force|screen|charging|network``,
    ``force-idle``, ``unforce``, ``step``, ``enable``/``disable``."""
    state = _idle(sh)
    verb = args[0] if args else ""
    if verb == "whitelist" and len(args) == 1:
        apps = sh.system.apps
        return "".join(f"system,{pkg},{apps[pkg].uid}\n" for pkg in DEVICEIDLE_SYSTEM if pkg in apps)
    if verb == "get" and len(args) == 2:
        values = {"light": state["light"], "deep": state["deep"], "force": "true" if state["forced"] else "false",
                  "screen": "true", "charging": "true" if kernel.battery_state(sh.system)["ac"] else "false",
                  "network": "true" if _wifi_on(sh) else "false"}
        return f"{values[args[1]]}\n" if args[1] in values else f"Unknown get option: {args[1]}\n"
    if verb == "force-idle":
        state.update(deep="IDLE", forced="deep")
        return "Now forced in to deep idle mode\n"
    if verb == "unforce":
        state.update(deep="ACTIVE", light="ACTIVE", forced="")
        return "Light state: ACTIVE, deep state: ACTIVE\n"
    if verb == "step":
        order = ["ACTIVE", "INACTIVE", "IDLE_PENDING", "SENSING", "LOCATING", "IDLE", "IDLE_MAINTENANCE"]
        state["deep"] = order[(order.index(state["deep"]) + 1) % len(order)] if state["deep"] != "IDLE" else \
            "IDLE_MAINTENANCE"
        return f"Stepped to deep: {state['deep']}\n"
    if verb in ("enable", "disable"):
        return f"{'Enabled' if verb == 'enable' else 'Disabled'} device idle mode\n"
    if verb:
        return with_stderr(sh, b"", 255, f"dumpsys deviceidle {verb}: not simulated\n")
    apps = sh.system.apps
    allowed = [f"    {pkg}" for pkg in DEVICEIDLE_SYSTEM if pkg in apps]
    uids = ", ".join(f"UID={apps[pkg].uid}" for pkg in DEVICEIDLE_SYSTEM if pkg in apps)
    return ("  Whitelist (except idle) system apps:\n" + "\n".join(allowed) + "\n  Whitelist system apps:\n"
            + "\n".join(allowed) + f"\n  Whitelist (except idle) all app ids:\n    {uids}\n"
            + f"  mLightEnabled=true  mDeepEnabled=true\n  mForceIdle={'true' if state['forced'] else 'false'}\n"
            + f"  mScreenOn=true\n  mScreenLocked=false\n  mNetworkConnected={'true' if _wifi_on(sh) else 'false'}\n"
            + f"  mCharging={'true' if kernel.battery_state(sh.system)['ac'] else 'false'}\n  mMotionActive=false\n"
            + f"  mNotMoving=false\n  mState={state['deep']} mLightState={state['light']}\n"
            + "  mInactiveTimeout=+30m0s0ms\n")


# -- SurfaceFlinger and notification -------------------------------------------------------------------------------

def _layers(sh: Shell) -> list[str]:
    """The layers of the visible windows, top first, as SurfaceFlinger names them: each window's
    ``HASH TITLE#ID``, under the focused activity its ``ActivityRecord{...}`` and ``Task=N`` containers."""
    names = ["Display Root#0", "Display Overlays#1"]
    seq = 2
    _pkg, _act, short, task_id = _resumed(sh)
    for win in sh.system.windows():
        title = _window_title(win)
        if win.owner is not None and not win.modal and "/" in title:
            names += [f"Task={task_id}#{seq}", f"ActivityRecord{{{_hash(short)} u0 {short} t{task_id}}}#{seq + 1}"]
            seq += 2
        names.append(f"{_hash(title)} {title}#{seq}")
        seq += 1
    return names


@dumpsys_service("SurfaceFlinger")
def _surfaceflinger(sh: Shell, args: list[str]) -> str | Result:
    """``dumpsys SurfaceFlinger --list``: the layer names, one a line; the full dump (its HWC, GPU and layer
    state) is not simulated."""
    if args[:1] == ["--list"]:
        return "\n".join(_layers(sh)) + "\n"
    return with_stderr(sh, b"", 255, "dumpsys SurfaceFlinger: only --list is simulated\n")


@dumpsys_service("notification")
def _notification(sh: Shell, args: list[str]) -> str:
    """``dumpsys notification`` (``NotificationManagerService.dumpImpl``): the simulated phone posts no
    notifications, so its lists are empty."""
    return ("Current Notification Manager state:\n  Notification List:\n\n  mSoundNotificationKey=null\n"
            "  mVibrateNotificationKey=null\n  mDisableNotificationEffects=null\n  mCallState=CALL_STATE_IDLE\n"
            "  mSystemReady=true\n  mMaxPackageEnqueueRate=5.0\n  mAdjustmentNotifications:\n\n"
            "  Snoozed notifications:\n\n  Pending snoozed notifications\n\n")


@dumpsys_service("audio")
def _audio(sh: Shell, args: list[str]) -> str:
    """``dumpsys audio``'s stream section (``AudioService.dumpStreamStates``, ``VolumeStreamState.dump``): each
    stream's range and index on the speaker, the output the simulator routes every stream to."""
    lines = ["", "Stream volumes (device: index)"]
    for key, number in sorted(STREAM_IDS.items(), key=lambda kv: kv[1]):
        index = services.stream_volume(sh.system, key)
        lines += [f"- {STREAM_NAMES[number]}:", f"   Muted: {'true' if index == 0 else 'false'}",
                  "   Muted Internally: false", f"   Min: {STREAM_MIN[key]}", f"   Max: {STREAM_MAX[key]}",
                  f"   streamVolume:{index}", f"   Current: 2 (speaker): {index}, 40000000 (default): {index}",
                  "   Devices: speaker", ""]
    return "\n".join(lines) + "\n"


# -- the first lines of the others -----------------------------------------------------------------------------

@dumpsys_service("alarm")
def _alarm(sh: Shell, args: list[str]) -> str:
    now = sh.system.clock.now
    return (f"Current Alarm Manager state:\n\n  nowRTC={int(now.timestamp() * 1000)}="
            f"{now:%Y-%m-%d %H:%M:%S} nowELAPSED={_uptime_ms(sh)}\n")


@dumpsys_service("bluetooth_manager")
def _bluetooth(sh: Shell, args: list[str]) -> str:
    on = sh.system.settings.get("global", "bluetooth_on") == "1"
    return (f"Bluetooth Status\n  enabled: {'true' if on else 'false'}\n  state: {'ON' if on else 'OFF'}\n"
            f"  address: {'3C:5A:B4:01:02:03' if on else 'null'}\n  name: {'Pixel 6' if on else 'null'}\n")


@dumpsys_service("uimode")
def _uimode(sh: Shell, args: list[str]) -> str:
    night = 2 if sh.system.night_mode else 1
    return (f"Current UI Mode Service state:\n  mDockState=0 mLastBroadcastState=0\n  mNightMode={night} "
            f"({'yes' if night == 2 else 'no'}) mOverrideOn/Off=false/false mNightModeLocked=false "
            "mNightModeCustomType=-1 mCarModeEnabled=false mCarModeEnableFlags=0 mEnableCarDockLaunch=true\n")


@dumpsys_service("media_session")
def _media_session(sh: Shell, args: list[str]) -> str:
    return "MEDIA SESSION SERVICE (dumpsys media_session)\n\n0 sessions listeners.\nGlobal priority session is null\n"


@dumpsys_service("statusbar")
def _statusbar(sh: Shell, args: list[str]) -> str:
    return "  mDisabled1=0x0\n  mDisabled2=0x0\n  mNavBarMode=2\n  mExpanded=false\n"


@dumpsys_service("connectivity")
def _connectivity(sh: Shell, args: list[str]) -> str:
    wifi = _wifi_on(sh)
    return (f"NetworkProviders for:\n\nActive default network: {100 if wifi else 'none'}\n\n"
            f"Current network preferences:\n  Default requests:\n\nCurrent Networks:\n"
            + ("  NetworkAgentInfo{network{100}  handle{429513165} ni{WIFI CONNECTED extra: } ...}\n" if wifi else ""))


@dumpsys_service("settings")
def _settings_dump(sh: Shell, args: list[str]) -> str:
    """SettingsProvider's dump: each namespace's table, ``_id`` with name and value per row."""
    lines = []
    for ns, table in (("GLOBAL", "global"), ("SECURE", "secure"), ("SYSTEM", "system")):
        lines.append(f"{ns} SETTINGS (user 0)")
        values = sh.system.settings.list(table)
        lines += [f"_id:{k} name:{name} pkg:android value:{value}" for k, (name, value) in enumerate(values.items())]
    return "\n".join(lines) + "\n"
