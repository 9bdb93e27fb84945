"""YouTube's account on the simulator (likes, comments, subscriptions, playlists, history): seed it, read it.

The real app keeps these on Google's servers; the simulator keeps them in its account store
(:mod:`pytest_mobileagent.android.account_state`), so tasks judged on them declare ``sim_app_state``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pytest_mobileagent.android.youtube import PACKAGE, new_account, video_by_title
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.validators.account_state import read_state, write_state


def account(device: Device) -> dict[str, Any]:
    """The account's state (:func:`~pytest_mobileagent.android.youtube.new_account`'s layout)."""
    return {**new_account(), **read_state(device, PACKAGE)}


def seed_account(device: Device, subscriptions: Sequence[str] = (), playlists: dict[str, Sequence[str]] | None = None,
                 liked: Sequence[str] = (), history: Sequence[str] = ()) -> None:
    """Replace the account: subscribed channels, playlists (name -> video titles), liked and watched titles."""
    ids = [video_by_title(t).id for t in liked], [video_by_title(t).id for t in history]
    write_state(device, PACKAGE, {
        **new_account(), "subscriptions": list(subscriptions), "liked": ids[0], "history": ids[1],
        "playlists": [{"name": n, "videos": [video_by_title(t).id for t in ts]} for n, ts in (playlists or {}).items()],
    })


def playlists(device: Device) -> dict[str, list[str]]:
    """Playlist name -> video ids, as stored."""
    return {p["name"]: p["videos"] for p in account(device)["playlists"]}


__all__ = ["account", "playlists", "seed_account"]
