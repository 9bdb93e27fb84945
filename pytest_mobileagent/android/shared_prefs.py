"""The ``SharedPreferences`` file format: ``<app data>/shared_prefs/<name>.xml`` as ``android.util.XmlUtils``
writes it, a ``<map>`` of typed entries (``<int name=".." value=".."/>``, ``<long .../>``, ``<boolean .../>``,
``<float .../>``, ``<string name="..">text</string>``, ``<set name="..">`` of ``<string>``). Values come back as
Python values; ``<long>`` entries as :class:`Long` so that writing them back keeps their type.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from lxml import etree

Prefs = dict[str, Any]
HEADER = "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n"


class Long(int):
    """An ``int`` stored as ``<long>`` (Java ``putLong``)."""


def parse_prefs(data: bytes) -> Prefs:
    """The entries of a preferences file (empty for an empty or missing ``<map>``)."""
    if not data.strip():
        return {}
    root = etree.fromstring(data, parser=etree.XMLParser(resolve_entities=False))
    out: Prefs = {}
    for el in root:
        name, tag, value = el.get("name"), el.tag, el.get("value")
        if name is None:
            continue
        if tag == "int":
            out[name] = int(value or 0)
        elif tag == "long":
            out[name] = Long(int(value or 0))
        elif tag == "boolean":
            out[name] = value == "true"
        elif tag == "float":
            out[name] = float(value or 0)
        elif tag == "string":
            out[name] = el.text or ""
        elif tag == "set":
            out[name] = {child.text or "" for child in el}
    return out


def format_prefs(prefs: Prefs) -> bytes:
    """The file ``SharedPreferences`` would write for ``prefs``."""
    lines = [HEADER, "<map>\n"]
    for name, value in prefs.items():
        attr = quoteattr(name)
        if isinstance(value, bool):
            lines.append(f"    <boolean name={attr} value=\"{'true' if value else 'false'}\" />\n")
        elif isinstance(value, Long):
            lines.append(f'    <long name={attr} value="{int(value)}" />\n')
        elif isinstance(value, int):
            lines.append(f'    <int name={attr} value="{value}" />\n')
        elif isinstance(value, float):
            lines.append(f'    <float name={attr} value="{value}" />\n')
        elif isinstance(value, (set, frozenset)):
            lines.append(f"    <set name={attr}>\n")
            lines += [f"        <string>{escape(str(v))}</string>\n" for v in sorted(value)]
            lines.append("    </set>\n")
        else:
            lines.append(f"    <string name={attr}>{escape(str(value))}</string>\n")
    lines.append("</map>\n")
    return "".join(lines).encode("utf-8")


__all__ = ["HEADER", "Long", "Prefs", "format_prefs", "parse_prefs"]
