"""Icon-only buttons that mean different things look different (issue 39: vision agents act from the pixels).

On every screen the suites' oracles reach (:mod:`tests.screens`), no two visible clickable icon-only views
(:attr:`tests.screens.Drawn.icon_only`) of different meaning (content description, else resource id) are drawn
with the same pixels: each view's crop is cut to its ink (what differs from the crop's most common colour), and
two inks are the same when their shapes, scaled to one size, differ on almost no pixel and their sizes match.
Views that share a resource id are one control repeated (each row's "More options") and never clash.
"""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

import pytest
from PIL import Image, ImageChops

from tests.screens import Drawn, Shot, alike_in_the_real_app, task_params, walk_all, walk_of

#: A pixel is ink when it differs from the background by more than this (0-255, largest channel).
INK = 40
#: Inks are compared at this size (pixels a side).
SIDE = 32
#: Two inks are the same when fewer than this share of their scaled masks' pixels differ by more than a quarter
#: of the range (a ring with a B and a ring with an S differ on about 3 %), and their sizes by less than 10 %.
SAME = 0.01


@dataclass(frozen=True)
class Ink:
    """An icon's ink: its size in pixels, and how far each pixel is from the ground, scaled to ``SIDE`` a side."""

    size: tuple[int, int]
    mask: bytes

    def same_as(self, other: Ink) -> bool:
        if not self.size or not other.size:
            return self.size == other.size  # two blank crops are the same picture
        w, h = self.size
        ow, oh = other.size
        if abs(w - ow) > 0.1 * max(w, ow) + 1 or abs(h - oh) > 0.1 * max(h, oh) + 1:
            return False
        return sum(abs(a - b) > 64 for a, b in zip(self.mask, other.mask)) < SAME * len(self.mask)


def ink_of(image: Image.Image, bounds: tuple[int, int, int, int]) -> Ink:
    """The ink inside ``bounds`` of the screenshot ``image``."""
    crop = image.crop(bounds)
    colors = crop.getcolors(crop.width * crop.height) or [(1, crop.getpixel((0, 0)))]
    background = max(colors)[1]
    bands = ImageChops.difference(crop, Image.new("RGB", crop.size, background)).split()
    diff = ImageChops.lighter(ImageChops.lighter(bands[0], bands[1]), bands[2])
    box = diff.point(lambda p: 255 if p > INK else 0).getbbox()
    if box is None:
        return Ink((), b"")
    shape = diff.crop(box).resize((SIDE, SIDE), Image.Resampling.BILINEAR)
    return Ink((box[2] - box[0], box[3] - box[1]), shape.tobytes())


def icon_views(shot: Shot) -> list[Drawn]:
    """The visible clickable icon-only views of a screen."""
    return [n for n in shot.nodes if n.visible and n.icon_only]


@dataclass(frozen=True)
class Clash:
    """Two views of different meaning drawn alike on one screen."""

    shot: str
    a: Drawn
    b: Drawn

    def __str__(self) -> str:
        return (f"{self.shot}: {self.a.meaning!r} (icon {self.a.icon or '-'!r}) and {self.b.meaning!r} "
                f"(icon {self.b.icon or '-'!r}) look the same in {self.a.package}")


def same_control(a: Drawn, b: Drawn) -> bool:
    """One meaning (an equal description or resource id), or one control repeated in each row of a list."""
    return a.meaning == b.meaning or (bool(a.resource_id) and a.resource_id == b.resource_id)


def clashes(shot: Shot) -> list[Clash]:
    """The pairs of icon-only views of different meaning drawn with the same ink on ``shot``."""
    views = icon_views(shot)
    if len(views) < 2:
        return []
    image = Image.open(io.BytesIO(shot.png)).convert("RGB")
    inks = [(v, ink_of(image, v.bounds)) for v in views]
    found = []
    for i, (a, ink_a) in enumerate(inks):
        for b, ink_b in inks[i + 1:]:
            if not same_control(a, b) and ink_a.same_as(ink_b) and not alike_in_the_real_app(
                    a.package, a.meaning, b.meaning):
                found.append(Clash(shot.name, a, b))
    return found


def per_app(shots: Iterable[Shot]) -> dict[str, tuple[set[str], set[str]]]:
    """For each app (package): the meanings of its icon-only views, and those drawn like another's."""
    table: dict[str, tuple[set[str], set[str]]] = defaultdict(lambda: (set(), set()))
    for shot in shots:
        for view in icon_views(shot):
            table[view.package][0].add(view.meaning)
        for clash in clashes(shot):
            table[clash.a.package][1].update((clash.a.meaning, clash.b.meaning))
    return dict(table)


def report(table: dict[str, tuple[set[str], set[str]]]) -> str:
    lines = [f"{'app':<44} {'alike':>5} / icon-only views"]
    for app, (views, alike) in sorted(table.items()):
        lines.append(f"{app:<44} {len(alike):>5} / {len(views)}")
    total = sum(len(v) for v, _ in table.values())
    lines.append(f"{'all':<44} {sum(len(a) for _, a in table.values()):>5} / {total}")
    return "\n".join(lines)


# -- the instrument's own proofs ------------------------------------------------------------------------------


def _icon_screen(*icons: tuple[str, str]) -> Shot:
    """A screen of icon buttons drawn by the canvas in a row: (content description, icon name) each."""
    from PIL import ImageDraw

    from mobileagent_sim.render.components import Canvas
    from mobileagent_sim.render.text import Typesetter
    from pytest_mobileagent.android.theme import theme_for

    img = Image.new("RGB", (200 * len(icons), 200), (255, 255, 255))
    draw = ImageDraw.Draw(img)
    canvas = Canvas(img, draw, Typesetter(img, draw, 2.625), theme_for("com.android.settings").scheme(False), 2.625,
                    True)
    nodes = []
    for i, (desc, icon) in enumerate(icons):
        bounds = (200 * i + 40, 40, 200 * i + 160, 160)
        canvas.icon(bounds, icon, (60, 60, 60))
        nodes.append(Drawn("ImageButton", "", False, desc, "", icon, "", True, "app", bounds, True, "main"))
    out = io.BytesIO()
    img.save(out, "PNG")
    return Shot("proof", 0, "app", "main", "", out.getvalue(), tuple(nodes))


def test_alike_icons_of_different_meanings_are_found() -> None:
    shot = _icon_screen(("Search", "search"), ("Find", "search"), ("More options", "more_vert"),
                        ("Delete", "delete"))
    assert [(c.a.meaning, c.b.meaning) for c in clashes(shot)] == [("Search", "Find")]


def test_the_same_meaning_twice_is_no_clash() -> None:
    assert clashes(_icon_screen(("Search", "search"), ("Search", "search"))) == []


def test_a_shifted_copy_is_the_same_ink() -> None:
    image = Image.open(io.BytesIO(_icon_screen(("Search", "search"), ("Back", "arrow_back")).png)).convert("RGB")
    ink = ink_of(image, (40, 40, 160, 160))
    assert ink.same_as(ink_of(image, (30, 30, 170, 170)))
    assert not ink.same_as(ink_of(image, (240, 40, 360, 160)))


# -- the screens --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("task", task_params())
def test_icon_only_views_of_different_meaning_look_different(task: str) -> None:
    found = sorted({str(c) for shot in walk_of(task).shots for c in clashes(shot)})
    assert not found, "\n".join(found)


@pytest.mark.compat
def test_icon_only_views_per_app() -> None:
    """Every screen of every suite: the count per app of icon-only views drawn like one of another meaning."""
    shots = walk_all().shots
    table = per_app(shots)
    print("\n" + report(table))
    assert table, "the walk found no icon-only views"
    found = sorted({str(c) for shot in shots for c in clashes(shot)})
    assert not found, report(table) + "\n" + "\n".join(found[:80])
