"""AndroidWorld's declarative information-retrieval tasks, imported as :class:`Task` classes.

A family is an :class:`IRSpec`: a prompt, the app state relevant to the answer
(rows with ``{param}`` placeholders), the exclusion conditions random noise rows
must not all satisfy, the success criteria (which field of the relevant rows,
transformed how, matched how) and the parameters' possible values. Specs come
from Python declarations (the AndroidWorld suite's own, built with
:func:`condition`, :func:`answer_field` and :func:`answer_value`) or from a
file in AndroidWorld's ``information_retrieval_tasks.textproto`` format
(:func:`load_specs`); :func:`task_class` turns either into a :class:`Task`. The
app-specific part, seeding rows into the app's database and reading rows back
off the app's screens, is a :class:`StateAdapter` keyed by the state's app field
(``calendar``, ``tasks_app``, ``notes_app``, ``sports_activity_app``).

The oracle answers as an agent does: the adapter walks the app and reads the
rows its screens show, the family's exclusion conditions (what the question
asks about) pick the relevant rows among them, and the family's success
criteria derive the answer from those (:meth:`InformationRetrievalTask.answer_from`).
So the oracle's answer is whatever the phone holds, whoever seeded it
(AndroidWorld's own ``initialize_task`` draws rows of its own).
"""

from __future__ import annotations

import datetime as dt
import json
import random
import re
from collections.abc import Callable, Generator, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Protocol

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import ANSWER_ONLY, Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.textproto import loads, repeated
from pytest_mobileagent.validators.answers import (
    DATE_FORMAT,
    MATCH_TYPES,
    answer_matches,
    cast,
    format_answer,
    parse_time,
)

#: The frozen "today" of every task (2023-10-15, a Sunday).
TODAY = dt.date(2023, 10, 15)
_WITHOUT_REPLACEMENT = re.compile(r"\{(\w+?)_without_replacement\}")


#: The repeated row field of each app's state message (AndroidWorld's proto), which COUNT can count.
ROW_FIELDS = {"calendar": "events", "tasks_app": "tasks_app_tasks", "notes_app": "notes",
              "sports_activity_app": "sports_activities"}
#: Exclusion operators (AndroidWorld's ``Operation`` enum) and answer transformations this module evaluates.
OPERATIONS = ("EQUAL_TO", "CONTAINS", "GREATER_THAN", "GREATER_THAN_OR_EQUAL_TO", "LESS_THAN",
              "LESS_THAN_OR_EQUAL_TO")
TRANSFORMATIONS = ("IDENTITY", "SUM", "COUNT")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class IRSpec:
    """One information-retrieval family, as data (the shape of a textproto ``tasks`` entry)."""

    name: str
    prompt: str
    complexity: float
    app: str  # the state's app field: calendar, tasks_app, notes_app, sports_activity_app
    rows_field: str  # the repeated row field inside it: events, tasks_app_tasks, notes, sports_activities
    rows: tuple[Mapping[str, str], ...]
    exclusions: tuple[Mapping[str, str], ...]
    expectations: tuple[Mapping[str, Any], ...]
    params: Mapping[str, tuple[str, ...]]

    def __post_init__(self) -> None:
        # A typo in a declaration should fail at import, not on the one draw that reaches it.
        problems = []
        for cond in self.exclusions:
            if cond.get("operation") not in OPERATIONS:
                problems.append(f"exclusion operation {cond.get('operation')!r}")
        for exp in self.expectations:
            if exp.get("match_type") not in MATCH_TYPES:
                problems.append(f"match type {exp.get('match_type')!r}")
            if "expected_value" in exp:
                continue
            if "field_transformation" not in exp:
                problems.append("an expectation with neither expected_value nor field_transformation")
            elif (transform := exp["field_transformation"].get("operation", "IDENTITY")) not in TRANSFORMATIONS:
                problems.append(f"transformation {transform!r}")
        texts = [self.prompt, *(str(v) for r in self.rows for v in r.values()),
                 *(str(c.get("value", "")) for c in self.exclusions),
                 *(str(e.get("expected_value", "")) for e in self.expectations)]
        for text in texts:
            for used in _PLACEHOLDER.findall(text):
                if used.removesuffix("_without_replacement") not in self.params:
                    problems.append(f"placeholder {{{used}}} is not a parameter")
        if problems:
            raise ValueError(f"{self.name}: " + "; ".join(sorted(set(problems))))


def condition(field: str, operation: str, value: str) -> dict[str, str]:
    """An exclusion condition: a noise row meeting ALL of a family's conditions could change the answer."""
    return {"field": field, "operation": operation, "value": value}


def answer_field(field: str, match_type: str, operation: str = "IDENTITY",
                 tolerance: float | None = None) -> dict[str, Any]:
    """An expectation read off the relevant rows: ``field`` under ``operation`` (IDENTITY, SUM, COUNT)."""
    exp: dict[str, Any] = {"field_transformation": {"operation": operation, "field_name": field},
                           "match_type": match_type}
    if tolerance is not None:
        exp["tolerance"] = tolerance
    return exp


def answer_value(template: str, match_type: str) -> dict[str, Any]:
    """An expectation given outright, from parameters (``"{attendee_count}"``)."""
    return {"expected_value": template, "match_type": match_type}


#: What an adapter's walk through the app yields (actions) and returns (the rows it read).
Reading = Generator[Action, None, list[dict[str, str]]]


class StateAdapter(Protocol):
    """The app-specific half of an information-retrieval task."""

    #: The app key used for markers and summaries (``calendar``...).
    app_key: str
    #: How a field's text (a row read off the screen, a condition's value) becomes a comparable value
    #: (dates, times, numbers, lower-cased text); fields not named stay text.
    convert: Mapping[str, Callable[[str], Any]]

    def seed(self, device: Device, rows: list[dict[str, str]], exclusions: list[dict[str, str]],
             rng: random.Random) -> None:
        """Replace the app's data with ``rows`` plus random noise rows that do not meet all ``exclusions``."""

    def reveal(self, ui: UI, task: InformationRetrievalTask) -> Reading:
        """Walk the screens where the question's rows are shown (chosen from the task's exclusion conditions, the
        question's terms) and return the rows read off them, with fields named as in the spec's rows."""


def load_specs(path: Path | str) -> list[IRSpec]:
    """Parse the textproto into specs, in file order."""
    doc = loads(Path(path).read_text(encoding="utf-8"))
    specs = []
    for t in repeated(doc, "tasks"):
        state = t["relevant_state"]["state"]
        (app, app_state), = state.items()
        rows_field = next(k for k in app_state if k != "app_name")
        specs.append(IRSpec(
            name=t["name"], prompt=t["prompt"], complexity=float(t.get("complexity", 1)), app=app,
            rows_field=rows_field, rows=tuple(repeated(app_state, rows_field)),
            exclusions=tuple(repeated(t["relevant_state"], "exclusion_conditions")),
            expectations=tuple(repeated(t["success_criteria"], "expectations")),
            params={p["name"]: tuple(str(v) for v in repeated(p, "possible_values"))
                    for p in repeated(t, "task_params")},
        ))
    return specs


# -- resolving a parameter draw into concrete state and expected answers ----------------------


def date_phrasings(date_text: str, today: dt.date = TODAY) -> list[str]:
    """The natural-language ways AndroidWorld may phrase a date in a prompt."""
    day = dt.datetime.strptime(date_text, DATE_FORMAT).date()
    options = [day.strftime("%B %d"), day.strftime(DATE_FORMAT)]
    delta = (day - today).days
    options += {0: ["today"], 1: ["tomorrow"], -1: ["yesterday"]}.get(delta, [])
    name = day.strftime("%A")
    if 0 < delta <= 7:
        options += [name, f"this {name}"]
    elif 7 < delta <= 14:
        options.append(f"the {name} after next")
    elif -7 <= delta < 0:
        options.append(name)
    return options


def _is_date(text: str) -> bool:
    try:
        dt.datetime.strptime(text, DATE_FORMAT)
    except ValueError:
        return False
    return True


def _fill(value: str, params: dict[str, str], unused: dict[str, list[str]], rng: random.Random) -> str:
    """Format one field: ``{x_without_replacement}`` takes a not-yet-used value of ``x``."""
    def take(m: re.Match[str]) -> str:
        pool = unused.get(m.group(1)) or []
        if not pool:
            raise ValueError(f"no unused value left for {m.group(0)}")
        choice = rng.choice(pool)
        pool.remove(choice)
        return choice

    return _WITHOUT_REPLACEMENT.sub(take, value).format(**params)


def _field_values(node: Any, field: str) -> Iterator[Any]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == field:
                yield from (value if isinstance(value, list) else [value])
            else:
                yield from _field_values(value, field)
    elif isinstance(node, list):
        for item in node:
            yield from _field_values(item, field)


def expected_answers(expectations: list[dict[str, Any]], rows: list[dict[str, str]], rows_field: str,
                     params: dict[str, str]) -> list[Any]:
    """The correct answer values, as AndroidWorld derives them from the relevant state."""
    state = {rows_field: rows}
    combined: list[Any] = []
    for exp in expectations:
        kind = exp["match_type"]
        if "expected_value" in exp:
            return [cast(str(exp["expected_value"]).format(**params), [kind])]
        ft = exp["field_transformation"]
        values = list(_field_values(state, ft["field_name"]))
        if ft.get("operation") == "SUM":
            return [sum(float(v) for v in values)]
        if ft.get("operation") == "COUNT":
            return [float(len(values))]
        if kind == "STRING_MATCH":
            return [str(v) for v in values]
        if kind == "NUMBER_MATCH":
            return [float(v) for v in values]
        if kind == "DATE_MATCH":
            current = [dt.datetime.strptime(v, DATE_FORMAT).date() for v in values]
        else:
            current = [parse_time(v) for v in values]
        if not combined:
            combined = list(current)
        else:  # a date expectation and a time expectation combine into datetimes
            combined = [dt.datetime.combine(d, t) if isinstance(d, dt.date) else dt.datetime.combine(t, d)
                        for d, t in zip(combined, current)]
    return combined


@dataclass
class Resolved:
    params: dict[str, str]  # the draw, formatted (``{x}`` inside values filled)
    prompt_params: dict[str, str]
    rows: list[dict[str, str]]
    exclusions: list[dict[str, str]]
    expected: list[Any]
    match_types: list[str]
    tolerance: float | None


def resolve(spec: IRSpec, params: Mapping[str, Any],
            normalize: Callable[[list[dict[str, str]]], list[dict[str, str]]] | None = None) -> Resolved:
    """Turn one parameter draw into concrete rows, exclusions, expected answers and prompt wording.

    ``normalize`` lets the app adjust the relevant rows to what it can store and
    show (OpenTracks rounds distances through miles) before answers are derived.
    """
    rng = random.Random(int(params.get("seed", 0)))
    p = {k: str(v) for k, v in params.items() if k != "seed"}
    p = {k: v.format(**p) for k, v in p.items()}
    unused = {name: [v.format(**p) for v in values if v.format(**p) != p.get(name)]
              for name, values in spec.params.items()}
    rows = [{k: _fill(str(v), p, unused, rng) for k, v in row.items()} for row in spec.rows]
    exclusions = [{k: _fill(str(v), p, unused, rng) if k == "value" else str(v) for k, v in cond.items()}
                  for cond in spec.exclusions]
    if normalize is not None:
        rows = normalize(rows)
    expectations = [dict(e) for e in spec.expectations]
    expected = expected_answers(expectations, rows, spec.rows_field, p)
    match_types = [e["match_type"] for e in expectations]
    tolerance = expectations[0].get("tolerance") if expectations else None
    prompt_params = {k: rng.choice(date_phrasings(v)) if _is_date(v) else v for k, v in p.items()}
    return Resolved(p, prompt_params, rows, exclusions, expected, match_types,
                    float(tolerance) if tolerance is not None else None)


def compare(value: Any, operation: str, target: Any) -> bool:
    """One exclusion condition's comparison (AndroidWorld's operators)."""
    if operation == "CONTAINS":
        return str(target).lower() in str(value).lower()
    ops = {"EQUAL_TO": lambda a, b: a == b, "GREATER_THAN": lambda a, b: a > b,
           "GREATER_THAN_OR_EQUAL_TO": lambda a, b: a >= b, "LESS_THAN": lambda a, b: a < b,
           "LESS_THAN_OR_EQUAL_TO": lambda a, b: a <= b}
    if operation not in ops:
        raise ValueError(f"unsupported operation {operation}")
    return ops[operation](value, target)


def excluded(values: Mapping[str, Any], conditions: list[dict[str, str]],
             convert: Mapping[str, Any] | None = None) -> bool:
    """True if a noise row meets ALL exclusion conditions (and so could change the answer).

    ``values`` holds the row's typed field values; ``convert`` maps a field to a
    function turning the condition's text value into the same type (dates,
    times, ints). Fields a row does not have never meet their condition.
    """
    if not conditions:
        return False
    for cond in conditions:
        field = cond["field"]
        if field not in values:
            return False
        target = (convert or {}).get(field, str)(cond["value"])
        value = values[field]
        candidates = value if isinstance(value, tuple) else (value,)  # a span (start, end) meets if either does
        if not any(compare(v, cond["operation"], target) for v in candidates):
            return False
    return True


def expand(template: str, params: Mapping[str, str], keep: str) -> str:
    """``template`` with every parameter filled in but ``{keep}`` (values may name other parameters)."""
    for _ in range(5):
        filled = _PLACEHOLDER.sub(lambda m: m.group(0) if m.group(1) == keep or m.group(1) not in params
                                  else params[m.group(1)], template)
        if filled == template:
            break
        template = filled
    return template


def read_placeholder(template: str, placeholder: str, text: str) -> str | None:
    """What stands for ``placeholder`` in ``text``, found by the line of ``template`` that holds it."""
    line = next(part for part in template.splitlines() if placeholder in part)
    pattern = "(.+?)".join(re.escape(part) for part in line.split(placeholder, 1))
    pattern = ("^" if line.startswith(placeholder) else "") + pattern + ("$" if line.endswith(placeholder) else "")
    found = re.search(pattern, text, re.MULTILINE)
    return found.group(1).strip() if found else None


def parse_day(text: str) -> dt.date:
    return dt.datetime.strptime(text, DATE_FORMAT).date()


def relevant_rows(rows: list[dict[str, str]], conditions: list[dict[str, str]],
                  convert: Mapping[str, Callable[[str], Any]]) -> list[dict[str, str]]:
    """The rows that meet every condition: what the question asks about (noise never meets them all).

    Both a row's field text and a condition's value go through ``convert`` (text
    fields are compared lower-cased, as AndroidWorld compares titles).
    """
    def typed(row: dict[str, str]) -> dict[str, Any]:
        return {k: convert.get(k, str.lower)(v) for k, v in row.items()}

    lowered = {**{c["field"]: str.lower for c in conditions}, **convert}
    return [row for row in rows if excluded(typed(row), conditions, lowered)]


class InformationRetrievalTask(Task):
    """Base of the imported tasks: the agent answers; the answer is checked against the seeded state."""

    __abstract__ = True
    spec: ClassVar[IRSpec]
    adapter: ClassVar[StateAdapter]
    answer_required = True
    tolerates = ANSWER_ONLY

    def __init__(self, params: dict[str, Any] | None = None):
        super().__init__(params)
        normalize = getattr(self.adapter, "normalize", None)
        self.resolved = resolve(self.spec, self.params, normalize) if self.params else None

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        fields = {name: st.sampled_from(values) for name, values in cls.spec.params.items() if values}
        return st.fixed_dictionaries({**fields, "seed": st.integers(0, 2**31 - 1)})

    @property
    def goal(self) -> str:
        assert self.resolved is not None
        return self.template.format(**self.resolved.prompt_params)

    @property
    def expected_answer(self) -> str:
        """A correct answer, written as the prompt asks."""
        assert self.resolved is not None
        return format_answer(self.resolved.expected)

    def setup(self, device: Device) -> None:
        assert self.resolved is not None
        rng = random.Random(int(self.params["seed"]) + 1)
        self.adapter.seed(device, self.resolved.rows, self.resolved.exclusions, rng)

    def check(self, device: Device, answer: str | None = None) -> float:
        assert self.resolved is not None
        r = self.resolved
        return 1.0 if answer_matches(answer, r.expected, r.match_types, r.tolerance) else 0.0

    def answer_from(self, rows: list[dict[str, str]]) -> str:
        """The answer the family's question gives over ``rows`` read off the app: the rows meeting every
        exclusion condition are the relevant ones, and the success criteria derive the answer from them. An
        answer given outright (``expected_value: "{x}"``) is read where the rows show ``{x}`` (a note's body
        line "- {ingredient_quantity} {ingredient}", its to-do flag); only a value no row shows is the
        question's own."""
        assert self.resolved is not None
        relevant = relevant_rows(rows, self.resolved.exclusions, self.adapter.convert)
        expectations = [dict(e) for e in self.spec.expectations]
        given = next((e for e in expectations if "expected_value" in e), None)
        if given is not None and (shown := self.shown_value(given, relevant)) is not None:
            return format_answer(shown)
        return format_answer(expected_answers(expectations, relevant, self.spec.rows_field, self.resolved.params))

    def shown_value(self, expectation: Mapping[str, Any], relevant: list[dict[str, str]]) -> list[Any] | None:
        """The value of ``expected_value: "{x}"`` as the relevant rows show it (None: no row field holds ``{x}``)."""
        name = re.fullmatch(r"\{(\w+)\}", str(expectation["expected_value"]))
        if name is None:
            return None
        raw = {k: str(v) for k, v in self.params.items() if k != "seed"}
        for row in self.spec.rows:
            for field, template in row.items():
                expanded = expand(str(template), raw, keep=name.group(1))
                if name.group(0) in expanded:
                    found = [read_placeholder(expanded, name.group(0), r[field]) for r in relevant if field in r]
                    return [cast(v, [expectation["match_type"]]) for v in found if v is not None]
        return None

    def oracle(self, ui: UI) -> Iterator[Action]:
        rows = yield from self.adapter.reveal(ui, self)
        yield ui.answer(self.answer_from(rows))

    def describe_state(self, device: Device) -> str:
        return f"expected answer {self.expected_answer!r}" if self.resolved else ""


def task_class(spec: IRSpec, adapter: StateAdapter, module: str, meta: Mapping[str, Any] | None = None,
               suite: str = "androidworld") -> type[InformationRetrievalTask]:
    """The :class:`Task` class of one family, named like it.

    ``meta`` is the family's entry of AndroidWorld's ``task_metadata.json``
    (``difficulty``, ``tags``, ``optimal_steps``); ``module`` is where the
    class is collected from (task discovery takes classes defined in the module).
    """
    m = meta or {}
    attrs = {
        "__module__": module, "__doc__": f"AndroidWorld information-retrieval family {spec.name}.",
        "name": spec.name, "suite": suite, "template": spec.prompt, "spec": spec, "adapter": adapter,
        "apps": (adapter.app_key,), "complexity": max(spec.complexity, 1.0),
        "difficulty": m.get("difficulty", "medium"), "tags": tuple(t for t in m.get("tags", ()) if t),
        "optimal_steps": int(m["optimal_steps"]) if m.get("optimal_steps") is not None else None,
    }
    return type(spec.name, (InformationRetrievalTask,), attrs)


def load_metadata(path: Path | str | None) -> dict[str, Mapping[str, Any]]:
    """AndroidWorld's ``task_metadata.json`` by family name (empty if ``path`` is None or absent)."""
    if path is None or not Path(path).exists():
        return {}
    return {m["task_name"]: m for m in json.loads(Path(path).read_text(encoding="utf-8"))}


def build_tasks(textproto: Path | str, adapters: Mapping[str, StateAdapter], module: str,
                metadata: Path | str | None = None, suite: str = "androidworld") -> dict[str, type[Task]]:
    """Task classes for every spec of a textproto whose app has an adapter, named like its families."""
    meta = load_metadata(metadata)
    return {spec.name: task_class(spec, adapters[spec.app], module, meta.get(spec.name), suite)
            for spec in load_specs(textproto) if spec.app in adapters}
