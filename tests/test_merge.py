"""ma-merge's fast path reads what a full parse of each line reads: the fields it decodes, the records it keeps,
the metrics it computes; and lines cut by a crash are skipped as resume skips them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_mobileagent.metrics.success import FIELDS, Aggregate, summarize
from pytest_mobileagent.redaction import redacted_line
from pytest_mobileagent.report.merge import main, merge_into
from pytest_mobileagent.report.results import FieldReader, ResultsFile, episode_key

SCORES = st.sampled_from([0.0, 1.0, 0.5, 1 / 3, 0.1, 0.7])
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                    max_leaves=12)


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    """A results record with varied identity, outcome, scores, groups and payload (steps with any JSON)."""
    record: dict[str, Any] = {
        "suite": draw(st.sampled_from(["androidworld", "mobilebench"])), "task": draw(st.sampled_from(["A", "B"])),
        "instance": draw(st.integers(0, 3)), "repeat": draw(st.sampled_from([None, None, 0, 1])),
        "agent": draw(st.sampled_from(["oracle", "m3a"])),
        "outcome": draw(st.sampled_from(["success", "failure", "error"])), "apps": draw(st.lists(
            st.sampled_from(["clock", "files", "caf\u00e9"]), max_size=2)),
        "difficulty": draw(st.sampled_from(["easy", "hard", "odd"])), "tags": draw(st.lists(st.text(max_size=4),
                                                                                              max_size=2)),
        "steps": draw(st.lists(JSON, max_size=3)), "goal": draw(st.text(max_size=12)),
        "usage": {"prompt_tokens": draw(st.integers(0, 9))}}
    optional = {"success": SCORES, "state_success": SCORES, "trivial_success": st.none() | SCORES,
                "judged_success": st.none() | SCORES,
                "self_reported": st.sampled_from([None, "complete", "infeasible"]),
                "num_steps": st.integers(0, 30), "metrics": st.dictionaries(st.sampled_from(["tcr", "ntr"]), SCORES),
                "device_config": st.sampled_from([{}, {"model": "Pixel 6", "size": "1080x2400"}])}
    for name, strategy in optional.items():
        if draw(st.booleans()):
            record[name] = draw(strategy)
    return record


def _subset(record: dict[str, Any], fields: frozenset[str]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k in fields}


@settings(max_examples=200, deadline=None)
@given(records())
def test_the_field_reader_reads_what_json_reads(record: dict[str, Any]) -> None:
    line = (redacted_line(record) + "\n").encode()
    assert FieldReader(FIELDS)(line) == _subset(json.loads(line), FIELDS)


@settings(max_examples=100, deadline=None)
@given(st.lists(records(), max_size=30), st.floats(0.1, 1.0))
def test_the_metrics_read_only_the_fields_ma_merge_decodes(batch: list[dict[str, Any]], threshold: float) -> None:
    assert summarize([_subset(r, FIELDS) for r in batch], threshold) == summarize(batch, threshold)


def test_a_line_json_writes_but_msgspec_refuses_is_read_with_json() -> None:
    line = json.dumps({"task": "A", "success": 1.0, "metrics": {"tcr": float("nan")}}).encode()
    read = FieldReader(FIELDS)(line)
    assert read is not None and read["success"] == 1.0 and read["metrics"]["tcr"] != read["metrics"]["tcr"]


def _torn_lines(record: dict[str, Any]) -> list[bytes]:
    """Lines a crash or a stray write leaves: cut in the JSON, cut inside a UTF-8 character, not an object."""
    whole = redacted_line(dict(record, goal="caf\u00e9 \u00e9t\u00e9")).encode()
    return [whole[: len(whole) // 2], whole[: whole.index("\u00e9".encode()) + 1], b"[1, 2]", b"   "]


def test_cut_lines_are_skipped_by_merge_and_resume_alike(tmp_path: Path) -> None:
    kept = {"suite": "s", "task": "A", "instance": 0, "agent": "x", "outcome": "success", "success": 1.0}
    lost = dict(kept, instance=1)
    path = tmp_path / "run" / "results.jsonl"
    path.parent.mkdir()
    path.write_bytes(b"".join(line + b"\n" for line in [redacted_line(kept).encode(), *_torn_lines(lost)]))
    for line in _torn_lines(lost):
        assert FieldReader(FIELDS)(line) is None
    assert list(ResultsFile(path)) == [kept]
    assert set(ResultsFile(path).finished()) == {episode_key(kept)}  # the cut episode runs again on resume
    aggregate = merge_into([path.parent], tmp_path)
    assert aggregate.records == 1
    assert (tmp_path / "results.jsonl").read_bytes() == redacted_line(kept).encode() + b"\n"


def _reference(runs: list[list[dict[str, Any]]]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """What merging means, from fully parsed records: per episode the last record of the last run, except that
    an infrastructure error does not replace a finished episode; sorted by episode."""
    chosen: dict[str, dict[str, Any]] = {}
    for run in runs:
        for record in run:
            held = chosen.get(key := episode_key(record))
            if not (record["outcome"] == "error" and held is not None and held["outcome"] != "error"):
                chosen[key] = record
    merged = [chosen[k] for k in sorted(chosen)]
    return merged, summarize(merged)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.lists(records(), max_size=12), min_size=1, max_size=3), st.booleans())
def test_merge_writes_what_a_full_parse_of_every_line_gives(tmp_path_factory: Any, runs: list[list[dict[str, Any]]],
                                                            unterminated: bool) -> None:
    tmp = tmp_path_factory.mktemp("merge")
    folders = []
    for k, run in enumerate(runs):
        folders.append(folder := tmp / f"run-{k}")
        folder.mkdir()
        text = "".join(redacted_line(r) + "\n" for r in run)
        (folder / "results.jsonl").write_text(text.rstrip("\n") if unterminated else text, encoding="utf-8")
    assert main([*map(str, folders), "--out", str(tmp / "merged")]) == 0
    merged, metrics = _reference(runs)
    lines = (tmp / "merged" / "results.jsonl").read_bytes().split(b"\n")
    assert lines[-1] == b"" and [json.loads(line) for line in lines[:-1]] == merged
    written = json.loads((tmp / "merged" / "metrics.json").read_text(encoding="utf-8"))
    assert written == json.loads(json.dumps(dict(metrics, agent=merged[0]["agent"] if merged else None,
                                                 run_id="merged"), sort_keys=True))


def test_the_aggregate_keeps_no_record() -> None:
    aggregate = Aggregate()
    for i in range(1000):
        aggregate.add({"suite": "s", "task": "A", "instance": i, "outcome": "success", "success": 1.0,
                       "steps": [{"index": 0}]})
    assert aggregate.records == 1000 and aggregate.to_json()["overall"]["successes"] == 1000
    assert not any(isinstance(v, list) and len(v) >= 1000 for v in vars(aggregate).values())
