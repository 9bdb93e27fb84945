"""The benchmarks' published files, for tests that also run against them when they are at hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_mobileagent.datasets import dataset_file, datasets_dir


def published_file(config: pytest.Config, relative: str) -> Path:
    """``<datasets>/<relative>`` (``--ma-datasets`` / ini ``ma_datasets``, else ``$MA_DATASETS``, else the cache),
    or skip the test."""
    from pytest_mobileagent.settings import option

    chosen = option(config, "datasets")
    path = dataset_file(relative, chosen)
    if path is None:
        benchmark = relative.split("/", 1)[0]
        pytest.skip(f"no {relative} in {datasets_dir(chosen)}: run `ma-datasets fetch {benchmark}`, or point "
                    "--ma-datasets / MA_DATASETS at a folder holding it")
    return path
