"""Parameter draws kept between runs, so that collecting a thousand items does not draw a thousand times.

A draw costs 0.2 to 13 ms (hypothesis builds the value choice by choice), and every xdist worker collects
every item. The cache keeps each task's draws in a folder (pytest's cache, ``.pytest_cache/d/mobileagent``),
under a key made of everything a draw is a function of: the suite seed, the task, hypothesis's version and
the source of the code that can define the strategy (the collected file, the Python files beside it and
this package). Change any of them and the task is drawn afresh. A strategy that reads a data file
elsewhere is the one thing the key cannot see: ``pytest --cache-clear`` (or ``-p no:cacheprovider``) draws
everything again.

Only draws that survive the JSON round trip unchanged are kept (dicts with string keys, lists, tuples,
strings, numbers, booleans, None); any other value is drawn every time.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import hypothesis

#: Bump when the file format or the key changes.
FORMAT = 1
_PACKAGE = Path(__file__).resolve().parents[1]


def _hash_files(digest: Any, files: list[Path]) -> None:
    for path in sorted(files):
        digest.update(path.name.encode())
        with contextlib.suppress(OSError):
            digest.update(path.read_bytes())


def _package_digest() -> str:
    digest = hashlib.sha256(f"{FORMAT}/{hypothesis.__version__}".encode())
    _hash_files(digest, list(_PACKAGE.rglob("*.py")))
    return digest.hexdigest()


def _code_digest(package: str, collected: Path, defined_in: Path | None) -> str:
    """The digest of the code a task's strategy can come from."""
    digest = hashlib.sha256(package.encode())
    files = {collected, *collected.parent.glob("*.py")}
    if defined_in is not None:
        files |= {defined_in, *defined_in.parent.glob("*.py")}
    _hash_files(digest, [f for f in files if f.is_file()])
    return digest.hexdigest()


def encode(value: Any) -> Any:
    """``value`` as JSON, tuples tagged so they come back as tuples."""
    if isinstance(value, tuple):
        return {"__tuple__": [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {k: encode(v) for k, v in value.items()}
    return value


def decode(value: Any) -> Any:
    if isinstance(value, list):
        return [decode(v) for v in value]
    if isinstance(value, dict):
        if value.keys() == {"__tuple__"}:
            return tuple(decode(v) for v in value["__tuple__"])
        return {k: decode(v) for k, v in value.items()}
    return value


def _same(a: Any, b: Any) -> bool:
    """Equal and of the same types all the way down (``1 == 1.0 == True`` is not enough)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(v, b[k]) for k, v in a.items())
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


class DrawCache:
    """Draws of task instances kept in ``folder`` between runs (see the module docstring)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._package: str | None = None
        #: Code digests by (collected file, defining file): the code cannot change during a run.
        self._code: dict[tuple[Path, Path | None], str] = {}

    def _code_key(self, collected: Path, defined_in: Path | None) -> str:
        if self._package is None:
            self._package = _package_digest()
        key = (collected, defined_in)
        if key not in self._code:
            self._code[key] = _code_digest(self._package, collected, defined_in)
        return self._code[key]

    def _file(self, task: str, code: str, suite_seed: int | str) -> Path:
        seed = hashlib.sha256(f"{code}/{suite_seed}".encode()).hexdigest()[:16]
        return self.folder / f"{task}.{code[:16]}.{seed}.json"

    def load(self, task_cls: type, collected: Path, suite_seed: int | str) -> Draws:
        """The cached draws of one task (empty when the code or the seed changed)."""
        defined_in = getattr(sys.modules.get(task_cls.__module__), "__file__", None)
        code = self._code_key(Path(collected).resolve(), Path(defined_in).resolve() if defined_in else None)
        path = self._file(task_cls.name, code, suite_seed)
        try:
            stored = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            stored = {}
        return Draws(self, path, stored if isinstance(stored, dict) else {})

    def _store(self, path: Path, draws: dict[str, Any]) -> None:
        """Write atomically (xdist workers write the same files), and drop the task's files of older code."""
        task, code = path.name.split(".")[:2]
        with contextlib.suppress(OSError):
            self.folder.mkdir(parents=True, exist_ok=True)
            for old in self.folder.glob(f"{task}.*.json"):
                if old.name.split(".")[1] != code:
                    old.unlink(missing_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=f".{task}.", suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(draws, out, separators=(",", ":"))
            os.replace(tmp, path)


class Draws:
    """One task's cached draws, by instance index; :meth:`save` writes what was added."""

    def __init__(self, cache: DrawCache, path: Path, stored: dict[str, Any]) -> None:
        self._cache, self._path, self._stored = cache, path, stored
        self._added = False

    def get(self, index: int) -> dict[str, Any] | None:
        found = self._stored.get(str(index))
        return decode(found) if found is not None else None

    def add(self, index: int, params: Any) -> None:
        encoded = encode(params)
        try:
            carried = decode(json.loads(json.dumps(encoded)))
        except (TypeError, ValueError):  # not JSON: a date, a set, a custom type
            return
        if _same(carried, params):
            self._stored[str(index)] = encoded
            self._added = True

    def save(self) -> None:
        if self._added:
            self._cache._store(self._path, self._stored)
            self._added = False
