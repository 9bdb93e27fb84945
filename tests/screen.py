"""Finding and tapping elements of a simulated screen in tests, as an agent would (through the hierarchy)."""

from __future__ import annotations

from mobileagent_sim import SimDevice
from pytest_mobileagent.observe.elements import UIElement, ui_elements

#: Selector keywords and the UIElement fields they compare.
FIELDS = {"text": "text", "desc": "content_description", "rid": "resource_name", "hint": "hint"}


def elements(d: SimDevice) -> list[UIElement]:
    return ui_elements(d.hierarchy())


def find(d: SimDevice, **sel: str) -> UIElement:
    """The first element whose fields equal the selector (``text``, ``desc``, ``rid`` entry name, ``hint``)."""
    for el in elements(d):
        if all(getattr(el, FIELDS[k]) == v for k, v in sel.items()):
            return el
    raise AssertionError(f"no element {sel} in {[e.describe() for e in elements(d)]}")


def tap(d: SimDevice, **sel: str) -> None:
    d.tap(*find(d, **sel).center)
