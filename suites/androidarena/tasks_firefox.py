"""AndroidArena's Firefox tasks (``firefox.yaml``) and the constrained tasks about browsing (15, 18, 19, 20).

The simulated Firefox browses the simulator's small web (:mod:`pytest_mobileagent.android.websites`) and keeps its
history and bookmarks where Fenix does, the places database (``places.sqlite``), which the checks read: a search
or a visit is judged by the visits recorded after the seeded ones (the seeded history ends before the task's
clock starts). Reading ``places.sqlite`` on a phone needs root, as Chrome's History does, so no task here
declares ``sim_app_state``. The pages "View my bookmarks/history" asks for leave no state: those checks read the
screen (Firefox in front on that page).
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import chrome, firefox
from pytest_mobileagent.android.firefox import places_time
from pytest_mobileagent.android.websites import HOME_PAGES
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators.firefox import VISITED, page_shown, seed_places, visits
from suites.androidarena.common import ArenaTask

#: Visits after this time (the newest seeded one) are the agent's.
SEEDED = places_time(VISITED[-1][2])
#: Phrases a user searches for (the published one first).
QUERIES = ("large language model", "open source browser", "machine learning", "transformer architecture",
           "artificial intelligence")


def query_of(url: str, host_suffix: str, path: str, key: str) -> str | None:
    """The ``key`` parameter of ``url`` if it is ``path`` on a host ending in ``host_suffix``, else None."""
    parts = urlsplit(url)
    if not (parts.hostname or "").endswith(host_suffix) or parts.path.rstrip("/") != path.rstrip("/"):
        return None
    return parse_qs(parts.query).get(key, [None])[0]


def same(a: str | None, b: str) -> bool:
    return a is not None and " ".join(a.lower().split()) == " ".join(b.lower().split())


def type_address(ui: UI, text: str, *tolerated: str) -> Iterator[Action]:
    """Open Firefox, type ``text`` in its address bar and press Enter (``tolerated``: mutations of the typed text
    that reach the same page)."""
    yield ui.open_app("Firefox")
    typed = ui.type(text, rid=firefox.HOME_TOOLBAR)
    yield ui.tolerate(typed, "an address without its final slash is the same page", *tolerated) if tolerated \
        else typed
    yield ui.enter()


class _FirefoxTask(ArenaTask):
    __abstract__ = True
    apps = ("firefox",)

    def setup(self, device: Device) -> None:
        seed_places(device)

    def new_visits(self, device: Device) -> list[tuple[str, int]]:
        return visits(device, SEEDED)


class FirefoxSearch(_FirefoxTask):
    """A search for the phrase with Firefox's default engine: a visit, after the seeded ones, to Google's results
    page for the phrase (typed in the address bar or in Google's own field), judged in the places store."""

    template = 'Search for "{query}" in Firefox.'
    published = ({"query": "large language model"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, str]]:
        return st.fixed_dictionaries({"query": st.sampled_from(QUERIES)})

    def check(self, device: Device, answer: str | None = None) -> float:
        return float(any(same(query_of(url, "google.com", "/search", "q"), self.params["query"])
                         for url, _ in self.new_visits(device)))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from type_address(ui, self.params["query"])
        yield ui.complete()


class FirefoxNavigate(_FirefoxTask):
    """Open the address: a visit to it after the seeded ones (an address and its form with or without the final
    slash count alike). The parameter is any home page the simulated web serves."""

    template = 'Navigate to the webpage "{url}".'
    published = ({"url": "https://www.wikipedia.org/"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, str]]:
        return st.fixed_dictionaries({"url": st.sampled_from(sorted(HOME_PAGES))})

    def check(self, device: Device, answer: str | None = None) -> float:
        want = self.params["url"].rstrip("/")
        return float(any(url.rstrip("/") == want for url, _ in self.new_visits(device)))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from type_address(ui, self.params["url"], *(("text:drop",) if self.params["url"].endswith("/") else ()))
        yield ui.complete()


class FirefoxSiteSearch(_FirefoxTask):
    """The site's own search for the key word: a visit to the blog's search results (``/blog?query=``) for it.
    Getting there by typing that address counts too: the outcome, the site's results, is the same."""

    template = 'Search the key word "{keyword}" in website "{site}".'
    published = ({"keyword": "GPT", "site": "https://openai.com/blog"},)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, str]]:
        return st.fixed_dictionaries({"keyword": st.sampled_from(("GPT", "Sora", "DALL-E", "ChatGPT", "research")),
                                      "site": st.just("https://openai.com/blog")})

    def check(self, device: Device, answer: str | None = None) -> float:
        return float(any(same(query_of(url, "openai.com", "/blog", "query"), self.params["keyword"])
                         for url, _ in self.new_visits(device)))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from type_address(ui, self.params["site"])
        yield ui.type(self.params["keyword"], hint="Search the blog")
        yield ui.enter()
        yield ui.complete()


class _FirefoxPage(_FirefoxTask):
    """Show one of Firefox's own pages (reached from the toolbar's menu)."""

    __abstract__ = True
    title = ""
    list_id = ""

    def check(self, device: Device, answer: str | None = None) -> float:
        return float(page_shown(device, self.title, self.list_id))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Firefox")
        yield ui.click(desc="Menu")  # the menuButton frame has no label of its own
        yield ui.click(text=self.title)
        yield ui.complete()


class FirefoxViewBookmarks(_FirefoxPage):
    """"View my bookmarks" leaves no state: the check is that Firefox is in front showing its Bookmarks page (the
    title and the list of the seeded bookmarks)."""

    template = "View my bookmarks in Firefox."
    title, list_id = "Bookmarks", "bookmark_list"


class FirefoxViewHistory(_FirefoxPage):
    """"View my history" leaves no state: the check is that Firefox is in front showing its History page (the
    title and the list of the seeded visits)."""

    template = "View my history in Firefox."
    title, list_id = "History", "history_list"


# -- constrained tasks (constrain.yaml 15, 18, 19, 20) --------------------------------------------------------------


class ConstrainedFirefoxChatGPTIntroduction(_FirefoxTask):
    """Constrained 15, "Find the introduction of ChatGPT" without entering OpenAI's website. Made checkable as:
    the Wikipedia article "ChatGPT" (an introduction not on openai.com) was opened in Firefox, and no page of
    openai.com was. The constraint's element rule catches a tap on a link to openai.com (a link's address is its
    content description); a typed openai.com address is caught by the check, which fails on any openai.com visit."""

    template = "Find the introduction of ChatGPT."
    type = "constrained"
    constraint = "Do NOT enter to the openai's website."
    constraints = {"elements": [r"openai\.com"]}

    def check(self, device: Device, answer: str | None = None) -> float:
        seen = [url for url, _ in self.new_visits(device)]
        if any((urlsplit(u).hostname or "").endswith("openai.com") for u in seen):
            return 0.0
        return float(any(u.rstrip("/") == "https://en.wikipedia.org/wiki/ChatGPT" for u in seen))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from type_address(ui, "ChatGPT")
        yield ui.click(text="ChatGPT", desc="https://en.wikipedia.org/wiki/ChatGPT")
        yield ui.complete()


class ConstrainedFirefoxWikipediaSearch(_FirefoxTask):
    """Constrained 18: search Wikipedia for the phrase with Wikipedia's own search field, not by typing the words in
    Firefox's address bar. The check: a visit that the site's search led to (a link visit: Wikipedia's article of
    that title or its results page for the phrase), and no typed visit carrying the phrase. The element rule can
    see the field typed into but not the words, so it forbids using the address bar at all:
    Wikipedia is reached from Firefox's "Wikipedia" shortcut on its home screen."""

    template = 'Search for "{query}" in wikipedia using Firefox.'
    published = ({"query": "Artificial Intelligence"},)
    type = "constrained"
    constraint = "Do NOT directly type search keywords in the firefox's header search bar."
    constraints = {"elements": [rf'id="({firefox.HOME_TOOLBAR}|mozac_browser_toolbar_(edit_)?url_view)"']}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, str]]:
        return st.fixed_dictionaries({"query": st.sampled_from(
            ("Artificial Intelligence", "Large language model", "Machine learning", "Firefox", "ChatGPT"))})

    def check(self, device: Device, answer: str | None = None) -> float:
        query, seen = self.params["query"], self.new_visits(device)
        words = query.lower().replace(" ", "+")
        if any(kind == firefox.VISIT_TYPED and (words in url.lower() or query.lower().replace(" ", "_") in
                                                url.lower()) for url, kind in seen):
            return 0.0
        article = "https://en.wikipedia.org/wiki/" + query.replace(" ", "_")
        return float(any(kind == firefox.VISIT_LINK and (url.lower() == article.lower() or same(
            query_of(url, "wikipedia.org", "/w/index.php", "search"), query)) for url, kind in seen))

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Firefox")
        yield ui.click(text="Wikipedia", rid="top_site_title")
        yield ui.type(self.params["query"], hint="Search Wikipedia")
        yield ui.enter()
        yield ui.complete()


class ConstrainedFirefoxSearch(FirefoxSearch):
    """Constrained 19: the search of :class:`FirefoxSearch` without naming the browser, Chrome forbidden; the check
    is the same (a Google search for the phrase in Firefox, the one other browser on the phone)."""

    template = 'Search for "{query}".'
    type = "constrained"
    constraint = "Do NOT use Chrome."
    constraints = {"apps": [chrome.PACKAGE]}


class ConstrainedFirefoxNavigate(FirefoxNavigate):
    """Constrained 20: :class:`FirefoxNavigate` with Chrome forbidden; the check is the same (a visit in Firefox)."""

    type = "constrained"
    constraint = "Do NOT use Chrome."
    constraints = {"apps": [chrome.PACKAGE]}
