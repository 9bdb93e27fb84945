"""AndroidArena's observation text, line for line: the rules its compressor applies (removal, merge, the line's
fields and separators, the recorded xpath), checked on small dumps against lines AndroidArena itself recorded
(``trajectory/*.html`` of its repository) and the strings its evaluator searches for."""

from __future__ import annotations

from mobileagent_sim import SimDevice
from pytest_mobileagent.observe.arena_text import app_name, arena_text
from tests.screen import tap

FLAGS = ("checkable", "checked", "clickable", "enabled", "focusable", "focused", "scrollable", "long-clickable",
         "password", "selected")


def node(cls: str, *kids: str, rid: str = "", text: str = "", desc: str = "", pkg: str = "org.mozilla.firefox",
         bounds: str = "[0,0][100,100]", **flags: bool) -> str:
    attrs = " ".join(f'{f}="{"true" if flags.get(f.replace("-", "_"), f == "enabled") else "false"}"' for f in FLAGS)
    return (f'<node index="0" text="{text}" resource-id="{rid}" class="{cls}" package="{pkg}" content-desc="{desc}" '
            f'{attrs} bounds="{bounds}">{"".join(kids)}</node>')


def dump(*kids: str) -> str:
    return f'<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">{"".join(kids)}</hierarchy>'


def lines(xml: str, package: str = "org.mozilla.firefox") -> list[str]:
    return arena_text(xml, package).text.splitlines()


def test_a_recorded_firefox_toolbar_renders_as_androidarena_recorded_it() -> None:
    """Step 4 of ``GPT4-Search_for_large_language_model_in_Firefox.html``: the browser toolbar."""
    pid = "org.mozilla.firefox:id/"
    xml = dump(node("android.view.ViewGroup",
                    node("android.widget.ImageButton", desc="Home screen", clickable=True),
                    node("android.widget.ImageView", rid=pid + "mozac_browser_toolbar_security_indicator",
                         desc="Site information", clickable=True),
                    node("android.widget.TextView", rid=pid + "mozac_browser_toolbar_url_view",
                         text="large language model", clickable=True, long_clickable=True, focusable=True),
                    node("android.widget.FrameLayout", node("android.widget.ImageView", desc="Menu"),
                         rid=pid + "mozac_browser_toolbar_menu", clickable=True),
                    rid=pid + "toolbar", clickable=True))
    assert lines(xml) == [
        "The current APP is Firefox.: ",
        "    [n0001] ViewGroup toolbar ;click ; ;;: ",
        "        [n0002] ImageButton ;click ; ;;Home screen : ",
        "        [n0003] ImageView mozac_browser_toolbar_security_indicator ;click ; ;;Site information : ",
        "        [n0004] TextView mozac_browser_toolbar_url_view ;click long-click ; ;;large language model : ",
        "        [n0005] mozac_browser_toolbar_menu ;click ; ;; Menu: ",
    ]


def test_the_launcher_is_the_home_screen_and_a_node_without_action_stays_under_the_root() -> None:
    xml = dump(node("android.view.View", desc="Home", pkg="com.google.android.apps.nexuslauncher"),
               node("android.widget.TextView", text="Phone", desc="Phone", clickable=True, long_clickable=True,
                    pkg="com.google.android.apps.nexuslauncher"))
    assert lines(xml, "com.google.android.apps.nexuslauncher") == [
        "This is the home screen view.: ", "    [n0001] ;; ;;Home : ",
        "    [n0002] TextView ;click long-click ; ;;Phone Phone : "]


def test_layouts_without_words_or_flags_go_and_words_merge_up_once_each() -> None:
    xml = dump(node("android.widget.FrameLayout",  # no words, no flags: removed, its children hoisted
                    node("android.widget.LinearLayout",
                         node("android.widget.RelativeLayout",  # removed too
                              node("android.widget.TextView", text="Sent", rid="com.google.android.gm:id/name"),
                              node("android.widget.TextView", text="Sent 3")),
                         rid="com.google.android.gm:id/label_view", clickable=True, focusable=True),
                    pkg="com.google.android.gm"))
    assert lines(xml, "com.google.android.gm") == ["The current APP is Gmail.: ",
                                                   "    [n0001] label_view ;click ; ;; Sent 3: "]


def test_status_fields_and_the_action_order() -> None:
    xml = dump(node("android.widget.Switch", text="Wi-Fi", checkable=True, clickable=True, scrollable=True,
                    long_clickable=True),
               node("android.widget.EditText", text="secret", password=True, focusable=True, selected=True))
    assert lines(xml)[1:] == [
        "    [n0001] Switch ;click scroll long-click check ; unchecked ;;Wi-Fi : ",
        "    [n0002] EditText ;focusable ; password selected ; you can input password,  selected, ;secret : "]


def test_system_ui_is_dropped_and_nothing_is_dropped_for_being_off_screen() -> None:
    xml = dump(node("android.widget.TextView", text="12:00", pkg="com.android.systemui"),
               node("android.widget.Button", text="Hidden", clickable=True, bounds="[0,0][0,0]"))
    assert lines(xml)[1:] == ["    [n0001] Button ;click ; ;;Hidden : "]


def test_the_recorded_xpath_is_the_unique_id_else_the_class_position_under_the_parent() -> None:
    pid = "com.Slack:id/"
    send = node("android.view.View", desc="Send", clickable=True)
    xml = dump(node("android.view.ViewGroup",
                    node("android.view.View", node("android.view.View", node("android.widget.EditText",
                                                                               rid=pid + "message_input",
                                                                               focusable=True)), send),
                    rid=pid + "compose_view"),
               node("android.widget.Button", text="A", rid=pid + "dup", clickable=True),
               node("android.widget.Button", text="B", rid=pid + "dup", clickable=True))
    view = arena_text(xml, "com.Slack")
    by_line = {line.split("] ", 1)[1]: view.nodes[line.split("[", 1)[1][:5]].xpath
               for line in view.text.splitlines()[1:]}
    assert by_line[";click ; ;;Send : "] == \
        '//*[@resource-id="com.Slack:id/compose_view"]/android.view.View[1]/android.view.View[2]'
    assert by_line["EditText message_input ;focusable ; ;;: "] == '//*[@resource-id="com.Slack:id/message_input"]'
    assert by_line["Button dup ;click ; ;;B : "] == "//android.widget.Button[2]"


def test_a_tap_on_merged_text_is_recorded_on_the_row_it_merged_into() -> None:
    d = SimDevice(serial="sim-arena-text")
    try:
        d.start_app("com.google.android.gm")
        tap(d, desc="Open navigation drawer")
        view = arena_text(d.hierarchy(), "com.google.android.gm")
        sent = next(raw for raw in view.owner if raw.get("text") == "Sent")
        row = view.nodes[view.node_id(sent)]
        assert row.raw.get("resource-id") == "com.google.android.gm:id/label_view"
        assert "label_view ;click ; ;; Sent" in view.text
        assert row.xpath.endswith("]") and "label_view" not in row.xpath  # the rows share the id: by position
    finally:
        d.close()


def test_app_names_are_androidarenas() -> None:
    assert app_name("com.google.android.apps.messaging") == "Messages"
    assert app_name("com.android.chrome") == "chrome"  # not in AndroidArena's configs: the package's last part
