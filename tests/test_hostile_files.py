"""Hostile or careless files and options (issue 40, item 7): run ids that would leave the output folder or that no
file system takes, zip bombs, symlinked trace files, too deep and non-finite JSON in results files, and fields too
large to store in full. Each is refused with a message naming it, or stored safely; none crashes a reader."""

from __future__ import annotations

import pytest

from tests.pytester_tasks import OPEN_SETTINGS


@pytest.fixture
def tasks(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(tasks_open=OPEN_SETTINGS)
    return pytester


# -- run ids ---------------------------------------------------------------------------------------------------------

RUN_IDS = [("--ma-run-id", ".."), ("--ma-run-id", "."), ("--ma-run-id", "r" * 300), ("--ma-run-id", "a\0b"),
           ("--ma-resume", ".."), ("--ma-resume", "reports/.."), ("--ma-resume", "r" * 300),
           ("--ma-resume", "reports/" + "r" * 300)]


@pytest.mark.parametrize(("flag", "run_id"), RUN_IDS, ids=[f"{f}={r[:12]!r}" for f, r in RUN_IDS])
def test_a_run_id_outside_the_output_folder_or_too_long_is_a_usage_error(tasks: pytest.Pytester, flag: str,
                                                                          run_id: str) -> None:
    outside = set(tasks.path.parent.iterdir())
    result = tasks.runpytest_inprocess("tasks_open.py", f"{flag}={run_id}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR, result.errlines
    errors = [line for line in result.errlines if line.strip()]
    assert len(errors) == 1 and flag in errors[0] and "plain folder name" in errors[0], errors
    assert set(tasks.path.parent.iterdir()) == outside  # nothing written beside the project
    assert not list(tasks.path.rglob("results.jsonl"))
