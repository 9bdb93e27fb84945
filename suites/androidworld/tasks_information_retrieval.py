"""AndroidWorld's information-retrieval families, imported from ``information_retrieval_tasks.textproto``.

The dataset is read from ``$MA_DATASETS/androidworld`` (default ``../shared/datasets``
beside the repository); families whose app has no adapter yet are listed in
``suites/androidworld/README.md``.
"""

import pytest

from pytest_mobileagent.tasks.importers.androidworld_ir import build_tasks, datasets_root
from suites.androidworld.information_retrieval import ADAPTERS

_DATA = datasets_root() / "androidworld"
if not (_DATA / "information_retrieval_tasks.textproto").exists():
    pytest.skip(f"AndroidWorld dataset not found in {_DATA} (set MA_DATASETS)", allow_module_level=True)

globals().update(build_tasks(_DATA / "information_retrieval_tasks.textproto", ADAPTERS, __name__,
                             _DATA / "task_metadata.json"))
