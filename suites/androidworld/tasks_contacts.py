"""AndroidWorld's Contacts tasks: add a contact (checked in the provider) and fill a draft (checked on screen).

Names come from AndroidWorld's ``user_data_generation`` lists, numbers are
North American. Every task seeds a few other contacts that must come through
untouched.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.mutations import PHONE_FIELD
from pytest_mobileagent.observe.elements import UIElement, ui_elements
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.people import FAMILY_NAMES, GIVEN_NAMES, nanp_digits, other_contacts
from pytest_mobileagent.validators.answers import text_matches
from pytest_mobileagent.validators.contacts import (
    clean_number,
    contacts_are,
    display_name,
    list_contacts,
    seed_contacts,
    seeded,
)


class ContactsAddContact(Task):
    """Create a contact with a name and number; the provider must hold it and the others unchanged."""
    derives_params = True  # takes AndroidWorld's generate_random_params() dicts

    template = "Create a new contact for {name}. Their number is {number}."
    apps = ("contacts",)
    difficulty = "easy"
    tags = ("data_entry", "parameterized")
    complexity = 1
    optimal_steps = 5

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        @st.composite
        def draw(d: Any) -> dict[str, Any]:
            given, family = d(st.sampled_from(GIVEN_NAMES)), d(st.sampled_from(FAMILY_NAMES))
            name = f"{given} {family}"
            others = [c for c in d(other_contacts()) if display_name(c["first"], c["last"]) != name]
            # AndroidWorld's numbers: +1 and ten digits
            return {"name": name, "number": "+1" + d(nanp_digits()), "others": others}
        return draw()

    def setup(self, device: Device) -> None:
        seed_contacts(device, self.params["others"])

    def check(self, device: Device, answer: str | None = None) -> float:
        expected = [*seeded(self.params["others"]), (self.params["name"], self.params["number"])]
        return 1.0 if contacts_are(device, expected) else 0.0

    def describe_state(self, device: Device) -> str:
        return f"contacts: {list_contacts(device)}"

    def oracle(self, ui: UI) -> Iterator[Action]:
        first, _, last = self.params["name"].partition(" ")
        yield ui.open_app("Contacts")
        yield ui.click(desc="Create contact")
        yield ui.type(first, rid="first_name")
        yield ui.type(last, rid="last_name")
        yield ui.tolerate(ui.type(self.params["number"], rid="phone"), *PHONE_FIELD)
        yield ui.click(text="Save")
        yield ui.complete()


def _label_shown(label: str, phone: UIElement, elements: list[UIElement]) -> bool:
    """The phone's label: text and description on one element, or the text right below the phone field."""
    for el in elements:
        if el.text == label and el.content_description == f"{label} Phone":
            return True
    px1, py1, px2, py2 = phone.bounds
    height = py2 - py1
    return any(el.text == label and py2 <= el.bounds[1] <= py2 + height for el in elements)


def draft_on_screen(elements: list[UIElement], first: str, last: str, phone: str, label: str) -> bool:
    """AndroidWorld's ``_contact_info_is_entered``: the new-contact form shows these values."""
    def field(hint: str, matches: Any) -> UIElement | None:
        return next((el for el in elements if el.text and el.hint == hint and matches(el.text)), None)

    phone_field = field("Phone", lambda t: clean_number(t) == clean_number(phone))
    return (field("First name", lambda t: text_matches(t, first)) is not None
            and field("Last name", lambda t: text_matches(t, last)) is not None
            and phone_field is not None and _label_shown(label, phone_field, elements))


class ContactsNewContactDraft(Task):
    """Fill the new-contact form without saving.

    This task is about the screen: the check reads the editor's UI tree, as
    AndroidWorld's does, and also requires that no contact was saved.
    """
    derives_params = True  # takes AndroidWorld's generate_random_params() dicts

    template = ("Go to the new contact screen and enter the following details: First Name: {first}, "
                "Last Name: {last}, Phone: {phone}, Phone Label: {phone_label}. Do NOT hit save.")
    apps = ("contacts",)
    difficulty = "easy"
    tags = ("screen_reading", "data_entry")
    complexity = 2
    optimal_steps = 6

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        firsts = ("Alice", "Bob", "Charlie", "David", "Eva", "Frank", "Grace", "Hannah", "Ivan", "Jack")
        lasts = ("Johnson", "Smith", "Brown", "Taylor", "Adams", "Wilson", "Lee", "White", "Harris", "Clark")
        phone = nanp_digits().map(lambda d: f"{d[:3]}-{d[3:6]}-{d[6:]}")
        return st.fixed_dictionaries({"first": st.sampled_from(firsts), "last": st.sampled_from(lasts),
                                      "phone": phone, "phone_label": st.sampled_from(("Home", "Work")),
                                      "others": other_contacts()})

    def setup(self, device: Device) -> None:
        seed_contacts(device, self.params["others"])

    def check(self, device: Device, answer: str | None = None) -> float:
        p = self.params
        on_screen = draft_on_screen(ui_elements(device.hierarchy()), p["first"], p["last"], p["phone"],
                                    p["phone_label"])
        return 1.0 if on_screen and contacts_are(device, seeded(p["others"])) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        p = self.params
        yield ui.open_app("Contacts")
        yield ui.click(desc="Create contact")
        yield ui.type(p["first"], rid="first_name")
        yield ui.type(p["last"], rid="last_name")
        yield ui.tolerate(ui.type(p["phone"], rid="phone"), *PHONE_FIELD)
        yield ui.click(desc="Mobile Phone")  # the label spinner
        yield ui.click(text=p["phone_label"])
        yield ui.complete()
