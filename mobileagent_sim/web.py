"""Web pages for the simulated browsers: a page runs its own scripts in V8 over a small DOM, as Chrome runs them.

A page is its source and the events the user sent it. Loading it parses the HTML with lxml, builds the document
in a V8 context (mini-racer) with the DOM of ``web_dom.js``, and runs each ``<script>`` as the parser reaches it;
``DOMContentLoaded`` and ``load`` follow. After each tap, typed text, Enter or swipe on the page's views, the
page's own handlers run and the views are rebuilt from the rendered document, as Chrome's accessibility tree shows
it: text as TextViews, buttons as Buttons, inputs as EditTexts (resource id: the HTML id), links as clickable text
with their address as description, a ``<canvas>`` as a View that takes swipes as touch strokes, coloured blocks
with their background colour; what is ``display: none`` is not there. A script error, or a call to something the
DOM does not have, is what Chrome logs for it (``Uncaught TypeError: ...``), in :attr:`Page.console`.

A V8 context cannot be copied: a snapshot (a deep copy) keeps the source and the events, and the copy builds its
context again by loading the source and replaying the events (``Math.random`` is seeded from the address and the
source, and the page's clock moves only with events, so the replay gives the same document).

The layout is simple (block, inline and flex boxes; text ``0.55em`` a character): it gives
``getBoundingClientRect`` and the views' sizes. As Chrome does, a page without ``<meta name="viewport"
content="width=device-width">`` is laid out 980 CSS px wide and zoomed out to the screen's width.

Following a link or submitting a form (a GET of its fields) asks the browser to navigate (the ``navigate`` given
to :meth:`Page.build`): the pages of the simulated web (:mod:`pytest_mobileagent.android.websites`) are ordinary
pages like any other.

A page's time is the phone's: its timers run for one second of page time after the load and after each event
(the phone's clock moves a second with each input), and, given the phone's clock (``now``), catch up with it
before an event and when the screen is built after the phone idled (each catch-up an event of its own, ``wait``,
replayed like the others); its ``Date`` starts at the phone's clock when it loaded.

Scripts and style sheets a page names load through the browser's ``fetch`` (Chrome: the phone's files; there is
no network) and are kept with the page for its replay.

Not there (a page that uses them gets the error a missing API gives): ``alert`` and other dialogs, storage
(``localStorage``; cookies, but on ``file://`` pages, where Chrome keeps none either), the network (``fetch``,
``XMLHttpRequest``), ``document.write``, text on a canvas, WebGL, ``<iframe>`` contents; ``<select>`` shows its
chosen option but does not open.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any
from urllib.parse import urljoin

from lxml import html as lxml_html

from mobileagent_sim.views import Button, CheckBox, Column, EditText, Image, RadioButton, Row, Text, View

#: The width Chrome lays a mobile page out at: the screen's width in dp (1080 px at 420 dpi, the phone AndroidWorld
#: uses), and the width of a page that does not ask for the device's width (Chrome's desktop default).
DEVICE_WIDTH_DP = 1080 / (420 / 160)
DESKTOP_WIDTH = 980
#: How tall the page's viewport is, in dp (the screen less the status bar, URL bar and navigation bar).
DEVICE_HEIGHT_DP = 2400 / (420 / 160) - 24 - 64 - 48
#: How long one script may run before the page is taken as hung (Chrome would show "Page unresponsive").
SCRIPT_SECONDS = 5.0
#: A swipe reaches the page as touch moves this far apart (CSS px).
MOVE_STEP = 8.0
#: How many console lines a page keeps for a browser that has not read them (Firefox does not log them).
CONSOLE_KEPT = 1000


@cache
def _dom_source() -> str:
    return resources.files("mobileagent_sim").joinpath("web_dom.js").read_text(encoding="utf-8")


@dataclass
class Page:
    """A loaded page: its address, its source and the events sent to its script.

    A page made with ``text`` and no source is a message the browser shows in place of a page ("You are
    offline").
    """

    url: str
    kind: str = "text"  # "script" (the page runs in the DOM), or "text" (the browser's own message)
    text: list[str] = field(default_factory=list)
    source: bytes = b""
    #: The phone's clock when the page loaded (ms since 1970): the page's ``Date`` starts there.
    loaded_at: int = 0
    events: list[tuple[Any, ...]] = field(default_factory=list)
    #: The files its ``<script src>`` and ``<link rel="stylesheet">`` name, as they were when it loaded (None: not
    #: found), so a replay loads the same.
    resources: dict[str, bytes | None] = field(default_factory=dict)
    #: What the page logged and has not been read yet: ``(level, message, line)``, as Chrome's console has them.
    console: list[tuple[str, str, int]] = field(default_factory=list)
    _live: _Document | None = field(default=None, repr=False, compare=False)

    @classmethod
    def load(cls, url: str, source: bytes, now: dt.datetime | None = None,
             fetch: Callable[[str], bytes | None] | None = None) -> Page:
        """Load ``source`` (an HTML document) found at ``url`` at ``now`` (the phone's clock; the host's if not
        given), running its scripts; ``fetch`` reads the scripts and style sheets it names by address (None: the
        file is not there)."""
        when = now or dt.datetime.now(dt.timezone.utc)
        page = cls(url, "script", source=source or b"<html></html>", loaded_at=int(when.timestamp() * 1000))
        scripts, sheets = _references(lxml_html.document_fromstring(page.source), url)
        for address in scripts + sheets:
            page.resources[address] = fetch(address) if fetch is not None else None
        page.document()
        return page

    def __deepcopy__(self, memo: dict[int, Any]) -> Page:
        """A copy without the V8 context (it cannot be copied): the copy replays the events on first use."""
        return Page(self.url, self.kind, list(self.text), self.source, self.loaded_at,
                    copy.deepcopy(self.events, memo), dict(self.resources), [])

    def document(self) -> _Document:
        """The running document: built on first use, by loading the source and replaying the events."""
        if self._live is None:
            self._live = _Document(self.url, self.source, self.loaded_at, self.resources)
            self.console.extend(self._live.load())
            for event in self.events:
                self._live.dispatch(event)  # what it logs was logged when the event first came
        return self._live

    def dispatch(self, event: tuple[Any, ...], navigate: Callable[[str], Any] | None = None,
                 logged: Callable[[], Any] | None = None, now: Callable[[], dt.datetime] | None = None) -> None:
        """Send an event to the page's script (``("click", node)``, ``("input", node, text)``, ``("enter", node)``,
        ``("drag", node, points)``, ``("wait", ms)``), tell ``logged`` when it logged something, and follow the
        navigation it asks for, if any. With ``now`` (the phone's clock), the page's time first catches up with it."""
        live = self.document()
        if now is not None and event[0] != "wait" and (since := self._since_load(now())) > live.clock:
            self.dispatch(("wait", since), navigate, logged)
        self.events.append(event)
        lines, target = live.dispatch(event)
        self.console.extend(lines)
        del self.console[:-CONSOLE_KEPT]  # a browser that never reads the console keeps only the last lines
        if lines and logged is not None:
            logged()
        if target and navigate is not None:
            navigate(target)

    def catch_up(self, now: Callable[[], dt.datetime], navigate: Callable[[str], Any] | None = None,
                 logged: Callable[[], Any] | None = None) -> None:
        """Run the timers that fell due while the phone's clock moved on with no input for the page (an idle
        phone). The clock is read only when a timer is waiting (the screen then depends on the time)."""
        live = self.document()
        if live.due is not None and live.due <= (since := self._since_load(now())):
            self.dispatch(("wait", since), navigate, logged)

    def _since_load(self, when: dt.datetime) -> int:
        return int(when.timestamp() * 1000) - self.loaded_at

    def take_console(self) -> list[tuple[str, str, int]]:
        """The console messages logged since the last call."""
        out, self.console = self.console, []
        return out

    @property
    def title(self) -> str:
        """The page's ``<title>``, else its first line of text, else its address."""
        if self.kind == "script":
            doc = self.document()
            return doc.title or next(iter(_texts(doc.tree())), self.url)
        return next(iter(self.text), self.url)

    def build(self, navigate: Callable[[str], Any] | None = None, logged: Callable[[], Any] | None = None,
              now: Callable[[], dt.datetime] | None = None) -> View:
        """The page's views; ``navigate`` (a browser's) follows links and forms; ``logged`` is called after an
        event that logged to the console (the browser reads it with :meth:`take_console`); ``now`` is the phone's
        clock, which the page's timers follow (without it, they run only in the second after each event)."""
        if self.kind == "script":
            if now is not None:
                self.catch_up(now, navigate, logged)
            doc = self.document()
            return Column(*_views(doc.tree(), doc.scale, _Sender(self, navigate, logged, now)), id="page")
        return Column(*[Text(t) for t in self.text[:60]], id="page")


class _Document:
    """A document running in its own V8 context."""

    def __init__(self, url: str, source: bytes, loaded_at: int, resources: dict[str, bytes | None]):
        # imported with the first page: loading V8 takes a tenth of a second that a run without pages need not pay
        from py_mini_racer import MiniRacer

        self.url, self.source, self.loaded_at, self.resources = url, source, loaded_at, resources
        self.ctx = MiniRacer()
        self.ctx.eval(_dom_source())
        self.title = ""
        self.scale = 1.0
        self.clock = 0  # the page's time (ms since its load) and when its next timer is due (None: no timer)
        self.due: int | None = None
        self._tree: list[dict[str, Any]] | None = None  # the document changes only in load and dispatch

    def __del__(self) -> None:
        ctx = getattr(self, "ctx", None)
        if ctx is not None:
            ctx.close()

    def load(self) -> list[tuple[str, str, int]]:
        """Build the document, running its scripts as the parser reaches them; what they logged."""
        doc = lxml_html.document_fromstring(self.source)
        mobile = any("device-width" in (m.get("content") or "") for m in doc.xpath('//meta[@name="viewport"]'))
        width = DEVICE_WIDTH_DP if mobile else DESKTOP_WIDTH
        self.scale = DEVICE_WIDTH_DP / width
        seed = zlib.crc32(self.url.encode() + b"\0" + self.source)
        args = [self.url, seed, self.loaded_at, width, DEVICE_HEIGHT_DP / self.scale,
                _operations(doc, self.url, self.resources)]
        self._call(f"__dom.begin(...{json.dumps(args)})")
        logged = [("error", "Failed to load resource: net::ERR_FILE_NOT_FOUND", 0)
                  for address in _references(doc, self.url)[1] if self.resources.get(address) is None]
        while (script := json.loads(self._call("__dom.resume()"))) is not None:
            code, line = script["script"], script["line"]
            if script["src"]:
                data = self.resources.get(urljoin(self.url, script["src"].strip()))
                if data is None:
                    logged.append(("error", "Failed to load resource: net::ERR_FILE_NOT_FOUND", 0))
                    continue
                code, line = data.decode("utf-8", "replace"), 1
            if code.strip():
                error = self._run(code, line)
                logged.extend(self._result("__dom.take()") + error)
        return logged + self._result("__dom.loaded()")

    def dispatch(self, event: tuple[Any, ...]) -> tuple[list[tuple[str, str, int]], str | None]:
        """Send one event; what it logged and where it navigates (None: nowhere)."""
        from py_mini_racer import JSTimeoutException

        kind, *args = event
        self._tree = None
        try:
            out = json.loads(self._call(f"__dom.{kind}(...{json.dumps(args)})"))
        except JSTimeoutException:
            return [("error", f"Uncaught Error: the page's handler ran longer than {SCRIPT_SECONDS:g} s", 0)], None
        self.title, self.clock, self.due = out["title"], out["clock"], out["due"]
        return [tuple(c) for c in out["console"]], out["navigate"]  # type: ignore[misc]

    def tree(self) -> list[dict[str, Any]]:
        """The rendered document (see ``serialize`` in ``web_dom.js``)."""
        if self._tree is None:
            self._tree = json.loads(self._call("__dom.serialize()"))
        return self._tree

    def _result(self, call: str) -> list[tuple[str, str, int]]:
        out = json.loads(self._call(call))
        self.title, self.clock, self.due = out["title"], out["clock"], out["due"]
        return [tuple(c) for c in out["console"]]  # type: ignore[misc]

    def _call(self, code: str) -> str:
        return self.ctx.eval(code, timeout_sec=SCRIPT_SECONDS)

    def _run(self, code: str, line: int) -> list[tuple[str, str, int]]:
        """Run one script as a top-level script (its ``let`` and ``const`` shared with the others, as in Chrome);
        its lines numbered as in the file."""
        from py_mini_racer import JSEvalException, JSTimeoutException

        try:
            # the script's completion value is left in V8 (``void 0``): a handle to a JS object held by Python
            # keeps mini-racer's threads, and the interpreter, from exiting
            self.ctx.eval("\n" * (line - 1) + code + "\n;void 0\n//# sourceURL=page.js", timeout_sec=SCRIPT_SECONDS)
        except JSTimeoutException:
            return [("error", f"Uncaught Error: the script ran longer than {SCRIPT_SECONDS:g} s", line)]
        except JSEvalException as exc:  # JSParseException too: what V8 says, "page.js:LINE: Name: message"
            first = str(exc).splitlines()[0] if str(exc) else ""
            m = re.match(r"page\.js:(\d+): (.*)", first)
            return [("error", f"Uncaught {m.group(2) if m else first}", int(m.group(1)) if m else line)]
        return []


def _references(doc: Any, url: str) -> tuple[list[str], list[str]]:
    """The addresses of the scripts (``<script src>``) and style sheets (``<link rel="stylesheet">``) a page
    names."""
    scripts = [urljoin(url, s.strip()) for s in doc.xpath("//script/@src")]
    sheets = [urljoin(url, el.get("href").strip()) for el in doc.xpath("//link[@href]")
              if "stylesheet" in (el.get("rel") or "").lower().split()]
    return scripts, sheets


def _operations(doc: Any, url: str, resources: dict[str, bytes | None]) -> list[list[Any]]:
    """lxml's document as the DOM builds it: ``open`` (tag, attributes, line), ``text``, ``close``; a script's
    ``open`` carries its code too, a style sheet's ``<link>`` the sheet."""
    ops: list[list[Any]] = []

    def walk(el: Any) -> None:
        if not isinstance(el.tag, str):  # a comment or processing instruction
            if el.tail:
                ops.append(["text", el.tail])
            return
        tag = el.tag.lower()
        attrs = [[k, v] for k, v in el.attrib.items()]
        if tag == "script":
            ops.append(["open", tag, attrs, el.sourceline or 0, el.text or ""])
        elif tag == "link":
            sheet = resources.get(urljoin(url, (el.get("href") or "").strip())) if el.get("href") else None
            ops.append(["open", tag, attrs, el.sourceline or 0, (sheet or b"").decode("utf-8", "replace")])
        else:
            ops.append(["open", tag, attrs, el.sourceline or 0])
            if el.text:
                ops.append(["text", el.text])
            for child in el:
                walk(child)
        ops.append(["close"])
        if el.tail:
            ops.append(["text", el.tail])

    walk(doc)
    return ops


def _texts(items: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for it in items:
        if it.get("text") and it["k"] in ("text", "link"):
            out.append(it["text"])
        out.extend(_texts(it.get("c", [])))
    return out


@dataclass
class _Sender:
    """The views' handlers: each sends its event to the page."""

    page: Page
    navigate: Callable[[str], Any] | None
    logged: Callable[[], Any] | None
    now: Callable[[], dt.datetime] | None

    def __call__(self, *event: Any) -> Callable[..., None]:
        return lambda *args: self.page.dispatch((*event, *args), self.navigate, self.logged, self.now)


def _views(items: list[dict[str, Any]], scale: float, send: _Sender, in_row: bool = False) -> list[View]:
    """Views for rendered items (``web_dom.js``'s ``serialize``), sizes in dp (CSS px times the page's zoom)."""

    def dp(value: float) -> float:
        return max(1.0, round(value * scale, 1))

    def tappable(it: dict[str, Any], always: bool = False) -> dict[str, Any]:
        """A link, or an element with a handler for taps, is clickable: a tap sends it a click."""
        if not (always or it.get("tap")):
            return {}
        return {"clickable": True, "focusable": True, "on_click": send("click", it["n"])}

    out: list[View] = []
    for it in items:
        k = it["k"]
        if k == "line":
            out.append(Row(*_views(it["c"], scale, send, in_row=True)))
            continue
        size = {"height": dp(it["h"])}
        if in_row or it.get("fw"):
            size["width"] = dp(it["w"])
        rid = it.get("id", "")
        if k in ("text", "link"):
            if not it["text"]:
                continue
            style = "color" if it.get("bg") else "link" if k == "link" else \
                "headline" if it.get("size", 16) >= 24 else ""
            link = {"desc": it["href"]} if k == "link" else {}
            out.append(Text(it["text"], id=rid, style=style, icon=it.get("bg", ""), **size, **link,
                            **tappable(it, k == "link")))
        elif k == "button":
            if it["text"]:
                out.append(Button(it["text"], send("click", it["n"]), id=rid, enabled=it["on"], **size))
            else:
                out.append(View(cls="android.widget.Button", id=rid, icon=it.get("bg", ""), style="color",
                                clickable=True, focusable=True, enabled=it["on"], on_click=send("click", it["n"]),
                                **size))
        elif k == "field":
            out.append(EditText(rid, it["text"], send("input", it["n"]), hint=it["hint"],
                                on_submit=send("enter", it["n"]), multiline=it["multi"],
                                password=it["kind"] == "password", **size))
        elif k in ("checkbox", "radio"):
            box = CheckBox if k == "checkbox" else RadioButton
            out.append(box("", it["on"], send("click", it["n"]), id=rid, **size))
        elif k == "canvas":
            out.append(View(cls="android.view.View", id=rid, style="canvas", icon=",".join(it["colors"]),
                            on_drag=_stroke(send, it["n"], scale), **size))
        elif k == "image":
            out.append(Image(desc=it["text"], id=rid, **{"width": dp(it["w"]), **size}, **tappable(it)))
        else:  # a box: its blocks and lines in a column
            children = _views(it["c"], scale, send)
            colour = {"style": "color", "icon": it["bg"]} if it.get("bg") else {}
            if not children:
                out.append(View(id=rid, **size, **colour, **tappable(it)))
            else:
                out.append(Column(*children, id=rid, **colour, **tappable(it),
                                  **({"width": size["width"]} if "width" in size else {})))
    return out


def _stroke(send: _Sender, node: int, scale: float) -> Callable[..., None]:
    """A swipe on an element: its start and end (dp from the view's corner) as touch moves in CSS px."""

    def drag(x1: float, y1: float, x2: float, y2: float) -> None:
        a, b = (x1 / scale, y1 / scale), (x2 / scale, y2 / scale)
        steps = max(1, int(max(abs(b[0] - a[0]), abs(b[1] - a[1])) / MOVE_STEP))
        points = [[round(a[0] + (b[0] - a[0]) * i / steps, 2), round(a[1] + (b[1] - a[1]) * i / steps, 2)]
                  for i in range(steps + 1)]
        send("drag", node, points)()

    return drag


__all__ = ["Page"]
