"""Gmail's mail store, settings and screens on a device: read, seed and check them.

The store and the settings file are the simulator's documented ones (:mod:`pytest_mobileagent.android.gmail`):
the real app keeps mail on Google's servers, so checks on them need the ``sim_app_state`` capability. The
screen readers (:func:`search_shown`, :func:`compose_shown`, :func:`conversation_shown`) read the UI tree.
Seeders are single calls so that cross-app tasks can seed "the email titled 'meeting details'" too.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from pytest_mobileagent.android import gmail
from pytest_mobileagent.android.gmail import COLUMNS, MAIL_DB, Message
from pytest_mobileagent.android.ui_tree import UIElement, ui_elements
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.validators.shared_prefs import read_prefs, update_prefs
from pytest_mobileagent.validators.state import insert_rows, table_rows


def messages(device: Device, where: Callable[[Message], bool] = lambda m: True) -> list[Message]:
    """The store's messages passing ``where``, newest first."""
    rows = table_rows(device, MAIL_DB, "messages", ", ".join(COLUMNS) + " ", "1 ORDER BY date_ms DESC, _id DESC")
    return [m for m in map(Message.from_row, rows) if where(m)]


def latest(device: Device, where: Callable[[Message], bool]) -> Message | None:
    """The newest message passing ``where``."""
    found = messages(device, where)
    return found[0] if found else None


def from_google(m: Message) -> bool:
    """Received from Google (its account address or a google.com sender), not in Trash."""
    return gmail.TRASH not in m.labels and gmail.DRAFT not in m.labels and gmail.SENT not in m.labels \
        and (m.from_address == gmail.GOOGLE_ADDRESS or m.from_name == "Google")


def draft_to(address: str) -> Callable[[Message], bool]:
    return lambda m: gmail.DRAFT in m.labels and address.lower() in m.to.lower()


def add_message(device: Device, *, to: str, subject: str, body: str, when: dt.datetime, labels: str,
                from_name: str = "Me", from_address: str = gmail.ACCOUNT, attachments: tuple[str, ...] = ()) -> None:
    """Store one message (a draft: ``labels=gmail.DRAFT``; received mail: ``gmail.INBOX_LABEL``...)."""
    insert_rows(device, MAIL_DB, "messages", [{
        "from_name": from_name, "from_address": from_address, "to_addresses": to, "subject": subject, "body": body,
        "date_ms": int(when.timestamp() * 1000), "labels": labels, "attachments": "\n".join(attachments)}])


def seed_draft(device: Device, to: str, subject: str, body: str, when: dt.datetime) -> None:
    """A saved draft from the account (e.g. "meeting details" to bob@example.com)."""
    add_message(device, to=to, subject=subject, body=body, when=when, labels=gmail.DRAFT)


def set_labels(device: Device, message_id: int, labels: frozenset[str] | set[str]) -> None:
    device.sqlite(MAIL_DB, "UPDATE messages SET labels = ? WHERE _id = ?", (" ".join(sorted(labels)), message_id))


def delete_where(device: Device, where: Callable[[Message], bool]) -> None:
    """Remove the messages passing ``where`` (to make room for a task's own)."""
    for m in messages(device, where):
        device.sqlite(MAIL_DB, "DELETE FROM messages WHERE _id = ?", (m.id,))


def setting(device: Device, name: str) -> str:
    """A setting's stored value (``theme``, ``density``, ``notifications``: see ``gmail.CHOICES``)."""
    return str(read_prefs(device, gmail.PREFS_PATH).get(gmail.PREF_KEYS[name], gmail.DEFAULTS[name]))


def put_setting(device: Device, name: str, value: str) -> None:
    update_prefs(device, gmail.PREFS_PATH, {gmail.PREF_KEYS[name]: value})


def in_front(device: Device, activity: str = "") -> bool:
    package, shown = device.current_activity()
    return package == gmail.PACKAGE and (not activity or shown == activity)


def _screen(device: Device) -> list[UIElement]:
    return ui_elements(device.hierarchy())


def _by_id(elements: list[UIElement], rid: str) -> list[UIElement]:
    return [e for e in elements if e.resource_name == rid]


def search_shown(device: Device) -> str | None:
    """The query whose results Gmail shows (the results' search bar), or None."""
    if not in_front(device, gmail.MAIN_ACTIVITY):
        return None
    els = _screen(device)
    if not any(e.text == "Search results" for e in _by_id(els, "folder_name")):
        return None
    bar = _by_id(els, "open_search")
    return bar[0].text if bar else None


def compose_shown(device: Device) -> dict[str, str] | None:
    """The compose screen's to, subject, body and attachments (newline-separated), or None."""
    if not in_front(device, gmail.COMPOSE_ACTIVITY):
        return None
    els = _screen(device)

    def text(rid: str) -> str:
        found = [e for e in _by_id(els, rid) if e.editable]
        return found[0].text if found else ""
    return {"to": text("to"), "subject": text("subject"), "body": text("body"),
            "attachments": "\n".join(e.text for e in _by_id(els, "attachment_name"))}


def conversation_shown(device: Device) -> str | None:
    """The subject of the conversation Gmail shows, or None."""
    if not in_front(device, gmail.MAIN_ACTIVITY):
        return None
    found = _by_id(_screen(device), "subject_and_folder_view")
    return found[0].text if found else None


__all__ = [
    "add_message", "compose_shown", "conversation_shown", "delete_where", "draft_to", "from_google", "in_front",
    "latest", "messages", "put_setting", "search_shown", "seed_draft", "set_labels", "setting",
]
