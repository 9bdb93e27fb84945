"""The simulated Firefox: the simulated web, visits in places.sqlite (typed or followed), its own pages."""

from __future__ import annotations

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import firefox
from pytest_mobileagent.android.websites import HOME_PAGES, fetch
from pytest_mobileagent.validators.firefox import VISITED, page_shown, seed_places, visits
from tests.screen import elements, find, tap


def type_in(d: SimDevice, rid: str, text: str) -> None:
    tap(d, rid=rid)
    d.input_text(text)
    d.press("enter")


def test_every_home_page_is_served() -> None:
    assert all(fetch(url) is not None for url in HOME_PAGES)
    assert fetch("https://example.invalid/") is None


def test_typed_search_and_followed_form_are_told_apart(d: SimDevice) -> None:
    seed_places(d)
    d.start_app(firefox.PACKAGE)
    type_in(d, firefox.HOME_TOOLBAR, "large language model")
    tap(d, text="Large language model")
    type_in(d, "searchInput", "ChatGPT")
    new = visits(d, firefox.places_time(VISITED[-1][2]))
    assert new == [("https://www.google.com/search?q=large+language+model", firefox.VISIT_TYPED),
                   ("https://en.wikipedia.org/wiki/Large_language_model", firefox.VISIT_LINK),
                   ("https://en.wikipedia.org/wiki/ChatGPT", firefox.VISIT_LINK)]


def test_unknown_site_and_back(d: SimDevice) -> None:
    d.start_app(firefox.PACKAGE)
    type_in(d, firefox.HOME_TOOLBAR, "example.invalid")
    assert any("trouble finding that site" in e.text for e in elements(d))
    d.press("back")
    assert find(d, text="Wikipedia", rid="top_site_title")


def test_bookmarks_and_history_pages(d: SimDevice) -> None:
    seed_places(d)
    d.start_app(firefox.PACKAGE)
    assert not page_shown(d, "Bookmarks", "bookmark_list")
    tap(d, desc="Menu")
    tap(d, text="Bookmarks")
    assert page_shown(d, "Bookmarks", "bookmark_list")
    assert find(d, text="Firefox - Wikipedia")
    d.press("back")
    tap(d, desc="Menu")
    tap(d, text="History")
    assert page_shown(d, "History", "history_list")
    assert find(d, text=VISITED[-1][1])
