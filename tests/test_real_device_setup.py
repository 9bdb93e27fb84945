"""A session on a phone over adb sets it up as AndroidWorld does (root, the clock), reaches private app data only
as root and says so when it cannot, and seeds app data the way the app can read it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from mobileagent_sim import SimDevice, shell
from mobileagent_sim.adb_server import AdbServer
from mobileagent_sim.testing import adb_client, serve
from pytest_mobileagent.android import calendar
from pytest_mobileagent.device.adb import AdbDevice, RootRequired
from pytest_mobileagent.device.clock import prepare_clock
from tests.pytester_tasks import OPEN_SETTINGS

TOKEN = "setup-tests-token"


@pytest.fixture
def served() -> Iterator[tuple[SimDevice, AdbServer, str]]:
    with SimDevice() as phone, serve(phone, console_token=TOKEN) as server:
        yield phone, server, server.device_spec(phone.serial)


def test_the_session_prepares_the_clock_as_androidworld_does(pytester: pytest.Pytester, served) -> None:
    phone, _, spec = served
    phone.settings_put("global", "auto_time", "1")
    phone.settings_put("system", "time_12_24", "12")
    pytester.makepyfile(tasks_open=OPEN_SETTINGS)
    run = pytester.runpytest_subprocess("tasks_open.py", "--ma-device", spec)
    run.assert_outcomes(passed=1)
    run.stdout.fnmatch_lines(["mobileagent: clock: UTC, 24-hour format, automatic date, time and time zone off;*"])
    assert [phone.settings_get(*key) for key in (("global", "auto_time"), ("global", "auto_time_zone"),
                                                 ("system", "time_12_24"))] == ["0", "0", "24"]
    assert phone.shell("getprop persist.sys.timezone") == "UTC\n"


def test_androidworlds_clock_commands_work_on_the_simulator() -> None:
    with SimDevice() as phone:
        prepare_clock(phone)
        assert phone.shell("date 1015153423.00") == "Sun Oct 15 15:34:00 UTC 2023\n"  # %m%d%H%M%y.%S
        assert phone.now() == dt.datetime(2023, 10, 15, 15, 34, tzinfo=dt.timezone.utc)


def test_private_data_without_root_is_an_error_that_says_so(served, monkeypatch: pytest.MonkeyPatch) -> None:
    phone, server, _ = served
    monkeypatch.setitem(shell.COMMANDS, "id", lambda sh, argv: (b"2000\n", 0))  # a build whose adbd stays shell
    device = AdbDevice(phone.serial, port=server.port)
    assert device.ensure_root() is False
    with pytest.raises(RootRequired, match="needs adbd as root"):
        device.sqlite(calendar.DB_PATH, "SELECT count(*) FROM events")
    with pytest.raises(RootRequired):
        device.exists("/data/data/com.android.settings")
    assert device.exists("/sdcard/Download") and device.exists("/data/local/tmp")  # shared storage needs none


def test_a_file_pushed_as_root_and_never_given_back_kills_the_app(served) -> None:
    phone, server, _ = served
    assert AdbDevice(phone.serial, port=server.port).ensure_root()  # adb root: adbd starts as the shell user
    adb = adb_client(server).device(phone.serial)
    prefs = f"/data/data/{calendar.PACKAGE}/shared_prefs/seed.xml"
    adb.sync.push(b"<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map />\n", prefs)  # raw adb push
    assert adb.shell(f"stat -c %U {prefs}") == "root"
    phone.start_app(calendar.PACKAGE)
    assert phone.current_activity()[0] != calendar.PACKAGE  # it died opening the file it cannot read
    assert any("SQLITE_CANTOPEN" in line or "Permission denied" in line for line in phone.logcat())
    adb.shell(f"chown {phone.system.apps[calendar.PACKAGE].uid} {prefs}")
    phone.start_app(calendar.PACKAGE)
    assert phone.current_activity()[0] == calendar.PACKAGE


def test_seeding_an_apps_data_gives_it_back_and_restarts_the_app(served) -> None:
    phone, server, _ = served
    device = AdbDevice(phone.serial, port=server.port)
    assert device.ensure_root() is True
    phone.start_app(calendar.PACKAGE)
    assert phone.current_activity()[0] == calendar.PACKAGE
    prefs = f"/data/data/{calendar.PACKAGE}/shared_prefs/seed.xml"
    device.write_file(prefs, b"<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map />\n")
    app_uid = phone.shell(f"stat -c %u /data/data/{calendar.PACKAGE}").strip()
    assert phone.shell(f"stat -c %u {prefs}").strip() == app_uid != "0"  # chown'ed back to the app
    assert phone.current_activity()[0] != calendar.PACKAGE  # stopped: it reads the seed when it starts
    assert not phone.system.running(calendar.PACKAGE)


def test_emulators_start_in_utc() -> None:
    from pytest_mobileagent.device.emulators import emulator_command

    cmd = emulator_command("emulator", "pixel", 5554)
    assert cmd[cmd.index("-timezone") + 1] == "Etc/UTC"


def test_the_header_names_a_prepared_snapshot(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(tasks_open=OPEN_SETTINGS)
    run = pytester.runpytest("tasks_open.py", "--collect-only", "--ma-snapshot", "prepared-1")
    run.stdout.fnmatch_lines(["mobileagent: clean state: the prepared snapshot 'prepared-1', home screen"])


def test_a_refused_time_zone_is_a_device_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from pytest_mobileagent.device.base import DeviceError

    refused = b"Result: Parcel(ffffffff 0000004f 00650053 '....O...S.e.c.u.')\n"  # a SecurityException's parcel
    monkeypatch.setitem(shell.COMMANDS, "service", lambda sh, argv: (refused, 0))
    with SimDevice() as phone, pytest.raises(DeviceError, match="setting the time zone to UTC failed"):
        prepare_clock(phone)
