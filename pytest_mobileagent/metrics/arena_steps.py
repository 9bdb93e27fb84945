"""An episode as AndroidArena's evaluator sees it: its action records and when two of them are the same action.

AndroidArena's evaluator (``run_evaluator.py`` of github.com/AndroidArenaAgent/AndroidArena at c06a141, read for
facts, no code taken) scores an episode from its agent's action records: an action type (``CLICK``, ``SET_TEXT``,
``START_APP``, ``SWIPE_UP``, ``PRESS_BACK``, ``INVALID``...), the app's package, the element's xpath and the
xpaths "nearby" it, and the typed text. The agent's records leave out ``FINISH`` and keep ``INVALID`` ones: a step
whose output did not parse or whose action could not be performed (``agents/lm_agent.py`` records such a step as
``INVALID`` and shows the agent the error as its next observation). The ground truth is the task's action sequence
without its final ``FINISH``.

Here an action dict maps to a record (:func:`arena_action`) as follows: the type by :data:`TYPES` (a ``scroll``
moves the content the other way from the finger, so ``scroll down`` is AndroidArena's ``SWIPE_UP``, as its parser
turns ``scroll_down`` into ``swipe_up``; a key press's by :data:`KEYS`, :func:`key_type`: ``VOLUME_UP`` and
``VOLUME_DOWN`` are different actions); the element, where AndroidArena has an xpath, is the action's ``xpath``,
else the description of the element it aimed at (``element``, recorded by the episode), else its index, else its
coordinates; ``open_app`` names its app's package. An episode's steps map with :func:`arena_actions`.

Two records are the same action (:func:`same_action`, AndroidArena's ``is_same_action``) when their types are equal
and: ``START_APP`` opens the same package; a click of any kind aims at the same element (equal xpaths, or one among
the other's nearby xpaths); ``SET_TEXT`` aims at the same element and its texts are similar; any other type is the
same by its type alone. Similar texts: AndroidArena asks spaCy's ``en_core_web_md`` vectors for a similarity of at
least 0.6 and falls back to difflib's ``quick_ratio() >= 0.6`` on the raw texts. The fallback is the default here
(:func:`text_rule` ``"difflib"``: no language model needed, case and spaces count); ``"spacy"`` uses spaCy's rule
where ``spacy`` and ``en_core_web_md`` are installed.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pytest_mobileagent.actions import SWIPE_AS_SCROLL
from pytest_mobileagent.catalog import resolve_app
from pytest_mobileagent.device.base import KEYEVENT_NAMES, ActionRefused, keycode

#: AndroidArena's action type for each of the project's action kinds (others: the kind in capitals).
TYPES = {"click": "CLICK", "long_press": "LONG_CLICK", "double_tap": "DOUBLE_CLICK", "input_text": "SET_TEXT",
         "open_app": "START_APP", "stop_app": "STOP_APP", "navigate_back": "PRESS_BACK",
         "navigate_home": "PRESS_HOME", "keyboard_enter": "PRESS_ENTER", "overview": "RECENT",
         "status": "FINISH", "answer": "FINISH"}
#: Keys (``KeyEvent`` names) that AndroidArena's ``ActionType`` has a type of their own for
#: (``android_env2/actions.py``); any other key ``K`` is ``PRESS_K``, as its ``ui2code_to_dict`` writes ``press('k')``.
KEYS = {"BACK": "PRESS_BACK", "HOME": "PRESS_HOME", "ENTER": "PRESS_ENTER", "APP_SWITCH": "RECENT",
        "VOLUME_UP": "VOLUME_UP", "VOLUME_DOWN": "VOLUME_DOWN", "VOLUME_MUTE": "VOLUME_MUTE"}
#: The finger's direction for a scroll of the content (AndroidArena's parser: ``scroll_down`` is ``swipe_up``).
FINGER = {scroll: finger.upper() for scroll, finger in SWIPE_AS_SCROLL.items()}
TEXT_SIMILARITY = 0.6
#: The two ways of telling typed texts alike: AndroidArena's spaCy rule and its difflib fallback.
TEXT_RULES = ("difflib", "spacy")
TextRule = Callable[[str, str], bool]


@dataclass(frozen=True)
class ArenaAction:
    """One action record as AndroidArena's evaluator reads it."""

    type: str
    package: str = ""
    #: The element (AndroidArena's xpath; see the module's docstring), or None for actions on no element.
    xpath: str | None = None
    nearby: frozenset[str] = frozenset()
    text: str = ""
    #: For ``INVALID``: the kind of invalid step and its error, which the agent was shown next (AndroidArena's
    #: repeated-action rule compares them).
    error: str = ""


INVALID = "INVALID"
FINISH = "FINISH"


def _type(action: dict[str, Any]) -> str:
    kind = str(action.get("action_type", ""))
    if kind == "scroll":
        return f"SWIPE_{FINGER.get(str(action.get('direction')), 'UP')}"
    if kind == "swipe":
        if action.get("direction") and action.get("x2") is None:
            return f"SWIPE_{str(action['direction']).upper()}"
        return "SWIPE"
    if kind == "press_key":
        return key_type(str(action.get("text") or ""))
    return TYPES.get(kind, kind.upper())


def key_type(key: str) -> str:
    """AndroidArena's action type of a key press (:data:`KEYS`), the key named as the action names it
    (``volume_up``, ``KEYCODE_VOLUME_UP``, ``24``)."""
    try:
        name = KEYEVENT_NAMES[keycode(key)]
    except ActionRefused:  # no key: an invalid step, whose type is never read; its name keeps it apart
        name = key.upper()
    return KEYS.get(name, f"PRESS_{name}")


def _element(action: dict[str, Any]) -> str | None:
    for key in ("xpath", "element"):
        if action.get(key):
            return str(action[key])
    if action.get("index") is not None:
        return f"#{action['index']}"
    if action.get("x") is not None:
        return f"({action['x']},{action.get('y')})"
    return None


def arena_action(action: dict[str, Any]) -> ArenaAction:
    """The record of one action dict (``action_type`` and its fields)."""
    kind = _type(action)
    package = ""
    if kind == "START_APP":
        name = str(action.get("app_name") or action.get("text") or "")
        package = resolve_app(name)[0] if name else ""
    return ArenaAction(kind, package, _element(action), frozenset(action.get("nearby") or ()),
                       str(action.get("text") or ""))


def without_finish(actions: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The action dicts other than the episode-ending ``status`` and ``answer``."""
    return [a for a in actions if a.get("action_type") not in ("status", "answer")]


def invalid_kind(step: dict[str, Any]) -> str | None:
    """How a recorded step was invalid as AndroidArena's error observations tell: ``format`` (its output did not
    parse: "Invalid agent output."), ``action`` (an action outside the action space, or one that could not be
    performed: "Invalid action", "Invalid node id", "Cannot find APP"), or None."""
    if step.get("invalid") in ("format", "action"):
        return str(step["invalid"])
    if not step.get("action"):  # output that was not an action at all
        return "format"
    return "action" if step.get("error") else None


def agent_records(steps: Sequence[dict[str, Any]]) -> list[tuple[int, ArenaAction]]:
    """The steps that are agent records (``FINISH`` left out): each one's position in ``steps`` with its record."""
    kept = []
    for at, s in enumerate(steps):
        kind = invalid_kind(s)
        if kind:
            kept.append((at, ArenaAction(INVALID, error=f"{kind}: {s.get('error') or ''}")))
            continue
        record = arena_action(dict(s["action"], element=s["target"]) if s.get("target") else s["action"])
        if record.type != FINISH:
            kept.append((at, record))
    return kept


def arena_actions(steps: Sequence[dict[str, Any]]) -> list[ArenaAction]:
    """An episode's recorded steps (``StepRecord`` dicts) as the agent's records: ``INVALID`` for a step whose
    output did not parse or whose action failed, ``FINISH`` left out. A step's action carries the element it aimed
    at (``target``) as ``element``."""
    return [record for _, record in agent_records(steps)]


def finished(steps: Sequence[dict[str, Any]]) -> bool:
    """Whether the episode ended with ``FINISH`` (a valid ``status`` or ``answer``)."""
    return bool(steps) and not invalid_kind(steps[-1]) and arena_action(steps[-1]["action"]).type == FINISH


ELEMENT_TYPES = ("CLICK", "LONG_CLICK", "DOUBLE_CLICK", "SET_TEXT")


def nugget_shares(steps: Sequence[dict[str, Any]],
                  records: Sequence[tuple[int, ArenaAction]] | None = None) -> list[float | None]:
    """For each agent record, the share of its observation's text taken by the element it aimed at, None for actions
    on no element; aligned with :func:`arena_actions`. The share is 1 where the element is not in that observation:
    an element not aimed at by index, or a step right after an invalid one, whose observation in AndroidArena is the
    error the agent was shown instead of the screen. ``records``: :func:`agent_records` of ``steps``, if already
    known."""
    shares: list[float | None] = []
    for at, record in agent_records(steps) if records is None else records:
        s = steps[at]
        if record.type not in ELEMENT_TYPES:
            shares.append(None)
        elif s.get("target") and s.get("observation_chars") and not (at and invalid_kind(steps[at - 1])):
            shares.append(len(s["target"]) / s["observation_chars"])
        else:
            shares.append(1.0)
    return shares


def arena_truth(truth: Sequence[dict[str, Any]]) -> list[ArenaAction]:
    """A ground-truth action sequence as AndroidArena's labelled records, its ``FINISH`` left out."""
    return [r for r in map(arena_action, truth) if r.type != FINISH]


def _difflib(threshold: float, a: str, b: str) -> bool:
    return difflib.SequenceMatcher(None, a, b).quick_ratio() >= threshold


@functools.cache
def _spacy_model() -> Any:
    import spacy  # optional: AndroidArena's own rule

    return spacy.load("en_core_web_md")


def _spacy(threshold: float, a: str, b: str) -> bool:
    nlp = _spacy_model()
    return bool(nlp(a).similarity(nlp(b)) >= threshold)


def text_rule(name: str = "difflib", threshold: float = TEXT_SIMILARITY) -> TextRule:
    """AndroidArena's rule for typed texts: ``difflib`` (its fallback, the default) or ``spacy`` (its first
    choice; raises ImportError or OSError when spaCy or ``en_core_web_md`` is missing)."""
    if name not in TEXT_RULES:
        raise ValueError(f"unknown text rule {name!r} (one of {', '.join(TEXT_RULES)})")
    if name == "spacy":
        _spacy_model()
        return functools.partial(_spacy, threshold)
    return functools.partial(_difflib, threshold)


DEFAULT_TEXT_RULE = text_rule()


def same_element(a: ArenaAction, b: ArenaAction) -> bool:
    """Equal xpaths, or one among the other's nearby xpaths."""
    return a.xpath == b.xpath or (b.xpath in a.nearby) or (a.xpath in b.nearby)


def same_action(a: ArenaAction, b: ArenaAction, similar: TextRule = DEFAULT_TEXT_RULE) -> bool:
    """AndroidArena's ``is_same_action``."""
    if a.type != b.type:
        return False
    if a.type == "START_APP":
        return a.package == b.package
    if "CLICK" in a.type:
        return same_element(a, b)
    if a.type == "SET_TEXT":
        return same_element(a, b) and similar(a.text, b.text)
    return True


Same = Callable[[ArenaAction, ArenaAction], bool]


__all__ = ["DEFAULT_TEXT_RULE", "FINISH", "INVALID", "TEXT_RULES", "TEXT_SIMILARITY", "ArenaAction", "Same",
           "TextRule", "agent_records", "arena_action", "arena_actions", "arena_truth", "finished", "invalid_kind",
           "nugget_shares", "same_action", "same_element", "text_rule",
           "without_finish"]
