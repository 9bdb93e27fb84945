"""Contact sheet: every app's main screens as the simulator draws them, one labelled row per app, beside the real
app's screenshots from a folder you give, to judge by eye how far the simulated screens are from the real ones.

The simulated screens are :func:`tests.screens.scenes` (the launcher, each app opened on a fresh phone, a menu,
dialogs, the keyboard, the dark theme). ``--real DIR`` adds, at the end of each app's row, the pictures (PNG, JPEG,
WebP) of ``DIR`` whose file name starts with the app's package (``com.android.settings-1.png``) or that are
anywhere under a subfolder named after it (``DIR/org.tasks/fastlane/metadata/android/en-US/images/
phoneScreenshots/1.png``, as open-source apps publish theirs). Run from the repository root::

    python benchmarks/contact_sheet.py [--real DIR] [--out sheet.png] [--height 560] [--apps PKG ...]
"""

from __future__ import annotations

import argparse
import io
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image, ImageDraw, ImageFont  # noqa: E402

from mobileagent_sim import SimDevice  # noqa: E402
from mobileagent_sim.render.fonts import roboto_path  # noqa: E402
from tests.screens import Scene, scenes  # noqa: E402

PICTURES = (".png", ".jpg", ".jpeg", ".webp")
MARGIN, LABEL = 16, 40
SIM_GROUND, REAL_GROUND = (236, 239, 241), (255, 243, 224)


def real_pictures(folder: Path, package: str) -> list[Path]:
    """The pictures of ``folder`` for ``package``: files named after it, and every picture under its subfolder."""
    found = [p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in PICTURES
             and p.name.startswith(package) and p.name[len(package):len(package) + 1] in ("", ".", "-", "_")]
    sub = folder / package
    if sub.is_dir():
        found += [p for p in sub.rglob("*") if p.is_file() and p.suffix.lower() in PICTURES]
    return sorted(found)


def thumbnail(picture: Image.Image, height: int) -> Image.Image:
    picture = picture.convert("RGB")
    return picture.resize((max(1, round(picture.width * height / picture.height)), height),
                          Image.Resampling.LANCZOS)


def simulated(chosen: list[Scene], height: int) -> dict[str, list[tuple[str, Image.Image]]]:
    """Each app's scenes as thumbnails ``height`` high, by package, in the order of :func:`scenes`."""
    rows: dict[str, list[tuple[str, Image.Image]]] = defaultdict(list)
    with SimDevice(serial="contact-sheet") as device:
        for scene in chosen:
            with Image.open(io.BytesIO(scene.draw(device))) as png:
                caption = "main" if scene.name == f"app-{scene.package}" else scene.name
                rows[scene.package].append((caption, thumbnail(png, height)))
    return rows


def sheet(rows: dict[str, list[tuple[str, Image.Image]]], real: dict[str, list[tuple[str, Image.Image]]],
          height: int) -> Image.Image:
    """One row per app: its package, then its simulated screens, then its real ones (on a warm ground)."""
    font = ImageFont.truetype(roboto_path(), 22)
    small = ImageFont.truetype(roboto_path(), 16)
    width = max(sum(t.width + MARGIN for _, t in rows[p] + real.get(p, [])) for p in rows) + MARGIN
    row_h = LABEL + height + LABEL // 2 + MARGIN
    out = Image.new("RGB", (width, row_h * len(rows) + MARGIN), (255, 255, 255))
    draw = ImageDraw.Draw(out)
    for r, package in enumerate(rows):
        y = MARGIN + r * row_h
        shown_real = real.get(package, [])
        draw.text((MARGIN, y + 6), f"{package}   ({len(rows[package])} simulated, {len(shown_real)} real)",
                  fill=(0, 0, 0), font=font)
        x = MARGIN
        for kind, items in (("sim", rows[package]), ("real", shown_real)):
            for caption, thumb in items:
                ground = SIM_GROUND if kind == "sim" else REAL_GROUND
                draw.rectangle((x - 4, y + LABEL - 4, x + thumb.width + 4, y + LABEL + height + LABEL // 2),
                               fill=ground)
                out.paste(thumb, (x, y + LABEL))
                draw.text((x, y + LABEL + height + 2), f"{kind}: {caption}"[:40], fill=(60, 60, 60), font=small)
                x += thumb.width + MARGIN
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--real", type=Path, help="a folder of the real apps' screenshots, by package")
    parser.add_argument("--out", type=Path, default=Path("sheet.png"))
    parser.add_argument("--height", type=int, default=560, help="each screen's height on the sheet (pixels)")
    parser.add_argument("--apps", nargs="*", help="only these packages (default: every app)")
    args = parser.parse_args()
    if args.real is not None and not args.real.is_dir():
        parser.error(f"--real {args.real}: not a folder")
    chosen = [s for s in scenes() if not args.apps or s.package in args.apps]
    if not chosen:
        parser.error(f"no app among {args.apps}")
    rows = simulated(chosen, args.height)
    real: dict[str, list[tuple[str, Image.Image]]] = {}
    for package in rows if args.real is not None else ():
        for path in real_pictures(args.real, package):
            try:
                with Image.open(path) as picture:
                    real.setdefault(package, []).append((path.name, thumbnail(picture, args.height)))
            except OSError as e:
                print(f"skipped {path}: {e}", file=sys.stderr)
    sheet(rows, real, args.height).save(args.out, optimize=True)
    matched = sum(len(v) for v in real.values())
    print(f"{args.out}: {len(chosen)} simulated screens of {len(rows)} apps"
          + (f", {matched} real screenshots of {len(real)} of them" if args.real is not None else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
