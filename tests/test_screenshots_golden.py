"""Golden images: what each app's main screens look like, so a change to how they are drawn is seen and meant.

Each scene of :func:`tests.screens.scenes` (the launcher, every app opened by ``start_app`` on a fresh phone, and
a few reached screens: a menu, dialogs, the keyboard up, the dark theme) is drawn with ``MA_FONTS=packaged`` (only
the fonts pip installs, so every machine draws the same pixels: :mod:`mobileagent_sim.render.fonts`), halved, and
compared with ``tests/goldens/<scene>.png``: it matches when fewer than :data:`TOLERANCE` of its pixels differ by
more than :data:`DIFFERENCE` in a channel. To record them on purpose (after a change meant to alter the pictures)::

    pytest tests/test_screenshots_golden.py --ma-record-goldens      # or MA_RECORD_GOLDENS=1

On a mismatch the actual picture and an image of the differences are written to the test's temporary folder.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from mobileagent_sim import SimDevice
from mobileagent_sim.render import fonts
from tests.screens import scenes

GOLDENS = Path(__file__).parent / "goldens"
#: A pixel differs when a channel differs by more than this (0-255) ...
DIFFERENCE = 48
#: ... and a picture matches when fewer than this share of its pixels differ.
TOLERANCE = 0.005
RECORD_COMMAND = "pytest tests/test_screenshots_golden.py --ma-record-goldens"


SCENES = {scene.name: scene for scene in scenes()}


@pytest.fixture(scope="module")
def packaged_fonts() -> Iterator[None]:
    """``MA_FONTS=packaged`` while the module draws, the font choices made under it forgotten before and after."""
    before = os.environ.get("MA_FONTS")
    os.environ["MA_FONTS"] = "packaged"
    _forget_fonts()
    yield
    if before is None:
        del os.environ["MA_FONTS"]
    else:
        os.environ["MA_FONTS"] = before
    _forget_fonts()


def _forget_fonts() -> None:
    for value in vars(fonts).values():
        if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", "") == fonts.__name__:
            value.cache_clear()


@pytest.fixture(scope="module")
def fresh(packaged_fonts: None) -> Iterator[SimDevice]:
    with SimDevice(serial="goldens") as device:
        yield device


def recording(config: pytest.Config) -> bool:
    return bool(config.getoption("--ma-record-goldens")) or os.environ.get("MA_RECORD_GOLDENS") == "1"


def halved(png: bytes) -> Image.Image:
    """A screenshot at half its size (a box filter), as the goldens are kept."""
    return Image.open(io.BytesIO(png)).convert("RGB").reduce(2)


def differing(actual: Image.Image, golden: Image.Image) -> tuple[float, Image.Image]:
    """The share of pixels differing by more than :data:`DIFFERENCE`, and a mask of them (white)."""
    diff = ImageChops.difference(actual, golden)
    worst = ImageChops.lighter(ImageChops.lighter(*diff.split()[:2]), diff.split()[2])
    mask = worst.point(lambda p: 255 if p > DIFFERENCE else 0)
    return mask.histogram()[255] / (mask.width * mask.height), mask


def diff_image(actual: Image.Image, golden: Image.Image, mask: Image.Image) -> Image.Image:
    """The golden, faded, with the differing pixels in red; beside it the actual picture."""
    faded = Image.blend(golden, Image.new("RGB", golden.size, (255, 255, 255)), 0.6)
    faded.paste((255, 0, 0), mask=mask)
    out = Image.new("RGB", (golden.width * 2, golden.height), (255, 255, 255))
    out.paste(faded, (0, 0))
    out.paste(actual, (golden.width, 0))
    return out


def compare(name: str, actual: Image.Image, record: bool, scratch: Path, folder: Path = GOLDENS) -> None:
    """``actual`` against ``folder/<name>.png`` (or saved there, when recording)."""
    golden = folder / f"{name}.png"
    if record:
        folder.mkdir(exist_ok=True)
        actual.save(golden, optimize=True)
        return
    if not golden.is_file():
        pytest.fail(f"no golden image {golden}: record it with {RECORD_COMMAND} -k {name!r}")
    with Image.open(golden) as stored:
        expected = stored.convert("RGB")
    if expected.size != actual.size:
        actual.save(scratch / f"{name}.actual.png")
        pytest.fail(f"{name}: drawn {actual.size}, golden {expected.size}; actual in {scratch}")
    share, mask = differing(actual, expected)
    if share >= TOLERANCE:
        actual.save(scratch / f"{name}.actual.png")
        diff_image(actual, expected, mask).save(scratch / f"{name}.diff.png")
        pytest.fail(f"{name}: {share:.2%} of pixels differ from {golden} (tolerance {TOLERANCE:.1%}); the actual "
                    f"picture and the differences are in {scratch} ({name}.actual.png, {name}.diff.png); if the "
                    f"change is meant, record it with {RECORD_COMMAND} -k {name!r}")


@pytest.mark.parametrize("name", sorted(SCENES))
def test_screen_matches_its_golden(name: str, fresh: SimDevice, request: pytest.FixtureRequest,
                                   tmp_path: Path) -> None:
    compare(name, halved(SCENES[name].draw(fresh)), recording(request.config), tmp_path)


# -- the comparison's own proofs -----------------------------------------------------------------------------


def test_a_small_change_passes_and_a_real_one_fails(tmp_path: Path) -> None:
    base = Image.new("RGB", (100, 100), (255, 255, 255))
    speck = base.copy()
    speck.paste((0, 0, 0), (0, 0, 4, 4))  # 0.16 % of the pixels
    assert differing(speck, base)[0] < TOLERANCE
    faint = base.copy()
    faint.paste((220, 220, 220), (0, 0, 50, 50))  # a quarter of the pixels, but by less than the threshold
    assert differing(faint, base)[0] == 0
    moved = base.copy()
    moved.paste((0, 0, 0), (0, 0, 10, 10))
    assert differing(moved, base)[0] >= TOLERANCE
    compare("g", base, True, tmp_path, tmp_path / "goldens")
    compare("g", speck, False, tmp_path, tmp_path / "goldens")
    with pytest.raises(pytest.fail.Exception, match="differ"):
        compare("g", moved, False, tmp_path, tmp_path / "goldens")
    assert (tmp_path / "g.diff.png").is_file() and (tmp_path / "g.actual.png").is_file()


def test_a_missing_golden_says_how_to_record_it(tmp_path: Path) -> None:
    with pytest.raises(pytest.fail.Exception, match="--ma-record-goldens"):
        compare("no-such-scene", Image.new("RGB", (4, 4)), False, tmp_path, tmp_path)
