"""Tasks seeded with rows of an app's table from AndroidWorld's own dicts (``row_objects``, ``noise_row_objects``).

AndroidWorld's ``generate_random_params()`` gives the rows to insert and leaves out a noise key without noise and
the insertion order; :class:`RowsTask` completes such a dict alike every time: no noise, an order shuffled with a
seed derived from the dict, and the goal's fields that derive from the rows (:meth:`RowsTask.goal_text`).
"""

from __future__ import annotations

import random
from typing import Any

from pytest_mobileagent.tasks.base import Task, params_key


class RowsTask(Task):
    """A task whose setup inserts :meth:`inserted` rows in ``order`` and whose goal text derives from them."""

    @classmethod
    def complete_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        """AndroidWorld's dicts: no noise key without noise, no shuffle; the goal's text derives from the rows."""
        params = {"noise_row_objects": [], **params}
        if "order" not in params:  # AndroidWorld inserts in its own order; the project's setup shuffles alike
            n = len(cls.inserted(params))
            params["order"] = random.Random(params_key(params)).sample(range(n), n)
        return {**params, **cls.goal_text(params)}

    @classmethod
    def inserted(cls, params: dict[str, Any]) -> list[Any]:
        """The rows setup inserts, before the shuffle."""
        return list(params["row_objects"]) + list(params["noise_row_objects"])

    @classmethod
    def goal_text(cls, params: dict[str, Any]) -> dict[str, str]:
        """The goal's fields that derive from the rows."""
        return {}
