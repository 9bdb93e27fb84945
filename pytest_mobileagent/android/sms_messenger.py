"""Simple SMS Messenger (``com.simplemobiletools.smsmessenger``): AndroidWorld's SMS app. It keeps no messages
of its own; they are the telephony provider's (:mod:`pytest_mobileagent.android.telephony`)."""

from __future__ import annotations

PACKAGE = "com.simplemobiletools.smsmessenger"
ACTIVITIES = f"{PACKAGE}.activities"
MAIN_ACTIVITY = f"{ACTIVITIES}.MainActivity"

__all__ = ["ACTIVITIES", "MAIN_ACTIVITY", "PACKAGE"]
