"""A simulated app's account state (:mod:`pytest_mobileagent.android.account_state`): load it, change it, save it."""

from __future__ import annotations

import copy
from collections.abc import Callable

from mobileagent_sim.app import App
from pytest_mobileagent.android.account_state import State, dumps, loads, state_path


def load(app: App, default: Callable[[], State]) -> State:
    """``app``'s account state; ``default()`` (a fresh account) when none is stored."""
    path = state_path(app.package)
    fs = app.system.fs
    return loads(fs.read(path)) if fs.exists(path) else copy.deepcopy(default())


def save(app: App, state: State) -> None:
    """Store ``app``'s account state."""
    app.system.fs.write(state_path(app.package), dumps(state))


__all__ = ["load", "save"]
