"""Contacts and the contacts provider: screens, what lands in contacts2.db, the ``content`` tool, and the tasks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from lxml import etree

from mobileagent_sim import SimDevice
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.validators.contacts import Contact, add_contact, list_contacts, query_rows
from suites.androidworld.tasks_contacts import ContactsAddContact, ContactsNewContactDraft
from suites.bmoca.tasks_contacts import ContactsActivateEditPage, ContactsActivateInsertPage
from tests.screen import elements, find, tap

PKG = "com.google.android.contacts"
DB = "/data/data/com.android.providers.contacts/databases/contacts2.db"


@pytest.fixture(scope="module")
def device() -> Iterator[SimDevice]:
    d = SimDevice(serial="sim-contacts")
    d.snapshot_save("clean")
    yield d
    d.close()


@pytest.fixture
def d(device: SimDevice) -> SimDevice:
    device.snapshot_load("clean")
    device.set_time(DEFAULT_TIME)
    return device


def type_into(d: SimDevice, value: str, **sel: str) -> None:
    tap(d, **sel)
    d.input_text(value)


def seed(d: SimDevice) -> None:
    for first, last, phone in (("Emma", "Watson", "+1 650-555-0101"), ("Hugo", "dos Santos", "(415) 555-0132"),
                               ("Ana", "Li", "212-555-0199"), ("Zoe", "Adams", "3125550100")):
        add_contact(d, first, last, phone)


# -- screens ----------------------------------------------------------------------------------------


def test_list_is_alphabetical_with_letter_headers_search_bar_and_create_button(d: SimDevice) -> None:
    seed(d)
    d.start_app(PKG)
    etree.fromstring(d.hierarchy().encode())
    assert d.current_activity() == (PKG, "com.android.contacts.activities.PeopleActivity")
    texts = [e.text for e in elements(d) if e.text]
    names = [e.text for e in elements(d) if e.resource_name == "cliv_name_textview"]
    assert names == ["Ana Li", "Emma Watson", "Hugo dos Santos", "Zoe Adams"]
    assert texts.index("A") < texts.index("Ana Li") < texts.index("E") < texts.index("Emma Watson")
    assert find(d, rid="open_search_bar_text_view").text == "Search contacts"
    assert find(d, desc="Create contact").resource_id == f"{PKG}:id/floating_action_button"


def test_long_list_scrolls_rows_into_view(d: SimDevice) -> None:
    for i in range(14):
        add_contact(d, f"Person{chr(65 + i)}", "Test", f"650555{1000 + i}")
    d.start_app(PKG)
    assert "PersonN Test" not in [e.text for e in elements(d)]
    lst = find(d, rid="list")
    x1, y1, x2, y2 = lst.bounds
    for _ in range(3):
        d.swipe((x1 + x2) // 2, y2 - 50, (x1 + x2) // 2, y1 + 50, 400)
    assert "PersonN Test" in [e.text for e in elements(d)]


def test_search_filters_by_name_and_number(d: SimDevice) -> None:
    seed(d)
    d.start_app(PKG)
    tap(d, text="Search contacts")
    type_into(d, "santos", rid="open_search_view_edit_text")
    assert [e.text for e in elements(d) if e.resource_name == "cliv_name_textview"] == ["Hugo dos Santos"]
    d.press("back")  # keyboard
    d.press("back")  # search
    tap(d, text="Search contacts")
    type_into(d, "5550199", rid="open_search_view_edit_text")
    assert [e.text for e in elements(d) if e.resource_name == "cliv_name_textview"] == ["Ana Li"]


def test_editor_has_the_real_hints_label_spinner_and_save(d: SimDevice) -> None:
    d.start_app(PKG)
    tap(d, desc="Create contact")
    assert d.current_activity() == (PKG, "com.android.contacts.activities.ContactEditorActivity")
    hints = [e.hint for e in elements(d) if e.class_name == "android.widget.EditText"]
    assert hints == ["First name", "Last name", "Company", "Phone", "Email"]
    spinner = find(d, desc="Mobile Phone")
    assert spinner.text == "Mobile" and spinner.bounds[1] >= find(d, hint="Phone").bounds[3]
    assert find(d, text="Save").resource_id == f"{PKG}:id/toolbar_button"
    assert any("act=android.intent.action.INSERT" in line and "ContactEditorActivity" in line
               for line in d.logcat())


def test_the_phone_field_keeps_only_what_dialer_key_listener_accepts(d: SimDevice) -> None:
    """The editor's phone field has input type ``phone`` (AOSP Contacts' phone kind: ``TYPE_CLASS_PHONE``), so
    letters never reach it, however they are typed; the name fields take anything."""
    d.start_app(PKG)
    tap(d, desc="Create contact")
    type_into(d, "Ann", hint="First name")
    tap(d, hint="Phone")
    d.input_text("555-0199x")
    assert find(d, hint="Phone").text == "555-0199"
    d.shell("input text abc")  # the shell's input tool, as AndroidWorld's agents type
    d.shell("input keyevent KEYCODE_X")
    assert find(d, hint="Phone").text == "555-0199"
    assert find(d, hint="First name").text == "Ann"


def test_uiautomator2_set_text_on_the_phone_field_is_filtered_too() -> None:
    import uiautomator2 as u2

    from mobileagent_sim.testing import adb_device, serve

    with SimDevice() as phone, serve(phone) as server:
        d = u2.connect(adb_device(server, phone.serial))
        d.app_start(PKG)
        d(description="Create contact").click()
        d(resourceId=f"{PKG}:id/phone").set_text("(555) 0199 ext x")
        assert d(resourceId=f"{PKG}:id/phone").get_text() == "(555) 0199  "


# -- state -----------------------------------------------------------------------------------------


def create_through_ui(d: SimDevice, first: str, last: str, phone: str, label: str = "Mobile") -> None:
    d.start_app(PKG)
    tap(d, desc="Create contact")
    type_into(d, first, text="First name")
    type_into(d, last, text="Last name")
    type_into(d, phone, text="Phone")
    if label != "Mobile":
        tap(d, desc="Mobile Phone")
        tap(d, text=label)
    tap(d, text="Save")


def test_saving_writes_raw_contact_data_rows_and_aggregate(d: SimDevice) -> None:
    create_through_ui(d, "Liam", "da Silva", "+1 415-555-0123", label="Work")
    assert d.current_activity()[1] == "com.android.contacts.quickcontact.QuickContactActivity"
    assert find(d, rid="large_title").text == "Liam da Silva"
    raw = d.sqlite(DB, "SELECT r._id, r.display_name, r.display_name_alt, r.display_name_source, r.deleted, "
                       "a.account_name, a.account_type FROM raw_contacts r JOIN accounts a ON a._id = r.account_id")
    assert raw == [(1, "Liam da Silva", "da Silva, Liam", 40, 0, None, None)]
    data = d.sqlite(DB, "SELECT m.mimetype, d.data1, d.data2, d.data3, d.data4 FROM data d JOIN mimetypes m "
                        "ON m._id = d.mimetype_id ORDER BY d._id")
    assert data == [("vnd.android.cursor.item/name", "Liam da Silva", "Liam", "da Silva", None),
                    ("vnd.android.cursor.item/phone_v2", "+1 415-555-0123", "3", None, "+14155550123")]
    assert d.sqlite(DB, "SELECT has_phone_number, name_raw_contact_id FROM contacts") == [(1, 1)]
    assert d.sqlite(DB, "SELECT normalized_number, min_match FROM phone_lookup") == [("+14155550123", "3210555")]
    assert list_contacts(d) == [Contact("Liam da Silva", "14155550123")]


def test_edit_updates_rows_in_place_and_delete_removes_the_contact(d: SimDevice) -> None:
    seed(d)
    d.start_app(PKG)
    tap(d, text="Emma Watson")
    tap(d, desc="Edit contact")
    assert any("act=android.intent.action.EDIT" in line for line in d.logcat())
    phone = find(d, hint="Phone")
    d.tap(*phone.center)
    d.press("move_end")
    for _ in range(4):
        d.press("delete")
    d.input_text("0999")
    tap(d, text="Save")
    assert find(d, rid="large_title").text == "Emma Watson"
    assert Contact("Emma Watson", "16505550999") in list_contacts(d)
    assert d.sqlite(DB, "SELECT COUNT(*) FROM data") == [(8,)]  # updated, not re-inserted
    tap(d, desc="More options")
    tap(d, text="Delete")
    tap(d, text="Delete")
    assert "Emma Watson" not in [c.name for c in list_contacts(d)]
    assert d.sqlite(DB, "SELECT contact_id FROM deleted_contacts") == [(1,)]
    assert d.current_activity()[1] == "com.android.contacts.activities.PeopleActivity"


def test_favorite_toggle_writes_starred(d: SimDevice) -> None:
    seed(d)
    d.start_app(PKG)
    tap(d, text="Zoe Adams")
    tap(d, desc="Add to favorites")
    assert find(d, rid="menu_star").content_description == "Remove from favorites"
    assert d.sqlite(DB, "SELECT c.starred, r.starred FROM contacts c JOIN raw_contacts r "
                        "ON r._id = c.name_raw_contact_id WHERE r.display_name = 'Zoe Adams'") == [(1, 1)]


def test_back_with_changes_asks_before_discarding(d: SimDevice) -> None:
    d.start_app(PKG)
    tap(d, desc="Create contact")
    type_into(d, "Nora", text="First name")
    d.press("back")  # keyboard
    d.press("back")
    assert find(d, rid="alertTitle").text == "Discard changes?"
    tap(d, text="Discard")
    assert list_contacts(d) == []
    assert d.current_activity()[1] == "com.android.contacts.activities.PeopleActivity"


def test_androidworld_insert_intent_prefills_the_editor(d: SimDevice) -> None:
    out = d.shell('am start -a android.intent.action.INSERT -t vnd.android.cursor.dir/contact '
                  '-e name "Emma dos Santos" -e phone +15551234567')
    assert out.startswith("Starting: Intent { act=android.intent.action.INSERT typ=vnd.android.cursor.dir/contact")
    assert find(d, hint="First name").text == "Emma" and find(d, hint="Last name").text == "dos Santos"
    tap(d, text="Save")  # AndroidWorld's contacts_utils.add_contact clicks SAVE, then BACK
    d.press("back")
    assert list_contacts(d) == [Contact("Emma dos Santos", "15551234567")]


def test_content_tool_speaks_the_real_formats(d: SimDevice) -> None:
    assert d.shell("content query --uri content://contacts/phones/") == "No result found.\n"
    seed(d)
    out = d.shell("content query --uri content://contacts/phones/ --projection display_name:number")
    assert out.splitlines()[0] == "Row: 0 display_name=Ana Li, number=212-555-0199"
    rows = query_rows(d, "content://com.android.contacts/contacts", ["display_name", "display_name_alt"],
                      where="has_phone_number = 1", sort="display_name DESC")
    assert rows[0] == {"display_name": "Zoe Adams", "display_name_alt": "Adams, Zoe"}
    d.shell("content delete --uri content://com.android.contacts/raw_contacts --where \"display_name='Ana Li'\"")
    assert "Ana Li" not in [c.name for c in list_contacts(d)]
    assert "Unknown URL" in d.shell("content query --uri content://com.android.contacts/bogus")
    assert d.shell("pm clear com.android.providers.contacts") == "Success\n"
    assert list_contacts(d) == [] and d.sqlite(DB, "SELECT COUNT(*) FROM mimetypes")[0][0] >= 3


# -- tasks -----------------------------------------------------------------------------------------


ADD = {"name": "Hugo dos Santos", "number": "+14155550123",
       "others": [{"first": "Emma", "last": "Watson", "phone": "(650) 555-0101"},
                  {"first": "Ana", "last": "Li", "phone": "212-555-0199"}]}


@pytest.mark.parametrize(("first", "last", "number", "expected"), [
    ("Hugo", "dos Santos", "+14155550123", 1.0),
    ("Hugo", "dos Santos", "+1 (415) 555-0123", 1.0),  # formatting does not matter
    ("Hugo dos", "Santos", "+14155550123", 1.0),  # the display name is what counts
    ("Hugo", "dos Santos", "+14155550124", 0.0),  # off by one digit
    ("Hugo", "Santos", "+14155550123", 0.0),  # wrong name
    ("Hugo", "dos Santos", "", 0.0),  # no number
])
def test_add_contact_check(d: SimDevice, first: str, last: str, number: str, expected: float) -> None:
    task = ContactsAddContact(ADD)
    task.setup(d)
    add_contact(d, first, last, number)
    assert task.check(d) == expected


def test_add_contact_check_rejects_changes_to_the_other_contacts(d: SimDevice) -> None:
    task = ContactsAddContact(ADD)
    task.setup(d)
    add_contact(d, "Hugo", "dos Santos", "+14155550123")
    d.shell("content delete --uri content://com.android.contacts/raw_contacts --where \"display_name='Ana Li'\"")
    assert task.check(d) == 0.0
    add_contact(d, "Ana", "Li", "212-555-0199")
    assert task.check(d) == 1.0
    add_contact(d, "Hugo", "dos Santos", "+14155550123")  # a duplicate is a change too
    assert task.check(d) == 0.0


DRAFT = {"first": "Grace", "last": "Harris", "phone": "650-555-0142", "phone_label": "Work",
         "others": [{"first": "Emma", "last": "Watson", "phone": "(650) 555-0101"}]}


def fill_draft(d: SimDevice, first: str, last: str, phone: str, label: str) -> None:
    d.start_app(PKG)
    tap(d, desc="Create contact")
    type_into(d, first, text="First name")
    type_into(d, last, text="Last name")
    type_into(d, phone, text="Phone")
    if label != "Mobile":
        tap(d, desc="Mobile Phone")
        tap(d, text=label)


@pytest.mark.parametrize(("first", "last", "phone", "label", "expected"), [
    ("Grace", "Harris", "650-555-0142", "Work", 1.0),
    ("grace", "Harris", "(650) 555-0142", "Work", 1.0),  # case and number format are forgiven
    ("Grace", "Harris", "650-555-0142", "Home", 0.0),  # wrong label
    ("Grace", "Harris", "650-555-0142", "Mobile", 0.0),  # label left at its default
    ("Grace", "Harrison", "650-555-0142", "Work", 0.0),
    ("Grace", "Harris", "650-555-0143", "Work", 0.0),
])
def test_new_contact_draft_check_reads_the_form(d: SimDevice, first: str, last: str, phone: str, label: str,
                                                expected: float) -> None:
    task = ContactsNewContactDraft(DRAFT)
    task.setup(d)
    fill_draft(d, first, last, phone, label)
    assert task.check(d) == expected


def test_new_contact_draft_fails_once_saved(d: SimDevice) -> None:
    task = ContactsNewContactDraft(DRAFT)
    task.setup(d)
    fill_draft(d, "Grace", "Harris", "650-555-0142", "Work")
    assert task.check(d) == 1.0
    tap(d, text="Save")
    assert task.check(d) == 0.0


def test_bmoca_page_checks_need_the_start_line_and_untouched_contacts(d: SimDevice) -> None:
    params = {"contacts": [{"first": "Emma", "last": "Watson", "phone": "(650) 555-0101"}]}
    insert, edit = ContactsActivateInsertPage(params), ContactsActivateEditPage(params)
    insert.setup(d)
    d.start_app(PKG)
    tap(d, text="Emma Watson")
    assert insert.check(d) == 0.0 and edit.check(d) == 0.0  # a contact's card is neither page
    tap(d, desc="Edit contact")
    assert edit.check(d) == 1.0 and insert.check(d) == 0.0
    tap(d, hint="Company")
    d.input_text("ACME")
    tap(d, text="Save")
    assert edit.check(d) == 1.0  # the company is not part of the (name, number) pairs compared
    tap(d, desc="Edit contact")
    first = find(d, hint="First name")
    d.tap(*first.center)
    d.input_text("x")
    tap(d, text="Save")
    assert edit.check(d) == 0.0  # the seeded contact was renamed


def test_phone_number_answer_is_checked_digit_for_digit(d: SimDevice) -> None:
    from suites.mobileagent.tasks_contacts import ContactsPhoneNumberOf

    task = ContactsPhoneNumberOf({"name": "Priya Haddad", "number": "+1 415 555-0134",
                                  "contacts": [["Priya", "Haddad", "+1 415 555-0134"],
                                               ["Omar", "Silva", "+1 212 555-0101"]]})
    task.setup(d)
    assert task.check(d, "+1 415 555-0134") == 1.0
    assert task.check(d, "14155550134") == 1.0  # formatting does not matter
    assert task.check(d, "+1 415 555-0135") == 0.0  # one digit off
    assert task.check(d, "+1 212 555-0101") == 0.0  # another contact's number
    assert task.check(d, "+1 415 555-0134x") == 0.0  # a letter glued to it: not the number
    assert task.check(d, "Priya's number is +1 415 555-0134") == 1.0  # free words around it are fine
    assert task.check(d, None) == 0.0
