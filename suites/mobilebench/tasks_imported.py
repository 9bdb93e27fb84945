"""Mobile-Bench's published queries, imported: one task per entry of ``<datasets>/mobilebench/s_app_s_step.json``
(SAST), ``s_app_m_step.json`` (SAMT) and ``m_app_m_step.json`` (MAMT).

Collected only where the datasets folder has them (``--ma-datasets DIR``, ini ``ma_datasets`` or
``$MA_DATASETS``; ``ma-datasets fetch mobilebench``); without them this module defines no task and collects nothing.
Every imported task is tagged ``imported`` and its tier (``-m tag_sast``); see
``pytest_mobileagent.tasks.importers.mobilebench`` and this folder's README.
"""

from __future__ import annotations

from pytest_mobileagent.datasets import dataset_file
from pytest_mobileagent.tasks.importers.mobilebench import build_tasks

_folder = dataset_file("mobilebench")
if _folder is not None:
    globals().update(build_tasks(_folder, __name__))
