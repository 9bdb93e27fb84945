"""Observation views over real simulator screens: compressed XML, HTML view, numbered element list."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from mobileagent_sim import SimDevice
from pytest_mobileagent.actions import Action, execute
from pytest_mobileagent.observe.compressed import CompressedView, compress
from pytest_mobileagent.observe.elements import Observation, parse_tree, ui_elements
from pytest_mobileagent.observe.html_view import html_view
from pytest_mobileagent.observe.numbered import numbered_list
from pytest_mobileagent.validators.contacts import add_contact
from tests.screen import tap

HOSTILE = '<script>alert("x")</script> & <b>Bob</b>'
HTML_TAGS = {"p", "button", "input", "img", "checkbox", "div"}


def open_internet(d: SimDevice) -> None:
    d.start_app("com.android.settings")
    tap(d, text="Network & internet")
    tap(d, text="Internet")


SCREENS = {
    "home": lambda d: None,
    "drawer": lambda d: d.swipe(540, 1500, 540, 500),
    "settings": lambda d: d.start_app("com.android.settings"),
    "internet": open_internet,
    "clock": lambda d: d.start_app("com.google.android.deskclock"),
    "contacts": lambda d: d.start_app("com.google.android.contacts"),
    "sms": lambda d: d.start_app("com.simplemobiletools.smsmessenger"),
    "calendar": lambda d: d.start_app("com.simplemobiletools.calendar.pro"),
}


@pytest.fixture(scope="module")
def device() -> Iterator[SimDevice]:
    with SimDevice(serial="sim-views") as d:
        d.snapshot_save("clean")
        yield d


@pytest.fixture
def d(device: SimDevice) -> SimDevice:
    device.snapshot_load("clean")
    return device


@pytest.fixture(scope="module")
def dumps(device: SimDevice) -> dict[str, str]:
    out = {}
    for name, go in SCREENS.items():
        device.snapshot_load("clean")
        go(device)
        out[name] = device.hierarchy()
    device.snapshot_load("clean")
    return out


def view_nodes(view: CompressedView) -> dict[str, etree._Element]:
    root = etree.fromstring(f"<view>{view.text}</view>")
    return {n.get("id"): n for n in root.iter() if n.get("id")}


def observe(d: SimDevice) -> Observation:
    package, activity = d.current_activity()
    return Observation("", 0, d.hierarchy(), package, activity)


def layout_only(node: etree._Element) -> bool:
    flags = ("clickable", "long-clickable", "checkable", "scrollable")
    return not (node.get("text") or node.get("content-desc") or any(node.get(f) == "true" for f in flags)
                or node.get("class", "").endswith("EditText"))


# -- compressed XML --------------------------------------------------------------


@pytest.mark.parametrize("screen", SCREENS)
def test_every_id_maps_to_one_raw_node_whose_text_is_shown(dumps: dict[str, str], screen: str) -> None:
    raw = parse_tree(dumps[screen])
    view = compress(dumps[screen])
    shown = view_nodes(view)
    assert list(shown) == [f"n{i}" for i in range(len(shown))] == list(view.xpaths)
    for nid, xpath in view.xpaths.items():
        [node] = raw.xpath(xpath)
        assert node.get("text", "") in shown[nid].get("text", "")
        assert node.get("content-desc", "") in shown[nid].get("desc", shown[nid].get("text", ""))
        for child_path in view.nearby[nid]:
            [child] = raw.xpath(child_path)
            assert node in child.iterancestors()
            assert child.get("text", "") in shown[nid].get("text", "")
            assert view.node_id(child_path) == nid


@pytest.mark.parametrize("screen", SCREENS)
def test_layout_containers_are_dropped_and_the_view_is_smaller(dumps: dict[str, str], screen: str) -> None:
    raw = parse_tree(dumps[screen])
    view = compress(dumps[screen])
    kept = {raw.xpath(x)[0] for x in view.xpaths.values()}
    assert not any(layout_only(n) for n in kept)
    assert any(layout_only(n) for n in raw.iter("node"))  # there was something to drop
    assert len(view.text) < len(dumps[screen]) / 3
    assert 'rid="content"' not in view.text  # android:id/content, a pure FrameLayout


def test_clickable_row_absorbs_its_labels(dumps: dict[str, str]) -> None:
    raw = parse_tree(dumps["settings"])
    view = compress(dumps["settings"])
    [title] = raw.xpath('//node[@text="Network & internet"]')
    [summary] = title.itersiblings()
    row = title.getparent().getparent()
    nid = view.node_id(raw.getroottree().getpath(row))
    assert nid is not None and row.get("clickable") == "true"
    assert {raw.getroottree().getpath(title), raw.getroottree().getpath(summary)} <= set(view.nearby[nid])
    assert view.node_id(raw.getroottree().getpath(summary)) == nid
    node = view_nodes(view)[nid]
    assert node.get("text") == "Network & internet | Mobile, Wi‑Fi, hotspot"
    assert node.get("clickable") == "true" and len(node) == 0


def test_clickable_container_with_controls_keeps_its_children(dumps: dict[str, str]) -> None:
    view = compress(dumps["calendar"])  # the month pager is clickable, but its day cells must stay apart
    shown = view_nodes(view)
    [pager] = [n for n in shown.values() if n.get("rid") == "fragment_months_viewpager"]
    assert pager.get("text") is None and not view.nearby[pager.get("id")]
    days = [n.get("text") for n in pager.iter("TextView")]
    assert {"S", "M", "15", "28"} <= set(days)


def test_switch_state_shows_and_follows_a_flip(d: SimDevice) -> None:
    open_internet(d)

    def switch() -> tuple[CompressedView, etree._Element]:
        view = compress(d.hierarchy())
        [node] = [n for n in view_nodes(view).values() if n.tag == "Switch"]
        return view, node

    view, node = switch()
    assert node.get("checked") == "true" and node.get("rid") is None  # labelled ("ON"): no resource id shown
    assert all(n.get("checked") is None for nid, n in view_nodes(view).items() if nid != node.get("id"))
    execute(d, Action.click(xpath=view.xpaths[node.get("id")]), observe(d))
    assert d.settings_get("global", "wifi_on") == "0"
    _, node = switch()
    assert node.get("checked") == "false"


def test_compressed_text_is_escaped_xml(d: SimDevice) -> None:
    add_contact(d, HOSTILE)
    d.start_app("com.google.android.contacts")
    view = compress(d.hierarchy())
    assert "<script>" not in view.text and "&lt;script&gt;" in view.text
    assert any(HOSTILE in (n.get("text") or "") for n in view_nodes(view).values())


# -- HTML view and numbered list -----------------------------------------------


class Tags(HTMLParser):
    """Start tags and the text inside each, as a browser would read them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.texts: list[str] = []
        self.inside = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self.texts.append("")
        self.inside = tag not in ("img", "input")

    def handle_endtag(self, tag: str) -> None:
        self.inside = False

    def handle_data(self, data: str) -> None:
        if self.inside:
            self.texts[-1] += data


def read_html(text: str) -> Tags:
    parser = Tags()
    parser.feed(text)
    parser.close()
    return parser


def test_html_view_escapes_hostile_contact_names(d: SimDevice) -> None:
    add_contact(d, HOSTILE)
    d.start_app("com.google.android.contacts")
    xml = d.hierarchy()
    page = html_view(xml)
    assert "<script" not in page and "<b>" not in page
    parsed = read_html(page)
    assert {tag for tag, _ in parsed.tags} <= HTML_TAGS
    index = next(i for i, el in enumerate(ui_elements(xml)) if el.text == HOSTILE)
    at = [int(a["id"] or -1) for _, a in parsed.tags].index(index)
    assert parsed.tags[at][0] == "button" and parsed.texts[at] == HOSTILE
    assert f'{index}: TextView "{HOSTILE.replace(chr(34), chr(92) + chr(34))}"' in numbered_list(xml)


def test_html_view_escapes_every_attribute() -> None:
    xml = ('<hierarchy rotation="0"><node text="" resource-id="a:id/x&quot;&gt;&lt;i" class="android.widget.EditText"'
           ' content-desc="" hint="&lt;img src=x onerror=alert(1)&gt;" clickable="true" bounds="[0,0][10,10]"/>'
           '<node text="" content-desc="&quot; onload=&quot;x" class="android.widget.ImageView" bounds="[0,10][9,20]"/>'
           '</hierarchy>')
    page = html_view(xml)
    parsed = read_html(page)
    assert [t for t, _ in parsed.tags] == ["input", "img"]
    field, image = (a for _, a in parsed.tags)
    assert field["placeholder"] == "<img src=x onerror=alert(1)>" and field["class"] == 'x"><i'
    assert image == {"id": "1", "alt": '" onload="x'}


@pytest.mark.parametrize("screen", SCREENS)
def test_indices_in_html_and_numbered_list_are_action_target_indices(dumps: dict[str, str], screen: str) -> None:
    xml = dumps[screen]
    elements = Observation("", 0, xml, "", "").targets
    assert elements[:len(ui_elements(xml))] == ui_elements(xml)  # AndroidWorld's indices first, unchanged
    lines = numbered_list(xml).splitlines()
    assert len(lines) == len(elements)
    for i, (line, el) in enumerate(zip(lines, elements)):
        assert line.startswith(f"{i}: {el.class_name.rsplit('.', 1)[-1]}")
    parsed = read_html(html_view(xml))
    assert len(parsed.tags) <= len(elements)
    for (tag, attrs), text in zip(parsed.tags, parsed.texts):
        el = elements[int(attrs["id"] or "")]
        shown = attrs.get("alt") if tag == "img" else attrs.get("value") if tag == "input" else text
        assert shown == (el.content_description if tag == "img" else el.text or el.content_description)


def test_clicking_an_index_from_each_view_taps_that_element(d: SimDevice) -> None:
    d.start_app("com.android.settings")
    obs = observe(d)
    n = _html_index(obs.xml, "Display")
    assert obs.elements[n].text == "Display"
    execute(d, Action.click(index=n), obs)
    assert "Brightness level" in {e.text for e in ui_elements(d.hierarchy())}

    d.press("back")
    obs = observe(d)
    line = next(x for x in numbered_list(obs.xml).splitlines() if '"Network & internet"' in x)
    n = int(line.split(":", 1)[0])
    assert obs.elements[n].text == "Network & internet" and line.endswith("clickable")
    execute(d, Action.click(index=n), obs)
    assert "Internet" in {e.text for e in ui_elements(d.hierarchy())}


def _html_index(xml: str, text: str) -> int:
    m = re.search(rf"<button id=(\d+)[^>]*>{re.escape(text)}</button>", html_view(xml))
    assert m, html_view(xml)
    return int(m.group(1))


# -- properties ------------------------------------------------------------------

UI_TEXT = st.text(alphabet=st.one_of(st.sampled_from('<>&"\'/=\n'),
                                     st.characters(exclude_categories=("Cs", "Cc", "Cn"))), min_size=1)


def screen_with(texts: list[str], descs: list[str]) -> str:
    root = etree.Element("hierarchy", rotation="0")
    for i, (text, desc) in enumerate(zip(texts, descs)):
        cls = "android.widget.ImageView" if i % 3 == 2 else "android.widget.TextView"
        bounds = f"[0,{i * 10}][100,{i * 10 + 9}]"
        etree.SubElement(root, "node", {"text": text, "content-desc": desc, "class": cls,
                                        "clickable": str(i % 2 == 0).lower(), "bounds": bounds})
    return etree.tostring(root, encoding="unicode")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(UI_TEXT, UI_TEXT), min_size=1, max_size=6))
def test_ui_text_never_escapes_its_element(pairs: list[tuple[str, str]]) -> None:
    texts, descs = [p[0] for p in pairs], [p[1] for p in pairs]
    xml = screen_with(texts, descs)
    elements = ui_elements(xml)
    assert [e.text for e in elements] == texts
    parsed = read_html(html_view(xml))
    assert [int(a["id"] or "") for _, a in parsed.tags] == list(range(len(texts)))
    assert {t for t, _ in parsed.tags} <= HTML_TAGS
    for (tag, attrs), text, el in zip(parsed.tags, parsed.texts, elements):
        assert (attrs["alt"] if tag == "img" else text) == (el.content_description if tag == "img" else el.text)
    assert len(numbered_list(xml).splitlines()) == len(texts)
    view = compress(xml)
    assert [n.get("text") for n in view_nodes(view).values()] == texts


def test_set_of_mark_boxes_every_element_on_the_screenshot() -> None:
    import io

    from PIL import Image

    from pytest_mobileagent.observe.elements import Observation
    from pytest_mobileagent.observe.set_of_mark import set_of_mark

    with SimDevice() as device:
        device.start_app("com.android.settings")
        obs = Observation("", 0, device.hierarchy(), "", "", screenshot_fn=device.screenshot)
        marked = Image.open(io.BytesIO(set_of_mark(obs))).convert("RGB")
        plain = Image.open(io.BytesIO(obs.screenshot)).convert("RGB")
    assert marked.size == plain.size
    for el in obs.elements:
        x1, y1, _, _ = el.bounds
        assert marked.getpixel((x1 + 1, y1 + 1)) == (255, 0, 0)  # each element's numbered corner tag
