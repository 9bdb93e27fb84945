"""Icons: the Material Symbols pictograms (Google's icon font, Apache-2.0, from PyPI ``material-design-icons``).

A view's ``icon`` names the pictogram its real app draws, by its Material Symbols name (``"search"``,
``"more_vert"``); the apps' own drawables are Material Icons, which Material Symbols continues, so the name is the
drawable's without its ``ic_``/``_24dp``/``_vector`` decorations (``ic_search_vector`` is ``search``). The app's
evidence table cites the drawable (``icon:<desc>`` keys, :mod:`pytest_mobileagent.android.evidence`).

Material Icons' baseline style, which the apps use, is the filled one: a name draws filled (``FILL`` 1) unless it
ends in ``:outlined`` (Material 3's outlined style, Google's own apps). :func:`known` tells a name the font has.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

#: Names the simulator's views used before they named Material Symbols, and what they mean there.
ALIASES = {
    "avatar": "account_circle", "account": "account_circle", "play": "play_arrow", "reset": "restart_alt",
    "pin": "push_pin", "copy": "content_copy", "swap": "swap_vert", "sim": "sim_card", "lap": "flag",
    "tabs": "tab", "import": "download", "view": "visibility", "data": "data_usage", "bell": "notifications",
    "attach": "attach_file", "hotspot": "wifi_tethering", "expand": "expand_more", "queue": "queue_music",
    "playlist": "queue_music", "exposure": "exposure", "lens": "lens", "streetview": "streetview",
}


def _assets() -> Path:
    import material_design_icons

    return Path(material_design_icons.__file__).parent / "assets"


@lru_cache(maxsize=1)
def codepoints() -> dict[str, str]:
    """Every Material Symbols name and the character the font draws it with."""
    return json.loads((_assets() / "codepoints.json").read_text(encoding="utf-8"))


def resolve(name: str) -> tuple[str, bool] | None:
    """``(character, filled)`` for an icon name (``"star"``, ``"star:outlined"``, an alias), or None."""
    base, _, style = name.partition(":")
    base = ALIASES.get(base, base).strip().lower().replace(" ", "_").replace("-", "_")
    char = codepoints().get(base)
    if char is None:
        return None
    return char, style != "outlined"


def known(name: str) -> bool:
    return resolve(name) is not None


@lru_cache(maxsize=256)
def _font(size: int, filled: bool) -> ImageFont.FreeTypeFont:
    font = ImageFont.truetype(str(_assets() / "MaterialSymbolsOutlined.ttf"), max(1, size))
    # axes in the font's order: FILL, GRAD, opsz, wght; optical size follows the drawn size, as the font's own
    # guidance (20-48 dp) has it
    font.set_variation_by_axes([1 if filled else 0, 0, min(48, max(20, size // 3)), 400])
    return font


@lru_cache(maxsize=2048)
def _mask(char: str, size: int, filled: bool) -> tuple[Image.Image | None, tuple[int, int]]:
    """The pictogram as a coverage mask, and its top-left corner relative to the centre it is drawn on."""
    font = _font(size, filled)
    left, top, right, bottom = font.getbbox(char, anchor="mm")
    if right <= left or bottom <= top:
        return None, (0, 0)
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text((-left, -top), char, font=font, fill=255, anchor="mm")
    return mask, (left, top)


def draw_icon(img: Image.Image, name: str, center: tuple[float, float], size: int,
              color: tuple[int, int, int]) -> bool:
    """Draw the pictogram ``name`` ``size`` px square centred on ``center``; False if the font has no such icon."""
    found = resolve(name)
    if found is None:
        return False
    mask, (dx, dy) = _mask(found[0], size, found[1])
    if mask is not None:
        img.paste(color, (round(center[0]) + dx, round(center[1]) + dy), mask)
    return True
