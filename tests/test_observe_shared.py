"""One parse per step: every view accepts the parsed :class:`Screen` and gives what it gives from the XML, the fast
paths (element construction, the tap-lands-on-a-row memo, xpaths written while walking) equal their plain
definitions, and every on-screen actionable node is addressable in every view, on the simulator's screens and on
real-format dumps."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import ui_tree
from pytest_mobileagent.android.ui_tree import Screen, UIElement, in_clickable, is_actionable, on_screen, parse_bounds
from pytest_mobileagent.observe.compressed import compress
from pytest_mobileagent.observe.elements import Observation, element_lines, ui_elements
from pytest_mobileagent.observe.html_view import html_view
from pytest_mobileagent.observe.numbered import numbered_list
from tests import real_format

VIEWS: dict[str, Callable[[Any], str]] = {
    "compressed": lambda source: compress(source).text,
    "html": html_view,
    "numbered": numbered_list,
}


def _sim_dumps() -> dict[str, str]:
    out = {}
    with SimDevice(serial="sim-shared") as d:
        d.snapshot_save("clean")
        launchable = sorted(a.package for a in d.system.apps.values() if a.launchable)
        for name, go in [("home", lambda: None), ("drawer", lambda: d.swipe(540, 1500, 540, 500)),
                         *[(p, lambda p=p: d.start_app(p)) for p in launchable]]:
            d.snapshot_load("clean")
            go()
            out[f"sim:{name}"] = d.hierarchy()
    return out


@pytest.fixture(scope="module")
def dumps() -> dict[str, str]:
    shipped = (Path(__file__).parent / "data" / "real_dump_search.xml").read_text(encoding="utf-8")
    return {**_sim_dumps(), "real_dump_search": shipped, **real_format.dumps(per_screen=2)}


def reference_element(node: Any) -> UIElement:
    """The element of a node through the dataclass constructor, as the parser made it before the fast path."""
    flag = lambda name: node.get(name) == "true"  # noqa: E731
    return UIElement(text=node.get("text", ""), content_description=node.get("content-desc", ""),
                     class_name=node.get("class", ""), resource_id=node.get("resource-id", ""),
                     package=node.get("package", ""), bounds=parse_bounds(node.get("bounds", "[0,0][0,0]")),
                     hint=node.get("hint", ""), clickable=flag("clickable"), long_clickable=flag("long-clickable"),
                     checkable=flag("checkable"), checked=flag("checked"), editable=ui_tree.is_editable(node),
                     enabled=node.get("enabled", "true") == "true", focusable=flag("focusable"),
                     focused=flag("focused"), scrollable=flag("scrollable"), selected=flag("selected"))


def reference_targets(root: Any) -> list[Any]:
    """The action targets' nodes by the README's rule, node by node."""
    listed, extra = [], []
    for node in root.iter("node"):
        if not on_screen(node):
            continue
        if len(node) == 0 or node.get("content-desc") or node.get("scrollable") == "true":
            listed.append(node)
        elif is_actionable(node):
            extra.append(node)
    return listed + extra


def test_the_real_format_dumps_look_like_real_ones(dumps: dict[str, str]) -> None:
    for name in real_format.SCREENS:
        root = Screen(dumps[f"{name}-0"]).root
        nodes = list(root.iter("node"))
        layout = [n for n in nodes if not (is_actionable(n) or n.get("text") or n.get("content-desc"))]
        assert len(nodes) > 40 and len(layout) > len(nodes) / 3, name
        assert max(len(list(n.iterancestors())) for n in nodes) >= 10, name
        assert any(n.get("package") == "com.android.systemui" for n in nodes)


def test_every_view_from_the_shared_parse_equals_the_view_from_the_xml(dumps: dict[str, str]) -> None:
    for name, xml in dumps.items():
        screen = Screen(xml)
        for view, make in VIEWS.items():
            assert make(screen) == make(xml), (name, view)
        assert compress(screen) == compress(xml)
        assert Observation("", 0, xml, "", "").elements == ui_elements(xml) == screen.elements


def test_an_observation_parses_its_dump_once_for_every_view(dumps: dict[str, str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = ui_tree.parse_tree
    monkeypatch.setattr(ui_tree, "parse_tree", lambda xml: calls.append(1) or real(xml))
    obs = Observation("", 0, dumps["sim:com.android.settings"], "", "")
    for make in VIEWS.values():
        make(obs.screen)
    element_lines(obs.elements)
    assert obs.targets and obs.tree is obs.screen.root and obs.xpath_element("//node")
    assert len(calls) == 1


def test_fast_paths_equal_their_plain_definitions(dumps: dict[str, str]) -> None:
    for name, xml in dumps.items():
        screen = Screen(xml)
        tree = screen.root.getroottree()
        for node in screen.root.iter("node"):
            try:
                expected = reference_element(node)
            except ValueError:  # bounds that do not parse: never an element
                continue
            made = ui_tree.element_of(node)
            assert made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)
        nodes = [node for _, node in screen.target_nodes]
        assert nodes == reference_targets(screen.root), name
        assert [el for el, _ in screen.target_nodes] == [reference_element(n) for n in nodes]
        assert screen.tappable == [in_clickable(n) for n in nodes], name
        view = compress(screen)
        for path in [*view.xpaths.values(), *(p for near in view.nearby.values() for p in near)]:
            [node] = screen.root.xpath(path)
            assert tree.getpath(node) == path


def test_every_on_screen_actionable_node_is_addressable_in_every_view(dumps: dict[str, str]) -> None:
    for name, xml in dumps.items():
        screen = Screen(xml)
        tree = screen.root.getroottree()
        actionable = [n for n in screen.root.iter("node") if is_actionable(n) and on_screen(n)]
        assert actionable, name
        nodes = [node for _, node in screen.target_nodes]
        numbered = {int(line.split(":", 1)[0]) for line in numbered_list(screen).splitlines()}
        html = {int(re.match(r"<\w+ id=(\d+)", tag).group(1)) for tag in html_view(screen).splitlines()}
        view = compress(screen)
        shown = {n.get("id") for n in etree.fromstring(f"<v>{view.text}</v>").iter() if n.get("id")}
        assert shown == set(view.xpaths), name
        own = {path: nid for nid, path in view.xpaths.items()}
        for node in actionable:
            index = nodes.index(node)
            assert index in numbered and index in html, (name, index)
            assert tree.getpath(node) in own, (name, tree.getpath(node))
