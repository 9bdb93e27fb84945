"""Android's users and groups by id: what ``ls -l``, ``id``, ``ps`` and ``/proc/PID/status`` name them.

bionic's ``android_ids`` (``system/core/libcutils/include/private/android_filesystem_config.h``); apps are
``u0_aNN`` (uid 10000 + NN), their caches ``u0_aNN_cache``.
"""

from __future__ import annotations

import re

USER_NAMES = {0: "root", 1000: "system", 1001: "radio", 1002: "bluetooth", 1003: "graphics", 1004: "input",
              1005: "audio", 1006: "camera", 1007: "log", 1010: "wifi", 1011: "adb", 1013: "media",
              1015: "sdcard_rw", 1023: "media_rw", 1028: "sdcard_r", 1036: "logd", 1065: "reserved_disk",
              1077: "external_storage", 1078: "ext_data_rw", 1079: "ext_obb_rw", 2000: "shell", 2001: "cache",
              3001: "net_bt_admin", 3002: "net_bt", 3003: "inet", 3006: "net_bw_stats", 3009: "readproc",
              3011: "uhid", 3012: "readtracefs", 9997: "everybody", 9998: "misc", 9999: "nobody"}


def user_name(uid: int) -> str:
    """An Android user (or group) name for an id, else the number."""
    if uid in USER_NAMES:
        return USER_NAMES[uid]
    if 10000 <= uid < 20000:
        return f"u0_a{uid - 10000}"
    if 20000 <= uid < 30000:
        return f"u0_a{uid - 20000}_cache"
    return str(uid)


def user_id(name: str) -> int | None:
    """The id of a user (or group) name or number; None for a name Android does not have."""
    if name.isdigit():
        return int(name)
    for uid, known in USER_NAMES.items():
        if known == name:
            return uid
    m = re.fullmatch(r"u0_a(\d+)", name)
    return 10000 + int(m.group(1)) if m else None
