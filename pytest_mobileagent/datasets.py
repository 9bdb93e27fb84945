"""Where the benchmarks' published task files are found.

The project never depends on them: the suites are complete in the repository. Importers (AndroidWorld's
information-retrieval textproto, B-MoCA's task protos, AndroidArena's YAML, Mobile-Bench's JSON) read
them from one folder, chosen by ``--ma-datasets DIR`` / ini ``ma_datasets`` / ``$MA_DATASETS``, by
default a per-user cache that ``ma-datasets fetch`` fills.
"""

from __future__ import annotations

import os
from pathlib import Path

ENV = "MA_DATASETS"


def default_cache_dir() -> Path:
    """The per-user cache: ``$XDG_CACHE_HOME/pytest-mobileagent/datasets`` (``~/.cache`` by default)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pytest-mobileagent" / "datasets"


def datasets_dir(value: str | os.PathLike[str] | None = None) -> Path:
    """The datasets folder: ``value`` (the option) if given, else ``$MA_DATASETS``, else the per-user cache."""
    chosen = str(value) if value else os.environ.get(ENV, "")
    return Path(chosen).expanduser() if chosen else default_cache_dir()


def dataset_file(relative: str, value: str | os.PathLike[str] | None = None) -> Path | None:
    """``<datasets>/<relative>`` (e.g. ``androidworld/task_metadata.json``) if it exists, else None."""
    path = datasets_dir(value) / relative
    return path if path.exists() else None


__all__ = ["ENV", "dataset_file", "datasets_dir", "default_cache_dir"]
