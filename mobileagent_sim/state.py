"""A simulated phone's state as bytes: what ``ma-rescore`` restores to re-judge a recorded episode.

A state is the phone's :class:`~mobileagent_sim.system.System` (activity stack, settings, clock, logcat,
apps' memory; pickled as :meth:`SimDevice.snapshot_save` deep-copies it) and its files. The files are stored as
the changes since the snapshot the tree is journaled against (the session's clean snapshot: a few databases per
episode), beside that snapshot's whole tree (its *base*, stored once per run and named by its digest).

States are pickles: loading one builds objects of this package's classes (and of a few standard ones, nothing
else: :class:`_Unpickler`), so only load states of runs you trust, as with any pickle.
"""

from __future__ import annotations

import copy
import hashlib
import io
import os
import pickle
import shutil
import stat
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import metadata
from typing import Any

try:
    __version__ = metadata.version("pytest-mobileagent")
except metadata.PackageNotFoundError:  # pragma: no cover - a checkout that was never installed
    __version__ = "unknown"

#: The layout of state and base files; a file of another format is refused with a message naming both.
FORMAT = 1
MAGIC = b"MASTATE"
#: One entry of a tree: (root-relative path, kind, content, access ns, modification ns). Kind ``f`` (a file,
#: content its bytes), ``d`` (a folder), ``l`` (a symbolic link, content its target), ``-`` (absent: removed).
Entry = tuple[str, str, bytes, int, int]

#: What a state's pickle may name besides this package's classes: containers, times and the pickle helpers.
_ALLOWED = {
    "builtins": {"set", "frozenset", "dict", "list", "tuple", "bytearray", "bytes", "str", "int", "float", "bool",
                 "complex", "object", "slice", "range", "NoneType"},
    "copyreg": {"_reconstructor"},
    "datetime": {"datetime", "date", "time", "timedelta", "timezone"},
    "collections": {"OrderedDict", "deque", "defaultdict", "Counter"},
    "zoneinfo": {"ZoneInfo"},
    "_collections": {"deque", "defaultdict"},
    "enum": {"Enum"},
}


class StateError(Exception):
    """A state or base file that cannot be read here; the message says which and why."""


# -- files ------------------------------------------------------------------------------------------------


def read_entries(root: str, paths: Iterable[str] | None = None) -> list[Entry]:
    """The tree under ``root``: every path, or only the root-relative ``paths`` (absent ones as removals)."""
    if paths is None:
        paths = []
        for folder, dirs, files in os.walk(root):
            rel = os.path.relpath(folder, root)
            if rel != ".":
                paths.append(rel)
            paths += [os.path.normpath(os.path.join(rel, name)) for name in dirs if
                      os.path.islink(os.path.join(folder, name))]
            paths += [os.path.normpath(os.path.join(rel, name)) for name in files]
    entries = []
    for rel in sorted(set(paths)):
        host = os.path.join(root, rel)
        try:
            st = os.lstat(host)
        except FileNotFoundError:
            entries.append((rel, "-", b"", 0, 0))
            continue
        if os.path.islink(host):
            entries.append((rel, "l", os.readlink(host).encode(), st.st_atime_ns, st.st_mtime_ns))
        elif os.path.isdir(host):
            entries.append((rel, "d", b"", st.st_atime_ns, st.st_mtime_ns))
        else:
            with open(host, "rb") as f:
                entries.append((rel, "f", f.read(), st.st_atime_ns, st.st_mtime_ns))
    return entries


def write_entries(root: str, entries: Iterable[Entry]) -> None:
    """Make the paths of ``entries`` under ``root`` what they say: removals first, folders before what they hold,
    the folders' times last (writing into a folder changes its time)."""
    entries = sorted(entries, key=lambda e: (e[0].count(os.sep), e[0]))
    folders_now: set[str] = set()
    for rel, kind, _, _, _ in entries:
        host = os.path.join(root, rel)
        try:
            mode = os.lstat(host).st_mode
        except FileNotFoundError:
            continue
        if stat.S_ISDIR(mode):
            if kind == "d":
                folders_now.add(host)
            else:
                shutil.rmtree(host)
        elif kind != "f" or stat.S_ISLNK(mode):  # a file is overwritten in place; anything else goes
            os.remove(host)
    folders = []
    for rel, kind, content, atime, mtime in entries:
        host = os.path.join(root, rel)
        if kind == "d":
            if host not in folders_now:
                os.makedirs(host, exist_ok=True)
            folders.append((host, atime, mtime))
        elif kind == "f":
            _write_file(host, content)
            os.utime(host, ns=(atime, mtime))
        elif kind == "l":
            os.symlink(content.decode(), host)
    for host, atime, mtime in reversed(folders):
        os.utime(host, ns=(atime, mtime))


def _write_file(host: str, content: bytes) -> None:
    try:
        with open(host, "wb") as f:
            f.write(content)
    except FileNotFoundError:  # its folder is not an entry: make it
        os.makedirs(os.path.dirname(host), exist_ok=True)
        with open(host, "wb") as f:
            f.write(content)


def digest(entries: Iterable[Entry]) -> str:
    """What tells one tree from another: a hash of its paths, kinds, contents and modification times."""
    h = hashlib.blake2b(digest_size=12)
    for rel, kind, content, _, mtime in entries:
        h.update(f"{rel}\0{kind}\0{mtime}\0{len(content)}\0".encode())
        h.update(content)
    return h.hexdigest()


# -- the system ---------------------------------------------------------------------------------------------


class _Pickler(pickle.Pickler):
    """Pickles a :class:`System` as :meth:`SimDevice.snapshot_save` deep-copies it: objects that define their own
    copy (open database connections, layout caches, pages' script engines) are pickled as their copy."""

    def reducer_override(self, obj: Any) -> Any:
        kind = type(obj)
        own = _OWN_COPY.get(kind)
        if own is None:
            own = _OWN_COPY[kind] = kind is not type and hasattr(kind, "__deepcopy__")
        return copy.deepcopy(obj).__reduce_ex__(5) if own else NotImplemented


#: Whether a type defines its own deep copy (asked of every object pickled).
_OWN_COPY: dict[type, bool] = {}


class _Unpickler(pickle.Unpickler):
    """Builds only this package's classes (and those of the ``packages`` named) and the few standard types of
    :data:`_ALLOWED`."""

    def __init__(self, file: io.BytesIO, packages: tuple[str, ...] = ()):
        super().__init__(file)
        self.packages = ("mobileagent_sim", "pytest_mobileagent", *packages)

    def find_class(self, module: str, name: str) -> Any:
        key = (module, name, self.packages)
        found = _FOUND.get(key)
        if found is None:
            if module.split(".")[0] in self.packages:
                found = super().find_class(module, name)
                if not isinstance(found, type):
                    found = None
            elif name in _ALLOWED.get(module, ()):
                found = super().find_class(module, name)
            if found is None:
                raise pickle.UnpicklingError(f"{module}.{name} is not a class a simulated phone's state holds")
            _FOUND[key] = found
        return found


#: The classes states named, by (module, name, packages allowed): a state names thousands of objects of a few
#: dozen classes.
_FOUND: dict[tuple[str, str, tuple[str, ...]], Any] = {}


def dumps_system(obj: Any) -> bytes:
    """``obj`` (a system, or values a task keeps) pickled as a snapshot deep-copies it."""
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=5).dump(obj)
    return buffer.getvalue()


def loads_system(data: bytes, packages: tuple[str, ...] = ()) -> Any:
    """What :func:`dumps_system` pickled; classes of the ``packages`` named (a suite's, for a task's values) may
    be built too."""
    return _Unpickler(io.BytesIO(data), packages).load()


def swap_strings(obj: Any, replacements: dict[str, str]) -> dict[str, str]:
    """Replace ``obj``'s attributes whose value is one of ``replacements``' keys by its value (a phone's host
    folders by place-holders before pickling, and back after loading); returns the attributes' old values."""
    old = {name: value for name, value in vars(obj).items() if type(value) is str and value in replacements}
    vars(obj).update({name: replacements[value] for name, value in old.items()})
    return old


# -- files of states -------------------------------------------------------------------------------------------


@dataclass
class State:
    """A phone's state: its system pickled, its files' changes since the base, the base's digest (None: the
    changes are the whole tree) and what the caller keeps with it (``meta``: plain JSON-able values)."""

    system: bytes
    files: list[Entry]
    base: str | None
    meta: dict[str, Any]
    physical: tuple[int, int, int] = (1080, 2400, 420)


def encode(kind: str, body: dict[str, Any]) -> bytes:
    """A state (``kind`` "state") or base ("base") file: a header naming the format, then the compressed body
    (plain values only: containers, strings, numbers, bytes)."""
    header = MAGIC + f" {kind} {FORMAT} {__version__}\n".encode()
    return header + zlib.compress(pickle.dumps(body, protocol=5), 1)


def decode(data: bytes, kind: str, name: str) -> dict[str, Any]:
    """The body of a file :func:`encode` wrote; :class:`StateError` naming ``name`` when it is not one, is of
    another format, or is damaged."""
    first, _, rest = data.partition(b"\n")
    parts = first.decode("ascii", "replace").split(" ")
    if not first.startswith(MAGIC) or len(parts) != 4 or parts[1] != kind:
        raise StateError(f"{name} is not a simulated phone's {kind} file (it starts {data[:24]!r})")
    if parts[2] != str(FORMAT):
        raise StateError(f"{name} was written by pytest-mobileagent {parts[3]} in state format {parts[2]}; this "
                         f"version ({__version__}) reads format {FORMAT}")
    try:
        body = _PlainUnpickler(io.BytesIO(zlib.decompress(rest))).load()
    except (zlib.error, pickle.UnpicklingError, EOFError, ValueError) as e:
        raise StateError(f"{name} is damaged (truncated or altered: {e})") from None
    if not isinstance(body, dict):
        raise StateError(f"{name} is damaged (its body is not a mapping)")
    return body


class _PlainUnpickler(pickle.Unpickler):
    """Reads the plain values of a file's body, refusing any class."""

    def find_class(self, module: str, name: str) -> Any:
        raise pickle.UnpicklingError(f"{module}.{name} in a file of plain values")


def state_body(state: State) -> dict[str, Any]:
    return {"system": state.system, "files": state.files, "base": state.base, "meta": state.meta,
            "physical": list(state.physical)}


def state_of(body: dict[str, Any], name: str) -> State:
    try:
        return State(body["system"], [tuple(e) for e in body["files"]], body["base"], body["meta"],
                     tuple(body.get("physical") or (1080, 2400, 420)))  # type: ignore[arg-type]
    except (KeyError, TypeError) as e:
        raise StateError(f"{name} is damaged (missing {e})") from None


__all__ = ["FORMAT", "State", "StateError", "decode", "digest", "dumps_system", "encode", "loads_system",
           "read_entries", "state_body", "state_of", "write_entries"]
