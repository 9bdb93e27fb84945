"""Apps' account state on the simulator (:mod:`pytest_mobileagent.android.account_state`): seed it, read it."""

from __future__ import annotations

from pytest_mobileagent.android.account_state import State, dumps, loads, state_path
from pytest_mobileagent.device.base import Device


def read_state(device: Device, package: str) -> State:
    """``package``'s account state (empty when the app has stored none)."""
    path = state_path(package)
    return loads(device.read_file(path)) if device.exists(path) else {}


def write_state(device: Device, package: str, state: State) -> None:
    """Replace ``package``'s account state (the app is stopped first, as for any seeded store)."""
    device.stop_app(package)
    device.write_file(state_path(package), dumps(state))


__all__ = ["read_state", "write_state"]
