"""Gmail, Maps, YouTube, the Google app and Chrome's History: screens, state and the log lines B-MoCA reads."""

from __future__ import annotations

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import chrome, gmail, google_app, maps, youtube
from pytest_mobileagent.catalog import resolve_app
from pytest_mobileagent.validators.chrome import history_urls
from pytest_mobileagent.validators.state import logcat_matches
from tests.screen import elements, find, tap


@pytest.fixture
def d(phone: SimDevice) -> SimDevice:
    """The module's phone in its clean state, logcat read from here on."""
    phone.snapshot_load("clean")
    phone.shell("logcat -c")
    return phone


def open_app(d: SimDevice, name: str) -> None:
    d.start_app(*resolve_app(name))


@pytest.mark.parametrize(("name", "package", "activity"), [
    ("Gmail", gmail.PACKAGE, gmail.MAIN_ACTIVITY), ("map", maps.PACKAGE, maps.MAIN_ACTIVITY),
    ("YouTube", youtube.PACKAGE, youtube.MAIN_ACTIVITY), ("Google", google_app.PACKAGE, google_app.MAIN_ACTIVITY)])
def test_apps_open_by_name_with_the_real_components(d: SimDevice, name: str, package: str, activity: str) -> None:
    open_app(d, name)
    assert d.current_activity() == (package, activity)
    assert logcat_matches(d, rf"^(.*?)START(.*?){package}", tag="ActivityTaskManager")


def test_gmail_lists_the_inbox_opens_a_mail_and_searches(d: SimDevice) -> None:
    open_app(d, "Gmail")
    assert [e.text for e in elements(d) if e.resource_name == "subject"][:2] == [m.subject for m in gmail.INBOX[:2]]
    tap(d, text=gmail.INBOX[1].subject)
    assert find(d, rid="message_body").text == gmail.INBOX[1].snippet
    d.press("back")
    tap(d, rid="open_search")
    d.input_text("photos")
    assert [e.text for e in elements(d) if e.resource_name == "subject"] == ["Trip photos"]
    assert logcat_matches(d, r"LatinIme.onActivate(.*?)com.google.android.gm", tag="AndroidIME")
    d.press("back")
    d.press("back")
    tap(d, text="Compose")
    assert d.current_activity()[1] == gmail.COMPOSE_ACTIVITY


def test_maps_searches_the_seeded_places(d: SimDevice) -> None:
    open_app(d, "Maps")
    tap(d, desc=maps.SEARCH_HINT)
    assert logcat_matches(d, r"^(.*?)LatinIme.onActivate(.*?)apps.map", tag="AndroidIME")
    d.input_text("coffee")
    d.press("enter")
    titles = [e.text for e in elements(d) if e.resource_name == "title"]
    assert titles == ["Blue Bottle Coffee", "Philz Coffee"]
    tap(d, text="Philz Coffee")
    assert find(d, text="201 Berry St, San Francisco").class_name == "android.widget.TextView"


def test_youtube_search_and_both_ways_to_the_pairing_page(d: SimDevice) -> None:
    open_app(d, "YouTube")
    assert find(d, rid="title").text == youtube.FEED[0].title
    tap(d, desc="Search")
    assert logcat_matches(d, r"^(.*?)LatinIme.onActivate(.*?)android.youtube", tag="AndroidIME")
    d.input_text("yoga")
    d.press("enter")
    assert [e.text for e in elements(d) if e.resource_name == "title"] == ["Morning yoga for beginners"]
    d.press("back")
    tap(d, desc="Cast. Disconnected")
    tap(d, text="Link with TV code")
    assert d.current_activity()[1] == youtube.PAIR_WITH_TV_ACTIVITY
    d.press("back")  # the keyboard
    d.press("back")
    tap(d, desc="Account")
    tap(d, text="Settings")
    assert d.current_activity()[1] == youtube.SETTINGS_ACTIVITY
    tap(d, text="Watch on TV")
    assert d.current_activity()[1] == youtube.PAIR_WITH_TV_ACTIVITY
    assert logcat_matches(d, r"^(.*?)START(.*?)youtube.mdx.smartpairing.PairWithTvActivity",
                          tag="ActivityTaskManager")


def test_google_app_search_bar_opens_the_search_page_with_the_keyboard(d: SimDevice) -> None:
    open_app(d, "Google")
    assert not logcat_matches(d, "LatinIme", tag="AndroidIME")
    tap(d, rid="googleapp_hint_text")
    assert find(d, rid="googleapp_search_box").focused
    assert logcat_matches(d, r"^(.*?)LatinIme.onActivate(.*?)android.googlequicksearchbox", tag="AndroidIME")


def test_chrome_url_bar_loads_records_history_that_the_history_page_lists_and_removes(d: SimDevice) -> None:
    open_app(d, "Chrome")
    tap(d, rid="url_bar")
    assert logcat_matches(d, r"^(.*?)LatinIme.onActivate(.*?)android.chrome", tag="AndroidIME")
    d.input_text("example.com")
    d.press("enter")
    tap(d, rid="url_bar")
    d.input_text("/a")
    d.press("enter")
    assert history_urls(d) == ["https://example.com/a", "https://example.com"]
    tap(d, desc="Customize and control Google Chrome")
    tap(d, text="History")
    assert d.current_activity() == (chrome.PACKAGE, chrome.HISTORY_ACTIVITY)
    assert [e.text for e in elements(d) if e.resource_name == "title"] == history_urls(d)
    tap(d, desc="Remove")
    assert history_urls(d) == ["https://example.com"]
    tap(d, text="https://example.com")
    assert d.current_activity()[1] == chrome.MAIN_ACTIVITY
    assert find(d, rid="url_bar").text == "https://example.com"
