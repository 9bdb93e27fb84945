"""YouTube (``com.google.android.youtube``): home feed, search, library, account, settings and TV pairing.

Navigation follows the real app: the top bar has Cast, Search and the account avatar; the account page
leads to Settings (``SettingsActivity``, a header list), whose "Watch on TV" header starts
``PairWithTvActivity`` (the "Link with TV code" page), as the decompiled ``onHeaderClick`` does; the Cast
button's device picker offers "Link with TV code" too. Search opens a focused search field (keyboard up);
Enter lists the seeded videos (:data:`~pytest_mobileagent.android.youtube.FEED`) that match. There is no
playback yet.
"""

from __future__ import annotations

from typing import Any

from pytest_mobileagent.android.youtube import (
    FEED,
    MAIN_ACTIVITY,
    PACKAGE,
    PAIR_WITH_TV_ACTIVITY,
    SETTINGS_ACTIVITY,
    Video,
)
from pytest_mobileagent.sim.app import Activity, App
from pytest_mobileagent.sim.views import (
    Button,
    Column,
    Dialog,
    EditText,
    ImageButton,
    ListItem,
    Row,
    Scroll,
    Tabs,
    Text,
    Toolbar,
    View,
)

PIVOTS = ("Home", "Shorts", "Subscriptions", "Library")
LIBRARY = ("History", "Your videos", "Downloads", "Watch later", "Liked videos")
SETTINGS = ("General", "Watch on TV", "Data saving", "Autoplay", "Video quality preferences", "Downloads",
            "Notifications", "Privacy", "About")


def video_row(video: Video) -> View:
    return Column(
        View(cls="android.widget.ImageView", desc=f"{video.title} - {video.duration}", id="thumbnail", height=120),
        Text(video.title, id="title", style="item-title", height=28),
        Text(f"{video.channel} · {video.views} · {video.age}", id="details", style="item-summary", height=24),
        clickable=True, focusable=True, desc=f"{video.title} - {video.channel}", padding=8, height=192,
    )


class WatchWhile(Activity):
    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.page = "home"  # home | library | search | results | account
        self.pivot = 0

    def open_search(self) -> None:
        self.page = "search"
        self.request_focus("search_edit_text")

    def submit(self) -> None:
        self.page = "results"
        self.system.clear_focus(self)

    def select_pivot(self, index: int) -> None:
        self.pivot = index
        self.page = "library" if PIVOTS[index] == "Library" else "home"

    def show(self, page: str) -> None:
        self.page = page

    def open_settings(self) -> None:
        self.page = "home"
        self.start(Settings)

    def link_with_tv_code(self) -> None:
        self.dialog = None
        self.start(PairWithTv)

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.page in ("search", "results", "account", "library"):
            self.page = "home"
            self.pivot = 0
            return True
        return False

    def build(self) -> View:
        if self.page in ("search", "results"):
            return self.build_search()
        if self.page == "account":
            return Column(Toolbar("Account", navigate_up=self.on_back),
                          Text("User", id="account_name", style="headline"),
                          ListItem("Your channel", id="your_channel"),
                          ListItem("Settings", on_click=self.open_settings, id="settings"),
                          ListItem("Help & feedback", id="help"), View(weight=1))
        top = Row(Text("YouTube", desc="YouTube", id="youtube_logo", weight=1, height=48, style="title"),
                  ImageButton("Cast. Disconnected", lambda: setattr(self, "dialog", "cast"), icon="cast",
                              id="media_route_button"),
                  ImageButton("Notifications", None, icon="bell", id="mobile_topbar_notifications"),
                  ImageButton("Search", self.open_search, icon="search", id="menu_item_1"),
                  ImageButton("Account", lambda: self.show("account"), icon="account", id="mobile_topbar_avatar"),
                  id="toolbar", height=64, style="toolbar")
        if self.page == "library":
            body = Scroll(*[ListItem(item, id="library_item") for item in LIBRARY], id="results", weight=1)
        else:
            body = Scroll(*[video_row(v) for v in FEED], id="results", weight=1)
        return Column(top, body, Tabs(PIVOTS, self.pivot, self.select_pivot, id="pivot_bar", height=56))

    def build_search(self) -> View:
        box = Row(ImageButton("Navigate up", self.on_back, icon="arrow_back"),
                  EditText("search_edit_text", self.fields.get("search_edit_text", ""),
                           lambda v: self.fields.__setitem__("search_edit_text", v), hint="Search YouTube",
                           on_submit=self.submit, weight=1, height=48),
                  id="search_bar", height=64, style="toolbar")
        if self.page == "search":
            return Column(box, View(weight=1))
        query = self.fields.get("search_edit_text", "").strip().lower()
        found = [v for v in FEED if query and (query in v.title.lower() or query in v.channel.lower())]
        body = (Scroll(*[video_row(v) for v in found], id="results", weight=1) if found
                else Text("No results found", id="empty_results", weight=1))
        return Column(box, body)

    def build_dialog(self, name: str) -> View:
        return Dialog("Select a device",
                      Text("No devices found on your Wi-Fi network", id="mdx_no_devices"),
                      ListItem("Link with TV code", on_click=self.link_with_tv_code, id="tv_code_button"),
                      buttons=[Button("Cancel", lambda: setattr(self, "dialog", None), id="android:id/button2")])


class Settings(Activity):
    name = SETTINGS_ACTIVITY

    def open(self, header: str) -> None:
        if header == "Watch on TV":
            self.start(PairWithTv)

    def build(self) -> View:
        headers = [ListItem(h, on_click=lambda h=h: self.open(h), id="header_item") for h in SETTINGS]
        return Column(Toolbar("Settings", navigate_up=self.finish),
                      Scroll(*headers, id="android:id/list", cls="android.widget.ListView", weight=1))


class PairWithTv(Activity):
    """Link with TV code: the code field is focused with the keyboard up when the page opens."""

    name = PAIR_WITH_TV_ACTIVITY

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.shown = False

    def on_resume(self) -> None:
        if not self.shown:
            self.shown = True
            self.request_focus("pair_with_tv_code")

    def build(self) -> View:
        return Column(
            Toolbar("Link with TV code", navigate_up=self.finish),
            Text("Enter the blue TV code shown on your TV", id="use_tv_code_description"),
            self.field("pair_with_tv_code", hint="Enter TV code"),
            Button("Link", None, id="pair_with_tv_button", enabled=bool(self.fields.get("pair_with_tv_code"))),
            View(weight=1),
        )


class YouTubeApp(App):
    package = PACKAGE
    label = "YouTube"
    icon = "youtube"
    activities = (WatchWhile, Settings, PairWithTv)
    uid = 10135


__all__ = ["PairWithTv", "Settings", "WatchWhile", "YouTubeApp"]
