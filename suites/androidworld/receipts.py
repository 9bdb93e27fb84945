"""Receipts as AndroidWorld's image tasks use them: a shop, a date, items with prices and a total, as a photo.

The photo is a JPEG of printed lines (:func:`~pytest_mobileagent.android.media.jpeg_with_text`), so a
multimodal agent can read it from the gallery viewer's screenshot.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.android.media import jpeg_with_text

SHOPS = ("Corner Market", "Green Leaf Grocers", "Hardware Hub", "Daily Bread Bakery", "City Pharmacy",
         "Book Nook", "Fresh Fields")
ITEMS = ("Apples", "Whole milk", "Sourdough loaf", "AA batteries", "Paper towels", "Olive oil", "Coffee beans",
         "Notebook", "Light bulb", "Toothpaste", "Cheddar", "Bananas", "Screwdriver set", "Green tea")
FROZEN_DAY = dt.date(2023, 10, 15)


@st.composite
def receipts(draw: Any) -> dict[str, Any]:
    """A receipt: shop, date (within the last month), 2 to 5 items with prices in cents, total."""
    names = draw(st.lists(st.sampled_from(ITEMS), min_size=2, max_size=5, unique=True))
    items = [(n, draw(st.integers(99, 4999))) for n in names]
    day = FROZEN_DAY - dt.timedelta(days=draw(st.integers(0, 30)))
    return {"shop": draw(st.sampled_from(SHOPS)), "date": day.isoformat(), "items": items,
            "total": sum(c for _, c in items)}


def money(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


def receipt_lines(receipt: dict[str, Any]) -> list[str]:
    lines = [receipt["shop"].upper(), f"Date: {receipt['date']}", ""]
    lines += [f"{name:<22}{money(cents):>8}" for name, cents in receipt["items"]]
    return [*lines, "", f"{'TOTAL':<22}{money(receipt['total']):>8}"]


def receipt_jpeg(receipt: dict[str, Any]) -> bytes:
    return jpeg_with_text(receipt_lines(receipt))
