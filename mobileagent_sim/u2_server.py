"""The uiautomator2 server, simulated: HTTP JSON-RPC over a :class:`SimDevice`.

The real server (``com.wetest.uia2.Main`` from uiautomator2's ``u2.jar``) is a
NanoHTTPD app listening on device port 9008; the adb wire server bridges
``tcp:9008`` connections to :meth:`U2Service.serve`, which runs the standard
library's :class:`~http.server.BaseHTTPRequestHandler` directly on the bridged
socket. Routes: ``GET /ping`` (``pong``), ``POST /jsonrpc/0``, ``GET|POST /stop``
and ``GET /screenshot/0``.

JSON-RPC methods are the ones uiautomator2 3.x calls for ``info``,
``dump_hierarchy``, clicks, swipes, keys, clipboard typing, screenshots and
``d(...)`` selectors (``mask`` bitfield, ``childOrSibling`` chains, ``instance``).
The simulated screen settles at once, so ``waitForExists`` answers immediately.
Errors are JSON-RPC error objects with jsonrpc4j's codes.
"""

from __future__ import annotations

import base64
import contextlib
import inspect
import io
import json
import logging
import re
import socket
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler
from typing import TYPE_CHECKING, Any

from lxml import etree
from PIL import Image

from pytest_mobileagent.device.base import ActionRefused, keycode

if TYPE_CHECKING:
    from mobileagent_sim.device import SimDevice

logger = logging.getLogger(__name__)

#: jsonrpc4j error codes (uiautomator2 matches the Java exception names in ``message``).
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
UI_OBJECT_NOT_FOUND = -32002
SERVER_ERROR = -32001

#: Key names ``pressKey`` accepts besides :data:`~pytest_mobileagent.device.base.KEYCODES`.
PRESS_KEYS = {"left": 21, "right": 22, "up": 19, "down": 20, "center": 23}

#: Largest request body the server reads (bytes): a JSON-RPC call's, typed text included, is far smaller; a
#: Content-Length above it is answered 413 and the connection closed, never read into memory.
BODY_MAX = 16 * 1024 * 1024

_BOUNDS = re.compile(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")
_INSTANCE = 0x01000000


def _is(attr: str) -> Callable[[Any, Any], bool]:
    return lambda node, value: (node.get(attr) == "true") == bool(value)


def _regex(attr: str) -> Callable[[Any, Any], bool]:
    return lambda node, value: re.fullmatch(value, node.get(attr, ""), re.S) is not None


#: UiSelector fields: name -> (mask bit, predicate over a hierarchy ``<node>``).
SELECTOR_FIELDS: dict[str, tuple[int, Callable[[Any, Any], bool]]] = {
    "text": (0x01, lambda n, v: n.get("text") == v),
    "textContains": (0x02, lambda n, v: v in n.get("text", "")),
    "textMatches": (0x04, _regex("text")),
    "textStartsWith": (0x08, lambda n, v: n.get("text", "").startswith(v)),
    "className": (0x10, lambda n, v: n.get("class") == v),
    "classNameMatches": (0x20, _regex("class")),
    "description": (0x40, lambda n, v: n.get("content-desc") == v),
    "descriptionContains": (0x80, lambda n, v: v in n.get("content-desc", "")),
    "descriptionMatches": (0x0100, _regex("content-desc")),
    "descriptionStartsWith": (0x0200, lambda n, v: n.get("content-desc", "").startswith(v)),
    "checkable": (0x0400, _is("checkable")),
    "checked": (0x0800, _is("checked")),
    "clickable": (0x1000, _is("clickable")),
    "longClickable": (0x2000, _is("long-clickable")),
    "scrollable": (0x4000, _is("scrollable")),
    "enabled": (0x8000, _is("enabled")),
    "focusable": (0x010000, _is("focusable")),
    "focused": (0x020000, _is("focused")),
    "selected": (0x040000, _is("selected")),
    "packageName": (0x080000, lambda n, v: n.get("package") == v),
    "packageNameMatches": (0x100000, _regex("package")),
    "resourceId": (0x200000, lambda n, v: n.get("resource-id") == v),
    "resourceIdMatches": (0x400000, _regex("resource-id")),
    "index": (0x800000, lambda n, v: n.get("index") == str(v)),
}


class RpcError(Exception):
    """A JSON-RPC error answer."""

    def __init__(self, code: int, message: str, data: str | None = None):
        super().__init__(message)
        self.code, self.message, self.data = code, message, data


def _not_found(selector: dict[str, Any]) -> RpcError:
    shown = {k: v for k, v in selector.items() if k in SELECTOR_FIELDS or k == "instance"}
    return RpcError(UI_OBJECT_NOT_FOUND, f"androidx.test.uiautomator.UiObjectNotFoundException: UiSelector{shown}")


def _bounds(node: Any) -> tuple[int, int, int, int]:
    m = _BOUNDS.fullmatch(node.get("bounds", ""))
    if not m:
        return (0, 0, 0, 0)
    x1, y1, x2, y2 = (int(v) for v in m.groups())
    return x1, y1, x2, y2


def _rect(node: Any) -> dict[str, int]:
    x1, y1, x2, y2 = _bounds(node)
    return {"bottom": y2, "left": x1, "right": x2, "top": y1}


def obj_info(node: Any) -> dict[str, Any]:
    """``objInfo`` of a hierarchy node, as the jar's ``ObjInfo`` serialises it."""
    flag = lambda attr: node.get(attr) == "true"  # noqa: E731
    return {
        "bounds": _rect(node),
        "checkable": flag("checkable"),
        "checked": flag("checked"),
        "childCount": len(node),
        "className": node.get("class"),
        "clickable": flag("clickable"),
        "contentDescription": node.get("content-desc") or None,
        "enabled": flag("enabled"),
        "focusable": flag("focusable"),
        "focused": flag("focused"),
        "longClickable": flag("long-clickable"),
        "packageName": node.get("package"),
        "resourceName": node.get("resource-id") or None,
        "scrollable": flag("scrollable"),
        "selected": flag("selected"),
        "text": node.get("text"),
        "visibleBounds": _rect(node),
    }


def _matches(node: Any, selector: dict[str, Any]) -> bool:
    mask = int(selector.get("mask", 0))
    return all(pred(node, selector[name]) for name, (bit, pred) in SELECTOR_FIELDS.items()
               if mask & bit and name in selector)


def _nth(nodes: list[Any], selector: dict[str, Any]) -> list[Any]:
    if int(selector.get("mask", 0)) & _INSTANCE and "instance" in selector:
        i = int(selector["instance"])
        return nodes[i:i + 1]
    return nodes


def find(root: Any, selector: dict[str, Any]) -> list[Any]:
    """The hierarchy nodes a uiautomator2 selector matches, in document order."""
    found = _nth([n for n in root.iter("node") if _matches(n, selector)], selector)
    for kind, sub in zip(selector.get("childOrSibling") or [], selector.get("childOrSiblingSelector") or []):
        nxt: list[Any] = []
        for base in found:
            if kind == "child":
                pool = [n for n in base.iter("node") if n is not base]
            else:
                parent = base.getparent()
                pool = [n for n in parent if n is not base and n.tag == "node"] if parent is not None else []
            nxt += [n for n in pool if _matches(n, sub) and n not in nxt]
        found = _nth(nxt, sub)
    return found


def _prune(xml: str, max_depth: int) -> str:
    """Cut nodes deeper than ``max_depth`` (window roots are depth 1), as the dumper does."""
    root = etree.fromstring(xml.encode())
    deep = [n for n in root.iter("node") if sum(1 for _ in n.iterancestors("node")) + 1 > max_depth]
    if not deep:
        return xml
    for node in deep:
        parent = node.getparent()
        if parent is not None:
            parent.remove(node)
    head, _, _ = xml.partition("<hierarchy")
    return head + etree.tostring(root, encoding="unicode", pretty_print=True)


class U2Service:
    """The uiautomator2 server of one simulated phone.

    ``on_stop`` is called after ``/stop`` has been answered (the adb server
    then ends the ``app_process`` stream, as the real server process exits).
    ``wait`` is how a gesture's real time passes: nothing in process (the default),
    ``time.sleep`` over the wire, where clients time a swipe's ``duration``.
    """

    def __init__(self, device: SimDevice, on_stop: Callable[[], None] | None = None,
                 wait: Callable[[float], None] = lambda seconds: None):
        self.device = device
        self.on_stop = on_stop
        self.wait = wait
        self._touch_down: tuple[int, int] | None = None
        #: The last toast an accessibility event showed, until ``clearLastToast`` (the server's toast listener).
        self._last_toast: str | None = None
        self._shown_toast = ""
        #: ``setOrientation``'s last answer: the simulated screen is laid out in its natural orientation only.
        self._frozen = False

    # -- transport ---------------------------------------------------------------

    def serve(self, sock: socket.socket) -> None:
        """Answer HTTP requests on a connected socket until the client closes it."""
        quickack(sock)
        _Handler(sock, ("127.0.0.1", 0), self)

    def handle_jsonrpc(self, body: bytes) -> dict[str, Any]:
        """Run one JSON-RPC request body; return the response object."""
        try:
            req = json.loads(body or b"{}")
        except ValueError as e:
            return {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": f"Parse error: {e}"}}
        if not isinstance(req, dict):
            return {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "Invalid Request"}}
        rid = req.get("id")
        try:
            result = self.call(str(req.get("method", "")), req.get("params"))
        except RpcError as e:
            error = {"code": e.code, "message": e.message, "data": e.data or e.message}
            return {"jsonrpc": "2.0", "id": rid, "error": error}
        return {"jsonrpc": "2.0", "id": rid, "result": result}

    def call(self, method: str, params: Any) -> Any:
        """Call a JSON-RPC method by name with uiautomator2's params (a list, or ``{}`` for none)."""
        fn = getattr(self, f"rpc_{method}", None)
        if fn is None:
            raise RpcError(METHOD_NOT_FOUND, f"method not found: {method}")
        args = list(params) if isinstance(params, (list, tuple)) else []
        try:
            inspect.signature(fn).bind(*args)
        except TypeError as e:
            raise RpcError(INVALID_PARAMS, f"Invalid params for {method}: {e}") from None
        try:
            return fn(*args)
        except RpcError:
            raise
        except ActionRefused:  # UiDevice's calls answer false for an input they could not inject
            logger.debug("u2 method %s refused", method, exc_info=True)
            return False
        except Exception as e:  # a bug or bad argument value: report it like the jar reports Java exceptions
            logger.debug("u2 method %s failed", method, exc_info=True)
            raise RpcError(SERVER_ERROR, f"java.lang.IllegalArgumentException: {e}", repr(e)) from None
        finally:
            self._watch_toast()

    def _watch_toast(self) -> None:
        """Note a toast that appeared, as the server's accessibility listener does for ``getLastToast`` (one
        event when a toast shows: ``clearLastToast`` forgets it even while it is still on screen)."""
        toast = getattr(self.device.system, "toast_text", "")
        if toast and toast != self._shown_toast:
            self._last_toast = toast
        self._shown_toast = toast

    # -- helpers -------------------------------------------------------------------

    def _root(self) -> Any:
        return etree.fromstring(self.device.hierarchy().encode())

    def _one(self, selector: dict[str, Any]) -> Any:
        found = find(self._root(), selector)
        if not found:
            raise _not_found(selector)
        return found[0]

    def _center(self, node: Any) -> tuple[int, int]:
        x1, y1, x2, y2 = _bounds(node)
        return (x1 + x2) // 2, (y1 + y2) // 2

    def _clear_focused(self) -> None:
        """Delete the focused field's text with keys, as a user would."""
        focused = [n for n in self._root().iter("node") if n.get("focused") == "true"]
        if not focused:
            return
        node = focused[0]
        text = node.get("text", "")
        if text == node.get("hint") and node.get("class") == "android.widget.EditText":
            text = ""  # an empty field shows its hint as text
        self.device.press("move_end")
        for _ in text:
            self.device.press("delete")

    # -- device --------------------------------------------------------------------

    def rpc_deviceInfo(self) -> dict[str, Any]:
        w, h = self.device.window_size()
        dpi = self.device.system.density  # the display's current density (a `wm density` override included)
        return {
            "currentPackageName": self.device.current_activity()[0],
            "displayWidth": w,
            "displayHeight": h,
            "displayRotation": 0,
            "displaySizeDpX": round(w * 160 / dpi),
            "displaySizeDpY": round(h * 160 / dpi),
            "productName": self.device.shell("getprop ro.product.name").strip(),
            "naturalOrientation": True,
            "screenOn": True,
            "sdkInt": int(self.device.shell("getprop ro.build.version.sdk").strip() or 0),
        }

    def rpc_dumpWindowHierarchy(self, compressed: bool = False, max_depth: int = 50,
                                root_in_active: bool | None = None) -> str:
        # compressed (ignore unimportant views) is not simulated: the sim has no unimportant views
        return _prune(self.device.hierarchy(), int(max_depth or 50))

    def rpc_takeScreenshot(self, scale: float = 1, quality: int = 80) -> str:
        img = Image.open(io.BytesIO(self.device.screenshot())).convert("RGB")
        if scale and scale != 1:
            img = img.resize((max(1, int(img.width * scale)), max(1, int(img.height * scale))))
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=int(quality))
        return base64.b64encode(buf.getvalue()).decode()

    def rpc_waitForIdle(self, timeout: int = 10_000) -> None:
        # UiDevice.waitForIdle(timeout): UiAutomation.waitForIdle(500 ms quiet, timeout); the simulator handles
        # every event before answering, so it is idle already
        return None

    def rpc_wakeUp(self) -> None:
        return None

    def rpc_sleep(self) -> None:
        return None

    def rpc_freezeRotation(self, freeze: bool = True) -> None:
        self._frozen = bool(freeze)

    def rpc_setOrientation(self, orientation: str) -> None:
        """``UiDevice.setOrientation*`` (natural/left/right/upsidedown; it also freezes rotation). The simulated
        screen has its natural orientation only: turning it is refused with the reason, never faked."""
        name = str(orientation).lower()
        if name in ("natural", "n"):
            self._frozen = True
            return
        if name in ("left", "l", "right", "r", "upsidedown", "u"):
            raise RpcError(SERVER_ERROR, f"java.lang.UnsupportedOperationException: setOrientation({orientation}): "
                                         "the simulated phone is laid out in its natural orientation only")
        raise RpcError(SERVER_ERROR, f"java.lang.IllegalArgumentException: Invalid orientation: {orientation}")

    def rpc_getLastTraversedText(self) -> str | None:
        # UiDevice.getLastTraversedText: text of the last TYPE_VIEW_TEXT_TRAVERSED_AT_MOVEMENT_GRANULARITY event
        # (a WebView's highlighted text); no simulated view sends one, so null, as after clearLastTraversedText
        return None

    def rpc_clearLastTraversedText(self) -> None:
        return None

    def rpc_openNotification(self) -> bool:
        # UiDevice.openNotification returns false when the shade does not open: the simulated SystemUI has none
        return False

    def rpc_openQuickSettings(self) -> bool:
        return False

    def rpc_getLastToast(self) -> str | None:
        self._watch_toast()
        return self._last_toast

    def rpc_clearLastToast(self) -> None:
        self._last_toast = None

    def rpc_makeToast(self, text: str, duration: int = 1000) -> bool:
        with self.device._lock:
            self.device.system.toast(str(text))
            self.device.system.invalidate()
        return True

    # -- gestures and keys -----------------------------------------------------------

    def rpc_click(self, x: Any, y: int | None = None, duration_ms: int | None = None) -> bool:
        if isinstance(x, dict):  # click(selector)
            x, y = self._center(self._one(x))
        if duration_ms is None:
            self.device.tap(int(x), int(y))
        else:
            self.device.long_press(int(x), int(y), int(duration_ms))
            self.wait(int(duration_ms) / 1000)
        return True

    def rpc_swipe(self, fx: int, fy: int, tx: int, ty: int, steps: int) -> bool:
        # UiDevice.swipe injects one move every 5 ms: steps * 5 ms of real time (uiautomator2 asks for
        # duration * 200 steps)
        duration_ms = max(1, int(steps)) * 5
        self.device.swipe(int(fx), int(fy), int(tx), int(ty), duration_ms=duration_ms)
        self.wait(duration_ms / 1000)
        return True

    def rpc_drag(self, sx: int, sy: int, ex: int, ey: int, steps: int) -> bool:
        return self.rpc_swipe(sx, sy, ex, ey, steps)

    def rpc_swipePoints(self, points: list[int], steps: int) -> bool:
        if len(points) < 4:
            return False
        return self.rpc_swipe(points[0], points[1], points[-2], points[-1], steps * (len(points) // 2 - 1))

    def rpc_injectInputEvent(self, action: int, x: float, y: float, meta_state: int = 0) -> bool:
        if action == 0:  # ACTION_DOWN
            self._touch_down = (int(x), int(y))
        elif action == 1 and self._touch_down is not None:  # ACTION_UP: a tap or a swipe
            x1, y1 = self._touch_down
            self._touch_down = None
            self.device.swipe(x1, y1, int(x), int(y), duration_ms=100)
        return True

    def rpc_pressKey(self, key: str) -> bool:
        name = str(key).lower()
        try:
            code = PRESS_KEYS.get(name) or keycode(name)
        except ValueError:
            return False
        self.device.press(code)
        return True

    def rpc_pressKeyCode(self, code: int, meta: int | None = None) -> bool:
        self.device.press(int(code))
        return True

    # -- clipboard typing ------------------------------------------------------------

    def rpc_setClipboard(self, label: str | None, text: str) -> None:
        self.device.clipboard_set(text)

    def rpc_getClipboard(self) -> str:
        return self.device.clipboard_get()

    def rpc_pasteClipboard(self) -> None:
        self.device.input_text(self.device.clipboard_get())

    def rpc_clearInputText(self) -> None:
        self._clear_focused()

    # -- selectors -----------------------------------------------------------------

    def rpc_waitForExists(self, selector: dict[str, Any], timeout_ms: int = 0) -> bool:
        return bool(find(self._root(), selector))  # the simulator has settled: no need to wait

    def rpc_waitUntilGone(self, selector: dict[str, Any], timeout_ms: int = 0) -> bool:
        return not find(self._root(), selector)

    def rpc_exist(self, selector: dict[str, Any]) -> bool:
        return bool(find(self._root(), selector))

    def rpc_count(self, selector: dict[str, Any]) -> int:
        return len(find(self._root(), selector))

    def rpc_objInfo(self, selector: dict[str, Any]) -> dict[str, Any]:
        return obj_info(self._one(selector))

    def rpc_objInfoOfAllInstances(self, selector: dict[str, Any]) -> list[dict[str, Any]]:
        return [obj_info(n) for n in find(self._root(), selector)]

    def rpc_getText(self, selector: dict[str, Any]) -> str:
        return self._one(selector).get("text", "")

    def rpc_setText(self, selector: dict[str, Any], text: str) -> bool:
        self.device.tap(*self._center(self._one(selector)))
        self._clear_focused()
        if text:
            self.device.input_text(text)
        return True

    def rpc_clearTextField(self, selector: dict[str, Any]) -> None:
        self.rpc_setText(selector, "")


def quickack(sock: socket.socket) -> None:
    """ACK the next segments at once (Linux): clients that send a request in two small writes
    (http.client's headers then body; adbutils' sync DATA header then chunk) otherwise wait
    for the delayed ACK, 40 ms each time, before Nagle lets the second write go."""
    if hasattr(socket, "TCP_QUICKACK"):
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)


class _Handler(BaseHTTPRequestHandler):
    """NanoHTTPD's routes, on one bridged connection (keep-alive until the client closes)."""

    protocol_version = "HTTP/1.1"
    server_version = "NanoHTTPD"
    server: U2Service  # type: ignore[assignment]  # the service stands in for a socketserver

    def handle_one_request(self) -> None:
        quickack(self.connection)  # again for each keep-alive request
        super().handle_one_request()

    def _send(self, status: int, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()

    def _body(self) -> bytes | None:
        """The request's body; None, and the request refused (the connection then closes, its body unread), for a
        Content-Length that is not a count of bytes (400) or over :data:`BODY_MAX` (413)."""
        given = (self.headers.get("Content-Length") or "0").strip()
        length = int(given) if given.isdigit() else -1
        if not 0 <= length <= BODY_MAX:
            self.close_connection = True
            if length < 0:
                self._send(400, b"Bad Request: Content-Length is not a number of bytes", "text/plain")
            else:
                self._send(413, f"Payload Too Large: at most {BODY_MAX} bytes".encode(), "text/plain")
            return None
        return self.rfile.read(length) if length else b""

    def do_GET(self) -> None:
        if self.path == "/ping":
            self._send(200, b"pong", "text/plain")
        elif self.path.startswith("/screenshot"):
            jpeg = base64.b64decode(self.server.rpc_takeScreenshot(1, 80))
            self._send(200, jpeg, "image/jpeg")
        elif self.path == "/stop":
            self._stop()
        else:
            self._send(404, b"Not Found", "text/plain")

    def do_POST(self) -> None:
        body = self._body()
        if body is None:
            return
        if self.path == "/jsonrpc/0":
            reply = json.dumps(self.server.handle_jsonrpc(body)).encode()
            self._send(200, reply, "application/json")
        elif self.path == "/stop":
            self._stop()
        else:
            self._send(404, b"Not Found", "text/plain")

    def _stop(self) -> None:
        self.close_connection = True
        self._send(200, b"Server stopped!!!", "text/plain")
        if self.server.on_stop is not None:
            self.server.on_stop()

    def log_message(self, format: str, *args: Any) -> None:
        logger.debug("u2 %s", format % args)
