"""The ``Task`` type: a benchmark task a researcher can read top to bottom.

A task declares its goal template and metadata, draws parameters from a
hypothesis strategy, seeds device state in :meth:`Task.setup`, judges the end
state in :meth:`Task.check`, cleans up in :meth:`Task.teardown`, and proves
itself with :meth:`Task.oracle`, a solution that acts only through the action
space, finding elements in observations the way an agent would.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from hypothesis import strategies as st

from pytest_mobileagent.tasks.params import pinned

if TYPE_CHECKING:
    from pytest_mobileagent.actions import Action
    from pytest_mobileagent.device.base import Device
    from pytest_mobileagent.tasks.oracle import UI


#: What an information-retrieval task lets through: only its answer is judged, not how the agent looked it up.
ANSWER_ONLY: Mapping[str, str] = MappingProxyType({
    "skip": "only the answer is judged; the steps that look it up can be taken in other ways",
    "text": "only the answer is judged; what is typed to look it up (a search) is not",
})
#: What a verification task lets through: its goal holds from the start, so only the declaration counts.
GOAL_HOLDS: Mapping[str, str] = MappingProxyType({
    "skip": "the goal holds from the start; the steps that verify it can be taken in other ways",
})


def params_key(params: Mapping[str, Any]) -> str:
    """A text that stands for ``params`` the same in every process: JSON, dataclass rows by their fields, other
    objects (an image) by their type alone, never by their address."""
    def stable(value: Any) -> Any:
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return dataclasses.asdict(value)
        return f"<{type(value).__name__}>"

    return json.dumps(params, sort_keys=True, default=stable)


class Task:
    """Base class of every task.

    Class attributes are the task's metadata; an instance holds one draw of
    parameters (``self.params``). Subclasses override :meth:`parameters`,
    :meth:`setup`, :meth:`check` and :meth:`oracle`, and :meth:`teardown` when
    setup leaves something behind that a snapshot restore would not undo.
    """

    #: Defaults to the class name; unique within a suite.
    name: ClassVar[str] = ""
    suite: ClassVar[str] = ""
    template: ClassVar[str] = ""
    #: Short app keys (``"settings"``), used for ``app_<key>`` markers and per-app summaries.
    apps: ClassVar[tuple[str, ...]] = ()
    difficulty: ClassVar[str] = "easy"
    tags: ClassVar[tuple[str, ...]] = ()
    #: Step budget is ``int(complexity * 10)``, as in AndroidWorld.
    complexity: ClassVar[float] = 1.0
    optimal_steps: ClassVar[int | None] = None
    #: Information-retrieval tasks: the agent must answer; :meth:`check` gets the answer.
    answer_required: ClassVar[bool] = False
    start_on_home_screen: ClassVar[bool] = True
    #: Mistakes the check lets through on purpose, each with the reason: a mutation's key
    #: (``"skip:navigate_back"``, ``"text:append"``) or kind (``"skip"``) -> why (see ``pytest_mobileagent.mutations``).
    tolerates: ClassVar[Mapping[str, str]] = {}
    #: Verification tasks: the goal already holds; success counts only if the agent declares completion,
    #: so an agent that does nothing fails (AndroidWorld's *Verify families passed for it, issue #315).
    requires_completion: ClassVar[bool] = False
    #: The goal needs what only the screenshot shows (text in a photo): a text-only agent cannot succeed.
    #: Marks the items ``multimodal`` so ``-m "not multimodal"`` leaves them out.
    multimodal: ClassVar[bool] = False
    #: Mobile-Bench check points (``package``, ``activity``, ``resource-id``, ``text``, ``api``) for CheckPoint
    #: coverage; see :mod:`pytest_mobileagent.metrics.checkpoint`.
    check_point: ClassVar[dict[str, Any] | None] = None
    #: Optional reference action sequence (for LCS metrics): action dicts as an episode records them.
    ground_truth: ClassVar[tuple[dict[str, Any], ...] | None] = None
    #: Without a fixed :attr:`ground_truth`, the reference sequence is what :meth:`reference` (by default the
    #: oracle) does on a simulated phone set up like the episode's: one per instance, for the LCS metrics.
    recorded_ground_truth: ClassVar[bool] = False
    #: Constrained tasks (AndroidArena): forbidden ``apps`` (packages), ``pages`` (activities), ``elements``
    #: (regexes over the targeted element's description) and ``actions`` (action types); see
    #: :class:`~pytest_mobileagent.metrics.ability.Constraints`. Using one zeroes success and is reported.
    constraints: ClassVar[dict[str, Any] | None] = None
    #: Device capabilities the task needs (names of :data:`~pytest_mobileagent.device.base.CAPABILITIES`, such as
    #: ``sim_media``): its items get ``requires_<name>`` markers and are skipped on a device that lacks one.
    requires: ClassVar[frozenset[str]] = frozenset()
    #: Packages the task's apps are (``com.instagram.android``): items of a task with a package the simulator does
    #: not install get a ``needs_real_app(package)`` marker, and an item is skipped on a device where one of its
    #: packages is not installed.
    packages: ClassVar[frozenset[str]] = frozenset()
    #: Why the task has no oracle (an imported task no hand-written solution covers); an ``--agent=oracle`` run
    #: skips its items with this reason instead of playing :meth:`oracle`.
    oracle_missing: ClassVar[str] = ""
    #: Why the task cannot be judged (an imported task whose success rule its file does not carry): its items are
    #: collected and skipped with this reason, on every device.
    unjudged: ClassVar[str] = ""
    #: The task has no state check: its success is the model judge's verdict (``--ma-llm-judge``), as AndroidArena
    #: judges its tasks; without the judge its items are skipped. A constraint broken still fails it.
    judged_by_model: ClassVar[bool] = False
    #: The benchmark's own instances (its published rows, such as B-MoCA's "turn on wifi" and "turn off wifi"):
    #: each a dict of the parameters that define the row. Items ``0..k-1`` are these rows, in order, with the
    #: other parameters drawn (:meth:`published_parameters`); ``--ma-instances`` beyond ``k`` adds drawn ones.
    published: ClassVar[tuple[Mapping[str, Any], ...]] = ()
    #: The task takes a benchmark's own parameter dicts, which lack the project's extra parameters: those are
    #: drawn from :meth:`parameters` (see :meth:`complete_params`).
    derives_params: ClassVar[bool] = False

    def __init__(self, params: dict[str, Any] | None = None):
        self.params: dict[str, Any] = self.complete_params(dict(params or {}))

    @classmethod
    def complete_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        """The parameters the task runs on, from those it is given. With :attr:`derives_params`, a dict that lacks
        parameters of :meth:`parameters` (a benchmark's own, such as AndroidWorld's ``generate_random_params()``,
        which the project's extra parameters are not part of) gets them drawn from the strategy with a seed
        derived from the given dict, so the same dict always completes alike; the given values are kept."""
        if not cls.derives_params:
            return params
        from pytest_mobileagent.tasks.params import draw

        drawn = draw(cls.parameters(), int.from_bytes(hashlib.sha256(params_key(params).encode()).digest()[:8], "big"))
        missing = {k: v for k, v in drawn.items() if k not in params}
        return {**missing, **params} if missing else params

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if "name" not in cls.__dict__:
            cls.name = cls.__name__

    # -- declared by subclasses ---------------------------------------------------

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        """The parameter space (a strategy of dicts). Default: no parameters."""
        return st.just({})

    @classmethod
    def published_parameters(cls, row: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        """The parameters of a published instance: :meth:`parameters` with ``row``'s values. Default: where
        :meth:`parameters` is a ``st.fixed_dictionaries`` holding the row's keys, the same dictionary with the row's
        values (:func:`~pytest_mobileagent.tasks.params.pinned`); else the draws that agree with ``row`` (a filter).
        A task whose values depend on each other overrides this to build the rest around the row."""
        strategy = cls.parameters()
        pinned_strategy = pinned(strategy, row)
        if pinned_strategy is not None:
            return pinned_strategy
        return strategy.filter(lambda p: all(p.get(k) == v for k, v in row.items()))

    def setup(self, device: Device) -> None:
        """Seed the state the task needs, so that the goal does not yet hold."""

    def check(self, device: Device, answer: str | None = None) -> float:
        """Judge the end state: 1.0 success, 0.0 failure, in between for composite tasks."""
        raise NotImplementedError

    def observe_trajectory(self, steps: Sequence[Mapping[str, Any]]) -> None:
        """The episode's recorded steps (each a :class:`~pytest_mobileagent.records.StepRecord`'s fields), given
        just before :meth:`check`, for a task judged on what the agent did (Mobile-Bench's CheckPoints). Default:
        ignored; a task that keeps them starts from none in :meth:`setup`."""

    def goal_in_state(self, device: Device) -> float | None:
        """How far the goal holds by device state, for a task whose :meth:`check` reads the screen: the
        "goal already holds" guard runs before the agent, with the home screen in front, and would miss a goal
        met off screen (a stopwatch already running). None (the default): :meth:`check` reads state itself."""
        return None

    def teardown(self, device: Device) -> None:
        """Undo what :meth:`setup` left behind outside the restored snapshot (always runs)."""

    def oracle(self, ui: UI) -> Iterator[Action]:
        """A solution over the action space; yields actions, reading ``ui`` between them."""
        raise NotImplementedError
        yield  # pragma: no cover

    def reference(self, ui: UI) -> Iterator[Action]:
        """The reference solution whose recorded actions are the ground truth (:attr:`recorded_ground_truth`):
        the oracle, unless the benchmark publishes its own sequence (AndroidArena's ``action_seq``)."""
        return self.oracle(ui)

    # -- derived ----------------------------------------------------------------

    @property
    def goal(self) -> str:
        """The instruction given to the agent."""
        return self.template.format(**self.params)

    @property
    def max_steps(self) -> int:
        return max(1, int(self.complexity * 10))

    @property
    def app(self) -> str:
        return self.apps[0] if self.apps else ""

    def describe_state(self, device: Device) -> str:
        """What the validator saw, for failure messages (override for a richer view)."""
        return ""

    def __repr__(self) -> str:
        return f"{self.name}({self.params!r})"
