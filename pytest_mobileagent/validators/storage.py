"""Checks on shared storage: what a folder tree holds, and what changed between two looks at it.

Read through the Device protocol only (``list_dir``, ``read_file``), so the same
checks run on the simulator and, over adb sync, on an emulator.
"""

from __future__ import annotations

import hashlib
import posixpath
from dataclasses import dataclass

from pytest_mobileagent.device.base import Device

#: Stands for a folder in a :func:`tree` (files map to their content digest).
FOLDER = "<folder>"


def tree(device: Device, root: str) -> dict[str, str]:
    """Every file and folder under ``root``: relative path -> content digest (or :data:`FOLDER`)."""
    found: dict[str, str] = {}

    def walk(rel: str) -> None:
        path = posixpath.join(root, rel) if rel else root
        try:
            names = device.list_dir(path)
        except NotADirectoryError:
            found[rel] = hashlib.sha256(device.read_file(path)).hexdigest()
            return
        except FileNotFoundError:
            return
        if rel:
            found[rel] = FOLDER
        for name in names:
            walk(posixpath.join(rel, name) if rel else name)

    walk("")
    return found


@dataclass(frozen=True)
class TreeChanges:
    """How a tree differs from an earlier look at it (relative paths)."""

    added: frozenset[str]
    removed: frozenset[str]
    modified: frozenset[str]

    def describe(self) -> str:
        parts = [f"{label}: {', '.join(sorted(paths))}" for label, paths in
                 (("added", self.added), ("removed", self.removed), ("modified", self.modified)) if paths]
        return "; ".join(parts) or "no changes"


def changes(before: dict[str, str], after: dict[str, str]) -> TreeChanges:
    """What was added, removed and modified between two :func:`tree` results."""
    return TreeChanges(
        added=frozenset(after.keys() - before.keys()),
        removed=frozenset(before.keys() - after.keys()),
        modified=frozenset(p for p in before.keys() & after.keys() if before[p] != after[p]),
    )


__all__ = ["FOLDER", "TreeChanges", "changes", "tree"]
