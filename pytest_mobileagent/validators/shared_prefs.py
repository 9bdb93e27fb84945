"""Android ``SharedPreferences`` files: read, write and check them.

A preferences file is ``<app data>/shared_prefs/<name>.xml`` in the format
``android.util.XmlUtils`` writes: a ``<map>`` of typed entries
(``<int name=".." value=".."/>``, ``<long .../>``, ``<boolean .../>``,
``<float .../>``, ``<string name="..">text</string>``, ``<set name="..">``
of ``<string>``). Values come back as Python values; ``<long>`` entries as
:class:`Long` so that writing them back keeps their type.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from lxml import etree

from pytest_mobileagent.device.base import Device

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


def read_prefs(device: Device, path: str) -> Prefs:
    """The preferences at ``path`` on the device (empty if the file does not exist)."""
    if not device.exists(path):
        return {}
    return parse_prefs(device.read_file(path))


def update_prefs(device: Device, path: str, put: Prefs | None = None, remove: tuple[str, ...] = ()) -> None:
    """Edit a preferences file like ``prefs.edit().put...().remove(...).commit()``.

    The app must not be running: a live process keeps its preferences in
    memory and would write them back over the file.
    """
    prefs = read_prefs(device, path)
    for key in remove:
        prefs.pop(key, None)
    prefs.update(put or {})
    device.write_file(path, format_prefs(prefs))


def pref_is(device: Device, path: str, key: str, expected: Any) -> bool:
    """The preference ``key`` holds ``expected`` (``None``: the key is absent)."""
    return read_prefs(device, path).get(key) == expected
