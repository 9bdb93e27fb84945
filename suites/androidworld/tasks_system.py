"""AndroidWorld's System families: Wi-Fi, Bluetooth, brightness, and the clipboard.

Checks read the same ``settings`` keys AndroidWorld reads (``global wifi_on``,
``global bluetooth_on``, ``system screen_brightness``). The ``*Verify``
families start with the goal already true, as in AndroidWorld, and count only
when the agent declares completion (``requires_completion``), so an agent that
does nothing fails them.
"""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import GOAL_HOLDS, Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.walks import SLIDER, open_bluetooth, open_brightness, open_internet, slide
from pytest_mobileagent.validators.answers import text_matches

#: What AndroidWorld puts on the clipboard (its SystemCopyToClipboard values).
CLIPBOARD_TEXTS = ("1234 Elm St, Springfield, IL", "Acme Corp, Suite 200", "john.doe@example.com",
                   "Jane's Flower Shop", "Call me at 555-1234", "Order No: A123456", "Reservation under: Jane",
                   "Discount code: SAVE20", "Membership ID: XYZ789", "Invoice #98765", "Tracking #: 1Z204E2A",
                   "9876 Pine Ave, Riverside, CA", "Global Tech, Floor 3", "Promo code: DEAL30")


class _Toggle(Task):
    """The on/off families: a radio service, the Settings page with its switch, and the key it writes."""

    __abstract__ = True
    apps = ("settings",)
    complexity = 1
    service = ""  # as in `svc <service> enable|disable`
    key = ""  # the `settings global` key the check reads
    state = "on"  # the state the goal asks for
    start = "off"  # the state setup leaves

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, str]]:
        return st.just({"on_or_off": cls.state})

    def navigate(self, ui: UI) -> Iterator[Action]:
        raise NotImplementedError

    def setup(self, device: Device) -> None:
        device.shell(f"svc {self.service} {'enable' if self.start == 'on' else 'disable'}")

    def check(self, device: Device, answer: str | None = None) -> float:
        value = device.settings_get("global", self.key)
        is_on = value in ("1", "2") if self.key == "wifi_on" else value == "1"  # wifi_on is 2 in airplane mode
        return 1.0 if is_on == (self.state == "on") else 0.0

    def describe_state(self, device: Device) -> str:
        return f"settings global {self.key} = {device.settings_get('global', self.key)}"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.navigate(ui)
        if ui.element(rid="android:id/switch_widget")[1].checked != (self.state == "on"):
            yield ui.click(rid="android:id/switch_widget")
        yield ui.complete()


class _Wifi(_Toggle):
    __abstract__ = True
    template = "Turn wifi {on_or_off}."
    service, key = "wifi", "wifi_on"
    optimal_steps = 3

    def navigate(self, ui: UI) -> Iterator[Action]:
        return open_internet(ui)


class _Bluetooth(_Toggle):
    __abstract__ = True
    template = "Turn bluetooth {on_or_off}."
    service, key = "bluetooth", "bluetooth_on"
    optimal_steps = 2

    def navigate(self, ui: UI) -> Iterator[Action]:
        return open_bluetooth(ui)


class SystemWifiTurnOn(_Wifi):
    tags = ("screen_reading",)


class SystemWifiTurnOff(_Wifi):
    tags = ("screen_reading",)
    state, start = "off", "on"


class SystemWifiTurnOnVerify(_Wifi):
    tags = ("verification",)
    start = "on"
    requires_completion = True
    tolerates = GOAL_HOLDS


class SystemWifiTurnOffVerify(_Wifi):
    tags = ("verification",)
    state, start = "off", "off"
    requires_completion = True
    tolerates = GOAL_HOLDS


class SystemBluetoothTurnOn(_Bluetooth):
    tags = ("screen_reading",)


class SystemBluetoothTurnOff(_Bluetooth):
    state, start = "off", "on"


class SystemBluetoothTurnOnVerify(_Bluetooth):
    tags = ("verification",)
    start = "on"
    requires_completion = True
    tolerates = GOAL_HOLDS


class SystemBluetoothTurnOffVerify(_Bluetooth):
    tags = ("verification",)
    state, start = "off", "off"
    requires_completion = True
    tolerates = GOAL_HOLDS


class _Brightness(Task):
    __abstract__ = True
    template = "Turn brightness to the {max_or_min} value."
    apps = ("settings",)
    complexity = 1
    optimal_steps = 3
    target = "max"
    start = "min"

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, str]]:
        return st.just({"max_or_min": cls.target})

    def setup(self, device: Device) -> None:
        device.shell(f"settings put system screen_brightness {255 if self.start == 'max' else 1}")

    def check(self, device: Device, answer: str | None = None) -> float:
        level = device.settings_get("system", "screen_brightness")
        return 1.0 if level == ("255" if self.target == "max" else "1") else 0.0

    def describe_state(self, device: Device) -> str:
        return f"settings system screen_brightness = {device.settings_get('system', 'screen_brightness')}"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_brightness(ui)
        yield slide(ui, 1.0 if self.target == "max" else 0.0, rid=SLIDER)
        yield ui.complete()


class SystemBrightnessMax(_Brightness):
    pass


class SystemBrightnessMin(_Brightness):
    target, start = "min", "max"


class SystemBrightnessMaxVerify(_Brightness):
    tags = ("verification",)
    optimal_steps = 2
    start = "max"
    requires_completion = True
    tolerates = GOAL_HOLDS


class SystemBrightnessMinVerify(_Brightness):
    tags = ("verification",)
    target, start = "min", "min"
    requires_completion = True
    tolerates = GOAL_HOLDS


class SystemCopyToClipboard(Task):
    """Copy a text to the clipboard; the check fuzzy-matches it as AndroidWorld does."""

    template = "Copy the following text to the clipboard: {clipboard_content}"
    apps = ("system",)
    tags = ("data_entry", "parameterized")
    complexity = 1
    optimal_steps = 2

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, str]]:
        return st.fixed_dictionaries({"clipboard_content": st.sampled_from(CLIPBOARD_TEXTS)})

    def setup(self, device: Device) -> None:
        device.clipboard_set("~~~RESET~~~")

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if text_matches(device.clipboard_get(), self.params["clipboard_content"]) else 0.0

    def teardown(self, device: Device) -> None:
        device.clipboard_set("")

    def oracle(self, ui: UI) -> Iterator[Action]:
        # any text field will do: type the text in the launcher's search, select it, copy it
        yield ui.swipe(540, 1500, 540, 500)
        yield ui.type(self.params["clipboard_content"], rid="search_container_all_apps")
        yield ui.long_press(rid="search_container_all_apps")
        yield ui.click(text="Copy")
        yield ui.complete()
