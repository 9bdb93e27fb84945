"""Wallpapers as B-MoCA varies them: its names, and a deterministic picture for each.

B-MoCA ships 13 photographs and its default (``asset/environments/resource/wallpapers_jpg``: ``00_default``,
``01_red``, ``02_blue``, ``03_paper``, ``04_sky``, ``05_doughnut``, ``06_bubble``, ``07_food``, ``08_colors``,
``09_rainbow``, ``10_galaxy``, ``11_pyramid``, ``12_ocean``, ``13_canyon``) and sets one by pushing it to
``/sdcard/Download`` and opening it with ``ATTACH_DATA`` in the wallpaper picker. Its pictures are not ours to
ship: :func:`wallpaper_image` draws a stand-in for each name instead (a gradient in the photograph's colours with
a motif named after it), the same pixels on every run, so the simulator and a real phone show the same thing.
``00_default`` is the simulator's plain home background; any other name gets a gradient in colours drawn from
its hash.
"""

from __future__ import annotations

import hashlib
import io
import math
import random
from functools import lru_cache

from PIL import Image, ImageDraw, ImageOps

Color = tuple[int, int, int]

DEFAULT = "00_default"
#: Pixel's wallpaper picker (WallpaperPicker2, "Wallpaper & style"), whose StandalonePreviewActivity takes the
#: ``ATTACH_DATA`` of an image and sets it; WallpaperManagerService keeps user 0's wallpaper in ``WALLPAPER_FILE``.
PICKER_PACKAGE = "com.google.android.apps.wallpaper"
PICKER_ACTIVITY = "com.android.wallpaper.picker.StandalonePreviewActivity"
WALLPAPER_FILE = "/data/system/users/0/wallpaper"
#: The lock screen's own wallpaper, once one is set apart from the home screen's.
LOCK_WALLPAPER_FILE = "/data/system/users/0/wallpaper_lock"
#: The preview's button, and where its dialog offers to set the picture.
SET_WALLPAPER = "Set wallpaper"
HOME_SCREEN, LOCK_SCREEN, BOTH_SCREENS = "Home screen", "Lock screen", "Home and lock screens"
DESTINATIONS = (HOME_SCREEN, LOCK_SCREEN, BOTH_SCREENS)
#: The picker's own screen (Settings' "Wallpaper & style"): "Change wallpaper" leads to its categories.
CUSTOMIZATION_ACTIVITY = "com.android.customization.picker.CustomizationPickerActivity"
#: The picker's record of what it set (WallpaperPicker2's ``DefaultWallpaperPreferences``, file ``wallpaper``):
#: per screen the wallpaper's collection (category) id, its remote id and its first attribution line.
PICKER_PREFS = f"/data/data/{PICKER_PACKAGE}/shared_prefs/wallpaper.xml"
HOME_KEYS = ("home_wallpaper_collection_id", "home_wallpaper_remote_id", "home_wallpaper_attribution_line_1")
LOCK_KEYS = ("lock_wallpaper_collection_id", "lock_wallpaper_remote_id", "lock_wallpaper_attribution_line_1")
#: The picker's categories (Google's wallpaper collections, fetched from its servers on a phone: these are
#: made-up stand-ins), each: collection id and its wallpapers' titles in the order shown.
CATEGORIES: dict[str, tuple[str, tuple[str, ...]]] = {
    "My photos": ("my_photos", ()),
    "Cityscapes": ("cityscapes", ("Skyline at dusk", "Harbour lights", "Rooftops")),
    "Landscapes": ("landscapes", ("Mountain lake", "Desert dunes", "Rolling hills", "Fjord")),
    "Life": ("life", ("Morning coffee", "Street market", "Garden party", "Bicycle ride")),
    "Textures": ("textures", ("Linen", "Marble", "Terrazzo")),
    "Art": ("art", ("Brush strokes", "Paper cut", "Ink wash")),
}


#: The category of the device's own pictures, the folders it lists and the files it takes for pictures.
MY_PHOTOS = "My photos"
PHOTO_DIRS = ("/sdcard/DCIM/Camera", "/sdcard/Pictures")
PICTURE_EXTENSIONS = (".jpg", ".jpeg", ".png", ".webp")


def remote_id(category: str, index: int) -> str:
    """The made-up remote id of a category's ``index``-th wallpaper (``life_0`` is Life's first)."""
    return f"{CATEGORIES[category][0]}_{index}"


#: The home screen's background where no wallpaper is drawn (the simulator's light palette background).
DEFAULT_BACKGROUND: Color = (255, 251, 254)
#: Per name: the gradient's top and bottom colours and the motif drawn over it.
STYLES: dict[str, tuple[Color, Color, str]] = {
    "01_red": ((183, 28, 28), (239, 83, 80), "plain"),
    "02_blue": ((13, 71, 161), (66, 165, 245), "plain"),
    "03_paper": ((245, 240, 226), (226, 216, 192), "fibres"),
    "04_sky": ((30, 136, 229), (227, 242, 253), "clouds"),
    "05_doughnut": ((248, 187, 208), (255, 224, 178), "rings"),
    "06_bubble": ((178, 235, 242), (0, 131, 143), "bubbles"),
    "07_food": ((255, 236, 179), (230, 81, 0), "dots"),
    "08_colors": ((255, 255, 255), (200, 200, 200), "blocks"),
    "09_rainbow": ((255, 255, 255), (255, 255, 255), "stripes"),
    "10_galaxy": ((8, 8, 32), (74, 20, 140), "stars"),
    "11_pyramid": ((129, 212, 250), (255, 204, 128), "pyramid"),
    "12_ocean": ((0, 131, 143), (1, 42, 74), "waves"),
    "13_canyon": ((255, 138, 101), (109, 46, 23), "bands"),
}
NAMES = (DEFAULT, *STYLES)
_RAINBOW: tuple[Color, ...] = ((229, 57, 53), (251, 140, 0), (253, 216, 53), (67, 160, 71), (30, 136, 229),
                               (57, 73, 171), (142, 36, 170))


def style(name: str) -> tuple[Color, Color, str]:
    """The gradient colours and motif of a wallpaper name (B-MoCA's, else colours from the name's hash)."""
    if name == DEFAULT:
        return DEFAULT_BACKGROUND, DEFAULT_BACKGROUND, "plain"
    if name in STYLES:
        return STYLES[name]
    d = hashlib.sha256(name.encode()).digest()
    return (d[0], d[1], d[2]), (d[3], d[4], d[5]), "plain"


@lru_cache(maxsize=8)
def wallpaper_image(name: str, width: int, height: int) -> Image.Image:
    """The wallpaper ``name`` for a screen of ``width`` x ``height`` pixels (do not draw on it: it is shared)."""
    top, bottom, motif = style(name)
    ramp = Image.linear_gradient("L").resize((width, height))
    img = ImageOps.colorize(ramp, top, bottom)
    _MOTIFS[motif](ImageDraw.Draw(img), width, height, random.Random(name))
    return img


def wallpaper_png(name: str, width: int, height: int) -> bytes:
    """:func:`wallpaper_image` as PNG bytes (what is pushed to a phone)."""
    buf = io.BytesIO()
    wallpaper_image(name, width, height).save(buf, "PNG", optimize=False, compress_level=6)
    return buf.getvalue()


@lru_cache(maxsize=64)
def is_dark(name: str, width: int, height: int) -> bool:
    """Whether the wallpaper is dark enough that the launcher writes light text over it (Launcher3 takes the
    workspace's text colour from the wallpaper's colours, ``WallpaperColors.HINT_SUPPORTS_DARK_TEXT``)."""
    r, g, b = wallpaper_image(name, width, height).resize((1, 1), Image.Resampling.BOX).getpixel((0, 0))
    return 0.299 * r + 0.587 * g + 0.114 * b < 140


# -- motifs -------------------------------------------------------------------------------------------------------


def _plain(draw: ImageDraw.ImageDraw, w: int, h: int, rng: random.Random) -> None:
    """Nothing over the gradient."""


def _circles(draw: ImageDraw.ImageDraw, w: int, h: int, rng: random.Random, n: int, sizes: tuple[float, float],
             fill: Color | None, outline: Color | None, width: int = 0) -> None:
    for _ in range(n):
        r = int(rng.uniform(*sizes) * w)
        x, y = rng.randrange(w), rng.randrange(h)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=outline, width=width)


def _fibres(draw: ImageDraw.ImageDraw, w: int, h: int, rng: random.Random) -> None:
    for _ in range(60):
        x, y = rng.randrange(w), rng.randrange(h)
        draw.line((x, y, x + rng.randint(-40, 40), y + rng.randint(-40, 40)), fill=(210, 200, 176), width=2)


def _clouds(draw: ImageDraw.ImageDraw, w: int, h: int, rng: random.Random) -> None:
    _circles(draw, w, h, rng, 14, (0.06, 0.14), (250, 250, 252), None)


def _rings(draw: ImageDraw.ImageDraw, w: int, h: int, rng: random.Random) -> None:
    _circles(draw, w, h, rng, 6, (0.12, 0.2), None, (194, 24, 91), max(8, w // 25))


def _bubbles(draw: ImageDraw.ImageDraw, w: int, h: int, rng: random.Random) -> None:
    _circles(draw, w, h, rng, 25, (0.02, 0.09), None, (224, 247, 250), max(2, w // 180))


def _dots(draw: ImageDraw.ImageDraw, w: int, h: int, rng: random.Random) -> None:
    for color in ((198, 40, 40), (85, 139, 47), (255, 160, 0)):
        _circles(draw, w, h, rng, 8, (0.03, 0.07), color, None)


def _blocks(draw: ImageDraw.ImageDraw, w: int, h: int, rng: random.Random) -> None:
    cols, rows = 4, 8
    for i in range(cols * rows):
        x, y = i % cols * w // cols, i // cols * h // rows
        color = _RAINBOW[rng.randrange(len(_RAINBOW))]
        draw.rectangle((x, y, x + w // cols, y + h // rows), fill=color)


def _stripes(draw: ImageDraw.ImageDraw, w: int, h: int, rng: random.Random) -> None:
    for i, color in enumerate(_RAINBOW):
        draw.rectangle((0, i * h // len(_RAINBOW), w, (i + 1) * h // len(_RAINBOW)), fill=color)


def _stars(draw: ImageDraw.ImageDraw, w: int, h: int, rng: random.Random) -> None:
    for _ in range(300):
        x, y, r = rng.randrange(w), rng.randrange(h), rng.choice((1, 1, 2, 3))
        draw.ellipse((x - r, y - r, x + r, y + r), fill=(255, 255, 240))


def _pyramid(draw: ImageDraw.ImageDraw, w: int, h: int, rng: random.Random) -> None:
    base = int(h * 0.72)
    draw.rectangle((0, base, w, h), fill=(230, 184, 110))
    draw.polygon([(w * 0.1, base), (w * 0.55, h * 0.38), (w * 0.95, base)], fill=(214, 160, 84))
    draw.polygon([(w * 0.55, h * 0.38), (w * 0.95, base), (w * 0.7, base)], fill=(181, 128, 62))


def _waves(draw: ImageDraw.ImageDraw, w: int, h: int, rng: random.Random) -> None:
    for k in range(12):
        y0, amp = h * (k + 1) / 13, h / 80
        points = [(x, y0 + amp * math.sin(x / w * 4 * math.pi + k)) for x in range(0, w + 20, 20)]
        draw.line(points, fill=(128, 222, 234), width=max(2, w // 270))


def _bands(draw: ImageDraw.ImageDraw, w: int, h: int, rng: random.Random) -> None:
    for k in range(6):
        y0 = h * (0.35 + k * 0.11)
        points = [(x, y0 + rng.uniform(-h / 60, h / 60)) for x in range(0, w + 60, 60)]
        draw.polygon([*points, (w, h), (0, h)], fill=(150 - k * 14, 70 - k * 6, 40 - k * 4))


_MOTIFS = {"plain": _plain, "fibres": _fibres, "clouds": _clouds, "rings": _rings, "bubbles": _bubbles,
           "dots": _dots, "blocks": _blocks, "stripes": _stripes, "stars": _stars, "pyramid": _pyramid,
           "waves": _waves, "bands": _bands}

__all__ = ["CATEGORIES", "CUSTOMIZATION_ACTIVITY", "DEFAULT", "HOME_KEYS", "LOCK_KEYS", "NAMES", "PICKER_PREFS",
           "STYLES", "is_dark", "remote_id", "style", "wallpaper_image", "wallpaper_png"]
