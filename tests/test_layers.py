"""The tree is the architecture: each layer imports only the layers below it, the plugin never imports the
simulator (it reaches it through the device-backend hook: ``mobileagent_sim.backend`` is an entry point of
``pytest_mobileagent.backends``), and suites import the package, never each other or the simulator. Imports under
``if TYPE_CHECKING:`` are annotations, not dependencies."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "pytest_mobileagent"

#: Top to bottom; a unit is a top-level module or package of ``pytest_mobileagent``.
LAYERS: list[set[str]] = [
    {"plugin", "fixtures", "xdist_hooks", "hooks", "settings", "pool", "datasets_cli"},  # the pytest layer
    {"report"},
    {"episode", "mutations"},
    {"scoring"},
    {"agents"},
    {"llm"},
    {"tasks"},
    {"metrics"},
    {"observe", "actions", "catalog", "apis"},
    {"validators"},  # state checks and seeders
    {"device"},  # the Device protocol, the backend interface, the adb backend
    # stash: the run state's keys, whose value types (from the layers above) are annotations only
    {"android", "records", "datasets", "datasets_manifest", "redaction", "deadline", "stash", "capped", "text"},
]
LAYER_OF = {unit: depth for depth, units in enumerate(LAYERS) for unit in units}


def type_checking_nodes(tree: ast.AST) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:`` (annotations, not dependencies)."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(n) for n in ast.walk(node))
    return skipped


def imported_modules(path: Path) -> set[str]:
    """Every absolute module a file imports at run time (lazy imports in functions included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = type_checking_nodes(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def unit_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "pytest_mobileagent" and len(parts) > 1 else None


def package_graph() -> dict[str, dict[str, list[str]]]:
    """unit -> imported unit -> the files that import it."""
    graph: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE)
        if rel.name == "__init__.py" and len(rel.parts) == 1:
            continue
        source = rel.parts[0].removesuffix(".py")
        for target in {unit_of(m) for m in imported_modules(path)} - {None, source}:
            graph[source][target].append(str(rel))  # type: ignore[index]
    return graph


def test_every_unit_has_a_layer() -> None:
    units = {p.name.removesuffix(".py") for p in PACKAGE.iterdir()
             if (p.suffix == ".py" and p.name != "__init__.py") or (p / "__init__.py").exists()}
    assert units - set(LAYER_OF) == set(), "new top-level modules need a place in LAYERS (and the README's layers)"


def test_no_upward_imports() -> None:
    upward = [f"{source} -> {target} ({', '.join(sorted(files))})"
              for source, targets in package_graph().items() for target, files in targets.items()
              if LAYER_OF.get(target, -1) < LAYER_OF.get(source, -1)]
    assert upward == []


def test_no_cycles_between_units() -> None:
    graph = {source: set(targets) for source, targets in package_graph().items()}
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    cycles: list[list[str]] = []

    def visit(unit: str, path: list[str]) -> None:
        state[unit] = 1
        for nxt in sorted(graph.get(unit, ())):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt):], nxt] if nxt in path else [unit, nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[unit] = 2

    for unit in sorted(graph):
        if unit not in state:
            visit(unit, [unit])
    assert cycles == []


def test_the_plugin_never_imports_the_simulator() -> None:
    """Not even lazily: the simulator is one device backend among others, registered by its package."""
    wrong = sorted(f"{path.relative_to(ROOT)}: {module}" for path in PACKAGE.rglob("*.py")
                   for module in imported_modules(path) if module.split(".")[0] == "mobileagent_sim")
    assert wrong == []


@pytest.mark.parametrize("suite", sorted(p.name for p in (ROOT / "suites").iterdir() if (p / "__init__.py").exists()))
def test_suites_import_the_package_not_each_other_or_the_simulator(suite: str) -> None:
    wrong = sorted(f"{path.relative_to(ROOT)}: {module}"
                   for path in (ROOT / "suites" / suite).rglob("*.py") for module in imported_modules(path)
                   if module.startswith("mobileagent_sim")
                   or (module.startswith("suites.") and not module.startswith(f"suites.{suite}")))
    assert wrong == []


def test_the_simulator_runs_without_pytest() -> None:
    """``mobileagent_sim`` is usable outside a pytest run: a phone boots and answers, and no module of pytest or
    of the plugin's upper layers is loaded (only the contracts, ``android``, ``device`` and the text helpers)."""
    import json
    import subprocess
    import sys

    code = ("import json, sys\nfrom mobileagent_sim import SimDevice\nimport mobileagent_sim.adb_server\n"
            "with SimDevice() as d: assert d.shell('getprop ro.product.model').strip()\n"
            "print(json.dumps(sorted({m.split('.')[0] if not m.startswith('pytest_mobileagent.') else m.split('.')[1] "
            "for m in sys.modules if m.split('.')[0] in ('pytest', '_pytest', 'pytest_mobileagent')})))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    assert set(json.loads(done.stdout)) <= {"pytest_mobileagent", "android", "device", "redaction", "text"}, done.stdout
