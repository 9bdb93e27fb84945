"""Benchmark: the home screen's cost under B-MoCA's wallpapers and icon layouts.

The screenshot of the home screen drawn afresh (``SimDevice(cache=False)``) with the default wallpaper and with
a few of B-MoCA's (each picture is drawn once per screen size, then reused), the first screenshot after a
wallpaper change (the picture drawn), and the hierarchy dump afresh with the default and a rearranged home screen
(``icon_layout``). Run from the repository root::

    python benchmarks/bench_home_screen.py

Nothing here is asserted: these are figures to record, not tests.
"""

from __future__ import annotations

import sys
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mobileagent_sim import SimDevice  # noqa: E402
from pytest_mobileagent.android.wallpaper import wallpaper_image  # noqa: E402
from pytest_mobileagent.device.profile import DeviceProfile  # noqa: E402


def best_ms(fn, number: int = 10) -> float:
    return min(timeit.repeat(fn, number=number, repeat=5)) / number * 1000


def main() -> None:
    with SimDevice(cache=False) as d:
        for name in ("00_default", "04_sky", "09_rainbow", "10_galaxy"):
            wallpaper_image.cache_clear()
            d.apply_profile(DeviceProfile(wallpaper=name))
            start = time.perf_counter()
            d.screenshot()
            first = (time.perf_counter() - start) * 1000
            print(f"{name}: screenshot afresh {best_ms(d.screenshot):.1f} ms (first, drawing the picture, "
                  f"{first:.1f} ms)")
        for layout in (0, 7):
            d.apply_profile(DeviceProfile(icon_layout=layout))
            afresh = lambda: (d.system.invalidate(), d.hierarchy())  # noqa: E731
            print(f"icon_layout={layout}: hierarchy afresh {best_ms(afresh, 100):.3f} ms")


if __name__ == "__main__":
    main()
