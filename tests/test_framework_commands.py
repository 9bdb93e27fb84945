"""The framework's shell commands on the simulated phone, as an Android 13 google_apis emulator answers them.

Each behaviour is pinned by what its user reads: android_env's ``AdbCallParser`` and AndroidWorld's ``adb_utils``
applied to the output where they are at hand (AndroidWorld's source from ``MA_DATASETS``; ``android_env`` from
PyPI), adbutils over the simulator's adb server, the host's ``sqlite3`` for the on-device sqlite3 shell, and
otherwise the formats, streams and statuses of the AOSP sources named in the modules.
"""

from __future__ import annotations

import io
import re
import shlex
import shutil
import sqlite3
import struct
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mobileagent_sim import SimDevice
from mobileagent_sim.testing import adb_device, serve
from pytest_mobileagent.android.telephony import MMSSMS_DB
from pytest_mobileagent.device.base import KEYEVENT_CODES, ActionRefused, keycode, keycode_from_string
from tests.published import published_file

SETTINGS = "com.android.settings/com.android.settings.Settings"


@pytest.fixture
def phone() -> Iterator[SimDevice]:
    with SimDevice() as device:
        yield device


def run(phone: SimDevice, line: str, stdin: bytes = b"") -> tuple[str, str, int]:
    out, err, status = phone.shell_streams(line, stdin)
    return out.decode(), err.decode(), status


# -- android_env and AndroidWorld, reading the simulated phone -----------------------------------------------------


class _Controller:
    """android_env's ``AdbController`` as ``adb -s SERIAL ARGS`` would answer on the simulated phone: ``adb shell``
    joins its words with spaces and, with the shell protocol, fails (``CalledProcessError``) as the line does."""

    def __init__(self, phone: SimDevice):
        self.phone = phone

    def execute_command(self, args: list[str], timeout: float | None = None) -> bytes:
        if args[0] == "shell":
            out, status = self.phone.shell_bytes(" ".join(args[1:]))
            if status:
                raise subprocess.CalledProcessError(status, args, output=out)
            return out
        if args == ["root"]:
            return b"adbd is already running as root\n"
        raise subprocess.CalledProcessError(1, args, output=b"error: unknown command\n")


class _Env:
    """The part of AndroidWorld's ``AndroidEnvInterface`` its ``adb_utils`` use: ``execute_adb_call``."""

    def __init__(self, phone: SimDevice):
        from android_env.components.adb_call_parser import AdbCallParser

        self.controller = self
        self._parser = AdbCallParser(_Controller(phone))

    def execute_adb_call(self, request: Any) -> Any:
        return self._parser.parse(request)


@pytest.fixture
def aw(pytestconfig: pytest.Config) -> Any:
    """AndroidWorld's ``adb_utils`` (skips without its source or android_env)."""
    pytest.importorskip("android_env")
    source = published_file(pytestconfig, "androidworld/source")
    if str(source) not in sys.path:
        sys.path.insert(0, str(source))
    from android_world.env import adb_utils

    return adb_utils


def test_android_env_reads_the_current_activity_from_am_stack_list(phone: SimDevice) -> None:
    pytest.importorskip("android_env")
    from android_env.proto import adb_pb2

    env = _Env(phone)
    request = adb_pb2.AdbRequest(get_current_activity=adb_pb2.AdbRequest.GetCurrentActivity())
    launcher = env.execute_adb_call(request).get_current_activity.full_activity
    assert launcher == phone.current_activity()[0] + "/" + phone.current_activity()[1]
    phone.shell("am start -n com.android.settings/.Settings")
    response = env.execute_adb_call(request)
    assert response.status == adb_pb2.AdbResponse.Status.OK
    assert response.get_current_activity.full_activity == SETTINGS
    task_id = env._parser._fetch_current_task_id(SETTINGS)  # the regex android_env's screen pinning applies
    assert task_id > 0 and f"taskId={task_id}: {SETTINGS}" in phone.shell("am stack list")


def test_am_stack_list_prints_root_task_info_per_task(phone: SimDevice) -> None:
    phone.shell("am start -n com.android.settings/.Settings")
    out, err, status = run(phone, "am stack list")
    assert (err, status) == ("", 0)
    blocks = out.split("\n\n")
    assert blocks[0].startswith("RootTask id=") and " bounds=[0,0][1080,2400] displayId=0 userId=0\n" in blocks[0]
    assert "\n configuration={1.0 " in blocks[0]
    visible = [line for line in out.splitlines() if "visible=true" in line]
    assert visible == [line for line in out.splitlines() if SETTINGS in line]
    assert visible[0].endswith(f"topActivity=ComponentInfo{{{SETTINGS}}}")


def test_androidworld_closes_recents_with_dumpsys_and_am_stack_remove(phone: SimDevice, aw: Any) -> None:
    phone.shell("am start -n com.android.settings/.Settings")
    phone.shell("am start -n ca.zgrs.clipper/.Main")
    assert len(phone.system.recent_tasks()) == 2
    aw.close_recents(_Env(phone))
    assert phone.system.recent_tasks() == []
    assert phone.current_activity()[0] == phone.system.home_package


def test_androidworld_reads_screen_size_and_orientation_from_dumpsys(phone: SimDevice, aw: Any) -> None:
    env = _Env(phone)
    assert aw.get_orientation(env) == 0
    assert aw.get_logical_screen_size(env) == (1080, 2400)
    assert aw.get_physical_frame_boundary(env) == (0, 0, 1080, 2400)
    phone.shell("wm size 720x1600")
    assert aw.get_logical_screen_size(env) == (720, 1600)


# -- am ------------------------------------------------------------------------------------------------------------


def test_am_start_errors_go_to_stderr_with_aosps_words_and_status_0(phone: SimDevice) -> None:
    out, err, status = run(phone, "am start -n com.android.settings/.Nope")
    assert out == "Starting: Intent { cmp=com.android.settings/.Nope }\n"
    assert err == ("Error type 3\n"
                   "Error: Activity class {com.android.settings/com.android.settings.Nope} does not exist.\n")
    assert status == 0  # runStartActivity returns 0 whatever the result
    out, err, status = run(phone, "am start -n no.such.app/.Main")
    assert "Error: Activity class {no.such.app/no.such.app.Main} does not exist." in err
    _, err, status = run(phone, "am start -n com.android.settings")
    assert (status, err.splitlines()[-1]) == (255, "java.lang.IllegalArgumentException: Bad component name: "
                                                   "com.android.settings")
    out, err, _ = run(phone, "am start -a android.intent.action.VIEW -d nosuchscheme://x")
    assert err.startswith("Error: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW "
                          "dat=nosuchscheme://x flg=0x10000000 }")


def test_am_start_w_reports_the_launch_on_stdout_timed_by_the_device_clock(phone: SimDevice) -> None:
    before = phone.now()
    out, err, status = run(phone, "am start -W -n com.android.settings/.Settings")
    lines = out.splitlines()
    assert (err, status) == ("", 0)
    assert lines[0] == "Starting: Intent { cmp=com.android.settings/.Settings }"
    assert lines[1:3] == ["Status: ok", "LaunchState: COLD"]
    assert lines[3] == "Activity: com.android.settings/.Settings" and lines[-1] == "Complete"
    total = int(re.search(r"^TotalTime: (\d+)$", out, re.M).group(1))  # type: ignore[union-attr]
    assert int(re.search(r"^WaitTime: (\d+)$", out, re.M).group(1)) >= total  # type: ignore[union-attr]
    assert (phone.now() - before).total_seconds() * 1000 >= total
    phone.press("home")
    out, _, _ = run(phone, "am start -W -n com.android.settings/.Settings")
    assert "Warning: Activity not started, its current task has been brought to the front" in out  # -W: on stdout
    assert "LaunchState: HOT" in out
    out, err, _ = run(phone, "am start -W -S -n com.android.settings/.Settings")
    assert "LaunchState: COLD" in out  # -S stopped it first


def test_am_force_stop_kill_current_user_and_unknown_commands(phone: SimDevice) -> None:
    phone.shell("am start -n com.android.settings/.Settings")
    assert run(phone, "am force-stop com.android.settings") == ("", "", 0)
    assert not phone.system.running("com.android.settings")
    assert run(phone, "am get-current-user") == ("0\n", "", 0)
    assert run(phone, "am frobnicate") == ("Unknown command: frobnicate\n", "", 255)
    out, err, status = run(phone, "am instrument -w com.example.test/androidx.test.runner.AndroidJUnitRunner")
    assert status == 1 and "INSTRUMENTATION_FAILED: com.example.test/androidx.test.runner.AndroidJUnitRunner" in err
    assert "Unable to find instrumentation info for" in out


def test_am_broadcast_without_receiver_completes_with_result_0(phone: SimDevice) -> None:
    assert run(phone, "am broadcast -a com.example.NOTHING") == (
        "Broadcasting: Intent { act=com.example.NOTHING flg=0x400000 }\nBroadcast completed: result=0\n", "", 0)


# -- Clipper -------------------------------------------------------------------------------------------------------


def test_clipper_sets_anywhere_and_reads_only_in_front(phone: SimDevice) -> None:
    out, _, _ = run(phone, "am broadcast -a clipper.set -e text 'hello world'")
    assert out == ("Broadcasting: Intent { act=clipper.set flg=0x400000 (has extras) }\n"
                   'Broadcast completed: result=-1, data="Text is copied into clipboard."\n')
    assert phone.clipboard_get() == "hello world"
    # Android 10+: only the focused app reads the clipboard
    assert run(phone, "am broadcast -a clipper.get")[0].endswith('Broadcast completed: result=0, data=""\n')
    phone.shell("am start -n ca.zgrs.clipper/ca.zgrs.clipper.Main")
    assert run(phone, "am broadcast -a clipper.get")[0].endswith(
        'Broadcast completed: result=-1, data="hello world"\n')
    assert 'result=0, data="No text is provided.' in phone.shell("am broadcast -a clipper.set")


def test_androidworld_gets_and_sets_the_clipboard_through_clipper(phone: SimDevice, aw: Any) -> None:
    env = _Env(phone)
    aw.set_clipboard_contents("pasted text", env)
    assert phone.clipboard_get() == "pasted text"
    phone.clipboard_set("from the phone")
    assert aw.get_clipboard_contents(env) == "from the phone"
    assert phone.current_activity()[0] != "ca.zgrs.clipper"  # AndroidWorld presses Back after reading


# -- sqlite3 -------------------------------------------------------------------------------------------------------


def test_sqlite3_prints_list_mode_and_fails_on_stderr(phone: SimDevice) -> None:
    phone.receive_sms("+15551234567", "Hi there")
    out, err, status = run(phone, f'sqlite3 {MMSSMS_DB} "SELECT address, body FROM sms"')
    assert (out, err, status) == ("+15551234567|Hi there\n", "", 0)
    assert run(phone, f'sqlite3 {MMSSMS_DB} "SELECT * FROM nope"') == ("", "Error: no such table: nope\n", 1)
    out, _, _ = run(phone, f"sqlite3 {MMSSMS_DB} .tables")
    assert "sms" in out.split() and "threads" in out.split()
    assert run(phone, "sqlite3 /no/such/dir/x.db 'select 1'")[1:] == (
        'Error: unable to open database "/no/such/dir/x.db": unable to open database file\n', 1)


def test_sqlite3_modes_headers_and_stdin(phone: SimDevice) -> None:
    db = "/data/local/tmp/t.db"
    phone.shell(f"sqlite3 {db} \"CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 2.0), (NULL, 'x y')\"")
    assert run(phone, f"sqlite3 -header -csv {db} 'SELECT * FROM t'")[0] == 'a,b\n1,2.0\n,"x y"\n'
    assert run(phone, f"sqlite3 -line {db} 'SELECT * FROM t'")[0] == "    a = 1\n    b = 2.0\n\n    a = \n    b = x y\n"
    assert run(phone, f"sqlite3 -separator , {db} 'SELECT a, b FROM t LIMIT 1'")[0] == "1,2.0\n"
    assert run(phone, f"sqlite3 {db} .schema")[0] == "CREATE TABLE t(a, b);\n"
    out, err, status = run(phone, f"sqlite3 {db}", b"SELECT 1;\nSELECT x;\n.headers on\nSELECT 2 AS two;\n")
    assert (out, err, status) == ("1\ntwo\n2\n", "Error: near line 2: no such column: x\n", 1)


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="the host's sqlite3 is the judge of the output modes")
def test_sqlite3_output_matches_the_sqlite3_shell(phone: SimDevice, tmp_path: Path) -> None:
    """The modes print as SQLite's own shell prints them (Debian's is newer; these formats did not change)."""
    db = "/data/local/tmp/judge.db"
    phone.shell(f"sqlite3 {db} \"CREATE TABLE t(n INTEGER, r REAL, s TEXT); INSERT INTO t VALUES "
                "(1, 0.5, 'plain'), (2, 3.0, 'with, comma'), (3, 1e20, 'quote\\\"d'), (NULL, -2.25, NULL)\"")
    host = tmp_path / "judge.db"
    host.write_bytes(phone.read_file(db))
    for options in ([], ["-header"], ["-csv"], ["-csv", "-header"], ["-line"], ["-separator", ";"]):
        expected = subprocess.run(["sqlite3", *options, str(host), "SELECT * FROM t"], capture_output=True,
                                  text=True, check=True).stdout
        line = shlex.join(["sqlite3", *options, db, "SELECT * FROM t"])
        assert run(phone, line)[0] == expected, options


def test_androidworld_clears_sms_with_sqlite3_while_the_app_runs(phone: SimDevice, aw: Any) -> None:
    phone.receive_sms("+15551234567", "Hi there")
    phone.shell("am start -n com.simplemobiletools.smsmessenger/.activities.MainActivity")
    aw.execute_sql_command(MMSSMS_DB, "DELETE FROM sms;", _Env(phone))
    assert phone.sqlite(MMSSMS_DB, "SELECT COUNT(*) FROM sms") == [(0,)]


# -- content: settings and media -----------------------------------------------------------------------------------


def test_content_query_of_settings_prints_settings_provider_rows(phone: SimDevice) -> None:
    phone.shell("settings put system screen_brightness 77")
    out, err, status = run(phone, "content query --uri content://settings/system --projection name:value "
                                  "--where \"name='screen_brightness'\"")
    assert (out, err, status) == ("Row: 0 name=screen_brightness, value=77\n", "", 0)
    out = run(phone, "content query --uri content://settings/system/screen_brightness")[0]
    assert re.fullmatch(r"Row: 0 _id=\d+, name=screen_brightness, value=77\n", out)
    rows = run(phone, "content query --uri content://settings/global")[0].splitlines()
    assert len(rows) == len(phone.system.settings.list("global")) and rows[0].startswith("Row: 0 _id=")
    _, err, status = run(phone, "content query --uri content://settings/system --where 'value=1'")
    assert err.startswith("Error while accessing provider:settings\njava.lang.IllegalArgumentException: "
                          "Supported SQL:") and status == 1


def test_content_insert_update_delete_settings(phone: SimDevice) -> None:
    assert run(phone, "content insert --uri content://settings/secure --bind name:s:my_key --bind value:s:1") == \
        ("", "", 0)
    assert phone.settings_get("secure", "my_key") == "1"
    phone.shell("content update --uri content://settings/secure --bind value:s:2 --where \"name='my_key'\"")
    assert phone.settings_get("secure", "my_key") == "2"
    phone.shell("content delete --uri content://settings/secure/my_key")
    assert phone.settings_get("secure", "my_key") is None


def test_media_provider_lists_and_deletes_shared_storage_files(phone: SimDevice) -> None:
    phone.write_file("/sdcard/Download/report.pdf", b"%PDF-1.4")
    phone.write_file("/sdcard/Pictures/cat.png", b"\x89PNG....")
    out = run(phone, "content query --uri content://media/external/file --projection _data:mime_type:size")[0]
    assert "_data=/storage/emulated/0/Download/report.pdf, mime_type=application/pdf, size=8" in out
    images = run(phone, "content query --uri content://media/external/images/media --projection _display_name")[0]
    assert images == "Row: 0 _display_name=cat.png\n"
    ids = re.findall(r"_id=(\d+)", phone.shell("content query --uri content://media/external/file"))
    assert ids == sorted(set(ids)) and len(ids) == 2
    # AndroidWorld's user_data_generation._clear_external_downloads
    assert run(phone, "content delete --uri content://media/external/downloads") == ("", "", 0)
    assert not phone.exists("/sdcard/Download/report.pdf") and phone.exists("/sdcard/Pictures/cat.png")
    assert phone.shell("content query --uri content://media/external/downloads") == "No result found.\n"


# -- getprop -------------------------------------------------------------------------------------------------------


def test_getprop_has_the_emulators_standard_properties(phone: SimDevice) -> None:
    props = dict(re.findall(r"^\[(.+?)\]: \[(.*)\]$", phone.shell("getprop"), re.M))
    assert props["ro.build.fingerprint"].startswith("google/sdk_gphone64_x86_64/emu64x:13/")
    assert props["ro.build.fingerprint"].endswith(":userdebug/dev-keys") and props["ro.build.type"] == "userdebug"
    assert (props["ro.boot.qemu"], props["ro.kernel.qemu"], props["ro.hardware"]) == ("1", "1", "ranchu")
    assert (props["sys.boot_completed"], props["dev.bootcomplete"], props["ro.debuggable"]) == ("1", "1", "1")
    assert props["ro.build.version.sdk"] == "33" and props["ro.build.version.release"] == "13"
    assert list(props) == sorted(props)
    assert run(phone, "getprop no.such.prop fallback") == ("fallback\n", "", 0)
    assert run(phone, "getprop no.such.prop") == ("\n", "", 0)


# -- input and key codes -------------------------------------------------------------------------------------------


def test_key_codes_follow_keyevent_java() -> None:
    assert [KEYEVENT_CODES[n] for n in ("HOME", "DPAD_CENTER", "A", "Z", "0", "9", "WAKEUP", "APP_SWITCH")] == \
        [3, 23, 29, 54, 7, 16, 224, 187]
    assert (keycode("KEYCODE_0"), keycode("4"), keycode("back"), keycode("KEYCODE_11")) == (7, 4, 4, 227)
    for no_key in ("0", "305", 0, -1, "NOPE"):  # KEYCODE_UNKNOWN and past KEYCODE_LAST: a key no phone has
        with pytest.raises(ActionRefused):
            keycode(no_key)
    assert (keycode_from_string("HOME"), keycode_from_string("home"), keycode_from_string("999")) == (3, 0, 0)


def test_input_keyevent_takes_names_and_refuses_unknown_ones(phone: SimDevice) -> None:
    phone.shell("am start -n com.android.settings/.Settings")
    assert run(phone, "input keyevent KEYCODE_HOME") == ("", "", 0)
    assert phone.current_activity()[0] == phone.system.home_package
    assert run(phone, "input keyevent KEYCODE_WAKEUP KEYCODE_DPAD_CENTER 224")[2] == 0
    assert run(phone, "input keyevent --longpress KEYCODE_BACK")[2] == 0
    out, err, status = run(phone, "input keyevent KEYCODE_NOPE")
    assert (out, status) == ("", 255)
    assert err == "\nException occurred while executing 'keyevent':\njava.lang.IllegalArgumentException: " \
                  "Unknown keycode: KEYCODE_NOPE\n"


def test_input_text_types_one_argument_with_percent_s_as_space(phone: SimDevice) -> None:
    typed: list[str] = []
    phone.input_text = typed.append  # type: ignore[method-assign]
    phone.shell("input text 'a%sb' ignored")
    assert typed == ["a b"]
    _, err, status = run(phone, "input text é")
    assert status == 255 and "java.lang.NullPointerException" in err
    _, err, status = run(phone, "input tap x 1")
    assert status == 255 and "Error: Invalid arguments for command: tap" in err
    _, err, status = run(phone, "input roll 1 1")
    assert status == 255 and "not simulated" in err


def test_input_swipe_duration_passes_as_real_time(phone: SimDevice) -> None:
    waited: list[float] = []
    phone._shell.wait = waited.append
    phone.shell("input swipe 500 1500 500 500 1200")
    phone.shell("input swipe 500 1500 500 500")
    assert waited == [1.2, 0.3]


# -- pm and dumpsys package ----------------------------------------------------------------------------------------


def _manifest(package: str) -> bytes:
    """A binary AndroidManifest.xml whose ``<manifest>`` names ``package`` (UTF-16 string pool, one start tag)."""
    strings = ["package", "manifest", package]
    offsets, data = [], b""
    for s in strings:
        offsets.append(len(data))
        data += struct.pack("<H", len(s)) + s.encode("utf-16-le") + b"\0\0"
    data += b"\0" * (-len(data) % 4)
    header = 28
    pool_body = struct.pack(f"<{len(strings)}I", *offsets) + data
    pool = struct.pack("<HHIIIIII", 1, header, header + len(pool_body), len(strings), 0, 0,
                       header + 4 * len(strings), 0) + pool_body
    attr = struct.pack("<IIIHBBI", 0xFFFFFFFF, 0, 2, 8, 0, 3, 2)
    element = struct.pack("<HHIII", 0x0102, 16, 36 + len(attr), 1, 0xFFFFFFFF) + \
        struct.pack("<IIHHHHHH", 0xFFFFFFFF, 1, 20, 20, 1, 0, 0, 0) + attr
    body = pool + element
    return struct.pack("<HHI", 3, 8, 8 + len(body)) + body


def _apk(package: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr("AndroidManifest.xml", _manifest(package))
        z.writestr("classes.dex", b"dex\n035\0")
    return buffer.getvalue()


def test_pm_list_packages_filters(phone: SimDevice) -> None:
    third = run(phone, "pm list packages -3")[0].splitlines()
    system = run(phone, "pm list packages -s")[0].splitlines()
    assert "package:ca.zgrs.clipper" in third and "package:com.android.settings" in system
    assert not set(third) & set(system) and len(third) + len(system) == len(phone.system.apps)
    assert run(phone, "pm list packages clipper") == ("package:ca.zgrs.clipper\n", "", 0)
    assert run(phone, "pm list packages -U clipper")[0] == "package:ca.zgrs.clipper uid:10160\n"
    assert re.fullmatch(r"package:/data/app/~~[\w-]+==/ca\.zgrs\.clipper-[\w-]+==/base\.apk=ca\.zgrs\.clipper\n",
                        run(phone, "pm list packages -f clipper")[0])
    assert run(phone, "pm list packages -d") == ("", "", 0)
    assert run(phone, "cmd package list packages clipper")[0] == "package:ca.zgrs.clipper\n"
    assert run(phone, "pm path no.such.package") == ("", "", 1)
    assert run(phone, "pm frob") == ("Unknown command: frob\n", "", 255)
    assert run(phone, "pm disable-user --user 0 org.tasks") == ("", "pm disable-user: not simulated\n", 255)
    assert run(phone, "am startservice org.tasks/.Service") == ("", "am startservice: not simulated\n", 255)


def test_pm_grant_and_revoke_show_in_dumpsys_package(phone: SimDevice) -> None:
    camera = "android.permission.CAMERA"
    assert f"{camera}: granted=false" in phone.shell("dumpsys package ca.zgrs.clipper")
    assert run(phone, f"pm grant ca.zgrs.clipper {camera}") == ("", "", 0)
    assert f"{camera}: granted=true" in phone.shell("dumpsys package ca.zgrs.clipper")
    phone.shell(f"pm revoke ca.zgrs.clipper {camera}")
    assert f"{camera}: granted=false" in phone.shell("pm dump ca.zgrs.clipper")
    _, err, status = run(phone, "pm grant ca.zgrs.clipper android.permission.NOPE")
    assert status == 255 and err.endswith("java.lang.IllegalArgumentException: Unknown permission: "
                                          "android.permission.NOPE\n")
    _, err, _ = run(phone, "pm grant ca.zgrs.clipper android.permission.INTERNET")
    assert "is not a changeable permission type" in err
    _, err, _ = run(phone, f"pm grant no.such.pkg {camera}")
    assert "Unknown package: no.such.pkg" in err


def test_pm_install_takes_simulated_apps_and_refuses_others(phone: SimDevice) -> None:
    assert run(phone, "pm uninstall ca.zgrs.clipper") == ("Success\n", "", 0)
    assert "ca.zgrs.clipper" not in phone.shell("pm list packages")
    phone.push_file("/data/local/tmp/clipper.apk", _apk("ca.zgrs.clipper"))
    assert run(phone, "pm install -r -t -g /data/local/tmp/clipper.apk") == ("Success\n", "", 0)
    dump = phone.shell("dumpsys package ca.zgrs.clipper")
    assert "android.permission.CAMERA: granted=true" in dump  # -g
    assert f"firstInstallTime={phone.now():%Y-%m-%d %H:%M:%S}" in dump
    phone.push_file("/data/local/tmp/other.apk", _apk("com.example.other"))  # an app the simulator lacks
    out, err, status = run(phone, "pm install /data/local/tmp/other.apk")
    assert (out.startswith("Failure [INSTALL_FAILED_NO_MATCHING_ABIS: "), err, status) == (True, "", 1)
    phone.push_file("/data/local/tmp/junk.apk", b"not a zip")
    assert run(phone, "pm install /data/local/tmp/junk.apk")[0].startswith("Failure [INSTALL_PARSE_FAILED_NOT_APK")
    _, err, status = run(phone, "pm install /data/local/tmp/none.apk")
    assert status == 255 and "Can't open file: /data/local/tmp/none.apk" in err
    assert run(phone, "pm uninstall com.android.settings") == ("Failure [DELETE_FAILED_INTERNAL_ERROR]\n", "", 1)


def test_cmd_package_install_reads_the_apk_streamed_on_stdin(phone: SimDevice) -> None:
    """adb 29's ``adb install`` streams the APK to ``exec:cmd package 'install' -S SIZE``."""
    phone.shell("pm uninstall ca.zgrs.clipper")
    apk = _apk("ca.zgrs.clipper")
    assert run(phone, f"cmd package 'install' -S {len(apk)}", apk) == ("Success\n", "", 0)
    assert "ca.zgrs.clipper" in phone.system.apps


def _focus_drawer_search(phone: SimDevice) -> Any:
    from pytest_mobileagent.observe.elements import ui_elements

    phone.swipe(540, 1500, 540, 500)  # the launcher's app drawer, its search field on top
    field = next(e for e in ui_elements(phone.hierarchy()) if e.resource_id.endswith(":id/search_container_all_apps"))
    phone.tap(*field.center)
    return field


def test_uiautomator2_installs_its_adb_keyboard_and_types_with_it(phone: SimDevice) -> None:
    """uiautomator2 3.x installs ``app-uiautomator.apk`` for its AdbKeyboard input method; the simulated phone
    installs the simulated AdbKeyboard for it, and the keyboard types what uiautomator2 broadcasts."""
    u2 = pytest.importorskip("uiautomator2")
    if not (Path(u2.__file__).parent / "assets" / "app-uiautomator.apk").exists():
        pytest.skip("this uiautomator2 has no app-uiautomator.apk")
    from pytest_mobileagent.observe.elements import ui_elements

    with serve(phone) as server:
        d = u2.connect(adb_device(server, phone.serial))
        try:
            assert "com.github.uiautomator/.AdbKeyboard" not in phone.shell("ime list -s")
            d.set_input_ime(True)  # pushes the APK, pm install -r -t, ime enable/set
            assert phone.settings_get("secure", "default_input_method") == "com.github.uiautomator/.AdbKeyboard"
            assert "com.github.uiautomator" in phone.shell("pm list packages -3")
            field = _focus_drawer_search(phone)
            d.send_keys("wif")
            d.send_keys("hello", clear=True)
            typed = next(e for e in ui_elements(phone.hierarchy()) if e.resource_id == field.resource_id)
            assert typed.text == "hello" and not phone.system.keyboard_visible  # send_keys hides it after
        finally:
            d.stop_uiautomator(wait=False)


def test_adb_keyboard_answers_only_as_the_selected_input_method(phone: SimDevice) -> None:
    from mobileagent_sim.apps.adb_keyboard import AdbKeyboardApp

    phone.system.install(AdbKeyboardApp)
    text = "ADB_KEYBOARD_INPUT_TEXT --es text aGk="
    assert phone.shell(f"am broadcast -a {text}").endswith("Broadcast completed: result=0\n")
    phone.shell("ime set com.github.uiautomator/.AdbKeyboard")
    assert phone.shell(f"am broadcast -a {text}").endswith('result=-1, data="ADB_KEYBOARD_INPUT_TEXT"\n')  # no field
    _focus_drawer_search(phone)
    assert phone.shell(f"am broadcast -a {text}").endswith("Broadcast completed: result=-1\n")
    assert phone.system.focused_field()[1].view.text == "hi"  # type: ignore[index]
    assert 'result=0, data="error:bad base-64"' in phone.shell("am broadcast -a ADB_KEYBOARD_INPUT_TEXT --es text %")
    phone.clipboard_set("clip")
    assert 'data="Y2xpcA=="' in phone.shell("am broadcast -a ADB_KEYBOARD_GET_CLIPBOARD")


def test_adbutils_reads_app_info_from_pm_path_and_dumpsys_package(phone: SimDevice) -> None:
    with serve(phone) as server:
        d = adb_device(server, phone.serial)
        info = d.app_info("ca.zgrs.clipper")
        assert info is not None and (info.version_name, info.version_code) == ("1.1", 1)  # Clipper's manifest
        assert info.first_install_time is not None
        assert d.app_info("no.such.package") is None
        assert "ca.zgrs.clipper" in d.list_packages(["-3"])


def test_androidworld_lists_packages_grants_and_clears(phone: SimDevice, aw: Any) -> None:
    env = _Env(phone)
    packages = aw.get_all_package_names(env)
    assert "ca.zgrs.clipper" in packages and "com.android.settings" in packages
    aw.grant_permissions("ca.zgrs.clipper", "android.permission.POST_NOTIFICATIONS", env)
    assert "android.permission.POST_NOTIFICATIONS: granted=true" in phone.shell("dumpsys package ca.zgrs.clipper")
    assert aw.clear_app_data("ca.zgrs.clipper", env).generic.output == b"Success\n"
    assert "android.permission.POST_NOTIFICATIONS: granted=true" not in phone.shell("dumpsys package ca.zgrs.clipper")


def test_resolve_activity_brief_names_the_launcher_activity(phone: SimDevice) -> None:
    out = run(phone, "cmd package resolve-activity --brief com.android.settings")[0]
    assert out.splitlines()[-1] == "com.android.settings/.Settings"
    assert run(phone, "cmd package resolve-activity --brief no.such.pkg")[0] == "No activity found\n"


# -- logcat and log ------------------------------------------------------------------------------------------------


def test_log_writes_what_logcat_filters_and_formats(phone: SimDevice) -> None:
    assert run(phone, "log -p i -t TAG hello world") == ("", "", 0)
    # adbutils' e2e test_logcat: "logcat -v time" filtered with r"I/TAG.*hello"
    assert re.search(r"I/TAG.*hello", phone.shell("logcat -d -v time"))
    assert re.search(r"^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} I/TAG     \( *\d+\): hello world$",
                     phone.shell("logcat -d -v time"), re.M)
    assert phone.shell("logcat -d -s TAG -v brief").splitlines()[-1] == "I/TAG     ( 5123): hello world"
    assert "hello world" not in phone.shell("logcat -d TAG:E *:S")
    assert phone.shell("logcat -d -v raw -e 'hel+o w'").splitlines()[-1] == "hello world"
    assert "ActivityManager" not in phone.shell("logcat -d -b main")
    assert phone.shell("logcat -d -b main").startswith("--------- beginning of main\n")
    assert len([line for line in phone.shell("logcat -d -t 1").splitlines() if not line.startswith("---")]) == 1
    assert run(phone, "logcat -d -v nope")[2] == 1


def test_logcat_reads_android_log_tags_from_the_environment(phone: SimDevice) -> None:
    phone.shell("log -t KEEP kept; log -t DROP dropped")
    out = phone.shell("export ANDROID_LOG_TAGS='*:S KEEP:V'; logcat -d -v tag")
    assert [line for line in out.splitlines() if not line.startswith("---")] == ["I/KEEP    : kept"]
    assert "dropped" in phone.shell("export ANDROID_LOG_TAGS=''; logcat -d")


def test_a_following_logcat_gives_what_is_logged_after(phone: SimDevice) -> None:
    """What a server keeping ``adb logcat -v time`` open (adbutils' ``device.logcat``) builds on."""
    from mobileagent_sim.logcat import follower

    assert follower(["logcat", "-d"], {}) is None and follower(["logcat", "-c"], {}) is None
    follow = follower(["logcat", "-v", "time", "-s", "TAG"], {})
    assert follow is not None and "TAG" not in follow.poll(phone.system)
    phone.shell("log -p i -t TAG hello")
    assert re.fullmatch(r"(--------- beginning of main\n)?\S+ \S+ I/TAG     \( *\d+\): hello\n",
                        follow.poll(phone.system))
    assert follow.poll(phone.system) == ""


def test_logcat_c_clears(phone: SimDevice) -> None:
    phone.shell("log hello")
    assert run(phone, "logcat -c") == ("", "", 0)
    assert phone.shell("logcat -d") == ""


# -- cmd, svc, dumpsys, screenrecord -------------------------------------------------------------------------------


def test_cmd_services_and_refusals(phone: SimDevice) -> None:
    assert run(phone, "cmd nosuchservice") == ("", "cmd: Can't find service: nosuchservice\n", 20)
    _, err, status = run(phone, "cmd statusbar expand-notifications")
    assert status == 255 and "not simulated" in err  # no notification shade to open
    assert run(phone, "cmd statusbar collapse") == ("", "", 0)
    assert run(phone, "cmd activity get-current-user") == ("0\n", "", 0)
    assert run(phone, "cmd wifi status")[0].startswith("Wifi is enabled\n")
    phone.shell("svc wifi disable")
    assert run(phone, "cmd wifi status")[0].startswith("Wifi is disabled\n")
    assert run(phone, "svc power stayon true") == ("", "", 0)
    assert phone.settings_get("global", "stay_on_while_plugged_in") == "7"


def test_screenrecord_records_until_its_time_limit(phone: SimDevice) -> None:
    """In the foreground it runs to ``--time-limit`` (180 s by default), on the simulated clock in process; the
    file is an MP4 of that duration (without real frames)."""
    from pytest_mobileagent.android import mp4

    before = phone.system.clock.now
    assert run(phone, "screenrecord --time-limit 4 /sdcard/movie.mp4") == ("", "", 0)
    assert mp4.duration(phone.read_file("/sdcard/movie.mp4")) == 4.0
    assert (phone.system.clock.now - before).total_seconds() >= 4
    assert run(phone, "screenrecord") == ("", "Must specify output file (see --help).\n", 2)
    assert run(phone, "screenrecord --time-limit 0 /sdcard/x.mp4") == (
        "", "Time limit 0s outside acceptable range [1,180]\n", 2)
    assert run(phone, "screenrecord /nowhere/x.mp4") == (
        "", "Unable to open '/nowhere/x.mp4': No such file or directory\n", 1)


def test_sqlite3_against_a_python_made_database_sees_committed_rows(phone: SimDevice) -> None:
    """A database another writer made (as an app does) reads the same through the CLI."""
    db = "/data/local/tmp/made.db"
    phone.write_file(db, b"")
    with sqlite3.connect(phone.system.fs.host(db)) as conn:
        conn.execute("CREATE TABLE notes(title TEXT)")
        conn.execute("INSERT INTO notes VALUES ('a|b')")
    assert phone.shell(f"sqlite3 {db} 'SELECT title FROM notes'") == "a|b\n"


def test_androidworld_clears_a_field_with_ctrl_a_and_del(phone: SimDevice) -> None:
    """AndroidWorld's ``input_text`` with ``clear_text``: ``input keycombination 113 29 && input keyevent 67``."""
    _focus_drawer_search(phone)
    phone.shell("input text hello")
    assert phone.system.focused_field()[1].view.text == "hello"  # type: ignore[index]
    assert run(phone, "input keycombination 113 29 && input keyevent 67") == ("", "", 0)
    assert phone.system.focused_field()[1].view.text == ""  # type: ignore[index]
    phone.shell("input text abc; input keycombination KEYCODE_CTRL_LEFT KEYCODE_A; input keycombination 113 31")
    assert phone.clipboard_get() == "abc"
    phone.shell("input keycombination 113 50")
    assert phone.system.focused_field()[1].view.text == "abcabc"  # type: ignore[index]
    _, err, status = run(phone, "input keycombination 57 61")
    assert status == 255 and "not simulated" in err


# -- services, dumpsys of the system services, pm lists, monkey --------------------------------------------------


def test_service_list_names_each_service_with_its_interface(phone: SimDevice) -> None:
    """``service list`` (service.cpp): ``Found N services:`` then ``INDEX\\tNAME: [INTERFACE]`` in the service
    manager's order; ``dumpsys -l`` and ``cmd -l`` list the same names."""
    lines = run(phone, "service list")[0].splitlines()
    assert re.fullmatch(r"Found (\d+) services:", lines[0])
    assert int(lines[0].split()[1]) == len(lines) - 1
    assert lines[1] == "0\tSurfaceFlinger: [android.ui.ISurfaceComposer]"
    assert any(line.endswith("\tactivity: [android.app.IActivityManager]") for line in lines)
    assert any(line.endswith("\tmeminfo: []") for line in lines)
    names = [line.split("\t")[1].split(":")[0] for line in lines[1:]]
    listed = run(phone, "dumpsys -l")[0].splitlines()
    assert listed[0] == "Currently running services:" and [n.strip() for n in listed[1:]] == names
    assert run(phone, "cmd -l")[0] == run(phone, "dumpsys -l")[0]
    assert run(phone, "service check window") == ("Service window: found\n", "", 0)
    assert run(phone, "service check nosuch") == ("Service nosuch: not found\n", "", 0)


def test_dumpsys_without_a_service_dumps_each_between_headers(phone: SimDevice) -> None:
    out = run(phone, "dumpsys")[0]
    assert out.startswith("-" * 79 + "\nDUMP OF SERVICE ")
    assert "DUMP OF SERVICE window:\nWINDOW MANAGER WINDOWS" in out
    assert re.search(r"--------- [\d.]+s was the duration of dumpsys battery, ending at: \d{4}-\d\d-\d\d ", out)
    assert run(phone, "dumpsys nosuch") == ("", "Can't find service: nosuch\n", 0)


def test_dumpsys_meminfo_agrees_with_ps(phone: SimDevice) -> None:
    out = run(phone, "dumpsys meminfo")[0]
    assert out.startswith("Applications Memory Usage (in Kilobytes):\nUptime: ")
    assert re.search(r"^ +[\d,]+K: system \(pid 1000\)$", out, re.M)
    assert "Total RAM: 2,012,920K (status normal)" in out  # /proc/meminfo's MemTotal
    rss = {line.split()[-1]: int(line.split()[4]) for line in phone.shell("ps -A").splitlines()[1:]}
    assert f"  {rss['system_server']:,}K: system (pid 1000)" in out
    launcher = run(phone, "dumpsys meminfo com.google.android.apps.nexuslauncher")[0]
    assert "** MEMINFO in pid " in launcher and " App Summary" in launcher and "TOTAL PSS:" in launcher
    assert run(phone, "dumpsys meminfo com.nosuch") == ("No process found for: com.nosuch\n", "", 0)


def test_dumpsys_cpuinfo_deviceidle_surfaceflinger_notification(phone: SimDevice) -> None:
    cpu = run(phone, "dumpsys cpuinfo")[0]
    assert cpu.startswith("Load: 0.0 / 0.0 / 0.0\nCPU usage from ") and "1000/system_server: " in cpu
    assert cpu.rstrip().endswith("TOTAL: 0% user + 0% kernel + 0% iowait")
    idle = run(phone, "dumpsys deviceidle")[0]
    assert "mState=ACTIVE mLightState=ACTIVE" in idle
    assert re.fullmatch(r"(system,[\w.]+,\d+\n)+", run(phone, "dumpsys deviceidle whitelist")[0])
    assert run(phone, "dumpsys deviceidle force-idle")[0] == "Now forced in to deep idle mode\n"
    assert run(phone, "dumpsys deviceidle get deep")[0] == "IDLE\n"
    assert run(phone, "dumpsys deviceidle unforce")[0] == "Light state: ACTIVE, deep state: ACTIVE\n"
    layers = run(phone, "dumpsys SurfaceFlinger --list")[0].splitlines()
    assert any(line.endswith(" StatusBar#" + line.rsplit("#", 1)[1]) for line in layers)
    assert any("com.google.android.apps.nexuslauncher/" in line for line in layers)
    notes = run(phone, "dumpsys notification")[0]
    assert notes.startswith("Current Notification Manager state:\n  Notification List:\n\n")
    assert run(phone, "cmd notification list") == ("", "", 0)


def test_dumpsys_battery_set_freezes_the_services_view_not_the_hardwares(phone: SimDevice) -> None:
    assert run(phone, "dumpsys battery set level 42") == ("", "", 0)
    assert run(phone, "dumpsys battery unplug") == ("", "", 0)
    dump = run(phone, "dumpsys battery")[0]
    assert "  (UPDATES STOPPED -- use 'reset' to restart)\n" in dump
    assert "  level: 42\n" in dump and "  AC powered: false\n" in dump
    assert phone.shell("cat /sys/class/power_supply/battery/capacity") == "100\n"
    assert run(phone, "dumpsys battery get level")[0] == "42\n"
    phone.shell("dumpsys battery reset")
    assert "  level: 100\n" in run(phone, "dumpsys battery")[0]


def test_pm_list_features_and_users(phone: SimDevice) -> None:
    features = run(phone, "pm list features")[0].splitlines()
    assert features[0] == "feature:reqGlEsVersion=0x30002"  # ro.opengles.version 196610
    assert "feature:android.hardware.touchscreen" in features and "feature:android.software.webview" in features
    assert features[1:] == sorted(features[1:])
    assert run(phone, "pm list users") == ("Users:\n\tUserInfo{0:Owner:c13} running\n", "", 0)
    assert run(phone, "pm list instrumentation") == ("", "", 0)
    dangerous = run(phone, "pm list permissions -d")[0]
    assert dangerous.startswith("Dangerous Permissions:\n\npermission:android.permission.")


def test_apps_report_the_versions_of_their_real_packages(phone: SimDevice) -> None:
    """The APKs AndroidWorld installs (its file names give the versionCode) and the platform's apps (13/33)."""
    def version(package: str) -> tuple[str, str]:
        dump = phone.shell(f"dumpsys package {package}")
        return re.search(r"versionName=(\S+)", dump).group(1), re.search(r"versionCode=(\d+)", dump).group(1)

    assert version("net.gsantner.markor") == ("2.10.9", "146")
    assert version("org.videolan.vlc") == ("3.5.4", "13050408")
    assert version("code.name.monkey.retromusic") == ("6.1.0", "10603")
    assert version("com.android.settings") == ("13", "33")
    assert "package:org.tasks versionCode:130605" in phone.shell("pm list packages --show-versioncode org.tasks")


def test_monkey_switches_to_the_app_and_logs_as_monkey_java(phone: SimDevice) -> None:
    out, err, status = run(phone, "monkey -p com.android.settings -c android.intent.category.LAUNCHER 1")
    assert status == 0
    assert out.splitlines()[:5] == ["  bash arg: -p", "  bash arg: com.android.settings", "  bash arg: -c",
                                    "  bash arg: android.intent.category.LAUNCHER", "  bash arg: 1"]
    assert "Events injected: 1\n## Network stats: elapsed time=" in out
    assert err.splitlines() == [
        "args: [-p, com.android.settings, -c, android.intent.category.LAUNCHER, 1]", ' arg: "-p"',
        ' arg: "com.android.settings"', ' arg: "-c"', ' arg: "android.intent.category.LAUNCHER"', ' arg: "1"',
        'data="com.android.settings"', 'data="android.intent.category.LAUNCHER"']
    assert "mCurrentFocus=Window{" in phone.shell("dumpsys window") and \
        "com.android.settings/" in phone.shell("dumpsys window | grep mCurrentFocus")
    verbose = run(phone, "monkey -v -p com.android.settings 1")[0]
    for line in (":Monkey: seed=", ":AllowPackage: com.android.settings",
                 ":IncludeCategory: android.intent.category.LAUNCHER", "// Event percentages:", "//   0: 15.0%",
                 ":Switch: #Intent;action=android.intent.action.MAIN", "// Monkey finished"):
        assert line in verbose
    out, err, status = run(phone, "monkey -p com.nosuch 1")
    assert status == 252 and out.endswith("** No activities found to run,  monkey aborted.\n")


def test_settings_delete_counts_the_rows_it_deleted(phone: SimDevice) -> None:
    phone.shell("settings put global battery_test 1")
    assert run(phone, "settings delete global battery_test") == ("Deleted 1 rows\n", "", 0)
    assert run(phone, "settings delete global battery_test") == ("Deleted 0 rows\n", "", 0)


def test_dumpsys_window_displays_is_the_display_section(phone: SimDevice) -> None:
    displays = run(phone, "dumpsys window displays")[0]
    assert displays.startswith("WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)\n  Display: mDisplayId=0")
    assert "WINDOW MANAGER WINDOWS" not in displays
    assert "WINDOW MANAGER DISPLAY CONTENTS" not in run(phone, "dumpsys window windows")[0]


def test_input_without_a_command_prints_its_help_and_fails(phone: SimDevice) -> None:
    """``handleDefaultCommands``: ``onHelp`` on standard output, status -1; the sources in the order the
    ``HashMap`` of InputShellCommand iterates them."""
    out, err, status = run(phone, "input")
    assert (err, status) == ("", 255)
    assert out.startswith("Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]\n\nThe sources are: \n"
                          "      dpad\n      keyboard\n")
    assert "      tap <x> <y> (Default: touchscreen)\n" in out


def test_dumpsys_audio_shows_each_streams_index(phone: SimDevice) -> None:
    phone.shell("cmd media_session volume --stream 3 --set 9")
    dump = run(phone, "dumpsys audio")[0]
    music = dump.split("- STREAM_MUSIC:\n", 1)[1].split("\n\n", 1)[0]
    assert "   Max: 25" in music and "   streamVolume:9" in music


def test_dumpsys_power_follows_the_battery_and_cmd_battery_is_dumpsys_batterys_command(phone: SimDevice) -> None:
    power = run(phone, "dumpsys power")[0]
    assert "  mWakefulness=Awake\n" in power and "Display Power: state=ON\n" in power
    assert "  mIsPowered=true\n  mPlugType=1\n  mBatteryLevel=100\n" in power
    assert run(phone, "cmd battery set level 7") == ("", "", 0)
    phone.shell("cmd battery unplug")
    assert "  mIsPowered=false\n  mPlugType=0\n  mBatteryLevel=7\n" in run(phone, "dumpsys power")[0]
    assert run(phone, "cmd deviceidle whitelist")[0] == run(phone, "dumpsys deviceidle whitelist")[0]
    out, _err, status = run(phone, "cmd battery")
    assert status == 255 and out.startswith("Battery service (battery) commands:\n")


def test_am_start_with_a_settings_action_opens_its_page(phone: SimDevice) -> None:
    """``android.provider.Settings.ACTION_*``: Settings answers them (the homepage, or the page named)."""
    out, err, status = run(phone, "am start -W -a android.settings.SETTINGS")
    assert (err, status) == ("", 0) and "Activity: com.android.settings/.Settings\n" in out
    phone.shell("am start -a android.settings.WIFI_SETTINGS")
    assert phone.system.foreground().page == "internet"  # type: ignore[union-attr]
    phone.shell("am start -a android.settings.APPLICATION_DETAILS_SETTINGS -d package:com.android.chrome")
    assert "Chrome" in phone.hierarchy()
    assert "unable to resolve Intent" in run(phone, "am start -a android.settings.NO_SUCH_PAGE")[1]


def test_dumpsys_activity_sections(phone: SimDevice) -> None:
    processes = run(phone, "dumpsys activity processes")[0]
    assert processes.startswith("ACTIVITY MANAGER RUNNING PROCESSES (dumpsys activity processes)\n")
    assert re.search(r"\*PERS\* UID 1000 ProcessRecord\{\w+ 1000:system/1000\}", processes)
    assert re.search(r"\*APP\* UID 10\d+ ProcessRecord\{\w+ \d+:com.google.android.apps.nexuslauncher/u0a\d+\}",
                     processes)
    assert run(phone, "dumpsys activity services")[0].endswith("  (nothing)\n")
    assert run(phone, "dumpsys activity broadcasts") == ("", "dumpsys activity broadcasts: not simulated\n", 255)


def test_the_shell_user_may_not_send_protected_broadcasts() -> None:
    """``broadcastIntentLocked``: a ``<protected-broadcast>`` from uid 2000 is a SecurityException; root may."""
    from mobileagent_sim.shell import Caller

    with SimDevice() as phone:
        out, err, status = phone.shell_streams("am broadcast -a android.intent.action.BOOT_COMPLETED",
                                               caller=Caller(uid=2000))
        assert status == 255 and out.decode().startswith("Broadcasting: Intent { act=android.intent.action.BOOT")
        assert re.search(r"java.lang.SecurityException: Permission Denial: not allowed to send broadcast "
                         r"android.intent.action.BOOT_COMPLETED from pid=\d+, uid=2000\n", err.decode())
        assert phone.shell("am broadcast -a android.intent.action.BOOT_COMPLETED").endswith("result=0\n")


def test_bugreportz_makes_dumpstates_zip(phone: SimDevice) -> None:
    assert run(phone, "bugreportz -v") == ("", "1.2\n", 0)
    out = run(phone, "bugreportz -p")[0].splitlines()
    assert out[0].startswith("BEGIN:/bugreports/bugreport-emu64x-TE1A.220922.021-") and out[-1].startswith("OK:")
    assert any(line.startswith("PROGRESS:") for line in out)
    archive = zipfile.ZipFile(io.BytesIO(phone.read_file(out[-1][3:])))
    entry = archive.read("main_entry.txt").decode()
    text = archive.read(entry).decode()
    assert text.startswith("=" * 56 + "\n== dumpstate: ")
    for section in ("------ MEMORY INFO (cat /proc/meminfo) ------\nMemTotal:", "------ SYSTEM PROPERTIES (getprop)",
                    "DUMP OF SERVICE window:"):
        assert section in text


@pytest.mark.skipif(shutil.which("adb") is None, reason="the adb client is not installed (Debian package adb)")
def test_adb_bugreport_pulls_the_zip(tmp_path: Path) -> None:
    """adb 29's ``bugreport``: ``bugreportz -v`` then ``-p`` (its stdin left open: nothing of the report may wait
    for it), then a pull of the zip ``OK:`` names."""
    from mobileagent_sim.adb_server import free_emulator_serials

    with SimDevice(free_emulator_serials(1)[0]) as phone, serve(phone) as server:
        r = subprocess.run(["adb", "-P", str(server.port), "-s", phone.serial, "bugreport", f"{tmp_path}/"],
                           capture_output=True, timeout=60)
        assert r.returncode == 0, r.stderr
        (zipped,) = tmp_path.glob("bugreport-*.zip")
        assert "main_entry.txt" in zipfile.ZipFile(zipped).namelist()
