"""Text as a TextView draws it: the text appearance's size and weight, wrapping, ``maxLines`` and ellipsizing.

Sizes are Material 3's type scale [material-components-android ``docs/theming/Typography.md``: bodyLarge 16sp,
bodyMedium 14sp, bodySmall 12sp, titleLarge 22sp, titleMedium 16sp medium, titleSmall 14sp medium, labelLarge
14sp medium, headlineSmall 24sp, headlineMedium 28sp, displaySmall 36sp, displayMedium 45sp], by the style the
simulator's views name. What does not fit is never dropped silently, as TextView does not drop it: a text too
tall for its view is drawn smaller (``autoSizeTextType``, as the month grid of a calendar draws event titles),
and the last line that fits ends in an ellipsis (``ellipsize="end"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from mobileagent_sim.render import fonts, icons


@dataclass(frozen=True)
class Appearance:
    """A text appearance: size in sp, weight (400 regular, 500 medium, 700 bold), and its colour role."""

    size: float
    weight: int = 400
    role: str = "on_surface"
    caps: bool = False


BODY_LARGE = Appearance(16)
#: Text appearances by view style (the styles :mod:`mobileagent_sim.views` and the apps set).
APPEARANCES: dict[str, Appearance] = {
    "": BODY_LARGE,
    "title": Appearance(22, role="on_app_bar"),
    "headline": Appearance(24),
    "display": Appearance(36),
    "digits": Appearance(36),
    "dialog-title": Appearance(24),
    "dialog-body": Appearance(14, role="on_surface_variant"),
    "item-title": BODY_LARGE,
    "item-summary": Appearance(14, role="on_surface_variant"),
    "caption": Appearance(12, role="on_surface_variant"),
    "body": Appearance(14),
    "button": Appearance(14, 500, role="primary"),
    "flat": Appearance(14, 500, role="primary"),
    "tab": Appearance(14, 500, role="on_surface_variant"),
    "tab-selected": Appearance(14, 500, role="primary"),
    "field": BODY_LARGE,
    "chip": Appearance(14, 500, role="on_surface_variant"),
    "event-label": Appearance(11),
    "picker-side": Appearance(16, role="on_surface_variant"),
    "picker-value": Appearance(20),
    "keypad": Appearance(28),
    "primary": Appearance(16, 500, role="primary"),  # a link or emphasized text; a "primary" Button is filled
    "error": Appearance(14, role="error"),
    "toolbar-item": Appearance(14, 500, role="on_app_bar"),
    "bubble-in": Appearance(16),
    "toast": Appearance(14, role="inverse"),
    "on-picture": Appearance(14, role="inverse"),  # light text over a photo (a gallery tile's name and count)
    # a now-playing screen's title (Material's Headline6) and artist (Body1)
    "player-title": Appearance(20, 500),
    "player-text": Appearance(16, role="on_surface_variant"),
}

ELLIPSIS = "\u2026"


@lru_cache(maxsize=16384)
def _length(path: str, size: int, weight: int, text: str) -> float:
    return fonts.face(path, size, weight).getlength(text)


@lru_cache(maxsize=4096)
def _glyphs(path: str, size: int, weight: int, text: str) -> tuple[Image.Image | None, tuple[int, int], float]:
    """A run of text drawn once as a coverage mask, its offset from the pen on the baseline, and its advance:
    screens draw the same strings again and again (bars, list rows), and pasting a mask is cheaper than
    rasterizing anew."""
    font = fonts.face(path, size, weight)
    left, top, right, bottom = font.getbbox(text, anchor="ls")
    advance = font.getlength(text)
    if right <= left or bottom <= top:
        return None, (0, 0), advance
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=font, fill=255, anchor="ls")
    return mask, (left, top), advance


def appearance(style: str) -> Appearance:
    return APPEARANCES.get(style, BODY_LARGE)


def runs_width(text: str, size: int, weight: int = 400) -> float:
    """How wide ``text`` is set at ``size`` px, font run by font run (an emoji a little wider than the size, a
    Material Symbols stand-in as wide as it)."""
    total = 0.0
    for run in fonts.runs(text):
        if run.icon:
            total += size
        elif run.emoji:
            total += size * 1.17 * len([c for c in run.text if c not in fonts.JOINERS])
        else:
            total += _length(run.path or fonts.chain()[0], size, weight, run.text)
    return total


def text_width(text: str, style: str, scale: float) -> float:
    """How wide ``text`` is drawn in ``style``'s appearance, in px at ``scale`` px per sp (a popup menu is as wide
    as its widest item)."""
    look = appearance(style)
    return runs_width(text.upper() if look.caps else text, max(1, round(look.size * scale)), look.weight)


class Typesetter:
    """Measures and draws text with the font chain at one scale (px per sp)."""

    def __init__(self, img: Image.Image, draw: ImageDraw.ImageDraw, scale: float):
        self.img, self.draw, self.scale = img, draw, scale

    def px(self, sp: float) -> int:
        return max(1, round(sp * self.scale))

    def width(self, text: str, size: int, weight: int = 400) -> float:
        return runs_width(text, size, weight)

    def line(self, xy: tuple[float, float], text: str, size: int, color: tuple[int, int, int],
             weight: int = 400) -> None:
        """One line of text, its top-left at ``xy`` (the line box's top), font by font."""
        x, y = xy
        ascent = fonts.face(fonts.chain()[0], size, weight).getmetrics()[0]
        for run in fonts.runs(text):
            if run.icon:
                icons.draw_icon(self.img, run.icon, (x + size / 2, y + ascent - size * 0.35), size, color)
                x += size
            elif run.emoji:
                x += self._emoji(run, (x, y), size)
            else:
                path = run.path or fonts.chain()[0]
                mask, (dx, dy), advance = _glyphs(path, size, weight, run.text)
                if mask is not None:
                    self.img.paste(color, (round(x) + dx, round(y + ascent) + dy), mask)
                x += advance

    def _emoji(self, run: fonts.Run, xy: tuple[float, float], size: int) -> float:
        """Colour emoji: drawn at the font's one bitmap size, then scaled to the line's."""
        font = fonts.face(run.path or "", fonts.EMOJI_STRIKE)
        w = int(font.getlength(run.text)) or fonts.EMOJI_STRIKE
        layer = Image.new("RGBA", (w, int(fonts.EMOJI_STRIKE * 1.25)), (0, 0, 0, 0))
        ImageDraw.Draw(layer).text((0, 0), run.text, font=font, embedded_color=True)
        target = max(1, round(size * 1.17))
        layer = layer.resize((max(1, round(w * target / fonts.EMOJI_STRIKE)), round(target * 1.25)),
                             Image.Resampling.LANCZOS)
        self.img.paste(layer, (round(xy[0]), round(xy[1] - size * 0.1)), layer)
        return layer.width

    def wrap(self, text: str, size: int, width: int, weight: int = 400) -> list[str]:
        """Lines of ``text`` broken at spaces (a word wider than the line breaks between characters)."""
        if "\n" not in text and self.width(text, size, weight) <= width:
            return [text]
        lines: list[str] = []
        for para in text.split("\n"):
            line = ""
            for word in para.split(" "):
                trial = f"{line} {word}" if line else word
                if self.width(trial, size, weight) <= width:
                    line = trial
                    continue
                if line:
                    lines.append(line)
                line = word
                while len(line) > 1 and self.width(line, size, weight) > width:
                    cut = self._fit(line, size, width, weight)
                    lines.append(line[:cut])
                    line = line[cut:]
            lines.append(line)
        return lines

    def _fit(self, text: str, size: int, width: float, weight: int) -> int:
        """How many leading characters of ``text`` fit in ``width`` (at least one)."""
        lo, hi = 1, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.width(text[:mid], size, weight) <= width:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def ellipsized(self, text: str, size: int, width: float, weight: int = 400) -> str:
        """``text`` cut to end in an ellipsis where it is wider than ``width``."""
        if self.width(text, size, weight) <= width:
            return text
        keep = self._fit(text, size, max(1.0, width - self.width(ELLIPSIS, size, weight)), weight)
        return text[:keep].rstrip() + ELLIPSIS

    def block(self, box: tuple[int, int, int, int], text: str, look: Appearance, color: tuple[int, int, int],
              align: str = "start", valign: str = "center", max_lines: int = 0, pad: int = 0,
              clipped: bool = False) -> None:
        """``text`` in ``box``: wrapped, at most ``max_lines`` lines (0: as many as fit), the last ellipsized
        where more is left; smaller where not one line of it fits the box's height, unless the box is what a
        scrolled list or a window's edge left of a taller view (``clipped``): that line is cut at the edge."""
        if not text:
            return
        if look.caps:
            text = text.upper()
        x1, y1, x2, y2 = box
        width = max(1, x2 - x1 - 2 * pad)
        size = self.px(look.size)
        height = y2 - y1
        if round(size * 1.2) > height and not clipped:  # autosize: the text shrinks to its view's height
            size = max(6, int(height / 1.2))
        step = max(1, round(size * 1.33))
        fit = max(1, (height + step // 4) // step)
        if max_lines:
            fit = min(fit, max_lines)
        lines = self.wrap(text, size, width, look.weight)
        if len(lines) > fit:
            rest = " ".join(lines[fit - 1:])
            lines = [*lines[:fit - 1], self.ellipsized(rest, size, width, look.weight)]
        total = step * len(lines)
        y = y1 + (max(0, (height - total) // 2) if valign == "center" else 0)
        y += (step - round(size * 1.2)) // 2
        for line in lines:
            w = self.width(line, size, look.weight)
            if align == "center":
                x = x1 + max(pad, (x2 - x1 - w) / 2)
            elif align == "end":
                x = x2 - pad - w
            else:
                x = x1 + pad
            if clipped and y + round(size * 1.33) > y2:  # a line cut at the box's edge: what is beyond is kept
                band = (x1, y2, x2, min(self.img.height, y2 + step))
                kept = self.img.crop(band) if band[3] > band[1] else None
                self.line((x, y), line, size, color, look.weight)
                if kept is not None:
                    self.img.paste(kept, band[:2])
            else:
                self.line((x, y), line, size, color, look.weight)
            y += step
