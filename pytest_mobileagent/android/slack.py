"""Slack (``com.Slack``): package, activity, resource ids and the simulator's workspace store.

Slack keeps workspaces, channels, messages, reactions, files and drafts on its servers; a phone holds only
caches no shell can read without root, and even then not the server's truth. The simulator therefore keeps that
state in one documented SQLite store of its own, :data:`STORE` (schema :data:`SCHEMA`), which the simulated app
reads and writes and tasks seed and check: tasks judged on it declare the ``sim_app_state`` capability. The dark
mode choice is a device-local preference in the real app; the simulator keeps it in the same store (``prefs``).

The package name is the real one (AndroidArena's ``app_configs/slack.yaml``). The message bar is Jetpack Compose
under ``compose_view``, its Send a View described "Send", as AndroidArena's evaluator records a send. The launcher
activity ``slack.app.ui.HomeActivity`` and the other resource ids (``message_input``, ``search_input``...) are
plausible guesses, not confirmed against a device (:data:`EVIDENCE`); the UI is one activity whose pages are told
apart by what is on screen.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from pytest_mobileagent.android.evidence import UNCONFIRMED, Source, Unconfirmed, entries, framework, icon_entries, key
from pytest_mobileagent.android.theme import LauncherIcon, arena_drawer

PACKAGE = "com.Slack"
MAIN_ACTIVITY = "slack.app.ui.HomeActivity"
#: The conversation's composer, a Jetpack Compose host: its first View's second View is Send (described "Send"),
#: as AndroidArena's evaluator records a send.
COMPOSE_VIEW = "compose_view"
STORE = f"/data/data/{PACKAGE}/databases/sim_workspace.db"
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS workspaces(id INTEGER PRIMARY KEY, name TEXT NOT NULL, project TEXT, "
    "active INTEGER NOT NULL DEFAULT 0)",
    "CREATE TABLE IF NOT EXISTS users(id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS channels(id INTEGER PRIMARY KEY, workspace_id INTEGER NOT NULL, name TEXT, "
    "is_private INTEGER NOT NULL DEFAULT 0, dm_user INTEGER, muted INTEGER NOT NULL DEFAULT 0)",
    "CREATE TABLE IF NOT EXISTS members(channel_id INTEGER NOT NULL, email TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS messages(id INTEGER PRIMARY KEY, channel_id INTEGER NOT NULL, user_id INTEGER NOT "
    "NULL, text TEXT NOT NULL DEFAULT '', ts INTEGER NOT NULL, file_id INTEGER)",
    "CREATE TABLE IF NOT EXISTS reactions(message_id INTEGER NOT NULL, user_id INTEGER NOT NULL, emoji TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS files(id INTEGER PRIMARY KEY, name TEXT NOT NULL, user_id INTEGER NOT NULL, "
    "ts INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS drafts(channel_id INTEGER PRIMARY KEY, text TEXT NOT NULL DEFAULT '', file_id INTEGER)",
    "CREATE TABLE IF NOT EXISTS prefs(key TEXT PRIMARY KEY, value TEXT)",
)
TABLES = ("workspaces", "users", "channels", "members", "messages", "reactions", "files", "drafts", "prefs")
#: The signed-in user's id in ``users``.
ME = 1
#: Emoji the reaction picker offers, by Slack's short names.
EMOJI = ("heart", "thumbsup", "joy", "tada", "eyes", "fire", "pray", "white_check_mark")
#: The pictogram the simulator draws for each emoji of the reaction picker: Slack draws the emoji's own image,
#: here the Material Symbol of the same subject (a font of colour emoji is not always installed).
EMOJI_ICONS = {"heart": "favorite", "thumbsup": "thumb_up", "joy": "sentiment_very_satisfied", "tada": "celebration",
               "eyes": "visibility", "fire": "local_fire_department", "pray": "folded_hands",
               "white_check_mark": "check_box"}
#: ``prefs.dark_mode`` values, as the Dark mode page names them.
DARK_MODES = {"system": "System default", "on": "On", "off": "Off"}


def ts(when: dt.datetime) -> int:
    """A time (naive means UTC) as the store keeps it: milliseconds since the Unix epoch."""
    return int(when.replace(tzinfo=dt.timezone.utc).timestamp() * 1000)


WORKSPACE = (1, "Acme Team", "launch", 1)
USERS = ((ME, "you", "user@example.com"), (2, "bob", "bob@example.com"), (3, "alice", "alice@example.com"),
         (4, "carol", "carol@example.com"))
#: Channels of the seeded workspace: id, name (direct messages: their user).
CHANNELS = ((1, "general"), (2, "random"), (3, "work"), (4, "work-updates"))
DMS = ((10, 2), (11, 3), (12, 4))
_D = dt.datetime
#: Seeded messages: channel, user, text, time (oldest first).
MESSAGES = (
    (1, 3, "hello everyone, welcome to the team!", _D(2023, 10, 13, 9, 0)),
    (2, 4, "Did anyone see the game last night?", _D(2023, 10, 13, 20, 0)),
    (10, 2, "Hi! Did you get the slides?", _D(2023, 10, 13, 16, 0)),
    (10, ME, "Yes, thanks!", _D(2023, 10, 13, 16, 5)),
    (3, 2, "hello team, the report is due on Friday", _D(2023, 10, 14, 9, 30)),
    (3, ME, "I will share my part tomorrow", _D(2023, 10, 14, 10, 0)),
    (1, 4, "Lunch at noon today?", _D(2023, 10, 14, 11, 0)),
    (10, 2, "Great, see you at the meeting tomorrow", _D(2023, 10, 14, 17, 0)),
    (10, ME, "See you", _D(2023, 10, 14, 17, 2)),
    (11, 3, "hello! can you review my pull request?", _D(2023, 10, 15, 8, 0)),
)
#: Files in the workspace: id, name, uploader, time.
FILES = ((1, "Q3-report.pdf", 2, _D(2023, 10, 12, 10, 0)), (2, "notes.txt", ME, _D(2023, 10, 13, 12, 0)),
         (3, "roadmap.png", 3, _D(2023, 10, 15, 8, 30)))
#: The channel some tasks add to the seed (with a first message), id 5.
EXTRA_CHANNEL_ID = 5


def seed_statements(extra_channels: tuple[str, ...] = ()) -> list[tuple[str, tuple[Any, ...]]]:
    """The statements that reset the store to the seeded workspace (plus ``extra_channels``, ids from 5 on)."""
    out: list[tuple[str, tuple[Any, ...]]] = [(f"DELETE FROM {t}", ()) for t in TABLES]
    out.append(("INSERT INTO workspaces VALUES (?, ?, ?, ?)", WORKSPACE))
    out += [("INSERT INTO users VALUES (?, ?, ?)", u) for u in USERS]
    out += [("INSERT INTO channels (id, workspace_id, name) VALUES (?, 1, ?)", c) for c in CHANNELS]
    out += [("INSERT INTO channels (id, workspace_id, name, dm_user) VALUES (?, 1, NULL, ?)", c) for c in DMS]
    for i, name in enumerate(extra_channels, EXTRA_CHANNEL_ID):
        out.append(("INSERT INTO channels (id, workspace_id, name) VALUES (?, 1, ?)", (i, name)))
        out.append(("INSERT INTO messages (channel_id, user_id, text, ts) VALUES (?, 3, ?, ?)",
                    (i, f"Welcome to #{name}", ts(_D(2023, 10, 12, 9, 0)))))
    out += [("INSERT INTO messages (channel_id, user_id, text, ts) VALUES (?, ?, ?, ?)", (c, u, t, ts(w)))
            for c, u, t, w in MESSAGES]
    out += [("INSERT INTO files VALUES (?, ?, ?, ?)", (i, n, u, ts(w))) for i, n, u, w in FILES]
    out.append(("INSERT INTO prefs VALUES ('dark_mode', 'system')", ()))
    return out


#: The version of the real app followed: AndroidArena's phone (2023; no version recorded).
APP_VERSION = "2023 (AndroidArena's phone; version not recorded)"
_EVAL = Source("AndroidArenaAgent/AndroidArena", "run_evaluator.py", note="check_element('send') in Slack")
EVIDENCE = {
    key("activity", MAIN_ACTIVITY): UNCONFIRMED,
    key("id", COMPOSE_VIEW): _EVAL,
    key("desc", "Send"): _EVAL,
    **entries("id", ("add_button", "add_channel", "add_people", "add_teammates", "add_workspace", "bottom_nav",
                     "channel_details", "channel_name", "channel_name_input", "conversation_row", "conversations",
                     "create_button", "dark_mode", "dark_mode_options", "dm_name", "emoji", "file_row", "files_list",
                     "files_row", "files_title", "home_list", "invite_input", "member_count", "message_input",
                     "message_row", "message_text", "messages_list", "mute_row", "mute_switch", "next", "preferences",
                     "private_row", "reaction", "result_channel", "result_text", "search_bar", "search_input",
                     "search_result", "search_results", "share_file", "share_message", "share_search", "skip",
                     "toolbar", "user_name", "workspace_row", "workspace_switcher", "ws_invite", "ws_name",
                     "ws_project"), UNCONFIRMED),
    **framework("content", "summary", "switch_widget", "title", "alertTitle", "button1", "button2", "buttonPanel",
                "parentPanel"),
    # Slack's own icon set, not recorded in a public dump
    **icon_entries({
        "Add channel": Unconfirmed("the Channels header's plus"),
        "Channel details": Unconfirmed("a channel's outlined info icon"),
        "Navigate up": Unconfirmed("the back arrow of a channel, search and settings"),
        "Send": Unconfirmed("the message bar's paper plane (a Compose icon button)"),
        **dict.fromkeys(("Home", "You"), Unconfirmed("the bottom navigation's house and the user's avatar")),
        **dict.fromkeys(EMOJI, Unconfirmed("the reaction picker draws each emoji; drawn as EMOJI_ICONS")),
    }),
}


__all__ = [
    "APP_VERSION",
    "CHANNELS",
    "COMPOSE_VIEW",
    "DARK_MODES",
    "DMS",
    "EMOJI",
    "EMOJI_ICONS",
    "EVIDENCE",
    "EXTRA_CHANNEL_ID",
    "FILES",
    "MAIN_ACTIVITY",
    "ME",
    "MESSAGES",
    "PACKAGE",
    "SCHEMA",
    "STORE",
    "USERS",
    "WORKSPACE",
    "seed_statements",
    "ts",
]

#: The launcher icon on AndroidArena's phone: the four-colour hash on white.
LAUNCHER_ICON = LauncherIcon("#FFFFFF", "tag", foreground="#4A154B",
                             source=arena_drawer("the four-colour hash on white"))
