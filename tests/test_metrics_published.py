"""The metrics under AndroidArena's and Mobile-Bench's names equal what their published code computes.

Differential tests against small reference implementations written from the published code's behaviour
(``arena_reference``, ``mobilebench_reference``): on thousands of trajectories generated from ground truths by the
edits agents make (insertions, deletions, repeats, swaps, a wrong last action, text edits, invalid and failed
steps, episodes that finish or run out of steps), and on episodes recorded on the simulator (the oracle, the random
agent and the noop agent on AndroidArena's tasks; and on Mobile-Bench's check points).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobileagent_sim import SimDevice
from pytest_mobileagent.actions import Action
from pytest_mobileagent.agents.builtin import NoopAgent, OracleAgent, RandomAgent
from pytest_mobileagent.catalog import APPS
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.episode import EpisodeOptions, new_result, play, reference_ground_truth, restore
from pytest_mobileagent.metrics import androidarena
from pytest_mobileagent.metrics.checkpoint import fixed_scores, published_history, published_scores
from pytest_mobileagent.tasks.params import draw

from . import arena_reference, mobilebench_reference

#: The metrics reported under AndroidArena's names.
ARENA_NAMES = ("task_reward", "ntr", "tcr", "rrr", "operation_logic", "awareness_of_completion", "nuggets_mining",
               "invalid_format", "invalid_action", "repeated_actions")

ELEMENTS = [f'text="Item {i}", id="row{i}", clickable' for i in range(5)]
TEXTS = ["hello world", "Hello World", "hello wrld", "meeting", "Meeting at 5", "listen", "silent", "bob@x.com"]
ERRORS = ["no element 9", "unknown app Foo"]


def _truth_action(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["click", "click", "click", "long_press", "input_text", "open_app", "scroll",
                                 "navigate_back", "keyboard_enter", "xpath", "press_key"]))
    if kind == "press_key":  # keys AndroidArena has a type for, the same key named two ways, keys it has none for
        return {"action_type": kind, "text": draw(st.sampled_from(["volume_up", "volume_down", "KEYCODE_VOLUME_UP",
                                                                  "volume_mute", "back", "app_switch", "menu"]))}
    if kind in ("click", "long_press"):
        return {"action_type": kind, "element": draw(st.sampled_from(ELEMENTS))}
    if kind == "input_text":
        return {"action_type": kind, "element": draw(st.sampled_from(ELEMENTS[:2])),
                "text": draw(st.sampled_from(TEXTS))}
    if kind == "open_app":
        names = ["Camera", "Settings", "Clock", *(package for _, package, _ in APPS)]  # every app, by name or package
        return {"action_type": kind, "text": draw(st.sampled_from(names))}
    if kind == "scroll":
        return {"action_type": kind, "direction": draw(st.sampled_from(["up", "down", "left", "right"]))}
    if kind == "xpath":  # a published ground truth's element, with the children it merged as nearby xpaths
        return {"action_type": "click", "xpath": "//*[@resource-id='a']", "nearby": ["//*[@text='A']"]}
    return {"action_type": kind}


def _as_step(action: dict[str, Any], draw: st.DrawFn) -> dict[str, Any]:
    """The step record of an agent taking ``action``: an element action by index, its element as the target."""
    action = dict(action)
    step: dict[str, Any] = {}
    if "element" in action:
        target = action.pop("element")
        action["index"] = ELEMENTS.index(target)
        step.update(target=target, observation_chars=draw(st.integers(len(target) + 1, 400)))
    elif action.get("xpath") and draw(st.booleans()):
        action["xpath"] = "//*[@text='A']"  # the agent taps a child of the ground truth's element
    step["action"] = action
    return step


@st.composite
def episodes(draw: st.DrawFn) -> tuple[list[dict[str, Any]], list[dict[str, Any]], float]:
    """A ground truth, an agent's step records derived from it by edits, and the episode's success."""
    truth = [_truth_action(draw) for _ in range(draw(st.integers(1, 7)))]
    steps = [_as_step(a, draw) for a in truth]
    for _ in range(draw(st.integers(0, 5))):
        edit = draw(st.sampled_from(["insert", "delete", "repeat", "swap", "wrong_last", "text", "invalid",
                                     "failed", "format"]))
        at = draw(st.integers(0, max(0, len(steps) - 1)))
        if edit == "insert":
            steps.insert(at, _as_step(_truth_action(draw), draw))
        elif edit == "delete" and steps:
            del steps[at]
        elif edit == "repeat" and steps:
            size = draw(st.integers(1, 3))
            block = steps[at:at + size]
            steps[at + size:at + size] = [dict(s) for s in block] * draw(st.integers(1, 2))
        elif edit == "swap" and len(steps) > 1:
            at = min(at, len(steps) - 2)
            steps[at], steps[at + 1] = steps[at + 1], steps[at]
        elif edit == "wrong_last" and steps:
            steps[-1] = _as_step(_truth_action(draw), draw)
        elif edit == "text":
            typed = [s for s in steps if (s["action"] or {}).get("action_type") == "input_text"]
            if typed:
                chosen = draw(st.sampled_from(typed))
                chosen["action"] = dict(chosen["action"], text=draw(st.sampled_from(TEXTS)))
        elif edit == "invalid":  # output outside the action space
            steps.insert(at, {"action": None, "invalid": "action", "error": draw(st.sampled_from(ERRORS))})
        elif edit == "format":  # output that does not parse
            steps.insert(at, {"action": None, "invalid": "format", "error": "no action in the reply"})
        elif edit == "failed" and steps:  # an action the device refused
            steps[at] = dict(steps[at], invalid="action", error=draw(st.sampled_from(ERRORS)))
    if draw(st.booleans()):
        steps.append({"action": {"action_type": "status", "goal_status": "complete"}})
    success = draw(st.sampled_from([0.0, 1.0]))
    return truth, steps, success


def project_metrics(truth: list[dict[str, Any]], steps: list[dict[str, Any]], success: float) -> dict[str, float]:
    metrics = androidarena.step_metrics(steps) if steps else {}
    metrics.update(androidarena.reference_metrics(truth, steps, success))
    return metrics


def assert_arena_equal(truth: list[dict[str, Any]], steps: list[dict[str, Any]], success: float) -> None:
    ours = project_metrics(truth, steps, success)
    theirs = arena_reference.evaluate(truth, steps, success)
    for name in ARENA_NAMES:
        if not steps and name in ("invalid_format", "invalid_action", "repeated_actions"):
            continue  # no steps: the project reports none of these
        assert ours[name] == pytest.approx(theirs[name], abs=1e-9, rel=0), (name, ours[name], theirs[name])


def test_different_keys_are_different_action_types_as_androidarena_records_them() -> None:
    def keys(*names: str) -> list[dict[str, Any]]:
        return [{"action": {"action_type": "press_key", "text": name}} for name in names]

    truth = [{"action_type": "open_app", "text": "Settings"}]
    for steps, repeated in [(keys("volume_up", "volume_down"), 0.0), (keys("volume_up", "KEYCODE_VOLUME_UP"), 1.0),
                            (keys("menu", "search", "menu"), 0.0), (keys("back", "KEYCODE_BACK"), 1.0)]:
        steps.append({"action": {"action_type": "status", "goal_status": "complete"}})
        assert project_metrics(truth, steps, 0.0)["repeated_actions"] == repeated, steps
        assert_arena_equal(truth, steps, 0.0)


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(episodes())
def test_androidarena_metrics_equal_its_evaluator_on_edited_trajectories(
        episode: tuple[list[dict[str, Any]], list[dict[str, Any]], float]) -> None:
    assert_arena_equal(*episode)


@settings(max_examples=300, deadline=None)
@given(episodes())
def test_each_corrected_variant_differs_only_where_its_note_says(
        episode: tuple[list[dict[str, Any]], list[dict[str, Any]], float]) -> None:
    truth, steps, success = episode
    metrics = project_metrics(truth, steps, success)
    data = arena_reference.recorded_episode(truth, steps)
    labeled = data["labeled"][:-1]
    repeats = any(arena_reference.same(a, b) for i, a in enumerate(labeled) for b in labeled[:i])
    if not repeats:  # the first-index rule only differs where the ground truth repeats an action
        assert metrics["tcr_fixed"] == metrics["tcr"]
    last_invalid = bool(steps) and arena_reference._failed(steps[-1]) is not None
    if steps and not last_invalid:  # the uncounted last error only differs where the last step was invalid
        assert metrics["invalid_format_fixed"] == metrics["invalid_format"]
        assert metrics["invalid_action_fixed"] == metrics["invalid_action"]
    finished = bool(steps) and steps[-1]["action"] is not None and steps[-1]["action"]["action_type"] == "status" \
        and not last_invalid
    if finished and steps:  # the short observation list only differs where the episode did not finish
        assert metrics["repeated_actions_fixed"] == metrics["repeated_actions"]


# -- Mobile-Bench ----------------------------------------------------------------------------------------------

PHRASES = ["com.a", "com.b", "Wi-Fi", "click", "am start", "|", "&", "设置"]


@st.composite
def check_points(draw: st.DrawFn) -> dict[str, Any]:
    value = st.one_of(st.sampled_from([*PHRASES[:5], ""]),
                      st.lists(st.sampled_from(PHRASES), max_size=4),
                      st.tuples(st.sampled_from(["|", "&"]), st.lists(st.sampled_from(PHRASES[:5]), min_size=1,
                                                                      max_size=3)).map(lambda t: [t[0], *t[1]]))
    fields = draw(st.lists(st.sampled_from(mobilebench_reference.FIELDS), unique=True, max_size=5))
    return {name: draw(value) for name in fields}


HISTORY = st.lists(st.text(alphabet="com.abWiFckl-姓设置 ", max_size=12).map(lambda s: s.replace("Wi", "Wi-Fi ")),
                   max_size=5)


@settings(max_examples=1500, deadline=None)
@given(check_points(), HISTORY)
def test_checkpoint_levels_equal_the_published_scorer(check_point: dict[str, Any], history: list[str]) -> None:
    ours = published_scores(check_point, history)
    if check_point.get("package") == [] or (isinstance(check_point.get("package"), str)
                                              and not check_point["package"]):
        assert ours["checkpoint_l1"] == 0.0  # the published code divides by zero; 0 here
    else:
        assert ours["checkpoint_l1"] == pytest.approx(mobilebench_reference.level1(check_point, history), abs=1e-9)
    assert ours["checkpoint_l2"] == pytest.approx(mobilebench_reference.level2(check_point, history), abs=1e-9)
    assert fixed_scores(check_point, history) == pytest.approx(mobilebench_reference.fixed(check_point, history))


def test_the_published_scorers_bugs_and_their_corrections() -> None:
    history = ["click(<p package=\"com.a\"> Wi-Fi </p>)", "adb shell am start -n com.b/.Main. [Call result]:ok"]
    # 1. "&": every element in every entry (published) vs somewhere (fixed); vacuously true on an empty history
    assert published_scores({"text": ["&", "Wi-Fi", "am start"]}, history)["checkpoint_l2"] == 0.0
    assert fixed_scores({"text": ["&", "Wi-Fi", "am start"]}, history)["checkpoint_l2"] == 1.0
    assert published_scores({"text": ["&", "Wi-Fi"]}, [])["checkpoint_l2"] == 1.0
    # 2. a string package: its characters (published) vs one package
    assert published_scores({"package": "com.zz"}, history)["checkpoint_l1"] == pytest.approx(4 / 6)  # no "z"
    assert fixed_scores({"package": "com.zz"}, history)["checkpoint_l1"] == 0.0
    # 3. a marker is a package in level 1 (published) vs a group is one item
    assert published_scores({"package": ["|", "com.a", "com.q"]}, history)["checkpoint_l1"] == pytest.approx(1 / 3)
    assert fixed_scores({"package": ["|", "com.a", "com.q"]}, history)["checkpoint_l1"] == 1.0
    # 4. no package: 0 (published) vs undefined
    assert published_scores({"text": "Wi-Fi"}, history)["checkpoint_l1"] == 0.0
    assert "checkpoint_l1" not in fixed_scores({"text": "Wi-Fi"}, history)


def test_the_published_runners_history() -> None:
    """The runner's history holds its UI actions as its agent wrote them, an element being the line of its HTML
    view, then the API calls; back, home and launching an app are API calls of its list."""
    node = {"class": "android.widget.TextView", "resource-id": "com.android.settings:id/title",
            "package": "com.android.settings", "text": "Network & internet", "clickable": "true"}
    line = ('<p id="com.android.settings:id/title" package="com.android.settings" class="android.widget.TextView" '
            'clickable="true"> Network & internet </p>')
    steps = [
        {"action": {"action_type": "open_app", "text": "Settings"}},
        {"action": {"action_type": "click", "index": 4}, "target_node": node},
        {"action": {"action_type": "input_text", "index": 2, "text": "wifi"},
         "target_node": dict(node, **{"class": "android.widget.EditText"})},
        {"action": {"action_type": "click", "index": 9}, "invalid": "action", "error": "no element 9"},
        {"action": {"action_type": "navigate_back"}},
        {"action": {"action_type": "long_press", "index": 4}, "target_node": node},
        {"action": {"action_type": "status", "goal_status": "complete"}},
    ]
    field = line.replace("<p ", "<input ").replace("TextView", "EditText").replace("</p>", "</input>")
    assert published_history(steps) == [
        f"click({line})", f"click({field})", f"input({field}, wifi)", f"press({line})",
        "adb shell am start -n com.android.settings/com.android.settings.Settings. [Call result]:API execution "
        "successful",
        "adb shell input keyevent KEYCODE_BACK. [Call result]:API execution successful"]


class Scripted:
    """Plays a fixed list of actions, then declares completion."""

    def __init__(self, actions: list[Action]):
        self.actions = actions

    def reset(self, goal: str, context: Any) -> None:
        self.left = list(self.actions)

    def step(self, observation: Any) -> Action:
        return self.left.pop(0) if self.left else Action.status("complete")


def test_the_runner_writes_every_scroll_as_the_fingers_points() -> None:
    """Mobile-Bench's runner writes a scroll as the points its finger touched and lifted, never by direction."""
    from suites.mobilebench.tasks_organizer import MobileBenchAddTodo

    task = MobileBenchAddTodo(draw(MobileBenchAddTodo.parameters(), 0))
    scrolls = [Action.scroll(d) for d in ("down", "up", "left", "right")]
    with SimDevice() as device:
        width, height = device.window_size()
        result = play(device, task, Scripted([*scrolls, Action("swipe", x=10, y=900, x2=10, y2=300)]),
                      EpisodeOptions(), make_result=lambda: new_result(task, "scripted"))
    entries = [e for e in published_history([vars(s) for s in result.steps]) if e.startswith("scroll")]
    assert len(entries) == 5 and entries[-1] == "scroll([10,900][10,300])"
    points = [tuple(int(n) for n in re.findall(r"-?\d+", e)) for e in entries[:4]]
    assert all(0 <= x < width and 0 <= y < height for p in points for x, y in (p[:2], p[2:])), points
    (_, down_y1, _, down_y2), (_, up_y1, _, up_y2), (left_x1, _, left_x2, _), (right_x1, _, right_x2, _) = points
    assert down_y2 < down_y1 and up_y2 > up_y1 and left_x2 > left_x1 and right_x2 < right_x1  # the finger's way


@pytest.mark.parametrize("entry", APPS, ids=lambda entry: entry[1])
def test_every_app_the_catalogue_opens_is_launched_by_the_activity_it_declares(entry: tuple[str, str, str]) -> None:
    """The runner's history names ``am start -n <package>/<activity>``: the activity the app's manifest declares for
    the launcher (the simulator's app launches it), never ``None``."""
    _pattern, package, activity = entry
    [line] = published_history([{"action": {"action_type": "open_app", "text": package}}])
    assert line == f"adb shell am start -n {package}/{activity}. [Call result]:API execution successful"
    with SimDevice() as device:
        if package in device.system.apps:
            assert device.system.apps[package].activity_class(activity).name == activity


def test_the_oracle_passes_every_check_point_of_a_task_whose_app_had_no_launch_activity() -> None:
    from suites.mobilebench.tasks_organizer import MobileBenchAddTodo

    for instance in (0, 1):
        task = MobileBenchAddTodo(draw(MobileBenchAddTodo.parameters(), instance))
        with SimDevice() as device:
            result = play(device, task, OracleAgent(), EpisodeOptions(),
                          make_result=lambda task=task: new_result(task, "OracleAgent"))
        assert result.metrics["checkpoint_l2"] == 1.0, published_history([vars(s) for s in result.steps])


# -- episodes recorded on the simulator ------------------------------------------------------------------------


def _arena_sample() -> list[type]:
    from pytest_mobileagent.tasks.registry import tasks_in
    from suites.androidarena import tasks_calendar, tasks_clock, tasks_contacts, tasks_settings

    chosen = []
    for module in (tasks_calendar, tasks_clock, tasks_contacts, tasks_settings):
        chosen += list(tasks_in(module))[:2]
    return chosen


class _Flaky(RandomAgent):
    """The random agent, with one output in four that is not an action."""

    def step(self, observation):  # type: ignore[no-untyped-def]
        from pytest_mobileagent.actions import InvalidOutput

        if self._rng.random() < 0.25:
            return InvalidOutput("format", "no action in the reply")
        return super().step(observation)


@pytest.mark.parametrize("task_cls", _arena_sample(), ids=lambda c: c.__name__)
def test_androidarena_metrics_equal_its_evaluator_on_recorded_episodes(task_cls: type) -> None:
    device = SimDevice()
    device.snapshot_save("clean")
    task = task_cls(draw(task_cls.parameters(), 0))
    truth = reference_ground_truth(task, restore("clean", DEFAULT_TIME))
    assert truth, f"{task_cls.__name__}: no reference"
    for agent in (OracleAgent(), RandomAgent(), _Flaky(), NoopAgent()):
        result = play(device, task_cls(dict(task.params)), agent, EpisodeOptions(),
                      make_result=lambda: _capped(new_result(task, "agent", seed=3)),
                      reset=restore("clean", DEFAULT_TIME))
        steps = [vars(s) for s in result.steps]
        theirs = arena_reference.evaluate(truth, steps, result.success)
        for name in ARENA_NAMES:
            assert result.metrics[name] == pytest.approx(theirs[name], abs=1e-9, rel=0), (type(agent), name)


def _capped(result):  # type: ignore[no-untyped-def]
    result.max_steps = min(result.max_steps, 8)
    return result


def test_checkpoint_metrics_equal_the_published_scorer_on_recorded_episodes() -> None:
    from pytest_mobileagent.tasks.registry import tasks_in
    from suites.mobilebench import tasks_apps, tasks_clock

    device = SimDevice()
    device.snapshot_save("clean")
    compared = 0
    for cls in [*tasks_in(tasks_apps), *tasks_in(tasks_clock)][:6]:
        point = getattr(cls, "check_point", None)
        if not point:
            continue
        for agent in (OracleAgent(), RandomAgent()):
            task = cls(draw(cls.parameters(), 0))
            result = play(device, task, agent, EpisodeOptions(),
                          make_result=lambda task=task: _capped(new_result(task, "a", seed=5)),
                          reset=restore("clean", DEFAULT_TIME))
            history = published_history([vars(s) for s in result.steps])
            assert result.metrics["checkpoint_l2"] == pytest.approx(mobilebench_reference.level2(point, history))
            if point.get("package"):
                assert result.metrics["checkpoint_l1"] == pytest.approx(
                    mobilebench_reference.level1(point, history))
            compared += 1
    assert compared >= 4


def test_the_spacy_text_rule_is_refused_where_spacy_is_missing(pytester: pytest.Pytester) -> None:
    import importlib.util

    if importlib.util.find_spec("spacy") is not None:
        pytest.skip("spacy is installed here")
    pytester.makepyfile("def test_nothing():\n    pass\n")
    run = pytester.runpytest("--ma-text-rule", "spacy")
    assert run.ret == pytest.ExitCode.USAGE_ERROR
    run.stderr.fnmatch_lines(["*--ma-text-rule spacy: No module named 'spacy'*use the default, difflib*"])


def test_the_spacy_text_rule_where_spacy_and_its_model_are_installed() -> None:
    from pytest_mobileagent.metrics.arena_steps import text_rule

    pytest.importorskip("spacy")
    try:
        similar = text_rule("spacy")
    except OSError:
        pytest.skip("spacy's en_core_web_md is not installed")
    assert similar("meeting", "meeting") and not similar("meeting", "")
