"""AndroidWorld's information-retrieval importer and its tolerant answer matching."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings

from pytest_mobileagent.tasks.importers.androidworld_ir import build_tasks, datasets_root, date_phrasings, load_specs
from pytest_mobileagent.validators.answers import answer_matches, format_answer, fuzzy_match, parse_time

TEXTPROTO = datasets_root() / "androidworld" / "information_retrieval_tasks.textproto"
METADATA = datasets_root() / "androidworld" / "task_metadata.json"
needs_data = pytest.mark.skipif(not TEXTPROTO.exists(), reason="needs ../shared/datasets (or $MA_DATASETS)")


class NoAdapter:
    app_key = "any"

    def seed(self, *args):  # pragma: no cover - not used here
        pass

    def reveal(self, ui, task):  # pragma: no cover
        yield from ()


def test_strings_match_fuzzily_and_in_any_order() -> None:
    expected = ["Team meeting", "Dentist Appointment"]
    assert answer_matches("dentist appointment, Team meeting", expected, ["STRING_MATCH"])
    assert answer_matches("Team meting, Dentist Appointment", expected, ["STRING_MATCH"])  # one typo
    assert not answer_matches("Team meeting", expected, ["STRING_MATCH"])  # one missing
    assert not answer_matches("Team meeting, Dentist Appointment, Lunch", expected, ["STRING_MATCH"])  # one extra
    assert not answer_matches("Tea, Dentist", expected, ["STRING_MATCH"])
    assert not answer_matches(None, expected, ["STRING_MATCH"]) and not answer_matches("", expected, ["STRING_MATCH"])
    assert fuzzy_match("Concert", "concert") and not fuzzy_match("Concert", "Contest")


def test_numbers_dates_and_times() -> None:
    assert answer_matches("6", [6.0], ["NUMBER_MATCH"]) and answer_matches("6.0", [6.0], ["NUMBER_MATCH"])
    assert not answer_matches("7", [6.0], ["NUMBER_MATCH"])  # the wrong number
    assert not answer_matches("six", [6.0], ["NUMBER_MATCH"])
    assert answer_matches("7005", [7000.0], ["NUMBER_MATCH"], tolerance=10)
    assert not answer_matches("7010", [7000.0], ["NUMBER_MATCH"], tolerance=10)
    when = dt.datetime(2023, 10, 16, 21, 15)
    assert answer_matches("October 16 2023 21:15", [when], ["DATE_MATCH", "TIME_MATCH"])
    assert not answer_matches("October 16 2023 21:16", [when], ["DATE_MATCH", "TIME_MATCH"])  # off by a minute
    assert not answer_matches("16/10/2023 21:15", [when], ["DATE_MATCH", "TIME_MATCH"])
    assert parse_time("3:15pm") == dt.time(15, 15) and parse_time("12am") == dt.time(0, 0)
    assert format_answer([when]) == "October 16 2023 21:15" and format_answer([6.0]) == "6"


def test_date_phrasings_relative_to_the_frozen_day() -> None:
    assert "today" in date_phrasings("October 15 2023")
    assert {"tomorrow", "Monday", "this Monday"} <= set(date_phrasings("October 16 2023"))
    assert "the Tuesday after next" in date_phrasings("October 24 2023")
    assert "yesterday" in date_phrasings("October 14 2023")


@needs_data
def test_all_specs_load_with_their_apps() -> None:
    specs = load_specs(TEXTPROTO)
    assert len(specs) == 25
    assert {s.app for s in specs} == {"calendar", "tasks_app", "sports_activity_app", "notes_app"}
    classes = build_tasks(TEXTPROTO, {"calendar": NoAdapter()}, __name__, METADATA)
    assert len(classes) == 9 and all(c.answer_required for c in classes.values())
    assert classes["SimpleCalendarEventsOnDate"].difficulty == "medium"


@needs_data
@pytest.mark.parametrize("spec", load_specs(TEXTPROTO) if TEXTPROTO.exists() else [], ids=lambda s: s.name)
def test_every_draw_resolves_to_a_self_consistent_answer(spec) -> None:
    cls = build_tasks(TEXTPROTO, {spec.app: NoAdapter()}, __name__, METADATA)[spec.name]

    @settings(max_examples=15, deadline=None, database=None, derandomize=True)
    @given(cls.parameters())
    def check(params: dict) -> None:
        task = cls(params)
        assert "{" not in task.goal and task.resolved is not None
        assert all("{" not in v for row in task.resolved.rows for v in row.values())
        assert task.check(None, task.expected_answer) == 1.0  # type: ignore[arg-type]
        assert task.check(None, None) == 0.0  # type: ignore[arg-type]
        assert cls(params).goal == task.goal  # deterministic per draw

    check()


@needs_data
def test_wrong_count_is_rejected_for_counting_tasks() -> None:
    cls = build_tasks(TEXTPROTO, {"tasks_app": NoAdapter()}, __name__, METADATA)["TasksDueNextWeek"]
    params = {name: values[0] for name, values in cls.spec.params.items()} | {"seed": 1}
    task = cls(params)
    right = int(float(task.expected_answer))
    assert task.check(None, str(right)) == 1.0  # type: ignore[arg-type]
    assert task.check(None, str(right + 1)) == 0.0  # type: ignore[arg-type]
