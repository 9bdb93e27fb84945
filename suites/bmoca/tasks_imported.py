"""B-MoCA's published v2 task files, imported: one task per ``<datasets>/bmoca/tasks/<app>/*.textproto``.

Collected only where the datasets folder has them (``--ma-datasets DIR``, ini ``ma_datasets`` or
``$MA_DATASETS``; ``ma-datasets fetch bmoca``); without them this module defines no task and collects nothing.
Every imported task is tagged ``imported`` (select them with ``-m tag_imported``); a task whose instruction is
one of this suite's hand-written tasks lends their parameters, setup and oracle (see
``pytest_mobileagent.tasks.importers.bmoca`` and this folder's README).
"""

from __future__ import annotations

from pytest_mobileagent.datasets import dataset_file
from pytest_mobileagent.tasks.importers.bmoca import build_tasks
from pytest_mobileagent.tasks.registry import tasks_in
from suites.bmoca import tasks_apps, tasks_clock, tasks_contacts, tasks_google, tasks_phone, tasks_settings

#: The suite's hand-written tasks, in the order a twin is looked for.
HAND_WRITTEN = [cls for module in (tasks_settings, tasks_clock, tasks_contacts, tasks_phone, tasks_google, tasks_apps)
                for cls in tasks_in(module)]

_folder = dataset_file("bmoca/tasks")
if _folder is not None:
    globals().update(build_tasks(_folder, __name__, HAND_WRITTEN))
