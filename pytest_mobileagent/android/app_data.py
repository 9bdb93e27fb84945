"""Apps' private data directories: ``/data/data/<package>`` (``/data/user/0``), ``/data/user_de/<user>/<package>``.

Files there belong to the app's uid with the ``app_data_file`` SELinux label; reading or writing them over adb
needs root (``adb root``), and a file pushed as root must be given back (``chown`` to the app, ``restorecon``)
or the app cannot open it. A running app keeps its open database and its loaded shared preferences, so a seed
is seen only after the app restarts: AndroidWorld stops the app after each push (``adb_utils.close_app``).
"""

from __future__ import annotations

import re

_PRIVATE = re.compile(r"^/data/(?:data|user/\d+|user_de/\d+)/([A-Za-z][\w]*(?:\.[\w]+)+)(?:/|$)")


def owning_package(path: str) -> str | None:
    """The package whose private data ``path`` is in, or None (shared storage, /data/local/tmp...)."""
    m = _PRIVATE.match(path)
    return m.group(1) if m else None


def needs_root(path: str) -> bool:
    """Whether the adb shell user needs root to read or write ``path`` (anything under /data but its tmp)."""
    return path.startswith("/data/") and not path.startswith("/data/local/tmp")


__all__ = ["needs_root", "owning_package"]
