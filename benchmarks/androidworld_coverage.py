"""Which of AndroidWorld's 116 families the suite ports: prints a Markdown table for the suite README.

    python benchmarks/androidworld_coverage.py > /tmp/coverage.md

Reads AndroidWorld's ``task_metadata.json`` from the datasets folder (``$MA_DATASETS``, else the per-user
cache that ``ma-datasets fetch androidworld`` fills).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pytest_mobileagent.datasets import dataset_file, datasets_dir  # noqa: E402
from tests.suite_tasks import all_tasks  # noqa: E402

#: Why a family is not ported, by name prefix.
REASONS: dict[str, str] = {
}


def reason(name: str) -> str:
    return next((why for prefix, why in REASONS.items() if name.startswith(prefix)), "not yet ported")


def main() -> int:
    path = dataset_file("androidworld/task_metadata.json")
    if path is None:
        print(f"androidworld/task_metadata.json is not in {datasets_dir()}: run `ma-datasets fetch androidworld`, "
              "or set MA_DATASETS to a folder holding it", file=sys.stderr)
        return 2
    meta = json.loads(path.read_text(encoding="utf-8"))
    ported = {t.name: t for t in all_tasks() if t.suite == "androidworld"}
    print("| family | difficulty | apps | status |")
    print("|---|---|---|---|")
    for m in sorted(meta, key=lambda m: m["task_name"]):
        name = m["task_name"]
        task = ported.get(name)
        status = "ported" if task else reason(name)
        apps = ", ".join(task.apps) if task else ""
        print(f"| {name} | {m['difficulty']} | {apps} | {status} |")
    print(f"\n{len(ported)} of {len(meta)} families ported.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
