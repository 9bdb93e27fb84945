"""Device control (Mobile-Bench's ``mobileControl`` domain) on the simulated Settings: wifi, bluetooth, airplane
mode, do not disturb, screen brightness and volume, judged on the ``settings`` keys and AudioService levels the
switches write.

Mobile-Bench's phones did these through the MIUI voice assistant's cards (``com.miui.voiceassist:id/sbtn_switch``);
here the agent does them in Settings, so the CheckPoints name Settings' package, activity and resource ids.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import audio, settings_app, zen_mode
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.walks import SLIDER, open_bluetooth, open_brightness, open_internet, open_settings, slide
from suites.mobilebench.common import MobileBenchTask, with_lang

SWITCH = "android:id/switch_widget"
ON_OFF = st.sampled_from(["on", "off"])


class _Device(MobileBenchTask):
    __abstract__ = True
    apps = ("settings",)
    tags = ("sast", "mobileControl")
    packages = frozenset({settings_app.PACKAGE})


class _Radio(_Device):
    """A switch the query names: setup leaves it the other way, the check reads its ``settings global`` key."""

    __abstract__ = True
    complexity = 0.8
    key = ""  # the ``settings global`` key
    command = ""  # how setup sets it: ``svc wifi {}`` with ``enable``/``disable``

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return with_lang({"state": ON_OFF})

    def setup(self, device: Device) -> None:
        device.shell(self.command.format("disable" if self.params["state"] == "on" else "enable"))

    def is_on(self, device: Device) -> bool:
        return (device.settings_get("global", self.key) or "0") != "0"

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if self.is_on(device) == (self.params["state"] == "on") else 0.0

    def describe_state(self, device: Device) -> str:
        return f"settings global {self.key} = {device.settings_get('global', self.key)}"

    def navigate(self, ui: UI) -> Iterator[Action]:
        raise NotImplementedError

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.navigate(ui)
        yield ui.click(rid=SWITCH)
        yield ui.complete()


class MobileBenchWifi(_Radio):
    """Mobile-Bench 218 "打开WIFI": ``global wifi_on``."""

    template = "turn {state} wifi"
    template_zh = "{state}WIFI"
    optimal_steps = 4
    published = ({"lang": "zh", "state": "on"},)
    key, command = "wifi_on", "svc wifi {}"
    check_point = {"package": settings_app.PACKAGE, "activity": settings_app.SUB_SETTINGS,
                   "resource-id": "switch_widget", "text": ["Network & internet", "Internet"]}

    def navigate(self, ui: UI) -> Iterator[Action]:
        return open_internet(ui)


class MobileBenchBluetooth(_Radio):
    """Mobile-Bench 213 "打开蓝牙" and 214 "关闭蓝牙": ``global bluetooth_on``."""

    template = "turn {state} bluetooth"
    template_zh = "{state}蓝牙"
    optimal_steps = 5
    published = ({"lang": "zh", "state": "on"}, {"lang": "zh", "state": "off"})
    key, command = "bluetooth_on", "svc bluetooth {}"
    check_point = {"package": settings_app.PACKAGE, "activity": settings_app.SUB_SETTINGS,
                   "resource-id": "switch_widget", "text": ["Connected devices", "Bluetooth"]}

    def navigate(self, ui: UI) -> Iterator[Action]:
        return open_bluetooth(ui)


class MobileBenchAirplaneMode(_Radio):
    """Mobile-Bench 219 "关闭飞行模式": ``global airplane_mode_on``."""

    template = "turn {state} airplane mode"
    template_zh = "{state}飞行模式"
    optimal_steps = 3
    published = ({"lang": "zh", "state": "off"},)
    key, command = "airplane_mode_on", "cmd connectivity airplane-mode {}"
    check_point = {"package": settings_app.PACKAGE, "activity": settings_app.SUB_SETTINGS,
                   "resource-id": "switch_widget", "text": "Network & internet"}

    def navigate(self, ui: UI) -> Iterator[Action]:
        yield from open_settings(ui)
        yield from ui.reach(text="Network & internet")


class MobileBenchDoNotDisturb(_Radio):
    """Mobile-Bench 224 "打开勿扰模式" and 225 "关闭勿扰模式": ``global zen_mode`` (on: any mode but off), which
    NotificationManagerService keeps (a ``settings put`` of the key is undone, see ``android/zen_mode.py``); the
    agent uses Settings > Sound & vibration > Do Not Disturb's "Turn on now" / "Turn off now"."""

    template = "turn {state} do not disturb"
    template_zh = "{state}勿扰模式"
    optimal_steps = 5
    published = ({"lang": "zh", "state": "on"}, {"lang": "zh", "state": "off"})
    key = zen_mode.KEY
    check_point = {"package": settings_app.PACKAGE, "activity": settings_app.SUB_SETTINGS,
                   "resource-id": ["|", zen_mode.TURN_ON_ID, zen_mode.TURN_OFF_ID],
                   "text": ["Sound & vibration", "Do Not Disturb"]}

    def setup(self, device: Device) -> None:
        device.shell(zen_mode.set_dnd_command("off" if self.params["state"] == "on" else "priority"))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_settings(ui)
        yield from ui.reach(text="Sound & vibration")
        yield from ui.reach(text="Do Not Disturb")
        yield from ui.reach(rid=zen_mode.TURN_ON_ID if self.params["state"] == "on" else zen_mode.TURN_OFF_ID)
        yield ui.complete()


class MobileBenchDimScreen(_Device):
    """Mobile-Bench 211 "屏幕暗一点" (and its brighter twin): ``system screen_brightness`` moved that way."""

    template = "make the screen a bit {direction}"
    template_zh = "屏幕{direction}一点"
    complexity = 0.8
    optimal_steps = 4
    published = ({"lang": "zh", "direction": "darker"},)
    check_point = {"package": settings_app.PACKAGE, "activity": settings_app.SUB_SETTINGS,
                   "text": ["Display", "Brightness level"]}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.sampled_from(["darker", "brighter"]).flatmap(lambda d: with_lang({
            "direction": st.just(d), "start": st.integers(60, 200)}))

    @property
    def goal(self) -> str:
        if self.params["lang"] == "zh":
            return self.template_zh.format(direction="暗" if self.params["direction"] == "darker" else "亮")
        return super().goal

    def setup(self, device: Device) -> None:
        device.shell("settings put system screen_brightness_mode 0")
        device.shell(f"settings put system screen_brightness {self.params['start']}")

    def check(self, device: Device, answer: str | None = None) -> float:
        level = int(device.settings_get("system", "screen_brightness") or "0")
        darker = level < self.params["start"]
        return 1.0 if level != self.params["start"] and darker == (self.params["direction"] == "darker") else 0.0

    def describe_state(self, device: Device) -> str:
        return f"settings system screen_brightness = {device.settings_get('system', 'screen_brightness')}"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_brightness(ui)
        yield slide(ui, 0.1 if self.params["direction"] == "darker" else 0.95, rid=SLIDER)
        yield ui.complete()


class MobileBenchVolumeToZero(_Device):
    """Mobile-Bench 212 "音量调到零": the media volume (``STREAM_MUSIC``) at 0, read through AudioService."""

    template = "turn the {stream} volume down to zero"
    template_zh = "{stream}音量调到零"
    complexity = 0.8
    optimal_steps = 3
    published = ({"lang": "zh", "stream": "media"},)
    #: stream -> (AudioService stream, the slider's title, the Chinese word before 音量)
    streams = {"media": ("volume_music", "Media volume", ""),
               "ring": ("volume_ring", "Ring & notification volume", "铃声")}
    check_point = {"package": settings_app.PACKAGE, "activity": settings_app.SUB_SETTINGS,
                   "text": "Sound & vibration"}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return with_lang({"stream": st.sampled_from(sorted(cls.streams)), "start": st.integers(2, 6)})

    @property
    def goal(self) -> str:
        if self.params["lang"] == "zh":
            return self.template_zh.format(stream=self.streams[self.params["stream"]][2])
        return super().goal

    def level(self, device: Device) -> int:
        return audio.parse_volume(device.shell(audio.get_command(self.streams[self.params["stream"]][0])))

    def setup(self, device: Device) -> None:
        device.shell(audio.set_command(self.streams[self.params["stream"]][0], self.params["start"]))

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if self.level(device) == audio.STREAM_MIN[self.streams[self.params["stream"]][0]] else 0.0

    def describe_state(self, device: Device) -> str:
        return f"{self.params['stream']} volume = {self.level(device)}"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_settings(ui)
        yield from ui.reach(text="Sound & vibration")
        yield slide(ui, 0.0, desc=self.streams[self.params["stream"]][1])
        yield ui.complete()
