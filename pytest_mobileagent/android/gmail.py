"""Gmail (``com.google.android.gm``): package, activities, resource ids, the mail store and the settings file.

Activities: the launcher entry ``.ConversationListActivityGmail`` (AndroidWorld's ``adb_utils``
``_PATTERN_TO_ACTIVITY`` launches it) and ``.ComposeActivityGmail``; the settings activity's name
(:data:`SETTINGS_ACTIVITY`) is a plausible guess.

The screens follow Gmail as AndroidArena's phone showed it (Dec 2023: the Gmail observation in the prompt of its
recorded trajectories, and its evaluator's ``label_view`` drawer rows): a search bar ``open_search`` (an EditText
that opens search), the account disc ``selected_account_disc_gmail``, the list ``thread_list_view`` in
``conversation_list_parent_frame`` whose rows are ``viewified_conversation_item_view`` ViewGroups, ``compose_button``.
:data:`EVIDENCE` gives the source of each id, activity and label, or says it is unconfirmed (``ma-evidence -v
gmail``); AndroidWorld's repository holds no Gmail resource id.

**The mail store.** The real app keeps mail on Google's servers and caches it in an opaque database, so a
task judged on mail declares the ``sim_app_state`` capability. The simulator keeps it in one SQLite database,
:data:`MAIL_DB` (the file name of Gmail's older per-account ``mailstore.<account>.db``), table ``messages``
(:data:`SCHEMA`): one row per message, its labels a space-separated set of Gmail's canonical label names
(:data:`LABELS`: ``^i`` inbox, ``^f`` sent, ``^r`` draft, ``^t`` starred, ``^io_im`` important, ``^u`` unread,
``^k`` trash, ``^scheduled``); a message is archived when it has none of inbox, sent, draft, trash or scheduled
(it is then only in "All mail"). ``attachments`` is a newline-separated list of file names, ``scheduled_ms``
the send time of a scheduled message, ``in_reply_to`` / ``forwarded_from`` the ``_id`` a reply or forward
answers.

**Settings** (theme, conversation list density, the account's notifications) live in a SharedPreferences file,
:data:`PREFS_PATH`, under the keys of :data:`PREF_KEYS`; the real app's file and key names are not known, so
tasks judged on them declare ``sim_app_state`` too.
"""

from __future__ import annotations

import datetime as dt
from typing import NamedTuple

from pytest_mobileagent.android.evidence import UNCONFIRMED, Source, Unconfirmed, entries, framework, key
from pytest_mobileagent.android.theme import LauncherIcon, arena_drawer

PACKAGE = "com.google.android.gm"
MAIN_ACTIVITY = "com.google.android.gm.ConversationListActivityGmail"
COMPOSE_ACTIVITY = "com.google.android.gm.ComposeActivityGmail"
SETTINGS_ACTIVITY = "com.google.android.gm.preference.GmailPreferenceActivity"

#: The signed-in account.
ACCOUNT = "user@gmail.com"
MAIL_DB = f"/data/data/{PACKAGE}/databases/mailstore.{ACCOUNT}.db"
SCHEMA = """
CREATE TABLE messages (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    from_name TEXT NOT NULL,
    from_address TEXT NOT NULL,
    to_addresses TEXT NOT NULL DEFAULT '',
    subject TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL DEFAULT '',
    date_ms INTEGER NOT NULL,
    labels TEXT NOT NULL DEFAULT '',
    attachments TEXT NOT NULL DEFAULT '',
    scheduled_ms INTEGER,
    in_reply_to INTEGER,
    forwarded_from INTEGER
)
"""

INBOX_LABEL = "^i"
SENT = "^f"
DRAFT = "^r"
STARRED = "^t"
IMPORTANT = "^io_im"
UNREAD = "^u"
TRASH = "^k"
SCHEDULED = "^scheduled"
#: The drawer's labels, in its order: (title, canonical label; "" for All mail, which shows every message but
#: trash).
LABELS: tuple[tuple[str, str], ...] = (
    ("Primary", INBOX_LABEL), ("Starred", STARRED), ("Important", IMPORTANT), ("Sent", SENT),
    ("Scheduled", SCHEDULED), ("Drafts", DRAFT), ("All mail", ""), ("Trash", TRASH),
)
#: Labels that place a message somewhere other than "All mail" only (without them it is archived).
FOLDERS = frozenset({INBOX_LABEL, SENT, DRAFT, TRASH, SCHEDULED})

#: The resource ids of the drawer's rows and of their titles (the "label list page" AndroidArena's constrained
#: tasks forbid), and the content description of the toolbar button that opens the drawer. AndroidArena's
#: evaluator finds the page by a clickable ``label_view`` row whose words (merged from its title) are the label.
DRAWER_ITEM_ID = "label_view"
DRAWER_TITLE_ID = "name"
DRAWER_BUTTON = "Open navigation drawer"
#: The description of the account disc at the search bar's end (``selected_account_disc_gmail``).
ACCOUNT_DISC = "Account and settings."
#: The menu item Gmail's compose overflow menu schedules with, and the choice AndroidArena's task names.
SCHEDULE_SEND = "Schedule send"
TOMORROW_MORNING = "Tomorrow morning"
#: Gmail schedules "Tomorrow morning" at 8:00 AM.
MORNING_HOUR = 8

PREFS_PATH = f"/data/data/{PACKAGE}/shared_prefs/Gmail.xml"
#: Preference keys (plausible; see the module docstring) and their stored values.
PREF_KEYS = {"theme": "theme", "density": "conversation_list_density",
             "notifications": f"notifications_{ACCOUNT}"}
#: Setting -> (its dialog's choices as shown, stored values in the same order), and the default stored value.
CHOICES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "theme": (("Light", "Dark", "System default"), ("light", "dark", "system")),
    "density": (("Default", "Comfortable", "Compact"), ("default", "comfortable", "compact")),
    "notifications": (("All", "High priority only", "None"), ("all", "high_priority", "none")),
}
DEFAULTS = {"theme": "system", "density": "default", "notifications": "all"}
#: Setting -> the title of its preference row.
SETTING_TITLES = {"theme": "Theme", "density": "Conversation list density", "notifications": "Notifications"}

#: Google's sending address for account mail.
GOOGLE_ADDRESS = "no-reply@accounts.google.com"


class Mail(NamedTuple):
    """One seeded message: who from, what, when (the display date derives from ``when``)."""

    sender: str
    subject: str
    snippet: str
    date: str
    unread: bool = False
    address: str = ""
    when: dt.datetime = dt.datetime(2023, 10, 1, 9, 0, tzinfo=dt.timezone.utc)
    to: str = ACCOUNT
    labels: str = INBOX_LABEL


def _at(month: int, day: int, hour: int, minute: int) -> dt.datetime:
    return dt.datetime(2023, month, day, hour, minute, tzinfo=dt.timezone.utc)


#: The inbox a fresh simulated Gmail shows (newest first); Google's "Security alert" is the latest from Google.
INBOX: tuple[Mail, ...] = (
    Mail("Google", "Security alert", "A new sign-in on Android. We noticed a new sign-in to your Google Account.",
         "10:02 AM", True, GOOGLE_ADDRESS, _at(10, 15, 10, 2)),
    Mail("Emma Lee", "Lunch on Friday?", "Hi! Are you free for lunch this Friday at noon? The new place on Main St.",
         "9:15 AM", True, "emma.lee@example.com", _at(10, 15, 9, 15)),
    Mail("GitHub", "[pytest-dev/pytest] Release 8.3.0", "A new release is available with bug fixes and features.",
         "Oct 14", False, "noreply@github.com", _at(10, 14, 16, 40)),
    Mail("Olivia Chen", "Trip photos", "Here are the photos from our hiking trip last weekend. Enjoy!", "Oct 13",
         False, "olivia.chen@example.com", _at(10, 13, 19, 5)),
    Mail("Calendar", "Invitation: Team sync @ Mon Oct 16", "You have been invited to the following event.",
         "Oct 12", False, "calendar-notification@google.com", _at(10, 12, 11, 0)),
    Mail("Noah Patel", "Re: Project plan", "Thanks, the plan looks good to me. Let's start next week.", "Oct 11",
         False, "noah.patel@example.com", _at(10, 11, 14, 20)),
    Mail("Google", "Your Google Account storage", "You are using 12.4 GB of your 15 GB of storage.", "Oct 10",
         False, GOOGLE_ADDRESS, _at(10, 10, 8, 30)),
    Mail("Emma Lee", "meeting details", "The project meeting is on Tuesday at 3 PM in Room 204.", "Oct 9", False,
         "emma.lee@example.com", _at(10, 9, 12, 0)),
    Mail("Liam Brown", "OpenAI website", "Have a look at https://openai.com when you have a minute.", "Oct 8", False,
         "liam.brown@example.com", _at(10, 8, 17, 45)),
    Mail("OpenTable", "restaurant reservation", "Your table for 2 at Luigi's is booked for Oct 20 at 7:30 PM.",
         "Oct 7", False, "reservations@opentable.com", _at(10, 7, 10, 10)),
    Mail("United Airlines", "flight confirmation", "Confirmation UA 1234: SFO to JFK on Oct 25, departing 8:05 AM.",
         "Oct 6", False, "receipts@united.com", _at(10, 6, 6, 30)),
    Mail("Google", "Welcome to Gmail", "Tips to get the most out of Gmail on your phone.", "Oct 1", False,
         GOOGLE_ADDRESS, _at(10, 1, 9, 0)),
)
#: Mails the account sent and drafts it keeps (newest first), seeded with the inbox.
SENT_MAILS: tuple[Mail, ...] = (
    Mail("Me", "Weekend plans", "Are we still on for the hike on Saturday?", "Oct 14", False, ACCOUNT,
         _at(10, 14, 20, 15), "olivia.chen@example.com", SENT),
    Mail("Me", "Re: Project plan", "Great, I will set up the repository today.", "Oct 11", False, ACCOUNT,
         _at(10, 11, 15, 0), "noah.patel@example.com", SENT),
    Mail("Me", "Quarterly report", "Please find the quarterly numbers below.", "Oct 5", False, ACCOUNT,
         _at(10, 5, 9, 30), "bob@example.com", SENT),
)
DRAFTS: tuple[Mail, ...] = (
    Mail("Me", "Budget review", "Hi Bob, can we go over the budget next week?", "Oct 13", False, ACCOUNT,
         _at(10, 13, 21, 0), "bob@example.com", DRAFT),
    Mail("Me", "Book club", "The next book is", "Oct 12", False, ACCOUNT, _at(10, 12, 18, 0),
         "emma.lee@example.com", DRAFT),
    Mail("Me", "Conference travel", "Bob, the hotel options are", "Oct 4", False, ACCOUNT, _at(10, 4, 11, 30),
         "bob@example.com", DRAFT),
)

#: The columns of ``messages``, in :class:`Message`'s order.
COLUMNS = ("_id", "from_name", "from_address", "to_addresses", "subject", "body", "date_ms", "labels",
           "attachments", "scheduled_ms", "in_reply_to", "forwarded_from")


class Message(NamedTuple):
    """One row of the store's ``messages`` table (:data:`COLUMNS`)."""

    id: int
    from_name: str
    from_address: str
    to: str
    subject: str
    body: str
    date_ms: int
    labels: frozenset[str]
    attachments: tuple[str, ...]
    scheduled_ms: int | None = None
    in_reply_to: int | None = None
    forwarded_from: int | None = None

    @classmethod
    def from_row(cls, row: tuple) -> Message:
        values = list(row)
        values[7] = frozenset(str(values[7]).split())
        values[8] = tuple(a for a in str(values[8]).split("\n") if a)
        return cls(*values)

    @property
    def archived(self) -> bool:
        """Only in "All mail": none of inbox, sent, draft, trash or scheduled."""
        return not (self.labels & FOLDERS)


def seed_rows(mails: tuple[Mail, ...]) -> list[dict[str, object]]:
    """The ``messages`` rows of seeded mails (without ``_id``: the store numbers them in order)."""
    return [{"from_name": m.sender, "from_address": m.address, "to_addresses": m.to, "subject": m.subject,
             "body": m.snippet, "date_ms": int(m.when.timestamp() * 1000),
             "labels": " ".join([m.labels] + ([UNREAD] if m.unread else []))} for m in mails]


#: The version of the real app followed: AndroidArena's phone (Dec 2023; it recorded no version number).
APP_VERSION = "2023.11 (AndroidArena's phone, Dec 2023; version not recorded)"
_ARENA = "AndroidArenaAgent/AndroidArena"
#: The Gmail observation AndroidArena's prompt shows (a real Gmail screen in its compressed form); every trajectory.
_PROMPT = Source(_ARENA, "trajectory/GPT4-Search_for_large_language_model_in_Firefox.html",
                 note="the prompt's Gmail example observation")
_WA = Source("ARM-software/workload-automation",
             "wa/workloads/gmail/uiauto/app/src/main/java/com/arm/wa/uiauto/gmail/UiAutomation.java")
_ROBOT = Source("SourabhKokitkar/Appium-App-Automation-Robot_Framework", "pom/Gmail_sanity_variables.robot")
EVIDENCE = {
    key("activity", MAIN_ACTIVITY): Source("google-research/android_world", "android_world/env/adb_utils.py",
                                           note="_PATTERN_TO_ACTIVITY"),
    key("activity", COMPOSE_ACTIVITY): Unconfirmed("the compose activity's name as older Gmail builds export it"),
    key("activity", SETTINGS_ACTIVITY): UNCONFIRMED,
    **entries("id", ("open_search", "selected_account_disc_gmail", "conversation_list_parent_frame",
                     "thread_list_view", "viewified_conversation_item_view", "contact_image", "star",
                     "compose_button"), _PROMPT),
    key("id", DRAWER_ITEM_ID): Source(_ARENA, "run_evaluator.py", note="check_page('gmail_label')'s label rows"),
    key("id", "send"): Source(_ARENA, "run_evaluator.py", note="check_element('send'): the compose Send's xpath"),
    **entries("id", ("to", "add_attachment"), _WA),
    **entries("id", ("senders", "subject_and_folder_view", "conversation_header_star"), _ROBOT),
    key("id", DRAWER_TITLE_ID): Unconfirmed("public Appium scripts select the drawer's labels by this id"),
    **entries("id", ("archive", "attachment_name", "attachment_tile", "body", "body_wrapper", "date", "delete",
                     "drawer_layout", "drawer_list", "folder_name", "forward_button", "from_account_name",
                     "mark_unread", "message_body", "preference", "quoted_text", "recipient_summary", "reply_button",
                     "schedule_option", "search_actionbar", "search_actionbar_query_text", "sender_name", "snippet",
                     "subject", "toolbar", "upper_date", "empty_view"), UNCONFIRMED),
    **framework("alertTitle", "button1", "button2", "buttonPanel", "content", "list", "parentPanel", "summary",
                "text1", "title"),
    **entries("desc", (DRAWER_BUTTON,), _ROBOT),
    **entries("desc", (ACCOUNT_DISC,), _PROMPT),
    **entries("desc", ("Compose", "Send"), _WA),
    **entries("text", ("Search in mail", "Compose", "Primary"), _PROMPT),
    **entries("text", ("Sent", "Drafts", "Scheduled", "Starred"),
              Source(_ARENA, "run_evaluator.py", note="the drawer labels check_page looks for")),
    # icons: Gmail's drawables are not public; its Material 3 screens draw Material Symbols, outlined
    key("icon", "contact_image"): Unconfirmed("a sender without a photo: the name's initial on a colour (one's own "
                                              "for drafts and sent mail)"),
    key("icon", "selected_account_disc_gmail"): Unconfirmed("the account's picture: its letter avatar"),
    key("icon", "star"): Unconfirmed("a row's star: outlined, filled once starred"),
    **entries("icon", ("Add star", "Remove star"), Unconfirmed("the open conversation's star: outlined / filled")),
    key("icon", "Compose"): Unconfirmed("the extended FAB's pencil (edit, outlined) before 'Compose'"),
    key("icon", "Archive"): Unconfirmed("archive, outlined"),
    key("icon", "Delete"): Unconfirmed("delete, outlined"),
    key("icon", "Mark unread"): Unconfirmed("mark_email_unread, outlined"),
    key("icon", "Attach file"): Unconfirmed("the paper clip (attachment)"),
    key("icon", "Send"): Unconfirmed("send, outlined"),
    key("icon", "Remove attachment"): Unconfirmed("close"),
    key("icon", DRAWER_ITEM_ID): Unconfirmed("the labels' icons: inbox, star, label_important, send, schedule_send, "
                                             "draft, mail, delete, settings; the selected label's filled"),
    key("icon", "Open navigation drawer"): Unconfirmed("the hamburger (menu)"),
    key("icon", "Navigate up"): Unconfirmed("arrow_back"),
    key("icon", "More options"): Unconfirmed("more_vert"),
}


__all__ = [
    "ACCOUNT",
    "ACCOUNT_DISC",
    "APP_VERSION",
    "CHOICES",
    "COLUMNS",
    "COMPOSE_ACTIVITY",
    "DEFAULTS",
    "DRAFT",
    "DRAFTS",
    "DRAWER_BUTTON",
    "DRAWER_ITEM_ID",
    "DRAWER_TITLE_ID",
    "EVIDENCE",
    "FOLDERS",
    "GOOGLE_ADDRESS",
    "IMPORTANT",
    "INBOX",
    "INBOX_LABEL",
    "LABELS",
    "MAIL_DB",
    "MAIN_ACTIVITY",
    "MORNING_HOUR",
    "PACKAGE",
    "PREFS_PATH",
    "PREF_KEYS",
    "SCHEDULED",
    "SCHEDULE_SEND",
    "SCHEMA",
    "SENT",
    "SENT_MAILS",
    "SETTINGS_ACTIVITY",
    "SETTING_TITLES",
    "STARRED",
    "TOMORROW_MORNING",
    "TRASH",
    "UNREAD",
    "Mail",
    "Message",
    "seed_rows",
]

#: The launcher icon on AndroidArena's phone: the red, blue, green and yellow M on white.
LAUNCHER_ICON = LauncherIcon("#FFFFFF", "mail", foreground="#EA4335",
                             source=arena_drawer("the red, blue, green and yellow M on white"))
