"""Localized system strings: the catalog's choice of translations by locale, the simulator showing them, and the
B-MoCA oracles, written in English, finding their way on phones set to other languages."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import uiautomator2 as u2
from hypothesis import HealthCheck, given, settings

from mobileagent_sim import SimDevice
from mobileagent_sim.testing import adb_device, serve
from mobileagent_sim.views import Column, EditText, Text, translated
from pytest_mobileagent.agents.builtin import NoopAgent, OracleAgent
from pytest_mobileagent.android import deskclock, launcher, settings_app, strings
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.device.profile import DeviceProfile
from pytest_mobileagent.episode import EpisodeResult, new_result, play
from pytest_mobileagent.observe.elements import Observation
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from tests.suite_tasks import all_tasks

BMOCA = [t for t in all_tasks() if t.suite == "bmoca"]
LOCALES = ("ja-JP", "ar-EG", "de-DE")

# -- the catalog ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("tag", "qualifier"), [
    ("en-US", ""), ("ak-GH", ""), ("es-US", "es-rUS"), ("fr-CA", "fr-rCA"), ("zh-hans-CN", "zh-rCN"),
    ("hi-IN", "hi"), ("ja-JP", "ja"), ("ru-MD", "ru"), ("ar-AE", "ar"), ("ar-EG", "ar"), ("de-DE", "de"),
    ("pt-BR", "pt"), ("pt-PT", "pt-rPT"), ("ko-KR", "ko"), ("ur-PK", "ur"), ("de_DE", "de"), ("", ""),
])
def test_a_locale_reads_the_values_folder_android_would_pick(tag: str, qualifier: str) -> None:
    assert strings.resource_locale(tag) == qualifier


def test_translations_follow_the_resource_locale() -> None:
    settings = settings_app.PACKAGE
    assert strings.translate("Network & internet", settings, "de-DE") == "Netzwerk & Internet"
    assert strings.translate("Network & internet", settings, "ak-GH") == "Network & internet"
    assert strings.translate("Settings", settings, "pt-BR") == "Configurações"
    assert strings.translate("Settings", settings, "pt-PT") == "Definições"
    assert strings.translate("Settings", settings, "zh-hans-CN") == "设置"
    assert strings.translate("See all 31 apps", settings, "de-DE") == "Alle 31 Apps anzeigen"
    # an app the catalog does not cover keeps its English, and so do strings the catalog lacks
    assert strings.translate("Settings", "com.google.android.gm", "de-DE") == "Settings"
    assert strings.translate("Sound & vibration", settings, "de-DE") == "Sound & vibration"
    # each app has its own translations; the AOSP apps' labels show in every localized window
    assert strings.translate("Clock", deskclock.PACKAGE, "de-DE") == "Uhr"
    assert strings.translate("Clock", launcher.PACKAGE, "ja-JP") == "時計"


def test_every_entry_names_its_resource_and_translates_into_known_locales() -> None:
    for package, table in {**strings.CATALOG, "labels": strings.APP_LABELS}.items():
        for english, (resource, translations) in table.items():
            assert resource.isidentifier() and english, (package, english)
            assert set(translations) <= set(strings.RESOURCE_LOCALES), (package, english)


def test_the_oracle_ui_looks_for_english_as_the_element_shows_it() -> None:
    xml = (f'<hierarchy><node index="0" text="Netzwerk &amp; Internet" resource-id="" class="android.widget.TextView" '
           f'package="{settings_app.PACKAGE}" content-desc="" clickable="true" bounds="[0,0][10,10]"/></hierarchy>')
    obs = Observation(goal="", step=0, xml=xml, package=settings_app.PACKAGE, activity="")
    assert UI(obs, locale="de-DE").exists(text="Network & internet")
    assert not UI(obs).exists(text="Network & internet")


# -- the simulator ----------------------------------------------------------------------------------


@pytest.fixture
def german(phone: SimDevice) -> Iterator[SimDevice]:
    phone.snapshot_load("clean")
    phone.apply_profile(DeviceProfile(locale="de-DE"))
    yield phone
    phone.apply_profile(DeviceProfile(locale="en-US"))


def test_a_german_phone_shows_settings_and_the_launcher_in_german_over_uiautomator2(german: SimDevice) -> None:
    with serve(german) as server:
        ud = u2.connect(adb_device(server, german.serial))
        try:
            ud.press("home")
            assert ud(text="Einstellungen", packageName=launcher.PACKAGE).exists
            assert ud(description="Uhr").exists and not ud(text="Settings").exists
            ud.app_start(settings_app.PACKAGE)
            assert ud(text="Netzwerk & Internet").exists and not ud(text="Network & internet").exists
            ud(text="Netzwerk & Internet").click()
            assert german.current_activity()[1] == settings_app.SUB_SETTINGS
            assert ud(text="Netzwerk & Internet", resourceId="").exists or ud(text="Netzwerk & Internet").exists
        finally:
            ud.stop_uiautomator(wait=False)


def test_the_locale_invalidates_the_screen_and_english_comes_back_byte_identical(phone: SimDevice) -> None:
    phone.snapshot_load("clean")
    phone.start_app(settings_app.PACKAGE)
    english = phone.hierarchy()
    phone.apply_profile(DeviceProfile(locale="ja-JP"))
    japanese = phone.hierarchy()
    assert "ネットワークとインターネット" in japanese and "Network &amp; internet" not in japanese
    phone.system.locale = "de-DE"  # what a zygote restart with a new persist.sys.locale does
    assert "Netzwerk &amp; Internet" in phone.hierarchy()
    phone.apply_profile(DeviceProfile(locale="en-US"))
    assert phone.hierarchy() == english


def test_what_the_user_typed_is_not_translated_but_the_hint_is() -> None:
    translate = strings.translator(settings_app.PACKAGE, "de-DE")
    assert translate is not None and strings.translator(settings_app.PACKAGE, "en-US") is None
    typed = EditText("search", "Settings", lambda v: None, hint="Search settings")
    label = Text("Settings")
    screen = Column(typed, label)
    shown = translated(screen, translate)
    assert (shown.children[0].text, shown.children[0].hint) == ("Settings", "Einstellungen durchsuchen")
    assert shown.children[1].text == "Einstellungen" and shown.children[0].on_text is typed.on_text
    assert translated(Column(Text("Gmail")), translate).children[0].text == "Gmail"
    unchanged = Column(Text("Gmail"))
    assert translated(unchanged, translate) is unchanged


# -- the B-MoCA oracles in other languages ----------------------------------------------------------


@pytest.fixture(scope="module")
def device() -> Iterator[SimDevice]:
    d = SimDevice(serial="sim-l10n")
    d.snapshot_save("clean")
    yield d
    d.close()


def episode(device: SimDevice, task: Task, agent: Any, locale: str) -> EpisodeResult:
    def reset(d: Any) -> None:
        d.snapshot_load("clean")
        d.apply_profile(DeviceProfile(locale=locale))
        d.set_time(DEFAULT_TIME)

    def result() -> EpisodeResult:
        r = new_result(task, type(agent).__name__)
        r.device_config = {"locale": locale}
        return r

    return play(device, task, agent, reset=reset, make_result=result)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("task_cls", BMOCA, ids=[t.name for t in BMOCA])
def test_bmoca_oracles_succeed_and_noop_fails_in_other_languages(task_cls: type[Task], locale: str,
                                                                 device: SimDevice) -> None:
    @settings(max_examples=1, deadline=None, database=None, derandomize=True, print_blob=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(task_cls.parameters())
    def prove(params: dict[str, Any]) -> None:
        oracle = episode(device, task_cls(params), OracleAgent(), locale)
        assert oracle.success == 1.0, (f"oracle failed in {locale} on {params}: steps={oracle.actions} "
                                       f"error={oracle.agent_error} saw={oracle.validator_state}")
        noop = episode(device, task_cls(params), NoopAgent(), locale)
        assert noop.success == 0.0, f"a do-nothing agent succeeded in {locale} on {params}"

    prove()
