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
    x1, y1, x2, y2 = viewer = find(d, rid="gestures_view").bounds
    assert (x1, x2) == (0, shot.width) and y2 - y1 > shot.height * 0.8  # the pager fills the screen
    middle = shot.crop((x1, (y1 + y2) // 2, x2, (y1 + y2) // 2 + 1)).histogram()
    assert sum(middle[200:]) > 0.85 * shot.width  # the white paper fills its width (fitCenter), not its pixel size
    dark = sum(shot.crop(viewer).histogram()[:80])
    assert dark > 500  # printed text from the photo, not an empty frame


def test_grids_show_thumbnails_cut_to_squares(d: SimDevice) -> None:
    d.write_file("/sdcard/Pictures/red.png", _png((255, 0, 0), (400, 100)))
    d.write_file("/sdcard/Pictures/blue.png", _png((0, 0, 255), (100, 400)))
    d.start_app("com.simplemobiletools.gallery.pro")
    shot = Image.open(io.BytesIO(d.screenshot())).convert("RGB")
    tile = find(d, rid="dir_thumbnail").bounds
    assert tile[2] - tile[0] == shot.width // 2 and abs((tile[3] - tile[1]) - (tile[2] - tile[0])) <= 2
    assert _share(shot.crop(tile), lambda p: p[2] > 200 and p[0] < 60) > 0.6  # the newest photo, cropped to fill
    tap(d, text="Pictures")
    shot = Image.open(io.BytesIO(d.screenshot())).convert("RGB")
    tiles = [e.bounds for e in elements(d) if e.resource_name == "medium_thumbnail"]
    assert len(tiles) == 2 and all(abs((b[2] - b[0]) - shot.width // 3) <= 2 for b in tiles)
    colours = {(p[0] > 200, p[2] > 200) for p in (shot.getpixel(((b[0] + b[2]) // 2, (b[1] + b[3]) // 2))
                                                    for b in tiles)}
    assert colours == {(True, False), (False, True)}  # each tile its own picture


def _png(color: tuple[int, int, int], size: tuple[int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, "PNG")
    return out.getvalue()


def _share(image: Image.Image, test) -> float:
    pixels = [image.getpixel((x, y)) for x in range(0, image.width, 4) for y in range(0, image.height, 4)]
    return sum(1 for p in pixels if test(p)) / len(pixels)


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
