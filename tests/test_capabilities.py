"""Declared device capabilities: profiles (in-process and through the wire), settling, what a device lacks, and
tasks that require a capability being marked and skipped where it is missing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from mobileagent_sim import SimDevice, shell
from mobileagent_sim.adb_server import AdbServer
from mobileagent_sim.testing import serve
from mobileagent_sim.u2_server import U2Service
from pytest_mobileagent.device.adb import AdbDevice
from pytest_mobileagent.device.base import CAPABILITIES, InfrastructureError, UnsupportedCapability
from pytest_mobileagent.device.config import read_config
from pytest_mobileagent.device.profile import DeviceProfile
from pytest_mobileagent.pool import check_spec, device_profile, open_device
from tests.pytester_tasks import OPEN_SETTINGS

TOKEN = "capabilities-token"
BMOCA_SPEC = "sim:?size=720x1280&density=320&locale=fr-FR&dark_mode=on"


@pytest.fixture
def served() -> Iterator[tuple[SimDevice, AdbServer]]:
    with SimDevice() as phone, serve(phone, console_token=TOKEN) as server:
        yield phone, server


@pytest.fixture
def backend(served: tuple[SimDevice, AdbServer]) -> Iterator[AdbDevice]:
    phone, server = served
    device = AdbDevice(phone.serial, port=server.port, console_port=server.console_port(phone.serial),
                       console_token=TOKEN)
    assert device.ensure_root()  # as a session does: a served phone's adbd starts as the shell user
    yield device
    device.close()


# -- profiles ---------------------------------------------------------------------------------------------------


def test_profile_options_parse_and_say_what_is_wrong() -> None:
    profile = DeviceProfile.from_options({"size": "720x1280", "density": "320", "locale": "fr_FR", "dark_mode": "on"})
    assert profile == DeviceProfile((720, 1280), 320, "fr-FR", True)
    assert DeviceProfile.from_options(profile.options()) == profile and str(profile).startswith("size=720x1280")
    assert not DeviceProfile() and DeviceProfile(dark_mode=False)
    for options, message in [({"size": "720"}, "WIDTHxHEIGHT"), ({"density": "high"}, "number"),
                             ({"density": "71"}, "at least 72"), ({"locale": "fr FR"}, "language tag"),
                             ({"dark_mode": "dim"}, "on or off")]:
        with pytest.raises(ValueError, match=message):
            DeviceProfile.from_options(options)


def test_device_specs_carry_a_profile_for_both_backends() -> None:
    assert device_profile(BMOCA_SPEC) == DeviceProfile((720, 1280), 320, "fr-FR", True)
    assert device_profile("adb://127.0.0.1:5037/emulator-5554?console=5554&dark_mode=off&density=280") == \
        DeviceProfile(density=280, dark_mode=False)
    assert not device_profile("emulator-5554") and not device_profile("sim")
    with pytest.raises(ValueError, match=r"density must be a number, not 'x', in 'sim:\?density=x'"):
        check_spec("sim:?density=x")
    with pytest.raises(ValueError, match=r"unknown adb device option\(s\) \['colour'\]"):
        check_spec("adb://127.0.0.1:5037/emulator-5554?colour=blue")


def test_bmoca_spec_configures_the_simulated_phone_as_an_override() -> None:
    device = open_device(BMOCA_SPEC)
    try:
        assert read_config(device) == {"model": "Pixel 6", "size": "720x1280", "density": "320", "locale": "fr-FR",
                                       "dark_mode": "on"}
        # as on a phone after `wm size`/`wm density`: the physical screen stays, the override is what shows
        assert device.shell("wm size") == "Physical size: 1080x2400\nOverride size: 720x1280\n"
        assert device.shell("wm density") == "Physical density: 420\nOverride density: 320\n"
        assert device.shell("getprop ro.sf.lcd_density") == "420\n"  # fixed at boot
        assert device.screenshot() and "[fr_FR]" in device.shell("dumpsys window")
        assert device.shell("wm size reset; wm density reset; wm size; wm density") == \
            "Physical size: 1080x2400\nPhysical density: 420\n"
    finally:
        device.close()


def test_the_simulated_shell_answers_wm_as_android_does() -> None:
    with SimDevice() as phone:
        assert phone.shell_exit("wm density 71") == ("Error: density must be >= 72\n", 255)
        assert phone.shell_exit("wm size 12x") == ("Error: bad size 12x\n", 255)
        phone.shell("wm size 360dpx800dp")  # dp at the current density (420): 945x2100
        assert phone.window_size() == (945, 2100)
        assert phone.shell("cmd uimode night yes; cmd uimode night") == "Night mode: yes\nNight mode: yes\n"


def test_a_profile_through_the_wire_configures_the_phone(backend: AdbDevice, served) -> None:
    phone, _ = served
    backend.apply_profile(DeviceProfile((720, 1280), 320, "fr-FR", True))
    assert phone.window_size() == (720, 1280) and phone.system.density == 320
    assert phone.system.locale == "fr-FR" and phone.settings_get("secure", "ui_night_mode") == "2"
    assert read_config(backend) == read_config(phone)
    # the locale restarted the framework (as B-MoCA's setprop + ctl.restart zygote does): apps gone, launcher
    # in front, and the uiautomator server reconnects
    assert backend.current_activity()[0] == "com.google.android.apps.nexuslauncher"
    assert "<hierarchy" in backend.hierarchy()
    backend.start_app("com.android.settings")
    backend.apply_profile(DeviceProfile(locale="fr-FR"))  # already so: nothing restarts
    assert backend.current_activity()[0] == "com.android.settings"


def test_the_locale_needs_root_on_a_real_phone(backend: AdbDevice, served, monkeypatch: pytest.MonkeyPatch) -> None:
    phone, _ = served
    monkeypatch.setitem(shell.COMMANDS, "id", lambda sh, argv: (b"2000\n", 0))  # adbd as the shell user
    with pytest.raises(UnsupportedCapability, match=r"'profile'.*locale to de-DE needs root.*--ma-snapshot"):
        backend.apply_profile(DeviceProfile(locale="de-DE", dark_mode=True))
    assert phone.system.locale == "en-US"
    backend.apply_profile(DeviceProfile(dark_mode=True))  # the rest needs no root
    assert phone.settings_get("secure", "ui_night_mode") == "2"


def test_a_refused_profile_command_is_unsupported_not_an_infrastructure_error(
        backend: AdbDevice, monkeypatch: pytest.MonkeyPatch) -> None:
    def denied(sh, argv):
        return b"java.lang.SecurityException: Must hold permission android.permission.WRITE_SECURE_SETTINGS\n", 255

    monkeypatch.setitem(shell.COMMANDS, "wm", denied)
    with pytest.raises(UnsupportedCapability, match="wm size 720x1280 was refused"):
        backend.apply_profile(DeviceProfile(size=(720, 1280)))


# -- settle, snapshots --------------------------------------------------------------------------------------------


def test_settle_uses_uiautomators_wait_for_idle(backend: AdbDevice, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[int]] = []
    original = U2Service.call

    def spy(self, method, params):
        if method == "waitForIdle":
            calls.append(list(params))
        return original(self, method, params)

    monkeypatch.setattr(U2Service, "call", spy)
    backend.settle(timeout_s=2.5)
    assert calls == [[2500]]


def test_settle_polls_the_tree_when_the_server_has_no_wait_for_idle(
        backend: AdbDevice, monkeypatch: pytest.MonkeyPatch) -> None:
    dumps: list[str] = []
    monkeypatch.delattr(U2Service, "rpc_waitForIdle")
    original = AdbDevice.hierarchy
    monkeypatch.setattr(AdbDevice, "hierarchy", lambda self: dumps.append("x") or original(self))
    backend.settle(timeout_s=5)
    assert len(dumps) == 2  # two equal trees in a row: idle


def test_snapshots_need_a_console(served) -> None:
    phone, server = served
    without = AdbDevice(phone.serial, port=server.port, console_port=None)
    without.console_port = None  # emulator-5554 names a console; this one was told there is none
    assert without.capabilities == {"profile", "settle"} and set(SimDevice.capabilities) == set(CAPABILITIES)
    with pytest.raises(UnsupportedCapability, match=r"device emulator-5554 lacks the 'snapshots' capability"):
        without.snapshot_save("clean")
    assert not isinstance(UnsupportedCapability("snapshots", "x"), InfrastructureError)  # a setup problem


# -- tasks that require a capability ---------------------------------------------------------------------------

TASKS = OPEN_SETTINGS + '''

class OpenSettingsWithSimMedia(OpenSettings):
    requires = frozenset({"sim_media"})
'''


def results(pytester: pytest.Pytester) -> list[dict]:
    [path] = Path(pytester.path, "reports").glob("*/results.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_task_is_skipped_where_its_device_lacks_what_it_requires(pytester: pytest.Pytester, served) -> None:
    phone, server = served
    pytester.makepyfile(tasks_caps=TASKS)
    spec = server.device_spec(phone.serial)
    run = pytester.runpytest_subprocess("tasks_caps.py", "--ma-device", spec, "-rs")
    run.assert_outcomes(passed=1, skipped=1)
    run.stdout.fnmatch_lines(["SKIPPED*OpenSettingsWithSimMedia cannot run here: device emulator-5554 lacks the "
                              "'sim_media' capability*"])
    assert [r["task"] for r in results(pytester)] == ["OpenSettings"]  # a skip is no episode
    sim = pytester.runpytest_subprocess("tasks_caps.py", "-m", "requires_sim_media")  # the simulator has it
    sim.assert_outcomes(passed=1, deselected=1)


def test_a_session_on_a_device_without_snapshots_fails_saying_why(pytester: pytest.Pytester) -> None:
    with SimDevice(serial="sim-no-console") as phone, serve(phone) as server:
        pytester.makepyfile(tasks_caps=TASKS)
        run = pytester.runpytest_subprocess("tasks_caps.py", "--ma-device",
                                            f"adb://127.0.0.1:{server.port}/{phone.serial}", "-k", "not SimMedia")
    run.assert_outcomes(errors=1)
    run.stdout.fnmatch_lines(["*UnsupportedCapability: device sim-no-console lacks the 'snapshots' capability*"
                              "every item starts from the clean snapshot*"])
