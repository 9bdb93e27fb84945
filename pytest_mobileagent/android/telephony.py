"""The telephony provider (``com.android.providers.telephony``): where SMS live and the values a row holds.

Messages are rows of ``sms`` in ``mmssms.db``, read and written through ``content://sms``; ``type`` is one of
``Telephony.Sms``'s ``TextBasedSmsColumns.MESSAGE_TYPE_*``.
"""

from __future__ import annotations

PACKAGE = "com.android.providers.telephony"
MMSSMS_DB = f"/data/data/{PACKAGE}/databases/mmssms.db"
SMS_URI = "content://sms"
#: ``Telephony.Sms`` message types (``TextBasedSmsColumns.MESSAGE_TYPE_*``).
ALL, INBOX, SENT, DRAFT, OUTBOX, FAILED, QUEUED = 0, 1, 2, 3, 4, 5, 6
BOXES = {"inbox": INBOX, "sent": SENT, "draft": DRAFT, "outbox": OUTBOX, "failed": FAILED, "queued": QUEUED}
#: Secure setting naming the default SMS app (``Telephony.Sms.getDefaultSmsPackage``).
DEFAULT_SMS_APP_KEY = "sms_default_application"

__all__ = ["ALL", "BOXES", "DEFAULT_SMS_APP_KEY", "DRAFT", "FAILED", "INBOX", "MMSSMS_DB", "OUTBOX", "PACKAGE",
           "QUEUED", "SENT", "SMS_URI"]
