"""A simulated phone's state as bytes: what ``ma-rescore`` restores to re-judge a recorded episode.

A state is the phone's :class:`~mobileagent_sim.system.System` (activity stack, settings, clock, logcat,
apps' memory, as :meth:`SimDevice.snapshot_save` deep-copies it) and its files. The files are stored as the
changes since the snapshot the tree is journaled against (the session's clean snapshot: a few databases per
episode), beside that snapshot's whole tree (its *base*, stored once per run and named by its digest).

States are data, not pickles. A file (format 2) is a header line ``MASTATE <kind> 2 <version>`` (kind ``state``
or ``base``) and a zlib-compressed MessagePack map:

``state``: ``system`` (bytes: the system as a :mod:`~mobileagent_sim.graph` document), ``files`` (the entries
changed since the base: ``[path, kind, content, atime ns, mtime ns]``, path relative to the phone's root, kind
``f`` a file, ``d`` a folder, ``-`` removed), ``base`` (the base's digest, 24 hexadecimal digits, or None: the
entries are the whole tree), ``meta`` (bytes: a graph of plain values the caller keeps, no class instances) and
``physical`` (``[width, height, density]``). ``base``: ``files`` (the whole tree's entries).

Reading one runs nothing it names: the system's graph builds only classes of :data:`STATE_MODULES` (and of the
packages a caller names, among modules already imported), every path must stay inside the phone's root
(:func:`tree_path`: relative, normalised, no ``..``, no NUL; links are not simulated, so none is written), and
the sizes are bounded (:data:`LIMITS`). A file of another format, a damaged one or one past a bound is a
:class:`StateError` naming it.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import re
import shutil
import stat
import sys
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import metadata
from typing import Annotated, Any

import msgspec

import mobileagent_sim.graph as graph

try:
    __version__ = metadata.version("pytest-mobileagent")
except metadata.PackageNotFoundError:  # pragma: no cover - a checkout that was never installed
    __version__ = "unknown"

#: The layout of state and base files; a file of another format is refused with a message naming both.
FORMAT = 2
MAGIC = b"MASTATE"
#: One entry of a tree: (root-relative path, kind, content, access ns, modification ns). Kind ``f`` (a file,
#: content its bytes), ``d`` (a folder), ``-`` (absent: removed).
Entry = tuple[str, str, bytes, int, int]
#: The bounds a file read must keep (bytes once decompressed, entries, graph sizes): a phone's states are a few
#: kilobytes (the largest of every suite's oracle run: 200 KB), its base under a megabyte.
LIMITS = {"state": 64 << 20, "base": 512 << 20, "entries": 200_000, "system": 8 << 20, "meta": 4 << 20}
#: The modules whose classes a phone's state holds (a prefix names its submodules too): the apps, their models,
#: the system's stores. Nothing that serves, runs commands or opens devices.
STATE_MODULES = (
    "mobileagent_sim.app", "mobileagent_sim.apps", "mobileagent_sim.account", "mobileagent_sim.layout",
    "mobileagent_sim.package_manager", "mobileagent_sim.providers", "mobileagent_sim.services",
    "mobileagent_sim.stores", "mobileagent_sim.system", "mobileagent_sim.telephony", "mobileagent_sim.users",
    "mobileagent_sim.views", "mobileagent_sim.web", "pytest_mobileagent.android", "pytest_mobileagent.validators",
)
_MODULE = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*\Z")
_DIGEST = re.compile(r"[0-9a-f]{24}\Z")


class StateError(Exception):
    """A state or base file that cannot be read here; the message says which and why."""


# -- files ------------------------------------------------------------------------------------------------


def tree_path(rel: object) -> bool:
    """Whether ``rel`` is a path a phone's tree may hold: relative to its root, normalised (no ``.``, ``..`` or
    empty component), no NUL, each name at most 255 bytes."""
    if type(rel) is not str or not rel or len(rel) > 4096 or "\0" in rel or rel.startswith("/"):
        return False
    names = rel.split(os.sep)
    return all(n not in ("", ".", "..") and len(n.encode("utf-8", "surrogateescape")) <= 255 for n in names)


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
        if stat.S_ISLNK(st.st_mode):
            raise StateError(f"{host} is a symbolic link, which a simulated phone does not make")
        if stat.S_ISDIR(st.st_mode):
            entries.append((rel, "d", b"", st.st_atime_ns, st.st_mtime_ns))
        else:
            with open(host, "rb") as f:
                entries.append((rel, "f", f.read(), st.st_atime_ns, st.st_mtime_ns))
    return entries


def write_entries(root: str, entries: Iterable[Entry]) -> None:
    """Make the paths of ``entries`` under ``root`` what they say: removals first, folders before what they hold,
    the folders' times last (writing into a folder changes its time). A path outside the root (:func:`tree_path`)
    or an unknown kind is a :class:`StateError`, before anything is written; links are never followed."""
    entries = sorted(_checked(list(entries), f"the entries for {root}"), key=lambda e: (e[0].count(os.sep), e[0]))
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
            os.utime(host, ns=(atime, mtime), follow_symlinks=False)
    for host, atime, mtime in reversed(folders):
        os.utime(host, ns=(atime, mtime), follow_symlinks=False)


def _write_file(host: str, content: bytes) -> None:
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(host, flags, 0o666)
    except FileNotFoundError:  # its folder is not an entry: make it
        os.makedirs(os.path.dirname(host), exist_ok=True)
        fd = os.open(host, flags, 0o666)
    with open(fd, "wb") as f:
        f.write(content)


def digest(entries: Iterable[Entry]) -> str:
    """What tells one tree from another: a hash of its paths, kinds, contents and modification times."""
    h = hashlib.blake2b(digest_size=12)
    for rel, kind, content, _, mtime in entries:
        h.update(f"{rel}\0{kind}\0{mtime}\0{len(content)}\0".encode())
        h.update(content)
    return h.hexdigest()


# -- the system ---------------------------------------------------------------------------------------------


def _state_module(module: str) -> bool:
    return any(module == m or module.startswith(m + ".") for m in STATE_MODULES)


def _writable(cls: type) -> bool:
    """Whether a state may hold instances of ``cls``: a class of the phone's state, or a suite's (a task's
    values), never one of the standard library's or a third party's."""
    top = cls.__module__.split(".")[0]
    if top in ("mobileagent_sim", "pytest_mobileagent"):
        return _state_module(cls.__module__)
    return top not in sys.stdlib_module_names and top != "builtins" and not top.startswith("_")


def _admit(packages: tuple[str, ...]) -> Any:
    def admit(module: str, name: str) -> type:
        found = None
        if type(module) is str and _MODULE.match(module) and name.isidentifier():
            if _state_module(module):
                found = vars(importlib.import_module(module)).get(name)
            elif module.split(".")[0] in packages and module in sys.modules:  # a suite's, imported by its caller
                found = vars(sys.modules[module]).get(name)
        if not isinstance(found, type) or found.__module__ != module or found.__qualname__ != name:
            raise graph.GraphError(f"{module}.{name} is not a class a simulated phone's state holds")
        return found
    return admit


def dumps_system(obj: Any) -> bytes:
    """``obj`` (a system, or values a task keeps) as a graph document, as a snapshot deep-copies it."""
    return graph.dumps(obj, _writable)


def loads_system(data: bytes, packages: tuple[str, ...] = ()) -> Any:
    """What :func:`dumps_system` wrote; classes of the ``packages`` named (a suite's, for a task's values) may be
    built too, where their modules are imported. :class:`StateError` for anything else."""
    if len(data) > LIMITS["system"]:
        raise StateError(f"a system of {len(data)} bytes (the bound is {LIMITS['system']})")
    try:
        return graph.loads(data, _admit(packages))
    except graph.GraphError as e:
        raise StateError(f"its system cannot be restored: {e}") from None


def swap_strings(obj: Any, replacements: dict[str, str]) -> dict[str, str]:
    """Replace ``obj``'s attributes whose value is one of ``replacements``' keys by its value (a phone's host
    folders by place-holders before saving, and back after loading); returns the attributes' old values."""
    old = {name: value for name, value in vars(obj).items() if type(value) is str and value in replacements}
    vars(obj).update({name: replacements[value] for name, value in old.items()})
    return old


# -- files of states -------------------------------------------------------------------------------------------


@dataclass
class State:
    """A phone's state: its system (a graph document), its files' changes since the base, the base's digest
    (None: the changes are the whole tree) and what the caller keeps with it (``meta``: plain values)."""

    system: bytes
    files: list[Entry]
    base: str | None
    meta: dict[str, Any]
    physical: tuple[int, int, int] = (1080, 2400, 420)


_Entries = Annotated[list[tuple[str, str, bytes, int, int]], msgspec.Meta(max_length=LIMITS["entries"])]


class _StateBody(msgspec.Struct, forbid_unknown_fields=True):
    system: Annotated[bytes, msgspec.Meta(max_length=LIMITS["system"])]
    files: _Entries
    base: str | None
    meta: Annotated[bytes, msgspec.Meta(max_length=LIMITS["meta"])]
    physical: tuple[int, int, int]


class _BaseBody(msgspec.Struct, forbid_unknown_fields=True):
    files: _Entries


def _header(kind: str) -> bytes:
    return MAGIC + f" {kind} {FORMAT} {__version__}\n".encode()


def _no_class(module: str, name: str) -> type:
    raise graph.GraphError(f"{module}.{name} in a file of plain values")


def write_state(saved: State) -> bytes:
    """A state file's bytes."""
    body = _StateBody(saved.system, saved.files, saved.base, graph.dumps(saved.meta, lambda c: False),
                      tuple(saved.physical))
    return _header("state") + zlib.compress(msgspec.msgpack.encode(body), 1)


def write_base(entries: list[Entry]) -> bytes:
    """A base file's bytes: the whole tree of a snapshot."""
    return _header("base") + zlib.compress(msgspec.msgpack.encode(_BaseBody(entries)), 1)


def read_state(data: bytes, name: str) -> State:
    """The state a file :func:`write_state` wrote holds; :class:`StateError` naming ``name`` when it is not one,
    is of another format, is damaged or is past a bound."""
    body = _body(data, "state", name, _StateBody)
    if body.base is not None and not _DIGEST.match(body.base):
        raise StateError(f"{name} is damaged (its base {body.base[:40]!r} is not a digest)")
    try:
        meta = graph.loads(body.meta, _no_class)
    except graph.GraphError as e:
        raise StateError(f"{name} is damaged ({e})") from None
    if not isinstance(meta, dict):
        raise StateError(f"{name} is damaged (its meta is not a mapping)")
    return State(body.system, _checked(body.files, name), body.base, meta, body.physical)


def read_base(data: bytes, name: str) -> list[Entry]:
    """The entries of a base file :func:`write_base` wrote (as :func:`read_state` checks them)."""
    return _checked(_body(data, "base", name, _BaseBody).files, name)


def _checked(entries: list[Entry], name: str) -> list[Entry]:
    for rel, kind, *_ in entries:
        if not tree_path(rel) or kind not in ("f", "d", "-"):
            raise StateError(f"{name} is damaged (an entry {rel[:80]!r} of kind {kind[:8]!r} is not a path of a "
                             "phone's tree)")
    return entries


def _body(data: bytes, kind: str, name: str, schema: type[Any]) -> Any:
    first, _, rest = data.partition(b"\n")
    parts = first[:200].decode("ascii", "replace").split(" ")
    if not first.startswith(MAGIC) or len(parts) != 4 or parts[1] != kind:
        raise StateError(f"{name} is not a simulated phone's {kind} file (it starts {data[:24]!r})")
    if parts[2] != str(FORMAT):
        raise StateError(f"{name} was written by pytest-mobileagent {parts[3]} in state format {parts[2]}; this "
                         f"version ({__version__}) reads format {FORMAT}")
    limit = LIMITS[kind]
    try:
        inflate = zlib.decompressobj()
        raw = inflate.decompress(rest, limit)
        if inflate.unconsumed_tail:
            raise StateError(f"{name} holds more than {limit} bytes once decompressed (the bound of a {kind} file)")
        return msgspec.msgpack.decode(raw, type=schema)
    except (zlib.error, msgspec.DecodeError, msgspec.ValidationError, RecursionError) as e:
        raise StateError(f"{name} is damaged (truncated or altered: {e})") from None


__all__ = ["FORMAT", "LIMITS", "STATE_MODULES", "State", "StateError", "digest", "dumps_system", "loads_system",
           "read_base", "read_entries", "read_state", "tree_path", "write_base", "write_entries", "write_state"]
