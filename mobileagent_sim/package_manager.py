"""The package manager of the simulated phone: ``pm`` / ``cmd package`` and ``dumpsys package``.

AOSP ``services/core/java/com/android/server/pm/PackageManagerShellCommand.java`` (``list packages`` with
``-f -d -e -s -3 -i -U --show-versioncode`` and a filter word, ``path``, ``clear``, ``grant``/``revoke``,
``install``, ``uninstall``, ``resolve-activity``, ``dump``) and ``ComputerEngine.dumpPackages`` (``dumpsys
package PKG``). A failing command prints ``Exception occurred while executing 'VERB':`` and the exception on
standard error with status 255, as ``BasicShellCommandHandler`` does.

What the simulated phone knows of a package: the installed :class:`~mobileagent_sim.app.App` and a
:class:`PackageRecord` beside it (install times, installer, granted runtime permissions), kept on the
:class:`~mobileagent_sim.system.System` so snapshots carry it. Simplifications, each said where it shows:

- the simulator has no manifests: every simulated app is taken to request the platform's runtime permissions
  (an ``App`` may list its own in ``permissions``), so ``pm grant`` refuses only unknown permissions and those
  that are not runtime ones, as PermissionManagerService does;
- a simulated app's version is its ``version_name``/``version_code`` if it sets them, else the real package's
  (:data:`VERSIONS`: the APKs AndroidWorld installs, and the platform's own apps), else ``1.0``/``1``;
- system packages are those AOSP and Google ship in the image (``com.android.*``, ``com.google.android.*``), or
  an app's own ``system_app``.

APKs (``pm install``, ``cmd package install -S SIZE`` reading the APK from standard input as ``adb install``
streams it): the package name is read from the APK's binary ``AndroidManifest.xml``. An APK of an app the
simulator simulates installs that app (``Success``); a file that is not a zip is
``INSTALL_PARSE_FAILED_NOT_APK``, a zip without a readable manifest ``INSTALL_PARSE_FAILED_BAD_MANIFEST``; an APK
of any other package is refused with ``INSTALL_FAILED_NO_MATCHING_ABIS``, the phone's answer for code it cannot
run, its message naming why. uiautomator2's ``app-uiautomator.apk`` (``com.github.uiautomator``) installs the
simulated AdbKeyboard input method (:mod:`mobileagent_sim.apps.adb_keyboard`), which is what uiautomator2
3.x installs it for (``send_keys``): its UiAutomator server half is not needed, as the simulator serves
uiautomator2's JSON-RPC itself.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import io
import struct
import zipfile
from dataclasses import dataclass, field
from typing import Any

from mobileagent_sim.shell import Result, Shell, command, ok, with_stderr

#: Runtime ("dangerous") permissions of Android 13 (``frameworks/base/core/res/AndroidManifest.xml``,
#: ``protectionLevel="dangerous"``) and the development permissions ``pm grant`` may also change.
RUNTIME_PERMISSIONS = frozenset(f"android.permission.{p}" for p in (
    "READ_CALENDAR", "WRITE_CALENDAR", "CAMERA", "READ_CONTACTS", "WRITE_CONTACTS", "GET_ACCOUNTS",
    "ACCESS_FINE_LOCATION", "ACCESS_COARSE_LOCATION", "ACCESS_BACKGROUND_LOCATION", "RECORD_AUDIO",
    "READ_PHONE_STATE", "READ_PHONE_NUMBERS", "CALL_PHONE", "ANSWER_PHONE_CALLS", "READ_CALL_LOG",
    "WRITE_CALL_LOG", "ADD_VOICEMAIL", "USE_SIP", "PROCESS_OUTGOING_CALLS", "BODY_SENSORS",
    "BODY_SENSORS_BACKGROUND", "ACTIVITY_RECOGNITION", "SEND_SMS", "RECEIVE_SMS", "READ_SMS", "RECEIVE_WAP_PUSH",
    "RECEIVE_MMS", "READ_EXTERNAL_STORAGE", "WRITE_EXTERNAL_STORAGE", "ACCESS_MEDIA_LOCATION", "READ_MEDIA_AUDIO",
    "READ_MEDIA_VIDEO", "READ_MEDIA_IMAGES", "POST_NOTIFICATIONS", "NEARBY_WIFI_DEVICES", "BLUETOOTH_SCAN",
    "BLUETOOTH_CONNECT", "BLUETOOTH_ADVERTISE", "UWB_RANGING"))
DEVELOPMENT_PERMISSIONS = frozenset(f"android.permission.{p}" for p in (
    "WRITE_SECURE_SETTINGS", "READ_LOGS", "DUMP", "SET_ANIMATION_SCALE", "CHANGE_CONFIGURATION",
    "SET_DEBUG_APP", "SET_PROCESS_LIMIT", "SET_ALWAYS_FINISH", "SIGNAL_PERSISTENT_PROCESSES",
    "INTERACT_ACROSS_USERS", "PACKAGE_USAGE_STATS"))
#: Install-time permissions: known to the platform, granted at install, never changed by ``pm grant``.
INSTALL_PERMISSIONS = frozenset(f"android.permission.{p}" for p in (
    "INTERNET", "ACCESS_NETWORK_STATE", "ACCESS_WIFI_STATE", "VIBRATE", "WAKE_LOCK", "RECEIVE_BOOT_COMPLETED",
    "FOREGROUND_SERVICE", "SET_ALARM", "SCHEDULE_EXACT_ALARM", "USE_EXACT_ALARM", "SYSTEM_ALERT_WINDOW",
    "MANAGE_EXTERNAL_STORAGE", "REQUEST_INSTALL_PACKAGES", "BLUETOOTH", "BLUETOOTH_ADMIN", "NFC",
    "CHANGE_WIFI_STATE", "MODIFY_AUDIO_SETTINGS", "READ_SYNC_SETTINGS", "WRITE_SYNC_SETTINGS", "USE_BIOMETRIC"))
#: The image's install time of its preinstalled packages (the google_apis image's build, before any boot).
FACTORY_TIME = dt.datetime(2023, 2, 9, 2, 17, 44, tzinfo=dt.timezone.utc)
SYSTEM_PREFIXES = ("com.android.", "com.google.android.")


@dataclass
class PackageRecord:
    """What PackageManagerService keeps of an installed package beyond its code."""

    first_install: dt.datetime
    last_update: dt.datetime
    installer: str | None = None
    granted: set[str] = field(default_factory=set)


def records(system: Any) -> dict[str, PackageRecord]:
    """The package records of ``system``'s installed packages (kept on the system object, so snapshots copy it);
    a package installed with the device gets the image's install time."""
    found: dict[str, PackageRecord] | None = vars(system).get("package_records")
    if found is None:
        found = {}
        system.package_records = found
    for package in system.apps:
        if package not in found:
            found[package] = PackageRecord(FACTORY_TIME, FACTORY_TIME)
    for package in [p for p in found if p not in system.apps]:
        del found[package]
    return found


def is_system(app: Any) -> bool:
    own = getattr(app, "system_app", None)
    return bool(own) if own is not None else app.package.startswith(SYSTEM_PREFIXES)


#: The versions of the real packages the simulated apps stand for: the APKs AndroidWorld installs
#: (``android_world/env/setup_device/apps.py`` names each file with its versionCode; the versionName is the
#: app's own build file at that code: Markor's, Simple Mobile Tools', Tasks', Audio Recorder's, OpenTracks',
#: VLC's (``versionOverride`` adds 10000000 and the ABI's code, 8 for x86_64), Retro Music's, Clipper's
#: manifest), and the platform's own apps, which the build gives its SDK level and release (33, ``13``).
VERSIONS: dict[str, tuple[str, int]] = {
    "net.gsantner.markor": ("2.10.9", 146),
    "com.simplemobiletools.calendar.pro": ("6.22.2", 238),
    "org.tasks": ("13.6.3", 130605),
    "com.simplemobiletools.draw.pro": ("6.9.3", 79),
    "com.simplemobiletools.gallery.pro": ("6.28.1", 396),
    "com.simplemobiletools.smsmessenger": ("5.19.3", 85),
    "com.dimowner.audiorecorder": ("0.9.26", 926),
    "de.dennisguse.opentracks": ("v4.11.3", 5705),
    "org.videolan.vlc": ("3.5.4", 13050408),
    "code.name.monkey.retromusic": ("6.1.0", 10603),
    "ca.zgrs.clipper": ("1.1", 1),
    **{package: ("13", 33) for package in (
        "com.android.settings", "com.android.camera2", "com.android.calendar", "com.android.music",
        "com.android.providers.blockednumber", "com.android.providers.calendar", "com.android.providers.contacts",
        "com.android.providers.telephony")},
}


def version(app: Any) -> tuple[str, int]:
    """(versionName, versionCode) of an installed app."""
    name, code = VERSIONS.get(app.package, ("1.0", 1))
    return str(getattr(app, "version_name", name)), int(getattr(app, "version_code", code))


def requested(app: Any) -> frozenset[str]:
    default = RUNTIME_PERMISSIONS | DEVELOPMENT_PERMISSIONS | {"android.permission.INTERNET"}
    return frozenset(getattr(app, "permissions", default))


def _hash64(text: str, n: int = 16) -> str:
    """A stable stand-in for the random base64 names Android 11+ gives app folders (``~~XXX==``)."""
    return base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()[:n]).decode().rstrip("=") + "=="


def code_path(app: Any) -> str:
    """Where the package's APK lives: ``/system/app/NAME`` for the image's, ``/data/app/~~X==/PKG-Y==``."""
    if is_system(app):
        name = "".join(c for c in (app.label or app.package.rsplit(".", 1)[-1]) if c.isalnum())
        return f"/system/app/{name}"
    return f"/data/app/~~{_hash64('dir:' + app.package)}/{app.package}-{_hash64('pkg:' + app.package)}"


def apk_path(app: Any) -> str:
    folder = code_path(app)
    return f"{folder}/{folder.rsplit('/', 1)[-1]}.apk" if is_system(app) else f"{folder}/base.apk"


def exception(sh: Shell, verb: str, text: str) -> Result:
    """``BasicShellCommandHandler``'s report of an exception: a blank line, the verb, the exception; 255."""
    return with_stderr(sh, b"", 255, f"\nException occurred while executing '{verb}':\n{text}\n")


# -- APKs -----------------------------------------------------------------------------------------------


class ApkError(Exception):
    """An APK PackageManager cannot parse: ``code`` is the ``INSTALL_PARSE_FAILED_*`` it answers."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def _string_pool(data: bytes, at: int) -> list[str]:
    """The strings of a ``ResStringPool`` chunk (``frameworks/base/libs/androidfw/include/androidfw/
    ResourceTypes.h``): UTF-8 or UTF-16 per its flag."""
    _type, header, _size, count, _styles, flags, start = struct.unpack_from("<HHIIIII", data, at)
    offsets = struct.unpack_from(f"<{count}I", data, at + header)
    utf8 = bool(flags & 0x100)
    out = []
    for offset in offsets:
        p = at + start + offset
        if utf8:
            p += 2 if data[p] & 0x80 else 1  # length in characters
            n = data[p]
            if n & 0x80:
                n = ((n & 0x7F) << 8) | data[p + 1]
                p += 1
            out.append(data[p + 1:p + 1 + n].decode("utf-8", errors="replace"))
        else:
            n = struct.unpack_from("<H", data, p)[0]
            if n & 0x8000:
                n = ((n & 0x7FFF) << 16) | struct.unpack_from("<H", data, p + 2)[0]
                p += 2
            out.append(data[p + 2:p + 2 + 2 * n].decode("utf-16-le", errors="replace"))
    return out


def manifest_package(manifest: bytes) -> str:
    """The ``package`` attribute of ``<manifest>`` in a binary AndroidManifest.xml (``ResXMLTree`` chunks: the
    string pool, then the first start tag's attributes of 20 bytes each)."""
    if len(manifest) < 8 or struct.unpack_from("<H", manifest)[0] != 0x0003:
        raise ValueError("not a binary XML document")
    strings: list[str] = []
    at = struct.unpack_from("<H", manifest, 2)[0]
    while at + 8 <= len(manifest):
        kind, header, size = struct.unpack_from("<HHI", manifest, at)
        if size < 8:
            break
        if kind == 0x0001:
            strings = _string_pool(manifest, at)
        elif kind == 0x0102:  # RES_XML_START_ELEMENT_TYPE
            _ns, name, attr_start, attr_size, count = struct.unpack_from("<IIHHH", manifest, at + 16)
            if strings[name] == "manifest":
                for i in range(count):
                    a = at + 16 + attr_start + i * attr_size
                    _ans, aname, raw = struct.unpack_from("<III", manifest, a)
                    if strings[aname] == "package" and raw != 0xFFFFFFFF:
                        return strings[raw]
            raise ValueError("<manifest> has no package")
        at += size
    raise ValueError("no <manifest> element")


def apk_package(data: bytes, where: str) -> str:
    """The package an APK's manifest names, or :class:`ApkError` as PackageManager's parser fails."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise ApkError("INSTALL_PARSE_FAILED_NOT_APK",
                       f"Failed to parse {where}: Failed to load asset path {where}") from None
    try:
        return manifest_package(archive.read("AndroidManifest.xml"))
    except (KeyError, ValueError, IndexError, struct.error, zipfile.BadZipFile):
        raise ApkError("INSTALL_PARSE_FAILED_BAD_MANIFEST",
                       f"Failed to parse {where}: Failed to read manifest from {where}") from None


# -- pm ---------------------------------------------------------------------------------------------------


#: The hardware and software features of the emulator image (``pm list features``): AOSP's
#: ``handheld_core_hardware.xml`` and the goldfish device's feature files (``device/generic/goldfish``: camera,
#: sensors, telephony, Wi-Fi, Vulkan), with the versions those files give.
FEATURES = (
    "android.hardware.audio.output", "android.hardware.bluetooth", "android.hardware.bluetooth_le",
    "android.hardware.camera", "android.hardware.camera.any", "android.hardware.camera.autofocus",
    "android.hardware.camera.capability.manual_post_processing", "android.hardware.camera.capability.manual_sensor",
    "android.hardware.camera.capability.raw", "android.hardware.camera.concurrent", "android.hardware.camera.flash",
    "android.hardware.camera.front", "android.hardware.camera.level.full", "android.hardware.faketouch",
    "android.hardware.fingerprint", "android.hardware.identity_credential=202101", "android.hardware.location",
    "android.hardware.location.gps", "android.hardware.location.network", "android.hardware.microphone",
    "android.hardware.ram.normal", "android.hardware.screen.landscape", "android.hardware.screen.portrait",
    "android.hardware.security.model.compatible", "android.hardware.sensor.accelerometer",
    "android.hardware.sensor.ambient_temperature", "android.hardware.sensor.barometer",
    "android.hardware.sensor.compass", "android.hardware.sensor.gyroscope", "android.hardware.sensor.hinge_angle",
    "android.hardware.sensor.light", "android.hardware.sensor.proximity", "android.hardware.sensor.relative_humidity",
    "android.hardware.telephony", "android.hardware.telephony.gsm", "android.hardware.touchscreen",
    "android.hardware.touchscreen.multitouch", "android.hardware.touchscreen.multitouch.distinct",
    "android.hardware.touchscreen.multitouch.jazzhand", "android.hardware.vulkan.compute",
    "android.hardware.vulkan.level=1", "android.hardware.vulkan.version=4206592", "android.hardware.wifi",
    "android.hardware.wifi.direct", "android.hardware.wifi.passpoint",
    "android.software.activities_on_secondary_displays", "android.software.app_enumeration",
    "android.software.app_widgets", "android.software.autofill", "android.software.backup",
    "android.software.cant_save_state", "android.software.companion_device_setup", "android.software.controls",
    "android.software.device_admin", "android.software.file_based_encryption", "android.software.home_screen",
    "android.software.incremental_delivery=2", "android.software.input_methods", "android.software.ipsec_tunnels",
    "android.software.live_wallpaper", "android.software.managed_users", "android.software.midi",
    "android.software.opengles.deqp.level=132383489", "android.software.picture_in_picture",
    "android.software.print", "android.software.secure_lock_screen", "android.software.securely_removes_users",
    "android.software.telecom", "android.software.verified_boot", "android.software.voice_recognizers",
    "android.software.vulkan.deqp.level=132383489", "android.software.webview",
)
#: ``ro.opengles.version`` 196610: OpenGL ES 3.2, the feature without a name (``reqGlEsVersion``).
GLES_VERSION = 0x30002

#: The permission groups of Android 13's platform (``frameworks/base/core/res/AndroidManifest.xml``).
PERMISSION_GROUPS = tuple(f"android.permission-group.{g}" for g in (
    "ACTIVITY_RECOGNITION", "CALENDAR", "CALL_LOG", "CAMERA", "CONTACTS", "LOCATION", "MICROPHONE",
    "NEARBY_DEVICES", "NOTIFICATIONS", "PHONE", "READ_MEDIA_AURAL", "READ_MEDIA_VISUAL", "SENSORS", "SMS",
    "STORAGE"))


def _list_other(sh: Shell, what: str, flags: set[str]) -> Result:
    """``pm list features|users|instrumentation|permission-groups|permissions`` (PackageManagerShellCommand's
    ``runList*``): features sorted with the unnamed GL ES one first; the one user, the owner (flags ``c13``:
    primary, admin, initialized), running; no instrumentation is installed; permissions the platform defines
    (``-d``: only dangerous ones)."""
    if what == "features":
        return ok(f"feature:reqGlEsVersion=0x{GLES_VERSION:x}\n" + "".join(f"feature:{f}\n" for f in FEATURES))
    if what == "users":
        return ok("Users:\n\tUserInfo{0:Owner:c13} running\n")
    if what == "instrumentation":
        return ok()
    if what == "permission-groups":
        return ok("".join(f"permission group:{g}\n" for g in PERMISSION_GROUPS))
    if flags - {"-d"}:
        return with_stderr(sh, b"", 255, f"pm list permissions {' '.join(sorted(flags - {'-d'}))}: not simulated\n")
    names = RUNTIME_PERMISSIONS
    if "-d" not in flags:
        names = names | DEVELOPMENT_PERMISSIONS | INSTALL_PERMISSIONS
    head = "Dangerous Permissions:" if "-d" in flags else "All Permissions:"
    return ok(f"{head}\n\n" + "".join(f"permission:{name}\n" for name in sorted(names)))


def _list_packages(sh: Shell, args: list[str]) -> Result:
    flags = {a for a in args if a.startswith("-")}
    words = [a for i, a in enumerate(args) if not a.startswith("-") and not (i and args[i - 1] in ("--user",
                                                                                                     "--uid"))]
    if words[:1] in (["features"], ["users"], ["instrumentation"], ["permission-groups"], ["permissions"]):
        return _list_other(sh, words[0], flags)
    if words[:1] != ["packages"]:
        return exception(sh, "list", f"java.lang.IllegalArgumentException: Unknown list: {words[0] if words else ''}")
    filter_word = words[1] if len(words) > 1 else ""
    lines = []
    for package in sorted(sh.system.apps):
        app = sh.system.apps[package]
        system = is_system(app)
        if ("-s" in flags and not system) or ("-3" in flags and system) or "-d" in flags:
            continue  # nothing is disabled on the simulated phone
        if filter_word and filter_word not in package:
            continue
        line = "package:" + (apk_path(app) + "=" if "-f" in flags else "") + package
        if "--show-versioncode" in flags:
            line += f" versionCode:{version(app)[1]}"
        if "-i" in flags:
            line += f"  installer={records(sh.system)[package].installer or 'null'}"
        if "-U" in flags:
            line += f" uid:{app.uid}"
        lines.append(line + "\n")
    return ok("".join(lines))


def _path(sh: Shell, args: list[str]) -> Result:
    words = [a for a in args if not a.startswith("-")]
    app = sh.system.apps.get(words[0]) if words else None
    return ok(f"package:{apk_path(app)}\n") if app is not None else (b"", 1)


def _clear(sh: Shell, args: list[str]) -> Result:
    words = [a for i, a in enumerate(args) if not a.startswith("-") and not (i and args[i - 1] == "--user")]
    package = words[0] if words else ""
    if package not in sh.system.apps:
        return with_stderr(sh, b"Failed\n", 1)  # runClear: the observer's failure, on standard output
    app = sh.system.apps[package]
    sh.system.stop_app(package)
    sh.system.fs.remove(app.data_dir)
    sh.system.fs.remove(f"/data/user_de/0/{package}")  # device-protected storage is cleared too
    records(sh.system)[package].granted.clear()  # clearing data resets runtime permissions
    app.install()
    sh.system.invalidate()
    return ok("Success\n")


def _grant(sh: Shell, args: list[str], verb: str) -> Result:
    words = [a for i, a in enumerate(args) if not a.startswith("-") and not (i and args[i - 1] == "--user")]
    if len(words) < 2:
        return exception(sh, verb, "java.lang.IllegalArgumentException: Argument expected after \"" + verb + "\"")
    package, permission = words[0], words[1]
    app = sh.system.apps.get(package)
    if app is None:
        return exception(sh, verb, f"java.lang.IllegalArgumentException: Unknown package: {package}")
    known = RUNTIME_PERMISSIONS | DEVELOPMENT_PERMISSIONS | INSTALL_PERMISSIONS
    if permission not in known:
        return exception(sh, verb, f"java.lang.IllegalArgumentException: Unknown permission: {permission}")
    if permission not in requested(app):
        return exception(sh, verb, f"java.lang.SecurityException: Package {package} has not requested permission "
                                   f"{permission}")
    if permission in INSTALL_PERMISSIONS:
        return exception(sh, verb, f"java.lang.SecurityException: Permission {permission} requested by {package} "
                                   "is not a changeable permission type")
    granted = records(sh.system)[package].granted
    if verb == "grant":
        granted.add(permission)
    else:
        granted.discard(permission)
        sh.system.stop_app(package)  # revoking a runtime permission kills the app, as on a phone
    return ok()


def _install_options(args: list[str]) -> tuple[set[str], dict[str, str], list[str]]:
    flags, values, words = set(), {}, []
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-i", "--user", "-S", "--install-reason", "--abi", "-p", "--originating-uri", "--referrer",
                 "--pkg", "--install-location", "--force-uuid") and i + 1 < len(args):
            values[a] = args[i + 1]
            i += 2
            continue
        (flags.add(a) if a.startswith("-") else words.append(a))
        i += 1
    return flags, values, words


def _install(sh: Shell, args: list[str]) -> Result:
    flags, values, words = _install_options(args)
    if "-S" in values:  # streamed: adb install's ``cmd package install -S SIZE`` with the APK on stdin
        data = sh.stdin
        try:
            size = int(values["-S"])
        except ValueError:
            return exception(sh, "install", f"java.lang.NumberFormatException: For input string: \"{values['-S']}\"")
        if len(data) < size:
            return ok(f"Failure [INSTALL_FAILED_INVALID_APK: Expected {size} bytes, got {len(data)}]\n")
        data, where = data[:size], "/data/app/vmdl.tmp/base.apk"
    elif words:
        path = sh.resolve(words[-1])
        fs = sh.system.fs
        if not fs.exists(path) or fs.isdir(path):
            return exception(sh, "install", f"java.lang.IllegalArgumentException: Error: Can't open file: {path}")
        data, where = fs.read(path), path
    else:
        return with_stderr(sh, b"", 255, "Error: APK content must be streamed\n")
    try:
        package = apk_package(data, where)
    except ApkError as e:
        return _failure(sh, e.code, str(e))
    cls = sh.device.installable.get(package)
    if cls is None:
        return _failure(sh, "INSTALL_FAILED_NO_MATCHING_ABIS",
                        f"the simulated phone runs only the apps it simulates; {package} is not one of them")
    if package in sh.system.apps and "-R" in flags:
        return _failure(sh, "INSTALL_FAILED_ALREADY_EXISTS", f"Attempt to re-install {package} without first "
                                                         "uninstalling.")
    now = sh.system.clock.now
    if package in sh.system.apps:
        sh.system.stop_app(package)  # an update kills the running app
        records(sh.system)[package].last_update = now
    else:
        sh.system.install(cls)
        records(sh.system)[package] = PackageRecord(now, now, values.get("-i"))
    if "-g" in flags:
        app = sh.system.apps[package]
        records(sh.system)[package].granted |= requested(app) & RUNTIME_PERMISSIONS
    sh.system.invalidate()
    return ok("Success\n")


def _failure(sh: Shell, code: str, message: str) -> Result:
    """``pm install``'s refusal: on standard output, status 1 (``doCommitSession``)."""
    return with_stderr(sh, f"Failure [{code}: {message}]\n".encode(), 1)


def _uninstall(sh: Shell, args: list[str]) -> Result:
    words = [a for i, a in enumerate(args) if not a.startswith("-") and not (i and args[i - 1] == "--user")]
    package = words[0] if words else ""
    app = sh.system.apps.get(package)
    if app is None or package == sh.system.home_package or (is_system(app) and "--user" not in args):
        return _failure_plain(sh, "DELETE_FAILED_INTERNAL_ERROR")
    sh.system.stop_app(package)
    if "-k" not in args:
        sh.system.fs.remove(app.data_dir)
        sh.system.fs.remove(f"/data/user_de/0/{package}")
    del sh.system.apps[package]
    records(sh.system)
    sh.system.invalidate()
    return ok("Success\n")


def _failure_plain(sh: Shell, code: str) -> Result:
    return with_stderr(sh, f"Failure [{code}]\n".encode(), 1)


def _resolve_activity(sh: Shell, args: list[str]) -> Result:
    """``resolve-activity [--brief] [-a ACTION] [-c CATEGORY] PKG``: the launcher activity of the package."""
    words = [a for i, a in enumerate(args) if not a.startswith("-")
             and not (i and args[i - 1] in ("-a", "-c", "-d", "-t", "-n", "--user", "--components"))]
    app = sh.system.apps.get(words[-1]) if words else None
    if app is None or not app.activities:
        return ok("No activity found\n")
    component = app.component(app.activities[0])
    if "--brief" in args:
        return ok(f"priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n{component}\n")
    return ok(f"Activity #0:\n  priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n"
              f"  ActivityInfo:\n    name={app.activities[0].name}\n    packageName={app.package}\n"
              f"    enabled=true exported=true directBootAware=false\n")


def _stamp(when: dt.datetime) -> str:
    return when.astimezone(dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S")


def dump_package(sh: Shell, package: str) -> str:
    """``dumpsys package PKG`` / ``pm dump PKG``: the ``Packages:`` section of ``ComputerEngine.dumpPackages``."""
    app = sh.system.apps.get(package)
    if app is None:
        return ""
    record = records(sh.system)[package]
    name, code = version(app)
    flags = "[ SYSTEM HAS_CODE ALLOW_CLEAR_USER_DATA ALLOW_BACKUP ]" if is_system(app) else \
        "[ HAS_CODE ALLOW_CLEAR_USER_DATA ALLOW_BACKUP ]"
    signature = hashlib.sha256(f"cert:{package}".encode()).hexdigest()[:8]
    ident = hashlib.sha256(package.encode()).hexdigest()[:7]
    wanted = sorted(requested(app) & (RUNTIME_PERMISSIONS | INSTALL_PERMISSIONS))
    lines = [
        "Packages:",
        f"  Package [{package}] ({ident}):",
        f"    userId={app.uid}",
        f"    pkg=Package{{{ident} {package}}}",
        f"    codePath={code_path(app)}",
        f"    resourcePath={code_path(app)}",
        f"    versionCode={code} minSdk=26 targetSdk=33",
        f"    versionName={name}",
        f"    flags={flags}",
        f"    dataDir=/data/user/0/{package}",
        f"    timeStamp={_stamp(record.last_update)}",
        f"    lastUpdateTime={_stamp(record.last_update)}",
        f"    installerPackageName={record.installer or 'null'}",
        f"    signatures=PackageSignatures{{{signature[:7]} version:2, signatures:[{signature}], past signatures:[]}}",
        f"    pkgFlags={flags}",
        "    requested permissions:",
        *(f"      {p}" for p in wanted),
        "    install permissions:",
        *(f"      {p}: granted=true" for p in wanted if p in INSTALL_PERMISSIONS),
        f"    User 0: ceDataInode=0 installed=true hidden=false suspended=false distractionFlags=0 "
        f"stopped={'false' if sh.system.running(package) else 'true'} notLaunched=false enabled=0 instant=false "
        "virtual=false",
        f"      firstInstallTime={_stamp(record.first_install)}",
        "      runtime permissions:",
        *(f"        {p}: granted={'true' if p in record.granted else 'false'}, flags=[ ]"
          for p in sorted(requested(app) & RUNTIME_PERMISSIONS)),
    ]
    return "\n".join(lines) + "\n"


def _dump(sh: Shell, args: list[str]) -> Result:
    words = [a for a in args if not a.startswith("-")]
    return ok(dump_package(sh, words[0]) if words else "")


#: PackageManagerShellCommand's verbs the simulated phone does not carry out (it says so rather than pretend).
UNSIMULATED_VERBS = frozenset((
    "enable", "disable", "disable-user", "disable-until-used", "default-state", "hide", "unhide", "suspend",
    "unsuspend", "set-installer", "install-create", "install-write", "install-commit", "install-abandon",
    "install-existing", "install-multiple", "set-install-location", "get-install-location", "trim-caches",
    "compile", "bg-dexopt-job", "reconcile-secondary-dex-files", "set-permission-enforced", "reset-permissions",
    "set-app-link", "get-app-link", "set-home-activity", "query-activities", "query-services", "query-receivers",
    "list-features", "has-feature", "create-user", "remove-user", "set-user-restriction", "get-max-users",
    "set-harmful-app-warning", "get-harmful-app-warning", "uninstall-system-updates", "get-privapp-permissions",
    "get-oem-permissions", "set-distracting-restriction", "art", "snapshot-profile", "dump-profiles",
))

_VERBS = {
    "list": _list_packages, "path": _path, "clear": _clear, "install": _install, "uninstall": _uninstall,
    "resolve-activity": _resolve_activity, "dump": _dump,
    "grant": lambda sh, args: _grant(sh, args, "grant"), "revoke": lambda sh, args: _grant(sh, args, "revoke"),
}


@command("pm")
def _pm(sh: Shell, argv: list[str]) -> Result:
    """``pm VERB ...`` (in Android 13 a script running ``cmd package VERB ...``)."""
    return package_command(sh, argv[1:])


def package_command(sh: Shell, args: list[str]) -> Result:
    """``cmd package ARGS``: a verb of :data:`_VERBS`, else ``Unknown command: VERB`` (status 255)."""
    if not args:
        return with_stderr(sh, b"", 255, "Package manager (package) commands:\n  help\n    Print this help text.\n")
    handler = _VERBS.get(args[0])
    if handler is None and args[0] in UNSIMULATED_VERBS:
        return with_stderr(sh, b"", 255, f"pm {args[0]}: not simulated\n")
    if handler is None:
        return with_stderr(sh, f"Unknown command: {args[0]}\n".encode(), 255)
    return handler(sh, args[1:])
