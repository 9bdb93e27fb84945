"""Google Messages (``com.google.android.apps.messaging``, "Bugle"): the conversation list, search and new chats.

Activities: ``.ui.ConversationListActivity`` (the launcher entry, AndroidWorld's),
``.ui.search.ZeroStateSearchActivity`` (search), ``.ui.appsettings.SettingsActivity`` and
``.block.ui.list.BlockedParticipantsActivity`` (as a decompiled 2024.10 build's manifest names them), and
``.ui.conversation.ConversationActivity`` (a thread, and the "Start chat" recipient picker, as in AOSP Messaging,
Bugle's ancestor; unconfirmed). The thread's send button is the clickable ``send_message_button_container`` around
the "Send SMS" icon ``send_message_button_icon``, as AndroidArena's evaluator records a send. :data:`EVIDENCE`
gives every id's source: the 2024.10 build's ``public.xml`` confirms most; the ones it lacks (that build draws
those screens with Jetpack Compose) stay plausible guesses.

Messages keeps its own ``bugle_db``; the simulated app reads and writes the telephony provider instead (the
real app syncs the two), so seeded SMS threads are what it lists.
"""

from __future__ import annotations

from pytest_mobileagent.android.evidence import UNCONFIRMED, Source, Unconfirmed, entries, framework, key
from pytest_mobileagent.android.theme import LauncherIcon, arena_drawer

PACKAGE = "com.google.android.apps.messaging"
MAIN_ACTIVITY = f"{PACKAGE}.ui.ConversationListActivity"
SEARCH_ACTIVITY = f"{PACKAGE}.ui.search.ZeroStateSearchActivity"
CONVERSATION_ACTIVITY = f"{PACKAGE}.ui.conversation.ConversationActivity"
#: The thread's send button: a clickable container (the node AndroidArena's evaluator records a send by) around
#: the icon described "Send SMS" (``send_message_button_icon``).
SEND_BUTTON_CONTAINER = "send_message_button_container"
#: The search page's field (the id public scripts show).
SEARCH_FIELD = "zero_state_search_box_auto_complete"
#: The usage-statistics tag Messages logs under (``BugleUsageStatistics: PlayLogger.onLoggerConnected`` in public
#: logcat dumps).
USAGE_TAG = "BugleUsageStatistics"
#: What the simulated app prints when a conversation is created from "Start chat". Reconstructed from B-MoCA's
#: success regexes (``BUGLE CREATE(.*?)DEFAULT`` in v1, ``BUGLE CREATE(.*?)VIA_DEFAULT`` in its task files);
#: the real line's full wording was not found in public sources.
CREATE_CONVERSATION_LINE = "BUGLE CREATE CONVERSATION, method: VIA_DEFAULT"

# -- the app's own state (AndroidArena's Messages tasks) -------------------------------------------------------

#: Messages' private database. The real ``bugle_db`` has many more tables and columns (not publicly documented);
#: the simulated app keeps what its tasks need in the simplified tables of :data:`BUGLE_SCHEMA`, so checks that read
#: it need the simulator (``sim_app_state``): on a phone it is readable only with root and its layout differs.
BUGLE_DB = f"/data/data/{PACKAGE}/databases/bugle_db"
#: ``conversations``: a telephony thread's name (groups), archive and pin state; ``starred_messages``: starred SMS
#: (by ``sms._id``); ``scheduled_messages``: texts waiting for their time (``scheduled_time``, device ms).
BUGLE_SCHEMA = """
CREATE TABLE IF NOT EXISTS conversations (_id INTEGER PRIMARY KEY AUTOINCREMENT, sms_thread_id INTEGER UNIQUE,
  name TEXT, archive_status INTEGER NOT NULL DEFAULT 0, pin_state INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS starred_messages (sms_id INTEGER PRIMARY KEY, starred_time INTEGER);
CREATE TABLE IF NOT EXISTS scheduled_messages (_id INTEGER PRIMARY KEY AUTOINCREMENT, sms_thread_id INTEGER,
  recipients TEXT, body TEXT, scheduled_time INTEGER);
"""
#: The app's preferences; ``notifications_enabled`` (boolean, default true) is the "Notifications" switch of its
#: settings, which mutes every chat. Key name not confirmed (the real switch may map to a notification channel).
PREFS = f"/data/data/{PACKAGE}/shared_prefs/{PACKAGE}_preferences.xml"
NOTIFICATIONS_KEY = "notifications_enabled"
#: The activities the AndroidArena tasks add (the settings and the blocked list, as the 2024.10 build's manifest
#: names them).
SETTINGS_ACTIVITY = f"{PACKAGE}.ui.appsettings.SettingsActivity"
BLOCKED_ACTIVITY = f"{PACKAGE}.block.ui.list.BlockedParticipantsActivity"
#: The schedule-send choices of the long-pressed send button, as (label, days ahead, hour).
SCHEDULE_CHOICES = (("Later today, 6:00 PM", 0, 18), ("Later tonight, 9:00 PM", 0, 21), ("Tomorrow, 8:00 AM", 1, 8))

#: The version of the real app followed: AndroidArena's phone (2023, no version recorded); the only complete public
#: record is a decompiled 2024.10 build (its ``public.xml`` lists every resource id, its manifest every activity).
APP_VERSION = "2023 (AndroidArena's phone; version not recorded), checked against messages.android_20241008"
_DECOMPILED = "AliiAsghar/TSE-Reverse-Engineering"
_IDS = Source(_DECOMPILED, "JAVAfiles/resources/res/values/public.xml", app_version="messages.android_20241008",
              note="the build's resource ids")
_MANIFEST = Source(_DECOMPILED, "JAVAfiles/resources/AndroidManifest.xml", app_version="messages.android_20241008")
#: Ids the 2024.10 build does not have (its screens there are Jetpack Compose, without ids): kept as the 2023 app's
#: plausible ones.
_NOT_IN_2024 = Unconfirmed("absent from the 2024.10 build's public.xml")
EVIDENCE = {
    key("activity", MAIN_ACTIVITY): Source("google-research/android_world", "android_world/env/adb_utils.py",
                                           note="_PATTERN_TO_ACTIVITY"),
    **entries("activity", (SEARCH_ACTIVITY, SETTINGS_ACTIVITY, BLOCKED_ACTIVITY), _MANIFEST),
    key("activity", CONVERSATION_ACTIVITY): Unconfirmed("AOSP Messaging's name; the 2024.10 manifest has no "
                                                        "ConversationActivity (threads open from LaunchConversation"
                                                        "Activity)"),
    key("id", SEND_BUTTON_CONTAINER): Source("AndroidArenaAgent/AndroidArena", "run_evaluator.py",
                                             note="check_element('send') in Messages"),
    **entries("id", ("action_archive", "action_delete", "action_mode_close_button", "action_zero_state_search",
                     "compose_message_text", "contact_details", "contact_name", "conversation_icon",
                     "conversation_name", "conversation_snippet", "conversation_timestamp", "conversation_title",
                     "group_name", "message_content", "message_list", "message_text", "messages_title",
                     "plus_button", "send_message_button_icon", "start_chat_fab", "swipeableContainer", "toolbar",
                     "copy_text", "search_results_list"), _IDS),
    **entries("id", ("action_pin", "action_star", "add_blocked_number", "blocked_list", "blocked_number",
                     "blocked_number_input", "contact_checkbox", "contact_item", "contact_list", "conversation_list",
                     "create_group", "empty_state_text", "next_button", "notifications_setting", "pin_indicator",
                     "recipient_text_view", "schedule_option", "scheduled_send_chip", "star_icon", "unblock_button",
                     SEARCH_FIELD), _NOT_IN_2024),
    **framework("alertTitle", "button1", "button2", "buttonPanel", "content", "parentPanel", "summary",
                "switch_widget", "title"),
    key("desc", "Send SMS"): Source("google-research/android_world", "android_world/env/tools.py",
                                    note="SMS_SEND_TEXT, the Google Messages send button"),
    key("text", "Start chat"): UNCONFIRMED,
    # icons: Google Messages' drawables are not public (its 2024 screens are Compose): Material 3's outlined style
    key("icon", "conversation_icon"): Unconfirmed("a conversation's picture without a photo: the name's initial on a "
                                                  "colour, a bare number's person silhouette"),
    key("icon", "contact_item"): Unconfirmed("a contact row's letter avatar, as the conversation list's"),
    key("icon", "Pinned"): Unconfirmed("the pinned conversation's push pin (push_pin)"),
    key("icon", "Start chat"): Unconfirmed("the extended FAB's chat bubble (chat, outlined) before its label"),
    key("icon", "Search"): Unconfirmed("the app bar's magnifier (search)"),
    **entries("icon", ("Pin", "Unpin"), Unconfirmed("push_pin / keep_off (the crossed pin), outlined")),
    key("icon", "Archive"): Unconfirmed("archive, outlined"),
    key("icon", "Delete"): Unconfirmed("delete (a bin), outlined"),
    **entries("icon", ("Star", "Unstar"), Unconfirmed("an outlined star to star, a filled one to unstar")),
    key("icon", "Starred"): Unconfirmed("a starred message's filled star"),
    key("icon", "Copy text"): Unconfirmed("content_copy, outlined"),
    key("icon", "Send SMS"): Unconfirmed("the send button's arrow (send)"),
    key("icon", "Show more options"): Unconfirmed("the compose bar's plus in a ring (add_circle, outlined)"),
    key("icon", "create_group"): Unconfirmed("group, outlined"),
    key("icon", "Cancel scheduled send"): Unconfirmed("close"),
    key("icon", "Unblock"): Unconfirmed("close"),
    key("icon", "add_blocked_number"): Unconfirmed("add"),
    **entries("icon", ("Back", "Navigate up"), Unconfirmed("arrow_back")),
    key("icon", "More options"): Unconfirmed("more_vert"),
    key("icon", "Done"): Unconfirmed("the selection bar's close cross (close)"),
}


__all__ = [
              "APP_VERSION",
              "BLOCKED_ACTIVITY",
              "BUGLE_DB",
              "BUGLE_SCHEMA",
              "CONVERSATION_ACTIVITY",
              "CREATE_CONVERSATION_LINE",
              "EVIDENCE",
              "MAIN_ACTIVITY",
              "NOTIFICATIONS_KEY",
              "PACKAGE",
              "PREFS",
              "SCHEDULE_CHOICES",
              "SEARCH_ACTIVITY",
              "SEARCH_FIELD",
              "SEND_BUTTON_CONTAINER",
              "SETTINGS_ACTIVITY",
              "USAGE_TAG",
]

#: The launcher icon on AndroidArena's phone: a white speech bubble with blue lines on blue.
LAUNCHER_ICON = LauncherIcon("#1A73E8", "sms", foreground="#FFFFFF",
                             source=arena_drawer("a white speech bubble with blue lines on blue"))
