"""Slack's simulated workspace store on a device: seeding it and reading it (see :mod:`..android.slack`).

The store stands in for Slack's servers, so these helpers work on the simulator only (tasks using them declare
``sim_app_state``). Cross-app tasks seed "the Slack channel work" or "the user bob" with :func:`seed_slack`.
"""

from __future__ import annotations

from typing import Any

from pytest_mobileagent.android.slack import ME, PACKAGE, STORE, seed_statements
from pytest_mobileagent.device.base import Device


def seed_slack(device: Device, extra_channels: tuple[str, ...] = ()) -> None:
    """Reset the store to the seeded workspace (channels general, random, work, work-updates; users bob, alice and
    carol; their messages and files) plus ``extra_channels``, Slack stopped first."""
    device.stop_app(PACKAGE)
    for sql, params in seed_statements(extra_channels):
        device.sqlite(STORE, sql, params)


def query(device: Device, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    return device.sqlite(STORE, sql, params)


def channel_id(device: Device, name: str, workspace: int = 1) -> int | None:
    """The id of the public or private channel ``name`` of ``workspace``."""
    rows = query(device, "SELECT id FROM channels WHERE workspace_id = ? AND name = ?", (workspace, name))
    return rows[0][0] if rows else None


def dm_id(device: Device, user: str) -> int | None:
    """The id of the direct-message conversation with the user named ``user``."""
    rows = query(device, "SELECT c.id FROM channels c JOIN users u ON u.id = c.dm_user WHERE u.name = ?", (user,))
    return rows[0][0] if rows else None


def sent(device: Device, conversation: int) -> list[tuple[str, int | None]]:
    """``(text, file id)`` of the messages the signed-in user sent to ``conversation``, oldest first."""
    return [(r[0], r[1]) for r in query(device, "SELECT text, file_id FROM messages WHERE channel_id = ? AND "
                                                "user_id = ? ORDER BY ts, id", (conversation, ME))]


def draft(device: Device, conversation: int) -> tuple[str, int | None] | None:
    """The unsent ``(text, file id)`` of ``conversation``, if any."""
    rows = query(device, "SELECT text, file_id FROM drafts WHERE channel_id = ?", (conversation,))
    return (rows[0][0], rows[0][1]) if rows else None


def latest_file(device: Device) -> int:
    """The id of the most recently shared file of the workspace."""
    return query(device, "SELECT id FROM files ORDER BY ts DESC, id DESC LIMIT 1")[0][0]


def latest_message_from(device: Device, user: str) -> int:
    """The id of the most recent message of the user named ``user``."""
    return query(device, "SELECT m.id FROM messages m JOIN users u ON u.id = m.user_id WHERE u.name = ? "
                         "ORDER BY m.ts DESC, m.id DESC LIMIT 1", (user,))[0][0]


__all__ = ["channel_id", "dm_id", "draft", "latest_file", "latest_message_from", "query", "seed_slack", "sent"]
