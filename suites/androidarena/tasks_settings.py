"""AndroidArena's Settings tasks (``settings.yaml``), judged where Android keeps each setting.

Radios and switches are ``settings`` keys (``global bluetooth_on``, ``wifi_on``, ``airplane_mode_on``, ``secure
location_mode``), languages ``system system_locales``, the ringtone ``system ringtone``, the font size and screen
timeout ``system font_scale`` and ``screen_off_timeout``, the default browser RoleManager's ``roles.xml``
(:mod:`pytest_mobileagent.android.settings_app`), the wallpaper the picker's record of what it set. "Check ..."
tasks are about a page: the check is that the page is on screen at the end. Left out: "Change the default web
browser to firefox" (Firefox is not installed on the simulated phone of this suite yet;
:class:`SettingsDefaultBrowser` takes it once it is).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import chrome, firefox, settings_app, wallpaper
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.walks import open_bluetooth, open_internet, open_settings, slide
from pytest_mobileagent.validators import roles
from pytest_mobileagent.validators.shared_prefs import read_prefs, update_prefs
from suites.androidarena.common import ArenaTask

SWITCH = "android:id/switch_widget"
ENABLE = {"Enable": True, "Disable": False}
TURN = {"on": True, "off": False}


def setting(device: Device, namespace: str, key: str) -> str:
    return device.settings_get(namespace, key) or "0"


def on_page(device: Device, *texts: str) -> bool:
    """Settings is in front showing every one of ``texts``."""
    if device.current_activity()[0] != settings_app.PACKAGE:
        return False
    xml = device.hierarchy()
    return all(f'text="{t}"' in xml for t in texts)


class _Settings(ArenaTask):
    __abstract__ = True
    apps = ("settings",)


# -- switches ------------------------------------------------------------------------------------------------------


class _Switch(_Settings):
    """A switch the instruction names: setup leaves it the other way; the check reads its ``settings`` key."""

    __abstract__ = True
    #: The parameter naming the state, and its values (to on/off).
    word: dict[str, bool] = TURN
    namespace, key = "global", ""

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"state": st.sampled_from(sorted(cls.word))})

    def wanted(self) -> bool:
        return self.word[self.params["state"]]

    def seed(self, device: Device, on: bool) -> None:
        raise NotImplementedError

    def setup(self, device: Device) -> None:
        self.seed(device, not self.wanted())

    def is_on(self, device: Device) -> bool:
        return setting(device, self.namespace, self.key) != "0"

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if self.is_on(device) == self.wanted() else 0.0

    def describe_state(self, device: Device) -> str:
        return f"settings {self.namespace} {self.key} = {device.settings_get(self.namespace, self.key)}"


class SettingsBluetooth(_Switch):
    """``global bluetooth_on``."""

    template = "Turn {state} Bluetooth."
    published = ({"state": "off"}, {"state": "on"})
    key = "bluetooth_on"

    def seed(self, device: Device, on: bool) -> None:
        device.shell(f"svc bluetooth {'enable' if on else 'disable'}")

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_bluetooth(ui)
        yield ui.click(rid=SWITCH)
        yield ui.complete()


class SettingsWifi(_Switch):
    """``global wifi_on``."""

    template = "{state} Wi-Fi."
    published = ({"state": "Enable"}, {"state": "Disable"})
    word = ENABLE
    key = "wifi_on"

    def seed(self, device: Device, on: bool) -> None:
        device.shell(f"svc wifi {'enable' if on else 'disable'}")

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_internet(ui)
        yield ui.click(rid=SWITCH)
        yield ui.complete()


class SettingsAirplaneMode(_Switch):
    """``global airplane_mode_on``."""

    template = "{state} airplane mode on my Android device."
    published = ({"state": "Enable"}, {"state": "Disable"})
    word = ENABLE
    key = "airplane_mode_on"

    def seed(self, device: Device, on: bool) -> None:
        device.shell(f"cmd connectivity airplane-mode {'enable' if on else 'disable'}")

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_settings(ui)
        yield from ui.reach(text="Network & internet")
        yield ui.click(rid=SWITCH)
        yield ui.complete()


class SettingsLocation(_Switch):
    """``secure location_mode`` (0 off; 3, high accuracy, on)."""

    template = "{state} location services on my Android device."
    published = ({"state": "Disable"}, {"state": "Enable"})
    word = ENABLE
    namespace, key = "secure", "location_mode"

    def seed(self, device: Device, on: bool) -> None:
        device.shell(f"settings put secure location_mode {3 if on else 0}")

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_settings(ui)
        yield from ui.reach(text="Location", fling=True)
        yield ui.click(rid=SWITCH)
        yield ui.complete()


# -- pages ---------------------------------------------------------------------------------------------------------


class _Page(_Settings):
    """A page to show: Settings in front with the page's rows on screen at the end."""

    __abstract__ = True
    #: Texts only the page shows.
    marks: tuple[str, ...] = ()
    #: The rows to tap from the homepage.
    path: tuple[str, ...] = ()

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if on_page(device, *self.marks) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_settings(ui)
        for title in self.path:
            yield from ui.reach(text=title, fling=title == self.path[0])
        yield ui.complete()


class SettingsBatteryUsage(_Page):
    """The Battery page (its "Battery usage" and "Battery Saver" rows) is on screen."""

    template = "Check the battery usage."
    marks = ("Battery usage", "Battery Saver")
    path = ("Battery",)


class SettingsStorageUsage(_Page):
    """The Storage page (what uses the storage, "Free up space") is on screen."""

    template = "Check the storage usage of my Android device."
    marks = ("Images", "Free up space")
    path = ("Storage",)


class SettingsSystemUpdate(_Page):
    """The System update page, telling whether an update is available, is on screen."""

    template = "Check for system updates on my Android device."
    marks = ("Your system is up to date", "Check for update")
    path = ("System", "System update")


# -- values --------------------------------------------------------------------------------------------------------


class SettingsAddLanguage(_Settings):
    """The language's locale is in ``system system_locales`` (English stays first). Other languages may already be
    in the list."""

    template = "Add '{language}' language of my Android device."
    published = ({"language": "Aghem"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.sampled_from(cls.names()).flatmap(cls.around)

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        return cls.around(row["language"])

    @staticmethod
    def names() -> list[str]:
        return [n for n in settings_app.LANGUAGE_TAGS if n != "English"]

    @classmethod
    def around(cls, language: str) -> st.SearchStrategy[dict[str, Any]]:
        """A language's parameters: up to two other languages already in the list."""
        others = [n for n in cls.names() if n != language]
        return st.fixed_dictionaries({"language": st.just(language),
                                      "others": st.lists(st.sampled_from(others), max_size=2, unique=True)})

    def setup(self, device: Device) -> None:
        tags = [settings_app.DEFAULT_LOCALES, *(settings_app.LANGUAGE_TAGS[n] for n in self.params["others"])]
        device.settings_put("system", "system_locales", ",".join(tags))

    def check(self, device: Device, answer: str | None = None) -> float:
        tags = (device.settings_get("system", "system_locales") or "").split(",")
        ok = settings_app.LANGUAGE_TAGS[self.params["language"]] in tags and tags[0] == settings_app.DEFAULT_LOCALES
        return 1.0 if ok else 0.0

    def describe_state(self, device: Device) -> str:
        return f"system_locales={device.settings_get('system', 'system_locales')}"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_settings(ui)
        yield from ui.reach(text="System", fling=True)
        yield from ui.reach(text="Languages & input")
        yield from ui.reach(text="Languages")
        yield from ui.reach(text="Add a language")
        yield ui.tolerate(ui.type(self.params["language"], rid="search_src_text"),
                          "a prefix of the name lists the same language", "text:drop")
        yield ui.click(text=self.params["language"], rid="android:id/title")
        yield ui.complete()


class SettingsRingtone(_Settings):
    """``system ringtone`` is the named sound of the "Pixel Sounds" category (its URI's title); AndroidArena's
    "Pixel Sounds Copycat" is read as the category, then the sound."""

    template = 'Change the phone ringtone to "Pixel Sounds {sound}" on my Android device.'
    published = ({"sound": "Copycat"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        sounds = settings_app.RINGTONES["Pixel Sounds"]
        every = [s for group in settings_app.RINGTONES.values() for s in group]
        return st.sampled_from(sounds).flatmap(lambda s: st.fixed_dictionaries({
            "sound": st.just(s), "start": st.sampled_from([o for o in every if o != s])}))

    def setup(self, device: Device) -> None:
        device.settings_put("system", "ringtone", settings_app.ringtone_uri(self.params["start"]))

    def check(self, device: Device, answer: str | None = None) -> float:
        title = settings_app.ringtone_title(device.settings_get("system", "ringtone"))
        return 1.0 if title == self.params["sound"] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_settings(ui)
        yield from ui.reach(text="Sound & vibration")
        yield from ui.reach(text="Phone ringtone", fling=True)
        yield from ui.reach(text="Pixel Sounds")
        yield from ui.reach(text=self.params["sound"])
        yield ui.complete()


class SettingsBiggerFont(_Settings):
    """``system font_scale`` is larger than setup left it (any larger step counts)."""

    template = "Change the font size on my Android device and make the text bigger."

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"start": st.sampled_from(settings_app.FONT_SCALES[:-1])})

    def setup(self, device: Device) -> None:
        device.settings_put("system", "font_scale", self.params["start"])

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if float(setting(device, "system", "font_scale")) > float(self.params["start"]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_settings(ui)
        yield from ui.reach(text="Display")
        yield from ui.reach(text="Font size")
        yield slide(ui, 0.95, rid="seekbar")
        yield ui.complete()


class SettingsScreenTimeout(_Settings):
    """``system screen_off_timeout`` is the named duration (ms)."""

    template = "Change the screen timeout to '{label}' on my Android device."
    published = ({"label": "1 minute"}, {"label": "30 seconds"})

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        labels = [label for label, _ in settings_app.TIMEOUTS]
        return st.sampled_from(labels).flatmap(lambda label: st.fixed_dictionaries({
            "label": st.just(label), "start": st.sampled_from([o for o in labels if o != label])}))

    def setup(self, device: Device) -> None:
        device.settings_put("system", "screen_off_timeout", str(dict(settings_app.TIMEOUTS)[self.params["start"]]))

    def check(self, device: Device, answer: str | None = None) -> float:
        want = dict(settings_app.TIMEOUTS)[self.params["label"]]
        return 1.0 if setting(device, "system", "screen_off_timeout") == str(want) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_settings(ui)
        yield from ui.reach(text="Display")
        yield from ui.reach(text="Screen timeout")
        yield from ui.reach(text=self.params["label"])
        yield ui.complete()


class SettingsDefaultBrowser(_Settings):
    """RoleManager's browser role is held by the named browser (``roles.xml``); setup leaves no browser holding it.
    Both published rows (chrome, firefox) need both browsers installed, as AndroidArena's phone had them."""

    template = "Change the default web browser to {browser} on my Android device."
    published = ({"browser": "chrome"}, {"browser": "firefox"})
    packages = frozenset({chrome.PACKAGE, firefox.PACKAGE})
    BROWSERS: Mapping[str, tuple[str, str]] = {"chrome": (chrome.PACKAGE, "Chrome"),
                                               "firefox": (firefox.PACKAGE, "Firefox")}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"browser": st.sampled_from(sorted(cls.BROWSERS))})

    def setup(self, device: Device) -> None:
        roles.set_holders(device, roles.BROWSER, [])

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if roles.holders(device, roles.BROWSER) == [self.BROWSERS[self.params["browser"]][0]] else 0.0

    def describe_state(self, device: Device) -> str:
        return f"browser role holders: {roles.holders(device, roles.BROWSER)}"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_settings(ui)
        yield from ui.reach(text="Apps")
        yield from ui.reach(text="Default apps")
        yield from ui.reach(text="Browser app")
        yield ui.click(text=self.BROWSERS[self.params["browser"]][1])
        yield ui.complete()


class SettingsWallpaperFromCategory(_Settings):
    """The home screen's wallpaper is the category's first one: the wallpaper picker's record of what it set
    (``home_wallpaper_collection_id`` and ``..._remote_id`` in its ``wallpaper`` preferences). The categories are
    Google's server-side collections, which the simulator stands in for: judged on the simulator only.
    Setup leaves another wallpaper of another category set."""

    template = "Change the wallpaper to the {nth} photo in the '{category}' category."
    published = ({"nth": "first", "category": "Life"},)
    requires = frozenset({"sim_app_state"})
    ORDINALS = ("first", "second", "third")

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.sampled_from(cls.shown()).flatmap(lambda c: cls.around(c, st.sampled_from(cls.ORDINALS)))

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        return cls.around(row["category"], st.just(row["nth"]))

    @classmethod
    def shown(cls) -> list[str]:
        """The categories with a photo for every ordinal."""
        return [c for c, (_, titles) in wallpaper.CATEGORIES.items() if len(titles) >= len(cls.ORDINALS)]

    @classmethod
    def around(cls, category: str, nth: st.SearchStrategy[str]) -> st.SearchStrategy[dict[str, Any]]:
        """A category's parameters: the ordinal, and the other category whose wallpaper setup leaves set."""
        return st.fixed_dictionaries({"category": st.just(category), "nth": nth,
                                      "before": st.sampled_from([o for o in cls.shown() if o != category])})

    def index(self) -> int:
        return self.ORDINALS.index(self.params["nth"])

    def setup(self, device: Device) -> None:
        before = self.params["before"]
        update_prefs(device, wallpaper.PICKER_PREFS, dict(zip(wallpaper.HOME_KEYS, (
            wallpaper.CATEGORIES[before][0], wallpaper.remote_id(before, 0), wallpaper.CATEGORIES[before][1][0]))))

    def check(self, device: Device, answer: str | None = None) -> float:
        prefs = read_prefs(device, wallpaper.PICKER_PREFS)
        category = self.params["category"]
        home = (prefs.get(wallpaper.HOME_KEYS[0]), prefs.get(wallpaper.HOME_KEYS[1]))
        return 1.0 if home == (wallpaper.CATEGORIES[category][0], wallpaper.remote_id(category, self.index())) else 0.0

    def describe_state(self, device: Device) -> str:
        return f"wallpaper picker record: {read_prefs(device, wallpaper.PICKER_PREFS)}"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_settings(ui)
        yield from ui.reach(text="Wallpaper & style")
        yield ui.click(text="Change wallpaper")
        yield from ui.reach(text=self.params["category"])
        title = wallpaper.CATEGORIES[self.params["category"]][1][self.index()]
        yield from ui.scroll_to(desc=title)
        yield ui.click(desc=title)
        yield ui.click(text=wallpaper.SET_WALLPAPER)
        yield ui.click(text=wallpaper.HOME_SCREEN)
        yield ui.complete()
