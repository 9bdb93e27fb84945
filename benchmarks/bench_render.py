"""Benchmark: how long a simulated screenshot takes to draw, against the renderer of a baseline revision, and what
``--ma-trajectories on`` costs a long episode.

1. The suites' oracles are played (one item of every ``--every``-th task, the suite's seed 0, as
   :mod:`tests.screens` walks them); at each observation whose screen changed (what ``SimDevice.screenshot``
   would draw afresh), today's renderer and the baseline's (``git show REV:mobileagent_sim/render.py``, loaded
   as a module of its own; by default ``f7f90fd~1``, before issue 39) each draw it, interleaved in one process.
2. A random agent's episode of ``--steps`` steps is played as ``--ma-trajectories on`` records it
   (:class:`~pytest_mobileagent.report.trace.TraceRecorder`, as ``benchmarks/trace_open.py`` does) and the same
   episode without a trace, ``--runs`` times each, interleaved.

Run from the repository root::

    python benchmarks/bench_render.py [--baseline f7f90fd~1] [--every 4] [--steps 200] [--runs 3]

Nothing here is asserted: these are figures to record, not tests.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from trace_open import record, wander  # noqa: E402

from mobileagent_sim import SimDevice  # noqa: E402
from mobileagent_sim.render.screen import render_png, shown  # noqa: E402
from pytest_mobileagent.agents.builtin import RandomAgent  # noqa: E402
from pytest_mobileagent.device.clock import prepare_clock  # noqa: E402
from pytest_mobileagent.episode import new_result, play  # noqa: E402
from tests.screens import play_oracle, tasks  # noqa: E402

Draw = Callable[[Any], bytes]


def baseline_renderer(rev: str) -> Draw:
    """``render_png`` of ``mobileagent_sim/render.py`` at ``rev``, loaded as a module of its own."""
    source = subprocess.run(["git", "show", f"{rev}:mobileagent_sim/render.py"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout
    module = types.ModuleType("baseline_render")
    module.__file__ = f"<{rev}:mobileagent_sim/render.py>"
    sys.modules[module.__name__] = module  # dataclasses look their module up by name
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    return module.render_png


def draw_times(renderers: dict[str, Draw], every: int) -> dict[str, list[float]]:
    """Seconds each renderer takes to draw each changed screen of the walk (one in ``every`` task)."""
    times: dict[str, list[float]] = {name: [] for name in renderers}
    device = SimDevice(serial="bench-render")
    last: list[object] = [None]
    dump = device.hierarchy

    def hierarchy(*args: Any, **kw: Any) -> str:
        xml = dump(*args, **kw)
        key = shown(device.system)
        if key != last[0]:
            last[0] = key
            for name, draw in renderers.items():
                started = time.perf_counter()
                draw(device.system)
                times[name].append(time.perf_counter() - started)
        return xml

    gc.disable()
    try:
        device.hierarchy = hierarchy  # type: ignore[method-assign]
        for cls in tasks()[::every]:
            play_oracle(device, cls)
    finally:
        gc.enable()
        device.hierarchy = dump  # type: ignore[method-assign]
        device.close()
    return times


def untraced(steps: int) -> float:
    """Seconds for the random agent's episode of ``steps`` steps without a trace."""
    device = SimDevice(serial="bench")
    prepare_clock(device)
    task = wander(steps)({})
    agent = RandomAgent()
    started = time.perf_counter()
    play(device, task, agent, make_result=lambda: new_result(task, "random", seed=7))
    seconds = time.perf_counter() - started
    device.close()
    return seconds


def traced(steps: int) -> float:
    with tempfile.TemporaryDirectory() as scratch:
        return record(Path(scratch) / "trace", steps)[1]


def quantiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="f7f90fd~1", help="the revision whose mobileagent_sim/render.py to time")
    parser.add_argument("--every", type=int, default=4, help="walk one task in this many (1: every task)")
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    renderers = {"now": render_png, args.baseline: baseline_renderer(args.baseline)}
    times = draw_times(renderers, args.every)
    print(f"drawing a changed screen, {len(times['now'])} screens of one in {args.every} suite tasks' oracles:")
    print(f"  {'renderer':<14} {'median':>9} {'p90':>9}")
    for name, values in times.items():
        median, p90 = quantiles(values)
        print(f"  {name:<14} {median * 1000:>7.1f} ms {p90 * 1000:>6.1f} ms")
    runs: dict[str, list[float]] = {"untraced": [], "traced": []}
    for _ in range(args.runs):
        runs["untraced"].append(untraced(args.steps))
        runs["traced"].append(traced(args.steps))
    plain, with_trace = statistics.median(runs["untraced"]), statistics.median(runs["traced"])
    print(f"a {args.steps}-step random episode, median of {args.runs}: without a trace {plain:.2f} s, with "
          f"--ma-trajectories on {with_trace:.2f} s ({with_trace / plain:.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
