"""B-MoCA-style numbered element list: one short line per UI element.

Line ``N`` describes action target ``N`` (:func:`~pytest_mobileagent.observe.elements.target_nodes`:
AndroidWorld's element list, then the other actionable nodes), so an agent answers
with that number as the action index::

    3: TextView "Network & internet" id=title clickable

Text and descriptions are JSON-quoted, so quotes and newlines in UI text cannot
break the one-line-per-element layout. ``clickable`` also marks elements whose
tap lands on a clickable row around them.
"""

from __future__ import annotations

import json

from pytest_mobileagent.observe.elements import Screen, UIElement


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def describe_line(index: int, el: UIElement, tappable: bool = False) -> str:
    """The numbered line of one element."""
    parts = [f"{index}:", el.class_name.rsplit(".", 1)[-1] or "View"]
    if el.text:
        parts.append(_quote(el.text))
    if el.content_description and el.content_description != el.text:
        parts.append(f"desc={_quote(el.content_description)}")
    if el.hint and not el.text:
        parts.append(f"hint={_quote(el.hint)}")
    if el.resource_name:
        parts.append(f"id={el.resource_name}")
    flags = {"clickable": el.clickable or el.long_clickable or tappable, "editable": el.editable,
             "scrollable": el.scrollable, "checked" if el.checked else "unchecked": el.checkable,
             "selected": el.selected, "disabled": not el.enabled}
    parts.extend(name for name, on in flags.items() if on)
    return " ".join(parts)


def numbered_list(source: str | Screen) -> str:
    """Every action target of the dump (its XML or its :class:`Screen`), one line each, numbered by its action
    index."""
    screen = Screen.of(source)
    return "\n".join(describe_line(i, el, tappable) for i, (el, tappable) in enumerate(zip(screen.targets,
                                                                                          screen.tappable)))
