"""Slack (``com.Slack``): workspaces, channels, direct messages, reactions, files, search and dark mode.

One activity whose pages are a stack of plain strings (``home``, ``channel:<id>``, ``details:<id>``...); BACK
pops it. Everything the user changes is written at once to the simulator's store
(:data:`~pytest_mobileagent.android.slack.STORE`), including a conversation's unsent text and a file picked to
share, which are its draft (Slack keeps drafts server-side too). Home lists the active workspace's channels, its
direct messages and "Files"; "Add channel" creates a public (or private) channel; a channel's details page adds
people by name or email and mutes it; a long press on a message offers "Add reaction"; "Jump to or search..."
searches messages on Enter; a file's "Share" picks a conversation and sends the file there; the workspace
switcher adds a workspace (name, project - which becomes its first channel - and teammates, or skip); You >
Preferences > Dark mode picks the theme.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from mobileagent_sim.app import Activity, App
from mobileagent_sim.views import (
    Button,
    Column,
    EditText,
    Frame,
    ImageButton,
    ListItem,
    RadioGroup,
    Row,
    Scroll,
    Switch,
    Tabs,
    Text,
    Toolbar,
    View,
)
from pytest_mobileagent.android.slack import (
    COMPOSE_VIEW,
    DARK_MODES,
    EMOJI,
    EMOJI_ICONS,
    MAIN_ACTIVITY,
    ME,
    PACKAGE,
    SCHEMA,
    STORE,
    seed_statements,
    ts,
)


class Home(Activity):
    name = MAIN_ACTIVITY
    exported = True

    def __init__(self, app: App, intent: Any):
        super().__init__(app, intent)
        self.stack: list[str] = ["home"]

    # -- store -------------------------------------------------------------------------

    def q(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self.system.fs.sqlite(STORE) as db:
            return db.execute(sql, params).fetchall()

    def run(self, sql: str, params: tuple[Any, ...] = ()) -> int:
        with self.system.fs.sqlite(STORE) as db:
            return db.execute(sql, params).lastrowid or 0

    def workspace(self) -> tuple[int, str]:
        rows = self.q("SELECT id, name FROM workspaces WHERE active = 1")
        return rows[0] if rows else (0, "")

    def title(self, cid: int) -> str:
        row = self.q("SELECT c.name, u.name FROM channels c LEFT JOIN users u ON u.id = c.dm_user WHERE c.id = ?",
                     (cid,))
        return (f"#{row[0][0]}" if row[0][0] else row[0][1]) if row else ""

    def now(self) -> int:
        return ts(self.system.clock.now.astimezone(dt.timezone.utc).replace(tzinfo=None))

    # -- navigation --------------------------------------------------------------------

    def push(self, page: str) -> None:
        self.menu = None
        self.stack.append(page)

    def replace(self, page: str) -> None:
        self.stack[-1] = page

    def on_back(self) -> bool:
        if super().on_back():
            return True
        if len(self.stack) > 1:
            self.stack.pop()
            return True
        return False

    def build(self) -> View:
        page, _, arg = self.stack[-1].partition(":")
        return getattr(self, f"page_{page}")(int(arg) if arg else 0)

    def bar(self, title: str, *actions: View) -> View:
        return Toolbar(title, navigate_up=self.on_back, actions=actions)

    # -- home and you ------------------------------------------------------------------

    def page_home(self, _: int) -> View:
        ws, ws_name = self.workspace()
        chans = self.q("SELECT id, name FROM channels WHERE workspace_id = ? AND dm_user IS NULL ORDER BY name",
                       (ws,))
        dms = self.q("SELECT c.id, u.name FROM channels c JOIN users u ON u.id = c.dm_user WHERE c.workspace_id = ? "
                     "ORDER BY u.name", (ws,))
        rows: list[View] = [
            Row(Text("Channels", style="caption", weight=1, height=40),
                ImageButton("Add channel", lambda: self.push("create_channel"), icon="add", id="add_channel")),
            *[Text(f"# {n}", id="channel_name", desc=n, clickable=True, focusable=True, height=48,
                   on_click=lambda c=c: self.push(f"channel:{c}")) for c, n in chans],
            Text("Direct messages", style="caption", height=40),
            *[Text(n, id="dm_name", clickable=True, focusable=True, height=48,
                   on_click=lambda c=c: self.push(f"channel:{c}")) for c, n in dms],
            ListItem("Files", on_click=lambda: self.push("files"), id="files_row", title_id="files_title"),
        ]
        top = Row(Button(ws_name, lambda: self.push("workspaces"), id="workspace_switcher", desc="Switch workspace"),
                  Text("Jump to or search…", id="search_bar", clickable=True, focusable=True, weight=1, height=48,
                       on_click=lambda: self.push("search"), style="searchbar"), height=64, style="toolbar")
        return Column(top, Scroll(*rows, id="home_list", weight=1), self.tabs(0))

    def tabs(self, selected: int) -> View:
        icons = ("home" if selected == 0 else "home:outlined", "account_circle")
        return Tabs(("Home", "You"), selected, lambda i: self.replace(("home", "you")[i]), id="bottom_nav",
                    icons=icons)

    def page_you(self, _: int) -> View:
        return Column(Text("you", style="headline", height=56), Text("user@example.com", height=32),
                      ListItem("Preferences", on_click=lambda: self.push("prefs"), id="preferences"),
                      View(weight=1), self.tabs(1))

    def page_prefs(self, _: int) -> View:
        mode = self.q("SELECT value FROM prefs WHERE key = 'dark_mode'")
        return Column(self.bar("Preferences"),
                      ListItem("Dark mode", DARK_MODES[mode[0][0] if mode else "system"],
                               on_click=lambda: self.push("dark_mode"), id="dark_mode"))

    def page_dark_mode(self, _: int) -> View:
        mode = self.q("SELECT value FROM prefs WHERE key = 'dark_mode'")
        names = {v: k for k, v in DARK_MODES.items()}

        def pick(label: str) -> None:
            self.run("INSERT OR REPLACE INTO prefs VALUES ('dark_mode', ?)", (names[label],))

        return Column(self.bar("Dark mode"), RadioGroup(list(DARK_MODES.values()),
                                                        DARK_MODES[mode[0][0] if mode else "system"], pick,
                                                        id="dark_mode_options"))

    # -- workspaces --------------------------------------------------------------------

    def page_workspaces(self, _: int) -> View:
        rows = self.q("SELECT id, name, active FROM workspaces ORDER BY id")

        def switch(ws: int) -> None:
            self.run("UPDATE workspaces SET active = (id = ?)", (ws,))
            self.stack = ["home"]

        return Column(self.bar("Workspaces"),
                      *[ListItem(n, "Current workspace" if a else "", on_click=lambda w=w: switch(w),
                                 id="workspace_row") for w, n, a in rows],
                      Button("Add a workspace", lambda: self.push("ws_name"), id="add_workspace"))

    def step(self, question: str, field_id: str, hint: str, *buttons: View) -> View:
        return Column(self.bar(""), Text(question, style="headline"), self.field(field_id, hint=hint), *buttons)

    def page_ws_name(self, _: int) -> View:
        return self.step("What’s the name of your company or team?", "ws_name", "Ex. Acme or Acme Marketing",
                         Button("Next", lambda: self.push("ws_project"), id="next",
                                enabled=bool(self.fields.get("ws_name", "").strip())))

    def page_ws_project(self, _: int) -> View:
        return self.step("What’s a project your team is working on?", "ws_project", "Ex. Q4 budget, autumn campaign",
                         Button("Next", lambda: self.push("ws_invite"), id="next",
                                enabled=bool(self.fields.get("ws_project", "").strip())))

    def page_ws_invite(self, _: int) -> View:
        return self.step("Who else is on the team?", "ws_invite", "Enter email addresses",
                         Button("Add teammates", lambda: self.create_workspace(True), id="add_teammates"),
                         Button("Skip this step", lambda: self.create_workspace(False), id="skip"))

    def create_workspace(self, invite: bool) -> None:
        name, project = self.fields.get("ws_name", "").strip(), self.fields.get("ws_project", "").strip()
        self.run("UPDATE workspaces SET active = 0")
        ws = self.run("INSERT INTO workspaces (name, project, active) VALUES (?, ?, 1)", (name, project))
        general = self.run("INSERT INTO channels (workspace_id, name) VALUES (?, 'general')", (ws,))
        self.run("INSERT INTO channels (workspace_id, name) VALUES (?, ?)",
                 (ws, project.lower().replace(" ", "-")))
        emails = [e.strip() for e in self.fields.get("ws_invite", "").replace(";", ",").split(",") if e.strip()]
        for email in emails if invite else []:
            self.run("INSERT INTO members VALUES (?, ?)", (general, email))
        for key in ("ws_name", "ws_project", "ws_invite"):
            self.fields.pop(key, None)
        self.stack = ["home"]

    # -- channels ----------------------------------------------------------------------

    def page_create_channel(self, _: int) -> View:
        private = self.view_state.get("private", False)

        def create() -> None:
            name = self.fields.pop("channel_name_input", "").strip().lstrip("#").lower().replace(" ", "-")
            cid = self.run("INSERT INTO channels (workspace_id, name, is_private) VALUES (?, ?, ?)",
                           (self.workspace()[0], name, int(private)))
            self.view_state["private"] = False
            self.replace(f"channel:{cid}")

        return Column(self.bar("Create a channel"), Text("Name", style="caption"),
                      self.field("channel_name_input", hint="e.g. plan-budget"),
                      ListItem("Make private", "Only invited people can view this channel", id="private_row",
                               widget=Switch(private, lambda: self.view_state.__setitem__("private", not private))),
                      Button("Create", create, id="create_button",
                             enabled=bool(self.fields.get("channel_name_input", "").strip())))

    def page_channel(self, cid: int) -> View:
        rows = self.q("SELECT m.id, u.name, m.text, f.name FROM messages m JOIN users u ON u.id = m.user_id "
                      "LEFT JOIN files f ON f.id = m.file_id WHERE m.channel_id = ? ORDER BY m.ts, m.id", (cid,))
        views = []
        for mid, sender, text, file in rows:
            reactions = self.q("SELECT emoji, COUNT(*) FROM reactions WHERE message_id = ? GROUP BY emoji", (mid,))
            views.append(Column(
                Text(sender, id="user_name", style="item-title", height=28),
                Text(text, id="message_text") if text else None,
                Text(file, id="file_name", style="item-summary", height=28) if file else None,
                *[Text(f":{e}: {n}", id="reaction", height=28) for e, n in reactions],
                id="message_row", long_clickable=True, on_long_click=lambda m=mid: self.open_menu(f"message:{m}"),
                padding=8))
        draft = self.q("SELECT text FROM drafts WHERE channel_id = ?", (cid,))
        text = draft[0][0] if draft else ""
        title = self.title(cid)
        composer = compose_bar(EditText("message_input", text, lambda v: self.save_draft(cid, v),
                                        hint=f"Message {title}"), lambda: self.send(cid), bool(text.strip()))
        details = ImageButton("Channel details", lambda: self.push(f"details:{cid}"), icon="info:outlined",
                              id="channel_details") if title.startswith("#") else None
        return Column(self.bar(title, *([details] if details else [])), Scroll(*views, id="messages_list", weight=1),
                      composer)

    def save_draft(self, cid: int, text: str, file_id: int | None = None) -> None:
        self.run("INSERT OR REPLACE INTO drafts VALUES (?, ?, ?)", (cid, text, file_id))

    def send(self, cid: int, text: str | None = None, file_id: int | None = None) -> None:
        if text is None:
            draft = self.q("SELECT text FROM drafts WHERE channel_id = ?", (cid,))
            text = draft[0][0].strip() if draft else ""
        if not text and file_id is None:
            return
        self.run("INSERT INTO messages (channel_id, user_id, text, ts, file_id) VALUES (?, ?, ?, ?, ?)",
                 (cid, ME, text, self.now(), file_id))
        self.run("DELETE FROM drafts WHERE channel_id = ?", (cid,))
        self.system.clear_focus(self)

    def menu_items(self, name: str):
        mid = int(name.split(":")[1])
        return [("Add reaction", lambda: self.push(f"emoji:{mid}")), ("Copy text", self.close_menu)]

    def page_emoji(self, mid: int) -> View:
        def react(emoji: str) -> None:
            self.run("INSERT INTO reactions VALUES (?, ?, ?)", (mid, ME, emoji))
            self.stack.pop()

        grid = [Row(*[ImageButton(e, lambda e=e: react(e), icon=EMOJI_ICONS[e], id="emoji") for e in EMOJI[i:i + 4]],
                    height=56)
                for i in range(0, len(EMOJI), 4)]
        return Column(self.bar("Add reaction"), *grid)

    def page_details(self, cid: int) -> View:
        muted = bool(self.q("SELECT muted FROM channels WHERE id = ?", (cid,))[0][0])
        members = self.q("SELECT email FROM members WHERE channel_id = ?", (cid,))

        def toggle() -> None:
            self.run("UPDATE channels SET muted = ? WHERE id = ?", (int(not muted), cid))

        return Column(self.bar(self.title(cid)),
                      ListItem("Add people", on_click=lambda: self.push(f"add_people:{cid}"), id="add_people"),
                      ListItem("Mute channel", "Muted" if muted else "", id="mute_row",
                               widget=Switch(muted, toggle, id="mute_switch")),
                      Text(f"{len(members)} invited" if members else "", id="member_count"))

    def page_add_people(self, cid: int) -> View:
        def add() -> None:
            who = self.fields.pop("invite_input", "").strip()
            user = self.q("SELECT email FROM users WHERE name = ? OR email = ?", (who, who))
            self.run("INSERT INTO members VALUES (?, ?)", (cid, user[0][0] if user else who))
            self.toast(f"Added {who} to {self.title(cid)}")
            self.stack.pop()

        return Column(self.bar("Add people"), self.field("invite_input", hint="Enter a name or email"),
                      Button("Add", add, id="add_button", enabled="@" in self.fields.get("invite_input", "")
                             or bool(self.fields.get("invite_input", "").strip())))

    # -- search and files --------------------------------------------------------------

    def page_search(self, _: int) -> View:
        query = self.view_state.get("query", "")
        rows = self.q("SELECT m.channel_id, u.name, m.text FROM messages m JOIN users u ON u.id = m.user_id JOIN "
                      "channels c ON c.id = m.channel_id WHERE c.workspace_id = ? AND instr(lower(m.text), ?) > 0 "
                      "ORDER BY m.ts DESC", (self.workspace()[0], query.lower())) if query else []

        def submit() -> None:
            self.view_state["query"] = self.fields.get("search_input", "").strip()
            self.system.clear_focus(self)

        results = [Column(Text(self.title(c), id="result_channel", style="caption", height=24),
                          Text(f"{who}: {text}", id="result_text", height=32), id="search_result", clickable=True,
                          focusable=True, on_click=lambda c=c: self.push(f"channel:{c}"), padding=8)
                   for c, who, text in rows]
        note = Text(f"No results for “{query}”" if query and not rows else "", id="empty_results")
        return Column(Row(ImageButton("Navigate up", self.on_back, icon="arrow_back"),
                          EditText("search_input", self.fields.get("search_input", ""),
                                   lambda v: self.fields.__setitem__("search_input", v), hint="Search",
                                   on_submit=submit, weight=1), height=64, style="toolbar"),
                      note if query and not rows else None, Scroll(*results, id="search_results", weight=1))

    def page_files(self, _: int) -> View:
        rows = self.q("SELECT f.id, f.name, u.name, f.ts FROM files f JOIN users u ON u.id = f.user_id "
                      "ORDER BY f.ts DESC")
        items = [ListItem(n, f"{who} · {dt.datetime.utcfromtimestamp(t / 1000):%b %d}",
                          on_click=lambda f=f: self.push(f"file:{f}"), id="file_row") for f, n, who, t in rows]
        return Column(self.bar("Files"), Scroll(*items, id="files_list", weight=1))

    def page_file(self, fid: int) -> View:
        name, who = self.q("SELECT f.name, u.name FROM files f JOIN users u ON u.id = f.user_id WHERE f.id = ?",
                           (fid,))[0]
        return Column(self.bar(name), Text(f"Shared by {who}", height=32),
                      Button("Share", lambda: self.push(f"share:{fid}"), id="share_file", desc="Share file"))

    def page_share(self, fid: int) -> View:
        chosen = self.view_state.get(("share", fid))
        query = self.fields.get("share_search", "").strip().lower()
        convs = self.q("SELECT c.id, coalesce('#' || c.name, u.name) FROM channels c LEFT JOIN users u ON "
                       "u.id = c.dm_user WHERE c.workspace_id = ? ORDER BY c.dm_user IS NULL, 2",
                       (self.workspace()[0],))

        def pick(cid: int) -> None:
            self.view_state[("share", fid)] = cid
            self.save_draft(cid, self.fields.get("share_message", ""), fid)

        def send() -> None:
            self.send(chosen, self.fields.pop("share_message", "").strip(), fid)
            self.view_state.pop(("share", fid), None)
            self.stack.pop()

        rows = [ListItem(n, on_click=lambda c=c: pick(c), id="conversation_row", selected=c == chosen)
                for c, n in convs if query in n.lower()]
        return Column(self.bar("Share file"), self.field("share_search", hint="Search for channel or person"),
                      Scroll(*rows, id="conversations", weight=1),
                      compose_bar(self.field("share_message", hint="Add a message, if you’d like."), send,
                                  chosen is not None))


def compose_bar(field: View, on_send: Any, enabled: bool) -> View:
    """Slack's Jetpack Compose message bar: nodes of class ``android.view.View`` under one ComposeView; Send (described
    "Send") is the second View of its first View, the path AndroidArena's evaluator records a send by."""
    send = View(cls="android.view.View", desc="Send", icon="send", style="icon", on_click=on_send, clickable=True,
                focusable=True,
                enabled=enabled, width=48, height=48)
    return Frame(Row(View(cls="android.view.View", weight=1, children=[field]), send, cls="android.view.View",
                     height=64), id=COMPOSE_VIEW, cls="android.view.ViewGroup", height=64)


class SlackApp(App):
    package = PACKAGE
    label = "Slack"
    icon = "slack"
    activities = (Home,)
    uid = 10172

    def install(self) -> None:
        with self.system.fs.sqlite(STORE) as db:
            for statement in SCHEMA:
                db.execute(statement)
            for sql, params in seed_statements():
                db.execute(sql, params)


__all__ = ["Home", "SlackApp"]
