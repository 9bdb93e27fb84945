"""Simple Gallery Pro: folders with photos, copy/move through the selection menu, photos drawn in the viewer."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from mobileagent_sim import SimDevice
from pytest_mobileagent.android.media import jpeg_with_text
from suites.androidworld.receipts import receipt_lines
from suites.androidworld.tasks_gallery import SaveCopyOfReceiptTaskEval
from tests.screen import elements, find, tap

RECEIPT = {"shop": "Corner Market", "date": "2023-10-12", "items": [("Apples", 320), ("Bread", 250)], "total": 570}


def task(d: SimDevice) -> SaveCopyOfReceiptTaskEval:
    t = SaveCopyOfReceiptTaskEval({"file_name": "receipt_calm_123.jpg", "receipt": RECEIPT,
                                   "other_photos": ["IMG_0412.jpg"]})
    t.setup(d)
    return t


def test_receipt_lines_carry_prices_and_total() -> None:
    assert receipt_lines(RECEIPT)[-1].split() == ["TOTAL", "5.70"]
    assert "Apples" in receipt_lines(RECEIPT)[3]


def test_folders_then_copy_to_download(d: SimDevice) -> None:
    task(d)
    d.start_app("com.simplemobiletools.gallery.pro")
    assert find(d, text="DCIM") and find(d, rid="photo_cnt").text == "2"
    tap(d, text="DCIM")
    d.long_press(*find(d, text="receipt_calm_123.jpg").center)
    tap(d, desc="More options")
    tap(d, text="Copy to")
    assert find(d, text="Select destination") and not any(e.text == "Download" for e in elements(d))
    tap(d, text="Other folder")  # Download holds no media: the file picker reaches it
    while not any(e.text == "Download" for e in elements(d)):
        d.swipe(540, 1500, 540, 1100)
    tap(d, text="Download")
    tap(d, text="OK")
    assert d.read_file("/sdcard/Download/receipt_calm_123.jpg") == d.read_file("/sdcard/DCIM/receipt_calm_123.jpg")


def test_viewer_draws_the_photo(d: SimDevice) -> None:
    d.write_file("/sdcard/Pictures/note.jpg", jpeg_with_text(["HELLO"] * 3))
    d.start_app("com.simplemobiletools.gallery.pro")
    tap(d, text="Pictures")
    tap(d, text="note.jpg")
    shot = Image.open(io.BytesIO(d.screenshot())).convert("L")
    viewer = find(d, rid="gestures_view").bounds
    dark = sum(shot.crop(viewer).histogram()[:80])
    assert dark > 500  # printed text from the photo, not an empty frame


@pytest.mark.parametrize("mistake", [None, "moved", "other bytes", "extra file", "other name"])
def test_copy_check(d: SimDevice, mistake: str | None) -> None:
    t = task(d)
    src = "/sdcard/DCIM/receipt_calm_123.jpg"
    data = d.read_file(src)
    name = "receipt_calm_124.jpg" if mistake == "other name" else "receipt_calm_123.jpg"
    d.write_file(f"/sdcard/Download/{name}", data + b"x" if mistake == "other bytes" else data)
    if mistake == "moved":
        d.remove(src)
    if mistake == "extra file":
        d.write_file("/sdcard/Download/IMG_0412.jpg", b"x")
    assert t.check(d) == (1.0 if mistake is None else 0.0)
