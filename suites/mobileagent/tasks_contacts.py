"""The project's own tasks for the simulated apps, where the benchmarks have a gap.

``ContactsPhoneNumberOf`` is an information-retrieval task in AndroidWorld's
style: the agent answers, and the answer is compared with the seeded state
(digits only, as AndroidWorld compares phone numbers; a letter glued to the number makes it another).
"""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import ANSWER_ONLY, Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.validators.answers import letter_glued
from pytest_mobileagent.validators.contacts import add_contact, clean_number, clear_contacts, display_name

FIRST = ("Olivia", "Liam", "Amara", "Noah", "Priya", "Mateo", "Chloe", "Kenji", "Fatima", "Lucas", "Ingrid", "Omar")
LAST = ("Nguyen", "Okafor", "Schmidt", "Haddad", "Silva", "Kowalski", "Tanaka", "Murphy", "Rossi", "Andersen")
phone = st.from_regex(r"\A\+1 (2[0-9]{2}|[3-9][0-9]{2}) 555-01[0-9]{2}\Z")
person = st.tuples(st.sampled_from(FIRST), st.sampled_from(LAST))


class ContactsPhoneNumberOf(Task):
    """Read a contact's number from Contacts; other contacts are noise on the same list."""

    suite = "mobileagent"
    template = "What is the phone number of {name} in my contacts? Answer with the number only."
    apps = ("contacts",)
    difficulty = "easy"
    tags = ("information_retrieval", "parameterized")
    complexity = 1
    optimal_steps = 3
    answer_required = True
    tolerates = ANSWER_ONLY

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, object]]:
        return st.lists(st.tuples(person, phone), min_size=3, max_size=6,
                        unique_by=lambda c: c[0]).map(lambda people: {
                            "name": display_name(*people[0][0]), "number": people[0][1],
                            "contacts": [[first, last, number] for (first, last), number in people]})

    def setup(self, device: Device) -> None:
        clear_contacts(device)
        for first, last, number in self.params["contacts"]:
            add_contact(device, first, last, number)

    def check(self, device: Device, answer: str | None = None) -> float:
        if not answer or letter_glued(answer):  # "+1 429 555-0144x" is not the number
            return 0.0
        return 1.0 if clean_number(answer) == clean_number(self.params["number"]) else 0.0

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Contacts")
        yield from ui.scroll_to(text=self.params["name"])
        yield ui.click(text=self.params["name"])
        if not ui.exists(contains=self.params["number"][-4:]):  # the number is on the contact's card
            raise AssertionError(f"{self.params['number']} is not shown for {self.params['name']}")
        yield ui.answer(self.params["number"])
