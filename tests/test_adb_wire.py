"""The simulator over the wire: real adbutils and uiautomator2 against AdbServer + SimDevice.

Everything here goes through unmodified client libraries and real sockets:
host services, shell v1/v2, sync, the ``tcp:9008`` bridge to the simulated
uiautomator2 server, forwards, the fake emulator console, and the
``AdbDevice`` backend passing the shared Device contract.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import json
import os
import re
import socket
import sqlite3
import struct
import subprocess
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import adbutils
import pytest
import uiautomator2 as u2
from lxml import etree
from PIL import Image

from mobileagent_sim import SimDevice
from mobileagent_sim import shell as shell_mod
from mobileagent_sim.adb_server import AdbServer
from mobileagent_sim.testing import adb_client, adb_device, serve
from pytest_mobileagent.android import mp4
from pytest_mobileagent.device.adb import AdbDevice
from pytest_mobileagent.device.base import DeviceError, UnsupportedCapability
from pytest_mobileagent.device.console import ConsoleError, EmulatorConsole, console_port_of
from pytest_mobileagent.device.contract import check_device_contract

LAUNCHER = "com.google.android.apps.nexuslauncher"
SEARCH = f"{LAUNCHER}:id/search_container_all_apps"
TOKEN = "console-token-for-tests"
#: Threads the server starts (see AdbServer/Listener names); none may outlive a test.
SERVER_THREADS = ("adb-server", "console-", "forward-")


@pytest.fixture(autouse=True)
def no_leaked_server_threads() -> Iterator[None]:
    yield
    leaked = [t.name for t in threading.enumerate() if t.name.startswith(SERVER_THREADS)]
    assert not leaked, f"server threads left running: {leaked}"


@pytest.fixture
def phone() -> Iterator[SimDevice]:
    with SimDevice() as device:
        yield device


@pytest.fixture
def server(phone: SimDevice) -> Iterator[AdbServer]:
    with serve(phone, console_token=TOKEN) as srv:
        yield srv


@pytest.fixture
def adb(server: AdbServer, phone: SimDevice) -> adbutils.AdbDevice:
    return adb_device(server, phone.serial)


@pytest.fixture
def ud(adb: adbutils.AdbDevice) -> Iterator[u2.Device]:
    device = u2.connect(adb)
    yield device
    device.stop_uiautomator(wait=False)


def open_drawer(d: u2.Device) -> None:
    w, h = d.window_size()
    d.swipe(w // 2, h * 3 // 4, w // 2, h // 4, 0.1)


# -- adbutils: host services, shell, sync ------------------------------------------------


def test_host_services_list_and_select_devices(server: AdbServer, phone: SimDevice) -> None:
    client = adb_client(server)
    assert client.server_version() == 41
    assert [d.serial for d in client.device_list()] == [phone.serial]
    (info,) = client.list(extended=True)
    assert info.state == "device" and info.tags["transport_id"] == "1" and info.tags["model"] == "Pixel_6"
    d = client.device(phone.serial)
    assert d.get_state() == "device" and d.get_serialno() == phone.serial
    assert "shell_v2" in d.get_features().split(",")
    with pytest.raises(adbutils.AdbError, match="device 'emulator-5556' not found"):
        client.device("emulator-5556").shell("echo hi")
    client.wait_for(phone.serial, timeout=5)


def test_two_phones_are_told_apart() -> None:
    with SimDevice("emulator-5554") as a, SimDevice("emulator-5556") as b, serve(a, b) as server:
        client = adb_client(server)
        assert sorted(d.serial for d in client.device_list()) == ["emulator-5554", "emulator-5556"]
        client.device("emulator-5556").shell(["settings", "put", "system", "screen_brightness", "7"])
        assert b.settings_get("system", "screen_brightness") == "7"
        assert a.settings_get("system", "screen_brightness") != "7"
        with pytest.raises(adbutils.AdbError, match="more than one device"), client.make_connection() as c:
            c.send_command("host:transport-any")
            c.check_okay()


def test_a_served_phones_clock_follows_real_time(adb: adbutils.AdbDevice, server: AdbServer,
                                                 phone: SimDevice) -> None:
    """Between requests real time passes on a served phone, as on an emulator: AndroidWorld sends texts through
    the console seconds apart and reads them newest first."""
    first = int(adb.shell("date +%s"))
    time.sleep(1.2)
    with socket.create_connection(("127.0.0.1", server.console_port(phone.serial))) as console:
        console.recv(4096)
        console.sendall(b"help\r\n")
        console.recv(4096)
    after_console = phone.now()
    assert int(adb.shell("date +%s")) - first >= 1
    assert (after_console.timestamp() - first) >= 1.2


def test_a_time_scale_runs_the_phones_clock_faster_than_real_time() -> None:
    """``time_scale=50``: ``sleep 5`` on the phone takes a tenth of a real second and moves its clock by 5 s, so
    runs of agents that mostly wait (the noop baseline) can be played over the wire in minutes."""
    with SimDevice() as phone, serve(phone, time_scale=50) as server:
        adb = adb_device(server, phone.serial)
        first = phone.now()
        started = time.monotonic()
        adb.shell("sleep 5")
        took = time.monotonic() - started
        assert took < 2.5, f"sleep 5 took {took:.2f} s of real time"
        assert phone.now() - first >= dt.timedelta(seconds=5)
    with pytest.raises(ValueError):
        AdbServer([], time_scale=0)


def test_shell_v1_and_v2_with_exit_codes(adb: adbutils.AdbDevice) -> None:
    assert adb.shell("echo hello") == "hello"
    assert adb.shell(["echo", "it's; quoted"]) == "it's; quoted"
    r = adb.shell2("ls /no/such/dir")
    assert r.returncode == 1 and "No such file or directory" in r.output
    ok = adb.shell2("echo v2", v2=True)
    assert (ok.returncode, ok.stdout) == (0, "v2\n")
    missing = adb.shell2("frobnicate", v2=True)
    assert missing.returncode == 127 and "not found" in missing.output
    assert adb.shell("getprop ro.build.version.sdk") == "33"


def _shell_v2(server: AdbServer, serial: str, command: str) -> socket.socket:
    """A raw ``shell,v2,raw:`` stream, as adb 29's client opens it."""
    conn = socket.create_connection((server.host, server.port))
    for request in (f"host:transport:{serial}", f"shell,v2,raw:{command}"):
        conn.sendall(f"{len(request):04x}{request}".encode())
        assert conn.recv(4) == b"OKAY"
    return conn


def _packets(conn: socket.socket) -> dict[int, bytes]:
    """Read shell protocol packets until the server closes: the data of each id, joined."""
    raw = bytearray()
    while chunk := conn.recv(1 << 16):
        raw += chunk
    got: dict[int, bytes] = {}
    while raw:
        kind, size = raw[0], struct.unpack_from("<I", raw, 1)[0]
        got[kind] = got.get(kind, b"") + bytes(raw[5:5 + size])
        del raw[:5 + size]
    return got


def test_output_survives_a_close_stdin_the_server_never_read(server: AdbServer, phone: SimDevice) -> None:
    """The client says its stdin ended (close-stdin, id 4) and reads late: the output must still all arrive.
    Closing with that packet unread made the kernel send a RST, which threw away the unread output."""
    data = os.urandom(1 << 20)
    phone.write_file("/data/local/tmp/big.bin", data)
    with contextlib.closing(_shell_v2(server, phone.serial, "cat /data/local/tmp/big.bin")) as conn:
        conn.sendall(b"\x04" + struct.pack("<I", 0))
        time.sleep(0.3)  # a slow reader: the server is done (and closed) before the first read
        got = _packets(conn)
    assert got[1] == data and got[3] == b"\x00"


def test_shell_v2_carries_stdin_and_keeps_stderr_apart(server: AdbServer, phone: SimDevice) -> None:
    with contextlib.closing(_shell_v2(server, phone.serial, "cat; echo oops >&2; exit 5")) as conn:
        for piece in (b"hello ", b"world\n"):
            conn.sendall(b"\x00" + struct.pack("<I", len(piece)) + piece)
        conn.sendall(b"\x04" + struct.pack("<I", 0))
        got = _packets(conn)
    assert got == {1: b"hello world\n", 2: b"oops\n", 3: b"\x05"}


def _follower(sh, argv: list[str]) -> tuple[bytes, int]:
    """A command that runs until stopped (as ``logcat`` without ``-d``): output now, then waits."""
    sh.emit(b"first line\n")
    sh.wait(60)
    return b"never reached\n", 0


def test_a_running_command_streams_and_ends_when_its_client_leaves(adb: adbutils.AdbDevice,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(shell_mod.COMMANDS, "follower", _follower)
    with adb.shell("follower", stream=True) as conn:
        assert conn.read_exact(11) == b"first line\n"
    # the client left: the command got its hangup and the phone is free at once, not in 60 s
    assert adb.shell("echo next", timeout=10) == "next"


def test_a_client_timeout_ends_a_waiting_command(adb: adbutils.AdbDevice, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(shell_mod.COMMANDS, "waiter", lambda sh, argv: (sh.wait(60), (b"", 0))[1])
    with pytest.raises(adbutils.AdbTimeout):
        adb.shell("waiter", timeout=0.5)
    assert adb.shell("echo next", timeout=10) == "next"


def test_sync_push_pull_stat_list_round_trip(adb: adbutils.AdbDevice, phone: SimDevice, tmp_path) -> None:
    data = bytes(range(256)) * 800  # 200 KiB: several DATA chunks both ways
    assert adb.sync.push(data, "/sdcard/Download/blob.bin", check=True) == len(data)
    assert phone.read_file("/sdcard/Download/blob.bin") == data
    info = adb.sync.stat("/sdcard/Download/blob.bin")
    assert info.size == len(data) and info.mode & 0o170000 == 0o100000
    assert adb.sync.stat("/sdcard/nothing-here").mode == 0
    names = {f.path for f in adb.sync.list("/sdcard/Download")}
    assert {".", "..", "blob.bin"} <= names
    local = tmp_path / "pulled.bin"
    assert adb.sync.pull("/sdcard/Download/blob.bin", local) == len(data)
    assert local.read_bytes() == data
    src = tmp_path / "note.txt"
    src.write_text("into a directory")
    adb.sync.push(src, "/sdcard/Documents")  # a directory target gets the source's name
    assert phone.read_file("/sdcard/Documents/note.txt") == b"into a directory"
    with pytest.raises(adbutils.AdbError, match="No such file"):
        adb.sync.read_bytes("/sdcard/nothing-here")


def test_screenshot_window_and_current_app(adb: adbutils.AdbDevice) -> None:
    png = adb.shell(["screencap", "-p"], encoding=None)
    assert png.startswith(b"\x89PNG")
    assert adb.screenshot().size == (1080, 2400)
    assert adb.window_size() == (1080, 2400) and adb.rotation() == 0
    current = adb.app_current()
    assert (current.package, current.activity) == (LAUNCHER, f"{LAUNCHER}.NexusLauncherActivity")
    adb.app_start("org.tasks")
    assert adb.app_current().package == "org.tasks"
    adb.app_stop("org.tasks")
    assert adb.app_current().package == LAUNCHER


def test_dump_hierarchy_and_keyevents(adb: adbutils.AdbDevice, phone: SimDevice) -> None:
    root = etree.fromstring(adb.dump_hierarchy().encode())
    node = root.find(".//node")
    assert node is not None and "bounds" in node.keys() and "visible-to-user" not in node.keys()  # AOSP subset
    adb.swipe(540, 1800, 540, 600, 0.1)
    assert SEARCH in adb.dump_hierarchy()
    adb.keyevent(4)  # BACK closes the drawer
    assert SEARCH not in phone.hierarchy()


def test_forward_to_the_uiautomator_server(adb: adbutils.AdbDevice, ud: u2.Device) -> None:
    port = adb.forward_port(9008)
    assert any(f.local == f"tcp:{port}" and f.remote == "tcp:9008" for f in adb.forward_list())
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/ping", timeout=5) as resp:
        assert resp.read() == b"pong"
    body = json.dumps({"jsonrpc": "2.0", "id": 7, "method": "deviceInfo", "params": {}}).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}/jsonrpc/0", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=5) as resp:
        reply = json.loads(resp.read())
    assert reply["id"] == 7 and reply["result"]["displayWidth"] == 1080
    adb.forward_remove(f"tcp:{port}")
    assert adb.forward_list() == []


ADB_BINARY = Path(adbutils.__file__).parent / "binaries" / "adb"


@pytest.mark.skipif(not os.access(ADB_BINARY, os.X_OK), reason="the adbutils wheel bundles no adb binary here")
def test_the_real_adb_client_talks_to_the_simulator(server: AdbServer, phone: SimDevice, tmp_path) -> None:
    def adb(*args: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run([str(ADB_BINARY), "-P", str(server.port), *args], capture_output=True, timeout=30)

    assert phone.serial in adb("devices").stdout.decode()
    r = adb("-s", phone.serial, "shell", "echo hi; ls /nope")
    assert r.returncode == 1 and r.stdout.startswith(b"hi\n")
    src = tmp_path / "up.txt"
    src.write_bytes(b"pushed by adb")
    assert adb("-s", phone.serial, "push", str(src), "/sdcard/Download/up.txt").returncode == 0
    assert phone.read_file("/sdcard/Download/up.txt") == b"pushed by adb"
    assert adb("-s", phone.serial, "exec-out", "screencap -p").stdout.startswith(b"\x89PNG")


# -- uiautomator2 ------------------------------------------------------------------------


def test_uiautomator2_drives_the_simulator(ud: u2.Device, phone: SimDevice) -> None:
    info = ud.info
    assert (info["displayWidth"], info["displayHeight"], info["sdkInt"]) == (1080, 2400, 33)
    assert info["currentPackageName"] == LAUNCHER
    xml = ud.dump_hierarchy()
    assert etree.fromstring(xml.encode()).find(".//node").get("visible-to-user") == "true"
    open_drawer(ud)
    ud(resourceId=SEARCH).click()
    ud.send_keys("Jop")
    assert ud(resourceId=SEARCH).get_text() == "Jop"
    assert ud(className="android.widget.EditText", focused=True).exists
    ud.xpath('//*[@content-desc="Joplin"]').click()
    assert ud.app_current()["package"] == "net.cozic.joplin"
    ud.press("back")
    assert phone.current_activity()[0] == LAUNCHER
    assert ud.screenshot().size == (1080, 2400)


def test_uiautomator2_clicks_swipes_and_selectors(ud: u2.Device, phone: SimDevice) -> None:
    open_drawer(ud)
    broccoli = ud(text="Broccoli", className="android.widget.TextView")  # near the top of the sorted drawer
    assert broccoli.count == 1 and ud(descriptionContains="roccol").count >= 1
    assert ud(resourceId="com.google.android.apps.nexuslauncher:id/apps_view").child(text="Calculator").exists
    x, y = broccoli.center()
    ud.click(x, y)
    assert phone.current_activity()[0] == "com.flauschcode.broccoli"
    ud.press("home")
    assert not ud(resourceId=SEARCH).exists
    with pytest.raises(u2.UiObjectNotFoundError):
        ud(text="No such thing").click(timeout=0.1)
    with pytest.raises(u2.exceptions.RPCUnknownError, match="method not found"):
        ud.jsonrpc.noSuchMethod()


def test_uiautomator2_device_methods_answer_as_the_server_does(ud: u2.Device, phone: SimDevice) -> None:
    ud.orientation = "n"
    assert ud.orientation == "natural"
    with pytest.raises(u2.exceptions.RPCError, match="natural orientation only"):
        ud.orientation = "left"  # the simulated screen is never laid out turned: refused, not faked
    ud.freeze_rotation(False)
    assert ud.last_traversed_text is None  # no WebView traversal event was seen
    ud.clear_traversed_text()
    assert ud.open_notification() is False and ud.open_quick_settings() is False  # no shade to open
    ud.clear_toast()
    assert ud.last_toast is None
    ud.jsonrpc.makeToast("made here", 1000)
    assert ud.last_toast == "made here"
    ud.clear_toast()
    assert ud.last_toast is None


def test_a_swipe_takes_its_duration_over_the_wire(ud: u2.Device) -> None:
    start = time.monotonic()
    ud.swipe(500, 1500, 500, 600, duration=0.5)
    assert time.monotonic() - start >= 0.5  # uiautomator2 asks for duration * 200 steps of 5 ms


def test_uiautomator2_server_lives_while_its_stream_is_open(adb: adbutils.AdbDevice) -> None:
    with pytest.raises(adbutils.AdbError, match="closed"):
        adb.create_connection(adbutils.Network.TCP, 9008)  # not started yet: nothing listens
    d = u2.connect(adb)
    assert d.jsonrpc.getClipboard() == ""
    assert adb.shell("md5sum /data/local/tmp/u2.jar").split()[0] in adb.shell("toybox md5sum /data/local/tmp/u2.jar")
    d.stop_uiautomator()  # closes the app_process stream and waits until /ping fails
    assert not d._check_alive()
    d.start_uiautomator()
    assert d._check_alive()
    d.stop_uiautomator(wait=False)


# -- emulator console ----------------------------------------------------------------


def test_fake_console_saves_and_loads_snapshots(server: AdbServer, phone: SimDevice) -> None:
    port = server.console_port(phone.serial)
    assert console_port_of("emulator-5554") == 5554 and console_port_of("sim-master") is None
    with EmulatorConsole(port, token=TOKEN) as console:
        phone.settings_put("system", "screen_brightness", "11")
        console.command("avd snapshot save clean")
        phone.settings_put("system", "screen_brightness", "200")
        console.command("avd snapshot load clean")
        assert phone.settings_get("system", "screen_brightness") == "11"
        assert console.command("avd snapshot list") == ["clean"]
        with pytest.raises(ConsoleError, match="does not exist"):
            console.command("avd snapshot load nope")
    with pytest.raises(ConsoleError, match="authentication token does not match"):
        EmulatorConsole(port, token="wrong")


# -- the AdbDevice backend -------------------------------------------------------------


@pytest.fixture
def backend(server: AdbServer, phone: SimDevice) -> Iterator[AdbDevice]:
    device = AdbDevice(phone.serial, port=server.port, console_port=server.console_port(phone.serial),
                       console_token=TOKEN)
    assert device.ensure_root()  # as a session does (pool.py): adbd starts as the shell user
    yield device
    device.close()


def test_adb_device_passes_the_device_contract(backend: AdbDevice) -> None:
    check_device_contract(backend)


def test_sim_device_passes_the_device_contract(phone: SimDevice) -> None:
    check_device_contract(phone)


def test_adb_device_without_a_console_passes_the_contract_without_snapshots() -> None:
    with SimDevice(serial="sim-no-console") as phone, serve(phone) as server:
        device = AdbDevice(phone.serial, port=server.port)  # not emulator-<port>: no console to find
        try:
            assert device.ensure_root()  # as a session does: adbd starts as the shell user
            assert device.capabilities == {"profile", "settle"}
            check_device_contract(device)
        finally:
            device.close()


def test_adb_device_types_into_the_focused_field_and_keeps_the_clipboard(backend: AdbDevice,
                                                                         phone: SimDevice) -> None:
    phone.clipboard_set("user's clip")
    backend.swipe(540, 1800, 540, 600, 100)
    x1, y1, x2, y2 = _bounds(backend.hierarchy(), SEARCH)
    backend.tap((x1 + x2) // 2, (y1 + y2) // 2)
    backend.input_text("Tas")
    assert _node(phone.hierarchy(), SEARCH).get("text") == "Tas"
    assert backend.clipboard_get() == "user's clip"
    backend.press("enter")  # submits the search: opens the first match
    assert backend.current_activity()[0] == "org.tasks"


def test_adb_device_types_chinese_as_mobile_bench_queries_need(backend: AdbDevice, phone: SimDevice) -> None:
    backend.swipe(540, 1800, 540, 600, 100)
    x1, y1, x2, y2 = _bounds(backend.hierarchy(), SEARCH)
    backend.tap((x1 + x2) // 2, (y1 + y2) // 2)
    backend.input_text("明天和小明开会")  # uiautomator2 pastes it: no ASCII-only `input text` on the way
    assert _node(phone.hierarchy(), SEARCH).get("text") == "明天和小明开会"
    assert _node(backend.hierarchy(), SEARCH).get("text") == "明天和小明开会"  # and reads back over the wire


def test_adb_device_sqlite_reads_wal_and_pushes_writes_back(backend: AdbDevice, phone: SimDevice) -> None:
    db = "/data/data/org.tasks/databases/contract-wal.db"
    phone.write_file(db, b"")
    app = sqlite3.connect(phone.system.fs.host(db))  # an app writing in WAL mode, not yet checkpointed
    app.execute("PRAGMA journal_mode=WAL")
    app.execute("PRAGMA wal_autocheckpoint=0")
    app.execute("CREATE TABLE t (v TEXT)")
    app.execute("INSERT INTO t VALUES ('in the wal')")
    app.commit()
    files = {p: phone.read_file(p) for p in (db, db + "-wal")}
    app.close()  # the app is stopped, leaving its WAL behind
    for path, data in files.items():
        phone.write_file(path, data)
    assert backend.sqlite(db, "SELECT v FROM t") == [("in the wal",)]
    assert phone.read_file(db + "-wal") == files[db + "-wal"]  # reads push nothing back
    assert backend.sqlite(db, "INSERT INTO t VALUES (?)", ("pushed",)) == []
    assert not phone.exists(db + "-wal")  # merged into the pushed database
    assert phone.sqlite(db, "SELECT v FROM t ORDER BY rowid") == [("in the wal",), ("pushed",)]


def test_adb_device_reports_infrastructure_errors(server: AdbServer, phone: SimDevice) -> None:
    with pytest.raises(DeviceError, match="not found"):
        AdbDevice("emulator-5598", port=server.port)
    with SimDevice("sim-master") as other:
        server.add(other)
        # no emulator-<port> serial and no console_port: no snapshots, a setup problem, not the device failing
        with pytest.raises(UnsupportedCapability, match="no emulator console"):
            AdbDevice("sim-master", port=server.port).snapshot_save("clean")
        server.remove("sim-master")
    lost = AdbDevice(phone.serial, port=server.port)
    server.close()  # the adb server goes away under the device
    with pytest.raises(DeviceError):
        lost.shell("echo gone")


def test_adb_device_opens_one_connection_per_request_and_closes_it(backend: AdbDevice, monkeypatch) -> None:
    """A shell request is one transport: the server's version is asked once per client, not before every
    transport adbutils opens by serial, and a closed connection says so (half-closed, then released)."""
    from pytest_mobileagent.device import adb as adb_module

    opened: list[adb_module.AdbConnection] = []
    make = adb_module.ServerClient.make_connection

    def counting(self, timeout=None):
        opened.append(make(self, timeout))
        return opened[-1]

    backend.shell("true")  # the first request also asks the server's version
    monkeypatch.setattr(adb_module.ServerClient, "make_connection", counting)
    for _ in range(5):
        assert backend.shell("echo hi").strip() == "hi"
    assert len(opened) == 5
    assert all(c.closed for c in opened)


def _node(xml: str, resource_id: str):
    return etree.fromstring(xml.encode()).find(f'.//node[@resource-id="{resource_id}"]')


def _bounds(xml: str, resource_id: str) -> tuple[int, int, int, int]:
    x1, y1, x2, y2 = (int(v) for v in _node(xml, resource_id).get("bounds")[1:-1].replace("][", ",").split(","))
    return x1, y1, x2, y2


def test_screenshot_bytes_decode_as_png(backend: AdbDevice) -> None:
    assert Image.open(io.BytesIO(backend.screenshot())).format == "PNG"


def test_a_suite_runs_unchanged_through_the_adb_backend(pytester: pytest.Pytester) -> None:
    """The plugin drives a simulated phone over adb + uiautomator2 exactly as it would an emulator."""
    pytester.makepyfile(tasks_wire='''
from hypothesis import strategies as st
from pytest_mobileagent.tasks.base import Task

class SearchDrawer(Task):
    template = "Open the app drawer and search for {query}."
    apps = ("launcher",)

    @classmethod
    def parameters(cls):
        return st.fixed_dictionaries({"query": st.sampled_from(["clock", "tasks"])})

    def setup(self, device):
        device.settings_put("system", "screen_off_timeout", "600000")

    def check(self, device, answer=None):
        return 1.0 if f'text="{self.params["query"]}"' in device.hierarchy() else 0.0

    def oracle(self, ui):
        yield ui.swipe(540, 1500, 540, 500)
        yield ui.type(self.params["query"], rid="search_container_all_apps")
        yield ui.complete()
''')
    with SimDevice() as phone, serve(phone, console_token=TOKEN, time_scale=50) as server:  # noop's waits: sleep
        spec = server.device_spec(phone.serial)
        oracle = pytester.runpytest_subprocess("tasks_wire.py", "--ma-device", spec, "--ma-instances", "2")
        oracle.assert_outcomes(passed=2)
        noop = pytester.runpytest_subprocess("tasks_wire.py", "--ma-device", spec, "--agent", "noop")
        noop.assert_outcomes(failed=1, errors=0)


# -- commands that run until stopped: a following logcat, background jobs, read, kill -------------------------


def test_a_following_logcat_sends_each_line_as_it_is_logged(adb: adbutils.AdbDevice) -> None:
    adb.shell("logcat --clear")
    with adb.shell("logcat -v time -s TAG", stream=True) as conn:
        lines = conn.conn.makefile("rb")
        adb.shell(["log", "-p", "i", "-t", "TAG", "hello"])  # on another connection, while logcat runs
        assert lines.readline() == b"--------- beginning of main\n"
        assert re.search(rb"I/TAG +\( *\d+\): hello\n$", lines.readline())
        adb.shell(["log", "-t", "TAG", "again"])
        assert lines.readline().endswith(b": again\n")
    assert adb.shell("echo next", timeout=10) == "next"  # leaving ended it


def test_logcat_m_ends_after_n_lines_over_the_wire(adb: adbutils.AdbDevice) -> None:
    adb.shell("logcat --clear")
    with adb.shell("logcat -v tag -m 2 -s TAG", stream=True) as conn:
        adb.shell("log -t TAG one; log -t TAG two; log -t TAG three")
        assert conn.read_until_close() == "--------- beginning of main\nI/TAG     : one\nI/TAG     : two\n"


def test_read_takes_one_line_of_a_stream_the_client_keeps_open(adb: adbutils.AdbDevice) -> None:
    with adb.shell("read A; echo got $A; read B; echo then $B", stream=True) as conn:
        conn.send(b"first\n")
        assert conn.read_exact(10) == b"got first\n"  # answered before the client sends more, or closes
        conn.send(b"second\n")
        assert conn.read_until_close() == "then second\n"


def test_screenrecord_records_in_the_background_until_interrupted(adb: adbutils.AdbDevice, tmp_path: Path) -> None:
    """adbutils' recorder: ``screenrecord "$1" & PID=$!; read ANY; kill -INT $PID; wait`` on a v1 stream."""
    adb.start_recording(str(tmp_path / "out.mp4"))
    rows = [line.split() for line in adb.shell("ps -A").splitlines()]
    assert [r[0] for r in rows if r[-1] == "screenrecord"] == ["shell"]
    time.sleep(1.0)
    adb.stop_recording()
    duration = mp4.duration((tmp_path / "out.mp4").read_bytes())
    assert duration is not None and duration >= 1.0
    assert "screenrecord" not in adb.shell("ps -A")


def test_a_recording_the_client_leaves_is_finished_by_its_hangup(adb: adbutils.AdbDevice) -> None:
    with adb.shell("screenrecord /sdcard/left.mp4", stream=True):
        time.sleep(0.3)
    assert adb.shell("echo next", timeout=10) == "next"
    assert mp4.duration(adb.sync.read_bytes("/sdcard/left.mp4")) is not None


def test_kill_stops_the_uiautomator2_server_that_ps_lists(adb: adbutils.AdbDevice) -> None:
    """uiautomator2's demo_tests ``test_uiautomator_keeper``: its ``app_process`` by ``ps -u shell``, ``kill``."""
    d = u2.connect(adb)
    assert d.jsonrpc.getClipboard() == ""
    rows = [line.split() for line in adb.shell("ps -u shell").splitlines()]
    pids = [r[1] for r in rows if r[-1] == "app_process"]
    assert len(pids) == 1
    assert adb.shell2(f"kill {pids[0]}").returncode == 0
    assert not d._check_alive()  # its stream closed with it, so /ping has nobody to answer
    assert "app_process" not in adb.shell("ps -u shell")
    assert "No such process" in adb.shell2(f"kill {pids[0]}").output


def test_a_command_waiting_for_its_input_leaves_the_phone_to_others(adb: adbutils.AdbDevice) -> None:
    with adb.shell("cat", stream=True) as conn:  # v1: the client never closes its input
        conn.send(b"typed\n")
        assert adb.shell("echo other", timeout=10) == "other"  # not blocked behind the waiting cat
