"""Writing files into folders a user names or a run shares (run folders, trace folders, ``--out``): never through
a link someone left there. A file is written under a fresh temporary name beside its path (created exclusively,
which follows no link) and moved over the path at the end, so a symlink at the path, dangling or not, is replaced
and never written through, and a reader never sees half a file."""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO


@contextlib.contextmanager
def new_file(path: Path) -> Iterator[BinaryIO]:
    """A binary file that becomes ``path`` when the block ends without an error (and is removed if it raises)."""
    temp = path.with_name(f".{path.name[:64]}.{secrets.token_hex(4)}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            yield f
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def write_file(path: Path, data: bytes | str) -> Path:
    """Write ``data`` (text as UTF-8) as the file ``path`` (:func:`new_file`); ``path``."""
    with new_file(path) as f:
        f.write(data.encode("utf-8") if isinstance(data, str) else data)
    return path


__all__ = ["new_file", "write_file"]
