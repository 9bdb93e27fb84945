"""RoleManager's role holders (default apps) on a device, read and set in the permission module's ``roles.xml``
(root), as :mod:`pytest_mobileagent.android.settings_app` describes it."""

from __future__ import annotations

from pytest_mobileagent.android.settings_app import BROWSER_ROLE, ROLES_XML, role_holders, with_role_holders
from pytest_mobileagent.device.base import Device

BROWSER = BROWSER_ROLE


def _xml(device: Device) -> bytes | None:
    return device.read_file(ROLES_XML) if device.exists(ROLES_XML) else None


def holders(device: Device, role: str) -> list[str]:
    """The packages holding ``role``."""
    return role_holders(_xml(device), role)


def set_holders(device: Device, role: str, packages: list[str]) -> None:
    """Make ``packages`` the holders of ``role`` (none: nobody holds it)."""
    device.write_file(ROLES_XML, with_role_holders(_xml(device), role, packages))


__all__ = ["BROWSER", "holders", "set_holders"]
