"""``ma-trace``: open an episode's trace (:mod:`pytest_mobileagent.report.trace`) in the browser.

    ma-trace show reports/<run>/trajectories/<episode>        # the trace folder (or its index.html, trace.json)
    ma-trace show episode-trace.zip                           # a zip of a trace folder, unpacked beside it
    ma-trace show PATH --print                                # check it and print the viewer's path (headless)

The trace is checked first: another format version, a truncated manifest or zip, missing screens or steps each get
a message naming what is wrong, and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
import webbrowser
import zipfile
from collections.abc import Sequence
from pathlib import Path

from pytest_mobileagent.report.trace import MANIFEST, VIEWER, TraceError, load_trace, write_viewer


def unzip(path: Path) -> Path:
    """The trace folder inside the zip ``path``, unpacked beside it (``<name>.trace/``); :class:`TraceError` for a
    truncated or damaged zip, or one without a trace."""
    try:
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
            manifests = sorted((n for n in names if n.rsplit("/", 1)[-1] == MANIFEST), key=lambda n: n.count("/"))
            if not manifests:
                raise TraceError(f"{path} holds no {MANIFEST}: not a zipped trace")
            damaged = archive.testzip()
            if damaged is not None:
                raise TraceError(f"{path} is damaged: {damaged} fails its checksum")
            out = path.with_name(path.stem + ".trace")
            for name in names:  # only what lies inside the output folder (no "../" escapes)
                target = (out / name).resolve()
                if out.resolve() not in target.parents and target != out.resolve():
                    raise TraceError(f"{path} names a file outside its folder: {name}")
            archive.extractall(out)
    except zipfile.BadZipFile as e:
        raise TraceError(f"{path} is not a complete zip ({e}): it was truncated or is not a zip; copy it "
                         "again") from None
    except (EOFError, OSError) as e:
        raise TraceError(f"{path} could not be read to the end ({type(e).__name__}: {e}): it is truncated") from None
    return (out / manifests[0]).parent


def open_trace(path: Path) -> Path:
    """The viewer page of the trace at ``path`` (a folder, a file in it, or a zip), after checking the trace."""
    if path.suffix == ".zip" and path.is_file():
        path = unzip(path)
    manifest = load_trace(path)
    folder = path.parent if path.name in (MANIFEST, VIEWER) else path
    viewer = folder / VIEWER
    if not viewer.is_file():  # the viewer is package data: a trace copied without it gets this version's
        write_viewer(folder)
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
