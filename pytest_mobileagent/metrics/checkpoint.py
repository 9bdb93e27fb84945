"""Mobile-Bench's CheckPoint coverage: which of a task's expected packages, activities, resource ids, key phrases and
API commands appear in the episode's history; as Mobile-Bench's published runner scores it, and corrected beside it.

A check point value is a string, a plain list (each element counts), or a list holding ``"|"`` (one item: any
element) or ``"&"`` (one item: every element). Matching is substring containment in a history entry.

The published runner (``agent_for_ui/main_for_ui.py`` of github.com/XiaoMi/MobileBench at 4360ca8, read for facts,
no code taken) keeps as its history the actions that did not fail, each written as its agent wrote it, the element
being the line of its HTML view (:func:`published_element`): ``click(<el>)``, ``press(<el>)``, ``click(<el>)`` then
``input(<el>, text)`` for typing, ``scroll([x1,y1][x2,y2])``; then the API calls that ran, ``"<adb command>. [Call
result]:API execution successful"`` (:func:`published_history`). Its agent has no back, home or app-launch
action: it calls the adb commands of its API list for them (``input keyevent KEYCODE_BACK``, ``am start -n
<package>/<activity>``), which is how those steps are written here. It scores (:func:`published_scores`):

- level 1, ``checkpoint_l1``: the share of the ``package`` value's items found in some entry, 0 without one;
- level 2, ``checkpoint_l2``: passed / total over the fields ``activity``, ``resource-id``, ``text``, ``package`` and
  ``api`` (0 when none is set).

Those are the numbers under Mobile-Bench's names. The published scorer has bugs, corrected in ``checkpoint_l1_fixed``
and ``checkpoint_l2_fixed`` over the same history (:func:`fixed_scores`), which differ from it only there:

1. a ``"&"`` group passes when every element is in some entry (published: every element in every entry, so it
   fails on any real history and passes on an empty one);
2. a plain-string ``package`` is one package (published: level 1 iterates its characters, each one an item);
3. in level 1 a ``"|"`` or ``"&"`` marker is not a package: a group is one item (published: the marker is an item,
   found in no entry);
4. a task without a ``package`` has no level-1 score (published: 0, averaged in), nor one with an empty list
   (published: a division by zero).

The project also keeps a richer history (:func:`history_of`): every step prefixed with its app and screen, so that
an activity check point passes by being on that screen. ``checkpoint_l1_screens`` and ``checkpoint_l2_screens`` are
the corrected scores over it; ``ordered=True`` additionally requires plain-list elements to appear in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pytest_mobileagent.apis import ApiCall
from pytest_mobileagent.catalog import resolve_app

FIELDS = ("activity", "resource-id", "text", "package", "api")
MARKERS = ("|", "&")
#: What the published runner's ``run_command`` returns for a command that exited 0, which its history records.
CALL_RESULT = "API execution successful"
#: Keys the published runner's agent presses through its API list.
KEYCODES = {"navigate_back": "KEYCODE_BACK", "navigate_home": "KEYCODE_HOME", "keyboard_enter": "KEYCODE_ENTER"}


def _found(needle: str, history: Sequence[str], start: int = 0) -> int:
    """Index of the first history entry from ``start`` containing ``needle``, or -1."""
    return next((i for i in range(start, len(history)) if needle in history[i]), -1)


def _in_history(needle: Any, history: Sequence[str]) -> bool:
    return _found(str(needle), history) >= 0


# -- the published scorer --------------------------------------------------------------------------------------


def published_value(value: Any, history: Sequence[str]) -> tuple[int, int]:
    """(passed, total) of one level-2 check point value, as the published scorer counts it."""
    if not isinstance(value, list):
        return (int(_in_history(value, history)), 1)
    if "|" in value:
        return (int(any(_in_history(v, history) for v in value if v != "|")), 1)
    if "&" in value:
        return (int(all(str(v) in entry for v in value if v != "&" for entry in history)), 1)
    return (sum(_in_history(v, history) for v in value), len(value))


def published_scores(check_point: dict[str, Any], history: Sequence[str]) -> dict[str, float]:
    """``checkpoint_l1`` and ``checkpoint_l2`` as the published scorer computes them."""
    packages = check_point.get("package")
    if "package" not in check_point or not packages:
        level1 = 0.0  # published: 0 without a package; a division by zero for an empty one
    else:
        items = list(packages) if isinstance(packages, (str, list)) else [packages]
        level1 = sum(_in_history(p, history) for p in items) / len(items)
    passed = total = 0
    for name in FIELDS:
        if check_point.get(name):
            p, t = published_value(check_point[name], history)
            passed, total = passed + p, total + t
    return {"checkpoint_l1": level1, "checkpoint_l2": passed / total if total else 0.0}


# -- the corrected scorer --------------------------------------------------------------------------------------




def score_value(value: Any, history: Sequence[str], ordered: bool = False) -> tuple[int, int]:
    """(passed, total) for one check point value, corrected."""
    if isinstance(value, str):
        return (int(_in_history(value, history)), 1)
    items = [str(v) for v in value]
    if "|" in items:
        return (int(any(_in_history(v, history) for v in items if v not in MARKERS)), 1)
    if "&" in items:
        return (int(all(_in_history(v, history) for v in items if v not in MARKERS)), 1)
    if not ordered:
        return (sum(_in_history(v, history) for v in items), len(items))
    passed, at = 0, 0
    for v in items:
        hit = _found(v, history, at)
        if hit >= 0:
            passed, at = passed + 1, hit
    return (passed, len(items))


def fixed_scores(check_point: dict[str, Any], history: Sequence[str], ordered: bool = False) -> dict[str, float]:
    """``checkpoint_l1`` (absent without a package) and ``checkpoint_l2`` (absent when nothing is set), corrected."""
    scores: dict[str, float] = {}
    packages = check_point.get("package")
    if packages:
        passed, total = score_value([packages] if isinstance(packages, str) else packages, history, ordered)
        scores["checkpoint_l1"] = passed / total
    passed = total = 0
    for name in FIELDS:
        value = check_point.get(name)
        if value:
            p, t = score_value(value, history, ordered)
            passed, total = passed + p, total + t
    if total:
        scores["checkpoint_l2"] = passed / total
    return scores


# -- histories -------------------------------------------------------------------------------------------------

#: Mobile-Bench's HTML tag for a node's class, the first name the class contains deciding (``xml_to_html.py``).
_TAGS = (("ImageView", "img"), ("IconView", "img"), ("Button", "button"), ("Image", "img"),
         ("MenuItemView", "button"), ("EditText", "input"), ("TextView", "p"))


def published_element(node: dict[str, str] | None) -> str:
    """An element as a line of the published runner's HTML view (a leaf's form), which its history quotes:
    ``<p id="com.x:id/title" package="com.x" class="android.widget.TextView" clickable="true"> Wi-Fi </p>``."""
    if not node:
        return ""
    cls = node.get("class", "")
    tag = next((t for name, t in _TAGS if name in cls), "div")
    attrs = "".join(f' {name}="{node[key]}"' for name, key in (
        ("id", "resource-id"), ("package", "package"), ("class", "class"), ("description", "content-desc"),
        ("clickable", "clickable")) if node.get(key))
    scroll = f' scrollable="true" bounds="{node.get("bounds", "")}"' if node.get("scrollable") == "true" else ""
    text = (node.get("text") or "").replace("\n", "")
    return f"<{tag}{attrs}{scroll}> {text} </{tag}>"


def _api_entry(command: str) -> str:
    return f"{command}. [Call result]:{CALL_RESULT}"


def _published_entries(step: dict[str, Any]) -> tuple[list[str], list[str]]:
    """A step's (UI action entries, API call entries) in the published runner's history."""
    action = step.get("action") or {}
    kind = str(action.get("action_type", ""))
    element = published_element(step.get("target_node"))
    if kind in ("click", "double_tap"):
        return [f"click({element})"], []
    if kind == "long_press":
        return [f"press({element})"], []
    if kind == "input_text":
        return [f"click({element})", f"input({element}, {action.get('text') or ''})"], []
    if kind in ("scroll", "swipe"):  # the runner writes the finger's points, never a direction
        points = step.get("points") or [action.get(k) for k in ("x", "y", "x2", "y2")]
        if None in points:  # a line from before points were recorded
            return [f"scroll({action.get('direction') or ''})"], []
        x1, y1, x2, y2 = points
        return [f"scroll([{x1},{y1}][{x2},{y2}])"], []
    if kind in KEYCODES or kind == "press_key":
        key = KEYCODES.get(kind) or f"KEYCODE_{str(action.get('text') or '').upper()}"
        return [], [_api_entry(f"adb shell input keyevent {key}")]
    if kind == "open_app":
        package, activity = resolve_app(str(action.get("text") or ""))
        if activity is None:  # outside the catalogue: by its launcher entry, as the adb backend starts it
            return [], [_api_entry(f"adb shell monkey -p {package} -c android.intent.category.LAUNCHER 1")]
        return [], [_api_entry(f"adb shell am start -n {package}/{activity}")]
    if kind == "api_call" and step.get("command"):
        return [], [_api_entry(f"adb shell {step['command']}")]
    return [], []


def published_history(steps: Sequence[dict[str, Any]]) -> list[str]:
    """An episode's history as the published runner keeps it: the actions that did not fail, in order, then the
    API calls that ran (see the module's docstring)."""
    actions: list[str] = []
    calls: list[str] = []
    for s in steps:
        if s.get("invalid") or s.get("error") or not s.get("action"):
            continue
        ui, api = _published_entries(s)
        actions += ui
        calls += api
    return actions + calls


def _screen(package: str, activity: str) -> str:
    """The app and screen a step acted on, as CheckPoints name activities: ``pkg/.Short`` and ``pkg/full.Name``."""
    if not activity:
        return package
    short = activity[len(package):] if activity.startswith(package + ".") else activity
    return f"{package} {package}/{short} {package}/{activity}"


def _action(action: dict[str, Any], target: str) -> str:
    """A step's action as Mobile-Bench's runner writes its history (``click(<element>)``, ``input(<element>,
    text)``): the verb and what it names, never the action's other fields (a wait's ``1000`` ms would match a
    key phrase "1")."""
    kind = str(action.get("action_type", ""))
    text = action.get("text") or ""
    if kind in ("click", "long_press", "double_tap"):
        return f"{kind}({target})"
    if kind == "input_text":
        return f"input({target}, {text})"
    if kind in ("scroll", "swipe"):
        return f"{kind}({action.get('direction') or ''})"
    if kind.startswith("navigate_") or kind in ("keyboard_enter", "press_key"):
        return f"press({text or kind.removeprefix('navigate_')})"
    if kind in ("open_app", "answer"):
        return f"{kind}({text})"
    return kind


def history_of(steps: Sequence[dict[str, Any]]) -> list[str]:
    """The project's richer history: each step's app and screen, its action as the runner writes it and the element
    it aimed at (with its full resource id); an API call as Mobile-Bench records it, ``"adb shell <command>. [Call
    result]:<output>"``. Failed actions (invalid, or refused when performed) are dropped, as the published runner
    drops the ones it marks ``[Fail]``."""
    lines = []
    for s in steps:
        action = s.get("action") or {}
        if s.get("invalid") or s.get("error") or not action:
            continue
        target = " ".join(filter(None, (s.get("target"), s.get("target_id"))))
        line = f"{_screen(s.get('package', ''), s.get('activity', ''))} {_action(action, target)}"
        if s.get("command"):
            line += " " + ApiCall(s["command"], s.get("command_output") or "").history_entry()
        lines.append(line)
    return lines


def checkpoint_metrics(check_point: dict[str, Any], steps: Sequence[dict[str, Any]]) -> dict[str, float]:
    """Every CheckPoint metric of an episode: the published numbers under Mobile-Bench's names, the corrected ones
    (``_fixed``) over the same history, and the corrected ones over the project's richer history (``_screens``)."""
    published = published_history(steps)
    metrics = published_scores(check_point, published)
    for suffix, history in (("_fixed", published), ("_screens", history_of(steps))):
        metrics.update({f"{name}{suffix}": value for name, value in fixed_scores(check_point, history).items()})
    return metrics


__all__ = ["CALL_RESULT", "FIELDS", "checkpoint_metrics", "fixed_scores", "history_of",
           "published_element", "published_history", "published_scores", "published_value", "score_value"]
