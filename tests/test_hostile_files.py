"""Hostile or careless files and options (issue 40, item 7): run ids that would leave the output folder or that no
file system takes, zip bombs, symlinked trace files, too deep and non-finite JSON in results files, and fields too
large to store in full. Each is refused with a message naming it, or stored safely; none crashes a reader."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

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


# -- trace zips and trace folders ------------------------------------------------------------------------------------

def _manifest() -> str:
    from pytest_mobileagent.report import trace

    return json.dumps({"format": trace.FORMAT, "kind": trace.KIND, "files": [], "steps": []})


def _show(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    from pytest_mobileagent.report.trace_cli import main

    status = main(["show", str(path), "--print"])
    out, err = capsys.readouterr()
    return status, err.strip() or out.strip()


def test_a_zip_bomb_is_refused_before_it_fills_the_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from pytest_mobileagent.report import trace_cli

    monkeypatch.setattr(trace_cli, "MAX_UNPACKED", 4 << 20)  # the real cap is 512 MB: the same rule, a smaller figure
    bomb = tmp_path / "bomb.zip"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("t/trace.json", _manifest())
        with z.open("t/screens/000.webp", "w") as entry:
            for _ in range(16):
                entry.write(bytes(1 << 20))  # 16 MB of zeros, a few KB packed
    assert bomb.stat().st_size < 100_000
    before = set(tmp_path.iterdir())
    status, message = _show(bomb, capsys)
    assert status == 2 and "zip bomb" in message and "bomb.zip" in message and "Traceback" not in message
    assert set(tmp_path.iterdir()) == before  # nothing unpacked, no temporary folder left

    # the header's sizes are not trusted: one that claims 1 byte for the 16 MB is read as far as it goes
    lying = tmp_path / "lying.zip"
    data = bytearray(bomb.read_bytes())
    for info in zipfile.ZipFile(bomb).infolist():
        if info.filename.endswith(".webp"):
            for offset in (info.header_offset + 22, data.rindex(b"PK\x01\x02") + 24):  # local header, central one
                data[offset:offset + 4] = (1).to_bytes(4, "little")
    lying.write_bytes(bytes(data))
    status, message = _show(lying, capsys)
    assert status == 2 and "Traceback" not in message and not (tmp_path / "lying.trace").exists(), message


def test_a_zip_of_too_many_entries_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    from pytest_mobileagent.report import trace_cli

    monkeypatch.setattr(trace_cli, "MAX_ENTRIES", 50)
    many = tmp_path / "many.zip"
    with zipfile.ZipFile(many, "w") as z:
        z.writestr("t/trace.json", _manifest())
        for n in range(60):
            z.writestr(f"t/steps/{n:03d}.js", "")
    status, message = _show(many, capsys)
    assert status == 2 and "61 entries" in message and not (tmp_path / "many.trace").exists()


def test_a_link_in_a_trace_folder_is_replaced_never_written_through(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "elsewhere" / "victim.html"
    target.parent.mkdir()
    folder = tmp_path / "t"
    folder.mkdir()
    (folder / "trace.json").write_text(_manifest())
    (folder / "index.html").symlink_to(target)  # dangling: the viewer would be written to the link's target
    status, viewer = _show(folder, capsys)
    assert status == 0 and Path(viewer) == folder / "index.html"
    assert not target.exists() and not (folder / "index.html").is_symlink()
    assert "maTrace" in (folder / "index.html").read_text()

    # a link to a file that exists is replaced too (the browser would show that file), the file left as it was
    target.write_text("mine")
    (folder / "index.html").unlink()
    (folder / "index.html").symlink_to(target)
    assert _show(folder, capsys)[0] == 0
    assert target.read_text() == "mine" and not (folder / "index.html").is_symlink()

    # unpacking a zip again replaces the earlier unpacking, whatever links were left in it
    archive = tmp_path / "t.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("t/trace.json", _manifest())
        z.writestr("t/index.html", "<html>viewer</html>")
    unpacked = tmp_path / "t.trace" / "t"
    unpacked.mkdir(parents=True)
    (unpacked / "index.html").symlink_to(target)
    assert _show(archive, capsys) == (0, str(unpacked / "index.html"))
    assert target.read_text() == "mine" and (unpacked / "index.html").read_text() == "<html>viewer</html>"


def test_run_and_report_files_replace_links_instead_of_following_them(tmp_path: Path) -> None:
    from pytest_mobileagent.report.files import write_file
    from pytest_mobileagent.report.results import ResultsFile

    target = tmp_path / "victim"
    (tmp_path / "metrics.json").symlink_to(target)
    write_file(tmp_path / "metrics.json", "{}")
    assert not target.exists() and (tmp_path / "metrics.json").read_text() == "{}"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    (tmp_path / "results.jsonl").symlink_to(target)
    with pytest.raises(OSError):
        ResultsFile(tmp_path / "results.jsonl").append({"task": "T"})
    assert not target.exists()


# -- results files: too deep, non-finite ---------------------------------------------------------------------------

def _line(instance: int, **fields: object) -> bytes:
    from pytest_mobileagent.records import EpisodeResult
    from pytest_mobileagent.redaction import redacted_line

    record = EpisodeResult("Task", suite="s", instance=instance, agent="a", success=1.0, state_success=1.0,
                           outcome="success").to_json()
    return (redacted_line({**record, **fields}) + "\n").encode()


def _run(tmp_path: Path, *damaged: bytes) -> Path:
    run = tmp_path / "run"
    run.mkdir()
    (run / "results.jsonl").write_bytes(_line(0) + b"".join(damaged))
    return run


DEEP = b'{"task": "Task", "suite": "s", "instance": 1, "params": ' + b"[" * 100_000 + b"]" * 100_000 + b"}\n"
NON_FINITE = [_line(1, success=float("nan")), _line(2, metrics={"tcr": float("inf")}),
              _line(3).replace(b'"success": 1.0', b'"success": 1e999'), _line(4, state_success="NaN"),
              _line(5, trivial_success=float("-inf"))]


def _strict(text: str) -> object:
    def refuse(constant: str) -> object:
        raise ValueError(f"{constant} is not JSON")

    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("damaged", [[DEEP], NON_FINITE], ids=["deep", "non-finite"])
def test_ma_merge_skips_a_damaged_line_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 damaged: list[bytes]) -> None:
    from pytest_mobileagent.report.merge import main

    run = _run(tmp_path, *damaged)
    assert main([str(run), "--out", str(tmp_path / "merged")]) == 0
    err = capsys.readouterr().err
    for number in range(2, 2 + len(damaged)):
        assert f"{run / 'results.jsonl'}, line {number}, is damaged" in err
    assert "Traceback" not in err
    metrics = _strict((tmp_path / "merged" / "metrics.json").read_text())  # strict JSON: no NaN, no Infinity
    assert metrics["overall"]["episodes"] == 1 and metrics["overall"]["rate"] == 1.0  # type: ignore[index]
    assert (tmp_path / "merged" / "results.jsonl").read_bytes() == _line(0)


@pytest.mark.parametrize("damaged", [[DEEP], NON_FINITE], ids=["deep", "non-finite"])
def test_replay_and_resume_skip_a_damaged_line_naming_it(tmp_path: Path, damaged: list[bytes]) -> None:
    from pytest_mobileagent.report.replay import Recording
    from pytest_mobileagent.report.results import ResultsFile

    path = _run(tmp_path, *damaged) / "results.jsonl"
    recording = Recording(path)  # --ma-replay
    assert [key for key in recording.episodes] == ["s/Task[0]"]
    assert len(recording.skipped) == len(damaged) and f"{path}, line 2, is damaged" in recording.skipped[0]
    resumed = ResultsFile(path, "--ma-resume")
    assert list(resumed.finished()) == ["s/Task[0]@a"] and len(resumed.skipped) == len(damaged)


def test_resume_warns_of_a_damaged_line_and_runs_its_episode_again(tasks: pytest.Pytester) -> None:
    first = tasks.runpytest_inprocess("tasks_open.py", "--ma-run-id", "r", "-p", "no:randomly")
    results = tasks.path / "reports" / "r" / "results.jsonl"
    lines = results.read_bytes().splitlines(keepends=True)
    assert first.ret == 0 and lines
    record = json.loads(lines[0])
    results.write_bytes(json.dumps({**record, "success": float("nan")}).encode() + b"\n" + b"".join(lines[1:]))
    again = tasks.runpytest_inprocess("tasks_open.py", "--ma-resume", "r", "-p", "no:randomly")
    assert again.ret == 0, again.outlines
    again.stdout.fnmatch_lines([f"*--ma-resume: {results}, line 1, is damaged: its success is not a finite number*"])
    metrics = _strict((tasks.path / "reports" / "r" / "metrics.json").read_text())
    assert metrics["overall"]["episodes"] == len(lines)  # type: ignore[index]


def test_a_check_scoring_nan_is_the_tasks_error_and_metrics_json_stays_strict(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(tasks_nan=OPEN_SETTINGS.replace('return 1.0 if device.current_activity()[0] == '
                                                        '"com.android.settings" else 0.0', 'return float("nan")'))
    result = pytester.runpytest("tasks_nan.py", "--ma-run-id", "nan")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*OpenSettings's check returned nan; a score is a number in [[]0, 1[]]*"])
    run = pytester.path / "reports" / "nan"
    assert [json.loads(line)["outcome"] for line in (run / "results.jsonl").read_text().splitlines()] == ["error"]
    assert _strict((run / "metrics.json").read_text())["overall"]["episodes"] == 0  # type: ignore[index]


def test_metrics_json_is_strict_json() -> None:
    from pytest_mobileagent.report.summary import metrics_text

    assert _strict(metrics_text({"overall": {"rate": 0.5}})) == {"overall": {"rate": 0.5}}
    with pytest.raises(ValueError):
        metrics_text({"overall": {"rate": float("nan")}})


# -- fields too large to store in full -------------------------------------------------------------------------------

HUGE = '''
from pytest_mobileagent.actions import Action, InvalidOutput


class Rambles:
    """Says why it could not act in 3 million characters (an action carries at most 32,768: a huge answer is an
    invalid action, never stored), then gives up."""

    def reset(self, goal, context):
        self.steps = 0

    def step(self, observation):
        self.steps += 1
        return InvalidOutput("format", "y" * 3_000_000) if self.steps == 1 else Action.status("infeasible")
'''


def test_a_huge_field_is_stored_once_cut_with_its_size_and_not_printed_in_full(tasks: pytest.Pytester) -> None:
    from pytest_mobileagent.capped import FIELD_MAX, SHOWN_MAX
    from pytest_mobileagent.report.trace import load_trace

    tasks.makepyfile(huge_agent=HUGE)
    tasks.syspathinsert()
    result = tasks.runpytest_inprocess("tasks_open.py", "--agent", "huge_agent:Rambles", "--ma-run-id", "h",
                                       "--ma-trajectories", "on", "--ma-screenshots", "none", "-p", "no:randomly")
    assert result.ret == pytest.ExitCode.TESTS_FAILED, result.outlines
    run = tasks.path / "reports" / "h"
    line = (run / "results.jsonl").read_text(encoding="utf-8")
    assert len(line) < 4 * FIELD_MAX and "…[truncated, " in line and "y" * (FIELD_MAX + 1) not in line
    (folder,) = (run / "trajectories").iterdir()
    for name in ("trace.json", "trace.js"):  # the error once in each: the episode's record, referenced by its step
        text = (folder / name).read_text(encoding="utf-8")
        assert text.count("y" * FIELD_MAX) == 1 and len(text) < 4 * FIELD_MAX, name
    trace = load_trace(folder)
    assert trace["steps"][0]["error"] == "y" * FIELD_MAX + "…[truncated, 3000000 chars]"  # joined from the episode
    shown = result.stdout.str()
    assert "y" * (SHOWN_MAX + 1) not in shown
    assert len(shown) < 20 * SHOWN_MAX


def test_the_cap_cuts_once_and_keeps_the_first_size() -> None:
    from pytest_mobileagent.capped import FIELD_MAX, cap, cap_json, cut_size

    text = "z" * (FIELD_MAX * 3)
    once = cap(text)
    assert once == "z" * FIELD_MAX + f"…[truncated, {FIELD_MAX * 3} chars]" and cut_size(once) == FIELD_MAX * 3
    assert cap(once) == once and cap(once, 10) == "z" * 10 + f"…[truncated, {FIELD_MAX * 3} chars]"
    assert cap_json({"a": [text, 1, None], "b": "short"}) == {"a": [once, 1, None], "b": "short"}
    assert cut_size("short") is None
