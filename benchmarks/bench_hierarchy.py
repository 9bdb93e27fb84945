"""Benchmark: the simulator's hierarchy dump on a few screens, afresh and reused.

For each screen: the dump after ``invalidate()`` on an uncached phone (``SimDevice(cache=False)``: build, lay
out and write every window) and on a cached one (build, then reuse the unchanged layouts and their XML), and
the writing of the XML alone from the laid-out nodes. ``--old-hierarchy PATH`` also times another version's
``sim/hierarchy.py`` (loaded from that file; its ``dump`` must take the same nodes) writing the same XML, and
checks both give the same text. Run from the repository root::

    python benchmarks/bench_hierarchy.py
    python benchmarks/bench_hierarchy.py --old-hierarchy /path/to/old/mobileagent_sim/hierarchy.py

Nothing here is asserted: these are figures to record, not tests.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mobileagent_sim import SimDevice, hierarchy  # noqa: E402

SCREENS = ("com.google.android.apps.nexuslauncher", "com.android.settings", "com.simplemobiletools.calendar.pro",
           "com.simplemobiletools.gallery.pro")


def best_ms(fn: Callable[[], Any], number: int = 100) -> float:
    return min(timeit.repeat(fn, number=number, repeat=5)) / number * 1000


def again(d: SimDevice) -> Callable[[], str]:
    """The dump after the screen is marked for building again."""
    def run() -> str:
        d.system.invalidate()
        return d.hierarchy()
    return run


def screen(package: str, cached: SimDevice, fresh: SimDevice, old: Any, old_name: str) -> str:
    for d in (cached, fresh):
        d.start_app(package)
    roots = [w.root for w in cached.system.windows()]
    nodes = sum(1 for r in roots for _ in r.walk())

    def write() -> str:
        for r in roots:
            r.xml.clear()
        return hierarchy.dump(roots)

    line = (f"{package}: {nodes} nodes; dump afresh {best_ms(again(fresh)):.3f} ms, reused "
            f"{best_ms(again(cached)):.3f} ms; writing the XML {best_ms(write):.3f} ms")
    if old is not None:
        assert old.dump(roots) == write(), "the two versions write different XML"
        line += f", with {old_name} given {best_ms(lambda: old.dump(roots)):.3f} ms"
    return line


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old-hierarchy", type=Path, help="another version's sim/hierarchy.py to compare with")
    args = parser.parse_args()
    old = None
    if args.old_hierarchy:
        spec = importlib.util.spec_from_file_location("old_hierarchy", args.old_hierarchy)
        assert spec and spec.loader
        old = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(old)
    cached, fresh = SimDevice(), SimDevice(cache=False)
    for package in SCREENS:
        print(screen(package, cached, fresh, old, str(args.old_hierarchy)))
    cached.close()
    fresh.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
