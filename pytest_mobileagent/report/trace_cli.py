"""``ma-trace``: open an episode's trace (:mod:`pytest_mobileagent.report.trace`) in the browser.

    ma-trace show reports/<run>/trajectories/<episode>        # the trace folder (or its index.html, trace.json)
    ma-trace show episode-trace.zip                           # a zip of a trace folder, unpacked beside it
    ma-trace show PATH --print                                # check it and print the viewer's path (headless)

The trace is checked first: another format version, a truncated manifest or zip, missing screens or steps each get
a message naming what is wrong, and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import webbrowser
import zipfile
from collections.abc import Sequence
from pathlib import Path

from pytest_mobileagent.report.trace import MANIFEST, VIEWER, TraceError, load_trace, write_viewer

#: What a zipped trace may unpack to: a 30-step trace is a few MB, a long one with a model's images some tens. A zip
#: that unpacks to more (a zip bomb) or holds more entries is refused before it fills the disk.
MAX_UNPACKED = 512 * 1024 * 1024
MAX_ENTRIES = 20_000
_CHUNK = 1 << 20


def unzip(path: Path) -> Path:
    """The trace folder inside the zip ``path``, unpacked beside it (``<name>.trace/``, replacing an earlier
    unpacking); :class:`TraceError` for a truncated or damaged zip, one without a trace, one naming a file outside
    its folder, or one unpacking to more than :data:`MAX_UNPACKED` bytes or :data:`MAX_ENTRIES` entries (counted as
    the entries are read, whatever sizes the zip's header claims)."""
    out = path.with_name(path.stem + ".trace")
    try:
        with zipfile.ZipFile(path) as archive:
            entries = archive.infolist()
            if len(entries) > MAX_ENTRIES:
                raise TraceError(f"{path} holds {len(entries)} entries, more than a trace has ({MAX_ENTRIES} at "
                                 "most): not unpacked")
            names = [e.filename for e in entries]
            manifests = sorted((n for n in names if n.rsplit("/", 1)[-1] == MANIFEST), key=lambda n: n.count("/"))
            if not manifests:
                raise TraceError(f"{path} holds no {MANIFEST}: not a zipped trace")
            # a fresh folder of its own, moved into place at the end: nothing is written through a link left in an
            # earlier unpacking, and a refused zip leaves nothing behind
            with tempfile.TemporaryDirectory(dir=path.parent, prefix=f".{path.stem[:64]}.") as temp:
                _extract(path, archive, entries, Path(temp))
                if out.is_symlink() or out.is_file():
                    out.unlink()
                elif out.exists():
                    shutil.rmtree(out)
                os.replace(Path(temp, "trace"), out)
    except zipfile.BadZipFile as e:
        raise TraceError(f"{path} is not a complete zip ({e}): it was truncated, damaged or is not a zip; copy it "
                         "again") from None
    except (EOFError, OSError) as e:
        raise TraceError(f"{path} could not be read to the end ({type(e).__name__}: {e}): it is truncated") from None
    return (out / manifests[0]).parent


def _extract(path: Path, archive: zipfile.ZipFile, entries: list[zipfile.ZipInfo], temp: Path) -> None:
    """Unpack ``entries`` into ``temp/trace``, counting the bytes as they come out (each entry's checksum is
    checked as it is read to the end)."""
    root = temp / "trace"
    root.mkdir()
    inside = root.resolve()
    for entry in entries:  # only what lies inside the output folder (no "../" escapes, no absolute paths)
        target = (root / entry.filename).resolve()
        if inside not in target.parents and target != inside:
            raise TraceError(f"{path} names a file outside its folder: {entry.filename}")
    total = 0
    for entry in entries:
        target = root / entry.filename
        if entry.is_dir():
            target.mkdir(parents=True, exist_ok=True)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        with archive.open(entry) as source, target.open("xb") as sink:
            while chunk := source.read(_CHUNK):
                total += len(chunk)
                if total > MAX_UNPACKED:
                    raise TraceError(f"{path} unpacks to more than {MAX_UNPACKED // (1 << 20)} MB (a trace is a "
                                     "few MB; this looks like a zip bomb): not unpacked")
                sink.write(chunk)


def open_trace(path: Path) -> Path:
    """The viewer page of the trace at ``path`` (a folder, a file in it, or a zip), after checking the trace."""
    if path.suffix == ".zip" and path.is_file():
        path = unzip(path)
    manifest = load_trace(path)
    folder = path.parent if path.name in (MANIFEST, VIEWER) else path
    viewer = folder / VIEWER
    if viewer.is_symlink() or not viewer.is_file():  # the viewer is package data: a trace copied without it (or
        write_viewer(folder)  # with a link in its place, which is replaced, never followed) gets this version's
    del manifest
    return viewer


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="ma-trace", description="Open a pytest-mobileagent episode trace.")
    commands = parser.add_subparsers(dest="command", required=True)
    show = commands.add_parser("show", help="check a trace and open its viewer in the browser")
    show.add_argument("path", type=Path, help="a trace folder (reports/<run>/trajectories/<episode>) or a zip of one")
    show.add_argument("--print", action="store_true", dest="print_only",
                      help="print the viewer's path instead of opening a browser")
    args = parser.parse_args(argv)
    try:
        viewer = open_trace(args.path)
    except TraceError as e:
        print(f"ma-trace: {e}", file=sys.stderr)
        return 2
    if args.print_only:
        print(viewer)
        return 0
    if not webbrowser.open(viewer.resolve().as_uri()):
        print(f"ma-trace: no browser to open; the viewer is {viewer}", file=sys.stderr)
        return 1
    print(viewer)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
