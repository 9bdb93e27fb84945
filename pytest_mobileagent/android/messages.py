"""Google Messages (``com.google.android.apps.messaging``, "Bugle"): the conversation list, search and new chats.

Activities, as ``am start -n`` and ``dumpsys activity`` show them in public scripts and traces:
``.ui.ConversationListActivity`` (the launcher entry), ``.ui.search.ZeroStateSearchActivity`` (search) and
``.ui.conversation.ConversationActivity`` (a thread, and the "Start chat" recipient picker, as in AOSP
Messaging, Bugle's ancestor). Resource ids seen in public UI-automation scripts: ``start_chat_fab`` (text
"Start chat"), ``messages_title`` ("Messages"), ``recipient_text_view`` (the "To" field). The others follow
AOSP Messaging's layouts (``conversation_name``, ``conversation_snippet``, ``conversation_timestamp``,
``contact_name``, ``contact_details``, ``compose_message_text``) and are plausible, not confirmed.

Messages keeps its own ``bugle_db``; the simulated app reads and writes the telephony provider instead (the
real app syncs the two), so seeded SMS threads are what it lists.
"""

from __future__ import annotations

PACKAGE = "com.google.android.apps.messaging"
MAIN_ACTIVITY = f"{PACKAGE}.ui.ConversationListActivity"
SEARCH_ACTIVITY = f"{PACKAGE}.ui.search.ZeroStateSearchActivity"
CONVERSATION_ACTIVITY = f"{PACKAGE}.ui.conversation.ConversationActivity"
#: The usage-statistics tag Messages logs under (``BugleUsageStatistics: PlayLogger.onLoggerConnected`` in public
#: logcat dumps).
USAGE_TAG = "BugleUsageStatistics"
#: What the simulated app prints when a conversation is created from "Start chat". Reconstructed from B-MoCA's
#: success regexes (``BUGLE CREATE(.*?)DEFAULT`` in v1, ``BUGLE CREATE(.*?)VIA_DEFAULT`` in its task files);
#: the real line's full wording was not found in public sources.
CREATE_CONVERSATION_LINE = "BUGLE CREATE CONVERSATION, method: VIA_DEFAULT"

__all__ = ["CONVERSATION_ACTIVITY", "CREATE_CONVERSATION_LINE", "MAIN_ACTIVITY", "PACKAGE", "SEARCH_ACTIVITY",
           "USAGE_TAG"]
