"""Benchmark: how big each observation view is on the simulator's screens.

Visits the home screen, the launcher's app drawer and the launch screen of
every installed app, and prints per screen and in total the size in characters
of the raw uiautomator XML, the compressed XML (AndroidArena style), the HTML
view (Mobile-Bench style) and the numbered element list (B-MoCA style), with
the compressed/raw ratio. Characters, not tokens: the ratio is what carries
over to any tokenizer. Run from the repository root::

    python benchmarks/observation_size.py

Nothing here is asserted: these are figures to record, not tests.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mobileagent_sim import SimDevice  # noqa: E402
from pytest_mobileagent.observe.compressed import compress  # noqa: E402
from pytest_mobileagent.observe.html_view import html_view  # noqa: E402
from pytest_mobileagent.observe.numbered import numbered_list  # noqa: E402

COLUMNS = ("raw", "compressed", "html", "numbered")


def screens(device: SimDevice) -> list[tuple[str, Callable[[], None]]]:
    """(name, how to get there from a fresh device) for home, the drawer and each launchable app."""
    width, height = device.window_size()
    found: list[tuple[str, Callable[[], None]]] = [
        ("home", lambda: None),
        ("app drawer", lambda: device.swipe(width // 2, height * 5 // 8, width // 2, height // 5)),
    ]
    apps = sorted((a for a in device.system.apps.values() if a.launchable), key=lambda a: a.label.lower())
    for app in apps:
        found.append((app.label, lambda package=app.package: device.start_app(package)))
    return found


def sizes(xml: str) -> dict[str, int]:
    return {"raw": len(xml), "compressed": len(compress(xml).text), "html": len(html_view(xml)),
            "numbered": len(numbered_list(xml))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", metavar="SCREEN", help="also print the three views of this screen")
    args = parser.parse_args()

    device = SimDevice(serial="emulator-5554")
    device.snapshot_save("clean")
    rows: list[tuple[str, dict[str, int]]] = []
    for name, go in screens(device):
        device.snapshot_load("clean")
        go()
        xml = device.hierarchy()
        rows.append((name, sizes(xml)))
        if args.show and args.show.lower() == name.lower():
            print(f"--- {name}: compressed\n{compress(xml).text}\n--- html\n{html_view(xml)}\n"
                  f"--- numbered\n{numbered_list(xml)}\n")
    device.close()

    width = max(len(name) for name, _ in rows)
    header = f"{'screen':<{width}}  " + "  ".join(f"{c:>10}" for c in COLUMNS) + "  compr/raw"
    print(header)
    print("-" * len(header))
    for name, row in rows:
        cells = "  ".join(f"{row[c]:>10,}" for c in COLUMNS)
        print(f"{name:<{width}}  {cells}  {row['compressed'] / row['raw']:>9.3f}")
    totals = {c: sum(row[c] for _, row in rows) for c in COLUMNS}
    print("-" * len(header))
    print(f"{'total':<{width}}  " + "  ".join(f"{totals[c]:>10,}" for c in COLUMNS)
          + f"  {totals['compressed'] / totals['raw']:>9.3f}")
    ratios = {c: statistics.median(row[c] / row["raw"] for _, row in rows) for c in COLUMNS[1:]}
    print(f"{len(rows)} screens; median ratio to raw: "
          + ", ".join(f"{c} {ratio:.3f}" for c, ratio in ratios.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
