"""The public conformance suite: what every device backend and each of its devices must do.

``check_backend_contract(backend, spec)`` checks a :class:`~pytest_mobileagent.device.backend.Backend`: it claims
its spec and checks it without opening anything, opens a device that passes the device contract, and each
capability it declares works (what it does not declare raises
:class:`~pytest_mobileagent.device.backend.UnsupportedBackendCapability`). A backend's own tests call it::

    from pytest_mobileagent.device.contract import check_backend_contract

    def test_my_backend_honours_the_contract():
        check_backend_contract(FarmBackend(), "farm:pixel-6")

``check_device_contract(device)`` is the part about one device:

It exercises each method of :class:`~pytest_mobileagent.device.base.Device`
through the protocol only, so the same check runs on ``SimDevice``, on
``AdbDevice`` over the simulated adb server, and on a rooted emulator. It
leaves the device as it found it, except for the clock (set back to what
it read), a snapshot named ``device-contract``, the foreground app (home)
and the dark-mode setting (written back as ``1`` where it was unset).
What a device declares it cannot do (``capabilities``) must raise
:class:`~pytest_mobileagent.device.base.UnsupportedCapability`.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import socket
import time
from pathlib import Path

import pytest
from lxml import etree
from PIL import Image

from pytest_mobileagent.android import audio
from pytest_mobileagent.device.backend import (
    BACKEND_CAPABILITIES,
    Backend,
    StateFolder,
    UnsupportedBackendCapability,
)
from pytest_mobileagent.device.base import CAPABILITIES, ActionRefused, AppNotInstalled, Device, UnsupportedCapability
from pytest_mobileagent.device.config import read_config
from pytest_mobileagent.device.profile import DeviceProfile

SCRATCH = "/sdcard/Download/device-contract"
THREADTIME = re.compile(r"^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} +\d+ +\d+ [VDIWEF] .*?: ")
NOT_INSTALLED = "com.example.device.contract.absent"


def check_backend_contract(backend: Backend, spec: str, *, device_contract: bool = True,
                           state_folder: Path | None = None) -> None:
    """Assert ``backend`` honours the backend interface for ``spec`` (one of its own); ``device_contract``: also
    run :func:`check_device_contract` on the device it opens; ``state_folder``: where to try ``final_states``
    (default: a temporary folder)."""
    assert isinstance(backend.name, str) and backend.name, "a backend has a name"
    assert isinstance(backend.capabilities, frozenset) and backend.capabilities <= set(BACKEND_CAPABILITIES), (
        f"{backend.name}: capabilities {sorted(backend.capabilities - set(BACKEND_CAPABILITIES))} are not "
        "backend capabilities")
    assert backend.claims(spec), f"{backend.name} does not claim its own spec {spec!r}"
    backend.check_spec(spec)
    assert isinstance(backend.profile(spec), DeviceProfile)
    backend.check_reachable(spec)
    device = backend.open(spec, name="contract")
    try:
        assert isinstance(device, Device)
        if device_contract:
            check_device_contract(device)
        _backend_capabilities(backend, device, state_folder)
    finally:
        device.close()


def _backend_capabilities(backend: Backend, device: Device, state_folder: Path | None) -> None:
    undeclared = set(BACKEND_CAPABILITIES) - backend.capabilities
    calls = {
        "scratch": lambda: backend.scratch_device("contract-scratch"),
        "catalogue": backend.installed_packages,
        "adb_server": lambda: backend.adb_server(device).__enter__(),
        "final_states": lambda: backend.has_final_state(StateFolder(Path("/nonexistent")), "x"),
    }
    for name in sorted(undeclared):
        with pytest.raises(UnsupportedBackendCapability, match=name):
            calls[name]()
    if "scratch" in backend.capabilities:
        scratch = backend.scratch_device("contract-scratch")
        try:
            assert isinstance(scratch, Device) and scratch.serial == "contract-scratch"
            assert scratch.window_size()[0] > 0 and scratch.hierarchy().lstrip().startswith("<?xml")
        finally:
            scratch.close()
    if "catalogue" in backend.capabilities:
        packages = backend.installed_packages()
        assert isinstance(packages, frozenset) and packages and all(isinstance(p, str) for p in packages)
        installed = _packages(device)
        assert packages <= set(installed), f"not installed: {sorted(packages - set(installed))[:5]}"
    if "adb_server" in backend.capabilities:
        with backend.adb_server(device) as (port, serial):
            assert isinstance(port, int) and serial == device.serial
            with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:  # adb's host:version
                conn.sendall(b"000chost:version")
                assert conn.recv(4) == b"OKAY"
    if "final_states" in backend.capabilities:
        if state_folder is None:
            import tempfile

            with tempfile.TemporaryDirectory() as tmp:
                _final_states(backend, device, Path(tmp))
        else:
            _final_states(backend, device, state_folder)


def _final_states(backend: Backend, device: Device, where: Path) -> None:
    """A state saved and restored: the restored device reads as the saved one did, the values come back."""
    folder = StateFolder(where / "final_states")
    key = "contract-Task[0]"
    assert not backend.has_final_state(folder, key)
    device.settings_put("system", "screen_off_timeout", "60003")
    values = {"params": {"n": 3, "when": dt.datetime(2024, 1, 2, tzinfo=dt.timezone.utc)}, "state": {"rows": [(1,)]}}
    backend.save_final_state(device, folder, key, {"episode": "contract/Task[0]", "n": 1}, values)
    assert backend.has_final_state(folder, key)
    assert all(StateFolder.NAME.fullmatch(p.name) for p in folder.folder.iterdir() if not p.name.startswith("."))
    device.settings_put("system", "screen_off_timeout", "99999")
    restored, meta, back = backend.restore_final_state(folder, key)
    assert isinstance(restored, Device)
    assert meta["episode"] == "contract/Task[0]" and meta["n"] == 1
    assert back == values
    assert restored.settings_get("system", "screen_off_timeout") == "60003"


def check_device_contract(device: Device, package: str | None = None, scratch: str = SCRATCH) -> None:
    """Assert ``device`` honours the Device protocol; ``package`` is an app to start (default: any)."""
    assert isinstance(device, Device)
    assert isinstance(device.serial, str) and device.serial
    assert isinstance(device.capabilities, frozenset) and device.capabilities <= set(CAPABILITIES)
    _observation(device)
    package = _apps(device, package)
    _input(device)
    _settle(device)
    _shell_and_settings(device)
    _services_keep_their_own_state(device)
    _profile(device)
    try:
        _files(device, scratch)
        _files_bear_the_phones_time(device, scratch)
        _sqlite(device, scratch)
        _snapshots(device, scratch)
    finally:
        device.remove(scratch)
    _console(device)
    _clipboard(device)
    _clock_and_logcat(device, package)


def _observation(device: Device) -> None:
    w, h = device.window_size()
    assert isinstance(w, int) and isinstance(h, int) and w > 0 and h > 0
    xml = device.hierarchy()
    assert xml.startswith("<?xml")
    root = etree.fromstring(xml.encode())
    assert root.tag == "hierarchy" and len(root.findall(".//node")) > 0
    assert all(re.fullmatch(r"\[-?\d+,-?\d+\]\[-?\d+,-?\d+\]", n.get("bounds", "")) for n in root.iter("node"))
    png = device.screenshot()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert Image.open(io.BytesIO(png)).size == (w, h)


def _packages(device: Device) -> list[str]:
    return sorted(line.removeprefix("package:").strip() for line in device.shell("pm list packages").splitlines()
                  if line.startswith("package:"))


#: Apps tried first when the caller names none: present on emulator images and in the simulator.
PREFERRED_APPS = ("com.android.settings", "com.google.android.deskclock", "com.google.android.dialer",
                  "com.android.chrome")


def _start_any(device: Device, home: str) -> str:
    """Start a preferred app, or else the first installed package that has a launcher activity."""
    packages = _packages(device)
    rank = {p: i for i, p in enumerate(PREFERRED_APPS)}
    for candidate in sorted(packages, key=lambda p: (rank.get(p, len(rank)), p)):
        if candidate == home:
            continue
        try:
            device.start_app(candidate)
        except LookupError:
            continue
        return candidate
    raise AssertionError(f"no package of {packages} could be started")


def _apps(device: Device, package: str | None) -> str:
    assert device.press("home") is None
    home, home_activity = device.current_activity()
    assert home and home_activity
    if package is None:
        package = _start_any(device, home)
    else:
        assert device.start_app(package) is None
    pkg, activity = device.current_activity()
    assert pkg == package, f"start_app({package!r}) left {pkg} in front"
    device.press("home")
    assert device.current_activity()[0] == home
    device.start_app(package, activity)
    assert device.current_activity() == (package, activity)
    assert device.stop_app(package) is None
    assert device.current_activity()[0] != package
    with pytest.raises(AppNotInstalled):  # an agent's mistake, an invalid step: never a DeviceError
        device.start_app(NOT_INSTALLED)
    device.press("home")
    return package


def _input(device: Device) -> None:
    w, h = device.window_size()
    x, y = w // 2, h // 2
    assert device.tap(x, y) is None
    device.press("home")
    assert device.long_press(x, y, 800) is None
    device.press("back")
    device.press("home")
    assert device.double_tap(x, y) is None
    device.press("home")
    assert device.swipe(x, h * 3 // 4, x, h // 4, 300) is None
    assert device.input_text("") is None
    for key in ("back", "enter", 4, "KEYCODE_BACK"):
        assert device.press(key) is None
    for no_key in ("no-such-key", 0, 100_000):
        with pytest.raises(ActionRefused):
            device.press(no_key)
    device.press("home")


def _settle(device: Device) -> None:
    w, h = device.window_size()
    device.swipe(w // 2, h * 3 // 4, w // 2, h // 4, 300)
    start = time.monotonic()
    assert device.settle() is None
    assert device.settle(timeout_s=1.0) is None
    assert time.monotonic() - start < 2 * 10.0 + 1.0 + 5.0  # two bounds, and slack for the transport
    device.press("home")
    device.settle(timeout_s=0)  # no time at all: returns (after at most one look)


def _screen_fits(device: Device, size: tuple[int, int]) -> None:
    assert device.window_size() == size
    root = etree.fromstring(device.hierarchy().encode())
    for node in root.iter("node"):
        x1, y1, x2, y2 = map(int, re.findall(r"-?\d+", node.get("bounds", "")))
        assert 0 <= x1 <= x2 <= size[0] and 0 <= y1 <= y2 <= size[1], node.attrib
    assert Image.open(io.BytesIO(device.screenshot())).size == size


def _profile(device: Device) -> None:
    if "profile" not in device.capabilities:
        with pytest.raises(UnsupportedCapability, match="profile"):
            device.apply_profile(DeviceProfile(dark_mode=True))
        return
    before = read_config(device)
    w, h = device.window_size()
    size, density = (w * 2 // 3, h * 2 // 3), 320 if before["density"] != "320" else 280
    assert device.apply_profile(DeviceProfile(size=size, density=density, dark_mode=True)) is None
    _screen_fits(device, size)
    config = read_config(device)
    assert (config["size"], config["density"], config["dark_mode"]) == (f"{size[0]}x{size[1]}", str(density), "on")
    assert device.settings_get("secure", "ui_night_mode") == "2"
    device.apply_profile(DeviceProfile())  # nothing to change
    assert read_config(device) == config
    device.apply_profile(DeviceProfile(size=(w, h), density=int(before["density"]),
                                       dark_mode=before["dark_mode"] == "on"))
    _screen_fits(device, (w, h))
    assert read_config(device) == before


def _shell_and_settings(device: Device) -> None:
    assert device.shell("echo device-contract") == "device-contract\n"
    old = device.settings_get("system", "screen_off_timeout")
    device.settings_put("system", "screen_off_timeout", "120000")
    assert device.settings_get("system", "screen_off_timeout") == "120000"
    if old is not None:
        device.settings_put("system", "screen_off_timeout", old)
    assert device.settings_get("global", "device_contract_never_set") is None


def _services_keep_their_own_state(device: Device) -> None:
    """State the task families read from system services, read and set the way Android serves it."""
    # AudioService keeps each stream's index per output device and reads settings only at boot
    # (VolumeStreamState.getSettingNameForDevice: volume_music_speaker); VolumeCtrl prints "volume is I in range"
    music = audio.parse_volume(device.shell(audio.get_command("volume_music")))
    device.shell(audio.set_command("volume_music", 7 if music != 7 else 8))
    assert audio.parse_volume(device.shell(audio.get_command("volume_music"))) == (7 if music != 7 else 8)
    device.settings_put("system", "volume_music", "2")  # a key AudioService does not read
    assert audio.parse_volume(device.shell(audio.get_command("volume_music"))) == (7 if music != 7 else 8)
    device.shell(audio.set_command("volume_music", music))
    # AudioService's MIN_STREAM_VOLUME: an alarm cannot be set to 0
    alarm = audio.parse_volume(device.shell(audio.get_command("volume_alarm")))
    assert "invalid volume index 0" in device.shell(audio.set_command("volume_alarm", 0))
    assert audio.parse_volume(device.shell(audio.get_command("volume_alarm"))) == alarm
    # UiModeManagerService: `cmd uimode night` switches the UI mode (and persists secure ui_night_mode); the
    # setting written alone changes nothing the service reports
    night = device.shell("cmd uimode night").strip()
    device.settings_put("secure", "ui_night_mode", "1" if night == "Night mode: yes" else "2")
    assert device.shell("cmd uimode night").strip() == night
    device.shell(f"cmd uimode night {'yes' if night == 'Night mode: yes' else 'no'}")
    assert device.settings_get("secure", "ui_night_mode") == ("2" if night == "Night mode: yes" else "1")


def _files(device: Device, scratch: str) -> None:
    path = f"{scratch}/blob.bin"
    data = bytes(range(256)) * 300 + b"\r\n\x00end"  # binary, bigger than one sync chunk
    device.write_file(path, data)
    assert device.exists(path) and device.exists(scratch)
    assert device.read_file(path) == data
    assert device.list_dir(scratch) == ["blob.bin"]
    device.write_file(path, b"")
    assert device.read_file(path) == b""
    with pytest.raises(NotADirectoryError):
        device.list_dir(path)
    device.remove(path)
    assert not device.exists(path)
    assert device.list_dir(scratch) == []
    with pytest.raises(FileNotFoundError):
        device.read_file(path)
    with pytest.raises(FileNotFoundError):
        device.list_dir(f"{scratch}/missing")
    device.remove(f"{scratch}/missing")  # removing what is not there is fine, like rm -rf


def _files_bear_the_phones_time(device: Device, scratch: str) -> None:
    """A written file is stamped with the phone's clock, as a file an app writes is (not the host's, which is
    what adb's sync SEND carries)."""
    before = device.now()
    when = dt.datetime(2023, 10, 15, 9, 30, tzinfo=dt.timezone.utc)
    try:
        device.set_time(when)
        device.write_file(f"{scratch}/stamped.txt", b"now")
        stamped = int(device.shell(f"stat -c %Y {scratch}/stamped.txt").strip())
    finally:
        device.set_time(before)
    assert abs(stamped - when.timestamp()) <= 2, dt.datetime.fromtimestamp(stamped, dt.timezone.utc)
    device.remove(f"{scratch}/stamped.txt")


def _sqlite(device: Device, scratch: str) -> None:
    db = f"{scratch}/contract.db"
    with pytest.raises(FileNotFoundError):
        device.sqlite(db, "SELECT 1")
    device.write_file(db, b"")  # an empty file is an empty SQLite database
    assert device.sqlite(db, "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, qty REAL)") == []
    assert device.sqlite(db, "INSERT INTO item (name, qty) VALUES (?, ?)", ("Ann's", 1.5)) == []
    device.sqlite(db, "INSERT INTO item (name, qty) VALUES (?, ?)", ("Bob", None))
    assert device.sqlite(db, "SELECT id, name, qty FROM item ORDER BY id") == [(1, "Ann's", 1.5), (2, "Bob", None)]
    assert device.sqlite(db, "SELECT count(*) FROM item WHERE name = ?", ("Bob",)) == [(1,)]
    device.sqlite(db, "DELETE FROM item WHERE name = 'Bob'")
    assert device.sqlite(db, "SELECT name FROM item") == [("Ann's",)]


def _snapshots(device: Device, scratch: str) -> None:
    if "snapshots" not in device.capabilities:
        for call in (device.snapshot_save, device.snapshot_load):
            with pytest.raises(UnsupportedCapability, match="snapshots"):
                call("device-contract")
        return
    device.settings_put("system", "screen_off_timeout", "60001")
    device.snapshot_save("device-contract")
    device.settings_put("system", "screen_off_timeout", "99999")
    device.write_file(f"{scratch}/after.txt", b"written after the snapshot")
    device.snapshot_load("device-contract")
    assert device.settings_get("system", "screen_off_timeout") == "60001"
    assert not device.exists(f"{scratch}/after.txt")


def _console(device: Device) -> None:
    """The emulator console reaches the modem: ``sms send`` delivers a text to the default SMS app (how
    AndroidWorld's text_emulator sends them); a phone's own shell has no ``emu``."""
    if "console" not in device.capabilities:
        with pytest.raises(UnsupportedCapability, match="console"):
            device.console("sms send 5550100 device contract")
        return
    assert device.shell("emu sms send 5550100 x").strip().endswith("inaccessible or not found")
    assert device.console("sms send 5550100 device contract text") == []
    inbox = device.shell("content query --uri content://sms/inbox --projection address:body")
    assert "address=5550100, body=device contract text" in inbox
    device.shell("content delete --uri content://sms --where \"address='5550100'\"")


def _clipboard(device: Device) -> None:
    old = device.clipboard_get()
    assert isinstance(old, str)
    device.clipboard_set("device contract \u2713 clip")
    assert device.clipboard_get() == "device contract \u2713 clip"
    device.clipboard_set(old)


def _clock_and_logcat(device: Device, package: str) -> None:
    before = device.now()
    assert before.tzinfo is not None
    when = dt.datetime(2024, 2, 3, 4, 5, 6, tzinfo=dt.timezone.utc)
    device.set_time(when)
    assert abs(device.now() - when) <= dt.timedelta(seconds=2)
    device.set_time(dt.datetime(2024, 3, 4, 5, 6, 7))  # naive means UTC
    assert abs(device.now() - dt.datetime(2024, 3, 4, 5, 6, 7, tzinfo=dt.timezone.utc)) <= dt.timedelta(seconds=2)

    lines = device.logcat()
    assert lines and all(THREADTIME.match(line) for line in lines), lines[:3]
    start = device.now()
    device.start_app(package)
    recent = device.logcat(since=start)
    assert set(recent) <= set(device.logcat())
    assert any(package in line for line in recent), recent
    assert device.logcat(since=device.now() + dt.timedelta(days=1)) == []
    device.press("home")
    device.set_time(before)
