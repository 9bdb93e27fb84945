"""B-MoCA's Settings tasks (its paper's task table), judged on device state.

B-MoCA judged these by logcat regexes; here the checks read the settings the
regexes stood for, and the pages an agent must reach are checked on screen or
by the foreground activity. Step budgets are B-MoCA's (``complexity`` =
step limit / 10).
"""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import audio, settings_app
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.walks import SLIDER, open_brightness, open_internet, open_settings, slide
from pytest_mobileagent.validators.state import shown

VOLUME_KEYS = {"media": "volume_music", "call": "volume_voice", "ring": "volume_ring", "alarm": "volume_alarm"}
VOLUME_TITLES = {"media": "Media volume", "call": "Call volume", "ring": "Ring & notification volume",
                 "alarm": "Alarm volume"}


class _Setting(Task):
    __abstract__ = True
    apps = ("settings",)
    difficulty = "easy"

    def value(self, device: Device, namespace: str, key: str) -> str:
        return device.settings_get(namespace, key) or "0"


class AirplaneMode(_Setting):
    """"turn on/off airplane mode": ``global airplane_mode_on``."""

    template = "turn {state} airplane mode"
    complexity = 0.5
    published = ({"state": "on"}, {"state": "off"})

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, str]]:
        return st.fixed_dictionaries({"state": st.sampled_from(["on", "off"])})

    def setup(self, device: Device) -> None:
        device.shell(f"cmd connectivity airplane-mode {'disable' if self.params['state'] == 'on' else 'enable'}")

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if self.value(device, "global", "airplane_mode_on") == ("1" if self.params["state"] == "on"
                                                                          else "0") else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_settings(ui)
        yield from ui.reach(text="Network & internet")
        yield ui.click(rid="android:id/switch_widget")
        yield ui.complete()


class WifiToggle(_Setting):
    """"turn on/off wifi": ``global wifi_on``."""

    template = "turn {state} wifi"
    complexity = 0.5
    published = ({"state": "on"}, {"state": "off"})

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, str]]:
        return st.fixed_dictionaries({"state": st.sampled_from(["on", "off"])})

    def setup(self, device: Device) -> None:
        device.shell(f"svc wifi {'disable' if self.params['state'] == 'on' else 'enable'}")

    def check(self, device: Device, answer: str | None = None) -> float:
        on = self.value(device, "global", "wifi_on") in ("1", "2")
        return 1.0 if on == (self.params["state"] == "on") else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_internet(ui)
        yield ui.click(rid="android:id/switch_widget")
        yield ui.complete()


class IncreaseVolume(_Setting):
    """"increase media/call/ring/alarm volume in setting": the stream's level rose above where it started.

    Set and read through AudioService (``cmd media_session volume``), as B-MoCA reads volumes: AudioService
    keeps levels per output device and reads no ``settings put``."""

    template = "increase {stream} volume in setting"
    complexity = 0.6
    published = ({"stream": "media"}, {"stream": "call"}, {"stream": "ring"}, {"stream": "alarm"})

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, object]]:
        return st.sampled_from(sorted(VOLUME_KEYS)).flatmap(lambda s: st.fixed_dictionaries({
            "stream": st.just(s),
            "start": st.integers(audio.STREAM_MIN[VOLUME_KEYS[s]], int(audio.STREAM_MAX[VOLUME_KEYS[s]] * 0.7))}))

    def setup(self, device: Device) -> None:
        device.shell(audio.set_command(VOLUME_KEYS[self.params["stream"]], self.params["start"]))

    def check(self, device: Device, answer: str | None = None) -> float:
        level = audio.parse_volume(device.shell(audio.get_command(VOLUME_KEYS[self.params["stream"]])))
        return 1.0 if level > int(self.params["start"]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_settings(ui)
        yield from ui.reach(text="Sound & vibration")
        yield slide(ui, 0.95, desc=VOLUME_TITLES[self.params["stream"]])
        yield ui.complete()


class DecreaseBrightness(_Setting):
    """"decrease screen brightness in setting": ``system screen_brightness`` fell."""

    template = "decrease screen brightness in setting"
    complexity = 0.6

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, int]]:
        return st.fixed_dictionaries({"start": st.integers(60, 255)})

    def setup(self, device: Device) -> None:
        device.shell(f"settings put system screen_brightness {self.params['start']}")

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if int(self.value(device, "system", "screen_brightness")) < self.params["start"] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_brightness(ui)
        yield slide(ui, 0.1, rid=SLIDER)
        yield ui.complete()


class _Flip(_Setting):
    """A switch the task asks to toggle: the setting differs from where setup left it."""

    __abstract__ = True
    complexity = 0.6
    namespace, key, on_value, off_value, page, row = "", "", "1", "0", "", ""

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, bool]]:
        return st.fixed_dictionaries({"start_on": st.booleans()})

    def setup(self, device: Device) -> None:
        device.shell(f"settings put {self.namespace} {self.key} "
                     f"{self.on_value if self.params['start_on'] else self.off_value}")

    def check(self, device: Device, answer: str | None = None) -> float:
        now_on = self.value(device, self.namespace, self.key) == self.on_value
        return 1.0 if now_on != self.params["start_on"] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_settings(ui)
        yield from ui.reach(text=self.page)
        yield from ui.reach(text=self.row, fling=True)  # six steps: at 700 dpi slow scrolls leave none to spare
        yield ui.complete()


class ToggleDarkTheme(_Flip):
    """"toggle dark theme in setting": UiModeManager's night mode, set and read with ``cmd uimode night``
    (``settings put secure ui_night_mode`` alone does not switch a running system's UI mode)."""

    template = "toggle dark theme in setting"
    page, row = "Display", "Dark theme"

    def setup(self, device: Device) -> None:
        device.shell(f"cmd uimode night {'yes' if self.params['start_on'] else 'no'}")

    def check(self, device: Device, answer: str | None = None) -> float:
        now_on = device.shell("cmd uimode night").strip() == "Night mode: yes"
        return 1.0 if now_on != self.params["start_on"] else 0.0


class ToggleVibrateForCalls(_Flip):
    """"toggle vibrate for calls in setting": ``system vibrate_when_ringing``."""

    template = "toggle vibrate for calls in setting"
    namespace, key, page, row = "system", "vibrate_when_ringing", "Sound & vibration", "Vibrate for calls"


class _GoTo(_Setting):
    """Reach a page: the page itself is the goal, so the check reads the screen (its title)."""

    __abstract__ = True
    title = ""

    def check(self, device: Device, answer: str | None = None) -> float:
        package, _ = device.current_activity()
        title = shown(device, settings_app.PACKAGE, self.title)[self.title]
        on_page = f'text="{title}"' in device.hierarchy()
        return 1.0 if package == settings_app.PACKAGE and on_page else 0.0


class GoToAppInfoList(_GoTo):
    template = "go to app info list in setting"
    complexity = 0.6
    title = "All apps"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_settings(ui)
        yield from ui.reach(text="Apps")
        yield from ui.reach(match=ui.pattern("See all {} apps"))
        yield ui.complete()


class GoToBluetoothSetting(_GoTo):
    template = "go to bluetooth setting"
    complexity = 0.6
    title = "Use Bluetooth"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_settings(ui)
        yield from ui.reach(text="Connected devices")
        yield from ui.reach(text="Connection preferences")
        yield from ui.reach(text="Bluetooth")
        yield ui.complete()


class GoToAddLanguagePage(_Setting):
    """"go to 'add a language' page in setting": the locale picker is the activity in front."""

    template = "go to \u2018add a language\u2019 page in setting"
    complexity = 0.7

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if "LocalePicker" in device.current_activity()[1] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_settings(ui)
        yield from ui.reach(text="System", fling=True)  # the last row: 550 dpi leaves no step for slow scrolls
        yield from ui.reach(text="Languages & input")
        yield from ui.reach(text="Languages")
        yield from ui.reach(text="Add a language")
        yield ui.complete()
