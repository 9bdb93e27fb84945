"""The screenshots are legible: what the tree says a screen shows as text, OCR reads off its pixels (issue 39).

Each screen the suites' oracles reach (:mod:`tests.screens`) is read with Tesseract (Debian ``tesseract-ocr``,
its command line): every visible text node's bounds are cut out (as dark ink on white, whatever the colours;
small ones scaled up) and one Tesseract process reads all the cut-outs of a screen, a page each; each node's
reading is matched, normalized, against its text line by line (a fuzzy ratio of at least :data:`RATIO`; where the
screen cuts a line, its start: four characters or more before an ellipsis, eight without one). At least
:data:`RECALL` of the visible lines must be found, and every text an information-retrieval oracle answers from
(a visible line holding a part of its answer, on a screen its episode showed). Skipped without ``tesseract``.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import tempfile
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import cache
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageOps

from tests.screens import Answer, Drawn, Shot, Walk, task_params, walk_of, walk_sample

pytestmark = pytest.mark.skipif(shutil.which("tesseract") is None,
                                reason="needs Tesseract (Debian: apt-get install tesseract-ocr)")

#: A line is found when the OCR of its node matches it by at least this ratio (difflib, normalized text).
RATIO = 0.8
#: The share of a screen set's visible text lines that must be found.
RECALL = 0.95
#: What one task's screens must reach: a screen drawing no text, or a broken font, falls far below.
TASK_RECALL = 0.6
#: A text node shown less than this many pixels high is a sliver of a line cut by the screen's edge.
SLIVER = 20
#: The overall recall is measured on one task in this many.
OVERALL_EVERY = 6
#: A row or column of a cut-out inked over more than this share of its length is a rule, not text.
RULE = 0.6
#: ... when it lies within this share of the height from the top or bottom (a quarter of that from the sides).
EDGE = 0.2
#: White around each cut-out (pixels).
PAD = 12
#: Cut-outs lower than twice this are scaled up to it; nodes lower than three times it are read as one line.
MIN_HEIGHT = 40
#: One task in this many is OCR'd in the README's test command (Tesseract takes about a second a screen).
EVERY = 48
#: Nodes whose text the renderer draws as something else (a video frame's caption is its ``icon``).
NOT_TEXT_STYLES = frozenset({"videoframe", "canvas"})


def normalized(text: str) -> str:
    """Lower case, letters and digits only, single spaces (what OCR can be held to)."""
    return " ".join(re.sub(r"[^\w]+", " ", text.casefold().replace("_", " ")).split())


def matches(expected: str, read: str, cut: bool = True) -> bool:
    """Whether ``read`` (the OCR of a node) shows the line ``expected``: whole, within more text, or, where the
    screen cuts it (unless ``cut`` is False), its start: four characters or more before an ellipsis, eight
    without one."""
    want, got = normalized(expected), normalized(read)
    if not want:
        return True
    if want in got or SequenceMatcher(None, want, got).ratio() >= RATIO:
        return True
    words, n = got.split(), len(want.split())
    for size in {max(1, n - 1), n, n + 1}:  # the best window of about the line's words, within a longer read
        for i in range(max(1, len(words) - size + 1)):
            if SequenceMatcher(None, want, " ".join(words[i:i + size])).ratio() >= RATIO:
                return True
    if not cut:
        return False
    shown = normalized(read.rstrip().rstrip(".\u2026"))
    elided = read.rstrip().endswith(("...", "\u2026")) and len(shown) >= 4
    return (elided or len(shown) >= min(8, len(want))) and SequenceMatcher(
        None, want[:len(shown)], shown).ratio() >= RATIO


def text_nodes(shot: Shot) -> list[Drawn]:
    """The visible nodes with text of a screen (a switch's ON/OFF is its state, which a Material switch does not
    draw: SwitchCompat's and SwitchMaterial's ``showText`` is false by default), less a sliver the screen's edge
    leaves of a text (a few pixels of a row under the navigation bar: no eye reads it there, on a phone either)."""
    return [n for n in shot.nodes if n.visible and n.text.strip() and n.style not in NOT_TEXT_STYLES
            and n.bounds[3] - n.bounds[1] >= SLIVER
            and not set(n.text) <= {"\u2022"} and not (n.cls == "Switch" and n.text in ("ON", "OFF"))]


def lines_of(node: Drawn) -> list[str]:
    return [line for line in node.text.splitlines() if normalized(line)]


def _cut(image: Image.Image, bounds: tuple[int, int, int, int]) -> Image.Image:
    """A node's bounds from the screenshot as dark ink on white, padded: each pixel as dark as it differs from the
    node's ground (its most common grey), so light text on a dark button reads as dark text on a light one. When
    the ground is a shape inset in the bounds (a button's pill, a chip), only the inside of the shape is kept."""
    grey = image.crop(bounds).convert("L")
    ground = max((count, value) for value, count in enumerate(grey.histogram()))[1]
    diff = ImageChops.difference(grey, Image.new("L", grey.size, ground))
    shape = ImageOps.invert(diff.point(lambda p: 255 if p > 12 else 0)).getbbox()
    if shape is not None and shape != (0, 0, grey.width, grey.height):
        x1, y1, x2, y2 = shape
        inside = Image.new("L", grey.size, 0)
        ImageDraw.Draw(inside).rounded_rectangle((x1 + 2, y1 + 2, x2 - 3, y2 - 3), radius=min(x2 - x1, y2 - y1) // 2,
                                                 fill=255)
        diff = Image.composite(diff, inside, inside).crop(shape)
    ink = ImageOps.invert(ImageOps.autocontrast(_without_rules(diff)))
    out = Image.new("L", (ink.width + 2 * PAD, ink.height + 2 * PAD), 255)
    out.paste(ink, (PAD, PAD))
    return out


def _without_rules(diff: Image.Image) -> Image.Image:
    """``diff`` without its rules: rows near its top or bottom and columns near its sides inked over most of their
    length (a text field's outline, an underline), where no stroke of a line of text is that long."""
    inked = diff.point(lambda p: 255 if p > 48 else 0)
    rows = inked.resize((1, diff.height), Image.Resampling.BOX).tobytes()
    cols = inked.resize((diff.width, 1), Image.Resampling.BOX).tobytes()
    out = diff.copy()
    for y, share in enumerate(rows):
        if share > RULE * 255 and min(y, diff.height - 1 - y) < diff.height * EDGE:
            out.paste(0, (0, y, diff.width, y + 1))
    for x, share in enumerate(cols):
        if share > RULE * 255 and min(x, diff.width - 1 - x) < diff.width * EDGE / 4:
            out.paste(0, (x, 0, x + 1, diff.height))
    return out


def _tesseract(pages: list[Image.Image], psm: int) -> dict[int, str]:
    """Tesseract's reading of each of ``pages`` (one process for all: it takes a list of image files), by index."""
    if not pages:
        return {}
    with tempfile.TemporaryDirectory() as scratch:
        paths = []
        for i, page in enumerate(pages):
            paths.append(Path(scratch, f"{i:04d}.png"))
            page.save(paths[-1])
        listing = Path(scratch, "pages.txt")
        listing.write_text("\n".join(map(str, paths)) + "\n")
        tsv = subprocess.run(["tesseract", str(listing), "stdout", "--psm", str(psm), "-l", "eng", "tsv"],
                             capture_output=True, text=True, check=True, timeout=600).stdout
    words: dict[int, list[str]] = defaultdict(list)
    for row in tsv.splitlines()[1:]:
        cols = row.split("\t")
        if len(cols) == 12 and cols[0] == "5" and cols[11].strip():
            words[int(cols[1]) - 1].append(cols[11])
    return {i: " ".join(w) for i, w in words.items()}


def _inked_bands(cut: Image.Image) -> int:
    """How many lines of text a cut-out holds: the bands of rows with ink, parted by blank rows."""
    rows = cut.point(lambda p: 255 if p < 128 else 0).resize((1, cut.height), Image.Resampling.BOX).tobytes()
    bands, inked = 0, False
    for share in rows:
        if share and not inked:
            bands += 1
        inked = bool(share)
    return bands


def _page(cut: Image.Image) -> Image.Image:
    """A cut-out as Tesseract reads it best: text about 40 pixels high or more (small cut-outs scaled up)."""
    if cut.height < 2 * MIN_HEIGHT:
        factor = 2 * MIN_HEIGHT / cut.height
        cut = cut.resize((round(cut.width * factor), round(cut.height * factor)), Image.Resampling.LANCZOS)
    return cut


@cache
def read(shot: Shot) -> dict[int, str]:
    """What OCR reads in each text node of ``shot``, by the node's index in :func:`text_nodes`: a cut-out with one
    band of ink as a line (page segmentation mode 7), wrapped text as a block (mode 6)."""
    nodes = text_nodes(shot)
    if not nodes:
        return {}
    image = Image.open(io.BytesIO(shot.png)).convert("RGB")
    cuts = [_cut(image, n.bounds) for n in nodes]
    pages = [_page(cut) for cut in cuts]
    single = [i for i, cut in enumerate(cuts) if _inked_bands(cut) <= 1]
    block = [i for i in range(len(nodes)) if i not in set(single)]
    out: dict[int, str] = {}
    for indices, psm in ((single, 7), (block, 6)):
        got = _tesseract([pages[i] for i in indices], psm)
        out.update({indices[k]: text for k, text in got.items()})
    return out


@dataclass(frozen=True)
class Line:
    """One visible text line of a screen, and whether OCR found it."""

    shot: str
    package: str
    text: str
    found: bool
    read: str  # what OCR read in the line's node


def lines(shot: Shot) -> list[Line]:
    got = read(shot)
    return [Line(shot.name, node.package, line, matches(line, got.get(i, "")), got.get(i, ""))
            for i, node in enumerate(text_nodes(shot)) for line in lines_of(node)]


def answer_parts(answer: str) -> list[str]:
    """The parts of an answer a screen may show: its comma-separated values."""
    return [p.strip() for p in re.split(r"[,;\n]", answer) if len(normalized(p)) >= 2]


def unread_answers(walk: Walk) -> list[str]:
    """The parts of information-retrieval oracles' answers that a screen of their episode shows as text (a visible
    line holding the part) but no screen shows legibly in full (a cut line's start is not enough to answer from)."""
    out = []
    for answer in walk.answers:
        for part in answer_parts(answer.text):
            want = re.compile(rf"(?<!\w){re.escape(normalized(part))}(?!\w)")
            holding = [line for shot in answer.shots for line in lines(shot) if want.search(normalized(line.text))]
            if holding and not any(matches(part, line.read, cut=False) for line in holding):
                out.append(f"{answer.task}: answer part {part!r} shown in {holding[0].shot} as {holding[0].text!r}, "
                           f"read as {holding[0].read!r}")
    return out


def recall_per_app(all_lines: Iterable[Line]) -> dict[str, tuple[int, int]]:
    table: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for line in all_lines:
        table[line.package][0] += line.found
        table[line.package][1] += 1
    return {app: (found, total) for app, (found, total) in table.items()}


def report(table: dict[str, tuple[int, int]]) -> str:
    rows = [f"{'app':<44} {'found':>6} / lines  recall"]
    for app, (found, total) in sorted(table.items()):
        rows.append(f"{app:<44} {found:>6} / {total:<5}  {found / total:.1%}")
    found, total = sum(f for f, _ in table.values()), sum(t for _, t in table.values())
    rows.append(f"{'all':<44} {found:>6} / {total:<5}  {found / max(1, total):.1%}")
    return "\n".join(rows)


def judge(walk: Walk, recall: float = RECALL) -> None:
    """Assert ``recall`` of the walk's visible lines found, and every line an oracle's answer was read from."""
    all_lines = [line for shot in walk.shots for line in lines(shot)]
    table = recall_per_app(all_lines)
    print("\n" + report(table))
    missed = [f"{line.shot} ({line.package}): {line.text!r} read as {line.read!r}"
              for line in all_lines if not line.found]
    found = sum(line.found for line in all_lines)
    assert found >= recall * len(all_lines), (f"{found} of {len(all_lines)} visible lines read\n"
                                              + report(table) + "\n" + "\n".join(missed[:60]))
    unread = unread_answers(walk)
    assert not unread, "text an oracle answers from is not legible:\n" + "\n".join(unread)


# -- the instrument's own proofs ------------------------------------------------------------------------------


def test_matching_is_fuzzy_but_not_lax() -> None:
    assert matches("Wi-Fi", "Wi-Fi")
    assert matches("Display size and text", "Display size and tex1")
    assert matches("Battery", "| Battery 100%")
    assert matches("A very long subject line that the screen cuts", "A very long subj…")
    assert not matches("Bluetooth", "Battery")
    assert not matches("Network & internet", "")
    assert not matches("Connected devices", "Conn")
    assert matches("Wine tasting", "Wine t...") and not matches("Wine tasting", "Wine t...", cut=False)


def _text_shot() -> Shot:
    """A screen drawn by the typesetter: dark text on white, light text on dark, and a node whose text is not
    drawn at all."""
    from PIL import ImageDraw

    from mobileagent_sim.render.text import Appearance, Typesetter

    img = Image.new("RGB", (1080, 400), (255, 255, 255))
    draw = ImageDraw.Draw(img)
    Typesetter(img, draw, 2.625).block((0, 0, 1080, 120), "Network & internet", Appearance(16), (28, 27, 31))
    draw.rectangle((0, 200, 1080, 320), fill=(32, 33, 36))
    Typesetter(img, draw, 2.625).block((0, 200, 1080, 320), "Dark mode", Appearance(16), (232, 234, 237))
    png = io.BytesIO()
    img.save(png, "PNG")
    nodes = (Drawn("TextView", "Network & internet", True, "", "", "", "", False, "app", (0, 0, 1080, 120), True,
                   "main"),
             Drawn("TextView", "Dark mode", True, "", "", "", "", False, "app", (0, 200, 1080, 320), True, "main"),
             Drawn("TextView", "Not drawn at all", True, "", "", "", "", False, "app", (0, 120, 1080, 200), True,
                   "main"))
    return Shot("proof", 0, "app", "main", "", png.getvalue(), nodes)


def test_ocr_reads_the_drawn_text_and_not_what_is_not_drawn() -> None:
    assert [line.found for line in lines(_text_shot())] == [True, True, False]


def test_an_answer_read_off_text_the_screen_does_not_draw_is_found_out() -> None:
    shot = _text_shot()
    walk = Walk((shot,), (Answer("proof", "Dark mode, Not drawn at all, 42", (shot,)),))
    assert len(unread_answers(walk)) == 1 and "'Not drawn at all'" in unread_answers(walk)[0]


# -- the screens --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("task", task_params(EVERY))
def test_screens_are_legible(task: str) -> None:
    """Each task: every text its oracle answers from is legible, and most of its screens' text (a task of few
    screens is judged on few lines: :func:`test_the_screens_are_legible_overall` holds the 95 %)."""
    judge(walk_of(task), TASK_RECALL)


@pytest.mark.compat
def test_the_screens_are_legible_overall() -> None:
    """:data:`RECALL` of the visible lines of the screens of one task in :data:`OVERALL_EVERY` (about 70 tasks,
    3,000 lines: the recall of every screen within a point, in a sixth of the time)."""
    judge(walk_sample(OVERALL_EVERY))
