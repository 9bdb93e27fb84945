"""Contacts on the device, read and seeded through the contacts provider with the ``content`` tool.

The same commands work on an emulator: listing is AndroidWorld's
``content query --uri content://contacts/phones/ --projection display_name:number``
(``contacts_utils.list_contacts``), clearing is ``pm clear`` of the provider,
and seeding inserts a raw contact and its data rows as any app would.
"""

from __future__ import annotations

import re
import shlex
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pytest_mobileagent.android.contacts import (
    EXPORT_DIR,
    GROUP_MEMBERSHIP,
    GROUPS_URI,
    PACKAGE,
    PREFS,
    PROVIDER_PACKAGE,
    SORT_BY_FIRST,
    SORT_ORDER_KEY,
)
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.validators.shared_prefs import read_prefs, update_prefs

RAW_CONTACTS_URI = "content://com.android.contacts/raw_contacts"
DATA_URI = "content://com.android.contacts/data"
NAME = "vnd.android.cursor.item/name"
PHONE = "vnd.android.cursor.item/phone_v2"
EMAIL = "vnd.android.cursor.item/email_v2"
#: ``Phone.TYPE`` values by label.
PHONE_TYPES = {"Home": 1, "Mobile": 2, "Work": 3, "Work Fax": 4, "Home Fax": 5, "Pager": 6, "Other": 7, "Main": 12}


@dataclass(frozen=True)
class Contact:
    """A contact's display name and one of its numbers, digits only (as AndroidWorld compares them)."""

    name: str
    number: str


def clean_number(number: str) -> str:
    return re.sub(r"\D", "", number)


def query_rows(device: Device, uri: str, columns: Sequence[str], where: str = "",
               sort: str = "") -> list[dict[str, str]]:
    """Rows of a ``content query`` with this projection; values as printed (``NULL`` for null)."""
    cmd = f"content query --uri {uri} --projection {':'.join(columns)}"
    if where:
        cmd += f" --where {shlex.quote(where)}"
    if sort:
        cmd += f" --sort {shlex.quote(sort)}"
    # values may hold ", " themselves: anchor each column on the next column's name
    pattern = re.compile(r"^Row: \d+ " + ", ".join(f"{re.escape(c)}=(.*?)" for c in columns[:-1])
                         + (", " if len(columns) > 1 else "") + f"{re.escape(columns[-1])}=(.*)$", re.M)
    return [dict(zip(columns, m.groups())) for m in pattern.finditer(device.shell(cmd))]


def list_contacts(device: Device) -> list[Contact]:
    """Every (display name, number) pair, as AndroidWorld's ``contacts_utils.list_contacts`` reads them."""
    out = device.shell("content query --uri content://contacts/phones/ --projection display_name:number")
    return [Contact(m.group(1), clean_number(m.group(2))) for m in re.finditer(r"display_name=(.*), number=(.*)", out)]


def contacts_are(device: Device, expected: Iterable[tuple[str, str]]) -> bool:
    """The device holds exactly these (name, number) pairs: nothing added, lost or changed."""
    want = Counter(Contact(name, clean_number(number)) for name, number in expected)
    return Counter(list_contacts(device)) == want


def clear_contacts(device: Device) -> None:
    """Delete every contact (and the call log): AndroidWorld's ``pm clear`` of the provider."""
    device.shell(f"pm clear {PROVIDER_PACKAGE}")


def _insert(device: Device, uri: str, values: dict[str, Any]) -> None:
    kinds = {bool: "b", int: "i", float: "d", str: "s", type(None): "n"}
    binds = " ".join("--bind " + shlex.quote(f"{k}:{kinds[type(v)]}:{'' if v is None else v}")
                     for k, v in values.items())
    device.shell(f"content insert --uri {uri} {binds}")


def add_contact(device: Device, first: str, last: str = "", phone: str = "", phone_type: str = "Mobile",
                email: str = "", starred: bool = False) -> int:
    """Create a local contact through the provider; returns its raw contact id."""
    _insert(device, RAW_CONTACTS_URI, {"account_type": None, "account_name": None, "starred": int(starred)})
    rows = query_rows(device, RAW_CONTACTS_URI, ["_id"], sort="_id DESC")
    if not rows:
        raise RuntimeError("the contacts provider did not create the raw contact")
    raw_id = int(rows[0]["_id"])
    name = {"data2": first} | ({"data3": last} if last else {})
    _insert(device, DATA_URI, {"raw_contact_id": raw_id, "mimetype": NAME, **name})
    if phone:
        _insert(device, DATA_URI, {"raw_contact_id": raw_id, "mimetype": PHONE, "data1": phone,
                                   "data2": PHONE_TYPES[phone_type]})
    if email:
        _insert(device, DATA_URI, {"raw_contact_id": raw_id, "mimetype": EMAIL, "data1": email, "data2": 1})
    return raw_id


def display_name(first: str, last: str) -> str:
    """The display name the provider forms from a first and last name."""
    return " ".join(p for p in (first, last) if p)


def seed_contacts(device: Device, contacts: list[dict[str, str]]) -> None:
    """Start from an empty provider (as AndroidWorld does) holding exactly these contacts."""
    clear_contacts(device)
    for c in contacts:
        add_contact(device, c["first"], c["last"], c["phone"])
    device.press("home")


def seeded(contacts: list[dict[str, str]]) -> list[tuple[str, str]]:
    """The (display name, number) pairs the provider holds after :func:`seed_contacts`."""
    return [(display_name(c["first"], c["last"]), c["phone"]) for c in contacts]




# -- details, labels, joins, the sort order, exports (AndroidArena's Contacts tasks) ----------------------------

ORGANIZATION = "vnd.android.cursor.item/organization"


def raw_contacts(device: Device) -> list[dict[str, str]]:
    """Every raw contact not deleted: ``_id``, ``contact_id`` (shared by joined ones), ``display_name``."""
    return query_rows(device, RAW_CONTACTS_URI, ["_id", "contact_id", "display_name"], where="deleted = 0",
                      sort="_id")


def details(device: Device, raw_id: int | str) -> dict[str, Any]:
    """A raw contact's ``first``, ``last``, ``company``, ``phones`` (digits) and ``emails``."""
    rows = query_rows(device, DATA_URI, ["mimetype", "data1", "data2", "data3"],
                      where=f"raw_contact_id = {int(raw_id)}")
    found: dict[str, Any] = {"first": "", "last": "", "company": "", "phones": [], "emails": []}
    for r in rows:
        r = {k: "" if v == "NULL" else v for k, v in r.items()}
        value = r["data1"]
        if r["mimetype"] == NAME:
            found.update(first=r["data2"], last=r["data3"])
        elif r["mimetype"] == ORGANIZATION:
            found["company"] = value
        elif r["mimetype"] == PHONE:
            found["phones"].append(clean_number(value))
        elif r["mimetype"] == EMAIL:
            found["emails"].append(value)
    return found


def raw_ids_named(device: Device, name: str) -> list[int]:
    """The raw contacts whose display name is ``name`` (case-insensitive)."""
    return [int(r["_id"]) for r in raw_contacts(device) if r["display_name"].lower() == name.lower()]


def labels(device: Device) -> dict[str, int]:
    """The labels (groups not deleted) by title."""
    rows = query_rows(device, GROUPS_URI, ["_id", "title"], where="deleted = 0", sort="_id")
    return {r["title"]: int(r["_id"]) for r in rows}


def add_label(device: Device, title: str) -> int:
    """Create a label of the local account; returns its id."""
    _insert(device, GROUPS_URI, {"title": title, "group_visible": 1})
    return labels(device)[title]


def label_members(device: Device, group_id: int) -> list[int]:
    """The raw contacts with the label."""
    rows = query_rows(device, DATA_URI, ["raw_contact_id"],
                      where=f"mimetype = '{GROUP_MEMBERSHIP}' AND data1 = '{int(group_id)}'", sort="raw_contact_id")
    return [int(r["raw_contact_id"]) for r in rows]


def add_to_label(device: Device, raw_id: int, group_id: int) -> None:
    _insert(device, DATA_URI, {"raw_contact_id": raw_id, "mimetype": GROUP_MEMBERSHIP, "data1": str(group_id)})


def sort_order(device: Device) -> int:
    """Contacts' ``android.contacts.SORT_ORDER`` (1 by first name, the default; 2 by last name)."""
    return int(read_prefs(device, PREFS).get(SORT_ORDER_KEY, SORT_BY_FIRST))


def set_sort_order(device: Device, order: int) -> None:
    device.shell(f"am force-stop {PACKAGE}")
    update_prefs(device, PREFS, {SORT_ORDER_KEY: order})


def vcf_files(device: Device, folder: str = EXPORT_DIR) -> dict[str, str]:
    """The ``.vcf`` files of a folder with their text."""
    if not device.exists(folder):
        return {}
    names = [n for n in device.list_dir(folder) if n.lower().endswith(".vcf")]
    return {n: device.read_file(f"{folder}/{n}").decode("utf-8", "replace") for n in names}


def vcard_names(text: str) -> list[str]:
    """The ``FN`` (formatted name) of each vCard of a file."""
    return [m.group(1).strip() for m in re.finditer(r"^FN[^:\n]*:(.*)$", text, re.M)]


# -- companies and postal addresses (AndroidArena's cross-app tasks) ------------------------------------------

POSTAL = "vnd.android.cursor.item/postal-address_v2"
#: ``StructuredPostal.TYPE`` values by label.
POSTAL_TYPES = {"Home": 1, "Work": 2, "Other": 3}


def add_company(device: Device, raw_id: int, company: str) -> None:
    """The raw contact's organization row (``Organization.COMPANY``, type work)."""
    _insert(device, DATA_URI, {"raw_contact_id": raw_id, "mimetype": ORGANIZATION, "data1": company, "data2": 1})


def add_address(device: Device, raw_id: int, address: str, kind: str = "Work") -> None:
    """A postal address of the raw contact (``StructuredPostal.FORMATTED_ADDRESS`` and its type)."""
    _insert(device, DATA_URI, {"raw_contact_id": raw_id, "mimetype": POSTAL, "data1": address,
                               "data2": POSTAL_TYPES[kind]})
