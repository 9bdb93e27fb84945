"""AndroidArena's YouTube tasks (``youtube.yaml``) and the constrained tasks about YouTube (5, 6, 13).

What the real app keeps in the Google account (likes, comments, subscriptions, playlists, watch history) is read
from the simulator's account store (:mod:`pytest_mobileagent.validators.youtube`): those tasks declare
``sim_app_state``. The search task reads the screen; the share-link task reads the clipboard; constrained task 5
reads Chrome's history: those run on a real phone too. Constrained task 6 reads the mail Gmail sent (its store).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import gmail, youtube
from pytest_mobileagent.android.youtube import CATALOG, CHANNELS, FEED, channel_named, share_link, video_by_title
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.observe.elements import ui_elements
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators import gmail as mail
from pytest_mobileagent.validators.chrome import history_urls
from pytest_mobileagent.validators.youtube import account, playlists, seed_account
from suites.androidarena.common import ArenaTask

TITLES = tuple(v.title for v in CATALOG)
PUBLISHED_TITLE = "ChatGPT Explained Completely"
#: Playlist names a user might give (the published "work" and "test" among them).
PLAYLIST_NAMES = ("work", "test", "music", "cooking", "study", "travel")
#: A playlist that is there from the start, whatever the task.
DISTRACTOR = "Watch again"
SEARCHES = ("ChatGPT", "TED-Ed", "piano", "bread", "yoga", "language model")


def search_for(ui: UI, query: str, to_find: bool = True) -> Iterator[Action]:
    """Open YouTube and search for ``query``; ``to_find``: the search is only the way to an item (a part of the
    query finds it too), not the goal."""
    yield ui.open_app("YouTube")
    yield ui.click(desc="Search")
    typed = ui.type(query, rid="search_edit_text")
    yield ui.tolerate(typed, "the search is the way to the item; a shorter query lists it too", "text:drop") \
        if to_find else typed
    yield ui.enter()


def open_video(ui: UI, title: str) -> Iterator[Action]:
    """Search for the video titled ``title`` and open its watch page."""
    yield from search_for(ui, title)
    yield from ui.reach(rid="title", text=title)


def open_playlist(ui: UI, name: str) -> Iterator[Action]:
    yield ui.open_app("YouTube")
    yield ui.click(text="Library")
    yield from ui.reach(text=name)


class _YouTube(ArenaTask):
    __abstract__ = True
    apps = ("youtube",)
    requires = frozenset({"sim_app_state"})
    #: The parameters the published instruction gives (instance 0 pins them; other parameters are drawn).
    published_row: ClassVar[Mapping[str, Any]] = {}

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if cls.published_row:
            cls.published = (cls.published_row,)

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        return st.just(dict(row))

    def describe_state(self, device: Device) -> str:
        return f"account={account(device)}"


class YouTubeSearchVideos(_YouTube):
    """The check reads the screen: YouTube's search results for the keywords are shown at the end (the search
    field holds them, the results list is there). ``goal_in_state`` is None: a search leaves no state."""

    template = 'Search for videos using keywords "{query}".'
    published_row = {"query": "ChatGPT"}
    requires = frozenset()

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"query": st.sampled_from(SEARCHES)})

    def check(self, device: Device, answer: str | None = None) -> float:
        elements = ui_elements(device.hierarchy())
        field = next((e for e in elements if e.resource_name == "search_edit_text"), None)
        listed = any(e.resource_name == "title" for e in elements)
        ok = field is not None and field.text.strip().lower() == self.params["query"].lower() and listed
        return 1.0 if ok and not field.focused else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from search_for(ui, self.params["query"], to_find=False)
        yield ui.complete()


class YouTubePlayFirstVideo(_YouTube):
    """"The first page of YouTube" is the home feed: the check is that its first video is the latest one in the
    account's watch history (seeded with other videos)."""

    template = "Play the first video from the first page of YouTube."

    def setup(self, device: Device) -> None:
        seed_account(device, history=[FEED[2].title, FEED[4].title])

    def check(self, device: Device, answer: str | None = None) -> float:
        history = account(device)["history"]
        return 1.0 if history and history[0] == FEED[0].id else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("YouTube")
        yield ui.click(rid="title", text=FEED[0].title)
        yield ui.complete()


class _OnVideo(_YouTube):
    __abstract__ = True
    published_row = {"title": PUBLISHED_TITLE}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"title": st.sampled_from(TITLES)})

    @property
    def video(self) -> youtube.Video:
        return video_by_title(self.params["title"])


class YouTubeLikeVideo(_OnVideo):
    """The check reads the account's liked videos: the video is liked, and the seeded likes are kept."""

    template = 'Like the YouTube video titled "{title}".'
    SEEDED = (FEED[1].title,)

    def setup(self, device: Device) -> None:
        seed_account(device, liked=[t for t in self.SEEDED if t != self.params["title"]])

    def check(self, device: Device, answer: str | None = None) -> float:
        liked = set(account(device)["liked"])
        seeded = {video_by_title(t).id for t in self.SEEDED if t != self.params["title"]}
        return 1.0 if liked == seeded | {self.video.id} else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_video(ui, self.params["title"])
        yield ui.click(rid="like_button")
        yield ui.complete()


class YouTubeCommentVideo(_OnVideo):
    """The check reads the account's comments: exactly the comment asked for is on the video."""

    template = 'Leave a comment "{comment}" on the video titled "{title}".'
    published_row = {"comment": "Great!", "title": PUBLISHED_TITLE}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"title": st.sampled_from(TITLES),
                                      "comment": st.sampled_from(("Great!", "Thanks for sharing", "Very helpful",
                                                                  "Nice video"))})

    def setup(self, device: Device) -> None:
        seed_account(device)

    def check(self, device: Device, answer: str | None = None) -> float:
        comments = account(device)["comments"]
        return 1.0 if comments == [{"video": self.video.id, "text": self.params["comment"]}] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_video(ui, self.params["title"])
        yield ui.type(self.params["comment"], rid="comment_box")
        yield ui.click(desc="Comment")
        yield ui.complete()


class YouTubeCopyShareLink(_OnVideo):
    """The check reads the clipboard: it holds the video's share link (``https://youtu.be/<id>``)."""

    template = 'Copy the share link of the YouTube video titled "{title}".'
    requires = frozenset()

    def setup(self, device: Device) -> None:
        device.clipboard_set("")

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if device.clipboard_get().strip() == share_link(self.video) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_video(ui, self.params["title"])
        yield ui.click(rid="share_button")
        yield ui.click(desc="Copy link")
        yield ui.complete()


class _Channel(_YouTube):
    __abstract__ = True
    published_row = {"channel": "Ted-Ed"}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"channel": st.sampled_from(sorted(CHANNELS))})

    @property
    def channel(self) -> str:
        return channel_named(self.params["channel"]) or self.params["channel"]

    def others(self) -> list[str]:
        return [c for c in ("Calm Sounds", "Tech Explained") if c != self.channel]

    def open_channel(self, ui: UI) -> Iterator[Action]:
        yield from search_for(ui, self.params["channel"])
        yield ui.click(rid="channel_title", text=self.channel)


class YouTubeSubscribeChannel(_Channel):
    """The check reads the account's subscriptions: the channel is added (named case-insensitively: the published
    "Ted-Ed" is the channel "TED-Ed"), the seeded ones are kept."""

    template = 'Subscribe to the YouTube channel "{channel}".'

    def setup(self, device: Device) -> None:
        seed_account(device, subscriptions=self.others())

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if sorted(account(device)["subscriptions"]) == sorted([*self.others(), self.channel]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_channel(ui)
        yield ui.click(rid="subscribe_button", text="Subscribe")
        yield ui.complete()


class YouTubeUnsubscribeChannel(_Channel):
    """The check reads the account's subscriptions: the channel (subscribed by setup) is gone, the others kept."""

    template = 'Unsubscribe from the YouTube channel "{channel}".'

    def setup(self, device: Device) -> None:
        seed_account(device, subscriptions=[*self.others(), self.channel])

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if sorted(account(device)["subscriptions"]) == sorted(self.others()) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_channel(ui)
        yield ui.click(rid="subscribe_button", text="Subscribed")
        yield ui.click(text="Unsubscribe")
        yield ui.complete()


class YouTubeCreatePlaylist(_YouTube):
    """The check reads the account's playlists: a new empty-or-not playlist with the name exists beside the
    seeded one."""

    template = 'Create a YouTube playlist "{name}".'
    published_row = {"name": "work"}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"name": st.sampled_from(PLAYLIST_NAMES)})

    def setup(self, device: Device) -> None:
        seed_account(device, playlists={DISTRACTOR: [FEED[1].title]})

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if sorted(playlists(device)) == sorted([DISTRACTOR, self.params["name"]]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("YouTube")
        yield ui.click(text="Library")
        yield from ui.reach(text="New playlist")
        yield ui.type(self.params["name"], rid="playlist_title")
        yield ui.click(text="Create")
        yield ui.complete()


class _PlaylistVideo(_YouTube):
    __abstract__ = True
    published_row = {"title": PUBLISHED_TITLE, "name": "work"}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"title": st.sampled_from(TITLES), "name": st.sampled_from(PLAYLIST_NAMES)})

    def others(self) -> list[str]:
        """Videos in the playlist beside the one the task is about."""
        return [v.title for v in FEED[3:5] if v.title != self.params["title"]]

    def expect(self, device: Device, videos: list[str]) -> float:
        want = {self.params["name"]: sorted(video_by_title(t).id for t in videos),
                DISTRACTOR: [video_by_title(self.params["title"]).id]}
        return 1.0 if {n: sorted(v) for n, v in playlists(device).items()} == want else 0.0


class YouTubeAddToPlaylist(_PlaylistVideo):
    """The check reads the account's playlists: the video is added to the playlist (whose other videos stay); the
    distractor playlist, which already holds it, is unchanged."""

    template = 'Add the online video titled "{title}" to the YouTube playlist "{name}".'

    def setup(self, device: Device) -> None:
        seed_account(device, playlists={DISTRACTOR: [self.params["title"]], self.params["name"]: self.others()})

    def check(self, device: Device, answer: str | None = None) -> float:
        return self.expect(device, [*self.others(), self.params["title"]])

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_video(ui, self.params["title"])
        yield ui.click(rid="save_to_playlist_button")
        yield ui.click(rid="playlist_checkbox", text=self.params["name"])
        yield ui.tolerate(ui.click(text="Done"), "ticking the playlist saves the video at once, as in the app", "skip")
        yield ui.complete()


class YouTubeRemoveFromPlaylist(_PlaylistVideo):
    """The check reads the account's playlists: the video is gone from the playlist, its other videos stay, and the
    distractor playlist still holds the video."""

    template = 'Remove the video titled "{title}" from the YouTube playlist "{name}".'

    def setup(self, device: Device) -> None:
        seed_account(device, playlists={DISTRACTOR: [self.params["title"]],
                                        self.params["name"]: [*self.others(), self.params["title"]]})

    def check(self, device: Device, answer: str | None = None) -> float:
        return self.expect(device, self.others())

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_playlist(ui, self.params["name"])
        n = [i for i, el in ui.find_all(rid="title")].index(ui.element(rid="title", text=self.params["title"])[0])
        yield ui.click(rid="contextual_menu_anchor", n=n)
        yield ui.click(text=f"Remove from {self.params['name']}")
        yield ui.complete()


class YouTubeRenamePlaylist(_YouTube):
    """The check reads the account's playlists: the playlist has the new name and keeps its videos."""

    template = 'Rename the YouTube playlist "{old}" to "{new}".'
    published_row = {"old": "work", "new": "test"}
    VIDEOS = (FEED[0].title, PUBLISHED_TITLE)

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.lists(st.sampled_from(PLAYLIST_NAMES), min_size=2, max_size=2, unique=True).map(
            lambda pair: {"old": pair[0], "new": pair[1]})

    def setup(self, device: Device) -> None:
        seed_account(device, playlists={DISTRACTOR: [FEED[1].title], self.params["old"]: self.VIDEOS})

    def check(self, device: Device, answer: str | None = None) -> float:
        want = {DISTRACTOR: [FEED[1].id], self.params["new"]: [video_by_title(t).id for t in self.VIDEOS]}
        return 1.0 if playlists(device) == want else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_playlist(ui, self.params["old"])
        yield ui.click(desc="Edit")
        yield ui.type(self.params["new"], clear=True, rid="playlist_title")
        yield ui.click(text="Save")
        yield ui.complete()


class YouTubeDeletePlaylist(_YouTube):
    """The check reads the account's playlists: the playlist is gone, the other one stays."""

    template = 'Delete the YouTube playlist "{name}".'
    published_row = {"name": "test"}

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"name": st.sampled_from(PLAYLIST_NAMES)})

    def setup(self, device: Device) -> None:
        seed_account(device, playlists={DISTRACTOR: [FEED[1].title], self.params["name"]: [PUBLISHED_TITLE]})

    def check(self, device: Device, answer: str | None = None) -> float:
        return 1.0 if list(playlists(device)) == [DISTRACTOR] else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from open_playlist(ui, self.params["name"])
        yield ui.click(desc="More options")
        yield ui.click(text="Delete playlist")
        yield ui.click(text="Delete")
        yield ui.complete()


# -- constrained ---------------------------------------------------------------------------------------------


class ConstrainedYouTubeSearchVideo(ArenaTask):
    """Constrained 5: the video is searched for on the web instead. The check reads Chrome's history (the
    ``History`` database, as on a device with root): a Google search whose query names the video was loaded."""

    template = 'Search for the video "ChatGPT Explained Completely".'
    type = "constrained"
    constraint = "Do NOT use the YouTube APP."
    constraints = {"apps": [youtube.PACKAGE]}
    apps = ("youtube", "chrome")

    def check(self, device: Device, answer: str | None = None) -> float:
        from urllib.parse import parse_qs, urlsplit

        def query(url: str) -> str:
            parts = urlsplit(url)
            return " ".join(parse_qs(parts.query).get("q", [])).lower() if "google." in parts.netloc else ""

        return 1.0 if any(PUBLISHED_TITLE.lower() in query(u) for u in history_urls(device)) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Chrome")
        yield ui.tolerate(ui.type(PUBLISHED_TITLE, rid="url_bar"),
                          "a query that names the video and more still searches for it", "text:append")
        yield ui.enter()
        yield ui.complete()


class ConstrainedYouTubeWatchLatestTedEd(_YouTube):
    """Constrained 13: "Ted-edu" is the subscribed channel TED-Ed. The check reads the account's watch history:
    the channel's newest video is the latest watched. The Subscriptions tab is the forbidden page (a tab of the
    main activity, so the constraint names the element: any target described "Subscriptions")."""

    template = "Watch the latest video in my subscribed Ted-edu channel."
    type = "constrained"
    constraint = "Do NOT enter the subscriptions page in my YouTube."
    constraints = {"elements": [r"\bSubscriptions\b"]}

    def setup(self, device: Device) -> None:
        seed_account(device, subscriptions=["TED-Ed", "Calm Sounds"], history=[CHANNELS["TED-Ed"][1].title])

    def check(self, device: Device, answer: str | None = None) -> float:
        history = account(device)["history"]
        return 1.0 if history and history[0] == CHANNELS["TED-Ed"][0].id else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from search_for(ui, "TED-Ed")
        yield ui.click(rid="channel_title", text="TED-Ed")
        yield ui.click(rid="title", n=0)
        yield ui.complete()


class ConstrainedYouTubeShareFirstVideoByGmail(ArenaTask):
    """Constrained 6: share the home feed's first video with bob@example.com through Gmail without YouTube's own
    sharing (its Share button and the share sheet's targets are forbidden elements). Made checkable as: a mail was
    sent to bob@example.com that names the video, by its title (as whole words, in the subject or the body) or by
    its link (``youtu.be/<id>`` or ``youtube.com/watch?v=<id>``); a user reads the title off YouTube's feed and
    writes the mail in Gmail. The check reads Gmail's store (``sim_app_state``)."""

    template = "Open YouTube and share the first video with bob@example.com through Gmail."
    type = "constrained"
    constraint = "Do NOT use the sharing functionality in the YouTube."
    constraints = {"elements": [r'id="share_button"', r'^desc="(Copy link|Gmail|Messages)", class="ViewGroup"']}
    apps = ("youtube", "gmail")
    requires = frozenset({"sim_app_state"})

    def names_video(self, text: str) -> bool:
        video = FEED[0]
        title = re.search(rf"(?<!\w){re.escape(video.title.lower())}(?!\w)", " ".join(text.lower().split()))
        return title is not None or any(f"{link}{video.id}" in text for link in ("youtu.be/", "watch?v="))

    def check(self, device: Device, answer: str | None = None) -> float:
        sent = mail.messages(device, lambda m: gmail.SENT in m.labels
                             and "bob@example.com" in re.split(r"[\s,;]+", m.to.lower()))
        return 1.0 if any(self.names_video(f"{m.subject}\n{m.body}") for m in sent) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.tolerate(ui.open_app("YouTube"), "it only shows the title the oracle reads", "skip")
        title = ui.element(rid="title", n=0)[1].text
        yield ui.open_app("Gmail")
        yield ui.click(rid="compose_button")
        yield ui.type("bob@example.com", rid="to")
        yield ui.type(title, rid="subject")
        yield ui.click(desc="Send")
        yield ui.complete()

    def violation(self, ui: UI) -> Iterator[Action]:
        """YouTube's way: the first video's Share button (the feed never shows it: it is on the video's page)."""
        yield ui.open_app("YouTube")
        yield ui.click(rid="title", n=0)
        yield ui.click(rid="share_button")
        yield ui.click(desc="Gmail")
        yield ui.complete()
