"""The Android framework's shell commands on the simulated phone: ``am``, ``cmd``, ``settings``, ``svc``,
``content``, ``dumpsys``, ``input``, ``wm``, ``getprop``/``setprop``, ``screencap``, ``screenrecord``,
``uiautomator``, ``ime``, ``service``..., each printing what AOSP's prints, on the stream it prints it, with its
exit status. Their own modules: ``pm``/``cmd package`` (:mod:`mobileagent_sim.package_manager`),
``logcat``/``log`` (:mod:`mobileagent_sim.logcat`), ``sqlite3`` (:mod:`mobileagent_sim.sqlite_cli`);
content providers of the system (settings, media, contacts) in :mod:`mobileagent_sim.providers`.

Apps extend it: ``@content_provider`` (``content --uri content://AUTHORITY``), ``@dumpsys_service``, and a
``receivers`` class attribute of :class:`BroadcastReceiver` (what ``am broadcast`` delivers to).
"""

from __future__ import annotations

import contextlib
import io
import re
import struct
import time
import zlib
import zoneinfo
from collections.abc import Callable
from typing import Any

from PIL import Image

import mobileagent_sim.kernel as kernel
import mobileagent_sim.package_manager as package_manager
import mobileagent_sim.services as services
from mobileagent_sim.app import Intent
from mobileagent_sim.shell import (
    COMMANDS,
    SHELL_PID,
    Process,
    Result,
    Shell,
    command,
    default_action,
    fail,
    ok,
    process,
    signal_number,
    with_stderr,
)
from mobileagent_sim.toybox import write_as_user
from mobileagent_sim.users import user_id
from pytest_mobileagent.android import mp4, zen_mode
from pytest_mobileagent.android.audio import STREAM_IDS, STREAM_MAX, STREAM_MIN, STREAM_NAMES
from pytest_mobileagent.android.keyboard import LATIN_IME
from pytest_mobileagent.device.base import keycode_from_string


@command("settings")
def _settings(sh: Shell, argv: list[str]) -> Result:
    args = [a for a in argv[1:] if not a.startswith("--user")]
    if args and args[0] == "--user":
        args = args[2:]
    if len(args) < 2:
        return fail("usage: settings [--user <USER_ID>] get|put|delete|list NAMESPACE [KEY [VALUE]]\n", 255)
    verb, ns = args[0], args[1]
    try:
        if verb == "get" and len(args) >= 3:
            value = sh.system.settings.get(ns, args[2])
            return ok(f"{'null' if value is None else value}\n")
        if verb == "put" and len(args) >= 4:
            _settings_put(sh, ns, args[2], args[3])
            return ok()
        if verb == "delete" and len(args) >= 3:  # SettingsService: how many rows the provider deleted
            existed = sh.system.settings.get(ns, args[2]) is not None
            sh.system.settings.delete(ns, args[2])
            return ok(f"Deleted {int(existed)} rows\n")
        if verb == "list":
            return ok("".join(f"{k}={v}\n" for k, v in sh.system.settings.list(ns).items()))
    except ValueError as e:
        return fail(f"{e}\n", 255)
    return fail(f"Invalid command: {verb}\n", 255)


def _settings_put(sh: Shell, ns: str, key: str, value: str) -> None:
    # Writing these keys has side effects through their observers on a real device.
    if (ns, key) == ("system", "screen_brightness"):
        services.set_brightness(sh.system, int(value))
    else:
        services.put_setting(sh.system, ns, key, value)
    sh.system.invalidate()


#: ``settings put`` and SettingsProvider inserts, with the system's observers (``content insert`` uses it too).
settings_put = _settings_put


#: ``svc power stayon`` values: BatteryManager plug types, ``global stay_on_while_plugged_in``.
STAY_ON = {"true": 7, "false": 0, "ac": 1, "usb": 2, "wireless": 4}


@command("svc")
def _svc(sh: Shell, argv: list[str]) -> Result:
    """``svc wifi|data|bluetooth enable|disable``, ``svc power stayon`` (``frameworks/base/cmds/svc``; Android
    13's ``svc`` runs ``cmd wifi``... for them)."""
    args = argv[1:]
    if len(args) >= 2 and args[1] in ("enable", "disable"):
        on = args[1] == "enable"
        if args[0] == "wifi":
            services.set_wifi(sh.system, on, caller="com.android.shell")
            return ok()
        if args[0] == "bluetooth":
            services.set_bluetooth(sh.system, on, caller="com.android.shell")
            return ok()
        if args[0] == "data":
            sh.system.settings.put("global", "mobile_data", "1" if on else "0")
            return ok()
    if args[:2] == ["power", "stayon"] and len(args) == 3 and args[2] in STAY_ON:
        sh.system.settings.put("global", "stay_on_while_plugged_in", str(STAY_ON[args[2]]))
        return ok()
    if not args or args[0] == "help":
        return ok("Available commands:\n    help     Show information about the subcommands\n    power    Control "
                  "the power manager\n    data     Control mobile data connectivity\n    wifi     Control the "
                  "Wi-Fi manager\n    bluetooth Control Bluetooth service\n")
    return with_stderr(sh, b"", 1, f"svc {' '.join(args)}: not simulated\n")


@command("cmd")
def _cmd(sh: Shell, argv: list[str]) -> Result:
    """``cmd SERVICE ARGS``: the service's shell command (``frameworks/native/cmds/cmd/cmd.cpp``); a service
    that does not exist is ``cmd: Can't find service: NAME`` (status 20), one the simulated phone does not
    run the same, naming it."""
    args = argv[1:]
    if not args:
        return with_stderr(sh, b"", 20, "cmd: No service specified; use -l to list all running services. "
                                        "Use -w to start and wait for a service.\n")
    service, rest = args[0], args[1:]
    if service == "-l":
        return ok("Currently running services:\n" + "".join(f"  {name}\n" for name in running_services()))
    handler = CMD_SERVICES.get(service)
    if handler is None and service in UNSIMULATED_SERVICES:
        return with_stderr(sh, b"", 255, f"cmd {service}: not simulated\n")
    if handler is None:
        return with_stderr(sh, b"", 20, f"cmd: Can't find service: {service}\n")
    return handler(sh, rest)


def _cmd_legacy(sh: Shell, args: list[str]) -> Result:
    """The services whose commands the simulator had before the dispatcher: wifi, bluetooth, connectivity,
    uimode, notification, media_session."""
    if args[:2] == ["wifi", "set-wifi-enabled"] and len(args) >= 3:
        services.set_wifi(sh.system, args[2] == "enabled", caller="com.android.shell")
        return ok()
    if args[:2] == ["wifi", "status"]:
        return ok(_wifi_status(sh))
    if args[:1] == ["bluetooth_manager"] and len(args) >= 2 and args[1] in ("enable", "disable"):
        services.set_bluetooth(sh.system, args[1] == "enable", caller="com.android.shell")
        return ok()
    if args[:2] == ["connectivity", "airplane-mode"] and len(args) >= 3:
        services.set_airplane(sh.system, args[2] == "enable")
        return ok()
    if args[:2] == ["connectivity", "airplane-mode"]:
        return ok("enabled\n" if sh.system.settings.get("global", "airplane_mode_on") == "1" else "disabled\n")
    if args[:2] == ["uimode", "night"] and len(args) >= 3:
        if args[2] not in ("yes", "no"):
            return fail("Error: mode must be 'yes', 'no', or 'auto'\n", 255)
        services.set_night_mode(sh.system, args[2] == "yes")
        return ok(f"Night mode: {args[2]}\n")
    if args == ["notification", "list"]:  # the keys of the posted notifications: none on the simulated phone
        return ok()
    if args[:2] == ["notification", "set_dnd"] and len(args) >= 3:
        return _set_dnd(sh, args[2])
    if args[:2] == ["media_session", "volume"]:
        return _volume_ctrl(sh, args[2:])
    if args == ["uimode", "night"]:
        return ok(f"Night mode: {'yes' if sh.system.night_mode else 'no'}\n")
    return with_stderr(sh, b"", 255, f"cmd {' '.join(args[:2])}: not simulated\n")


def _wifi_on(sh: Shell) -> bool:
    return sh.system.settings.get("global", "wifi_on") == "1" and \
        sh.system.settings.get("global", "airplane_mode_on") != "1"


def _wifi_status(sh: Shell) -> str:
    """``cmd wifi status`` (``WifiShellCommand``): the emulator's virtual access point ``AndroidWifi``."""
    if not _wifi_on(sh):
        return "Wifi is disabled\nWifi scanning is always available\n"
    return ("Wifi is enabled\nWifi scanning is always available\n==== Primary ClientModeManager instance ====\n"
            'Wifi is connected to "AndroidWifi"\n'
            'WifiInfo: SSID: "AndroidWifi", BSSID: 00:13:10:85:fe:01, MAC: 02:00:00:00:00:00, IP: /10.0.2.16, '
            "Security type: 0, Supplicant state: COMPLETED, Wi-Fi standard: 4, RSSI: -50, Link speed: 2Mbps, "
            "Tx Link speed: 2Mbps, Max Supported Tx Link speed: 11Mbps, Rx Link speed: 2Mbps, Max Supported Rx "
            "Link speed: 11Mbps, Frequency: 2447MHz, Net ID: 0, Metered hint: false, score: 60\n")


def _cmd_statusbar(sh: Shell, args: list[str]) -> Result:
    """``cmd statusbar`` (``StatusBarShellCommand``): the simulated phone has no notification shade or quick
    settings panel to expand, so expanding fails naming it; collapsing what is not expanded does nothing."""
    verb = args[0] if args else ""
    if verb == "collapse":
        return ok()
    if verb in ("expand-notifications", "expand-settings"):
        return with_stderr(sh, b"", 255, f"cmd statusbar {verb}: the notification shade is not simulated\n")
    return with_stderr(sh, f"Unknown command: {verb}\n".encode(), 255)


def _cmd_via(name: str) -> Callable[[Shell, list[str]], Result]:
    """A service whose ``cmd`` is the same as its command-line wrapper (``pm`` is ``cmd package``...)."""
    def run(sh: Shell, args: list[str]) -> Result:
        return COMMANDS[name](sh, [name, *args])

    return run


def _cmd_service(service: str) -> Callable[[Shell, list[str]], Result]:
    def run(sh: Shell, args: list[str]) -> Result:
        return _cmd_legacy(sh, [service, *args])

    return run


def _set_dnd(sh: Shell, mode: str) -> Result:
    """NotificationShellCmd's ``set_dnd``: the interruption filter through the service (an unknown mode is
    ``INTERRUPTION_FILTER_UNKNOWN``, which the service refuses; the command still exits 0)."""
    if mode not in zen_mode.SET_DND_MODES:
        return ok("Error occurred. Check logcat for details. Invalid filter: 0\n")
    services.set_zen_mode(sh.system, zen_mode.SET_DND_MODES[mode])
    return ok()


@command("media")
def _media(sh: Shell, argv: list[str]) -> Result:
    """``media volume ...``: the wrapper of ``cmd media_session``."""
    if argv[1:2] == ["volume"]:
        return _volume_ctrl(sh, argv[2:])
    return fail(f"media: unknown command {' '.join(argv[1:])}\n", 255)


def _volume_ctrl(sh: Shell, args: list[str]) -> Result:
    """AOSP ``VolumeCtrl``: ``--stream N`` (default music), then ``--get``, ``--set I`` or ``--adj
    raise|same|lower``, each option logged as it is read; the index lives in AudioService, not in settings."""
    lines, stream, index, adjust, get = [], STREAM_IDS["volume_music"], None, None, False
    words = iter(args)
    try:
        for option in words:
            if option == "--show":
                continue
            if option == "--get":
                get = True
                lines.append("[V] will get volume")
            elif option == "--stream":
                stream = int(next(words), 0)
                name = STREAM_NAMES[stream] if 0 <= stream < len(STREAM_NAMES) else "invalid stream"
                lines.append(f"[V] will control stream={stream} ({name})")
            elif option == "--set":
                index = int(next(words), 0)
                lines.append(f"[V] will set volume to index={index}")
            elif option == "--adj":
                adjust = next(words)
                lines.append("[V] will adjust volume")
            else:
                return fail(f"Error: Unknown argument {option}\n", 255)
    except (StopIteration, ValueError):
        return fail("Error: Argument expected after an option\n", 255)
    key = next((k for k, n in STREAM_IDS.items() if n == stream), None)
    if key is None:
        return fail(f"Error: stream {stream} is not simulated\n", 255)
    lines.append("[V] Connecting to AudioService")
    low, high = STREAM_MIN[key], STREAM_MAX[key]
    if index is not None:
        if not low <= index <= high:
            lines.append(f"Error: invalid volume index {index} for stream {stream} (should be in [{low}..{high}])")
            return ok("\n".join(lines) + "\n")
        services.set_volume(sh.system, key, index)
    elif adjust is not None:
        if adjust not in ("raise", "same", "lower"):
            lines.append(f"Error: no valid volume adjustment, was {adjust}, expected lower|same|raise")
            return ok("\n".join(lines) + "\n")
        services.adjust_volume(sh.system, key, {"raise": 1, "same": 0, "lower": -1}[adjust])
    if get:
        lines.append(f"[V] volume is {services.stream_volume(sh.system, key)} in range [{low}..{high}]")
    return ok("\n".join(lines) + "\n")


def _package_activity(component: str) -> tuple[str, str | None]:
    if "/" in component:
        pkg, act = component.split("/", 1)
        return pkg, act
    return component, None


_AM_FLAGS = {"-W", "-S", "-D", "-N", "--grant-read-uri-permission", "--grant-write-uri-permission",
             "--exclude-stopped-packages", "--include-stopped-packages", "--activity-clear-task",
             "--activity-clear-top", "--activity-new-task", "--activity-single-top", "--activity-no-history",
             "--receiver-foreground"}


_AM_VALUES = {"-a", "-d", "-t", "-c", "-f", "-n", "--user", "-R", "-P", "--start-profiler", "--display",
              "--windowingMode", "--activityType"}


_EXTRA_CASTS: dict[str, Callable[[str], object]] = {"--ei": int, "--el": int, "--ef": float,
                                                     "--ez": lambda v: v.lower() == "true"}


class IntentArgumentError(ValueError):
    """An extra's value its type cannot take (``--ei hour noon``): the Java exception ``Intent.parseCommandArgs``
    throws, which ``am`` reports as ``Exception occurred while executing '<verb>':``."""


def _extra(flag: str, value: str) -> object:
    try:
        return _EXTRA_CASTS.get(flag, str)(value)
    except ValueError:  # Integer.decode / Long.decode / Float.parseFloat: NumberFormatException.forInputString
        raise IntentArgumentError(f'java.lang.NumberFormatException: For input string: "{value}"') from None


def parse_intent(args: list[str]) -> tuple[Intent, str, str]:
    """The intent of ``am start`` arguments: (intent, mime type, explicit component or ""); an extra's value its
    type cannot take raises :class:`IntentArgumentError`."""
    intent, mime, component, i = Intent(action=""), "", "", 0
    while i < len(args):
        a = args[i]
        if a in _AM_FLAGS:
            i += 1
        elif a in _AM_VALUES and i + 1 < len(args):
            value = args[i + 1]
            if a == "-a":
                intent.action = value
            elif a == "-d":
                intent.data = value
            elif a == "-t":
                mime = value
            elif a == "-c":
                intent.categories = (*intent.categories, value)
            elif a == "-n":
                component = value
            i += 2
        elif a in ("-e", "--es", "--ei", "--el", "--ez", "--ef", "--eu") and i + 2 < len(args):
            intent.extras[args[i + 1]] = _extra(a, args[i + 2])
            i += 3
        elif not a.startswith("-") and not intent.data:
            intent.data = a  # am's trailing <URI>
            i += 1
        else:
            i += 1
    return intent, mime, component


def short_component(component: str) -> str:
    """``ComponentName.flattenToShortString``: ``pkg/.Cls`` when the class is in the package."""
    pkg, _, cls = component.partition("/")
    if cls.startswith(pkg + "."):
        cls = cls[len(pkg):]
    return f"{pkg}/{cls}" if cls else component


def describe_intent(intent: Intent, mime: str = "", component: str = "") -> str:
    """An intent as ``am`` and ActivityManager print it."""
    parts = [f"act={intent.action}"] if intent.action else []
    if intent.categories:
        parts.append(f"cat=[{','.join(intent.categories)}]")
    if intent.data:
        parts.append(f"dat={intent.data}")
    if mime:
        parts.append(f"typ={mime}")
    if component:
        parts.append(f"cmp={short_component(component)}")
    if intent.extras:
        parts.append("(has extras)")
    return " ".join(parts)


#: ``WaitResult.launchStateToString``: how far the app had to come up for ``am start -W``.
LAUNCH_COLD, LAUNCH_WARM, LAUNCH_HOT = "COLD", "WARM", "HOT"
#: Milliseconds a launch takes on the simulated phone's clock (``TotalTime`` of ``am start -W``), by launch state:
#: a process to start and an activity to create, an activity to create, or a task to bring forward.
LAUNCH_MS = {LAUNCH_COLD: 640, LAUNCH_WARM: 310, LAUNCH_HOT: 120}
#: ``Intent.FLAG_RECEIVER_FROM_SHELL``, which ``am broadcast`` adds (``runSendBroadcast``).
FLAG_RECEIVER_FROM_SHELL = 0x00400000
#: ``Activity.RESULT_OK`` / ``RESULT_CANCELED``: the codes a receiver sets.
RESULT_OK, RESULT_CANCELED = -1, 0


class BroadcastReceiver:
    """What an app's manifest-registered receiver is: the actions it takes and what it does with one.

    An :class:`~mobileagent_sim.app.App` lists them in a ``receivers`` class attribute; ``am broadcast``
    delivers an intent to every receiver whose action matches (in install order, as an ordered broadcast) and
    prints the last result, as AOSP's ``IntentReceiver.performReceive`` does."""

    actions: tuple[str, ...] = ()

    def on_receive(self, app: Any, intent: Intent) -> tuple[int, str | None]:
        """Handle ``intent``; return (result code, result data)."""
        raise NotImplementedError


def _am_usage_error(message: str) -> Result:
    return fail(f"{message}\n", 255)


@command("am")
def _am(sh: Shell, argv: list[str]) -> Result:
    """``am`` (``cmd activity``): ActivityManagerShellCommand's subcommands the simulated system can do.

    AOSP ``services/core/java/com/android/server/am/ActivityManagerShellCommand.java``: ``start`` prints
    ``Starting: Intent {...}`` and its errors on standard error (on standard output with ``-W``) and returns 0
    even then; unknown subcommands print ``Unknown command: X`` (``BasicShellCommandHandler``), status 255."""
    if len(argv) < 2:
        return _am_usage_error("Activity manager (activity) commands:\n  help\n      Print this help text.")
    verb, args = argv[1], argv[2:]
    handler = _AM_VERBS.get(verb)
    if handler is None and verb in AM_UNSIMULATED:
        return with_stderr(sh, b"", 255, f"am {verb}: not simulated\n")
    if handler is None:
        if verb in ("help", "-h"):
            return ok("Activity manager (activity) commands:\n  help\n      Print this help text.\n")
        return with_stderr(sh, f"Unknown command: {verb}\n".encode(), 255)
    try:
        return handler(sh, args)
    except IntentArgumentError as e:
        return with_stderr(sh, b"", 255, f"\nException occurred while executing '{verb}':\n{e}\n")


def _am_start(sh: Shell, args: list[str]) -> Result:
    intent, mime, component = parse_intent(args)
    wait, stop_first = "-W" in args, "-S" in args
    shown = describe_intent(intent, mime, component)
    out = [f"Starting: Intent {{ {shown} }}"]
    problems: list[str] = []
    state = ""
    if component and "/" not in component:  # ComponentName.unflattenFromString fails: makeIntent throws
        return with_stderr(sh, b"", 255, f"\nException occurred while executing 'start':\n"
                                         f"java.lang.IllegalArgumentException: Bad component name: {component}\n")
    if component:
        pkg, act = _package_activity(component)
        app = sh.system.apps.get(pkg)
        try:
            cls = app.activity_class(act or "") if app is not None else None
        except LookupError:
            cls = None
        if app is None or cls is None:
            full = f"{pkg}/{(pkg + act) if act and act.startswith('.') else act}"
            problems = ["Error type 3", f"Error: Activity class {{{full}}} does not exist."]
        else:
            if stop_first:
                sh.system.stop_app(pkg)
            state, warning = _launch_state(sh, pkg, cls)
            sh.system.launch(pkg, act, intent.extras)
            if warning:
                problems = [warning]
            component = app.component(cls)
    else:
        before, running = sh.system.foreground(), {p for p in sh.system.apps if sh.system.running(p)}
        if sh.system.start_intent(intent, mime):
            top = sh.system.foreground()
            state = LAUNCH_HOT if top is before else LAUNCH_WARM
            if top is not None:
                component = top.app.component(type(top))
                state = state if top.app.package in running else LAUNCH_COLD
        else:
            problems = [f"Error: Activity not started, unable to resolve Intent {{ {shown} flg=0x10000000 }}"]
    if wait:
        out += problems
        if state:
            total = LAUNCH_MS[state]
            sh.let_time_pass(total / 1000)
            out += ["Status: ok", f"LaunchState: {state}", *([f"Activity: {component}"] if component else []),
                    f"TotalTime: {total}", f"WaitTime: {total + 4}", "Complete"]
        return ok("\n".join(out) + "\n")
    errors = "".join(line + "\n" for line in problems)
    return with_stderr(sh, ("\n".join(out) + "\n").encode(), 0, errors)


def _launch_state(sh: Shell, package: str, cls: type) -> tuple[str, str]:
    """(launch state, AOSP's warning) of starting ``cls``: a task of the app already there comes to the front
    (``START_TASK_TO_FRONT``, or ``START_DELIVERED_TO_TOP`` when it is in front already)."""
    app = sh.system.apps[package]
    task = next((t for t in sh.system.tasks if t.affinity == package and t.stack), None)
    if task is not None and cls is app.activities[0]:
        if sh.system.foreground() is task.stack[-1]:
            return LAUNCH_HOT, ("Warning: Activity not started, intent has been delivered to currently running "
                                "top-most instance.")
        return LAUNCH_HOT, "Warning: Activity not started, its current task has been brought to the front"
    return (LAUNCH_WARM if sh.system.running(package) else LAUNCH_COLD), ""


def _am_force_stop(sh: Shell, args: list[str]) -> Result:
    packages = [a for i, a in enumerate(args) if not a.startswith("-") and not (i and args[i - 1] == "--user")]
    if not packages:
        return _am_usage_error("Error: Argument expected after \"force-stop\"")
    if packages[0] in sh.system.apps:
        sh.system.stop_app(packages[0])
    return ok()


def _am_kill(sh: Shell, args: list[str]) -> Result:
    """``am kill PKG``: the app's process dies only if it is in the background (not the focused app's)."""
    packages = [a for i, a in enumerate(args) if not a.startswith("-") and not (i and args[i - 1] == "--user")]
    if not packages:
        return _am_usage_error("Error: Argument expected after \"kill\"")
    top = sh.system.foreground()
    if packages[0] in sh.system.apps and (top is None or top.app.package != packages[0]):
        sh.system.stop_app(packages[0])
    return ok()


#: System broadcasts only the system may send (``<protected-broadcast>`` of AOSP
#: ``frameworks/base/core/res/AndroidManifest.xml``): the shell user gets a SecurityException, root may.
PROTECTED_BROADCASTS = frozenset((
    *(f"android.intent.action.{a}" for a in (
        "SCREEN_OFF", "SCREEN_ON", "USER_PRESENT", "TIME_TICK", "TIMEZONE_CHANGED", "TIME_SET", "DATE_CHANGED",
        "BOOT_COMPLETED", "LOCKED_BOOT_COMPLETED", "PACKAGE_INSTALL", "PACKAGE_ADDED", "PACKAGE_REPLACED",
        "MY_PACKAGE_REPLACED", "PACKAGE_REMOVED", "PACKAGE_FULLY_REMOVED", "PACKAGE_CHANGED", "PACKAGE_RESTARTED",
        "PACKAGE_DATA_CLEARED", "UID_REMOVED", "CONFIGURATION_CHANGED", "LOCALE_CHANGED", "BATTERY_CHANGED",
        "BATTERY_LOW", "BATTERY_OKAY", "ACTION_POWER_CONNECTED", "ACTION_POWER_DISCONNECTED", "ACTION_SHUTDOWN",
        "DEVICE_STORAGE_LOW", "DEVICE_STORAGE_OK", "NEW_OUTGOING_CALL", "REBOOT", "DOCK_EVENT", "AIRPLANE_MODE",
        "HEADSET_PLUG", "DOWNLOAD_COMPLETE", "MEDIA_MOUNTED", "MEDIA_UNMOUNTED", "USER_SWITCHED")),
    "android.net.wifi.WIFI_STATE_CHANGED", "android.net.wifi.STATE_CHANGE", "android.net.conn.CONNECTIVITY_CHANGE",
    "android.provider.Telephony.SMS_RECEIVED", "android.provider.Telephony.SMS_DELIVER",
    "android.media.AUDIO_BECOMING_NOISY",
))


def _am_broadcast(sh: Shell, args: list[str]) -> Result:
    """``am broadcast``: the intent goes to the receivers registered for its action (``-n``/``-p`` narrow it),
    each in turn as an ordered broadcast; ``Broadcast completed: result=N[, data="..."]`` (AOSP
    ``IntentReceiver.performReceive``)."""
    intent, mime, component = parse_intent(args)
    package = args[args.index("-p") + 1] if "-p" in args and args.index("-p") + 1 < len(args) else ""
    flags = f"flg=0x{FLAG_RECEIVER_FROM_SHELL:x}"
    parts = [p for p in describe_intent(intent, mime, component).split(" (has extras)")[0].split(" ") if p]
    if package:
        parts.append(f"pkg={package}")
    parts.append(flags)
    if intent.extras:
        parts.append("(has extras)")
    head = f"Broadcasting: Intent {{ {' '.join(parts)} }}\n"
    if intent.action in PROTECTED_BROADCASTS and sh.uid not in (0, 1000):  # broadcastIntentLocked's check
        return with_stderr(sh, head.encode(), 255, "\nException occurred while executing 'broadcast':\n"
                           f"java.lang.SecurityException: Permission Denial: not allowed to send broadcast "
                           f"{intent.action} from pid={SHELL_PID + 1}, uid={sh.uid}\n")
    code, data = RESULT_CANCELED, None
    for app in list(sh.system.apps.values()):
        if (package and app.package != package) or (component and not component.startswith(app.package + "/")):
            continue
        for receiver in getattr(app, "receivers", ()):
            if intent.action in receiver.actions:
                code, data = receiver.on_receive(app, intent)
    sh.system.invalidate()
    line = f"Broadcast completed: result={code}" + (f', data="{data}"' if data is not None else "")
    return ok(f"{head}{line}\n")


def _am_stack(sh: Shell, args: list[str]) -> Result:
    """``am stack list`` (``RootTaskInfo.toString`` per root task, top first, each followed by a blank line);
    ``am stack remove ID``. Each task is a root task of its own, as phones run apps fullscreen."""
    if args[:1] == ["list"]:
        tasks = _live_tasks(sh)
        if sh.system.overview:  # Pixel's overview is the launcher's own activity: the home task is in front
            tasks.sort(key=lambda t: t.affinity != sh.system.home_package)
        return ok("".join(_root_task(sh, task, i == 0) + "\n" for i, task in enumerate(tasks)))
    if args[:1] == ["remove"] and len(args) == 2:
        for task in _live_tasks(sh):
            if str(task.task_id) == args[1]:
                if task.affinity == sh.system.home_package:
                    break  # the home task is not removable
                for activity in list(task.stack):
                    activity.finished = True
                sh.system.remove_task(task)
                if sh.system.foreground() is None:
                    sh.system.go_home()
        return ok()
    if not args:
        return _am_usage_error("Error: Argument expected after \"stack\"")
    return _am_usage_error(f"Error: unknown command '{args[0]}'")


def _am_task(sh: Shell, args: list[str]) -> Result:
    """``am task lock stop`` (nothing is pinned, so nothing to stop); screen pinning itself is not simulated."""
    if args == ["lock", "stop"]:
        return ok()
    if args[:1] == ["lock"]:
        return _am_usage_error("Error: screen pinning (am task lock) is not simulated")
    return _am_usage_error(f"Error: unknown command '{args[0] if args else ''}'")


def _live_tasks(sh: Shell) -> list[Any]:
    return [t for t in reversed(sh.system.tasks) if t.stack]


def _root_task(sh: Shell, task: Any, visible: bool) -> str:
    s = sh.system
    w, h = s.width, s.height
    dp_w, dp_h = w * 160 // s.density, h * 160 // s.density
    kind = "home" if task.affinity == s.home_package else "standard"
    config = (f"{{1.0 310mcc260mnc [{s.locale.replace('-', '_')}] ldltr sw{min(dp_w, dp_h)}dp w{dp_w}dp h{dp_h}dp "
              f"{s.density}dpi nrml long port finger -keyb/v/h -nav/h winConfig={{ mBounds=Rect(0, 0 - {w}, {h}) "
              f"mAppBounds=Rect(0, 0 - {w}, {h}) mMaxBounds=Rect(0, 0 - {w}, {h}) mDisplayRotation=ROTATION_0 "
              f"mWindowingMode=fullscreen mDisplayWindowingMode=fullscreen mActivityType={kind} "
              "mAlwaysOnTop=undefined mRotation=ROTATION_0} s.1 fontWeightAdjustment=0}")
    base, top = task.stack[0], task.stack[-1]
    base_name = f"{base.app.package}/{type(base).name}"
    top_name = f"{top.app.package}/{type(top).name}"
    return (f"RootTask id={task.task_id} bounds=[0,0][{w},{h}] displayId=0 userId=0\n"
            f" configuration={config}\n"
            f"  taskId={task.task_id}: {base_name} bounds=[0,0][{w},{h}] userId=0 "
            f"visible={'true' if visible else 'false'} topActivity=ComponentInfo{{{top_name}}}\n")


def _am_get_current_user(sh: Shell, args: list[str]) -> Result:
    return ok("0\n")


def _am_instrument(sh: Shell, args: list[str]) -> Result:
    """No instrumentation is installed on the simulated phone: what ``am instrument`` says for a missing one."""
    target = next((a for a in reversed(args) if not a.startswith("-")), "")
    if not target:
        return _am_usage_error("Error: Argument expected after \"instrument\"")
    cn = target if "/" in target else f"{target}/null"
    return with_stderr(sh, f"INSTRUMENTATION_STATUS: Error=Unable to find instrumentation info for: "
                           f"ComponentInfo{{{cn}}}\nINSTRUMENTATION_STATUS_CODE: -1\n".encode(), 1,
                       f"android.util.AndroidException: INSTRUMENTATION_FAILED: {cn}\n")


#: ActivityManagerShellCommand's verbs the simulated phone does not carry out (it says so rather than pretend).
AM_UNSIMULATED = frozenset((
    "startservice", "start-service", "startforegroundservice", "start-foreground-service", "stopservice",
    "stop-service", "profile", "dumpheap", "set-debug-app", "clear-debug-app", "set-watch-heap", "clear-watch-heap",
    "monitor", "hang", "restart", "idle-maintenance", "screen-compat", "package-importance", "to-uri",
    "to-intent-uri", "to-app-uri", "switch-user", "start-user", "unlock-user", "stop-user", "send-trim-memory",
    "crash", "kill-all", "make-uid-idle", "write", "compat", "memory-factor", "display", "set-inactive",
    "get-inactive", "set-standby-bucket", "get-standby-bucket", "trace-ipc", "attach-agent", "bug-report",
    "set-stop-user-on-switch", "suppress-resize-config-changes", "service-restart-backoff",
))

_AM_VERBS: dict[str, Callable[[Shell, list[str]], Result]] = {
    "start": _am_start, "start-activity": _am_start, "force-stop": _am_force_stop, "kill": _am_kill,
    "broadcast": _am_broadcast, "stack": _am_stack, "task": _am_task, "get-current-user": _am_get_current_user,
    "instrument": _am_instrument,
}


#: MonkeySourceRandom's default event percentages, by factor index (touch, motion, pinch zoom, trackball,
#: rotation, permission, nav, major nav, system keys, app switch, flip, anything).
MONKEY_FACTORS = (15.0, 10.0, 2.0, 15.0, 0.0, 0.0, 25.0, 15.0, 2.0, 2.0, 1.0, 13.0)
_MONKEY_CATEGORIES = ("android.intent.category.LAUNCHER", "android.intent.category.MONKEY")


@command("monkey")
def _monkey(sh: Shell, argv: list[str]) -> Result:
    """``monkey -p PKG [-c CATEGORY] [-v] [-s SEED] COUNT``: the ``/system/bin/monkey`` script echoes its words
    (``  bash arg:``), then ``Monkey.java`` logs its arguments on standard error (``args:``, `` arg:``,
    ``data=`` for each option's value) and on standard output, with ``-v``, its seed, filters and event
    percentages, the events it injects and its network stats (``development/cmds/monkey``). The first event of
    a random run switches to an allowed app's main activity: that is what the simulated phone does; the random
    touches and keys after it are not simulated (a COUNT above 1 is refused)."""
    args = argv[1:]
    out = "".join(f"  bash arg: {a}\n" for a in args)
    err = f"args: [{', '.join(args)}]\n" + "".join(f' arg: "{a}"\n' for a in args)
    packages: list[str] = []
    categories: list[str] = []
    verbose, seed, k = 0, 0, 0
    try:
        while k < len(args) and args[k].startswith("-") and args[k] != "--":
            opt, k = args[k], k + 1
            if opt in ("-p", "-c", "-s"):
                value, k = args[k], k + 1
                err += f'data="{value}"\n'
                if opt == "-p":
                    packages.append(value)
                elif opt == "-c":
                    categories.append(value)
                else:
                    seed = int(value)
            elif opt == "-v":
                verbose += 1
            elif opt.startswith("--"):
                err += (f'arg="{opt}" mCurArgData="null" mNextArg={k} argwas="{opt}" '
                        f'nextarg="{args[k] if k < len(args) else ""}"\n')
                return with_stderr(sh, out.encode(), 255, err + f"monkey {opt}: not simulated\n")
            else:
                return with_stderr(sh, out.encode(), 255, err + f"** Error: Unknown option: {opt}\n")
        count = int(args[k]) if k < len(args) else None
    except (IndexError, ValueError):
        return with_stderr(sh, out.encode(), 255, err + "** Error: Count is not a number\n")
    if count is None:
        return with_stderr(sh, out.encode(), 255, err + "** Error: Count not specified\n")
    if count > 1:
        return with_stderr(sh, out.encode(), 255, err + "monkey: random events after the first activity switch "
                                                         "are not simulated: give COUNT 1\n")
    categories = categories or list(_MONKEY_CATEGORIES)
    seed = seed or sh.system.clock.millis() + 20211
    if verbose:
        out += f":Monkey: seed={seed} count={count}\n" + "".join(f":AllowPackage: {p}\n" for p in packages)
        out += "".join(f":IncludeCategory: {c}\n" for c in categories)
    apps = [sh.system.apps[p] for p in (packages or sorted(sh.system.apps))
            if p in sh.system.apps and sh.system.apps[p].activities]
    for category in categories:  # the phone's apps have launcher activities only (none for MONKEY)
        if category != _MONKEY_CATEGORIES[0]:
            err += f"// Warning: no activities found for category {category}\n"
    if not apps or _MONKEY_CATEGORIES[0] not in categories:
        return with_stderr(sh, (out + "** No activities found to run,  monkey aborted.\n").encode(), 252, err)
    if verbose:
        out += "// Event percentages:\n" + "".join(f"//   {i}: {f}%\n" for i, f in enumerate(MONKEY_FACTORS))
    if count:
        app = apps[0]
        component = app.component(app.activities[0])
        full = f"{app.package}/{app.activities[0].name}"
        if verbose:
            out += (f":Switch: #Intent;action=android.intent.action.MAIN;category=android.intent.category.LAUNCHER;"
                    f"launchFlags=0x10200000;component={full};end\n"
                    f"    // Allowing start of Intent {{ act=android.intent.action.MAIN "
                    f"cat=[android.intent.category.LAUNCHER] cmp={component} }} in package {app.package}\n")
        sh.system.launch(app.package)
    out += f"Events injected: {count}\n"
    if verbose:
        out += ":Dropped: keys=0 pointers=0 trackballs=0 flips=0 rotations=0\n"
    elapsed = 16 * count
    out += (f"## Network stats: elapsed time={elapsed}ms (0ms mobile, {elapsed if _wifi_on(sh) else 0}ms wifi, "
            f"{0 if _wifi_on(sh) else elapsed}ms not connected)\n")
    if verbose:
        out += "// Monkey finished\n"
    return with_stderr(sh, out.encode(), 0, err)


#: Input sources ``input`` takes before its command (InputShellCommand's ``SOURCES``).
INPUT_SOURCES = ("keyboard", "dpad", "gamepad", "touchscreen", "mouse", "stylus", "trackball", "touchpad",
                 "touchnavigation", "joystick", "rotaryencoder")
#: ``input swipe`` without a duration takes 300 ms (InputShellCommand).
DEFAULT_SWIPE_MS = 300


#: What the character keys type without modifiers (the virtual keyboard's ``Virtual.kcm``).
KEY_CHARS: dict[int, str] = {
    **{7 + i: str(i) for i in range(10)}, **{29 + i: chr(ord("a") + i) for i in range(26)},
    17: "*", 18: "#", 55: ",", 56: ".", 62: " ", 68: "`", 69: "-", 70: "=", 71: "[", 72: "]", 73: "\\", 74: ";",
    75: "'", 76: "/", 77: "@", 81: "+",
}


class _InputError(Exception):
    """An exception ``InputShellCommand`` throws (reported by ``BasicShellCommandHandler``)."""


def _input_exception(sh: Shell, verb: str, text: str) -> Result:
    return with_stderr(sh, b"", 255, f"\nException occurred while executing '{verb}':\n{text}\n")


def _numbers(args: list[str], count: int, verb: str) -> list[float]:
    if len(args) < count:
        raise _InputError(f'java.lang.IllegalArgumentException: Argument expected after "{args[-1] if args else verb}"')
    try:
        return [float(a) for a in args[:count]]
    except ValueError:
        raise _InputError("java.lang.IllegalArgumentException: Error: Invalid arguments for command: "
                          f"{verb}") from None


def _typed_text(arg: str) -> str:
    """``sendText``: ``%s`` is a space; a character the virtual keyboard's key map lacks (beyond ASCII) makes
    ``KeyCharacterMap.getEvents`` return null, and the command fails on it."""
    text = arg.replace("%s", " ")
    if any(not (" " <= c <= "~" or c in "\n\t") for c in text):
        raise _InputError("java.lang.NullPointerException: Attempt to get length of null array")
    return text


@command("input")
def _input(sh: Shell, argv: list[str]) -> Result:
    """``input`` (``cmd input``): AOSP ``services/core/java/com/android/server/input/InputShellCommand.java``.

    ``text`` types its one argument; ``keyevent [--longpress|--doubletap] KEY...`` takes numbers and ``KeyEvent``
    names (``KeyEvent.keyCodeFromString``); ``tap``, ``swipe``/``draganddrop`` with a duration that passes as
    real time over the wire. Trackball ``roll``/``press`` and raw ``motionevent`` are not simulated: they fail
    naming it."""
    args = argv[1:]
    if args and args[0] in INPUT_SOURCES:
        args = args[1:]
    if args[:1] == ["-d"]:
        args = args[2:]
    if not args or args[0] in ("help", "-h"):  # handleDefaultCommands: onHelp on standard output, status -1
        return with_stderr(sh, _input_help().encode(), 255)
    verb, rest = args[0], args[1:]
    try:
        return _input_verb(sh, verb, rest)
    except _InputError as e:
        return _input_exception(sh, verb, str(e))


def _java_hash_order(names: tuple[str, ...]) -> list[str]:
    """The order a ``java.util.HashMap`` of 16 buckets iterates ``names`` put in this order (``String.hashCode``,
    spread by ``h ^ h >>> 16``): how ``InputShellCommand.onHelp`` lists its ``SOURCES``."""
    def java_hash(text: str) -> int:
        h = 0
        for c in text:
            h = (31 * h + ord(c)) & 0xFFFFFFFF
        return h

    return sorted(names, key=lambda n: ((java_hash(n) ^ java_hash(n) >> 16) & 15, names.index(n)))


def _input_help() -> str:
    """``InputShellCommand.onHelp`` of Android 13."""
    sources = "".join(f"      {s}\n" for s in _java_hash_order(INPUT_SOURCES))
    return ("Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]\n\nThe sources are: \n" + sources +
            "\n-d: specify the display ID.\n      (Default: -1 for key event, 0 for motion event if not specified.)"
            "\nThe commands and default sources are:\n      text <string> (Default: touchscreen)\n"
            "      keyevent [--longpress|--doubletap] <key code number or name> ... (Default: keyboard)\n"
            "      tap <x> <y> (Default: touchscreen)\n"
            "      swipe <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n"
            "      draganddrop <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n"
            "      press (Default: trackball)\n      roll <dx> <dy> (Default: trackball)\n"
            "      motionevent <DOWN|UP|MOVE|CANCEL> <x> <y> (Default: touchscreen)\n"
            "      keycombination [-t duration(ms)] <key code 1> <key code 2> ... (Default: keyboard, the key order "
            "is important here.)\n")


def _input_verb(sh: Shell, verb: str, rest: list[str]) -> Result:
    d = sh.device
    if verb == "tap":
        x, y = _numbers(rest, 2, verb)
        d.tap(int(x), int(y))
    elif verb in ("swipe", "draganddrop"):
        x1, y1, x2, y2 = _numbers(rest, 4, verb)
        duration = int(_numbers(rest[4:], 1, verb)[0]) if len(rest) > 4 else DEFAULT_SWIPE_MS
        duration = duration if duration >= 0 else DEFAULT_SWIPE_MS
        if verb == "draganddrop":
            d.long_press(int(x1), int(y1))
        d.swipe(int(x1), int(y1), int(x2), int(y2), duration_ms=duration)
        sh.wait(duration / 1000)
    elif verb == "text":
        if not rest:
            raise _InputError('java.lang.IllegalArgumentException: Argument expected after "text"')
        d.input_text(_typed_text(rest[0]))
    elif verb == "keyevent":
        _keyevents(sh, rest)
    elif verb == "keycombination":
        return _keycombination(sh, rest)
    elif verb in ("roll", "press", "motionevent", "scroll"):
        return with_stderr(sh, b"", 255, f"Error: input {verb} is not simulated (no trackball, no raw motion "
                                         "events)\n")
    else:
        return ok(f"Unknown command: {verb}\n")
    return ok()


#: Modifier keys (``KEYCODE_CTRL_LEFT``/``RIGHT``) of the chords text fields take from a hardware keyboard.
CTRL_KEYS = (113, 114)
#: What a text field does with Ctrl+key (``TextView.onKeyShortcut``): select all, cut, copy, paste.
CTRL_SHORTCUTS = {29: "select_all", 52: "cut", 31: "copy", 50: "paste"}


def _keycombination(sh: Shell, rest: list[str]) -> Result:
    """``input keycombination [-t MS] KEY...``: the keys pressed together. The focused text field takes Ctrl+A,
    Ctrl+X, Ctrl+C and Ctrl+V (AndroidWorld clears a field with ``keycombination 113 29`` then DEL); other chords
    are not simulated."""
    keys = [k for i, k in enumerate(rest) if k != "-t" and not (i and rest[i - 1] == "-t")]
    if len(keys) < 2:
        raise _InputError('java.lang.IllegalArgumentException: keycombination requires at least 2 keycodes')
    codes = [keycode_from_string(k) for k in keys]
    for key, code in zip(keys, codes):
        if code == 0:
            raise _InputError(f"java.lang.IllegalArgumentException: Unknown keycode: {key}")
    modifiers, key = codes[:-1], codes[-1]
    action = CTRL_SHORTCUTS.get(key) if modifiers and all(m in CTRL_KEYS for m in modifiers) else None
    if action is None:
        return with_stderr(sh, b"", 255, f"Error: input keycombination {' '.join(keys)} is not simulated\n")
    system = sh.system
    found = system.focused_field()
    if found is not None:
        text = found[1].view.text
        if action == "select_all":
            system.selection = {"start": 0, "end": len(text)}
        else:
            if system.selection is None:
                system.selection = {"start": 0, "end": 0}  # nothing selected: paste goes to the cursor
            {"cut": system._cut, "copy": system._copy, "paste": system._paste}[action]()
        system.invalidate()
    return ok()


def _delete_selection(sh: Shell) -> bool:
    """DEL or FORWARD_DEL with text selected (after Ctrl+A) deletes the selection; True if it did."""
    system = sh.system
    found = system.focused_field()
    if found is None or not system.selection or system.selection["end"] <= system.selection["start"]:
        return False
    win, node = found
    start, end = system.selection["start"], min(system.selection["end"], len(node.view.text))
    system._edit(win, node, lambda text, cursor: (text[:start] + text[end:], start))
    system.selection = None
    return True


def _keyevents(sh: Shell, rest: list[str]) -> None:
    longpress = doubletap = False
    keys = []
    for arg in rest:
        if arg == "--longpress":
            longpress = True
        elif arg == "--doubletap":
            doubletap = True
        else:
            keys.append(arg)
    if not keys:
        raise _InputError('java.lang.IllegalArgumentException: Argument expected after "keyevent"')
    codes = []
    for key in keys:
        code = keycode_from_string(key)
        if code == 0:
            raise _InputError(f"java.lang.IllegalArgumentException: Unknown keycode: {key}")
        codes.append(code)
    for code in codes:
        for _ in range(2 if doubletap else 1):
            char = KEY_CHARS.get(code)
            if code in (67, 112) and _delete_selection(sh):
                continue
            if char is not None and sh.system.focused_field() is not None:
                sh.device.input_text(char)  # a character key goes to the focused field as the character it types
            else:
                sh.device.press(code)
        if longpress:
            sh.wait(0.5)  # ViewConfiguration's long-press timeout passes with the key held


#: The build the simulated phone presents: the Android 13 google_apis x86_64 emulator image (userdebug, so adbd
#: can restart as root), as its ``getprop`` lists it.
BUILD_ID, BUILD_INCREMENTAL = "TE1A.220922.021", "9302419"
FINGERPRINT = f"google/sdk_gphone64_x86_64/emu64x:13/{BUILD_ID}/{BUILD_INCREMENTAL}:userdebug/dev-keys"

#: System properties (``[name]: [value]`` of ``getprop``), as init sets them on that image. ``ro.product.model``
#: is the AVD's hardware profile (Pixel 6) rather than the image's ``sdk_gphone64_x86_64``, as the simulated
#: phone is configured by profile.
PROPS = {
    "ro.build.version.sdk": "33",
    "ro.build.version.release": "13",
    "ro.build.version.release_or_codename": "13",
    "ro.build.version.codename": "REL",
    "ro.build.version.incremental": BUILD_INCREMENTAL,
    "ro.build.version.security_patch": "2022-09-05",
    "ro.build.version.preview_sdk": "0",
    "ro.build.version.all_codenames": "REL",
    "ro.build.version.min_supported_target_sdk": "23",
    "ro.build.id": BUILD_ID,
    "ro.build.display.id": f"sdk_gphone64_x86_64-userdebug 13 {BUILD_ID} {BUILD_INCREMENTAL} dev-keys",
    "ro.build.description": f"sdk_gphone64_x86_64-userdebug 13 {BUILD_ID} {BUILD_INCREMENTAL} dev-keys",
    "ro.build.fingerprint": FINGERPRINT,
    "ro.build.type": "userdebug",
    "ro.build.tags": "dev-keys",
    "ro.build.flavor": "sdk_gphone64_x86_64-userdebug",
    "ro.build.product": "emu64x",
    "ro.build.characteristics": "emulator",
    "ro.build.host": "abfarm-release-2004-0189",
    "ro.build.user": "android-build",
    "ro.build.date.utc": "1664232398",
    "ro.build.date": "Mon Sep 26 22:46:38 UTC 2022",
    "ro.product.model": "Pixel 6",
    "ro.product.brand": "google",
    "ro.product.device": "emu64x",
    "ro.product.board": "goldfish_x86_64",
    "ro.product.manufacturer": "Google",
    "ro.product.name": "sdk_gphone64_x86_64",
    "ro.product.cpu.abi": "x86_64",
    "ro.product.cpu.abilist": "x86_64,arm64-v8a",
    "ro.product.cpu.abilist64": "x86_64,arm64-v8a",
    "ro.product.cpu.abilist32": "",
    "ro.product.locale": "en-US",
    "ro.product.first_api_level": "33",
    "ro.product.system.brand": "google",
    "ro.product.system.device": "emu64x",
    "ro.product.system.manufacturer": "Google",
    "ro.product.system.model": "sdk_gphone64_x86_64",
    "ro.product.system.name": "sdk_gphone64_x86_64",
    "ro.product.vendor.model": "sdk_gphone64_x86_64",
    "ro.serialno": "EMULATOR33X1X1X0",
    "ro.boot.serialno": "EMULATOR33X1X1X0",
    "ro.boot.qemu": "1",
    "ro.boot.qemu.avd_name": "Pixel_6_API_33",
    "ro.boot.hardware": "ranchu",
    "ro.boot.verifiedbootstate": "orange",
    "ro.boot.mode": "unknown",
    "ro.kernel.qemu": "1",
    "ro.hardware": "ranchu",
    "ro.hardware.egl": "emulation",
    "ro.arch": "x86_64",
    "ro.secure": "1",
    "ro.adb.secure": "1",
    "ro.debuggable": "1",
    "ro.zygote": "zygote64",
    "ro.crypto.state": "encrypted",
    "ro.crypto.type": "file",
    "ro.treble.enabled": "true",
    "ro.opengles.version": "196610",
    "ro.config.alarm_alert": "Alarm_Classic.ogg",
    "ro.config.notification_sound": "OnTheHunt.ogg",
    "ro.config.ringtone": "Ring_Synth_04.ogg",
    "ro.setupwizard.mode": "DISABLED",
    "ro.carrier": "unknown",
    "ro.telephony.default_network": "10",
    "ro.allow.mock.location": "0",
    "ro.revision": "0",
    "ro.baseband": "unknown",
    "ro.bootloader": "unknown",
    "ro.bootmode": "unknown",
    "ro.vndk.version": "33",
    "sys.boot_completed": "1",
    "sys.usb.config": "adb",
    "sys.usb.state": "adb",
    "sys.sysctl.extra_free_kbytes": "24300",
    "dev.bootcomplete": "1",
    "init.svc.adbd": "running",
    "init.svc.bootanim": "stopped",
    "init.svc.surfaceflinger": "running",
    "init.svc.servicemanager": "running",
    "init.svc.zygote": "running",
    "init.svc.netd": "running",
    "init.svc.vold": "running",
    "init.svc.qemu-props": "stopped",
    "init.svc.ranchu-net": "stopped",
    "gsm.sim.state": "LOADED",
    "gsm.operator.alpha": "T-Mobile",
    "gsm.operator.numeric": "310260",
    "gsm.operator.iso-country": "us",
    "gsm.sim.operator.alpha": "T-Mobile",
    "gsm.sim.operator.numeric": "310260",
    "gsm.sim.operator.iso-country": "us",
    "gsm.network.type": "LTE",
    "gsm.version.baseband": "1.0.0.0",
    "net.bt.name": "Android",
    "net.hostname": "localhost",
    "net.qtaguid_enabled": "1",
    "persist.sys.timezone": "UTC",
    "persist.sys.dalvik.vm.lib.2": "libart.so",
    "persist.sys.usb.config": "adb",
    "persist.sys.displayinset.top": "0",
    "qemu.hw.mainkeys": "0",
    "qemu.sf.lcd_density": "420",
    "debug.hwui.renderer": "skiagl",
    "dalvik.vm.heapsize": "576m",
    "dalvik.vm.heapgrowthlimit": "192m",
    "dalvik.vm.isa.x86_64.variant": "x86_64",
    "service.adb.root": "0",
    "wifi.interface": "wlan0",
    "vold.has_adoptable": "1",
}


@command("service")
def _service(sh: Shell, argv: list[str]) -> Result:
    """``service list|check NAME|call SERVICE CODE ARGS`` (``frameworks/native/cmds/service/service.cpp``): the
    services the simulated phone runs (:data:`SERVICES`); of transactions, ``call alarm 3 s16 ZONE``
    (IAlarmManager.setTimeZone), how AndroidWorld sets UTC. The simulated apps show times in UTC only; another
    zone is recorded (``persist.sys.timezone``) but not applied."""
    args = argv[1:]
    if args[:1] == ["list"]:
        names = running_services()
        return ok(f"Found {len(names)} services:\n" +
                  "".join(f"{k}\t{name}: [{SERVICES.get(name, '')}]\n" for k, name in enumerate(names)))
    if args[:1] == ["check"] and len(args) == 2:
        found = "found" if args[1] in running_services() else "not found"
        return ok(f"Service {args[1]}: {found}\n")
    if args[:4] == ["call", "alarm", "3", "s16"] and len(args) == 5:
        sh.props["persist.sys.timezone"] = args[4]
        return ok("Result: Parcel(00000000    '....')\n")
    if args[:1] == ["call"] and len(args) >= 2 and args[1] not in running_services():
        return ok(f"service: Service {args[1]} does not exist\n")
    if not args or args[0] not in ("list", "check", "call"):
        return ok("Usage: service [-h|-?]\n       service list\n       service check SERVICE\n"
                  "       service call SERVICE CODE [i32 N | i64 N | f N | d N | s16 STR | null | fd f | nfd n | "
                  "afd f ] ...\nOptions:\n   i32: Write the 32-bit integer N into the send parcel.\n")
    return fail(f"service: {' '.join(args[:3])}: not simulated\n", 255)


def properties(sh: Shell) -> dict[str, str]:
    """Every system property now: the image's, the boot-time density, the configuration's locale, and what
    ``setprop`` set."""
    # ro.sf.lcd_density is the boot-time (physical) density: `wm density` overrides do not change it
    return {**PROPS, "ro.sf.lcd_density": str(sh.device.physical_density), "persist.sys.locale": sh.system.locale,
            "service.adb.root": "1" if sh.uid == 0 else "0", **sh.props}


@command("getprop")
def _getprop(sh: Shell, argv: list[str]) -> Result:
    """``getprop [NAME [DEFAULT]]`` (toolbox ``getprop.cpp``): one value, or all as ``[name]: [value]`` sorted."""
    props = properties(sh)
    args = [a for a in argv[1:] if not a.startswith("-")]
    if args:
        return ok(props.get(args[0], args[1] if len(args) > 1 else "") + "\n")
    return ok("".join(f"[{k}]: [{v}]\n" for k, v in sorted(props.items())))


@command("setprop")
def _setprop(sh: Shell, argv: list[str]) -> Result:
    if len(argv) != 3:
        return fail("usage: setprop NAME VALUE\n\nSets an Android system property.\n")
    name, value = argv[1], argv[2]
    if (name, value) == ("ctl.restart", "zygote"):
        _restart_framework(sh)
        return ok()
    if name.startswith("ro.") and name in PROPS:
        return fail(f"Failed to set property '{name}' to '{value}'.\nSee dmesg for error reason.\n")
    sh.props[name] = value
    return ok()


def _restart_framework(sh: Shell) -> None:
    """What restarting zygote does to the phone: the framework comes back with the persisted locale, every
    app process is gone and the launcher is in front (the B-MoCA way to change the locale)."""
    s = sh.system
    s.locale = sh.props.pop("persist.sys.locale", s.locale)
    for package in sorted(s.apps):
        if s.running(package):
            s.stop_app(package)
    s.go_home()
    s.log("Zygote", f"System server process {services.SYSTEM_PID} has died. Restarting Zygote!", pid=310)
    s.invalidate()


def _wm_pixels(value: str, density: int) -> int:
    """A ``wm size`` dimension: pixels, or ``dp`` at the current density (WindowManagerShellCommand)."""
    if value.endswith("dp"):
        return int(value[:-2]) * density // 160
    return int(value.removesuffix("px"))


@command("wm")
def _wm(sh: Shell, argv: list[str]) -> Result:
    s, d = sh.system, sh.device
    args = argv[1:]
    if "-d" in args:  # one display, id 0
        i = args.index("-d")
        args = args[:i] + args[i + 2:]
    verb, value = [*args, "", ""][:2]
    if verb == "size":
        (pw, ph), current = d.physical_size, (s.width, s.height)
        if not value:
            override = f"Override size: {s.width}x{s.height}\n" if current != (pw, ph) else ""
            return ok(f"Physical size: {pw}x{ph}\n{override}")
        if value == "reset":
            d.set_display(size=d.physical_size)
            return ok()
        w, _, h = value.partition("x")
        try:
            size = (_wm_pixels(w, s.density), _wm_pixels(h, s.density))
        except ValueError:
            size = (0, 0)
        if min(size) <= 0:
            return fail(f"Error: bad size {value}\n", 255)
        d.set_display(size=size)
        return ok()
    if verb == "density":
        if not value:
            override = f"Override density: {s.density}\n" if s.density != d.physical_density else ""
            return ok(f"Physical density: {d.physical_density}\n{override}")
        if value == "reset":
            d.set_display(density=d.physical_density)
            return ok()
        if not value.isdigit():
            return fail(f'Error: bad number java.lang.NumberFormatException: For input string: "{value}"\n', 255)
        if int(value) < 72:
            return fail("Error: density must be >= 72\n", 255)
        d.set_display(density=int(value))
        return ok()
    return fail("Window manager (window) commands:\n  size [reset|WxH|WdpxHdp] [-d DISPLAY_ID]\n"
                "  density [reset|DENSITY] [-d DISPLAY_ID]\n", 255)




#: Input methods of a new simulated phone (uiautomator2's AdbKeyboard comes with its APK, :func:`input_methods`).
INPUT_METHODS = (LATIN_IME,)


U2_MAIN = "com.wetest.uia2.Main"


def _hash(name: str) -> str:
    """A stable stand-in for the identity hash Android prints in ``Window{...}`` records."""
    return f"{zlib.crc32(name.encode()) & 0xFFFFFFF:07x}"


@command("screencap")
def _screencap(sh: Shell, argv: list[str]) -> Result:
    args = argv[1:]
    png = any(a.startswith("-") and "p" in a for a in args)
    files = [a for i, a in enumerate(args) if not a.startswith("-") and not (i and args[i - 1] == "-d")]
    data = sh.device.screenshot()
    if files and files[0].endswith(".png"):
        png = True
    if not png:  # raw RGBA_8888 with the 16-byte header (width, height, format, dataspace) of Android 11+
        img = Image.open(io.BytesIO(data)).convert("RGBA")
        data = struct.pack("<IIII", img.width, img.height, 1, 0) + img.tobytes()
    if files:
        sh.device.write_file(files[0], data)
        return ok()
    return ok(data)


@command("uiautomator")
def _uiautomator(sh: Shell, argv: list[str]) -> Result:
    if argv[1:2] != ["dump"]:
        return fail("Usage: uiautomator <subcommand> [options]\n\nAvailable subcommands:\n\n"
                    "help: displays help message\n\ndump: creates an XML dump of current UI hierarchy\n")
    files = [a for a in argv[2:] if not a.startswith("-")]
    target = files[0] if files else "/sdcard/window_dump.xml"
    xml = sh.device.hierarchy(full=False)
    if target == "/dev/tty":
        return ok(xml + f"UI hierchary dumped to: {target}\n")
    try:
        sh.device.write_file(target, xml.encode())
    except OSError as e:
        return fail(f"ERROR: could not write to {target}: {e.strerror or e}\n")
    return ok(f"UI hierchary dumped to: {target}\n")  # sic: AOSP's spelling


def _resumed(sh: Shell) -> tuple[str, str, str, int]:
    """``(package, full activity name, short component, task id)`` of the focused activity."""
    pkg, act = sh.device.current_activity()
    app = sh.system.apps.get(pkg)
    short = f"{pkg}/{act}"
    if app is not None:
        with contextlib.suppress(LookupError):
            short = app.component(app.activity_class(act))
    task_id = next((t.task_id for t in sh.system.tasks if t.affinity == pkg and t.stack), 0)
    return pkg, act, short, task_id


def _window_title(win) -> str:
    if win.owner is not None and not win.modal:
        return f"{win.owner.app.package}/{type(win.owner).name}"
    return win.name


def _dumpsys_window(sh: Shell) -> str:
    pkg, act, short, task_id = _resumed(sh)
    lines = ["WINDOW MANAGER WINDOWS (dumpsys window windows)"]
    titles = [_window_title(w) for w in sh.system.windows()]
    if sh.system.keyboard_visible:
        titles.insert(0, "InputMethod")
    for i, title in enumerate(titles):
        lines += [f"  Window #{i} Window{{{_hash(title)} u0 {title}}}:",
                  "    mDisplayId=0 rootTaskId=1 mViewVisibility=0x0 mHaveFrame=true mObscured=false"]
    focus = f"{pkg}/{act}"
    ime = f"Window{{{_hash('InputMethod')} u0 InputMethod}}" if sh.system.keyboard_visible else "null"
    w_dp = sh.system.width * 160 // sh.system.density
    lines += [
        "",
        f"  mGlobalConfiguration={{1.0 ?mcc?mnc [{sh.system.locale.replace('-', '_')}] ldltr sw{w_dp}dp w{w_dp}dp "
        f"h{sh.system.height * 160 // sh.system.density}dp {sh.system.density}dpi nrml port}}",
        "  mHasPermanentDpad=false",
        "  mTopFocusedDisplayId=0",
        f"  mInputMethodWindow={ime}",
        "  Display: mDisplayId=0 rootTasks=1",
        f"    mCurrentFocus=Window{{{_hash(focus)} u0 {focus}}}",
        f"    mFocusedApp=ActivityRecord{{{_hash(short)} u0 {short} t{task_id}}}",
    ]
    return "\n".join(lines) + "\n"


def _dumpsys_activities(sh: Shell) -> str:
    pkg, _act, short, task_id = _resumed(sh)
    record = f"ActivityRecord{{{_hash(short)} u0 {short} t{task_id}}}"
    lines = ["ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)", "Display #0 (activities from top to bottom):"]
    for task in reversed(sh.system.tasks):
        if not task.stack:
            continue
        app = task.stack[0].app
        lines.append(f"  * Task{{{_hash(str(task.task_id))} #{task.task_id} type=standard A={app.uid}:{task.affinity} "
                     f"U=0 visible={'true' if task.task_id == task_id else 'false'} mode=fullscreen "
                     f"translucent=false sz={len(task.stack)}}}")
        if task.task_id == task_id:
            lines.append(f"    mResumedActivity: {record}")
        for i, activity in reversed(list(enumerate(task.stack))):
            comp = activity.app.component(type(activity))
            lines += [f"    * Hist  #{i}: ActivityRecord{{{_hash(comp)} u0 {comp} t{task.task_id}}}",
                      f"      packageName={activity.app.package} processName={activity.app.package}"]
    lines += ["", "  Resumed activities in task display areas (from top to bottom):", f"    Resumed: {record}",
              "", f"  ResumedActivity: {record}"]
    return "\n".join(lines) + "\n"


def _dumpsys_activity_top(sh: Shell) -> str:
    pkg, _act, short, task_id = _resumed(sh)
    app = sh.system.apps.get(pkg)
    uid = app.uid if app is not None else 1000
    pid = sh.system.pid_of(pkg) if sh.system.running(pkg) else 0
    return (f"TASK {uid}:{pkg} id={task_id} userId=0\n"
            f"  ACTIVITY {short} {_hash(short)} pid={pid}\n")


def _dumpsys_display(sh: Shell) -> str:
    w, h, dpi = sh.system.width, sh.system.height, sh.system.density
    uid = "local:4619827259835644672"
    return (
        "DISPLAY MANAGER (dumpsys display)\n"
        "  mOnlyCore=false\n"
        "  mSafeMode=false\n"
        f"  mViewports=[DisplayViewport{{type=INTERNAL, valid=true, isActive=true, displayId=0, uniqueId='{uid}', "
        f"physicalPort=0, orientation=0, logicalFrame=Rect(0, 0 - {w}, {h}), physicalFrame=Rect(0, 0 - {w}, {h}), "
        f"deviceWidth={w}, deviceHeight={h}}}]\n"
        "\nDisplay Devices: size=1\n"
        f"  DisplayDeviceInfo{{\"Built-in Screen\": uniqueId=\"{uid}\", {w} x {h}, modeId 1, defaultModeId 1, "
        f"density {dpi}, {dpi}.0 x {dpi}.0 dpi, appVsyncOff 0, presDeadline 16666666, touch INTERNAL, rotation 0, "
        "type INTERNAL, state ON, FLAG_DEFAULT_DISPLAY, FLAG_ROTATES_WITH_CONTENT, FLAG_SECURE}\n"
        f"    mBaseDisplayInfo=DisplayInfo{{\"Built-in Screen\", displayId 0, real {w} x {h}, largest app {w} x {h}, "
        f"smallest app {w} x {h}, rotation 0, density {dpi} ({dpi}.0 x {dpi}.0) dpi, state ON}}\n"
    )


def _dumpsys_input_method(sh: Shell) -> str:
    shown = "true" if sh.system.keyboard_visible else "false"
    current = sh.system.settings.get("secure", "default_input_method") or LATIN_IME
    return (
        "Current Input Method Manager state:\n"
        f"  mCurMethodId={current}\n"
        f"  mCurFocusedWindowClient={'null' if shown == 'false' else 'ClientState{active}'}\n"
        f"  mShowRequested={shown} mShowExplicitlyRequested=false mShowForced=false mInputShown={shown}\n"
        "  mSystemReady=true mInteractive=true\n"
    )


#: ``dumpsys`` services by service name: what ``dumpsys NAME ARGS`` prints (apps add theirs, e.g. the phone app's
#: ``telephony.registry``; :mod:`mobileagent_sim.dumps` has the system's others).
DUMPSYS: dict[str, Callable[[Shell, list[str]], str | Result]] = {}

#: The binder services the simulated phone runs, with the AIDL interface each registers (what ``service list``
#: shows; empty for a service registered without one, as ``meminfo``, ``cpuinfo`` and ``battery`` are:
#: ``frameworks/native/cmds/service/service.cpp`` prints the binder's interface descriptor).
SERVICES: dict[str, str] = {
    "SurfaceFlinger": "android.ui.ISurfaceComposer", "activity": "android.app.IActivityManager",
    "alarm": "android.app.IAlarmManager", "audio": "android.media.IAudioService", "battery": "",
    "bluetooth_manager": "android.bluetooth.IBluetoothManager",
    "connectivity": "android.net.IConnectivityManager", "cpuinfo": "",
    "deviceidle": "android.os.IDeviceIdleController", "display": "android.hardware.display.IDisplayManager",
    "input": "android.hardware.input.IInputManager", "input_method": "com.android.internal.view.IInputMethodManager",
    "media_session": "android.media.session.ISessionManager", "meminfo": "",
    "notification": "android.app.INotificationManager", "package": "android.content.pm.IPackageManager",
    "power": "android.os.IPowerManager", "settings": "",
    "statusbar": "com.android.internal.statusbar.IStatusBarService",
    "telephony.registry": "com.android.internal.telephony.ITelephonyRegistry",
    "uimode": "android.app.IUiModeManager", "wifi": "android.net.wifi.IWifiManager",
    "window": "android.view.IWindowManager",
}


def dumpsys_service(name: str) -> Callable[[Callable[[Shell, list[str]], str | Result]],
                                           Callable[[Shell, list[str]], str | Result]]:
    """Register what ``dumpsys <name>`` prints: the dump's text, or a Result (a service's own shell command, as
    ``dumpsys battery set level 5``)."""
    def register(fn: Callable[[Shell, list[str]], str | Result]) -> Callable[[Shell, list[str]], str | Result]:
        DUMPSYS[name] = fn
        return fn

    return register


def running_services() -> list[str]:
    """The services registered with the service manager, in its order (names sorted, upper case first)."""
    return sorted({*SERVICES, *DUMPSYS})


@dumpsys_service("window")
def _dumpsys_window_service(sh: Shell, args: list[str]) -> str:
    """``dumpsys window [windows|displays]``: the windows, the display's contents, or both."""
    if args[:1] in (["displays"], ["d"]):
        return _display_rotation().lstrip("\n")
    text = _dumpsys_window(sh)
    return text if args[:1] in (["windows"], ["w"]) else text + _display_rotation()


@dumpsys_service("activity")
def _dumpsys_activity_service(sh: Shell, args: list[str]) -> str | Result:
    """``dumpsys activity [activities|a|recents|r|top|processes|p|services|s]``: the sections the simulated phone
    keeps (``ActivityManagerService.doDump``); other sections say they are not simulated."""
    words = [a for a in args if not a.startswith("-")]
    section = words[0] if words else ""
    if section == "top":
        return _dumpsys_activity_top(sh)
    if section in ("recents", "r"):
        return _dumpsys_recents(sh)
    if section in ("processes", "p"):
        return _dumpsys_processes(sh)
    if section in ("services", "s"):  # no app of the simulated phone runs a service
        return "ACTIVITY MANAGER SERVICES (dumpsys activity services)\n  (nothing)\n"
    if section in ("", "activities", "a"):
        return _dumpsys_activities(sh)
    return with_stderr(sh, b"", 255, f"dumpsys activity {section}: not simulated\n")


def _dumpsys_processes(sh: Shell) -> str:
    """``ProcessList.dumpProcessesLSP``: each running app's and the system's ``ProcessRecord``, then the pid
    mappings."""
    lines = ["ACTIVITY MANAGER RUNNING PROCESSES (dumpsys activity processes)", "  All known processes:"]
    apps = []
    for p in kernel.processes(sh):  # those zygote forked, as ps lists them
        if kernel.is_java(p):
            uid = user_id(p.user) or 0
            name = "system" if p.name == "system_server" else p.name
            apps.append((p.pid, uid, name, f"u0a{uid % 1000}" if uid >= 10000 else str(uid)))
    for pid, uid, name, user in apps:
        record = f"ProcessRecord{{{_hash(f'{pid}:{name}')} {pid}:{name}/{user}}}"
        persistent = name in ("system", "com.android.systemui", "com.android.phone")  # android:persistent
        lines += [f"  *{'PERS' if persistent else 'APP'}* UID {uid} {record}", f"    user #0 uid={uid} gids={{}}",
                  f"    pid={pid} starting=0"]
    lines += ["", "  PID mappings:"]
    lines += [f"    PID #{pid}: ProcessRecord{{{_hash(f'{pid}:{name}')} {pid}:{name}/{user}}}"
              for pid, _uid, name, user in sorted(apps)]
    return "\n".join(lines) + "\n"


@dumpsys_service("package")
def _dumpsys_package_service(sh: Shell, args: list[str]) -> str:
    words = [a for a in args if not a.startswith("-")]
    names = words[:1] if words else sorted(sh.system.apps)
    return "".join(package_manager.dump_package(sh, name) for name in names)


@dumpsys_service("input")
def _dumpsys_input_service(sh: Shell, args: list[str]) -> str:
    return _dumpsys_input(sh)


@dumpsys_service("wifi")
def _dumpsys_wifi(sh: Shell, args: list[str]) -> str:
    return f"Wi-Fi is {'enabled' if _wifi_on(sh) else 'disabled'}\nVerbose logging is off\n"


@dumpsys_service("display")
def _dumpsys_display_service(sh: Shell, args: list[str]) -> str:
    return _dumpsys_display(sh)


@dumpsys_service("input_method")
def _dumpsys_input_method_service(sh: Shell, args: list[str]) -> str:
    return _dumpsys_input_method(sh)


@dumpsys_service("power")
def _dumpsys_power(sh: Shell, args: list[str]) -> str:
    """``PowerManagerService.dumpInternal``'s state lines: awake with the display on (the simulated screen never
    sleeps), the charger and level BatteryService reports, ``stay_on_while_plugged_in``, Doze's modes."""
    battery = kernel.battery_state(sh.system)
    plug = 1 if battery["ac"] else 2 if battery["usb"] else 4 if battery["wireless"] else 0
    stay_on = int(sh.system.settings.get("global", "stay_on_while_plugged_in") or 0) & plug != 0
    deep = vars(sh.system).get("device_idle", {}).get("deep", "ACTIVE")

    def flag(on: bool) -> str:
        return "true" if on else "false"

    return ("POWER MANAGER (dumpsys power)\n\nPower Manager State:\n  mDirty=0x0\n  mWakefulness=Awake\n"
            f"  mWakefulnessChanging=false\n  mIsPowered={flag(bool(plug))}\n  mPlugType={plug}\n"
            f"  mBatteryLevel={battery['level']}\n  mDockState=0\n  mStayOn={flag(stay_on)}\n"
            "  mProximityPositive=false\n  mBootCompleted=true\n  mSystemReady=true\n"
            "  mHalAutoSuspendModeEnabled=false\n  mHalInteractiveModeEnabled=true\n  mWakeLockSummary=0x0\n"
            f"  mLightDeviceIdleMode=false\n  mDeviceIdleMode={flag(deep == 'IDLE')}\n"
            "  mHoldingWakeLockSuspendBlocker=false\n  mHoldingDisplaySuspendBlocker=true\n  mDisplayReady=true\n"
            "\nDisplay Power: state=ON\n")


def _dump_one(sh: Shell, name: str, args: list[str]) -> Result:
    """One service's dump (its own command's Result as is); a service the simulated phone registers but does not
    dump says so, one it does not run is ``Can't find service: NAME`` on standard error (``dumpsys.cpp``)."""
    if name in DUMPSYS:
        text = DUMPSYS[name](sh, args)
        return ok(text) if isinstance(text, str) else text
    if name in SERVICES:
        return with_stderr(sh, b"", 255, f"dumpsys {name}: not simulated\n")
    return with_stderr(sh, b"", 0, f"Can't find service: {name}\n")


@command("dumpsys")
def _dumpsys(sh: Shell, argv: list[str]) -> Result:
    """``dumpsys [-l] [-t S] [-T MS] [--skip S1,S2] [SERVICE [ARGS]]`` (``frameworks/native/cmds/dumpsys``): one
    service's dump, the list of services (``-l``), or every service's, each between dumpsys's header and its
    footer."""
    args = argv[1:]
    skip: set[str] = set()
    while args and args[0].startswith("-"):
        if args[0] == "-l":
            return ok("Currently running services:\n" + "".join(f"  {name}\n" for name in running_services()))
        if args[0] in ("-t", "-T") and len(args) > 1:
            args = args[2:]
        elif args[0] == "--skip" and len(args) > 1:
            skip |= set(args[1].split(","))
            args = args[2:]
        elif args[0] in ("--proto", "--priority", "--pid", "--thread", "--clients", "--stability", "-c"):
            return with_stderr(sh, b"", 255, f"dumpsys {args[0]}: not simulated\n")
        else:
            break
    if args:
        return _dump_one(sh, args[0], args[1:])
    out, errors = "", ""
    for name in running_services():
        if name in skip or name not in DUMPSYS:
            continue
        dumped, err, _status = _stream_parts(sh, _dump_one(sh, name, []))
        stamp = sh.system.clock.now.astimezone(zoneinfo.ZoneInfo(sh.system.clock.timezone))
        out += ("-" * 79 + f"\nDUMP OF SERVICE {name}:\n" + dumped +
                f"--------- 0.001s was the duration of dumpsys {name}, ending at: {stamp:%Y-%m-%d %H:%M:%S}\n")
        errors += err
    return with_stderr(sh, out.encode(), 0, errors)


def _stream_parts(sh: Shell, result: Result) -> tuple[str, str, int]:
    """A handler's Result as (stdout, stderr, status) text."""
    out, status = result
    err, sh.stderr = sh.stderr, None
    if err is None:  # a failing handler's output is its error output
        out, err = (b"", out) if status else (out, b"")
    return out.decode(errors="replace"), err.decode(errors="replace"), status


def _display_rotation() -> str:
    """``DisplayRotation.dump`` in ``dumpsys window``: the simulated screen is drawn in portrait only."""
    return ("\nWINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)\n  Display: mDisplayId=0\n"
            "    DisplayRotation\n      mCurrentAppOrientation=SCREEN_ORIENTATION_UNSPECIFIED\n"
            "      mLastOrientation=-1\n      mRotation=0 mDeferredRotationPauseCount=0\n"
            "      mCurrentRotation=ROTATION_0\n      mUserRotationMode=USER_ROTATION_FREE mUserRotation=ROTATION_0\n")


def _dumpsys_input(sh: Shell) -> str:
    """The viewport of ``InputReader``'s configuration (``dumpsys input``): the logical frame is the display's
    (override) size, the physical frame where it is shown on the panel, scaled to fit and centred."""
    (pw, ph), (w, h) = sh.device.physical_size, (sh.system.width, sh.system.height)
    scale = min(pw / w, ph / h)
    fw, fh = round(w * scale), round(h * scale)
    left, top = (pw - fw) // 2, (ph - fh) // 2
    viewport = (f"Viewport INTERNAL: displayId=0, uniqueId=local:4619827259835644672, port=0, orientation=0, "
                f"logicalFrame=[0, 0, {w}, {h}], physicalFrame=[{left}, {top}, {left + fw}, {top + fh}], "
                f"deviceSize=[{pw}, {ph}], isActive=[1]")
    return ("INPUT MANAGER (dumpsys input)\n\nInput Manager Service (Java) State:\n  Pointer Speed: 0\n\n"
            "Input Reader State (Nums of device: 1):\n  Device 2: virtio_input_multi_touch_7\n"
            "    Sources: TOUCHSCREEN\n    Touch Input Mapper (mode - DIRECT):\n"
            f"      {viewport}\n\n  Configuration:\n    Viewports:\n      {viewport}\n")


def _dumpsys_recents(sh: Shell) -> str:
    """``RecentTasks.dump``: the tasks the overview lists, each with ``Task.dump``'s lines (AndroidWorld reads
    their ids with ``id=(\\d+)`` and removes them with ``am stack remove``)."""
    home = sh.system.apps[sh.system.home_package]
    lines = ["ACTIVITY MANAGER RECENT TASKS (dumpsys activity recents)", f"  mRecentsUid={home.uid}",
             f"  mRecentsComponent=ComponentInfo{{{home.package}/com.android.quickstep.RecentsActivity}}",
             "  mFreezeTaskListReordering=false", "  mFreezeTaskListReorderingPendingTimeout=false", "",
             "  Recent tasks:"]
    top = sh.system.foreground()
    for i, task in enumerate(sh.system.recent_tasks()):
        base, last = task.stack[0], task.stack[-1]
        comp = base.app.component(type(base))
        visible = "true" if top is last else "false"
        uid = base.app.uid if base.app.uid < 10000 else f"u0a{base.app.uid % 1000}"
        lines += [f"  * Recent #{i}: Task{{{_hash(str(task.task_id))} #{task.task_id} type=standard "
                  f"A={base.app.uid}:{task.affinity} U=0 visible={visible} visibleRequested={visible} "
                  f"mode=fullscreen translucent=false sz={len(task.stack)}}}",
                  f"    userId=0 effectiveUid={uid} mCallingUid=2000 mUserSetupComplete=true "
                  "mCallingPackage=com.android.shell",
                  f"    affinity={task.affinity}",
                  f"    intent={{act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] "
                  f"flg=0x10000000 cmp={comp}}}",
                  f"    mActivityComponent={comp}",
                  f"    taskId={task.task_id} rootTaskId={task.task_id}"]
    lines += ["", "  Visible recent tasks (most recent first):"]
    for i, task in enumerate(sh.system.recent_tasks()):  # RecentTaskInfo.dump: " id=N userId=0 hasTask=true ..."
        base, last = task.stack[0], task.stack[-1]
        lines += [f"  * RecentTaskInfo #{i}: ",
                  f"    id={task.task_id} userId=0 hasTask=true lastActiveTime={sh.system.clock.millis()}",
                  "    baseIntent=Intent { act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] "
                  f"flg=0x10000000 cmp={base.app.component(type(base))} }}",
                  f"    baseActivity=ComponentInfo{{{base.app.package}/{type(base).name}}} "
                  f"topActivity=ComponentInfo{{{last.app.package}/{type(last).name}}} numActivities={len(task.stack)}"]
    return "\n".join(lines) + "\n"


#: screenrecord's options that take a value (``frameworks/av/cmds/screenrecord/screenrecord.cpp``, Android 13).
_SCREENRECORD_VALUES = ("--size", "--bit-rate", "--time-limit", "--output-format", "--display-id", "--codec-name",
                        "--codec-profile", "--codec-level", "--bframes")
#: Its longest recording, and the default (``kMaxTimeLimitSec``).
SCREENRECORD_LIMIT_S = 180


@process("screenrecord")
def _screenrecord_start(sh: Shell, argv: list[str]) -> Process | Result:
    """``screenrecord [--time-limit S] FILE``: records from now until ``SIGINT`` (or ``SIGHUP``: screenrecord.cpp
    catches both and finishes the file) or the time limit, then writes FILE: an MP4 (``ftyp`` mp42, ``moov`` whose
    ``mvhd`` has the recording's duration, :func:`~pytest_mobileagent.android.mp4.recording`) with no video
    track: the simulated phone encodes no frames. Other signals kill it with its file left empty, as the muxer
    never wrote the ``moov``. Time is real over the wire, the simulated clock's in process."""
    args, limit, path = argv[1:], float(SCREENRECORD_LIMIT_S), None
    if "--help" in args:
        return ok("Usage: screenrecord [options] <filename>\n")
    words = iter(args)
    for arg in words:
        if arg in _SCREENRECORD_VALUES:
            value = next(words, "")
            if arg == "--time-limit":  # atoi(), then main()'s range check
                seconds = int(m.group()) if (m := re.match(r"\s*[-+]?\d+", value)) else 0
                if not 1 <= seconds <= SCREENRECORD_LIMIT_S:
                    return with_stderr(sh, b"", 2, f"Time limit {seconds}s outside acceptable range "
                                                   f"[1,{SCREENRECORD_LIMIT_S}]\n")
                limit = float(seconds)
        elif not arg.startswith("-"):
            path = arg
    if path is None:
        return with_stderr(sh, b"", 2, "Must specify output file (see --help).\n")
    target = sh.resolve(path)
    try:
        write_as_user(sh, target, b"")  # the muxer creates the file when recording starts
    except OSError as e:
        return with_stderr(sh, b"", 1, f"Unable to open '{path}': {e.strerror}\n")
    real, started, started_at = sh.real_time, time.monotonic(), sh.system.clock.now

    def elapsed() -> float:
        simulated = (sh.system.clock.now - started_at).total_seconds()
        return max(simulated, time.monotonic() - started if real else 0.0)

    def finish() -> int:
        sh.device.write_file(target, mp4.recording(b"mp42", min(elapsed(), limit)))
        return 0

    def on_signal(number: int) -> int | None:
        if number in (signal_number("INT"), signal_number("HUP")):
            return finish()
        return default_action(number)

    def run_out() -> int:
        left = limit - elapsed()
        if left > 0:
            sh.system.tick(left)
            sh.wait(left)
        return finish()

    return sh.spawn("screenrecord", on_signal=on_signal, run_out=run_out)


@command("screenrecord")
def _screenrecord(sh: Shell, argv: list[str]) -> Result:
    """``screenrecord`` in the foreground: until its time limit (see :func:`_screenrecord_start`); the client
    leaving over the wire hangs it up, which finishes the file."""
    started = _screenrecord_start(sh, argv)
    if not isinstance(started, Process):
        return started
    try:
        started.status = started.run_out()
    except BaseException:
        started.signal(signal_number("HUP") or 1)
        raise
    return ok()


def input_methods(sh: Shell) -> tuple[str, ...]:
    """The input methods installed: Gboard, and those of installed apps (uiautomator2's AdbKeyboard)."""
    extra = [getattr(app, "input_method", None) for app in sh.system.apps.values()]
    return (*INPUT_METHODS, *(m for m in extra if m))


@command("ime")
def _ime(sh: Shell, argv: list[str]) -> Result:
    verb = argv[1] if len(argv) > 1 else ""
    installed = input_methods(sh)
    if verb == "list":
        if "-s" in argv:
            return ok("".join(f"{m}\n" for m in installed))
        return ok("".join(f"{m}:\n  mId={m} mSettingsActivity=null\n" for m in installed))
    if verb in ("enable", "disable", "set") and len(argv) > 2:
        ime = argv[2]
        if ime not in installed:
            action = {"enable": "enabled", "disable": "disabled", "set": "selected"}[verb]
            return fail(f"Unknown input method {ime} cannot be {action} for user #0\n")
        if verb == "set":
            sh.system.settings.put("secure", "default_input_method", ime)
            return ok(f"Input method {ime} selected for user #0\n")
        return ok(f"Input method {ime}: already {verb}d for user #0\n")
    return fail("usage: ime list [-a] [-s] | enable ID | disable ID | set ID\n")


@command("app_process")
def _app_process(sh: Shell, argv: list[str]) -> Result:
    # The uiautomator2 server runs until its stream closes; the adb wire server intercepts this
    # command line and keeps the socket open. A plain shell call just returns (as if detached).
    if U2_MAIN in argv:
        return ok()
    cls = next((a for a in argv[1:] if not a.startswith("-") and not a.startswith("/")), "")
    return fail(f"Error: Could not find class '{cls}'\n")


ContentHandler = Callable[["Shell", str, dict[str, Any]], Result]


#: Content providers apps install, by URI authority (``contacts``, ``sms``...).
CONTENT_PROVIDERS: dict[str, ContentHandler] = {}


def content_provider(*authorities: str) -> Callable[[ContentHandler], ContentHandler]:
    """Register the handler of ``content query|insert|update|delete --uri content://<authority>/...``.

    The handler gets the verb and the parsed options (``uri``, ``projection``,
    ``where``, ``sort``, ``bind``: a list of ``column:type:value``).
    """
    def register(fn: ContentHandler) -> ContentHandler:
        for authority in authorities:
            CONTENT_PROVIDERS[authority] = fn
        return fn

    return register


def _content_args(argv: list[str]) -> dict[str, Any]:
    opts: dict[str, Any] = {"verb": argv[1] if len(argv) > 1 else "", "bind": []}
    i = 2
    while i < len(argv):
        key = argv[i]
        if key in ("--uri", "--projection", "--where", "--sort", "--user", "--arg", "--method", "--extra") \
                and i + 1 < len(argv):
            if key == "--extra":
                opts["bind"].append(argv[i + 1])
            else:
                opts[key[2:]] = argv[i + 1]
            i += 2
        elif key == "--bind" and i + 1 < len(argv):
            opts["bind"].append(argv[i + 1])
            i += 2
        else:
            i += 1
    return opts


def binding(spec: str) -> tuple[str, Any]:
    """A ``--bind column:type:value`` of the ``content`` tool (types s, i, l, f, d, b, n)."""
    column, kind, value = [*spec.split(":", 2), "", ""][:3]
    casts = {"s": str, "i": int, "l": int, "f": float, "d": float, "b": lambda v: int(v.lower() == "true"),
             "n": lambda v: None}
    if kind not in casts:
        raise ValueError(f"Unsupported type: {kind}")
    return column, casts[kind](value)


def provider_error(uri: str, message: str) -> Result:
    authority = uri.split("://", 1)[-1].split("/", 1)[0]
    return fail(f"Error while accessing provider:{authority}\n{message}\n")


@command("content")
def _content(sh: Shell, argv: list[str]) -> Result:
    opts = _content_args(argv)
    verb, uri = opts["verb"], opts.get("uri", "")
    if verb not in ("query", "insert", "update", "delete") or not uri:
        return fail("usage: adb shell content [subcommand] [options]\n\n"
                    "usage: adb shell content insert --uri <URI> [--user <USER_ID>] --bind <BINDING> "
                    "[--bind <BINDING>...]\n", 1)
    authority = uri.split("://", 1)[-1].split("/", 1)[0]
    handler = CONTENT_PROVIDERS.get(authority)
    if handler is None:
        return provider_error(uri, f"java.lang.IllegalArgumentException: Unknown authority {authority}")
    return handler(sh, verb, opts)


def _cmd_dump_command(service: str) -> Callable[[Shell, list[str]], Result]:
    """A service whose ``cmd`` and ``dumpsys`` share one shell command (BatteryService, DeviceIdleController
    handle both in ``onShellCommand``)."""
    def run(sh: Shell, args: list[str]) -> Result:
        if not args and service == "battery":  # handleDefaultCommands: the help, status -1
            return with_stderr(sh, _dump_one(sh, service, ["help"])[0], 255)
        if not args:
            return with_stderr(sh, b"", 255, f"cmd {service}: give a command (dumpsys {service} dumps its state)\n")
        return _dump_one(sh, service, args)

    return run


#: The ``cmd`` services the simulated phone runs.
CMD_SERVICES: dict[str, Callable[[Shell, list[str]], Result]] = {
    "battery": _cmd_dump_command("battery"), "deviceidle": _cmd_dump_command("deviceidle"),
    "package": _cmd_via("pm"), "activity": _cmd_via("am"), "settings": _cmd_via("settings"),
    "input": _cmd_via("input"), "window": _cmd_via("wm"), "statusbar": _cmd_statusbar,
    **{name: _cmd_service(name) for name in ("wifi", "bluetooth_manager", "connectivity", "uimode", "notification",
                                             "media_session")},
}
#: Services every Android 13 phone runs that the simulated one does not answer for (``cmd`` names them).
UNSIMULATED_SERVICES = frozenset((
    "appops", "jobscheduler", "alarm", "power", "display", "role", "overlay", "locale",
    "device_config", "netpolicy", "usagestats", "lock_settings", "phone", "telephony", "user", "audio",
    "accessibility", "autofill", "clipboard", "content", "location", "media_projection", "shortcut", "vibrator",
    "webviewupdate", "wallpaper", "font", "game", "sensorservice", "stats", "companiondevice", "voiceinteraction"))
