"""Google Messages (``com.google.android.apps.messaging``, "Bugle"): the conversation list, search and new chats.

Activities, as ``am start -n`` and ``dumpsys activity`` show them in public scripts and traces:
``.ui.ConversationListActivity`` (the launcher entry), ``.ui.search.ZeroStateSearchActivity`` (search) and
``.ui.conversation.ConversationActivity`` (a thread, and the "Start chat" recipient picker, as in AOSP
Messaging, Bugle's ancestor). Resource ids seen in public UI-automation scripts: ``start_chat_fab`` (text
"Start chat"), ``messages_title`` ("Messages"), ``recipient_text_view`` (the "To" field). The others follow
AOSP Messaging's layouts (``conversation_name``, ``conversation_snippet``, ``conversation_timestamp``,
``contact_name``, ``contact_details``, ``compose_message_text``) and are plausible, not confirmed.

The screens AndroidArena's tasks add (selection bars, "Send SMS" ``send_message_button_icon``, "Show more
options" ``plus_button``, the schedule-send choices, "Spam & blocked", Settings) use ids and labels written after
the app's current UI as seen in public screenshots; they are plausible, not confirmed.

Messages keeps its own ``bugle_db``; the simulated app reads and writes the telephony provider instead (the
real app syncs the two), so seeded SMS threads are what it lists.
"""

from __future__ import annotations

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
#: The activities the AndroidArena tasks add (names plausible, not confirmed).
SETTINGS_ACTIVITY = f"{PACKAGE}.ui.appsettings.SettingsActivity"
BLOCKED_ACTIVITY = f"{PACKAGE}.ui.blocked.BlockedParticipantsActivity"
#: The schedule-send choices of the long-pressed send button, as (label, days ahead, hour).
SCHEDULE_CHOICES = (("Later today, 6:00 PM", 0, 18), ("Later tonight, 9:00 PM", 0, 21), ("Tomorrow, 8:00 AM", 1, 8))

__all__ = ["BLOCKED_ACTIVITY", "BUGLE_DB", "BUGLE_SCHEMA", "CONVERSATION_ACTIVITY", "CREATE_CONVERSATION_LINE",
           "MAIN_ACTIVITY", "NOTIFICATIONS_KEY", "PACKAGE", "PREFS", "SCHEDULE_CHOICES", "SEARCH_ACTIVITY",
           "SEARCH_FIELD", "SEND_BUTTON_CONTAINER", "SETTINGS_ACTIVITY", "USAGE_TAG"]
