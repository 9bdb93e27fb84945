"""Every suite item gets the same verdict over the wire as in process.

The same suites, the same agent, the same seed: once on the embedded simulator, once on two simulated phones
behind :class:`~mobileagent_sim.adb_server.AdbServer`, driven through the ``AdbDevice`` backend (real
adbutils and uiautomator2, two xdist workers, a pool file of the specs the server prints). Over the wire the
items a phone behind adb cannot play are skipped for a declared capability (``requires``: seeding app state the
simulator keeps in memory...); every other item must end as it ended in process.

Long (every item, twice, over sockets): marked ``compat``, run by CI after the README's test command. The
do-nothing agent's waits are ``sleep`` on the phone, real time over the wire (a served phone's clock follows the
host's): its run serves the phones with ``time_scale`` 50, each phone second a fiftieth of a real one, which
moves the clocks by the same amounts as in process.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mobileagent_sim import SimDevice
from mobileagent_sim.testing import serve

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.compat


def run_suites(out: Path, agent: str, *options: str) -> dict[str, dict[str, object]]:
    """``pytest suites --agent=AGENT`` with ``options``; each item's record by node id."""
    command = [sys.executable, "-m", "pytest", "suites", f"--agent={agent}", "-q", "-p", "no:cacheprovider",
               "--ma-output", str(out), "--ma-run-id", "run", *options]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=1800)
    results = out / "run" / "results.jsonl"
    assert results.exists(), done.stdout[-3000:] + done.stderr[-3000:]
    records = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines() if line.strip()]
    return {str(r["nodeid"]): r for r in records}


@pytest.mark.parametrize(("agent", "time_scale"), [("oracle", 1.0), ("noop", 50.0)])
def test_every_item_gets_the_same_verdict_over_the_wire(agent: str, time_scale: float, tmp_path: Path) -> None:
    in_process = run_suites(tmp_path / "sim", agent)
    with (SimDevice(serial="emulator-5554") as a, SimDevice(serial="emulator-5556") as b,
          serve(a, b, time_scale=time_scale) as server):
        pool = tmp_path / "pool.txt"
        pool.write_text("".join(f"{server.device_spec(p.serial)}\n" for p in (a, b)), encoding="utf-8")
        wire = run_suites(tmp_path / "wire", agent, "-n", "2", "--ma-pool-file", str(pool))
    assert in_process and wire
    assert set(wire) <= set(in_process), sorted(set(wire) - set(in_process))[:5]
    differ = {node: (in_process[node]["success"], r["success"], r.get("agent_error"), r.get("validator_state"))
              for node, r in wire.items() if r["success"] != in_process[node]["success"]}
    assert not differ, "\n".join(f"{node}: in process {v[0]}, over the wire {v[1]} ({v[2]}; saw {v[3]})"
                                 for node, v in sorted(differ.items()))
    assert len(wire) >= 0.7 * len(in_process), f"only {len(wire)} of {len(in_process)} items ran over the wire"
