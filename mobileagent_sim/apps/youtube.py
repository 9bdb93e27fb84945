"""YouTube (``com.google.android.youtube``): home feed, search, watch page, channels, library and playlists, account,
settings and TV pairing.

Navigation follows the real app: the top bar has Cast, Search and the account avatar; the account page
leads to Settings (``SettingsActivity``, a header list), whose "Watch on TV" header starts
``PairWithTvActivity`` (the "Link with TV code" page), as the decompiled ``onHeaderClick`` does; the Cast
button's device picker offers "Link with TV code" too. Search opens a focused search field (keyboard up);
Enter lists the channels and the videos of :data:`~pytest_mobileagent.android.youtube.CATALOG` that match. A video
opens its watch page (in the same activity, as the real app's player does): like, share ("Copy link"), save to a
playlist, subscribe to its channel, comment; watching adds it to the history. The Library tab lists the
playlists (new, open, remove a video, rename, delete). What the real app keeps in the account lives in the
simulator's account store (:mod:`pytest_mobileagent.android.account_state`).
"""

from __future__ import annotations

from typing import Any

import mobileagent_sim.account as account
from mobileagent_sim.app import Activity, App, PagedActivity
from mobileagent_sim.views import (
    Button,
    CheckBox,
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
from pytest_mobileagent.android.youtube import (
    CATALOG,
    CHANNELS,
    CHANNELS_BUTTON,
    FEED,
    MAIN_ACTIVITY,
    PACKAGE,
    PAIR_WITH_TV_ACTIVITY,
    SETTINGS_ACTIVITY,
    SHARE_TARGETS,
    Video,
    new_account,
    share_link,
)

PIVOTS = ("Home", "Shorts", "Subscriptions", "Library")
#: The pivot bar's pictograms (YouTube's own icons, outlined, the selected one filled; Shorts' logo drawn as a
#: play button in a circle).
PIVOT_ICONS = ("home", "play_circle", "subscriptions", "video_library")
LIBRARY = ("History", "Your videos", "Downloads", "Watch later", "Liked videos")
SETTINGS = ("General", "Watch on TV", "Data saving", "Autoplay", "Video quality preferences", "Downloads",
            "Notifications", "Privacy", "About")
BY_ID = {v.id: v for v in CATALOG}


def video_row(video: Video, on_click: Any = None, menu: View | None = None) -> View:
    row = Column(
        View(cls="android.widget.ImageView", desc=f"{video.title} - {video.duration}", id="thumbnail", height=120),
        Text(video.title, id="title", style="item-title", height=28),
        Text(f"{video.channel} · {video.views} · {video.age}", id="details", style="item-summary", height=24),
        clickable=True, focusable=True, desc=f"{video.title} - {video.channel}", padding=8, height=192,
        on_click=on_click,
    )
    return Row(row, menu, height=192) if menu else row


class WatchWhile(PagedActivity):
    name = MAIN_ACTIVITY
    exported = True
    first_page = "home"

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        # page: home | library | subscriptions | search | results | account | watch | channel | playlist; subject:
        # the video, channel or playlist it shows
        self.pivot = 0

    # -- account state ----------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        return account.load(self.app, new_account)

    def change(self, edit: Any) -> None:
        state = self.state()
        edit(state)
        account.save(self.app, state)

    def playlist(self, state: dict[str, Any], name: str) -> dict[str, Any] | None:
        return next((p for p in state["playlists"] if p["name"] == name), None)

    # -- navigation --------------------------------------------------------------------------

    def go(self, page: str, subject: str = "") -> None:
        super().go(page, subject)
        if page == "watch":
            self.change(lambda s: s.__setitem__("history", [subject] + [v for v in s["history"] if v != subject]))

    def open_search(self) -> None:
        self.go("search")
        self.request_focus("search_edit_text")

    def submit(self) -> None:
        self.page = "results"
        self.system.clear_focus(self)

    def select_pivot(self, index: int) -> None:
        self.pivot = index
        self.back_stack.clear()
        self.page = {"Library": "library", "Subscriptions": "subscriptions"}.get(PIVOTS[index], "home")
        self.view_state.clear()

    def show(self, page: str) -> None:
        self.go(page)

    def open_settings(self) -> None:
        self.page = "home"
        self.back_stack.clear()
        self.start(Settings)

    def link_with_tv_code(self) -> None:
        self.dialog = None
        self.start(PairWithTv)

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if self.page != "home":
            self.page = "home"
            self.pivot = 0
            return True
        return False

    # -- screens -------------------------------------------------------------------------------

    def build(self) -> View:
        if self.page in ("search", "results"):
            return self.build_search()
        if self.page == "account":
            return Column(Toolbar("Account", navigate_up=self.on_back),
                          Text("User", id="account_name", style="headline"),
                          ListItem("Your channel", id="your_channel"),
                          ListItem("Settings", on_click=self.open_settings, id="settings"),
                          ListItem("Help & feedback", id="help"), View(weight=1))
        if self.page == "watch":
            return self.build_watch(BY_ID[self.subject])
        if self.page == "channel":
            return self.build_channel(self.subject)
        if self.page == "playlist":
            return self.build_playlist(self.subject)
        if self.page == "channels":
            return self.build_channels()
        top = Row(Text("YouTube", desc="YouTube", id="youtube_logo", weight=1, height=48, style="title"),
                  ImageButton("Cast. Disconnected", lambda: setattr(self, "dialog", "cast"), icon="cast:outlined",
                              id="media_route_button"),
                  ImageButton("Notifications", None, icon="notifications:outlined", id="mobile_topbar_notifications"),
                  ImageButton("Search", self.open_search, icon="search", id="menu_item_1"),
                  ImageButton("Account", lambda: self.show("account"), icon="account_circle",
                              id="mobile_topbar_avatar"),
                  id="toolbar", height=64, style="toolbar")
        if self.page == "library":
            body = self.build_library()
        elif self.page == "subscriptions":
            body = self.build_subscriptions()
        else:
            body = Scroll(*[self.row(v) for v in FEED], id="results", weight=1)
        icons = [name + ("" if i == self.pivot else ":outlined") for i, name in enumerate(PIVOT_ICONS)]
        return Column(top, body, Tabs(PIVOTS, self.pivot, self.select_pivot, id="pivot_bar", icons=icons, height=56))

    def row(self, video: Video, menu: View | None = None) -> View:
        return video_row(video, lambda: self.go("watch", video.id), menu)

    def channel_row(self, channel: str) -> View:
        return Row(View(cls="android.widget.ImageView", desc=channel, id="channel_avatar", width=48, height=48),
                   Text(channel, id="channel_title", style="item-title", weight=1, height=48),
                   clickable=True, focusable=True, desc=f"{channel} channel", padding=8, height=72,
                   on_click=lambda: self.go("channel", channel))

    def build_library(self) -> View:
        playlists = self.state()["playlists"]
        return Scroll(*[ListItem(item, id="library_item") for item in LIBRARY],
                      Text("Playlists", id="playlists_header", style="caption", height=40),
                      Button("New playlist", lambda: self.ask("new_playlist"), id="new_playlist_button"),
                      *[ListItem(p["name"], f"{len(p['videos'])} videos", id="playlist_item",
                                 on_click=lambda n=p["name"]: self.go("playlist", n)) for p in playlists],
                      id="results", weight=1)

    def build_subscriptions(self) -> View:
        channels = self.state()["subscriptions"]
        if not channels:
            return Text("Subscribe to channels to see their latest videos here", id="empty_subscriptions", weight=1)
        videos = [v for c in channels for v in CHANNELS.get(c, ())]
        return Scroll(Row(*[Text(c, id="channel_chip", clickable=True, focusable=True, height=48,
                                 on_click=lambda c=c: self.go("channel", c)) for c in channels],
                          Button("All", lambda: self.go("channels"), id=CHANNELS_BUTTON, width=64), height=56),
                      *[self.row(v) for v in videos], id="results", weight=1)

    def build_channels(self) -> View:
        """The subscriptions page's "All": every subscribed channel."""
        return Column(Toolbar("All subscriptions", navigate_up=self.on_back),
                      Scroll(*[self.channel_row(c) for c in self.state()["subscriptions"]], id="results", weight=1))

    def build_search(self) -> View:
        box = Row(ImageButton("Navigate up", self.on_back, icon="arrow_back"),
                  EditText("search_edit_text", self.fields.get("search_edit_text", ""),
                           lambda v: self.fields.__setitem__("search_edit_text", v), hint="Search YouTube",
                           on_submit=self.submit, weight=1, height=48),
                  id="search_bar", height=64, style="toolbar")
        if self.page == "search":
            return Column(box, View(weight=1))
        query = self.fields.get("search_edit_text", "").strip().lower()
        channels = [c for c in CHANNELS if query and query in c.lower()]
        found = [v for v in CATALOG if query and (query in v.title.lower() or query in v.channel.lower())]
        body = (Scroll(*[self.channel_row(c) for c in channels], *[self.row(v) for v in found], id="results",
                       weight=1) if found else Text("No results found", id="empty_results", weight=1))
        return Column(box, body)

    def build_watch(self, video: Video) -> View:
        state = self.state()
        liked = video.id in state["liked"]
        subscribed = video.channel in state["subscriptions"]
        comments = [c["text"] for c in state["comments"] if c["video"] == video.id]
        return Column(
            View(cls="android.widget.FrameLayout", desc=f"Playing {video.title}", id="player_view", height=200),
            Scroll(
                Text(video.title, id="video_title", style="title"),
                Text(f"{video.views} · {video.age}", id="video_details", style="item-summary", height=24),
                Row(Text(video.channel, id="channel_name", weight=1, clickable=True, focusable=True, height=48,
                         on_click=lambda: self.go("channel", video.channel)),
                    Button("Subscribed" if subscribed else "Subscribe",
                           lambda: self.ask("unsubscribe") if subscribed else self.subscribe(video.channel),
                           id="subscribe_button", width=120, selected=subscribed), height=56),
                Row(Button("Like", lambda: self.toggle_like(video.id), id="like_button", selected=liked, weight=1,
                           desc=f"{'Unlike' if liked else 'like'} this video"),
                    Button("Share", lambda: self.ask("share"), id="share_button", weight=1),
                    Button("Save", lambda: self.ask("save"), id="save_to_playlist_button", weight=1), height=56),
                Text(f"Comments {len(comments)}", id="comments_header", style="caption", height=32),
                Row(self.field("comment_box", hint="Add a comment...", weight=1),
                    ImageButton("Comment", lambda: self.post_comment(video.id), icon="send", id="send_button",
                                enabled=bool(self.fields.get("comment_box", "").strip())), height=56),
                *[Text(c, id="comment_text", height=40) for c in comments],
                id="watch_list", weight=1),
        )

    def build_channel(self, channel: str) -> View:
        subscribed = channel in self.state()["subscriptions"]
        return Column(
            Toolbar(channel, navigate_up=self.on_back),
            Row(Text(channel, id="channel_title", style="headline", weight=1, height=56),
                Button("Subscribed" if subscribed else "Subscribe",
                       lambda: self.ask("unsubscribe") if subscribed else self.subscribe(channel),
                       id="subscribe_button", width=120, selected=subscribed), height=64),
            Text("Videos", id="channel_tab", style="caption", height=32),
            Scroll(*[self.row(v) for v in CHANNELS.get(channel, ())], id="results", weight=1),
        )

    def build_playlist(self, name: str) -> View:
        playlist = self.playlist(self.state(), name) or {"videos": []}
        rows = [self.row(BY_ID[v], ImageButton("Action menu", lambda v=v: self.video_menu(v), icon="more_vert",
                                               id="contextual_menu_anchor")) for v in playlist["videos"]]
        return Column(
            Toolbar(name, navigate_up=self.on_back, actions=[
                ImageButton("Edit", lambda: self.ask("rename"), icon="edit:outlined", id="edit_playlist_button"),
                ImageButton("More options", lambda: self.open_menu("playlist"), icon="more_vert",
                            id="playlist_overflow")]),
            Text(f"{len(playlist['videos'])} videos", id="playlist_size", style="item-summary", height=32),
            Scroll(*rows, id="results", weight=1) if rows else Text("No videos in this playlist yet",
                                                                    id="empty_playlist", weight=1),
        )

    # -- actions ----------------------------------------------------------------------------------

    def ask(self, dialog: str) -> None:
        self.dialog = dialog
        if dialog in ("new_playlist", "rename"):
            self.fields["playlist_title"] = self.subject if dialog == "rename" else ""
            self.request_focus("playlist_title")

    def video_menu(self, video_id: str) -> None:
        self.fields["menu_video"] = video_id
        self.open_menu("video")

    def subscribe(self, channel: str) -> None:
        self.change(lambda s: s["subscriptions"].append(channel))
        self.toast("Subscription added")

    def unsubscribe(self) -> None:
        channel = self.subject if self.page == "channel" else BY_ID[self.subject].channel
        self.dialog = None
        self.change(lambda s: s["subscriptions"].remove(channel))
        self.toast("Subscription removed")

    def toggle_like(self, video_id: str) -> None:
        def edit(s: dict[str, Any]) -> None:
            s["liked"] = [v for v in s["liked"] if v != video_id] if video_id in s["liked"] else \
                [video_id, *s["liked"]]
        self.change(edit)

    def post_comment(self, video_id: str) -> None:
        text = self.fields.get("comment_box", "").strip()
        if text:
            self.change(lambda s: s["comments"].append({"video": video_id, "text": text}))
            self.fields["comment_box"] = ""
            self.system.clear_focus(self)

    def copy_link(self) -> None:
        self.dialog = None
        self.system.clipboard = share_link(BY_ID[self.subject])
        self.toast("Link copied to clipboard")

    def toggle_saved(self, name: str) -> None:
        def edit(s: dict[str, Any]) -> None:
            videos = self.playlist(s, name)["videos"]
            videos.remove(self.subject) if self.subject in videos else videos.append(self.subject)
        self.change(edit)

    def create_playlist(self) -> None:
        name = self.fields.get("playlist_title", "").strip()
        if not name:
            return
        videos = [self.subject] if self.page == "watch" else []
        self.change(lambda s: s["playlists"].append({"name": name, "videos": videos}))
        self.dialog = None
        self.system.clear_focus(self)

    def rename_playlist(self) -> None:
        name = self.fields.get("playlist_title", "").strip()
        if not name:
            return
        old = self.subject
        self.change(lambda s: self.playlist(s, old).__setitem__("name", name))
        self.subject = name
        self.dialog = None
        self.system.clear_focus(self)

    def delete_playlist(self) -> None:
        name = self.subject
        self.change(lambda s: s.__setitem__("playlists", [p for p in s["playlists"] if p["name"] != name]))
        self.dialog = None
        self.on_back()

    def remove_from_playlist(self) -> None:
        self.menu = None
        name, video = self.subject, self.fields.get("menu_video", "")
        self.change(lambda s: self.playlist(s, name)["videos"].remove(video))

    def menu_items(self, name: str):
        if name == "video":
            return [("Add to queue", self.close_menu), (f"Remove from {self.subject}", self.remove_from_playlist)]
        return [("Delete playlist", lambda: (self.close_menu(), self.ask("delete")))]

    def build_dialog(self, name: str) -> View:
        cancel = Button("Cancel", lambda: setattr(self, "dialog", None), id="android:id/button2")
        if name == "share":  # Litho rows: ViewGroups described by their label, without resource ids
            handlers = {"Copy link": self.copy_link}
            return Dialog("Share", Row(*[View(cls="android.view.ViewGroup", desc=label, on_click=handlers.get(label),
                                              clickable=True, focusable=True, weight=1, height=64)
                                         for label in SHARE_TARGETS], height=64),
                          buttons=[cancel])
        if name == "save":
            state = self.state()
            return Dialog("Save video to...",
                          *[CheckBox(p["name"], self.subject in p["videos"],
                                     lambda n=p["name"]: self.toggle_saved(n), id="playlist_checkbox")
                            for p in state["playlists"]],
                          Button("New playlist", lambda: self.ask("new_playlist"), id="create_new_playlist"),
                          buttons=[Button("Done", lambda: setattr(self, "dialog", None), id="android:id/button1")])
        if name in ("new_playlist", "rename"):
            title = "New playlist" if name == "new_playlist" else "Edit playlist"
            ok = Button("Create" if name == "new_playlist" else "Save",
                        self.create_playlist if name == "new_playlist" else self.rename_playlist,
                        id="android:id/button1")
            return Dialog(title, self.field("playlist_title", hint="Title"), buttons=[cancel, ok])
        if name == "unsubscribe":
            channel = self.subject if self.page == "channel" else BY_ID[self.subject].channel
            return Dialog(f"Unsubscribe from {channel}?", buttons=[
                cancel, Button("Unsubscribe", self.unsubscribe, id="android:id/button1")])
        if name == "delete":
            return Dialog(f"Delete {self.subject}?", Text("This playlist will be deleted for good.",
                                                          id="android:id/message"),
                          buttons=[cancel, Button("Delete", self.delete_playlist, id="android:id/button1")])
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
