"""``ma-datasets``: fetch the benchmarks' published files into the datasets folder, and say what is there.

    ma-datasets fetch [NAME...] [--dir DIR] [--from DIR|URL]
    ma-datasets list [--dir DIR]        # the folder in use, and each benchmark's files: verified, missing, modified
    ma-datasets path [--dir DIR]        # the folder only, for scripts

``fetch`` takes each file from GitHub at the commit pinned in :mod:`~pytest_mobileagent.datasets_manifest`
(or from a mirror laid out as ``<name>/<file>``), checks its sha256 before writing, and writes it atomically;
files already there with the right digest are left alone. Exit status 1 if any file could not be fetched.
"""

from __future__ import annotations

import argparse
import hashlib
import http.client
import os
import secrets
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlsplit

from pytest_mobileagent import datasets_manifest as manifest
from pytest_mobileagent.datasets import ENV, datasets_dir
from pytest_mobileagent.datasets_manifest import Entry, Source

PROG = "ma-datasets"
TIMEOUT = 30.0
#: The largest file is 117 kB; anything far bigger is not the file we pinned.
MAX_BYTES = 16 * 1024 * 1024
#: Parallel downloads: B-MoCA alone is 135 small files.
JOBS = 8
#: Per-file error lines shown for one benchmark before the rest are counted.
MAX_ERRORS = 5
#: How ``fetch`` counts each :class:`Outcome` status in its summary line.
LABELS = {"fetched": "fetched", "skipped": "already verified", "refused": "refused", "failed": "not fetched"}


class FetchError(Exception):
    """One file could not be read from its source (a one-line reason)."""


class Unreachable(FetchError):
    """The source itself cannot be reached: no point trying its other files."""


@dataclass(frozen=True)
class Outcome:
    """What happened to one file: ``fetched``, ``skipped`` (already verified), ``refused`` or ``failed``."""

    entry: Entry
    status: str
    message: str = ""


def sha256_of(path: Path) -> str | None:
    """The file's sha256, or None if it is absent."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return None


def status_of(path: Path, entry: Entry) -> str:
    """``verified``, ``missing`` or ``modified`` (present with another digest)."""
    digest = sha256_of(path)
    return "missing" if digest is None else "verified" if digest == entry.sha256 else "modified"


def _read_url(url: str) -> bytes:
    request = urllib.request.Request(url, headers={"User-Agent": "pytest-mobileagent ma-datasets"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            data = response.read(MAX_BYTES + 1)
    except urllib.error.HTTPError as exc:  # the server answered: this file only
        raise FetchError(f"HTTP {exc.code} {exc.reason} ({url})") from None
    except http.client.HTTPException as exc:  # the answer broke off: this file only
        raise FetchError(f"{type(exc).__name__} ({url})") from None
    except (urllib.error.URLError, OSError) as exc:  # refused, DNS, timeout: the whole source is down
        reason = getattr(exc, "reason", exc)
        raise Unreachable(f"cannot reach {urlsplit(url).netloc or url}: {reason}") from None
    if len(data) > MAX_BYTES:
        raise FetchError(f"larger than {MAX_BYTES} bytes ({url})")
    return data


def reader(origin: str | None) -> Callable[[str, Source, Entry], tuple[bytes, str]]:
    """How to get a file's bytes (and say where from): GitHub at the pinned commit, a mirror URL or folder."""
    if origin is None:
        def from_github(name: str, source: Source, entry: Entry) -> tuple[bytes, str]:
            url = source.url(entry)
            return _read_url(url), url
        return from_github
    if "://" in origin:
        base = origin.rstrip("/")

        def from_url(name: str, source: Source, entry: Entry) -> tuple[bytes, str]:
            url = f"{base}/{quote(name)}/{quote(entry.name)}"
            return _read_url(url), url
        return from_url
    folder = Path(origin).expanduser()
    if not folder.is_dir():
        raise Unreachable(f"--from {origin}: no such folder")

    def from_folder(name: str, source: Source, entry: Entry) -> tuple[bytes, str]:
        path = folder / name / entry.name
        try:
            return path.read_bytes(), str(path)
        except OSError as exc:
            raise FetchError(f"cannot read {path}: {exc.strerror or exc}") from None
    return from_folder


def write_atomically(path: Path, data: bytes) -> None:
    """Write to a temporary file beside ``path``, then rename: readers never see half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # hidden and without the real suffix, so an importer globbing tasks/**/*.textproto never reads a partial file
    temp = path.parent / f".{PROG}-{secrets.token_hex(6)}.part"
    try:
        # os.open's mode goes through the umask, as a plain open() would (mkstemp would force 0600)
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def fetch(names: Sequence[str], target: Path, origin: str | None = None,
          log: Callable[[str], None] = print, err: Callable[[str], None] | None = None) -> bool:
    """Fetch and verify the named benchmarks' files into ``target/<name>/``; True if every file is in place."""
    err = err or (lambda line: print(f"{PROG}: {line}", file=sys.stderr))
    try:
        read = reader(origin)
    except Unreachable as exc:
        err(str(exc))
        return False
    down = threading.Event()  # set on the first Unreachable, so the other workers stop knocking
    down_reason: list[str] = []

    def one(name: str, source: Source, entry: Entry) -> Outcome:
        path = target / name / entry.name
        if sha256_of(path) == entry.sha256:
            return Outcome(entry, "skipped")
        if down.is_set():
            return Outcome(entry, "failed")
        try:
            data, where = read(name, source, entry)
        except Unreachable as exc:
            if not down.is_set():
                down_reason.append(str(exc))
                down.set()
            return Outcome(entry, "failed")
        except FetchError as exc:
            return Outcome(entry, "failed", f"{name}/{entry.name}: {exc}")
        actual = hashlib.sha256(data).hexdigest()
        if actual != entry.sha256:
            return Outcome(entry, "refused", f"{name}/{entry.name} refused: sha256 {actual} from {where}, "
                                             f"expected {entry.sha256}")
        write_atomically(path, data)
        return Outcome(entry, "fetched")

    complete, reported_down = True, False
    with ThreadPoolExecutor(max_workers=JOBS) as pool:
        for name in names:
            source = manifest.SOURCES[name]
            outcomes = list(pool.map(lambda e, n=name, s=source: one(n, s, e), source.entries))
            messages = [o.message for o in outcomes if o.message]
            for line in messages[:MAX_ERRORS]:
                err(line)
            if len(messages) > MAX_ERRORS:  # a mirror without the benchmark's folder: not 135 lines of it
                err(f"{name}: and {len(messages) - MAX_ERRORS} more files not fetched")
            counts = {status: sum(o.status == status for o in outcomes) for status in LABELS}
            complete &= counts["refused"] + counts["failed"] == 0
            summary = ", ".join(f"{n} {LABELS[status]}" for status, n in counts.items() if n)
            log(f"{name:<13} {summary}  ({source.repo}@{source.commit[:10]} -> {target / name})")
            if down_reason and not reported_down:
                err(down_reason[0])
                reported_down = True
    return complete


def report(target: Path, log: Callable[[str], None] = print) -> bool:
    """One line per benchmark: how many of its files are verified, and which are missing or modified."""
    every = True
    for name, source in manifest.SOURCES.items():
        by_status: dict[str, list[str]] = {"verified": [], "missing": [], "modified": []}
        for entry in source.entries:
            by_status[status_of(target / name / entry.name, entry)].append(entry.name)
        total, good = len(source.entries), len(by_status.pop("verified"))
        every &= good == total
        if good == total:
            state, details = "verified", ""
        elif len(by_status["missing"]) == total:
            state, details = "missing", ""
        else:
            state = "incomplete"
            details = "".join(f"; {kind}: {_some(files)}" for kind, files in by_status.items() if files)
        log(f"{name:<13} {state:<10} {good:>3}/{total:<3} {source.repo}@{source.commit[:10]}{details}")
    return every


def _some(names: list[str], shown: int = 3) -> str:
    more = len(names) - shown
    return ", ".join(names[:shown]) + (f" and {more} more" if more > 0 else "")


def _parser() -> argparse.ArgumentParser:
    where = argparse.ArgumentParser(add_help=False)
    where.add_argument("--dir", metavar="DIR",
                       help=f"the datasets folder (default: ${ENV}, else the per-user cache)")
    parser = argparse.ArgumentParser(prog=PROG, description="The benchmarks' published task files, fetched and "
                                     "verified against pinned revisions and sha256 digests.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="{fetch,list,path}")
    fetch_cmd = commands.add_parser("fetch", parents=[where], help="download and verify benchmark files")
    fetch_cmd.add_argument("names", nargs="*", metavar="NAME",
                           help=f"benchmarks to fetch: {', '.join(manifest.SOURCES)} (default: all)")
    fetch_cmd.add_argument("--from", dest="origin", metavar="DIR|URL",
                           help="a mirror laid out as <name>/<file>, instead of GitHub")
    commands.add_parser("list", parents=[where], help="the datasets folder and what each benchmark has in it")
    commands.add_parser("path", parents=[where], help="print the datasets folder")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """The ``ma-datasets`` console command."""
    parser = _parser()
    args = parser.parse_args(argv)
    target = datasets_dir(args.dir)
    if args.command == "path":
        print(target)
        return 0
    if args.command == "list":
        chosen = "--dir" if args.dir else f"${ENV}" if os.environ.get(ENV) else "the per-user cache"
        print(f"datasets folder: {target} ({chosen})")
        report(target)
        return 0
    unknown = [n for n in args.names if n not in manifest.SOURCES]
    if unknown:  # checked here: argparse's choices reject an empty nargs="*" on some Pythons
        parser.error(f"unknown benchmark {', '.join(unknown)} (choose from {', '.join(manifest.SOURCES)})")
    names = list(dict.fromkeys(args.names)) or list(manifest.SOURCES)
    try:
        return 0 if fetch(names, target, args.origin) else 1
    except OSError as exc:  # the datasets folder itself: read-only, full disk
        print(f"{PROG}: cannot write into {target}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
