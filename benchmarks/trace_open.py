"""Benchmark: how fast the trace viewer opens a long episode, and how big its trace is.

Records a random agent's episode of ``--steps`` steps (200 by default) on a simulated phone as ``--ma-trajectories``
does, then opens the trace's viewer from file:// in headless Chromium (the system's ``chromium``) several times and
prints, per opening, the seconds until the viewer is ready (manifest loaded, filmstrip built, first step shown) and
until the first step's detail (UI tree, observation) is on screen, then the trace's size. Run from the repository
root::

    python benchmarks/trace_open.py [--steps 200] [--runs 5] [--keep DIR]

Nothing here is asserted: these are figures to record, not tests.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mobileagent_sim import SimDevice  # noqa: E402
from pytest_mobileagent.agents.builtin import RandomAgent  # noqa: E402
from pytest_mobileagent.device.clock import prepare_clock  # noqa: E402
from pytest_mobileagent.episode import new_result, play  # noqa: E402
from pytest_mobileagent.report.trace import TraceRecorder  # noqa: E402
from pytest_mobileagent.report.trace_browser import Chromium, chromium_path  # noqa: E402
from pytest_mobileagent.tasks.base import Task  # noqa: E402


def wander(steps: int) -> type[Task]:
    class Wander(Task):
        template = "Find the phone's build number."
        apps = ("settings",)
        complexity = steps / 10

        def check(self, device: object, answer: str | None = None) -> float:
            return 0.0

    return Wander


def record(folder: Path, steps: int) -> tuple[Path, float]:
    """A random agent's episode of ``steps`` steps recorded as a trace in ``folder``; the viewer and the seconds."""
    device = SimDevice(serial="bench")
    prepare_clock(device)
    task = wander(steps)({})
    agent = RandomAgent()
    trace = TraceRecorder(folder, device, agent)
    started = time.perf_counter()
    result = play(device, task, agent, make_result=lambda: new_result(task, "random", seed=7),
                  on_observation=trace.observe, check_device=trace.check_device)
    viewer = trace.finish(result, task)
    assert viewer is not None
    return viewer, time.perf_counter() - started


def open_times(viewer: Path, runs: int) -> list[tuple[float, float]]:
    """Per run, in a fresh tab: seconds to ready, and to the first step's tree on screen. A blank local page is
    opened first: the browser's own start (its first renderer) is not the viewer's time."""
    out = []
    with tempfile.TemporaryDirectory() as scratch, Chromium() as browser:
        blank = Path(scratch, "blank.html")
        blank.write_text("<!DOCTYPE html><title>blank</title><script>document.title = 'ready'</script>")
        warm = browser.open(blank.as_uri())
        warm.wait_for("document.title === 'ready'")
        warm.send("Page.close")
        for _ in range(runs):
            started = time.perf_counter()
            page = browser.open(viewer.as_uri())
            page.wait_for("document.body.dataset.state === 'ready'", timeout=60)
            ready = time.perf_counter() - started
            page.wait_for("document.querySelector('#tree .tree') !== null", timeout=60)
            out.append((ready, time.perf_counter() - started))
            page.send("Page.close")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", type=Path, help="write the trace here (default: a temporary folder)")
    args = parser.parse_args()
    if chromium_path() is None:
        print("needs Chromium (Debian: apt-get install chromium)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch) / "trace"
        viewer, seconds = record(folder, args.steps)
        files = [p for p in folder.rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files)
        print(f"recorded {args.steps} steps in {seconds:.1f} s: {len(files)} files, {size / 1e6:.2f} MB "
              f"({size / args.steps / 1e3:.1f} kB a step)")
        times = open_times(viewer, args.runs)
        for n, (ready, detail) in enumerate(times, 1):
            print(f"  open {n}: ready {ready * 1000:.0f} ms, first step's detail {detail * 1000:.0f} ms")
        print(f"median: ready {statistics.median(t[0] for t in times) * 1000:.0f} ms, first step's detail "
              f"{statistics.median(t[1] for t in times) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
