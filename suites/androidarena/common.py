"""What every AndroidArena task of this suite shares: :class:`ArenaSuiteTask`, an
:class:`~pytest_mobileagent.tasks.arena.ArenaTask` of suite ``androidarena``.

Of AndroidArena's ground-truth action sequences only ``calendar.yaml``'s seven were published, so every other
task's ground truth here is its oracle's recorded actions (``recorded_ground_truth``, played on a simulated phone
set up like the episode's). A task's ``template`` is AndroidArena's instruction with its natural parameters as
fields; ``published`` holds the values of the published wording, which is the task's instance 0. A constrained task
states the published constraint (``constraint``, told to the agent after the instruction) and declares what it
forbids (``constraints``: apps, pages, elements, actions; see
:class:`pytest_mobileagent.metrics.ability.Constraints`): an episode that breaks it fails with the violation named.
Its :meth:`ArenaTask.violation` is the oracle's counterpart: the shortest way to commit the violation.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from pytest_mobileagent.actions import Action
from pytest_mobileagent.catalog import resolve_app
from pytest_mobileagent.metrics.ability import Constraints
from pytest_mobileagent.observe.elements import UIElement
from pytest_mobileagent.tasks.arena import ArenaTask as _ArenaTask
from pytest_mobileagent.tasks.oracle import UI


class ArenaTask(_ArenaTask):
    """A task of this suite; a constrained one also declares what it forbids (``constraints``)."""

    __abstract__ = True
    suite = "androidarena"

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if cls.type == "constrained" and not cls.constraints:
            raise TypeError(f"{cls.__name__}: a constrained task of the suite declares what it forbids")

    def violation(self, ui: UI) -> Iterator[Action]:
        """A constrained task's violation, the shortest way an agent commits it (played as :meth:`oracle` is,
        ``tests/test_constraints.py`` proves the episode's record names it): open the first forbidden app and act
        in it; take the oracle's first step, then a forbidden kind of action (a scroll or a swipe); or follow the
        oracle until a forbidden element is on screen, then tap it and each element of another forbidden rule that
        shows up (the drawer's labels after its button), so that every element rule is committed. A task whose
        forbidden element the oracle never passes overrides this."""
        forbidden = Constraints.of(self.constraints)
        if forbidden is None:
            raise TypeError(f"{type(self).__name__} is not a constrained task: it has no violation")
        if forbidden.apps:  # opening it, then a step in it (Back): both are acts in the forbidden app
            yield ui.open_app(self.forbidden_app_name(forbidden.apps[0]))
            yield ui.back()
            return
        for n, action in enumerate(self.oracle(ui)):
            if n and forbidden.actions:
                yield ui.scroll("down") if "scroll" in forbidden.actions else ui.swipe(540, 1600, 540, 800)
                return
            if forbidden_targets(ui, forbidden.elements):
                break
            yield action
        else:
            raise AssertionError(f"{type(self).__name__}: the oracle never shows a forbidden element; write its "
                                 "violation()")
        rules = list(forbidden.elements)
        while shown := forbidden_targets(ui, rules):
            i, el = shown[0]
            rules = [r for r in rules if not re.search(r, el.describe())]
            yield Action("click", index=i, x=el.center[0], y=el.center[1])


    def forbidden_app_name(self, package: str) -> str:
        """The name an agent opens the forbidden app by: the one the constraint says ("Do NOT use the Weather APP."
        -> "Weather"), where it names that app, else its package."""
        named = re.fullmatch(r"Do NOT use (?:the )?(.+?)(?: APP)?\.", self.constraint.strip())
        if named and resolve_app(named.group(1))[0] == package:
            return named.group(1)
        return package


def forbidden_targets(ui: UI, rules: Sequence[str]) -> list[tuple[int, UIElement]]:
    """The action targets on screen whose element text (as a step records it) a rule of ``rules`` matches."""
    return [(i, el) for i, el in enumerate(ui.obs.targets) if any(re.search(r, el.describe()) for r in rules)]


__all__ = ["ArenaTask", "forbidden_targets"]
