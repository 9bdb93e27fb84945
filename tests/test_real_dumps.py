"""Observations on dumps as real devices give them: noise around the XML parses, a cut-off dump is an error and
never a partial screen, text fields are recognised by their family, and every on-screen actionable node is
addressable in every view by an id that resolves to exactly that node."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from mobileagent_sim import SimDevice
from mobileagent_sim.testing import serve
from pytest_mobileagent.actions import Action, execute
from pytest_mobileagent.android.ui_tree import MalformedDump, is_actionable, target_nodes
from pytest_mobileagent.device.adb import AdbDevice
from pytest_mobileagent.device.base import DeviceError
from pytest_mobileagent.observe.compressed import compress
from pytest_mobileagent.observe.elements import Observation, parse_tree, ui_elements
from pytest_mobileagent.observe.html_view import html_view
from pytest_mobileagent.observe.numbered import numbered_list

DUMP = (Path(__file__).parent / "data" / "real_dump_search.xml").read_text(encoding="utf-8")
VIEWS = {"elements": lambda xml: "\n".join(e.describe() for e in ui_elements(xml)),
         "numbered": numbered_list, "html": html_view, "compressed": lambda xml: compress(xml).text}

#: The same screen as tools and transports deliver it.
VARIANTS = {
    "junk before": "WARNING: linker: app_process has text relocations\n" + DUMP,
    "dumped-to line after": DUMP.rstrip() + "UI hierchary dumped to: /dev/tty\n",
    "BOM": "\ufeff" + DUMP,
    "CRLF": DUMP.replace("\n", "\r\n"),
    "no declaration": DUMP.split("?>", 1)[1],
}


def on_screen_actionable(root: Any) -> list[Any]:
    return [n for n in root.iter("node") if is_actionable(n) and n.get("visible-to-user") == "true" and _area(n) > 0]


def _area(node: Any) -> int:
    x1, y1, x2, y2 = (int(v) for v in node.get("bounds").replace("][", ",").strip("[]").split(","))
    return max(0, x2 - x1) * max(0, y2 - y1)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("view", VIEWS)
def test_noise_around_a_dump_changes_no_view(variant: str, view: str) -> None:
    assert VIEWS[view](VARIANTS[variant]) == VIEWS[view](DUMP)


@pytest.mark.parametrize("cut", [0, 1, 200, len(DUMP) // 2, len(DUMP) - 20])
@pytest.mark.parametrize("view", VIEWS)
def test_a_cut_off_or_empty_dump_is_an_error_in_every_view(cut: int, view: str) -> None:
    with pytest.raises(MalformedDump):
        VIEWS[view](DUMP[:cut])


def test_a_cut_off_dump_from_a_device_is_an_infrastructure_error(monkeypatch: pytest.MonkeyPatch) -> None:
    class CutOff:
        def dump_hierarchy(self) -> str:
            return DUMP[:len(DUMP) // 3]

    with SimDevice() as phone, serve(phone) as server:
        device = AdbDevice(phone.serial, port=server.port)
        assert device.hierarchy().startswith("<?xml")  # the real transport's dump, whole
        monkeypatch.setattr(device, "_u2", CutOff())
        with pytest.raises(DeviceError, match="cut off"):
            device.hierarchy()


def test_text_fields_of_the_edittext_family_are_editable() -> None:
    [field] = [e for e in ui_elements(DUMP) if e.resource_name == "search_src_text"]
    assert field.editable and field.focused
    assert '<input id=1 class="search_src_text" value="lamp" placeholder="Search products" focused>' in \
        html_view(DUMP).splitlines()
    assert "editable" in next(line for line in numbered_list(DUMP).splitlines() if '"lamp"' in line)
    assert 'editable="true"' in compress(DUMP).text


def test_elements_are_paired_with_their_own_node_not_an_equal_one() -> None:
    root = parse_tree(DUMP)
    tree = root.getroottree()
    pairs = target_nodes(root)
    # a bare FrameLayout inside an equal FrameLayout: the leaf is listed, and paired with the leaf
    nested = [(el, node) for el, node in pairs if el.bounds == (32, 297, 1048, 697)]
    assert len(nested) == 1 and len(nested[0][1]) == 0
    leaf = nested[0][1]
    assert leaf.getparent().get("bounds") == leaf.get("bounds") and tree.getpath(leaf).endswith("]/node")
    for el, node in pairs:
        assert el.bounds == tuple(int(v) for v in node.get("bounds").replace("][", ",").strip("[]").split(","))


def test_every_on_screen_actionable_node_is_addressable_in_every_view() -> None:
    obs = Observation("", 0, DUMP, "", "")
    root = obs.tree
    actionable = on_screen_actionable(root)
    assert len(actionable) == 8  # up, field, clear, the list, two cards, the checkbox, the IME action key
    paths = {root.getroottree().getpath(n) for n in actionable}
    target_paths = [root.getroottree().getpath(node) for _, node in target_nodes(root)]
    assert paths <= set(target_paths)
    numbered_ids = {int(line.split(":", 1)[0]) for line in numbered_list(DUMP).splitlines()}
    html_ids = {int(re.match(r"<\w+ id=(\d+)", tag).group(1)) for tag in html_view(DUMP).splitlines()}
    compressed = compress(DUMP)
    for path in paths:
        index = target_paths.index(path)
        assert index in numbered_ids and index in html_ids, path
        assert path in compressed.xpaths.values(), path
    # the cards, which the leaf rule drops, come after AndroidWorld's indices
    assert obs.targets[:len(obs.elements)] == obs.elements and len(obs.targets) > len(obs.elements)


def test_an_index_past_the_element_list_taps_the_node_it_names() -> None:
    with SimDevice() as d:
        d.start_app("com.android.settings")
        obs = Observation("", 0, d.hierarchy(), *d.current_activity())
        extra = [i for i in range(len(obs.elements), len(obs.targets)) if obs.targets[i].clickable
                 and obs.targets[i].resource_name != "search_action_bar"]  # a ViewGroup too (opens search)
        assert extra, "the Settings rows are clickable containers the leaf rule drops"
        row = obs.targets[extra[0]]
        labels = [e.text for e in obs.elements if e.text and _inside(e.bounds, row.bounds)]
        execute(d, Action.click(index=extra[0]), obs)
        d.settle()
        assert d.current_activity()[1] == "com.android.settings.SubSettings"
        assert labels[0] in {e.text for e in ui_elements(d.hierarchy())}


def _inside(inner: tuple[int, int, int, int], outer: tuple[int, int, int, int]) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def test_rotation_and_several_windows_parse() -> None:
    rotated = DUMP.replace('<hierarchy rotation="0">', '<hierarchy rotation="1">')
    assert numbered_list(rotated) == numbered_list(DUMP)
    windows = etree.fromstring(DUMP.split("?>", 1)[1].encode()).findall("node")
    assert len(windows) == 2  # the app and the keyboard: the keyboard's action key is a target too
    assert any(t.resource_name == "key_pos_ime_action" for t in Observation("", 0, DUMP, "", "").targets)
