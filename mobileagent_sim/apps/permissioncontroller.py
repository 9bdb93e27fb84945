"""PermissionController (``com.google.android.permissioncontroller``): "Default apps" and the browser's page.

Settings' "Default apps" row opens :class:`DefaultAppList` (``ACTION_MANAGE_DEFAULT_APPS_SETTINGS``); its "Browser
app" row opens :class:`DefaultApp`, whose rows make the chosen browser RoleManager's browser role holder (the
``roles.xml`` :mod:`pytest_mobileagent.android.settings_app` reads). See
:mod:`pytest_mobileagent.android.permissioncontroller` for the evidence.
"""

from __future__ import annotations

from mobileagent_sim.app import Activity, App, Intent
from mobileagent_sim.apps.settings import collapsing_page
from mobileagent_sim.views import ListItem, Row, Text, View
from pytest_mobileagent.android import permissioncontroller as pc
from pytest_mobileagent.android.settings_app import BROWSER_ROLE, BROWSERS, ROLES_XML, role_holders, with_role_holders


def browser_holder(app: App) -> str:
    fs = app.system.fs
    holders = role_holders(fs.read(ROLES_XML) if fs.exists(ROLES_XML) else None, BROWSER_ROLE)
    return holders[0] if holders else ""


class DefaultAppList(Activity):
    """The "Default apps" page: each role and the app holding it."""

    name = pc.DEFAULT_APP_LIST_ACTIVITY
    exported = True

    def build(self) -> View:
        holder = self.system.apps.get(browser_holder(self.app))
        rows = [ListItem("Browser app", holder.label if holder else "None", on_click=self.open_browser),
                ListItem("Caller ID & spam app", "None"), ListItem("Digital assistant app", "Google"),
                ListItem("Home app", "Pixel Launcher"), ListItem("Phone app", "Phone"),
                ListItem("SMS app", "Messages")]
        return collapsing_page("Default apps", self.finish, rows)

    def open_browser(self) -> None:
        self.system.start_activity(self.app, DefaultApp, Intent(extras={"android.intent.extra.ROLE_NAME":
                                                                        BROWSER_ROLE}))


class DefaultApp(Activity):
    """A role's page (the browser's): the installed browsers, the holder's RadioButton checked."""

    name = pc.DEFAULT_APP_ACTIVITY

    def build(self) -> View:
        holder = browser_holder(self.app)
        browsers = [self.system.apps[p] for p in BROWSERS if p in self.system.apps]
        rows = [Text(pc.BROWSER_DESCRIPTION, style="caption", height=56)]
        rows += [Row(Text(a.label, weight=1, height=56),
                     # the widget is checkable, not clickable: a tap anywhere on the row chooses
                     View(cls="android.widget.RadioButton", id="android:id/checkbox", checkable=True,
                          checked=a.package == holder, width=48, height=48),
                     clickable=True, focusable=True, on_click=lambda p=a.package: self.choose(p), height=64,
                     padding=8) for a in browsers]
        return collapsing_page(pc.BROWSER_TITLE, self.finish, rows)

    def choose(self, package: str) -> None:
        fs = self.system.fs
        fs.write(ROLES_XML, with_role_holders(fs.read(ROLES_XML) if fs.exists(ROLES_XML) else None, BROWSER_ROLE,
                                              [package]))
        self.log("RoleManagerService", f"Added role holder, role: {BROWSER_ROLE}, package: {package}")


class PermissionControllerApp(App):
    package = pc.PACKAGE
    label = "Permission controller"
    icon = "settings"
    launchable = False
    activities = (DefaultAppList, DefaultApp)
    uid = 10093

    def handle_intent(self, intent: Intent, mime_type: str = "") -> bool:
        if intent.action != pc.ACTION_MANAGE_DEFAULT_APPS:
            return False
        self.system.start_activity(self, DefaultAppList, Intent(action=intent.action))
        return True


__all__ = ["DefaultApp", "DefaultAppList", "PermissionControllerApp", "browser_holder"]
