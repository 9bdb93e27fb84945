"""The simulated YouTube's account store: what its watch page and playlists change, and how seeding reaches it."""

from __future__ import annotations

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import youtube
from pytest_mobileagent.android.account_state import state_path
from pytest_mobileagent.validators.youtube import account, playlists, seed_account
from tests.screen import find, tap


def test_watching_liking_and_saving_reach_the_account(d: SimDevice) -> None:
    seed_account(d, playlists={"work": []})
    d.start_app(youtube.PACKAGE)
    first = youtube.FEED[0]
    tap(d, text=first.title)
    assert find(d, rid="video_title").text == first.title
    tap(d, rid="like_button")
    tap(d, rid="save_to_playlist_button")
    tap(d, text="work")
    state = account(d)
    assert state["history"][0] == first.id and state["liked"] == [first.id]
    assert playlists(d) == {"work": [first.id]}
    assert d.exists(state_path(youtube.PACKAGE))


def test_copy_link_puts_the_share_link_on_the_clipboard(d: SimDevice) -> None:
    d.start_app(youtube.PACKAGE)
    tap(d, text=youtube.FEED[1].title)
    tap(d, rid="share_button")
    tap(d, desc="Copy link")
    assert d.clipboard_get() == youtube.share_link(youtube.FEED[1])


def test_channels_list_their_videos_newest_first() -> None:
    assert youtube.CHANNELS["TED-Ed"][0].title == "Why do we dream?"
    assert youtube.channel_named("Ted-Ed") == "TED-Ed"
