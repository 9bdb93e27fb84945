"""What a served phone logs on its own: Wi-Fi's periodic scan results, on WifiConnectivityManager's schedule.

adbutils' ``logcat(...).stop()`` waits for one more line after the stop, which an emulator, never silent, gives;
a phone served over the wire keeps logging as an idle Android 13 emulator does. In process nothing is invented.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest

from mobileagent_sim import SimDevice
from mobileagent_sim import logcat as logcat_mod
from mobileagent_sim.logcat import IdleChatter
from mobileagent_sim.testing import adb_device, serve

SCAN_TAGS = ("WifiNl80211Manager", "WifiNative")


def scans(d: SimDevice) -> list[tuple[dt.datetime, str]]:
    return [(e.time, e.tag) for e in d.system.logcat.entries if e.tag in SCAN_TAGS]


def scan_seconds(d: SimDevice, start: dt.datetime) -> list[float]:
    """When the scans were announced, in seconds from ``start`` (one per scan: its WifiNative line)."""
    return [(t - start).total_seconds() for t, tag in scans(d) if tag == "WifiNative"]


def run_for(d: SimDevice, chatter: IdleChatter, seconds: int, step: int = 5) -> None:
    """Let ``seconds`` of real time pass as a served phone's clock follows it, ``step`` at a time."""
    for _ in range(seconds // step):
        d.elapse(step)
        chatter.catch_up(d.system, step)


def test_connected_scans_follow_the_schedule_and_repeat_the_last_interval() -> None:
    with SimDevice() as d:
        start, chatter = d.now(), IdleChatter()
        chatter.catch_up(d.system, 0)  # first look: connected, nothing scanned yet, so at once
        run_for(d, chatter, 620)
        assert scan_seconds(d, start) == [0, 20, 60, 140, 300, 460, 620]
        assert [tag for _, tag in scans(d)][:2] == list(SCAN_TAGS)  # the binder callback, then WifiNative's


def test_the_lines_are_system_servers_debug_lines_in_the_main_buffer() -> None:
    with SimDevice() as d:
        IdleChatter().catch_up(d.system, 0)
        main = d.shell("logcat -d -b main -v threadtime -s WifiNative WifiNl80211Manager")
        assert re.search(r" 1000 +\d+ D WifiNl80211Manager: Scan result ready event\n", main)
        assert re.search(r" 1000 +\d+ D WifiNative: Scan result ready event\n", main)
        assert "Scan result" not in d.shell("logcat -d -b system")


def test_no_scans_while_wifi_is_off_and_reconnecting_starts_the_schedule_over() -> None:
    with SimDevice() as d:
        start, chatter = d.now(), IdleChatter()
        chatter.catch_up(d.system, 0)
        run_for(d, chatter, 100)  # scans at 0, 20, 60
        d.shell("svc wifi disable")
        run_for(d, chatter, 200)  # none
        d.shell("svc wifi enable")
        run_for(d, chatter, 30)  # reconnected at 300: at once, then 20 s on
        assert scan_seconds(d, start) == [0, 20, 60, 305, 325]


def test_reconnecting_soon_after_a_scan_waits_out_the_first_interval() -> None:
    with SimDevice() as d:
        start, chatter = d.now(), IdleChatter()
        chatter.catch_up(d.system, 0)
        d.shell("cmd connectivity airplane-mode enable")
        run_for(d, chatter, 5)
        d.shell("cmd connectivity airplane-mode disable")
        run_for(d, chatter, 30)
        assert scan_seconds(d, start) == [0, 20]  # the deferred scan: 20 s after the last, not at reconnection


def test_a_phone_used_in_process_logs_nothing_on_its_own() -> None:
    with SimDevice() as d:
        d.elapse(600)
        assert scans(d) == []


@pytest.fixture
def quick_schedule(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scans every fraction of a second, so that a test over the wire need not wait Android's 20 s."""
    monkeypatch.setattr(logcat_mod, "CONNECTED_SCAN_SCHEDULE_S", (0.2,))


def test_a_following_logcat_over_the_wire_gets_lines_nobody_logged(quick_schedule: None) -> None:
    with SimDevice() as d, serve(d) as server:
        adb = adb_device(server, d.serial)
        adb.shell("logcat --clear")
        with adb.shell("logcat -v time", stream=True) as conn:
            lines = conn.conn.makefile("rb")
            assert lines.readline() == b"--------- beginning of main\n"
            assert re.search(rb"D/WifiNl80211Manager\( *1000\): Scan result ready event\n$", lines.readline())
            assert re.search(rb"D/WifiNative\( *1000\): Scan result ready event\n$", lines.readline())
