"""Google Contacts' AndroidArena depth: labels as the provider's groups, merging as a join, the vCard export and
the sort order preference, each where its validator reads it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import contacts
from pytest_mobileagent.validators import contacts as book
from tests.screen import elements, find, tap


@pytest.fixture()
def d() -> Iterator[SimDevice]:
    with SimDevice() as dev:
        book.clear_contacts(dev)
        book.add_contact(dev, "Ada", "Byron", "5551234567", email="ada@example.com")
        book.add_contact(dev, "Zoe", "Adams", "5557654321")
        yield dev


def test_a_label_is_a_group_and_its_members_are_membership_rows(d: SimDevice) -> None:
    group = book.add_label(d, "colleague")
    ada = book.raw_ids_named(d, "Ada Byron")[0]
    book.add_to_label(d, ada, group)
    assert book.label_members(d, group) == [ada]
    d.start_app(contacts.PACKAGE)
    tap(d, desc="Open navigation drawer")
    tap(d, text="colleague")
    d.long_press(*find(d, text="Ada Byron").center)
    tap(d, text="Remove from label")
    assert book.label_members(d, group) == []
    tap(d, desc="More options")
    tap(d, text="Delete label")
    tap(d, text="Delete")
    assert book.labels(d) == {}
    assert "deleted=1" in d.shell(f"content query --uri {contacts.GROUPS_URI} --projection deleted")


def test_merging_joins_the_raw_contacts_into_one_contact(d: SimDevice) -> None:
    book.add_contact(d, "Ada", "Byron", email="ada@work.example")
    d.start_app(contacts.PACKAGE)
    tap(d, desc="Open navigation drawer")
    tap(d, text="Fix & manage")
    assert find(d, text="1 suggestion")
    tap(d, text="Merge duplicates")
    tap(d, text="Merge all")
    ids = {r["contact_id"] for r in book.raw_contacts(d) if r["display_name"] == "Ada Byron"}
    assert len(ids) == 1 and len(book.raw_contacts(d)) == 3


def test_export_writes_a_vcard_per_contact_to_download(d: SimDevice) -> None:
    d.start_app(contacts.PACKAGE)
    tap(d, desc="Open navigation drawer")
    tap(d, text="Fix & manage")
    tap(d, text="Export to file")
    tap(d, text="Export")
    [(name, text)] = book.vcf_files(d).items()
    assert name == "contacts.vcf" and sorted(book.vcard_names(text)) == ["Ada Byron", "Zoe Adams"]
    assert "TEL;MOBILE:5551234567" in text and "EMAIL;HOME:ada@example.com" in text


def test_the_sort_order_is_a_preference_the_list_follows(d: SimDevice) -> None:
    d.start_app(contacts.PACKAGE)
    assert [e.text for e in elements(d) if e.resource_name == "cliv_name_textview"] == ["Ada Byron", "Zoe Adams"]
    tap(d, desc="Open navigation drawer")
    tap(d, text="Settings")
    tap(d, text="Sort by")
    tap(d, text="Last name")
    assert book.sort_order(d) == contacts.SORT_BY_LAST
    d.press("back")
    assert [e.text for e in elements(d) if e.resource_name == "cliv_name_textview"] == ["Zoe Adams", "Ada Byron"]
