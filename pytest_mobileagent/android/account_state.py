"""An app's account state, as the simulator keeps it: what the real app keeps on its servers.

YouTube's likes, comments, subscriptions and playlists, Drive's files and Photos' albums live in the user's
Google account, not on the phone; no shell can read them there. The simulated apps keep that state in one JSON
document per package, ``/data/data/<package>/files/sim_account.json`` (a simulator convention, not a file the
real apps write), which tasks seed and checks read through the Device protocol. A task judged on it declares the
``sim_app_state`` capability, so its items are skipped on a real phone.
"""

from __future__ import annotations

import json
from typing import Any

State = dict[str, Any]


def state_path(package: str) -> str:
    """Where the simulator keeps ``package``'s account state."""
    return f"/data/data/{package}/files/sim_account.json"


def loads(data: bytes) -> State:
    """The state in a store file's bytes (empty for an empty file)."""
    return json.loads(data) if data.strip() else {}


def dumps(state: State) -> bytes:
    """A store file's bytes for ``state`` (sorted keys: the same state, the same bytes)."""
    return json.dumps(state, sort_keys=True, indent=1).encode()


__all__ = ["State", "dumps", "loads", "state_path"]
