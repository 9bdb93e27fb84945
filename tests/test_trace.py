"""Episode traces (``--ma-trajectories``): what a reviewer finds in one trace alone, their size, and the messages
``ma-trace show`` gives for bad input (another format version, a truncated zip, missing files)."""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest

from pytest_mobileagent.llm.scripted import ScriptedServer
from pytest_mobileagent.report import trace as tr
from pytest_mobileagent.report.trace_cli import main as ma_trace

#: A task whose check reads a setting, with AndroidArena's reference steps, Mobile-Bench's check points and a
#: constraint: every view the trace has.
TASKS = '''
from pytest_mobileagent.tasks.base import Task


class AirplaneOn(Task):
    template = "Turn on airplane mode."
    apps = ("settings",)
    complexity = 0.6
    ground_truth = ({"action_type": "open_app", "text": "Settings"},
                    {"action_type": "click", "element": "Network & internet"},
                    {"action_type": "click", "element": "Airplane mode"})
    check_point = {"package": ["com.android.settings"], "text": ["Network", "Airplane"]}
    constraints = {"apps": ["com.android.chrome"]}

    def check(self, device, answer=None):
        return 1.0 if device.settings_get("global", "airplane_mode_on") == "1" else 0.0

    def oracle(self, ui):
        yield ui.open_app("Settings")
        yield ui.complete()


class Wander(Task):
    template = "Find the phone's build number."
    apps = ("settings",)
    complexity = 3.0

    def check(self, device, answer=None):
        return 0.0

    def oracle(self, ui):
        yield ui.complete()


class StaySettingsFree(Task):
    template = "Open Settings, though Settings is off limits."
    apps = ("settings",)
    constraints = {"apps": ["com.android.settings"]}

    def check(self, device, answer=None):
        return 1.0 if device.current_activity()[0] == "com.android.settings" else 0.0

    def oracle(self, ui):
        yield ui.open_app("Settings")
        yield ui.complete()


class Crashes:
    """Opens Settings, then raises."""

    def reset(self, goal, context):
        self.n = 0

    def step(self, observation):
        from pytest_mobileagent.actions import Action

        self.n += 1
        if self.n == 2:
            raise RuntimeError("the agent lost its way")
        return Action.open_app("Settings")
'''

SECRET = "sk-test-SENTINEL-trace-key"


def model(request: dict[str, Any]) -> str:
    """A model that opens Settings, taps "Display" instead of "Network & internet", then claims it is done; its
    summaries quote the API key (which no trace may keep)."""
    content = request["messages"][-1]["content"]
    text = content if isinstance(content, str) else " ".join(p.get("text", "") for p in content)
    if "Action taken:" in text:
        return f"It changed the screen (key {SECRET})."
    if "Current app: com.android.settings" not in text:
        return 'Reason: Settings has the switch.\nAction: {"action_type": "open_app", "app_name": "Settings"}'
    if "What my earlier steps did:\nStep 1" in text and "Step 2" not in text:
        index = next(line.split(":")[0] for line in text.splitlines() if "Display" in line)
        return f'Reason: airplane mode is under Display.\nAction: {{"action_type": "click", "index": {index}}}'
    return 'Reason: airplane mode is on now.\nAction: {"action_type": "status", "goal_status": "complete"}'


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(tasks_trace=TASKS)
    pytester.syspathinsert()
    return pytester


def only_trace(pytester: pytest.Pytester, run_id: str) -> Path:
    (folder,) = pytester.path.joinpath("reports", run_id, "trajectories").iterdir()
    return folder


def test_a_reviewer_finds_the_wrong_step_its_prompt_and_the_checks_reads_in_the_trace(
        suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MA_LLM_API_KEY", SECRET)
    with ScriptedServer(default=model, api_key=SECRET) as server:
        run = suite.runpytest_subprocess("tasks_trace.py", "-k", "AirplaneOn", "--agent", "t3a", "--ma-llm-base-url",
                                         server.base_url, "--ma-llm-model", "scripted-1", "--ma-llm-prices", "1,2",
                                         "--ma-trajectories", "failed", "--ma-run-id", "model")
    run.assert_outcomes(failed=1)
    folder = only_trace(suite, "model")
    manifest = tr.load_trace(folder)
    assert manifest["format"] == tr.FORMAT and (folder / "index.html").is_file()
    steps = manifest["steps"]
    assert [s["action"]["action_type"] for s in steps] == ["open_app", "click", "status"]

    # the wrong step: the click on "Display", drawn where it landed and found in that step's tree
    wrong = steps[1]
    assert wrong["target"]["text"] == "Display" and wrong["drawn"]["point"]
    x1, y1, x2, y2 = wrong["target"]["bounds"]
    assert x1 <= wrong["drawn"]["point"][0] <= x2 and y1 <= wrong["drawn"]["point"][1] <= y2
    detail = tr.read_step(folder, wrong)
    assert 'text="Display"' in detail["tree"] and detail["tree"].startswith("<?xml")
    # what the model was shown there (the element list in its prompt) and what it answered, with usage and timing
    (ask,) = [x for x in detail["exchanges"] if "Screen elements" in json.dumps(x["messages"])]
    assert "Goal: Turn on airplane mode." in ask["messages"][-1]["content"]
    assert "Display" in detail["observation"]["text"] and detail["observation"]["kind"] == "model request"
    assert ask["reply"].startswith("Reason: airplane mode is under Display.")
    assert ask["usage"]["prompt_tokens"] > 0 and ask["usage"]["cost_usd"] > 0 and ask["latency_s"] > 0
    assert wrong["timings"]["model_s"] > 0 and wrong["usage"]["prompt_tokens"] >= ask["usage"]["prompt_tokens"]
    # what the system logged at each step: opening Settings at step 0, nothing twice
    logs = [tr.read_step(folder, s)["logcat"] for s in steps]
    assert any("START u0" in line and "com.android.settings" in line for line in logs[0])
    assert not set(logs[0]) & set(logs[1]) and steps[0]["logcat_lines"] == len(logs[0])
    # the check read the setting and found it off; the benchmark's views say what was missed
    assert manifest["check"]["score"] == 0.0 and manifest["check"]["self_reported"] == "complete"
    assert manifest["check"]["reads"] == [{"call": "settings_get", "args": ["global", "airplane_mode_on"],
                                           "result": "0", "seconds": manifest["check"]["reads"][0]["seconds"]}]
    bench = manifest["benchmark"]
    assert [r["step"] for r in bench["alignment"]["reference"]] == [0, None, None]
    assert {c["value"]: c["reached"] for c in bench["checkpoints"]} == {
        "com.android.settings": True, "Network": False, "Airplane": False}
    assert bench["metrics"]["tcr"] == pytest.approx(1 / 3)
    # the episode's record (actions, parameters, device configuration) rides along for replay
    assert manifest["episode"]["device_config"]["model"] and manifest["episode"]["params"] == {}
    # the key appears nowhere in the trace, though the model quoted it
    for path in folder.rglob("*"):
        if path.is_file() and path.suffix in (".json", ".js", ".html"):
            assert SECRET not in path.read_text(encoding="utf-8"), path
    assert "***" in json.dumps([tr.read_step(folder, s)["exchanges"] for s in steps])


def test_a_multimodal_agents_set_of_mark_image_is_in_the_trace(suite: pytest.Pytester) -> None:
    with ScriptedServer(default=model) as server:
        run = suite.runpytest_subprocess("tasks_trace.py", "-k", "AirplaneOn", "--agent", "m3a", "--ma-llm-base-url",
                                         server.base_url, "--ma-llm-model", "scripted-1", "--ma-trajectories", "on",
                                         "--ma-run-id", "mm")
    run.assert_outcomes(failed=1)
    folder = only_trace(suite, "mm")
    step = tr.load_trace(folder)["steps"][1]
    detail = tr.read_step(folder, step)
    (image,) = detail["observation"]["images"]
    assert image in step["images"] and (folder / image).read_bytes()[8:12] == b"WEBP"
    parts = detail["exchanges"][-1]["messages"][-1]["content"]
    assert parts[1] == {"type": "image_url", "file": image} and "Screen elements" in parts[0]["text"]
    assert "data:image" not in json.dumps(detail)  # the image is a file, not inline


def test_a_random_agent_trace_and_the_failed_policy(suite: pytest.Pytester) -> None:
    run = suite.runpytest("tasks_trace.py", "-k", "AirplaneOn or Wander", "--agent", "random", "--ma-trajectories",
                          "failed", "--ma-run-id", "r", "--ma-screenshots", "none")
    run.assert_outcomes(failed=2)
    folders = sorted(suite.path.joinpath("reports", "r", "trajectories").iterdir())
    assert len(folders) == 2
    for folder in folders:
        manifest = tr.load_trace(folder)
        record = manifest["episode"]
        assert len(manifest["steps"]) == record["num_steps"] == record["max_steps"]
        assert {p.name for p in folder.iterdir()} == {"index.html", "trace.json", "trace.js", "screens", "steps"}
        for step in manifest["steps"]:
            assert step["timings"]["model_s"] == 0 and step["exchanges"] == 0
            assert tr.read_step(folder, step)["observation"]["kind"].startswith("element list")
    oracle = suite.runpytest("tasks_trace.py", "-k", "AirplaneOn", "--ma-trajectories", "failed", "--ma-run-id", "o")
    oracle.assert_outcomes(failed=1)  # the oracle only opens Settings: a failed item keeps its trace
    assert tr.load_trace(only_trace(suite, "o"))["check"]["reads"][0]["result"] == "0"


def test_the_violating_step_and_the_agents_crash_are_in_the_trace(suite: pytest.Pytester) -> None:
    suite.runpytest("tasks_trace.py", "-k", "StaySettingsFree", "--ma-trajectories", "on",
                    "--ma-run-id", "v").assert_outcomes(failed=1)
    manifest = tr.load_trace(only_trace(suite, "v"))
    (violation,) = manifest["benchmark"]["constraint_violations"]
    assert violation == "step 0: app com.android.settings" and manifest["steps"][0]["action"]["text"] == "Settings"
    assert manifest["check"]["score"] == 1.0 and manifest["check"]["success"] == 0.0  # the state was right

    suite.runpytest("tasks_trace.py", "-k", "AirplaneOn", "--agent", "tasks_trace:Crashes", "--ma-trajectories",
                    "on", "--ma-run-id", "c").assert_outcomes(failed=1)
    manifest = tr.load_trace(only_trace(suite, "c"))
    first, crashed = manifest["steps"]
    assert first["action"]["action_type"] == "open_app" and crashed["action"] is None
    assert "RuntimeError: the agent lost its way" in crashed["error"]
    assert manifest["check"]["terminated_by"] == "agent_error" and "lost its way" in manifest["check"]["agent_error"]


def test_a_30_step_trace_stays_under_2_mb(suite: pytest.Pytester) -> None:
    run = suite.runpytest("tasks_trace.py", "-k", "Wander", "--agent", "random", "--ma-trajectories", "on",
                          "--ma-run-id", "big", "--ma-screenshots", "none")
    run.assert_outcomes(failed=1)
    folder = only_trace(suite, "big")
    assert len(tr.load_trace(folder)["steps"]) == 30
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    assert size < 2_000_000, size


@pytest.fixture
def a_trace(suite: pytest.Pytester) -> Path:
    suite.runpytest("tasks_trace.py", "-k", "AirplaneOn", "--agent", "random", "--ma-trajectories", "on",
                    "--ma-run-id", "t", "--ma-screenshots", "none").assert_outcomes(failed=1)
    return only_trace(suite, "t")


def show(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = ma_trace(["show", str(path), "--print"])
    out, err = capsys.readouterr()
    return status, out.strip(), err.strip()


def test_ma_trace_show_prints_the_viewer_of_a_good_trace_and_of_its_zip(a_trace: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert show(a_trace, capsys) == (0, str(a_trace / "index.html"), "")
    assert show(a_trace / "trace.json", capsys)[:2] == (0, str(a_trace / "index.html"))
    (a_trace / "index.html").unlink()  # the viewer is package data: a trace copied without it gets one
    assert show(a_trace, capsys)[0] == 0 and (a_trace / "index.html").is_file()
    archive = Path(shutil.make_archive(str(a_trace.parent / "episode"), "zip", a_trace.parent, a_trace.name))
    status, out, err = show(archive, capsys)
    assert status == 0 and not err and Path(out).is_file()
    assert tr.load_trace(Path(out).parent)["steps"]


@pytest.mark.parametrize("damage, message", [
    ("format", "is trace format 3, written by pytest-mobileagent 9.9; this version reads format 2 and older"),
    ("manifest", "trace.json is truncated or not JSON"),
    ("screen", "1 of the trace's"),
    ("step", "steps/000.js"),
    ("nothing", "has no trace.json: not a trace"),
    ("run", "is a run folder, not a trace"),
    ("zip", "is not a complete zip"),
    ("missing", "no such file or folder"),
    ("old", "holds step screens of an older run (before traces)"),
])
def test_bad_input_gets_a_message_naming_what_is_wrong(a_trace: Path, damage: str, message: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    target = a_trace
    manifest = a_trace / "trace.json"
    if damage == "format":
        body = json.loads(manifest.read_text())
        manifest.write_text(json.dumps({**body, "format": 3, "written_by": "pytest-mobileagent 9.9"}))
    elif damage == "manifest":
        manifest.write_text(manifest.read_text()[:500])
    elif damage == "screen":
        (a_trace / "screens" / "003.webp").unlink()
    elif damage == "step":
        (a_trace / "steps" / "000.js").unlink()
    elif damage == "nothing":
        manifest.unlink()
    elif damage == "run":
        target = a_trace.parent.parent
    elif damage == "zip":
        archive = Path(shutil.make_archive(str(a_trace.parent / "episode"), "zip", a_trace.parent, a_trace.name))
        data = archive.read_bytes()
        archive.write_bytes(data[: len(data) // 2])  # cut off in the copy
        target = archive
    elif damage == "missing":
        target = a_trace / "nowhere"
    elif damage == "old":  # what --ma-trajectories wrote before traces
        target = a_trace.parent / "old"
        target.mkdir()
        (target / "step-000.png").write_bytes(b"\x89PNG")
    status, out, err = show(target, capsys)
    assert status == 2 and not out
    assert err.startswith("ma-trace: ") and message in err and "Traceback" not in err
    if damage == "screen":
        assert "screens/003.webp" in err


def test_a_zip_naming_a_path_outside_its_folder_is_refused(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    archive = tmp_path / "evil.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("t/trace.json", "{}")
        z.writestr("../escaped.txt", "x")
    status, _, err = show(archive, capsys)
    assert status == 2 and "outside its folder" in err and not (tmp_path.parent / "escaped.txt").exists()


def test_the_check_reads_are_recorded_whatever_the_device_method() -> None:
    class Phone:
        def sqlite(self, db: str, sql: str, params: tuple = ()) -> list[tuple]:
            return [(i, f"row {i}") for i in range(300)]

        def read_file(self, path: str) -> bytes:
            raise FileNotFoundError(path)

        serial = "emulator-5554"

    reads = tr.ReadRecorder(Phone())  # type: ignore[arg-type]
    rows = reads.sqlite("/data/data/com.android.providers.telephony/databases/mmssms.db", "SELECT 1")
    assert len(rows) == 300 and reads.serial == "emulator-5554"
    with pytest.raises(FileNotFoundError):
        reads.read_file("/sdcard/a.txt")
    first, second = reads.reads
    assert first["call"] == "sqlite" and len(first["result"]) == tr.MAX_ITEMS + 1
    assert first["result"][0] == [0, "row 0"] and first["result"][-1] == "... 100 more"
    assert second["error"] == "FileNotFoundError: /sdcard/a.txt" and "result" not in second


def test_a_step_without_a_screenshot_is_kept_without_its_screen(tmp_path: Path) -> None:
    from mobileagent_sim import SimDevice
    from pytest_mobileagent.agents.builtin import NoopAgent
    from pytest_mobileagent.episode import new_result, play
    from pytest_mobileagent.tasks.base import Task

    class Look(Task):
        template = "Look at the screen."
        apps = ("launcher",)
        complexity = 0.2

        def check(self, device: Any, answer: str | None = None) -> float:
            return float(device.current_activity()[0] == "com.android.settings")

    device = SimDevice(serial="blind")
    screens = iter([b"", device.screenshot()])
    device.screenshot = lambda: next(screens)  # type: ignore[method-assign]  # the first one fails on the phone
    device.screenshot_image = None  # type: ignore[assignment,method-assign]  # a phone that sends only PNGs
    task = Look({})
    trace = tr.TraceRecorder(tmp_path / "t", device, NoopAgent())
    result = play(device, task, NoopAgent(), make_result=lambda: new_result(task, "noop"),
                  on_observation=trace.observe, check_device=trace.check_device)
    assert trace.finish(result, task) == tmp_path / "t" / "index.html"
    first, second = tr.load_trace(tmp_path / "t")["steps"]
    assert first["screenshot"] is None and first["size"] == [1080, 2400]
    assert second["screenshot"] == "screens/001.webp"
    assert tr.read_step(tmp_path / "t", first)["tree"].startswith("<?xml")


def test_a_trace_over_the_adb_backend(tmp_path: Path) -> None:
    """The same trace through adbutils and uiautomator2 (AdbDevice) on a simulated phone served over the wire:
    logcat is read whole and filtered by a clock of one-second resolution there, and still no step repeats
    another's lines."""
    from mobileagent_sim import SimDevice
    from mobileagent_sim.testing import serve
    from pytest_mobileagent.actions import Action
    from pytest_mobileagent.device.adb import AdbDevice
    from pytest_mobileagent.episode import new_result, play
    from pytest_mobileagent.tasks.base import Task

    class AirplaneOn(Task):
        template = "Turn on airplane mode."
        apps = ("settings",)

        def check(self, device: Any, answer: str | None = None) -> float:
            return float(device.settings_get("global", "airplane_mode_on") == "1")

    class OpensSettings:
        def reset(self, goal: str, context: Any) -> None:
            self.actions = [Action.open_app("Settings"), Action.status("complete")]

        def step(self, observation: Any) -> Action:
            return self.actions.pop(0)

    with SimDevice() as phone, serve(phone) as server:
        device = AdbDevice(phone.serial, port=server.port)
        task, agent = AirplaneOn({}), OpensSettings()
        trace = tr.TraceRecorder(tmp_path / "t", device, agent)
        result = play(device, task, agent, make_result=lambda: new_result(task, "scripted"),
                      on_observation=trace.observe, check_device=trace.check_device)
        trace.finish(result, task)
    manifest = tr.load_trace(tmp_path / "t")
    assert [r["call"] for r in manifest["check"]["reads"]] == ["settings_get"]
    assert manifest["check"]["reads"][0]["result"] == "0"
    opened, done = (tr.read_step(tmp_path / "t", s)["logcat"] for s in manifest["steps"])
    assert any("START u0" in line and "com.android.settings" in line for line in opened)
    assert not set(opened) & set(done)
    assert manifest["steps"][0]["size"] == [1080, 2400]


def test_where_each_kind_of_action_is_drawn() -> None:
    from mobileagent_sim import SimDevice

    xml = SimDevice(serial="draw").hierarchy()
    size = (1080, 2400)
    (x1, y1), (x2, y2) = tr.drawn({"action_type": "scroll", "direction": "down"}, xml, size)["path"]
    assert x1 == x2 == 540 and y1 > y2  # scrolling down moves the finger up, as execute() swipes
    (_, sy1), (_, sy2) = tr.drawn({"action_type": "swipe", "direction": "down"}, xml, size)["path"]
    assert sy1 < sy2  # a swipe is the inverse of a scroll
    assert tr.drawn({"action_type": "swipe", "x": 1, "y": 2, "x2": 3, "y2": 4}, xml, size) == {"path": [[1, 2], [3, 4]]}
    typed = tr.drawn({"action_type": "input_text", "text": "hi", "x": 10, "y": 20}, xml, size)
    assert typed == {"point": [10, 20]}  # the typed text is the action's, shown from there, not copied
    assert tr.drawn({"action_type": "open_app", "text": "Settings"}, xml, size) is None
    assert tr.drawn({"action_type": "navigate_back"}, xml, size) is None
    hit = tr.target_node(xml, {"action_type": "click", "x": 945, "y": 1948})
    assert hit is not None and hit["text"] == "Settings" and hit["xpath"].startswith("/hierarchy/node")
    assert tr.target_node(xml, {"action_type": "click", "xpath": "//node[@text='Settings']"})["node"] == hit["node"]


def test_a_simulated_phone_is_traced_without_png_and_an_unchanged_screen_shares_its_file(tmp_path: Path) -> None:
    """The trace takes the simulator's own picture (no PNG encoded for an agent that never looked) and a step
    whose screen did not change names the earlier step's file instead of compressing the same screen again."""
    from mobileagent_sim import SimDevice
    from pytest_mobileagent.agents.builtin import NoopAgent
    from pytest_mobileagent.episode import new_result, play
    from pytest_mobileagent.tasks.base import Task

    class Stare(Task):
        template = "Look at the screen."
        apps = ("launcher",)
        complexity = 0.2
        max_steps = 4

        def check(self, device: Any, answer: str | None = None) -> float:
            return 0.0

    device = SimDevice(serial="stare")
    encoded: list[int] = []
    screenshot = device.screenshot
    device.screenshot = lambda: encoded.append(1) or screenshot()  # type: ignore[method-assign]
    task = Stare({})
    trace = tr.TraceRecorder(tmp_path / "t", device, NoopAgent())
    result = play(device, task, NoopAgent(), make_result=lambda: new_result(task, "noop"),
                  on_observation=trace.observe, check_device=trace.check_device)
    trace.finish(result, task)
    steps = tr.load_trace(tmp_path / "t")["steps"]
    assert len(steps) > 1 and {s["screenshot"] for s in steps} == {"screens/000.webp"}
    assert [p.name for p in (tmp_path / "t" / "screens").iterdir()] == ["000.webp"]
    assert not encoded
