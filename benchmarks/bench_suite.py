"""Benchmark: the oracle over a suite on the simulator, in-process.

Reports episodes per second, the median per-step time (observation +
action, without agent thinking) and snapshot-restore time. With ``--wire``
the same episodes go through the real-device backend (``AdbDevice``: unmodified
adbutils and uiautomator2) talking to the simulator's adb server on loopback. Run from the
repository root::

    python benchmarks/bench_suite.py                 # every suite
    python benchmarks/bench_suite.py suites/androidworld --instances 3
    python benchmarks/bench_suite.py suites/androidworld --wire   # through adbutils + uiautomator2
    python benchmarks/bench_suite.py suites/bmoca --configs all   # one B-MoCA environment per episode

Nothing here is asserted: these are figures to record, not tests.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mobileagent_sim import SimDevice  # noqa: E402
from pytest_mobileagent.agents.builtin import OracleAgent  # noqa: E402
from pytest_mobileagent.device.clock import DEFAULT_TIME  # noqa: E402
from pytest_mobileagent.device.configs import load  # noqa: E402
from pytest_mobileagent.episode import EpisodeResult, new_result, play, restore  # noqa: E402
from pytest_mobileagent.fixtures import config_of  # noqa: E402
from pytest_mobileagent.tasks.params import DEFAULT_SEED  # noqa: E402
from pytest_mobileagent.tasks.registry import cases, suite_of, tasks_in  # noqa: E402


def timed(reset: Callable[[Any], None], times: list[float]) -> Callable[[Any], None]:
    """``reset``, appending how long each call took to ``times``."""
    def run(device: Any) -> None:
        t0 = time.perf_counter()
        reset(device)
        times.append(time.perf_counter() - t0)
    return run


def load_tasks(paths: list[Path]) -> list[tuple[type, Path]]:
    found = []
    for base in paths:
        files = [base] if base.is_file() else sorted(base.rglob("tasks_*.py"))
        for path in files:
            path = path.resolve()
            rel = path.relative_to(ROOT) if path.is_relative_to(ROOT) else Path(path.name)
            name = ".".join(rel.with_suffix("").parts)
            spec = importlib.util.spec_from_file_location(name, path)
            assert spec and spec.loader
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
            for cls in tasks_in(module):
                cls.suite = cls.suite or suite_of(cls, path)
                found.append((cls, path))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=[str(ROOT / "suites")])
    parser.add_argument("--instances", type=int, default=1)
    parser.add_argument("--seed", default=str(DEFAULT_SEED))
    parser.add_argument("--wire", action="store_true", help="drive the phone through adb + uiautomator2")
    parser.add_argument("--configs", default="", help="B-MoCA device configurations (train, test, all or a CSV): "
                        "one drawn per episode and applied after the restore, as --ma-configs does")
    args = parser.parse_args()

    phone = SimDevice(serial="emulator-5554")
    server = None
    device: Any = phone
    if args.wire:
        from mobileagent_sim.adb_server import AdbServer
        from pytest_mobileagent.device.adb import AdbDevice

        os.environ["ADBUTILS_ADB_PATH"] = "/bin/true"  # never start a real adb daemon
        server = AdbServer([phone], console_token="bench").start()
        device = AdbDevice(phone.serial, port=server.port, console_port=server.console_port(phone.serial),
                           console_token="bench")
        print(f"through the wire: adbutils + uiautomator2 -> adb server on 127.0.0.1:{server.port}")
    device.snapshot_save("clean")
    configs = load(args.configs) if args.configs else ()
    restores: list[float] = []
    steps, episodes = [], []
    failed = []
    started = time.perf_counter()
    for cls, path in load_tasks([Path(p) for p in args.paths]):
        for case in cases(cls, args.seed, args.instances, path):
            task = case.make()
            config = config_of(case, configs)
            # what the plugin's fixture does before every item: restore, configure, set the clock
            reset = restore("clean", DEFAULT_TIME, config.profile if config else None)

            def make_result(task: Any = task, case: Any = case, config: Any = config) -> EpisodeResult:
                result = new_result(task, "oracle", case.index, case.seed)
                result.device_config = config.record() if config else {}
                return result

            e0 = time.perf_counter()
            result = play(device, task, OracleAgent(), reset=timed(reset, restores), make_result=make_result)
            episodes.append(time.perf_counter() - e0 - restores[-1])
            steps.extend(s.observe_s + s.act_s for s in result.steps)
            if result.success < 1.0:
                failed.append(case.id)
    wall = time.perf_counter() - started
    ms = 1000.0
    print(f"episodes: {len(episodes)} in {wall:.2f} s -> {len(episodes) / wall:.1f} episodes/s")
    print(f"steps: {len(steps)}; median per-step time (observation + action): {statistics.median(steps) * ms:.2f} ms"
          f"; p90 {statistics.quantiles(steps, n=10)[-1] * ms:.2f} ms")
    what = "snapshot restore + configuration" if configs else "snapshot restore"
    print(f"{what}: median {statistics.median(restores) * ms:.2f} ms, max {max(restores) * ms:.2f} ms")
    print(f"median episode (setup + agent loop + check): {statistics.median(episodes) * ms:.1f} ms")
    if failed:
        print(f"oracle did not succeed on: {', '.join(failed)}")
    device.close()
    if server is not None:
        server.close()
    phone.close()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
