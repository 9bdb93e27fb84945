"""B-MoCA's tasks on Google's apps: Chrome, Gmail, Maps, YouTube and the Google app.

Rows of B-MoCA's task table (step limit, instruction, logcat filter, success regex): "open the chrome /
gmail / map / youtube app", "activate the search bar in chrome / map / youtube / google", "go to search
history in chrome" and "go to smart pairing page in youtube". "Open the ... app" is about what is on
screen: the check reads the foreground package. The others are about reaching a page or raising the
keyboard, which leaves no state but logcat: the checks apply B-MoCA's own regexes to the lines the
simulated system prints as a real phone does (``ActivityTaskManager: START u0 {... cmp=...}`` and Gboard's
``AndroidIME: LatinIme.onActivate() ... packageName=...``). Setup goes home, stops the app and starts
logcat afresh, as AndroidEnv's reset does; Chrome's history is seeded and must come through untouched.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import ClassVar

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import chrome, gmail, google_app, maps, youtube
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators.chrome import history_urls, seed_history
from suites.bmoca.app_tasks import AppTask, OpenAppTask

#: Pages a user of the device visited before the task (newest first once seeded).
VISITED = (
    ("https://www.wikipedia.org/", "Wikipedia", dt.datetime(2023, 10, 15, 9, 12)),
    ("https://news.google.com/", "Google News", dt.datetime(2023, 10, 14, 18, 40)),
    ("https://www.python.org/", "Welcome to Python.org", dt.datetime(2023, 10, 14, 8, 5)),
)


class ChromeOpenApp(OpenAppTask):
    template = "open the chrome app"
    apps = ("chrome",)
    package = chrome.PACKAGE
    app_name = "Chrome"


class GmailOpenApp(OpenAppTask):
    template = "open the gmail app"
    apps = ("gmail",)
    package = gmail.PACKAGE
    app_name = "Gmail"


class MapsOpenApp(OpenAppTask):
    template = "open the map app"
    apps = ("maps",)
    package = maps.PACKAGE
    app_name = "Maps"


class YouTubeOpenApp(OpenAppTask):
    template = "open the youtube app"
    apps = ("youtube",)
    package = youtube.PACKAGE
    app_name = "YouTube"


class _ActivateSearchBar(AppTask):
    """Tap the app's search bar so the keyboard comes up for it (Gboard logs ``LatinIme.onActivate``)."""

    __abstract__ = True
    complexity = 0.5
    optimal_steps = 2
    tag = "AndroidIME"
    app_name: ClassVar[str] = ""
    #: The oracle's selector of the search bar.
    bar: ClassVar[dict[str, str]] = {}

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app(self.app_name)
        yield ui.click(**self.bar)
        yield ui.complete()


class ChromeActivateSearchBar(_ActivateSearchBar):
    template = "activate the search bar in chrome"
    apps = ("chrome",)
    package = chrome.PACKAGE
    app_name = "Chrome"
    regex = r"^(.*?)LatinIme.onActivate(.*?)android.chrome"
    bar = {"rid": "url_bar"}


class MapsActivateSearchBar(_ActivateSearchBar):
    template = "activate the search bar in map"
    apps = ("maps",)
    package = maps.PACKAGE
    app_name = "Maps"
    regex = r"^(.*?)LatinIme.onActivate(.*?)apps.map"
    bar = {"desc": maps.SEARCH_HINT}


class YouTubeActivateSearchBar(_ActivateSearchBar):
    template = "activate the search bar in youtube"
    apps = ("youtube",)
    package = youtube.PACKAGE
    app_name = "YouTube"
    regex = r"^(.*?)LatinIme.onActivate(.*?)android.youtube"
    bar = {"desc": "Search"}


class GoogleActivateSearchBar(_ActivateSearchBar):
    template = "activate the search bar in google"
    apps = ("google",)
    package = google_app.PACKAGE
    app_name = "Google"
    regex = r"^(.*?)LatinIme.onActivate(.*?)android.googlequicksearchbox"
    bar = {"rid": "googleapp_hint_text"}


class ChromeGoToHistory(AppTask):
    """Open History from Chrome's menu; the seeded history must stay as it was."""

    template = "go to search history in chrome"
    apps = ("chrome",)
    package = chrome.PACKAGE
    complexity = 0.5
    optimal_steps = 3

    def setup(self, device: Device) -> None:
        seed_history(device, list(VISITED))
        super().setup(device)

    regex, tag = r"^(.*?)START(.*?)chrome.browser.history.HistoryActivity", "ActivityTaskManager"

    def check(self, device: Device, answer: str | None = None) -> float:
        shown = super().check(device, answer)
        return 1.0 if shown and history_urls(device) == [url for url, _, _ in VISITED] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Chrome")
        yield ui.click(desc="Customize and control Google Chrome")
        yield ui.click(text="History")
        yield ui.complete()


class YouTubeGoToSmartPairing(AppTask):
    """Account, Settings, "Watch on TV": the "Link with TV code" page (``PairWithTvActivity``)."""

    template = "go to smart pairing page in youtube"
    apps = ("youtube",)
    package = youtube.PACKAGE
    complexity = 0.5
    optimal_steps = 4

    regex, tag = r"^(.*?)START(.*?)youtube.mdx.smartpairing.PairWithTvActivity", "ActivityTaskManager"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("YouTube")
        yield ui.click(desc="Account")
        yield ui.click(text="Settings")
        yield ui.click(text="Watch on TV")
        yield ui.complete()
