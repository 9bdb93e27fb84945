"""Gmail (``com.google.android.gm``): package, activities, resource ids and the simulator's seeded inbox.

Activities: the launcher entry ``.ConversationListActivityGmail`` (AndroidWorld's ``adb_utils``
``_PATTERN_TO_ACTIVITY`` launches it; a logged task record of a real phone shows it as ``origActivity``
of ``.ui.MailActivityGmail``, Genymobile/gnirehtet#3) and ``.ComposeActivityGmail`` (started by name in
public uiautomator scripts). Resource ids seen in public UI-automation code against the real app:
``to``, ``subject``, ``body_wrapper`` (compose), ``compose_button``, ``open_search``,
``og_apd_ring_view`` (the account avatar). The list-row ids (``senders``, ``subject``, ``snippet``,
``date``) are plausible, not confirmed.
"""

from __future__ import annotations

from typing import NamedTuple

PACKAGE = "com.google.android.gm"
MAIN_ACTIVITY = "com.google.android.gm.ConversationListActivityGmail"
COMPOSE_ACTIVITY = "com.google.android.gm.ComposeActivityGmail"


class Mail(NamedTuple):
    """One conversation of the inbox."""

    sender: str
    subject: str
    snippet: str
    date: str
    unread: bool = False


#: The inbox a fresh simulated Gmail shows (newest first).
INBOX: tuple[Mail, ...] = (
    Mail("Google", "Security alert", "A new sign-in on Android. We noticed a new sign-in to your Google Account.",
         "10:02 AM", True),
    Mail("Emma Lee", "Lunch on Friday?", "Hi! Are you free for lunch this Friday at noon? The new place on Main St.",
         "9:15 AM", True),
    Mail("GitHub", "[pytest-dev/pytest] Release 8.3.0", "A new release is available with bug fixes and features.",
         "Oct 14"),
    Mail("Olivia Chen", "Trip photos", "Here are the photos from our hiking trip last weekend. Enjoy!", "Oct 13"),
    Mail("Calendar", "Invitation: Team sync @ Mon Oct 16", "You have been invited to the following event.",
         "Oct 12"),
    Mail("Noah Patel", "Re: Project plan", "Thanks, the plan looks good to me. Let's start next week.", "Oct 11"),
)

__all__ = ["COMPOSE_ACTIVITY", "INBOX", "MAIN_ACTIVITY", "PACKAGE", "Mail"]
