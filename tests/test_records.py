"""The episode record: one type (``EpisodeResult``) for the worker, the results line and every reader. Every field
survives a line's round trip and is described in ``docs/results-format.md``; a line of a newer format is refused by
every reader, naming its format and the reader; older lines are read as they are (``tests/test_merge.py``'s lines
have no ``format``)."""

from __future__ import annotations

import dataclasses
import json
import re
import types
import typing
from pathlib import Path
from typing import Any

import pytest

from pytest_mobileagent.metrics.success import FIELDS
from pytest_mobileagent.records import (
    DERIVED,
    ERROR_FIELDS,
    ERROR_ONLY,
    FORMAT,
    LINE_FIELDS,
    EpisodeResult,
    RecordFormatError,
    StepRecord,
)
from pytest_mobileagent.report import merge, rescore
from pytest_mobileagent.report.gates import BASELINE_VERSION, read_baseline
from pytest_mobileagent.report.results import FieldReader, ResultsFile
from pytest_mobileagent.xdist_hooks import SENT_FIELDS
from tests.pytester_tasks import OPEN_SETTINGS

DOC = Path(__file__).resolve().parents[1] / "docs" / "results-format.md"
#: Values the type alone does not give: a step's usage is summed, an outcome other than "error" is a finished line.
CHOSEN = {"usage": {"prompt_tokens": 3, "cost_usd": 0.5}, "outcome": "failure"}


def value_of(hint: Any, name: str) -> Any:
    """A value of type ``hint`` that is no field's default."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return value_of(next(a for a in args if a is not type(None)), name)
    if dataclasses.is_dataclass(hint):
        return every_field(hint)  # type: ignore[arg-type]
    if origin is list:
        return [value_of(args[0], name)]
    if origin is dict:
        return {"key": value_of(args[1], name)}
    return {bool: True, int: 7, float: 0.25, str: f"{name}!"}.get(hint, ["any", 1])


def every_field(cls: type) -> Any:
    """An instance of the data class ``cls`` with every field set to a value other than its default."""
    hints = typing.get_type_hints(cls)
    return cls(**{f.name: CHOSEN.get(f.name) or value_of(hints[f.name], f.name) for f in dataclasses.fields(cls)})


def test_every_field_survives_a_results_line(tmp_path: Path) -> None:
    result = every_field(EpisodeResult)
    default = EpisodeResult(task="")
    assert [f.name for f in dataclasses.fields(EpisodeResult) if getattr(result, f.name) == getattr(default, f.name)] \
        == []
    path = tmp_path / "results.jsonl"
    ResultsFile(path).append(result.to_json())
    [line] = list(ResultsFile(path))
    assert set(line) == LINE_FIELDS and line["format"] == FORMAT
    assert EpisodeResult.from_json(line) == result
    assert {name: line[name] for name in DERIVED} == {name: getattr(result, name) for name in DERIVED}
    assert set(line["steps"][0]) == {f.name for f in dataclasses.fields(StepRecord)}


def test_a_finished_line_leaves_out_the_error_fields_and_an_error_line_the_episode() -> None:
    finished = dataclasses.replace(every_field(EpisodeResult), error=None, infrastructure=None)
    assert set(finished.to_json()) == LINE_FIELDS - set(ERROR_ONLY)
    error = dataclasses.replace(every_field(EpisodeResult), outcome="error")
    line = json.loads(json.dumps(error.to_json()))
    assert set(line) == {*ERROR_FIELDS, "format"}
    back = EpisodeResult.from_json(line)
    assert {name: getattr(back, name) for name in ERROR_FIELDS} == {name: getattr(error, name) for name in ERROR_FIELDS}
    assert "timed_out" not in dataclasses.replace(error, timed_out=None).to_json()


def _table(section: str) -> set[str]:
    return set(re.findall(r"^\| `(\w+)` \|", section, re.MULTILINE))


def test_the_format_document_describes_every_field() -> None:
    sections = {part.split("\n", 1)[0]: part for part in DOC.read_text(encoding="utf-8").split("\n## ")[1:]}
    assert _table(sections["A finished episode"]) == LINE_FIELDS - set(ERROR_ONLY)
    assert _table(sections["An infrastructure error"]) == set(ERROR_ONLY)
    assert all(f"`{name}`" in sections["An infrastructure error"] for name in ERROR_FIELDS)
    assert _table(sections["A step (`steps`)"]) == {f.name for f in dataclasses.fields(StepRecord)}
    assert f"This version writes **format {FORMAT}**" in sections["Versions"]


def test_what_readers_decode_are_fields_of_the_line() -> None:
    assert FIELDS | SENT_FIELDS | set(merge.IDENTITY) <= LINE_FIELDS
    with pytest.raises(ValueError, match="nonesuch: not fields of a results line"):
        FieldReader(["success", "nonesuch"])


# -- a newer format ------------------------------------------------------------------------------------------------

OLDER = {"task": "OpenSettings", "suite": "s", "instance": 0, "agent": "oracle", "outcome": "success", "success": 1.0,
         "nodeid": "tasks_open.py::OpenSettings[0]", "params": {}, "steps": []}
NEWER = dict(OLDER, instance=1, format=FORMAT + 1, nodeid="tasks_open.py::OpenSettings[1]")


def newer_run(folder: Path) -> Path:
    (folder / "final_states").mkdir(parents=True)
    (folder / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in (OLDER, NEWER)), encoding="utf-8")
    return folder


def refusal(reader: str) -> str:
    return f"is an episode record of results format {FORMAT + 1}: {reader} (pytest-mobileagent"


def test_the_results_store_refuses_a_line_of_a_newer_format_naming_it(tmp_path: Path) -> None:
    run = newer_run(tmp_path / "run")
    with pytest.raises(RecordFormatError) as refused:
        list(ResultsFile(run / "results.jsonl", "a reader"))
    assert str(refused.value).startswith(f"{run / 'results.jsonl'}, line 2, {refusal('a reader')}")
    assert f"reads results format {FORMAT} and older" in str(refused.value)
    for fields in (None, ["task"]):
        with pytest.raises(RecordFormatError):
            list(ResultsFile(run / "results.jsonl").read(fields))


@pytest.mark.parametrize("command", ["ma-merge", "ma-rescore"])
def test_merge_and_rescore_refuse_it_before_writing(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    command: str) -> None:
    run, out = newer_run(tmp_path / "run"), tmp_path / "out"
    with pytest.raises(SystemExit) as stopped:
        if command == "ma-merge":
            merge.main([str(run), "--out", str(out)])
        else:
            rescore.main([str(run), "--out", str(out), "--rootdir", str(tmp_path), "--workers", "1"])
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and refusal(command) in err and "Traceback" not in err
    assert not (out / "results.jsonl").exists()


@pytest.mark.parametrize(("option", "agent"), [("--ma-resume", "oracle"), ("--ma-replay", "replay")])
def test_resume_and_replay_refuse_it_as_a_usage_error(pytester: pytest.Pytester, option: str, agent: str) -> None:
    newer_run(pytester.path / "reports" / "old")
    pytester.makepyfile(tasks_open=OPEN_SETTINGS)
    result = pytester.runpytest("tasks_open.py", f"--agent={agent}", option, "reports/old", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert f"{option} reports/old: " in result.stderr.str() and refusal(option) in result.stderr.str()


def test_a_baseline_of_a_newer_version_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    path.write_text(json.dumps({"version": BASELINE_VERSION + 1, "tasks": {}}), encoding="utf-8")
    with pytest.raises(ValueError, match=f"a baseline of version {BASELINE_VERSION + 1}: --ma-baseline reads "
                                         f"baseline versions {BASELINE_VERSION} and older"):
        read_baseline(path, "--ma-baseline")
    path.write_text(json.dumps({"tasks": {"A[0]": 1.0}}), encoding="utf-8")  # version 1 (no version)
    assert read_baseline(path, "--ma-baseline")["tasks"] == {"A[0]": 1.0}
