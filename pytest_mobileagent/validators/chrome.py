"""Chrome's browsing history on a device: seeding it and reading it (the profile's ``History`` database)."""

from __future__ import annotations

import datetime as dt

from pytest_mobileagent.android.chrome import HISTORY_DB, PACKAGE, chrome_time
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.validators.state import insert_rows


def seed_history(device: Device, pages: list[tuple[str, str, dt.datetime]]) -> None:
    """Replace the history by ``(url, title, last visit)`` pages, one visit each (Chrome stopped first)."""
    device.stop_app(PACKAGE)
    device.sqlite(HISTORY_DB, "DELETE FROM visits")
    device.sqlite(HISTORY_DB, "DELETE FROM urls")
    insert_rows(device, HISTORY_DB, "urls", [
        {"id": i, "url": url, "title": title, "visit_count": 1, "last_visit_time": chrome_time(when)}
        for i, (url, title, when) in enumerate(pages, 1)])
    insert_rows(device, HISTORY_DB, "visits", [
        {"url": i, "visit_time": chrome_time(when), "transition": 1} for i, (_, _, when) in enumerate(pages, 1)])


def history_urls(device: Device) -> list[str]:
    """The addresses in the history, most recently visited first."""
    return [r[0] for r in device.sqlite(HISTORY_DB, "SELECT url FROM urls ORDER BY last_visit_time DESC, id DESC")]


__all__ = ["history_urls", "seed_history"]
