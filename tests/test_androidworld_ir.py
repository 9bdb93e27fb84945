"""AndroidWorld's information-retrieval families: the suite's own declarations, the textproto importer (on a
sample written for these tests, and on the published file when it is at hand), and tolerant answer matching."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from mobileagent_sim import SimDevice
from pytest_mobileagent.agents.builtin import NoopAgent, OracleAgent
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.episode import new_result, play, run_episode
from pytest_mobileagent.tasks.importers.androidworld_ir import (
    OPERATIONS,
    ROW_FIELDS,
    TODAY,
    TRANSFORMATIONS,
    IRSpec,
    build_tasks,
    compare,
    condition,
    date_phrasings,
    excluded,
    expand,
    load_metadata,
    load_specs,
    parse_day,
    read_placeholder,
    relevant_rows,
)
from pytest_mobileagent.tasks.registry import tasks_in
from pytest_mobileagent.validators.answers import MATCH_TYPES, answer_matches, format_answer, parse_time, text_matches
from suites.androidworld import tasks_information_retrieval as families
from suites.androidworld.information_retrieval import (
    ADAPTERS,
    EVENT_NOISE,
    NOTE_NOISE,
    SPORTS,
    TODO_NOISE,
    _append_new,
    _days,
    _event_times,
    parse_minutes,
)
from tests.published import published_file

DATA = Path(__file__).parent / "data"
SAMPLE = DATA / "androidworld_ir_sample.textproto"
SAMPLE_METADATA = DATA / "androidworld_ir_sample_metadata.json"
TEXTPROTO = "androidworld/information_retrieval_tasks.textproto"
METADATA = "androidworld/task_metadata.json"
FAMILIES = {cls.name: cls for cls in tasks_in(families)}
NOW = dt.datetime.combine(TODAY, dt.time(15, 34))


class NoAdapter:
    app_key = "any"

    def seed(self, *args: Any) -> None:  # pragma: no cover - not used here
        pass

    def reveal(self, ui: Any, task: Any) -> Iterator[Any]:  # pragma: no cover
        yield from ()


@pytest.fixture(params=["sample", "published"])
def textproto(request: pytest.FixtureRequest) -> Path:
    """The sample in ``tests/data``, and AndroidWorld's own file when the datasets folder has it."""
    return SAMPLE if request.param == "sample" else published_file(request.config, TEXTPROTO)


def strings(items: Any) -> list[dict[str, str]]:
    return [{k: str(v) for k, v in item.items()} for item in items]


# -- answers ---------------------------------------------------------------------------------------------


def test_strings_match_exactly_up_to_case_and_spacing_in_any_order() -> None:
    expected = ["Team meeting", "Dentist Appointment"]
    assert answer_matches("dentist appointment, Team  meeting", expected, ["STRING_MATCH"])
    assert not answer_matches("Team meting, Dentist Appointment", expected, ["STRING_MATCH"])  # one typo
    assert not answer_matches("Team meeting", expected, ["STRING_MATCH"])  # one missing
    assert not answer_matches("Team meeting, Dentist Appointment, Lunch", expected, ["STRING_MATCH"])  # one extra
    assert not answer_matches("Tea, Dentist", expected, ["STRING_MATCH"])
    assert not answer_matches(None, expected, ["STRING_MATCH"]) and not answer_matches("", expected, ["STRING_MATCH"])
    assert not answer_matches("1-on-2 with Manager", ["1-on-1 with Manager"], ["STRING_MATCH"])


def test_each_expected_item_is_matched_once() -> None:
    assert not answer_matches("swimming, swimming", ["swimming", "kayaking"], ["STRING_MATCH"])
    assert answer_matches("kayaking, swimming", ["swimming", "kayaking"], ["STRING_MATCH"])
    assert answer_matches("swimming, swimming", ["swimming", "swimming"], ["STRING_MATCH"])
    assert not answer_matches("3, 3", [3.0, 4.0], ["NUMBER_MATCH"], tolerance=0.5)
    assert answer_matches("3, 4", [4.0, 3.0], ["NUMBER_MATCH"], tolerance=1.5)


def test_codes_and_phone_numbers_are_exact() -> None:
    assert text_matches("save20", "SAVE20") and not text_matches("SAVE21", "SAVE20")
    assert text_matches("(555) 012-3456", "555-012-3456") and not text_matches("555-012-3457", "555-012-3456")
    assert not text_matches("Concert", "Contest") and not text_matches(None, "x")


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


# -- exclusion conditions and declarations ----------------------------------------------------------------


def test_every_exclusion_operator() -> None:
    day = dt.date(2023, 10, 12)
    assert compare(day, "EQUAL_TO", day) and not compare(day, "EQUAL_TO", dt.date(2023, 10, 13))
    assert compare("Drinks with Amanda", "CONTAINS", "amanda") and not compare("Drinks", "CONTAINS", "Amanda")
    assert compare(5, "GREATER_THAN", 4) and not compare(4, "GREATER_THAN", 4)
    assert compare(4, "GREATER_THAN_OR_EQUAL_TO", 4) and not compare(3, "GREATER_THAN_OR_EQUAL_TO", 4)
    assert compare(3, "LESS_THAN", 4) and not compare(4, "LESS_THAN", 4)
    assert compare(4, "LESS_THAN_OR_EQUAL_TO", 4) and not compare(5, "LESS_THAN_OR_EQUAL_TO", 4)
    with pytest.raises(ValueError, match="unsupported operation"):
        compare(1, "NOT_EQUAL_TO", 2)


def test_a_noise_row_is_dropped_only_when_it_meets_every_condition() -> None:
    conditions = [condition("start_date", "EQUAL_TO", "October 16 2023"),
                  condition("start_time", "GREATER_THAN_OR_EQUAL_TO", "15:30")]
    convert = {"start_date": parse_day, "start_time": parse_time}
    on_day = {"start_date": dt.date(2023, 10, 16), "start_time": dt.time(16, 0)}
    assert excluded(on_day, conditions, convert)
    assert not excluded(on_day | {"start_time": dt.time(9, 0)}, conditions, convert)
    assert not excluded(on_day | {"start_date": dt.date(2023, 10, 17)}, conditions, convert)
    assert not excluded({"start_date": dt.date(2023, 10, 16)}, conditions, convert)  # a field the row lacks
    assert not excluded(on_day, [], convert)
    span = {"start_date": (dt.date(2023, 10, 15), dt.date(2023, 10, 16)), "start_time": dt.time(16, 0)}
    assert excluded(span, conditions, convert)  # a span meets a condition if either end does


def spec(**changes: Any) -> IRSpec:
    fields: dict[str, Any] = {
        "name": "Probe", "prompt": "What is on {date}?", "complexity": 1.0, "app": "calendar", "rows_field": "events",
        "rows": ({"start_date": "{date}", "title": "{title_without_replacement}"},),
        "exclusions": (condition("start_date", "EQUAL_TO", "{date}"),),
        "expectations": ({"field_transformation": {"operation": "IDENTITY", "field_name": "title"},
                          "match_type": "STRING_MATCH"},),
        "params": {"date": ("October 16 2023",), "title": ("A", "B")}}
    return IRSpec(**(fields | changes))


def test_declarations_are_checked_when_made() -> None:
    assert spec().name == "Probe"
    with pytest.raises(ValueError, match="exclusion operation 'NOT_EQUAL_TO'"):
        spec(exclusions=(condition("start_date", "NOT_EQUAL_TO", "{date}"),))
    with pytest.raises(ValueError, match=re.escape("placeholder {day} is not a parameter")):
        spec(prompt="What is on {day}?")
    with pytest.raises(ValueError, match=re.escape("placeholder {place_without_replacement} is not a parameter")):
        spec(rows=({"location": "{place_without_replacement}"},))
    with pytest.raises(ValueError, match="match type 'FUZZY_MATCH'"):
        spec(expectations=({"expected_value": "x", "match_type": "FUZZY_MATCH"},))
    with pytest.raises(ValueError, match="neither expected_value nor field_transformation"):
        spec(expectations=({"match_type": "STRING_MATCH"},))
    with pytest.raises(ValueError, match="transformation 'MAX'"):
        spec(expectations=({"field_transformation": {"operation": "MAX", "field_name": "title"},
                            "match_type": "STRING_MATCH"},))


# -- the textproto importer ----------------------------------------------------------------------------------


def test_specs_load_with_their_apps(textproto: Path) -> None:
    specs = load_specs(textproto)
    assert {s.app for s in specs} == set(ROW_FIELDS)
    assert all(s.rows_field == ROW_FIELDS[s.app] for s in specs)
    classes = build_tasks(textproto, {"calendar": NoAdapter()}, __name__)  # apps without an adapter are left out
    assert set(classes) == {s.name for s in specs if s.app == "calendar"}
    assert all(c.answer_required and c.__module__ == __name__ for c in classes.values())


def test_the_sample_covers_what_the_importer_evaluates() -> None:
    specs = {s.name: s for s in load_specs(SAMPLE)}
    assert {c["operation"] for s in specs.values() for c in s.exclusions} == set(OPERATIONS)
    answers = [e for s in specs.values() for e in s.expectations]
    assert {e["field_transformation"]["operation"] for e in answers if "field_transformation" in e} \
        == set(TRANSFORMATIONS)
    assert {e["match_type"] for e in answers} == set(MATCH_TYPES)
    assert any("expected_value" in e for e in answers) and any("tolerance" in e for e in answers)
    distance = specs["SampleSportsDistanceEarlyOctober"]
    assert distance.complexity == 1.5 and distance.expectations[0]["tolerance"] == 10
    assert distance.params["start_time"] == ("7:00am", "8:30am", "12:15pm")
    assert specs["SampleNotesDoorCode"].params["body"][0] == "Check-in after 3pm.\nThe door code is {code}.\n"


def test_metadata_gives_difficulty_tags_and_optimal_steps() -> None:
    classes = build_tasks(SAMPLE, ADAPTERS, __name__, SAMPLE_METADATA)
    got = {name: (c.apps, c.difficulty, c.tags, c.optimal_steps, c({}).max_steps) for name, c in classes.items()}
    assert got == {
        "SampleCalendarCallWithPerson": (("simple calendar pro",), "medium", ("information_retrieval",
                                                                             "parameterized"), 4, 10),
        "SampleCalendarEveningEvents": (("simple calendar pro",), "medium", (), None, 10),  # not in the metadata
        "SampleTasksDueLate": (("tasks",), "easy", ("math_counting",), 3, 10),  # the empty tag is dropped
        "SampleNotesDoorCode": (("joplin",), "medium", (), None, 10),
        "SampleSportsDistanceEarlyOctober": (("opentracks",), "hard", ("math_counting", "search"), 9, 15),
        "SampleSportsShortestOfWeek": (("opentracks",), "medium", (), None, 10),
    }
    assert load_metadata(None) == {} and load_metadata(DATA / "absent.json") == {}


def test_resolving_a_sample_draw() -> None:
    cls = build_tasks(SAMPLE, ADAPTERS, __name__)["SampleCalendarCallWithPerson"]
    task = cls({"person": "Cornelius", "title": "Call with {person}", "date": "October 24 2023", "time": "5pm",
                "duration": "1 h", "seed": 7})
    assert task.resolved is not None and task.resolved.rows == [
        {"start_date": "October 24 2023", "start_time": "5pm", "duration": "1 h", "title": "Call with Cornelius"}]
    assert task.expected_answer == "October 24 2023 17:00"
    assert task.goal.startswith("When is my call with Cornelius in Simple Calendar Pro?")
    code = build_tasks(SAMPLE, ADAPTERS, __name__)["SampleNotesDoorCode"](
        {"title": "Cabin rental", "code": "9032", "body": "Code: {code}, then press the bell twice.\n", "seed": 1})
    assert code.resolved is not None and code.resolved.rows[0]["body"] == "Code: 9032, then press the bell twice.\n"
    assert code.check(None, "9032") == 1.0 and code.check(None, "4471") == 0.0  # type: ignore[arg-type]


def check_draws(cls: type, examples: int) -> None:
    """For many draws: the prompt and rows are fully resolved, the expected answer passes, no answer fails."""
    @settings(max_examples=examples, deadline=None, database=None, derandomize=True)
    @given(cls.parameters())
    def check(params: dict) -> None:
        task = cls(params)
        assert "{" not in task.goal and task.resolved is not None
        assert all("{" not in v for row in task.resolved.rows for v in row.values())
        assert all("{" not in c["value"] for c in task.resolved.exclusions)
        assert task.check(None, task.expected_answer) == 1.0
        assert task.check(None, None) == 0.0
        assert cls(params).goal == task.goal  # deterministic per draw

    check()


def test_every_draw_resolves_to_a_self_consistent_answer(textproto: Path) -> None:
    for spec_ in load_specs(textproto):
        check_draws(build_tasks(textproto, {spec_.app: NoAdapter()}, __name__)[spec_.name], 10)


@pytest.fixture(scope="module")
def device() -> Iterator[SimDevice]:
    d = SimDevice(serial="sim-ir-sample")
    d.snapshot_save("clean")
    yield d
    d.close()


@pytest.mark.parametrize("name", [s.name for s in load_specs(SAMPLE)])
def test_imported_sample_tasks_prove_themselves_on_the_simulator(name: str, device: SimDevice) -> None:
    cls = build_tasks(SAMPLE, ADAPTERS, __name__)[name]

    @settings(max_examples=3, deadline=None, database=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(cls.parameters())
    def prove(params: dict[str, Any]) -> None:
        for agent, wanted in ((OracleAgent(), 1.0), (NoopAgent(), 0.0)):
            device.snapshot_load("clean")
            device.set_time(DEFAULT_TIME)
            result = play(device, cls(params), agent)
            assert result.success == wanted, (type(agent).__name__, params, result.actions, result.agent_error)

    prove()


# -- the suite's own declarations -----------------------------------------------------------------------------


def test_the_suite_declares_the_25_families_without_any_file() -> None:
    assert len(FAMILIES) == 25
    apps = {name: cls.apps for name, cls in FAMILIES.items()}
    assert sum(a == ("simple calendar pro",) for a in apps.values()) == 9
    assert sum(a == ("tasks",) for a in apps.values()) == 6
    assert sum(a == ("opentracks",) for a in apps.values()) == 6
    assert sum(a == ("joplin",) for a in apps.values()) == 4
    assert all(cls.suite == "androidworld" and cls.optimal_steps for cls in FAMILIES.values())


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_in_repo_draws_resolve_to_self_consistent_answers(name: str) -> None:
    check_draws(FAMILIES[name], 25)


def test_wrong_count_is_rejected_for_counting_tasks() -> None:
    cls = FAMILIES["TasksDueNextWeek"]
    task = cls({name: values[0] for name, values in cls.spec.params.items()} | {"seed": 1})
    assert task.expected_answer == "6"
    assert task.check(None, "6") == 1.0  # type: ignore[arg-type]
    assert task.check(None, "7") == 0.0  # type: ignore[arg-type]


def test_in_repo_families_agree_with_the_published_file(request: pytest.FixtureRequest) -> None:
    """Names, prompts, apps, rows, conditions, answers and parameter names are AndroidWorld's (pools are ours)."""
    published = {s.name: s for s in load_specs(published_file(request.config, TEXTPROTO))}
    assert sorted(published) == sorted(FAMILIES)
    for name, theirs in published.items():
        ours = FAMILIES[name].spec
        assert ours.prompt == theirs.prompt, name
        assert (ours.app, ours.rows_field, ours.complexity) == (theirs.app, theirs.rows_field, theirs.complexity), name
        assert FAMILIES[name].apps == (ADAPTERS[theirs.app].app_key,), name
        assert strings(ours.rows) == strings(theirs.rows), name
        assert strings(ours.exclusions) == strings(theirs.exclusions), name
        assert [dict(e) for e in ours.expectations] == [dict(e) for e in theirs.expectations], name
        assert set(ours.params) == set(theirs.params), name


def test_in_repo_metadata_agrees_with_the_published_file(request: pytest.FixtureRequest) -> None:
    meta = load_metadata(published_file(request.config, METADATA))
    for name, cls in FAMILIES.items():
        m = meta[name]
        assert (cls.difficulty, cls.tags, cls.optimal_steps) == (
            m["difficulty"], tuple(t for t in m["tags"] if t), int(m["optimal_steps"])), name


# -- the pools keep every draw's answer unique ----------------------------------------------------------------


def pool(family: str, param: str) -> tuple[str, ...]:
    return FAMILIES[family].spec.params[param]


def overlap(a: str, b: str) -> bool:
    return a.lower() in b.lower() or b.lower() in a.lower()


def test_pool_values_parse() -> None:
    for name, cls in FAMILIES.items():
        for param, values in cls.spec.params.items():
            for value in values:
                if param.endswith("date"):
                    parse_day(value)
                elif param.endswith("time"):
                    parse_time(value)
                elif param == "duration" and cls.spec.app == "calendar":
                    parse_minutes(value)
                elif param in ("duration", "distance", "elevation", "attendee_count", "importance"):
                    float(value)
            assert len(set(values)) == len(values) or param == "importance", (name, param)


def test_noise_events_never_mention_the_people_or_the_asked_titles() -> None:
    noise_titles = [title for title, _, _ in EVENT_NOISE]
    people = set(pool("SimpleCalendarNextMeetingWithPerson", "person")) | set(
        pool("SimpleCalendarEventsInNextWeek", "person"))
    assert not [(p, t) for p in people for t in noise_titles if p.lower() in t.lower()]
    titles = {t for cls in FAMILIES.values() if cls.spec.app == "calendar" for t in cls.spec.params.get("title", ())}
    assert not [(a, b) for a in titles for b in noise_titles if overlap(a, b)]


def test_times_that_must_be_to_come_are() -> None:
    assert all(parse_time(t) > NOW.time() for t in pool("SimpleCalendarNextEvent", "time"))
    assert all(parse_day(d) > TODAY for d in pool("SimpleCalendarNextMeetingWithPerson", "date"))
    assert all(parse_time(t) < parse_time("8pm") for t in pool("SimpleCalendarEventsInTimeRange", "start_time"))
    for name, cls in FAMILIES.items():  # no activity recorded in the future
        if cls.spec.app == "sports_activity_app":
            assert all(parse_day(d) <= TODAY for p in ("date", "start_date", "end_date")
                       for d in cls.spec.params.get(p, ())), name
            assert all(parse_time(t) < NOW.time() for t in cls.spec.params["start_time"]), name


def test_asked_tasks_notes_and_activities_are_not_noise() -> None:
    todo_noise = {title.lower() for title, _ in TODO_NOISE}
    for name, cls in FAMILIES.items():
        if cls.spec.app == "tasks_app":
            for param in ("title", "task_title"):
                assert not {t.lower() for t in cls.spec.params.get(param, ())} & todo_noise, name
    note_noise = [title for notes in NOTE_NOISE.values() for title, _ in notes]
    for name, cls in FAMILIES.items():
        if cls.spec.app == "notes_app":
            assert not [(a, b) for a in cls.spec.params["title"] for b in note_noise if overlap(a, b)], name
    track_noise = {n.lower() for names in SPORTS.values() for n in names}
    assert not {n.lower() for n in pool("SportsTrackerActivitiesOnDate", "activity_name")} & track_noise


def test_recipes_name_the_asked_ingredient_once() -> None:
    ingredients = pool("NotesRecipeIngredientCount", "ingredient")
    for body in pool("NotesRecipeIngredientCount", "body"):
        assert body.count("{ingredient}") == 1
        assert not [i for i in ingredients if i.lower() in body.lower()], body
    meetings = pool("NotesMeetingAttendeeCount", "body")
    assert all(body.count("{attendee_count}") == 1 for body in meetings)


# -- the oracle reads the answer off the app -----------------------------------------------------------------


def answer_items(answer: str | None) -> list[str]:
    return sorted(part.strip() for part in (answer or "").split(","))


def oracle_answer(device: SimDevice, task: Any) -> tuple[str | None, int]:
    """The oracle's answer on ``device`` as it is (no setup: whatever the test seeded) and its action count."""
    result = run_episode(device, task, OracleAgent(), new_result(task, "OracleAgent"))
    return result.answer, len(result.actions)


def fresh(device: SimDevice) -> SimDevice:
    device.snapshot_load("clean")
    device.set_time(DEFAULT_TIME)
    return device


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_the_oracle_reads_the_expected_answer_off_the_app(name: str, device: SimDevice) -> None:
    """On the project's own setup, the answer the oracle reads off the screens is the resolved expected answer
    (up to the order of a list), within the family's step budget."""
    cls = FAMILIES[name]

    @settings(max_examples=4, deadline=None, database=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(cls.parameters())
    def read(params: dict[str, Any]) -> None:
        task = cls(params)
        task.setup(fresh(device))
        answer, steps = oracle_answer(device, task)
        assert answer_items(answer) == answer_items(task.expected_answer), (params, answer)
        assert steps <= task.max_steps

    read()


#: The families whose rows take ``{x_without_replacement}`` draws: the same question has other rows per seed.
DRAWN = sorted(name for name, cls in FAMILIES.items()
               if any("_without_replacement}" in str(v) for row in cls.spec.rows for v in row.values()))


@pytest.mark.parametrize("name", DRAWN)
def test_the_oracle_answers_from_the_phone_not_from_its_own_draw(name: str, device: SimDevice) -> None:
    """The same question over another draw of the rows (as AndroidWorld's initialize_task makes its own): the
    oracle answers what the phone holds, not what its own resolved rows say."""
    cls = FAMILIES[name]
    params = {param: values[-1] for param, values in cls.spec.params.items()}
    seeded, asking = cls(params | {"seed": 11}), cls(params | {"seed": 12})
    assert seeded.resolved is not None and asking.resolved is not None
    assert seeded.resolved.rows != asking.resolved.rows
    seeded.setup(fresh(device))
    answer, _ = oracle_answer(device, asking)
    assert answer_items(answer) == answer_items(seeded.expected_answer), answer
    if answer_items(seeded.expected_answer) != answer_items(asking.expected_answer):
        assert asking.check(device, answer) == 0.0  # its own check still judges its own draw


def test_the_rows_meeting_every_condition_are_the_relevant_ones() -> None:
    rows = [{"title": "Pay rent", "due_date": "October 16 2023", "completed_date": "0"},
            {"title": "Call Bo", "due_date": "October 16 2023", "completed_date": "October 12 2023"},
            {"title": "Pay Rent", "due_date": "October 17 2023", "completed_date": "0"}]
    convert = ADAPTERS["tasks_app"].convert
    due = [condition("due_date", "LESS_THAN_OR_EQUAL_TO", "October 16 2023"),
           condition("completed_date", "EQUAL_TO", "0")]
    assert [r["title"] for r in relevant_rows(rows, due, convert)] == ["Pay rent"]
    named = [condition("title", "EQUAL_TO", "pay RENT")]  # titles compare lower-cased, as AndroidWorld does
    assert [r["due_date"] for r in relevant_rows(rows, named, convert)] == ["October 16 2023", "October 17 2023"]
    assert relevant_rows(rows, [condition("notes", "CONTAINS", "x")], convert) == []  # a field no row shows


def test_the_days_a_question_covers() -> None:
    week = [condition("start_date", "LESS_THAN_OR_EQUAL_TO", "October 22 2023"),
            condition("start_date", "GREATER_THAN_OR_EQUAL_TO", "October 15 2023")]
    assert _days(week, "start_date") == [dt.date(2023, 10, d) for d in range(15, 23)]
    assert _days([condition("start_date", "EQUAL_TO", "October 3 2023")], "start_date") == [dt.date(2023, 10, 3)]
    after = [condition("start_date", "GREATER_THAN", "October 3 2023"),
             condition("start_date", "LESS_THAN", "October 6 2023")]
    assert _days(after, "start_date") == [dt.date(2023, 10, 4), dt.date(2023, 10, 5)]
    assert _days([condition("title", "CONTAINS", "Bo")], "start_date") == []


def test_a_day_views_event_times() -> None:
    day = dt.date(2023, 10, 16)
    assert _event_times("13:00 - 13:45", day) == {"start_date": "October 16 2023", "start_time": "13:00",
                                                  "duration": "45 m"}
    assert _event_times("23:30 (October 15) - 00:30", day) == {"start_date": "October 15 2023",
                                                               "start_time": "23:30", "duration": "60 m"}
    assert _event_times("11:00 PM - 12:15 AM (October 17)", day)["duration"] == "75 m"


def test_rows_that_look_alike_are_counted_once_each() -> None:
    """A list of look-alike rows scrolled by the finger's distance: the rows kept on screen are the ones that moved
    as far as the finger did, so the rows it brought in are all counted."""
    a, b, c = {"title": "Gift ideas"}, {"title": "Packing list"}, {"title": "Dinner Menu"}
    pitch, finger = 100, 300
    listing = [a, a, a, a, a, b, a, a]
    first = [(row, 100 + i * pitch, 180 + i * pitch) for i, row in enumerate(listing[:5])]
    second = [(row, 100 + i * pitch - finger, 180 + i * pitch - finger) for i, row in enumerate(listing)
              if 100 + i * pitch - finger > 0]
    seen = [r for r, _, _ in first]
    assert _append_new(seen, first, second, finger) == finger
    assert seen == listing
    # At its end the list moves less than the finger (here one row): the lineup keeping the most rows is taken,
    # so the unlike row kept on screen is not counted twice.
    listing = [a, a, b, a, a, a]
    first = [(row, 100 + i * pitch, 180 + i * pitch) for i, row in enumerate(listing[:5])]
    last = [(row, i * pitch, 80 + i * pitch) for i, row in enumerate(listing) if i]
    seen = [r for r, _, _ in first]
    assert _append_new(seen, first, last, None) == pitch
    assert seen == listing
    # A clamped last scroll whose look-alike rows could also line up with the finger's full move.
    listing = [b, a, a, a, a, a, c]
    first = [(row, 100 + i * pitch, 180 + i * pitch) for i, row in enumerate(listing[:5])]
    last = [(row, 100 + i * pitch - 200, 180 + i * pitch - 200) for i, row in enumerate(listing) if i > 1]
    seen = [r for r, _, _ in first]
    _append_new(seen, first, last, None)
    assert seen == [b, a, a, a, a, c]  # look-alikes at the seam may merge; the unlike rows are each read once


@pytest.mark.parametrize(("name", "param", "seeded", "asked"), [
    ("NotesIsTodo", "is_todo", "True", "False"), ("NotesIsTodo", "is_todo", "False", "True"),
    ("NotesMeetingAttendeeCount", "attendee_count", "27", "60"),
    ("NotesRecipeIngredientCount", "ingredient_quantity", "3 tablespoons", "1/4 teaspoon")])
def test_an_answer_given_outright_is_read_off_the_note(name: str, param: str, seeded: str, asked: str,
                                                       device: SimDevice) -> None:
    """AndroidWorld gives these answers as a parameter (``expected_value: "{is_todo}"``); the oracle reads the
    value where the note shows it (its to-do checkbox, the body's line), so another phone's note is read right."""
    cls = FAMILIES[name]
    params = {p: values[0] for p, values in cls.spec.params.items()} | {"seed": 3}
    cls(params | {param: seeded}).setup(fresh(device))
    answer, _ = oracle_answer(device, cls(params | {param: asked}))
    assert answer == seeded


def test_a_placeholder_is_read_by_its_line() -> None:
    body = expand("{body}", {"body": "Ingredients:\n- {ingredient_quantity} {ingredient}\n- 1 egg\n",
                             "ingredient": "chia seeds"}, keep="ingredient_quantity")
    assert body == "Ingredients:\n- {ingredient_quantity} chia seeds\n- 1 egg\n"
    shown = "Ingredients:\n- 2 cups flour\n- 3/4 cup chia seeds\n- 1 egg\n"
    assert read_placeholder(body, "{ingredient_quantity}", shown) == "3/4 cup"
    assert read_placeholder("- {n} people attended", "{n}", "Notes\n- 14 people attended\n") == "14"
    assert read_placeholder("{is_todo}", "{is_todo}", "False") == "False"
    assert read_placeholder("{n} came", "{n}", "nobody") is None
