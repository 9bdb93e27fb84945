"""Mobile-Bench-style HTML view: the element list rendered as HTML-like tags.

Each action target (:func:`~pytest_mobileagent.observe.elements.target_nodes`:
AndroidWorld's element list, then the other actionable nodes) is one line such as
``<button id=3 class="title">Network &amp; internet</button>``; the numeric id is
the target's index, so ``click`` on that index taps it. The tag
comes from the Android class and flags: ``input`` (text fields), ``checkbox``
(checkable), ``div scrollable`` (scrollables), ``button`` (clickable, or inside
a clickable row), ``img`` (images) and ``p`` (text). UI text is untrusted, so
every attribute value and text body is HTML-escaped.
"""

from __future__ import annotations

import html
from typing import Any

from pytest_mobileagent.android.ui_tree import in_clickable
from pytest_mobileagent.observe.elements import Screen, UIElement

_IMAGE_CLASSES = ("ImageView", "ImageButton")


def escape(text: str) -> str:
    """HTML-escape UI text (quotes included), with line breaks as character references to keep one line."""
    return html.escape(text).replace("\r", "&#13;").replace("\n", "&#10;")


def targets_of(source: str | Screen) -> list[tuple[UIElement, Any]]:
    """The action targets of a dump (its XML or its :class:`Screen`), each with its node."""
    return Screen.of(source).target_nodes


def _tag(el: UIElement, tappable: bool) -> str:
    if el.editable:
        return "input"
    if el.checkable:
        return "checkbox"
    if el.scrollable:
        return "div"
    if el.clickable or el.long_clickable or tappable:
        return "button"
    if el.class_name.rsplit(".", 1)[-1] in _IMAGE_CLASSES and not el.text:
        return "img"
    return "p"


def render_element(index: int, el: UIElement, tappable: bool = False) -> str:
    """One element as an HTML-like tag; ``tappable`` marks text inside a clickable row as a button."""
    tag = _tag(el, tappable)
    attrs = [f"id={index}"]
    if el.resource_name:
        attrs.append(f'class="{escape(el.resource_name)}"')
    body = el.text or el.content_description
    if tag == "img":
        attrs.append(f'alt="{escape(el.content_description)}"')
        body = ""
    elif tag == "input":
        attrs.append(f'value="{escape(el.text)}"')
        if el.hint:
            attrs.append(f'placeholder="{escape(el.hint)}"')
        body = ""
    elif el.text and el.content_description and el.text != el.content_description:
        attrs.append(f'title="{escape(el.content_description)}"')
    for flag, shown in (("scrollable", el.scrollable), ("checked", el.checked), ("selected", el.selected),
                        ("focused", el.focused), ("disabled", not el.enabled)):
        if shown:
            attrs.append(flag)
    opening = f"<{tag} {' '.join(attrs)}>"
    return opening if tag in ("img", "input") else f"{opening}{escape(body)}</{tag}>"


def html_view(source: str | Screen) -> str:
    """The HTML view of a dump (its XML or its :class:`Screen`), one tag per line; elements with nothing to show or do
    are left out (a leaf whose tap lands on a clickable row stays: it may be the row's only visible part)."""
    screen = Screen.of(source)
    lines = []
    for index, (el, tappable) in enumerate(zip(screen.targets, screen.tappable)):
        interactive = el.clickable or el.long_clickable or el.checkable or el.editable or el.scrollable or tappable
        if not (interactive or el.text or el.content_description or el.hint):
            continue
        lines.append(render_element(index, el, tappable))
    return "\n".join(lines)


__all__ = ["escape", "html_view", "in_clickable", "render_element", "targets_of"]
