"""YouTube (``com.google.android.youtube``): package, activities, resource ids and seeded videos.

Activities, from decompiled YouTube sources published on GitHub: the home screen
``com.google.android.apps.youtube.app.WatchWhileActivity`` (also AndroidWorld's ``adb_utils`` launch
target), ``com.google.android.apps.youtube.app.settings.SettingsActivity`` (a header list; its
``onHeaderClick`` starts ``PairWithTvActivity`` for the "Watch on TV" header) and
``com.google.android.libraries.youtube.mdx.smartpairing.PairWithTvActivity`` (the "link with TV code"
page, which focuses its code field and shows the keyboard). ``search_edit_text`` (the search field
opened by the toolbar's "Search" button) is the id public Appium/uiautomator scripts use.

AndroidArena's evaluator finds the subscriptions page by its "All" Button ``channels_button`` and the share sheet
by its "Copy link" row, a ViewGroup without resource id (:data:`SHARE_TARGETS`); :data:`EVIDENCE` lists every id's
source. The watch page's ids are plausible guesses: ``video_title``, ``channel_name``, ``subscribe_button``, the action
row (``like_button``, ``share_button``, ``save_to_playlist_button``) and the comment box; so are the playlist
pages'. The account state the real app keeps server-side (likes, comments, subscriptions, playlists, watch
history) is the simulator's account store (:mod:`pytest_mobileagent.android.account_state`) with the layout of
:func:`new_account`.
"""

from __future__ import annotations

from typing import NamedTuple

from pytest_mobileagent.android.evidence import UNCONFIRMED, Source, Unconfirmed, entries, framework, icon_entries, key
from pytest_mobileagent.android.theme import LauncherIcon, arena_drawer

PACKAGE = "com.google.android.youtube"
MAIN_ACTIVITY = "com.google.android.apps.youtube.app.WatchWhileActivity"
SETTINGS_ACTIVITY = "com.google.android.apps.youtube.app.settings.SettingsActivity"
PAIR_WITH_TV_ACTIVITY = "com.google.android.libraries.youtube.mdx.smartpairing.PairWithTvActivity"
#: The subscriptions page's "All" button (a Button), by which AndroidArena's evaluator finds that page.
CHANNELS_BUTTON = "channels_button"
#: The share sheet's targets, in order: ViewGroups described by these labels (no resource ids), "Copy link" the
#: one AndroidArena's evaluator finds the sheet by.
SHARE_TARGETS = ("Copy link", "Gmail", "Messages")


class Video(NamedTuple):
    title: str
    channel: str
    views: str
    age: str
    duration: str
    #: The video id, as in ``https://youtu.be/<id>`` (the link "Share" > "Copy link" copies).
    id: str = ""


#: The home feed of a fresh simulated YouTube.
FEED: tuple[Video, ...] = (
    Video("Learn Python in 10 minutes", "Code Academy", "1.2M views", "2 years ago", "10:04", "kqtD5dpn9C8"),
    Video("Relaxing piano music for studying", "Calm Sounds", "8.4M views", "1 year ago", "3:02:11", "lTRiuFIWV54"),
    Video("How to make sourdough bread at home", "Baking Basics", "560K views", "8 months ago", "14:37",
          "bS3sA2cOHUQ"),
    Video("Top 10 hiking trails in California", "Trail Guide", "230K views", "3 weeks ago", "12:55", "Hj3KpV8wq2E"),
    Video("Morning yoga for beginners", "Yoga Daily", "3.1M views", "4 years ago", "20:00", "v7AYKMP6rOE"),
)
#: Videos search finds beyond the home feed; a channel's videos are listed newest first.
MORE: tuple[Video, ...] = (
    Video("ChatGPT Explained Completely", "Kyle Hill", "1.9M views", "1 year ago", "27:39", "-4Oso9-9KTQ"),
    Video("How does ChatGPT work?", "Tech Explained", "410K views", "9 months ago", "8:12", "wjZofJX0v4M"),
    Video("What is a large language model?", "Tech Explained", "96K views", "5 months ago", "6:45", "zjkBMFhNj_g"),
    Video("The science of stage fright", "TED-Ed", "5.6M views", "3 weeks ago", "4:58", "K93fnvkPKmM"),
    Video("Why do we dream?", "TED-Ed", "2.2M views", "2 days ago", "5:25", "2W85Dwxx218"),
    Video("How the heart actually pumps blood", "TED-Ed", "11M views", "6 months ago", "5:04", "oHWzgv5ZyUc"),
    Video("10 minute meditation for focus", "Calm Sounds", "720K views", "2 months ago", "10:00", "ZToicYcHIOU"),
    Video("Bread baking mistakes to avoid", "Baking Basics", "88K views", "1 month ago", "9:41", "qeY0vEbJ2fM"),
)
#: Every video the simulated YouTube knows.
CATALOG: tuple[Video, ...] = FEED + MORE
_AGE_ORDER = ("days", "week", "month", "year")


def _age_key(video: Video) -> tuple[int, int]:
    number, unit = video.age.split()[:2]
    return next(i for i, u in enumerate(_AGE_ORDER) if unit.startswith(u)), int(number)


#: Channels, with their videos newest first (a channel page lists them in this order).
CHANNELS: dict[str, tuple[Video, ...]] = {
    name: tuple(sorted((v for v in CATALOG if v.channel == name), key=_age_key))
    for name in dict.fromkeys(v.channel for v in CATALOG)}


def video_by_title(title: str) -> Video:
    """The catalog's video titled ``title``."""
    return next(v for v in CATALOG if v.title == title)


def channel_named(name: str) -> str | None:
    """The channel ``name`` designates, ignoring case ("Ted-Ed" is "TED-Ed"), or None."""
    return next((c for c in CHANNELS if c.lower() == name.strip().lower()), None)


def share_link(video: Video) -> str:
    """The link "Copy link" puts on the clipboard."""
    return f"https://youtu.be/{video.id}"


def new_account() -> dict[str, list]:
    """A fresh account's state: ``liked`` video ids, ``comments`` (``{"video", "text"}``), ``subscriptions``
    (channel names), ``playlists`` (``{"name", "videos"}``, oldest first) and ``history`` (video ids, the latest
    watched first)."""
    return {"liked": [], "comments": [], "subscriptions": [], "playlists": [], "history": []}

#: The version of the real app followed: AndroidArena's phone (2023; no version recorded).
APP_VERSION = "2023 (AndroidArena's phone; version not recorded)"
_ARENA = "AndroidArenaAgent/AndroidArena"
_WA = Source("ARM-software/workload-automation",
             "wa/workloads/youtube/uiauto/app/src/main/java/com/arm/wa/uiauto/youtube/UiAutomation.java")
EVIDENCE = {
    key("activity", MAIN_ACTIVITY): Source("google-research/android_world", "android_world/env/adb_utils.py",
                                           note="_PATTERN_TO_ACTIVITY"),
    key("activity", PAIR_WITH_TV_ACTIVITY): Source("gimme1dollar/b-moca",
                                                   "asset/tasks/go_to_the_smart_pairing_page_in_youtube.textproto"),
    key("activity", SETTINGS_ACTIVITY): UNCONFIRMED,
    key("id", CHANNELS_BUTTON): Source(_ARENA, "run_evaluator.py", note="check_page('youtube_sub'): a Button 'All'"),
    **entries("id", ("search_edit_text", "results", "watch_list"), _WA),
    **entries("id", ("account_name", "channel_avatar", "channel_name", "channel_tab", "channel_title", "comment_box",
                     "comment_text", "comments_header", "contextual_menu_anchor", "create_new_playlist", "details",
                     "edit_playlist_button", "header_item", "help", "library_item", "like_button",
                     "media_route_button", "menu_item_1", "mobile_topbar_avatar", "mobile_topbar_notifications",
                     "new_playlist_button", "pair_with_tv_button", "pair_with_tv_code", "pivot_bar", "player_view",
                     "playlist_checkbox", "playlist_item", "playlist_overflow", "playlist_size", "playlist_title",
                     "playlists_header", "save_to_playlist_button", "search_bar", "send_button", "settings",
                     "share_button", "subscribe_button", "thumbnail", "title", "toolbar", "use_tv_code_description",
                     "video_details", "video_title", "your_channel", "youtube_logo", "channel_chip",
                     "empty_subscriptions", "empty_results"), UNCONFIRMED),
    **framework("alertTitle", "button1", "button2", "buttonPanel", "content", "list", "message", "parentPanel",
                "summary", "title"),
    key("text", "All"): Source(_ARENA, "run_evaluator.py", note="check_page('youtube_sub')"),
    key("desc", "Copy link"): Source(_ARENA, "run_evaluator.py", note="check_page('youtube_share'): a ViewGroup"),
    **entries("desc", ("Gmail", "Messages"), UNCONFIRMED),
    # YouTube's own icon set (outlined; the selected pivot filled), not recorded in a public dump
    **icon_entries({
        "Cast. Disconnected": Unconfirmed("the top bar's cast icon"),
        "Notifications": Unconfirmed("the top bar's outlined bell"),
        "Search": Unconfirmed("the top bar's magnifier"),
        "Account": Unconfirmed("the signed-in account's picture, drawn as account_circle"),
        "Navigate up": Unconfirmed("the search page's back arrow"),
        "Comment": Unconfirmed("the comment box's send arrow"),
        "Action menu": Unconfirmed("a video row's three dots"),
        "Edit": Unconfirmed("the playlist page's outlined pencil"),
        "More options": Unconfirmed("the playlist page's three dots"),
        **dict.fromkeys(("Home", "Shorts", "Subscriptions", "Library"),
                        Unconfirmed("the pivot bar's icons; Shorts' logo drawn as a circled play button")),
    }),
}


__all__ = [
    "APP_VERSION",
    "CATALOG",
    "CHANNELS",
    "CHANNELS_BUTTON",
    "EVIDENCE",
    "FEED",
    "MAIN_ACTIVITY",
    "MORE",
    "PACKAGE",
    "PAIR_WITH_TV_ACTIVITY",
    "SETTINGS_ACTIVITY",
    "SHARE_TARGETS",
    "Video",
    "channel_named",
    "new_account",
    "share_link",
    "video_by_title",
]

#: The launcher icon on AndroidArena's phone: a white play triangle in a red rounded rectangle.
LAUNCHER_ICON = LauncherIcon("#FFFFFF", "smart_display", foreground="#FF0000",
                             source=arena_drawer("a white play triangle in a red rounded rectangle"))
