"""Headless Chromium driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``), standard library only:
for testing the trace viewer in a real browser (rendering, real key presses) and timing how fast it opens.

    with Chromium() as browser:
        page = browser.open(viewer.as_uri())
        page.wait_for("document.body.dataset.state !== 'loading'")
        page.key("ArrowRight")
        page.evaluate("document.body.dataset.step")

Chromium reads the protocol's JSON messages, each ended by a NUL byte, on its file descriptor 3 and writes its
answers and events on 4. No extra package and no downloaded browser: the system's ``chromium`` (Debian's package).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import tempfile
import time
from typing import Any

#: The flags every launch uses: no sandbox (containers), no GPU, nothing fetched from the network.
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--mute-audio")

#: Key presses as the protocol dispatches them: (key, code, Windows virtual key code).
KEYS = {"ArrowRight": ("ArrowRight", "ArrowRight", 39), "ArrowLeft": ("ArrowLeft", "ArrowLeft", 37),
        "Home": ("Home", "Home", 36), "End": ("End", "End", 35), "j": ("j", "KeyJ", 74), "k": ("k", "KeyK", 75)}


def chromium_path() -> str | None:
    """The system's Chromium (``chromium``, ``chromium-browser`` or ``google-chrome``), or None."""
    return next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)


class BrowserError(Exception):
    """Chromium answered a command with an error, closed the pipe, or a wait ran out."""


class Chromium:
    """One headless Chromium with a throwaway profile; :meth:`open` a page in it."""

    def __init__(self, executable: str | None = None, width: int = 1280, height: int = 900):
        self.executable = executable or chromium_path()
        if self.executable is None:
            raise BrowserError("no chromium on PATH (Debian: apt-get install chromium)")
        self.size = (width, height)
        self._next = 0
        self._buffer = b""
        self._events: list[dict[str, Any]] = []

    def __enter__(self) -> Chromium:
        self._profile = tempfile.mkdtemp(prefix="ma-chromium-")
        to_browser, self._write = os.pipe()
        self._read, from_browser = os.pipe()

        def pipes() -> None:  # in the child: the protocol's descriptors 3 and 4
            os.dup2(to_browser, 3)
            os.dup2(from_browser, 4)

        self._process = subprocess.Popen(
            [self.executable, *FLAGS, f"--user-data-dir={self._profile}",
             f"--window-size={self.size[0]},{self.size[1]}", "--remote-debugging-pipe", "about:blank"],
            pass_fds=(3, 4), preexec_fn=pipes, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(to_browser)
        os.close(from_browser)
        return self

    def __exit__(self, *exc: object) -> None:
        with contextlib.suppress(BrowserError, OSError):
            self.send("Browser.close")
        try:
            self._process.wait(10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        os.close(self._write)
        os.close(self._read)
        shutil.rmtree(self._profile, ignore_errors=True)

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None,
             timeout: float = 30.0) -> dict[str, Any]:
        """One protocol command; its result (:class:`BrowserError` for an error answer)."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            answer = self._message(deadline)
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error'].get('message')}")
                return answer.get("result", {})
            self._events.append(answer)

    def _message(self, deadline: float) -> dict[str, Any]:
        import select

        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._read], [], [], left)[0]:
                raise BrowserError("chromium did not answer in time")
            chunk = os.read(self._read, 1 << 16)
            if not chunk:
                raise BrowserError("chromium closed the pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    def open(self, url: str) -> Page:
        """A new tab at ``url`` (its load not awaited: :meth:`Page.wait_for` what the page sets when ready)."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, session)
        page.send("Page.enable")
        page.send("Runtime.enable")
        page.send("Emulation.setDeviceMetricsOverride", {"width": self.size[0], "height": self.size[1],
                                                         "deviceScaleFactor": 1, "mobile": False})
        page.send("Page.navigate", {"url": url})
        return page


class Page:
    """A tab: evaluate script, press keys, take screenshots."""

    def __init__(self, browser: Chromium, session: str):
        self.browser, self.session = browser, session

    def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return self.browser.send(method, params, self.session)

    def evaluate(self, expression: str) -> Any:
        """The value of ``expression`` in the page (promises awaited); :class:`BrowserError` if it threw."""
        answer = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in answer:
            raise BrowserError(f"{expression!r} threw: {answer['exceptionDetails'].get('text')} "
                               f"{answer['exceptionDetails'].get('exception', {}).get('description', '')}")
        return answer["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 20.0) -> Any:
        """Poll until ``expression`` is truthy in the page; its value."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.evaluate(expression)
            except BrowserError:  # the page is still navigating
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise BrowserError(f"waited {timeout:g} s for {expression!r}")
            time.sleep(0.02)

    def key(self, name: str) -> None:
        """Press and release a key (of :data:`KEYS`), as a keyboard does: the page gets real key events."""
        key, code, vk = KEYS[name]
        base = {"key": key, "code": code, "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk}
        text = {"text": key} if len(key) == 1 else {}
        self.send("Input.dispatchKeyEvent", {"type": "keyDown", **base, **text})
        self.send("Input.dispatchKeyEvent", {"type": "keyUp", **base})

    def screenshot(self) -> bytes:
        import base64

        return base64.b64decode(self.send("Page.captureScreenshot", {"format": "png"})["data"])


__all__ = ["FLAGS", "BrowserError", "Chromium", "Page", "chromium_path"]
