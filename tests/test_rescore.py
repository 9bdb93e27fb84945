"""Final states and ``ma-rescore``: a recorded run re-judged with the current validators, without the agent.

A run on the simulator keeps each episode's final state (``final_states/``); ``ma-rescore`` restores them, runs the
tasks' checks as they are now, and writes the re-judged results, ``metrics.json`` and ``rescore.json`` (the verdicts
that changed). Bad input is a message naming what is missing, never a traceback.
"""

from __future__ import annotations

import fnmatch
import json
import subprocess
import sys
import zlib
from pathlib import Path

import msgspec
import pytest

from mobileagent_sim import SimDevice
from mobileagent_sim import state as sim_state
from pytest_mobileagent.device.backend import installed_backends
from pytest_mobileagent.metrics.androidarena import reference_metrics
from pytest_mobileagent.report import rescore

from .test_replay import ROOT, records, run_suites

TASKS = '''
from hypothesis import strategies as st
from pytest_mobileagent.tasks.base import Task

class SearchDrawer(Task):
    template = "Open the app drawer and search for {query}."
    apps = ("launcher",)
    difficulty = "easy"
    complexity = 1

    @classmethod
    def parameters(cls):
        return st.fixed_dictionaries({"query": st.text("abcdefgh", min_size=3, max_size=8)})

    def setup(self, device):
        self.clipboard_before = device.clipboard_get()  # kept for the check, as tasks keep rows before the agent

    def check(self, device, answer=None):
        return 1.0 if CHECK else 0.0

    def oracle(self, ui):
        yield ui.swipe(540, 1500, 540, 500)
        yield ui.type(self.params["query"], rid="search_container_all_apps")
        yield ui.complete()
'''
RIGHT = 'f\'text="{self.params["query"]}"\' in device.hierarchy() and self.clipboard_before is not None'
#: A validator "fixed" to want the query typed twice: every recorded success becomes a failure.
STRICTER = 'f\'text="{self.params["query"] * 2}"\' in device.hierarchy()'


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.mkpydir("mysuites")
    pytester.path.joinpath("mysuites", "demo").mkdir()
    pytester.path.joinpath("mysuites", "demo", "__init__.py").write_text("")
    write_check(pytester, RIGHT)
    return pytester


def write_check(pytester: pytest.Pytester, check: str) -> None:
    pytester.path.joinpath("mysuites", "demo", "tasks_demo.py").write_text(TASKS.replace("CHECK", check))


def rescored(pytester: pytest.Pytester, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = rescore.main([*args, "--rootdir", str(pytester.path), "--workers", "1"])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_recorded_sample_rescores_to_the_same_verdicts_and_metrics(tmp_path: Path) -> None:
    run_suites(tmp_path, "recorded", "--agent=oracle")
    run = tmp_path / "recorded"
    assert len(list((run / "final_states").glob("*.state"))) == len(records(run)) > 5
    status = rescore.main([str(run), "--rootdir", str(ROOT), "--workers", "2", "--fail-on-change"])
    assert status == 0
    report = json.loads((run / "rescore" / "rescore.json").read_text())
    assert report["rejudged"] == report["episodes"] == len(records(run)) and report["changed"] == []
    before, after = json.loads((run / "metrics.json").read_text()), json.loads(
        (run / "rescore" / "metrics.json").read_text())
    assert {**before, "run_id": ""} == {**after, "run_id": ""}
    now = records(run / "rescore")
    for node, r in records(run).items():
        for name in ("success", "state_success", "metrics", "validator_state", "outcome", "steps"):
            assert now[node][name] == r[name], (node, name)


def test_a_changed_validator_changes_the_verdicts_it_should(suite: pytest.Pytester,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    suite.runpytest("mysuites", "--agent=oracle", "--ma-instances", "2", "--ma-run-id", "rec").assert_outcomes(
        passed=2)
    run = suite.path / "reports" / "rec"
    status, out, _ = rescored(suite, capsys, str(run))
    assert status == 0 and "2 of 2 episodes re-judged" in out and "0 verdicts changed" in out
    write_check(suite, STRICTER)
    status, out, _ = rescored(suite, capsys, str(run), "--out", str(suite.path / "again"))
    assert status == 0, out
    report = json.loads((suite.path / "again" / "rescore.json").read_text())
    assert sorted(c["episode"] for c in report["changed"]) == ["demo/SearchDrawer[0]", "demo/SearchDrawer[1]"]
    assert all(c["old"] == 1.0 and c["new"] == 0.0 and c["passed"] == [True, False] for c in report["changed"])
    assert "changed demo/SearchDrawer[0]: 1 -> 0" in out
    metrics = json.loads((suite.path / "again" / "metrics.json").read_text())
    assert metrics["overall"]["rate"] == 0.0 and metrics["overall"]["episodes"] == 2
    (line, _) = (suite.path / "again" / "results.jsonl").read_text().splitlines()
    assert json.loads(line)["outcome"] == "failure"
    # the gate: against the recorded verdicts, or a saved baseline; and the exit status on any change
    assert rescored(suite, capsys, str(run), "--max-regression", "success_rate=0pp")[0] == 0  # 2 flips: p=0.5
    assert rescored(suite, capsys, str(run), "--fail-under", "success_rate=0.5")[0] == 1
    assert rescored(suite, capsys, str(run), "--fail-on-change")[0] == 1


#: spaCy where it is not installed: any two texts are alike (difflib finds the typed texts below unlike).
FAKE_SPACY = '''
class _Doc:
    def similarity(self, other):
        return 1.0


def load(name):
    return lambda text: _Doc()
'''
#: The oracle's steps, its typed text another one: the text rule decides whether the step matches.
GROUND_TRUTH = [{"action_type": "swipe", "x": 540, "y": 1500, "x2": 540, "y2": 500},
                {"action_type": "input_text", "text": "quite another text",
                 "element": 'text="Search your phone and more", id="search_container_all_apps", class="EditText", '
                            'clickable, editable'},
                {"action_type": "status", "goal_status": "complete"}]


def test_a_run_is_rescored_with_the_scoring_options_it_ran_with(suite: pytest.Pytester) -> None:
    path = suite.path / "mysuites" / "demo" / "tasks_demo.py"
    path.write_text(path.read_text().replace("    complexity = 1\n", f"    complexity = 1\n    ground_truth = "
                                             f"{GROUND_TRUTH!r}\n"))
    suite.makepyfile(spacy=FAKE_SPACY)
    options = ("--ma-text-rule", "spacy", "--ma-lcs-gamma", "0.5", "--ma-text-similarity", "0.95",
               "--ma-require-complete")
    suite.runpytest_subprocess("mysuites", "--agent=oracle", "--ma-run-id", "rec", *options).assert_outcomes(passed=1)
    run = suite.path / "reports" / "rec"
    [recorded] = records(run).values()
    states = rescore.FinalStates(run)
    _, meta, _ = states.restore(states.backend(installed_backends()), "demo/SearchDrawer[0]", ())
    saved = meta["scoring"]
    assert saved == {"require_complete": True, "metrics": {"gamma": 0.5, "text_similarity": 0.95, "text_rule": "spacy"}}
    steps = recorded["steps"]
    difflib = reference_metrics(GROUND_TRUTH, steps, 1.0, 0.5, "difflib", 0.95)
    assert recorded["metrics"]["tcr"] == 1.0 != difflib["tcr"]  # the text rule decided the typed step
    done = subprocess.run([sys.executable, "-m", "pytest_mobileagent.report.rescore", str(run), "--rootdir",
                           str(suite.path), "--workers", "1", "--fail-on-change"], cwd=suite.path,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    [rescored_record] = records(run / "rescore").values()
    assert rescored_record["metrics"] == recorded["metrics"] and rescored_record["success"] == 1.0


def test_the_check_reads_what_the_setup_kept(suite: pytest.Pytester, capsys: pytest.CaptureFixture[str]) -> None:
    suite.runpytest("mysuites", "--agent=oracle", "--ma-run-id", "rec").assert_outcomes(passed=1)
    status, out, _ = rescored(suite, capsys, str(suite.path / "reports" / "rec"))
    assert status == 0 and "1 of 1 episodes re-judged" in out and "not re-judged" not in out


def test_a_run_without_final_states_is_told_to_replay(suite: pytest.Pytester,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    suite.runpytest("mysuites", "--agent=oracle", "--ma-run-id", "rec", "--ma-final-states", "off")
    run = suite.path / "reports" / "rec"
    assert (run / "results.jsonl").exists() and not (run / "final_states").exists()
    with pytest.raises(SystemExit) as stopped:
        rescored(suite, capsys, str(run))
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and "Traceback" not in err
    assert f"{run}: no final states (final_states/)" in err
    assert f"--agent replay --ma-replay {run}" in err


@pytest.mark.parametrize(("where", "message"), [("nowhere", "no such run folder"),
                                                 ("mysuites", "no results.jsonl (not a run folder")])
def test_a_folder_that_is_not_a_run_is_named(suite: pytest.Pytester, capsys: pytest.CaptureFixture[str],
                                            where: str, message: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        rescored(suite, capsys, str(suite.path / where))
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and message in err and "Traceback" not in err


def damage(path: Path, how: str) -> None:
    data = path.read_bytes()
    if how == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif how == "other format":
        path.write_bytes(data.replace(b"MASTATE state 2 ", b"MASTATE state 9 ", 1))
    elif how == "removed":
        path.unlink()
    elif how == "foreign class":  # a system naming a class that would run a command: refused, never built
        header, _, body = data.partition(b"\n")
        fields = msgspec.msgpack.decode(zlib.decompress(body))
        fields["system"] = hostile_graph("subprocess", "Popen")
        path.write_bytes(header + b"\n" + zlib.compress(msgspec.msgpack.encode(fields)))


def hostile_graph(module: str, name: str) -> bytes:
    """A graph document whose root is an instance of ``module.name`` with an ``args`` attribute."""
    ref = [msgspec.msgpack.Ext(1, i.to_bytes(4, "big")) for i in range(2)]
    return msgspec.msgpack.encode([ref[0], [["o", ref[1], "args", "touch pwned"], ["c", module, name]]])


@pytest.mark.parametrize(("how", "message"), [
    ("truncated", "is damaged (truncated or altered"),
    ("other format", "was written by pytest-mobileagent * in state format 9; this version * reads format 2"),
    ("removed", "no final state final_states/demo-SearchDrawer[[]1[]].state (the episode ran on an emulator"),
    ("foreign class", "its system cannot be restored: subprocess.Popen is not a class a simulated phone's state "
                      "holds"),
])
def test_a_bad_state_is_named_and_the_rest_rescored(suite: pytest.Pytester, capsys: pytest.CaptureFixture[str],
                                                    how: str, message: str) -> None:
    suite.runpytest("mysuites", "--agent=oracle", "--ma-instances", "2", "--ma-run-id", "rec")
    run = suite.path / "reports" / "rec"
    damage(run / "final_states" / "demo-SearchDrawer[1].state", how)
    status, out, _ = rescored(suite, capsys, str(run))
    assert status == 3, out
    assert "1 of 2 episodes re-judged" in out and "Traceback" not in out
    lines = [line for line in out.splitlines() if "not re-judged demo/SearchDrawer[1]" in line]
    assert lines and fnmatch.fnmatch(lines[0], f"*{message}*"), out
    report = json.loads((run / "rescore" / "rescore.json").read_text())
    assert [u["episode"] for u in report["not_rejudged"]] == ["demo/SearchDrawer[1]"]


def test_a_task_no_longer_defined_is_named(suite: pytest.Pytester, capsys: pytest.CaptureFixture[str]) -> None:
    suite.runpytest("mysuites", "--agent=oracle", "--ma-run-id", "rec")
    run = suite.path / "reports" / "rec"
    suite.path.joinpath("mysuites", "demo", "tasks_demo.py").write_text(TASKS.replace("SearchDrawer", "Renamed"))
    with pytest.raises(SystemExit) as stopped:  # nothing could be re-judged: bad input
        rescored(suite, capsys, str(run))
    err = capsys.readouterr().err
    assert stopped.value.code == 2
    assert "task SearchDrawer is no longer defined in mysuites/demo/tasks_demo.py" in err


def test_a_missing_base_tree_is_named(suite: pytest.Pytester, capsys: pytest.CaptureFixture[str]) -> None:
    suite.runpytest("mysuites", "--agent=oracle", "--ma-run-id", "rec")
    run = suite.path / "reports" / "rec"
    (base,) = (run / "final_states").glob("base-*.tree")
    base.unlink()
    with pytest.raises(SystemExit):
        rescored(suite, capsys, str(run))
    assert f"no base tree {base.name} in {run / 'final_states'}" in capsys.readouterr().err


# -- the states themselves -------------------------------------------------------------------------------------------


def test_a_state_restores_the_phone_as_it_was(phone: SimDevice) -> None:
    phone.snapshot_load("clean")
    phone.settings_put("system", "screen_brightness", "42")
    phone.write_file("/sdcard/Download/a.txt", b"first")
    phone.start_app("com.android.settings")
    first = phone.export_state({"n": 1})
    screen, activity = phone.hierarchy(), phone.current_activity()
    phone.snapshot_load("clean")
    phone.write_file("/sdcard/Download/b.txt", b"second")
    second = phone.export_state({"n": 2})
    assert first.base == second.base is not None  # both are changes of the clean snapshot's tree
    assert len(sim_state.write_state(first)) < 20_000
    with SimDevice(serial="other") as other:
        def base(digest: str) -> list[sim_state.Entry]:
            return phone.export_base(digest)

        other.import_state(first, base)
        assert other.hierarchy() == screen and other.current_activity() == activity
        assert other.settings_get("system", "screen_brightness") == "42"
        assert other.read_file("/sdcard/Download/a.txt") == b"first"
        other.import_state(second, base)  # on the same base: only the changes are copied, the first's undone
        assert other.read_file("/sdcard/Download/b.txt") == b"second"
        assert not other.exists("/sdcard/Download/a.txt")
        assert other.settings_get("system", "screen_brightness") != "42"
        assert other.shell("ls /sdcard/Download").strip() == "b.txt"


@pytest.mark.compat
def test_every_suite_item_rescores_to_its_recorded_verdict(tmp_path: Path) -> None:
    run_suites(tmp_path, "recorded", "--agent=oracle", select="")
    run = tmp_path / "recorded"
    assert rescore.main([str(run), "--rootdir", str(ROOT), "--fail-on-change"]) == 0
    report = json.loads((run / "rescore" / "rescore.json").read_text())
    assert report["rejudged"] == report["episodes"] == len(records(run)) > 400, report["not_rejudged"][:5]
    before, after = records(run), records(run / "rescore")
    assert {n: r["metrics"] for n, r in before.items()} == {n: r["metrics"] for n, r in after.items()}


def test_what_a_setup_keeps_that_cannot_be_saved_is_named(suite: pytest.Pytester,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = suite.path / "mysuites" / "demo" / "tasks_demo.py"
    path.write_text(path.read_text().replace("device.clipboard_get()", "device.clipboard_get()\n"
                                             "        self.later = lambda: None"))
    suite.runpytest("mysuites", "--agent=oracle", "--ma-run-id", "rec").assert_outcomes(passed=1)
    with pytest.raises(SystemExit):
        rescored(suite, capsys, str(suite.path / "reports" / "rec"))
    assert "SearchDrawer keeps ['clipboard_before', 'later'] from its setup, which cannot be saved" in \
        capsys.readouterr().err
