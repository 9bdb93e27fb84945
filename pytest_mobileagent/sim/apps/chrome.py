"""Chrome (``com.android.chrome``): opens pages from VIEW intents and shows them through ``sim.web``.

Pages come from shared storage (``file://`` or the external-storage documents provider's
``content://`` URIs, as the Files app hands them over). There is no network: other URLs show
Chrome's offline message. The page's views sit in a WebView under the URL bar, as Chrome's
accessibility tree does.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

from pytest_mobileagent.android.chrome import MAIN_ACTIVITY, PACKAGE
from pytest_mobileagent.sim.app import Activity, App, Intent
from pytest_mobileagent.sim.views import Column, ImageButton, Row, Text, View
from pytest_mobileagent.sim.web import Page, draw_stroke

DOCUMENTS = "content://com.android.externalstorage.documents/document/primary%3A"
STORAGE = "/storage/emulated/0"


def local_path(url: str) -> str | None:
    """The device file a URL names, if it names one."""
    if url.startswith(DOCUMENTS):
        return f"{STORAGE}/{unquote(url[len(DOCUMENTS):])}"
    if url.startswith("file://"):
        return unquote(url[len("file://"):])
    return None


class Main(Activity):
    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.page: Page | None = None
        url = intent.data or intent.extras.get("url", "")
        if url:
            self.load(url)

    def load(self, url: str) -> None:
        path = local_path(url)
        fs = self.system.fs
        source = fs.read(path) if path and fs.exists(path) else None
        self.page = Page.load(url, source) if source is not None else Page(url, text=[
            "You are offline" if not path else "This file can't be opened", url])
        self.log("chromium", f"Navigated to {url}")

    def build(self) -> View:
        url = self.page.url if self.page else ""
        bar = Row(ImageButton("Home", None, icon="home", id="home_button"),
                  Text(url or "Search or type web address", id="url_bar", weight=1, height=48, clickable=True),
                  ImageButton("Switch or close tabs", None, icon="tabs", id="tab_switcher_button"),
                  ImageButton("Customize and control Google Chrome", None, icon="more_vert", id="menu_button"),
                  id="toolbar", height=64, style="toolbar")
        content = self.page.build() if self.page else Text("New tab", id="ntp_content")
        return Column(bar, View(cls="android.webkit.WebView", id="compositor_view_holder", weight=1,
                                children=[content]))

    def on_swipe(self, direction: str) -> bool:
        return self.page is not None and draw_stroke(self.page)


class ChromeApp(App):
    package = PACKAGE
    label = "Chrome"
    icon = "chrome"
    activities = (Main,)
    uid = 10067
    #: What the Files app's "Open with" offers Chrome for.
    views_mime = ("text/html", "application/xhtml")

    def handle_intent(self, intent: Intent, mime_type: str = "") -> bool:
        url = intent.data
        is_page = mime_type.startswith(self.views_mime) or url.startswith(("http://", "https://")) \
            or url.lower().endswith((".html", ".htm"))
        if intent.action != "android.intent.action.VIEW" or not url or not is_page:
            return False
        self.system.start_activity(self, Main, Intent(action=intent.action, component=self.component(Main),
                                                      data=url))
        return True


__all__ = ["ChromeApp", "Main", "local_path"]
