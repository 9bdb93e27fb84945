"""The simulator's tree is its architecture too: each module imports only its own layer and those below, no
modules import each other round a cycle, and the simulator stands without pytest and without the plugin (it
takes from ``pytest_mobileagent`` only the contracts: ``android`` and ``device``).

Every import counts, those inside functions too: a lazy import that closes a cycle is still a cycle. Imports under
``if TYPE_CHECKING:`` are annotations, not dependencies. Importing ``mobileagent_sim.apps.sms`` runs
``mobileagent_sim/apps/__init__.py`` first, so a module depends on the packages it is in; not on the top package,
whose ``__init__`` loads ``SimDevice`` only when asked (PEP 562), so running it imports nothing.
"""

from __future__ import annotations

import ast
import fnmatch
import functools
from collections import defaultdict
from pathlib import Path

from tests.test_layers import type_checking_nodes

PACKAGE = "mobileagent_sim"
ROOT = Path(__file__).resolve().parents[1] / PACKAGE

#: Top to bottom; a module is named without ``mobileagent_sim.`` (``""`` is the package itself), a pattern
#: (``apps.*``) names those its exact names do not.
LAYERS: list[set[str]] = [
    {"", "backend", "testing", "adb_server", "u2_server"},  # face, device backend, fixture, wire servers
    {"device", "console"},  # SimDevice, the composition root of a phone; the emulator console
    {"apps.catalogue", "userland"},  # what a phone is built from: its installed apps, its shell's programs
    {"apps", "apps.*", "providers", "telephony"},  # the apps (the content providers' among them)
    {"framework", "dumps", "bugreport", "logcat", "package_manager", "sqlite_cli"},  # the framework's commands
    {"toybox"},  # the userland commands
    {"kernel"},  # what the kernel tells: processes, /proc and /sys, the machine's figures
    {"shell", "sh_parse"},  # mksh: the grammar, the builtins, the table of commands
    {"system", "services"},  # the system server: windows, activities, input; the system services
    {"stores"},  # files, settings, logcat buffer, clock
    # app model, views, and the renderer
    {"app", "account", "views", "web", "layout", "hierarchy", "render", "render.*", "key_listeners"},
    {"users", "state"},  # low helpers: Android's uids, a phone's state as bytes
    {"graph"},  # object graphs as plain data (what a state stores)
]

#: The only parts of the plugin the simulator uses: the contracts it implements.
CONTRACTS = ("pytest_mobileagent.android", "pytest_mobileagent.device")


def modules() -> dict[str, Path]:
    """Every module of the simulator by name (``apps.sms``; ``""`` for the package's ``__init__``)."""
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def layer_of(module: str) -> int | None:
    for depth, names in enumerate(LAYERS):
        if module in names:
            return depth
    for depth, names in enumerate(LAYERS):
        if any("*" in name and fnmatch.fnmatchcase(module, name) for name in names):
            return depth
    return None


@functools.cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def imported_names(module: str, path: Path, annotations: bool = False) -> set[str]:
    """Every absolute module name a file imports (``from a import b``: ``a`` and ``a.b``), those in functions too;
    those under ``if TYPE_CHECKING:`` only if ``annotations``."""
    tree = _tree(path)
    skipped = set() if annotations else type_checking_nodes(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = ".".join([PACKAGE, module] if module else [PACKAGE])
                if path.name != "__init__.py":
                    package = package.rpartition(".")[0]
                for _ in range(node.level - 1):
                    package = package.rpartition(".")[0]
                base = f"{package}.{base}" if base else package
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@functools.cache
def import_graph() -> dict[str, dict[str, list[str]]]:
    """module -> the simulator's modules it depends on -> the import that makes it (a name, or its package)."""
    known = modules()

    def resolve(name: str) -> str | None:
        rest = name.removeprefix(PACKAGE).removeprefix(".")
        while rest not in known:
            if not rest:
                return None
            rest = rest.rpartition(".")[0]
        return rest

    graph: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for module, path in known.items():
        for name in imported_names(module, path):
            if name == PACKAGE or name.startswith(PACKAGE + "."):
                target = resolve(name)
                if target is not None and target != module:
                    graph[module][target].append(name)
        parts = module.split(".")
        for i in range(1, len(parts)):  # the packages it is in run first (not the top package: see above)
            graph[module][".".join(parts[:i])].append("(its package)")
    return graph


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """The modules that import each other round a cycle, component by component (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_every_module_has_a_layer() -> None:
    assert sorted(m for m in modules() if layer_of(m) is None) == [], \
        "new modules need a place in LAYERS (and in mobileagent_sim/README.md's layers)"


def test_no_upward_imports() -> None:
    upward = [f"{source or PACKAGE} -> {target or PACKAGE} ({', '.join(sorted(set(how)))})"
              for source, targets in import_graph().items() for target, how in targets.items()
              if (layer_of(target) or 0) < (layer_of(source) or 0)]
    assert upward == []


def test_no_import_cycles() -> None:
    graph = {source: set(targets) for source, targets in import_graph().items()}
    assert strongly_connected(graph) == []


def test_the_cycle_check_finds_a_cycle() -> None:
    """The check itself: the import the shell once closed its cycle with (registering toybox's commands) would
    be found."""
    graph = {source: set(targets) for source, targets in import_graph().items()}
    graph["shell"].add("toybox")
    assert any({"shell", "toybox"} <= set(component) for component in strongly_connected(graph))


def test_only_the_fixture_module_imports_pytest() -> None:
    importers = sorted(module for module, path in modules().items()
                       if any(name.split(".")[0] in ("pytest", "_pytest")
                              for name in imported_names(module, path, annotations=True)))
    assert importers == ["testing"]


def test_the_plugin_is_used_only_for_its_contracts() -> None:
    """The simulator implements the contracts (``pytest_mobileagent.android``'s apps, ``pytest_mobileagent.device``'s
    protocol) and imports nothing else of the plugin: the plugin reaches it through the device-backend hook."""
    wrong = sorted(f"{module or PACKAGE}: {name}" for module, path in modules().items()
                   for name in imported_names(module, path, annotations=True)
                   if name.split(".")[0] == "pytest_mobileagent" and name != "pytest_mobileagent"
                   and not any(name == c or name.startswith(c + ".") for c in CONTRACTS))
    assert wrong == []
