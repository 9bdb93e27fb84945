"""The fonts screenshots are drawn with, and the fallback chain that gives every character a glyph.

Android draws text in Roboto, its system font, and falls back, character by character, through the fonts of
``/system/etc/fonts.xml`` (Noto Sans for the scripts Roboto lacks, Noto Sans CJK, Noto Color Emoji, Noto Sans
Symbols) [AOSP ``frameworks/base/data/fonts/fonts.xml``]. Here the chain is:

1. Roboto (PyPI ``fontpkg-roboto``: Google Fonts' variable Roboto, weights 100-900);
2. Noto Sans (PyPI ``fontpkg-noto-sans``);
3. optional system fonts, where installed: Noto Sans CJK (Debian ``fonts-noto-cjk``, or ``$MA_CJK_FONT``),
   Noto Color Emoji (``fonts-noto-color-emoji``), DejaVu Sans (``fonts-dejavu-core``: arrows, check marks, stars);
4. a few symbols no font above has, drawn as the Material Symbols pictogram of the same meaning (→, ✓, ★).

What is left gets the first font's missing-glyph box, as on a phone. ``MA_FONTS=packaged`` keeps to the fonts pip
installs (1, 2 and 4), so every machine draws the same pixels: golden images are recorded and checked so.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import ImageFont, features

#: Where a font with Chinese, Japanese and Korean glyphs is found, first match wins: ``$MA_CJK_FONT``, then Noto
#: Sans CJK as Debian/Ubuntu (``apt install fonts-noto-cjk``), Fedora, Arch and Homebrew put it, then macOS's and
#: Windows' own CJK fonts.
CJK_FONTS = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/google-noto-cjk-fonts/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/opt/homebrew/share/fonts/NotoSansCJK-Regular.ttc",
    "/System/Library/Fonts/PingFang.ttc",
    "C:/Windows/Fonts/msyh.ttc",
)
EMOJI_FONTS = ("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf", "/usr/share/fonts/noto/NotoColorEmoji.ttf")
SYMBOL_FONTS = ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans.ttf")
#: The one size Noto Color Emoji's bitmaps (CBDT) are stored at; they are drawn there and scaled.
EMOJI_STRIKE = 109

#: Symbols no text font of the chain may have, by the Material Symbols pictogram that means the same.
SYMBOL_ICONS = {
    "\u2190": "arrow_back", "\u2192": "arrow_forward", "\u2191": "arrow_upward", "\u2193": "arrow_downward",
    "\u2713": "check", "\u2714": "check", "\u2715": "close", "\u2716": "close", "\u2717": "close",
    "\u2605": "star", "\u2606": "star:outlined", "\u25b6": "play_arrow", "\u25b8": "play_arrow",
    "\u23f8": "pause", "\u23f9": "stop", "\u25a0": "stop", "\u2665": "favorite", "\u2764": "favorite",
    "\u2699": "settings", "\u260e": "call", "\u2709": "mail", "\u23f0": "alarm", "\u231a": "watch",
}

#: Characters that take no glyph of their own: they stay in the run of the character before them.
JOINERS = frozenset("\u200b\u200c\u200d\u200e\u200f\ufe0e\ufe0f\u20e3")


def packaged_only() -> bool:
    """``MA_FONTS=packaged``: only the fonts pip installs (no system fonts), for pixels equal on every machine."""
    return os.environ.get("MA_FONTS", "") == "packaged"


def _first_file(candidates: tuple[str, ...]) -> str | None:
    return next((path for path in candidates if path and os.path.isfile(path)), None)


def roboto_path() -> str:
    import fontpkg

    return str(fontpkg.path("Roboto"))


def noto_sans_path() -> str:
    import fontpkg

    return str(fontpkg.path("Noto Sans"))


@lru_cache(maxsize=1)
def cjk_font_path() -> str | None:
    """The CJK font the screenshots draw such text with, or None (it is then drawn with missing glyphs; the UI
    tree has the text either way)."""
    if packaged_only():
        return None
    return _first_file((os.environ.get("MA_CJK_FONT", ""), *CJK_FONTS))


@lru_cache(maxsize=1)
def emoji_font_path() -> str | None:
    return None if packaged_only() else _first_file(EMOJI_FONTS)


@lru_cache(maxsize=1)
def symbol_font_path() -> str | None:
    return None if packaged_only() else _first_file(SYMBOL_FONTS)


@cache
def coverage(path: str) -> frozenset[int]:
    """The code points a font file has glyphs for (its best cmap; the first font of a collection)."""
    from fontTools.ttLib import TTFont

    with TTFont(path, fontNumber=0, lazy=True) as font:
        return frozenset(font.getBestCmap() or ())


def layout_engine() -> ImageFont.Layout:
    """Raqm (HarfBuzz shaping: kerning, ligatures, Arabic and Indic scripts) where Pillow has it, as Android's
    Minikin shapes with HarfBuzz."""
    return ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC


@lru_cache(maxsize=512)
def face(path: str, size: int, weight: int = 400) -> ImageFont.FreeTypeFont:
    """A font file at ``size`` px and, for a variable font with a weight axis, ``weight`` (100-900)."""
    font = ImageFont.truetype(path, max(1, size), layout_engine=layout_engine())
    try:
        axes = font.get_variation_axes()
    except OSError:  # not a variable font
        return font
    values = []
    for axis in axes:
        name = axis["name"].decode() if isinstance(axis["name"], bytes) else str(axis["name"])
        value = weight if name.lower() == "weight" else axis["default"]
        values.append(min(axis["maximum"], max(axis["minimum"], value)))
    font.set_variation_by_axes(values)
    return font


@dataclass(frozen=True)
class Run:
    """A stretch of text drawn with one font: ``path`` (None for a Material Symbols stand-in, whose name is
    ``icon``), or the emoji font (``emoji``)."""

    text: str
    path: str | None
    emoji: bool = False
    icon: str = ""


@lru_cache(maxsize=1)
def chain() -> tuple[str, ...]:
    """The text fonts, first choice first."""
    optional = (cjk_font_path(), symbol_font_path())
    return tuple(p for p in (roboto_path(), noto_sans_path(), *optional) if p)


def _font_for(ch: str) -> tuple[str | None, bool, str]:
    cp = ord(ch)
    fonts = chain()
    for path in fonts[:2]:
        if cp in coverage(path):
            return path, False, ""
    emoji = emoji_font_path()
    if emoji and cp in coverage(emoji) and cp > 0x2000:
        return emoji, True, ""
    for path in fonts[2:]:
        if cp in coverage(path):
            return path, False, ""
    if ch in SYMBOL_ICONS:
        return None, False, SYMBOL_ICONS[ch]
    return fonts[0], False, ""


def runs(text: str) -> list[Run]:
    """``text`` split where the font that has its characters changes (joiners and variation selectors stay with
    the character before them)."""
    roboto = coverage(chain()[0])
    if all(ord(c) in roboto for c in text):
        return [Run(text, chain()[0])]
    out: list[Run] = []
    for ch in text:
        if out and (ch in JOINERS or (ch == " " and not out[-1].icon)):
            out[-1] = Run(out[-1].text + ch, out[-1].path, out[-1].emoji, out[-1].icon)
            continue
        path, emoji, icon = _font_for(ch)
        if out and not icon and not out[-1].icon and (out[-1].path, out[-1].emoji) == (path, emoji):
            out[-1] = Run(out[-1].text + ch, path, emoji)
        else:
            out.append(Run(ch, path, emoji, icon))
    return out
